"""Actions of Poker all'italiana and their stable integer encoding.

Bet sizes are exact chip amounts: ``Open(5)`` bets 5, ``Raise(5)`` puts in the call plus 5 more.
No amount can exceed every chip at the table (``players × stack``), which bounds the action space.
Discards are card tuples, encoded by their combinatorial rank among the table's deck.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from math import comb
from typing import ClassVar, TypeVar, overload

from mazzo.cards import Card, cards_text, short_deck
from mazzo.engine.chance import ChooseDealer as ChooseDealer
from mazzo.engine.chance import Deal as Deal
from mazzo.engine.game import Action, quick_init

BLIND_NAMES = {1: "buio", 2: "controbuio", 3: "over"}
A = TypeVar("A", bound=Action)


# --- chance ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Reshuffle(Action):
    """Chance: the stock ran out during the draw; the discards are shuffled into a new stock."""

    kind: ClassVar[str] = "reshuffle"
    order: tuple[Card, ...]

    def __str__(self) -> str:
        return f"reshuffle {len(self.order)} discards"


# --- blinds (before the deal) ------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Blind(Action):
    """Declare a blind: level 1 buio, 2 controbuio, 3 over."""

    kind: ClassVar[str] = "blind"
    level: int

    def __str__(self) -> str:
        return BLIND_NAMES.get(self.level, f"blind {self.level}")


@dataclass(frozen=True, slots=True)
class NoBlind(Action):
    kind: ClassVar[str] = "no_blind"

    def __str__(self) -> str:
        return "no blind"


@dataclass(frozen=True, slots=True)
class Cover(Action):
    """Complete ("coprirsi") an earlier blind up to the latest one, before seeing the cards."""

    kind: ClassVar[str] = "cover"

    def __str__(self) -> str:
        return "cover"


@dataclass(frozen=True, slots=True)
class NoCover(Action):
    kind: ClassVar[str] = "no_cover"

    def __str__(self) -> str:
        return "do not cover"


# --- betting -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pass(Action):
    """"Passo": decline to open; in the second round before any bet, give up the hand."""

    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True)
class Open(Action):
    """Open the pot ("aprire") with a bet of ``amount`` chips."""

    kind: ClassVar[str] = "open"
    amount: int

    def __str__(self) -> str:
        return f"open {self.amount}"


@dataclass(frozen=True, slots=True)
class Parola(Action):
    """Second round, before any bet: stay in without betting (check)."""

    kind: ClassVar[str] = "parola"

    def __str__(self) -> str:
        return "check (parola)"


@dataclass(frozen=True, slots=True)
class Stay(Action):
    """A blind who has already matched stays without raising ("sto")."""

    kind: ClassVar[str] = "stay"

    def __str__(self) -> str:
        return "stay"


@dataclass(frozen=True, slots=True)
class Bet(Action):
    """Second round: the first bet, ``amount`` chips ("cip" when it is the minimum unit)."""

    kind: ClassVar[str] = "bet"
    amount: int

    def __str__(self) -> str:
        return f"bet {self.amount}"


@dataclass(frozen=True, slots=True)
class Call(Action):
    """Match the current bet ("vedo"), all-in for less if the stack is short."""

    kind: ClassVar[str] = "call"

    def __str__(self) -> str:
        return "call"


@dataclass(frozen=True, slots=True)
class Raise(Action):
    """Call and put ``amount`` more chips ("rilancio"), in one immediate action."""

    kind: ClassVar[str] = "raise"
    amount: int

    def __str__(self) -> str:
        return f"raise {self.amount}"


@dataclass(frozen=True, slots=True)
class Fold(Action):
    """Give up the hand facing a bet ("lascio")."""

    kind: ClassVar[str] = "fold"

    def __str__(self) -> str:
        return "fold"


@quick_init
@dataclass(frozen=True, slots=True)
class Draw(Action):
    """Discard these cards (0 to 4) and receive as many from the stock ("cambio")."""

    kind: ClassVar[str] = "draw"
    secret: ClassVar[bool] = True  # others only learn how many cards were changed
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        if not self.cards:
            return "servito (stand pat)"
        return f"change {len(self.cards)}: {cards_text(self.cards)}"


CHANCE_TYPES: tuple[type[Action], ...] = (ChooseDealer, Deal, Reshuffle)
PLAYER_TYPES: tuple[type[Action], ...] = (
    NoBlind, Blind, Cover, NoCover, Pass, Parola, Stay, Call, Fold, Open, Bet, Raise, Draw,
)
ACTION_TYPES = CHANCE_TYPES + PLAYER_TYPES

# interned field-less actions
NO_BLIND, COVER, NO_COVER = NoBlind(), Cover(), NoCover()
PASS, PAROLA, STAY, CALL, FOLD = Pass(), Parola(), Stay(), Call(), Fold()
BLINDS = {level: Blind(level) for level in (1, 2, 3)}


class _ByAmount(dict[int, A]):
    """Open, Bet or Raise actions by amount, each made once when first asked for: the betting
    menus list several at every bet (a frozen dataclass costs a Python call to build, a
    lookup none)."""

    def __init__(self, make: Callable[[int], A]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, amount: int) -> A:
        if len(self) >= 100_000:  # amounts are bounded by the chips at the table; still
            self.clear()
        made = self[amount] = self.make(amount)
        return made


OPEN: _ByAmount[Open] = _ByAmount(Open)
BET: _ByAmount[Bet] = _ByAmount(Bet)
RAISE: _ByAmount[Raise] = _ByAmount(Raise)
_SIMPLE: tuple[Action, ...] = (
    NO_BLIND, BLINDS[1], BLINDS[2], BLINDS[3], COVER, NO_COVER, PASS, PAROLA, STAY, CALL, FOLD,
)


# --- integer encoding --------------------------------------------------------------------------


class ActionCodec:
    """Stable indices: simple actions, then Open/Bet/Raise amounts 1..max, then discards.

    One per deck and bet bound in a process (:func:`shared_codec`): its caches of Draws serve every
    state and search of those configs, and a pickled state carries only that key, not them."""

    def __init__(self, deck_size: int, max_amount: int) -> None:
        self.deck_size = deck_size
        self.deck = short_deck(deck_size)
        self.pos = {c: i for i, c in enumerate(self.deck)}
        self.max_amount = max_amount
        self.amount_base = len(_SIMPLE)
        self.draw_base = self.amount_base + 3 * max_amount
        n = len(self.deck)
        self.draw_offsets = [0]
        for k in range(4):
            self.draw_offsets.append(self.draw_offsets[-1] + comb(n, k))
        self.size = self.draw_base + self.draw_offsets[4] + comb(n, 4)
        self.simple_index = {a: i for i, a in enumerate(_SIMPLE)}
        self._draw_cache = _InternedDraws()
        self._hand_draws: dict[tuple[Card, ...], list[Action]] = {}

    def __reduce__(self) -> tuple[Callable[[int, int], ActionCodec], tuple[int, int]]:
        # by key: the codec's caches (up to tens of thousands of Draws after a search) would
        # otherwise travel with every pickled state, and the state would load with a copy of its
        # own instead of the process's shared codec
        return shared_codec, (self.deck_size, self.max_amount)

    def index(self, action: Action) -> int:
        found = self.simple_index.get(action)
        if found is not None:
            return found
        for slot, cls in enumerate((Open, Bet, Raise)):
            if type(action) is cls:
                amount: int = action.amount  # type: ignore[attr-defined]
                if not 1 <= amount <= self.max_amount:
                    raise ValueError(f"{action}: amount must be 1..{self.max_amount}")
                return self.amount_base + slot * self.max_amount + amount - 1
        if isinstance(action, Draw):
            return self.draw_base + self._rank_subset(action.cards)
        raise ValueError(f"{action!r} is not a player action of poker_italiano")

    def _rank_subset(self, cards: tuple[Card, ...]) -> int:
        positions = sorted(self.pos[c] for c in cards)
        if len(positions) > 4 or len(set(positions)) != len(positions):
            raise ValueError("a draw discards 0 to 4 different cards")
        # colex rank of the subset among subsets of the same size
        rank = sum(comb(p, i + 1) for i, p in enumerate(positions))
        return self.draw_offsets[len(positions)] + rank

    def action(self, index: int) -> Action:
        if not 0 <= index < self.size:
            raise ValueError(f"action index {index} is outside 0..{self.size - 1}")
        if index < self.amount_base:
            return _SIMPLE[index]
        if index < self.draw_base:
            slot, amount = divmod(index - self.amount_base, self.max_amount)
            return (Open, Bet, Raise)[slot](amount + 1)
        rest = index - self.draw_base
        k = max(i for i in range(5) if self.draw_offsets[i] <= rest)
        rank = rest - self.draw_offsets[k]
        positions: list[int] = []
        for i in range(k, 0, -1):  # unrank colex: largest p with comb(p, i) <= rank
            p = i - 1
            while comb(p + 1, i) <= rank:
                p += 1
            positions.append(p)
            rank -= comb(p, i)
        return self.draw(tuple(self.deck[p] for p in sorted(positions)))

    def draw(self, cards: tuple[Card, ...]) -> Draw:
        """The interned Draw of these cards (kept in deck order)."""
        return self._draw_cache[cards]

    def draws_of(self, hand: list[Card]) -> list[Action]:
        """The 31 draws of a five-card hand in deck order (``hand`` sorted): keep all, then
        change one, two, three or four cards, each size in ``combinations`` order.

        Shared, never to be changed: one list per hand, kept (a search asks again and again for
        the same hand of the seat it searches for), the Draws interned.
        """
        key = tuple(hand)
        found = self._hand_draws.get(key)
        if found is None:
            if len(self._hand_draws) >= _HAND_DRAWS_KEPT:
                self._hand_draws.clear()
            subsets = [c for size in range(5) for c in combinations(key, size)]
            found = list(map(self._draw_cache.__getitem__, subsets))
            self._hand_draws[key] = found
        return found

    def draws_read(self, hand: list[Card]) -> Sequence[Action]:
        """:meth:`draws_of` for reading one move: the kept list when the hand has one, else a
        :class:`DrawsOfHand` that makes only the draw asked for (a random rollout picks one of
        the 31 and never asks again for the same hand)."""
        found = self._hand_draws.get(tuple(hand))
        if found is not None:
            return found
        return DrawsOfHand(hand, self._draw_cache)


_CODECS: dict[tuple[int, int], ActionCodec] = {}


def shared_codec(deck_size: int, max_amount: int) -> ActionCodec:
    """This process's codec of a deck and a bet bound, made on first use."""
    key = (deck_size, max_amount)
    found = _CODECS.get(key)
    if found is None:
        found = _CODECS[key] = ActionCodec(deck_size, max_amount)
    return found


