"""OpenSpiel games for mazzo: ``import mazzo.rl.openspiel`` registers ``mazzo_<game id>``.

``pyspiel.load_game("mazzo_cribbage", {"players": 3, "target": 61})`` then works like any
OpenSpiel game; its parameters are the game's config fields (a tuple field, such as Nebraska's
``suit_order``, is one string with its items joined by ``/``: OpenSpiel's game strings split
on commas).

Chance. OpenSpiel's Python games list every chance outcome with its probability, and its
``SAMPLED_STOCHASTIC`` mode (a hidden RNG inside the state) is for games with no chance nodes at
all, which would hide the shuffles from the algorithms and make states unserialisable. A deck
order has up to 108! outcomes, so each shuffle is played as a sequence of explicit chance nodes,
one card each: the next card is drawn uniformly from those not yet drawn (outcome id: the card's
id), which gives every order exactly the probability of a uniform shuffle. When the last card of
a deal is drawn the engine receives the whole ``Deal``. The first dealer is one chance node
(outcome id: the seat). So every OpenSpiel algorithm that samples ``chance_outcomes()`` sees the
true distribution.

Information. The observation tensor is the same vector as the PettingZoo and Gymnasium envs
(:class:`~mazzo.rl.spaces.GameSpaces`), its named pieces in the observer's ``dict``. The
observation and information-state strings are the seat's view as JSON, plus the open multi-step
selection of the seat to move: what mazzo's views keep of the past, not the whole action
history. ``resample_from_infostate`` redeals the hidden cards through ``State.determinize``, so
OpenSpiel's ISMCTS bot plays every game without seeing a hidden card. (Plain MCTS would search
the true state and see them: do not use it as an opponent.)
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


def parameter_spec(config: Config) -> dict[str, Any]:
    """OpenSpiel parameters of a config: its fields, a tuple as one string joined by ``/``."""
    spec: dict[str, Any] = {}
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
        current = getattr(default, key, None)
        if isinstance(current, tuple):
            item = type(current[0]) if current else str
            changes[key] = tuple(item(v) for v in str(value).split(TUPLE_SEPARATOR) if v)
        else:
            changes[key] = value
    return game.config(**changes)


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

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        return self


class MazzoSpielGame(pyspiel.Game):
    """One mazzo game and config as an OpenSpiel game."""

    def __init__(self, mazzo_game: MazzoGame, params: dict[str, Any] | None = None) -> None:
        self.mazzo_game = mazzo_game
        self.config = config_from_params(mazzo_game, dict(params or {}))
        self.spaces: GameSpaces = spaces_for(mazzo_game, self.config)
        self.rules = Rules(mazzo_game, self.config, self.spaces)
        low, high = utility_bounds(mazzo_game, self.config)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.spaces.action_size,
            max_chance_outcomes=MAX_CHANCE_OUTCOMES,
            num_players=self.config.players,
            min_utility=low,
            max_utility=high,
            utility_sum=None,
            max_game_length=MAX_GAME_LENGTH,
        )
        super().__init__(game_type(mazzo_game), info, parameter_spec(self.config))

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

    def chance_outcomes(self) -> list[tuple[int, float]]:
        plan = self.plan()
        taken = set(self.drawn)
        left = [i for i in plan.pool if i not in taken]
        return [(i, 1.0 / len(left)) for i in left]

    def _apply_action(self, action: int) -> None:
        if self.world.current_player == CHANCE:
            self._draw(int(action))
            return
        self.pending, move = self._rules.spaces.advance(self.world, self.pending, int(action))
        if move is not None:
            self.world.apply(move)

    def _draw(self, outcome: int) -> None:
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

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> MazzoSpielState:
        """A state the seat cannot tell from this one: hidden cards redealt by ``determinize``.

        ``probability_sampler()`` gives uniform numbers in [0, 1); one of them seeds the redeal.
        """
        rng = random.Random(int(probability_sampler() * 2**53))
        other = MazzoSpielState(self.get_game(), self.world.determinize(player_id, rng))
        other.pending = self.pending
        return other

    def __str__(self) -> str:
        picks = f" pending={list(self.pending.picks)}" if self.pending.is_open else ""
        drawn = f" drawn={len(self.drawn)}" if self.drawn else ""
        return json.dumps(self.world.view(None), ensure_ascii=False, sort_keys=True) + picks + drawn


class MazzoObserver:
    """OpenSpiel's PyObserver: the seat's observation vector and its view as a string."""

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
        self.tensor = np.zeros(spaces.observation_size, dtype=np.float32)
        # OpenSpiel sizes the observation by the pieces in ``dict``: they must tile the tensor
        self.dict: dict[str, np.ndarray[Any, Any]] = {
            field.name: self.tensor[field.start:field.stop] for field in spaces.fields()
        }
        if sum(piece.size for piece in self.dict.values()) != self.tensor.size:
            raise ValueError("the observation fields must cover the vector once each")

    def _pending(self, state: MazzoSpielState, player: int) -> Pending:
        return state.pending if player == state.world.current_player else NO_PENDING

    def set_from(self, state: MazzoSpielState, player: int) -> None:
        view = state.world.view(player)
        self.tensor[:] = self.spaces.observe(view, self._pending(state, player))

    def string_from(self, state: MazzoSpielState, player: int) -> str:
        text = json.dumps(state.world.view(player), ensure_ascii=False, sort_keys=True)
        picks = self._pending(state, player).picks
        return f"{text} pending={list(picks)}" if picks else text


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
        provides_information_state_tensor=False,
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
