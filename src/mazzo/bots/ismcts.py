"""Single-observer information-set Monte Carlo tree search (Cowling, Powley, Whitehouse 2012).

The tree is built over what the searching seat knows. Every iteration draws a fresh
determinization (``turn.sample_state``: hidden cards redealt consistently with the seat's view),
descends the tree choosing only among the actions legal in *that* determinization (UCB with
availability counts), expands one node, finishes the play with a rollout policy and backs the
per-seat values up the path. Each node scores the value of the seat that chose its action, so more
than two players and partnerships (partners receive equal returns) need nothing special.

Chance nodes met during the descent are sampled and passed through (the tree is open-loop over
chance). Since a State is a whole match of many hands, rollouts stop after ``horizon`` hands by
default and the position is valued by the score gained (see :class:`ScoreProfile`);
``horizon=None`` plays every rollout to the end of the match and uses ``returns()``.

The agent only ever calls ``turn.sample_state`` (itself or through ``worlds``): it sees nothing
its seat may not see. Worlds are drawn with a :class:`CanonicalRandom`, so the same view and seed
give the same move even though the true hidden cards differ (see the class).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from itertools import repeat
from operator import mul, sub
from typing import Final, Protocol

from mazzo.engine.agent import Agent, Turn
from mazzo.engine.chance import CanonicalRandom
from mazzo.engine.game import CHANCE, TERMINAL, Action, Config, Game, State

RolloutPolicy = Callable[[State, random.Random], Action]
"""Chooses the move of ``state.current_player`` (a player node) during a rollout."""

WorldSampler = Callable[[Turn, random.Random], State]
"""Draws one determinization for a Turn; it may only use the Turn (its view, its legal actions and
``turn.sample_state``), so that the search sees nothing hidden."""


def _uniform_worlds(turn: Turn) -> WorldSampler:
    """Every world consistent with the view equally likely (the game's ``determinize``), through
    the sampler this Turn's state gives once per search
    (:meth:`Turn.world_sampler`: the same worlds, the seat's shared part worked out once)."""
    sample = turn.world_sampler()
    return lambda _turn, rng: sample(rng)


DEFAULT_ITERATIONS: Final = 1000
CALIBRATION_MATCHES: Final = 8
CALIBRATION_ACTION_CAP: Final = 400_000


def _standard_draws(rng: random.Random) -> bool:
    """Does ``rng`` draw below n as the standard ``_randbelow_with_getrandbits`` does (one
    ``getrandbits(n.bit_length())`` per try), i.e. with Random's own generator?"""
    cls = type(rng)
    return cls.getrandbits is random.Random.getrandbits and cls.random is random.Random.random


class _Node:
    """One information-set node: its statistics and children by action."""

    __slots__ = ("action", "avail", "children", "player", "squares", "total", "visits")

    def __init__(self, action: Action | None, player: int) -> None:
        self.action = action
        self.player = player  # the seat that chose ``action`` (whose value ``total`` sums)
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1
        self.total = 0.0
        self.squares = 0.0  # sum of squared values, for the guide's significance test


# --- valuing positions -------------------------------------------------------------------------

@dataclass(frozen=True)
class ScoreProfile:
    """How to value a rollout cut off before the match ended (learned by :func:`score_profile`).

    ``direction``: +1 when winners end with the highest ``scores()``, -1 when with the lowest (the
    protocol does not say which). ``scale``: the typical size of one hand's relative change of
    ``scores()``. ``inner_scale``: the same for the ``"scores"`` of the public view when it is a
    different, finer count (e.g. cribbage's pegs inside a game, while ``scores()`` counts match
    points); ``None`` when the two are the same. ``hand_starts``: the phases of the chance nodes
    that begin the next hand (``hand_number`` goes up by one there and no score moves), in games
    that count a hand from its deal; a rollout cut off after the hand stops *before* such a
    chance node instead of shuffling and dealing a hand that is never played (Nebraska: that
    104-card shuffle was a tenth of a random-rollout search).
    """

    direction: int = 1
    scale: float = 1.0
    inner_scale: float | None = None
    hand_starts: frozenset[str] = frozenset()


_PROFILES: dict[tuple[str, str], ScoreProfile] = {}


def public_scores(state: State) -> list[float] | None:
    """The ``"scores"`` list of the spectator's view, if it is one number per seat (read by
    :meth:`State.view_scores`, which a game may give without building the view)."""
    found = state.view_scores()
    if not isinstance(found, list) or len(found) != state.num_players:
        return None
    # plain ints and floats pass at once, by one set of the types made in C (a rollout's value
    # reads this every iteration)
    if not set(map(type, found)) <= _PLAIN_NUMBERS and not all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in found
    ):
        return None
    return list(map(float, found))


_PLAIN_NUMBERS: Final = frozenset((int, float))


def score_profile(game: Game, config: Config) -> ScoreProfile:
    """Learn the :class:`ScoreProfile` from seeded random matches of the game's test config for
    this player count. Deterministic (fixed seed, counted work) and cached per process."""
    key = (game.id, config.dumps())
    found = _PROFILES.get(key)
    if found is not None:
        return found
    same = [c for c in game.test_configs() if c.players == config.players]
    probe = same[0] if same else config
    rng = random.Random(20120801)
    votes = 0
    swings: list[float] = []
    inner: list[float] = []
    differs = False
    actions = 0
    starts: dict[str, bool] = {}  # phase of a chance node met mid-match: does it begin a hand?
    for _ in range(CALIBRATION_MATCHES):
        state = game.new_match(probe)
        before, before_public = state.scores(), public_scores(state)
        hand = state.hand_number
        played = False  # the first deal of a match begins no *next* hand
        while not state.is_terminal and actions < CALIBRATION_ACTION_CAP:
            if state.is_chance:
                phase, marks = state.phase, (state.hand_number + 1, state.scores(),
                                             public_scores(state))
                state.apply(state.sample_chance(rng))
                if played:
                    now = (state.hand_number, state.scores(), public_scores(state))
                    starts[phase] = starts.get(phase, True) and now == marks
            else:
                played = True
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])
            actions += 1
            if state.hand_number == hand and not state.is_terminal:
                continue
            after, after_public = state.scores(), public_scores(state)
            moved = _relative([a - b for a, b in zip(after, before, strict=True)])
            swings.extend(abs(r) for r in moved)
            differs = differs or (after_public is not None and after_public != after)
            if after_public is not None and before_public is not None and not any(moved):
                gained = [a - b for a, b in zip(after_public, before_public, strict=True)]
                inner.extend(abs(r) for r in _relative(gained))
            before, before_public, hand = after, after_public, state.hand_number
        if state.is_terminal:
            votes += _direction_vote(state)
    profile = ScoreProfile(-1 if votes < 0 else 1, _mean_positive(swings) or 1.0,
                           _mean_positive(inner) if differs else None,
                           frozenset(phase for phase, begins in starts.items() if begins))
    _PROFILES[key] = profile
    return profile


def _mean_positive(values: list[float]) -> float | None:
    moving = [v for v in values if v > 0]
    return sum(moving) / len(moving) if moving else None


def _direction_vote(state: State) -> int:
    """+1 if the winners hold the top score, -1 if the bottom one, 0 if unclear."""
    result, scores = state.returns(), state.scores()
    winners = [s for s, r in enumerate(result) if r == max(result)]
    if len(winners) == len(result):
        return 0
    best = [scores[s] for s in winners]
    if min(best) >= max(scores) and min(scores) < max(scores):
        return 1
    if max(best) <= min(scores) and min(scores) < max(scores):
        return -1
    return 0


def _relative(values: list[float]) -> list[float]:
    """Each seat's value minus the mean of the others' (zero-sum, any number of seats)."""
    n = len(values)
    if n < 2:
        return list(values)
    total = sum(values)
    return [v - (total - v) / (n - 1) for v in values]


def terminal_values(state: State) -> list[float]:
    """``returns()`` mapped onto 0..1 (min-max over the seats; all equal gives 0.5 each)."""
    result = state.returns()
    low, high = min(result), max(result)
    if high <= low:
        return [0.5] * len(result)
    return [(r - low) / (high - low) for r in result]


def cutoff_values(
    state: State,
    start_scores: list[float],
    start_public: list[float] | None,
    profile: ScoreProfile,
) -> list[float]:
    """0..1 values of a rollout stopped before the match ended: the relative score gained.

    Match-level gains (``scores()``) decide when there are any; otherwise the finer public
    ``"scores"`` (when the profile found them different), else it is an even 0.5.
    """
    # the same arithmetic as comprehensions, in C where it can be (called every iteration):
    # per seat a - b, then direction * g; both lists are one number per seat
    gains = list(map(sub, state.scores(), start_scores))
    scale = profile.scale
    if not any(gains) and profile.inner_scale is not None and start_public is not None:
        now = public_scores(state)
        if now is not None:
            gains = list(map(sub, now, start_public))
            scale = profile.inner_scale
    relative = _relative(list(map(mul, repeat(profile.direction), gains)))
    return [0.5 + 0.5 * math.tanh(r / scale) for r in relative]


