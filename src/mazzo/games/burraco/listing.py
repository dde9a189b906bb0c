"""The legal moves of the play stage, listed in three parts (calas, attaccas, discards), each in
a fixed order, from the hand's index and the side's kept meld moves (see ``tables``).
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Final

from mazzo.cards import Card
from mazzo.games.burraco.actions import DECK_INDEX, DISCARD, MAX_MELDS, Attacca, Cala, Discard
from mazzo.games.burraco.hand_index import HandIndex
from mazzo.games.burraco.melds import Meld, attach_options
from mazzo.games.burraco.tables import (
    ATTACCA,
    CALA,
    KEPT_RUN_PATTERNS,
    SET_PATTERNS,
    MeldMoves,
    meld_cards,
    meld_moves,
    run_patterns,
)

if TYPE_CHECKING:
    from mazzo.games.burraco.state import BurracoState


WILD_TYPES: Final = (12 * 16, 2, 16 + 2, 32 + 2, 48 + 2)  # jolly, then the 2 of each suit
_DECK_ORDER: Final = DECK_INDEX.__getitem__
_FIRST: Final = itemgetter(0)
_DISCARD_OF: Final = DISCARD.__getitem__
#: the one card whose place in the deck order differs from its number's
_FIRST_JOLLY: Final = 192
#: the ranks 3..14 whose bits (bit 0: rank 3) a number sets, in rank order
_SET_RANKS: Final = tuple(
    tuple(rank for rank in range(3, 15) if bits >> (rank - 3) & 1) for bits in range(1 << 12))


class SideMoves:
    """What a side's melds offer the listing, kept while the melds are the same objects: each
    meld's :class:`MeldMoves`, and the ranks the side has a set of (one set per rank)."""

    __slots__ = ("laid", "melds", "moves")

    def __init__(self, melds: list[Meld]) -> None:
        self.melds = list(melds)
        self.moves: list[MeldMoves] = list(map(meld_moves, melds))
        self.laid = {m.key for m in melds if not m.run}

    def with_meld(self, at: int, meld: Meld) -> SideMoves:
        """These moves with meld ``at`` replaced by ``meld`` (a card attached: a set keeps its
        rank) or ``meld`` added (``at`` is the count): a new object, since clones share this
        one; one meld looked up instead of all of them."""
        twin = object.__new__(SideMoves)
        twin.melds = melds = list(self.melds)
        twin.moves = moves = list(self.moves)
        twin.laid = self.laid
        if at < len(melds):
            melds[at] = meld
            moves[at] = meld_moves(meld)
        else:
            melds.append(meld)
            moves.append(meld_moves(meld))
            if not meld.run:
                twin.laid = self.laid | {meld.key}
        return twin


def play_lists(state: BurracoState) -> tuple[list[Cala], list[Attacca], list[Discard]]:
    """The legal moves of the play stage in three parts: calas, attaccas, discards."""
    hand = state.hands[state.player]
    kept = state._index[state.player]
    if kept is None or kept.hand is not hand:  # a new hand: a deal, a pozzetto, a clone
        kept = state._index[state.player] = HandIndex(hand, state.restricted)
    reps = kept.reps
    wild_reps = kept.wilds
    if wild_reps is None:
        wild_reps = kept.wilds = [(t, reps[t]) for t in WILD_TYPES if t in reps]
        kept.wild_firsts = tuple([group[0] for _, group in wild_reps])
    side = side_moves(state, state.side_of[state.player])
    pairs = _SET_RANKS[kept.pairs_bits() >> 3]  # the ranks a set can be made of
    return (cala_actions(state, hand, kept, pairs, wild_reps, side),
            attacca_actions(state, hand, reps, kept.wild_firsts, side),
            discard_actions(state, hand, reps))



