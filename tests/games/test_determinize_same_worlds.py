"""The faster ``_determinize`` of cribbage, Nebraska, novantanove and poker draws exactly the
worlds the code before it drew (issue 17, sixth ISMCTS pass): on positions from random matches
of every test config, for every seat, with a CanonicalRandom (the search's) and a plain Random,
the same world (every seat's view, the cards in play in order, every public attribute) and the
same generator state afterwards. The code before is copied below, as it was on ``main`` at
acaa4fd (``rng.shuffle`` / ``rng.sample`` / ``rng.choices``, place by place), so that any later
change to the games' ``_determinize`` is held to the same worlds and draws. Cribbage's copy is
the eighth ISMCTS pass's (h-search8), which draws only the cards a world places: its worlds
changed then, on purpose, keeping their law."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest

from mazzo.engine import get_game
from mazzo.engine.chance import CanonicalRandom
from mazzo.engine.game import State
from mazzo.games.cribbage.actions import DECK
from mazzo.games.cribbage.scoring import VAL
from mazzo.games.cribbage.state import CribbageState
from mazzo.games.cribbage.worlds import _REDRAWS, due_to_play
from mazzo.games.nebraska.state import NebraskaState
from mazzo.games.novantanove.state import NovantanoveState
from mazzo.games.novantanove.worlds import _augment
from mazzo.games.poker_italiano import worlds as poker_worlds
from mazzo.games.poker_italiano.basics import HAND_SIZE
from mazzo.games.poker_italiano.scoring import opens
from mazzo.games.poker_italiano.state import PokerItalianoState
from mazzo.games.poker_italiano.worlds import OPENER_TRIES
from playout import decisions

#: worlds drawn at positions of random matches, against the code before
pytestmark = pytest.mark.soak

# --- the code before (main at acaa4fd), as functions of the state ------------------------------


def _old_cribbage(self: CribbageState, seat: int, rng: random.Random) -> CribbageState:
    # since the eighth ISMCTS pass (h-search8) only the hidden hands and crib cards are drawn
    # (a partial Fisher-Yates on the sorted pool, one ``rng.randrange`` per card placed), no
    # longer a shuffle of the whole pool: other draws, the same law
    # (tests/games/cribbage/test_cribbage_world_law.py); this is that code with plain randrange
    st = self.clone()
    hidden_crib = [] if self.crib_open else [
        i for i, owner in enumerate(self.crib_owner) if owner != seat
    ]
    others = [s for s in range(self.n) if s != seat]
    pool = [c for s in others for c in self.hands[s]]
    pool += [self.crib[i] for i in hidden_crib]
    pool += self.stock
    pool.sort()
    st.dealt = set(DECK)
    order = sorted(others, key=lambda s: -self.go_min[s])
    due = due_to_play(self)
    room = 31 - self.count
    if due not in others or all(VAL[c] > room for c in self.hands[due]):
        due = -1
    for _ in range(_REDRAWS):
        hands, rest = _old_deal_bounded(self, order, list(pool), {}, rng)
        if due < 0 or any(VAL[c] <= room for c in hands[due]):
            break
    else:
        low = self.go_min[due]
        first = min((c for c in pool if low <= VAL[c] <= room), key=lambda c: (VAL[c], c))
        hands, rest = _old_deal_bounded(self, order, [c for c in pool if c != first],
                                        {due: first}, rng)
    for s in others:
        st.hands[s] = hands[s]
    for i, card in zip(hidden_crib, _taken(rest, len(hidden_crib), rng), strict=True):
        st.crib[i] = card
    st.dealt.difference_update(rest)
    st.discards = [[c for c, o in zip(st.crib, st.crib_owner, strict=True) if o == s]
                   for s in range(self.n)]
    if self.kept[0]:
        st.kept = [tuple(sorted(st.hands[s] + st.laid[s])) for s in range(self.n)]
    return st


def _taken(pool: list[Any], k: int, rng: random.Random) -> list[Any]:
    n = len(pool)
    for i in range(n - 1, n - 1 - k, -1):
        j = rng.randrange(i + 1)
        pool[i], pool[j] = pool[j], pool[i]
    out = pool[n - k:]
    del pool[n - k:]
    return out


def _old_deal_bounded(self: CribbageState, order: list[int], pool: list[Any],
                      given: dict[int, Any], rng: random.Random) -> tuple[dict[int, list[Any]],
                                                                          list[Any]]:
    hands: dict[int, list[Any]] = {}
    for s in order:
        picked = [given[s]] if s in given else []
        size = len(self.hands[s]) - len(picked)
        low = self.go_min[s]
        if low:
            drawn = _taken([c for c in pool if VAL[c] >= low], size, rng)
            chosen = set(drawn)
            pool = [c for c in pool if c not in chosen]
        else:
            drawn = _taken(pool, size, rng)
        hands[s] = sorted(picked + drawn)
    return hands, pool


def _old_nebraska(self: NebraskaState, seat: int, rng: random.Random) -> NebraskaState:
    other = self.clone()
    if self.stage == "deal" or self.finished:
        return other
    n = self.num_players
    hidden_bid = self.stage == "bid"
    pool: list[Any] = list(self.stock)
    for s in range(n):
        if s == seat:
            continue
        pool.extend(self.hands[s])
        card = self.bids[s]
        if hidden_bid and card is not None:
            pool.append(card)
    rng.shuffle(pool)
    for s in range(n):
        if s == seat:
            continue
        size = len(self.hands[s])
        other.hands[s] = sorted(pool[-size:]) if size else []
        del pool[len(pool) - size:]
        if hidden_bid and self.bids[s] is not None:
            other.bids[s] = pool.pop()
        other.received[s] = []
    other.stock = pool
    return other


def _old_novantanove(self: NovantanoveState, seat: int, rng: random.Random) -> NovantanoveState:
    from mazzo.games.novantanove.stages import BID_STAGE, PLAY_STAGE, PREMIUM

    other = self.clone()
    if self.stage not in (BID_STAGE, PREMIUM, PLAY_STAGE):
        return other
    places: list[tuple[bool, int]] = []
    caps: list[int] = []
    voids: list[int] = []
    pool: list[Any] = []
    for h in range(self.nh):
        if not self.hand_visible(h, seat):
            places.append((True, h))
            caps.append(len(self.hands[h]))
            voids.append(self.voids[h])
            pool += self.hands[h]
        if not self.bid_visible(h, seat):
            places.append((False, h))
            caps.append(len(self.bids[h]))
            voids.append(0)
            pool += self.bids[h]
    dealt = _old_redeal(pool, caps, voids, self.suit_of, rng)
    for (is_hand, h), cards in zip(places, dealt, strict=True):
        if is_hand:
            other.hands[h] = sorted(cards)
        else:
            other.bids[h] = cards
    return other


def _old_redeal(pool: list[Any], caps: list[int], voids: list[int], suit_of: list[int],
                rng: random.Random) -> list[list[Any]]:
    cards = list(pool)
    rng.shuffle(cards)
    out: list[list[Any]] = [[] for _ in caps]
    if not any(voids):
        start = 0
        for i, cap in enumerate(caps):
            out[i] = cards[start: start + cap]
            start += cap
        return out
    allowed = {c: [i for i, v in enumerate(voids) if not v >> suit_of[c] & 1] for c in cards}
    for c in cards:
        free = [i for i in allowed[c] if len(out[i]) < caps[i]]
        if free:
            weights = [caps[i] - len(out[i]) for i in free]
            out[rng.choices(free, weights)[0]].append(c)
        elif not _augment(c, out, caps, allowed, set()):
            raise RuntimeError("no deal is consistent with the known voids")
    return out


def _old_poker(self: PokerItalianoState, seat: int, rng: random.Random) -> PokerItalianoState:
    hidden = poker_worlds.hidden_cards(self, seat)
    mine = [c for c in self.discarded[seat] if c in hidden]
    opener = self.opener if self.opener not in (-1, seat) else -1
    pre: list[Any] = []
    if opener >= 0:
        pre = _old_opening_hand(self, [c for c in hidden if c not in mine], rng)
    taken = set(pre) | set(mine)
    rest = [c for c in hidden if c not in taken]
    rng.shuffle(rest)
    twin = self.clone()
    _old_redeal_poker(twin, seat, opener, pre, mine, rest, rng)
    return twin


def _old_opening_hand(self: PokerItalianoState, hidden: list[Any],
                      rng: random.Random) -> list[Any]:
    pre = rng.sample(hidden, HAND_SIZE)
    for _ in range(OPENER_TRIES):
        if opens(pre, self.deck_size, self.min_pair):
            break
        pre = rng.sample(hidden, HAND_SIZE)
    return pre


def _old_redeal_poker(self: PokerItalianoState, seat: int, opener: int, pre: list[Any],
                      mine: list[Any], rest: list[Any], rng: random.Random) -> None:
    moved = [(c, seat) for c in mine]
    if opener >= 0:
        keep = poker_worlds.kept(self, opener)
        self.hands[opener][:keep] = pre[:keep]
        moved += [(c, opener) for c in poker_worlds.place_discards(self, opener, pre[keep:])]
    places = poker_worlds.free_places(self, seat, opener)
    rest = rest + poker_worlds.place_reshuffled(self, places, moved, rng)
    for place, card in zip(places, rest, strict=True):
        poker_worlds.put_card(self, place, card)
    others = [s for s in range(self.n) if s not in (seat, opener) and self.draws[s] >= 0]
    for s in others:
        self.discarded[s] = []
    for s in others:
        _old_draw_discards(self, s, rng)


def _old_draw_discards(self: PokerItalianoState, seat: int, rng: random.Random) -> None:
    own = [c for c, o in self.pool if o == seat]
    missing = self.draws[seat] - len(own)
    if missing > 0:
        taken = {c for s in range(self.n) if s != seat for c in self.discarded[s]}
        spots = [c for c in self.stock if c not in taken]
        for s in range(self.n):
            if s != seat and self.draws[s] >= 0:
                spots += [c for c in self.hands[s][poker_worlds.kept(self, s):] if c not in taken]
        own += rng.sample(spots, min(missing, len(spots)))
    self.discarded[seat] = own


OLD: dict[str, Callable[[Any, int, random.Random], State]] = {
    "cribbage": _old_cribbage,
    "nebraska": _old_nebraska,
    "novantanove": _old_novantanove,
    "poker_italiano": _old_poker,
}
#: random matches per test config, and every how many decisions a position is taken
MATCHES = {"cribbage": 2, "nebraska": 2, "novantanove": 2, "poker_italiano": 3}
STRIDE = {"cribbage": 5, "nebraska": 25, "novantanove": 5, "poker_italiano": 5}
MIN_POSITIONS = 400

# --- the comparison ----------------------------------------------------------------------------


def _plain(value: Any) -> Any:
    """A value comparable with ==: lists and dicts through, objects with ``__slots__`` but no
    ``__eq__`` of their own (cribbage's Pending) as their slots."""
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    slots = getattr(type(value), "__slots__", None)
    if slots and type(value).__eq__ is object.__eq__:
        return {name: _plain(getattr(value, name, None)) for name in slots}
    return value


def _world(state: State) -> Any:
    """Everything about a drawn world: every seat's view and the spectator's, the cards in play
    in order (piles' orders included), the legal moves and every public attribute."""
    seats: list[int | None] = [*range(state.num_players), None]
    public = {k: _plain(v) for k, v in vars(state).items() if not k.startswith("_")}
    return ([state.view(s) for s in seats], state.cards_in_play(), state.legal_actions(),
            public)


def _positions(game_id: str) -> list[State]:
    game = get_game(game_id)
    found: list[State] = []
    for c, config in enumerate(game.test_configs()):
        for m in range(MATCHES[game_id]):
            rng = random.Random(1000 * c + m)
            for state in decisions(game.new_match(config), rng, limit=3000):
                move = len(state.history) + 1  # its number in the match, chance moves counted
                if move % STRIDE[game_id] == 0:
                    found.append(state.clone())
    return found


@pytest.mark.parametrize("game_id", sorted(OLD))
def test_determinize_draws_the_worlds_it_drew_before(game_id: str) -> None:
    old = OLD[game_id]
    positions = _positions(game_id)
    compared = 0
    for p, state in enumerate(positions):
        for seat in range(state.num_players):
            for cls in (CanonicalRandom, random.Random):
                new_rng, old_rng = cls(p * 7 + seat), cls(p * 7 + seat)
                new = state._determinize(seat, new_rng)
                before = old(state.clone(), seat, old_rng)
                assert _world(new) == _world(before), (game_id, p, seat, cls)
                assert new_rng.getstate() == old_rng.getstate()
                compared += 1
    assert len(positions) >= MIN_POSITIONS, len(positions)


@pytest.mark.parametrize("game_id", sorted(OLD))
def test_the_world_sampler_draws_what_determinize_draws(game_id: str) -> None:
    """``world_sampler(seat)`` (worked out once, drawn from many times, as a search does) gives
    the worlds of as many ``determinize`` calls, draw for draw, and leaves the state as it was."""
    positions = _positions(game_id)[::3]
    for p, state in enumerate(positions):
        before = _world(state)
        for seat in range(state.num_players):
            sample = state.world_sampler(seat)
            for cls in (CanonicalRandom, random.Random):
                one_rng, many_rng = cls(p * 11 + seat), cls(p * 11 + seat)
                for _ in range(3):
                    assert _world(sample(many_rng)) == _world(
                        state.determinize(seat, one_rng)), (game_id, p, seat, cls)
                    assert many_rng.getstate() == one_rng.getstate()
        assert _world(state) == before
    assert positions
