"""Every game's seeded trace must match its golden file: behaviour changes are deliberate."""

from __future__ import annotations

import pytest

from mazzo.engine import Game, all_games

from golden_trace import path_for, trace


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_golden_playthrough(game: Game) -> None:
    path = path_for(game)
    assert path.exists(), f"no golden trace for {game.id}: run 'make playthroughs'"
    expected = path.read_text(encoding="utf-8").splitlines()
    got = trace(game)
    for i, (want, have) in enumerate(zip(expected, got, strict=False)):
        assert have == want, f"{game.id}: trace differs at line {i} (run 'make playthroughs')"
    assert len(got) == len(expected)
