"""The speed-ups keep every answer: the 31 draws listed once per hand, the side pots views keep
by what they are made of, and check's identity fast path, each against the plain computation
over thousands of states of random matches."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations

import pytest

from mazzo.cards import Card, short_deck
from mazzo.engine import Action, IllegalAction
from mazzo.games.poker_italiano import GAME
from mazzo.games.poker_italiano.actions import (
    CALL,
    FOLD,
    PAROLA,
    PASS,
    STAY,
    Bet,
    Draw,
    DrawsOfHand,
    Open,
    Raise,
)
from mazzo.games.poker_italiano.config import PokerItalianoConfig
from mazzo.games.poker_italiano.scoring import opens
from mazzo.games.poker_italiano.state import PokerItalianoState
from playout import decisions

#: random hands, each speed-up against the plain computation
pytestmark = pytest.mark.soak


def plain_side_pots(state: PokerItalianoState, live: Sequence[int]) -> list[tuple[int, list[int]]]:
    """``side_pots`` as first written (generator sums)."""
    levels = sorted({state.contrib[s] for s in live})
    pots: list[tuple[int, list[int]]] = []
    prev = 0
    for lv in levels:
        amount = sum(min(c, lv) - min(c, prev) for c in state.contrib)
        pots.append((amount, [s for s in live if state.contrib[s] >= lv]))
        prev = lv
    extra = sum(max(0, c - prev) for c in state.contrib)
    pots[0] = (pots[0][0] + state.carried, pots[0][1])
    pots[-1] = (pots[-1][0] + extra, pots[-1][1])
    return pots


def plain_pots_view(state: PokerItalianoState) -> list[dict[str, object]]:
    live = [s for s in state.seats if not state.folded[s]]
    if not live or not state.pot:
        return [{"amount": state.pot, "seats": live}] if state.pot else []
    return [{"amount": a, "seats": seats} for a, seats in plain_side_pots(state, live)]


def random_hands(seed: int, count: int) -> Iterator[list[Card]]:
    """``count`` sorted five-card hands of the 32-card deck, drawn with ``seed``."""
    rng = random.Random(seed)
    deck = list(short_deck(32))
    for _ in range(count):
        yield sorted(rng.sample(deck, 5))


def test_draws_of_a_hand_are_every_discard_in_order() -> None:
    codec = GAME._codec(PokerItalianoConfig())  # type: ignore[attr-defined]
    for hand in random_hands(5, 2000):
        expected = [Draw(c) for size in range(5) for c in combinations(hand, size)]
        assert codec.draws_of(hand) == expected
        assert codec.draws_of(list(hand)) is codec.draws_of(hand)  # kept per hand


def test_views_pots_and_checks_match_the_plain_ones() -> None:
    checked = 0
    for players in (3, 4, 6):
        config = PokerItalianoConfig(players=players, max_hands=15)
        for seed in range(12):
            rng = random.Random(seed)
            state: PokerItalianoState = GAME.new_match(config)  # type: ignore[assignment]
            for _ in decisions(state, rng):
                assert state.view(state.current_player)["pots"] == plain_pots_view(state)
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
                twin = state.clone()
                twin.apply(type(action).from_json(action.to_json()))  # equal, not the same
                try:
                    state.check(Open(10_000))
                except IllegalAction:
                    pass
                else:
                    raise AssertionError("an amount never offered was accepted")
                state.apply(action)
                assert twin.view(0) == state.view(0)
                checked += 1
    assert checked > 2000


def test_views_pots_match_the_plain_ones_at_every_shape_of_contributions() -> None:
    """The view splits its pots by its own code (two live seats, two levels, three or more):
    against the plain split on contributions drawn at random (all-ins at several levels, folded
    seats above and below them, a carried pot), which random matches reach only now and then."""
    rng = random.Random(17)
    shapes = set()
    for players in PokerItalianoConfig.player_counts:
        config = PokerItalianoConfig(players=players)
        for _ in range(1000):
            state: PokerItalianoState = GAME.new_match(config)  # type: ignore[assignment]
            next(decisions(state, rng))  # dealt, every seat in
            n = len(state.contrib)
            state.contrib = [rng.choice((0, 1, 2, 5, 5, 8, 13, 20)) for _ in range(n)]
            state.folded = [rng.random() < 0.3 for _ in range(n)]
            state.carried = rng.choice((0, 0, 3, 10))
            live = [s for s in state.seats if not state.folded[s]]
            shapes.add((min(len(live), 3), len({state.contrib[s] for s in live})))
            assert state.view(None)["pots"] == plain_pots_view(state), (state.contrib, live)
    assert {(2, 1), (2, 2), (3, 1), (3, 2), (3, 3)} <= shapes


def test_a_hand_s_draws_read_one_by_one_are_the_listed_ones() -> None:
    codec = GAME._codec(PokerItalianoConfig())  # type: ignore[attr-defined]
    for hand in random_hands(6, 500):
        read = DrawsOfHand(hand, codec._draw_cache)
        listed = codec.draws_of(hand)
        assert len(read) == len(listed) == 31
        assert [read[i] for i in range(31)] == listed
        assert list(read) == listed and read[3:9] == listed[3:9]
        assert codec.draws_read(hand) is listed  # kept now: the list itself


def plain_betting(state: PokerItalianoState) -> list[Action] | None:
    """The betting moves as first listed, from the amounts' public methods (None: not betting)."""
    s, mode = state.current_player, state.mode
    if state.phase_name in ("blinds", "draw"):
        return None
    if mode == "open":
        opening = opens(state.hands[s], state.deck_size, state.min_pair)
        return [PASS, *(Open(a) for a in state.open_amounts(s))] if opening else [PASS]
    if mode == "second":
        return [PAROLA, *(Bet(a) for a in state.bet_amounts(s)), PASS]
    if mode == "call_only":
        return [FOLD, CALL]
    raises = [Raise(a) for a in state.raise_amounts(s)]
    return [STAY, *raises] if mode == "stay" else [FOLD, CALL, *raises]


def test_listed_actions_are_the_legal_actions_in_order() -> None:
    """The listings made once and shared (betting tuples by mode and bounds, whatever the
    config) and what a random rollout reads (a hand's draws one by one): at every decision of
    random matches of several configs played in turn, the very moves of ``legal_actions``, and
    the betting ones those the amounts give."""
    configs = [
        {}, {"bet_menu": "all"}, {"raise_limit": "none", "open_exact_pot": True},
        {"raise_limit": "none", "bet_menu": "all", "cip": 2},
    ]
    checked = 0
    for players in (3, 4, 5, 6):
        for seed in range(12):
            extra = configs[seed % len(configs)]
            config = PokerItalianoConfig(players=players, max_hands=12, **extra)  # type: ignore[arg-type]
            rng = random.Random(100 + seed)
            state: PokerItalianoState = GAME.new_match(config)  # type: ignore[assignment]
            for _ in decisions(state, rng):
                listed = state.listed_actions()
                legal = state.legal_actions()
                assert len(listed) == len(legal)
                assert all(a is b for a, b in zip(listed, legal, strict=True))
                plain = plain_betting(state)
                assert plain is None or plain == legal
                checked += 1
    assert checked > 2000
