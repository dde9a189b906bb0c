"""The Novantanove game object: registry entry, action encoding, test configs, text hooks."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any, ClassVar

from mazzo.cards import Card
from mazzo.engine.bot_levels import BotLevels, SearchSetting
from mazzo.engine.game import Action, Config, ConfigError, Game, GameText
from mazzo.engine.lessons import Lesson
from mazzo.engine.review import ReviewRules
from mazzo.games.novantanove import text
from mazzo.games.novantanove.actions import (
    BID,
    DECLARE,
    PASS,
    PLAY,
    REVEAL,
    BidCard,
    ChooseDealer,
    Deal,
    Declare,
    Pass,
    Play,
    Reveal,
    deck_for,
)
from mazzo.games.novantanove.config import NovantanoveConfig
from mazzo.games.novantanove.review import RULES as REVIEW_RULES
from mazzo.games.novantanove.state import NovantanoveState


@cache
def _encoding(config: NovantanoveConfig) -> tuple[tuple[Action, ...], dict[Action, int]]:
    deck = deck_for(config)
    actions: tuple[Action, ...] = (
        *(PLAY[c] for c in deck), *(BID[c] for c in deck), PASS, DECLARE, REVEAL
    )
    return actions, {a: i for i, a in enumerate(actions)}


class NovantanoveGame(Game):
    id: ClassVar[str] = "novantanove"
    title_it: ClassVar[str] = "Novantanove"
    title_en: ClassVar[str] = "Ninety-Nine"
    config_class: ClassVar[type[Config]] = NovantanoveConfig
    state_class = NovantanoveState
    text: ClassVar[GameText] = text
    action_types: ClassVar[tuple[type[Action], ...]] = (
        BidCard, Pass, Declare, Reveal, Play, ChooseDealer, Deal,
    )
    player_counts: ClassVar[tuple[int, ...]] = NovantanoveConfig.player_counts
    variants: ClassVar[tuple[str, ...]] = ("revised", "classic")
    #: 4 configs per player count below → ≥ 2000 random games per player count
    conformance_matches: ClassVar[int] = 500
    #: the whole pack is dealt and every card comes out by the end of the deal: played to a
    #: trick, turned up for trumps, or shown as a bid card (every bid, the dummy's too, is
    #: turned up when the deal is scored), so a deal's seed tells nothing still hidden
    seeds_public_after_hand: ClassVar[bool] = True
    #: a finished deal's score sheet: the board's last deal, the players' rows, games won
    sheet_keys = ("last_deal", "players", "games_won")


    def action_space(self, config: Config) -> int:
        return len(_encoding(_cfg(config))[0])

    def action_index(self, config: Config, action: Action) -> int:
        index = _encoding(_cfg(config))[1].get(action)
        if index is None:
            raise ValueError(f"{action} is not a player action of this config")
        return index

    def action_at(self, config: Config, index: int) -> Action:
        return _encoding(_cfg(config))[0][index]

    def test_configs(self) -> list[Config]:
        c = NovantanoveConfig
        return [
            c(players=3),
            c(players=3, target=25),
            c(players=3, variant="classic", target=25),
            c(players=3, first_trump="diamonds", mode="rubber", target=6),
            c(players=2, target=25),
            c(players=2, variant="classic", target=25),
            c(players=2, first_trump="diamonds", target=25),
            c(players=2, mode="rubber", target=6),
            c(players=4, target=25),
            c(players=4, deck=48, target=25),
            c(players=4, first_trump="diamonds", target=25),
            c(players=4, deck=48, mode="rubber", target=6),
        ]

    def lesson(self) -> Lesson:
        from mazzo.games.novantanove.lesson import LESSON  # (read only by a learner)

        return LESSON

    def review_rules(self) -> ReviewRules:
        return REVIEW_RULES

    def bots(self) -> dict[str, Callable[[int | None], Any]]:
        from mazzo.games.novantanove.bots import HeuristicAgent

        return {"heuristic": lambda seed: HeuristicAgent(seed)}

    def bot_levels(self) -> BotLevels:
        """Random rollouts played best against medio at equal time; novantanove's difficile is
        the yardstick of every game's budget."""
        return BotLevels(SearchSetting("random", 2200, 9600))

    def deck(self, config: NovantanoveConfig) -> tuple[Card, ...]:
        return deck_for(config)


def _cfg(config: Config) -> NovantanoveConfig:
    if not isinstance(config, NovantanoveConfig):
        raise ConfigError(f"novantanove needs a NovantanoveConfig, got {type(config).__name__}")
    return config
