"""The opponent's hand inferred from his discard (issue 16): weights, exclusions, sampling."""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from mazzo.bots.levels import make_agent
from mazzo.cards import parse_card, parse_cards
from mazzo.engine.agent import Turn
from mazzo.engine.registry import get_game
from mazzo.games.cribbage.actions import Play
from mazzo.games.cribbage.board import (
    evidence,
    pegger_opponent,
    search_play,
    textbook_opponent,
)
from mazzo.games.cribbage.bots import CribbageExpert, CribbageHeuristic, play_position
from mazzo.games.cribbage.infer import (
    Evidence,
    consistent,
    hand_log_chance,
    keep_chances,
    play_chance,
    sample_worlds,
    unseen_cards,
    weighted_worlds,
)
from mazzo.games.cribbage.scoring import VALUE, discard_analysis
from playout import decisions

SIX = tuple(parse_cards("5H 5S JD QC 2S 9H"))


@pytest.mark.parametrize("crib", [True, False])
@pytest.mark.parametrize("temperature", [0.0, 0.3, 1.0, 5.0, math.inf])
def test_keep_chances_are_a_distribution_over_the_15_keeps(crib: bool,
                                                            temperature: float) -> None:
    chances = keep_chances(SIX, crib, temperature)
    assert len(chances) == 15
    assert sum(p for _, _, p in chances) == pytest.approx(1.0)
    assert all(p >= 0 for _, _, p in chances)
    for keep, away, _ in chances:
        assert sorted((*keep, *away)) == sorted(SIX)


def test_cold_keeps_the_best_hot_is_uniform() -> None:
    best = discard_analysis(SIX, False)[0].keep
    cold = {frozenset(k): p for k, _, p in keep_chances(SIX, False, 0.0)}
    assert cold[frozenset(best)] == 1.0
    hot = [p for _, _, p in keep_chances(SIX, False, math.inf)]
    assert hot == pytest.approx([1 / 15] * 15)
    warm = {frozenset(k): p for k, _, p in keep_chances(SIX, False, 1.0)}
    assert max(warm.values()) == warm[frozenset(best)] < 1.0
    # the order follows the value: keeping 5-5-J-Q beats throwing both fives away
    junk = frozenset(parse_cards("JD QC 2S 9H"))
    assert warm[junk] < warm[frozenset(best)] / 10


@pytest.mark.statistical
def test_a_hand_nobody_keeps_is_unlikely() -> None:
    unseen = unseen_cards(parse_cards("AC 3D 7H 8C KD 4S 6D"))
    good = tuple(parse_cards("5H 5S JD QC"))  # two fives and two tens: 8 points before the cut
    junk = tuple(parse_cards("2S 9H QD AH"))  # nothing
    prior = -math.log(math.comb(len(unseen), 4))
    assert hand_log_chance(good, unseen, False, math.inf) == pytest.approx(prior)
    # at most 15 times the prior: each deal of six gives at most one keep all its chance
    assert prior + 1.5 < hand_log_chance(good, unseen, False, 0.5) <= prior + math.log(15)
    assert hand_log_chance(junk, unseen, False, 0.5) < prior - 2


def test_consistency_needs_the_cards_he_played_and_respects_his_go() -> None:
    laid = tuple(parse_cards("KS"))
    ev = Evidence(unseen=(), laid=laid, left=3, min_value=5, crib=False)
    assert consistent(parse_cards("KS 9H 8D 6C"), ev) == tuple(parse_cards("9H 8D 6C"))
    assert consistent(parse_cards("QS 9H 8D 6C"), ev) is None  # he played the K
    assert consistent(parse_cards("KS 9H 8D 4C"), ev) is None  # his go: nothing below 5


