"""What an agent sees on its turn, and the agent protocol."""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Protocol

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
