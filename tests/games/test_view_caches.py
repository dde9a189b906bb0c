"""Views kept between moves (every game, by :mod:`mazzo.engine.view_parts`) say exactly what a view
built from scratch says, and no caller can change a view, a later view or the state through one.

A clone starts with no kept parts, so ``state.clone().view(seat)`` is the view recomputed from the
state alone; the matches below look at views at random moments (so kept parts go stale across
several moves) for every seat and a spectator, in every test config of each game.
"""

from __future__ import annotations

import copy
import json
import pickle
import random
from collections.abc import Callable
from typing import Any, cast

import pytest

from mazzo.engine import State, get_game
from mazzo.engine.frozen import FrozenDict, FrozenList, frozen
from playout import steps

#: random matches of every config, views against views from scratch, copies and pickles
pytestmark = pytest.mark.soak

GAMES = ("cribbage", "nebraska", "novantanove", "burraco", "poker_italiano")
#: random matches per test config, a few thousand views per game in all
MATCHES = 3


def _dump(view: Any) -> str:
    """The view as JSON, keys in their order: equal dumps mean equal values in the same order."""
    return json.dumps(view, ensure_ascii=False)


def _seats(state: State) -> list[int | None]:
    return [*range(state.num_players), None]


def _random_states(game_id: str, seed: int) -> Any:
    """Every state of a random match of each test config, after each move."""
    game = get_game(game_id)
    for index, config in enumerate(game.test_configs()):
        rng = random.Random(seed * 1000 + index)
        for state in steps(game.new_match(config), rng, limit=1500):
            yield state, rng


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("seed", range(MATCHES))
def test_kept_views_equal_views_from_scratch(game_id: str, seed: int) -> None:
    looked = 0
    for state, rng in _random_states(game_id, seed):
        if rng.random() < 0.3:  # now and then, so kept parts must survive several moves
            continue
        fresh = state.clone()
        for seat in _seats(state):
            assert _dump(state.view(seat)) == _dump(fresh.view(seat)), (game_id, seat)
            looked += 1
    assert looked > 100


def _mutate_everything(value: Any) -> int:
    """Try to change every list and dict in ``value``: the new ones change, the shared ones
    (read-only) refuse. Returns how many refused."""
    refused = 0
    children = list(value.values()) if isinstance(value, dict) else (
        list(value) if isinstance(value, list) else [])
    for child in children:
        refused += _mutate_everything(child)
    if isinstance(value, FrozenList | FrozenDict):
        with pytest.raises(TypeError):
            value.append(0) if isinstance(value, list) else value.update(x=1)
        with pytest.raises(TypeError):
            value.clear()
        return refused + 1
    if isinstance(value, list):
        value.append("junk")
        value.reverse()
    elif isinstance(value, dict):
        for key in list(value):
            value[key] = "junk"
        value["junk"] = [1]
    return refused


@pytest.mark.parametrize("game_id", GAMES)
def test_changing_a_view_changes_no_other_view_nor_the_state(game_id: str) -> None:
    refused = 0
    for state, rng in _random_states(game_id, 99):
        if rng.random() < 0.5:
            continue
        seat = rng.choice(_seats(state))
        before = {s: _dump(state.view(s)) for s in _seats(state)}
        refused += _mutate_everything(state.view(seat))
        # neither the kept parts nor the state changed: the same views again, and from scratch
        for s in _seats(state):
            assert _dump(state.view(s)) == before[s]
            assert _dump(state.clone().view(s)) == before[s]
    assert refused > 0  # the shared parts were there, and held


def test_frozen_containers_read_like_json_and_refuse_changes() -> None:
    value = frozen({"a": [1, (2, 3)], "b": {"c": None}})
    assert value == {"a": [1, [2, 3]], "b": {"c": None}}
    assert json.dumps(value) == '{"a": [1, [2, 3]], "b": {"c": null}}'
    assert isinstance(value, dict) and isinstance(value["a"], list)
    for change in (
        lambda: value.__setitem__("a", 1), lambda: value.pop("a"), lambda: value.setdefault("z"),
        lambda: value["a"].append(4), lambda: value["a"].sort(), lambda: value["a"][1].pop(),
        lambda: value["a"].__iadd__([5]), lambda: value["b"].popitem(),
    ):
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert value == {"a": [1, [2, 3]], "b": {"c": None}}
    made = copy.deepcopy(value)
    assert made == value and type(made) is dict and type(made["a"]) is list
    made["a"].append(4)  # copies are the caller's own
    assert type(copy.copy(value)) is dict and type(list(value["a"])) is list
    assert value["a"] == [1, [2, 3]]
    # pickle carries them as they are: read-only still (a pickled state's kept parts stay safe)
    carried = pickle.loads(pickle.dumps(value))
    assert carried == value and type(carried) is FrozenDict and type(carried["a"]) is FrozenList
    assert type(carried["a"][1]) is FrozenList
    with pytest.raises(TypeError, match="read-only"):
        carried["a"].append(4)


