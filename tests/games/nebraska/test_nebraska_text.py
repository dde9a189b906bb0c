"""Nebraska's table text: the replacement card named to its owner only, what counts now, the
tie-break when it decides a hand."""

from __future__ import annotations

import json
import random

import pytest

from mazzo.cards import parse_cards
from mazzo.engine import get_game
from mazzo.engine.game import JSON, card_token, tokens
from mazzo.games.nebraska.actions import DECK, REJECT, ChooseDealer, Deal
from mazzo.games.nebraska.config import NebraskaConfig
from mazzo.games.nebraska.events import HandScored
from mazzo.games.nebraska.scoring import poker_combinations, tie_break
from mazzo.games.nebraska.state import NebraskaState
from mazzo.games.nebraska.text import describe_event, render

GAME = get_game("nebraska")


def new_hand(players: int, seed: int = 0, **options: object) -> NebraskaState:
    state = GAME.new_match(NebraskaConfig(players=players, **options))  # type: ignore[arg-type]
    state.apply(ChooseDealer(0))
    order = list(DECK)
    random.Random(seed).shuffle(order)
    state.apply(Deal(tuple(order)))
    assert isinstance(state, NebraskaState)
    return state


def reject_first_candidate(state: NebraskaState) -> list[str]:
    """Everyone bids, the decider rejects; returns every event's JSON text of the round."""
    said = []
    while state.phase == "bid":
        state.apply(state.legal_actions()[0])
        said += [json.dumps(e.to_json(), ensure_ascii=False) for e in state.events]
    state.apply(REJECT)
    said += [json.dumps(e.to_json(), ensure_ascii=False) for e in state.events]
    return said


@pytest.mark.parametrize(("lang", "words"), [("it", "Hai ricevuto"), ("en", "You received")])
def test_replacement_card_is_named_to_its_owner_only(lang: str, words: str) -> None:
    state = new_hand(3, seed=4)
    said = reject_first_candidate(state)
    assert state.phase == "bid"  # the hand goes on: a new candidate is up
    for seat in range(3):
        (card,) = state.received[seat]
        token = card_token(card)
        view = state.view(seat)
        assert view["received"] == [token] and token in view["hand"]
        shown = render(view, lang)
        assert f"{words} {card.name(lang)}" in shown
        for other in [s for s in range(3) if s != seat] + [None]:
            other_view = state.view(other)
            assert f'"{token}"' not in json.dumps(other_view, ensure_ascii=False)
            assert f"{words} {card.name(lang)}" not in render(other_view, lang)
        assert not any(f'"{token}"' in event for event in said)
    assert state.view(None)["received"] is None


def test_replacement_is_forgotten_at_the_next_decision() -> None:
    state = new_hand(3, seed=4)
    reject_first_candidate(state)
    assert all(state.view(s)["received"] for s in range(3))
    while state.phase == "bid":
        state.apply(state.legal_actions()[0])
    assert all(state.view(s)["received"] for s in range(3))  # still this election round
    state.apply(state.legal_actions()[0])  # promote
    assert all(state.view(s)["received"] == [] for s in range(3))
    assert "Hai ricevuto" not in render(state.view(0), "it")


def test_sampled_worlds_do_not_carry_what_others_received() -> None:
    state = new_hand(4, seed=2)
    reject_first_candidate(state)
    sample = state.determinize(1, random.Random(5))
    assert sample.view(1) == state.view(1)
    assert [sample.received[s] for s in (0, 2, 3)] == [[], [], []]


# --- what counts now ---------------------------------------------------------------------------

E1_COMMON = "3 giallo, 3 azzurro, 5 azzurro, 2 verde, 6 rosso"


