"""OpenSpiel games for mazzo: ``import mazzo.rl.openspiel`` registers ``mazzo_<game id>``.

``pyspiel.load_game("mazzo_cribbage", {"players": 3, "target": 61})`` then works like any
OpenSpiel game; its parameters are the game's config fields (a tuple field, such as Nebraska's
``suit_order``, is one string with its items joined by ``/``: OpenSpiel's game strings split
on commas).

Chance. OpenSpiel's Python games list every chance outcome with its probability, and its
``SAMPLED_STOCHASTIC`` mode (a hidden RNG inside the state) is for games with no chance nodes at
all, which would hide the shuffles from the algorithms and make states unserialisable. A deck
order has up to 108! outcomes, far too many to list, so the game parameter ``chance`` says how a
shuffle is played:

- ``"deal"`` (the default, the fast one): a shuffle of several cards is one chance node whose
  outcome is a seed among ``DEAL_SEEDS``, each as likely; the engine's own ``sample_chance``,
  with a generator seeded by the outcome and the match's length so far, draws the whole deal.
  Every deal is then a uniform shuffle's, but each chance node reaches only ``DEAL_SEEDS`` of
  them: an algorithm that lists ``chance_outcomes()`` sees a sample of the deals, not all.
- ``"card"``: one explicit chance node per card, drawn uniformly from those not yet drawn
  (outcome id: the card's id), which gives every order exactly the probability of a uniform
  shuffle; the engine receives the whole ``Deal`` with its last card.

In both modes a draw of one card (Cribbage's starter) is one node over the cards it may be, and
the first dealer one node over the seats (outcome id: the seat): those are exact.

Information. The observation tensor is the same vector as the PettingZoo and Gymnasium envs
(:class:`~mazzo.rl.spaces.GameSpaces`), its named pieces in the observer's ``dict``; the
observation string is the seat's view as JSON, plus the open multi-step selection of the seat
to move. The information state adds the seat's own moves (every index it played, sub-steps of a
multi-step move included): all of them in the string, the last ``OWN_MOVES`` in the tensor (one
float each, ``(index + 1) / actions``, most recent first, zero where none). Two histories the seat
can tell apart by its own moves, or by what its view keeps, differ in it; histories differing only
in public moves that the view no longer keeps (a trick of an earlier hand, say), or in own moves
older than the window (the tensor), are merged: perfect recall of the view's and the own moves'
kind, not of every public event. ``resample_from_infostate`` redeals the hidden cards through
``State.determinize`` (keeping the seat's own moves), so OpenSpiel's ISMCTS bot plays every game
without seeing a hidden card. (Plain MCTS would search the true state and see them: do not use
it as an opponent.)
"""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any, Final

import numpy as np
import pyspiel

from mazzo.cards import Card
from mazzo.engine.chance import ChooseDealer
from mazzo.engine.game import CHANCE, TERMINAL, Action, Config, IllegalAction, State, card_token
from mazzo.engine.game import Game as MazzoGame
from mazzo.engine.registry import BUILTIN_GAMES, get_game
from mazzo.rl.games import game_part
from mazzo.rl.spaces import NO_PENDING, GameSpaces, Pending, spaces_for

#: card ids are ``copy * 256 + suit * 16 + rank`` with copy <= 3: every outcome id is below this
MAX_CHANCE_OUTCOMES: Final = 1024
#: seeds a deal is drawn from when it is one chance node (``chance="deal"``): as many as the card
#: ids, so the game's largest outcome id stays the same in both modes
DEAL_SEEDS: Final = MAX_CHANCE_OUTCOMES
#: the ways a shuffle may be played (the game parameter ``chance``); the first is the default
CHANCE_MODES: Final = ("deal", "card")
#: the seat's own moves an information-state tensor keeps, the most recent first
OWN_MOVES: Final = 64
#: an upper bound on actions in one match, chance cards included (OpenSpiel needs one)
MAX_GAME_LENGTH: Final = 1_000_000
#: joins a tuple config field into one parameter string (commas would split the game string)
TUPLE_SEPARATOR: Final = "/"
#: how registered game names start
PREFIX: Final = "mazzo_"


