"""The Nebraska game object: registry entry, action encoding, text and bots."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from mazzo.engine.bot_levels import BotLevels, SearchSetting
from mazzo.engine.game import JSON, Action, Config, Game, GameText
from mazzo.engine.lessons import Lesson
from mazzo.engine.review import ReviewRules
from mazzo.games.nebraska import actions, text
from mazzo.games.nebraska.bots import NebraskaHeuristic
from mazzo.games.nebraska.config import VARIANTS, NebraskaConfig
from mazzo.games.nebraska.review import RULES as REVIEW_RULES
from mazzo.games.nebraska.state import NebraskaState


class NebraskaGame(Game):
    id = "nebraska"
    title_it = "Nebraska"
    title_en = "Nebraska"
    config_class = NebraskaConfig
    state_class = NebraskaState
    text: ClassVar[GameText] = text
    action_types = actions.ACTION_TYPES
    player_counts = NebraskaConfig.player_counts
    variants = VARIANTS
    conformance_matches = 340  # x 6 player counts: ≥ 2000 per variant, plus the option configs
    #: the rest of the stock is never turned, and which replacement card each player got is
    #: never shown (so neither is the hand each bid was chosen from): a deal's seed fixes
    #: them, so seeds wait for the end of the match
    seeds_public_after_hand = False
    #: a finished hand's score sheet: what the board draws as the last hand
    sheet_keys = ("last_hand",)


    def action_space(self, config: Config) -> int:
        return actions.ACTION_SPACE

    def action_index(self, config: Config, action: Action) -> int:
        return actions.action_index(action)

    def action_at(self, config: Config, index: int) -> Action:
        return actions.action_at(index)

    def test_configs(self) -> list[Config]:
        configs: list[Config] = []
        for variant in VARIANTS:
            for players in self.player_counts:
                configs.append(NebraskaConfig(players=players, variant=variant))
        configs.append(NebraskaConfig(players=3, variant="poker", ace_low_in_runs=True, hands=2))
        configs.append(NebraskaConfig(players=5, variant="expert", tiebreak="valid", target=2))
        return configs

    def notes(self, view: JSON, lang: str) -> JSON | None:
        """Which of the seat's own cards count with the common cards now, in words and as
        tokens (the table page marks those cards)."""
        return text.view_notes(view, lang)

    def lesson(self) -> Lesson:
        from mazzo.games.nebraska.lesson import LESSON  # (read only by a learner)

        return LESSON

    def review_rules(self) -> ReviewRules:
        return REVIEW_RULES

    def bots(self) -> dict[str, Callable[[int | None], Any]]:
        return {"heuristic": NebraskaHeuristic}

    def bot_levels(self) -> BotLevels:
        """Random rollouts played best against medio at equal time."""
        return BotLevels(SearchSetting("random", 2000, 9800))
