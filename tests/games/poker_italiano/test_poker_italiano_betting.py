"""The betting state machine: every situation §2–§7 and §10 of the rules list, exact chips."""

from __future__ import annotations

import random
from collections import Counter
from types import SimpleNamespace

import pytest

from mazzo.cards import KING, QUEEN, parse_cards
from mazzo.engine import CHANCE, TERMINAL, IllegalAction
from mazzo.games.poker_italiano.actions import (
    BLINDS,
    CALL,
    COVER,
    FOLD,
    NO_BLIND,
    NO_COVER,
    PAROLA,
    PASS,
    STAY,
    Bet,
    Draw,
    Open,
    Raise,
    Reshuffle,
)
from mazzo.games.poker_italiano.draw import reshuffle_cards
from mazzo.games.poker_italiano.events import (
    DeadDeal,
    Mucked,
    PiattoDiParole,
    PotWon,
    Shown,
    VoidHand,
)

JJ = "JH JD 7C 8S TC"  # opens (coppia vestita)
NOTHING = "7H 9D JC QS AH"  # cannot open
NOTHINGS = {1: NOTHING, 2: "8H TD QC KS 7D", 3: "9H JS KC AD 8D", 0: "TH KH 9C 7S AC"}
KK = "KH KD 7S 8C 9D"


def kinds(state: object) -> list[str]:
    return [a.kind for a in state.legal_actions()]  # type: ignore[attr-defined]


def draw(*cards: str) -> Draw:
    return Draw(tuple(sorted(parse_cards(" ".join(cards)))))


STAND = Draw(())


@pytest.mark.parametrize(
    ("players", "size", "low"), [(4, 32, 7), (5, 36, 6), (6, 40, 5), (3, 28, 8)]
)
def test_deck_by_player_count(pi: SimpleNamespace, players: int, size: int, low: int) -> None:
    st = pi.start(players=players)
    assert st.deck_size == size and len(st.undealt) == size
    assert min(c.rank for c in st.undealt) == low
    st.apply(st.sample_chance(random.Random(1)))
    assert all(len(st.hands[s]) == 5 for s in range(players))
    assert len(st.stock) == size - 5 * players


def test_antes_deal_order_and_first_speaker(pi: SimpleNamespace) -> None:
    st = pi.start(dealer=0)
    assert st.seats == [1, 2, 3, 0] and st.pot == 4 and st.chips == [199] * 4
    pi.deal(st, {1: JJ, 2: NOTHINGS[2], 3: NOTHINGS[3], 0: NOTHINGS[0]})
    assert st.hands[1] == parse_cards(JJ)
    assert st.current_player == 1 and st.phase == "opening"  # never the dealer first


def test_only_an_opening_hand_may_open_at_most_the_pot(pi: SimpleNamespace) -> None:
    st = pi.start()
    pi.deal(st, {1: NOTHING, 2: JJ, 3: NOTHINGS[3], 0: NOTHINGS[0]})
    assert st.legal_actions() == [PASS]
    with pytest.raises(IllegalAction, match="pair of Js or better"):
        st.apply(Open(1))
    st.apply(PASS)
    assert st.legal_actions() == [PASS, Open(1), Open(2), Open(3), Open(4)]
    with pytest.raises(IllegalAction, match="at most the pot"):
        st.apply(Open(5))


def test_open_exact_pot_and_no_limit_options(pi: SimpleNamespace) -> None:
    st = pi.start(open_exact_pot=True)
    pi.deal(st, {1: JJ})
    assert st.legal_actions() == [PASS, Open(4)]
    st = pi.start(raise_limit="none", bet_menu="all")
    pi.deal(st, {1: JJ})
    assert st.legal_actions()[1:] == [Open(a) for a in range(1, 200)]


