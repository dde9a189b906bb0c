"""The esperto's review: values from the seat's view only, exact where cribbage is exact, and
classes that respect the uncertainty."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from mazzo.cli.review import format_review_summary
from mazzo.coach.review import (
    Decision,
    assemble,
    classify,
    decision_points,
    review_decision,
    review_record,
)
from mazzo.engine import all_games, get_game
from mazzo.engine.agent import Turn
from mazzo.engine.game import Game, State
from mazzo.engine.match import play_match
from mazzo.engine.record import Record
from mazzo.engine.review import ReviewRules
from mazzo.games.cribbage.scoring import discard_analysis

#: worlds behind each value in these tests: the review's arithmetic, not its precision
WORLDS = 3


def heuristic_record(game: Game, seed: int, **fields: object) -> Record:
    """A whole match of the game's heuristic bots."""
    config = game.config(**fields)
    bots = [game.bots()["heuristic"](seed + s) for s in range(config.players)]
    return play_match(game, config, bots, seed=seed).record


def seat_decisions(game: Game, seat: int, picks: tuple[int, ...]) -> Iterator[State]:
    """The ``picks``-th decisions of ``seat`` in a match of heuristic bots (first test config)."""
    config = game.test_configs()[0]
    bots = [game.bots()["heuristic"](s) for s in range(config.players)]
    state, rng, found = game.new_match(config), random.Random(4), 0
    while not state.is_terminal and found <= max(picks):
        player = state.current_player
        if player < 0:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if player == seat and len(legal) > 1:
            if found in picks:
                yield state.clone()
            found += 1
        state.apply(bots[player].act(Turn(player, state.view(player), legal, rng, state)))


def as_json(decision: Decision) -> object:
    return (decision.version, decision.chosen, decision.best, decision.loss, decision.error,
            decision.klass, decision.reason, decision.values)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_redealing_what_the_seat_cannot_see_gives_the_same_review(game: Game) -> None:
    """Every value comes from worlds drawn from the seat's view: redeal the cards it could not
    see (``determinize``) and the decision's review is the same, value for value."""
    picks = (0, 3)
    seat = 1
    for state in seat_decisions(game, seat, picks):
        chosen = state.legal_actions()[-1]
        review, _ = review_decision(game, state, seat, chosen, 40, WORLDS)
        for trial in range(2):
            redealt = state.determinize(seat, random.Random(trial))
            again, _ = review_decision(game, redealt, seat, chosen, 40, WORLDS)
            assert as_json(again) == as_json(review), (game.id, state.phase)


def test_cribbage_discard_losses_are_the_analyzers_differences() -> None:
    game = get_game("cribbage")
    record = heuristic_record(game, 3, target=61, games_to_win=1)
    review = review_record(record, 0, worlds=WORLDS)
    _, points = decision_points(record, 0)
    states = {version: state for version, state, _ in points}
    discards = [d for d in review.decisions if d.phase == "discard"]
    assert len(discards) >= 3
    for d in discards:
        state = states[d.version]
        dealer = state.dealer == 0
        table = {frozenset(o.discard): o.net for o in discard_analysis(state.hands[0], dealer)}
        best = max(table.values())
        assert d.loss == pytest.approx(best - table[frozenset(d.chosen.cards)], abs=1e-9)
        assert d.error == 0 and len(d.values) == len(table)
        assert all(v.samples == 46 for v in d.values)
        assert d.values[0].value == pytest.approx(best)


def test_reason_names_the_better_move_in_both_languages() -> None:
    game = get_game("cribbage")
    state = next(seat_decisions(game, 0, (0,)))
    assert state.phase == "discard"
    worst = min(state.legal_actions(), key=lambda a: sum(c.rank for c in a.cards))
    lost, _ = review_decision(game, state, 0, worst, 10, WORLDS)
    assert lost.loss > 0 and lost.klass != "best"
    assert lost.reason["en"].startswith("esperto keeps ")
    assert lost.reason["en"].endswith(" points expected")
    assert lost.reason["it"].startswith("l'esperto tiene ")
    assert lost.reason["it"].endswith(" punti attesi") and "," in lost.reason["it"]
    best, _ = review_decision(game, state, 0, lost.best, 10, WORLDS)
    assert best.klass == "best" and best.reason["en"].startswith("the esperto's move: ")


def test_a_loss_within_its_uncertainty_is_no_mistake() -> None:
    rules = ReviewRules(thresholds=(0.5, 2.0, 5.0))
    assert classify(0.0, 0.0, rules, is_best=True) == "best"
    assert classify(0.4, 0.0, rules, is_best=False) == "good"
    assert classify(1.0, 0.1, rules, is_best=False) == "inaccuracy"
    assert classify(3.0, 0.1, rules, is_best=False) == "mistake"
    assert classify(9.0, 0.1, rules, is_best=False) == "blunder"
    assert classify(9.0, 5.0, rules, is_best=False) == "good"  # the worlds cannot tell


def test_review_json_has_the_documented_fields() -> None:
    game = get_game("poker_italiano")
    record = heuristic_record(game, 2, players=3, max_hands=3)
    review = review_record(record, 0, worlds=WORLDS)
    data = review.to_json()
    assert data["game"] == "poker_italiano" and data["seat"] == 0
    first = data["decisions"][0]
    assert {"version", "chosen", "best", "loss", "unit", "class", "reason", "values"} <= set(first)
    assert first["unit"] == "chips" and data["unit"]["it"] == "fiches"
    assert record["history"][first["version"]] == first["chosen"]
    assert {"action", "value", "samples"} <= set(first["values"][0])
    summary = data["summary"]
    assert sum(summary["classes"].values()) == summary["decisions"] == len(data["decisions"])


def test_losses_in_different_units_are_never_added() -> None:
    """Two-player cribbage to 121: discards in points, the play in win chance; the summary keeps
    each unit's total apart, and each decision's running total counts its own unit only."""
    game = get_game("cribbage")

    def decision(unit: str, unit_it: str, percent: bool, loss: float) -> dict[str, object]:
        return {"unit": unit, "unit_it": unit_it, "percent": percent, "loss": loss,
                "class": "good"}

    decisions = [decision("points", "punti", False, 1.5),
                 decision("win chance", "probabilità di vittoria", True, 0.02),
                 decision("points", "punti", False, 0.5),
                 decision("win chance", "probabilità di vittoria", True, 0.04)]
    summary = assemble(game, 0, decisions)["summary"]
    assert [d["cumulative_loss"] for d in decisions] == [1.5, 0.02, 2.0, 0.06]
    assert summary["total_loss"] == 2.0 and summary["average_loss"] == 1.0  # the game's unit
    assert summary["losses"] == [
        {"unit": "points", "unit_it": "punti", "percent": False, "decisions": 2,
         "total_loss": 2.0, "average_loss": 1.0},
        {"unit": "win chance", "unit_it": "probabilità di vittoria", "percent": True,
         "decisions": 2, "total_loss": 0.06, "average_loss": 0.03}]
    lines = {lang: format_review_summary(summary, lang) for lang in ("en", "it")}
    assert lines["en"] == "1.00 points, 3.00 percentage points of win chance"
    assert lines["it"] == "1,00 punti, 3,00 punti percentuali di probabilità di vittoria"
