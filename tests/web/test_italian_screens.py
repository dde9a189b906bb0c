"""What an Italian player read, and tripped on, looking at every screen of the browser app in
Italian: the log's sentences (from the games' text modules), the boards' words (the i18n table
and the game scripts), the move buttons. Each test names what the screen said before."""

from __future__ import annotations

from mazzo.cards import parse_card
from mazzo.games.burraco import events as burraco_ev
from mazzo.games.burraco.text import describe_event as burraco_event
from mazzo.games.novantanove.actions import BidCard
from mazzo.games.novantanove.text import describe_action as novantanove_action
from mazzo.games.poker_italiano import events as poker_ev
from mazzo.games.poker_italiano.text import describe_event as poker_event


def test_a_pot_is_won_with_its_article() -> None:
    """The log said "Bot medio (2) vince piatto: 37 fiches", "vince piatto laterale 1"."""
    assert poker_event(poker_ev.PotWon(1, 37, 0, True), "it") == (
        "Giocatore 2 vince il piatto: 37 fiches")
    assert poker_event(poker_ev.PotWon(1, 2, 1, False), "it") == (
        "Giocatore 2 vince il piatto laterale 1: 2 fiches senza mostrare")
    assert poker_event(poker_ev.PotWon(1, 1, 0, True), "en") == "Player 2 wins the pot: 1 chip"


def test_a_burraco_hand_names_its_dealer_as_the_other_games_do() -> None:
    """The log opened each hand with "Smazzata 1: dà le carte Bot medio, pozzetti 11+11" (the
    subject after its object); Novantanove and poker say "Mano 1: mazziere Bot medio (2), ..."."""
    event = burraco_ev.HandDealt(1, 1, parse_card("6♦"), (11, 11))
    assert burraco_event(event, "it") == (
        "Smazzata 1: mazziere Giocatore 2, pozzetti 11+11, prima carta scoperta 6♦")


def test_a_novantanove_bid_card_move_is_said_to_the_player() -> None:
    """Every move is said to the player ("gioca 7♣", "passo", the hint's "L'esperto
    giocherebbe: ..."), but laying a bid card read "mette 6♦ tra le carte scommessa"."""
    move = BidCard(parse_card("6♦"))
    assert novantanove_action(move, "it") == "metti 6♦ tra le carte scommessa"