def cala_actions(state: BurracoState, hand: list[Card], kept: HandIndex, pairs: tuple[int, ...],
                 wild_reps: list[tuple[int, list[Card]]], side: SideMoves) -> list[Cala]:
    """Every new meld of three: sets by rank (3 to ace), then runs by suit; each once
    (runs of different suits never share their natural cards). The sets of each rank and
    the runs of each suit come from the hand's index while their cards stay."""
    calas: list[Cala] = []
    at = kept.at
    if pairs:
        sets = kept.sets
        wilds = kept.wild_firsts
        laid = side.laid
        for rank in pairs:
            if rank not in laid:  # one set per rank
                chunk = sets.get(rank)
                if chunk is None:
                    chunk = sets[rank] = _set_chunk(rank, at, wilds)
                calas += chunk
    runs = kept.runs
    need = 2 if wild_reps else 3
    for suit, mask in enumerate(kept.masks):
        found = runs[suit]
        if found is None:
            # the suit's types (an ace fills two places), its own 2 counting double:
            # fewer cannot make a run of three
            if mask.bit_count() - (mask >> 14 & 1) + (mask >> 2 & 1) < need:
                runs[suit] = ()
                continue
            found = runs[suit] = _suit_runs(suit, at, mask, wild_reps)
        calas += found
    if len(hand) >= 5:  # two cards stay in hand: always a way to end the turn
        return calas
    # a new meld of three is never a burraco: only the side's existing melds count
    return [a for a in calas
            if state._leaves_a_finish(hand, a.cards, None, -1)]



def attacca_actions(state: BurracoState, hand: list[Card], reps: dict[int, list[Card]],
                    wilds: tuple[Card, ...], side: SideMoves) -> list[Attacca]:
    """Every card that may join one of the side's melds, meld by meld; ``wilds``: the first
    card of each wild type held (kept with the hand index)."""
    out: list[Attacca] = []
    roomy = len(hand) >= 3  # two cards stay in hand: always a way to end the turn
    for i, moves in enumerate(side.moves):
        tried = []  # a plain loop: a comprehension is a function call per meld
        for t in moves.types:
            if t in reps:
                tried.append(reps[t][0])
        if wilds and moves.takes_wild:
            tried += wilds
        if not tried:
            continue
        if roomy:  # every option is legal: the moves are kept with the meld
            kept = moves.actions
            for c in tried:
                found = kept.get(c * MAX_MELDS + i)
                out += found if found is not None else moves.actions_of(c, i)
            continue
        for c in tried:
            for wild, grown in attach_options(side.melds[i], c).items():
                if state._leaves_a_finish(hand, (c,), grown, i):
                    out.append(ATTACCA[(c, i, wild)])
    return out



def side_moves(state: BurracoState, side: int) -> SideMoves:
    """The :class:`SideMoves` of the side's melds, kept with the melds they were made from
    while those are the same objects (they change in one move out of five)."""
    melds = state.melds[side]
    kept = state._moves_kept.get(side)
    if kept is None or kept.melds != melds:  # a list comparison: melds by identity first
        kept = state._moves_kept[side] = SideMoves(melds)
    return kept



def discard_actions(state: BurracoState, hand: list[Card],
                    reps: dict[int, list[Card]]) -> list[Discard]:
    """A discard per type, in the deck order of each type's first card (in C: the kept
    index's dict is in no order)."""
    r = state.restricted
    closing = len(hand) == 1 and state.taken[state.side_of[state.player]]
    if r is None and not closing:  # the usual case, all in C
        if _FIRST_JOLLY in reps:
            return list(map(_DISCARD_OF, sorted(map(_FIRST, reps.values()),
                                                key=_DECK_ORDER)))
        return list(map(_DISCARD_OF, sorted(map(_FIRST, reps.values()))))
    if closing and not state.side_has_burraco(state.side_of[state.player]):
        return []
    firsts = list(map(_FIRST, reps.values()))  # each type's first card, in no order
    group = None if r is None else reps.get(r & 0xFF)
    if group is not None and group[0] is r:  # listed at its type's lowest card, not itself
        low = group[1] if len(group) > 1 and group[1] < r else r
        firsts[firsts.index(r)] = low
    else:
        group = None
    firsts.sort(key=_DECK_ORDER) if _FIRST_JOLLY in reps else firsts.sort()
    if group is not None:  # the restricted card stays: its twin, if any, instead
        i = firsts.index(low)
        if len(group) > 1:
            firsts[i] = group[1]
        else:
            del firsts[i]
    if closing:  # the closing discard may not be a wild
        return [DISCARD[c] for c in firsts if (c & 15) not in (0, 2)]
    return list(map(_DISCARD_OF, firsts))


