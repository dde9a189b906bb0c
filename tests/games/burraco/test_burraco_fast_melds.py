"""The fast paths of Burraco's meld handling say what the general code says: attaching a card to
a run without a wild (every such run, every card of the deck) or with one (every shape, every
card that could join it and the others' kinds), and the meld and table text a cala lays (kept per
action), over every cala met in random matches."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import product

import pytest
from burraco_helpers import every_run, meld, random_decisions

from mazzo.cards import ACE, Card, card
from mazzo.games.burraco.actions import DECK, Cala, layout_text
from mazzo.games.burraco.config import BurracoConfig
from mazzo.games.burraco.melds import (
    HIGH_ACE,
    LOW_ACE,
    Meld,
    _attach_clean_run,
    _attach_run,
    _attach_wild_run,
    attach_options,
    layouts,
)
from mazzo.games.burraco.tables import LAID_MELD, MELD_TEXT

#: every run shape and card against the general code
pytestmark = pytest.mark.soak


def _clean_runs() -> list[Meld]:
    """Every run without a wild: each suit, each span of 3..14 positions, the naturals all first
    copies, all second copies, or alternating either way (a same-suit 2 at 2, an ace at 1 or
    14)."""
    runs = []
    for suit, lo in product(range(4), range(LOW_ACE, HIGH_ACE - 1)):
        for hi in range(lo + 2, HIGH_ACE + 1):
            if lo == LOW_ACE and hi == HIGH_ACE:
                continue  # one natural ace per run
            for copies in ("0", "1", "01", "10"):
                cards = tuple(
                    card(ACE if p in (LOW_ACE, HIGH_ACE) else p, suit,
                         int(copies[(p - lo) % len(copies)]))
                    for p in range(lo, hi + 1))
                runs.append(Meld(True, suit, cards, lo, 0))
    return runs


def test_clean_run_attach_equals_the_general_case() -> None:
    """Options, their order and the melds they make, for every clean run and every card."""
    runs = _clean_runs()
    assert len(runs) > 1200
    fitting = 0
    for run in runs:
        assert layouts(run.cards)  # a real run
        fitting += _joining(_attach_clean_run, run, DECK)
    assert fitting > 10_000


def test_wild_run_attach_equals_the_general_case() -> None:
    """Options, their order and the melds they make, for every run with a wild and every card of
    its suit, every wild, and a natural of each other suit (those join no such run)."""
    runs = [run for run in every_run() if run.wild]
    assert len(runs) > 7_000
    wilds = [c for c in DECK if c & 15 in (0, 2)]
    fitting = 0
    for run in runs:
        tried = [c for c in DECK if (c >> 4) & 15 == run.key] + wilds + [
            card(9, suit, 0) for suit in range(4) if suit != run.key]
        fitting += _joining(_attach_wild_run, run, tried)
    assert fitting > 40_000


def _joining(fast_path: Callable[[Meld, Card], dict[int, Meld]], run: Meld,
             tried: Iterable[Card]) -> int:
    """How many of ``tried`` may join ``run``, each card's options (their order, the melds)
    checked to be the general case's by ``fast_path`` and by ``attach_options``."""
    joining = 0
    for c in tried:
        fast = list(fast_path(run, c).items())
        assert fast == list(_attach_run(run, c).items()), (run, c)
        assert list(attach_options(run, c).items()) == fast
        joining += bool(fast)
    return joining


def test_laid_meld_and_text_equal_a_fresh_layout() -> None:
    """Every cala listed in random matches lays the meld ``layouts`` finds for it, and the kept
    text of every meld made is ``layout_text`` of it."""
    calas = 0
    for config in (BurracoConfig(players=4, hands=1), BurracoConfig(players=2, hands=1)):
        for seed in range(4):
            for state, _ in random_decisions(config, seed):
                for a in state.legal_actions():
                    if isinstance(a, Cala):
                        calas += 1
                        fresh = next(m for m in layouts(a.cards) if m.wild == a.wild or not m.run)
                        assert LAID_MELD[(a.cards, a.wild)] == fresh
    assert calas > 1000
    for (run, cards, lo, wild, key), text in list(MELD_TEXT.items()):
        assert text == layout_text(cards, lo, wild, key, run)
    assert len(MELD_TEXT) > 100


VIEW_KEYS = [
    "phase", "hand_number", "current_player", "seat", "players", "variant", "dealer", "scores",
    "target", "hands_to_play", "hand", "hand_counts", "known", "side_of", "sides", "melds",
    "running", "pozzetto_taken", "pozzetti", "pile", "stock", "restricted", "last_turn",
    "three_pozzetti", "solo", "last_hand",
]


def test_view_frame_follows_fields_set_directly() -> None:
    """The view's kept once-a-hand frame is remade when any field it is made from changes, in
    place or replaced (as tests and tools do), and the view keeps its key order."""
    config = BurracoConfig(players=3, hands=2)
    changes = [
        lambda s: s.totals2.__setitem__(0, s.totals2[0] + 7),
        lambda s: s.side_of.__setitem__(2, 0),
        lambda s: setattr(s, "last_lines", [[1, 2, 3, 4, 5, 6]]),
        lambda s: setattr(s, "last_sides", [[0, 2]]),
        lambda s: setattr(s, "last_melds", [[meld("5H 6H 7H")]]),
        lambda s: setattr(s, "hand_no", s.hand_no + 1),
        lambda s: setattr(s, "dealer", (s.dealer + 1) % 3),
        lambda s: setattr(s, "three_b", not s.three_b),
        lambda s: setattr(s, "solo", 1),
        lambda s: setattr(s, "preset", "fibur"),
    ]
    checked = 0
    for state, _ in random_decisions(config, 5):
        seat = state.current_player
        view = state.view(seat)
        assert list(view) == VIEW_KEYS
        if checked < len(changes) and len(state.history) % 7 == 0:
            changes[checked](state)
            checked += 1
            view = state.view(seat)
            assert view == state.clone().view(seat)
            view["scores"] = None  # the caller's copy: the kept frame does not change
            assert state.view(seat)["scores"] is not None
    assert checked == len(changes)
