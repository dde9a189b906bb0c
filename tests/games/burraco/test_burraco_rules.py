"""Turn restrictions (E4), stock exhaustion (E5), three players (E7) and the other rules."""

from __future__ import annotations

import random

import pytest
from burraco_helpers import arrange, cards, dealt, meld

from mazzo.cards import parse_card
from mazzo.engine import TERMINAL, ConfigError, IllegalAction
from mazzo.engine.game import card_token
from mazzo.games.burraco import GAME
from mazzo.games.burraco import events as ev
from mazzo.games.burraco.actions import (
    ACTION_SPACE,
    DISCARD,
    DRAW,
    TAKE_PILE,
    Attacca,
    Cala,
    action_at,
    action_index,
    meld_key,
)
from mazzo.games.burraco.config import BurracoConfig
from mazzo.games.burraco.melds import is_wild
from mazzo.games.burraco.state import BurracoState
from playout import decisions

C = parse_card


def cala(text: str, wild: int = 0) -> Cala:
    return Cala(meld_key(tuple(cards(text))), wild)


def test_deal_counts() -> None:
    for players, pozzetti, stock in ((4, [11, 11], 41), (2, [11, 11], 63), (3, [18, 11], 45)):
        s = dealt(players)
        assert [len(p) for p in s.pozzetti] == pozzetti
        assert len(s.stock) == stock and len(s.pile) == 1
        assert all(len(h) == 11 for h in s.hands)
        assert s.current_player == 0 and s.legal_actions() == [DRAW, TAKE_PILE]
    s = dealt(3)
    s.three_b = True
    s2 = GAME.new_match(BurracoConfig(players=3))
    s2.three_b = True
    s2.apply(s2.sample_chance(random.Random(1)))
    assert [len(p) for p in s2.pozzetti] == [11, 11, 11] and len(s2.stock) == 41


# --- E4: turn restrictions -------------------------------------------------------------------


def test_e4_single_card_pile_not_discarded() -> None:
    s = arrange(dealt(), hands={0: "7C' KD 4S"}, pile="7C")
    s.apply(TAKE_PILE)
    with pytest.raises(IllegalAction, match="single-card discard pile"):
        s.apply(DISCARD[C("7C")])
    assert DISCARD[C("7C'")] in s.legal_actions()  # [D] its twin may be discarded
    s.apply(DISCARD[C("7C'")])
    assert s.pile == [C("7C'")]


def test_e4_no_meld_down_to_one_card_without_burraco() -> None:
    s = arrange(dealt(), hands={0: "7H 8H 9H KC"}, taken={0: True}, stock="QS " * 1 + "3D 4D 5D")
    s.apply(DRAW)  # draws 5D
    legal = s.legal_actions()
    assert cala("7H 8H 9H") in legal  # leaves two cards
    s.apply(cala("7H 8H 9H"))
    assert not any(isinstance(a, Attacca) for a in s.legal_actions())  # would leave one card
    with pytest.raises(IllegalAction):
        s.apply(Attacca(C("5D"), 0, 0))


def test_e4_cannot_close_without_burraco() -> None:
    s = arrange(dealt(), hands={0: "KC"}, taken={0: True}, stock="3D 4D 5D")
    s.stage = "play"
    s._legal = None
    assert s.legal_actions() == []  # the state is unreachable: a legal move never leaves it
    with pytest.raises(IllegalAction, match="needs a burraco"):
        s.apply(DISCARD[C("KC")])


def test_e4_closing_discard_not_wild_but_pozzetto_discard_may_be() -> None:
    burraco = meld("3H 4H 5H 6H 7H 8H 9H")
    s = arrange(dealt(), hands={0: "JK 2C"}, melds={0: [burraco]}, taken={0: True})
    s.apply(DRAW)
    legal = s.legal_actions()
    assert DISCARD[C("JK")] in legal and DISCARD[C("2C")] in legal  # three cards: no closing
    s.apply(DISCARD[C("2C")])
    # next time round with one wild and one natural card: only the natural can close
    s.player, s.stage, s._legal = 0, "play", None
    s.hands[0] = cards("JK KS")
    legal = s.legal_actions()
    assert DISCARD[C("JK")] in legal
    s.hands[0] = cards("JK")
    s._legal = None
    with pytest.raises(IllegalAction, match="may not be a wild"):
        s.apply(DISCARD[C("JK")])
    # going to the pozzetto by discarding a jolly is legal
    p = arrange(dealt(), hands={0: "JK"}, taken={0: False})
    p.apply(DRAW)
    p.hands[0] = cards("JK")
    p._legal = None
    p.apply(DISCARD[C("JK")])
    assert any(isinstance(e, ev.PozzettoTaken) and not e.al_volo for e in p.events)
    assert len(p.hands[0]) == 11 and p.current_player == 1


