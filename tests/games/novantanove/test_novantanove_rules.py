"""Rules of play: deal, bid cards, premium bids, tricks, the dummy, trumps, game and rubber end."""

from __future__ import annotations

import random

import pytest
from novantanove_helpers import cards, lay_bids, new_deal

from mazzo.cards import HEARTS, joker, parse_card
from mazzo.engine import ConfigError, IllegalAction, random_playout
from mazzo.games.novantanove import GAME
from mazzo.games.novantanove.actions import (
    DECLARE,
    PASS,
    REVEAL,
    BidCard,
    Deal,
    Play,
)
from mazzo.games.novantanove.config import NovantanoveConfig
from mazzo.games.novantanove.events import GameOver, RubberOver, TieContinues
from mazzo.games.novantanove.scoring import NO_TRUMP
from mazzo.games.novantanove.state import NovantanoveState
from playout import play_randomly, random_move, steps

C3 = NovantanoveConfig(players=3)
C2 = NovantanoveConfig(players=2)

# 3 players, dealer 2: seat 0 is eldest
H3 = [
    "AH KH QH JH 10H 9H 8H 7H 6H AS KS QS",
    "JS 10S 9S 8S 7S 6S AC KC QC JC 10C 9C",
    "8C 7C 6C AD KD QD JD 10D 9D 8D 7D 6D",
]
B3 = {0: "AS KS QS", 1: "6S 7S 8S", 2: "6D 7D 8D"}

# 2 players, dealer 0: seat 1 leads; hand 2 is the dummy (its first three cards are its bid)
H2 = [
    "AH KH QH JH 10H 9H 8H 7H 6H 6S KD AD",
    "AS KS QS JS 10S 9S 8S 7S 6C 7D 8D 9D",
    "10D JD QD AC KC QC JC 10C 9C 8C 7C 6D",
]
B2 = {0: "KD AD AH", 1: "7D 8D 9D"}


def p(text: str) -> Play:
    return Play(parse_card(text))


def test_deal_gives_twelve_each_and_bidding_starts_left_of_dealer() -> None:
    state = new_deal(C3, 2, H3)
    assert [len(h) for h in state.hands] == [12, 12, 12]
    assert state.phase == "bid" and state.current_player == 0
    assert state.trump == NO_TRUMP  # first deal of a game
    assert state.hand_number == 1


def test_four_players_52_and_48_cards() -> None:
    for deck, size, tricks in ((0, 13, 10), (48, 12, 9)):
        config = NovantanoveConfig(players=4, deck=deck)
        state = GAME.new_match(config)
        random_playout_until(state, "bid")
        assert isinstance(state, NovantanoveState)
        assert [len(h) for h in state.hands] == [size] * 4
        assert config.tricks == tricks
        if deck == 48:
            assert all(c.rank >= 3 for c in state.cards_in_play())


def random_playout_until(state: object, phase: str, seed: int = 1) -> None:
    assert isinstance(state, NovantanoveState)
    play_randomly(state, random.Random(seed), until=lambda s: s.phase == phase)


def test_bid_cards_are_laid_one_by_one_and_stay_hidden() -> None:
    state = new_deal(C3, 2, H3)
    state.apply(BidCard(parse_card("AS")))
    assert state.current_player == 0
    other = state.view(1)["hands"][0]
    assert other["bid_cards"] is None and other["bid_count"] == 1 and other["count"] == 11
    assert state.view(0)["hands"][0]["bid_cards"] == ["A♠"]
    assert "A♠" not in str(state.view(1)) and "A♠" not in str(state.view(None))
    with pytest.raises(IllegalAction, match="not in seat 0's hand"):
        state.apply(BidCard(parse_card("AD")))
    with pytest.raises(IllegalAction, match="must lay a bid card"):
        state.apply(PASS)
    lay_bids(state, {0: "KS QS", 1: B3[1], 2: B3[2]})
    assert state.phase == "premium" and state.current_player == 0
    assert state.bid_of(0) == 3 and state.bid_of(2) == 0
    assert state.view(1)["hands"][0]["bid"] is None


