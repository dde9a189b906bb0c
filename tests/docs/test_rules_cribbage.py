"""The worked examples of docs/rules/cribbage.md and cribbage.it.md, recomputed by the engine.

Every table of hands, cribs, pegging sequences and match points in both pages is parsed and each
row is scored again with :mod:`mazzo.games.cribbage.scoring` or by playing the position through
the real game; every ``text`` block (a transcript of what the program prints) must be exactly the
program's output for the example the page describes. So a wrong number in a page fails here.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable

import pytest

from mazzo.cards import Card, parse_card, parse_cards
from mazzo.engine.game import Action, Event
from mazzo.games.cribbage import GAME
from mazzo.games.cribbage.actions import Cut, CutForDeal, Deal, Discard, Play
from mazzo.games.cribbage.config import MATCH_SCORING, SCHEME_POINTS, CribbageConfig
from mazzo.games.cribbage.events import GameWon, MatchWon
from mazzo.games.cribbage.scoring import peg_points, score_show, value
from mazzo.games.cribbage.state import CribbageState

from rules_page import pages, table_headed, text_blocks

PAGES = pages("cribbage")
LANGS = tuple(PAGES)

#: the first header cell of each kind of example table, per language
HEADS = {
    "hand": {"en": "hand", "it": "mano"},
    "crib": {"en": "crib", "it": "crib"},
    "pegging": {"en": "cards laid", "it": "carte giocate"},
    "match121": {"en": "loser's score", "it": "punti del perdente"},
    "match61": {"en": "loser's score, game to 61", "it": "punti del perdente, partita a 61"},
    "schemes": {"en": "loser's score (game to 121)", "it": "punti del perdente (partita a 121)"},
    "options": {"en": "field", "it": "campo"},
}


def page(lang: str) -> str:
    return PAGES[lang].read_text(encoding="utf-8")


def table(lang: str, kind: str) -> list[list[str]]:
    return table_headed(PAGES[lang], HEADS[kind][lang])


def numbers(cell: str) -> list[int]:
    return [int(x) for x in cell.split()]


# --- the show ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("kind", ["hand", "crib"])
def test_show_tables(lang: str, kind: str) -> None:
    for row in table(lang, kind):
        hand, starter, *expected = row
        score = score_show(parse_cards(hand), parse_card(starter), crib=kind == "crib")
        assert list(score) == [int(x) for x in expected], (lang, kind, row, score)


def test_the_tie_example_dealer_hand_is_worth_24() -> None:
    assert score_show(parse_cards("5H 5S 6D 6C"), parse_card("4C")).total == 24
    for lang in LANGS:
        assert re.search(r"5♥ 5♠ 6♦ 6♣ (with the|con il) 4♣,? (is worth|vale) 24", page(lang)), lang


# --- the play ----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_pegging_table(lang: str) -> None:
    for laid, counts, points in table(lang, "pegging"):
        cards = parse_cards(laid)
        running = [sum(value(c) for c in cards[: i + 1]) for i in range(len(cards))]
        scored = [peg_points(cards[: i + 1]) for i in range(len(cards))]
        assert (numbers(counts), numbers(points)) == (running, scored), (lang, laid)


# --- match points ------------------------------------------------------------------------------


def deal_order(hands: dict[int, str], dealer: int, players: int) -> tuple[Card, ...]:
    """The deal order giving each seat its cards, one at a time from the dealer's left."""
    parsed = {seat: parse_cards(text) for seat, text in hands.items()}
    size = len(parsed[dealer])
    return tuple(parsed[(dealer + 1 + j) % players][k] for k in range(size)
                 for j in range(players))


def heels_win(config: CribbageConfig, loser: int) -> CribbageState:
    """Player 1 deals with target − 2 points and turns up a jack: he wins on his heels."""
    state = GAME.new_match(config)
    state.apply(CutForDeal(tuple(parse_cards("AS KH"))))
    state.apply(Deal(deal_order({1: "AH 2H 3H 4H 5H 6H", 0: "AC 2C 3C 4C 5C 6C"}, 0, 2)))
    state.apply(Discard(tuple(parse_cards("5H 6H"))))
    state.apply(Discard(tuple(parse_cards("5C 6C"))))
    state.board = [config.target - 2, loser]
    state.apply(Cut(parse_card("JS")))
    return state


def match_points(target: int, scheme: str, loser: int) -> tuple[int, bool]:
    """(match points of the game, whether it also ended the match) — the match is best of 5 so
    that only an outright win can end it."""
    state = heels_win(CribbageConfig(target=target, match_scoring=scheme, games_to_win=3), loser)
    won = next(e for e in state.events if isinstance(e, GameWon))
    return won.match_points, any(isinstance(e, MatchWon) for e in state.events)


def check_match_cell(cell: str, target: int, scheme: str, loser: int) -> None:
    points, outright = match_points(target, scheme, loser)
    assert int(cell.split()[0]) == points, (cell, target, scheme, loser)
    # "4 (the match is won)" / "4 (il match è vinto)": the note is there exactly when it happens
    assert ("(" in cell) == outright, (cell, target, scheme, loser)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize(("kind", "target"), [("match121", 121), ("match61", 61)])
