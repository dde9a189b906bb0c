"""Lessons: one guided hand of a game, kept as data the engine replays.

A game's lesson (``Game.lesson``, in ``games/<id>/lesson.py``) is a fixed hand: the config, the
learner's seat, and every action of the hand in order — the chance outcomes (the deal), the other
seats' moves and the learner's suggested moves — with, for each of the learner's decisions, why
the suggested move is good, in English and Italian. What each phase is and what the rules allow
in it is said once per phase. Nothing in a lesson is computed: the line is replayed through the
engine, so a test can prove every move legal and the final score the one the lesson explains
(docs/learn.md). Playing a lesson (other seats, departures from the line) is ``mazzo.bots.lesson``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from importlib import resources

from mazzo.engine.game import JSON, Config, Event, State

#: the languages every lesson text is written in
LANGS = ("en", "it")
#: the finished hand's score sheet from the learner's view and the events of the hand's last
#: action: ``(view, events, lang) -> lines``
Sheet = Callable[[JSON, Sequence[Event], str], list[str]]


@dataclass(frozen=True)
class Words:
    """One text in English and Italian."""

    en: str
    it: str

    def __call__(self, lang: str) -> str:
        return self.it if lang == "it" else self.en


@dataclass(frozen=True)
class Lesson:
    """One hand of a game, scripted for a learner at ``seat``.

    ``line`` holds every action of the hand as action JSON (chance outcomes included), in the
    order the engine takes them; ``why`` has one text for each of the learner's turns in
    ``line``, in order. ``sheet`` reads the learner's view once the hand is over and gives the
    score sheet line by line (what the game's own board shows), so the closing explanation is
    the engine's figures, never a copy of them; None tells the events of the action that ended
    the hand, as the game says them (a showdown, a deal's tricks and bids). ``points`` gives
    each seat's running points from a state, the measure in which a departure from the line is
    priced (the match score when None: a game whose ``scores()`` counts something else, like
    games won, names its own)."""

    config: Config
    intro: Words
    phases: Mapping[str, Words]
    line: tuple[JSON, ...]
    why: tuple[Words, ...]
    closing: Words
    seat: int = 0
    sheet: Sheet | None = None
    points: Callable[[State], list[float]] | None = None
    #: what ``points`` counts, one and many
    units: tuple[Words, Words] = (Words("point", "punto"), Words("points", "punti"))

    def seat_points(self, state: State) -> list[float]:
        """Each seat's running points in the measure departures are priced in."""
        return self.points(state) if self.points is not None else list(state.scores())

    def unit(self, amount: float, lang: str) -> str:
        """The unit of ``amount`` points, singular or plural."""
        return self.units[0 if amount == 1 else 1](lang)

    def texts(self) -> list[Words]:
        """Every text of the lesson (a test checks each is written in both languages)."""
        return [self.intro, self.closing, *self.phases.values(), *self.why, *self.units]


def load_line(package: str) -> tuple[JSON, ...]:
    """The line of the lesson kept beside a game's module, ``<package>/lesson.json``: the
    actions of the hand as action JSON, one a line (they are the engine's, written by playing
    the hand, and too long to read as Python)."""
    text = (resources.files(package) / "lesson.json").read_text(encoding="utf-8")
    line: list[JSON] = json.loads(text)["line"]
    return tuple(line)