# --- chance, one card at a time -----------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class ChancePlan:
    """One engine chance action drawn as ``length`` explicit chance nodes.

    ``pool`` holds the outcome ids to draw from without replacement (card ids, or seats for
    the first dealer); :meth:`build` turns the drawn ids into the engine's action, shaped like
    ``sample`` (plain data, so states holding a plan copy and pickle).
    """

    pool: tuple[int, ...]
    length: int
    sample: Action

    @property
    def is_seat(self) -> bool:
        return isinstance(self.sample, ChooseDealer)

    def build(self, ids: list[int]) -> Action:
        if self.is_seat:
            return ChooseDealer(ids[0])
        (field,) = dataclasses.fields(self.sample)
        if isinstance(getattr(self.sample, field.name), Card):
            return dataclasses.replace(self.sample, **{field.name: _card(ids[0])})
        return dataclasses.replace(self.sample, **{field.name: tuple(_card(i) for i in ids)})


def chance_plan(world: State) -> ChancePlan:
    """How the engine's chance action at ``world`` is drawn card by card.

    The engine's own sample (with a fixed RNG: only its shape is used, never its order) tells
    the action type and the cards it orders. A game shuffles all of those cards unless it draws
    from a pool of its own (``mazzo.rl.games.<id>.chance_pool``: Cribbage deals and cuts some
    of the 52).
    """
    sample = world.sample_chance(random.Random(0))
    if isinstance(sample, ChooseDealer):
        return ChancePlan(tuple(range(world.num_players)), 1, sample)
    (field,) = dataclasses.fields(sample)
    drawn: Card | tuple[Card, ...] = getattr(sample, field.name)
    length = 1 if isinstance(drawn, Card) else len(drawn)
    pools = game_part(world.game, "chance_pool")
    if pools is not None:
        pool: tuple[int, ...] = pools(world, drawn)
    elif isinstance(drawn, Card):
        raise TypeError(f"a single-card chance action in {world.game.id} is not supported")
    else:
        pool = tuple(sorted(int(c) for c in drawn))
    return ChancePlan(pool, length, sample)


def _card(card_id: int) -> Card:
    from mazzo.cards import card_by_id

    return card_by_id(card_id)


# --- parameters -----------------------------------------------------------------------------


def parameter_spec(config: Config, chance: str = CHANCE_MODES[0]) -> dict[str, Any]:
    """OpenSpiel parameters of a config: its fields, a tuple as one string joined by ``/``, and
    how shuffles are played (``chance``)."""
    spec: dict[str, Any] = {"chance": chance}
    for f in dataclasses.fields(config):
        value = getattr(config, f.name)
        if isinstance(value, tuple):
            value = TUPLE_SEPARATOR.join(str(v) for v in value)
        spec[f.name] = value
    return spec


def config_from_params(game: MazzoGame, params: dict[str, Any]) -> Config:
    """The validated config of OpenSpiel parameters (missing ones keep their defaults)."""
    default = game.config_class()
    changes: dict[str, Any] = {}
    for key, value in params.items():
        if key == "chance":
            continue  # the wrapper's own parameter (see :func:`chance_mode`)
        current = getattr(default, key, None)
        if isinstance(current, tuple):
            item = type(current[0]) if current else str
            changes[key] = tuple(item(v) for v in str(value).split(TUPLE_SEPARATOR) if v)
        else:
            changes[key] = value
    return game.config(**changes)


def chance_mode(params: dict[str, Any]) -> str:
    """The ``chance`` parameter, checked (see the module's docstring)."""
    mode = str(params.get("chance", CHANCE_MODES[0]))
    if mode not in CHANCE_MODES:
        raise ValueError(f"chance must be one of {', '.join(CHANCE_MODES)}; got {mode!r}")
    return mode


def utility_bounds(game: MazzoGame, config: Config) -> tuple[float, float]:
    """Bounds of ``returns()``: the game's own (``mazzo.rl.games``; poker: chips won), else 0..1
    (win or victory-point share)."""
    bounds = game_part(game, "utility_bounds")
    if bounds is None:
        return 0.0, 1.0
    low, high = bounds(config)
    return float(low), float(high)


