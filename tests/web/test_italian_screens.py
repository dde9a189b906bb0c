"""What an Italian player read, and tripped on, looking at every screen of the browser app in
Italian: the log's sentences (from the games' text modules), the boards' words (the i18n table
and the game scripts), the move buttons. Each test names what the screen said before."""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from driver import (
    create_from_lobby,
    finished_table,
    open_custom,
    play_one,
    play_to_end,
    wait_turn_or_end,
)

from mazzo.cards import parse_card
from mazzo.engine import get_game
from mazzo.games.burraco import events as burraco_ev
from mazzo.games.burraco.text import describe_event as burraco_event
from mazzo.games.novantanove.actions import BidCard
from mazzo.games.novantanove.text import describe_action as novantanove_action
from mazzo.games.poker_italiano import events as poker_ev
from mazzo.games.poker_italiano.text import describe_event as poker_event
from playout import play_randomly

from live_server import LiveServer


def test_a_pot_is_won_with_its_article() -> None:
    """The log said "Bot medio (2) vince piatto: 37 fiches", "vince piatto laterale 1"."""
    assert poker_event(poker_ev.PotWon(1, 37, 0, True), "it") == (
        "Giocatore 2 vince il piatto: 37 fiches")
    assert poker_event(poker_ev.PotWon(1, 2, 1, False), "it") == (
        "Giocatore 2 vince il piatto laterale 1: 2 fiches senza mostrare")
    assert poker_event(poker_ev.PotWon(1, 1, 0, True), "en") == "Player 2 wins the pot: 1 chip"


def test_a_burraco_hand_names_its_dealer_as_the_other_games_do() -> None:
    """The log opened each hand with "Smazzata 1: dà le carte Bot medio, pozzetti 11+11" (the
    subject after its object); Novantanove and poker say "Mano 1: mazziere Bot medio (2), ..."."""
    event = burraco_ev.HandDealt(1, 1, parse_card("6♦"), (11, 11))
    assert burraco_event(event, "it") == (
        "Smazzata 1: mazziere Giocatore 2, pozzetti 11+11, prima carta scoperta 6♦")


def test_a_novantanove_bid_card_move_is_said_to_the_player() -> None:
    """Every move is said to the player ("gioca 7♣", "passo", the hint's "L'esperto
    giocherebbe: ..."), but laying a bid card read "mette 6♦ tra le carte scommessa"."""
    move = BidCard(parse_card("6♦"))
    assert novantanove_action(move, "it") == "metti 6♦ tra le carte scommessa"


RENDER_BOARD = """async ([game, view]) => {
    const mod = await import(`/static/games/${game}.js`);
    const ctx = { frame: {}, seat: view.seat, name: (i) => `#${i + 1}` };
    const el = mod.board(view, ctx);
    document.body.append(el);  // laid out, so that innerText reads as a person does
    const text = el.innerText;
    el.remove();
    return text;
}"""


GAME_WORD = """async ([game, key, params]) => {
    const i18n = await import("/static/i18n.js");
    await import(`/static/games/${game}.js`);  // a game's words come with its renderer
    i18n.setGame(game);
    return i18n.t(key, params);
}"""


@pytest.mark.parametrize(("game", "key", "said"), [
    # the rules (docs/rules/nebraska.it.md) and the log say "puntata", "Puntate scoperte"
    ("nebraska", "bids", "Puntate"),
    # the rules and the log say "scommessa", "carte scommessa", never "offerta"
    ("novantanove", "bids", "Scommesse"),
    ("novantanove", "bidStatus", "Scommessa"),
    # the last hand's sheet said "5 (scoperta)" beside the board's "svelata: 5"
    ("novantanove", "revealed", "scoperta: 5"),
    # "passo" is poker's call before the opening; a player out of the hand has "lasciato"
    ("poker_italiano", "folded", "ha lasciato"),
    # the seats' panel said "Punti: 26" for a stack of 26 chips
    ("poker_italiano", "score", "Fiches"),
    ("poker_italiano", "handScores", "Fiches a fine mano"),
    ("cribbage", "score", "Punti"),
])
def test_each_board_says_its_games_own_term(page: Any, server: LiveServer, game: str,
                                            key: str, said: str) -> None:
    """Nebraska's and Novantanove's boards headed their bids "Offerte" / "Offerta" while the
    rules, the terminal and the log beside them said "Puntate" and "scommessa"; poker's seats
    showed the stack as "Punti" and a folded player as "passato"."""
    page.goto(f"{server.http}/?lang=it")
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate(GAME_WORD, [game, key, {"n": 5}]) == said


