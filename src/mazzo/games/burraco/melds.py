"""Melds ("giochi"): sets and runs, where a wild sits in a run, and what may be added (§4–5).

Run positions are 1..14: the ace is 1 (low, A-2-3) or 14 (high, Q-K-A), a same-suit 2 at 2 is a
natural card, every other 2 and every jolly is a wild. A :class:`Meld` is immutable so a state
clone only copies the lists that hold melds.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Final

from mazzo.cards import ACE, JOKER_SUIT, Card

LOW_ACE: Final = 1
HIGH_ACE: Final = 14


def is_wild(c: Card) -> bool:
    """Jolly or pinella (any 2): wild unless a same-suit 2 sits at position 2 of a run."""
    return (int(c) & 15) in (0, 2)


@dataclass(frozen=True, slots=True)
class Meld:
    """A meld on the table.

    Set: ``key`` is the rank (14 = ace), ``cards`` the naturals then the wild, ``wild`` 1 if the
    set holds a wild. Run: ``key`` is the suit, ``cards`` in position order from ``lo``, ``wild``
    the position of the wild (0: none; a same-suit 2 at position 2 is natural, not a wild).
    """

    run: bool
    key: int
    cards: tuple[Card, ...]
    lo: int = 0
    wild: int = 0

    @property
    def hi(self) -> int:
        return self.lo + len(self.cards) - 1

    def wild_card(self) -> Card | None:
        if not self.wild:
            return None
        return self.cards[self.wild - self.lo] if self.run else self.cards[-1]

    def positions(self) -> dict[int, Card]:
        """Run: position -> card, wild included."""
        return {self.lo + i: c for i, c in enumerate(self.cards)}


def _quick_meld_init() -> None:
    """Give :class:`Meld` an ``__init__`` that stores each field through its slot (bound once)
    instead of ``object.__setattr__`` field by field: the listing and ``attach_options`` make a
    meld for every way a card may join one. Frozen stays frozen (assignment still raises);
    the signature, defaults included, is the dataclass's (``engine.game.quick_init`` refuses
    defaults, hence this one)."""
    set_run, set_key, set_cards, set_lo, set_wild = (
        getattr(Meld, name).__set__ for name in ("run", "key", "cards", "lo", "wild"))

    def __init__(self: Meld, run: bool, key: int, cards: tuple[Card, ...], lo: int = 0,
                 wild: int = 0) -> None:
        set_run(self, run)
        set_key(self, key)
        set_cards(self, cards)
        set_lo(self, lo)
        set_wild(self, wild)

    __init__.__qualname__ = "Meld.__init__"
    Meld.__init__ = __init__  # type: ignore[method-assign]


_quick_meld_init()


# --- runs --------------------------------------------------------------------------------------


def _natural_positions(c: Card, suit: int) -> tuple[int, ...]:
    """Where ``c`` may stand as a natural card in a run of ``suit`` (empty: only as a wild)."""
    cid = int(c)
    rank = cid & 15
    if (cid >> 4) & 15 != suit:
        return ()
    if rank == ACE:
        return (LOW_ACE, HIGH_ACE)
    return (rank,)


def _contiguous(positions: Iterable[int]) -> bool:
    ps = sorted(positions)
    return ps[-1] - ps[0] + 1 == len(ps)


def _ends(lo: int, hi: int) -> tuple[int, ...]:
    """The places just outside ``lo..hi`` that a run may hold."""
    if lo > LOW_ACE:
        return (lo - 1, hi + 1) if hi < HIGH_ACE else (lo - 1,)
    return (hi + 1,) if hi < HIGH_ACE else ()


def _wild_spots(naturals: Iterable[int]) -> list[int]:
    """Positions where one wild makes ``naturals`` (distinct positions) a run: the single
    one-card gap, or either end when they are already contiguous."""
    ps = sorted(naturals)
    span = ps[-1] - ps[0] + 1
    if span == len(ps):
        return list(_ends(ps[0], ps[-1]))
    if span == len(ps) + 1:
        present = set(ps)
        return [p for p in range(ps[0], ps[-1]) if p not in present]
    return []


def _build_run(suit: int, naturals: dict[int, Card], wild_card: Card | None, wild_at: int) -> Meld:
    """A run from its natural cards by position and an optional wild at ``wild_at``."""
    placed = dict(naturals)
    wild = 0
    if wild_card is not None:
        placed[wild_at] = wild_card
        natural_two = int(wild_card) & 15 == 2 and (int(wild_card) >> 4) & 15 == suit
        wild = 0 if (wild_at == 2 and natural_two) else wild_at
    lo = min(placed)
    return Meld(True, suit, tuple(placed[p] for p in range(lo, max(placed) + 1)), lo, wild)


def run_layouts(cards: Sequence[Card]) -> list[Meld]:
    """Every valid way to lay ``cards`` as one run (one per distinct wild position)."""
    if len(cards) < 3:
        return []
    fixed = [c for c in cards if not is_wild(c)]
    if not fixed:
        # only 2s/jokers: a run needs natural cards; a same-suit 2 alone cannot make one
        return []
    suit = (int(fixed[0]) >> 4) & 15
    if any((int(c) >> 4) & 15 != suit for c in fixed):
        return []
    twos = [c for c in cards if is_wild(c) and (int(c) >> 4) & 15 == suit]
    out: dict[int, Meld] = {}
    for nat_two in [None, *twos[:2]]:
        wilds = [c for c in cards if is_wild(c) and c is not nat_two]
        if len(wilds) > 1:
            continue
        for layout in _layouts_with(suit, fixed, nat_two, wilds[0] if wilds else None):
            out.setdefault(layout.wild, layout)
    return list(out.values())


def _layouts_with(
    suit: int, fixed: list[Card], nat_two: Card | None, wild: Card | None
) -> list[Meld]:
    aces = [c for c in fixed if int(c) & 15 == ACE]
    if len(aces) > 1:
        return []  # one natural ace per run
    base: dict[int, Card] = {}
    for c in fixed:
        if int(c) & 15 != ACE:
            if (int(c) & 15) in base:
                return []
            base[int(c) & 15] = c
    if nat_two is not None:
        base[2] = nat_two
    out: list[Meld] = []
    for ace_at in (LOW_ACE, HIGH_ACE) if aces else (0,):
        naturals = dict(base)
        if aces:
            if ace_at in naturals:
                continue
            naturals[ace_at] = aces[0]
        if wild is None:
            if _contiguous(naturals):
                out.append(_build_run(suit, naturals, None, 0))
            continue
        for spot in _wild_spots(naturals):
            out.append(_build_run(suit, naturals, wild, spot))
    return out


# --- sets --------------------------------------------------------------------------------------


def set_meld(cards: Sequence[Card]) -> Meld | None:
    """The set made of ``cards`` (3+ cards of one rank A, 3..K, at most one wild), or None."""
    if len(cards) < 3:
        return None
    naturals = [c for c in cards if not is_wild(c)]
    wilds = [c for c in cards if is_wild(c)]
    if len(wilds) > 1 or len(naturals) < 2:
        return None
    rank = int(naturals[0]) & 15
    if any(int(c) & 15 != rank for c in naturals):
        return None
    return Meld(False, rank, tuple(naturals) + tuple(wilds), 0, 1 if wilds else 0)


def layouts(cards: Sequence[Card]) -> list[Meld]:
    """Every valid meld made of exactly ``cards``."""
    found = set_meld(cards)
    if found is not None:
        return [found]
    return run_layouts(cards)


# --- adding a card to a meld ("attaccare") ------------------------------------------------------


def attach_options(meld: Meld, c: Card) -> dict[int, Meld]:
    """The melds ``meld`` may become when ``c`` is added, keyed by the wild's position after
    the addition (0: no wild; sets always 0). Empty when ``c`` cannot be added.

    A wild at an end of a run is free and may be re-placed anywhere that leaves a valid run; a
    wild inside moves only when replaced by the natural card it stands for [S].
    """
    if not meld.run:
        return _attach_set(meld, c)
    if not meld.wild:
        return _attach_clean_run(meld, c)
    return _attach_wild_run(meld, c)


def _attach_clean_run(meld: Meld, c: Card) -> dict[int, Meld]:
    """:func:`attach_options` for a run without a wild (most runs): its cards fill ``lo..hi``,
    so a card can only go next to an end, as a natural (option 0) or as the wild (its place).
    Written out for speed; ``_attach_run`` is the general case it must agree with (tested over
    every such run and card)."""
    suit = meld.key
    cards = meld.cards
    lo = meld.lo
    hi = lo + len(cards) - 1
    cid = int(c)
    rank = cid & 15
    out: dict[int, Meld] = {}
    if (cid >> 4) & 15 == suit:  # a natural of the suit (its own 2 is natural at 2 only)
        if rank == ACE:
            if lo == 1 or hi == HIGH_ACE:  # one natural ace per run
                positions: tuple[int, ...] = ()
            else:
                positions = (LOW_ACE, HIGH_ACE)
        else:
            positions = (rank,)
        for p in positions:
            if p == lo - 1:
                out.setdefault(0, Meld(True, suit, (c, *cards), p, 0))
            elif p == hi + 1:
                out.setdefault(0, Meld(True, suit, (*cards, c), lo, 0))
    if rank == 0 or rank == 2:  # a wild, at either end (a same-suit 2 at 2 is natural: above)
        natural_two = rank == 2 and (cid >> 4) & 15 == suit
        if lo > LOW_ACE and not (lo == 3 and natural_two):
            out[lo - 1] = Meld(True, suit, (c, *cards), lo - 1, lo - 1)
        if hi < HIGH_ACE:
            out[hi + 1] = Meld(True, suit, (*cards, c), lo, hi + 1)
    return out


def _attach_wild_run(meld: Meld, c: Card) -> dict[int, Meld]:
    """:func:`attach_options` for a run with a wild: only a natural of its suit can join, at a
    free place (a card at ``p``); the wild then goes where the grown naturals leave a place
    (``q``). Written out for speed (an attacca lays one of these, and a wild run's options were
    the slowest of all); ``_attach_run`` is the general case it must agree with (tested over
    every such run and card)."""
    suit = meld.key
    cid = int(c)
    if (cid >> 4) & 15 != suit:
        return {}  # a wild (the run holds one already) or another suit's natural
    cards = meld.cards
    lo = meld.lo
    hi = lo + len(cards) - 1
    w = meld.wild
    rank = cid & 15
    if rank == ACE:
        # a natural at either end place is an ace: one natural ace per run
        if (lo == LOW_ACE and w != LOW_ACE) or (hi == HIGH_ACE and w != HIGH_ACE):
            return {}
        positions: tuple[int, ...] = (LOW_ACE, HIGH_ACE)
    else:
        positions = (rank,)
    out: dict[int, Meld] = {}
    for p in positions:
        if p == w:  # the natural the wild stands for: the wild moves to an end
            spots = _ends(lo, hi)
        elif lo <= p <= hi:
            continue  # a natural holds the place
        elif w in (lo, hi):  # a wild at an end is free: it goes wherever a run is made
            nlo, nhi = (lo + 1, hi) if w == lo else (lo, hi - 1)  # the naturals' span
            if p == nlo - 1 or p == nhi + 1:
                spots = _ends(min(p, nlo), max(p, nhi))
            elif p == nlo - 2 or p == nhi + 2:
                spots = (nlo - 1 if p < nlo else nhi + 1,)  # the gap the card leaves
            else:
                continue
        elif p == lo - 1 or p == hi + 1:  # a wild inside stays where it is
            spots = (w,)
        else:
            continue
        for q in spots:
            if q not in out:
                out[q] = _grown_run(meld, c, p, q)
    return out


def _grown_run(meld: Meld, c: Card, p: int, q: int) -> Meld:
    """Run ``meld`` with natural ``c`` added at place ``p`` and its wild moved to ``q``
    (``_build_run`` of the grown naturals, from the run's cards by place)."""
    cards = meld.cards
    lo = meld.lo
    hi = lo + len(cards) - 1
    wild_card = cards[meld.wild - lo]
    start, end = min(lo, p, q), max(hi, p, q)
    row: list[Card | None] = [None] * (lo - start)
    row += cards
    row += [None] * (end - hi)
    row[meld.wild - start] = None  # the wild's old place: filled again below, or an end left
    row[p - start] = c
    row[q - start] = wild_card
    if row[0] is None:
        del row[0]
        start += 1
    elif row[-1] is None:
        del row[-1]
    wid = int(wild_card)
    natural_two = wid & 15 == 2 and (wid >> 4) & 15 == meld.key
    return Meld(True, meld.key, tuple(row), start,  # type: ignore[arg-type]
                0 if (q == 2 and natural_two) else q)


def _attach_run(meld: Meld, c: Card) -> dict[int, Meld]:
    """:func:`attach_options` for any run: the rule as the rules state it, in one place. The
    game plays the two written-out cases (``_attach_clean_run``, ``_attach_wild_run``), which
    together cover every run; this stays as what they are tested against, card by card."""
    suit = meld.key
    placed = meld.positions()
    wild_card = meld.wild_card()
    naturals = {p: x for p, x in placed.items() if p != meld.wild}
    out: dict[int, Meld] = {}
    has_ace = any(int(x) & 15 == ACE for x in naturals.values())
    for p in _natural_positions(c, suit):
        if p in naturals or (p in (LOW_ACE, HIGH_ACE) and has_ace):
            continue
        grown = dict(naturals)
        grown[p] = c
        if wild_card is None:
            if _contiguous(grown):
                out.setdefault(0, _build_run(suit, grown, None, 0))
            continue
        free = meld.wild in (meld.lo, meld.hi)
        spots = _wild_spots(grown) if (free or p == meld.wild) else [meld.wild]
        for q in spots:
            if q not in grown and _contiguous([*grown, q]):
                layout = _build_run(suit, grown, wild_card, q)
                out.setdefault(q, layout)
    if is_wild(c) and wild_card is None:
        for q in _wild_spots(naturals):
            layout = _build_run(suit, naturals, c, q)
            if layout.wild:  # a same-suit 2 at position 2 is the natural case above
                out.setdefault(q, layout)
    return out


def _attach_set(meld: Meld, c: Card) -> dict[int, Meld]:
    if is_wild(c):
        if meld.wild:
            return {}
        return {0: Meld(False, meld.key, (*meld.cards, c), 0, 1)}
    if int(c) & 15 != meld.key:
        return {}
    cards = (*meld.cards[:-1], c, meld.cards[-1]) if meld.wild else (*meld.cards, c)
    return {0: Meld(False, meld.key, cards, 0, meld.wild)}


def is_joker(c: Card) -> bool:
    return (int(c) >> 4) & 15 == JOKER_SUIT