# --- the game, its states and its observer -----------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Rules:
    """What every state of one OpenSpiel game shares: the mazzo game, config and spaces.

    States hold this instead of their game: OpenSpiel clones a Python state with
    ``copy.deepcopy``, which must share the rules, not copy them (a copied pyspiel game comes
    back from its game string without its Python attributes).
    """

    mazzo_game: MazzoGame
    config: Config
    spaces: GameSpaces
    #: how a shuffle is played: one seeded chance node ("deal") or one node per card ("card")
    chance: str = CHANCE_MODES[0]
    #: the observers the states' tensors and strings are read with, made on first use (keyed by
    #: perfect recall); pyspiel's own path makes an observer and a new initial state per call
    observers: dict[bool, MazzoObserver] = dataclasses.field(
        default_factory=dict, compare=False, repr=False)

    def observer(self, recall: bool) -> MazzoObserver:
        found = self.observers.get(recall)
        if found is None:
            kind = pyspiel.IIGObservationType(perfect_recall=recall)
            found = self.observers[recall] = MazzoObserver(self.spaces, kind, None)
        return found

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        return self


class MazzoSpielGame(pyspiel.Game):
    """One mazzo game and config as an OpenSpiel game."""

    def __init__(self, mazzo_game: MazzoGame, params: dict[str, Any] | None = None) -> None:
        self.mazzo_game = mazzo_game
        self.config = config_from_params(mazzo_game, dict(params or {}))
        self.chance = chance_mode(dict(params or {}))
        self.spaces: GameSpaces = spaces_for(mazzo_game, self.config)
        self.rules = Rules(mazzo_game, self.config, self.spaces, self.chance)
        super().__init__(*self._spiel_game())

    def _spiel_game(self) -> tuple[Any, Any, dict[str, Any]]:
        """OpenSpiel's game type, game info and parameters of this game."""
        return game_type(self.mazzo_game), self._info(), parameter_spec(self.config, self.chance)

    def _info(self, utility_sum: float | None = None) -> Any:
        low, high = utility_bounds(self.mazzo_game, self.config)
        return pyspiel.GameInfo(
            num_distinct_actions=self.spaces.action_size,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=self.config.players,
            min_utility=low,
            max_utility=high,
            utility_sum=utility_sum,
            max_game_length=MAX_GAME_LENGTH,
        )

    def new_initial_state(self) -> MazzoSpielState:
        return MazzoSpielState(self, self.mazzo_game.new_match(self.config))

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        """Pickled as its game string, loaded back through the registry: pyspiel's own pickling
        of a Python game would bring back the C++ part without the Python attributes."""
        return pyspiel.load_game, (str(self),)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> MazzoObserver:
        return MazzoObserver(self.spaces, iig_obs_type, params)


#: a seeded deal's chance outcomes, shared by every state (read-only)
_SEED_OUTCOMES: Final = [(seed, 1.0 / DEAL_SEEDS) for seed in range(DEAL_SEEDS)]


def seeded_generator(seed: int, world: State) -> random.Random:
    """The generator a seeded deal is drawn with: the outcome and the match's length so far, so
    that two deals of one match with the same outcome are not the same shuffle."""
    return random.Random(len(world.history) * DEAL_SEEDS + seed)


class _World:
    """The engine state inside an OpenSpiel state; ``copy.deepcopy`` (how OpenSpiel clones
    Python states) uses the engine's own fast ``clone``."""

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _World:
        return _World(self.state.clone())