def test_poker_seats_show_chips_in_english_too(page: Any, server: LiveServer) -> None:
    """The English seats' panel said "Score: 26" for a stack of chips."""
    page.goto(f"{server.http}/?lang=en")
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate(GAME_WORD, ["poker_italiano", "score", {}]) == "Chips"
    assert page.evaluate(GAME_WORD, ["nebraska", "bids", {}]) == "Bids"


POKER_SHEET = """async (last) => {
    const mod = await import("/static/games/poker_italiano.js");
    const ctx = { frame: {}, seat: 0, name: (i) => `#${i + 1}` };
    return mod.handSheet({ last_hand: last }, ctx).querySelector("p").textContent;
}"""


@pytest.mark.parametrize(("lang", "said"), [("it", "Piatto: 39 → #2 (mostra)"),
                                            ("en", "Pot: 39 → #2 (showdown)")])
def test_a_player_who_won_the_pot_and_a_side_pot_is_named_once(
        page: Any, server: LiveServer, lang: str, said: str) -> None:
    """The last hand's line read "Piatto: 39 → Bot medio (2), Bot medio (2) (mostra)" when one
    player won the main pot and a side pot (the view lists a winner per pot)."""
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    last = {"hand": 2, "end": "showdown", "pot": 39, "winners": [1, 1], "shown": {}}
    assert page.evaluate(POKER_SHEET, last) == said
    last["winners"] = [1, 2]
    assert page.evaluate(POKER_SHEET, last).startswith(said.split(" (")[0] + ", #3")


COPY_MARK = re.compile("[♠♥♦♣★]'")


def test_burraco_moves_show_a_card_without_its_copy_mark(page: Any, server: LiveServer) -> None:
    """Burraco's move buttons read "scarta 5♥'": the engine's mark for the second deck's copy,
    which the card faces and the log never show, and which means nothing to a player."""
    create_from_lobby(page, server.http, "burraco", lang="it")
    rng = random.Random(2)
    for _ in range(40):
        if wait_turn_or_end(page) == "over":
            break
        tokens = page.eval_on_selector_all("#hand [data-card]",
                                           "els => els.map((e) => e.dataset.card)")
        marked = [c for c in tokens if c.endswith("'")]
        moves = page.locator("#all-moves .move").all_text_contents()
        if marked and any(m.startswith("scarta") for m in moves):
            assert not [m for m in moves if COPY_MARK.search(m)], moves
            assert any(f"scarta {c.rstrip(chr(39))}" in moves for c in marked), (marked, moves)
            return
        play_one(page, rng)
    raise AssertionError("no turn with a second-deck card to discard")


#: keeps the page's websocket where a test can send through it what the page itself never sends
KEEP_SOCKET = """(() => {
    const Native = window.WebSocket;
    window.WebSocket = function (...args) {
        const ws = new Native(...args);
        window.kept = ws;
        return ws;
    };
    window.WebSocket.prototype = Native.prototype;
    Object.assign(window.WebSocket, Native);
})()"""


@pytest.mark.parametrize(("lang", "said"), [
    ("it", "Mossa non ammessa: nessuna mossa con indice 99 (ce ne sono 2)"),
    ("en", "Illegal move: no legal move has index 99 (there are 2)"),
])
def test_a_refused_move_is_said_once(new_context: Callable[..., Any], server: LiveServer, lang: str,
                                     said: str) -> None:
    """A refused move read "Mossa rifiutata: Mossa non ammessa: ..." ("Move refused: Illegal
    move: ..."): the page put its own prefix before the server's message, which has one."""
    context = new_context()
    page = context.new_page()
    page.add_init_script(KEEP_SOCKET)
    create_from_lobby(page, server.http, "burraco", lang=lang)
    wait_turn_or_end(page)  # a Burraco turn opens with two moves: draw or take the pile
    version = int(page.evaluate("document.body.dataset.version"))
    page.evaluate("(v) => window.kept.send(JSON.stringify("
                  "{type: 'act', version: v, index: 99}))", version)
    page.wait_for_function("document.getElementById('alert')?.textContent.length > 0")
    assert page.locator("#alert").inner_text() == said


