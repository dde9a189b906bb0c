"""Poker's ``modello``: the table model (frequencies, priors, Bayesian weights) and its
decisions."""

from __future__ import annotations

import random
import time
from types import SimpleNamespace

import pytest

from mazzo.bots.levels import bot_names, describe_search, make_agent
from mazzo.cards import parse_cards
from mazzo.engine import CHANCE, TERMINAL, Turn
from mazzo.games.poker_italiano import GAME
from mazzo.games.poker_italiano.actions import CALL, FOLD, PAROLA, PASS, Bet, Draw, Open, Raise
from mazzo.games.poker_italiano.expert import PokerExpert, candidate_moves, systematic_resample
from mazzo.games.poker_italiano.state import PokerItalianoState
from mazzo.games.poker_italiano.table_model import (
    CHECK_POST,
    DRAW,
    FACE_POST_BIG,
    FACE_POST_SMALL,
    FACE_PRE_BIG,
    FACE_PRE_SMALL,
    NOISE,
    OPEN,
    PRIOR,
    PRIOR_WEIGHT,
    RAISE_CAP,
    Observed,
    SeatStats,
    TableModel,
    model_action,
    natural_discards,
    post_quantile,
    pre_quantile,
    read_log,
)


def turn_of(state: PokerItalianoState, seed: int = 0) -> Turn:
    seat = state.current_player
    return Turn(seat, state.view(seat), state.legal_actions(), random.Random(seed), state)


# --- frequencies and priors ----------------------------------------------------------------------


def test_an_unseen_seat_has_the_prior_and_observations_move_it() -> None:
    stats = SeatStats()
    assert stats.frequencies(FACE_POST_BIG) == PRIOR[FACE_POST_BIG]
    for _ in range(6):
        stats.add(FACE_POST_BIG, "fold")
    fold, call, _ = stats.frequencies(FACE_POST_BIG)
    assert fold == (PRIOR_WEIGHT * PRIOR[FACE_POST_BIG][0] + 6) / (PRIOR_WEIGHT + 6)
    assert call < PRIOR[FACE_POST_BIG][1]
    assert stats.seen(FACE_POST_BIG) == 6 and stats.seen(CHECK_POST) == 0


def test_the_range_model_gives_the_observed_frequencies_back() -> None:
    """Averaged over hands, P(choice | hand quantile) is the choice's frequency."""
    stats = SeatStats()
    for choice in ("fold", "fold", "call", "raise", "raise", "raise"):
        stats.add(FACE_PRE_SMALL, choice)
    grid = [(i + 0.5) / 1000 for i in range(1000)]
    for choice, freq in zip(("fold", "call", "raise"), stats.frequencies(FACE_PRE_SMALL),
                            strict=True):
        mean = sum(stats.probability(FACE_PRE_SMALL, choice, q) for q in grid) / len(grid)
        assert abs(mean - freq) < 0.01
    # strong hands raise, weak ones fold: ordered by strength
    assert stats.choose(FACE_PRE_SMALL, 0.01) == "fold"
    assert stats.choose(FACE_PRE_SMALL, 0.99) == "raise"
    assert stats.probability(FACE_PRE_SMALL, "raise", 0.99) >= 1 - NOISE


def test_quantiles_order_hands() -> None:
    weak, pair, trips = (parse_cards(t) for t in ("7H 9D JC QS AH", "JH JD 7C 8S TC",
                                                  "KH KD KC 8S 7C"))
    assert pre_quantile(weak, 32) < pre_quantile(pair, 32) < pre_quantile(trips, 32)
    assert post_quantile(pair, 32) < post_quantile(trips, 32)
    flush_draw = parse_cards("7H 9H JH QH AS")
    assert pre_quantile(flush_draw, 32) > pre_quantile(pair, 32)  # a flush beats a full house
    assert len(natural_discards(pair, 32)) == 3 and natural_discards(trips, 32) != []
    assert len(natural_discards(flush_draw, 32)) == 1


# --- reading the log -----------------------------------------------------------------------------


def test_the_log_is_read_in_situations(pi: SimpleNamespace) -> None:
    st: PokerItalianoState = pi.start()
    pi.deal(st, {1: "7H 9D JC QS AH", 2: "JH JD 7C 8S TC"})
    pi.play(st, PASS, Open(st.pot), CALL, FOLD, CALL)  # 1 passes, 2 opens the pot, 3 and 1 call
    pi.play(st, Draw(tuple(sorted(st.hands[1][1:]))), Draw(tuple(sorted(st.hands[2][2:]))))
    pi.play(st, Draw(()))
    pi.play(st, Bet(1))  # the opener speaks first after the draw: a cip into a big pot
    view = st.view(st.current_player)
    read = read_log(view["log"], 4, 4)
    assert Observed(1, OPEN, "pass", False) in read and Observed(2, OPEN, "open", False) in read
    assert Observed(3, FACE_PRE_BIG, "call", False) in read  # calling the pot: half of it
    assert Observed(0, FACE_PRE_BIG, "fold", False) in read
    assert Observed(1, DRAW, "4", True) in read and Observed(2, DRAW, "3", True) in read
    assert Observed(2, CHECK_POST, "bet", True) in read
    pi.play(st, CALL)  # seat 3 calls one chip into a pot of 13
    assert Observed(3, FACE_POST_SMALL, "call", True) in read_log(st.view(0)["log"], 4, 4)


