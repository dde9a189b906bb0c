"""Poker's ``partita``: a deal's end valued by the chance to win the match (issue 16)."""

from __future__ import annotations

import random
import time
from types import SimpleNamespace

import pytest

from mazzo.bots.levels import bot_names, describe_search, make_agent
from mazzo.engine import Turn
from mazzo.games.poker_italiano import GAME
from mazzo.games.poker_italiano.actions import Open
from mazzo.games.poker_italiano.expert import (
    MatchExpert,
    MatchPlayer,
    TeamMatchPlayer,
    deal_end_stacks,
    deals_left,
)
from mazzo.games.poker_italiano.match_value import DEAL_SD, alternate_team, win_probability
from mazzo.games.poker_italiano.state import PokerItalianoState

ALIVE = [True] * 4


def simulated(stacks: list[float], alive: list[bool], team: tuple[int, ...], deals: float,
              samples: int = 40_000) -> float:
    """The same probability by sampling the final stacks (the model's own assumptions)."""
    rng = random.Random(5)
    spread = DEAL_SD * deals ** 0.5
    won = 0.0
    for _ in range(samples):
        final = [max(0.0, s + rng.gauss(0.0, spread)) if a else s
                 for s, a in zip(stacks, alive, strict=True)]
        mine = max(final[s] for s in team)
        theirs = max(f for s, f in enumerate(final) if s not in team)
        won += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
    return won / samples


def test_equal_stacks_give_each_side_its_share() -> None:
    assert win_probability([200] * 4, ALIVE, (0, 2), 9) == pytest.approx(0.5, abs=0.005)
    assert win_probability([200] * 4, ALIVE, (1,), 9) == pytest.approx(0.25, abs=0.005)


@pytest.mark.statistical
@pytest.mark.parametrize(("stacks", "alive", "team", "deals"), [
    ([250, 200, 200, 150], ALIVE, (0, 2), 9),
    ([100, 300, 160, 240], ALIVE, (0, 2), 3),
    ([0, 400, 300, 100], [False, True, True, True], (0, 2), 3),
    ([120, 180, 90, 410], ALIVE, (3,), 5),
    ([30, 200, 370, 200], ALIVE, (0,), 2),
])
def test_the_integral_matches_a_simulation(stacks: list[float], alive: list[bool],
                                           team: tuple[int, ...], deals: int) -> None:
    exact = win_probability(stacks, alive, team, deals)
    assert exact == pytest.approx(simulated(stacks, alive, team, deals), abs=0.012)


def test_with_no_deal_left_the_stacks_decide_and_a_level_best_counts_half() -> None:
    assert win_probability([250, 200, 100, 150], ALIVE, (0, 2), 0) == 1.0
    assert win_probability([150, 250, 100, 200], ALIVE, (0, 2), 0) == 0.0
    assert win_probability([250, 250, 100, 100], ALIVE, (0, 2), 0) == 0.5


def test_more_chips_help_and_time_helps_only_the_side_behind() -> None:
    low = win_probability([180, 220, 200, 200], ALIVE, (0, 2), 4)
    high = win_probability([220, 180, 200, 200], ALIVE, (0, 2), 4)
    assert low < 0.5 < high
    # the side behind wants the deals (the variance) left; the side ahead wants them over
    behind = [win_probability([150, 260, 150, 240], ALIVE, (0, 2), d) for d in (1, 4, 9)]
    ahead = [win_probability([260, 150, 240, 150], ALIVE, (0, 2), d) for d in (1, 4, 9)]
    assert behind == sorted(behind) and ahead == sorted(ahead, reverse=True)


def test_a_seat_gone_broke_stays_at_zero() -> None:
    # the partner is broke: the side is its one live seat against two
    assert win_probability([0, 200, 400, 200], [False, True, True, True], (0, 2), 5) == (
        pytest.approx(win_probability([0, 200, 400, 200], ALIVE, (2,), 5), abs=0.02))
    assert win_probability([0, 400, 0, 400], [False, True, False, True], (0, 2), 5) < 1e-9


def test_alternate_seats_are_a_side_only_with_an_even_table() -> None:
    assert alternate_team(1, 4) == (1, 3)
    assert alternate_team(2, 6) == (0, 2, 4)
    assert alternate_team(2, 5) == (2,)