def test_passers_may_raise_and_raises_are_pot_limited(pi: SimpleNamespace) -> None:
    st = pi.start(bet_menu="all")
    pi.deal(st, {1: NOTHING, 2: JJ, 3: NOTHINGS[3], 0: NOTHINGS[0]})
    pi.play(st, PASS, Open(4))  # pot 8
    assert st.current_player == 3 and st.phase == "betting"
    # call 4, then raise 1 … pot after the call (12)
    assert st.legal_actions() == [FOLD, CALL] + [Raise(a) for a in range(1, 13)]
    with pytest.raises(IllegalAction, match="at most the pot"):
        st.apply(Raise(13))
    pi.play(st, Raise(12))  # puts 16: pot 24
    assert st.pot == 24 and st.level == 16
    st.apply(FOLD)  # seat 0
    assert st.current_player == 1  # passed before the opening: may now raise
    assert Raise(40) in st.legal_actions() and Raise(41) not in st.legal_actions()
    pi.play(st, CALL, CALL)  # seat 1 calls 16, opener (seat 2) calls 12 more
    assert st.phase == "draw" and st.current_player == 1
    assert st.contrib == [1, 17, 17, 17] and st.pot == 52


def test_default_menu_is_short_and_exact(pi: SimpleNamespace) -> None:
    st = pi.start()
    pi.deal(st, {1: NOTHING, 2: JJ})
    pi.play(st, PASS, Open(4))
    assert st.legal_actions() == [FOLD, CALL, Raise(1), Raise(3), Raise(6), Raise(9), Raise(12)]


def test_everybody_folds_to_the_opener(pi: SimpleNamespace) -> None:
    st = pi.start()
    pi.deal(st, {1: JJ})
    pi.play(st, Open(4), FOLD, FOLD, FOLD)
    assert PotWon(1, 8, 0, False) in st.events
    assert st.chips == [198, 202, 198, 198]  # the next deal's ante is paid
    assert st.hand_number == 2 and st.dealer == 1 and st.pot == 4  # new deal, new antes


def test_dead_deal_keeps_the_pot_and_antes_again(pi: SimpleNamespace) -> None:
    st = pi.start()
    pi.deal(st, NOTHINGS)
    pi.play(st, PASS, PASS, PASS, PASS)
    assert DeadDeal(4) in st.events
    assert st.hand_number == 2 and st.dealer == 1 and st.carried == 4 and st.pot == 8
    assert st.chips == [198] * 4 and st.min_pair == 11


def test_escalating_opening_option(pi: SimpleNamespace) -> None:
    st = pi.start(escalate_opening=True)
    for need in (QUEEN, KING, KING):
        pi.deal(st, NOTHINGS)
        pi.play(st, PASS, PASS, PASS, PASS)
        assert st.min_pair == need
    pi.deal(st, {st.seats[0]: "QH QD 7C 8S TC"})
    assert st.legal_actions() == [PASS]  # queens no longer open


def _to_draw(pi: SimpleNamespace, hands: dict[int, str], stock: str = "", **cfg: object) -> object:
    """Seat 1 opens 1, seats 2, 3 call, the dealer (0) folds."""
    st = pi.start(**cfg)
    if st.phase == "blinds":
        st.apply(NO_BLIND)
    pi.deal(st, hands, stock)
    pi.play(st, Open(1), CALL, CALL, FOLD)
    assert st.phase == "draw"
    return st


def test_draw_of_four_gets_the_fourth_card_last(pi: SimpleNamespace) -> None:
    st = _to_draw(pi, {1: JJ, 2: "QH QD 9S 9C AS", 3: NOTHING}, stock="KS KC 8D 8H TH JS")
    st.apply(draw("7C", "8S", "TC", "JD"))
    assert sorted(st.hands[1]) == sorted(parse_cards("JH KS KC 8D"))
    assert st.draws[1] == 4
    st.apply(draw("AS"))  # seat 2 gets 8H
    assert parse_cards("8H")[0] in st.hands[2]
    st.apply(STAND)  # seat 3 servito; then seat 1 gets his 4th card
    assert parse_cards("TH")[0] in st.hands[1] and len(st.hands[1]) == 5
    assert st.phase == "second_round" and st.current_player == 1  # the opener speaks first


def test_draw_never_changes_five(pi: SimpleNamespace) -> None:
    st = _to_draw(pi, {1: JJ})
    assert len(st.legal_actions()) == 31
    with pytest.raises(IllegalAction, match="at most 4"):
        st.apply(Draw(tuple(sorted(st.hands[1]))))


