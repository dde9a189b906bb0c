"""The Poker all'italiana game object: registry entry, action encoding, text and bots."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from mazzo.engine.bot_levels import BotLevels, ExtraBot, SearchSetting
from mazzo.engine.game import Action, Config, Game, GameText
from mazzo.engine.lessons import Lesson
from mazzo.engine.review import ReviewRules
from mazzo.games.poker_italiano import actions, text
from mazzo.games.poker_italiano.bots import PokerHeuristic
from mazzo.games.poker_italiano.config import PokerItalianoConfig
from mazzo.games.poker_italiano.review import RULES as REVIEW_RULES
from mazzo.games.poker_italiano.state import PokerItalianoState


class PokerItalianoGame(Game):
    id = "poker_italiano"
    title_it = "Poker all'italiana"
    title_en = "Italian draw poker (poker all'italiana)"
    config_class = PokerItalianoConfig
    state_class = PokerItalianoState
    text: ClassVar[GameText] = text
    action_types = actions.ACTION_TYPES
    player_counts = PokerItalianoConfig.player_counts
    # each test config caps matches at a few deals; see test_configs for the hand count
    conformance_matches = 100
    #: a folded hand, the cards a player discarded and those he drew are never shown, and
    #: the seed of a deal or a reshuffle fixes them all: seeds wait for the end of the match
    seeds_public_after_hand = False
    #: a finished hand's score sheet: what the board draws as the last hand
    sheet_keys = ("last_hand",)
    #: the last bet or draw settles the pot and the engine at once takes the next hand's antes
    hand_openers = frozenset({"ante_paid", "hand_started"})

    def _codec(self, config: Config) -> actions.ActionCodec:
        assert isinstance(config, PokerItalianoConfig)
        return actions.shared_codec(config.deck_size, config.max_amount)

    def _new_state(self, config: Config) -> PokerItalianoState:
        assert isinstance(config, self.config_class)
        return PokerItalianoState(self, config, self._codec(config))

    def action_space(self, config: Config) -> int:
        return self._codec(config).size

    def action_index(self, config: Config, action: Action) -> int:
        return self._codec(config).index(action)

    def action_at(self, config: Config, index: int) -> Action:
        return self._codec(config).action(index)

    def test_configs(self) -> list[Config]:
        """Every player count (3–9) with short matches, the real default, and the options."""
        c = PokerItalianoConfig
        return [
            c(players=4, max_hands=20),
            c(players=5, max_hands=20),
            c(players=6, max_hands=20),
            c(players=4),  # the real default: 50 deals
            c(players=3, max_hands=8, stack=30, escalate_opening=True, blind_base=1),
            c(players=5, max_hands=8, stack=40, raise_limit="none", open_exact_pot=True,
              suit_before_kickers=True, flush_by_suit=True, cyclic_straight_flush=True),
            c(players=6, max_hands=8, credit=True, bet_menu="all", stack=20, ante=2, cip=2),
            # the counts beyond the traditional 4–6: 44 cards, and the full 52 (ace-low A-2-3-4-5)
            c(players=7, max_hands=8, stack=40),
            c(players=9, max_hands=8, stack=40),
        ]

    def lesson(self) -> Lesson:
        from mazzo.games.poker_italiano.lesson import LESSON  # (read only by a learner)

        return LESSON

    def review_rules(self) -> ReviewRules:
        return REVIEW_RULES

    def bots(self) -> dict[str, Callable[[int | None], Any]]:
        return {"heuristic": PokerHeuristic}

    def bot_levels(self) -> BotLevels:
        """Opponents' cards weighted by what their bets and draws reveal; unguided difficile
        measured stronger (10/16 against medio, guided 7/16). The esperto plays for the match
        (59.1 % of 862 against medio at ~0.3 s a move); its search, now ``ricerca``, keeps 3750
        because its strength row was measured at that budget (58.1 % of 172, 0.9 s).

        The bots that are no level: ``modello`` models each opponent from the match and plays
        rollouts against the model: it wins chips per deal from medio but did not win more
        matches than the search (docs/poker_italiano.md). ``partita`` is modello playing for the
        match, the esperto's player by its own name; ``partita2``, the same for the arena's
        two-level rule, scored 64.5 % of 600 but is no level: it plays the seats of its parity
        as a team, right only in the arena."""
        from mazzo.games.poker_italiano.bots import likely_world
        from mazzo.games.poker_italiano.expert import (
            MatchExpert,
            MatchPlayer,
            PokerExpert,
            TeamMatchPlayer,
        )

        search = SearchSetting(
            "heuristic", 860, 3750, "policy", likely_world, guided=("esperto",),
            expert=MatchExpert,
            expert_text="plays for the match (partita): rollouts against a model of each "
            "opponent (a solid player's frequencies moved by the last deal's actions, read from "
            "the view), a deal's end valued by the chance to finish with the biggest stack, 192 "
            "worlds per candidate, ~0.3 s per move; ricerca, the search it replaced: ")
        extra = {
            "modello": ExtraBot(PokerExpert, "rollouts against a model of each opponent learnt "
                                "from the match (action frequencies, ranges), ~0.05 s per move"),
            "partita": ExtraBot(MatchPlayer, "modello valuing a deal's end by its chance to win "
                                "the match (the biggest stack at the end), not by chips, ~0.06 s "
                                "per move (poker's esperto)"),
            "partita2": ExtraBot(TeamMatchPlayer, "partita for the arena's two-level rule (its "
                                 "side's best seat on top; the side sits in alternate seats, so "
                                 "it counts the seat two places on as its partner: for "
                                 "measurement, not for tables of people), ~0.05 s per move"),
        }
        return BotLevels(search, extra)