def test_premium_order_declare_then_reveal_overcalls() -> None:
    state = new_deal(C3, 2, H3)
    lay_bids(state, B3)
    assert state.legal_actions() == [PASS, DECLARE, REVEAL]
    state.apply(DECLARE)
    assert state.current_player == 1
    assert state.legal_actions() == [PASS, REVEAL]
    with pytest.raises(IllegalAction, match="seat 0 has already offered to declare"):
        state.apply(DECLARE)
    assert state.view(2)["hands"][0]["offer"] == "declare"
    assert state.view(2)["hands"][0]["bid_cards"] is None  # exposed only when play starts
    state.apply(REVEAL)
    assert [e.kind for e in state.events] == ["offer_withdrawn", "premium_offer"]
    assert state.legal_actions() == [PASS]
    with pytest.raises(IllegalAction, match="seat 1 has already offered to reveal"):
        state.apply(REVEAL)
    state.apply(PASS)
    assert state.phase == "play" and state.current_player == 0
    assert state.premium == [0, 60, 0]
    for seat in (0, 2, None):
        view = state.view(seat)
        assert view["hands"][1]["cards"] == [str(c) for c in state.hands[1]]
        assert view["hands"][1]["bid_cards"] == ["6♠", "7♠", "8♠"]
        assert view["hands"][1]["bid"] == 3
        assert view["hands"][0]["bid_cards"] is None or seat == 0  # withdrawn: stays down
        assert view["tricks"] == [] and view["trick"] == []  # before the first lead


def test_reveal_first_blocks_every_later_offer() -> None:
    state = new_deal(C3, 2, H3)
    lay_bids(state, B3)
    state.apply(REVEAL)
    assert state.legal_actions() == [PASS]


def test_declared_bid_cards_face_up_before_first_lead() -> None:
    state = new_deal(C3, 2, H3)
    lay_bids(state, B3)
    state.apply(PASS)
    state.apply(PASS)
    state.apply(DECLARE)
    assert state.phase == "play"
    view = state.view(0)
    assert view["hands"][2]["bid_cards"] == ["6♦", "7♦", "8♦"] and view["hands"][2]["bid"] == 0
    assert view["hands"][2]["cards"] is None  # declaring does not show the hand
    assert view["hands"][1]["bid_cards"] is None


def test_follow_suit_and_trick_winner() -> None:
    state = new_deal(C3, 2, H3)
    lay_bids(state, B3)
    for _ in range(3):
        state.apply(PASS)
    state.apply(p("AH"))
    # seat 1 has no hearts: anything goes (and a void is noted)
    assert len(state.legal_actions()) == 9
    state.apply(p("9C"))
    state.apply(p("6C"))
    assert state.tricks_won == [1, 0, 0] and state.current_player == 0
    assert state.voids[1] == 1 << HEARTS
    state.apply(p("6H"))
    state.apply(p("10C"))
    with pytest.raises(IllegalAction, match="10♥ is not in seat 2's hand"):
        state.apply(p("10H"))
    state.apply(p("7C"))
    assert state.tricks_won == [2, 0, 0]  # no trump: the suit led wins
    view = state.view(2)
    assert [t["winner"] for t in view["tricks"]] == [0, 0]
    assert view["tricks"][0]["cards"] == [[0, "A♥"], [1, "9♣"], [2, "6♣"]]


MIXED = [
    "AH KH QH AS KS QS AC KC QC AD KD QD",
    "JH 10H 9H JS 10S 9S JC 10C 9C JD 10D 9D",
    "8H 7H 6H 8S 7S 6S 8C 7C 6C 8D 7D 6D",
]


def test_must_follow_suit_even_after_a_trump() -> None:
    state = new_deal(NovantanoveConfig(players=3, first_trump="diamonds"), 2, MIXED)
    assert state.trump == 1
    lay_bids(state, {0: "AD KD QD", 1: "JS 10S 9S", 2: "8D 7D 6D"})
    for _ in range(3):
        state.apply(PASS)
    state.apply(p("AS"))
    state.apply(p("9D"))  # seat 1 is void in spades and trumps
    with pytest.raises(IllegalAction, match=r"you must follow suit \(♠\): 8♥ is not ♠"):
        state.apply(p("8H"))
    assert state.legal_actions() == [p("6S"), p("7S"), p("8S")]
    state.apply(p("6S"))
    assert state.tricks_won == [0, 1, 0]  # the trump wins
    assert state.current_player == 1
    state.apply(p("JH"))
    with pytest.raises(IllegalAction, match=r"you must follow suit \(♥\)"):
        state.apply(p("7S"))


