"""Every observation and mask of seeded trajectories equals the pinned one, byte for byte."""

from __future__ import annotations

import pytest
from golden_observations import game_trace, path_for

from mazzo.engine import Game, all_games


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.id)
def test_observations_match_the_pinned_trajectories(game: Game) -> None:
    path = path_for(game)
    assert path.exists(), f"no pinned observations for {game.id}"
    expected = path.read_text(encoding="utf-8").splitlines()
    got = game_trace(game)
    for want, have in zip(expected, got, strict=False):
        assert have == want, f"{game.id}: the observation differs first at {want!r}"
    assert len(got) == len(expected)