def test_stock_runs_out_and_the_served_players_discards_are_reshuffled(
    pi: SimpleNamespace,
) -> None:
    st = pi.start()
    pi.deal(st, {1: JJ})
    pi.play(st, Open(1), CALL, CALL, CALL)
    discards = {}
    for seat in (1, 2, 3, 0):
        cards = tuple(sorted(st.hands[seat]))[:4]
        discards[seat] = cards
        st.apply(Draw(cards))
    assert len(st.stock) == 0 and st.current_player == CHANCE and st.phase == "reshuffle"
    usable = sorted(reshuffle_cards(st))
    assert usable == sorted(discards[2] + discards[3] + discards[0])  # not seat 1's own
    with pytest.raises(IllegalAction, match="usable discards"):
        st.apply(Reshuffle(tuple(sorted(discards[1] + discards[2] + discards[3]))))
    st.apply(Reshuffle(tuple(usable)))
    assert st.hands[1][-1] == usable[0]
    assert all(len(st.hands[s]) == 5 for s in range(4)) and st.phase == "second_round"
    assert Counter(st.cards_in_play()) == Counter(st.full_deck)


def _to_second(pi: SimpleNamespace, hands: dict[int, str], **cfg: object) -> object:
    st = _to_draw(pi, hands, **cfg)
    pi.play(st, STAND, STAND, STAND)
    assert st.phase == "second_round"
    return st


def test_second_round_offers_parola_cip_bet_passo(pi: SimpleNamespace) -> None:
    st = _to_second(pi, {1: JJ})
    assert st.pot == 7
    # cip (1) up to the pot (7), as the short menu: min, ¼ ½ ¾ pot, pot
    assert st.legal_actions() == [PAROLA, Bet(1), Bet(3), Bet(5), Bet(7), PASS]


def test_all_parola_makes_a_piatto_di_parole(pi: SimpleNamespace) -> None:
    st = _to_second(pi, {1: JJ}, blinds=True)
    pi.play(st, PAROLA, PAROLA, PAROLA)
    assert PiattoDiParole(7) in st.events
    # everybody (the dealer who folded too) antes; kings to open; no blind offered
    assert st.parole and st.min_pair == KING and st.carried == 7 and st.pot == 11
    assert st.phase == "deal" and st.chips == [198, 197, 197, 197]
    pi.deal(st, {2: "QH QD 7C 8S TC", 3: KK})
    assert st.legal_actions() == [PASS]
    st.apply(PASS)
    assert Open(11) in st.legal_actions() and Open(12) not in st.legal_actions()


def test_void_hand_refunds_and_keeps_the_requirement(pi: SimpleNamespace) -> None:
    st = _to_second(pi, {1: JJ})
    pi.play(st, PASS, PASS, PASS)
    assert VoidHand(7) in st.events
    # everybody, the folded dealer too, took back his chips; the new antes are paid
    assert st.chips == [199, 199, 199, 199] and st.carried == 0
    # a void replay of a piatto di parole keeps the kings requirement and the frozen pot
    st = _to_second(pi, {1: JJ})
    pi.play(st, PAROLA, PAROLA, PASS)
    assert st.parole and st.carried == 7
    pi.deal(st, {2: KK})
    pi.play(st, Open(2), CALL, CALL, CALL, STAND, STAND, STAND, STAND, PASS, PASS, PASS, PASS)
    assert st.parole and st.min_pair == KING and st.carried == 7


def test_single_parola_wins_the_pot(pi: SimpleNamespace) -> None:
    st = _to_second(pi, {1: JJ})
    pi.play(st, PASS, PAROLA, PASS)
    assert PotWon(2, 7, 0, False) in st.events
    assert st.chips == [198, 197, 204, 197]


