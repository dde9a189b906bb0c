"""esperto's play to the board: the win table, the board discard and the searched play."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from typing import Any

import pytest

from mazzo.bots.levels import make_agent
from mazzo.cards import parse_card, parse_cards
from mazzo.engine.agent import Turn
from mazzo.engine.registry import get_game
from mazzo.games.cribbage import board_table as table
from mazzo.games.cribbage.actions import Discard, Play
from mazzo.games.cribbage.board import (
    TARGET,
    PlayPosition,
    _solve,
    peg_edge,
    rank_discards,
    sample_world,
    search_play,
    win_chance,
)
from mazzo.games.cribbage.bots import (
    OPPONENTS,
    CribbageExpert,
    CribbageHeuristic,
    CribbageReader,
    play_position,
)
from mazzo.games.cribbage.scoring import (
    DECK,
    VALUE,
    crib_expectation,
    discard_analysis,
    score_show,
    show_total,
)
from playout import decisions, play_randomly

GAME = get_game("cribbage")


# --- the table ----------------------------------------------------------------------------------


def test_the_table_is_a_probability_monotone_in_both_scores() -> None:
    win = table.WIN
    assert len(win) == TARGET and all(len(row) == TARGET for row in win)
    for a in range(TARGET):
        for b in range(TARGET):
            assert 0 <= win[a][b] <= table.SCALE
            if a + 1 < TARGET:
                assert win[a + 1][b] >= win[a][b], (a, b)  # more points never hurt
            if b + 1 < TARGET:
                assert win[a][b + 1] <= win[a][b], (a, b)  # nor do the opponent's help us


def test_the_table_at_the_ends_and_at_the_start() -> None:
    assert win_chance(TARGET, 0) == 1.0 and win_chance(TARGET, 120) == 1.0
    assert win_chance(0, TARGET) == 0.0 and win_chance(120, TARGET) == 0.0
    # the first dealer's edge: the published tables give about 56 %
    assert 0.54 < win_chance(0, 0) < 0.58
    # one point to go, against an opponent who needs the whole game: the dealer always scores
    assert win_chance(120, 0) > 0.999
    # an opponent far behind loses almost surely, whoever deals
    assert win_chance(0, 110) < 0.02 and 1 - win_chance(110, 0) < 0.02
    # equal scores far from the end: the dealer's crib is worth about 56 % again
    for score in (20, 40, 60):
        assert 0.52 < win_chance(score, score) < 0.60


def test_the_distributions_are_normalised() -> None:
    assert sum(p for _, _, p in table.PEG) == pytest.approx(1.0, abs=1e-4)
    for dist in (table.PONE_HAND, table.DEALER_HAND, table.CRIB):
        assert sum(dist) == pytest.approx(1.0, abs=1e-4)
        assert dist[19] == 0.0  # 19 is not a possible show
    # the sensitivity: more points per deal, more games
    chances = [c for _, c in table.EDGE_TO_WIN]
    assert chances == sorted(chances)


def test_fast_show_total_match_the_scoring_module() -> None:
    rng = random.Random(3)
    for _ in range(500):
        hand = rng.sample(DECK, 4)
        starter = rng.choice([c for c in DECK if c not in hand])
        crib = rng.random() < 0.5
        assert show_total(hand, starter, crib) == score_show(hand, starter, crib=crib).total


# --- the discard --------------------------------------------------------------------------------


def _sure(keep: tuple[int, ...], hand: list[int], need: int) -> float:
    """The share of starters with which ``keep`` shows at least ``need``."""
    unseen = [c for c in DECK if c not in hand]
    return sum(show_total(keep, s) >= need for s in unseen) / len(unseen)


def test_at_the_start_the_board_discard_is_medio_s() -> None:
    rng = random.Random(11)
    for i in range(12):
        hand = rng.sample(DECK, 6)
        dealer = i % 2 == 0
        board = rank_discards(hand, 0, 0, dealer, play=False)[0]
        assert set(board.discard) == set(discard_analysis(hand, dealer)[0].discard)


def test_the_play_model_prices_the_kept_cards() -> None:
    # the pone leads: low cards win him go points and give nothing away, a 5 or ten-cards do
    low, high = parse_cards("AS 2D 3C 4H"), parse_cards("5S TD JC KH")
    assert peg_edge(low, dealer=False) > peg_edge(high, dealer=False) + 1
    # points alone keep J 3 3 9 (nobs chances); counting the play the pone keeps the ace
    hand = parse_cards("JH 3D 3S AS 9C KD")
    assert set(rank_discards(hand, 0, 0, False, play=False)[0].keep) == set(
        parse_cards("JH 3D 3S 9C"))
    assert set(rank_discards(hand, 0, 0, False)[0].keep) == set(parse_cards("3D 3S AS 9C"))


@pytest.mark.parametrize(("cards", "medio_keep"), [
    ("TC 8H QD KC 5H 8C", "TC QD 5H 8C"),
    ("5D AH 7S AC JD 4C", "5D AC JD 4C"),
])
def test_a_pone_who_can_count_out_keeps_the_sure_hand(cards: str, medio_keep: str) -> None:
    # the pone at 115 needs 6 and counts first: a hand sure of 6 wins, whatever it averages
    hand = parse_cards(cards)
    assert set(discard_analysis(hand, False)[0].keep) == set(parse_cards(medio_keep))
    best = rank_discards(hand, 115, 100, dealer=False)[0]
    assert _sure(best.keep, hand, 6) == 1.0 > _sure(tuple(parse_cards(medio_keep)), hand, 6)


@pytest.mark.parametrize("cards", ["6H 2H 6S KD AC KC", "KC 9C 5D KS 9D 6C"])
def test_a_pone_who_cannot_win_this_deal_defends_the_crib(cards: str) -> None:
    # the pone at 60 cannot reach 121 this deal; the dealer at 112 needs 9: only his crib and
    # hand matter, so the pone gives the crib less than medio does
    hand = parse_cards(cards)
    medio = discard_analysis(hand, False)[0]
    best = rank_discards(hand, 60, 112, dealer=False)[0]
    assert crib_expectation(best.discard) < crib_expectation(medio.discard) - 1


# --- the play -----------------------------------------------------------------------------------


def _position(**changes: object) -> PlayPosition:
    base: dict[str, object] = {
        "hand": (parse_card("KS"),), "kept": tuple(parse_cards("KS 2H 3H 4C")),
        "discards": tuple(parse_cards("9D 9C")), "their_laid": tuple(parse_cards("AH 7D 8S")),
        "their_left": 1, "their_min_value": 0, "starter": parse_card("QH"),
        "sequence": (), "count": 0, "dealer": False, "me": 100, "them": 100,
    }
    base.update(changes)
    return PlayPosition(**base)  # type: ignore[arg-type]


def test_one_card_each_is_solved_exactly() -> None:
    # we lead K (10), they answer 5 for fifteen 2 and the last card 1; then we count first
    pos = _position()
    their_hand, their_discards = (parse_card("5H"),), tuple(parse_cards("2S 6D"))
    [value] = _solve(pos, their_hand, their_discards, [parse_card("KS")])
    ours = score_show(pos.kept, pos.starter).total
    theirs = score_show((*pos.their_laid, *their_hand), pos.starter).total
    crib = score_show((*pos.discards, *their_discards), pos.starter, crib=True).total
    me, them = 100 + ours, 100 + 3 + theirs + crib
    assert value == pytest.approx(win_chance(me, them))  # we deal next


def test_the_search_takes_the_points_that_win_at_once() -> None:
    # found in a medio game: the pone at 120 can pair the 6 for the game, but medio fears a
    # pair royal and plays the 9; the dealer at 118 would then have his chances in the play
    view = {"players": 2, "dealer": 1, "scores": [120, 118], "hand": ["6♦", "9♣", "5♠"],
            "laid": [["9♠"], ["6♠"]], "sequence": ["9♠", "6♠"], "count": 15,
            "starter": "K♦", "discards": ["7♦", "J♠"], "go": [], "hand_counts": [3, 3]}
    legal: list[Play] = [Play(c) for c in parse_cards("6D 9C 5S")]
    medio = CribbageHeuristic(0).peg(0, view, list(legal))
    assert medio == Play(parse_card("9C"))
    pos = play_position(0, view)
    values = search_play(pos, [p.card for p in legal], random.Random(1), 20)
    assert values[0] == 1.0 and max(values[1:]) < 1.0


def test_their_go_bounds_their_cards() -> None:
    # they led Q, we 9, they 6 (25), we 2 (27): they said go, so they hold nothing below 5;
    # then we laid the 3 (30)
    view = {"dealer": 0, "scores": [10, 10], "hand": ["A♣"],
            "laid": [["9♠", "2♥", "3♦"], ["Q♦", "6♣"]], "sequence": ["Q♦", "9♠", "6♣", "2♥", "3♦"],
            "count": 30, "starter": "3♣", "discards": ["7♦", "J♠"], "go": [1],
            "hand_counts": [1, 2]}
    pos = play_position(0, view)
    assert pos.their_min_value == 5
    rng = random.Random(2)
    for _ in range(50):
        hand, crib = sample_world(pos, rng)
        assert len(hand) == 2 and len(crib) == 2
        assert all(VALUE[c & 15] >= 5 for c in hand)
        assert not {*hand, *crib} & {*pos.kept, *pos.discards, *pos.their_laid, pos.starter}


# --- the agent ----------------------------------------------------------------------------------


def test_esperto_is_the_board_player_in_two_player_games() -> None:
    agent = make_agent(GAME, "esperto", 1)
    assert isinstance(agent, CribbageReader) and agent.name == "esperto"
    # it reads his hand (issue 16); uniforme is the esperto before that, uniform worlds
    assert (agent.temperature, agent.play_temperature) == (0.5, 1.0)
    assert agent.opponent is OPPONENTS["textbook"]
    uniform = make_agent(GAME, "uniforme", 1)
    assert isinstance(uniform, CribbageExpert) and not isinstance(uniform, CribbageReader)
    assert uniform.temperature is None and uniform.opponent is None
    rng = random.Random(4)
    state = GAME.new_match(GAME.config(games_to_win=1))
    kinds = set()
    while not state.is_terminal and len(kinds) < 2:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player
        turn = Turn(seat, state.view(seat), state.legal_actions(), rng, state)
        action = agent.act(turn)
        assert action in turn.legal
        if len(turn.legal) > 1:
            kinds.add(type(action))
        state.apply(action)
    assert kinds == {Discard, Play}


def test_other_tables_go_to_the_fallback() -> None:
    calls: list[int] = []

    class Recorder:
        name = "recorder"

        def act(self, turn: Turn) -> object:
            calls.append(turn.seat)
            return turn.legal[0]

    agent = CribbageExpert(1, fallback=Recorder())  # type: ignore[arg-type]
    rng = random.Random(5)
    state = GAME.new_match(GAME.config(players=3))
    play_randomly(state, rng, until=lambda s: not s.is_chance)
    seat = state.current_player
    agent.act(Turn(seat, state.view(seat), state.legal_actions(), rng, state))
    assert calls == [seat]


# --- the generator's dynamic programming ----------------------------------------------------------


def _generator() -> Any:
    pytest.importorskip("numpy")  # the generator needs it (the rl extra); the table does not
    path = Path(__file__).resolve().parents[3] / "scripts" / "cribbage_board_table.py"
    spec = importlib.util.spec_from_file_location("cribbage_board_table", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["cribbage_board_table"] = module
    spec.loader.exec_module(module)
    return module


def _deal(gen: Any, order: list[tuple[bool, int]]) -> Any:
    """A deal of these points in this order, then three empty shows."""
    shows = [(False, 0), (True, 0), (True, 0)]
    return gen.DealRecord(order + shows, 0, (0, 0), (0, 0, 0), (0.0, 0.0), ((), ()))


@pytest.mark.soak
def test_the_recursion_on_deals_whose_outcome_is_known() -> None:
    gen = _generator()
    # every deal gives its dealer one point: the players take turns, so the dealer wins
    # exactly when he is not behind
    win, _ = gen.win_table([_deal(gen, [(True, 1)])])
    assert all(win[a, b] == (1.0 if a >= b else 0.0) for a in range(0, 121, 7)
               for b in range(0, 121, 5))
    # the pone pegs first: at 119-119 with two points each, the pone wins the race
    win, _ = gen.win_table([_deal(gen, [(False, 2), (True, 2)])])
    assert win[119, 119] == 0.0
    # half the deals go to the dealer, half to the pone: a coin at 120-120
    win, _ = gen.win_table([_deal(gen, [(True, 1)]), _deal(gen, [(False, 1)])])
    assert win[120, 120] == 0.5


@pytest.mark.soak
def test_esperto_sees_only_its_view() -> None:
    # same view and seed, different hidden cards (the opponent's hand, the crib, the pack):
    # the same move, in the discard and in the play
    rng = random.Random(8)
    state = GAME.new_match(GAME.config(games_to_win=1))
    checked = 0
    for _ in decisions(state, rng):
        if checked >= 12:
            break
        seat = state.current_player
        if len(state.legal_actions()) > 1:
            twins = [state] + [state.determinize(seat, random.Random(k)) for k in (1, 2)]
            moves = {CribbageExpert(5).act(Turn(seat, s.view(seat), s.legal_actions(),
                                                random.Random(0), s)) for s in twins}
            assert len(moves) == 1
            checked += 1
    assert checked == 12
