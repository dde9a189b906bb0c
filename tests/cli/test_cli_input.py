"""Typing moves as a person would: card codes at every table, the "which one?" prompt, picking
cards for poker's draw and the crib, muggins numbers, autoplay, and refusals that say why."""

from __future__ import annotations

import io
import random
from collections.abc import Callable, Iterator

import pytest

from mazzo.cards import RANK_TEXT, SUIT_LETTER, SUIT_NAME_EN, SUIT_NAME_IT, Card, card, joker
from mazzo.cli import human as cli_human
from mazzo.cli import main as cli_main
from mazzo.cli import play as cli_play
from mazzo.cli.human import HumanAgent
from mazzo.cli.moves import Typed, matching, read_cards
from mazzo.engine import Action, Game, IllegalAction, State, Turn, get_game
from mazzo.engine.game import Config, card_from_token
from mazzo.engine.record import make_record
from playout import decisions

# --- reading card codes ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("KH", [Typed(13, 0, None)]),
        ("kh", [Typed(13, 0, None)]),
        ("10D", [Typed(10, 1, None)]),
        ("TD", [Typed(10, 1, None)]),
        ("a♠", [Typed(14, 3, None)]),
        ("Q cuori", [Typed(12, 0, None)]),
        ("Qcuo", [Typed(12, 0, None)]),
        ("2 spa", [Typed(2, 3, None)]),
        ("7H'", [Typed(7, 0, 1)]),
        ("J*", [Typed(0, 12, None)]),
        ("jolly", [Typed(0, 12, None)]),
        ("Joker", [Typed(0, 12, None)]),
        ("7 giallo", [Typed(7, 4, None)]),
        ("7gia", [Typed(7, 4, None)]),
        ("7 yellow", [Typed(7, 4, None)]),
        ("7 verde", [Typed(7, 5, None)]),
        ("7 verde scuro", [Typed(7, 6, None)]),
        ("7 dark green", [Typed(7, 6, None)]),
        ("5H 5D", [Typed(5, 0, None), Typed(5, 1, None)]),
        ("5h,5d", [Typed(5, 0, None), Typed(5, 1, None)]),
        ("7 giallo 8 verde scuro Q oro", [Typed(7, 4, None), Typed(8, 6, None),
                                          Typed(12, 11, None)]),
    ],
)
def test_card_codes_are_read(text: str, expected: list[Typed]) -> None:
    assert read_cards(text) == expected


@pytest.mark.parametrize("text", ["zz", "7", "7 ro", "7 ver", "1X", "pass", ""])
def test_unclear_card_codes_are_refused(text: str) -> None:
    with pytest.raises(ValueError):
        read_cards(text)


def test_a_typed_card_matches_either_twin_unless_the_apostrophe_names_one() -> None:
    first, twin = card(7, 0, 0), card(7, 0, 1)
    assert Typed(7, 0, None).matches(first) and Typed(7, 0, None).matches(twin)
    assert not Typed(7, 0, 1).matches(first) and Typed(7, 0, 1).matches(twin)
    assert read_cards("J*")[0].matches(joker(3))


# --- helpers -----------------------------------------------------------------------------------


def reach(game: Game, config: Config, wanted: Callable[[State], bool], seeds: int = 60) -> State:
    """A state, reached by random legal play, where ``wanted`` holds at a player's turn."""
    for seed in range(seeds):
        rng = random.Random(seed)
        for state in decisions(game.new_match(config), rng, limit=3000):
            if wanted(state):
                return state
    raise AssertionError("no such state found")


class Scripted:
    """An ``ask`` answering from a list; asking past its end fails the test."""

    def __init__(self, answers: list[str]) -> None:
        self.answers: Iterator[str] = iter(answers)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        return next(self.answers)


def human_turn(
    state: State, answers: list[str], lang: str = "en", autoplay: bool = True
) -> tuple[Action, str, Scripted]:
    """What the human picks at ``state`` typing ``answers``, and what was printed."""
    out = io.StringIO()
    ask = Scripted(answers)
    agent = HumanAgent(state.game, lang, out, ask, lambda: "saved", autoplay)
    seat = state.current_player
    turn = Turn(seat, state.view(seat), state.legal_actions(), random.Random(0), state)
    return agent.act(turn), out.getvalue(), ask


def code(c: Card) -> str:
    """The plain code a person types: ``KH``, ``10D``, ``J*``."""
    if c.is_joker:
        return "J*"
    return RANK_TEXT[c.rank] + SUIT_LETTER[c.suit]