def test_cip_and_calls_go_to_showdown(pi: SimpleNamespace) -> None:
    hands = {1: JJ, 2: "QH QD 9S 9C AS", 3: "8H 8D TS TH 7D"}
    st = _to_second(pi, hands)
    pi.play(st, Bet(1), CALL, CALL)
    shown = [e for e in st.events if isinstance(e, Shown | Mucked)]
    # seat 1 bet last: he shows first, then 2 beats him, 3 (lower two pair) concedes
    assert shown == [Shown(1, tuple(parse_cards(JJ)), "pair"),
                     Shown(2, tuple(parse_cards(hands[2])), "two_pair"), Mucked(3)]
    assert PotWon(2, 10, 0, True) in st.events
    assert st.last_result["shown"]["2"]["category"] == "two_pair"


def test_raise_in_second_round_and_fold_to_a_bet(pi: SimpleNamespace) -> None:
    st = _to_second(pi, {1: JJ})
    pi.play(st, Bet(7), FOLD, Raise(1))  # seat 3 raises: call 7 + 1
    assert st.current_player == 1 and st.legal_actions()[:2] == [FOLD, CALL]
    st.apply(FOLD)
    assert PotWon(3, 22, 0, False) in st.events


def test_side_pots(pi: SimpleNamespace) -> None:
    st = pi.start()
    st.chips[1] = 9  # seat 1 sits with 10 chips (ante paid)
    hands = {1: "AH AD 7C 8S TC", 2: "KH KD 7D 8C TD", 3: "QH QD 7H 8D TS"}
    pi.deal(st, hands)
    pi.play(st, Open(4), CALL, CALL, FOLD, STAND, STAND, STAND)
    assert st.legal_actions()[1:-1] == [Bet(a) for a in range(1, 6)]  # at most his stack
    pi.play(st, Bet(5))
    assert st.chips[1] == 0
    assert st.view(2)["pots"] == [{"amount": 16, "seats": [1, 2, 3]}, {"amount": 5, "seats": [1]}]
    assert st.legal_actions() == [FOLD, CALL, Raise(1), Raise(6), Raise(13), Raise(19),
                                  Raise(26)]
    pi.play(st, Raise(13), CALL)
    assert PotWon(1, 31, 0, True) in st.events and PotWon(2, 26, 1, True) in st.events
    assert [e for e in st.events if isinstance(e, Shown | Mucked)][1:] == [
        Mucked(3), Shown(1, tuple(parse_cards(hands[1])), "pair")]
    # seat 1 had 10 chips; the new deal's ante is already paid
    assert st.chips == [198, 30, 202, 176]


def test_all_in_raise_below_the_cip_does_not_reopen(pi: SimpleNamespace) -> None:
    st = pi.start(cip=5)
    st.chips[2] = 7
    pi.deal(st, {1: JJ})
    assert st.legal_actions() == [PASS, Open(5)]  # the cip is the minimum even above the pot
    pi.play(st, Open(5), Raise(2))  # seat 2: call 5 + 2 all-in
    assert Raise(5) in st.legal_actions()  # seat 3 has not acted yet
    pi.play(st, CALL, FOLD)
    assert st.current_player == 1 and st.legal_actions() == [FOLD, CALL]


def test_everybody_all_in_skips_the_second_round(pi: SimpleNamespace) -> None:
    st = pi.start(raise_limit="none")
    st.chips[2] = 4
    pi.deal(st, {1: JJ, 2: KK})
    pi.play(st, Open(1), Raise(3), FOLD, FOLD, CALL)  # seat 2 all-in, seat 1 calls
    pi.play(st, STAND, STAND)
    assert any(isinstance(e, Shown) for e in st.events)
    assert st.chips[2] == 12 - 1  # won antes 4 + 4 + 4, paid the next ante


def test_blind_amounts_and_player_limits(pi: SimpleNamespace) -> None:
    st = pi.start(players=5, ante=2, blinds=True)
    assert st.p0 == 10 and [st.blind_amount(k) for k in (1, 2, 3)] == [20, 40, 80]
    assert st.current_player == 1 and st.legal_actions() == [NO_BLIND, BLINDS[1]]
    pi.play(st, BLINDS[1], BLINDS[2])
    assert st.current_player == 3 and st.legal_actions() == [NO_BLIND, BLINDS[3]]
    st = pi.start(players=5, ante=2, blinds=True, blind_base=1)
    assert [st.blind_amount(k) for k in (1, 2, 3)] == [10, 20, 40]
    st = pi.start(players=4, blinds=True)
    pi.play(st, BLINDS[1], BLINDS[2])
    assert st.current_player == 1 and st.legal_actions() == [NO_COVER, COVER]  # no over


