"""The commitments list of a table's frames: built once per change (it goes into every frame),
and always what the chance log says, each seed revealed exactly once its hand is over."""

from __future__ import annotations

import random

from mazzo.engine.registry import get_game
from mazzo.server.fairness import commitment, fair_chance
from mazzo.server.storage.base import PLAYING, SeatRow, TableRow
from mazzo.server.tables import ChanceEntry, Table


def test_commitments_follow_the_log_and_are_rebuilt_only_when_they_change() -> None:
    game = get_game("cribbage")
    config = game.config_class.from_json({"players": 2, "target": 61, "games_to_win": 1})
    state = game.new_match(config)
    row = TableRow("t", game.id, state.config.to_json(),
                   (SeatRow(0, "human", "a"), SeatRow(1, "human", "b")), "o", PLAYING)
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
             "seed": c.seed if state.is_terminal or state.hand_number > c.hand else None}
            for c in table.chance
        ]
        assert table.commitments() == expected
        revealed_while_playing += sum(1 for e in expected if e["seed"] is not None)
    assert revealed_while_playing > 0  # hands ended during the match and seeds came out
    assert all(e["seed"] is not None for e in table.commitments())