def table_view(variant: str, hand: str, common: str, **fields: object) -> JSON:
    """Seat 0's view mid-hand with the given personal and common cards."""
    state = new_hand(3, variant=variant)
    view = state.view(0)
    view["hand"] = tokens(parse_cards(hand))
    view["common"] = tokens(parse_cards(common))
    view.update(fields)
    return view


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("it", "Contano ora: 4 carte valide — 9 azzurro, 4 rosso, 3 rosso, 3 verde scuro"),
        ("en", "Counting now: 4 valid cards — 9 light blue, 4 red, 3 red, 3 dark green"),
    ],
)
def test_family_table_names_the_valid_cards(lang: str, line: str) -> None:
    # E1's Bruno: 7 blu matches nothing
    view = table_view("family", "9 azzurro, 7 blu, 4 rosso, 3 rosso, 3 verde scuro", E1_COMMON)
    shown = render(view, lang)
    assert line in shown.splitlines()
    assert "7 blu" not in shown.split("Contano ora" if lang == "it" else "Counting now")[1]


@pytest.mark.parametrize(
    ("hand", "line"),
    [
        ("7 blu", "Contano ora: 0 carte valide"),
        ("4 giallo", "Contano ora: 1 carta valida — 4 giallo"),
    ],
)
def test_family_count_now_agrees_in_number(hand: str, line: str) -> None:
    assert line in render(table_view("family", hand, E1_COMMON), "it").splitlines()


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("it", "Contano ora: 8 corrispondenze — 9 azzurro (2), 4 rosso (1), 3 rosso (3), "
               "3 verde scuro (2)"),
        ("en", "Counting now: 8 matches — 9 light blue (2), 4 red (1), 3 red (3), "
               "3 dark green (2)"),
    ],
)
def test_expert_table_counts_each_card(lang: str, line: str) -> None:
    view = table_view("expert", "9 azzurro, 7 blu, 4 rosso, 3 rosso, 3 verde scuro", E1_COMMON)
    assert line in render(view, lang).splitlines()


def test_expert_single_match_is_singular() -> None:
    view = table_view("expert", "7 rosso", "7 giallo")
    assert "Counting now: 1 match — 7 red (1)" in render(view, "en").splitlines()


E3_COMMON = "2 rosso, 3 giallo, 3 azzurro, 5 azzurro, 6 verde"


def test_poker_table_shows_the_best_combination_of_each_kind() -> None:
    # E3's Bruno: four 3s, three azzurri, the run 2-3-4-5-6-7
    view = table_view("poker", "3 rosso, 3 verde scuro, 4 blu, 7 oro, 9 azzurro", E3_COMMON)
    lines = render(view, "it").splitlines()
    assert "Combinazioni ora:" in lines
    assert ("  valore: 4 carte — tue: 3 rosso, 3 verde scuro; comuni: 3 giallo, 3 azzurro"
            in lines)
    assert "  colore: 3 carte — tue: 9 azzurro; comuni: 3 azzurro, 5 azzurro" in lines
    run = next(line for line in lines if line.startswith("  sequenza: "))
    assert run.startswith("  sequenza: 6 carte — tue: ")
    assert "4 blu" in run and "7 oro" in run and "2 rosso" in run and "6 verde" in run


def test_poker_table_says_when_a_kind_has_nothing() -> None:
    # E3's Carlo: three Qs in hand and no Q on the table count for nothing
    view = table_view("poker", "Q giallo, Q rosa, Q oro, 4 azzurro, 7 blu", E3_COMMON)
    assert "  valore: none" in render(view, "en").splitlines()


def test_poker_run_always_holds_a_common_card() -> None:
    mine, table = poker_combinations(parse_cards("8 rosa, 9 rosa"), parse_cards("8 rosso"))[
        "sequenza"
    ] or ([], [])
    assert [str(c) for c in mine] == ["9 rosa"] and [str(c) for c in table] == ["8 rosso"]


def test_low_ace_run_on_the_table_when_the_option_is_on() -> None:
    hand, common = "A giallo, 4 blu", "2 rosso"
    assert "  sequenza: none" in render(table_view("poker", hand, common), "en").splitlines()
    view = table_view("poker", hand, common, ace_low_in_runs=True)
    assert ("  sequenza: 2 cards — yours: A yellow; common: 2 red"
            in render(view, "en").splitlines())


def test_nothing_counts_for_a_spectator() -> None:
    view = new_hand(3).view(None)
    assert "Contano ora" not in render(view, "it")


# --- the tie-break ------------------------------------------------------------------------------

