"""The search's fast paths draw exactly what the plain code draws: same rollouts, same tree,
same move for a seed (the levels' seeded tournaments depend on it)."""

from __future__ import annotations

import random

import pytest

from mazzo.bots.ismcts import (
    CanonicalRandom,
    ISMCTSAgent,
    _random_rollout,
    _rollout,
    _standard_draws,
    random_policy,
)
from mazzo.engine import State, Turn, get_game
from mazzo.engine.game import Action
from playout import decisions, random_move


def test_canonical_shuffle_still_sorts_first_and_accepts_unsortable_items() -> None:
    one, two = CanonicalRandom(3), CanonicalRandom(3)
    a, b = [5, 1, 4, 2, 3], [3, 2, 1, 5, 4]
    one.shuffle(a)
    two.shuffle(b)
    assert a == b
    mixed: list[object] = [1, "a", None, 2.5]
    CanonicalRandom(1).shuffle(mixed)
    assert sorted(map(repr, mixed)) == sorted(map(repr, [1, "a", None, 2.5]))


class _OwnBits(CanonicalRandom):
    """A generator with its own ``getrandbits``: inlining ``randrange`` would change its draws."""

    def getrandbits(self, k: int) -> int:
        return super().getrandbits(k) ^ 1 if k > 1 else super().getrandbits(k)


def test_only_the_standard_generator_takes_the_inlined_draws() -> None:
    assert _standard_draws(CanonicalRandom(1)) and _standard_draws(random.Random(1))
    assert not _standard_draws(_OwnBits(1))
    assert not _standard_draws(random.SystemRandom())


def _decision(game_id: str, skip: int, seed: int = 4) -> State:
    """A state ``skip`` decisions into a random match of the game's default config."""
    game = get_game(game_id)
    rng = random.Random(seed)
    seen = 0
    for state in decisions(game.new_match(game.config_class()), rng):
        if len(state.legal_actions()) > 1:
            if seen == skip:
                return state
            seen += 1
    raise AssertionError("the match ended first")


@pytest.mark.parametrize("game_id", ["nebraska", "novantanove", "cribbage", "poker_italiano"])
def test_inlined_random_rollout_plays_the_policy_moves(game_id: str) -> None:
    for skip in (0, 5):
        start = _decision(game_id, skip)
        fast, plain = start.clone(), start.clone()
        rng_fast, rng_plain = CanonicalRandom(skip), CanonicalRandom(skip)
        stop = start.hand_number + 1
        _random_rollout(fast, stop, 100_000, rng_fast)
        _rollout(plain, stop, 100_000, random_policy, rng_plain)
        assert fast.history == plain.history
        assert rng_fast.getstate() == rng_plain.getstate()


def _plain_random(state: State, rng: random.Random) -> Action:
    """The random policy under another name: the search takes its generic path."""
    return random_policy(state, rng)


@pytest.mark.parametrize("game_id", ["nebraska", "novantanove", "cribbage"])
@pytest.mark.parametrize("opponents", ["tree", "policy"])
def test_fast_search_builds_the_plain_tree(game_id: str, opponents: str) -> None:
    state = _decision(game_id, 3)
    seat = state.current_player
    roots = []
    for rollout in ("random", _plain_random):
        turn = Turn(seat, state.view(seat), state.legal_actions(), random.Random(0), state)
        bot = ISMCTSAgent(1, iterations=150, rollout=rollout, opponents=opponents)
        root = bot.search(turn, CanonicalRandom(77), 0.0)
        roots.append({a: (c.visits, c.avail, c.total, c.squares) for a, c in root.children.items()})
    assert roots[0] == roots[1]
    assert sum(v[0] for v in roots[0].values()) == 150


def test_profile_learns_which_chance_nodes_begin_a_hand() -> None:
    from mazzo.bots.ismcts import score_profile

    nebraska, cribbage = get_game("nebraska"), get_game("cribbage")
    # Nebraska counts a hand from its deal; cribbage from the end of the last one
    assert score_profile(nebraska, nebraska.config_class()).hand_starts == {"deal"}
    assert score_profile(cribbage, cribbage.config_class()).hand_starts == frozenset()


def test_rollout_stops_before_the_next_deal_with_the_same_value() -> None:
    from mazzo.bots.ismcts import score_profile

    game = get_game("nebraska")
    starts = score_profile(game, game.config_class()).hand_starts
    for skip in range(0, 40, 7):
        start = _decision("nebraska", skip, seed=skip)
        stop = start.hand_number + 1
        short, full = start.clone(), start.clone()
        _random_rollout(short, stop, 100_000, CanonicalRandom(skip), starts)
        _random_rollout(full, stop, 100_000, CanonicalRandom(skip))
        if full.is_terminal:
            assert short.is_terminal
            continue
        assert short.is_chance and short.phase == "deal" and short.hand_number == stop - 1
        assert full.hand_number == stop and full.history[:-1] == short.history
        assert short.scores() == full.scores()


@pytest.mark.parametrize("game_id", ["nebraska", "novantanove", "poker_italiano", "cribbage",
                                     "burraco"])
def test_trusted_apply_plays_as_the_checked_apply(game_id: str) -> None:
    """Moves from the state's own lists played unchecked leave the very state, events and
    history the checked ``apply`` leaves; games with their own ``apply`` keep it."""
    from mazzo.bots.ismcts import trusted_apply

    game = get_game(game_id)
    for seed in range(3):
        rng = random.Random(seed)
        checked = game.new_match(game.config_class())
        trusted = checked.clone()
        fast = trusted_apply(trusted)
        if type(checked).apply is not State.apply:
            assert fast == trusted.apply
        for _ in range(600):
            if checked.is_terminal:
                break
            action = random_move(checked, rng)
            checked.apply(action)
            fast(action)
            assert trusted.history == checked.history
            assert trusted.events == checked.events
            assert trusted.view(None) == checked.view(None)
            seat = max(checked.current_player, 0)
            assert trusted.view(seat) == checked.view(seat)