# --- trusted moves ------------------------------------------------------------------------------


def trusted_apply(state: State) -> Callable[[Action], None]:
    """How the search plays moves it took from ``state.legal_actions()`` (or ``sample_chance``)
    a moment before: :meth:`State.apply_listed`, unchecked, where the game uses the engine's
    own ``apply``; a game that overrides ``apply`` keeps its own. Never for moves from outside
    the search."""
    if type(state).apply is not State.apply:
        return state.apply
    return state.apply_listed


# --- rollout policies --------------------------------------------------------------------------


def random_policy(state: State, rng: random.Random) -> Action:
    legal = state.legal_actions()
    return legal[rng.randrange(len(legal))]


def agent_policy(agent: Agent) -> RolloutPolicy:
    """Use any Agent (e.g. a game's heuristic bot) as a rollout policy.

    The agent gets a Turn built from the determinized state, exactly as in a real match;
    unless it offers ``rollout_move(state, seat, legal, rng)`` (:class:`StateReader`): the same
    choice read off the state, without building the view for every rollout step.
    """
    reader = getattr(agent, "rollout_move", None)
    if reader is not None:
        read: Callable[[State, int, list[Action], random.Random], Action] = reader

        def choose_from_state(state: State, rng: random.Random) -> Action:
            legal = state.legal_actions()
            if len(legal) == 1:
                return legal[0]
            return read(state, state.current_player, legal, rng)

        return choose_from_state

    def choose(state: State, rng: random.Random) -> Action:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        seat = state.current_player
        return agent.act(Turn(seat, state.view(seat), legal, rng, state))

    return choose


class StateReader(Protocol):
    """An agent that can also choose from the state itself: ``rollout_move`` returns exactly
    what ``act`` returns on ``Turn(seat, state.view(seat), legal, rng, state)`` (the same
    generator draws), reading only what that view shows. Games' heuristic bots offer it so
    that heuristic rollouts skip building and parsing a view at every step (as a property that
    returns the bound reader: :func:`agent_policy` looks it up once per search)."""

    def rollout_move(self, state: State, seat: int, legal: list[Action],
                     rng: random.Random) -> Action: ...


def heuristic_factory(game: Game) -> Callable[[int | None], Agent] | None:
    """The game's ``heuristic`` bot factory, if it has one."""
    factory = game.bots().get("heuristic")
    return factory


def _begins_hand(state: State, stop_hand: int | None, hand_starts: frozenset[str]) -> bool:
    """At a chance node: does it begin hand ``stop_hand`` (one of the profile's
    ``hand_starts``)? Then the rollout is over: the deal would change no score."""
    return (stop_hand is not None and state.hand_number + 1 >= stop_hand
            and state.phase in hand_starts)


def _rollout(
    state: State, stop_hand: int | None, cap: int, policy: RolloutPolicy, rng: random.Random,
    hand_starts: frozenset[str] = frozenset(),
) -> None:
    """Play on by ``policy`` (chance by ``sample_chance``) until the match ends, hand
    ``stop_hand`` begins (or its deal is next, see :func:`_begins_hand`) or ``cap`` actions
    were played."""
    apply = state.apply
    steps = 0
    while steps < cap:
        player = state.current_player
        if player == TERMINAL or (stop_hand is not None and state.hand_number >= stop_hand):
            return
        if player == CHANCE:
            if hand_starts and _begins_hand(state, stop_hand, hand_starts):
                return
            apply(state.sample_chance(rng))
        else:
            apply(policy(state, rng))
        steps += 1


