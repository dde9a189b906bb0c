"""The worlds cribbage's ``determinize`` draws follow the law its docstring states: uniform over
the deals that keep every public fact (the counts, every go bound, a playable card for the seat
the play waits on), whatever draws make them (issue 17, eighth ISMCTS pass: only the hidden
hands and crib cards are drawn, no longer a shuffle of the whole pool).

On small positions the exact law is enumerated — every hand the other seat may hold, each
equally likely, and the hidden crib cards uniform among the rest — and many drawn worlds are
held to it by a chi-square test (fixed seeds, so the test is deterministic; the bound is a
p-value of about 1e-6). Worlds also depend only on what the seat can see: a world drawn from
another world consistent with the view is the same, draw for draw."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Hashable
from itertools import combinations

import pytest
from cribbage_helpers import go_state, new_hand, play

from mazzo.engine import CHANCE, TERMINAL
from mazzo.engine.chance import CanonicalRandom, take
from mazzo.games.cribbage import GAME
from mazzo.games.cribbage.actions import DECK
from mazzo.games.cribbage.config import CribbageConfig
from mazzo.games.cribbage.state import VAL, CribbageState
from mazzo.games.cribbage.worlds import due_to_play

TWO = CribbageConfig(games_to_win=1)
DRAWS = 20_000


def _chi_square_z(observed: Counter[Hashable], expected: dict[Hashable, float]) -> float:
    """The chi-square statistic of ``observed`` against ``expected`` (probabilities), as a
    standard normal deviate (Wilson–Hilferty); a drawn outcome outside the law fails at once."""
    assert set(observed) <= set(expected), set(observed) - set(expected)
    total = sum(observed.values())
    stat = sum((observed[k] - total * p) ** 2 / (total * p) for k, p in expected.items())
    dof = len(expected) - 1
    return ((stat / dof) ** (1 / 3) - (1 - 2 / (9 * dof))) / math.sqrt(2 / (9 * dof))


def _card_z(observed: Counter[Hashable], expected: dict[Hashable, float]) -> float:
    """The largest deviation, in standard deviations, of how often one card is drawn into the
    outcome (a hand, the hidden crib cards) from its exact chance: the marginals, where a bias
    towards some cards shows with far fewer draws than in the joint chi-square."""
    total = sum(observed.values())
    cards = {c for k in expected for c in k}  # type: ignore[attr-defined]
    worst = 0.0
    for card in cards:
        p = sum(q for k, q in expected.items() if card in k)  # type: ignore[operator]
        seen = sum(n for k, n in observed.items() if card in k)  # type: ignore[operator]
        if 0 < p < 1:
            worst = max(worst, abs(seen - total * p) / math.sqrt(total * p * (1 - p)))
    return worst


def _exact_law(state: CribbageState, seat: int) -> tuple[dict[Hashable, float],
                                                         dict[Hashable, float]]:
    """Two seats: the exact law of the other seat's hand and of the hidden crib cards."""
    other = 1 - seat
    unseen = sorted(set(DECK) - set(state.hands[seat]) - {c for cs in state.laid for c in cs}
                    - {state.starter} - {c for c, o in zip(state.crib, state.crib_owner,
                                                            strict=True) if o == seat})
    low, room = state.go_min[other], 31 - state.count
    due = due_to_play(state) == other
    hands = [frozenset(h) for h in combinations(unseen, len(state.hands[other]))
             if all(VAL[c] >= low for c in h) and (not due or any(VAL[c] <= room for c in h))]
    hand_law: dict[Hashable, float] = dict.fromkeys(hands, 1 / len(hands))
    hidden = sum(o == other for o in state.crib_owner)
    crib_law: dict[Hashable, float] = {}
    for hand in hands:
        rest = [c for c in unseen if c not in hand]
        for crib in combinations(rest, hidden):
            key = frozenset(crib)
            crib_law[key] = crib_law.get(key, 0.0) + 1 / len(hands) / math.comb(len(rest), hidden)
    return hand_law, crib_law


def _drawn(state: CribbageState, seat: int, seed: int) -> tuple[Counter[Hashable],
                                                              Counter[Hashable]]:
    rng = CanonicalRandom(seed)  # one generator for all, as a search draws its worlds
    hands: Counter[Hashable] = Counter()
    cribs: Counter[Hashable] = Counter()
    other = 1 - seat
    for _ in range(DRAWS):
        world = state.determinize(seat, rng)
        hands[frozenset(world.hands[other])] += 1
        cribs[frozenset(c for c, o in zip(world.crib, world.crib_owner, strict=True)
                        if o == other)] += 1
        assert sorted(world.cards_in_play()) == sorted(state.cards_in_play())
        assert len(world.stock) == len(state.stock)
    return hands, cribs


