"""The game boards say every word the engine puts in a view in the page's language: no raw id
("no_cover"), no English in the Italian page. Real Chromium renders the board module on a real
view from the engine."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from driver import create_from_lobby, finished_table, open_custom, wait_over, wait_turn_or_end

from mazzo.engine import get_game
from mazzo.games.poker_italiano.text import WORDS_EN, WORDS_IT
from playout import play_randomly

from live_server import LiveServer

RENDER_LOG = """async (view) => {
    const mod = await import("/static/games/poker_italiano.js");
    const ctx = { frame: {}, seat: view.seat, name: (i) => `#${i + 1}` };
    const el = mod.board(view, ctx);
    const block = [...el.querySelectorAll("section.block")]
        .find((b) => b.querySelector("ol.plain"));
    return [...block.querySelectorAll("ol.plain li")].map((li) => li.textContent);
}"""


@pytest.mark.parametrize("lang", ["it", "en"])
def test_poker_log_says_every_word_of_the_engine(page: Any, server: LiveServer,
                                                 lang: str) -> None:
    """The words the engine logs (WORDS_IT's keys: blinds, covers, bets, stay, parola...) read
    as words in both languages; the Italian ones as the terminal says them. (The board showed
    "no_cover", and English "stay" and "bet" in the Italian page.)"""
    game = get_game("poker_italiano")
    state = game.new_match(game.config(players=4))
    play_randomly(state, random.Random(1), until=lambda s: not s.is_chance)
    view = state.view(0)
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    for word in WORDS_IT:
        # a draw changes some cards (a draw of none is "servito": test_italian_screens.py)
        amount = 2 if word == "draw" else 0
        view["log"] = [{"seat": 1, "word": word, "amount": amount, "all_in": False}]
        [line] = page.evaluate(RENDER_LOG, view)
        said = line.removeprefix("#2: ").removesuffix(" 2" if amount else "")
        if lang == "it":
            assert said == WORDS_IT[word], (word, line)
        else:  # as the terminal says it too: "passo (pass)", not "passes (passo)"
            assert said == WORDS_EN[word], (word, line)
    view["log"] = [{"seat": 2, "word": "bet", "amount": 5, "all_in": True}]
    assert page.evaluate(RENDER_LOG, view) == [
        "#3: punta 5 (tutto)" if lang == "it" else "#3: bets 5 (all-in)"]


RENDER_ROWS = """async (view) => {
    const mod = await import("/static/games/novantanove.js");
    const ctx = { frame: {}, seat: view.seat, name: (i) => `#${i + 1}` };
    const el = mod.board(view, ctx);
    return [...el.querySelectorAll("tbody tr")].map((tr) => tr.textContent);
}"""


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("it", "coperta (1 carta)", "coperta (2 carte)"),
    ("en", "face down (1 card)", "face down (2 cards)"),
])
def test_novantanove_counts_the_bid_cards_laid(page: Any, server: LiveServer, lang: str,
                                              one: str, two: str) -> None:
    """A hand with one bid card laid face down read "coperta (1 carte)", "face down (1 cards)"."""
    game = get_game("novantanove")
    state = game.new_match(game.config(players=3))
    rng = random.Random(1)
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    for laid, said in ((1, one), (2, two)):
        play_randomly(state, rng, until=lambda s, laid=laid: not s.is_chance and any(
            h["bid_count"] == laid for h in s.view(0)["hands"]))
        rows = page.evaluate(RENDER_ROWS, state.view(0))
        assert any(said in row for row in rows), rows


WORD = """async ([key, params]) => (await import("/static/i18n.js")).t(key, params)"""


@pytest.mark.parametrize(("lang", "one", "two"), [
    ("it", "1 seed su 1 verificato:", "2 seed su 2 verificati:"),
    ("en", "1 of 1 seed verified:", "2 of 2 seeds verified:"),
])
def test_verified_seeds_are_counted_in_the_right_number(page: Any, server: LiveServer,
                                                        lang: str, one: str, two: str) -> None:
    """The table's seed check (every revealed seed verified, as the page calls it: ok = n)
    read "1 semi su 1 verificati", "1 of 1 seeds verified" after a match of one shuffle. In
    Italian a seed is "seed": "seme" is a card's suit."""
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate(WORD, ["verified", {"ok": 1, "n": 1}]).startswith(one)
    assert page.evaluate(WORD, ["verified", {"ok": 2, "n": 2}]).startswith(two)


@pytest.mark.parametrize(("lang", "one", "mine"), [
    ("it", "Resta 1 secondo per la mossa di Ada!", "Resta 1 secondo per la tua mossa!"),
    ("en", "1 second left for Ada's move!", "1 second left for your move!"),
])
def test_the_last_second_is_announced_in_the_singular(page: Any, server: LiveServer,
                                                      lang: str, one: str, mine: str) -> None:
    """The turn clock's alert, as the table calls it with the seconds left (n): with one
    second left (a short limit, a late reconnect) it read "Restano 1 secondi", "1 seconds"."""
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate(WORD, ["urgent", {"n": 1, "name": "Ada"}]) == one
    assert page.evaluate(WORD, ["urgentMine", {"n": 1}]) == mine
    assert page.evaluate(WORD, ["urgentMine", {"n": 2}]) == (
        "Restano 2 secondi per la tua mossa!" if lang == "it" else "2 seconds left for your move!")


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "fiches iniziali: serve un numero intero da 1 a 100000."),
    ("en", "starting chips: needs a whole number from 1 to 100000."),
])
def test_the_lobby_says_a_number_out_of_range_in_its_language(
        page: Any, server: LiveServer, lang: str, said: str) -> None:
    """A number out of its range in the lobby came back as the server's English, with the
    field's id twice: "config.stack: config.stack: stack: 0 is out of range; allowed 1..100000"."""
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    open_custom(page)
    page.select_option("#game", "poker_italiano")
    page.fill("#cfg-stack", "0")
    page.click("#create")
    page.wait_for_function("document.getElementById('form-error').textContent !== ''")
    assert page.locator("#form-error").inner_text() == said
    assert page.evaluate("document.activeElement.id") == "cfg-stack"
    assert page.locator("#go-seat").count() == 0
    page.fill("#cfg-stack", "2.5")
    page.fill("#opt-bot_pause_s", "0")
    page.click("#create")
    assert page.locator("#form-error").inner_text() == said
    page.fill("#cfg-stack", "20")
    page.click("#create")
    page.wait_for_selector("#go-seat")
    assert page.locator("#form-error").inner_text() == ""