NEBRASKA_SHEET = """async (last) => {
    const i18n = await import("/static/i18n.js");
    i18n.setGame("nebraska");
    const mod = await import("/static/games/nebraska.js");
    const ctx = { frame: {}, seat: 0, name: (i) => `#${i + 1}` };
    const sheet = mod.handSheet({ last_hand: last }, ctx);
    return [sheet.querySelector("p").textContent,
            ...[...sheet.querySelectorAll("li")].map((li) => li.textContent)];
}"""


@pytest.mark.parametrize(("lang", "said"), [
    ("it", ["Carte comuni:", "#1: → +0 punti", "#2: → +1 punto — vince la manche"]),
    ("en", ["Common cards:", "#1: → +0 points", "#2: → +1 point — wins the hand"]),
])
def test_nebraska_last_hand_says_what_its_figures_are(page: Any, server: LiveServer,
                                                      lang: str, said: list[str]) -> None:
    """Nebraska's last manche showed an unlabelled row of cards, then "#2: ... → 1 ★": neither
    the common cards, the points nor the star (the manche's winner) were named."""
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    last = {"hand_number": 1, "common": [], "personal": [[], []], "points": [0, 1],
            "winners": [1]}
    assert [" ".join(line.split()) for line in page.evaluate(NEBRASKA_SHEET, last)] == said


POKER_DRAW_CELLS = """async (view) => {
    const mod = await import("/static/games/poker_italiano.js");
    const ctx = { frame: {}, seat: view.seat, name: (i) => `#${i + 1}` };
    const cells = mod.board(view, ctx).querySelectorAll("td[data-label]");
    return [...cells].filter((td) => td.dataset.label === "Cambio").map((td) => td.textContent);
}"""


def test_poker_draw_column_is_empty_before_the_draw(page: Any, server: LiveServer) -> None:
    """Before the draw the "Cambio" column read "5 carte" for every player, as if each had
    changed five cards (it was the hand's size, which the "Mano" column shows)."""
    game = get_game("poker_italiano")
    state = game.new_match(game.config(players=3))
    play_randomly(state, random.Random(1), until=lambda s: not s.is_chance and any(
        n == 5 for n in s.view(0)["hand_counts"]) and all(d < 0 for d in s.view(0)["draws"]))
    page.goto(f"{server.http}/?lang=it")
    page.wait_for_selector("body[data-ready=true]")
    cells = page.evaluate(POKER_DRAW_CELLS, state.view(0))
    assert len(cells) == 3 and not [c for c in cells if "carte" in c], cells


def test_nebraska_counting_note_goes_with_the_match(page: Any, server: LiveServer) -> None:
    """Once the match was over, "Le tue mosse" still read "Contano ora: 0 carte valide", a
    help for a move nobody can make any more. While playing the note is there."""
    create_from_lobby(page, server.http, "nebraska", lang="it")
    wait_turn_or_end(page)
    page.wait_for_selector("#notes")
    assert "Contano ora" in page.locator("#notes").inner_text()
    play_to_end(page, seed=3)
    page.wait_for_timeout(1500)  # the notes came a moment after the last frame
    assert page.locator("#notes").count() == 0, page.locator("#play-area").inner_text()


POKER_FACTS = """async (view) => {
    const mod = await import("/static/games/poker_italiano.js");
    const ctx = { frame: {}, seat: view.seat, name: (i) => `#${i + 1}` };
    const dl = mod.board(view, ctx).querySelector("dl.facts");
    return [...dl.querySelectorAll("dt")].map(
        (dt) => `${dt.textContent}: ${dt.nextElementSibling.textContent}`);
}"""


@pytest.mark.parametrize(("lang", "said"), [("it", "Si apre con almeno: coppia di J"),
                                            ("en", "Open with at least: a pair of Js")])