def _set_chunk(rank: int, at: list[list[Card] | None], wilds: tuple[Card, ...]) -> SetChunk:
    """The sets of three of ``rank`` (see :func:`set_chunk`), kept by the cards they are made
    of: the hand's naturals of the rank (suit by suit) and the first card of each wild type."""
    naturals: list[Card] = []
    for suit_base in (0, 16, 32, 48):
        group = at[suit_base + rank]
        if group:
            naturals += group
    key = (tuple(naturals), wilds)
    found = _SET_CHUNKS.get(key)
    if found is None:
        if len(_SET_CHUNKS) >= _KEPT_CHUNKS:
            _SET_CHUNKS.clear()
        found = _SET_CHUNKS[key] = set_chunk(rank, at, wilds)
    return found


def set_chunk(rank: int, at: list[list[Card] | None], wilds: tuple[Card, ...]) -> SetChunk:
    """The sets of three of ``rank``: natural, then a natural pair with each wild type
    (``wilds``: the first card of each), each once; ``at``: the hand's cards by type."""
    naturals: list[Card] = []
    copies = 0  # how many of each suit, in base 3 (the index of the set patterns)
    for suit_base, weight in _SUIT_WEIGHTS:
        group = at[suit_base + rank]
        if group:
            naturals += group
            copies += weight * len(group)
    trios, pairs = SET_PATTERNS[copies]
    found: dict[tuple[tuple[Card, ...], int], None] = {}
    for i, j, k in trios:
        found[(meld_cards(naturals[i], naturals[j], naturals[k]), 0)] = None
    for i, j in pairs:
        for w in wilds:
            found[(meld_cards(naturals[i], naturals[j], w), 0)] = None
    return tuple(map(CALA.__getitem__, found))


SetChunk = tuple[Cala, ...]
SetKey = tuple[tuple[Card, ...], tuple[Card, ...]]
#: the sets of a rank by (the hand's naturals of the rank, the first card of each wild type
#: held): shared by every state (a rank's naturals and the wilds recur all match long)
_SET_CHUNKS: dict[SetKey, SetChunk] = {}
_KEPT_CHUNKS: Final = 50_000
_SUIT_WEIGHTS: Final = ((0, 1), (16, 3), (32, 9), (48, 27))


def _suit_runs(suit: int, at: list[list[Card] | None], mask: int,
               wild_reps: list[tuple[int, list[Card]]]) -> tuple[Cala, ...]:
    """The new runs of three of ``suit``, natural ones first (see :func:`_run_triples`)."""
    found: dict[tuple[tuple[Card, ...], int], None] = {}
    _run_triples(suit, at, mask, wild_reps, found)
    return tuple(map(CALA.__getitem__, found))


def _run_triples(
    suit: int,
    at: list[list[Card] | None],
    mask: int,
    wild_reps: list[tuple[int, list[Card]]],
    found: dict[tuple[tuple[Card, ...], int], None],
) -> None:
    """The runs of three of ``suit``: natural ones, then a natural pair with a wild; ``at``:
    the hand's card at each position of each suit (its first of the type; ``16 suit + p``),
    ``mask``: the positions the suit fills."""
    starts, with_wild = KEPT_RUN_PATTERNS.get(mask) or run_patterns(mask)
    base = suit * 16
    for p in starts:
        p += base
        found[(meld_cards(at[p][0], at[p + 1][0], at[p + 2][0]), 0)] = None  # type: ignore[index]
    if not wild_reps:
        return
    own_two = base + 2
    for p, q, spot in with_wild:
        a, b = at[base + p][0], at[base + q][0]  # type: ignore[index]
        for wtype, group in wild_reps:
            if wtype == own_two and spot == 2:
                continue  # a same-suit 2 at its own place is natural: the all-natural triple
            w = group[0]
            if w is a or w is b:  # its 2 already stands at 2 as a natural: its twin, if any
                if len(group) == 1:
                    continue
                w = group[1]
            found[(meld_cards(a, b, w), spot)] = None