@pytest.mark.parametrize(("lang", "labels"), [
    ("it", {"nebraska": "manche da giocare (0: fino al traguardo)",
            "burraco": "smazzate da giocare (0: fino al traguardo)",
            "poker_italiano": "mani al massimo"}),
    ("en", {"nebraska": "hands to play (0: up to the target)",
            "burraco": "hands to play (0: up to the target)",
            "poker_italiano": "at most this many hands"}),
])
def test_the_lobby_names_a_games_hands_in_its_own_words(
        page: Any, server: LiveServer, lang: str, labels: dict[str, str]) -> None:
    """The lobby's labels were one for every game: the Italian Nebraska option read "mani da
    giocare" while its table and rules say "manche" (Burraco's "smazzata" the same). Each game's
    option says its own word, also in the message of a number out of range."""
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    for game, label in labels.items():
        open_custom(page)
        page.select_option("#game", game)
        field = "#cfg-max_hands" if game == "poker_italiano" else "#cfg-hands"
        shown = label[:1].upper() + label[1:]  # a label starts with a capital, a message not
        assert page.locator(f"label[for={field[1:]}]").inner_text() == shown, game
    page.select_option("#game", "nebraska")
    page.fill("#cfg-hands", "-1")
    page.click("#create")
    page.wait_for_function("document.getElementById('form-error').textContent !== ''")
    assert page.locator("#form-error").inner_text().startswith(labels["nebraska"] + ": ")


#: English words and ids the lobby's Italian lists showed among the games' choices
NOT_ITALIAN = {"none", "all", "valid", "diamonds", "game", "pot", "published", "tournament",
               "pot_fractions", "free_triple", "seed_wiki"}


