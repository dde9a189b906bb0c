"""The search's shortcuts in novantanove draw what their plain definitions draw: a seat's worlds
(``world_sampler``, worked out once) are ``determinize``'s, redealt place by place as the plain
algorithm does, and ``redeal``'s inlined weighted draw is ``Random.choices``'s. (The rollouts'
``random_moves`` is held against the engine's loop in ``tests/games/test_random_moves.py``.)"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest

from mazzo.cards import Card
from mazzo.games.novantanove import GAME
from mazzo.games.novantanove import state as novantanove_state
from mazzo.games.novantanove.actions import deck_for
from mazzo.games.novantanove.config import NovantanoveConfig
from mazzo.games.novantanove.state import NovantanoveState, redeal
from playout import play_randomly

SUIT_OF = [(i >> 4) & 15 for i in range(256)]


class _OwnChoices(random.Random):
    """A generator whose ``choices`` is its own (the same draws): ``redeal`` then calls it."""

    def choices(self, *args: Any, **kwargs: Any) -> list[Any]:
        return super().choices(*args, **kwargs)


def _plain_determinize(state: NovantanoveState, seat: int, rng: random.Random) -> tuple[Any, ...]:
    """The hidden places redealt as ``determinize`` defines it: every hand and bid pile the seat
    cannot see, in hand order, from their pooled cards (hands sorted)."""
    places: list[tuple[bool, int]] = []
    caps: list[int] = []
    voids: list[int] = []
    pool: list[Card] = []
    for h in range(state.nh):
        if not state.hand_visible(h, seat):
            places.append((True, h))
            caps.append(len(state.hands[h]))
            voids.append(state.voids[h])
            pool += state.hands[h]
        if not state.bid_visible(h, seat):
            places.append((False, h))
            caps.append(len(state.bids[h]))
            voids.append(0)
            pool += state.bids[h]
    hands = [list(h) for h in state.hands]
    bids = [list(b) for b in state.bids]
    for (is_hand, h), cards in zip(places, redeal(pool, caps, voids, state.suit_of, rng),
                                   strict=True):
        if is_hand:
            hands[h] = sorted(cards)
        else:
            bids[h] = cards
    return hands, bids


@pytest.mark.parametrize("config", GAME.test_configs(), ids=repr)
def test_world_sampler_draws_the_plain_worlds(config: NovantanoveConfig) -> None:
    rng = random.Random(31)
    looked = 0
    for match in range(6):
        state = GAME.new_match(config)
        assert isinstance(state, NovantanoveState)
        while not state.is_terminal and looked < 40:
            play_randomly(state, rng, until=lambda s: s.is_terminal or (
                s.current_player >= 0 and rng.random() < 0.1))
            if state.is_terminal:
                break
            seat = rng.randrange(state.num_players)
            sample = state.world_sampler(seat)
            for draw in range(3):  # one sampler, several worlds: the state is left unchanged
                seed = 1000 * match + 10 * looked + draw
                world = sample(random.Random(seed))
                assert (world.hands, world.bids) == _plain_determinize(
                    state, seat, random.Random(seed))
                assert world.history == []
                assert world.view(seat) == state.view(seat)
                again = state.determinize(seat, random.Random(seed))
                assert (again.hands, again.bids, again.history) == (world.hands, world.bids, [])
            looked += 1
    assert looked > 0


def _places(rng: random.Random, pack: Sequence[Card]) -> tuple[list[Card], list[int], list[int]]:
    """A pool dealt into random places, each void in a random set of suits it holds none of (so
    a consistent deal exists: the true one), often so many that cards must be moved back."""
    pool = rng.sample(list(pack), rng.randint(2, 26))
    caps: list[int] = []
    left = len(pool)
    while left:
        caps.append(min(left, rng.randint(1, 9)))
        left -= caps[-1]
    voids: list[int] = []
    start = 0
    for cap in caps:
        held = {SUIT_OF[c] for c in pool[start:start + cap]}
        voids.append(sum(1 << s for s in range(4) if s not in held and rng.random() < 0.8))
        start += cap
    return pool, caps, voids


def test_redeal_draws_as_random_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    augmented = []
    plain_augment = novantanove_state._augment

    def counted(*args: Any) -> bool:
        augmented.append(1)
        return plain_augment(*args)

    monkeypatch.setattr(novantanove_state, "_augment", counted)
    pack = deck_for(NovantanoveConfig(players=4))
    rng = random.Random(5)
    for seed in range(3000):
        pool, caps, voids = _places(rng, pack)
        ours = redeal(pool, caps, voids, SUIT_OF, random.Random(seed))
        assert ours == redeal(pool, caps, voids, SUIT_OF, _OwnChoices(seed))
        assert [len(cards) for cards in ours] == caps
        assert sorted(c for cards in ours for c in cards) == sorted(pool)
        for cards, void in zip(ours, voids, strict=True):
            assert not any(void >> SUIT_OF[c] & 1 for c in cards)
    assert len(augmented) > 50  # the inlined draw's room counts are made again after a move back
