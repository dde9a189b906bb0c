"""The cribbage game object: registry entry, action encoding, text, bots and the analyzer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from mazzo.engine.bot_levels import BotLevels, ExtraBot, SearchSetting
from mazzo.engine.game import Action, Config, Game, GameText
from mazzo.engine.lessons import Lesson
from mazzo.engine.review import ReviewRules
from mazzo.games.cribbage import actions, text
from mazzo.games.cribbage.bots import CribbageHeuristic
from mazzo.games.cribbage.cli import HELP as ANALYZE_HELP
from mazzo.games.cribbage.cli import analyze_main
from mazzo.games.cribbage.config import CribbageConfig
from mazzo.games.cribbage.review import RULES as REVIEW_RULES
from mazzo.games.cribbage.state import CribbageState


class CribbageGame(Game):
    id = "cribbage"
    title_it = "Cribbage"
    title_en = "Cribbage"
    config_class = CribbageConfig
    state_class = CribbageState
    text: ClassVar[GameText] = text
    action_types = actions.ACTION_TYPES
    player_counts = CribbageConfig.player_counts
    variants = ()
    # per config; 3 configs per player count (2 of them short) → ≥ 2000 per player count
    conformance_matches = 700
    #: a hand cut short when a game is won during the play or the show (the match going on
    #: to the next game) never shows the cards not yet played or counted, nor the crib: a
    #: deal's seed fixes them, so seeds wait for the end of the match
    seeds_public_after_hand = False
    #: a finished hand's score sheet: the hands and crib shown and counted, games won
    sheet_keys = ("shown", "starter", "games_won")


    def sides(self, config: Config) -> tuple[int, ...]:
        """With four players, two partnerships: seats 0+2 against 1+3; otherwise each alone."""
        n = config.players
        return tuple(s % 2 for s in range(n)) if n == 4 else tuple(range(n))

    def action_space(self, config: Config) -> int:
        return actions.ACTION_SPACE

    def action_index(self, config: Config, action: Action) -> int:
        return actions.action_index(action)

    def action_at(self, config: Config, index: int) -> Action:
        return actions.action_at(index)

    def test_configs(self) -> list[Config]:
        return [
            CribbageConfig(),  # the real default: best of 3 games to 121, ACC scoring
            CribbageConfig(players=2, target=61, games_to_win=1),
            CribbageConfig(players=2, target=61, games_to_win=1, muggins=True,
                           match_scoring="free_triple"),
            CribbageConfig(players=3, target=61, games_to_win=1),
            CribbageConfig(players=3, target=61, games_to_win=1, muggins=True,
                           match_scoring="long"),
            CribbageConfig(players=3, target=121, games_to_win=1, match_scoring="free"),
            CribbageConfig(players=4, target=61, games_to_win=1),
            CribbageConfig(players=4, target=61, games_to_win=1, muggins=True,
                           match_scoring="free"),
            CribbageConfig(players=4, target=121, games_to_win=1, match_scoring="free_triple"),
        ]

    def review_rules(self) -> ReviewRules:
        return REVIEW_RULES

    def bots(self) -> dict[str, Callable[[int | None], Any]]:
        return {"heuristic": CribbageHeuristic}

    def lesson(self) -> Lesson:
        from mazzo.games.cribbage.lesson import LESSON  # (read only by a learner)

        return LESSON

    def bot_levels(self) -> BotLevels:
        """Esperto plays two-player games to 121 by the board table and reads the opponent's
        hand from his discard and plays (56.9 % of 800 against medio, where the same player
        with uniform worlds, ``uniforme``, scored 51.4 % on the same deals); the search esperto
        (3 and 4 players, ``ricerca``) keeps 5000: the level timer measures the two-player
        esperto, not the search. ``uniforme`` is kept to measure what the reading adds."""
        from mazzo.games.cribbage.bots import CribbageExpert, CribbageReader

        search = SearchSetting(
            "heuristic", 2700, 5000, expert=CribbageReader,
            expert_text="two players to 121: lays away for the best chance to win the game "
            "(board table), searches the play in sampled worlds weighted by what his discard and "
            "his plays tell, answering for him as a textbook pegger; other tables: ")
        uniforme = ExtraBot(CribbageExpert, "cribbage's esperto before its inference: the play "
                            "searched in worlds drawn uniformly (only his goes respected), ~0.01 s "
                            "per move")
        return BotLevels(search, {"uniforme": uniforme})

    def subcommands(self) -> dict[str, Callable[[list[str]], int]]:
        return {"analyze": analyze_main}

    def subcommand_help(self, name: str, lang: str) -> str | None:
        return ANALYZE_HELP["it" if lang == "it" else "en"]["summary"] if name == "analyze" \
            else None