NEBRASKA = get_game("nebraska")
NOVANTANOVE = get_game("novantanove")
POKER = get_game("poker_italiano")
CRIBBAGE = get_game("cribbage")
BURRACO = get_game("burraco")


# --- card codes at every table -----------------------------------------------------------------


@pytest.mark.parametrize(("lang", "names"), [("it", SUIT_NAME_IT), ("en", SUIT_NAME_EN)])
def test_nebraska_bid_typed_by_colour_name(lang: str, names: dict[int, str]) -> None:
    state = reach(NEBRASKA, NEBRASKA.config(players=3), lambda s: s.phase == "bid")
    wanted = state.legal_actions()[-1]
    c = wanted.card  # type: ignore[attr-defined]
    picked, _, _ = human_turn(state, [f"{RANK_TEXT[c.rank]} {names[c.suit]}"], lang)
    assert picked == wanted
    glued = f"{RANK_TEXT[c.rank]}{names[c.suit][:4]}"  # a unique start: "7gial", "7yell"
    if len(matching(state.legal_actions(), read_cards(glued))) == 1:
        assert human_turn(state, [glued], lang)[0] == wanted


@pytest.mark.parametrize(("lang", "typed", "said"), [
    ("it", "5ros", "'ros' può essere rosa, rosso: scrivine di più. Scrivi ? per l'aiuto."),
    ("en", "5ro", "'ro' could be pink, red: write more of it. Type ? for help."),
    ("it", "K", "a 'K' manca il seme: per esempio KH, K♥ o 'K giallo'."),
    ("en", "7 zz", "'zz' is not a suit or a colour. Type ? for help."),
])
def test_a_card_typed_unclearly_says_what_is_unclear(lang: str, typed: str, said: str) -> None:
    state = reach(NEBRASKA, NEBRASKA.config(players=3), lambda s: s.phase == "bid")
    _, text, _ = human_turn(state, [typed, "1"], lang)
    assert said in text


def test_nebraska_card_not_in_hand_is_refused_with_the_reason() -> None:
    state = reach(NEBRASKA, NEBRASKA.config(players=3), lambda s: s.phase == "bid")
    held = {a.card for a in state.legal_actions()}  # type: ignore[attr-defined]
    absent = next(c for c in sorted(NEBRASKA.new_match().cards_in_play()) if c not in held)
    typed = f"{RANK_TEXT[absent.rank]} {SUIT_NAME_EN[absent.suit]}"
    _, text, _ = human_turn(state, [typed, "1"], "it")
    assert f"Non si può: non hai {absent.name('it')} in mano." in text
    _, text, _ = human_turn(state, [typed, "1"], "en")
    assert f"Not allowed: you do not hold {absent.name('en')}." in text


def _must_follow(state: State) -> bool:
    if state.phase != "play" or not state.trick:  # type: ignore[attr-defined]
        return False
    playable = {a.card for a in state.legal_actions()}  # type: ignore[attr-defined]
    hand = state.hands[state.playing_hand]  # type: ignore[attr-defined]
    return any(c not in playable for c in hand)


@pytest.mark.parametrize(
    ("lang", "reason"), [("it", "Non si può: devi rispondere a "), ("en", "you must follow ")]
)
def test_novantanove_follow_suit_refusal_then_a_typed_card(lang: str, reason: str) -> None:
    state = reach(NOVANTANOVE, NOVANTANOVE.config(players=3), _must_follow)
    legal = state.legal_actions()
    hand = state.hands[state.playing_hand]  # type: ignore[attr-defined]
    wrong = next(c for c in hand if all(a.card != c for a in legal))  # type: ignore[attr-defined]
    picked, text, _ = human_turn(state, [code(wrong).lower(), code(legal[0].card)], lang)
    assert reason in text
    assert picked == legal[0]


def test_poker_betting_still_takes_numbers_and_text() -> None:
    state = reach(POKER, POKER.config(), lambda s: len(s.legal_actions()) > 1
                  and s.phase != "draw")
    legal = state.legal_actions()
    assert human_turn(state, ["2"])[0] == legal[1]
    label = POKER.describe_action(legal[0], "en")
    assert human_turn(state, [label])[0] == legal[0]


# --- picking cards: poker's draw, the crib -----------------------------------------------------


def _poker_draw(state: State) -> bool:
    return state.phase == "draw"


