"""Hand evaluation for short-deck Italian poker: table-driven, every value an ``int``.

A hand's key is ``category · 2^26 + ranks in comparison order (4 bits each) + suit of the deciding
card``, so comparing keys compares hands. The rank-only part comes from a table built once per deck
size (keyed by the sum of ``8^rank`` over the five cards); only the suit tie-break is computed per
hand. Categories follow §8 of the rules: in every short deck (< 52 cards) a flush beats a full
house, and the ace-low straight (A below the deck's lowest rank) is the lowest straight.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import Final

from mazzo.cards import ACE, JACK, KING, Card

CATEGORIES: Final = (
    "high_card", "pair", "two_pair", "three_of_a_kind", "straight",
    "full_house", "flush", "four_of_a_kind", "straight_flush",
)
HIGH_CARD, PAIR, TWO_PAIR, TRIPS, STRAIGHT, FULL_HOUSE, FLUSH, QUADS, STRAIGHT_FLUSH = range(9)

NAMES_IT: Final = {
    "high_card": "carta alta", "pair": "coppia", "two_pair": "doppia coppia",
    "three_of_a_kind": "tris", "straight": "scala", "full_house": "full", "flush": "colore",
    "four_of_a_kind": "poker", "straight_flush": "scala reale",
}
NAMES_EN: Final = {
    "high_card": "high card", "pair": "pair", "two_pair": "two pair",
    "three_of_a_kind": "three of a kind", "straight": "straight", "full_house": "full house",
    "flush": "flush", "four_of_a_kind": "four of a kind", "straight_flush": "straight flush",
}

_CAT_SHIFT: Final = 26


@dataclass(frozen=True, slots=True)
class Ranking:
    """The ranking options of the rules file (§8); all off by default."""

    suit_before_kickers: bool = False
    flush_by_suit: bool = False
    cyclic_straight_flush: bool = False


DEFAULT_RANKING: Final = Ranking()


@dataclass(frozen=True, slots=True, order=True)
class HandValue:
    """A totally ordered hand value: compare with ``<``; ``category`` is a name from CATEGORIES."""

    key: int
    category: str = field(compare=False)
    #: top card of a straight as it plays (the 10 of A-7-8-9-10); 0 for other categories
    straight_top: int = field(default=0, compare=False)

    def name(self, lang: str = "en") -> str:
        return (NAMES_IT if lang == "it" else NAMES_EN)[self.category]


def lowest_rank(deck_size: int) -> int:
    """Lowest rank of a short deck: 32 → 7, 36 → 6, 40 → 5, 52 → 2."""
    if deck_size % 4 or not 20 <= deck_size <= 52:
        raise ValueError(f"no short deck has {deck_size} cards")
    return 15 - deck_size // 4


# --- table construction ------------------------------------------------------------------------


def _straight_top(ranks: Sequence[int], low: int) -> int:
    """Top rank of the straight formed by five distinct ``ranks`` (0 if none). Ace-low allowed."""
    s = sorted(ranks)
    if s[4] - s[0] == 4:
        return s[4]
    if s[4] == ACE and s[:4] == [low, low + 1, low + 2, low + 3]:
        return low + 3
    return 0


def _pack(ranks: Iterable[int]) -> int:
    out = 0
    for r in ranks:
        out = out << 4 | r
    return out


KeyFn = Callable[[Sequence[Card]], int]
#: one table entry: (value without the suit bits, lead rank, shift of the suit bits)
Entry = tuple[int, int, int]


@dataclass(slots=True)
class _Table:
    """Per deck size and ranking: rank key → entry, for plain and one-suit hands."""

    plain: dict[int, Entry]
    flush: dict[int, Entry]
    names: tuple[str, ...]  # category name by category number (flush/full swap in 52 cards)


def _entry(cat: int, head: list[int], tail: list[int], rk: Ranking) -> Entry:
    """Value of a hand whose leading group ranks are ``head`` and other ranks ``tail``.

    Layout below the category: five rank nibbles then two suit bits; with
    ``suit_before_kickers`` the suit bits sit between the leading group and the kickers.
    """
    if rk.suit_before_kickers and tail and cat in (HIGH_CARD, PAIR, TWO_PAIR, FLUSH):
        if cat in (HIGH_CARD, FLUSH):
            head, tail = head[:1], head[1:] + tail
        shift = 4 * len(tail)
        return (cat << _CAT_SHIFT) | _pack(head) << (shift + 2) | _pack(tail), head[0], shift
    ranks = head + tail
    return (cat << _CAT_SHIFT) | _pack(ranks) << (4 * (5 - len(ranks)) + 2), head[0], 0


def _build(deck_size: int, rk: Ranking) -> _Table:
    low = lowest_rank(deck_size)
    short = deck_size < 52
    flush_cat, full_cat = (FLUSH, FULL_HOUSE) if short else (FULL_HOUSE, FLUSH)
    names = list(CATEGORIES)
    if not short:
        names[FLUSH], names[FULL_HOUSE] = names[FULL_HOUSE], names[FLUSH]
    plain: dict[int, Entry] = {}
    flush: dict[int, Entry] = {}
    for combo in combinations_with_replacement(range(low, ACE + 1), 5):
        counts: dict[int, int] = {}
        for r in combo:
            counts[r] = counts.get(r, 0) + 1
        shape = sorted(counts.values(), reverse=True)
        if shape[0] == 5:
            continue
        key = sum(8**r for r in combo)
        # groups by size then rank, both descending
        order = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
        if shape == [4, 1]:
            plain[key] = _entry(QUADS, order[:1], order[1:], rk)
        elif shape == [3, 2]:
            plain[key] = _entry(full_cat, order[:1], order[1:], rk)
        elif shape == [3, 1, 1]:
            plain[key] = _entry(TRIPS, order[:1], order[1:], rk)
        elif shape == [2, 2, 1]:
            plain[key] = _entry(TWO_PAIR, order[:2], order[2:], rk)
        elif shape == [2, 1, 1, 1]:
            plain[key] = _entry(PAIR, order[:1], order[1:], rk)
        elif top := _straight_top(combo, low):
            plain[key] = _entry(STRAIGHT, [top], [], rk)
            flush[key] = _entry(STRAIGHT_FLUSH, [top], [], rk)
        else:
            plain[key] = _entry(HIGH_CARD, order[:1], order[1:], rk)
            if rk.flush_by_suit:  # the suit sits above every rank: higher suit wins outright
                flush[key] = (flush_cat << _CAT_SHIFT) | _pack(order), order[0], 20
            else:
                flush[key] = _entry(flush_cat, order[:1], order[1:], rk)
    return _Table(plain, flush, tuple(names))


_TABLES: dict[tuple[int, Ranking], _Table] = {}


def _table(deck_size: int, rk: Ranking) -> _Table:
    found = _TABLES.get((deck_size, rk))
    if found is None:
        found = _build(deck_size, rk)
        _TABLES[(deck_size, rk)] = found
    return found


# --- evaluation --------------------------------------------------------------------------------
#
# Per deck, each card maps to one int ``V[card]`` whose sum over a hand packs three fields:
#   presence (4 bits per rank, bit 3 − suit): a rank's nibble tells its best suit;
#   rank counts (Σ 5^(rank − lowest));  suit counts (3 bits per suit: a flush has a 5).
# The hot path is then: five lookups, four additions, one dict lookup keyed by the counts, and one
# list lookup by the lead rank's nibble that returns the finished value.

#: one full-hand entry: (shift of the lead rank's nibble, value by that nibble)
Full = tuple[int, list[int]]
_FULL: dict[tuple[int, Ranking], tuple[dict[int, Full], list[int], int]] = {}
#: 3 − suit of the best suit present in a rank nibble (hearts is the top bit)
_BEST: Final = [0] + [max(b for b in range(4) if n >> b & 1) for n in range(1, 16)]


def _suit_vectors() -> list[tuple[int, ...]]:
    return [(a, b, c, 5 - a - b - c) for a in range(6) for b in range(6 - a)
            for c in range(6 - a - b)]


def _full_table(deck_size: int, rk: Ranking) -> tuple[dict[int, Full], list[int], int]:
    """(counts key → entry, V by card id, presence width) for one deck and ranking."""
    found = _FULL.get((deck_size, rk))
    if found is not None:
        return found
    low = lowest_rank(deck_size)
    width = 4 * (ACE - low + 1)
    suits_at = width + _bits(5 * 5 ** (ACE - low))
    values = [0] * 256
    for c in range(256):
        rank, suit = c & 15, c >> 4
        if low <= rank <= ACE and suit < 4:
            i = rank - low
            values[c] = 1 << (4 * i + 3 - suit) | 5**i << width | 1 << (suits_at + 3 * suit)
    table = _table(deck_size, rk)
    out: dict[int, Full] = {}
    vectors = [sum(n << 3 * i for i, n in enumerate(v)) for v in _suit_vectors()]
    flushes = {sum(5 << 3 * i for i in range(4) if i == s) for s in range(4)}
    for key8, plain in table.plain.items():
        ranks = _ranks_of(key8)
        counts = sum(5 ** (r - low) for r in ranks)
        entries = [_finish(plain, low)]
        if key8 in table.flush:
            entries.append(_finish(table.flush[key8], low))
        for vec in vectors:
            is_flush = vec in flushes
            if is_flush and len(entries) == 1:
                continue  # five of one suit need five ranks
            out[counts | vec << (suits_at - width)] = entries[1 if is_flush else 0]
    result = (out, values, width)
    _FULL[(deck_size, rk)] = result
    return result


def _bits(n: int) -> int:
    return n.bit_length()


def _ranks_of(key8: int) -> list[int]:
    """Ranks (with repeats) of a ``Σ 8^rank`` key."""
    return [r for r in range(2, ACE + 1) for _ in range(key8 >> 3 * r & 7)]


def _finish(entry: Entry, low: int) -> Full:
    value, lead, shift = entry
    return 4 * (lead - low), [value | _BEST[n] << shift for n in range(16)]


_KEY_FNS: dict[tuple[int, Ranking], KeyFn] = {}
#: the default ranking's evaluators by deck size alone: the search's heuristics ask at every
#: decision, and hashing a Ranking (a Python call) cost as much as the evaluation
_DEFAULT_KEY_FNS: dict[int, KeyFn] = {}


def key_function(deck_size: int, ranking: Ranking = DEFAULT_RANKING) -> KeyFn:
    """A fast ``cards -> int`` evaluator for one deck size and ranking (the hot path)."""
    if ranking is DEFAULT_RANKING:
        found = _DEFAULT_KEY_FNS.get(deck_size)
        if found is not None:
            return found
    found = _KEY_FNS.get((deck_size, ranking))
    if found is not None:
        if ranking is DEFAULT_RANKING:
            _DEFAULT_KEY_FNS[deck_size] = found
        return found
    full, vals, width = _full_table(deck_size, ranking)

    def key(cards: Sequence[Card]) -> int:
        a, b, c, d, e = cards
        total = vals[a] + vals[b] + vals[c] + vals[d] + vals[e]
        lead_at, by_suit = full[total >> width]
        return by_suit[total >> lead_at & 15]

    _KEY_FNS[(deck_size, ranking)] = key
    if ranking is DEFAULT_RANKING:
        _DEFAULT_KEY_FNS[deck_size] = key
    return key


def category_of(key: int) -> int:
    """Category number of a key (index in CATEGORIES for short decks)."""
    return key >> _CAT_SHIFT


def category_name(key: int, deck_size: int) -> str:
    names = _NAMES.get(deck_size)
    if names is None:  # (by deck size alone: hashing the Ranking cost more than the rest)
        names = _NAMES[deck_size] = _table(deck_size, DEFAULT_RANKING).names
    return names[key >> _CAT_SHIFT]


#: the default ranking's category names by deck size (see :func:`category_name`)
_NAMES: dict[int, tuple[str, ...]] = {}


def straight_top(key: int) -> int:
    """Top card of a straight or straight flush key (its first rank nibble)."""
    return (key >> 18) & 15


def _check_hand(cards: Sequence[Card], deck_size: int) -> None:
    low = lowest_rank(deck_size)
    if len(cards) != 5 or len(set(cards)) != 5:
        raise ValueError(f"a hand is 5 different cards, got {len(cards)}")
    for c in cards:
        if not low <= c.rank <= ACE or c.suit > 3 or c.copy:
            raise ValueError(f"{c} is not in the {deck_size}-card deck")


def evaluate(
    cards: Sequence[Card], deck_size: int, ranking: Ranking = DEFAULT_RANKING
) -> HandValue:
    """The value of a 5-card hand in a deck of ``deck_size`` cards (32, 36, 40, …, 52)."""
    # the usual ranking by deck size (an int key: hashing a Ranking costs more than the rest)
    found = _DEFAULT_TABLES.get(deck_size) if ranking is DEFAULT_RANKING else None
    if found is None:
        found = _evaluation_tables(deck_size, ranking)
    full, vals, mask, width = found
    try:  # what ``key_function`` computes, inlined: a call costs a fifth of the whole
        a, b, c, d, e = cards
        total = vals[a] + vals[b] + vals[c] + vals[d] + vals[e]
    except (TypeError, ValueError, IndexError):  # not five cards, or cards of no deck here
        _check_hand(cards, deck_size)
        raise
    # each card of the deck adds its own presence bit (cards of other decks add none), and a
    # card given twice carries into another bit, so five different cards of the deck are
    # exactly five bits set: the check costs one popcount; the slow check words the refusal
    if (total & mask).bit_count() != 5:
        _check_hand(cards, deck_size)
    lead_at, by_suit = full[total >> width]
    return by_suit[total >> lead_at & 15]


#: the key function's tables with each key's :class:`HandValue` in place of the key (immutable,
#: so shared: a deck has a few thousand), its values by card id over every id (0 off this deck),
#: the presence bits' mask and width
_EvalTables = tuple[dict[int, tuple[int, list[HandValue]]], list[int], int, int]
_DEFAULT_TABLES: dict[int, _EvalTables] = {}
_OTHER_TABLES: dict[tuple[int, Ranking], _EvalTables] = {}


def _evaluation_tables(deck_size: int, ranking: Ranking) -> _EvalTables:
    found = _OTHER_TABLES.get((deck_size, ranking))
    if found is None:
        lowest_rank(deck_size)  # an unsupported deck size raises here, as it always did
        full, vals, width = _full_table(deck_size, ranking)
        every_id = vals + [0] * (1024 - len(vals))  # twins and jokers: no presence bit
        values: dict[int, HandValue] = {}
        by_entry: dict[int, tuple[int, list[HandValue]]] = {}  # entries are shared: by id

        def valued(entry: Full) -> tuple[int, list[HandValue]]:
            lead_at, keys = entry
            for k in keys:
                if k not in values:
                    values[k] = _hand_value(k, deck_size, ranking)
            return lead_at, [values[k] for k in keys]

        valued_full: dict[int, tuple[int, list[HandValue]]] = {}
        for counts, entry in full.items():
            shared = by_entry.get(id(entry))
            if shared is None:
                shared = by_entry[id(entry)] = valued(entry)
            valued_full[counts] = shared
        found = (valued_full, every_id, (1 << width) - 1, width)
        _OTHER_TABLES[(deck_size, ranking)] = found
        if ranking == DEFAULT_RANKING:
            _DEFAULT_TABLES[deck_size] = found
    return found


def _hand_value(k: int, deck_size: int, ranking: Ranking) -> HandValue:
    name = _table(deck_size, ranking).names[k >> _CAT_SHIFT]
    top = straight_top(k) if name in ("straight", "straight_flush") else 0
    return HandValue(k, name, top)


def compare(
    a: Sequence[Card], b: Sequence[Card], deck_size: int, ranking: Ranking = DEFAULT_RANKING
) -> int:
    """Sign of hand ``a`` against hand ``b``: 1 if a wins, -1 if b wins, 0 if equal.

    With ``ranking.cyclic_straight_flush`` two straight flushes follow
    "minima beats massima, massima beats media, media beats minima" (not transitive).
    """
    va, vb = evaluate(a, deck_size, ranking), evaluate(b, deck_size, ranking)
    return compare_values(va.key, vb.key, deck_size, ranking.cyclic_straight_flush)


def sf_class(key: int, deck_size: int) -> int:
    """For a straight flush key: 0 minima (ace low), 2 massima (ace high), 1 media."""
    top = straight_top(key)
    if top == ACE:
        return 2
    return 0 if top == lowest_rank(deck_size) + 3 else 1


def compare_values(a: int, b: int, deck_size: int, cyclic: bool = False) -> int:
    """Sign of key ``a`` against key ``b``, applying the cyclic straight-flush rule if asked."""
    if cyclic and a >> _CAT_SHIFT == STRAIGHT_FLUSH == b >> _CAT_SHIFT:
        ca, cb = sf_class(a, deck_size), sf_class(b, deck_size)
        if ca != cb and {ca, cb} != {1}:
            # minima(0) > massima(2) > media(1) > minima(0)
            beats = {(0, 2), (2, 1), (1, 0)}
            return 1 if (ca, cb) in beats else -1
    return (a > b) - (a < b)


# --- opening -----------------------------------------------------------------------------------


def bilateral_straight_flush_draw(cards: Sequence[Card], deck_size: int) -> bool:
    """Four cards of one suit in sequence, open at both ends in this deck's straight order.

    The straight order is ``A(low), lowest, …, K, A``; the runs at either end of it (e.g. A-7-8-9
    or J-Q-K-A in 32 cards) are one-sided and do not count.
    """
    low = lowest_rank(deck_size)
    # positions in the straight order: ace low = 0, rank r = r - low + 1, ace high = last
    top_pos = ACE - low + 1
    for suit in range(4):
        pos = set()
        for c in cards:
            if c >> 4 == suit:  # card id = suit · 16 + rank
                pos.add((c & 15) - low + 1)
                if c & 15 == ACE:
                    pos.add(0)
        if len(pos) < 4:
            continue
        for start in range(1, top_pos - 3):  # run start..start+3 with start-1 >= 0, +4 <= top
            if all(p in pos for p in range(start, start + 4)):
                return True
    return False


def opens(cards: Sequence[Card], deck_size: int, min_pair: int = JACK) -> bool:
    """May this hand open when a pair of ``min_pair`` or better is required?"""
    k = key_function(deck_size)(cards)
    cat = k >> _CAT_SHIFT
    if cat > PAIR:
        return True
    if cat == PAIR and (k >> 18) & 15 >= min_pair:
        return True
    return bilateral_straight_flush_draw(cards, deck_size)


def can_open(cards: Sequence[Card], deck_size: int, kings_required: bool = False) -> bool:
    """Coppia vestita (JJ or better), or KK or better in a piatto di parole; a 4-card bilateral
    straight flush counts as a pair of kings or aces for any opening."""
    _check_hand(cards, deck_size)
    return opens(cards, deck_size, KING if kings_required else JACK)