def test_the_posterior_is_normalised_and_only_holds_possible_worlds() -> None:
    seen = parse_cards("AC 3D 7H 8C KD 4S 6D")
    laid = tuple(parse_cards("QH"))
    ev = Evidence(unseen=unseen_cards([*seen, *laid]), laid=laid, left=3, min_value=4,
                  crib=True)
    posterior = weighted_worlds(ev, random.Random(3), draws=60, temperature=0.5)
    assert posterior and sum(posterior.values()) == pytest.approx(1.0)
    for (hand, crib), p in posterior.items():
        assert p > 0 and len(hand) == 3 and len(crib) == 2
        assert all(VALUE[c & 15] >= 4 for c in hand)
        assert not {*hand, *crib} & {*seen, *laid}
        assert len({*hand, *crib}) == 5
    counts = sample_worlds(ev, random.Random(3), 25, draws=60, temperature=0.5)
    assert sum(counts.values()) == 25 and set(counts) <= set(posterior)


def test_the_discard_sharpens_the_cards_he_holds() -> None:
    # over many deals, the cards medio kept get more weight than the uniform 4/45
    rng = random.Random(11)
    cold = hot = 0.0
    for _ in range(12):
        cards = rng.sample(range(52), 13)
        deck = unseen_cards([])
        ours = [deck[i] for i in cards[:6]]
        theirs = [deck[i] for i in cards[6:12]]
        starter = deck[cards[12]]
        keep = discard_analysis(theirs, True)[0].keep
        ev = Evidence(unseen=unseen_cards([*ours, starter]), laid=(), left=4, min_value=0,
                      crib=True)
        for t in (0.5, math.inf):
            posterior = weighted_worlds(ev, random.Random(1), draws=80, temperature=t)
            mass = sum(p for (hand, _), p in posterior.items() for c in hand if c in keep) / 4
            if t == math.inf:
                hot += mass
            else:
                cold += mass
    assert cold > hot


def test_the_position_gives_the_evidence_and_the_search_uses_it() -> None:
    # we deal; he played Q and 6 and said go at 25: his two cards are 5 or more
    view = {"dealer": 0, "scores": [10, 10], "hand": ["A♣"],
            "laid": [["9♠", "2♥", "3♦"], ["Q♦", "6♣"]], "sequence": ["Q♦", "9♠", "6♣", "2♥", "3♦"],
            "count": 30, "starter": "3♣", "discards": ["7♦", "J♠"], "go": [1],
            "hand_counts": [1, 2]}
    pos = play_position(0, view)
    ev = evidence(pos)
    assert ev.crib is False and ev.laid == tuple(parse_cards("QD 6C")) and ev.min_value == 5
    values = search_play(pos, [parse_card("AC")], random.Random(2), 20, temperature=0.5)
    assert 0.0 <= values[0] <= 1.0


# --- his plays ----------------------------------------------------------------------------------


def _after_our_ten_and_his_two(**changes: object) -> Evidence:
    # we are the pone: we led the K (10), he laid the 2 (12); we hold three cards
    base: dict[str, object] = {
        "unseen": unseen_cards(parse_cards("KS 9H 8D 7C 3S 3D QH 2C")), "laid": (parse_card("2C"),),
        "left": 3, "min_value": 0, "crib": True, "our_laid": (parse_card("KS"),),
        "our_hand": tuple(parse_cards("9H 8D 7C")), "starter": parse_card("QH"), "count": 12,
    }
    base.update(changes)
    return Evidence(**base)  # type: ignore[arg-type]


def test_a_pegger_who_could_make_fifteen_rarely_lays_a_two_instead() -> None:
    ev = _after_our_ten_and_his_two()
    away = tuple(parse_cards("AD AS"))
    with_five = tuple(parse_cards("5H JC 6S"))  # the 5 made 15 for 2
    without = tuple(parse_cards("4H 4C 3H"))  # low cards all: the 2 was as good as any
    for t in (0.5, 2.0):
        assert play_chance(ev, with_five, away, t) < play_chance(ev, without, away, t)
    assert play_chance(ev, with_five, away, 0.0) == 0.0  # medio would have made the 15


