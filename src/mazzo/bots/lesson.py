"""A lesson played: the scripted hand, the learner's turns with the suggested move and why, and
what a departure from the line gives up.

While the learner plays the suggested moves, every other seat and every chance outcome comes
from the lesson's line. A different legal move is priced (below) and then the lesson goes on as
free play with hints: the other seats are played by the medio bot from there, the deal stays the
lesson's (its chance outcomes are used while they fit), and each later hint is the medio bot's
move for the learner's own view. Bending the line back to the script would need a script for
every departure; the medio bot is the honest replacement (docs/learn.md).

A departure is priced by the game's own scoring: the hand is played to its end twice from the
learner's turn, once after the suggested move and once after the chosen one, with the medio bot
at every seat and the same cards, and the learner's points at the end are compared. It is one
line of play, not an expectation, and the lesson says so.

Everything the learner is told comes from the learner's view: the events of the other seats'
moves pass the same filter as the table server's (an event naming a card the learner's view
did not hold before or after it is not told), and another seat's secret move is not named.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any, Final

from mazzo.bots.levels import make_agent
from mazzo.engine.agent import Agent, Turn
from mazzo.engine.game import (
    CHANCE,
    JSON,
    Action,
    Event,
    Game,
    IllegalAction,
    MazzoError,
    State,
    card_from_token,
    card_token,
)
from mazzo.engine.lessons import Lesson, Words

#: the level that plays the other seats after a departure and gives the hints from there
COACH_LEVEL: Final = "medio"
#: why a hint is the move it is, once the lesson has left its line
FREE_PLAY_WHY: Final = Words(
    "The lesson has left its script: this hint is the move the medio bot would make with your "
    "cards, from what you can see.",
    "La lezione ha lasciato il suo copione: il suggerimento è la mossa che farebbe il bot medio "
    "con le tue carte, da quello che vedi.",
)


class LessonPlay:
    """One lesson being played by a learner: :meth:`play` their move, then read the turn."""

    def __init__(self, game: Game, lesson: Lesson, seed: int = 0) -> None:
        self.game = game
        self.lesson = lesson
        self.seat = lesson.seat
        self.seed = seed
        self.state = game.new_match(lesson.config)
        self.line = [game.action_from_json(data) for data in lesson.line]
        self.chances = _chance_positions(game, lesson, self.line)
        self.pos = 0  # the next action of the line, while the lesson follows it
        self.turns = 0  # the learner's turns taken
        self.scripted = True
        self.hand: int | None = None
        self.start: list[float] = []
        self.agents: dict[int, Agent] = {}
        self.rng = random.Random(seed)
        self._hint: tuple[int, Action] | None = None
        #: what happened since the learner's last move, as the learner may know it
        self.told: list[tuple[int, Action] | Event] = []
        #: the events of the action that ended the hand, as the learner may see them
        self.closing: list[Event] = []
        self._advance()

    # -- reading the turn ---------------------------------------------------------------------

    @property
    def over(self) -> bool:
        """Whether the lesson's hand has ended (the next hand begun, or the match over)."""
        return self.state.is_terminal or (
            self.hand is not None and self.state.hand_number != self.hand)

    def view(self) -> JSON:
        return self.state.view(self.seat)

    def legal(self) -> list[Action]:
        return [] if self.over else self.state.legal_actions()

    def suggestion(self) -> Action | None:
        """The move the lesson suggests now: the line's while it is followed, else the medio
        bot's for the learner's view."""
        if self.over:
            return None
        if self.scripted:
            return self._scripted()
        version = len(self.state.history)
        if self._hint is None or self._hint[0] != version:
            coach = make_agent(self.game, COACH_LEVEL, self.seed * 31 + self.seat + version)
            self._hint = version, coach.act(self._turn(self.seat))
        return self._hint[1]

    def why(self, lang: str) -> str:
        """Why the suggested move is good, in ``lang``."""
        if self.over:
            return ""
        return self.lesson.why[self.turns](lang) if self.scripted else FREE_PLAY_WHY(lang)

    def phase_text(self, lang: str) -> str:
        """What the phase is and what the rules allow in it."""
        words = self.lesson.phases.get(self.state.phase)
        return words(lang) if words is not None else ""

    def sheet(self, lang: str) -> list[str]:
        """The finished hand's score sheet, line by line, from the learner's view (by default
        the closing events, as the game tells them)."""
        if not self.over:
            return []
        if self.lesson.sheet is None:
            return [self.game.describe_event(event, lang) for event in self.closing]
        return self.lesson.sheet(self.view(), self.closing, lang)

    def take_told(self, lang: str) -> list[str]:
        """What happened since the last call (the other seats' moves and every event the
        learner may see), in ``lang``, one line each."""
        told, self.told = self.told, []
        return [self.game.describe_event(item, lang) if isinstance(item, Event)
                else f"{seat_name(item[0], lang)}: {self.game.describe_action(item[1], lang)}"
                for item in told]

    # -- playing ------------------------------------------------------------------------------

    def play(self, action: Action, lang: str = "en") -> str:
        """Play the learner's ``action`` (IllegalAction, the state untouched, if the rules
        refuse it) and say how it compares with the suggestion."""
        if self.over or self.state.current_player != self.seat:
            raise MazzoError("the lesson is not waiting for your move",
                             italian="la lezione non aspetta una tua mossa")
        suggested = self.suggestion()
        assert suggested is not None
        self.state.clone().check(action)
        said = _SAME(lang) if action == suggested else self._price(action, suggested, lang)
        self._apply(action)
        if action == suggested and self.scripted:
            self.pos += 1
        elif action != suggested:
            self.scripted = False
        self.turns += 1
        self._advance()
        return said

    def _price(self, chosen: Action, suggested: Action, lang: str) -> str:
        """What ``chosen`` gives up against ``suggested``, in the game's own points."""
        theirs = self._play_out(suggested)
        mine = self._play_out(chosen)
        unit = self.lesson.unit(2, lang)
        move = self.game.describe_action(chosen, lang)
        best = self.game.describe_action(suggested, lang)
        if mine < theirs:
            head = _GIVES_UP(lang).format(move=move, loss=_number(theirs - mine),
                                          unit=self.lesson.unit(theirs - mine, lang))
        else:
            head = _AS_GOOD(lang).format(move=move)
        priced = _PRICED(lang).format(best=best, theirs=_number(theirs), mine=_number(mine),
                                      unit=unit)
        # leaving the line is said once: after that every hint is already the medio bot's
        return " ".join([head, priced, _FREE(lang)] if self.scripted else [head, priced])

    def _play_out(self, first: Action) -> float:
        """The learner's points at the end of this hand after ``first``, every seat played by
        the medio bot with the lesson's cards (seeded: the same for every move priced)."""
        probe = self.state.clone()
        probe.apply(first)
        agents = {seat: make_agent(self.game, COACH_LEVEL, self.seed * 31 + seat)
                  for seat in range(probe.num_players)}
        rng = random.Random(self.seed)
        chances = iter(self._unused_chances())
        while not probe.is_terminal and probe.hand_number == self.hand:
            player = probe.current_player
            if player == CHANCE:
                probe.apply(_next_chance(probe, chances, rng))
                continue
            turn = Turn(player, probe.view(player), probe.legal_actions(), rng, probe)
            probe.apply(agents[player].act(turn))
        return self.lesson.seat_points(probe)[self.seat] - self.start[self.seat]

    def _unused_chances(self) -> list[Action]:
        used = sum(1 for _ in self._history_chances())
        return [self.line[i] for i in self.chances[used:]]

    def _history_chances(self) -> Iterator[Action]:
        replayed = self.game.new_match(self.lesson.config)
        for action in self.state.history:
            if replayed.current_player == CHANCE:
                yield action
            replayed.apply(action)

    def _advance(self) -> None:
        """Play chance and the other seats until the learner's turn or the hand's end."""
        state = self.state
        while not self.over and state.current_player != self.seat:
            player = state.current_player
            if self.scripted:
                action = self._scripted()
                self.pos += 1
            elif player == CHANCE:
                action = _next_chance(state, iter(self._unused_chances()), self.rng)
            else:
                action = self._agent(player).act(self._turn(player))
            self._apply(action)
        if self.scripted and not self.over:
            self._scripted()  # the learner's turn must be in the line too

    def _scripted(self) -> Action:
        """The line's next action; a line that stops before its hand ends is a broken lesson."""
        if self.pos >= len(self.line):
            raise MazzoError(f"{self.game.id}: the lesson's line ends before its hand does")
        return self.line[self.pos]

    def _apply(self, action: Action) -> None:
        state = self.state
        player = state.current_player
        before = _cards_of(state.view(self.seat))
        state.apply(action)
        if self.hand is None and state.current_player >= 0:
            self.hand = state.hand_number
            self.start = self.lesson.seat_points(state)
        allowed = before | _cards_of(state.view(self.seat))
        if player not in (CHANCE, self.seat) and not state.events and not action.secret:
            self.told.append((player, action))
        seen = [event for event in state.events if _cards_of(event.to_json()) <= allowed]
        self.told.extend(seen)
        if self.over:
            openers = self.game.hand_openers
            ends = [i for i, event in enumerate(seen) if event.kind in openers]
            self.closing = seen[: ends[0]] if ends else seen

    def _agent(self, seat: int) -> Agent:
        if seat not in self.agents:
            self.agents[seat] = make_agent(self.game, COACH_LEVEL, self.seed * 31 + seat)
        return self.agents[seat]

    def _turn(self, seat: int) -> Turn:
        return Turn(seat, self.state.view(seat), self.state.legal_actions(), self.rng, self.state)


