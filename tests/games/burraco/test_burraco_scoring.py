"""Worked examples E1, E2, E3 (meld legality), E6 of the rules file, plus scoring properties."""

from __future__ import annotations

import pytest
from burraco_helpers import cards
from hypothesis import given, settings
from hypothesis import strategies as st

from mazzo.cards import burraco_deck, parse_card
from mazzo.games.burraco.melds import Meld, attach_options, layouts, run_layouts
from mazzo.games.burraco.scoring import (
    burraco_type,
    card_value,
    hand_tally,
    is_valid_meld,
    three_player_vp,
    victory_points,
)

# --- E1: hand tally, 4 players ---------------------------------------------------------------

NS_MELDS = [cards("3H 4H 5H 6H 7H 8H 9H"), cards("KC KD JK")]
EW_MELDS = [cards("5S 6S 7S 2D 9S 10S JS")]


@pytest.mark.parametrize(
    ("preset", "ns", "ew"),
    [
        ("classic", (200, 100, 90, -15, 0, 375), (100, 0, 65, -75, -100, -10)),
        ("fibur", (200, 100, 95, -15, 0, 380), (100, 0, 65, -80, -100, -15)),
    ],
)
def test_e1_hand_tally(preset: str, ns: tuple[int, ...], ew: tuple[int, ...]) -> None:
    t = hand_tally(NS_MELDS, cards("QS 4D"), pozzetto_taken=True, closed=True, preset=preset)
    assert (t.burraco, t.closing, t.melded, t.in_hand, t.pozzetto, t.total) == ns
    assert t.burraci == ("pulito",)
    hand = cards("AC 2H") + cards("JK 3C KH")
    t = hand_tally(EW_MELDS, hand, pozzetto_taken=False, closed=False, preset=preset)
    assert (t.burraco, t.closing, t.melded, t.in_hand, t.pozzetto, t.total) == ew
    assert t.burraci == ("sporco",)
    assert [name for name, _ in t.lines()][-1] == "totale"


# --- E2: burraco types -----------------------------------------------------------------------

E2 = [
    ("AH 2H 3H 4H 5H 6H 7H", "pulito", "pulito", 60),
    ("3C 4C 5C 6C 7C 8C 9C JK", "sporco", "semipulito", 70),
    ("3C 4C 5C JK 7C 8C 9C 10C", "sporco", "sporco", None),
    ("8D 8D' 8S 8C 8H 8H' 8S' 2C", "sporco", "semipulito", None),
    ("QS QH QD QC QS' QH' 2D", "sporco", "sporco", None),
]


@pytest.mark.parametrize(("text", "classic", "fibur", "value"), E2)
def test_e2_burraco_types(text: str, classic: str, fibur: str, value: int | None) -> None:
    meld = cards(text)
    assert burraco_type(meld) == classic
    assert burraco_type(meld, preset="fibur") == fibur
    if value is not None:
        assert sum(card_value(c) for c in meld) == value
    assert burraco_type(meld[:6]) is None


def test_e2_semipulito_cards_fibur_value() -> None:
    meld = cards("3C 4C 5C 6C 7C 8C 9C JK")
    assert sum(card_value(c, "fibur") for c in meld) == 75


def test_e2_wild_inside_is_sporco_even_with_a_layout() -> None:
    [layout] = run_layouts(cards("3C 4C 5C JK 7C 8C 9C 10C"))
    assert layout.wild == 6
    assert burraco_type(layout, "fibur") == "sporco"


# --- E3: legality ----------------------------------------------------------------------------

E3 = [
    ("7D 8D 9D", True),
    ("7D 8D JK", True),
    ("7D 2S JK", False),
    ("2C 2D 2H", False),
    ("AH 2H 3H JK 5H", True),
    ("KS AS 2S 3S", False),
    ("QS KS AS 2S", True),
    ("9C 9C' 9D", True),
    ("7S 8S 10H", False),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", True),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AS'", False),
    ("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS JK", True),
]


@pytest.mark.parametrize(("text", "legal"), E3)
def test_e3_legality(text: str, legal: bool) -> None:
    assert is_valid_meld(cards(text)) is legal


def test_e3_jolly_at_either_end_low_first() -> None:
    found = sorted(m.wild for m in layouts(cards("7D 8D JK")))
    assert found == [6, 9]


def test_e3_pinella_same_suit_at_low_end_is_wild() -> None:
    [layout] = layouts(cards("QS KS AS 2S"))
    assert layout.wild == 11 and layout.lo == 11


def test_e3_natural_pinella_plus_wild() -> None:
    [layout] = layouts(cards("AH 2H 3H JK 5H"))
    assert layout.wild == 4 and layout.lo == 1


def _run(text: str) -> Meld:
    [layout] = [m for m in layouts(cards(text)) if m.wild in (0, *range(1, 15))][:1]
    return layout


