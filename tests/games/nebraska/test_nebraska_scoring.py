"""Nebraska scoring: the worked examples E1–E4 of rules/nebraska.md, and properties."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from mazzo.cards import parse_cards
from mazzo.games.nebraska.actions import DECK
from mazzo.games.nebraska.scoring import (
    best_colore,
    best_sequenza,
    best_valore,
    expert_count,
    family_count,
    hand_winners,
    poker_breakdown,
    poker_points,
)

E1_COMMON = parse_cards("3 giallo, 3 azzurro, 5 azzurro, 2 verde, 6 rosso")
E1_ANNA = parse_cards("4 giallo, 7 giallo, 5 blu, 2 oro, 6 verde scuro")
E1_BRUNO = parse_cards("9 azzurro, 7 blu, 4 rosso, 3 rosso, 3 verde scuro")
E1_CARLO = parse_cards("Q giallo, 4 azzurro, 7 verde, Q rosa, 3 oro")
E1 = [E1_ANNA, E1_BRUNO, E1_CARLO]


def test_e1_family_counts_and_winner() -> None:
    assert [family_count(p, E1_COMMON) for p in E1] == [5, 4, 4]
    assert hand_winners("family", E1, E1_COMMON) == [0]


def test_e1_expert_counts_per_card() -> None:
    per_card = [[expert_count([c], E1_COMMON) for c in p] for p in E1]
    assert per_card == [[1, 1, 1, 1, 1], [2, 0, 1, 3, 2], [1, 2, 1, 0, 2]]
    assert [expert_count(p, E1_COMMON) for p in E1] == [5, 8, 6]
    assert hand_winners("expert", E1, E1_COMMON) == [1]


E2_COMMON = parse_cards("3 verde, 3 rosso, 3 blu, 3 oro, 3 rosa")


def test_e2_family_tiebreak_by_highest_card() -> None:
    anna = parse_cards("J verde, 9 verde, 9 rosso, 5 rosso, 2 verde")
    bruno = parse_cards("10 blu, 9 blu, 7 oro, 7 rosa, 5 oro")
    assert family_count(anna, E2_COMMON) == family_count(bruno, E2_COMMON) == 5
    assert hand_winners("family", [anna, bruno], E2_COMMON) == [0]
    assert hand_winners("family", [bruno, anna], E2_COMMON) == [1]


def test_e2_tiebreak_at_fifth_card_and_unresolved() -> None:
    first = parse_cards("K verde, 9 verde, 8 verde, 4 verde, 2 verde")
    second = parse_cards("K blu, 9 blu, 8 blu, 4 blu, 3 oro")
    assert family_count(first, E2_COMMON) == family_count(second, E2_COMMON) == 5
    assert hand_winners("family", [first, second], E2_COMMON) == [1]
    same = parse_cards("K rosso, 9 rosso, 8 rosso, 4 rosso, 2 rosso")
    assert hand_winners("family", [first, same], E2_COMMON) == [0, 1]
    assert hand_winners("expert", [first, same], E2_COMMON) == [0, 1]


def test_tiebreak_valid_option_compares_only_valid_cards() -> None:
    common = parse_cards("5 giallo")
    # both have one valid card (a 5); the all-cards rule looks at the aces, valid-only at the 5s
    a = parse_cards("5 verde, A rosso, 2 blu")
    b = parse_cards("5 rosso, K blu, 3 oro")
    assert hand_winners("family", [a, b], common, tiebreak="all") == [0]
    assert hand_winners("family", [a, b], common, tiebreak="valid") == [0, 1]


E3_COMMON = parse_cards("2 rosso, 3 giallo, 3 azzurro, 5 azzurro, 6 verde")
E3_ANNA = parse_cards("2 oro, 7 rosa, 8 blu, 9 giallo, 10 giallo")
E3_BRUNO = parse_cards("3 rosso, 3 verde scuro, 4 blu, 7 oro, 9 azzurro")
E3_CARLO = parse_cards("Q giallo, Q rosa, Q oro, 4 azzurro, 7 blu")
E3 = [E3_ANNA, E3_BRUNO, E3_CARLO]


def test_e3_poker_combinations() -> None:
    assert [best_valore(p, E3_COMMON) for p in E3] == [(2, 2), (4, 3), None]
    assert [best_colore(p, E3_COMMON) for p in E3] == [
        (3, 10, 9, 3),
        (3, 9, 5, 3),
        (3, 5, 4, 3),
    ]
    assert [best_sequenza(p, E3_COMMON) for p in E3] == [(6, 10), (6, 7), (6, 7)]


def test_e3_poker_points() -> None:
    breakdown = poker_breakdown(E3, E3_COMMON)
    assert breakdown["valore"][1] == [1, 3, 0]
    assert breakdown["colore"][1] == [3, 1, 0]
    assert breakdown["sequenza"][1] == [3, 1, 1]
    assert poker_points(E3, E3_COMMON) == [7, 5, 1]
    assert hand_winners("poker", E3, E3_COMMON) == [0]


def test_e4_valore_ranking() -> None:
    common = parse_cards("6 giallo, J giallo, 9 verde")
    four_sixes = parse_cards("6 verde, 6 blu, 6 rosa")
    three_jacks = parse_cards("J verde, J blu")
    assert best_valore(four_sixes, common) == (4, 6)
    assert best_valore(three_jacks, common) == (3, 11)
    assert poker_breakdown([four_sixes, three_jacks], common)["valore"][1] == [3, 1]
    four_nines = parse_cards("9 giallo, 9 blu, 9 rosa")
    assert best_valore(four_nines, common) == (4, 9)
    assert poker_breakdown([four_sixes, four_nines], common)["valore"][1] == [1, 3]


def test_e4_colore_ranking() -> None:
    common = parse_cards("2 verde, 3 rosso, 4 giallo")
    four_verdi = parse_cards("8 verde, 6 verde, 5 verde")
    three_rossi = parse_cards("Q rosso, 9 rosso")
    four_gialli = parse_cards("10 giallo, 7 giallo, 6 giallo")
    assert poker_breakdown([four_verdi, three_rossi], common)["colore"][1] == [3, 1]
    assert poker_breakdown([four_verdi, four_gialli], common)["colore"][1] == [1, 3]


def test_e4_sequenza_ranking() -> None:
    common = parse_cards("9 oro")
    carlo = parse_cards("10 giallo, J verde")
    bruno = parse_cards("6 rosso, 7 rosso, 8 rosso")
    anna = parse_cards("7 blu, 8 blu, 10 blu")
    keys = [best_sequenza(p, common) for p in (anna, bruno, carlo)]
    assert keys == [(4, 10), (4, 9), (3, 11)]
    assert poker_breakdown([anna, bruno, carlo], common)["sequenza"][1] == [3, 1, 0]


def test_e4_unresolved_tie_for_first() -> None:
    common = parse_cards("8 giallo, 8 verde, 5 blu")
    a = parse_cards("8 rosso")
    b = parse_cards("8 rosa")
    c = parse_cards("5 oro")
    assert poker_breakdown([a, b, c], common)["valore"][1] == [2, 2, 0]


def test_e4_colour_only_in_hand_is_not_a_combination() -> None:
    common = parse_cards("2 verde")
    hand = parse_cards("9 rosso, 10 rosso, J rosso")
    assert best_colore(hand, common) is None


def test_three_queens_without_common_queen_score_nothing() -> None:
    assert best_valore(E3_CARLO, E3_COMMON) is None


def test_run_needs_personal_and_common_on_different_ranks() -> None:
    common = parse_cards("7 giallo, 8 giallo")
    assert best_sequenza(parse_cards("2 verde"), common) is None  # no personal in the run
    assert best_sequenza(parse_cards("9 verde"), common) == (3, 9)
    # a personal card of the same rank as the only common card in reach: not a run
    assert best_sequenza(parse_cards("7 rosso"), parse_cards("7 oro")) is None


def test_ace_high_only_by_default_and_low_with_option() -> None:
    common = parse_cards("2 giallo, 3 giallo")
    hand = parse_cards("A verde")
    assert best_sequenza(hand, common) is None
    assert best_sequenza(hand, common, ace_low=True) == (3, 3)
    top = parse_cards("Q rosa, K rosa")
    assert best_sequenza(parse_cards("A blu"), top) == (3, 14)
    assert best_sequenza(parse_cards("A blu"), top, ace_low=True) == (3, 14)


def test_all_thirteen_ranks_count_the_ace_once() -> None:
    common = parse_cards("2 giallo, 3 giallo, 4 giallo, 5 giallo, 6 giallo")
    hand = parse_cards("7 rosa, 8 rosa, 9 rosa, 10 rosa, J rosa, Q rosa, K rosa, A rosa")
    assert best_sequenza(hand, common, ace_low=True) == (13, 14)


def test_no_common_cards_scores_nothing() -> None:
    hands = [parse_cards("A giallo, K giallo"), parse_cards("A verde, Q verde")]
    assert poker_points(hands, []) == [0, 0]
    assert hand_winners("family", hands, []) == [0]


hands_st = st.lists(st.sampled_from(DECK), min_size=14, max_size=20, unique=True)


@settings(max_examples=300, deadline=None)
@given(cards=hands_st, players=st.integers(2, 3))
def test_poker_points_follow_the_table(cards: list, players: int) -> None:
    common = cards[:5]
    personals = [cards[5 + 3 * i : 8 + 3 * i] for i in range(players)]
    breakdown = poker_breakdown(personals, common)
    for keys, points in breakdown.values():
        ranked = sorted({k for k in keys if k is not None}, reverse=True)
        for seat, key in enumerate(keys):
            if key is None:
                assert points[seat] == 0
        if ranked:
            firsts = keys.count(ranked[0])
            assert sum(points) <= 3 + keys.count(ranked[1] if len(ranked) > 1 else None) or (
                firsts > 1
            )
            assert max(points) in (2, 3)
    totals = poker_points(personals, common)
    assert all(0 <= t <= 9 for t in totals)


@settings(max_examples=300, deadline=None)
@given(cards=hands_st)
def test_expert_at_least_family(cards: list) -> None:
    common, personal = cards[:5], cards[5:10]
    assert family_count(personal, common) <= expert_count(personal, common)
    assert expert_count(personal, common) <= 5 * len(common)
