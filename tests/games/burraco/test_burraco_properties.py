"""Invariants over random play: every meld on the table is valid, every legal step keeps a way
to finish the turn, hidden information stays hidden, and texts exist for everything."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from mazzo.cards import Card
from mazzo.engine import CHANCE
from mazzo.games.burraco import GAME
from mazzo.games.burraco.actions import Attacca, Cala, Discard
from mazzo.games.burraco.config import BurracoConfig
from mazzo.games.burraco.melds import layouts
from mazzo.games.burraco.scoring import is_valid_meld
from mazzo.games.burraco.state import BurracoState
from playout import decisions, random_move, steps


def _faces(cards: tuple[Card, ...]) -> list[int]:
    """Rank and suit without the twin copy: twins are interchangeable in a layout."""
    return [c & 255 for c in cards]


def _check_table(state: BurracoState) -> None:
    for side in state.active_sides():
        ranks = []
        for m in state.melds[side]:
            assert is_valid_meld(m.cards)
            assert any(_faces(x.cards) == _faces(m.cards) or not x.run for x in layouts(m.cards))
            if not m.run:
                ranks.append(m.key)
        if state.config.players != 3 or state.solo < 0:
            assert len(ranks) == len(set(ranks)), "two sets of one rank"


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([2, 3, 4]),
       variant=st.sampled_from(["classic", "fibur"]))
def test_random_play_invariants(seed: int, players: int, variant: str) -> None:
    rng = random.Random(seed)
    state: BurracoState = GAME.new_match(
        BurracoConfig(players=players, variant=variant, hands=1))
    for _ in decisions(state, rng):
        legal = state.legal_actions()
        if state.phase == "play":
            assert any(isinstance(a, Discard) for a in legal) or len(
                state.hands[state.current_player]) > 1
            assert state.hands[state.current_player], "a player node with an empty hand"
        action = legal[rng.randrange(len(legal))]
        state.apply(action)
        if isinstance(action, Cala | Attacca):
            _check_table(state)


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_determinize_keeps_known_cards(seed: int) -> None:
    rng = random.Random(seed)
    state: BurracoState = GAME.new_match(BurracoConfig(hands=1))
    for _ in steps(state, rng, limit=rng.randrange(20, 200)):
        pass
    if state.is_terminal:
        return
    if state.phase not in ("draw", "play"):
        return
    sample = state.determinize(0, random.Random(seed + 1))
    assert sample.hands[0] == state.hands[0]
    for s in range(1, 4):
        assert set(state.known[s]) <= set(sample.hands[s])
        assert len(sample.hands[s]) == len(state.hands[s])
    assert [len(p) for p in sample.pozzetti] == [len(p) for p in state.pozzetti]
    assert len(sample.stock) == len(state.stock)


def test_texts_and_render() -> None:
    rng = random.Random(11)
    kinds: set[str] = set()
    for players in (2, 3, 4):
        state: BurracoState = GAME.new_match(BurracoConfig(players=players, hands=2, switch=1))
        while not state.is_terminal:
            if state.current_player != CHANCE:
                for a in state.legal_actions()[:3]:
                    assert GAME.describe_action(a, "it") and GAME.describe_action(a, "en")
            state.apply(random_move(state, rng))
            for e in state.events:
                kinds.add(e.kind)
                for lang in ("it", "en"):
                    said = GAME.describe_event(e, lang)
                    assert said != e.kind
                    # a sentence names cards as players read them, never with a copy's mark
                    assert not any(f"{symbol}'" in said for symbol in "♠♥♦♣★"), said
        view = state.view(0)
        assert "Burraco" in GAME.render(view, "it")
    assert {"hand_dealt", "drew", "melded", "discarded", "hand_scored", "match_over"} <= kinds
    state = GAME.new_match(BurracoConfig())
    state.apply(state.sample_chance(rng))
    state.apply(state.legal_actions()[0])
    text = GAME.render(state.view(0), "it")
    assert "Tallone: 40" in text and "Pozzetti rimasti: 11 + 11" in text
    assert "Giocatore 3: 11 carte" in text  # the partner's card count
    assert "La tua mano (12)" in text
    english = GAME.render(state.view(0), "en")
    assert "Stock: 40" in english and "Your hand (12)" in english
    assert GAME.render(state.view(None), "en")