def _chance_positions(game: Game, lesson: Lesson, line: list[Action]) -> list[int]:
    """Where the line's chance outcomes are (a lesson whose line the engine refuses fails
    here, with the engine's reason)."""
    state = game.new_match(lesson.config)
    found = []
    for index, action in enumerate(line):
        if state.current_player == CHANCE:
            found.append(index)
        try:
            state.apply(action)
        except IllegalAction as exc:
            raise MazzoError(f"{game.id}: the lesson's action {index} is refused: {exc}") from exc
    return found


def _next_chance(state: State, chances: Iterator[Action], rng: random.Random) -> Action:
    """The lesson's next chance outcome if the rules take it here, else a drawn one."""
    for action in chances:
        try:
            state.clone().check(action)
        except IllegalAction:
            break
        return action
    return state.sample_chance(rng)


def _cards_of(data: Any) -> set[str]:
    """Every card token in a JSON value (the table server's event filter, for the lesson)."""
    found: set[str] = set()
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if _is_card(item):
                found.add(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list | tuple):
            stack.extend(item)
    return found


def _is_card(text: str) -> bool:
    if not text or len(text) > 20:
        return False
    try:
        return card_token(card_from_token(text)) == text
    except (ValueError, KeyError):
        return False


def seat_name(seat: int, lang: str) -> str:
    """How the lesson names a seat ("Player 3"), in its texts and at the table."""
    return f"{'Giocatore' if lang == 'it' else 'Player'} {seat + 1}"


def _number(value: float) -> str:
    return f"{value:g}"


_SAME: Final = Words("That is the move the lesson suggests.",
                     "È la mossa che la lezione suggerisce.")
_GIVES_UP: Final = Words("{move} gives up {loss} {unit} in this hand.",
                         "{move} rinuncia a {loss} {unit} in questa mano.")
_AS_GOOD: Final = Words("{move} does as well in this hand.",
                        "{move} rende altrettanto in questa mano.")
_PRICED: Final = Words(
    "Played on to the end of the hand by the medio bot at every seat, with these same cards, "
    "{best} ends it at {theirs} {unit} for you, your move at {mine} (one line of play, not an "
    "average).",
    "Giocando il resto della mano con il bot medio a ogni posto e queste stesse carte, {best} la "
    "chiude a {theirs} {unit} per te, la tua mossa a {mine} (una sola linea di gioco, non una "
    "media).",
)
_FREE: Final = Words(
    "The lesson goes on as free play: the medio bot plays the other seats, and the hints are "
    "its moves for your cards.",
    "La lezione continua come gioco libero: il bot medio gioca gli altri posti e i suggerimenti "
    "sono le sue mosse per le tue carte.",
)