def _random_rollout(
    state: State, stop_hand: int | None, cap: int, rng: random.Random,
    hand_starts: frozenset[str] = frozenset(),
) -> None:
    """:func:`_rollout` by :func:`random_policy`: the seats' moves by the state's own
    :meth:`State.random_moves` (the same draws from the generator as ``randrange``, so the
    same moves; a game may play them faster than the generic loop). Only for a generator
    :func:`_standard_draws` accepts. Chance outcomes come from ``sample_chance``: applied
    unchecked (:func:`trusted_apply`)."""
    apply = trusted_apply(state)
    random_moves = state.random_moves
    steps = 0
    while steps < cap:
        player = state.current_player
        if player == TERMINAL or (stop_hand is not None and state.hand_number >= stop_hand):
            return
        if player == CHANCE:
            if hand_starts and _begins_hand(state, stop_hand, hand_starts):
                return
            apply(state.sample_chance(rng))
            steps += 1
        else:
            steps += random_moves(rng, stop_hand, cap - steps)


# --- the agent ---------------------------------------------------------------------------------


class ISMCTSAgent:
    """SO-ISMCTS as an :class:`~mazzo.engine.agent.Agent`.

    Budget: ``iterations`` per move, or ``seconds`` per move (then iterations is an upper bound if
    given). Only an iteration budget is reproducible: the same seed and the same view always give
    the same move. ``rollout`` is ``"random"``, ``"heuristic"`` (the game's heuristic bot; random if
    the game has none — see ``note``) or a :data:`RolloutPolicy`. ``horizon`` is the number of
    hands a rollout may finish before it is cut off and valued by score; ``None`` plays to the end.

    ``guide`` (``"heuristic"`` or an Agent) proposes a move on the real Turn; the search overrules
    it only when its best move's mean value beats the guide's by ``confidence`` standard errors
    (one-sided test). The search then acts as a verifier of a good heuristic: it keeps the
    heuristic's judgement where rollouts are too noisy to improve on it and deviates where the
    evidence is clear.

    ``opponents="tree"`` is plain SO-ISMCTS: every seat's moves are tree edges chosen by UCB, so
    other seats are modelled as if they did not know their own cards (their statistics pool every
    determinization). ``"policy"`` lets the other seats move by the rollout policy, which does see
    their determinized cards: far better opponent models in bluffing and betting games (poker),
    when the policy is a decent heuristic.

    ``worlds`` draws each iteration's determinization (default: ``turn.sample_state``, every
    world consistent with the view equally likely); a game's opponent model can weight them by
    what the opponents' actions reveal, e.g. poker's ``likely_world``.
    """

    def __init__(
        self,
        seed: int | None = None,
        *,
        iterations: int | None = None,
        seconds: float | None = None,
        rollout: str | RolloutPolicy = "random",
        exploration: float = 0.7,
        horizon: int | None = 1,
        max_rollout_actions: int = 100_000,
        guide: str | Agent | None = None,
        confidence: float = 1.645,
        opponents: str = "tree",
        worlds: WorldSampler | None = None,
        name: str = "ismcts",
    ) -> None:
        if iterations is None and seconds is None:
            iterations = DEFAULT_ITERATIONS
        if iterations is not None and iterations < 1:
            raise ValueError(f"iterations must be >= 1, got {iterations}")
        if seconds is not None and seconds <= 0:
            raise ValueError(f"seconds must be > 0, got {seconds}")
        if horizon is not None and horizon < 1:
            raise ValueError(f"horizon must be >= 1 or None, got {horizon}")
        if isinstance(rollout, str) and rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout must be 'random', 'heuristic' or a policy, got {rollout!r}")
        self.name = name
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.rollout = rollout
        self.exploration = exploration
        self.horizon = horizon
        self.max_rollout_actions = max_rollout_actions
        self.note = ""
        if isinstance(guide, str) and guide != "heuristic":
            raise ValueError(f"guide must be 'heuristic', an Agent or None, got {guide!r}")
        self.guide = guide
        if opponents not in ("tree", "policy"):
            raise ValueError(f"opponents must be 'tree' or 'policy', got {opponents!r}")
        self.opponents = opponents
        self.worlds = worlds
        self.confidence = confidence
        self._guide_seed = self.rng.getrandbits(32)
        self._guide_agent: Agent | None = None
        self._game: Game | None = None
        #: the profile's ``hand_starts`` for the search under way
        self._hand_starts: frozenset[str] = frozenset()
        #: the Turn's legal moves in its order, for the search under way
        self._root_list: list[Action] = []
        #: statistics of the last search, for benchmarks and curious users
        self.last_iterations = 0
        self.last_seconds = 0.0

    def act(self, turn: Turn) -> Action:
        if len(turn.legal) == 1:
            self.last_iterations, self.last_seconds = 0, 0.0
            return turn.legal[0]
        rng = CanonicalRandom(self.rng.getrandbits(64))
        start = time.perf_counter()
        root = self.search(turn, rng, start)
        proposal = self._guide_move(turn)
        self.last_seconds = time.perf_counter() - start
        best = self._best(root, turn.legal)
        if proposal is None or proposal == best:
            return best
        return best if self._clearly_better(root, best, proposal) else proposal

    def _guide_move(self, turn: Turn) -> Action | None:
        guide = self.guide_agent(self._game)
        return None if guide is None else guide.act(turn)

    @property
    def has_guide_agent(self) -> bool:
        """Whether the guide has been built (it is built on the first guided move)."""
        return self._guide_agent is not None

    def guide_agent(self, game: Game | None) -> Agent | None:
        """The agent whose move the search checks, built once for ``game`` (None: no guide)."""
        if self.guide is None:
            return None
        if self._guide_agent is None:
            if isinstance(self.guide, str):
                factory = heuristic_factory(game) if game is not None else None
                if factory is None:
                    return None
                self._guide_agent = factory(self._guide_seed)
            else:
                self._guide_agent = self.guide
        return self._guide_agent

    def _clearly_better(self, root: _Node, best: Action, proposal: Action) -> bool:
        """Is ``best``'s mean value above ``proposal``'s by ``confidence`` standard errors?"""
        a, b = root.children.get(best), root.children.get(proposal)
        if a is None or b is None or a.visits < 2 or b.visits < 2:
            return False  # too little evidence: keep the guide's move
        mean_a, mean_b = a.total / a.visits, b.total / b.visits
        var_a = max(a.squares / a.visits - mean_a * mean_a, 0.0)
        var_b = max(b.squares / b.visits - mean_b * mean_b, 0.0)
        error = math.sqrt(var_a / (a.visits - 1) + var_b / (b.visits - 1))
        return mean_a - mean_b > self.confidence * error

    # -- search -----------------------------------------------------------------------------

    def search(self, turn: Turn, rng: random.Random, start: float) -> _Node:
        draw = self.worlds or _uniform_worlds(turn)
        first = draw(turn, rng)
        self._game = first.game
        policy = self._policy(first.game, rng)
        profile = ScoreProfile()
        if self.horizon is not None:
            profile = score_profile(first.game, first.config)
        self._hand_starts = profile.hand_starts
        value = self._valuer(first, profile)
        root = _Node(None, -1)
        legal = set(turn.legal)
        self._root_list = list(turn.legal)
        deadline = None if self.seconds is None else start + self.seconds
        done = 0
        state: State | None = first
        while True:
            if state is None:
                state = draw(turn, rng)
            self._iterate(root, state, legal, policy, value, rng, turn.seat)
            state = None
            done += 1
            if self.iterations is not None and done >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        self.last_iterations = done
        return root

    @staticmethod
    def _valuer(first: State, profile: ScoreProfile) -> Callable[[State], list[float]]:
        """Values a rollout's last state: returns at the end, else score gained since the root
        (the root's scores are public, so any determinization gives the same ones)."""
        start_scores = first.scores()
        start_public = public_scores(first) if profile.inner_scale is not None else None

        def value(state: State) -> list[float]:
            if state.is_terminal:
                return terminal_values(state)
            return cutoff_values(state, start_scores, start_public, profile)

        return value

    def _iterate(
        self,
        root: _Node,
        state: State,
        root_legal: set[Action],
        policy: RolloutPolicy,
        value: Callable[[State], list[float]],
        rng: random.Random,
        me: int,
    ) -> None:
        stop_hand = None if self.horizon is None else state.hand_number + self.horizon
        path = [root]
        self._descend(root, state, root_legal, stop_hand, rng, path, me, policy)
        starts = self._hand_starts
        if policy is random_policy and _standard_draws(rng):
            _random_rollout(state, stop_hand, self.max_rollout_actions, rng, starts)
        else:
            _rollout(state, stop_hand, self.max_rollout_actions, policy, rng, starts)
        values = value(state)
        for visited in path:
            visited.visits += 1
            if visited.player >= 0:
                v = values[visited.player]
                visited.total += v
                visited.squares += v * v

    def _descend(
        self,
        node: _Node,
        state: State,
        root_legal: set[Action],
        stop_hand: int | None,
        rng: random.Random,
        path: list[_Node],
        me: int,
        policy: RolloutPolicy,
    ) -> None:
        """Selection and expansion: walk down by UCB and add one new child, extending ``path``.

        One function on purpose: it runs for every node of every iteration, so what it uses is
        bound to locals once above the loop, and a helper call per step would be a measurable
        share of the search."""
        log = math.log
        sqrt = math.sqrt
        c = self.exploration
        by_policy = self.opponents == "policy"
        # tree and chance moves come from the state's own lists: unchecked; a policy's move
        # is a bot's answer and keeps the check
        apply = trusted_apply(state)
        checked_apply = state.apply
        root = path[0]
        root_list = self._root_list
        starts = self._hand_starts
        while True:
            player = state.current_player
            if player == TERMINAL or (stop_hand is not None and state.hand_number >= stop_hand):
                return
            if player == CHANCE:
                if starts and _begins_hand(state, stop_hand, starts):
                    return
                apply(state.sample_chance(rng))
                continue
            children = node.children
            if by_policy and player != me:
                # Others move by the policy, which sees their (determinized) cards; the edge
                # still keys the tree, since what follows depends on the move.
                action = policy(state, rng)
                child = children.get(action)
                if child is None:
                    child = children[action] = _Node(action, player)
                checked_apply(action)
                path.append(child)
                node = child
                continue
            legal = state.legal_actions()
            if node is root and legal != root_list:
                # (a world usually lists the very moves of the Turn, in its order: then the
                # list compare, in C and by identity first, spares hashing each move)
                legal = [a for a in legal if a in root_legal]
            # one look-up per action (hashing a dataclass action is a Python call), kept for
            # the UCB pass when every action has been tried
            found = list(map(children.get, legal))
            if None in found:
                untried = [a for a, child in zip(legal, found, strict=True) if child is None]
                action = untried[rng.randrange(len(untried))]
                child = children[action] = _Node(action, player)
                apply(action)
                path.append(child)
                return
            best: _Node | None = None
            best_value = -1.0
            for child in found:
                assert child is not None
                child.avail += 1
                visits = child.visits
                value = child.total / visits + c * sqrt(log(child.avail) / visits)
                if value > best_value:
                    best, best_value = child, value
            assert best is not None and best.action is not None
            apply(best.action)
            path.append(best)
            node = best

    def _policy(self, game: Game, rng: random.Random) -> RolloutPolicy:
        if callable(self.rollout):
            return self.rollout
        if self.rollout == "heuristic":
            factory = heuristic_factory(game)
            if factory is not None:
                return agent_policy(factory(rng.getrandbits(32)))
            self.note = f"{game.id} has no heuristic bot yet: rollouts are random"
        return random_policy

    @staticmethod
    def _best(root: _Node, legal: list[Action]) -> Action:
        """The most visited legal move (ties: the higher mean, then the first in legal order)."""
        best = legal[0]
        key = (-1, -1.0)
        for action in legal:
            child = root.children.get(action)
            if child is None:
                continue
            mine = (child.visits, child.total / child.visits)
            if mine > key:
                best, key = action, mine
        return best