def test_two_player_dummy_play_order() -> None:
    state = new_deal(C2, 0, H2)
    assert state.order == (1, 0)
    assert len(state.hands[2]) == 9 and state.bids[2] == cards("10D JD QD")
    view = state.view(1)
    assert view["hands"][2]["cards"] is None  # the dummy is face down until play
    lay_bids(state, B2)
    assert state.legal_actions() == [PASS, DECLARE]
    with pytest.raises(IllegalAction, match="nobody may reveal"):
        state.apply(REVEAL)
    state.apply(DECLARE)
    state.apply(DECLARE)  # both live players may declare
    assert state.phase == "play" and state.premium == [30, 30, 0]
    view = state.view(0)
    dummy_cards = sorted(cards("AC KC QC JC 10C 9C 8C 7C 6D"))
    assert view["hands"][2]["cards"] == [str(c) for c in dummy_cards]
    assert view["hands"][2]["bid_cards"] is None  # the dummy's bid stays hidden
    # non-dealer leads from hand, dealer second, leader third from the dummy
    assert (state.current_player, state.playing_hand) == (1, 1)
    state.apply(p("6C"))
    assert (state.current_player, state.playing_hand) == (0, 0)
    state.apply(p("6H"))
    assert (state.current_player, state.playing_hand) == (1, 2)
    with pytest.raises(IllegalAction, match="plays from the dummy now"):
        state.apply(p("AS"))
    with pytest.raises(IllegalAction, match=r"must follow suit \(♣\)"):
        state.apply(p("6D"))
    state.apply(p("7C"))
    assert state.tricks_won == [0, 0, 1]
    # the dummy won: its controller (seat 1) leads from it and plays last from hand
    assert (state.current_player, state.playing_hand) == (1, 2)
    state.apply(p("8C"))
    assert (state.current_player, state.playing_hand) == (0, 0)
    state.apply(p("7H"))
    assert (state.current_player, state.playing_hand) == (1, 1)
    state.apply(p("7S"))
    assert state.tricks_won == [0, 0, 2]
    assert state.view(0)["controller"] == 1


def test_two_player_scoring_at_end_of_deal() -> None:
    state = new_deal(C2, 0, H2)
    lay_bids(state, B2)
    state.apply(PASS)
    state.apply(PASS)
    play_randomly(state, random.Random(3), until=lambda s: s.phase != "play")
    last = state.last_deal
    assert last is not None
    assert last["bids"] == [2, 0, 0]
    assert sum(last["tricks"]) == 9
    assert state.view(0)["hands"][2]["bid_cards"] == ["10♦", "J♦", "Q♦"]  # turned up at the end


def test_classic_turn_up_sets_trump_and_joker_counts_as_it() -> None:
    config = NovantanoveConfig(players=3, variant="classic")
    hands = [
        "AH KH QH JH 10H 9H 7H 6H AS KS QS JS",
        "J★ 10S 9S 8S 7S 6S AC KC QC JC 10C 9C",
        "8C 7C 6C AD KD QD JD 10D 9D 8D 7D 6D",
    ]
    state = new_deal(config, 2, hands, turn_up="8H")
    assert state.trump == HEARTS and state.turn_up == parse_card("8H")
    assert state.view(1)["turn_up"] == "8♥"
    lay_bids(state, {0: "AS KS QS", 1: "J★ 6S 7S", 2: "6D 7D 8D"})
    assert state.bid_of(1) == 4  # the joker bids as a heart (2)
    for _ in range(3):
        state.apply(PASS)
    assert state.phase == "play"

    state2 = new_deal(config, 2, hands, turn_up="8H")
    lay_bids(state2, {0: "AS KS QS", 1: "6S 7S 8S", 2: "6D 7D 8D"})
    for _ in range(3):
        state2.apply(PASS)
    state2.apply(p("7H"))
    # seat 1's only "heart" is the joker: it must follow with it
    assert state2.legal_actions() == [Play(joker())]
    state2.apply(Play(joker()))
    state2.apply(p("8C"))
    assert state2.tricks_won == [0, 1, 0]  # the joker is the 8♥ and beats the 7♥


@pytest.mark.parametrize(("turn_up", "trump"), [("9S", NO_TRUMP), ("J★", NO_TRUMP), ("6C", 2)])
def test_classic_nine_or_joker_turn_up_is_no_trump(turn_up: str, trump: int) -> None:
    config = NovantanoveConfig(players=3, variant="classic")
    deck = list(GAME.deck(config))
    up = parse_card(turn_up)
    deck.remove(up)
    state = GAME.new_match(config)
    assert isinstance(state, NovantanoveState)
    state.apply(state.sample_chance(random.Random(0)))
    state.apply(Deal((*deck, up)))
    assert state.trump == trump


def test_first_deal_diamonds_option() -> None:
    state = new_deal(NovantanoveConfig(players=3, first_trump="diamonds"), 2, H3)
    assert state.trump == 1