def test_a_world_that_contradicts_his_go_or_the_turns_is_impossible() -> None:
    # we led K (10), he laid J (20), we 9 (29), and he said go: we are to play again at 29
    ev = Evidence(unseen=unseen_cards(parse_cards("KS 9H AC 7C 3S 3D QH JC")),
                  laid=(parse_card("JC"),), left=3, min_value=3, crib=True,
                  our_laid=tuple(parse_cards("KS 9H")), our_hand=tuple(parse_cards("AC 7C")),
                  starter=parse_card("QH"), count=29)
    away = tuple(parse_cards("AD AS"))
    assert play_chance(ev, tuple(parse_cards("5H 6S 8D")), away, 1.0) > 0.0
    assert play_chance(ev, tuple(parse_cards("5H 6S 2D")), away, 1.0) == 0.0  # the 2 fitted
    # the replay must end where the view is: our turn at this count
    assert play_chance(replace(ev, count=28), tuple(parse_cards("5H 6S 8D")), away, 1.0) == 0.0


def test_the_true_world_of_a_medio_deal_is_always_possible() -> None:
    game = get_game("cribbage")
    rng = random.Random(5)
    agents = [make_agent(game, "medio", 1), make_agent(game, "medio", 2)]
    state = game.new_match(game.config(games_to_win=1))
    checked = 0
    while not state.is_terminal and checked < 40:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player
        view, legal = state.view(seat), state.legal_actions()
        if view["phase"] == "pegging" and view["pending"] is None:
            ev = evidence(play_position(seat, view))
            hand = tuple(state.hands[1 - seat])  # type: ignore[attr-defined]
            away = tuple(state.discards[1 - seat])  # type: ignore[attr-defined]
            assert play_chance(ev, hand, away, 0.0) > 0.0  # medio pegs by these very scores
            checked += 1
        state.apply(agents[seat].act(Turn(seat, view, legal, rng, state)))
    assert checked == 40


# --- his policy in the search, and the hidden cards ---------------------------------------------


def test_the_textbook_opponent_plays_medio_s_card() -> None:
    # the position of test_the_search_takes_the_points_that_win_at_once, from the other seat:
    # what medio lays there is the textbook opponent's only card (or one of its tied cards)
    view = {"players": 2, "dealer": 1, "scores": [120, 118], "hand": ["6♦", "9♣", "5♠"],
            "laid": [["9♠"], ["6♠"]], "sequence": ["9♠", "6♠"], "count": 15,
            "starter": "K♦", "discards": ["7♦", "J♠"], "go": [], "hand_counts": [3, 3]}
    pos = play_position(1, {**view, "hand": ["2♣", "3♥", "Q♣"], "discards": ["4♣", "4♦"]})
    # in the world where the other seat (seat 0) holds what the view above shows
    reply = textbook_opponent(pos, tuple(parse_cards("6D 9C 5S")), tuple(parse_cards("7D JS")))
    playable = list(parse_cards("6D 9C 5S"))
    choices = reply(playable, 15, (9, 6), pos.hand)
    assert sum(p for _, p in choices) == pytest.approx(1.0)
    medio = CribbageHeuristic(0).peg(0, view, [Play(c) for c in playable])
    assert isinstance(medio, Play) and medio.card in {c for c, _ in choices}
    [(card, p)] = pegger_opponent(pos, (), ())(playable, 15, (9, 6), pos.hand)
    assert p == 1.0 and card in playable


@pytest.mark.soak
@pytest.mark.parametrize("options", [{}, {"temperature": 0.0, "play": 0.0, "model": "textbook"},
                                     {"model": "pegger", "play": 1.0}])
def test_esperto_with_inference_sees_only_its_view(options: dict[str, object]) -> None:
    # the same view and seed with the opponent's cards, the crib and the pack drawn again
    # among the worlds the view allows: the same move
    game = get_game("cribbage")
    rng = random.Random(9)
    state = game.new_match(game.config(games_to_win=1))
    checked = 0
    for _ in decisions(state, rng):
        if checked >= 8:
            break
        seat = state.current_player
        legal = state.legal_actions()
        if len(legal) > 1 and isinstance(legal[0], Play):
            twins = [state] + [state.determinize(seat, random.Random(k)) for k in (1, 2)]
            moves = {CribbageExpert(5, **options).act(  # type: ignore[arg-type]
                Turn(seat, s.view(seat), s.legal_actions(), random.Random(0), s)) for s in twins}
            assert len(moves) == 1
            checked += 1
    assert checked == 8
