"""Play a match: chance by an RNG, every seat by an agent that sees only its own view."""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from mazzo.engine.agent import Agent, Turn
from mazzo.engine.game import CHANCE, Config, Game, MazzoError, State
from mazzo.engine.record import Record, make_record


def match_rng(seed: int | None) -> random.Random:
    """Real play shuffles with the OS's secure generator; research and tests pass a seed."""
    return secrets.SystemRandom() if seed is None else random.Random(seed)


@dataclass
class MatchResult:
    state: State
    record: Record

    @property
    def returns(self) -> list[float]:
        return self.state.returns()

    @property
    def winners(self) -> list[int]:
        return self.state.winners()


def play_match(
    game: Game,
    config: Config,
    agents: Sequence[Agent],
    seed: int | None = None,
    on_step: Callable[[State], None] | None = None,
    max_actions: int = 1_000_000,
) -> MatchResult:
    """Play one whole match. ``on_step`` is called after every action (for UIs and logs)."""
    if len(agents) != config.players:
        raise MazzoError(f"{config.players} seats need {config.players} agents, got {len(agents)}")
    rng = match_rng(seed)
    state = game.new_match(config)
    steps = 0
    while not state.is_terminal:
        player = state.current_player
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            turn = Turn(player, state.view(player), state.legal_actions(), rng, state)
            action = agents[player].act(turn)
        state.apply(action)
        if on_step is not None:
            on_step(state)
        steps += 1
        if steps > max_actions:
            raise MazzoError(f"match exceeded {max_actions} actions")
    record = make_record(state, [a.name for a in agents])
    return MatchResult(state, record)


def random_playout(state: State, rng: random.Random) -> State:
    """Play ``state`` to the end with uniformly random moves (in place); the fast path for bench."""
    while True:
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance(rng))
        elif player < 0:
            return state
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