def _blinds(pi: SimpleNamespace, *answers: object) -> object:
    st = pi.start(players=5, ante=2, blinds=True)
    pi.play(st, *answers)
    pi.deal(st, {})
    return st


def _speakers(pi: SimpleNamespace, st: object, answers: dict[int, object]) -> list[tuple]:
    """Let every seat answer with ``answers[seat]`` until the draw; record (seat, kinds, put)."""
    out = []
    while st.phase != "draw":  # type: ignore[attr-defined]
        seat = st.current_player  # type: ignore[attr-defined]
        before = st.contrib[seat]  # type: ignore[attr-defined]
        legal = kinds(st)
        st.apply(answers[seat])  # type: ignore[attr-defined]
        out.append((seat, legal[:2], st.contrib[seat] - before))  # type: ignore[attr-defined]
    return out


def test_blind_order_both_covered(pi: SimpleNamespace) -> None:
    st = _blinds(pi, BLINDS[1], BLINDS[2], BLINDS[3], COVER, COVER)
    assert st.contrib == [2, 82, 82, 82, 2]
    got = _speakers(pi, st, {4: CALL, 0: CALL, 1: STAY, 2: STAY, 3: STAY})
    assert got == [(4, ["fold", "call"], 80), (0, ["fold", "call"], 80),
                   (1, ["stay", "raise"], 0), (2, ["stay", "raise"], 0),
                   (3, ["stay", "raise"], 0)]


def test_blind_order_none_covered(pi: SimpleNamespace) -> None:
    st = _blinds(pi, BLINDS[1], BLINDS[2], BLINDS[3], NO_COVER)
    got = _speakers(pi, st, {4: CALL, 0: CALL, 1: CALL, 2: CALL, 3: STAY})
    assert got == [(4, ["fold", "call"], 80), (0, ["fold", "call"], 80),
                   (2, ["fold", "call"], 40), (1, ["fold", "call"], 60),
                   (3, ["stay", "raise"], 0)]
    # after the draw the last blind speaks last: the second round starts at seat 4
    pi.play(st, *[STAND] * 5)
    assert st.phase == "second_round" and st.current_player == 4


def test_blind_order_controbuio_no_over(pi: SimpleNamespace) -> None:
    st = _blinds(pi, BLINDS[1], BLINDS[2], NO_BLIND, NO_COVER)
    got = _speakers(pi, st, {3: CALL, 4: CALL, 0: CALL, 1: CALL, 2: STAY})
    assert got == [(3, ["fold", "call"], 40), (4, ["fold", "call"], 40),
                   (0, ["fold", "call"], 40), (1, ["fold", "call"], 20),
                   (2, ["stay", "raise"], 0)]


def test_buio_covers_controbuio_and_may_raise(pi: SimpleNamespace) -> None:
    st = _blinds(pi, BLINDS[1], BLINDS[2], NO_BLIND, COVER)
    assert st.contrib[1] == 42
    pi.play(st, CALL, FOLD, FOLD)  # seats 3, 4, 0
    assert st.current_player == 1 and kinds(st)[:2] == ["stay", "raise"]
    st.apply(Raise(32))
    # the rest of the blind order is dropped: betting goes on clockwise from the raiser
    assert st.current_player == 2 and kinds(st)[:3] == ["fold", "call", "raise"]
    pi.play(st, CALL, CALL)
    assert st.phase == "draw"


def test_over_may_be_refused_and_controbuio_cover_gates_buio(pi: SimpleNamespace) -> None:
    st = pi.start(players=5, ante=2, blinds=True)
    pi.play(st, BLINDS[1], BLINDS[2], BLINDS[3])
    assert st.current_player == 2 and st.legal_actions() == [NO_COVER, COVER]
    st.apply(NO_COVER)  # the buio gets no offer
    assert st.current_player == CHANCE


