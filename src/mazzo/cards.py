"""Cards, suits, ranks and the deck builders of all five games.

A card is an ``int`` subclass (its id), so hashing, equality and sorting are as fast as for
integers while ``str()`` reads well in a terminal. Every card object is interned: build cards with
:func:`card` or the deck builders, never ``Card(...)`` directly.

Id layout: ``copy * 256 + suit * 16 + rank``. Ranks are 2..14 (J 11, Q 12, K 13, A 14; jokers 0);
suits 0..3 are the French suits, 4..11 Nebraska's eight colours, 12 the joker; ``copy`` tells twin
cards apart (Burraco plays two decks, so every card has a twin; the four jokers are copies 0..3).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

# --- suits -------------------------------------------------------------------------------------

HEARTS: Final = 0  # cuori
DIAMONDS: Final = 1  # quadri
CLUBS: Final = 2  # fiori
SPADES: Final = 3  # picche
FRENCH_SUITS: Final = (HEARTS, DIAMONDS, CLUBS, SPADES)

GIALLO: Final = 4
VERDE: Final = 5
VERDE_SCURO: Final = 6
BLU: Final = 7
AZZURRO: Final = 8
ROSSO: Final = 9
ROSA: Final = 10
ORO: Final = 11
COLOURS: Final = (GIALLO, VERDE, VERDE_SCURO, BLU, AZZURRO, ROSSO, ROSA, ORO)

JOKER_SUIT: Final = 12

SUIT_SYMBOL: Final = {HEARTS: "♥", DIAMONDS: "♦", CLUBS: "♣", SPADES: "♠", JOKER_SUIT: "★"}
SUIT_LETTER: Final = {HEARTS: "H", DIAMONDS: "D", CLUBS: "C", SPADES: "S"}
SUIT_NAME_IT: Final = {
    HEARTS: "cuori", DIAMONDS: "quadri", CLUBS: "fiori", SPADES: "picche", JOKER_SUIT: "jolly",
    GIALLO: "giallo", VERDE: "verde", VERDE_SCURO: "verde scuro", BLU: "blu",
    AZZURRO: "azzurro", ROSSO: "rosso", ROSA: "rosa", ORO: "oro",
}
SUIT_NAME_EN: Final = {
    HEARTS: "hearts", DIAMONDS: "diamonds", CLUBS: "clubs", SPADES: "spades", JOKER_SUIT: "joker",
    GIALLO: "yellow", VERDE: "green", VERDE_SCURO: "dark green", BLU: "blue",
    AZZURRO: "light blue", ROSSO: "red", ROSA: "pink", ORO: "gold",
}
COLOUR_BY_NAME: Final = {SUIT_NAME_IT[c]: c for c in COLOURS} | {
    SUIT_NAME_EN[c]: c for c in COLOURS
}

# --- ranks -------------------------------------------------------------------------------------

JACK: Final = 11
QUEEN: Final = 12
KING: Final = 13
ACE: Final = 14
JOKER_RANK: Final = 0
RANK_TEXT: Final = {r: str(r) for r in range(2, 11)} | {
    JACK: "J", QUEEN: "Q", KING: "K", ACE: "A", JOKER_RANK: "J",
}
_RANK_BY_TEXT: Final = {str(r): r for r in range(2, 11)} | {
    "T": 10, "J": JACK, "Q": QUEEN, "K": KING, "A": ACE, "1": ACE,
}


class Card(int):
    """One physical card. Use :func:`card` to obtain it; instances are interned by id."""

    __slots__ = ()

    @property
    def rank(self) -> int:
        return int(self) & 15

    @property
    def suit(self) -> int:
        return (int(self) >> 4) & 15

    @property
    def copy(self) -> int:
        return int(self) >> 8

    @property
    def is_joker(self) -> bool:
        return self.suit == JOKER_SUIT

    def name(self, lang: str = "en") -> str:
        """Long text, e.g. ``7 giallo`` / ``7 yellow`` for Nebraska, ``7♥`` otherwise."""
        suit = self.suit
        if suit in SUIT_SYMBOL:
            return str(self)
        names = SUIT_NAME_IT if lang == "it" else SUIT_NAME_EN
        return f"{RANK_TEXT[self.rank]} {names[suit]}"

    def __str__(self) -> str:
        return _TEXT[self]

    def __repr__(self) -> str:
        return f"<{_TEXT[self]}{chr(39) * self.copy if not self.is_joker else ''}>"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (card_by_id, (int(self),))


_TABLE: list[Card | None] = [None] * 1024
_TEXT: dict[int, str] = {}
#: each card's exact JSON token (its text plus one apostrophe per copy), filled as cards are made:
#: views write thousands of tokens per move, and a dict lookup is several times cheaper than
#: building the string again (the token of a card never changes). Keyed by the interned cards
#: themselves: a lookup with a card then matches by identity, where an int key made every lookup
#: compare an int with an int subclass in Python's slow path (a third dearer); plain ids still
#: find their token (equal hash, equal value)
TOKEN: dict[int, str] = {}


def _make(rank: int, suit: int, copy: int = 0) -> Card:
    cid = copy * 256 + suit * 16 + rank
    found = _TABLE[cid]
    if found is not None:
        return found
    made = int.__new__(Card, cid)
    if suit in SUIT_SYMBOL:
        _TEXT[cid] = RANK_TEXT[rank] + SUIT_SYMBOL[suit]
    else:
        _TEXT[cid] = f"{RANK_TEXT[rank]} {SUIT_NAME_IT[suit]}"
    TOKEN[made] = _TEXT[cid] + "'" * copy
    _TABLE[cid] = made
    return made


def card(rank: int, suit: int, copy: int = 0) -> Card:
    """The interned card of ``rank`` (2..14, 0 for a joker) and ``suit``; ``copy`` for twins."""
    if suit == JOKER_SUIT:
        if rank != JOKER_RANK or not 0 <= copy <= 3:
            raise ValueError("a joker has rank 0 and copy 0..3")
    elif not (2 <= rank <= 14 and 0 <= suit <= 11 and 0 <= copy <= 1):
        raise ValueError(f"no such card: rank {rank}, suit {suit}, copy {copy}")
    return _make(rank, suit, copy)


def card_by_id(cid: int) -> Card:
    """The card whose id is ``cid`` (as stored in records and chance outcomes)."""
    if 0 <= cid < 1024:
        found = _TABLE[cid]
        if found is not None:
            return found
        rank, suit, copy = cid & 15, (cid >> 4) & 15, cid >> 8
        return card(rank, suit, copy)
    raise ValueError(f"no card has id {cid}")


def joker(copy: int = 0) -> Card:
    return card(JOKER_RANK, JOKER_SUIT, copy)


# --- deck builders -----------------------------------------------------------------------------


def french_deck(lowest: int = 2, copy: int = 0) -> tuple[Card, ...]:
    """French-suited deck from ``lowest`` up to the ace: 2 → 52 cards, 7 → 32, 6 → 36, 5 → 40."""
    if not 2 <= lowest <= 14:
        raise ValueError("lowest rank must be 2..14")
    return tuple(_make(r, s, copy) for s in FRENCH_SUITS for r in range(lowest, 15))


def short_deck(size: int) -> tuple[Card, ...]:
    """Short French deck of 32 (7–A), 36 (6–A), 40 (5–A), 44 (4–A) or 48 (3–A) cards."""
    if size % 4 or not 8 <= size <= 52:
        raise ValueError(f"a short deck has 8..52 cards in steps of 4, not {size}")
    return french_deck(15 - size // 4)


def nebraska_deck() -> tuple[Card, ...]:
    """104 cards: 13 ranks in each of the eight colours."""
    return tuple(_make(r, s) for s in COLOURS for r in range(2, 15))


def burraco_deck() -> tuple[Card, ...]:
    """108 cards: two French decks (twins are distinct cards) and four jokers."""
    return french_deck(2, 0) + french_deck(2, 1) + tuple(joker(c) for c in range(4))


# --- parsing and printing ----------------------------------------------------------------------

_SUIT_BY_TEXT: Final = {
    "H": HEARTS, "♥": HEARTS, "♡": HEARTS, "D": DIAMONDS, "♦": DIAMONDS, "♢": DIAMONDS,
    "C": CLUBS, "♣": CLUBS, "♧": CLUBS, "S": SPADES, "♠": SPADES, "♤": SPADES,
}
_FRENCH_RE: Final = re.compile(r"^(10|[2-9TJQKA1])([HDCS♥♡♦♢♣♧♠♤])('?)$", re.IGNORECASE)
_JOKER_RE: Final = re.compile(r"^(?:J★|★|JK|JOKER|JOLLY)('{0,3})$", re.IGNORECASE)


def parse_card(text: str) -> Card:
    """Parse one card: ``5H``, ``10♥``, ``TD``, ``QS``, ``J★`` (joker), ``7 giallo``.

    A trailing apostrophe picks the twin (copy 1) of a Burraco card: ``7♥'``.
    """
    token = " ".join(text.strip().split())
    if not token:
        raise ValueError("empty card text")
    m = _JOKER_RE.match(token)
    if m:
        return joker(len(m.group(1)))
    m = _FRENCH_RE.match(token)
    if m:
        rank = _RANK_BY_TEXT[m.group(1).upper()]
        return _make(rank, _SUIT_BY_TEXT[m.group(2).upper()], len(m.group(3)))
    rank_text, _, colour_text = token.partition(" ")
    found_rank = _RANK_BY_TEXT.get(rank_text.upper())
    colour = COLOUR_BY_NAME.get(colour_text.lower())
    if found_rank is None or colour is None:
        raise ValueError(
            f"cannot read card {text!r}: write e.g. 5H, 10♥, TD, QS, J★ or '7 giallo'"
        )
    return _make(found_rank, colour)


def parse_cards(text: str) -> list[Card]:
    """Parse a list of cards separated by spaces or commas (commas are needed for colour names)."""
    if "," in text:
        parts = [p for p in text.split(",") if p.strip()]
    elif any(name in text.lower() for name in COLOUR_BY_NAME):
        parts = _split_colour_cards(text)
    else:
        parts = text.split()
    return [parse_card(p) for p in parts]


def _split_colour_cards(text: str) -> list[str]:
    """Split ``"7 giallo Q verde scuro"`` into cards, each a rank token then a colour name."""
    words = text.split()
    out: list[str] = []
    i = 0
    while i < len(words):
        if i + 2 < len(words) and f"{words[i + 1]} {words[i + 2]}".lower() in COLOUR_BY_NAME:
            out.append(" ".join(words[i : i + 3]))
            i += 3
        else:
            out.append(" ".join(words[i : i + 2]))
            i += 2
    return out


def cards_text(cards: Iterable[Card], sep: str = " ") -> str:
    """Cards joined for display; Nebraska cards are joined by commas so colour names stay clear."""
    items = list(cards)
    if any(c.suit in COLOURS for c in items):
        sep = ", "
    return sep.join(str(c) for c in items)


def ids(cards: Sequence[Card]) -> list[int]:
    """Card ids for JSON."""
    return [int(c) for c in cards]