def test_the_lobby_lists_choices_in_italian(page: Any, server: LiveServer) -> None:
    """The choice fields of every game (tie-break, first trump, raise limit, bet menu, VP
    table...) listed their config values as they are: "none", "diamonds", "pot_fractions" in
    the Italian lobby. The values sent stay the config's."""
    page.goto(f"{server.http}/?lang=it")
    page.wait_for_selector("body[data-ready=true]")
    open_custom(page)
    for game in page.locator("#game option").evaluate_all("(os) => os.map((o) => o.value)"):
        page.select_option("#game", game)
        shown = page.locator("select[id^=cfg-] option").all_inner_texts()
        assert not NOT_ITALIAN & set(shown), (game, shown)
    page.select_option("#game", "poker_italiano")
    assert page.locator("#cfg-bet_menu option").all_inner_texts() == [
        "frazioni del piatto", "tutte le somme"]
    page.select_option("#cfg-bet_menu", label="tutte le somme")
    page.fill("#opt-bot_pause_s", "0")
    page.click("#create")
    page.wait_for_selector("#go-seat")
    table = page.locator("#go-seat").get_attribute("href").split("/tables/")[1].split("?")[0]
    assert server.get(f"/api/tables/{table}").json()["config"]["bet_menu"] == "all"


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_lobby_says_what_each_variant_is(page: Any, server: LiveServer, lang: str) -> None:
    """The variants and cribbage's match scoring were listed as bare ids ("acc | long | free |
    free triple", "classic | fibur"), which tell a player nothing. Each option now names its
    id, as the rules pages and --set do, and says what it is; "classic" says one thing for
    Burraco and another for novantanove. The value sent stays the id."""
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    lists = {("nebraska", "variant"): ["family", "expert", "poker"],
             ("novantanove", "variant"): ["revised", "classic"],
             ("burraco", "variant"): ["classic", "fibur"],
             ("cribbage", "match_scoring"): ["acc", "long", "free", "free_triple"]}
    said: dict[tuple[str, str], list[str]] = {}
    for (game, field), ids in lists.items():
        open_custom(page)
        page.select_option("#game", game)
        shown = page.locator(f"#cfg-{field} option").all_inner_texts()
        assert len(shown) == len(ids), (game, shown)
        for value, text in zip(ids, shown, strict=True):
            head, _, words = text.partition(": ")
            assert head == value.replace("_", " ") and len(words) > 5, (game, text)
        said[game, field] = shown
    assert said["novantanove", "variant"][1] != said["burraco", "variant"][0]
    page.select_option("#game", "burraco")
    page.select_option("#cfg-variant", index=1)
    page.fill("#opt-bot_pause_s", "0")
    page.click("#create")
    page.wait_for_selector("#go-seat")
    table = page.locator("#go-seat").get_attribute("href").split("/tables/")[1].split("?")[0]
    assert server.get(f"/api/tables/{table}").json()["config"]["variant"] == "fibur"


def test_the_replay_names_the_game_and_no_dealer_before_the_cut(
        page: Any, server: LiveServer) -> None:
    """The replay's title named the game by its id ("Replay di poker_italiano"), and cribbage's
    first step showed the crib's dealer as "#0" (no dealer before the cut)."""
    created = server.create({"game": "poker_italiano",
                             "config": {"players": 3, "max_hands": 1, "stack": 20},
                             "seats": ["random"] * 3, "start": True,
                             "options": {"bot_pause_s": 0}})
    cribbage = finished_table(server)
    wait_over(server, created["table"], 60)
    page.goto(f"{server.http}/replay/{created['table']}?lang=it")
    page.wait_for_selector("body[data-ready=true]")
    assert page.locator("#title").inner_text() == "Replay di Poker all'italiana"
    page.goto(f"{server.http}/replay/{cribbage['table']}?lang=en")
    page.wait_for_selector("body[data-ready=true]")
    assert page.locator("#title").inner_text() == "Cribbage replay"
    assert page.evaluate("document.body.dataset.version") == "0"
    board = page.locator("#board").inner_text()
    assert "Crib" in board and "#0" not in board, board


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "prima briscola: con la variante 'classic' non c'è (la briscola la fa la carta girata)"),
    ("en", "first trump: must be 'none' with variant 'classic' (the turn-up sets trumps)"),
])
def test_the_lobby_says_a_rule_between_fields_in_its_language(
        page: Any, server: LiveServer, lang: str, said: str) -> None:
    """A rule between two fields came back in English with the field's id three times
    ("config.variant: config.variant: variant: ..."). Novantanove's classic variant has no
    first trump (the form offers each field's values for the player count, not for the other
    fields): the server's refusal is said once, in the page's language."""
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    open_custom(page)
    page.select_option("#game", "novantanove")
    page.select_option("#players", "3")
    page.select_option("#cfg-variant", value='"classic"')  # the option's value: the JSON id
    page.select_option("#cfg-first_trump", value='"diamonds"')
    page.click("#create")
    page.wait_for_function("document.getElementById('form-error').textContent !== ''")
    assert page.locator("#form-error").inner_text() == said


RENDER_BOARD = """async ([game, view]) => {
    const mod = await import(`/static/games/${game}.js`);
    const ctx = { frame: {}, seat: view.seat, name: (i) => `#${i + 1}` };
    return mod.board(view, ctx).innerText;
}"""


