"""What the opponent holds, inferred from his discard (two-player cribbage).

A player keeps good hands. Every 6-card deal he might have had is weighed by how likely a
competent player would have kept each four of it: a softmax, at a temperature, over the exact
expected value of his 15 possible keeps (the hand over every starter plus or minus the crib
table's price of the two cards laid away, :func:`discard_analysis` — what every strong player
computes). His four kept cards must contain the cards he has played, and the ones he still holds
must all be worth at least what his go showed.

The posterior over his (unplayed cards, crib cards) is sampled by importance: a 6-card deal is
drawn uniformly among those that contain his played cards (his deal is uniform a priori, so
the proposal's ratio to the prior is a constant), and each keep of it consistent with the play
is weighted by the chance that he kept it. ``temperature`` 0 means he always keeps the best
four (ties shared): exactly what medio does.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

from mazzo.cards import Card
from mazzo.games.cribbage.pegging import best_pegs, peg_scores
from mazzo.games.cribbage.scoring import CRANK, DECK, VALUE, discard_analysis

#: the default temperature (points of expected value). Against medio, who keeps the best four,
#: 0 fits best; 0.5 gives up only 0.06 nats of the true hand's log-probability (docs/cribbage.md)
#: and leaves a player who misjudges a keep by a point or two possible
TEMPERATURE = 0.5
#: 6-card deals drawn per move to weigh the worlds
DRAWS = 120

World = tuple[tuple[Card, ...], tuple[Card, ...]]  # (his unplayed cards, his crib cards)


@dataclass(frozen=True)
class Evidence:
    """What the seat to play knows about the opponent's six cards."""

    unseen: tuple[Card, ...]  # every card we have not seen (his six are among them or laid)
    laid: tuple[Card, ...]  # the cards he has played this deal
    left: int  # how many he still holds
    min_value: int  # every card he still holds is worth at least this (his go)
    crib: bool  # the crib is his (he deals)
    #: the play so far, for :func:`play_chance`: our cards laid, in order, and still held,
    #: the starter and the count now (his laid cards are ``laid``, in order)
    our_laid: tuple[Card, ...] = ()
    our_hand: tuple[Card, ...] = ()
    starter: Card | None = None
    count: int = 0


def keep_chances(six: Sequence[Card], crib: bool, temperature: float
                 ) -> list[tuple[tuple[Card, ...], tuple[Card, ...], float]]:
    """(keep, discard, chance he kept it) for the 15 ways to keep four of ``six``; the chances
    sum to 1. ``crib``: the crib is his, so its price is added to the keep's value."""
    options = _options(tuple(sorted(six)), crib)
    best = options[0][2]
    if temperature <= 0:
        weights = [1.0 if net >= best - 1e-9 else 0.0 for _, _, net in options]
    else:
        weights = [math.exp((net - best) / temperature) for _, _, net in options]
    total = sum(weights)
    return [(keep, away, w / total) for (keep, away, _), w in zip(options, weights, strict=True)]


@lru_cache(maxsize=65536)
def _options(six: tuple[Card, ...], crib: bool
             ) -> tuple[tuple[tuple[Card, ...], tuple[Card, ...], float], ...]:
    return tuple((o.keep, o.discard, o.net) for o in discard_analysis(six, crib))


def consistent(keep: Sequence[Card], evidence: Evidence) -> tuple[Card, ...] | None:
    """His unplayed cards if he could have kept ``keep`` given the play so far, else None."""
    laid = evidence.laid
    if any(c not in keep for c in laid):
        return None
    rest = tuple(c for c in keep if c not in laid)
    if len(rest) != evidence.left or any(VALUE[c & 15] < evidence.min_value for c in rest):
        return None
    return rest


def weighted_worlds(evidence: Evidence, rng: random.Random, draws: int = DRAWS,
                    temperature: float = TEMPERATURE, play: float | None = None
                    ) -> dict[World, float]:
    """The posterior over worlds, by importance sampling ``draws`` deals (weights sum to 1;
    empty if no drawn deal could have been kept as the play shows). ``play``: also weigh each
    world by the chance of his plays so far (:func:`play_chance` at that temperature)."""
    pool = [c for c in evidence.unseen if c not in evidence.laid]
    need = 6 - len(evidence.laid)
    out: dict[World, float] = {}
    for _ in range(draws):
        six = (*evidence.laid, *rng.sample(pool, need))
        for keep, away, chance in keep_chances(six, evidence.crib, temperature):
            if chance <= 0.0:
                continue
            rest = consistent(keep, evidence)
            if rest is None:
                continue
            if play is not None:
                chance *= play_chance(evidence, rest, away, play)
                if chance <= 0.0:
                    continue
            world = (rest, away)
            out[world] = out.get(world, 0.0) + chance
    total = sum(out.values())
    return {w: p / total for w, p in out.items()} if total else {}


def sample_worlds(evidence: Evidence, rng: random.Random, worlds: int, draws: int = DRAWS,
                  temperature: float = TEMPERATURE, play: float | None = None
                  ) -> dict[World, int]:
    """``worlds`` worlds drawn from the posterior, as counts of each distinct world (so each is
    solved once). Falls back to uniform worlds when the evidence rules out every drawn deal."""
    posterior = weighted_worlds(evidence, rng, draws, temperature, play)
    if not posterior:
        return _uniform(evidence, rng, worlds)
    keys = list(posterior)
    picks = rng.choices(keys, weights=[posterior[k] for k in keys], k=worlds)
    counts: dict[World, int] = {}
    for world in picks:
        counts[world] = counts.get(world, 0) + 1
    return counts


def _uniform(evidence: Evidence, rng: random.Random, worlds: int) -> dict[World, int]:
    pool = [c for c in evidence.unseen if c not in evidence.laid]
    able = [c for c in pool if VALUE[c & 15] >= evidence.min_value] or pool
    counts: dict[World, int] = {}
    for _ in range(worlds):
        hand = tuple(rng.sample(able, evidence.left))
        rest = [c for c in pool if c not in hand]
        world = (hand, tuple(rng.sample(rest, 2)))
        counts[world] = counts.get(world, 0) + 1
    return counts


def unseen_cards(seen: Sequence[Card]) -> tuple[Card, ...]:
    known = set(seen)
    return tuple(c for c in DECK if c not in known)


def hand_log_chance(keep: Sequence[Card], unseen: Sequence[Card], crib: bool,
                    temperature: float) -> float:
    """log P(he kept exactly ``keep``) before any card is played, summed exactly over his
    every possible pair laid away: sum over D of P(deal = keep + D) × P(keep | deal)."""
    kept = set(keep)
    rest = [c for c in unseen if c not in kept]
    n = len(unseen)
    deals = math.comb(n, 6)
    total = 0.0
    for i, a in enumerate(rest):
        for b in rest[i + 1:]:
            for k, _, chance in keep_chances((*keep, a, b), crib, temperature):
                if set(k) == kept:
                    total += chance
                    break
    return math.log(total / deals) if total else -math.inf


def play_chance(evidence: Evidence, hand: tuple[Card, ...], away: tuple[Card, ...],
                temperature: float) -> float:
    """The chance that a competent pegger holding ``hand`` (unplayed) after laying away
    ``away`` played his cards as he did, the play replayed from its first card: 0 if the world
    contradicts the play (he would have had a card to lay where he said go, or could not have
    laid the card he laid), else the product, over his plays, of the chance of his card under a
    softmax at ``temperature`` of the textbook pegging scores (:func:`peg_scores`) that he
    could compute from what he saw then; ``temperature`` 0: a uniform choice among the best."""
    ours = (*evidence.our_laid, *evidence.our_hand)
    theirs = (*evidence.laid, *hand)
    own = {*theirs, *away}
    if evidence.starter is not None:
        own.add(evidence.starter)
    hands = [list(ours), list(theirs)]
    records = (evidence.our_laid, evidence.laid)
    done = [0, 0]
    player = 0 if evidence.crib else 1  # the pone leads: we, when the crib is his
    last = -1
    count = 0
    ranks: list[int] = []
    laid: list[Card] = []
    chance = 1.0
    while True:
        room = 31 - count
        able = [c for c in hands[player] if VALUE[c & 15] <= room]
        if able:
            if done[player] == len(records[player]):
                # our turn now, everything laid replayed, else his turn where he laid nothing
                now = player == 0 and done[1] == len(records[1]) and count == evidence.count
                return chance if now else 0.0
            card = records[player][done[player]]
            if card not in able:
                return 0.0
            if player == 1:
                unseen = [c for c in DECK if c not in own and c not in laid]
                scores = peg_scores(count, ranks, unseen, len(hands[0]), able)
                chance *= _choice_chance(scores, able.index(card), temperature)
                if chance <= 0.0:
                    return 0.0
            done[player] += 1
            hands[player].remove(card)
            laid.append(card)
            count += VALUE[card & 15]
            ranks.append(CRANK[card & 15])
            last = player
            if count == 31:
                count, ranks = 0, []
                player = 1 - last if hands[1 - last] else last
            else:
                player = 1 - player
            continue
        other = 1 - player
        if any(VALUE[c & 15] <= room for c in hands[other]):
            player = other
            continue
        if not hands[0] and not hands[1]:
            return 0.0  # the play is over: not a position anyone moves in
        count, ranks = 0, []
        player = 1 - last if hands[1 - last] else last


def _choice_chance(scores: Sequence[float], index: int, temperature: float) -> float:
    if temperature <= 0:  # as medio: a uniform pick among the best
        ties = best_pegs(scores)
        return 1.0 / len(ties) if index in ties else 0.0
    best = max(scores)
    weights = [math.exp((s - best) / temperature) for s in scores]
    return weights[index] / sum(weights)