def test_poker_draw_by_toggling_numbers_and_codes_then_confirming() -> None:
    state = reach(POKER, POKER.config(), _poker_draw)
    # the cards are offered in the order the table shows the hand
    pool = [card_from_token(t) for t in state.view(state.current_player)["hand"]]
    answers = ["1", "3", code(pool[1]), "1", "ok"]
    picked, text, ask = human_turn(state, answers)
    assert set(picked.cards) == {pool[2], pool[1]}  # type: ignore[attr-defined]
    assert "1. " + pool[0].name("en") in text and "5. " + pool[4].name("en") in text
    assert "Chosen: " + pool[0].name("en") in text
    assert len(ask.prompts) == 5  # no list of 31 options: one prompt per toggle
    assert "31." not in text


@pytest.mark.parametrize(
    ("lang", "reason"),
    [("it", "Non si può: puoi cambiare al massimo 4 carte (mai tutte e cinque)."),
     ("en", "Not allowed: you may change at most 4 cards (never all five).")],
)
def test_poker_draw_of_five_is_refused_then_standing_pat(lang: str, reason: str) -> None:
    state = reach(POKER, POKER.config(), _poker_draw)
    picked, text, _ = human_turn(state, ["1 2 3 4 5", "", "0"], lang)
    assert reason in text
    assert picked.cards == ()  # type: ignore[attr-defined]
    picked, _, _ = human_turn(state, ["nessuna"], lang)
    assert picked.cards == ()  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "reason"),
    [("it", "Non si può: metti nel crib esattamente 2 carte."),
     ("en", "Not allowed: lay away exactly 2 cards to the crib.")],
)
def test_crib_discard_typed_as_two_codes_after_a_refused_single(lang: str, reason: str) -> None:
    state = reach(CRIBBAGE, CRIBBAGE.config(), lambda s: s.phase == "discard")
    hand = sorted(state.hands[state.current_player])  # type: ignore[attr-defined]
    pair = f"{code(hand[0])} {code(hand[3])}"
    picked, text, _ = human_turn(state, [code(hand[5]), "ok", code(hand[5]), pair, ""], lang)
    assert reason in text
    assert set(picked.cards) == {hand[0], hand[3]}  # type: ignore[attr-defined]


def test_crib_zero_is_no_move_and_out_of_range_cards_are_named() -> None:
    state = reach(CRIBBAGE, CRIBBAGE.config(), lambda s: s.phase == "discard")
    picked, text, _ = human_turn(state, ["0", "9", "KH KH", "1", "2", ""], "it")
    assert "Nessuna mossa 0: metti nel crib esattamente 2 carte." in text
    assert "Nessuna carta 9: scegli da 1 a 6." in text
    assert len(picked.cards) == 2  # type: ignore[attr-defined]


#: what a person may type that ``str.isdigit()`` calls digits but ``int()`` refuses: a
#: superscript two, and more digits than Python converts (4300)
NOT_NUMBERS = ["²", "9" * 5000]


def test_digits_int_refuses_are_told_never_a_crash_at_every_prompt() -> None:
    from mazzo.cli.menu import choose
    from mazzo.cli.step import step_through

    discard = reach(CRIBBAGE, CRIBBAGE.config(), lambda s: s.phase == "discard")
    picked, text, _ = human_turn(discard, [*NOT_NUMBERS, "1", "2", ""], "en")  # picking cards
    assert "'²' is not a card" in text and "There is no card 999999999" in text
    assert len(picked.cards) == 2  # type: ignore[attr-defined]
    pegging = reach(CRIBBAGE, CRIBBAGE.config(), lambda s: s.phase == "pegging")
    picked, text, _ = human_turn(pegging, [*NOT_NUMBERS, "1"], "en", autoplay=False)
    assert "There is no move 999999999" in text and picked == pegging.legal_actions()[0]
    announce = reach(CRIBBAGE, CRIBBAGE.config(muggins=True), lambda s: s.phase == "announce")
    picked, text, _ = human_turn(announce, [*NOT_NUMBERS, "12"], "en")  # muggins
    assert "'²' is not a number" in text and picked.points == 12  # type: ignore[attr-defined]
    out = io.StringIO()
    assert choose("Players", ["2", "3"], "en", Scripted([*NOT_NUMBERS, "2"]), out) == 1
    assert out.getvalue().count("Choose a number from 1 to 2.") == 2
    record = make_record(pegging)  # step_through jumps to the action number typed
    step_through(record, None, "en", out=io.StringIO(), ask=Scripted([*NOT_NUMBERS, "q"]))


