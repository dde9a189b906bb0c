"""Every worked example of docs/rules/poker_italiano(.it).md, recomputed with the real engine:
hand comparisons with the scoring API, the opening table read from the page itself, and the
chip amounts of examples 5 and 6 from a real match state."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mazzo.cards import Card, parse_cards
from mazzo.games.poker_italiano import GAME
from mazzo.games.poker_italiano.actions import ChooseDealer, Deal, Open, Pass, Raise
from mazzo.games.poker_italiano.config import PokerItalianoConfig
from mazzo.games.poker_italiano.scoring import Ranking, can_open, compare, evaluate
from mazzo.games.poker_italiano.state import PokerItalianoState

RULES = Path(__file__).parents[2] / "docs" / "rules"
YES = {"yes": True, "no": False, "sì": True}


@pytest.fixture(params=["poker_italiano.md", "poker_italiano.it.md"])
def page(request: pytest.FixtureRequest) -> str:
    return (RULES / request.param).read_text(encoding="utf-8")


def hand(text: str) -> list[Card]:
    return parse_cards(text)


def test_example_1_showdown(page: str) -> None:
    anna, bruno, carla = "8♥ 9♥ J♥ Q♥ A♥", "K♠ K♦ K♣ 10♥ 10♠", "7♦ 8♣ 9♦ 10♦ J♣"
    names = [evaluate(hand(h), 32).name("it") for h in (anna, bruno, carla)]
    assert names == ["colore", "full", "scala"]
    assert compare(hand(anna), hand(bruno), 32) == 1
    assert compare(hand(bruno), hand(carla), 32) == 1
    for name, cards, category in zip(("Anna", "Bruno", "Carla"), (anna, bruno, carla), names,
                                     strict=True):
        assert re.search(rf"{name}: +{cards} +{category}\b", page)


def test_example_2_suits_and_kickers(page: str) -> None:
    a, b = "Q♥ Q♣ 9♦ 8♠ 6♣", "Q♦ Q♠ 9♥ 8♣ 6♦"
    assert evaluate(hand(a), 36).category == evaluate(hand(b), 36).category == "pair"
    assert compare(hand(a), hand(b), 36) == 1
    a2, b2 = "K♦ K♠ A♣ 9♦ 8♥", "K♥ K♣ J♦ 9♥ 8♠"
    assert compare(hand(a2), hand(b2), 36) == 1
    assert compare(hand(a2), hand(b2), 36, Ranking(suit_before_kickers=True)) == -1
    s1, s2 = "10♥ J♦ Q♣ K♠ A♦", "10♦ J♣ Q♠ K♥ A♣"
    assert compare(hand(s1), hand(s2), 32) == 1
    for cards in (a, b, a2, b2, s1, s2):
        assert cards in page


def test_example_3_the_lowest_straight(page: str) -> None:
    minima, to_jack, trips = "A♠ 7♥ 8♦ 9♣ 10♥", "7♣ 8♥ 9♠ 10♦ J♥", "K♥ K♣ K♦ 8♠ 9♥"
    assert evaluate(hand(minima), 32).category == "straight"
    assert evaluate(hand(minima), 32).straight_top == 10
    assert compare(hand(minima), hand(to_jack), 32) == -1
    assert compare(hand(minima), hand(trips), 32) == 1
    for cards in (minima, to_jack, trips):
        assert f"`{cards}`" in page


def test_example_4_the_opening_table_is_what_can_open_says(page: str) -> None:
    rows = re.findall(r"^\| `([^`]+)` +\| (\w+) +\| (\w+) +\|$", page, re.M)
    assert len(rows) == 6
    for cards, normal, parole in rows:
        assert can_open(hand(cards), 32) is YES[normal], cards
        assert can_open(hand(cards), 32, kings_required=True) is YES[parole], cards


def test_bilateral_straight_flush_draws(page: str) -> None:
    for draw, expected in (("8♥ 9♥ 10♥ J♥", True), ("7♥ 8♥ 9♥ 10♥", True),
                           ("J♥ Q♥ K♥ A♥", False), ("A♥ 7♥ 8♥ 9♥", False),
                           ("8♥ 9♥ J♥ Q♥", False)):
        assert f"`{draw}`" in page
        filler = "8♠" if "K" in draw else "K♠"  # a fifth card that makes no pair or straight
        assert evaluate(hand(f"{draw} {filler}"), 32).category == "high_card"
        assert can_open(hand(f"{draw} {filler}"), 32) is expected, draw


def start(players: int, **fields: object) -> PokerItalianoState:
    config = PokerItalianoConfig(players=players, **fields)  # type: ignore[arg-type]
    state = GAME.new_match(config)
    state.apply(ChooseDealer(0))
    return state


def deal(state: PokerItalianoState, hands: dict[int, str]) -> None:
    """Deal the named seats these cards (the others get what is left)."""
    seats = state.seats
    wanted = {s: hand(t) for s, t in hands.items()}
    used = {c for cards in wanted.values() for c in cards}
    rest = iter(c for c in sorted(state.undealt) if c not in used)
    order = [wanted[seats[i % len(seats)]][i // len(seats)] if seats[i % len(seats)] in wanted
             else next(rest) for i in range(5 * len(seats))]
    state.apply(Deal((*order, *rest)))


def test_example_5_chips_in_the_first_round(page: str) -> None:
    state = start(4, blinds=False, bet_menu="all")
    assert state.pot == 4
    deal(state, {1: "7♣ 8♦ 10♠ Q♥ K♠", 2: "J♣ J♦ 9♠ 8♥ A♣",
                 3: "7♦ 9♣ 10♥ Q♠ A♦", 0: "7♥ 8♣ 10♣ Q♣ A♠"})
    state.apply(Pass())           # Anna, at the dealer's left
    state.apply(Open(4))          # Bruno opens for the whole pot
    assert state.pot == 8
    assert [a.amount for a in state.legal_actions() if isinstance(a, Raise)] == list(range(1, 13))
    state.apply(Raise(12))        # Carla calls 4 and raises 12
    assert state.pot == 24
    menu = start(4, blinds=False)
    deal(menu, {1: "7♣ 8♦ 10♠ Q♥ K♠", 2: "J♣ J♦ 9♠ 8♥ A♣"})
    menu.apply(Pass())
    menu.apply(Open(4))
    offered = [a.amount for a in menu.legal_actions() if isinstance(a, Raise)]
    assert offered == [1, 3, 6, 9, 12]
    flat = " ".join(page.split())
    assert "**4** (pot 8)" in flat or "**4** (piatto 8)" in flat
    assert "1, 3, 6, 9 e 12" in flat or "1, 3, 6, 9 and 12" in flat
    assert "**16**" in flat and "**24**" in flat


def test_example_6_blind_amounts(page: str) -> None:
    state = start(5, ante=2)
    assert state.p0 == 10
    assert [state.blind_amount(level) for level in (1, 2, 3)] == [20, 40, 80]
    half = start(5, ante=2, blind_base=1)
    assert [half.blind_amount(level) for level in (1, 2, 3)] == [10, 20, 40]
    flat = " ".join(page.split())
    assert "P₀ = 5 × 2 = 10" in flat
    assert all(f"**{n}**" in flat for n in (20, 40, 80))
