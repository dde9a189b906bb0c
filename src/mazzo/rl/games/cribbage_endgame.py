"""A cribbage pegging end-game small enough for OpenSpiel's tabular CFR: ``mazzo_cribbage_endgame``.

No whole mazzo game is: a two-player cribbage hand alone starts from C(52, 6) = 20,358,520 deals
per seat. This sub-game is the end of a hand of a two-player match to 61, set up by hand: both
pegs on 60, so the first point pegged wins the match (and one is always pegged: the last card
scores a go at worst). A root chance node deals ``cards`` cards to each seat from a pool of
``pool`` cards, every split as likely; the starter, the discards and the dealer come from a
seeded random match (``seed``) stopped where its play began. Then the pegging is played by the
engine's rules through the usual OpenSpiel wrapper, so a seat knows its own cards, the cards laid
and the count, never the other hand. Returns: 1 to the seat who pegs first, 0 to the other
(constant-sum). Its size for the default parameters is in docs/rl.md.
"""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any, Final

import pyspiel

from mazzo.cards import Card
from mazzo.engine import get_game
from mazzo.games.cribbage.config import CribbageConfig
from mazzo.games.cribbage.state import CribbageState
from mazzo.rl.openspiel import MazzoSpielGame, MazzoSpielState

NAME: Final = "mazzo_cribbage_endgame"
#: the parameters and their defaults: cards per seat, cards they are dealt from, the match's seed
DEFAULTS: Final = {"cards": 2, "pool": 6, "seed": 1}
#: the pegs of both sides: the next point wins a match to 61
PEGS: Final = 60


def pegging_start(seed: int) -> CribbageState:
    """A seeded random two-player match to 61, stopped where its first play begins."""
    game = get_game("cribbage")
    state = game.new_match(CribbageConfig(players=2, target=61, games_to_win=1))
    rng = random.Random(seed)
    while state.phase != "pegging":
        if state.is_chance:
            state.apply(state.sample_chance(rng))
        else:
            legal = state.legal_actions()
            state.apply(legal[rng.randrange(len(legal))])
    assert isinstance(state, CribbageState)
    return state


def deals(base: CribbageState, cards: int, pool: int) -> list[tuple[tuple[Card, ...], ...]]:
    """Every way to give each seat ``cards`` cards from the first ``pool`` cards of the two hands
    and the undealt pack, in a fixed order (the chance outcomes)."""
    cards_in = [*base.hands[0], *base.hands[1], *sorted(base.stock)][:pool]
    if len(cards_in) < pool or 2 * cards > pool:
        raise ValueError(f"cannot deal {cards} cards to each seat from {pool}")
    made: list[tuple[tuple[Card, ...], ...]] = []
    for first in combinations(cards_in, cards):
        rest = [c for c in cards_in if c not in first]
        made += [(first, second) for second in combinations(rest, cards)]
    return made


class _Deals(tuple[tuple[tuple[Card, ...], ...], ...]):
    """The root's outcomes, shared by a state and its copies (``copy.deepcopy`` clones a state
    at every step of a search: copying the deals cost ten times the rest)."""

    def __deepcopy__(self, memo: dict[int, Any]) -> _Deals:
        return self


class EndgameState(MazzoSpielState):
    """The wrapper's state with a root chance node that deals the end-game's hands."""

    def __init__(self, game: CribbageEndgameGame, base: CribbageState) -> None:
        super().__init__(game, base)
        self.hands = _Deals(game.hands)
        self.dealt = -1  # the root's outcome, -1 before it

    def current_player(self) -> int:
        return int(pyspiel.PlayerId.CHANCE) if self.dealt < 0 else super().current_player()

    def _legal_actions(self, player: int) -> list[int]:
        return [] if self.dealt < 0 else super()._legal_actions(player)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.dealt >= 0:
            return super().chance_outcomes()
        return [(i, 1.0 / len(self.hands)) for i in range(len(self.hands))]

    def _apply_action(self, action: int) -> None:
        if self.dealt >= 0:
            super()._apply_action(action)
            return
        self.dealt = int(action)
        world = self.world
        assert isinstance(world, CribbageState)
        world.hands = [sorted(hand) for hand in self.hands[self.dealt]]
        world._view_parts = None  # new hands: the views start afresh

    def _action_to_string(self, player: int, action: int) -> str:
        if self.dealt < 0:
            return "deal " + " | ".join(" ".join(map(str, h)) for h in self.hands[action])
        return super()._action_to_string(player, action)

    def is_terminal(self) -> bool:
        return self.dealt >= 0 and super().is_terminal()


class CribbageEndgameGame(MazzoSpielGame):
    """The end-game as an OpenSpiel game (parameters: ``cards``, ``pool``, ``seed``)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        given = {**DEFAULTS, **(params or {})}
        self.base = pegging_start(int(given["seed"]))
        self.base.board = [PEGS, PEGS]
        self.hands = deals(self.base, int(given["cards"]), int(given["pool"]))
        self.endgame_params = given
        super().__init__(get_game("cribbage"), {"players": 2, "target": 61, "games_to_win": 1})

    def _spiel_game(self) -> tuple[Any, Any, dict[str, Any]]:
        return endgame_type(), self._info(utility_sum=1.0), dict(self.endgame_params)

    def new_initial_state(self) -> EndgameState:
        return EndgameState(self, self.base.clone())

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return pyspiel.load_game, (str(self),)


def endgame_type() -> Any:
    return pyspiel.GameType(
        short_name=NAME,
        long_name="mazzo cribbage pegging end-game (60-60, first point wins)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(DEFAULTS),
    )


if NAME not in pyspiel.registered_names():
    pyspiel.register_game(endgame_type(), CribbageEndgameGame)
