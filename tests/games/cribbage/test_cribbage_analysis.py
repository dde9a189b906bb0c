"""The discard analyzer, its crib table (and generator), the ``analyze`` subcommand, the bot."""

from __future__ import annotations

import importlib.util
import random
import sys
from itertools import combinations
from pathlib import Path

import pytest
from cribbage_helpers import cards

from mazzo.bots.random_bot import RandomAgent
from mazzo.engine import play_match
from mazzo.games.cribbage import GAME
from mazzo.games.cribbage.cli import analyze_main
from mazzo.games.cribbage.config import CribbageConfig
from mazzo.games.cribbage.crib_table import CRIB_PAIR, CRIB_SINGLE
from mazzo.games.cribbage.scoring import DECK, crib_expectation, discard_analysis, score_show

ROOT = Path(__file__).resolve().parents[3]


def test_discard_analysis_is_exact_over_every_starter() -> None:
    hand = cards("5H 5D JS QC 4S 6D")
    options = discard_analysis(hand, dealer=True)
    assert len(options) == 15
    unseen = [c for c in DECK if c not in hand]
    assert len(unseen) == 46
    for option in options:
        totals = [score_show(option.keep, st).total for st in unseen]
        assert option.hand_mean == pytest.approx(sum(totals) / 46, abs=1e-12)
        assert (option.hand_min, option.hand_max) == (min(totals), max(totals))
        assert option.crib_mean == crib_expectation(option.discard)
        assert option.net == pytest.approx(option.hand_mean + option.crib_mean)
        assert set(option.keep) | set(option.discard) == set(hand)
    nets = [o.net for o in options]
    assert nets == sorted(nets, reverse=True)
    assert set(options[0].discard) == set(cards("JS QC"))  # keep 4-5-5-6
    assert options[0].hand_min == 12


def test_crib_is_subtracted_for_the_pone() -> None:
    hand = cards("5H 5D JS QC 4S 6D")
    for option in discard_analysis(hand, dealer=False):
        assert option.net == pytest.approx(option.hand_mean - option.crib_mean)
    # throwing the two fives is the worst for the pone, far better for the dealer than for him
    worst = discard_analysis(hand, dealer=False)[-1]
    assert set(worst.discard) == set(cards("5H 5D"))


def test_five_card_hands_lay_away_one() -> None:
    options = discard_analysis(cards("5H 5D JS QC 4S"), dealer=False)
    assert len(options) == 5 and all(len(o.discard) == 1 for o in options)
    unseen = 47
    assert options[0].hand_mean * unseen == pytest.approx(round(options[0].hand_mean * unseen))


def test_discard_analysis_rejects_bad_hands() -> None:
    with pytest.raises(ValueError, match="6 cards"):
        discard_analysis(cards("5H 5D JS QC"), dealer=True)
    with pytest.raises(ValueError, match="different"):
        discard_analysis(cards("5H 5H JS QC 4S 6D"), dealer=True)


def test_crib_table_is_complete_and_sane() -> None:
    assert len(CRIB_PAIR) == 13 + 2 * 78 and len(CRIB_SINGLE) == 13
    assert max(CRIB_PAIR, key=CRIB_PAIR.__getitem__) == (5, 5, False)
    assert max(CRIB_SINGLE, key=CRIB_SINGLE.__getitem__) == 5
    assert all(CRIB_PAIR[(a, b, True)] > CRIB_PAIR[(a, b, False)]
               for a, b, s in CRIB_PAIR if s)  # suited pairs add the crib flush chance


def load_generator() -> object:
    path = ROOT / "scripts" / "cribbage_crib_table.py"
    spec = importlib.util.spec_from_file_location("cribbage_crib_table", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["cribbage_crib_table"] = module
    spec.loader.exec_module(module)
    return module


def test_generator_reproduces_the_shipped_table() -> None:
    gen = load_generator()
    rng = random.Random(3)
    for a, b, suited in rng.sample(sorted(CRIB_PAIR), 2):
        ours = (cards(f"{'A' if a == 1 else 'TJQK'[a - 10] if a >= 10 else a}H")[0],
                cards(f"{'A' if b == 1 else 'TJQK'[b - 10] if b >= 10 else b}"
                      f"{'H' if suited else 'S'}")[0])
        expected = gen.expected_crib(ours)  # type: ignore[attr-defined]
        assert expected == pytest.approx(CRIB_PAIR[(a, b, suited)], abs=1e-6)
    # the model checked by brute force with score_show on one entry: 5-5 laid away, every
    # (other two crib cards, starter) combination
    fives = tuple(cards("5H 5S"))
    rest = [c for c in DECK if c not in fives]
    total = n = 0
    for starter in rest:
        others = [c for c in rest if c != starter]
        for x, y in combinations(others, 2):
            total += score_show((*fives, x, y), starter, crib=True).total
            n += 1
    assert n == 58_800
    assert total / n == pytest.approx(CRIB_PAIR[(5, 5, False)], abs=1e-6)


def test_analyze_subcommand(capsys: pytest.CaptureFixture[str]) -> None:
    assert GAME.subcommands()["analyze"] is analyze_main
    assert analyze_main(["5H", "5D", "JS", "QC", "4S", "6D", "--dealer"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "your crib (dealer)" in lines[0]
    assert lines[2].split()[1:3] == ["J♠", "Q♣"]
    assert len([line for line in lines if line[:2].strip().isdigit()]) == 15
    assert analyze_main(["5H", "5D", "JS", "QC", "4S", "--lang", "it"]) == 0
    assert "crib avversario" in capsys.readouterr().out
    assert analyze_main(["5H", "5D", "JS", "QC"]) == 2
    assert "6 cards" in capsys.readouterr().err
    assert analyze_main(["5H", "5D", "JS", "QC", "4S", "XX"]) == 2
    assert "cannot read card 'XX'" in capsys.readouterr().err
    assert analyze_main(["5H", "5D", "JS", "QC", "4S", "J★"]) == 2
    assert "52-card" in capsys.readouterr().err


def test_heuristic_beats_random() -> None:
    config = CribbageConfig(target=61, games_to_win=1)
    wins = 0
    matches = 120
    for i in range(matches):
        seat = i % 2
        agents = [GAME.bots()["heuristic"](i) if s == seat else RandomAgent(i) for s in range(2)]
        result = play_match(GAME, config, agents, seed=i)
        wins += int(result.state.returns()[seat] == 1.0)
    assert wins / matches > 0.8  # measured ~0.99 over 2000 matches


def test_heuristic_pegging_takes_points_and_avoids_five() -> None:
    from mazzo.engine.agent import Turn
    from mazzo.games.cribbage.actions import Play

    state = GAME.new_match(CribbageConfig(games_to_win=1))
    rng = random.Random(0)
    bot = GAME.bots()["heuristic"](1)
    while state.phase != "pegging":
        if state.is_chance:
            state.apply(state.sample_chance(rng))
        else:
            seat = state.current_player
            state.apply(bot.act(Turn(seat, state.view(seat), state.legal_actions(), rng, state)))
    # lead: never a 5 when something else is possible
    seat = state.current_player
    choice = bot.act(Turn(seat, state.view(seat), state.legal_actions(), rng, state))
    assert isinstance(choice, Play)
    if any(c & 15 != 5 for c in state.hands[seat]):
        assert choice.card & 15 != 5
