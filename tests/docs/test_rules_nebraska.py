"""Every worked example of docs/rules/nebraska(.it).md, recomputed with the real scoring API.

Each example's cards and result lines are written the same way in both languages, so the test
checks that both pages print exactly what the scoring functions compute.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mazzo.cards import Card, cards_text, parse_card, parse_cards
from mazzo.engine import get_game
from mazzo.games.nebraska.config import DEFAULT_SUIT_ORDER, NebraskaConfig
from mazzo.games.nebraska.scoring import (
    expert_count,
    family_count,
    hand_winners,
    poker_breakdown,
    poker_points,
)

NEBRASKA = get_game("nebraska")
PAGES = [Path(__file__).parents[2] / "docs" / "rules" / name
         for name in ("nebraska.md", "nebraska.it.md")]

E1_COMMON = parse_cards("K giallo, 8 blu, 8 rosa, 3 verde, J oro")
E1 = {
    "Anna": parse_cards("A giallo, 8 verde, 5 rosso, 2 azzurro, 9 oro"),
    "Bruno": parse_cards("K rosa, 3 blu, 4 verde scuro, 10 verde, 7 giallo"),
    "Carla": parse_cards("Q azzurro, J rosso, 6 oro, 8 giallo, 2 verde scuro"),
}
E2_COMMON = parse_cards("5 rosso, 9 blu, 9 verde, Q oro, 2 giallo")
E2 = {
    "Dario": parse_cards("A azzurro, 9 rosa, 5 oro, 2 verde, 4 verde scuro"),
    "Elena": parse_cards("K rosso, 3 blu, 7 giallo, 10 rosa, 6 azzurro"),
}


@pytest.fixture(params=PAGES, ids=lambda p: p.name)
def page(request: pytest.FixtureRequest) -> str:
    path: Path = request.param
    return path.read_text(encoding="utf-8")


def _line(label: str, cards: list[Card]) -> str:
    return f"{label + ':':<8}{cards_text(cards)}"


def test_example_cards_are_printed_as_the_program_prints_them(page: str) -> None:
    common_label = "comuni" if "# Nebraska — regole complete" in page else "common"
    for common, hands in ((E1_COMMON, E1), (E2_COMMON, E2)):
        assert _line(common_label, common) in page
        for name, cards in hands.items():
            assert _line(name, cards) in page


def test_example_1_family_and_expert(page: str) -> None:
    players = list(E1)
    hands = list(E1.values())
    family = [family_count(h, E1_COMMON) for h in hands]
    expert = [expert_count(h, E1_COMMON) for h in hands]
    assert family == [3, 4, 3] and expert == [5, 6, 5]
    assert hand_winners("family", hands, E1_COMMON) == [1]
    assert hand_winners("expert", hands, E1_COMMON) == [1]
    for kind, counts in (("family", family), ("expert", expert)):
        line = f"{kind}: " + " · ".join(f"{p} {n}" for p, n in zip(players, counts, strict=True))
        assert f"{line} → Bruno " in page
    per_card = {p: [expert_count([c], E1_COMMON) for c in h] for p, h in E1.items()}
    for name, cards in E1.items():
        listed = ", ".join(f"{c.name('it')} {n}" for c, n in zip(cards, per_card[name],
                                                                  strict=True))
        flat = " ".join(page.split())
        for item in listed.split(", "):
            assert f"{item}" in flat, (name, item)
        assert f"= {sum(per_card[name])}" in flat


def test_example_1_poker(page: str) -> None:
    hands = list(E1.values())
    breakdown = poker_breakdown(hands, E1_COMMON)
    by_kind = {kind: points for kind, (_, points) in breakdown.items()}
    assert by_kind == {"valore": [2, 0, 2], "colore": [3, 1, 1], "sequenza": [1, 0, 3]}
    totals = poker_points(hands, E1_COMMON)
    parts = [
        f"{name} {'+'.join(str(by_kind[k][s]) for k in by_kind)} = {totals[s]}"
        for s, name in enumerate(E1)
    ]
    assert "poker: " + " · ".join(parts) in page


def test_example_2_the_tiebreak_option(page: str) -> None:
    hands = list(E2.values())
    assert [family_count(h, E2_COMMON) for h in hands] == [3, 3]
    assert hand_winners("family", hands, E2_COMMON, tiebreak="all") == [0]
    assert hand_winners("family", hands, E2_COMMON, tiebreak="valid") == [1]
    assert "tiebreak=all: Dario " in page
    assert "tiebreak=valid: Elena " in page
    # identical ranks: the tie stands and both score
    same = parse_cards("K verde, 9 oro, 8 rosa, 4 blu, 2 oro")
    twin = parse_cards("K oro, 9 rosa, 8 verde, 4 rosa, 2 azzurro")
    assert hand_winners("family", [same, twin], E2_COMMON) == [0, 1]


def test_example_3_equal_bids_follow_the_colour_order(page: str) -> None:
    bids = [parse_card("Q verde"), parse_card("Q rosa"), parse_card("9 oro")]
    for order, decider in ((DEFAULT_SUIT_ORDER, 0), (tuple(reversed(DEFAULT_SUIT_ORDER)), 1)):
        state = NEBRASKA.new_match(NebraskaConfig(players=3, suit_order=order))
        state.bids = list(bids)  # type: ignore[attr-defined]
        strength = state._bid_strength  # type: ignore[attr-defined]
        assert max(range(3), key=strength) == decider
    assert " > ".join(DEFAULT_SUIT_ORDER) in page
    assert "`Q verde`, `Q rosa` e `9 oro`" in page or "`Q verde`, `Q rosa` and `9 oro`" in page
