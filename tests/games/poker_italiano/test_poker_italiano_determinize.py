"""Determinization: sampled worlds honour what the rules make public (the opener's hand, each
seat's own discards) and redeal every hidden card, the discards included."""

from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace

from mazzo.games.poker_italiano.actions import CALL, FOLD, PASS, Draw, Open
from mazzo.games.poker_italiano.scoring import opens
from mazzo.games.poker_italiano.state import PokerItalianoState
from playout import decisions

JJ = "JH JD 7C 8S TC"
ME = 2  # the observing seat in the rigged deals


def opened(pi: SimpleNamespace) -> PokerItalianoState:
    """Dealer 0; seat 1 opens with JJ, seats 2 and 3 call, the dealer folds."""
    st: PokerItalianoState = pi.start()
    pi.deal(st, {1: JJ, 2: "AH AD 9S 9C KS"})
    pi.play(st, Open(1), CALL, CALL, FOLD)
    return st


def drawn(pi: SimpleNamespace) -> PokerItalianoState:
    """As :func:`opened`, then seat 1 changes three, seat 2 one and seat 3 two cards."""
    st = opened(pi)
    for seat, size in ((1, 3), (2, 1), (3, 2)):
        st.apply(Draw(tuple(sorted(st.hands[seat][-size:]))))
    assert st.phase == "second_round"
    return st


def check_world(state: PokerItalianoState, world: PokerItalianoState, seat: int) -> None:
    assert world.view(seat) == state.view(seat)
    assert Counter(world.cards_in_play()) == Counter(state.cards_in_play())
    assert world.history == []
    everyone = [c for s in range(world.n) for c in world.discarded[s]]
    assert len(everyone) == len(set(everyone)), "a card discarded twice"
    for s in range(world.n):
        if world.draws[s] >= 0:
            assert len(world.discarded[s]) == world.draws[s]
            assert len(set(world.pre_draw_hand(s))) == 5
        kept = {c for o in range(world.n) for c in world.pre_draw_hand(o) if o != s}
        assert not kept & set(world.discarded[s]), "a discard also held by another seat"


def test_the_opener_always_holds_an_opening_hand_before_the_draw(pi: SimpleNamespace) -> None:
    for state in (opened(pi), drawn(pi)):
        rng = random.Random(7)
        for _ in range(500):
            world = state.determinize(ME, rng)
            check_world(state, world, ME)
            assert opens(world.pre_draw_hand(1), world.deck_size, world.min_pair)


def test_without_an_opener_hands_are_not_constrained(pi: SimpleNamespace) -> None:
    st: PokerItalianoState = pi.start()
    pi.deal(st, {2: "AH AD 9S 9C KS"})
    pi.play(st, PASS)  # seat 1 passes; seat 2 to speak, nobody has opened
    rng = random.Random(3)
    worlds = [st.determinize(ME, rng) for _ in range(300)]
    opening = sum(opens(w.hands[1], w.deck_size, w.min_pair) for w in worlds)
    assert 0.2 < opening / len(worlds) < 0.7  # uniform deals: about one hand in two opens


def test_discards_of_the_others_are_redealt_with_the_pool(pi: SimpleNamespace) -> None:
    st = drawn(pi)
    rng = random.Random(5)
    seen: set[tuple[int, ...]] = set()
    for _ in range(200):
        world = st.determinize(ME, rng)
        check_world(st, world, ME)
        for s in (1, 3):
            assert world.discarded[s] == [c for c, o in world.pool if o == s]
        assert world.discarded[ME] == st.discarded[ME]
        seen.add(tuple(world.discarded[3]))
    assert len(seen) > 50, "the others' discards must be resampled, not kept true"


def test_reshuffled_discards_stay_consistent() -> None:
    """Six players changing four cards run the stock out: discards move to the stock and to
    other hands, and the worlds must still keep every seat's discards apart from held cards."""
    from mazzo.games.poker_italiano import GAME

    rng = random.Random(2)
    checked = 0
    for _ in range(40):
        state = GAME.new_match(GAME.config(players=6, blinds=False))
        assert isinstance(state, PokerItalianoState)
        for _ in decisions(state, rng):
            if checked >= 30:
                break
            if any(state.draws[s] > sum(o == s for _, o in state.pool) for s in range(6)):
                seat = state.current_player
                check_world(state, state.determinize(seat, rng), seat)
                checked += 1
            if state.phase == "draw":  # the last draw option changes four cards
                state.apply(state.legal_actions()[-1])
    assert checked >= 30