@pytest.mark.parametrize("players", [2, 3, 4])
def test_trump_follows_previous_successes(players: int) -> None:
    config = NovantanoveConfig(players=players, target=400)
    for seed in range(5):
        state = GAME.new_match(config)
        rng = random.Random(seed)
        ok_count = -1
        for _ in steps(state, rng):
            for e in state.events:
                if e.kind == "dealt":
                    assert isinstance(state, NovantanoveState)
                    expected = NO_TRUMP if ok_count < 0 else [1, 3, 0, 2, NO_TRUMP][ok_count]
                    assert e.trump == expected  # type: ignore[attr-defined]
                    ok_count = 0
                elif e.kind == "deal_scored":
                    ok_count += e.success  # type: ignore[attr-defined]
                elif e.kind == "game_over":
                    ok_count = -1


def test_game_end_bonus_and_tie_rule() -> None:
    state = new_deal(C3, 2, H3)
    state.game_scores = [105, 101, 53]
    state._after_deal()
    over = [e for e in state.events if isinstance(e, GameOver)]
    assert over and over[0].winner == 0 and over[0].bonuses == (100, 100, 0)
    assert state.is_terminal and state.returns() == [1.0, 0.0, 0.0]
    assert state.scores() == [205.0, 201.0, 53.0]

    tied = new_deal(C3, 2, H3)
    tied.events = []
    tied.game_scores = [100, 100, 53]
    tied._after_deal()
    assert any(isinstance(e, TieContinues) for e in tied.events)
    assert tied.phase == "deal" and tied.dealer == 0  # one more deal, dealt by the next seat


def test_two_player_dummy_cannot_win_the_game() -> None:
    state = new_deal(C2, 0, H2)
    state.game_scores = [40, 60, 130]
    state._after_deal()
    assert state.phase == "deal"
    state.game_scores = [40, 101, 130]
    state._after_deal()
    assert state.is_terminal and state.returns() == [0.0, 1.0]


def test_rubber_first_to_three_games() -> None:
    config = NovantanoveConfig(players=3, mode="rubber")
    state = new_deal(config, 2, H3)
    state.first_dealer = 2
    state.game_scores = [120, 30, 20]
    state._after_deal()
    assert state.phase == "deal" and state.game_number == 2
    assert state.dealer == 0  # left of the previous game's first dealer
    assert state.game_scores == [0, 0, 0] and state.rubber == [220, 30, 20]
    state.games_won = [2, 0, 0]
    state.game_scores = [110, 0, 0]
    state._after_deal()
    rubber = [e for e in state.events if isinstance(e, RubberOver)]
    assert state.is_terminal and rubber and rubber[0].games_played == 2
    assert rubber[0].bonus == 600  # 100 × (8 − 2) games actually recorded here
    assert state.scores()[0] == 220 + 210 + 600


def test_new_game_restarts_at_no_trump() -> None:
    config = NovantanoveConfig(players=3, mode="rubber", target=30)
    state = GAME.new_match(config)
    rng = random.Random(5)
    games = 0
    while not state.is_terminal:
        dealt = state.is_chance
        state.apply(random_move(state, rng))
        assert isinstance(state, NovantanoveState)
        if dealt and state.deals_in_game == 1:
            assert state.trump == NO_TRUMP
            games += 1
    assert isinstance(state, NovantanoveState)
    assert max(state.games_won) == 3 and games == len(state.games) >= 3


def test_config_validation() -> None:
    with pytest.raises(ConfigError, match="players"):
        GAME.config(players=5)
    with pytest.raises(ConfigError, match="deck"):
        GAME.config(players=3, deck=48)
    with pytest.raises(ConfigError, match="variant"):
        GAME.config(players=4, variant="classic")
    with pytest.raises(ConfigError, match="first_trump"):
        GAME.config(variant="classic", first_trump="diamonds")
    with pytest.raises(ConfigError, match="mode"):
        GAME.config(mode="match")
    with pytest.raises(ConfigError, match="target"):
        GAME.config(target=0)
    config = GAME.config(players=4, deck=48, mode="rubber", target=50)
    assert NovantanoveConfig.from_json(config.to_json()) == config


def test_chance_outcomes_are_checked() -> None:
    state = GAME.new_match(C3)
    with pytest.raises(IllegalAction, match="first dealer"):
        state.apply(Deal(()))
    state.apply(state.sample_chance(random.Random(0)))
    with pytest.raises(IllegalAction, match="36-card pack"):
        state.apply(Deal(tuple(cards("AS KS"))))


def test_random_matches_end_with_one_winner() -> None:
    for players in (2, 3, 4):
        for seed in range(10):
            state = GAME.new_match(NovantanoveConfig(players=players))
            random_playout(state, random.Random(seed))
            assert sorted(state.returns()) == [0.0] * (players - 1) + [1.0]
