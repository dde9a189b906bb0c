"""The commitments list of a table's frames: built once per change (it goes into every frame),
and always what the chance log says, each seed revealed exactly when its game allows: once its
hand is over (Novantanove), or only at the end of the match (Cribbage)."""

from __future__ import annotations

import random

import pytest

from mazzo.engine.game import JSON
from mazzo.engine.registry import get_game
from mazzo.server.fairness import commitment, fair_chance
from mazzo.server.storage.base import PLAYING, SeatRow, TableRow
from mazzo.server.tables import ChanceEntry, Table


@pytest.mark.parametrize(("game_id", "config"), [
    ("cribbage", {"players": 2, "target": 61, "games_to_win": 1}),
    ("novantanove", {"players": 3, "target": 100}),
])
def test_commitments_follow_the_log_and_are_rebuilt_only_when_they_change(
        game_id: str, config: JSON) -> None:
    game = get_game(game_id)
    state = game.new_match(game.config_class.from_json(config))
    per_hand = game.seeds_public_after_hand
    assert per_hand == (game_id == "novantanove")
    seats = tuple(SeatRow(i, "human", str(i)) for i in range(state.config.players))
    row = TableRow("t", game.id, state.config.to_json(), seats, "o", PLAYING)
    table = Table(row, state, [])
    rng = random.Random(1)
    revealed_while_playing = 0
    while not state.is_terminal:
        if state.is_chance:
            seed = rng.randbytes(32)
            state.apply(fair_chance(state, seed))
            table.chance.append(ChanceEntry(len(state.history) - 1, seed.hex(),
                                            commitment(seed), state.hand_number))
        else:
            legal = state.legal_actions()
            before = table.commitments()
            assert table.commitments() is before  # nothing changed: the same list
            state.apply(legal[rng.randrange(len(legal))])
        expected = [
            {"version": c.version, "hand": c.hand, "commitment": c.commitment,
             "seed": c.seed if state.is_terminal or (per_hand and state.hand_number > c.hand)
             else None}
            for c in table.chance
        ]
        assert table.commitments() == expected
        if not state.is_terminal:
            revealed_while_playing += sum(1 for e in expected if e["seed"] is not None)
    # hands ended during the match: their seeds came out only where the game allows it
    assert state.hand_number > 1
    assert (revealed_while_playing > 0) == per_hand
    assert all(e["seed"] is not None for e in table.commitments())
