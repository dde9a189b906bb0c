"""Nebraska scoring as pure functions: family, expert and poker (rules §4).

Cards are :class:`mazzo.cards.Card`; a card's rank is ``c & 15`` and its colour ``c >> 4`` (the
ids of Nebraska cards have no copy bits), which the hot loops use directly.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from mazzo.cards import ACE, Card
from mazzo.engine.game import quick_init

POKER_KINDS = ("valore", "colore", "sequenza")

#: a combination's comparison key; equal keys are an unresolved tie
Key = tuple[int, ...]


#: by card id (below 256: no copy bits), a bit for the card's rank and one for its colour: a
#: personal card shares the rank or the colour of a common card when its bits meet theirs
_MATCH_BITS: list[int] = [(1 << (i & 15)) | (1 << 16 << (i >> 4)) for i in range(256)]


def family_count(personal: Sequence[Card], common: Sequence[Card]) -> int:
    """Personal cards sharing the colour or the rank of at least one common card."""
    return family_counts((personal,), common)[0]


def family_counts(personals: Sequence[Sequence[Card]], common: Sequence[Card]) -> list[int]:
    """:func:`family_count` of each of ``personals``, the common cards' bits gathered once
    (the end of every hand counts every seat's; a search ends thousands)."""
    bits = _MATCH_BITS
    table = 0
    for c in common:
        table |= bits[c]
    counts = []
    for personal in personals:
        count = 0
        for c in personal:
            if bits[c] & table:
                count += 1
        counts.append(count)
    return counts


def expert_count(personal: Sequence[Card], common: Sequence[Card]) -> int:
    """Sum over personal cards of the common cards each matches by colour or rank."""
    total = 0
    for p in personal:
        rank, colour = p & 15, p >> 4
        for c in common:
            if (c & 15) == rank or (c >> 4) == colour:
                total += 1
    return total


def card_matches(card: Card, common: Sequence[Card]) -> int:
    """The common cards one personal card matches by colour or rank: its share of the expert
    count."""
    return expert_count((card,), common)


def valid_cards(personal: Sequence[Card], common: Sequence[Card]) -> list[Card]:
    """The personal cards that match some common card (the family "valid" cards)."""
    ranks = {c & 15 for c in common}
    colours = {c >> 4 for c in common}
    return [c for c in personal if (c & 15) in ranks or (c >> 4) in colours]


def tiebreak_key(cards: Sequence[Card]) -> list[int]:
    """Ranks high to low: compared card by card, "up to the fifth card"."""
    ranks = [c & 15 for c in cards]
    ranks.sort(reverse=True)
    return ranks


def hand_winners(
    variant: str,
    personals: Sequence[Sequence[Card]],
    common: Sequence[Card],
    tiebreak: str = "all",
    ace_low_in_runs: bool = False,
) -> list[int]:
    """Seats that score the hand point in family/expert (several when the tie stands).

    For ``poker`` it returns the seats with the most poker points of the hand.
    """
    if variant == "poker":
        points = poker_points(personals, common, ace_low_in_runs)
        best = max(points)
        return [s for s, p in enumerate(points) if p == best]
    if variant == "family":
        counts = family_counts(personals, common)
    elif variant == "expert":
        counts = [expert_count(p, common) for p in personals]
    else:
        raise ValueError(f"unknown variant {variant!r}; use family, expert or poker")
    best = max(counts)
    tied = [s for s, n in enumerate(counts) if n == best]
    if len(tied) == 1:
        return tied
    return list(resolve_tie(tied, personals, common, tiebreak).winners)


@quick_init  # made at every tied hand's end (rollouts too)
@dataclass(frozen=True, slots=True)
class TieBreak:
    """How a family/expert tie for the most was settled ("vince allo spareggio").

    ``ranks`` are the compared ranks per tied seat (high to low). ``place`` is the 0-based card
    where the last rival fell behind, or -1 when the tie stands; ``rival`` is that rival.
    """

    tied: tuple[int, ...]
    winners: tuple[int, ...]
    ranks: tuple[tuple[int, ...], ...]
    place: int
    rival: int

    @property
    def resolved(self) -> bool:
        return self.place >= 0


def resolve_tie(
    tied: Sequence[int],
    personals: Sequence[Sequence[Card]],
    common: Sequence[Card],
    tiebreak: str = "all",
) -> TieBreak:
    """Settle a tie for the most by the highest card, then the second... [S]; ``tiebreak``
    "valid" compares only the valid cards [D]."""
    keys: dict[int, list[int]] = {}
    for seat in tied:
        cards = personals[seat]
        if tiebreak == "valid":
            cards = valid_cards(cards, common)
        keys[seat] = tiebreak_key(cards)
    top = max(keys.values())
    winners = tuple(s for s in tied if keys[s] == top)
    place, rival = -1, -1
    for seat in tied:
        if seat in winners:
            continue
        pairs = enumerate(zip(top, keys[seat], strict=False))
        # a shorter list (fewer valid cards) falls behind where it runs out of cards
        differ = next((i for i, (a, b) in pairs if a != b), min(len(top), len(keys[seat])))
        if differ > place:  # the rival who held out longest is the one that decided it
            place, rival = differ, seat
    return TieBreak(tuple(tied), winners, tuple(tuple(keys[s]) for s in tied), place, rival)


def tie_break(
    variant: str,
    personals: Sequence[Sequence[Card]],
    common: Sequence[Card],
    tiebreak: str = "all",
) -> TieBreak | None:
    """The family/expert tie-break of a hand, or None when one seat has the most outright."""
    count = family_count if variant == "family" else expert_count
    counts = [count(p, common) for p in personals]
    tied = [s for s, n in enumerate(counts) if n == max(counts)]
    if len(tied) == 1:
        return None
    return resolve_tie(tied, personals, common, tiebreak)


# --- poker -------------------------------------------------------------------------------------


def best_valore(personal: Sequence[Card], common: Sequence[Card]) -> Key | None:
    """Best rank group holding a personal and a common card: (size, rank)."""
    common_by_rank: dict[int, int] = {}
    for c in common:
        r = c & 15
        common_by_rank[r] = common_by_rank.get(r, 0) + 1
    mine: dict[int, int] = {}
    for p in personal:
        r = p & 15
        if r in common_by_rank:
            mine[r] = mine.get(r, 0) + 1
    if not mine:
        return None
    return max((n + common_by_rank[r], r) for r, n in mine.items())


def best_colore(personal: Sequence[Card], common: Sequence[Card]) -> Key | None:
    """Best colour group holding a personal and a common card: (size, ranks high to low...)."""
    best: Key | None = None
    for colour in _shared_colours(personal, common):
        key = _colore_key(personal, common, colour)
        if best is None or key > best:
            best = key
    return best


def _shared_colours(personal: Sequence[Card], common: Sequence[Card]) -> list[int]:
    """The colours of both a personal and a common card, in a fixed order."""
    return sorted({p >> 4 for p in personal} & {c >> 4 for c in common})


def _colore_key(personal: Sequence[Card], common: Sequence[Card], colour: int) -> Key:
    ranks = sorted(
        [c & 15 for c in personal if c >> 4 == colour]
        + [c & 15 for c in common if c >> 4 == colour],
        reverse=True,
    )
    return (len(ranks), *ranks)


def best_sequenza(
    personal: Sequence[Card], common: Sequence[Card], ace_low: bool = False
) -> Key | None:
    """Best run of consecutive ranks with a personal and a common card on different ranks:
    (length, top rank). A maximal segment of available ranks is valid iff it has two or more
    ranks and both a personal and a common rank; its sub-runs are never better.
    """
    mine = 0
    table = 0
    for p in personal:
        mine |= 1 << (p & 15)
    for c in common:
        table |= 1 << (c & 15)
    if ace_low:  # the ace may also stand below the 2, as rank 1
        mine |= (mine >> ACE & 1) << 1
        table |= (table >> ACE & 1) << 1
    both = mine | table
    best: Key | None = None
    rank = 1
    while rank <= ACE:
        if not both >> rank & 1:
            rank += 1
            continue
        low = rank
        while rank <= ACE and both >> rank & 1:
            rank += 1
        high = rank - 1
        if low == 1 and high == ACE:  # every rank present: the ace counts once, on top
            low = 2
        span = ((1 << (high + 1)) - 1) ^ ((1 << low) - 1)
        if high > low and mine & span and table & span:
            key = (high - low + 1, high)
            if best is None or key > best:
                best = key
    return best


#: a combination's cards: (the player's own, the common ones)
Combination = tuple[list[Card], list[Card]]


def poker_combinations(
    personal: Sequence[Card], common: Sequence[Card], ace_low: bool = False
) -> dict[str, Combination | None]:
    """Per kind, the cards of the player's best combination now (None: no valid one), found
    from the same keys that score it."""
    return {
        "valore": _valore_cards(personal, common),
        "colore": _colore_cards(personal, common),
        "sequenza": _sequenza_cards(personal, common, ace_low),
    }


def _valore_cards(personal: Sequence[Card], common: Sequence[Card]) -> Combination | None:
    key = best_valore(personal, common)
    if key is None:
        return None
    rank = key[1]
    return [c for c in personal if c & 15 == rank], [c for c in common if c & 15 == rank]


def _colore_cards(personal: Sequence[Card], common: Sequence[Card]) -> Combination | None:
    key = best_colore(personal, common)
    if key is None:
        return None
    colour = next(
        c for c in _shared_colours(personal, common) if _colore_key(personal, common, c) == key
    )
    return [c for c in personal if c >> 4 == colour], [c for c in common if c >> 4 == colour]


def _sequenza_cards(
    personal: Sequence[Card], common: Sequence[Card], ace_low: bool
) -> Combination | None:
    """One card per rank of the best run: the player's own where they hold one, and a common
    card on at least one rank (a run needs both)."""
    key = best_sequenza(personal, common, ace_low)
    if key is None:
        return None
    length, high = key

    def of_rank(cards: Sequence[Card], rank: int) -> Card | None:
        wanted = ACE if rank == 1 else rank  # rank 1 is the low ace
        return next((c for c in cards if c & 15 == wanted), None)

    ranks = range(high - length + 1, high + 1)
    picked = [(of_rank(personal, r), of_rank(common, r)) for r in ranks]
    mine = [p for p, _ in picked if p is not None]
    table = [c for p, c in picked if p is None and c is not None]
    if not table:  # every rank is in hand: the run takes a common card where one lies
        swap = next(i for i, (_, c) in enumerate(picked) if c is not None)
        own, shared = picked[swap]
        mine = [p for p in mine if p != own]
        table = [shared] if shared is not None else []
    return mine, table


def _kind_points(keys: Sequence[Key | None]) -> list[int]:
    """3 to the unique best, 1 to the second(s); a tie for first scores 2 each, no second."""
    points = [0] * len(keys)
    ranked = sorted({k for k in keys if k is not None}, reverse=True)
    if not ranked:
        return points
    first = [s for s, k in enumerate(keys) if k == ranked[0]]
    if len(first) > 1:
        for s in first:
            points[s] = 2
        return points
    points[first[0]] = 3
    if len(ranked) > 1:
        for s, k in enumerate(keys):
            if k == ranked[1]:
                points[s] = 1
    return points


def poker_breakdown(
    personals: Sequence[Sequence[Card]], common: Sequence[Card], ace_low_in_runs: bool = False
) -> dict[str, tuple[list[Key | None], list[int]]]:
    """Per kind: every player's best combination key (None: no valid one) and points."""
    valore = [best_valore(p, common) for p in personals]
    colore = [best_colore(p, common) for p in personals]
    sequenza = [best_sequenza(p, common, ace_low_in_runs) for p in personals]
    return {
        "valore": (valore, _kind_points(valore)),
        "colore": (colore, _kind_points(colore)),
        "sequenza": (sequenza, _kind_points(sequenza)),
    }


def poker_points(
    personals: Sequence[Sequence[Card]], common: Sequence[Card], ace_low_in_runs: bool = False
) -> list[int]:
    """Poker points of one hand per player: the sum over valore, colore and sequenza (0–9)."""
    totals = [0] * len(personals)
    for _, points in poker_breakdown(personals, common, ace_low_in_runs).values():
        for s, p in enumerate(points):
            totals[s] += p
    return totals