def test_poker_board_says_the_opening_needs_a_pair(page: Any, server: LiveServer, lang: str,
                                                   said: str) -> None:
    """The board read "Si apre con almeno | J", where the log and the terminal say "si apre
    con coppia di J o meglio": a J alone does not open."""
    game = get_game("poker_italiano")
    state = game.new_match(game.config(players=3))
    play_randomly(state, random.Random(1), until=lambda s: not s.is_chance)
    view = state.view(0)
    assert view["opening_requirement"] == "J"
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    assert said in page.evaluate(POKER_FACTS, view)


POKER_POTS = """async (view) => {
    const mod = await import("/static/games/poker_italiano.js");
    const ctx = { frame: {}, seat: view.seat, name: (i) => `#${i + 1}` };
    const pot = mod.board(view, ctx).querySelector("section.block");
    return [pot.querySelector("h3").textContent,
            ...[...pot.querySelectorAll("ul.plain li")].map((li) => li.textContent)];
}"""


def test_poker_lists_side_pots_only_once_someone_is_all_in(page: Any,
                                                           server: LiveServer) -> None:
    """With nobody all-in, a bet not called yet was listed as a pot of its own: "Piatto: 9",
    "3 (tra #1, #2, #3)", "6 (tra #3)". The terminal lists side pots only once someone is
    all-in, and so does the board now."""
    game = get_game("poker_italiano")
    state = game.new_match(game.config(players=3))
    play_randomly(state, random.Random(0), until=lambda s: not s.is_chance and len(
        s.view(0)["pots"]) > 1 and 0 not in s.view(0)["chips"])
    view = state.view(0)
    page.goto(f"{server.http}/?lang=it")
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate(POKER_POTS, view) == [f"Piatto: {view['pot']}"]
    view["chips"][0] = 0  # all-in: the pots are side pots now, each with who can win it
    shown = page.evaluate(POKER_POTS, view)
    assert len(shown) == 1 + len(view["pots"]) and shown[1].startswith("3 (tra "), shown
    # the felt too says who is in each pot, not its amount alone
    felt = page.evaluate(POKER_POTS.replace('querySelector("section.block")',
                                            'querySelector(".centre-core")').replace(
        'pot.querySelector("h3").textContent,', "").replace("ul.plain li", ".side-pots li"), view)
    assert felt == shown[1:], felt


def test_nebraska_names_rejected_and_spent_cards_as_the_terminal(page: Any,
                                                                 server: LiveServer) -> None:
    """The board called the rejected candidates "Scartate" (the log says "respinge", the
    terminal "Respinte") and showed each player's spent bids beside the current one with no
    word to tell them apart (their hidden label said "Scartate" too)."""
    game = get_game("nebraska")
    state = game.new_match(game.config(players=2))
    play_randomly(state, random.Random(2), until=lambda s: not s.is_chance and bool(
        s.view(0)["rejected"]) and any(s.view(0)["spent_bids"]))
    page.goto(f"{server.http}/?lang=it")
    page.wait_for_selector("body[data-ready=true]")
    text = page.evaluate(RENDER_BOARD, ["nebraska", state.view(0)])
    assert "Respinte" in text and "Scartate" not in text, text
    assert "puntate giocate:" in text, text
    assert "Respinte" in game.render(state.view(0), "it")  # as the terminal says it


POKER_LOG = """async (view) => {
    const mod = await import("/static/games/poker_italiano.js");
    const ctx = { frame: {}, seat: view.seat, name: (i) => `#${i + 1}` };
    const block = [...mod.board(view, ctx).querySelectorAll("section.block")]
        .find((b) => b.querySelector("ol.plain"));
    return [...block.querySelectorAll("ol.plain li")].map((li) => li.textContent);
}"""


@pytest.mark.parametrize(("lang", "stood", "changed"), [
    ("it", "servito", "cambia 2"), ("en", "servito (stands pat)", "changes 2")])
