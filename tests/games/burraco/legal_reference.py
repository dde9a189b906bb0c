"""The Burraco legal listing as it was written first: plain and slow, kept as the oracle the fast
listing in ``state.py`` must match exactly (the same actions in the same order, since seeded bots
and the golden playthroughs pick by position in the list)."""

from __future__ import annotations

from itertools import combinations

from mazzo.cards import Card
from mazzo.engine.game import Action
from mazzo.games.burraco.actions import DECK_INDEX, DISCARD, DRAW, TAKE_PILE, Attacca, Cala
from mazzo.games.burraco.listing import WILD_TYPES
from mazzo.games.burraco.melds import Meld, attach_options, is_wild
from mazzo.games.burraco.state import BurracoState


def reference_legal(state: BurracoState) -> list[Action]:
    if state.stage == "draw":
        return [DRAW, TAKE_PILE]
    if state.stage != "play":
        return []
    hand = state.hands[state.player]
    reps = _reps(state, hand)
    return [*_cala(state, hand, reps), *_attacca(state, hand, reps), *_discards(state, hand, reps)]


def _reps(state: BurracoState, hand: list[Card]) -> dict[int, list[Card]]:
    reps: dict[int, list[Card]] = {}
    for c in sorted(hand, key=DECK_INDEX.__getitem__):
        reps.setdefault(int(c) & 0xFF, []).append(c)
    r = state.restricted
    if r is not None:
        group = reps.get(int(r) & 0xFF)
        if group and r in group and group[0] != r:
            group.remove(r)
            group.insert(0, r)
    return reps


def _side_has_burraco(state: BurracoState, side: int, extra: Meld | None, replaced: int) -> bool:
    clean = state.config.clean_burraco_to_close
    for i, m in enumerate(state.melds[side]):
        if i != replaced and len(m.cards) >= 7 and not (clean and m.wild):
            return True
    return extra is not None and len(extra.cards) >= 7 and not (clean and extra.wild)


def _leaves_a_finish(state: BurracoState, hand: list[Card], used: tuple[Card, ...],
                     new: Meld | None, replaced: int) -> bool:
    left = len(hand) - len(used)
    side = state.side_of[state.player]
    if left >= 2:
        return True
    if not state.taken[side]:
        if left == 0:
            return True
        last = next(c for c in hand if c not in used)
        return last != state.restricted
    if left == 0:
        return False
    last = next(c for c in hand if c not in used)
    return (not is_wild(last) and last != state.restricted
            and _side_has_burraco(state, side, new, replaced))


def _meld_key(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=DECK_INDEX.__getitem__))


Found = dict[tuple[tuple[Card, ...], int], None]


def _cala(state: BurracoState, hand: list[Card], reps: dict[int, list[Card]]) -> list[Action]:
    side = state.side_of[state.player]
    set_ranks = {m.key for m in state.melds[side] if not m.run}
    found: Found = {}
    wild_reps = [(t, reps[t]) for t in WILD_TYPES if t in reps]
    per_rank = [0] * 16
    per_suit = [0] * 16
    for t, group in reps.items():
        per_rank[t & 15] += len(group)
        per_suit[t >> 4] += 1
    need = 2 if wild_reps else 3
    for rank in range(3, 15):
        if per_rank[rank] >= 2 and rank not in set_ranks:
            _set_triples(rank, reps, wild_reps, found)
    for suit in range(4):
        if per_suit[suit] >= need - (1 if (suit * 16 + 2) in reps else 0):
            _run_triples(suit, reps, wild_reps, found)
    return [Cala(cards, wild) for cards, wild in found
            if _leaves_a_finish(state, hand, cards, None, -1)]


