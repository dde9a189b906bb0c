"""Reading moves typed at the terminal: card codes, and what the legal list says about them.

A typed card is a *pattern*: rank and suit, and the copy only when the player wrote the twin's
apostrophe, so ``7H`` matches either 7♥ of Burraco's two decks. The scheme (case-insensitive):

* rank ``2``–``10``, ``T`` (10), ``J``, ``Q``, ``K``, ``A`` (or ``1``);
* suit: one English letter ``H D C S`` or a symbol ``♥ ♦ ♣ ♠``, written right after the rank
  (``KH``, ``10♦``); or a suit/colour *name* in Italian or English, or the start of one of at
  least two letters, glued or after a space (``K cuori``, ``K cuo``, ``7 giallo``, ``7gia``,
  ``7 yellow``, ``7 verde scuro``). Single letters are always the English ones, so ``C`` is
  clubs (fiori); write ``cu``/``cuori`` for hearts.
* the joker: ``J*``, ``J★``, ``★``, ``JK``, ``joker``, ``jolly``.

Nothing here knows a game: every decision is driven by the legal actions' fields.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Sequence
from typing import NamedTuple

from mazzo.cards import (
    JOKER_RANK,
    JOKER_SUIT,
    SUIT_NAME_EN,
    SUIT_NAME_IT,
    Card,
    card,
)
from mazzo.engine.game import Action

#: more digits than any number typed at a prompt can mean (a move, a card, a seat, an action)
_NUMBER_DIGITS = 9


def typed_number(text: str) -> int | None:
    """The number typed at a prompt, else None. Only ASCII digits: ``"²".isdigit()`` is true
    but ``int("²")`` raises, and so does ``int()`` of thousands of digits, so
    ``text.isdigit()`` then ``int(text)`` crashed a match on a keystroke. More than
    :data:`_NUMBER_DIGITS` digits read as that many nines: out of every range, and short
    to say back."""
    if not (text.isascii() and text.isdigit()):
        return None
    return int(text) if len(text) <= _NUMBER_DIGITS else 10**_NUMBER_DIGITS - 1


_RANKS = {str(r): r for r in range(2, 11)} | {
    "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14, "1": 14,
}
_LETTERS = {
    "H": 0, "♥": 0, "♡": 0, "D": 1, "♦": 1, "♢": 1, "C": 2, "♣": 2, "♧": 2, "S": 3, "♠": 3, "♤": 3,
}
#: every suit and colour name, both languages (the joker is read separately)
_NAMES = {
    name: suit
    for table in (SUIT_NAME_IT, SUIT_NAME_EN)
    for suit, name in table.items()
    if suit != JOKER_SUIT
}
_JOKER = re.compile(r"^(?:J\*|J★|★|JK|JOKER|JOLLY)('{0,3})$", re.IGNORECASE)
_RANK = re.compile(r"^(10|[2-9TJQKA1])(.*)$", re.IGNORECASE)


class CardTypo(ValueError):
    """Typed text that is not (exactly) a card: ``code`` and ``params`` say why, for people."""

    TEXTS = {
        "not_a_card": ("'{word}' non è una carta", "'{word}' is not a card"),
        "needs_suit": ("a '{word}' manca il seme: per esempio {word}H, {word}♥ o '{word} giallo'",
                       "'{word}' needs a suit: e.g. {word}H, {word}♥ or '{word} giallo'"),
        "ambiguous_suit": ("'{text}' può essere {names_it}: scrivine di più",
                           "'{text}' could be {names_en}: write more of it"),
        "not_a_suit": ("'{text}' non è un seme né un colore", "'{text}' is not a suit or a colour"),
        "no_twins": ("solo le carte francesi del Burraco hanno il gemello (')",
                     "only Burraco's French cards have twins (')"),
        "no_card": ("nessuna carta scritta", "no card typed"),
    }

    def __init__(self, code: str, **params: str) -> None:
        self.code = code
        self.params = params
        super().__init__(self.say("en"))

    def say(self, lang: str) -> str:
        it, en = self.TEXTS[self.code]
        return (it if lang == "it" else en).format(**self.params)


class Typed(NamedTuple):
    """A card as typed: ``copy`` is None unless the twin was named with an apostrophe."""

    rank: int
    suit: int
    copy: int | None

    def matches(self, c: Card) -> bool:
        return c.rank == self.rank and c.suit == self.suit and self.copy in (None, c.copy)

    def as_card(self) -> Card:
        """The concrete card to show or to build a refused move with (copy 0 unless named)."""
        return card(self.rank, self.suit, self.copy or 0)


def read_cards(text: str) -> list[Typed]:
    """The cards typed in ``text`` (separated by spaces or commas); CardTypo if any is unclear."""
    words = text.replace(",", " ").split()
    out: list[Typed] = []
    i = 0
    while i < len(words):
        typed, used = _read_one(words, i)
        out.append(typed)
        i += used
    if not out:
        raise CardTypo("no_card")
    return out


def _read_one(words: list[str], i: int) -> tuple[Typed, int]:
    """One card starting at ``words[i]`` and how many words it took."""
    word = words[i]
    joker = _JOKER.match(word)
    if joker:
        return Typed(JOKER_RANK, JOKER_SUIT, len(joker.group(1)) or None), 1
    found = _RANK.match(word)
    if not found:
        raise CardTypo("not_a_card", word=word)
    rank = _RANKS[found.group(1).upper()]
    rest = found.group(2)
    following = words[i + 1 : i + 3]
    if rest:
        # a glued name may still go on in the next word: "7verde scuro"
        if following and _suit_of(f"{rest} {following[0]}", quiet=True) is not None:
            return _typed(rank, f"{rest} {following[0]}"), 2
        return _typed(rank, rest), 1
    if len(following) == 2 and _suit_of(" ".join(following), quiet=True) is not None:
        return _typed(rank, " ".join(following)), 3
    if following:
        return _typed(rank, following[0]), 2
    raise CardTypo("needs_suit", word=word)


def _typed(rank: int, suit_text: str) -> Typed:
    copies = len(suit_text) - len(suit_text.rstrip("'"))
    suit = _suit_of(suit_text.rstrip("'"), quiet=False)
    assert suit is not None
    if suit >= 4 and copies:
        raise CardTypo("no_twins")
    return Typed(rank, suit, copies or None)


def _suit_of(text: str, quiet: bool) -> int | None:
    """Suit of a letter, symbol, name or unique name prefix (two letters or more)."""
    key = text.strip()
    if len(key) == 1 and key.upper() in _LETTERS:
        return _LETTERS[key.upper()]
    key = key.casefold()
    if key in _NAMES:
        return _NAMES[key]
    suits = {suit for name, suit in _NAMES.items() if len(key) >= 2 and name.startswith(key)}
    if len(suits) == 1:
        return suits.pop()
    if quiet:
        return None
    if suits:
        raise CardTypo("ambiguous_suit", text=text,
                       names_it=", ".join(sorted(SUIT_NAME_IT[s] for s in suits)),
                       names_en=", ".join(sorted(SUIT_NAME_EN[s] for s in suits)))
    raise CardTypo("not_a_suit", text=text)


# --- what the legal actions say ----------------------------------------------------------------


def action_cards(action: Action) -> list[Card]:
    """Every card an action names, field by field (a card, or a tuple of cards)."""
    out: list[Card] = []
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if isinstance(value, Card):
            out.append(value)
        elif isinstance(value, tuple) and value and all(isinstance(v, Card) for v in value):
            out.extend(value)
    return out


def contains(cards: Sequence[Card], typed: Sequence[Typed]) -> bool:
    """Whether each typed card matches a different card of ``cards``."""
    left = list(cards)
    for t in typed:
        hit = next((c for c in left if t.matches(c)), None)
        if hit is None:
            return False
        left.remove(hit)
    return True


def matching(legal: Sequence[Action], typed: Sequence[Typed]) -> list[int]:
    """Indices of the legal actions naming every typed card."""
    return [i for i, a in enumerate(legal) if contains(action_cards(a), typed)]


def _card_fields(action: Action) -> list[tuple[str, bool]]:
    """(name, is_tuple) of each field of ``action`` that holds cards."""
    out = []
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if isinstance(value, Card):
            out.append((f.name, False))
        elif isinstance(value, tuple) and all(isinstance(v, Card) for v in value):
            out.append((f.name, True))
    return out


def candidates(legal: Sequence[Action], typed: Sequence[Typed]) -> list[Action]:
    """Moves like the legal ones but naming the typed cards (the first action of each kind
    with one card field is copied with the cards put in): the engine then says why not."""
    out: list[Action] = []
    seen: set[type[Action]] = set()
    cards = tuple(t.as_card() for t in typed)
    for action in legal:
        fields = _card_fields(action)
        if type(action) in seen or len(fields) != 1:
            continue
        seen.add(type(action))
        name, is_tuple = fields[0]
        if is_tuple:
            out.append(dataclasses.replace(action, **{name: cards}))
        elif len(cards) == 1:
            out.append(dataclasses.replace(action, **{name: cards[0]}))
    return out


def _varying_field(legal: Sequence[Action]) -> tuple[str, list[object]] | None:
    """The one field that alone tells the legal actions apart, with its values (None if the
    actions are of several kinds, or differ in no field or in several)."""
    if len(legal) < 2 or len({type(a) for a in legal}) != 1:
        return None
    names = [f.name for f in dataclasses.fields(legal[0])]
    varying = [n for n in names if len({getattr(a, n) for a in legal}) > 1]
    if len(varying) != 1:
        return None
    return varying[0], [getattr(a, varying[0]) for a in legal]


def selection_field(legal: Sequence[Action]) -> str | None:
    """The field, if any, that alone tells the legal actions apart, when it is a tuple of cards
    (poker's draw, the crib discard): such a choice is made by picking cards, not from a list."""
    found = _varying_field(legal)
    if found is None:
        return None
    name, values = found
    if all(isinstance(v, tuple) and all(isinstance(c, Card) for c in v) for v in values):
        return name
    return None


def number_field(legal: Sequence[Action]) -> str | None:
    """The field, if any, that alone tells the legal actions apart, when it is a whole number
    (muggins announcements): then a typed number is that value, not a position in a list."""
    found = _varying_field(legal)
    if found is None:
        return None
    name, values = found
    return name if all(type(v) is int for v in values) else None
