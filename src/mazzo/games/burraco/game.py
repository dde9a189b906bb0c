"""The Burraco game object: registry entry, action encoding, text and bots."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from mazzo.engine.game import JSON, Action, Config, Event, Game
from mazzo.games.burraco import actions, text
from mazzo.games.burraco.bots import BurracoHeuristic
from mazzo.games.burraco.config import VARIANTS, BurracoConfig
from mazzo.games.burraco.state import BurracoState


class BurracoGame(Game):
    id = "burraco"
    title_it = "Burraco"
    title_en = "Burraco"
    config_class = BurracoConfig
    action_types = actions.ACTION_TYPES
    player_counts = (2, 3, 4)
    variants = VARIANTS
    #: x 3 configs per player count (see test_configs): 510 random matches per player count
    conformance_matches = 170

    def new_match(self, config: Config | None = None) -> BurracoState:
        cfg = config if config is not None else BurracoConfig()
        if not isinstance(cfg, BurracoConfig):
            raise TypeError(f"Burraco needs a BurracoConfig, not {type(cfg).__name__}")
        cfg.validate()
        return BurracoState(self, cfg)

    def action_space(self, config: Config) -> int:
        return actions.ACTION_SPACE

    def action_index(self, config: Config, action: Action) -> int:
        return actions.action_index(action)

    def action_at(self, config: Config, index: int) -> Action:
        return actions.action_at(index)

    def test_configs(self) -> list[Config]:
        """Three configs per player count (x conformance_matches = 510 random matches each):
        mostly one- and two-hand matches for speed, and the real default target (2005) with 2
        players; both presets, the 3-player switch to three pozzetti (``switch=1``: from the
        second hand) and the clean-burraco option."""
        return [
            BurracoConfig(players=4, hands=1),
            BurracoConfig(players=4, variant="fibur", hands=1, clean_burraco_to_close=True),
            BurracoConfig(players=4, hands=2),
            BurracoConfig(players=2, hands=1),
            BurracoConfig(players=2, variant="fibur", hands=1, vp_table="seed_wiki"),
            BurracoConfig(players=2),
            BurracoConfig(players=3, hands=1),
            BurracoConfig(players=3, variant="fibur", hands=1, three_player_targets="tournament"),
            BurracoConfig(players=3, hands=2, switch=1),
        ]

    def describe_action(self, action: Action, lang: str = "en") -> str:
        return text.describe_action(action, lang)

    def describe_event(self, event: Event, lang: str = "en") -> str:
        return text.describe_event(event, lang)

    def render(self, view: JSON, lang: str = "en") -> str:
        return text.render(view, lang)

    def rules_summary(self, lang: str = "en") -> str:
        return text.rules_summary(lang)

    def bots(self) -> dict[str, Callable[[int | None], Any]]:
        return {"heuristic": BurracoHeuristic}
