"""Property test: at every decision of many random matches of cribbage and novantanove (every
test config), the view of every seat and of a spectator equals a view built from scratch, and
no view handed out is an alias of a part the state keeps.

"From scratch" is checked two ways: the view of a fresh ``clone()`` (a clone starts with no
kept view parts) at every decision, and, at a sample of decisions, the view of a state replayed
from ``history`` on a new match (new objects all through). Every returned view is then poisoned
(each list and dict that is not read-only gets a value added), and the next view of the same
seat, at once and after the next move, must still equal the reference.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from mazzo.engine import Config, State, get_game
from mazzo.engine.frozen import FrozenDict, FrozenList
from playout import decisions

#: many random matches, every view checked against one built from scratch
pytestmark = pytest.mark.soak

GAMES = ("cribbage", "novantanove", "poker_italiano")
#: random matches per test config (each checks every decision of every seat: thousands of
#: views per config; the conformance suite and test_view_caches check views on other matches)
MATCHES = 30
#: a long match is cut here: the decisions before it are checked
MAX_STEPS = 400
#: views checked after moves nobody viewed, per config
UNVIEWED_CHECKS = 600
#: share of decisions also compared with a state replayed from the history
REPLAY_SHARE = 0.02


def _dump(view: Any) -> str:
    """The view as JSON, keys in their order (poisoned values would show)."""
    return json.dumps(view, ensure_ascii=False, default=repr)


def _poison(value: Any, walked: dict[int, Any]) -> None:
    """Add a value to every list and dict of ``value`` that is not read-only (shared ones are).

    A read-only part cannot change, so one walk of it finds whatever it holds that is not:
    ``walked`` keeps each one walked (by id, the part itself held so that its id stays its
    own), and views share their large read-only parts (the games, the finished tricks), which
    are walked once instead of at every view."""
    frozen = isinstance(value, FrozenList | FrozenDict)
    if frozen:
        if id(value) in walked:
            return
        walked[id(value)] = value
    children = list(value.values()) if isinstance(value, dict) else list(value)
    for child in children:
        if isinstance(child, list | dict):  # (a number or a text holds nothing to poison)
            _poison(child, walked)
    if frozen:
        return
    if isinstance(value, list):
        value.append("poison")
    elif isinstance(value, dict):
        value["poison"] = True


def _replayed(game_id: str, config: Config, state: State) -> State:
    """A new match with ``state``'s history applied (no view was ever asked of it)."""
    replay = get_game(game_id).new_match(config)
    for action in state.history:
        replay.apply(action)
    return replay


def _decisions(game_id: str, config: Config, seed: int) -> Iterator[tuple[State, random.Random]]:
    """The state at each decision of a random match (it moves on when the caller resumes)."""
    rng = random.Random(seed)
    for state in decisions(get_game(game_id).new_match(config), rng, limit=MAX_STEPS):
        yield state, rng


def _configs(game_id: str) -> list[tuple[str, int]]:
    return [(game_id, index) for index in range(len(get_game(game_id).test_configs()))]


@pytest.mark.parametrize(("game_id", "index"),
                         [case for game_id in GAMES for case in _configs(game_id)])
def test_views_equal_views_from_scratch_and_are_never_aliased(game_id: str, index: int) -> None:
    config = get_game(game_id).test_configs()[index]
    checked = replayed = 0
    walked: dict[int, Any] = {}
    for seed in range(MATCHES):
        for state, rng in _decisions(game_id, config, seed * 100 + index):
            fresh = state.clone()
            replay = _replayed(game_id, config, state) if rng.random() < REPLAY_SHARE else None
            for seat in [*range(state.num_players), None]:
                view = state.view(seat)
                reference = _dump(fresh.view(seat))
                assert _dump(view) == reference, (game_id, index, seed, seat)
                if replay is not None:
                    assert _dump(replay.view(seat)) == reference, (game_id, index, seed, seat)
                    replayed += 1
                _poison(view, walked)  # a kept part handed out would now carry the poison
                assert _dump(state.view(seat)) == reference, (game_id, index, seed, seat)
                checked += 1
    # the next views after each move are checked at the next decision (poisoned ones before)
    assert checked > 1000 and replayed > 10


@pytest.mark.parametrize(("game_id", "index"),
                         [case for game_id in GAMES for case in _configs(game_id)])
def test_views_after_moves_nobody_viewed_equal_views_from_scratch(game_id: str,
                                                                   index: int) -> None:
    """The parts a state keeps for its views are brought up to date by ``apply`` (novantanove's
    hand entries, its tokens of a hand shown): here each decision's views are of a random few
    seats, often none, so many moves pass with no view between them and a seat's kept entry is
    seen again long after it was built."""
    config = get_game(game_id).test_configs()[index]
    pick = random.Random(index)
    checked = matches = 0
    while checked < UNVIEWED_CHECKS:  # short matches (poker's) take more of them
        seed, matches = matches, matches + 1
        for state, _rng in _decisions(game_id, config, seed * 100 + index + 7):
            seats = [*range(state.num_players), None]
            for seat in pick.sample(seats, pick.choice((0, 0, 0, 1, 2))):
                assert _dump(state.view(seat)) == _dump(state.clone().view(seat)), (
                    game_id, index, seed, seat)
                checked += 1
        assert matches < 20 * MATCHES, "the matches end before any view is asked"

