"""The engine protocol every game implements: Game, Config, State, Action, Event and errors.

docs/engine.md describes the protocol for game authors and library users. A :class:`State` is a
whole match; it is mutable and cloned explicitly.
Chance (shuffles) is an action like any other, chosen by ``sample_chance(rng)``, so a match is fully
determined by its config and its ``history``.
"""

from __future__ import annotations

import dataclasses
import json
import random
import typing
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Final, Protocol, Self, SupportsIndex, TypeVar

from mazzo.cards import Card
from mazzo.engine.bot_levels import BotLevels
from mazzo.engine.fields import SHORT_LIMIT as SHORT_LIMIT
from mazzo.engine.fields import BadField, encode_value, field_docs, field_names
from mazzo.engine.fields import Decoder as Decoder
from mazzo.engine.fields import card_from_token as card_from_token
from mazzo.engine.fields import card_token as card_token
from mazzo.engine.fields import field_decoders as field_decoders
from mazzo.engine.fields import short as short
from mazzo.engine.fields import tokens as tokens
from mazzo.engine.quick_init import quick_init as quick_init
from mazzo.engine.refusals import explain_common
from mazzo.engine.review import ReviewRules

if TYPE_CHECKING:  # lessons name the state and config classes of this module
    from mazzo.engine.lessons import Lesson

CHANCE: Final = -1
TERMINAL: Final = -2

JSON = dict[str, Any]


class MazzoError(Exception):
    """Base of every error the engine raises on purpose.

    The message is English; ``italian``, where the raiser gives it, is the same message in
    Italian. :meth:`text` is the one place that picks an error's message in a language (the
    ``mazzo`` command prints ``exc.text(lang)``); a subclass whose message is ``PLACE:
    problem`` (:class:`ConfigError`, ``RecordError``) keeps the place and says the problem.
    """

    def __init__(self, *args: object, italian: str | None = None) -> None:
        super().__init__(*args)
        self.italian = italian

    def text(self, lang: str) -> str:
        """The message in ``lang``: Italian where the raiser gave it, else the English one."""
        if lang == "it" and self.italian is not None:
            return self.italian
        return str(self)


class IllegalAction(MazzoError, ValueError):
    """An action that the rules do not allow now; the state is left untouched.

    Besides the English message, a refusal may carry a machine reason: ``code`` (e.g.
    ``"must_follow"``) and ``params`` (e.g. ``{"suit": "♥"}``), which :meth:`Game.explain_illegal`
    turns into words in the player's language. An empty code means "no precise reason".
    """

    def __init__(
        self, message: str, code: str = "", params: Mapping[str, Any] | None = None
    ) -> None:
        super().__init__(message)
        self.code = code
        self.params: dict[str, Any] = dict(params or {})


class ConfigError(MazzoError, ValueError):
    """A configuration value is not allowed; the message names the field and the allowed values.

    :func:`check_choice` and :func:`check_range` also set ``field`` and ``allowed`` (a list of
    values, or ``{"min": low, "max": high}``) so a lobby form can offer the allowed values. A rule
    between fields that a lobby's form lets people break also says it in Italian (``italian``,
    the message's words after the field), for :meth:`text`.
    """

    def __init__(self, message: str, *, field: str | None = None,
                 allowed: list[object] | dict[str, int | None] | None = None,
                 italian: str | None = None) -> None:
        super().__init__(message, italian=italian)
        self.field = field
        self.allowed = allowed

    def text(self, lang: str) -> str:
        """The message in ``lang``: the field, then the Italian words where the raiser gave them
        (``italian`` is what follows the field here), else the English message."""
        if lang == "it" and self.italian is not None:
            field = str(self).split(":", 1)[0]
            return f"{field}: {self.italian}"
        return str(self)


