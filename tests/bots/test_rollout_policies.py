"""Each game's state-reading rollout policy (``rollout_move`` of its heuristic bot, in
``games/<game>/rollout.py``) makes exactly the heuristic's choice on the view, with the same
generator draws, over thousands of positions of every test config; and the search uses it."""

from __future__ import annotations

import random

import pytest

from mazzo.bots.ismcts import agent_policy
from mazzo.engine import Turn, get_game
from mazzo.engine.game import Action, Config, State

#: games whose heuristic reads the state in rollouts, and random matches per test config
READERS = {"burraco": 3, "cribbage": 3, "nebraska": 3, "poker_italiano": 3}
#: at least this many positions with a choice compared per game
MIN_POSITIONS = 2000


def _states(game_id: str, config: Config, seed: int) -> list[tuple[State, int]]:
    """Decisions with a choice along a match played half by the heuristic, half at random
    (so positions stray from the heuristic's own lines)."""
    game = get_game(game_id)
    bot = game.bots()["heuristic"](seed)
    rng = random.Random(seed)
    state = game.new_match(config)
    found: list[tuple[State, int]] = []
    steps = 0
    while not state.is_terminal and steps < 4000:
        steps += 1
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        seat = state.current_player
        if len(legal) > 1:
            found.append((state.clone(), seed * 100_000 + steps))
        if rng.random() < 0.5:
            state.apply(legal[rng.randrange(len(legal))])
        else:
            state.apply(bot.act(Turn(seat, state.view(seat), legal, rng, state)))
    return found


def _choice(bot: object, state: State, seed: int, read: bool) -> tuple[Action, object, object]:
    """The bot's move, with its own generator's and the turn generator's state after it."""
    rng = random.Random(seed)
    seat = state.current_player
    legal = state.legal_actions()
    if read:
        action = bot.rollout_move(state, seat, list(legal), rng)  # type: ignore[attr-defined]
    else:
        action = bot.act(Turn(seat, state.view(seat), list(legal), rng, state))  # type: ignore[attr-defined]
    own = getattr(bot, "rng", None)
    return action, rng.getstate(), own.getstate() if own is not None else None


@pytest.mark.soak
@pytest.mark.parametrize("game_id", sorted(READERS))
def test_rollout_move_is_the_heuristic_on_the_view(game_id: str) -> None:
    game = get_game(game_id)
    factory = game.bots()["heuristic"]
    compared = 0
    for c, config in enumerate(game.test_configs()):
        for m in range(READERS[game_id]):
            for state, seed in _states(game_id, config, 7 * c + m):
                by_view = _choice(factory(seed), state, seed, read=False)
                by_state = _choice(factory(seed), state, seed, read=True)
                assert by_state == by_view, (config, state.history[-3:], by_view, by_state)
                compared += 1
    assert compared >= MIN_POSITIONS


@pytest.mark.parametrize("game_id", sorted(READERS))
def test_the_search_rolls_out_by_reading_the_state(game_id: str) -> None:
    """``agent_policy`` picks the reader, and never builds a view for it."""
    game = get_game(game_id)
    states = _states(game_id, game.test_configs()[0], 1)[:50]
    for state, seed in states:
        policy = agent_policy(game.bots()["heuristic"](seed))
        viewless = state.clone()
        viewless.view = _no_view  # type: ignore[method-assign]
        expected = _choice(game.bots()["heuristic"](seed), state, seed, read=False)[0]
        assert policy(viewless, random.Random(seed)) == expected


def _no_view(seat: int | None) -> object:
    raise AssertionError("a state-reading rollout built a view")