def test_match_point_examples(lang: str, kind: str, target: int) -> None:
    for loser, *cells in table(lang, kind):
        assert len(cells) == len(MATCH_SCORING)
        for scheme, cell in zip(MATCH_SCORING, cells, strict=True):
            check_match_cell(cell, target, scheme, int(loser))


@pytest.mark.parametrize("lang", LANGS)
def test_scheme_table_matches_the_config(lang: str) -> None:
    rows = table(lang, "schemes")
    assert len(rows) == 4  # normal win, skunk, double, triple
    for skunk, (_, _, *cells) in enumerate(rows):
        for scheme, cell in zip(MATCH_SCORING, cells, strict=True):
            points = SCHEME_POINTS[scheme][skunk]
            want = SCHEME_POINTS[scheme][2] if points < 0 else points
            assert int(cell.split()[0]) == want, (lang, skunk, scheme, cell)


# --- options -----------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_every_option_and_default_is_documented(lang: str) -> None:
    rows = {row[0].strip("`"): row for row in table(lang, "options")}
    fields = {f.name: f.default for f in dataclasses.fields(CribbageConfig)}
    assert set(rows) == set(fields)
    for name, default in fields.items():
        shown = str(default).lower() if isinstance(default, bool) else str(default)
        assert rows[name][1].strip("`") == shown, (lang, name)
    for scheme in MATCH_SCORING:
        assert f"`{scheme}`" in rows["match_scoring"][2]


# --- transcripts -------------------------------------------------------------------------------


def played(steps: Callable[[CribbageState, Callable[[Action], None]], None],
           config: CribbageConfig) -> list[Event]:
    """Every event of a match driven by ``steps``, in order."""
    state = GAME.new_match(config)
    log: list[Event] = []

    def do(action: Action) -> None:
        state.apply(action)
        log.extend(state.events)

    steps(state, do)
    return log


def two_player_hand(hands: dict[int, str], discards: dict[int, str], starter: str, laid: str,
                    board: tuple[int, int] | None = None) -> Callable[
                        [CribbageState, Callable[[Action], None]], None]:
    """Player 1 (seat 0) deals this hand; ``laid`` is the play in order."""
    def steps(state: CribbageState, do: Callable[[Action], None]) -> None:
        do(CutForDeal(tuple(parse_cards("AS KH"))))
        do(Deal(deal_order(hands, 0, 2)))
        for seat in (1, 0):
            do(Discard(tuple(sorted(parse_cards(discards[seat])))))
        if board is not None:
            state.board = list(board)
        do(Cut(parse_card(starter)))
        for c in parse_cards(laid):
            do(Play(c))
    return steps


def cut_tie(state: CribbageState, do: Callable[[Action], None]) -> None:
    do(CutForDeal(tuple(parse_cards("4S 4H"))))
    do(CutForDeal(tuple(parse_cards("9D 2C"))))


#: (what the page must also say: the dealt hands), the match
TRANSCRIPTS: list[tuple[tuple[str, ...], list[Event]]] = [
    (("4♥ 5♦ 9♥ K♦ 2♠ 3♣", "6♣ 7♠ K♣ Q♥ 5♣ J♦"), played(two_player_hand(
        {1: "4H 5D 9H KD 2S 3C", 0: "6C 7S KC QH 5C JD"}, {1: "2S 3C", 0: "5C JD"}, "JH",
        "4H 6C 5D 7S 9H KC KD QH"), CribbageConfig(games_to_win=1))),
    (("112", "110", "2♣ 3♦ 4♥ 4♠", "5♥ 5♠ 6♦ 6♣"), played(two_player_hand(
        {1: "2C 3D 4S 4H 9C QS", 0: "5H 5S 6D 6C 8S 8D"}, {1: "9C QS", 0: "8S 8D"}, "4C",
        "4S 6D 4H 6C 3D 5H 2C 5S", board=(112, 110)), CribbageConfig())),
    ((), played(cut_tie, CribbageConfig())),
]


@pytest.mark.parametrize("lang", LANGS)
def test_transcripts_are_what_the_program_prints(lang: str) -> None:
    text = page(lang)
    blocks = text_blocks(text)
    assert len(blocks) == len(TRANSCRIPTS), "every transcript in the page must be checked here"
    for block, (facts, log) in zip(blocks, TRANSCRIPTS, strict=True):
        lines = [GAME.describe_event(e, lang) for e in log]
        assert block[0] in lines, (lang, block[0])
        start = lines.index(block[0])
        assert block == lines[start : start + len(block)], (lang, block, lines[start:])
        for fact in facts:
            assert fact in text, (lang, fact)


def test_the_tie_transcript_ends_in_the_pone_winning() -> None:
    """The second transcript: the pone wins in the show before the dealer counts."""
    log = TRANSCRIPTS[1][1]
    won = next(e for e in log if isinstance(e, GameWon))
    assert won.seat == 1 and won.scores == (117, 133) and won.skunk == 0