def _ace_to_play() -> CribbageState:
    # 30, the pone's go (go_min 2), the dealer must hold one of three unseen aces
    state = new_hand(TWO, 0, {1: "KC 9C QC JC 2D 3D", 0: "KD AS AH QD 4S 4H"},
                     {1: "2D 3D", 0: "4S 4H"}, starter="5S")
    play(state, ["KC", "KD", "9C", "AS"])
    return state


def _one_card_each() -> CribbageState:
    # three plays each, no go: one card left in each hand, nothing bounds the other's
    state = new_hand(TWO, 0, {1: "AC 2C 3C 4C 5D 6D", 0: "AH 2H 3H 4H 5S 6S"},
                     {1: "5D 6D", 0: "5S 6S"}, starter="KS")
    play(state, ["AC", "AH", "2C", "2H", "3C", "3H"])
    return state


CASES = {
    "go bound on the other hand": (go_state, 0),
    "the seat the play waits on holds a playable card": (go_state, 1),
    "rare playable deals (room 1)": (_ace_to_play, 1),
    "go bound while the seat itself moves": (_ace_to_play, 0),
    "unbounded one-card hand": (_one_card_each, 0),
}


@pytest.mark.statistical
@pytest.mark.parametrize("case", sorted(CASES))
def test_worlds_are_uniform_over_the_deals_keeping_every_public_fact(case: str) -> None:
    make, seat = CASES[case]
    state = make()
    hand_law, crib_law = _exact_law(state, seat)
    hands, cribs = _drawn(state, seat, seed=17)
    assert _chi_square_z(hands, hand_law) < 4.75, case
    assert _chi_square_z(cribs, crib_law) < 4.75, case
    assert _card_z(hands, hand_law) < 5, case
    assert _card_z(cribs, crib_law) < 5, case


def test_the_chi_square_sees_a_biased_law() -> None:
    # the test's power: on the go position, hands holding one given card made a quarter more
    # likely (a bias like the fallback's, but on every draw) fail the marginal test at the
    # same number of draws
    state = go_state()
    hand_law, _ = _exact_law(state, 0)
    keys = list(hand_law)
    favoured = min(keys[0])
    rng = random.Random(3)
    weights = [1.25 if favoured in k else 1.0 for k in keys]
    biased = Counter(rng.choices(keys, weights, k=DRAWS))
    fair = Counter(rng.choices(keys, k=DRAWS))
    assert _chi_square_z(fair, hand_law) < 4.75 and _card_z(fair, hand_law) < 5
    assert _card_z(biased, hand_law) > 5


def _positions(players: int, seed: int) -> list[CribbageState]:
    rng = random.Random(seed)
    state = GAME.new_match(CribbageConfig(players=players, target=61, games_to_win=1))
    found = []
    while state.current_player != TERMINAL and len(found) < 60:
        if state.current_player == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        found.append(state.clone())
        legal = state.legal_actions()
        state.apply(legal[rng.randrange(len(legal))])
    return found


@pytest.mark.parametrize("players", [2, 3, 4])
def test_worlds_depend_only_on_what_the_seat_sees(players: int) -> None:
    for p, state in enumerate(_positions(players, 40 + players)):
        for seat in range(players):
            other = state.determinize(seat, random.Random(p))  # the same view, other cards
            assert other.view(seat) == state.view(seat)
            for rng_class in (CanonicalRandom, random.Random):
                a, b = rng_class(p * 5 + seat), rng_class(p * 5 + seat)
                first, second = state.determinize(seat, a), other.determinize(seat, b)
                assert first.hands == second.hands and first.crib == second.crib
                assert first.stock == second.stock and a.getstate() == b.getstate()


@pytest.mark.parametrize("rng_class", [random.Random, CanonicalRandom])
def test_take_draws_as_randrange(rng_class: type[random.Random]) -> None:
    for n in (1, 2, 7, 40, 300, 600):
        for k in sorted({0, 1, n // 2, n}):
            items = list(range(n))
            a, b = rng_class(n * 31 + k), rng_class(n * 31 + k)
            got = take(items, k, a)
            ref = list(range(n))
            for i in range(n - 1, n - 1 - k, -1):
                j = b.randrange(i + 1)
                ref[i], ref[j] = ref[j], ref[i]
            assert got == ref[n - k:] and items == ref[:n - k]
            assert a.getstate() == b.getstate()
    with pytest.raises(ValueError):
        take([1, 2], 3, random.Random(0))
