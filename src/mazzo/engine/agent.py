"""What an agent sees on its turn, and the agent protocol."""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Protocol, overload

from mazzo.engine.game import JSON, Action, IllegalAction, State


@dataclass
class Turn:
    """One decision: the seat's view and legal actions, nothing else of the state.

    ``sample_state`` lets a search bot draw full states consistent with this view (it calls
    ``State.determinize``), which reveals nothing the view does not.
    """

    seat: int
    view: JSON
    legal: list[Action]
    rng: random.Random
    _state: State = field(repr=False)

    def sample_state(self, rng: random.Random | None = None) -> State:
        return self._state.determinize(self.seat, rng or self.rng)

    def world_sampler(self) -> Callable[[random.Random], State]:
        """:meth:`sample_state`'s worlds, drawn by one function of the generator
        (:meth:`State.world_sampler`): for a search drawing many worlds of this Turn."""
        return self._state.world_sampler(self.seat)

    def refusal(self, action: Action) -> IllegalAction | None:
        """Why ``action`` would be refused now, or None if it is legal: how a front end explains
        a move a person typed. It checks a clone, so the true state cannot change."""
        try:
            self._state.clone().check(action)
        except IllegalAction as exc:
            return exc
        return None

    @property
    def config(self) -> object:
        return self._state.config


class Agent(Protocol):
    """Anything with a ``name`` that picks one of ``turn.legal``."""

    name: str

    def act(self, turn: Turn) -> Action: ...


#: a heuristic's move read off the state: ``(state, seat, legal, rng) -> action``
RolloutMove = Callable[[State, int, list[Action], random.Random], Action]


class ReadsState:
    """``rollout_move = ReadsState("mazzo.games.<game>.rollout")`` on a game's heuristic bot:
    ``bot.rollout_move(state, seat, legal, rng)`` is what ``bot.act`` plays on
    ``state.view(seat)``, read off the state without building the view (the searches'
    rollouts), drawing from the bot's own generator as ``act`` does: that module's
    ``rollout_move(bot, state, seat, legal, rng)`` bound to the bot. The module is imported at
    the first look-up (it builds on the bot's own module); the search looks it up once."""

    def __init__(self, module: str) -> None:
        self.module = module

    @overload
    def __get__(self, bot: None, owner: type) -> ReadsState: ...

    @overload
    def __get__(self, bot: object, owner: type | None = None) -> RolloutMove: ...

    def __get__(self, bot: object, owner: type | None = None) -> ReadsState | RolloutMove:
        if bot is None:
            return self
        reader: Callable[..., Action] = importlib.import_module(self.module).rollout_move
        return partial(reader, bot)