def _set_triples(rank: int, reps: dict[int, list[Card]], wild_reps: list[tuple[int, list[Card]]],
                 found: Found) -> None:
    naturals: list[Card] = []
    for suit in range(4):
        naturals.extend(reps.get(suit * 16 + rank, ())[:2])
    if len(naturals) < 2:
        return
    seen: set[tuple[int, ...]] = set()
    for trio in combinations(naturals, 3):
        types = tuple(sorted(int(c) & 0xFF for c in trio))
        if types not in seen:
            seen.add(types)
            found[(_meld_key(trio), 0)] = None
    seen.clear()
    for pair in combinations(naturals, 2):
        types = tuple(sorted(int(c) & 0xFF for c in pair))
        if types in seen:
            continue
        seen.add(types)
        for _, group in wild_reps:
            found[(_meld_key((*pair, group[0])), 0)] = None


def _run_triples(suit: int, reps: dict[int, list[Card]], wild_reps: list[tuple[int, list[Card]]],
                 found: Found) -> None:
    at: dict[int, Card] = {}
    for rank in range(2, 14):
        group = reps.get(suit * 16 + rank)
        if group:
            at[rank] = group[0]
    ace = reps.get(suit * 16 + 14)
    if ace:
        at[1] = at[14] = ace[0]
    if len(at) < 2:
        return
    for p in range(1, 13):
        if p in at and p + 1 in at and p + 2 in at:
            found[(_meld_key((at[p], at[p + 1], at[p + 2])), 0)] = None
    if not wild_reps:
        return
    for p in range(1, 14):
        if p not in at:
            continue
        for q, spots in ((p + 1, (p - 1, p + 2)), (p + 2, (p + 1,))):
            if q not in at:
                continue
            for spot in spots:
                if 1 <= spot <= 14:
                    _run_with_wild(suit, {p: at[p], q: at[q]}, spot, wild_reps, found)


def _run_with_wild(suit: int, naturals: dict[int, Card], spot: int,
                   wild_reps: list[tuple[int, list[Card]]], found: Found) -> None:
    used = set(naturals.values())
    for wtype, group in wild_reps:
        if wtype == suit * 16 + 2 and spot == 2:
            continue
        w = next((x for x in group if x not in used), None)
        if w is None:
            continue
        placed = dict(naturals)
        placed[spot] = w
        lo = min(placed)
        found[(_meld_key(tuple(placed[p] for p in range(lo, lo + 3))), spot)] = None


def _attacca(state: BurracoState, hand: list[Card], reps: dict[int, list[Card]]) -> list[Action]:
    side = state.side_of[state.player]
    out: list[Action] = []
    wild_types = [t for t in WILD_TYPES if t in reps]
    for i, meld in enumerate(state.melds[side]):
        for t in _candidate_types(meld, wild_types):
            group = reps.get(t)
            if group is None:
                continue
            c = group[0]
            for wild, grown in attach_options(meld, c).items():
                if _leaves_a_finish(state, hand, (c,), grown, i):
                    out.append(Attacca(c, i, wild))
    return out


def _candidate_types(meld: Meld, wild_types: list[int]) -> list[int]:
    if not meld.run:
        out = [suit * 16 + meld.key for suit in range(4)]
    else:
        base = meld.key * 16
        out = [base + r for r in range(max(3, meld.lo - 2), min(13, meld.hi + 2) + 1)]
        if meld.lo <= 3 or meld.hi >= 12:
            out.append(base + 14)
        if meld.lo <= 4 and meld.wild:
            out.append(base + 2)
    if not meld.wild:
        out.extend(wild_types)
    return out


def _discards(state: BurracoState, hand: list[Card], reps: dict[int, list[Card]]) -> list[Action]:
    out: list[Action] = []
    side = state.side_of[state.player]
    closing = len(hand) == 1 and state.taken[side]
    if closing and not _side_has_burraco(state, side, None, -1):
        return out
    for group in reps.values():
        c = group[0]
        if c is state.restricted:
            if len(group) == 1:
                continue
            c = group[1]
        if closing and (int(c) & 15) in (0, 2):
            continue
        out.append(DISCARD[c])
    return out
