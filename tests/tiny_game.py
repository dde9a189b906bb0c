"""A tiny but complete game implementing the protocol, for testing the search bot and the arena
(its own checks are in tests/bots/test_bots_tinygame.py).

"Ultima": one suit of 13 cards (2..A). Each hand the deck is shuffled (a chance node) and every
seat gets ``hand_size`` cards; the rest stay face down. Tricks: the leader plays any card, the
others follow with any card, the highest wins. A trick scores 1 point, the last trick of the hand 2
(the "ultima"). The match ends the moment a seat (or team, with ``teams`` in 4 players) reaches
``target``; the first leader rotates each hand.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from mazzo.cards import SPADES, Card, card
from mazzo.engine import CHANCE, TERMINAL, Action, Config, Event, Game, IllegalAction, State
from mazzo.engine.game import JSON, ConfigError, card_token, check_range, tokens

DECK: tuple[Card, ...] = tuple(card(r, SPADES) for r in range(2, 15))


@dataclass(frozen=True)
class UltimaConfig(Config):
    players: int = 2
    hand_size: int = 3
    target: int = 7
    teams: bool = False

    def validate(self) -> None:
        super().validate()
        check_range("players", self.players, 2, 4)
        check_range("hand_size", self.hand_size, 1, 13 // self.players)
        check_range("target", self.target, 1)
        if self.teams and self.players != 4:
            raise ConfigError("teams: only with 4 players")


@dataclass(frozen=True, slots=True)
class Play(Action):
    kind: ClassVar[str] = "play"
    card: Card

    def __str__(self) -> str:
        return f"play {self.card}"


@dataclass(frozen=True, slots=True)
class Deal(Action):
    kind: ClassVar[str] = "deal"
    order: tuple[Card, ...]

    def __str__(self) -> str:
        return "deal"


@dataclass(frozen=True, slots=True)
class TrickWon(Event):
    kind: ClassVar[str] = "trick_won"
    seat: int
    points: int


PLAYS = {c: Play(c) for c in DECK}


class UltimaState(State):
    config: UltimaConfig

    def __init__(self, game: Game, config: UltimaConfig) -> None:
        super().__init__(game, config)
        n = config.players
        self.hands: list[list[Card]] = [[] for _ in range(n)]
        self.stock: list[Card] = list(DECK)
        self.played: list[Card] = []  # completed tricks of this hand
        self.trick: list[tuple[int, Card]] = []
        self.points = [0] * n
        self.hand = 0
        self.turn = CHANCE
        self.over = False

    @property
    def current_player(self) -> int:
        return TERMINAL if self.over else self.turn

    @property
    def phase(self) -> str:
        return "over" if self.over else ("deal" if self.turn == CHANCE else "play")

    @property
    def hand_number(self) -> int:
        return max(1, self.hand)

    def legal_actions(self) -> list[Action]:
        if self.over or self.turn == CHANCE:
            return []
        return [PLAYS[c] for c in sorted(self.hands[self.turn])]

    def sample_chance(self, rng: random.Random) -> Action:
        order = list(DECK)
        rng.shuffle(order)
        return Deal(tuple(order))

    def _check_chance(self, action: Action) -> None:
        if not isinstance(action, Deal) or sorted(action.order) != sorted(DECK):
            raise IllegalAction("a deal must order the whole deck")

    def _apply(self, action: Action) -> None:
        n = self.config.players
        if isinstance(action, Deal):
            size = self.config.hand_size
            order = list(action.order)
            self.hands = [sorted(order[s * size:(s + 1) * size]) for s in range(n)]
            self.stock = order[n * size:]
            self.played = []
            self.hand += 1
            self.turn = (self.hand - 1) % n
            return
        assert isinstance(action, Play)
        self.hands[self.turn].remove(action.card)
        self.trick.append((self.turn, action.card))
        if len(self.trick) < n:
            self.turn = (self.turn + 1) % n
            return
        self._close_trick()

    def _close_trick(self) -> None:
        winner = max(self.trick, key=lambda sc: sc[1].rank)[0]
        self.played.extend(c for _, c in self.trick)
        self.trick = []
        last = not self.hands[winner]
        gained = 2 if last else 1
        for seat in self.partners(winner):
            self.points[seat] += gained
        self.events = [TrickWon(winner, gained)]
        if self.points[winner] >= self.config.target:
            self.over = True
        elif last:
            self.turn = CHANCE
        else:
            self.turn = winner

    def partners(self, seat: int) -> list[int]:
        if self.config.teams:
            return [seat % 2, seat % 2 + 2]
        return [seat]

    def view(self, seat: int | None) -> JSON:
        out: JSON = {
            "phase": self.phase,
            "hand_number": self.hand_number,
            "current_player": self.current_player,
            "scores": list(self.points),
            "trick": [[s, card_token(c)] for s, c in self.trick],
            "played": tokens(self.played),
            "counts": [len(h) for h in self.hands],
        }
        if seat is not None:
            out["hand"] = tokens(self.hands[seat])
        return out

    def _determinize(self, seat: int, rng: random.Random) -> Self:
        other = self.clone()
        pool = sorted(other.stock + [c for s, h in enumerate(other.hands) if s != seat for c in h])
        rng.shuffle(pool)
        for s, h in enumerate(other.hands):
            if s != seat:
                k = len(h)
                other.hands[s] = sorted(pool[:k])
                pool = pool[k:]
        other.stock = pool
        return other

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def returns(self) -> list[float]:
        if not self.over:
            return [0.0] * self.config.players
        best = max(self.points)
        return [1.0 if p == best else 0.0 for p in self.points]

    def clone(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.history = list(self.history)
        other.events = list(self.events)
        other.hands = [list(h) for h in self.hands]
        other.stock = list(self.stock)
        other.played = list(self.played)
        other.trick = list(self.trick)
        other.points = list(self.points)
        return other

    def cards_in_play(self) -> list[Card]:
        in_hands = [c for h in self.hands for c in h]
        return in_hands + self.stock + self.played + [c for _, c in self.trick]


class UltimaGame(Game):
    id: ClassVar[str] = "ultima_test"
    title_it: ClassVar[str] = "Ultima (gioco di prova)"
    title_en: ClassVar[str] = "Ultima (test game)"
    config_class: ClassVar[type[Config]] = UltimaConfig
    action_types: ClassVar[tuple[type[Action], ...]] = (Play, Deal)
    player_counts: ClassVar[tuple[int, ...]] = (2, 3, 4)

    def new_match(self, config: Config | None = None) -> UltimaState:
        config = config or UltimaConfig()
        assert isinstance(config, UltimaConfig)
        config.validate()
        return UltimaState(self, config)

    def action_space(self, config: Config) -> int:
        return len(DECK)

    def action_index(self, config: Config, action: Action) -> int:
        assert isinstance(action, Play)
        return DECK.index(action.card)

    def action_at(self, config: Config, index: int) -> Action:
        return PLAYS[DECK[index]]

    def test_configs(self) -> list[Config]:
        return [UltimaConfig(), UltimaConfig(players=3), UltimaConfig(players=4, teams=True)]

    def describe_action(self, action: Action, lang: str = "en") -> str:
        return str(action)

    def describe_event(self, event: Event, lang: str = "en") -> str:
        return str(event)

    def render(self, view: JSON, lang: str = "en") -> str:
        return str(view)

    def rules_summary(self, lang: str = "en") -> str:
        return __doc__ or ""

    def bots(self) -> dict[str, Any]:
        return {"heuristic": HighCardAgent}


class HighCardAgent:
    """Heuristic: win the trick as cheaply as possible, else throw the lowest card."""

    name = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, turn: Any) -> Action:
        from mazzo.engine.game import card_from_token

        table = [card_from_token(t).rank for _, t in turn.view["trick"]]
        cards = sorted((a.card for a in turn.legal), key=lambda c: c.rank)
        top = max(table, default=0)
        winners = [c for c in cards if c.rank > top]
        if not table:  # leading: lead the top card only if it is the ace, else the lowest
            pick = cards[-1] if cards[-1].rank == 14 else cards[0]
        else:
            pick = winners[0] if winners else cards[0]
        return PLAYS[pick]


GAME = UltimaGame()


def position(
    hands: list[list[int]],
    trick: list[tuple[int, int]],
    points: list[int],
    *,
    turn: int,
    played: tuple[int, ...] = (),
    config: UltimaConfig | None = None,
) -> UltimaState:
    """A hand in progress, ranks given as ints (all spades)."""
    state = GAME.new_match(config or UltimaConfig())
    state.hand = 1
    state.hands = [sorted(card(r, SPADES) for r in h) for h in hands]
    state.trick = [(s, card(r, SPADES)) for s, r in trick]
    state.played = [card(r, SPADES) for r in played]
    used = {c for h in state.hands for c in h} | {c for _, c in state.trick} | set(state.played)
    state.stock = [c for c in DECK if c not in used]
    state.points = list(points)
    state.turn = turn
    return state