#: hands whose draw lists a codec keeps (then it starts again: a bound for long searches)
_HAND_DRAWS_KEPT = 20_000
#: the 31 discards of a five-card hand as positions in it, in :meth:`ActionCodec.draws_of`'s order
_SUBSETS: tuple[tuple[int, ...], ...] = tuple(
    c for size in range(5) for c in combinations(range(5), size)
)


class DrawsOfHand(Sequence[Action]):
    """The 31 draws of a five-card hand (sorted), :meth:`ActionCodec.draws_of`'s list, each made
    only when read."""

    __slots__ = ("hand", "interned")

    def __init__(self, hand: list[Card], interned: dict[tuple[Card, ...], Draw]) -> None:
        self.hand = hand
        self.interned = interned

    def __len__(self) -> int:
        return len(_SUBSETS)

    @overload
    def __getitem__(self, index: int) -> Action: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...

    def __getitem__(self, index: int | slice) -> Action | Sequence[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(len(_SUBSETS))[index]]
        return self.interned[tuple(map(self.hand.__getitem__, _SUBSETS[index]))]


class _InternedDraws(dict[tuple[Card, ...], Draw]):
    """Draws by their cards, each made once, when first asked for (``__missing__``: a lookup
    that finds it costs no Python call)."""

    def __missing__(self, cards: tuple[Card, ...]) -> Draw:
        found = self[cards] = Draw(cards)
        return found
