"""Which rules a rated table may have: each game's defaults for each player count and each of
its variants, nothing else changed, and never a variant the player count cannot play."""

from __future__ import annotations

import pytest

from mazzo.engine.registry import all_games, get_game
from mazzo.server.creation import rated_configs


@pytest.mark.parametrize("game", [g.id for g in all_games()])
def test_every_player_count_s_defaults_may_be_rated(game: str) -> None:
    g = get_game(game)
    configs = rated_configs(g)
    for n in g.player_counts:
        assert g.config_class(players=n).to_json() in configs


def test_variants_are_rated_where_the_player_count_plays_them_and_nothing_else() -> None:
    novantanove = get_game("novantanove")
    configs = rated_configs(novantanove)
    assert novantanove.config_class(players=3, variant="classic").to_json() in configs
    assert all(not (c["players"] == 4 and c["variant"] == "classic") for c in configs)
    burraco = get_game("burraco")
    assert burraco.config_class(players=2, variant="fibur").to_json() in rated_configs(burraco)
    assert burraco.config_class(players=2, target=500).to_json() not in rated_configs(burraco)