E2_COMMON = "3 verde, 3 rosso, 3 blu, 3 oro, 3 rosa"
ANNA = "J verde, 9 verde, 9 rosso, 5 rosso, 2 verde"
BRUNO = "10 blu, 9 blu, 7 oro, 7 rosa, 5 oro"


def ended_hand(variant: str, personals: list[str], common: str, **options: object) -> NebraskaState:
    """A hand scored with the given cards (the state's own end-of-hand scoring)."""
    state = new_hand(len(personals), variant=variant, **options)
    state.hands = [parse_cards(p) for p in personals]
    state.common = parse_cards(common)
    state._end_hand("complete")
    return state


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("it", "  Giocatore 1 vince allo spareggio: alla 1ª carta J contro 10 (Giocatore 2)"),
        ("en", "  Player 1 wins on the tie-break: at the 1st card J against 10 (Player 2)"),
    ],
)
def test_e2_result_says_the_tie_break_decided(lang: str, line: str) -> None:
    state = ended_hand("family", [ANNA, BRUNO], E2_COMMON)
    assert state.totals == [1, 0]
    (scored,) = [e for e in state.events if isinstance(e, HandScored)]
    assert scored.by_tiebreak
    assert ("spareggio" if lang == "it" else "tie-break") in describe_event(scored, lang)
    shown = render(state.view(1), lang)
    assert line in shown.splitlines()


def test_tie_break_at_the_fifth_card() -> None:
    first = "K verde, 9 verde, 8 verde, 4 verde, 2 verde"
    second = "K blu, 9 blu, 8 blu, 4 blu, 3 oro"
    state = ended_hand("family", [first, second], E2_COMMON)
    assert state.totals == [0, 1]
    line = "  Giocatore 2 vince allo spareggio: alla 5ª carta 3 contro 2 (Giocatore 1)"
    assert line in render(state.view(0), "it").splitlines()


def test_unresolved_tie_says_both_score() -> None:
    first = "K verde, 9 verde, 8 verde, 4 verde, 2 verde"
    same = "K rosso, 9 rosso, 8 rosso, 4 rosso, 2 rosso"
    state = ended_hand("family", [first, same], E2_COMMON)
    assert state.totals == [1, 1]
    shown = render(state.view(0), "en").splitlines()
    assert "  Still level after the tie-break: Player 1, Player 2 each score" in shown
    assert not any("wins on the tie-break" in line for line in shown)


def test_no_tie_break_line_when_one_has_the_most() -> None:
    state = ended_hand("family", [ANNA, "10 blu, 9 giallo, 7 oro, 7 rosa, 5 oro"], E2_COMMON)
    assert state.last_hand is not None and state.last_hand["tiebreak"] is None
    (scored,) = [e for e in state.events if isinstance(e, HandScored)]
    assert not scored.by_tiebreak
    assert "spareggio" not in render(state.view(0), "it")


def test_three_way_tie_names_the_rival_that_held_out_longest() -> None:
    third = "8 blu, 7 verde, 6 rosso, 5 blu, 4 oro"
    tb = tie_break("family", [parse_cards(p) for p in (ANNA, BRUNO, third)],
                   parse_cards(E2_COMMON))
    assert tb is not None and tb.winners == (0,) and tb.place == 0 and tb.rival == 1


def test_valid_tiebreak_runs_out_of_cards() -> None:
    # expert tie 2-2; with tiebreak "valid" seat 1 compares one valid card (4) against 4, 3
    hands = [parse_cards("3 giallo, 4 giallo"), parse_cards("4 oro, K blu")]
    common = parse_cards("3 verde, 4 rosso, 9 oro")
    tb = tie_break("expert", hands, common, "valid")
    assert tb is not None and tb.winners == (0,) and tb.place == 1
    every = tie_break("expert", hands, common)  # all cards: K beats 4 at the first card
    assert every is not None and every.winners == (1,) and every.place == 0
    state = ended_hand("expert", ["3 giallo, 4 giallo", "4 oro, K blu"],
                       "3 verde, 4 rosso, 9 oro", tiebreak="valid")
    line = "  Player 1 wins on the tie-break: at the 2nd card 3 against no card (Player 2)"
    assert line in render(state.view(0), "en").splitlines()
