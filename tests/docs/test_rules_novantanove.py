"""Every worked example of docs/rules/novantanove(.it).md, recomputed with the scoring API.

The result lines of the examples have the same shape in both languages (only the words differ),
so the test rebuilds each line from what the scoring functions compute and looks for it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from mazzo.cards import SUIT_SYMBOL, parse_cards
from mazzo.games.novantanove.scoring import (
    bid_value,
    game_bonuses,
    game_winner,
    next_trump,
    rubber_bonus,
    score_deal,
    successes,
)

RULES = Path(__file__).parents[2] / "docs" / "rules"
WORDS = {
    "en": {"bids": "bids", "tricks": "tricks", "trump": "next trump", "declared":
           "Bruno declared, tricks", "totals": "totals", "tie": "tie for the lead: one more deal",
           "wins": "Anna wins the game · game bonus:"},
    "it": {"bids": "scommesse", "tricks": "prese", "trump": "briscola dopo", "declared":
           "Bruno dichiara, prese", "totals": "totali", "tie": "parità in testa: un'altra mano",
           "wins": "Anna vince la partita · premio di partita:"},
}
NAMES = ("Anna", "Bruno", "Carla")
DUMMY_NAMES = ("Anna", "Bruno", "morto")


@pytest.fixture(params=["en", "it"])
def page(request: pytest.FixtureRequest) -> tuple[dict[str, str], str]:
    name = "novantanove.md" if request.param == "en" else "novantanove.it.md"
    return WORDS[request.param], " ".join((RULES / name).read_text(encoding="utf-8").split())


def _scores(names: tuple[str, ...], points: list[int]) -> str:
    return " · ".join(f"{n} {p}" for n, p in zip(names, points, strict=True))


def _nums(values: list[int]) -> str:
    return ", ".join(str(v) for v in values)


@pytest.mark.parametrize(("cards", "bid"), [
    ("K♣ 9♠ 6♦", 4), ("Q♥ J♦ 7♦", 2), ("10♠ 8♠ 6♠", 3), ("A♣ 10♥ 6♦", 5),
    ("A♣ K♣ Q♣", 9), ("A♦ K♦ Q♦", 0),
])
def test_bid_cards(cards: str, bid: int, page: tuple[dict[str, str], str]) -> None:
    assert bid_value(parse_cards(cards)) == bid
    if bid not in (0, 9):
        assert f"`{cards}`" in page[1]


@pytest.mark.parametrize(("bids", "tricks", "premium"), [
    ([4, 2, 3], [4, 3, 2], None),          # example 1
    ([2, 5, 1], [2, 5, 2], [0, 30, 0]),    # example 2: Bruno declares
    ([1, 3, 7], [1, 2, 6], [0, 0, 60]),    # example 3: Carla reveals
])
def test_three_player_deals(bids: list[int], tricks: list[int], premium: list[int] | None,
                            page: tuple[dict[str, str], str]) -> None:
    words, text = page
    points = score_deal(bids, tricks, premium)
    trump = SUIT_SYMBOL[next_trump(sum(successes(bids, tricks)))]
    line = (f"{words['bids']} {_nums(bids)} · {words['tricks']} {_nums(tricks)} → "
            f"{_scores(NAMES, points)} · {words['trump']} {trump}")
    assert line in text


def test_the_expected_numbers() -> None:
    """The pages' numbers, stated once more so a change to the scoring shows up here too."""
    assert score_deal([4, 2, 3], [4, 3, 2]) == [34, 3, 2]
    assert score_deal([2, 5, 1], [2, 5, 2], [0, 30, 0]) == [22, 55, 2]
    assert score_deal([1, 3, 7], [1, 2, 6], [0, 0, 60]) == [91, 62, 6]
    assert score_deal([4, 3, 2], [4, 2, 3], dummy=2) == [34, 2, 3]
    assert score_deal([4, 3, 2], [4, 4, 1], dummy=2) == [24, 4, 21]
    assert score_deal([4, 3, 2], [4, 2, 3], [0, 30, 0], dummy=2) == [64, 2, 33]


def test_two_players_and_the_morto(page: tuple[dict[str, str], str]) -> None:
    words, text = page
    bids = [4, 3, 2]
    for tricks in ([4, 2, 3], [4, 4, 1]):
        points = score_deal(bids, tricks, dummy=2)
        assert f"{words['tricks']} {_nums(tricks)} → {_scores(DUMMY_NAMES, points)}" in text
    points = score_deal(bids, [4, 2, 3], [0, 30, 0], dummy=2)
    assert f"{words['declared']} 4, 2, 3 → {_scores(DUMMY_NAMES, points)}" in text


def test_a_tie_for_the_lead_then_the_game_bonus(page: tuple[dict[str, str], str]) -> None:
    words, text = page
    totals = [t + p for t, p in zip([90, 60, 90], score_deal([3, 3, 3], [3, 3, 3]),
                                    strict=True)]
    assert totals == [103, 73, 103]
    assert game_winner(totals, 100) is None
    assert f"{words['totals']} {_nums(totals)} → {words['tie']}" in text
    totals = [t + p for t, p in zip(totals, score_deal([4, 2, 3], [4, 3, 2]), strict=True)]
    winner = game_winner(totals, 100)
    assert winner == 0
    bonus = game_bonuses(totals, 100, winner)
    assert bonus == [100, 0, 100]
    given = ", ".join(f"{n} +{b}" for n, b in zip(NAMES, bonus, strict=True) if b)
    assert f"{words['totals']} {_nums(totals)} → {words['wins']} {given}" in text
    assert rubber_bonus(4) == 400 and "100 × (8 − 4) = 400" in text
    assert rubber_bonus(3) == 500
