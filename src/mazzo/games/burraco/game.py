"""The Burraco game object: registry entry, action encoding, text and bots."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from mazzo.engine.bot_levels import BotLevels, SearchSetting
from mazzo.engine.game import Action, Config, Game, GameText
from mazzo.engine.lessons import Lesson
from mazzo.engine.review import ReviewRules
from mazzo.games.burraco import actions, text
from mazzo.games.burraco.bots import BurracoHeuristic
from mazzo.games.burraco.config import VARIANTS, BurracoConfig
from mazzo.games.burraco.review import RULES as REVIEW_RULES
from mazzo.games.burraco.state import BurracoState


class BurracoGame(Game):
    id = "burraco"
    title_it = "Burraco"
    title_en = "Burraco"
    config_class = BurracoConfig
    state_class = BurracoState
    text: ClassVar[GameText] = text
    action_types = actions.ACTION_TYPES
    player_counts = BurracoConfig.player_counts
    variants = VARIANTS
    #: x 3 configs per player count (see test_configs): 510 random matches per player count
    conformance_matches = 170
    #: the rest of the stock, a pozzetto nobody took, the cards each player drew from the
    #: stock and those left in the hands when it closes (only their value is counted) are
    #: never shown: a deal's seed fixes them, so seeds wait for the end of the match
    seeds_public_after_hand = False
    #: a finished hand's score sheet: what the board draws as the last hand
    sheet_keys = ("last_hand",)


    def sides(self, config: Config) -> tuple[int, ...]:
        """With four players, two pairs: seats 0+2 against 1+3; otherwise each alone."""
        n = config.players
        return tuple(s % 2 for s in range(n)) if n == 4 else tuple(range(n))

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

    def lesson(self) -> Lesson:
        from mazzo.games.burraco.lesson import LESSON  # (read only by a learner)

        return LESSON

    def review_rules(self) -> ReviewRules:
        return REVIEW_RULES

    def bots(self) -> dict[str, Callable[[int | None], Any]]:
        return {"heuristic": BurracoHeuristic}

    def bot_levels(self) -> BotLevels:
        """105 iterations read 1.08 of novantanove's difficile, 750 read 5.2 of it (1 s /
        0.195 s = 5.13)."""
        return BotLevels(SearchSetting("heuristic", 100, 750))