def _over_31(state: State) -> bool:
    if state.phase != "pegging":
        return False
    legal = state.legal_actions()
    return any(all(a.card != c for a in legal)  # type: ignore[attr-defined]
               for c in state.hands[state.current_player])  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("lang", "reason"), [("it", "supereresti 31"), ("en", "that would pass 31")]
)
def test_cribbage_pegging_over_31_says_why(lang: str, reason: str) -> None:
    state = reach(CRIBBAGE, CRIBBAGE.config(), _over_31)
    legal = state.legal_actions()
    hand = state.hands[state.current_player]  # type: ignore[attr-defined]
    over = next(c for c in hand if all(a.card != c for a in legal))  # type: ignore[attr-defined]
    picked, text, _ = human_turn(state, [code(over), code(legal[-1].card)], lang,
                                 autoplay=False)
    assert reason in text
    assert picked == legal[-1]


def test_muggins_announcement_is_the_number_typed() -> None:
    config = CRIBBAGE.config(muggins=True)
    state = reach(CRIBBAGE, config, lambda s: s.phase == "announce")
    picked, text, ask = human_turn(state, ["35", "12"], "it")
    assert picked.points == 12  # type: ignore[attr-defined]
    assert "Scrivi un numero da 0 a 29" in text
    assert "Non si può: annuncia da 0 a 29 punti." in text
    assert "numero" in ask.prompts[0].lower()
    picked, _, _ = human_turn(state, ["1"], "en")
    assert picked.points == 1  # type: ignore[attr-defined]  # not "the first option" (0)


# --- Burraco: one card, several moves ----------------------------------------------------------


def _ambiguous_card(state: State) -> bool:
    if state.phase != "play" and getattr(state, "stage", "") != "play":
        return False
    legal = state.legal_actions()
    labels = [BURRACO.describe_action(a, "en") for a in legal]
    hand = state.hands[state.current_player]  # type: ignore[attr-defined]
    for c in hand:
        hits = matching(legal, [Typed(c.rank, c.suit, None)])
        if len({labels[i] for i in hits}) > 1:
            return True
    return False


def test_burraco_a_card_fitting_several_moves_asks_which() -> None:
    state = reach(BURRACO, BURRACO.config(), _ambiguous_card, seeds=30)
    legal = state.legal_actions()
    labels = [BURRACO.describe_action(a, "en") for a in legal]
    hand = state.hands[state.current_player]  # type: ignore[attr-defined]
    typed = next(c for c in hand
                 if len({labels[i] for i in matching(legal, [Typed(c.rank, c.suit, None)])}) > 1)
    hits = matching(legal, [Typed(typed.rank, typed.suit, None)])
    picked, text, ask = human_turn(state, [code(typed), "2"], "en")
    assert "Which move?" in text
    assert picked in [legal[i] for i in hits]
    assert picked == legal[sorted({labels[i]: i for i in reversed(hits)}.values())[1]]
    assert "Enter = back" in ask.prompts[1]
    # Enter goes back to the move prompt, where a number still picks from the full list
    picked, _, _ = human_turn(state, [code(typed), "", "1"], "it")
    assert picked == legal[0]


def test_burraco_card_not_in_hand_says_why_in_both_languages() -> None:
    state = reach(BURRACO, BURRACO.config(), lambda s: getattr(s, "stage", "") == "play")
    hand = state.hands[state.current_player]  # type: ignore[attr-defined]
    absent = next(c for c in (card(r, s) for s in range(4) for r in range(3, 15))
                  if all(h.rank != c.rank or h.suit != c.suit for h in hand))
    _, text, _ = human_turn(state, [code(absent), "1"], "it")
    assert f"non hai {absent} in mano" in text
    _, text, _ = human_turn(state, [code(absent), "1"], "en")
    assert f"you do not hold {absent}" in text


# --- refusals in the player's language, one per game, straight from the engine -----------------


def _refusal(state: State, action: Action) -> IllegalAction:
    with pytest.raises(IllegalAction) as caught:
        state.check(action)
    return caught.value


