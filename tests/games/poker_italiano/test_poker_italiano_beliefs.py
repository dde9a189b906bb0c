"""The opponent model of the search: clues read from the public log, and worlds weighted by them."""

from __future__ import annotations

import itertools
import random
import threading
from collections.abc import Iterator
from types import SimpleNamespace

import pytest

from mazzo.bots.ismcts import ISMCTSAgent
from mazzo.engine import CHANCE, TERMINAL, Turn
from mazzo.games.poker_italiano import GAME
from mazzo.games.poker_italiano import bots as poker_bots
from mazzo.games.poker_italiano.actions import CALL, FOLD, PASS, Draw, Open
from mazzo.games.poker_italiano.bots import (
    Clue,
    PokerHeuristic,
    likely_world,
    plausibility,
    read_clues,
)
from mazzo.games.poker_italiano.state import PokerItalianoState


def turn_of(state: PokerItalianoState, seed: int = 0) -> Turn:
    seat = state.current_player
    return Turn(seat, state.view(seat), state.legal_actions(), random.Random(seed), state)


def heuristic_decisions(seed: int, matches: int) -> Iterator[PokerItalianoState]:
    """Decisions with something to read (opponents acted this deal) in heuristic-played matches."""
    rng = random.Random(seed)
    for m in range(matches):
        state = GAME.new_match(GAME.config(players=4, max_hands=6))
        assert isinstance(state, PokerItalianoState)
        bots = [PokerHeuristic(10 * m + s) for s in range(4)]
        while state.current_player != TERMINAL:
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            turn = turn_of(state)
            if len(turn.legal) > 1 and read_clues(turn.view):
                yield state
            state.apply(bots[turn.seat].act(turn))


def test_clues_of_a_pass_an_open_and_a_draw(pi: SimpleNamespace) -> None:
    st: PokerItalianoState = pi.start()
    pi.deal(st, {1: "7H 9D JC QS AH", 2: "JH JD 7C 8S TC"})
    pi.play(st, PASS, Open(st.pot), CALL, FOLD, CALL)  # 1 passes, 2 opens the pot, 3 and 1 call
    for drawer in (1, 2):  # each changes three
        pi.play(st, Draw(tuple(sorted(st.hands[drawer][2:]))))
    seat = st.current_player
    assert seat == 3
    clues = read_clues(st.view(seat))
    assert Clue(1, "opens", 0, 1) in clues  # a passer could not open
    assert Clue(2, "pre", 0.45, float("inf")) in clues  # opening the whole pot: two pair or more
    assert Clue(2, "draw", 3, 4) in clues and Clue(1, "draw", 3, 4) in clues
    assert all(c.seat != 0 for c in clues)  # the dealer folded: nothing to read
    assert all(c.seat != seat for c in clues)


def test_the_heuristics_own_world_is_fully_plausible() -> None:
    """With the true cards every clue holds unless the heuristic bluffed."""
    weights = [
        plausibility(state, read_clues(state.view(state.current_player)))
        for state in heuristic_decisions(3, 4)
    ]
    assert weights
    assert sum(w == 1.0 for w in weights) / len(weights) > 0.9


def test_likely_worlds_honour_the_draw_counts_more_than_uniform_ones() -> None:
    honoured = {"likely": 0, "uniform": 0}
    checked = 0
    for state in heuristic_decisions(5, 6):
        seat = state.current_player
        drawers = [s for s in range(4) if s != seat and state.draws[s] >= 0
                   and not state.folded[s]]
        if not drawers:
            continue
        turn, rng = turn_of(state), random.Random(checked)
        for _ in range(40):
            for name, world in (("likely", likely_world(turn, rng)),
                                ("uniform", turn.sample_state(rng))):
                assert isinstance(world, PokerItalianoState)
                for s in drawers:
                    kept = PokerHeuristic.discards(world.pre_draw_hand(s), world.deck_size)
                    honoured[name] += len(kept) == world.draws[s]
        checked += 1
        if checked == 12:
            break
    assert checked == 12
    assert honoured["likely"] > 1.5 * honoured["uniform"]


@pytest.mark.soak
def test_search_with_beliefs_sees_nothing_hidden() -> None:
    """Same view, different hidden cards (true state and two redeals): the same move."""
    trials = 0
    for state in heuristic_decisions(11, 3):
        if trials == 4:
            break
        seat = state.current_player
        worlds = [state, state.determinize(seat, random.Random(1)),
                  state.determinize(seat, random.Random(2))]
        assert all(w.view(seat) == state.view(seat) for w in worlds)
        moves = {
            ISMCTSAgent(trials, iterations=60, rollout="heuristic", opponents="policy",
                        worlds=likely_world).act(turn_of(w, 5))
            for w in worlds
        }
        assert len(moves) == 1
        trials += 1
    assert trials == 4


def test_each_thread_keeps_the_beliefs_of_its_own_decision() -> None:
    first, second = itertools.islice(heuristic_decisions(3, 2), 2)
    mine, theirs = turn_of(first), turn_of(second)
    likely_world(mine, random.Random(1))
    kept = poker_bots._CURRENT.beliefs
    seen: list[object] = []

    def search_elsewhere() -> None:
        likely_world(theirs, random.Random(2))
        seen.append(poker_bots._CURRENT.beliefs)

    worker = threading.Thread(target=search_elsewhere)
    worker.start()
    worker.join()
    assert kept is not None and kept.turn is mine
    assert seen and seen[0] is not kept
    likely_world(mine, random.Random(3))
    assert poker_bots._CURRENT.beliefs is kept  # the other thread did not replace it