def test_poker_log_says_servito_for_a_draw_of_no_card(page: Any, server: LiveServer, lang: str,
                                                      stood: str, changed: str) -> None:
    """A player who stood pat read "Bot medio (3): cambia" in the board's log (and "cambia" in
    the terminal's "si è detto"), beside the event log's "servito" and the draw column's."""
    game = get_game("poker_italiano")
    state = game.new_match(game.config(players=3))
    play_randomly(state, random.Random(1), until=lambda s: not s.is_chance)
    view = state.view(0)
    view["log"] = [{"seat": 2, "word": "draw", "amount": 0, "all_in": False},
                   {"seat": 0, "word": "draw", "amount": 2, "all_in": False}]
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    assert page.evaluate(POKER_LOG, view) == [f"#3: {stood}", f"#1: {changed}"]
    terminal = game.render(view, lang)
    assert f"3 {stood};" in terminal and f"1 {changed}" in terminal, terminal


PEG_NAMES = """async (view) => {
    const mod = await import("/static/games/cribbage.js");
    const ctx = { frame: {}, seat: null, name: (i) => `Bot medio (${i + 1})` };
    const box = document.createElement("main");
    box.append(mod.board(view, ctx));
    document.body.append(box);
    const names = [...box.querySelectorAll(".peg-name")].map(
        (el) => ({ text: el.textContent, cut: el.scrollWidth > el.clientWidth }));
    box.remove();
    return names;
}"""


def test_cribbage_peg_board_names_are_not_cut_on_a_phone(new_context: Callable[..., Any],
                                                         server: LiveServer) -> None:
    """On a 360 px phone (the replay of a match between two bots) the peg board showed
    "Bot medi…" twice: both names cut to the same text, so nobody could tell whose peg was
    whose."""
    context = new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(f"{server.http}/?lang=it")
    page.wait_for_selector("body[data-ready=true]")
    game = get_game("cribbage")
    state = game.new_match(game.config(players=2))
    play_randomly(state, random.Random(1), until=lambda s: not s.is_chance)
    names = page.evaluate(PEG_NAMES, state.view(None))
    assert [n["text"] for n in names] == ["Bot medio (1)", "Bot medio (2)"]
    assert not [n for n in names if n["cut"]], names


#: each control label's own words, and how many lines they take; whether "Vista di" shares its
#: line with its select
LABEL_LINES = """() => {
    const lines = [...document.querySelectorAll("#controls label")].map((label) => {
        const range = document.createRange();
        range.selectNode(label.firstChild);
        return [label.firstChild.textContent.trim(), range.getClientRects().length,
                range.getBoundingClientRect().bottom];
    });
    const select = document.getElementById("view-as").getBoundingClientRect();
    const viewAs = lines.find(([text]) => text === "Vista di");
    return { lines, together: !!viewAs && select.top < viewAs[2] };
}"""


def test_replay_step_label_stays_on_one_line_on_a_phone(new_context: Callable[..., Any],
                                                        server: LiveServer) -> None:
    """On a 360 px phone the replay's controls read "Passo" at the end of one line and
    "61 / 61" at the start of the next, and "Vista di" apart from its select; its buttons
    touched ("InizioIndietroAvantiFine")."""
    table = finished_table(server)["table"]
    context = new_context(viewport={"width": 360, "height": 740})
    page = context.new_page()
    page.goto(f"{server.http}/replay/{table}?lang=it")
    page.wait_for_selector("body[data-ready=true]")
    page.locator("#last").click()
    page.wait_for_function("document.body.dataset.version !== '0'")
    labels = page.evaluate(LABEL_LINES)
    assert labels["lines"][0][0].startswith("Passo "), labels
    assert all(n == 1 for _, n, _ in labels["lines"]) and labels["together"], labels
    first, prev = (page.locator(f"#{b}").bounding_box() for b in ("first", "prev"))
    assert first and prev and prev["x"] > first["x"] + first["width"], (first, prev)


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_lobby_options_start_with_a_capital(page: Any, server: LiveServer,
                                                lang: str) -> None:
    """The lobby's options read "variante", "traguardo (0: quello del gioco)", "asso basso
    nelle scale" just above "Pausa dei bot (secondi)" and "Suggerimenti permessi"."""
    page.goto(f"{server.http}/?lang={lang}")
    page.wait_for_selector("body[data-ready=true]")
    open_custom(page)
    for game in page.locator("#game option").evaluate_all("(os) => os.map((o) => o.value)"):
        page.select_option("#game", game)
        labels = page.locator("label[for^=cfg-]").all_inner_texts()
        assert labels and not [label for label in labels if not label[0].isupper()], labels