class MalformedAction(IllegalAction):
    """Action JSON of the wrong shape, refused before any rule is asked.

    ``place`` says where inside the action (``cards[2]``, ``type``; empty for the action as a
    whole) and ``problem`` what is wrong there, so a record can name ``history[17].cards[2]``.
    """

    def __init__(self, place: str, problem: str, kind: str | None = None,
                 italian: str | None = None) -> None:
        self.place = place
        self.problem = problem
        #: ``problem`` in Italian (the English one where the raiser gave none)
        self.problem_it = problem if italian is None else italian
        what = f"{kind!r} action" if kind else "action"
        where = f"{place}: " if place else ""
        super().__init__(f"malformed {what}: {where}{problem}")
        what_it = f"azione {kind!r}" if kind else "azione"
        self.italian = f"{what_it} malformata: {where}{self.problem_it}"


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
        for name in field_names(type(self)):
            out[name] = encode_value(getattr(self, name))
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        """Inverse of :meth:`to_json`: ``data["type"]`` must be this class's ``kind``."""
        return typing.cast(Self, action_from_json([cls], data))

    @classmethod
    def from_fields(cls, data: Mapping[str, Any]) -> Self:
        """The action whose JSON fields are ``data`` (plus its ``type``), each checked against
        its annotation; a missing, unknown or wrong-typed field raises :class:`MalformedAction`
        naming it."""
        if not isinstance(data, Mapping):
            raise MalformedAction("", f"expected an object, got {short(data)}", cls.kind,
                                  f"serve un oggetto, non {short(data)}")
        decoders = field_decoders(cls)
        kwargs: dict[str, Any] = {}
        for name, decode in decoders:
            if name not in data:
                raise MalformedAction(name, "missing", cls.kind, "manca")
            try:
                kwargs[name] = decode(data[name])
            except BadField as bad:
                raise MalformedAction(name + bad.place, bad.problem, cls.kind,
                                      bad.italian) from None
        if len(data) != len(decoders) + ("type" in data):
            extra = sorted(str(k) for k in data if k != "type" and k not in kwargs)
            fields = ", ".join(name for name, _ in decoders) or "no fields"
            fields_it = ", ".join(name for name, _ in decoders) or "nessun campo"
            raise MalformedAction(
                "", f"unknown field {short(extra[0])}; this action has {fields}", cls.kind,
                f"campo sconosciuto {short(extra[0])}; questa azione ha {fields_it}",
            )
        return cls(**kwargs)


@dataclasses.dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, for people and logs; each game's ``text`` module translates it."""

    kind: ClassVar[str] = "event"

    def to_json(self) -> JSON:
        out: JSON = {"type": self.kind}
        for name in field_names(type(self)):
            out[name] = encode_value(getattr(self, name))
        return out


A = TypeVar("A", bound=Action)
def action_from_json(types: Sequence[type[Action]], data: Mapping[str, Any]) -> Action:
    """Decode an action JSON object given the game's action classes.

    Anything but an object of a known ``type`` with exactly its fields, each of its annotated
    type, raises :class:`MalformedAction` (an :class:`IllegalAction`) naming the place.
    """
    if not isinstance(data, Mapping):
        raise MalformedAction("", f"expected an object, got {short(data)}",
                              italian=f"serve un oggetto, non {short(data)}")
    if "type" not in data:
        raise MalformedAction("type", "missing", italian="manca")
    kind = data["type"]
    if not isinstance(kind, str):
        raise MalformedAction("type", f"expected a string, got {short(kind)}",
                              italian=f"serve una stringa, non {short(kind)}")
    for cls in types:
        if cls.kind == kind:
            return cls.from_fields(data)
    known = ", ".join(t.kind for t in types)
    raise MalformedAction("type", f"unknown action type {short(kind)}; this game knows: {known}",
                          italian=f"tipo di azione sconosciuto {short(kind)}; questo gioco "
                                  f"conosce: {known}")


