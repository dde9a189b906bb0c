"""The RL interface of a game: a fixed-length observation and a bounded, maskable action space.

Every wrapper (PettingZoo, Gymnasium, OpenSpiel) is written once against :class:`GameSpaces`.

- The observation is encoded from ``view(seat)`` and the open :class:`Pending` selection only,
  never from the state, so it cannot show a card the seat may not see.
- The action space has at most :data:`MAX_ACTIONS` indices. A move too combinatorial for one
  index (a Burraco meld, a poker amount) is chosen in several steps: each step's index extends a
  :class:`Pending` selection, and :meth:`GameSpaces.advance` returns the engine action once the
  selection is complete. While a selection is open the same seat acts again.
- The mask and ``advance`` read only ``legal_actions()`` of the seat to move.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Protocol

import numpy as np
import numpy.typing as npt

from mazzo.engine.game import JSON, Action, Config, Game, State
from mazzo.engine.registry import get_game

#: the largest action space any game and config may have
MAX_ACTIONS = 4096

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]


@dataclass(frozen=True)
class Pending:
    """The steps already taken towards one engine action (empty: nothing is open)."""

    picks: tuple[int, ...] = ()

    @property
    def is_open(self) -> bool:
        """True while the seat to move is in the middle of a multi-step choice."""
        return bool(self.picks)

    def then(self, index: int) -> Pending:
        return Pending((*self.picks, index))


NO_PENDING = Pending()


@dataclass(frozen=True)
class Field:
    """One named slice of an observation vector: ``vector[start:start + length]``."""

    name: str
    start: int
    length: int
    meaning: str
    #: every value of the field lies in ``[low, high]`` (the observation space's bounds)
    low: float = 0.0
    high: float = 1.0

    @property
    def stop(self) -> int:
        return self.start + self.length


def bounds(spaces: GameSpaces) -> tuple[Observation, Observation]:
    """The per-value lower and upper bounds of the observation, from its fields."""
    low = np.zeros(spaces.observation_size, dtype=np.float32)
    high = np.ones(spaces.observation_size, dtype=np.float32)
    for field in spaces.fields():
        low[field.start:field.stop] = field.low
        high[field.start:field.stop] = field.high
    return low, high


def squash(value: float) -> float:
    """``value / (1 + |value|)``: any number into (-1, 1), order kept, 1 read as 0.5. For the
    numbers with no upper bound (scores, long matches' hand numbers): a linear scale would
    leave the observation space, a clipped one would make large scores alike."""
    return value / (1.0 + abs(value))


class GameSpaces(Protocol):
    """Observation encoding and action space of one game and config."""

    game: Game
    config: Config
    #: fixed length of every observation of this game and config
    observation_size: int
    #: number of action indices (at most :data:`MAX_ACTIONS`)
    action_size: int
    #: whether some move takes several steps (a selection may be open)
    multi_step: bool

    def observe(self, view: JSON, pending: Pending) -> Observation:
        """A fresh float32 vector of ``observation_size`` built from a seat's view only."""
        ...

    def with_pending(self, observation: Observation, pending: Pending) -> Observation:
        """A copy of ``observation`` (made with :data:`NO_PENDING`) with ``pending`` written in:
        the same vector as ``observe(view, pending)``, without encoding the view again."""
        ...

    def mask(self, state: State, pending: Pending) -> Mask:
        """int8 vector of ``action_size``: 1 where the index is legal for the seat to move."""
        ...

    def advance(self, state: State, pending: Pending, index: int) -> tuple[Pending, Action | None]:
        """Apply one index: the next pending selection, and the engine action once complete.

        Returns ``(NO_PENDING, action)`` when the index completes a move and
        ``(pending', None)`` while more steps are needed. An index the mask forbids raises
        :class:`~mazzo.engine.game.IllegalAction` naming the index and the phase; nothing changes.
        """
        ...

    def fields(self) -> list[Field]:
        """The documented layout of the observation, in order, covering it exactly."""
        ...


class ObservationEncoder(Protocol):
    """How a game's views read as vectors (one per game, in ``mazzo.rl.observations``)."""

    size: int

    def encode(self, view: JSON, out: Observation) -> None:
        """Write the encoding of ``view`` into ``out`` (already zeroed, ``size`` long)."""
        ...

    def fields(self) -> list[Field]: ...


class ActionCoder(Protocol):
    """A game's bounded action space (in ``mazzo.rl.actions``), and how its open selection reads.

    The encoding of the pending selection belongs here, next to the steps it describes; it is
    appended after the view's fields (``pending_size`` floats, zero when nothing is open).
    """

    size: int
    pending_size: int

    def mask(self, state: State, pending: Pending) -> Mask: ...

    def advance(
        self, state: State, pending: Pending, index: int
    ) -> tuple[Pending, Action | None]: ...

    def encode_pending(self, pending: Pending, out: Observation) -> None:
        """Write ``pending`` into ``out`` (``pending_size`` long, already zeroed)."""
        ...

    def pending_fields(self, start: int) -> list[Field]: ...


class ComposedSpaces:
    """A :class:`GameSpaces` made of a game's observation encoder and its action coder."""

    def __init__(self, game: Game, config: Config,
                 encoder: ObservationEncoder, actions: ActionCoder) -> None:
        if actions.size > MAX_ACTIONS:
            raise ValueError(f"{game.id}: {actions.size} action indices exceed {MAX_ACTIONS}")
        self.game = game
        self.config = config
        self.encoder = encoder
        self.actions = actions
        self.observation_size = encoder.size + actions.pending_size
        self.action_size = actions.size
        self.multi_step = actions.pending_size > 0

    def observe(self, view: JSON, pending: Pending) -> Observation:
        out = np.zeros(self.observation_size, dtype=np.float32)
        self.encoder.encode(view, out[: self.encoder.size])
        if pending.is_open:
            self.actions.encode_pending(pending, out[self.encoder.size:])
        return out

    def with_pending(self, observation: Observation, pending: Pending) -> Observation:
        out = observation.copy()
        if pending.is_open:
            self.actions.encode_pending(pending, out[self.encoder.size:])
        return out

    def mask(self, state: State, pending: Pending) -> Mask:
        return self.actions.mask(state, pending)

    def advance(self, state: State, pending: Pending, index: int) -> tuple[Pending, Action | None]:
        return self.actions.advance(state, pending, index)

    def fields(self) -> list[Field]:
        return self.encoder.fields() + self.actions.pending_fields(self.encoder.size)


_CACHE: dict[tuple[str, str], GameSpaces] = {}


def spaces_for(game: Game | str, config: Config | None = None) -> GameSpaces:
    """The RL spaces of a game and config (the game's default config if none); cached."""
    resolved = get_game(game) if isinstance(game, str) else game
    cfg = resolved.config_class() if config is None else config
    cfg.validate()
    key = (resolved.id, cfg.dumps())
    found = _CACHE.get(key)
    if found is None:
        module = importlib.import_module(f"mazzo.rl.observations.{resolved.id}")
        encoder: ObservationEncoder = module.encoder(cfg)
        coder = importlib.import_module("mazzo.rl.actions").action_coder(resolved, cfg)
        found = _CACHE[key] = ComposedSpaces(resolved, cfg, encoder, coder)
    return found