def test_e3_adding_to_full_run() -> None:
    full = run_layouts(cards("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"))[0]
    assert attach_options(full, parse_card("AS'")) == {}
    grown = attach_options(full, parse_card("JK"))
    assert list(grown) == [14] and len(grown[14].cards) == 14


# --- §5 wild movement (the seed's and eburraco's examples) ------------------------------------


def test_seed_free_wild_moves_up() -> None:
    # J♠ 10♠ 2♦(=9♠) + K♠ → K♠ 2♦(=Q♠) J♠ 10♠
    meld = next(m for m in layouts(cards("JS 10S 2D")) if m.wild == 9)
    options = attach_options(meld, parse_card("KS"))
    assert set(options) == {12}
    assert options[12].cards == tuple(cards("10S JS 2D KS"))


def test_eburraco_free_wild_fills_gap() -> None:
    # 2♣(=4♣) 5♣ 6♣ + 8♣ → 5♣ 6♣ 2♣(=7♣) 8♣
    meld = next(m for m in layouts(cards("2C 5C 6C")) if m.wild == 4)
    options = attach_options(meld, parse_card("8C"))
    assert set(options) == {7}
    assert options[7].cards == tuple(cards("5C 6C 2C 8C"))


def test_seed_inside_wild_replaced() -> None:
    # A♠ 2♦(=K♠) Q♠ + K♠ + 10♠ → A♠ K♠ Q♠ 2♦(=J♠) 10♠
    [meld] = layouts(cards("AS 2D QS"))
    assert meld.wild == 13
    step = attach_options(meld, parse_card("KS"))
    assert set(step) == {11}  # above the ace is impossible: the wild goes below the Q
    final = attach_options(step[11], parse_card("10S"))
    assert set(final) == {11}
    assert final[11].cards == tuple(cards("10S 2D QS KS AS"))


def test_eburraco_inside_wild_needs_its_card() -> None:
    # 6♣ J★(=7♣) 8♣ cannot take 10♣ alone; 7♣ then 10♣ gives 6♣ 7♣ 8♣ J★(=9♣) 10♣
    [meld] = layouts(cards("6C JK 8C"))
    assert attach_options(meld, parse_card("10C")) == {}
    step = attach_options(meld, parse_card("7C"))
    assert set(step) == {5, 9}
    final = attach_options(step[9], parse_card("10C"))
    assert final[9].cards == tuple(cards("6C 7C 8C JK 10C"))


def test_same_suit_pinella_goes_natural() -> None:
    meld = next(m for m in layouts(cards("3H 4H 2H")) if m.wild == 5)
    options = attach_options(meld, parse_card("5H"))
    assert set(options) == {2, 6}
    assert options[2].wild == 0  # at its own place it is a natural card
    assert burraco_type(options[2]) is None


def test_second_wild_refused() -> None:
    [meld] = layouts(cards("7D 8D 9D"))
    with_wild = attach_options(meld, parse_card("JK"))
    assert set(with_wild) == {6, 10}
    assert attach_options(with_wild[10], parse_card("2C")) == {}
    set_meld = layouts(cards("9C 9D JK"))[0]
    assert attach_options(set_meld, parse_card("2S")) == {}
    assert list(attach_options(set_meld, parse_card("9S"))) == [0]


# --- E6: victory points ----------------------------------------------------------------------


def test_e6_victory_points() -> None:
    assert victory_points(620 - 410) == (12, 8)
    assert victory_points(1730 - 190) == (20, 0)
    assert victory_points(300, hands=4) == (11, 9)
    assert victory_points(305, hands=4) == (12, 8)
    assert victory_points(500) == (14, 6)
    assert victory_points(500, table="seed_wiki") == (15, 5)


def test_e6_seed_three_players() -> None:
    a, b, c = 1350, 1550, 850
    assert three_player_vp([a, b, c]) == [22, 28, 10]
    assert three_player_vp([a, b, c], table="seed_wiki") == [23, 28, 9]


# --- properties ------------------------------------------------------------------------------

DECK = burraco_deck()


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=3, max_size=9, unique=True))
def test_valid_melds_have_at_most_one_wild(sample: list) -> None:  # type: ignore[type-arg]
    for m in layouts(sample):
        assert sorted(m.cards) == sorted(sample)
        if m.run:
            assert len(m.cards) == m.hi - m.lo + 1 and m.lo >= 1 and m.hi <= 14
            wild_count = sum(1 for i, c in enumerate(m.cards)
                             if (int(c) & 15) in (0, 2) and not (m.lo + i == 2
                             and (int(c) >> 4) & 15 == m.key and int(c) & 15 == 2))
            assert wild_count == (1 if m.wild else 0)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=0, max_size=20, unique=True), st.booleans(),
       st.booleans())
def test_tally_total_is_sum_of_lines(hand: list, taken: bool, closed: bool) -> None:  # type: ignore[type-arg]
    t = hand_tally([], hand, taken, closed, "fibur")
    assert t.total == sum(v for _, v in t.lines()[:-1])
    assert t.in_hand == -sum(card_value(c, "fibur") for c in hand)
