"""The engine protocol every game implements: Game, Config, State, Action, Event and errors.

See ``shared/DESIGN.md``. A :class:`State` is a whole match; it is mutable and cloned explicitly.
Chance (shuffles) is an action like any other, chosen by ``sample_chance(rng)``, so a match is fully
determined by its config and its ``history``.
"""

from __future__ import annotations

import dataclasses
import json
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Final, Protocol, Self, TypeVar

from mazzo.cards import Card, card_by_id, parse_card

CHANCE: Final = -1
TERMINAL: Final = -2

JSON = dict[str, Any]


class MazzoError(Exception):
    """Base of every error the engine raises on purpose."""


class IllegalAction(MazzoError, ValueError):
    """An action that the rules do not allow now; the state is left untouched."""


class ConfigError(MazzoError, ValueError):
    """A configuration value is not allowed; the message names the field and the allowed values.

    :func:`check_choice` and :func:`check_range` also set ``field`` and ``allowed`` (a list of
    values, or ``{"min": low, "max": high}``) so a lobby form can offer the allowed values.
    """

    def __init__(self, message: str, *, field: str | None = None,
                 allowed: list[object] | dict[str, int | None] | None = None) -> None:
        super().__init__(message)
        self.field = field
        self.allowed = allowed


# --- cards in JSON -----------------------------------------------------------------------------


def card_token(c: Card) -> str:
    """Exact, readable card text for JSON: ``7♥``, its twin ``7♥'``, ``J★''``, ``7 giallo``."""
    return str(c) + "'" * c.copy


_TOKEN_CACHE: dict[str, Card] = {}


def card_from_token(token: str) -> Card:
    """Inverse of :func:`card_token` (cached: bots read views often)."""
    found = _TOKEN_CACHE.get(token)
    if found is None:
        found = parse_card(token)
        _TOKEN_CACHE[token] = found
    return found


def tokens(cards: Sequence[Card]) -> list[str]:
    return [card_token(c) for c in cards]


def _encode(value: Any) -> Any:
    if isinstance(value, Card):
        return card_token(value)
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    return value


def _annotation(tp: Any) -> str:
    """Field annotation as text, whether or not the module postpones annotations."""
    if isinstance(tp, str):
        return tp
    return "Card" if tp is Card else str(tp).replace("mazzo.cards.", "")


def _decode(annotation: str, value: Any) -> Any:
    """Decode one field by its (string) annotation; only cards need work."""
    if annotation == "Card":
        return card_from_token(value) if isinstance(value, str) else card_by_id(int(value))
    if annotation.startswith("tuple[Card"):
        return tuple(
            card_from_token(v) if isinstance(v, str) else card_by_id(int(v)) for v in value
        )
    if annotation.startswith("tuple"):
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    return value


