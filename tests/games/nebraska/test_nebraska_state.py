"""Nebraska rules as a state machine: deal, bids, promote/reject, stock shortage (E5), ties (E6)."""

from __future__ import annotations

import json
import random

import pytest

from mazzo.cards import parse_cards
from mazzo.engine import CHANCE, ConfigError, IllegalAction, get_game, random_playout, replay
from mazzo.engine.record import make_record
from mazzo.games.nebraska.actions import DECK, PROMOTE, REJECT, ChooseDealer, Deal
from mazzo.games.nebraska.config import DEFAULT_SUIT_ORDER, NebraskaConfig
from mazzo.games.nebraska.state import NebraskaState
from playout import decisions, random_move

GAME = get_game("nebraska")


def new_hand(players: int, seed: int = 0, **options: object) -> NebraskaState:
    state = GAME.new_match(NebraskaConfig(players=players, **options))  # type: ignore[arg-type]
    state.apply(ChooseDealer(0))
    order = list(DECK)
    random.Random(seed).shuffle(order)
    state.apply(Deal(tuple(order)))
    return state


def play_round(state: NebraskaState, promote: bool) -> None:
    """Everyone bids their lowest card, then the decider promotes or rejects."""
    while state.phase == "bid":
        state.apply(state.legal_actions()[0])
    state.apply(PROMOTE if promote else REJECT)


def test_deal_gives_ten_each_and_turns_a_candidate() -> None:
    state = new_hand(4)
    assert [len(h) for h in state.hands] == [10] * 4
    assert len(state.stock) == 104 - 40 - 1
    assert state.candidate is not None
    assert state.current_player == 1  # left of the dealer bids first
    assert state.phase == "bid"


def test_bids_stay_hidden_until_all_have_bid() -> None:
    state = new_hand(3)
    first = state.legal_actions()[0]
    state.apply(first)
    assert state.view(1)["bids"][1] == str(first.card)  # type: ignore[attr-defined]
    assert state.view(2)["bids"][1] is True
    assert state.view(None)["bids"][1] is True
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state.phase == "decide"
    assert all(isinstance(b, str) for b in state.view(2)["bids"])


def test_e5_stock_shortage_with_seven_players() -> None:
    state = new_hand(7)
    stocks = []
    for promote in (True, False, False, False, True, True):
        play_round(state, promote)
        stocks.append(len(state.stock) + (1 if state.candidate is not None else 0))
    assert stocks == [33, 25, 17, 9, 8, 7]
    play_round(state, False)  # the 7th candidate leaves 6 < 7: no replacements, hand over
    last = state.last_hand
    assert last is not None and last["reason"] == "stock_short"
    assert len(last["common"]) == 3
    assert all(len(p) == 6 for p in last["personal"])


def test_e5_exactly_five_personal_cards_after_four_promotions() -> None:
    state = new_hand(7)
    for promote in (True, False, False, False, True, True, True):
        play_round(state, promote)
    assert state.last_hand is None
    play_round(state, False)  # stock 5 after this candidate: too few for seven
    last = state.last_hand
    assert last is not None and last["reason"] == "stock_short"
    assert len(last["common"]) == 4
    assert all(len(p) == 5 for p in last["personal"])


def test_e5_empty_stock_ends_the_hand() -> None:
    state = new_hand(7)
    for promote in (True, False, False, False, True, False):
        play_round(state, promote)
    last = state.last_hand
    assert last is not None and last["reason"] == "stock_empty"
    assert len(last["common"]) == 2
    assert all(len(p) == 8 for p in last["personal"])


@pytest.mark.parametrize(("promote", "common", "reason"), [(True, 2, "stock_empty"),
                                                            (False, 1, "stock_short")])
def test_e5_last_stock_card_as_candidate(promote: bool, common: int, reason: str) -> None:
    state = new_hand(7)
    for decision in (False, False, False, False, True):
        play_round(state, decision)
    assert len(state.stock) == 0 and state.candidate is not None
    assert state.legal_actions()[0] in state.legal_actions()
    play_round(state, promote)
    last = state.last_hand
    assert last is not None
    assert (len(last["common"]), last["reason"]) == (common, reason)
    assert all(len(p) == 8 for p in last["personal"])


def test_full_hand_ends_with_five_and_five() -> None:
    state = new_hand(4)
    for _ in range(5):
        play_round(state, True)
    last = state.last_hand
    assert last is not None and last["reason"] == "complete"
    assert len(last["common"]) == 5 and all(len(p) == 5 for p in last["personal"])
    assert state.current_player == CHANCE and state.dealer == 1  # the deal passes left


def test_e6_bid_ties_broken_by_suit_order() -> None:
    bids = parse_cards("Q verde, Q rosa, 9 oro")
    state = GAME.new_match(NebraskaConfig(players=3))
    state.bids = list(bids)
    assert max(range(3), key=state._bid_strength) == 0
    reverse = NebraskaConfig(players=3, suit_order=tuple(reversed(DEFAULT_SUIT_ORDER)))
    state = GAME.new_match(reverse)
    state.bids = list(bids)
    assert max(range(3), key=state._bid_strength) == 1


def test_highest_bid_decides_in_play() -> None:
    state = new_hand(3, seed=3)
    bidders = [1, 2, 0]
    chosen = {}
    for seat in bidders:
        card = max(state.hands[seat]) if seat == 2 else min(state.hands[seat])
        chosen[seat] = card
        state.apply(GAME.action_from_json({"type": "bid", "card": str(card)}))
    top = max(chosen, key=lambda s: (chosen[s] & 15, state.suit_strength[chosen[s] >> 4]))
    assert state.current_player == top
    assert state.legal_actions() == [PROMOTE, REJECT]


def test_illegal_actions_explain_and_change_nothing() -> None:
    state = new_hand(3)
    other = state.hands[2][0]
    before = json.dumps(state.view(None))
    with pytest.raises(IllegalAction, match="not in seat 1's hand"):
        state.apply(GAME.action_from_json({"type": "bid", "card": str(other)}))
    with pytest.raises(IllegalAction, match="must bid"):
        state.apply(PROMOTE)
    assert json.dumps(state.view(None)) == before
    fresh = GAME.new_match(NebraskaConfig(players=3))
    fresh.apply(ChooseDealer(0))
    with pytest.raises(IllegalAction, match="104"):
        fresh.apply(Deal(DECK[:50]))
    with pytest.raises(IllegalAction, match="shuffled"):
        fresh.apply(PROMOTE)


def test_match_ends_at_target_and_replays() -> None:
    state = GAME.new_match(NebraskaConfig(players=2, variant="family"))
    random_playout(state, random.Random(5))
    assert max(state.totals) >= 6
    assert state.returns() in ([1.0, 0.0], [0.0, 1.0])
    again = replay(json.loads(json.dumps(make_record(state))))
    assert again.totals == state.totals


def test_hands_option_plays_exactly_n_hands() -> None:
    state = GAME.new_match(NebraskaConfig(players=3, variant="poker", hands=2))
    for _ in decisions(state, random.Random(1)):
        state.apply(state.legal_actions()[0])
    assert state.hand_no == 2


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("players", 8, "players"),
        ("variant", "texas", "variant"),
        ("suit_order", ("giallo",) * 8, "suit_order"),
        ("tiebreak", "none", "tiebreak"),
        ("target", -1, "target"),
        ("players", "4", "players"),
    ],
)
def test_config_errors_name_the_field(field: str, value: object, message: str) -> None:
    with pytest.raises(ConfigError, match=message):
        NebraskaConfig().replace(**{field: value})


def test_default_targets_by_player_count() -> None:
    assert [NebraskaConfig(players=n).match_target for n in range(2, 8)] == [6, 6, 4, 4, 3, 3]
    poker = [NebraskaConfig(players=n, variant="poker").match_target for n in range(2, 8)]
    assert poker == [31, 31, 21, 21, 16, 16]
    assert NebraskaConfig(target=9).match_target == 9


def test_determinize_keeps_what_the_seat_knows() -> None:
    state = new_hand(4, seed=9)
    state.apply(state.legal_actions()[0])  # seat 1 bids
    sample = state.determinize(2, random.Random(1))
    assert sample.hands[2] == state.hands[2]
    assert sample.common == state.common and sample.candidate == state.candidate
    assert sample.view(2) == state.view(2)
    assert sorted(sample.cards_in_play()) == sorted(state.cards_in_play())


@pytest.mark.parametrize("variant", ["family", "expert"])
@pytest.mark.parametrize("tiebreak", ["all", "valid"])
def test_hand_result_is_what_the_scoring_functions_decide(variant: str, tiebreak: str) -> None:
    # the state counts and breaks the tie once; the result must be the scoring module's
    from mazzo.games.nebraska.scoring import hand_winners, tie_break
    from mazzo.games.nebraska.state import _tiebreak_json

    rng = random.Random(17)
    hands = ties = 0
    for _ in range(6):
        state = GAME.new_match(NebraskaConfig(players=4, variant=variant, tiebreak=tiebreak))
        for _ in decisions(state, rng):
            before = state.hand_number
            state.apply(random_move(state, rng))
            last = state.last_hand
            hand_ended = (last is not None and last["hand_number"] == before
                          and state.phase == "deal")
            if not hand_ended and not state.is_terminal:
                continue
            assert last is not None
            personal = [parse_cards(" ".join(p)) for p in last["personal"]]
            common = parse_cards(" ".join(last["common"]))
            assert last["winners"] == hand_winners(variant, personal, common, tiebreak)
            assert last["tiebreak"] == _tiebreak_json(tie_break(variant, personal, common,
                                                                tiebreak))
            hands += 1
            ties += last["tiebreak"] is not None
    assert hands > 20 and ties > 0