def test_the_model_learns_each_finished_deal_once() -> None:
    model = TableModel(4)
    log = [{"seat": 1, "word": "open", "amount": 4, "all_in": False},
           {"seat": 2, "word": "fold", "amount": 0, "all_in": False},
           {"seat": 3, "word": "fold", "amount": 0, "all_in": False},
           {"seat": 0, "word": "fold", "amount": 0, "all_in": False}]
    view = {"last_hand": {"hand": 3, "pot": 8, "end": "uncontested", "log": log}}
    model.observe(view)
    model.observe(view)  # the same deal seen at the next decision: not counted twice
    assert model.stats[1].seen(OPEN) == 1
    assert model.stats[2].counts[FACE_PRE_BIG] == [1, 0, 0]
    model.observe({"last_hand": {}})
    assert model.stats[0].seen(FACE_PRE_BIG) == 1


# --- Bayesian weights ----------------------------------------------------------------------------


def _raised_before_the_draw(pi: SimpleNamespace, raiser_cards: str) -> PokerItalianoState:
    """Seat 1 opens with a pair of jacks, seat 2 raises the pot, the others fold: seat 1 to act."""
    st: PokerItalianoState = pi.start()
    pi.deal(st, {1: "JH JD 8C 9S KC", 2: raiser_cards})
    pi.play(st, Open(st.pot))
    pi.play(st, Raise(12))  # call 4 and raise the pot
    pi.play(st, FOLD, FOLD)
    assert st.current_player == 1 and st.mode == "respond"
    return st


def test_a_raise_makes_worlds_with_strong_raisers_heavier(pi: SimpleNamespace) -> None:
    st = _raised_before_the_draw(pi, "AH AD AC 7S 8H")
    model = TableModel(4)
    tight = model.stats[2]
    for _ in range(30):
        tight.add(FACE_PRE_SMALL, "call")
        tight.add(FACE_PRE_BIG, "fold")
    view = st.view(1)
    clues = read_log(view["log"], 4, 4)
    strong = weak = 0.0
    rng = random.Random(1)
    for _ in range(400):
        world = st.determinize(1, rng)
        weight = model.likelihood(world, clues, 1)
        if pre_quantile(world.hands[2], 32) > 0.9:
            strong += weight
        else:
            weak += weight
    # uniformly about one world in ten is that strong; weighted, most of the belief is there
    assert strong > weak


def test_systematic_resampling_follows_the_weights() -> None:
    items = [object(), object(), object()]
    picked = systematic_resample(items, [0.0, 3.0, 1.0], 8, random.Random(0))  # type: ignore[arg-type]
    assert picked.count(items[0]) == 0 and picked.count(items[1]) == 6
    assert picked.count(items[2]) == 2
    assert len(systematic_resample(items, [0.0, 0.0, 0.0], 4,  # type: ignore[arg-type]
                                   random.Random(0))) == 4


# --- constructed decisions -----------------------------------------------------------------------


def test_it_folds_a_pair_of_jacks_to_a_player_who_raises_only_with_strength(
        pi: SimpleNamespace) -> None:
    st = _raised_before_the_draw(pi, "AH AD AC 7S 8H")
    choices = {}
    for style, raise_share in (("rock", 0.0), ("maniac", 1.0)):
        expert = PokerExpert(seed=5)
        expert.model = TableModel(4)
        stats = expert.model.stats[2]
        for i in range(40):
            raises = i < 40 * raise_share
            for situation in (FACE_PRE_SMALL, FACE_PRE_BIG):
                stats.add(situation, "raise" if raises else ("call" if i % 2 else "fold"))
        choices[style] = expert.act(turn_of(st))
    assert choices["rock"] == FOLD
    assert choices["maniac"] != FOLD