# --- config ------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Config:
    """Base of every game's config: frozen, validated, JSON round-trip."""

    #: the game's id, for messages
    game_id: ClassVar[str] = ""
    #: every player count the game supports, fewest first: the one source of truth that
    #: validation, ``Game.player_counts``, ``mazzo games`` and the menu all read (empty: any)
    player_counts: ClassVar[tuple[int, ...]] = ()
    #: the lobby's words that are the game's own, beside the English help lines (the fields'
    #: ``#:`` comments): each field's help line in Italian; a field the game names its own way
    #: (name -> (Italian, English) label); a value that means something of this game's own
    #: (name -> value -> (Italian, English)). ``/api/games`` sends them with the fields.
    italian_docs: ClassVar[dict[str, str]] = {}
    field_labels: ClassVar[dict[str, tuple[str, str]]] = {}
    value_labels: ClassVar[dict[str, dict[str, tuple[str, str]]]] = {}

    players: int = 2

    def validate(self) -> None:
        """Raise :class:`ConfigError` naming the first bad field. Subclasses extend this."""
        self._validate_types()
        check_players(self.game_id, self.players, self.player_counts)

    def _validate_types(self) -> None:
        """Each field holds a value of its default's type (an int is a float too)."""
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
                    f"{f.name}: expected {expected.__name__}, got {short(value)}",
                    italian=f"serve {_KIND_IT.get(expected, expected.__name__)}, non "
                            f"{short(value)}",
                )
            if expected is tuple and default:
                _check_items(f.name, value, type(default[0]))

    def to_json(self) -> JSON:
        return {f.name: encode_value(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Self:
        names = {f.name: f for f in dataclasses.fields(cls)}
        unknown = sorted(set(data) - set(names))
        if unknown:
            raise unknown_field(unknown[0], names)
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
                raise unknown_field(key, names)
        config = dataclasses.replace(self, **changes)
        config.validate()
        return config

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, sort_keys=True)

    @classmethod
    def field_docs(cls) -> dict[str, str]:
        """Each field's own documentation: the ``#:`` comment lines just above it in the
        class's source, joined (a lobby shows them as the field's help line; fields without
        one are left out). Read from the source so the comment stays the only copy."""
        return field_docs(cls)


def _check_items(field: str, value: tuple[Any, ...], item_type: type) -> None:
    """Each item of a tuple field has the type of the default's items (``suit_order``: str)."""
    for index, item in enumerate(value):
        if not isinstance(item, item_type) or (item_type is int and isinstance(item, bool)):
            raise ConfigError(
                f"{field}[{index}]: expected {item_type.__name__}, got {short(item)}",
                italian=f"serve {_KIND_IT.get(item_type, item_type.__name__)}, non {short(item)}",
            )


#: what a config field of each type holds, in Italian (for :class:`ConfigError`'s ``italian``)
_KIND_IT: dict[type, str] = {int: "un numero intero", float: "un numero", str: "un testo",
                             bool: "true o false", tuple: "una lista"}


def unknown_field(name: str, names: Iterable[str]) -> ConfigError:
    """The error for a config field that does not exist, listing those that do."""
    known = ", ".join(sorted(names))
    return ConfigError(f"{name}: unknown field; allowed fields: {known}",
                       italian=f"campo sconosciuto; i campi sono: {known}")


def check_choice(field: str, value: object, allowed: Sequence[object]) -> None:
    """Raise ConfigError unless ``value`` is one of ``allowed``."""
    if value not in allowed:
        shown = ", ".join(repr(a) for a in allowed)
        raise ConfigError(f"{field}: {short(value)} is not allowed; choose one of {shown}",
                          field=field, allowed=list(allowed),
                          italian=f"{short(value)} non è ammesso; scegli tra {shown}")


def format_counts(counts: Sequence[int]) -> str:
    """Player counts for people: a run of three or more as ``2–7``, else ``2, 4``."""
    run = list(range(counts[0], counts[-1] + 1)) if counts else []
    if len(counts) > 2 and list(counts) == run:
        return f"{counts[0]}–{counts[-1]}"
    return ", ".join(str(c) for c in counts)


def check_players(game_id: str, players: int, counts: Sequence[int]) -> None:
    """Raise ConfigError unless ``players`` is one of the game's advertised ``counts``."""
    if counts and players not in counts:
        who, chi = (game_id, game_id) if game_id else ("this game", "questo gioco")
        raise ConfigError(
            f"players: {players} is out of range; {who} is played by {format_counts(counts)}",
            italian=f"{players} non va; {chi} si gioca in {format_counts(counts)}",
        )


def check_range(field: str, value: int, low: int, high: int | None = None) -> None:
    """Raise ConfigError unless ``low <= value <= high``."""
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        limite = f"da {low} a {high}" if high is not None else f"da {low} in su"
        raise ConfigError(f"{field}: {short(value)} is out of range; allowed {bound}",
                          field=field, allowed={"min": low, "max": high},
                          italian=f"{short(value)} è fuori dai limiti; ammesso {limite}")


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

    def listed_actions(self) -> Sequence[Action]:
        """:meth:`legal_actions`, the same moves in the same order, as a sequence the caller
        must not change: a game that keeps its listing may hand it out without a copy (a
        search's random rollout asks at every step)."""
        return self.legal_actions()

    @abstractmethod
    def sample_chance(self, rng: random.Random) -> Action:
        """At a chance node, draw an outcome with ``rng`` (the state itself holds no RNG)."""

    def apply(self, action: Action) -> None:
        """Check ``action`` then play it; an illegal one raises IllegalAction, changing nothing.

        Should ``_apply`` itself raise, the events of the previous move stay in ``events`` (a
        UI still shows them) instead of an empty list that reports nothing happened.
        """
        self.check(action)
        previous = self.events
        self.events = []
        try:
            self._apply(action)
        except BaseException:
            self.events = previous
            raise
        self.history.append(action)

    def apply_listed(self, action: Action) -> None:
        """Play ``action`` taken a moment ago from this state's own ``legal_actions()`` or
        ``sample_chance()``, without checking it again (a search plays millions of such moves).
        Never for moves from outside. Only this class's :meth:`apply` is split this way: a game
        that overrides ``apply`` (to drop kept view parts, say) is played through its own."""
        self.events = []
        self._apply(action)
        self.history.append(action)

    def random_moves(self, rng: random.Random, stop_hand: int | None, cap: int) -> int:
        """Play uniformly random moves for the seats, at most ``cap``, until a chance node, the
        end of the match or hand ``stop_hand`` (``hand_number >= stop_hand``); return how many
        were played. Each move is the listed one at the standard draw below the listing's
        length (one ``rng.getrandbits(n.bit_length())`` per try, as ``Random.randrange``), so
        ``rng`` must draw as ``random.Random`` does. A search's random rollouts run here (most
        of its time): a game may override it for speed, playing the same moves, draw for draw,
        and leaving the same state (events included) as this loop."""
        play = self.apply_listed if type(self).apply is State.apply else self.apply
        listed_actions = self.listed_actions
        getrandbits = rng.getrandbits
        played = 0
        while played < cap:
            if self.current_player < 0 or (stop_hand is not None
                                           and self.hand_number >= stop_hand):
                return played
            legal = listed_actions()
            n = len(legal)
            bits = n.bit_length()
            pick = getrandbits(bits)
            while pick >= n:
                pick = getrandbits(bits)
            play(legal[pick])
            played += 1
        return played

    def check(self, action: Action) -> None:
        """Raise IllegalAction with the reason unless ``action`` is legal now."""
        player = self.current_player
        if player == TERMINAL:
            raise IllegalAction(f"the match is over; {action} cannot be played")
        if player == CHANCE:
            self._check_chance(action)
            return
        if action not in self.legal_actions():
            raise self._refusal(action)

    def _refusal(self, action: Action) -> IllegalAction:
        """The error refusing a player action, with a machine reason where the game has one;
        games override this (or only :meth:`_why_illegal`) for more precise reasons."""
        return IllegalAction(self._why_illegal(action))

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

    def view_scores(self) -> Any:
        """``view(None).get("scores")``: a game may give it without building the view (the
        search values a rollout cut off inside a game by it, at every iteration)."""
        return self.view(None).get("scores")

    def determinize(self, seat: int, rng: random.Random) -> Self:
        """A full state consistent with ``view(seat)``: hidden cards redealt at random.

        The sampled world has an empty ``history``: the true past (the shuffles) would reveal
        the very cards the seat cannot see.
        """
        world = self._determinize(seat, rng)
        world.history = []
        return world

    def world_sampler(self, seat: int) -> Callable[[random.Random], Self]:
        """:meth:`determinize` for ``seat`` as a function of the generator, valid while this
        state does not change: a game may work out once what every world of the seat shares (a
        search draws one world per iteration from the same state). The same worlds, draw for
        draw, as :meth:`determinize`."""
        determinize = self.determinize
        return lambda rng: determinize(seat, rng)

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

    def __deepcopy__(self, memo: dict[int, Any]) -> Self:
        """``copy.deepcopy`` is :meth:`clone`: the same independent copy, which shares the
        read-only view parts as they are. A generic deep copy would turn them into plain lists
        and dicts (:mod:`mazzo.engine.frozen`) that the copy's later views would all hand out,
        so that a caller's change to one view would show in the next."""
        other = self.clone()
        memo[id(self)] = other
        return other

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
    #: the same tuple as ``config_class.player_counts`` (games assign it from there)
    player_counts: ClassVar[tuple[int, ...]]
    variants: ClassVar[tuple[str, ...]] = ()
    #: random matches the conformance suite plays for each of :meth:`test_configs`
    conformance_matches: ClassVar[int] = 200
    #: whether the seed of a chance action may be made public as soon as its hand is over
    #: (True), or only at the end of the match (False). True only for a game whose rules show,
    #: by the end of every hand, every card that seed placed: a seed fixes the whole deal, so
    #: revealing it earlier would uncover what the rules keep hidden for good (a folded hand,
    #: the rest of the stock, who laid which card away), and that tells how a player plays
    #: while the match goes on. The table server reads it (docs/server.md, "What is revealed,
    #: and when")
    seeds_public_after_hand: ClassVar[bool] = False
    #: the parts of a seat's view that make a finished hand's score sheet (what the game's board
    #: draws as "the last hand"), besides its scores; the table server's log keeps them per hand
    sheet_keys: ClassVar[tuple[str, ...]] = ()
    #: kinds of events that open a new hand inside the action that closed the one before (poker:
    #: the last bet settles the pot and the next hand's antes follow at once), so a log puts
    #: them, and what follows them, with the new hand
    hand_openers: ClassVar[frozenset[str]] = frozenset()

    def title(self, lang: str = "en") -> str:
        return self.title_it if lang == "it" else self.title_en

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        """A built-in game pickles (and copies) as its id: every state holds its game, whose
        tables and caches must not travel with each pickled state, and a loaded state then
        plays with the registry's game, the one every other state shares. Any other game
        pickles as an object of its class, as before."""
        from mazzo.engine import registry  # (it imports this module)

        if registry.is_builtin(self):
            return registry.get_game, (self.id,)
        return super().__reduce_ex__(protocol)

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

    def rules_page(self, lang: str = "en") -> str:
        """The full rules in Markdown, in ``lang`` (``en`` or ``it``): by default the game's
        pages in docs/rules (``mazzo.engine.rules_pages``); MazzoError if none is installed."""
        from mazzo.engine.rules_pages import full_rules  # (it imports this module)

        return full_rules(self.id, lang)

    def explain_illegal(self, exc: IllegalAction, lang: str = "en") -> str:
        """Why a move was refused, in the player's language.

        The game's text module translates its own codes (an optional
        ``describe_illegal(code, params, lang) -> str | None``); the codes every game shares,
        and a generic sentence with the English detail, are the fallback.
        """
        describe = getattr(self.text, "describe_illegal", None)
        if exc.code and describe is not None:
            said: str | None = describe(exc.code, exc.params, lang)
            if said:
                return said
        return explain_common(exc, lang)

    def notes(self, view: JSON, lang: str) -> JSON | None:
        """Notes that help a seat read its own view, or None (the default: the game has none).

        ``{"lines": [text, ...], "cards": [token, ...]}``: lines for the player in ``lang``, and
        the seat's own cards they point at (the table page marks them). ``view`` is a seat's
        view, never a spectator's: notes may speak only of what that view holds, so they can
        tell the seat nothing new. The table server sends them in the seat's frame.
        """
        return None

    def lesson(self) -> Lesson | None:
        """The game's guided first hand (``mazzo.engine.lessons``), or None (the default: the
        game has none yet). It lives in ``games/<id>/lesson.py``."""
        return None

    def sides(self, config: Config) -> tuple[int, ...]:
        """The side of each seat: partners share a side and its result (a rated table rates
        a side as a team). The default: every seat on its own."""
        return tuple(range(config.players))

    def bots(self) -> dict[str, Callable[[int | None], Any]]:
        """Game-specific bot factories by name: ``name -> factory(seed) -> Agent``."""
        return {}

    def bot_levels(self) -> BotLevels | None:
        """How the difficulty levels search this game and the bots it has that are no level
        (``mazzo.engine.bot_levels``); None: a small default search, for a game not measured."""
        return None

    def review_rules(self) -> ReviewRules:
        """How the post-match review values and classes this game's decisions
        (``mazzo.engine.review``): the default rules, in points of the hand, unless the game
        states its own."""
        return ReviewRules()

    def subcommands(self) -> dict[str, Callable[[list[str]], int]]:
        """Extra CLI commands, run as ``mazzo <game id> <name> ARGS`` (e.g. cribbage analyze).

        Each takes its arguments (``--help`` among them) and returns an exit status; it speaks
        the language MAZZO_LANG names (``mazzo`` sets it from ``--lang``), its ``--help`` too.
        Its one-line help in ``mazzo --help`` is :meth:`subcommand_help`'s, else the first line
        of its docstring.
        """
        return {}

    def subcommand_help(self, name: str, lang: str) -> str | None:
        """The one-line help of the game's command ``name`` in ``lang``, for a game that says
        it in words of its own (a table per language); None: the first line of the command's
        docstring, in English."""
        return None