def test_only_the_last_blind_left_wins(pi: SimpleNamespace) -> None:
    st = pi.start(players=4, blinds=True)
    st.apply(BLINDS[1])
    st.apply(NO_BLIND)
    pi.deal(st, {})
    pi.play(st, FOLD, FOLD, FOLD)
    assert PotWon(1, 12, 0, False) in st.events


def test_busted_player_leaves_and_the_deck_shrinks(pi: SimpleNamespace) -> None:
    st = pi.start(players=5)
    st.chips[4] = 0  # after his ante he has nothing: he cannot speak
    pi.deal(st, {})
    assert 4 not in [st.current_player]
    while st.phase == "opening":
        st.apply(PASS)
    assert st.in_match == [True, True, True, True, False]
    assert st.deck_size == 32 and len(st.undealt) == 32 and len(st.out_of_play) == 4
    assert len(st.cards_in_play()) == 36


def test_match_ends_at_the_hand_cap_and_when_one_holds_every_chip(pi: SimpleNamespace) -> None:
    st = pi.start(max_hands=1)
    pi.deal(st, {1: JJ})
    pi.play(st, Open(4), FOLD, FOLD, FOLD)
    assert st.current_player == TERMINAL and st.returns() == [-1.0, 3.0, -1.0, -1.0]
    assert st.winners() == [1] and st.legal_actions() == []
    st = pi.start(max_hands=1)
    pi.deal(st, NOTHINGS)
    pi.play(st, PASS, PASS, PASS, PASS)  # a pot is still on the table: deal on
    assert st.current_player != TERMINAL and st.hand_number == 2
    st = pi.start(stack=3, players=4)
    pi.random_hands(st, random.Random(3), 10_000)
    assert st.current_player == TERMINAL
    assert sorted(st.scores()) == [0, 0, 0, 12]


def test_credit_mode_balances_go_negative(pi: SimpleNamespace) -> None:
    st = pi.start(credit=True, stack=10, max_hands=2)
    pi.deal(st, {1: JJ, 2: KK})
    pi.play(st, Open(4), Raise(5), FOLD, FOLD, CALL, STAND, STAND)  # both all-in: showdown
    assert st.scores()[1] == -10 - 1 and st.chips[1] == 9  # full stack again, ante paid
    pi.deal(st, {})
    pi.random_hands(st, random.Random(0), 100)
    assert st.current_player == TERMINAL and sum(st.returns()) == 0
    assert min(st.returns()) < -10  # lost more than one stack over two deals


@pytest.mark.soak
@pytest.mark.parametrize("index", range(7))
def test_chips_are_conserved_along_random_hands(pi: SimpleNamespace, index: int) -> None:
    from mazzo.games.poker_italiano import GAME

    config = GAME.test_configs()[index]
    rng = random.Random(index)
    hands = 0
    while hands < 400:
        st = GAME.new_match(config)
        hands += pi.random_hands(st, rng, 10_000)
        assert st.current_player == TERMINAL
        assert sum(st.returns()) == 0


def test_illegal_actions_say_why(pi: SimpleNamespace) -> None:
    st = pi.start(players=5, blinds=True)
    with pytest.raises(IllegalAction, match="buio"):
        st.apply(PASS)
    st.apply(NO_BLIND)
    pi.deal(st, {1: JJ})
    with pytest.raises(IllegalAction, match="only made in the second round"):
        st.apply(Bet(1))
    st.apply(Open(1))
    with pytest.raises(IllegalAction, match="already open"):
        st.apply(Open(1))


def test_a_pot_nobody_wins_is_shared_at_the_hard_cap(pi: SimpleNamespace) -> None:
    st = pi.start(max_hands=1)
    while st.current_player != TERMINAL:
        pi.deal(st, NOTHINGS)
        pi.play(st, PASS, PASS, PASS, PASS)
    assert st.hand_number == 11  # max_hands + 10 deals, all dead
    assert [e.amount for e in st.events if type(e).__name__ == "PotSplit"] == [11, 11, 11, 11]
    assert st.scores() == [200.0] * 4 and st.returns() == [0.0] * 4
