"""The parts of a seat's view kept between moves: one mechanism, the same rules in every game.

A view is built before every decision (the table server sends one to every seat after each
move, an RL environment encodes one per step), yet most of it changes rarely: the scores once a
hand, a seat's cards when that seat moves, the table's melds or tricks now and then. Every game
therefore keeps those parts between moves and assembles a view from them. This module says how,
once, so that each game's ``views.py`` only declares *which* parts it keeps and *what* a move
changes:

1. **One holder per state.** A game subclasses :class:`ViewParts` with a slot per part (a part a
   seat alone sees: a list indexed by seat, or a dict keyed by seat with ``None`` for a
   spectator). A state holds it in ``_view_parts``, ``None`` until its first view
   (:meth:`ViewParts.of`): a search's states, never viewed, pay one ``is None`` test in the moves
   that would keep a part up to date, and nothing else.
2. **Never shared.** A clone, a world drawn for a search and a copy start with ``None``
   (:func:`fresh`): parts may be brought up to date in place, so two states sharing a holder
   would change each other's. A clone's first view is built from the state alone, which is what
   the tests compare the kept views with (``tests/games/test_view_caches.py``).
3. **Each part is checked or kept by the moves.** A *checked* part is kept with a copy of the
   state's data it was made from (or a stamp of it: an identity, a length) and compared with it
   at each view; a move need not know of it, and a part set directly on the state, as tests do,
   is never shown stale (Burraco, poker). A part *kept by the moves* is brought up to date, in
   place, by the move that changed what it shows, or dropped (set to ``None``: the next view
   builds it; :meth:`ViewParts.forget` drops them all) by a move that changes more (Nebraska,
   novantanove, cribbage). A game chooses per part: checking costs a comparison at every view,
   upkeep a test at every move.
4. **Copy on write.** What a view hands out is either read-only and shared
   (:class:`~mazzo.engine.frozen.FrozenList`, :class:`~mazzo.engine.frozen.FrozenDict`), or a
   new copy of a private part (a dict of the view's keys in their order, copied then filled): no
   caller can change what a later view says, nor the state (``tests/conformance/
   test_kept_views.py`` and ``test_view_caches.py`` check both in every game).

What exists only for speed lives in each game's ``views.py`` beside its holder; the rules
(``state.py`` and the modules it splits into) name the holder only to keep a part up to date.
"""

from __future__ import annotations

from typing import Any, Protocol, Self


class HoldsViewParts(Protocol):
    """A state that keeps view parts: the holder, or ``None`` until its first view."""

    _view_parts: Any


class ViewParts:
    """One state's kept view parts; a game's subclass declares them (``__slots__``, each with
    a ``#:`` comment saying what it shows, what it was made from and what changes it)."""

    __slots__ = ()

    def __init__(self, state: Any) -> None:
        """Empty parts for ``state`` (each built at the first view that needs it)."""

    @classmethod
    def of(cls, state: HoldsViewParts) -> Self:
        """``state``'s holder, made empty at its first view. A view reads
        ``state._view_parts or Parts.of(state)``: the call only when there is none."""
        parts = state._view_parts
        if parts is None:
            parts = state._view_parts = cls(state)
        return parts  # type: ignore[no-any-return]

    def forget(self) -> None:
        """Drop every part kept by the moves, after a move that changes more than they follow
        (the next view builds them). A game whose parts are all checked need not override it."""


def fresh(state: HoldsViewParts) -> None:
    """Rule 2: ``state`` (a clone, a world, a copy) keeps no parts of the state it came from;
    also for a state changed by moves that keep no part up to date (a fast path's)."""
    state._view_parts = None
