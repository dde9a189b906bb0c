"""A Gymnasium environment for one seat of a mazzo game; mazzo bots play the other seats.

The observation is the seat's float32 vector (built from its view only); ``action_masks()``
gives the legal indices, as sb3-contrib's MaskablePPO expects. Bots and chance draw from RNGs
derived from ``reset(seed=)``, so a seeded episode replays exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import logger, spaces

from mazzo.bots.levels import make_agent
from mazzo.engine.agent import Agent, Turn
from mazzo.engine.game import CHANCE, Config, Game, IllegalAction, MazzoError
from mazzo.rl._match import (
    ILLEGAL_MODES,
    ILLEGAL_PENALTY,
    LANGUAGES,
    REWARD_MODES,
    check_option,
    resolve,
    score_deltas,
)
from mazzo.rl.spaces import NO_PENDING, GameSpaces, Observation, Pending, bounds, spaces_for

#: bots and chance are seeded from the env's generator with integers below this
_SEED_RANGE = 2**62


class MazzoGymEnv(gymnasium.Env[Observation, np.int64]):
    """One learning seat against mazzo bots (see :func:`mazzo.rl.gym_env`)."""

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        game: Game | str,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "medio",
        render_mode: str | None = None,
        illegal: str = "raise",
        rewards: str = "final",
        config: Config | None = None,
        lang: str = "en",
        **fields: Any,
    ) -> None:
        check_option("illegal", illegal, ILLEGAL_MODES)
        check_option("rewards", rewards, REWARD_MODES)
        check_option("lang", lang, LANGUAGES)
        if render_mode is not None:
            check_option("render_mode", render_mode, ("human", "ansi"))
        self.game, self.config = resolve(game, config, fields)
        players = self.config.players
        if not 0 <= seat < players:
            raise MazzoError(
                f"seat: {seat} is out of range; {players} players sit at 0..{players - 1}"
            )
        self.seat = seat
        self.levels = self._levels(opponents, players - 1)
        self.spaces: GameSpaces = spaces_for(self.game, self.config)
        self.render_mode = render_mode
        self.illegal = illegal
        self.reward_mode = rewards
        self.lang = lang
        low, high = bounds(self.spaces)
        self.observation_space = spaces.Box(low, high, dtype=np.float32)
        self.action_space = spaces.Discrete(self.spaces.action_size)
        self.state = self.game.new_match(self.config)
        self.pending: Pending = NO_PENDING
        self._rng = random.Random()
        self._bots: dict[int, Agent] = {}

    @staticmethod
    def _levels(opponents: str | Sequence[str], count: int) -> list[str]:
        if isinstance(opponents, str):
            return [opponents] * count
        levels = list(opponents)
        if len(levels) != count:
            raise MazzoError(f"opponents: {count} other seats need {count} levels, "
                             f"got {len(levels)}")
        return levels

    # -- the Gymnasium API ------------------------------------------------------------------

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        super().reset(seed=seed)
        self._rng = random.Random(int(self.np_random.integers(_SEED_RANGE)))
        others = [s for s in range(self.config.players) if s != self.seat]
        self._bots = self._make_bots(others)
        self.state = self.game.new_match(self.config)
        self.pending = NO_PENDING
        self._run_others()
        return self._observe(), {}

    def step(
        self, action: np.int64 | int
    ) -> tuple[Observation, SupportsFloat, bool, bool, dict[str, Any]]:
        if self.state.is_terminal:
            raise MazzoError("the match is over; call reset() to start another")
        before = self.state.scores()
        try:
            self.pending, move = self.spaces.advance(self.state, self.pending, int(action))
        except IllegalAction:
            if self.illegal == "raise":
                raise
            return self._observe(), ILLEGAL_PENALTY, True, False, {"illegal": True}
        if move is not None:
            self.state.apply(move)
            self._run_others()
        return self._observe(), self._reward(before), self.state.is_terminal, False, {}

    def action_masks(self) -> npt.NDArray[np.bool_]:
        """The legal indices now, as booleans (all false once the match is over)."""
        if self.state.is_terminal:
            return np.zeros(self.spaces.action_size, dtype=np.bool_)
        return self.spaces.mask(self.state, self.pending).astype(np.bool_)

    def render(self) -> str | None:
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode; pass render_mode='ansi'")
            return None
        text = self.game.render(self.state.view(self.seat), self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    # -- inside -----------------------------------------------------------------------------

    def _make_bots(self, others: list[int]) -> dict[int, Agent]:
        """The agents of the other seats for a new episode, seeded from the episode's generator
        (a self-play trainer draws them from a pool instead)."""
        return {
            s: make_agent(self.game, level, seed=self._rng.randrange(_SEED_RANGE))
            for s, level in zip(others, self.levels, strict=True)
        }

    def _observe(self) -> Observation:
        return self.spaces.observe(self.state.view(self.seat), self.pending)

    def _reward(self, before: list[float]) -> float:
        if self.reward_mode == "hand":
            return float(score_deltas(before, self.state.scores())[self.seat])
        if self.state.is_terminal:
            return float(self.state.returns()[self.seat])
        return 0.0

    def _run_others(self) -> None:
        """Play chance and the bots until the learning seat is to move or the match is over."""
        state = self.state
        while not state.is_terminal:
            player = state.current_player
            if player == CHANCE:
                state.apply(state.sample_chance(self._rng))
            elif player == self.seat:
                return
            else:
                turn = Turn(player, state.view(player), state.legal_actions(), self._rng, state)
                state.apply(self._bots[player].act(turn))
