"""The last hand's result in Burraco's view carries each side's melds as the hand closed.

Scoring a hand collects every card, so the table in the view right after is empty; the view's
``last_hand`` keeps the melds of each of its ``sides`` (listed in the same order as its score
``lines``), each meld in the shape the table shows melds, from the close until the next deal
(and at the end of the match). They were on the table, face up, in the view every seat had
just before the closing action: that is the whole check of what they may say, for every seat
and the spectator, with 2, 3 and 4 players.
"""

from __future__ import annotations

import json
import random

import pytest

from mazzo.engine import CHANCE, TERMINAL
from mazzo.engine.game import JSON
from mazzo.games.burraco import GAME
from mazzo.games.burraco.config import BurracoConfig
from mazzo.games.burraco.state import BurracoState
from playout import decisions, random_move


def _table_melds(view: JSON) -> list[JSON]:
    """The melds of each side of ``view["sides"]``, looked up by side id (in a 3-player
    match the pair's melds are kept under its first player's seat)."""
    return [view["melds"][view["side_of"][seats[0]]] for seats in view["sides"]]


def _closed_hands(players: int, seed: int) -> list[tuple[BurracoState, dict[int | None, JSON]]]:
    """Each hand's close in a random match: the state right after the closing action, with
    every seat's (and the spectator's) view just before it."""
    state: BurracoState = GAME.new_match(  # type: ignore[assignment]
        BurracoConfig(players=players, hands=3))
    rng = random.Random(seed)
    seats: list[int | None] = [*range(players), None]
    closes = []
    for _ in decisions(state, rng):
        before = {seat: state.view(seat) for seat in seats}
        state.apply(random_move(state, rng))
        if any(event.kind == "hand_scored" for event in state.events):
            closes.append((state.clone(), before))
    return closes


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_view_after_the_close_carries_each_sides_melds(players: int) -> None:
    paired = 0
    for seed in range(3):
        closes = _closed_hands(players, seed)
        assert len(closes) == 3
        for state, before in closes:
            for seat, was in before.items():
                view = state.view(seat)
                last = view["last_hand"]
                assert all(m == [] for m in view["melds"])  # the table itself is cleared
                assert list(last) == ["sides", "lines", "melds"]
                assert last["sides"] == was["sides"]  # the sides that played the hand
                assert len(last["melds"]) == len(last["sides"]) == len(last["lines"])
                assert last["melds"] == _table_melds(was)
                assert any(last["melds"])
                # a side's melded points and burraco bonuses are what its melds were worth
                for side, line in enumerate(last["lines"]):
                    running = was["running"][was["side_of"][last["sides"][side][0]]]
                    assert line[0] + line[2] == running
                # a fresh clone (no kept view parts) and JSON say the same
                assert json.dumps(view) == json.dumps(state.clone().view(seat))
            paired += any(len(seats) == 2 for seats in state.view(None)["last_hand"]["sides"])
    if players == 3:
        assert paired, "no 3-player hand closed with a pair: the lookup by side id is untested"


def test_the_melds_are_the_same_for_everyone_and_shown_until_the_next_deal() -> None:
    """From the close to the next deal every seat's view and the spectator's say the same
    last hand (so it holds nothing private); the deal puts the cards back in play and the
    melds go, the sides and score lines stay through the hand."""
    state: BurracoState = GAME.new_match(  # type: ignore[assignment]
        BurracoConfig(players=3, hands=3))
    rng = random.Random(5)
    closed: JSON | None = None
    checked = 0
    while state.current_player != TERMINAL:
        if state.current_player == CHANCE:
            if closed is not None:  # the close, before the next deal
                assert all(state.view(seat)["last_hand"] == closed for seat in range(3))
            state.apply(state.sample_chance(rng))
            if closed is not None:
                dealt = state.view(state.current_player)["last_hand"]
                assert dealt == {**closed, "melds": []}
                checked += 1
            continue
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
        closed = state.view(None)["last_hand"] if state.phase in ("deal", "over") else None
        if closed is not None:
            assert any(closed["melds"])
    assert checked == 2 and closed is not None  # two deals after a close, and the end
    assert all(state.view(seat)["last_hand"] == closed for seat in range(3))


def test_before_any_hand_closes_there_are_no_melds_to_show() -> None:
    state = GAME.new_match(BurracoConfig(players=4))
    assert state.view(0)["last_hand"] == {"sides": [], "lines": [], "melds": []}


@pytest.mark.parametrize("lang", ["it", "en"])
def test_the_terminal_shows_the_closed_table_under_the_last_hand_until_the_deal(
        lang: str) -> None:
    """The terminal's table (``render``) lists each side's melds as the hand closed under its
    score line, in both languages, and no longer once the next hand is dealt."""
    state, _ = _closed_hands(4, 1)[0]
    view = state.view(0)
    text = GAME.render(view, lang)
    tally = text[text.index("Ultima smazzata:" if lang == "it" else "Last hand:"):]
    word = "gioco" if lang == "it" else "meld"
    for side_melds in view["last_hand"]["melds"]:
        for i, meld in enumerate(side_melds):
            assert f"     {word} {i + 1}: {meld['text']}" in tally
    assert f"{word} 1:" in tally
    assert f"{word} 1:" not in text[: text.index(tally)]  # the table itself is empty
    state.apply(state.sample_chance(random.Random(0)))  # the next deal
    dealt = GAME.render(state.view(0), lang)
    assert f"{word} 1:" not in dealt[dealt.index(tally.splitlines()[0]):]
