"""The worked examples of docs/rules/burraco.md and burraco.it.md, recomputed by the engine.

Every example table of both pages (card values, the deal, hand tallies, burraco types, meld
legality, victory points, presets and options) is parsed and each row is checked against
:mod:`mazzo.games.burraco.scoring` or the real game; every ``text`` block must be exactly what
the program prints for the position the page describes. So a wrong number in a page fails here.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from mazzo.cards import JOKER_RANK, JOKER_SUIT, Card, card, parse_card, parse_cards
from mazzo.engine.game import Action, Event
from mazzo.games.burraco import GAME
from mazzo.games.burraco.actions import DECK, DISCARD, DRAW, Attacca, Cala, Deal
from mazzo.games.burraco.config import BurracoConfig
from mazzo.games.burraco.events import HandScored, MatchOver
from mazzo.games.burraco.melds import layouts
from mazzo.games.burraco.scoring import (
    BURRACO_POINTS,
    JOLLY_VALUE,
    PRESETS,
    VP_TABLES,
    burraco_type,
    card_value,
    cards_value,
    hand_tally,
    is_valid_meld,
    three_player_vp,
    victory_points,
)
from mazzo.games.burraco.state import BurracoState

from rules_page import pages, table_headed, text_blocks

PAGES = pages("burraco")
LANGS = tuple(PAGES)

#: the first header cell of each kind of example table, per language
HEADS = {
    "values": {"en": "card", "it": "carta"},
    "deal": {"en": "players", "it": "giocatori"},
    "tally": {"en": "line", "it": "voce"},
    "types": {"en": "meld", "it": "gioco"},
    "legal": {"en": "cards", "it": "carte"},
    "vp": {"en": "difference", "it": "differenza"},
    "bands": {"en": "3 hands: difference", "it": "3 smazzate: differenza"},
    "vp3": {"en": "player", "it": "giocatore"},
    "presets": {"en": "preset", "it": "preset"},
    "options": {"en": "field", "it": "campo"},
}
YES = {"en": "yes", "it": "sì"}


def page(lang: str) -> str:
    return PAGES[lang].read_text(encoding="utf-8")


def table(lang: str, kind: str) -> list[list[str]]:
    return table_headed(PAGES[lang], HEADS[kind][lang])


def ints(cell: str) -> list[int]:
    return [int(x) for x in re.findall(r"-?\d+(?:\.\d+)?", cell) if "." not in x]


def cards_of(cell: str) -> list[Card]:
    return parse_cards(cell.strip("`"))


# --- cards and deal ----------------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_card_values(lang: str) -> None:
    seen = 0
    for ranks, points in table(lang, "values"):
        values = ints(points)
        classic, fibur = values[0], values[-1]
        for token in ranks.split():
            c = (card(JOKER_RANK, JOKER_SUIT) if token == "J★"
                 else parse_card(token + "♠"))
            assert (card_value(c, "classic"), card_value(c, "fibur")) == (classic, fibur), token
            seen += 1
    assert seen == 14  # the jolly and all thirteen ranks


@pytest.mark.parametrize("lang", LANGS)
def test_deal_table(lang: str) -> None:
    rows = table(lang, "deal")
    assert len(rows) == 4
    for players_cell, _, each, pozzetti, up, stock in rows:
        players = int(players_cell[0])
        state = GAME.new_match(BurracoConfig(players=players))
        # "3 (after the threshold)" / "3 (dopo la soglia)": three pozzetti of 11
        state.three_b = players == 3 and ("threshold" in players_cell or "soglia" in players_cell)
        state.apply(Deal(tuple(DECK)))
        assert all(len(h) == int(each) for h in state.hands), players_cell
        assert [len(p) for p in state.pozzetti] == ints(pozzetti), players_cell
        assert (len(state.pile), len(state.stock)) == (int(up), int(stock)), players_cell


# --- scoring -----------------------------------------------------------------------------------

#: the hand of the first example: (melds, cards left in hand, pozzetto taken, closed) per side
TALLY_SIDES = [
    (["8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣", "5♦ 5♠ 5♥ 2♣"], ["7♠ A♦"], True, True),
    (["4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J★", "K♠ K♦ K♠'"], ["2♦ Q♠", "J★ 3♣ 3♦"], True, False),
]


@pytest.mark.parametrize("lang", LANGS)
def test_scored_hand_both_presets(lang: str) -> None:
    text = page(lang)
    columns = []
    for melds, hands, taken, closed in TALLY_SIDES:
        for meld in melds + hands:
            assert f"`{meld}`" in text, (lang, meld)
        for preset in PRESETS:
            tally = hand_tally([parse_cards(m) for m in melds], parse_cards(" ".join(hands)),
                               taken, closed, preset)
            columns.append([value for _, value in tally.lines()])
    rows = table(lang, "tally")
    assert len(rows) == 6
    shown = [[int(x) for x in row[1:]] for row in rows]
    assert [list(col) for col in zip(*shown, strict=True)] == columns


@pytest.mark.parametrize("lang", LANGS)
def test_burraco_types(lang: str) -> None:
    for meld, points, *kinds in table(lang, "types"):
        cards = cards_of(meld)
        assert ints(points) == [cards_value(cards, p) for p in PRESETS], (lang, meld)
        for preset, cell in zip(PRESETS, kinds, strict=True):
            kind = burraco_type(cards, preset)
            want = "—" if kind is None else f"{kind} {BURRACO_POINTS[kind]}"
            assert cell == want, (lang, meld, preset)


@pytest.mark.parametrize("lang", LANGS)
def test_meld_legality(lang: str) -> None:
    for meld, legal, _ in table(lang, "legal"):
        assert legal in (YES[lang], "no")
        assert is_valid_meld(cards_of(meld)) == (legal == YES[lang]), (lang, meld)


def vp_cell(cell: str) -> tuple[int, int]:
    win, lose = cell.split("–")
    return int(win), int(lose)


@pytest.mark.parametrize("lang", LANGS)
def test_victory_point_examples(lang: str) -> None:
    for diff, hands, *cells in table(lang, "vp"):
        for vp_table, cell in zip(VP_TABLES, cells, strict=True):
            assert victory_points(int(diff), int(hands), vp_table) == vp_cell(cell), (diff, cell)


@pytest.mark.parametrize("lang", LANGS)
def test_victory_point_bands(lang: str) -> None:
    rows = table(lang, "bands")
    assert len(rows) == 11
    for row in rows:
        for hands, (band, vp) in ((3, row[0:2]), (4, row[2:4])):
            edges = ints(band)
            if len(edges) == 1:  # "more than 1500": the first difference above it
                edges = [edges[0] + 5]
            for diff in edges:
                assert victory_points(diff, hands) == vp_cell(vp), (hands, diff, vp)


@pytest.mark.parametrize("lang", LANGS)
def test_three_player_victory_points(lang: str) -> None:
    rows = table(lang, "vp3")
    points = [int(row[1]) for row in rows]
    for column, vp_table in ((2, "published"), (3, "seed_wiki")):
        assert [int(row[column]) for row in rows] == three_player_vp(points, 3, vp_table)


# --- presets and options -----------------------------------------------------------------------


@pytest.mark.parametrize("lang", LANGS)
def test_presets(lang: str) -> None:
    rows = {re.findall(r"`(\w+)`", row[0])[0]: row for row in table(lang, "presets")}
    assert set(rows) == set(PRESETS)
    for preset, (_, jolly, semipulito) in rows.items():
        assert int(jolly) == JOLLY_VALUE[preset]
        assert ("150" in semipulito) == (preset == "fibur")


@pytest.mark.parametrize("lang", LANGS)
def test_every_option_and_default_is_documented(lang: str) -> None:
    rows = {row[0].strip("`"): row for row in table(lang, "options")}
    fields = {f.name: f.default for f in dataclasses.fields(BurracoConfig)}
    assert set(rows) == set(fields)
    for name, default in fields.items():
        shown = str(default).lower() if isinstance(default, bool) else str(default)
        assert rows[name][1].strip("`") == shown, (lang, name)
    for preset in PRESETS:
        assert f"`{preset}`" in rows["variant"][2]
    for vp_table in VP_TABLES:
        assert f"`{vp_table}`" in rows["vp_table"][2]


# --- positions played through the game ---------------------------------------------------------


def position(players: int, hands: dict[int, str], stock: str, melds: dict[int, list[str]],
             taken: dict[int, bool], totals: tuple[float, ...], hand_no: int,
             player: int) -> BurracoState:
    """A match in the middle of hand ``hand_no``: these hands, stock (top card last), melds per
    side (each laid out the first way the engine finds) and totals; ``player`` is to draw."""
    state = GAME.new_match(BurracoConfig(players=players))
    state.apply(Deal(tuple(DECK)))
    for seat, text in hands.items():
        state.hands[seat] = parse_cards(text)
    state.stock = parse_cards(stock)
    state.pile = parse_cards("9♦'")
    for side, side_melds in melds.items():
        state.melds[side] = [layouts(parse_cards(m))[0] for m in side_melds]
    for side, flag in taken.items():
        state.taken[side] = flag
    state.totals2 = [round(2 * t) for t in totals]
    state.hand_no = hand_no
    state.player = player
    state.dealer = (player - 1) % players
    state._legal = None  # the legal list is cached: the position was changed by hand
    return state


def play(state: BurracoState, moves: list[Action]) -> list[Event]:
    log: list[Event] = []
    for move in moves:
        state.apply(move)
        log.extend(state.events)
    return log


def offered(state: BurracoState, kind: type[Action]) -> list[Action]:
    return [a for a in state.legal_actions() if isinstance(a, kind)]


def moving_wild() -> tuple[list[Event], list[Action]]:
    state = position(4, {0: "K♦ 6♠ 9♣ 3♥"}, "3♠ 8♦ 5♣ 10♣ 8♥",
                     {0: ["J★ 10♦ J♦", "5♠ 2♥ 7♠"]}, {}, (0, 0, 0, 0), 3, 0)
    assert [m.wild for m in state.melds[0]] == [9, 6]  # J★ = 9♦, 2♥ = 6♠
    log = play(state, [DRAW])
    adds = offered(state, Attacca)
    king = next(a for a in adds if a.card == parse_card("K♦"))
    spade = next(a for a in adds if a.card == parse_card("6♠") and a.wild == 8)
    return log + play(state, [king, spade, DISCARD[parse_card("9♣")]]), adds


def tie_hand() -> tuple[list[Event], BurracoState]:
    state = position(2, {0: "K♦ 7♥", 1: "6♣ 2♥"}, "3♠ 8♦ J♣",
                     {0: ["3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠"], 1: ["A♥ A♣ A♦ J★", "10♦ J♦ Q♦"]},
                     {0: False, 1: True}, (1910, 1965), 12, 0)
    return play(state, [DRAW, DISCARD[parse_card("K♦")]]), state


def winning_hand() -> tuple[list[Event], BurracoState]:
    state = position(2, {0: "4♦ 9♣ A♠", 1: "Q♦ Q♠ Q♥"}, "3♠ 8♦ 5♣ 10♣ 4♣",
                     {0: ["K♠ K♣ K♥"], 1: ["5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥"]},
                     {0: False, 1: True}, (2040, 2040), 13, 1)
    log = play(state, [DRAW])
    (queens,) = offered(state, Cala)
    return log + play(state, [queens, DISCARD[parse_card("4♣")]]), state


def test_the_tie_needs_another_hand_and_the_next_one_decides() -> None:
    _, tied = tie_hand()
    assert tied.scores() == [2040, 2040] and not tied.is_terminal and tied.phase == "deal"
    log, won = winning_hand()
    assert won.is_terminal and won.scores() == [1940, 2425] and won.returns() == [0.0, 1.0]
    assert any(isinstance(e, MatchOver) for e in log)


@pytest.mark.parametrize("lang", LANGS)
def test_moves_named_in_the_wild_example(lang: str) -> None:
    _, adds = moving_wild()
    labels = [GAME.describe_action(a, lang) for a in adds]
    assert len(labels) == 3
    for label in labels:
        assert f"`{label}`" in page(lang), (lang, label)


@pytest.mark.parametrize("lang", LANGS)
def test_transcripts_are_what_the_program_prints(lang: str) -> None:
    logs = [moving_wild()[0], tie_hand()[0], winning_hand()[0]]
    blocks = text_blocks(page(lang))
    assert len(blocks) == len(logs), "every transcript in the page must be checked here"
    for block, log in zip(blocks, logs, strict=True):
        lines = [GAME.describe_event(e, lang) for e in log]
        assert block == lines, (lang, block, lines)


def test_three_player_pair_halves() -> None:
    """Player 1 (alone) closes; the pair of Players 2 and 3 scores 275, 137.5 each."""
    state = position(3, {0: "Q♦ Q♠ Q♥", 1: "5♥", 2: "3♠"}, "3♠ 8♦ 6♣",
                     {0: ["3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥"], 1: ["7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣", "4♦ 4♠ 4♥ 4♣"]},
                     {0: True, 1: True}, (0, 0, 0), 2, 0)
    state.solo, state.side_of = 0, [0, 1, 1]
    log = play(state, [DRAW])
    (queens,) = offered(state, Cala)
    log += play(state, [queens, DISCARD[parse_card("6♣")]])
    scored = next(e for e in log if isinstance(e, HandScored))
    assert scored.sides[1] == (1, 2) and scored.lines[1][-1] == 275
    assert state.scores()[1:] == [137.5, 137.5]
    for lang in LANGS:
        text = page(lang)
        for meld in ("7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣", "4♦ 4♠ 4♥ 4♣", "5♥", "3♠"):
            assert f"`{meld}`" in text, (lang, meld)
        assert "275" in text and "137.5" in text.replace(",", "."), lang
