"""``modello``, a poker player that exploits what the table reveals about each opponent.

Every decision is a flat Monte Carlo over a few candidate moves, in chips:

1. **Beliefs.** :data:`POOL` worlds are drawn by ``turn.sample_state`` (every deal of the hidden
   cards consistent with the view) and each is weighted by :meth:`TableModel.likelihood`: how well
   the opponents' cards in it explain their actions and draws of this deal, under the range model
   built from what each of them did earlier in the match. :data:`WORLDS` worlds are resampled by
   weight (systematic resampling).
2. **Responses.** In each world every candidate move is played out to the end of the deal; the
   other seats answer as their observed frequencies say (:func:`model_action` with their
   :class:`SeatStats`); the expert's own later moves are the game's heuristic's (a sound player
   of its own cards: the range model with the prior's frequencies folded two pair to any bet).
   The same worlds and the same chance seeds serve every candidate (common random numbers), so
   differences between moves are measured, not drawn.
3. **Choice.** The move with the highest mean chip result (chips at the end of the deal minus
   now, a pot carried to the next deal shared evenly).

Value bets and bluffs come out of step 2: against a seat that folds to bets far more often than
the prior, betting a weak hand shows a profit in the rollouts; against one that raises only
with strength, a raise from it makes the worlds where it holds a strong hand heavy.

The agent sees only its Turn: worlds come from ``turn.sample_state`` drawn with a
:class:`CanonicalRandom`, so the same view and seed give the same move whatever the hidden cards.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final

from mazzo.cards import Card
from mazzo.engine.agent import Agent, Turn
from mazzo.engine.chance import CanonicalRandom
from mazzo.engine.game import JSON, Action, card_from_token
from mazzo.games.poker_italiano.actions import NO_BLIND, NO_COVER, Bet, Draw, Open, Raise
from mazzo.games.poker_italiano.bots import PokerHeuristic, closest_amount
from mazzo.games.poker_italiano.match_value import DEAL_SD, alternate_team, win_probability
from mazzo.games.poker_italiano.state import PokerItalianoState
from mazzo.games.poker_italiano.table_model import (
    TableModel,
    deal_start_pot,
    model_action,
    natural_discards,
    read_log,
)

#: worlds drawn and weighted per decision
POOL: Final = 240
#: worlds resampled by weight and played out once per candidate move
WORLDS: Final = 48
#: the esperto's worlds: four times as many, its candidates' values less noisy (four times
#: partita's worlds scored 59.8 % of 800 against medio, partita's own 58.6 % of 600)
EXPERT_POOL: Final = 4 * POOL
EXPERT_WORLDS: Final = 4 * WORLDS
#: rollouts stop after this many actions (a deal has a few dozen at most)
MAX_ROLLOUT_ACTIONS: Final = 400


class PokerExpert:
    """Chooses by rollouts against a model of each opponent learnt during the match."""

    name = "modello"

    def __init__(self, seed: int | None = None, pool: int = POOL, worlds: int = WORLDS, *,
                 memory: bool = True) -> None:
        self.rng = random.Random(seed)
        self.pool = pool
        self.worlds = worlds
        #: False: the model of the table is made again at every move from the view alone (the
        #: prior and the last deal) and the rollout player's generator seeded from ``rng`` at
        #: each move, so ``rng`` is the bot's whole state: it plays the same wherever it is
        #: rebuilt between moves (the server's workers, a resumed match restoring ``rng``)
        self.memory = memory
        self.model: TableModel | None = None
        #: its own later moves in rollouts: the game's heuristic (a sound player of its own
        #: cards; the prior's frequencies folded two pair to any bet after the draw)
        self.own = PokerHeuristic(self.rng.getrandbits(32))
        #: mean chip value per candidate of the last decision (for tests and the curious)
        self.last_values: dict[Action, float] = {}

    def act(self, turn: Turn) -> Action:
        view = turn.view
        players = len(view["folded"])
        if not self.memory or self.model is None or self.model.players != players:
            self.model = TableModel(players)
        self.model.observe(view)
        seed = self.rng.getrandbits(64)
        if not self.memory:  # its rollout player's draws too come from this move's seed
            self.own.rng.seed(seed)
        self.last_values = {}
        if len(turn.legal) == 1:
            return turn.legal[0]
        if view["phase"] == "blinds":  # blind bets before seeing cards: a chip gift to medio
            return NO_BLIND if NO_BLIND in turn.legal else (
                NO_COVER if NO_COVER in turn.legal else turn.legal[0])
        candidates = candidate_moves(view, turn.legal)
        if len(candidates) == 1:
            return candidates[0]
        values = self.evaluate(turn, candidates, CanonicalRandom(seed))
        self.last_values = values
        return max(candidates, key=lambda a: values[a])

    def evaluate(self, turn: Turn, candidates: Sequence[Action],
                 rng: random.Random) -> dict[Action, float]:
        """Mean chip result of each candidate over the believed worlds."""
        assert self.model is not None
        me = turn.seat
        worlds = self.believed_worlds(turn, rng)
        totals = dict.fromkeys(candidates, 0.0)
        for world in worlds:
            chance_seed = rng.getrandbits(64)
            start = self.baseline(world, me)
            deal = world.hand_number
            for action in candidates:
                state = world.clone()
                state.apply(action)
                self._rollout(state, me, deal, random.Random(chance_seed))
                totals[action] += self.outcome(state, me, deal) - start
        return {a: v / len(worlds) for a, v in totals.items()}

    def outcome(self, state: PokerItalianoState, me: int, deal: int) -> float:
        """What the end of deal ``deal`` in ``state`` is worth: the chips ``me`` then holds,
        a pot carried to the next deal counted as shared evenly (:class:`MatchPlayer`: the
        side's chance to win the match)."""
        return deal_end_stacks(state, deal)[me]

    def baseline(self, world: PokerItalianoState, me: int) -> float:
        """Subtracted from every outcome (the same for every candidate): the chips ``me`` held
        before this deal's bets, so that values read as chips won."""
        return float(world.chips[me] + world.contrib[me])

    def believed_worlds(self, turn: Turn, rng: random.Random) -> list[PokerItalianoState]:
        """WORLDS worlds resampled from POOL drawn ones by their likelihood."""
        assert self.model is not None
        view = turn.view
        log = view["log"]
        clues = read_log(log, deal_start_pot(int(view["pot"]), log), len(view["folded"]))
        drawn: list[PokerItalianoState] = []
        weights: list[float] = []
        for _ in range(self.pool if clues else self.worlds):
            world = turn.sample_state(rng)
            assert isinstance(world, PokerItalianoState)
            drawn.append(world)
            weights.append(self.model.likelihood(world, clues, turn.seat) if clues else 1.0)
        return systematic_resample(drawn, weights, self.worlds, rng)

    def _rollout(self, state: PokerItalianoState, me: int, deal: int,
                 rng: random.Random) -> None:
        """Play deal ``deal`` to its end by the model (the seats by their model, ``me`` by the
        heuristic)."""
        assert self.model is not None
        stats = self.model.stats
        for _ in range(MAX_ROLLOUT_ACTIONS):
            if state.is_terminal or state.hand_number != deal:
                break
            if state.is_chance:
                state.apply(state.sample_chance(rng))
                continue
            seat = state.current_player
            legal = state.legal_actions()
            if len(legal) == 1:
                state.apply(legal[0])
            elif seat == me:
                state.apply(self.own.act(Turn(seat, state.view(seat), legal, rng, state)))
            else:
                state.apply(model_action(state, stats[seat], legal))


class MatchPlayer(PokerExpert):
    """``partita``: :class:`PokerExpert` valuing the end of a deal by its side's chance to win
    the match (:func:`win_probability`: its side's best seat on top after the deals still to
    play), not by its chips. ``team``: ``"alone"`` (the default: the seat plays for itself,
    the match won by the biggest stack) or ``"alternate"`` (the arena's two-level rule: the
    seats of its parity are one side, :func:`alternate_team`). Each seat sees only its own view
    and knows only the public stacks and the match rule. Built with a ``fallback`` (the level's
    ``SearchSetting.expert`` hook passes the search it replaces) it is named ``esperto``; the
    fallback is kept, not played: every table is played for the match."""

    name = "partita"

    def __init__(self, seed: int | None = None, fallback: Agent | None = None, *,
                 pool: int = POOL, worlds: int = WORLDS, deal_sd: float = DEAL_SD,
                 team: str = "alone", memory: bool = True) -> None:
        super().__init__(seed, pool, worlds, memory=memory)
        if team not in TEAMS:
            raise ValueError(f"team must be one of {', '.join(TEAMS)}, got {team!r}")
        self.deal_sd = deal_sd
        self.team = team
        self.fallback = fallback
        if fallback is not None:  # built as the esperto level
            self.name = "esperto"

    def outcome(self, state: PokerItalianoState, me: int, deal: int) -> float:
        side = alternate_team(me, state.n) if self.team == "alternate" else (me,)
        return win_probability(deal_end_stacks(state, deal), state.in_match, side,
                               deals_left(state, deal), self.deal_sd)

    def baseline(self, world: PokerItalianoState, me: int) -> float:
        return 0.0


class MatchExpert(MatchPlayer):
    """The esperto level: :class:`MatchPlayer` for itself, its model of the table made
    at every move from the view alone (no memory between moves, as every other level), so it
    plays the same in the arena, in the server (which builds a bot for each move) and in a
    resumed match. Learning over the match did not measurably help modello
    (docs/poker_italiano.md). It plays out four times partita's worlds (:data:`EXPERT_WORLDS`
    of :data:`EXPERT_POOL`), ~0.3 s a move: 59.8 % of 800 against medio, where the same
    player with partita's 48 worlds scored 58.6 % of 600."""

    def __init__(self, seed: int | None = None, fallback: Agent | None = None, *,
                 pool: int = EXPERT_POOL, worlds: int = EXPERT_WORLDS) -> None:
        super().__init__(seed, fallback, pool=pool, worlds=worlds, memory=False)


class TeamMatchPlayer(MatchPlayer):
    """``partita2``: :class:`MatchPlayer` for the arena's two-level rule (``team="alternate"``),
    a measurement bot: it counts the seat two places on as its partner."""

    name = "partita2"

    def __init__(self, seed: int | None = None, fallback: Agent | None = None) -> None:
        super().__init__(seed, fallback, team="alternate")


#: the sides :class:`MatchPlayer` may play for
TEAMS: Final = ("alone", "alternate")


def deal_end_stacks(state: PokerItalianoState, deal: int) -> list[float]:
    """Every seat's chips once deal ``deal`` is over in ``state``: a new deal's antes given
    back, a pot carried to the next deal shared evenly among the seats still in."""
    alive = max(1, sum(state.in_match))
    share = state.carried / alive
    new_deal = state.hand_number != deal
    return [chips + (state.contrib[s] if new_deal else 0) + (share if state.in_match[s] else 0)
            for s, chips in enumerate(state.chips)]


def deals_left(state: PokerItalianoState, deal: int) -> int:
    """Deals still to play after deal ``deal`` (a carried pot past the last deal is replayed)."""
    if state.is_terminal:
        return 0
    last = state.config.max_hands
    return max(0, last - deal) + (1 if deal >= last and state.carried else 0)


def systematic_resample(items: Sequence[PokerItalianoState], weights: Sequence[float], k: int,
                        rng: random.Random) -> list[PokerItalianoState]:
    """``k`` items drawn in proportion to ``weights`` with one random offset (low variance);
    uniform when every weight is zero."""
    total = sum(weights)
    if total <= 0:
        return [items[i % len(items)] for i in range(k)]
    step = total / k
    point = rng.random() * step
    out: list[PokerItalianoState] = []
    acc, i = weights[0], 0
    for _ in range(k):
        while acc < point and i < len(items) - 1:
            i += 1
            acc += weights[i]
        out.append(items[i])
        point += step
    return out


def candidate_moves(view: JSON, legal: list[Action]) -> list[Action]:
    """The moves worth a rollout: every simple one, bets at the minimum, half the pot and the
    pot, and a few sensible draws."""
    if view["phase"] == "draw":
        return _draws(view, legal)
    pot = int(view["pot"])
    sized = [a for a in legal if isinstance(a, Open | Bet | Raise)]
    out = [a for a in legal if not isinstance(a, Open | Bet | Raise | Draw)]
    for kind in (Open, Bet, Raise):
        menu = [a for a in sized if isinstance(a, kind)]
        if menu:
            picks = {menu[0], closest_amount(menu, pot // 2), closest_amount(menu, pot)}
            out += sorted(picks, key=lambda a: getattr(a, "amount", 0))
    return out


def _draws(view: JSON, legal: list[Action]) -> list[Action]:
    hand = [card_from_token(t) for t in view["hand"]]
    deck = int(view["deck_size"])
    natural = natural_discards(hand, deck)
    options: list[list[Card]] = [natural, []]
    if len(natural) >= 2:  # keep a kicker too
        options.append(sorted(natural, key=lambda c: (c.rank, c.suit))[:-1])
    suit_counts: dict[int, list[Card]] = {}
    for card in hand:
        suit_counts.setdefault(card.suit, []).append(card)
    for cards in suit_counts.values():
        if len(cards) == 4:  # break a pair for a flush draw
            options.append([c for c in hand if c not in cards])
    by_cards = {a.cards: a for a in legal if isinstance(a, Draw)}
    out: list[Action] = []
    for option in options:
        action = by_cards.get(tuple(sorted(option)))
        if action is not None and action not in out:
            out.append(action)
    return out or legal[:1]
