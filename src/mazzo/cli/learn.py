"""``mazzo learn GAME``: the game's guided first hand at the terminal, then a real hand.

Each of the learner's turns shows what happened since the last one, the table as ``mazzo play``
shows it, what the phase is and what the rules allow, the suggested move and why it is good;
the move is read by the same prompts as ``mazzo play``. The lesson itself
(``mazzo.bots.lesson``) says what another move gives up. At the end the hand's score sheet is
told line by line, and the learner may start a match against facile.
"""

from __future__ import annotations

import sys
import textwrap
from collections.abc import Callable
from typing import TextIO

from mazzo.bots.lesson import LessonPlay
from mazzo.cli.human import HELP, Ask, HumanAgent, Quit
from mazzo.engine.agent import Turn
from mazzo.engine.game import Game, MazzoError

#: the level a learner plays against after the lesson
REAL_HAND_LEVEL = "facile"
#: the width the coach's paragraphs are wrapped to
WIDTH = 96


class LessonAgent(HumanAgent):
    """``mazzo play``'s prompts, with the coach's words under the table."""

    def __init__(self, play: LessonPlay, lang: str, out: TextIO, ask: Ask) -> None:
        it = lang == "it"
        super().__init__(play.game, lang, out, ask,
                         lambda: "Le lezioni non si salvano." if it else "Lessons are not saved.",
                         autoplay=False)
        self.play = play

    def show_table(self, turn: Turn) -> None:
        super().show_table(turn)
        it, lang = self.lang == "it", self.lang
        suggested = self.play.suggestion()
        self.say("")
        self.say(_wrap(f"{'Fase' if it else 'Phase'}: {self.play.phase_text(lang)}"))
        if suggested is not None:
            move = self.game.describe_action(suggested, lang)
            self.say(f"{'Suggerimento' if it else 'Suggested'}: {move}")
            self.say(_wrap(f"{'Perché' if it else 'Why'}: {self.play.why(lang)}"))


def learn(game: Game, lang: str = "en", out: TextIO | None = None, ask: Ask | None = None,
          play_real: Callable[[], object] | None = None) -> int:
    """Play ``game``'s lesson at the terminal; then offer a real hand against facile
    (``play_real``, by default ``mazzo play GAME --bots facile``)."""
    out = out or sys.stdout
    ask = ask or input
    lesson = game.lesson()
    it = lang == "it"
    if lesson is None:
        raise MazzoError(f"{game.id} has no lesson yet", italian=f"{game.id} non ha ancora una "
                                                                 "lezione")
    play = LessonPlay(game, lesson)
    agent = LessonAgent(play, lang, out, ask)
    print(f"{game.title(lang)} — {'la prima mano guidata' if it else 'the guided first hand'}",
          file=out)
    print(_wrap(lesson.intro(lang)), file=out)
    print(HELP[lang], file=out)
    try:
        while not play.over:
            _tell(play, lang, out)
            turn = Turn(play.seat, play.view(), play.legal(), play.rng, play.state)
            action = agent.act(turn)
            print(_wrap(play.play(action, lang)), file=out)
    except Quit:
        print("Arrivederci!" if it else "Goodbye!", file=out)
        return 0
    _tell(play, lang, out)
    print("", file=out)
    print(lesson.closing(lang), file=out)
    for line in play.sheet(lang):
        print(f"  {line}", file=out)
    return _offer_real_hand(game, lang, out, ask, play_real)


def _wrap(text: str) -> str:
    return textwrap.fill(text, WIDTH)


def _tell(play: LessonPlay, lang: str, out: TextIO) -> None:
    for line in play.take_told(lang):
        print(f"• {line}", file=out)


def _offer_real_hand(game: Game, lang: str, out: TextIO, ask: Ask,
                     play_real: Callable[[], object] | None) -> int:
    it = lang == "it"
    question = (f"\nGiochi una mano vera contro {REAL_HAND_LEVEL}? [s/N] " if it
                else f"\nPlay a real hand against {REAL_HAND_LEVEL}? [y/N] ")
    try:
        answer = ask(question).strip().lower()
    except EOFError:
        answer = ""
    if answer not in ("y", "yes", "s", "si", "sì"):
        print(f"{'Quando vuoi' if it else 'Whenever you like'}: mazzo play {game.id} "
              f"--bots {REAL_HAND_LEVEL}", file=out)
        return 0
    if play_real is not None:
        play_real()
        return 0
    from mazzo.cli.play import play_interactive

    config = game.config_class()
    play_interactive(game, config, 0, [REAL_HAND_LEVEL], lang, out=out, ask=ask)
    return 0