def test_a_deal_end_keeps_every_chip_and_counts_the_deals_left(pi: SimpleNamespace) -> None:
    st: PokerItalianoState = pi.start(max_hands=10)
    pi.deal(st, {1: "AH AD AC 7S 8H", 2: "9H 9D 8C JS KC", 3: "KH KD KS 7C 8D"})
    deal = st.hand_number
    rng = random.Random(3)
    while st.hand_number == deal and not st.is_terminal:
        if st.is_chance:
            st.apply(st.sample_chance(rng))
        else:
            st.apply(st.legal_actions()[0])
    stacks = deal_end_stacks(st, deal)
    assert sum(stacks) == pytest.approx(4 * st.config.stack)
    assert deals_left(st, deal) == 10 - deal


@pytest.mark.statistical
def test_partita_values_moves_as_probabilities_and_is_quick(pi: SimpleNamespace) -> None:
    st: PokerItalianoState = pi.start(max_hands=10)
    pi.deal(st, {1: "AH AD AC 7S 8H", 2: "9H 9D 8C JS KC", 3: "KH KD KS 7C 8D"})
    pi.play(st, Open(st.pot))
    seat = st.current_player
    # about 0.05 s of CPU each and the esperto (four times the worlds) about 0.3 s on a quiet core;
    # a loaded CI machine measured 1.3 s for the esperto, so the bound is 3 s: it still catches a
    # search that lost its cut-off (tens of seconds), not a busy neighbour
    for player in (MatchPlayer(seed=4), TeamMatchPlayer(seed=4), make_agent(GAME, "esperto", 4)):
        start = time.process_time()
        move = player.act(Turn(seat, st.view(seat), st.legal_actions(), random.Random(0), st))
        assert move in st.legal_actions()
        values = player.last_values  # type: ignore[attr-defined]
        assert values and all(0.0 <= v <= 1.0 for v in values.values())
        assert time.process_time() - start < 3.0


def test_partita_names() -> None:
    assert {"partita", "partita2"} <= set(bot_names(GAME))
    # the experiments measured once (docs/strength.md keeps their rows) are no bots to pick
    assert not {"esperto48", "partita58"} & set(bot_names(GAME))
    assert make_agent(GAME, "partita", 1).team == "alone"  # type: ignore[attr-defined]
    assert make_agent(GAME, "partita2", 1).team == "alternate"  # type: ignore[attr-defined]
    assert "chance to win the match" in describe_search(GAME, "partita")
    esperto = make_agent(GAME, "esperto", 1)
    assert esperto.name == "esperto" and isinstance(esperto, MatchExpert)
    assert (esperto.worlds, esperto.pool) == (192, 960)  # four times partita's (48, 240)
    assert not esperto.memory  # reads only its view, as every level
    assert MatchPlayer(deal_sd=58.0).deal_sd == 58.0  # the swing is a parameter, not a bot
    with pytest.raises(ValueError):
        MatchPlayer(team="everyone")


@pytest.mark.soak
def test_the_esperto_plays_the_same_kept_or_rebuilt_between_moves() -> None:
    """The esperto (MatchExpert) reads only its view: one bot kept through a match and a bot
    built afresh for each move with the same generator state choose the same moves, as the
    server (a bot per move) and a resumed match need; partita, which remembers the match,
    ends up with another model of the table."""
    from mazzo.engine import CHANCE, TERMINAL
    from mazzo.games.poker_italiano.expert import MatchExpert

    state = GAME.new_match(GAME.config(max_hands=3))
    rng = random.Random(3)
    medio = make_agent(GAME, "medio", 5)
    # a quarter of its worlds, as partita's: the test is about its memory, not its worlds
    kept, remembering = MatchExpert(seed=7, pool=240, worlds=48), MatchPlayer(seed=7)
    compared = 0
    while state.current_player != TERMINAL:
        seat = state.current_player
        if seat == CHANCE:
            state.apply(state.sample_chance(rng))
            continue
        turn = Turn(seat, state.view(seat), state.legal_actions(), rng, state)
        if seat != 0:
            state.apply(medio.act(turn))
            continue
        fresh = MatchExpert(seed=7, pool=240, worlds=48)
        fresh.rng.setstate(kept.rng.getstate())
        move = kept.act(turn)
        assert fresh.act(turn) == move
        assert kept.model is not None and fresh.model is not None
        assert [s.counts for s in kept.model.stats] == [s.counts for s in fresh.model.stats]
        remembering.act(turn)
        compared += 1
        state.apply(move)
    assert compared > 5
    assert remembering.model is not None and kept.model is not None
    assert [s.counts for s in remembering.model.stats] != [s.counts for s in kept.model.stats]
    assert make_agent(GAME, "esperto", 1).name == "esperto"