def test_e4_al_volo() -> None:
    s = arrange(dealt(), hands={0: "7H 8H"}, stock="3C 4C 9H")
    s.apply(DRAW)  # 9H
    s.apply(cala("7H 8H 9H"))
    assert any(isinstance(e, ev.PozzettoTaken) and e.al_volo for e in s.events)
    assert s.current_player == 0 and s.phase == "play" and len(s.hands[0]) == 11
    assert s.taken[0]


def test_close_by_melding_all_but_one() -> None:
    burraco = meld("3H 4H 5H 6H 7H 8H 9H")
    s = arrange(dealt(), hands={0: "KS KS' KC", 1: "", 2: "", 3: ""}, melds={0: [burraco]},
                taken={0: True, 1: True}, stock="4C 5C 6C QD")
    s.apply(DRAW)  # QD: hand KS KS' KC QD
    s.apply(cala("KS KS' KC"))
    s.apply(DISCARD[C("QD")])
    assert any(isinstance(e, ev.Closed) for e in s.events)
    scored = next(e for e in s.events if isinstance(e, ev.HandScored))
    ns = scored.lines[0]
    assert ns == (200, 100, 45 + 30, 0, 0, 375)
    assert s.phase == "deal"


def test_clean_burraco_option() -> None:
    dirty = meld("3H 4H 5H 6H 7H 8H JK", wild=9)
    for clean, allowed in ((False, True), (True, False)):
        s = arrange(dealt(clean_burraco_to_close=clean), hands={0: "KS QS"},
                    melds={0: [dirty]}, taken={0: True})
        s.apply(DRAW)
        s.hands[0] = cards("KS QS")
        s._legal = None
        s.apply(DISCARD[C("QS")])
        s.player, s.stage, s._legal = 0, "play", None
        assert (DISCARD[C("KS")] in s.legal_actions()) is allowed


# --- E5: stock exhaustion --------------------------------------------------------------------


def test_e5_stock_exhaustion() -> None:
    s = arrange(dealt(), hands={0: "7H 8H KC QD"}, stock="3C 4C 9H")
    s.apply(DRAW)
    assert s.last_turn and len(s.stock) == 2
    assert any(isinstance(e, ev.StockExhausted) for e in s.events)
    s.apply(cala("7H 8H 9H"))
    s.apply(DISCARD[C("KC")])
    scored = next(e for e in s.events if isinstance(e, ev.HandScored))
    assert scored.lines[0][1] == 0 and scored.lines[1][1] == 0  # no closing bonus
    assert scored.lines[0][4] == -100 and scored.lines[1][4] == -100
    assert scored.lines[0][2] == 25  # 7H 8H 9H
    assert s.phase == "deal"


# --- sets: one per rank ----------------------------------------------------------------------


def test_no_second_set_of_a_rank() -> None:
    s = arrange(dealt(), hands={0: "9S 9S' 9D KC"}, melds={0: [meld("9H 9C 9D'")]})
    s.apply(DRAW)
    legal = s.legal_actions()
    assert cala("9S 9S' 9D") not in legal
    with pytest.raises(IllegalAction, match="already has that set"):
        s.apply(cala("9S 9S' 9D"))
    assert Attacca(C("9S"), 0, 0) in legal


def test_runs_of_same_suit_allowed_twice() -> None:
    s = arrange(dealt(), hands={0: "9H 10H JH KC"}, melds={0: [meld("3H 4H 5H")]})
    s.apply(DRAW)
    assert cala("9H 10H JH") in s.legal_actions()


def test_wild_choice_is_offered() -> None:
    s = arrange(dealt(), hands={0: "7D 8D JK KC"})
    s.apply(DRAW)
    legal = s.legal_actions()
    assert cala("7D 8D JK", 6) in legal and cala("7D 8D JK", 9) in legal
    assert str(cala("7D 8D JK", 6)) == "cala J★(=6♦) 7♦ 8♦"
    assert str(Attacca(C("KS"), 1, 0)) == "attacca K♠ al gioco 2"
    assert str(cala("7H 8H 9H")) == "cala 7♥ 8♥ 9♥"


