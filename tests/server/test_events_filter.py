"""The per-seat event filter: an event naming a card the seat cannot see never reaches it."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import ClassVar

from mazzo.cards import Card
from mazzo.engine.game import Event, card_token
from mazzo.engine.registry import get_game
from mazzo.server.protocol import cards_in
from mazzo.server.storage.base import PLAYING, SeatRow, TableRow
from mazzo.server.tables import Table
from playout import play_randomly


@dataclass(frozen=True, slots=True)
class Peeked(Event):
    kind: ClassVar[str] = "peeked"
    seat: int
    card: Card


def test_an_event_naming_a_hidden_card_is_kept_from_other_seats() -> None:
    game = get_game("cribbage")
    state = game.new_match(game.test_configs()[0])
    rng = random.Random(0)
    play_randomly(state, rng, until=lambda s: not s.is_chance)
    row = TableRow("t", game.id, state.config.to_json(),
                   (SeatRow(0, "human", "a"), SeatRow(1, "human", "b")), "o", PLAYING)
    table = Table(row, state, [])
    view0, view1 = state.view(0), state.view(1)
    mine = next(c for c in state.cards_in_play() if card_token(c) in set(view0["hand"]))
    event = Peeked(0, mine)
    own = table.frame(0, "en", [event], view0, cards_in(view0))
    other = table.frame(1, "en", [event], view1, cards_in(view1))
    spectator = table.frame(None, "en", [event], state.view(None), cards_in(state.view(None)))
    assert [e["type"] for e in own["events"]] == ["peeked"]
    assert other["events"] == [] and spectator["events"] == []
    assert card_token(mine) not in str(other) and card_token(mine) not in str(spectator)
