"""Cards: interning, deck builders for all five games, parsing and printing."""

from __future__ import annotations

import pickle
from collections import Counter

import pytest

from mazzo.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    GIALLO,
    HEARTS,
    JOKER_SUIT,
    SPADES,
    VERDE_SCURO,
    burraco_deck,
    card,
    card_by_id,
    cards_text,
    french_deck,
    joker,
    nebraska_deck,
    parse_card,
    parse_cards,
    short_deck,
)
from mazzo.engine.game import card_from_token, card_token


def test_parse_french_and_jokers() -> None:
    cards = parse_cards("5H 10♥ TD QS J★")
    assert [str(c) for c in cards] == ["5♥", "10♥", "10♦", "Q♠", "J★"]
    assert cards[0] == card(5, HEARTS) and cards[2] == card(10, DIAMONDS)
    assert cards[4].is_joker and cards[4].suit == JOKER_SUIT
    assert parse_card("ac") == card(ACE, CLUBS)
    assert parse_card("a♠") == card(ACE, SPADES)


def test_parse_nebraska_colours() -> None:
    cards = parse_cards("7 giallo, Q verde scuro")
    assert cards == [card(7, GIALLO), card(12, VERDE_SCURO)]
    assert [str(c) for c in cards] == ["7 giallo", "Q verde scuro"]
    assert parse_cards("7 giallo Q verde scuro 10 oro") == parse_cards(
        "7 giallo, Q verde scuro, 10 oro"
    )
    assert parse_card("7 dark green") == card(7, VERDE_SCURO)
    assert cards[1].name("en") == "Q dark green"
    assert cards_text(cards) == "7 giallo, Q verde scuro"


@pytest.mark.parametrize("bad", ["", "1Z", "11H", "7 viola", "QX", "J★''''"])
def test_parse_errors_are_clear(bad: str) -> None:
    with pytest.raises(ValueError, match="card"):
        parse_card(bad)


def test_deck_sizes_and_uniqueness() -> None:
    assert len(french_deck()) == 52
    assert [len(short_deck(n)) for n in (32, 36, 40)] == [32, 36, 40]
    assert min(c.rank for c in short_deck(32)) == 7
    assert min(c.rank for c in short_deck(40)) == 5
    neb = nebraska_deck()
    assert len(neb) == 104 == len(set(neb))
    assert Counter(c.suit for c in neb) == {s: 13 for s in range(4, 12)}
    bur = burraco_deck()
    assert len(bur) == 108 == len(set(bur))
    assert sum(c.is_joker for c in bur) == 4
    twins = [c for c in bur if str(c) == "7♥"]
    assert len(twins) == 2 and twins[0] != twins[1]


def test_cards_are_interned_ints() -> None:
    a = card(7, HEARTS)
    assert a is parse_card("7H") is card_by_id(int(a))
    assert pickle.loads(pickle.dumps(a)) is a
    assert hash(a) == hash(int(a))


def test_tokens_tell_twins_apart() -> None:
    for c in burraco_deck() + nebraska_deck():
        assert card_from_token(card_token(c)) is c
    assert card_token(card(7, HEARTS, 1)) == "7♥'"
    assert card_token(joker(2)) == "J★''"


def test_bad_card_numbers() -> None:
    with pytest.raises(ValueError):
        card(15, HEARTS)
    with pytest.raises(ValueError):
        card(7, HEARTS, 2)
    with pytest.raises(ValueError):
        card_by_id(5000)