def test_cribbage_board_uses_the_italian_terms_of_the_rules(page: Any,
                                                           server: LiveServer) -> None:
    """The rules' glossary (and the terminal) say "conteggio", "starter" and "go" in Italian;
    the board said "Conta", "Carta di taglio" and "passa (go)"."""
    game = get_game("cribbage")
    state = game.new_match(game.config(players=2))
    play_randomly(state, random.Random(4), until=lambda s: not s.is_chance and bool(
        s.view(0)["go"]))
    page.goto(f"{server.http}/?lang=it")
    page.wait_for_selector("body[data-ready=true]")
    text = page.evaluate(RENDER_BOARD, ["cribbage", state.view(0)])
    assert f"Conteggio: {state.view(0)['count']}" in text and "Starter" in text, text
    assert "(go)" in text and "passa" not in text and "Carta di taglio" not in text, text
    assert "Conteggio" in game.render(state.view(0), "it")  # as the terminal says it


def test_a_hand_is_a_manche_in_nebraska_and_a_smazzata_in_burraco(
        page: Any, server: LiveServer) -> None:
    """The rules, the terminal and the log call Nebraska's hand "manche" and Burraco's
    "smazzata"; the Italian table and replay said "Mano 1" beside the log's "Manche 1: ..."."""
    burraco = server.create({"game": "burraco", "config": {"players": 2, "hands": 1},
                             "seats": ["random", "random"], "start": True,
                             "options": {"bot_pause_s": 0}})
    create_from_lobby(page, server.http, "nebraska", lang="it")
    wait_turn_or_end(page)
    assert page.locator("#log .log-hand").first.inner_text() == "Manche 1"
    assert page.locator("#log li", has_text=re.compile("^Manche 1: ")).count() == 1
    assert "Storia delle manche" in page.locator("#history-title").inner_text()
    fair = page.locator("#fair").text_content()
    # (Nebraska's seeds wait for the end of the match: the panel says so, and names no hand)
    assert "fine partita" in fair and "a partita finita" in fair and "mano" not in fair, fair
    wait_over(server, burraco["table"], 120)
    page.goto(f"{server.http}/replay/{burraco['table']}?lang=it")
    page.wait_for_selector("body[data-ready=true]")
    page.locator("#last").click()
    page.wait_for_function("document.body.dataset.version !== '0'")
    board = page.locator("#board").inner_text()
    assert "Ultima smazzata" in board and "a fine smazzata 1" in board, board
    assert "mano" not in board.lower().replace("in mano", ""), board


def test_a_friend_without_a_nickname_is_named_in_each_readers_language(
        new_context: Callable[..., Any], server: LiveServer) -> None:
    """The Italian lobby sent "Giocatore 1", "Giocatore 2" as nicknames for people left
    unnamed, so a friend reading the table in English saw "Giocatore 2 (you)" and Italian
    names in every English text."""
    host_ctx = new_context()
    guest_ctx = new_context()
    host = host_ctx.new_page()
    create_from_lobby(host, server.http, "cribbage", seats=["you", "friend"], lang="it",
                      go=False)
    assert "(Giocatore 2)" in host.locator("#created .links li").first.inner_text()
    invite = host.locator("#created .links input").first.input_value()
    guest = guest_ctx.new_page()
    guest.goto(invite.replace("lang=it", "lang=en"))
    guest.wait_for_selector("body[data-status=waiting]")
    seats = guest.locator("#seats-panel").inner_text()
    assert "Player 1" in seats and "Player 2" in seats and "Giocatore" not in seats, seats


@pytest.mark.parametrize(("lang", "said"), [("it", "♦ quadri"), ("en", "♦ diamonds")])
def test_novantanove_names_the_trump_suit(page: Any, server: LiveServer, lang: str,
                                         said: str) -> None:
    """The trump was the bare symbol ("♦") where the terminal says "briscola ♦ (quadri)"."""
    game = get_game("novantanove")
    state = game.new_match(game.config(players=3, first_trump="diamonds"))
    play_randomly(state, random.Random(2), until=lambda s: not s.is_chance
                  and s.view(0)["trump"] is not None)
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    text = page.evaluate(RENDER_BOARD, ["novantanove", state.view(0)])
    assert said in text, text


@pytest.mark.parametrize(("game", "hidden", "intro"), [
    ("poker_italiano", "hidden until the match is over", "revealed when the match is over"),
    ("novantanove", "hidden until the hand is over", "revealed when the hand is over"),
])
def test_the_fairness_panel_says_when_this_game_reveals_its_seeds(
        page: Any, server: LiveServer, game: str, hidden: str, intro: str) -> None:
    """Poker's seeds wait for the end of the match, Novantanove's only for the end of the hand
    (each game says so in /api/games): the panel said "until the hand is over" for every game."""
    created = server.create({"game": game, "config": {"players": 3},
                             "seats": ["human", "random", "random"], "start": True})
    page.goto(created["seats"][0]["url"] + "&lang=en")  # the hand waits for this seat
    page.wait_for_selector("#fair tbody tr", state="attached")
    fair = page.locator("#fair").text_content() or ""
    assert hidden in fair and intro in fair, fair
