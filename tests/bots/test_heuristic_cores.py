"""The heuristics' fast cores answer what their plain definitions answer: Burraco's hand
counted once (:class:`HandShape`) against the pass over the hand, novantanove's bid with the
higher cards counted once and each suit's terms kept against :func:`estimate` per choice."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from mazzo.engine import Turn, get_game
from mazzo.games.burraco.bots import HandShape, MeldFacts, connects, fits_meld
from mazzo.games.burraco.melds import is_wild
from mazzo.games.burraco.state import BurracoState
from mazzo.games.novantanove.bots import Table, _code, choose_bid, estimate

#: thousands of random hands checked against the plain definitions
pytestmark = pytest.mark.soak


def _plain_meldable(c: object, hand: list, mine: list[MeldFacts]) -> bool:  # type: ignore[type-arg]
    """The heuristic's first definition: one pass over the hand per card asked."""
    rank, suit = (lambda x: int(x) & 15), (lambda x: (int(x) >> 4) & 15)
    if is_wild(c):  # type: ignore[arg-type]
        return True
    if any(fits_meld(c, m) for m in mine):  # type: ignore[arg-type]
        return True
    wild = any(is_wild(o) for o in hand)
    same = sum(1 for o in hand if not is_wild(o) and rank(o) == rank(c))
    if same >= 2 or (same >= 1 and wild):
        return True
    near = {rank(o) for o in hand if not is_wild(o) and suit(o) == suit(c)}
    r = rank(c)
    if {r - 1, r + 1} <= near or {r + 1, r + 2} <= near or {r - 2, r - 1} <= near:
        return True
    return wild and bool(near & {r - 2, r - 1, r + 1, r + 2})


def _decisions(game_id: str, matches: int) -> list:  # type: ignore[type-arg]
    game = get_game(game_id)
    found = []
    for m in range(matches):
        rng = random.Random(m)
        bot = game.bots()["heuristic"](m)
        state = game.new_match(game.config_class())
        while not state.is_terminal and len(found) < 800 * (m + 1):
            if state.is_chance:
                state.apply(state.sample_chance(rng))
                continue
            seat = state.current_player
            legal = state.legal_actions()
            found.append(state.clone())
            state.apply(bot.act(Turn(seat, state.view(seat), legal, rng, state)))
    return found


def test_burraco_hand_shape_is_the_pass_over_the_hand() -> None:
    asked = 0
    for state in _decisions("burraco", 2):
        assert isinstance(state, BurracoState)
        hand = state.hands[state.current_player]
        side = state.side_of[state.current_player]
        mine = [(m.run, m.key, m.lo, len(m.cards), m.wild) for m in state.melds[side]]
        shape = HandShape(hand)
        for c in hand:
            assert shape.connects(c) == connects(c, hand)
        for c in [*state.pile, *state.stock[:10]]:
            assert shape.meldable(c, mine) == _plain_meldable(c, hand, mine)
            asked += 1
    assert asked > 2000


def test_novantanove_bid_is_the_best_estimate_per_choice() -> None:
    compared = 0
    for state in _decisions("novantanove", 3):
        if state.phase != "bid":
            continue
        seat = state.current_player
        table = Table(state.view(seat))
        laid = table.my_bid_cards
        best, best_score = [], float("inf")
        for extra in combinations(table.hand, 3 - len(laid)):
            chosen = laid + list(extra)
            kept = [c for c in table.hand if c not in extra]
            expected, var = estimate(table, kept, chosen)
            score = abs(expected - sum(_code(table, c) for c in chosen)) + 1.0 * var
            if score < best_score:
                best, best_score = chosen, score
        assert choose_bid(table) == (best, best_score)
        compared += 1
    assert compared > 50


def test_nebraska_promotion_gain_is_the_utility_difference() -> None:
    """``promotion_gain`` (the table worked out once per decision) gives, for every variant,
    exactly ``utility(hand, common + [candidate]) - utility(hand, common)``."""
    from mazzo.games.nebraska.actions import DECK
    from mazzo.games.nebraska.bots import promotion_gain, utility

    rng = random.Random(5)
    for _ in range(3000):
        cards = rng.sample(DECK, 14)
        common, candidate = cards[:rng.randrange(0, 6)], cards[6]
        hand = cards[7:7 + rng.randrange(1, 8)]
        for variant in ("family", "expert", "poker"):
            gain = promotion_gain(variant, common, candidate)
            assert gain(hand) == (utility(variant, hand, common + [candidate])
                                  - utility(variant, hand, common))


def test_nebraska_bid_loss_is_the_utility_difference() -> None:
    """``bid_loss`` gives, for every variant and card of the hand, exactly
    ``utility(hand, common) - utility(hand without the card, common)``."""
    from mazzo.games.nebraska.actions import DECK
    from mazzo.games.nebraska.bots import bid_loss, utility

    rng = random.Random(6)
    for _ in range(2000):
        cards = rng.sample(DECK, 14)
        common = cards[:rng.randrange(0, 6)]
        hand = cards[6:6 + rng.randrange(1, 8)]
        for variant in ("family", "expert", "poker"):
            loss = bid_loss(variant, hand, common)
            for card in hand:
                rest = [c for c in hand if c != card]
                assert loss(card) == (utility(variant, hand, common)
                                      - utility(variant, rest, common))
