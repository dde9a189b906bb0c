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
from mazzo.rl.spaces import NO_PENDING, GameSpaces, Observation, Pending, spaces_for

AgentID = str
ObsDict = dict[str, np.ndarray[Any, Any]]


def agent_name(seat: int) -> AgentID:
    return f"player_{seat}"


class MazzoAECEnv(AECEnv[AgentID, ObsDict, int | None]):
    """Every seat of one mazzo match as PettingZoo agents (see :func:`mazzo.rl.aec_env`)."""

    metadata = {"render_modes": ["ansi"], "is_parallelizable": False, "render_fps": 1}

    def __init__(
        self,
        game: Game | str,
        *,
        render_mode: str | None = None,
        illegal: str = "raise",
        rewards: str = "final",
        config: Config | None = None,
        lang: str = "en",
        **fields: Any,
    ) -> None:
        super().__init__()
        check_option("illegal", illegal, ILLEGAL_MODES)
        check_option("rewards", rewards, REWARD_MODES)
        check_option("lang", lang, LANGUAGES)
        if render_mode is not None:
            check_option("render_mode", render_mode, ("ansi",))
        self.game, self.config = resolve(game, config, fields)
        self.spaces: GameSpaces = spaces_for(self.game, self.config)
        self.render_mode = render_mode
        self.illegal = illegal
        self.reward_mode = rewards
        self.lang = lang
        self.metadata = {**self.metadata, "name": f"mazzo_{self.game.id}_v0"}
        self.possible_agents = [agent_name(s) for s in range(self.config.players)]
        self._seat = {agent: s for s, agent in enumerate(self.possible_agents)}
        observation = spaces.Box(-np.inf, np.inf, (self.spaces.observation_size,), np.float32)
        mask = spaces.Box(0, 1, (self.spaces.action_size,), np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": observation, "action_mask": mask})
            for agent in self.possible_agents
        }
        self.action_spaces = {
            agent: spaces.Discrete(self.spaces.action_size) for agent in self.possible_agents
        }
        self._rng = random.Random()
        self.state: State = self.game.new_match(self.config)
        self.pending: Pending = NO_PENDING
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
        self.state = self.game.new_match(self.config)
        self.pending = NO_PENDING
        play_chance(self.state, self._rng)
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[AgentID, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = agent_name(self.state.current_player)

    def observe(self, agent: AgentID) -> ObsDict:
        seat = self._seat[agent]
        state = self.state
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

    def _seen_by(self, seat: int) -> Observation:
        """The seat's observation with nothing pending, kept while the state stays put: the
        steps of a multi-step move (a meld card by card, a poker draw) see the same view, so
        it is neither built by the engine nor encoded again. A state that moved on has a longer
        ``history`` (every ``apply`` extends it)."""
        state = self.state
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
            self.pending, move = self.spaces.advance(self.state, self.pending, index)
        except IllegalAction:
            if self.illegal == "raise":
                raise
            self._penalize(agent)
            return
        if move is not None:
            self._play(move)
        self._accumulate_rewards()

    def _play(self, move: Action) -> None:
        """Apply a complete move, then chance, and pay rewards; select the next agent."""
        before = self.state.scores() if self.reward_mode == "hand" else []
        self.state.apply(move)
        play_chance(self.state, self._rng)
        if self.reward_mode == "hand":
            for seat, delta in enumerate(score_deltas(before, self.state.scores())):
                self.rewards[agent_name(seat)] = float(delta)
        if self.state.is_terminal:
            if self.reward_mode == "final":
                for seat, value in enumerate(self.state.returns()):
                    self.rewards[agent_name(seat)] = float(value)
            self.terminations = {a: True for a in self.agents}
            return
        self.agent_selection = self.possible_agents[self.state.current_player]

    def _penalize(self, agent: AgentID) -> None:
        """``illegal="penalize"``: the offender gets the penalty and the match ends for all."""
        self.rewards[agent] = ILLEGAL_PENALTY
        self.pending = NO_PENDING
        self.terminations = {a: True for a in self.agents}
        self.infos[agent] = {"illegal": True}
        self._accumulate_rewards()

    # -- people -----------------------------------------------------------------------------

    def render(self) -> str | None:
        if self.render_mode is None:
            logger.warn("render() was called without a render_mode; pass render_mode='ansi'")
            return None
        player = self.state.current_player
        view = self.state.view(player if player >= 0 else None)
        return self.game.render(view, self.lang)

    def close(self) -> None:
        pass