class MazzoSpielState(pyspiel.State):
    """An OpenSpiel state wrapping a mazzo match, its open selection and its partial deal."""

    def __init__(self, game: MazzoSpielGame, world: State) -> None:
        super().__init__(game)
        self._rules = game.rules
        self._world = _World(world)
        self.pending: Pending = NO_PENDING
        self.drawn: list[int] = []
        self._plan: ChancePlan | None = None
        #: per seat, every index it played (its information state keeps them)
        self.own: list[list[int]] = [[] for _ in range(world.num_players)]

    @property
    def world(self) -> State:
        return self._world.state

    # -- turns and moves ----------------------------------------------------------------------

    def current_player(self) -> int:
        player = self.world.current_player
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if player == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return player

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.world.current_player:
            return []
        mask = self._rules.spaces.mask(self.world, self.pending)
        return [int(i) for i in np.flatnonzero(mask)]

    def plan(self) -> ChancePlan:
        """The chance action being drawn (kept until its last card: a deal has up to 108)."""
        if self._plan is None:
            self._plan = chance_plan(self.world)
        return self._plan

    def seeded(self) -> bool:
        """Whether this chance node is a whole deal drawn from a seed (``chance="deal"``)."""
        plan = self.plan()
        return self._rules.chance == "deal" and plan.length > 1

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.seeded():
            return _SEED_OUTCOMES
        plan = self.plan()
        taken = set(self.drawn)
        left = [i for i in plan.pool if i not in taken]
        return [(i, 1.0 / len(left)) for i in left]

    def _apply_action(self, action: int) -> None:
        if self.world.current_player == CHANCE:
            self._draw(int(action))
            return
        self.own[self.world.current_player].append(int(action))
        self.pending, move = self._rules.spaces.advance(self.world, self.pending, int(action))
        if move is not None:
            self.world.apply(move)

    def _draw(self, outcome: int) -> None:
        if self.seeded():
            if not 0 <= outcome < DEAL_SEEDS:
                raise IllegalAction(f"chance outcome {outcome} is not a seed below {DEAL_SEEDS}")
            self._plan = None
            self.world.apply(self.world.sample_chance(seeded_generator(outcome, self.world)))
            return
        plan = self.plan()
        if outcome not in plan.pool or outcome in self.drawn:
            raise IllegalAction(f"chance outcome {outcome} cannot be drawn now")
        self.drawn.append(outcome)
        if len(self.drawn) == plan.length:
            drawn, self.drawn, self._plan = self.drawn, [], None
            self.world.apply(plan.build(drawn))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == int(pyspiel.PlayerId.CHANCE):
            if self.plan().is_seat:
                return f"first dealer: seat {action}"
            if self.seeded():
                return f"deal seed {action}"
            return f"draw {card_token(_card(action))}"
        try:
            _, move = self._rules.spaces.advance(self.world, self.pending, action)
        except IllegalAction:
            return f"index {action} (not legal now)"
        if move is None:
            return f"pick {action}"
        return self._rules.mazzo_game.describe_action(move)

    def is_terminal(self) -> bool:
        return self.world.is_terminal

    def returns(self) -> list[float]:
        return [float(r) for r in self.world.returns()]

    # -- information ---------------------------------------------------------------------------
    # The four methods below shadow pyspiel's, which reach the observer through C++ and make a
    # new observer (and a new initial state to size it) at every call: a third of a random
    # match's time. They give what pyspiel's would.

    def observation_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(False, player)

    def information_state_tensor(self, player: int | None = None) -> list[float]:
        return self._tensor(True, player)

    def observation_string(self, player: int | None = None) -> str:
        return self._rules.observer(False).string_from(self, self._seat(player))

    def information_state_string(self, player: int | None = None) -> str:
        return self._rules.observer(True).string_from(self, self._seat(player))

    def _seat(self, player: int | None) -> int:
        seat = self.current_player() if player is None else player
        if not 0 <= seat < self.world.num_players:
            raise ValueError(f"no seat {seat} to observe (players 0..{self.world.num_players - 1})")
        return seat

    def _tensor(self, recall: bool, player: int | None) -> list[float]:
        observer = self._rules.observer(recall)
        observer.set_from(self, self._seat(player))
        return observer.tensor.tolist()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MazzoSpielState:
        """A state the seat cannot tell from this one: hidden cards redealt by ``determinize``.

        ``probability_sampler()`` gives uniform numbers in [0, 1); one of them seeds the redeal.
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        other = MazzoSpielState(self.get_game(), self.world.determinize(player_id, rng))
        other.pending = self.pending
        other.own[player_id] = list(self.own[player_id])  # others' moves are not the seat's to know
        return other

    def __str__(self) -> str:
        picks = f" pending={list(self.pending.picks)}" if self.pending.is_open else ""
        drawn = f" drawn={len(self.drawn)}" if self.drawn else ""
        return json.dumps(self.world.view(None), ensure_ascii=False, sort_keys=True) + picks + drawn


class MazzoObserver:
    """OpenSpiel's PyObserver: the seat's observation vector and its view as a string; for the
    information state (``perfect_recall``) its own moves too (see the module's docstring)."""

    def __init__(self, spaces: GameSpaces, iig_obs_type: Any, params: dict[str, Any] | None
                 ) -> None:
        if params:
            raise ValueError(f"mazzo observers take no parameters; got {params}")
        if iig_obs_type is not None and not (
            iig_obs_type.public_info
            and iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise ValueError("mazzo observes one seat: its own cards and the public ones")
        self.spaces = spaces
        self.recall = iig_obs_type is not None and bool(iig_obs_type.perfect_recall)
        size = spaces.observation_size
        self.tensor = np.zeros(size + (OWN_MOVES if self.recall else 0), dtype=np.float32)
        # OpenSpiel sizes the observation by the pieces in ``dict``: they must tile the tensor
        self.dict: dict[str, np.ndarray[Any, Any]] = {
            field.name: self.tensor[field.start:field.stop] for field in spaces.fields()
        }
        if self.recall:
            self.dict["own_moves"] = self.tensor[size:]
        if sum(piece.size for piece in self.dict.values()) != self.tensor.size:
            raise ValueError("the observation fields must cover the vector once each")

    def _pending(self, state: MazzoSpielState, player: int) -> Pending:
        return state.pending if player == state.world.current_player else NO_PENDING

    def set_from(self, state: MazzoSpielState, player: int) -> None:
        view = state.world.view(player)
        size = self.spaces.observation_size
        self.tensor[:size] = self.spaces.observe(view, self._pending(state, player))
        if self.recall:
            moves = state.own[player][:-OWN_MOVES - 1:-1]  # the most recent first
            window = self.tensor[size:]
            window[:] = 0.0
            window[:len(moves)] = (np.asarray(moves, dtype=np.float32) + 1.0) \
                / self.spaces.action_size

    def string_from(self, state: MazzoSpielState, player: int) -> str:
        text = json.dumps(state.world.view(player), ensure_ascii=False, sort_keys=True)
        picks = self._pending(state, player).picks
        if picks:
            text = f"{text} pending={list(picks)}"
        if self.recall:
            text = f"{text} moves={state.own[player]}"
        return text


# --- registration ---------------------------------------------------------------------------


def game_type(mazzo_game: MazzoGame) -> Any:
    counts = mazzo_game.player_counts
    return pyspiel.GameType(
        short_name=PREFIX + mazzo_game.id,
        long_name=f"mazzo {mazzo_game.title('en')}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=max(counts),
        min_num_players=min(counts),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_spec(mazzo_game.config_class()),
    )


def _game_class(mazzo_game: MazzoGame) -> type[MazzoSpielGame]:
    """A subclass per game, registered as the factory: OpenSpiel keeps the factory until the
    interpreter exits, and a registered closure then aborts Python's shutdown, a class does not."""

    def __init__(self: MazzoSpielGame, params: dict[str, Any] | None = None) -> None:
        MazzoSpielGame.__init__(self, mazzo_game, params)

    name = "".join(part.title() for part in mazzo_game.id.split("_")) + "SpielGame"
    made = type(name, (MazzoSpielGame,), {"__init__": __init__, "__module__": __name__,
                                          "__qualname__": name})
    globals()[name] = made  # found by name, as pickle looks a class up
    return made


def register_all() -> list[str]:
    """Register every built-in game once (importing this module does it); their names."""
    names = []
    registered = set(pyspiel.registered_names())
    for game_id in BUILTIN_GAMES:
        game = get_game(game_id)
        name = PREFIX + game.id
        if name not in registered:
            pyspiel.register_game(game_type(game), _game_class(game))
        names.append(name)
    return names


GAME_NAMES: Final = register_all()