def test_every_game_explains_a_refusal_in_italian_and_english() -> None:
    from mazzo.games.burraco.actions import Discard as BurracoDiscard
    from mazzo.games.nebraska.actions import Promote

    cases: list[tuple[Game, State, Action, str, str]] = []
    state = reach(BURRACO, BURRACO.config(), lambda s: getattr(s, "stage", "") == "draw")
    held = state.hands[state.current_player][0]  # type: ignore[attr-defined]
    cases.append((BURRACO, state, BurracoDiscard(held), "prima prendi una carta",
                  "first take a card"))
    state = reach(NEBRASKA, NEBRASKA.config(players=3), lambda s: s.phase == "bid")
    cases.append((NEBRASKA, state, Promote(), "ora punta una carta della tua mano",
                  "bid a card from your hand now"))
    state = reach(NOVANTANOVE, NOVANTANOVE.config(players=3), _must_follow)
    hand = state.hands[state.playing_hand]  # type: ignore[attr-defined]
    wrong = next(c for c in hand
                 if all(a.card != c for a in state.legal_actions()))  # type: ignore[attr-defined]
    cases.append((NOVANTANOVE, state, type(state.legal_actions()[0])(wrong),  # type: ignore[call-arg]
                  "devi rispondere a", "you must follow"))
    state = reach(POKER, POKER.config(), _poker_draw)
    five = tuple(sorted(state.hands[state.current_player]))  # type: ignore[attr-defined]
    cases.append((POKER, state, type(state.legal_actions()[0])(five),  # type: ignore[call-arg]
                  "al massimo 4 carte", "at most 4 cards"))
    state = reach(CRIBBAGE, CRIBBAGE.config(), _over_31)
    hand = state.hands[state.current_player]  # type: ignore[attr-defined]
    over = next(c for c in hand
                if all(a.card != c for a in state.legal_actions()))  # type: ignore[attr-defined]
    cases.append((CRIBBAGE, state, type(state.legal_actions()[0])(over),  # type: ignore[call-arg]
                  "supereresti 31", "that would pass 31"))
    for game, state, action, italian, english in cases:
        refusal = _refusal(state, action)
        assert refusal.code, (game.id, str(refusal))
        assert italian in game.explain_illegal(refusal, "it"), game.id
        assert english in game.explain_illegal(refusal, "en"), game.id


def test_a_refusal_without_a_code_falls_back_to_a_generic_sentence() -> None:
    plain = IllegalAction("something odd")
    assert NEBRASKA.explain_illegal(plain, "it") == "mossa non valida ora (something odd)"
    assert NEBRASKA.explain_illegal(plain, "en") == "not a legal move now (something odd)"
    shared = IllegalAction("x", "not_in_hand", {"card": card(7, 4)})
    assert NEBRASKA.explain_illegal(shared, "it") == "non hai 7 giallo in mano"
    assert NEBRASKA.explain_illegal(shared, "en") == "you do not hold 7 yellow"


def test_checking_a_refused_move_for_a_person_changes_nothing() -> None:
    state = reach(CRIBBAGE, CRIBBAGE.config(), _over_31)
    before = state.view(None)
    turn = Turn(state.current_player, state.view(state.current_player), state.legal_actions(),
                random.Random(0), state)
    assert turn.refusal(state.legal_actions()[0]) is None
    hand = state.hands[state.current_player]  # type: ignore[attr-defined]
    over = next(c for c in hand
                if all(a.card != c for a in state.legal_actions()))  # type: ignore[attr-defined]
    refusal = turn.refusal(type(state.legal_actions()[0])(over))  # type: ignore[call-arg]
    assert refusal is not None and refusal.code == "over_31"
    assert state.view(None) == before


# --- autoplay ----------------------------------------------------------------------------------


def _one_move(state: State) -> bool:
    return len(state.legal_actions()) == 1


@pytest.mark.parametrize(("lang", "line"), [("it", "Unica mossa possibile: "),
                                            ("en", "Only legal move: ")])
def test_a_lone_move_is_played_at_once_unless_autoplay_is_off(lang: str, line: str) -> None:
    state = reach(CRIBBAGE, CRIBBAGE.config(), _one_move)
    only = state.legal_actions()[0]
    picked, text, ask = human_turn(state, [], lang)
    assert picked == only and not ask.prompts
    assert line + CRIBBAGE.describe_action(only, lang) in text
    picked, text, ask = human_turn(state, ["1"], lang, autoplay=False)
    assert picked == only and len(ask.prompts) == 1
    assert line not in text


def test_no_autoplay_flag_reaches_play_interactive(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, object] = {}

    def fake(*args: object, **kwargs: object) -> None:
        seen.update(kwargs)

    monkeypatch.setattr(cli_play, "play_interactive", fake)
    assert cli_main.main(["play", "cribbage", "--no-autoplay"]) == 0
    assert seen["autoplay"] is False
    assert cli_main.main(["play", "cribbage"]) == 0
    assert seen["autoplay"] is True


def test_help_explains_card_codes_in_both_languages() -> None:
    assert "5H 5D" in cli_human.HELP["en"] and "5H 5D" in cli_human.HELP["it"]
    assert "jolly" in cli_human.HELP["it"] and "joker" in cli_human.HELP["en"]
    assert "muggins" in cli_human.HELP["it"] and "muggins" in cli_human.HELP["en"]