def test_illegal_messages() -> None:
    s = dealt()
    with pytest.raises(IllegalAction, match="first take a card"):
        s.apply(DISCARD[s.hands[0][0]])
    s.apply(DRAW)
    with pytest.raises(IllegalAction, match="already taken"):
        s.apply(DRAW)
    missing = next(c for c in s.stock)
    with pytest.raises(IllegalAction, match="not in your hand"):
        s.apply(DISCARD[missing])


# --- E7: three players -----------------------------------------------------------------------


def test_three_players_pairing() -> None:
    s = arrange(dealt(3), hands={0: "7H 8H"}, melds={1: [meld("QC QD QH")], 2: [meld("5S 6S 7S")]},
                stock="3C 4C 9H")
    s.apply(DRAW)
    s.apply(cala("7H 8H 9H"))
    paired = next(e for e in s.events if isinstance(e, ev.Paired))
    assert paired.solo == 0 and paired.pair == (1, 2)
    assert len(s.hands[0]) == 18 and s.side_of == [0, 1, 1]
    assert [m.key for m in s.melds[1]] == [12, 3]  # the pair's melds are joined
    assert len(s.pozzetti) == 1 and len(s.pozzetti[0]) == 11


def test_e7_pair_score_is_halved() -> None:
    s = dealt(3)
    s.solo, s.side_of = 0, [0, 1, 1]
    solo = [meld("3S 4S 5S 6S 7S 8S 9S"), meld("QC QD QH"), meld("AC AD AS")]
    pair = [meld("3D 4D 5D 6D 7D 8D 9D"), meld("KC KD KH"), meld("AH AH' AC'")]
    arrange(s, hands={0: "", 1: "10C", 2: ""}, melds={0: solo, 1: pair, 2: []},
            taken={0: True, 1: True})
    assert s.side_tally(0, closer=0)[5] == 420
    assert s.side_tally(1, closer=0)[5] == 310
    s._end_hand(0)
    assert s.scores() == [420, 155, 155]
    t = dealt(3)
    t.solo, t.side_of = 0, [0, 1, 1]
    arrange(t, hands={0: "", 1: "10C", 2: ""}, melds={0: solo, 1: pair, 2: []},
            taken={0: True, 1: False})
    t._end_hand(0)
    assert t.scores() == [420, 105, 105]  # the pair's -100 is -50 each


def test_three_players_odd_half() -> None:
    s = dealt(3)
    s.solo, s.side_of = 0, [0, 1, 1]
    arrange(s, hands={0: "", 1: "3C", 2: ""}, melds={0: [], 1: [], 2: []},
            taken={0: True, 1: True})
    s._end_hand(-1)
    assert s.scores()[1:] == [-2.5, -2.5]


def test_three_players_nobody_paired() -> None:
    s = dealt(3)
    arrange(s, hands={0: "3C", 1: "KD", 2: "AS"}, melds={0: [], 1: [], 2: []})
    s._end_hand(-1)
    assert s.scores() == [-105, -110, -115]


def test_three_players_switch_to_three_pozzetti() -> None:
    s = dealt(3, target=3000, switch=100)
    s.totals2 = [2 * 150, 0, 0]
    arrange(s, hands={0: "", 1: "", 2: ""}, melds={0: [], 1: [], 2: []},
            taken={0: True, 1: True, 2: True})
    s._end_hand(-1)
    assert s.three_b
    s.apply(s.sample_chance(random.Random(0)))
    assert [len(p) for p in s.pozzetti] == [11, 11, 11]


# --- match end -------------------------------------------------------------------------------


def test_match_end_and_ties() -> None:
    s = dealt(2)
    s.totals2 = [2 * 2000, 2 * 1990]
    arrange(s, hands={0: "", 1: ""}, melds={0: [meld("3S 4S 5S")], 1: [meld("3D 4D 5D")]},
            taken={0: True, 1: True})
    s._end_hand(-1)
    assert s.current_player == TERMINAL and s.winners() == [0] and s.returns() == [1.0, 0.0]
    t = dealt(2)
    t.totals2 = [2 * 2000, 2 * 2000]
    arrange(t, hands={0: "", 1: ""}, melds={0: [meld("3S 4S 5S")], 1: [meld("3D 4D 5D")]},
            taken={0: True, 1: True})
    t._end_hand(-1)
    assert t.current_player != TERMINAL  # equal totals: another hand