# --- actions and events ------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class Action:
    """Base of every action: a frozen dataclass with a ``kind`` used in JSON.

    ``secret`` marks moves other seats must not see when made (bids, crib discards): UIs say
    only that a choice was made.
    """

    kind: ClassVar[str] = "action"
    secret: ClassVar[bool] = False

    def to_json(self) -> JSON:
        out: JSON = {"type": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _encode(getattr(self, f.name))
        return out

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> Self:
        fields = dataclasses.fields(cls)
        kwargs = {f.name: _decode(_annotation(f.type), data[f.name]) for f in fields}
        return cls(**kwargs)


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for people and logs; each game's ``text`` module translates it."""

    kind: ClassVar[str] = "event"

    def to_json(self) -> JSON:
        out: JSON = {"type": self.kind}
        for f in dataclasses.fields(self):
            out[f.name] = _encode(getattr(self, f.name))
        return out


A = TypeVar("A", bound=Action)


def action_from_json(types: Sequence[type[Action]], data: Mapping[str, Any]) -> Action:
    """Decode an action JSON dict given the game's action classes."""
    kind = data.get("type")
    for cls in types:
        if cls.kind == kind:
            try:
                return cls.from_fields(data)
            except (KeyError, TypeError, ValueError) as exc:
                raise IllegalAction(f"malformed {kind!r} action {dict(data)!r}: {exc}") from exc
    known = ", ".join(t.kind for t in types)
    raise IllegalAction(f"unknown action type {kind!r}; this game knows: {known}")


# --- config ------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Config:
    """Base of every game's config: frozen, validated, JSON round-trip."""

    players: int = 2

    def validate(self) -> None:
        """Raise :class:`ConfigError` naming the first bad field. Subclasses extend this."""
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            default = f.default
            if default is dataclasses.MISSING or default is None:
                continue
            expected = type(default)
            ok = isinstance(value, expected) and not (
                expected is int and isinstance(value, bool)
            )
            if expected is float and isinstance(value, int) and not isinstance(value, bool):
                ok = True
            if not ok:
                raise ConfigError(
                    f"{f.name}: expected {expected.__name__}, got {value!r}"
                )

    def to_json(self) -> JSON:
        return {f.name: _encode(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        names = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - set(names))
        if unknown:
            raise ConfigError(
                f"{unknown[0]}: unknown field; allowed fields: {', '.join(sorted(names))}"
            )
        kwargs: dict[str, Any] = {}
        for key, value in data.items():
            kwargs[key] = tuple(value) if isinstance(value, list) else value
        config = cls(**kwargs)
        config.validate()
        return config

    def replace(self, **changes: Any) -> Self:
        """A validated copy with some fields changed (unknown fields raise ConfigError)."""
        names = {f.name for f in dataclasses.fields(self)}
        for key in changes:
            if key not in names:
                raise ConfigError(f"{key}: unknown field; allowed: {', '.join(sorted(names))}")
        config = dataclasses.replace(self, **changes)
        config.validate()
        return config

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True)


def check_choice(field: str, value: object, allowed: Sequence[object]) -> None:
    """Raise ConfigError unless ``value`` is one of ``allowed``."""
    if value not in allowed:
        shown = ", ".join(repr(a) for a in allowed)
        raise ConfigError(f"{field}: {value!r} is not allowed; choose one of {shown}",
                          field=field, allowed=list(allowed))


def check_range(field: str, value: int, low: int, high: int | None = None) -> None:
    """Raise ConfigError unless ``low <= value <= high``."""
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise ConfigError(f"{field}: {value!r} is out of range; allowed {bound}",
                          field=field, allowed={"min": low, "max": high})


# --- state -------------------------------------------------------------------------------------


class State(ABC):
    """A whole match. Subclasses implement the rules; this base holds history and events.

    ``history`` lists every applied action (chance included), so ``replay`` rebuilds the match.
    """

    game: Game
    config: Config
    history: list[Action]
    events: list[Event]

    def __init__(self, game: Game, config: Config) -> None:
        self.game = game
        self.config = config
        self.history = []
        self.events = []

    # -- whose turn -------------------------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int:
        """A seat ``0..n-1``, or :data:`CHANCE`, or :data:`TERMINAL`."""

    @property
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    @property
    def is_chance(self) -> bool:
        return self.current_player == CHANCE

    @property
    def num_players(self) -> int:
        return self.config.players

    @property
    @abstractmethod
    def phase(self) -> str:
        """Named phase, e.g. ``"bid"``, ``"pegging"``; ``"over"`` at the end."""

    @property
    @abstractmethod
    def hand_number(self) -> int:
        """1-based number of the current hand (deal)."""

    # -- moves ------------------------------------------------------------------------------

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The actions of the player to move, in a deterministic order.

        Never empty at a player node; empty at a terminal node. At a chance node the outcomes
        are too many to list (deck orders): use :meth:`sample_chance`, whose outcome ``apply``
        validates.
        """

    @abstractmethod
    def sample_chance(self, rng: random.Random) -> Action:
        """At a chance node, draw an outcome with ``rng`` (the state itself holds no RNG)."""

    def apply(self, action: Action) -> None:
        """Check ``action`` then play it; an illegal one raises IllegalAction, changing nothing."""
        self.check(action)
        self.events = []
        self._apply(action)
        self.history.append(action)

    def check(self, action: Action) -> None:
        """Raise IllegalAction with the reason unless ``action`` is legal now."""
        player = self.current_player
        if player == TERMINAL:
            raise IllegalAction(f"the match is over; {action} cannot be played")
        if player == CHANCE:
            self._check_chance(action)
            return
        if action not in self.legal_actions():
            raise IllegalAction(self._why_illegal(action))

    def _why_illegal(self, action: Action) -> str:
        """Reason for rejecting a player action; games override for more precise messages."""
        return f"{action} is not a legal move for seat {self.current_player} in phase {self.phase}"

    @abstractmethod
    def _check_chance(self, action: Action) -> None:
        """Raise IllegalAction unless ``action`` is a valid chance outcome now."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Play an action known to be legal; set ``self.events``."""

    # -- information ------------------------------------------------------------------------

    @abstractmethod
    def view(self, seat: int | None) -> JSON:
        """JSON-ready dict of exactly what ``seat`` may know (``None``: a spectator)."""

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A full state consistent with ``view(seat)``: hidden cards redealt at random.

        The sampled world has an empty ``history``: the true past (the shuffles) would reveal
        the very cards the seat cannot see.
        """
        world = self._determinize(seat, rng)
        world.history = []
        return world

    @abstractmethod
    def _determinize(self, seat: int, rng: random.Random) -> Self:
        """The game's redeal of every card ``seat`` cannot see, keeping all it knows."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Running match score per seat."""

    @abstractmethod
    def returns(self) -> list[float]:
        """Final result per seat (the RL reward); all zero before the end."""

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy: applying to one never changes the other."""

    @abstractmethod
    def cards_in_play(self) -> list[Card]:
        """Every card of the game's deck(s), wherever it is now (for the conservation check)."""

    def winners(self) -> list[int]:
        """Seats with the best return at terminal; empty before."""
        if not self.is_terminal:
            return []
        result = self.returns()
        best = max(result)
        return [s for s, r in enumerate(result) if r == best]

    def __str__(self) -> str:
        return json.dumps(self.view(None), ensure_ascii=False)


# --- game --------------------------------------------------------------------------------------


class GameText(Protocol):
    """What a game's ``text`` module provides (Italian and English)."""

    def describe_action(self, action: Action, lang: str = "en") -> str: ...

    def describe_event(self, event: Event, lang: str = "en") -> str: ...

    def render(self, view: JSON, lang: str = "en") -> str: ...

    def rules_summary(self, lang: str = "en") -> str: ...


class Game(ABC):
    """A registered rule set: its config and state classes, its text module and its bots."""

    id: ClassVar[str]
    title_it: ClassVar[str]
    title_en: ClassVar[str]
    config_class: ClassVar[type[Config]]
    state_class: ClassVar[type[State]]
    text: ClassVar[GameText]
    action_types: ClassVar[tuple[type[Action], ...]]
    player_counts: ClassVar[tuple[int, ...]]
    variants: ClassVar[tuple[str, ...]] = ()
    #: random matches the conformance suite plays for each of :meth:`test_configs`
    conformance_matches: ClassVar[int] = 200

    def title(self, lang: str = "en") -> str:
        return self.title_it if lang == "it" else self.title_en

    def config(self, **fields: Any) -> Config:
        """A validated config; unknown fields raise ConfigError."""
        return self.config_class().replace(**fields)

    def new_match(self, config: Config | None = None) -> State:
        """The initial state (a chance node: the first shuffle) of a validated config."""
        cfg = self.config_class() if config is None else config
        if not isinstance(cfg, self.config_class):
            raise ConfigError(
                f"{self.id} needs a {self.config_class.__name__}, not {type(cfg).__name__}"
            )
        cfg.validate()
        return self._new_state(cfg)

    def _new_state(self, config: Config) -> State:
        return self.state_class(self, config)

    def action_from_json(self, data: Mapping[str, Any]) -> Action:
        return action_from_json(self.action_types, data)

    # -- RL action space --------------------------------------------------------------------

    @abstractmethod
    def action_space(self, config: Config) -> int:
        """Size of the finite player-action space (chance outcomes excluded)."""

    @abstractmethod
    def action_index(self, config: Config, action: Action) -> int:
        """Stable integer of a player action in ``range(action_space(config))``."""

    @abstractmethod
    def action_at(self, config: Config, index: int) -> Action:
        """Inverse of :meth:`action_index`."""

    # -- testing and people -----------------------------------------------------------------

    @abstractmethod
    def test_configs(self) -> list[Config]:
        """Every player count and variant, with short targets: what conformance plays."""

    def conformance_plan(self) -> list[tuple[Config, int]]:
        """Each test config with its number of random matches (override to weight configs)."""
        return [(config, self.conformance_matches) for config in self.test_configs()]

    def describe_action(self, action: Action, lang: str = "en") -> str:
        return self.text.describe_action(action, lang)

    def describe_event(self, event: Event, lang: str = "en") -> str:
        return self.text.describe_event(event, lang)

    def render(self, view: JSON, lang: str = "en") -> str:
        """The table as one seat sees it, for a terminal."""
        return self.text.render(view, lang)

    def rules_summary(self, lang: str = "en") -> str:
        return self.text.rules_summary(lang)

    def bots(self) -> dict[str, Callable[[int | None], Any]]:
        """Game-specific bot factories by name: ``name -> factory(seed) -> Agent``."""
        return {}

    def subcommands(self) -> dict[str, Callable[[list[str]], int]]:
        """Extra CLI commands, run as ``mazzo <game id> <name> ARGS`` (e.g. cribbage analyze)."""
        return {}