def _checked_to_after_the_draw(pi: SimpleNamespace) -> PokerItalianoState:
    """Seat 2 opened with jacks and kept them; seat 1 called with nothing and missed; seat 2
    says parola: seat 1 may bet into him."""
    st: PokerItalianoState = pi.start()
    pi.deal(st, {1: "7H 9D 8C QS AH", 2: "JH JD 7C 8S TC"}, stock="7S 9S TH TD 9H KD")
    pi.play(st, PASS, Open(st.pot // 2), FOLD, FOLD, CALL)
    pi.play(st, Draw(tuple(sorted(parse_cards("7H 9D 8C")))))
    pi.play(st, Draw(tuple(sorted(parse_cards("7C 8S TC")))))
    pi.play(st, PAROLA)
    assert st.current_player == 1 and st.mode == "second"
    return st


def test_it_bluffs_a_player_who_folds_too_often_and_not_one_who_always_calls(
        pi: SimpleNamespace) -> None:
    st = _checked_to_after_the_draw(pi)
    assert post_quantile(st.hands[1], 32) < post_quantile(st.hands[2], 32)
    choices = {}
    for style, folds in (("folder", True), ("caller", False)):
        expert = PokerExpert(seed=3)
        expert.model = TableModel(4)
        for _ in range(40):
            for situation in (FACE_POST_SMALL, FACE_POST_BIG):
                expert.model.stats[2].add(situation, "fold" if folds else "call")
        choices[style] = expert.act(turn_of(st))
    assert isinstance(choices["folder"], Bet)
    assert not isinstance(choices["caller"], Bet)


def test_candidates_keep_three_sizes_and_sensible_draws(pi: SimpleNamespace) -> None:
    st = _checked_to_after_the_draw(pi)
    view, legal = st.view(1), st.legal_actions()
    bets = [a for a in candidate_moves(view, legal) if isinstance(a, Bet)]
    assert 1 <= len(bets) <= 3 and len(bets) < len([a for a in legal if isinstance(a, Bet)])
    assert {PAROLA, PASS} <= set(candidate_moves(view, legal))
    fresh: PokerItalianoState = pi.start()
    pi.deal(fresh, {1: "AH AS 9H JH 7H"})  # a pair of aces and four hearts
    pi.play(fresh, Open(1), FOLD, FOLD, CALL)
    assert fresh.current_player == 1 and fresh.phase == "draw"
    kept = {frozenset(c for c in fresh.hands[1] if c not in a.cards)
            for a in candidate_moves(fresh.view(1), fresh.legal_actions())
            if isinstance(a, Draw)}
    aces, hearts = parse_cards("AH AS"), parse_cards("AH 9H JH 7H")
    assert frozenset(aces) in kept  # the textbook draw
    assert frozenset(hearts) in kept  # the pair broken for the flush
    assert frozenset(aces + parse_cards("JH")) in kept  # a kicker kept
    assert frozenset(fresh.hands[1]) in kept  # standing pat, a bluff's draw


# --- it sees only its view -----------------------------------------------------------------------


def _expert_decisions(seed: int, matches: int) -> list[tuple[PokerItalianoState, int]]:
    """Positions where modello must choose, in matches of modello against medio."""
    rng = random.Random(seed)
    found: list[tuple[PokerItalianoState, int]] = []
    for m in range(matches):
        state = GAME.new_match(GAME.config(players=4, max_hands=3))
        assert isinstance(state, PokerItalianoState)
        agents = [make_agent(GAME, "modello" if s % 2 == 0 else "medio", 10 * m + s)
                  for s in range(4)]
        while state.current_player != TERMINAL:
            if state.current_player == CHANCE:
                state.apply(state.sample_chance(rng))
                continue
            turn = turn_of(state)
            if turn.seat % 2 == 0 and len(turn.legal) > 1 and state.phase != "blinds":
                found.append((state.clone(), turn.seat))
            state.apply(agents[turn.seat].act(turn))
    return found


@pytest.mark.soak
def test_the_same_view_gives_the_same_move_whatever_the_hidden_cards() -> None:
    positions = _expert_decisions(7, 2)
    assert len(positions) >= 5
    rng = random.Random(11)
    for state, seat in positions[:12]:
        other = state.determinize(seat, rng)  # the others' cards and the stock dealt anew
        assert other.view(seat) == state.view(seat)
        moves = []
        for world in (state, other):
            expert = PokerExpert(seed=99)
            moves.append(expert.act(Turn(seat, world.view(seat), world.legal_actions(),
                                         random.Random(0), world)))
        assert moves[0] == moves[1]


@pytest.mark.statistical
def test_modello_is_a_bot_name_and_is_quick() -> None:
    agent = make_agent(GAME, "modello", 1)
    assert isinstance(agent, PokerExpert) and agent.name == "modello"
    assert "modello" in bot_names(GAME)
    assert "model of each opponent" in describe_search(GAME, "modello")
    positions = _expert_decisions(3, 1)
    expert = PokerExpert(seed=1)
    start = time.process_time()
    for state, _ in positions:
        assert expert.act(turn_of(state)) in state.legal_actions()
    # about 0.05 s of CPU per move; far below the level's ~1 s even on a slow machine
    assert (time.process_time() - start) / len(positions) < 0.5


def test_the_model_raises_by_its_frequencies_but_not_a_third_time(pi: SimpleNamespace) -> None:
    st: PokerItalianoState = pi.start()
    pi.deal(st, {1: "JH JD 8C 9S KC", 2: "AH AD AC 7S 8H", 3: "KH KD KS 7C 8D"})
    pi.play(st, Open(st.pot))
    maniac, rock = SeatStats(), SeatStats()
    for _ in range(40):
        maniac.add(FACE_PRE_BIG, "raise")
        rock.add(FACE_PRE_BIG, "fold")
    assert isinstance(model_action(st, maniac, st.legal_actions()), Raise)
    # a seat seen to fold 40 times keeps only its very best hands: three aces just call
    assert model_action(st, rock, st.legal_actions()) == CALL
    pi.play(st, Raise(12))  # the second bet of the round
    assert st.current_player == 3 and st.full_raises == RAISE_CAP
    assert model_action(st, maniac, st.legal_actions()) == CALL