def test_victory_point_returns() -> None:
    s = dealt(4, hands=3)
    s.hand_no = 3
    s.totals2 = [2 * 620, 2 * 410, 2 * 620, 2 * 410]
    arrange(s, hands={i: "" for i in range(4)}, melds={0: [], 1: []}, taken={0: True, 1: True})
    s._end_hand(-1)
    assert s.is_terminal and s.returns() == [0.6, 0.4, 0.6, 0.4]


def test_config_validation() -> None:
    with pytest.raises(ConfigError, match="players"):
        BurracoConfig(players=5).validate()
    with pytest.raises(ConfigError, match="variant"):
        BurracoConfig(variant="modern").validate()
    with pytest.raises(ConfigError, match="vp_table"):
        BurracoConfig(vp_table="x").validate()
    assert BurracoConfig().match_target == 2005
    assert BurracoConfig(players=3).match_target == 2005
    assert BurracoConfig(players=3, three_player_targets="tournament").match_target == 1505
    assert BurracoConfig(players=3, three_player_targets="tournament").switch_target == 1000


def test_action_encoding_round_trip() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        index = rng.randrange(ACTION_SPACE)
        assert action_index(action_at(index)) == index


def test_legal_lists_are_short_and_exact() -> None:
    rng = random.Random(3)
    state: BurracoState = GAME.new_match(BurracoConfig())
    longest = 0
    for _ in decisions(state, rng):
        if state.hand_number >= 3:
            break
        legal = state.legal_actions()
        longest = max(longest, len(legal))
        for a in legal[:5]:
            state.clone().apply(a)
    assert longest < 1500


def test_attach_messages() -> None:
    s = arrange(dealt(), hands={0: "KS 5D 9C QH"}, melds={0: [meld("7D 8D JK", wild=9)]})
    s.apply(DRAW)
    with pytest.raises(IllegalAction, match="does not fit"):
        s.apply(Attacca(C("KS"), 0, 0))
    with pytest.raises(IllegalAction, match="may stand only at"):
        s.apply(Attacca(C("5D"), 0, 3))  # the jolly must move to 6♦
    assert Attacca(C("5D"), 0, 6) in s.legal_actions()
    with pytest.raises(IllegalAction, match="no meld number 3"):
        s.apply(Attacca(C("5D"), 2, 0))
    # a negative meld number (from a damaged record) is refused, not read from the end
    with pytest.raises(IllegalAction, match="no meld number 0"):
        s.apply(Attacca(C("5D"), -1, 0))
    with pytest.raises(IllegalAction, match="no meld number -99"):
        s.apply(Attacca(C("5D"), -100, 0))


def test_a_meld_named_out_of_deck_order_is_refused_naming_the_order() -> None:
    rng = random.Random(3)
    state = GAME.new_match(BurracoConfig(players=2, hands=1))
    checked = 0
    for _ in decisions(state, rng):
        if checked >= 5:
            break
        for action in [a for a in state.legal_actions() if isinstance(a, Cala)][:2]:
            backwards = Cala(tuple(reversed(action.cards)), action.wild)
            before = state.view(None), list(state.history)
            order = " ".join(card_token(c) for c in action.cards)
            with pytest.raises(IllegalAction, match=f"in deck order: {order}$"):
                state.apply(backwards)
            assert (state.view(None), state.history) == before
            checked += 1
    assert checked


def test_determinize_keeps_a_closing_card_for_the_player_down_to_one() -> None:
    # side 0 has its pozzetto and a burraco; seat 0, to meld or discard, holds one card unseen
    # by seat 1: it could only have melded down to it if it may close with it, so no wild
    burraco = meld("3H 4H 5H 6H 7H 8H 9H")
    s = arrange(dealt(), hands={0: "4S"}, melds={0: [burraco]}, taken={0: True})
    s.player, s.stage, s._legal = 0, "play", None
    assert s.legal_actions() == [DISCARD[C("4S")]]
    seen = set()
    for seed in range(300):
        world = s.determinize(1, random.Random(seed))
        (card,) = world.hands[0]
        assert not is_wild(card), card
        assert world.legal_actions() == [DISCARD[card]]
        assert world.view(1) == s.view(1)
        seen.add(card)
    assert len(seen) > 50  # still any natural card
