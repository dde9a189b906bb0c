"""A PettingZoo AEC environment for any mazzo game and config.

Agents are ``player_0..player_{n-1}`` (seat order). Chance (shuffles, the first dealer) is played
inside the env with the RNG seeded by ``reset(seed=)``. Each agent observes
``{"observation": float32 vector, "action_mask": int8 vector}`` built by the game's
:class:`~mazzo.rl.spaces.GameSpaces` from its own view only. A move chosen in several steps (a
Burraco meld's cards) keeps the same agent selected until the move is complete.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import logger, spaces
from pettingzoo import AECEnv

from mazzo.engine.game import Action, Config, Game, IllegalAction, State
from mazzo.rl._match import (
    ILLEGAL_MODES,
    ILLEGAL_PENALTY,
    LANGUAGES,
    REWARD_MODES,
    check_option,
    play_chance,
    resolve,
    score_deltas,
)
from mazzo.rl.spaces import NO_PENDING, GameSpaces, Observation, Pending, bounds, spaces_for

AgentID = str
ObsDict = dict[str, np.ndarray[Any, Any]]


def agent_name(seat: int) -> AgentID:
    return f"player_{seat}"


class MazzoAECEnv(AECEnv[AgentID, ObsDict, int | None]):
    """Every seat of one mazzo match as PettingZoo agents (see :func:`mazzo.rl.aec_env`)."""

    #: turn-based: ``parallel_env`` wraps it with PettingZoo's ``turn_based_aec_to_parallel``
    metadata = {"render_modes": ["human", "ansi"], "is_parallelizable": True, "render_fps": 1}

    def __init__(
        self,
        game: Game | str,
        *,
        render_mode: str | None = None,
        illegal: str = "raise",
        rewards: str = "final",
        config: Config | None = None,
        lang: str = "en",
        max_cycles: int | None = None,
        **fields: Any,
    ) -> None:
        super().__init__()
        check_option("illegal", illegal, ILLEGAL_MODES)
        check_option("rewards", rewards, REWARD_MODES)
        check_option("lang", lang, LANGUAGES)
        if render_mode is not None:
            check_option("render_mode", render_mode, ("human", "ansi"))
        if max_cycles is not None and max_cycles < 1:
            raise ValueError(f"max_cycles must be a positive number of moves, not {max_cycles}")
        self.max_cycles = max_cycles
        self.game, self.config = resolve(game, config, fields)
        self.spaces: GameSpaces = spaces_for(self.game, self.config)
        self.render_mode = render_mode
        self.illegal = illegal
        self.reward_mode = rewards
        self.lang = lang
        self.metadata = {**self.metadata, "name": f"mazzo_{self.game.id}_v0"}
        self.possible_agents = [agent_name(s) for s in range(self.config.players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        low, high = bounds(self.spaces)
        observation = spaces.Box(low, high, dtype=np.float32)
        mask = spaces.Box(0, 1, (self.spaces.action_size,), np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": observation, "action_mask": mask})
            for agent in self.possible_agents
        }
        self.state_space = spaces.Box(np.tile(low, self.config.players),
                                      np.tile(high, self.config.players), dtype=np.float32)
        self.action_spaces = {
            agent: spaces.Discrete(self.spaces.action_size) for agent in self.possible_agents
        }
        self._rng = random.Random()
        #: the engine's match (PettingZoo keeps the name ``state`` for :meth:`state`)
        self.match: State = self.game.new_match(self.config)
        self.pending: Pending = NO_PENDING
        self.cycles = 0
        self._seen: tuple[State, tuple[int, int], Observation] | None = None

    # -- spaces -----------------------------------------------------------------------------

    def observation_space(self, agent: AgentID) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: AgentID) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the AEC loop -----------------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = random.Random(seed)
        self.match = self.game.new_match(self.config)
        self.pending = NO_PENDING
        self.cycles = 0
        play_chance(self.match, self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[AgentID, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = agent_name(self.match.current_player)

    def observe(self, agent: AgentID) -> ObsDict:
        seat = self._seat[agent]
        state = self.match
        to_move = seat == state.current_player
        pending = self.pending if to_move else NO_PENDING
        if self.spaces.multi_step:
            observation = self.spaces.with_pending(self._seen_by(seat), pending)
        else:
            observation = self.spaces.observe(state.view(seat), NO_PENDING)
        if to_move:
            mask = self.spaces.mask(state, pending)
        else:
            mask = np.zeros(self.spaces.action_size, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def state(self) -> np.ndarray[Any, Any]:
        """The global state for centralised training: every seat's own observation, end to
        end (what the players know between them; the stock's order and cards nobody has seen
        are in no part of it)."""
        return np.concatenate([self.spaces.observe(self.match.view(seat), NO_PENDING)
                               for seat in range(self.config.players)])

    def _seen_by(self, seat: int) -> Observation:
        """The seat's observation with nothing pending, kept while the state stays put: the
        steps of a multi-step move (a meld card by card, a poker draw) see the same view, so
        it is neither built by the engine nor encoded again. A state that moved on has a longer
        ``history`` (every ``apply`` extends it)."""
        state = self.match
        key = (seat, len(state.history))
        seen = self._seen
        if seen is None or seen[0] is not state or seen[1] != key:
            seen = self._seen = (state, key, self.spaces.observe(state.view(seat), NO_PENDING))
        return seen[2]

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalAction(f"{agent} is to move and must choose an index, not None")
        index = int(action)
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        try:
            self.pending, move = self.spaces.advance(self.match, self.pending, index)
        except IllegalAction:
            if self.illegal == "raise":
                raise
            self._penalize(agent)
            return
        if move is not None:
            self._play(move)
        self.cycles += 1
        if (self.max_cycles is not None and self.cycles >= self.max_cycles
                and not any(self.terminations.values())):
            self.truncations = {a: True for a in self.agents}
        self._accumulate_rewards()

    def _play(self, move: Action) -> None:
        """Apply a complete move, then chance, and pay rewards; select the next agent."""
        before = self.match.scores() if self.reward_mode == "hand" else []
        self.match.apply(move)
        play_chance(self.match, self._rng)
        if self.reward_mode == "hand":
            for seat, delta in enumerate(score_deltas(before, self.match.scores())):
                self.rewards[agent_name(seat)] = float(delta)
        if self.match.is_terminal:
            if self.reward_mode == "final":
                for seat, value in enumerate(self.match.returns()):
                    self.rewards[agent_name(seat)] = float(value)
            self.terminations = {a: True for a in self.agents}
            return
        self.agent_selection = self.possible_agents[self.match.current_player]

    def _penalize(self, agent: AgentID) -> None:
        """``illegal="penalize"``: the offender gets the penalty and the match ends for all."""
        self.rewards[agent] = ILLEGAL_PENALTY
        self.pending = NO_PENDING
        self.terminations = {a: True for a in self.agents}
        self.infos[agent] = {"illegal": True}
        self._accumulate_rewards()

    # -- people -----------------------------------------------------------------------------

    def render(self) -> str | None:
        """The table as the seat to move sees it: returned (``ansi``) or printed (``human``)."""
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode; pass render_mode='ansi'")
            return None
        player = self.match.current_player
        text = self.game.render(self.match.view(player if player >= 0 else None), self.lang)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass
