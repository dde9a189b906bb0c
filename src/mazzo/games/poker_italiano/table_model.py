"""What the table reveals about each opponent: action frequencies and beliefs about his cards.

Built only from the public views a seat receives (the public log of every finished deal, as
``last_hand`` shows it, and the log of the deal in progress): nothing here reads an opponent's
cards or any bot's code.

The model of one player is a **monotone range model**. In each betting situation (see
:data:`SITUATIONS`) a player's choices are ordered from the weakest to the strongest (fold < call
< raise; passo < parola < bet) and he is assumed to choose by the strength of his hand: the weakest
share ``p[fold]`` of hands folds, the next ``p[call]`` calls, the strongest ``p[raise]`` raises;
``p`` is the seat's observed frequency in that situation, smoothed by a Dirichlet prior so that
the first deals of a match are sensible. A hand's strength is its **quantile** among reference
hands (:func:`pre_quantile` before the draw, :func:`post_quantile` after it), so that a frequency
maps straight to a range. With probability :data:`NOISE` an action is not explained by the range
(a bluff, a slow play, another style): that keeps every world possible.

The same model serves twice: :meth:`TableModel.likelihood` weights sampled worlds by how well
they explain the deal's log (Bayesian weighting), and :func:`model_action` moves every seat in the
expert's rollouts the way its frequencies say.
"""

from __future__ import annotations

import bisect
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Final

from mazzo.cards import Card, short_deck
from mazzo.engine.game import JSON, Action
from mazzo.games.poker_italiano.actions import (
    CALL,
    FOLD,
    NO_BLIND,
    NO_COVER,
    PAROLA,
    PASS,
    STAY,
    Bet,
    Draw,
    Open,
    Raise,
)
from mazzo.games.poker_italiano.bots import closest_amount, open_four
from mazzo.games.poker_italiano.scoring import (
    FLUSH,
    FULL_HOUSE,
    PAIR,
    QUADS,
    STRAIGHT,
    STRAIGHT_FLUSH,
    TRIPS,
    TWO_PAIR,
    key_function,
    opens,
)
from mazzo.games.poker_italiano.state import PokerItalianoState

# --- situations and priors ---------------------------------------------------------------------

OPEN: Final = "open"  # nobody has opened yet (before the draw): pass or open
FACE_PRE_SMALL: Final = "face_pre_small"  # facing a bet before the draw, cheap price
FACE_PRE_BIG: Final = "face_pre_big"  # ... dear price
CHECK_POST: Final = "check_post"  # after the draw, no bet yet: passo, parola or bet
FACE_POST_SMALL: Final = "face_post_small"  # facing a bet after the draw, cheap price
FACE_POST_BIG: Final = "face_post_big"
DRAW: Final = "draw"  # cards changed: 0..4

#: the choices of each situation, weakest first (the order of the range model)
CHOICES: Final[dict[str, tuple[str, ...]]] = {
    OPEN: ("pass", "open"),
    FACE_PRE_SMALL: ("fold", "call", "raise"),
    FACE_PRE_BIG: ("fold", "call", "raise"),
    CHECK_POST: ("pass", "parola", "bet"),
    FACE_POST_SMALL: ("fold", "call", "raise"),
    FACE_POST_BIG: ("fold", "call", "raise"),
    DRAW: ("0", "1", "2", "3", "4"),
}
SITUATIONS: Final = tuple(CHOICES)

#: Dirichlet prior of a generic solid player (pseudo-counts, :data:`PRIOR_WEIGHT` in all): what
#: the model believes before it has seen a seat act. The opening row is by the engine's rule
#: (only an opening hand may open, about a third of deals) and is not learnt.
PRIOR: Final[dict[str, tuple[float, ...]]] = {
    OPEN: (0.7, 0.3),
    FACE_PRE_SMALL: (0.35, 0.55, 0.10),
    FACE_PRE_BIG: (0.55, 0.38, 0.07),
    CHECK_POST: (0.05, 0.65, 0.30),
    FACE_POST_SMALL: (0.40, 0.50, 0.10),
    FACE_POST_BIG: (0.60, 0.34, 0.06),
    DRAW: (0.10, 0.20, 0.20, 0.40, 0.10),
}
#: how many observed actions the prior is worth
PRIOR_WEIGHT: Final = 6.0
#: price (the call's share of the pot after calling) from which a bet is "big"
BIG_PRICE: Final = 0.25
#: share of actions the range model does not explain (bluffs, slow plays, mistakes)
NOISE: Final = 0.15
#: a hand that may open but passes (slow play) — not observable, so a fixed belief
SLOW_PLAY: Final = 0.1
#: in the model's play a raise answers at most this many bets and raises of the round: the
#: range model alone would have two strong hands re-raise each other to the last chip, which
#: players rarely do without the very best hands
RAISE_CAP: Final = 2


@dataclass
class SeatStats:
    """Observed choices of one seat per situation (counts, the prior not included)."""

    counts: dict[str, list[int]] = field(
        default_factory=lambda: {s: [0] * len(CHOICES[s]) for s in SITUATIONS})

    def add(self, situation: str, choice: str) -> None:
        self.counts[situation][CHOICES[situation].index(choice)] += 1

    def seen(self, situation: str) -> int:
        return sum(self.counts[situation])

    def frequencies(self, situation: str) -> tuple[float, ...]:
        """The posterior mean of the seat's choice frequencies in ``situation``."""
        prior, counts = PRIOR[situation], self.counts[situation]
        total = PRIOR_WEIGHT + sum(counts)
        return tuple((PRIOR_WEIGHT * p + c) / total for p, c in zip(prior, counts, strict=True))

    def probability(self, situation: str, choice: str, quantile: float) -> float:
        """P(choice | a hand at this quantile): the range model mixed with NOISE."""
        freqs = self.frequencies(situation)
        i = CHOICES[situation].index(choice)
        low = sum(freqs[:i])
        inside = low <= quantile < low + freqs[i] or (i == len(freqs) - 1 and quantile >= low)
        return (1.0 - NOISE) * inside + NOISE * freqs[i]

    def choose(self, situation: str, quantile: float) -> str:
        """The choice the range model makes with a hand at ``quantile``."""
        freqs = self.frequencies(situation)
        edge = 0.0
        for choice, f in zip(CHOICES[situation], freqs, strict=True):
            edge += f
            if quantile < edge:
                return choice
        return CHOICES[situation][-1]


# --- hand strength as a quantile ---------------------------------------------------------------

REFERENCE_HANDS: Final = 6000


@cache
def _reference(deck_size: int) -> tuple[list[int], list[int]]:
    """Sorted keys of random pre-draw hands and of hands after a natural draw (seeded)."""
    rng = random.Random(16_2026 + deck_size)
    key = key_function(deck_size)
    deck = list(short_deck(deck_size))
    pre: list[int] = []
    post: list[int] = []
    for _ in range(REFERENCE_HANDS):
        rng.shuffle(deck)
        hand = deck[:5]
        pre.append(key(hand))
        out = natural_discards(hand, deck_size)
        kept = [c for c in hand if c not in out]
        post.append(key(kept + deck[5:5 + len(out)]))
    return sorted(pre), sorted(post)


def post_quantile(hand: Sequence[Card], deck_size: int) -> float:
    """Share of hands after a natural draw that this made hand beats."""
    keys = _reference(deck_size)[1]
    return bisect.bisect_left(keys, key_function(deck_size)(hand)) / len(keys)


#: pre-draw quantile credited to a drawing hand (a flush beats a full house in the short deck)
FLUSH_DRAW_QUANTILE: Final = 0.85
STRAIGHT_DRAW_QUANTILE: Final = 0.7


def pre_quantile(hand: Sequence[Card], deck_size: int) -> float:
    """Share of dealt hands that this one beats, drawing hands credited with their chances."""
    keys = _reference(deck_size)[0]
    made = bisect.bisect_left(keys, key_function(deck_size)(hand)) / len(keys)
    suits = Counter(c.suit for c in hand)
    if suits.most_common(1)[0][1] == 4:
        made = max(made, FLUSH_DRAW_QUANTILE)
    elif open_four(hand, deck_size) is not None:
        made = max(made, STRAIGHT_DRAW_QUANTILE)
    return made


def natural_discards(hand: Sequence[Card], deck_size: int) -> list[Card]:
    """Textbook draw: stand pat on a made five-card hand, keep sets and pairs, four to a flush
    or an open straight, else the highest card (never five cards)."""
    cat = key_function(deck_size)(hand) >> 26
    if cat in (STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH):
        return []
    counts = Counter(c.rank for c in hand)
    if cat in (TRIPS, TWO_PAIR, PAIR):
        return [c for c in hand if counts[c.rank] == 1]
    suit, most = Counter(c.suit for c in hand).most_common(1)[0]
    if most == 4:
        return [c for c in hand if c.suit != suit]
    odd = open_four(hand, deck_size)
    if odd is not None:
        return [odd]
    top = max(hand, key=lambda c: (c.rank, c.suit))
    return [c for c in hand if c is not top]


# --- reading the log ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Observed:
    """One public action put in its situation: ``after`` the draw or not."""

    seat: int
    situation: str
    choice: str
    after: bool


def read_log(log: Sequence[JSON], start_pot: int, players: int) -> list[Observed]:
    """Every betting action and draw of one deal's log, in its situation (blinds skipped)."""
    rbet = [0] * players
    pot, after, opened = start_pot, False, False
    out: list[Observed] = []
    for entry in log:
        seat, word, amount = int(entry["seat"]), str(entry["word"]), int(entry["amount"])
        if word == "draw":
            if not after:
                after, rbet = True, [0] * players
            out.append(Observed(seat, DRAW, str(min(amount, 4)), True))
            continue
        to_call = max(rbet) - rbet[seat]
        found = _situation(word, to_call, pot, after, opened)
        if found is not None:
            out.append(Observed(seat, found[0], found[1], after))
        if word in ("open", "buio", "controbuio", "over"):
            opened = True
        rbet[seat] += amount
        pot += amount
    return out


def _situation(word: str, to_call: int, pot: int, after: bool,
               opened: bool) -> tuple[str, str] | None:
    if word in ("pass", "open") and not after and not opened:
        return OPEN, word
    if word in ("fold", "call", "raise") and to_call > 0:
        big = to_call / (pot + to_call) >= BIG_PRICE
        if after:
            return (FACE_POST_BIG if big else FACE_POST_SMALL), word
        return (FACE_PRE_BIG if big else FACE_PRE_SMALL), word
    if after and word in ("pass", "parola", "bet"):
        return CHECK_POST, word
    return None  # blinds, stays, a blind's raise from "stay": too rare to learn from


def deal_start_pot(view_pot: int, log: Sequence[JSON]) -> int:
    """The pot before the logged betting (antes and any carried pot)."""
    return max(1, view_pot - sum(int(e["amount"]) for e in log if e["word"] != "draw"))


class TableModel:
    """Per-seat statistics of one match, fed with every view its seat receives."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.stats = [SeatStats() for _ in range(players)]
        self._last_deal = -1

    def observe(self, view: JSON) -> None:
        """Learn from the deal that ended before this view (once per deal)."""
        last = view.get("last_hand") or {}
        deal = int(last.get("hand", -1))
        if deal < 0 or deal == self._last_deal or "log" not in last:
            return
        self._last_deal = deal
        log = last["log"]
        start = deal_start_pot(int(last.get("pot", 0)), log) if last.get("end") in (
            "showdown", "uncontested") else self.players
        for seen in read_log(log, start, self.players):
            self.stats[seen.seat].add(seen.situation, seen.choice)

    def likelihood(self, world: PokerItalianoState, clues: Sequence[Observed],
                   me: int) -> float:
        """P(the deal's public actions | the opponents' cards in ``world``), up to a constant."""
        deck = world.deck_size
        cache: dict[tuple[int, bool], float] = {}
        weight = 1.0
        for clue in clues:
            seat = clue.seat
            if seat == me or world.folded[seat]:
                continue
            stats = self.stats[seat]
            if clue.situation == DRAW:
                natural = len(natural_discards(world.pre_draw_hand(seat), deck))
                freq = stats.frequencies(DRAW)[int(clue.choice)]
                weight *= (1.0 - NOISE) * (natural == int(clue.choice)) + NOISE * freq
                continue
            if clue.situation == OPEN:
                weight *= _open_likelihood(world, seat, clue.choice)
                continue
            q = cache.get((seat, clue.after))
            if q is None:
                q = cache[(seat, clue.after)] = (
                    post_quantile(world.hands[seat], deck) if clue.after
                    else pre_quantile(world.pre_draw_hand(seat), deck))
            weight *= stats.probability(clue.situation, clue.choice, q)
        return weight


def _open_likelihood(world: PokerItalianoState, seat: int, choice: str) -> float:
    """Only an opening hand may open (the engine's rule); one that may passes rarely."""
    can = opens(world.pre_draw_hand(seat), world.deck_size, world.min_pair)
    if choice == "open":
        return 1.0 if can else 0.0
    return SLOW_PLAY if can else 1.0


# --- the model as a policy ---------------------------------------------------------------------


def model_action(state: PokerItalianoState, stats: SeatStats, legal: list[Action]) -> Action:
    """The move the range model with ``stats`` makes for the player to move in ``state``."""
    seat, deck, mode, phase = state.current_player, state.deck_size, state.mode, state.phase_name
    if phase == "blinds":
        return NO_BLIND if NO_BLIND in legal else (NO_COVER if NO_COVER in legal else legal[0])
    hand = state.hands[seat]
    if phase == "draw":
        wanted = tuple(sorted(natural_discards(hand, deck)))
        for action in legal:
            if isinstance(action, Draw) and action.cards == wanted:
                return action
        return legal[0]
    pot = state.pot
    after = phase == "second_round"
    q = post_quantile(hand, deck) if after else pre_quantile(hand, deck)
    if mode == "open":
        openings = [a for a in legal if isinstance(a, Open)]
        return closest_amount(openings, pot if q > 0.9 else pot // 2) if openings else PASS
    if mode == "second":
        choice = stats.choose(CHECK_POST, q)
        bets = [a for a in legal if isinstance(a, Bet)]
        if choice == "bet" and bets:
            return closest_amount(bets, pot if q > 0.93 else pot // 2)
        return PASS if choice == "pass" and PASS in legal else PAROLA
    if mode == "stay":
        raises = [a for a in legal if isinstance(a, Raise)]
        return closest_amount(raises, pot // 2) if raises and q > 0.9 else STAY
    to_call = state.level - state.rbet[seat]
    if to_call <= 0:
        return CALL if CALL in legal else legal[0]
    big = to_call / (pot + to_call) >= BIG_PRICE
    situation = (FACE_POST_BIG if big else FACE_POST_SMALL) if after else (
        FACE_PRE_BIG if big else FACE_PRE_SMALL)
    choice = stats.choose(situation, q)
    raises = [a for a in legal if isinstance(a, Raise)]
    if choice == "raise" and raises and state.full_raises < RAISE_CAP:
        return closest_amount(raises, pot // 2)
    if choice == "fold" and FOLD in legal:
        return FOLD
    return CALL if CALL in legal else legal[0]