def test_frozen_copies_are_made_once_per_part() -> None:
    from mazzo.engine.frozen import FrozenCopies

    copies = FrozenCopies()
    part = {"points": [1, 2]}
    first = copies(part)
    assert first == part and isinstance(first, FrozenDict) and copies(part) is first
    assert copies({"points": [1, 2]}) is not first  # another part, another copy
    assert copies(None) is None


def _pickled(state: State) -> State:
    return cast(State, pickle.loads(pickle.dumps(state)))


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("copier", [_pickled, copy.deepcopy], ids=["pickle", "deepcopy"])
def test_a_pickled_or_deep_copied_state_keeps_the_view_contract(
        game_id: str, copier: Callable[[State], State]) -> None:
    """A copy made by pickle or ``copy.deepcopy`` after views were built (its kept parts with
    it) shows the same views, plays on the same, and a change to one of its views shows in no
    later view of it nor of the original."""
    copied = 0
    for state, rng in _random_states(game_id, 7):
        if rng.random() < 0.9 or state.is_terminal:
            continue
        before = {s: _dump(state.view(s)) for s in _seats(state)}
        other = copier(state)
        assert other.history == state.history
        for seat in _seats(state):
            assert _dump(other.view(seat)) == before[seat]
            _mutate_everything(other.view(seat))
        for seat in _seats(state):
            assert _dump(other.view(seat)) == before[seat], (game_id, seat)
            assert _dump(state.view(seat)) == before[seat], (game_id, seat)
        if not state.is_chance:  # the same move on both: the same views after it
            move = state.legal_actions()[0]
            assert other.legal_actions() == state.legal_actions()
            later, other_later = state.clone(), other
            later.apply(move)
            other_later.apply(move)
            for seat in _seats(state):
                assert _dump(other_later.view(seat)) == _dump(later.view(seat))
        copied += 1
    assert copied > 10


@pytest.mark.parametrize("game_id", GAMES)
def test_a_pickled_state_names_its_game_and_shared_tables_instead_of_carrying_them(
        game_id: str) -> None:
    """What a game shares between its states (the game itself with its tables, poker's action
    codec, Burraco's moves per meld shape) pickles by name: a search that fills those caches
    does not make any state's pickle bigger (poker's grew from 8 KB to 580 KB after one
    difficile move), and a loaded state shares them with the states of its process."""
    from mazzo.bots.levels import make_agent
    from mazzo.engine.agent import Turn

    game = get_game(game_id)
    state = later = None
    for state_, _ in _random_states(game_id, 11):
        if state is None and not state_.is_chance and state_.history and len(state_.history) > 40:
            state = state_.clone()
        elif state is not None and not state_.is_chance and not state_.is_terminal:
            later = state_
            if len(later.history) > 2 * len(state.history):
                break
    assert state is not None and later is not None
    size = len(pickle.dumps(state))
    seat = later.current_player
    make_agent(game, "difficile", 1).act(
        Turn(seat, later.view(seat), later.legal_actions(), random.Random(1), later))
    assert len(pickle.dumps(state)) == size
    other = _pickled(state)
    assert other.game is game and other.history == state.history
    assert copy.deepcopy(game) is game and copy.copy(game) is game
    if game_id == "poker_italiano":
        assert other.codec is state.codec  # type: ignore[attr-defined]
    if game_id == "burraco":
        from mazzo.games.burraco.tables import meld_moves

        shared = [moves for side in other._moves_kept.values()  # type: ignore[attr-defined]
                  for moves in side.moves]
        assert shared and all(moves is meld_moves(moves.meld) for moves in shared)
