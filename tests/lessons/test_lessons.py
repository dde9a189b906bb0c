"""Every game's lesson plays through the engine: each scripted and suggested move legal at its
step, one reason for each of the learner's turns, every text in English and Italian, and the
closing sheet the engine's own score of the hand."""

from __future__ import annotations

import dataclasses

import pytest

from mazzo.bots.lesson import LessonPlay
from mazzo.engine.game import Game, MazzoError
from mazzo.engine.lessons import Lesson
from mazzo.engine.registry import all_games

GAMES = [game for game in all_games() if game.lesson() is not None]


def lesson_of(game: Game) -> Lesson:
    lesson = game.lesson()
    assert lesson is not None
    return lesson


def test_every_game_has_a_lesson() -> None:
    assert {game.id for game in GAMES} == {game.id for game in all_games()}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_every_text_in_both_languages(game: Game) -> None:
    for words in lesson_of(game).texts():
        assert words.en.strip() and words.it.strip()
        assert words.en != words.it or len(words.en) < 12  # (a card name reads alike)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_suggested_line_plays_to_the_end_of_one_hand(game: Game) -> None:
    lesson = lesson_of(game)
    play = LessonPlay(game, lesson)
    for lang in ("en", "it"):
        assert play.phase_text(lang)
    while not play.over:
        suggested = play.suggestion()
        assert suggested is not None and suggested in play.legal()
        for lang in ("en", "it"):
            assert play.why(lang) and play.phase_text(lang)
        play.play(suggested)
    assert play.scripted
    assert play.pos == len(lesson.line), "the line has actions after the hand's end"
    assert play.turns == len(lesson.why), "one reason for each of the learner's turns"
    assert play.state.hand_number != play.hand or play.state.is_terminal


#: the figures each lesson's closing sheet must show (the hand's counts, pot or points), as
#: the engine scored the hand; the test also checks them against the engine's own state
FIGURES = {
    "cribbage": ["→ 7", "→ 6", "→ 2"],
    "poker_italiano": ["24"],
    "novantanove": ["+33", "+1", "+5"],
    "nebraska": ["+0", "+1"],
    "burraco": ["-40", "795"],
}


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_the_sheet_is_the_engines_score(game: Game) -> None:
    """The closing lines show the hand's figures, and those are the engine's: each seat's
    points gained in the hand (where the lesson prices in the match score) are among them."""
    lesson = lesson_of(game)
    play = LessonPlay(game, lesson)
    while not play.over:
        move = play.suggestion()
        assert move is not None
        play.play(move)
    gained = [end - start for end, start in
              zip(lesson.seat_points(play.state), play.start, strict=True)]
    for lang in ("en", "it"):
        sheet = "\n".join(play.sheet(lang))
        for figure in FIGURES[game.id]:
            assert figure in sheet, (figure, sheet)
        if lesson.points is None and game.id != "poker_italiano":  # chips: net of the antes
            for points in gained:
                assert f"{points:+g}".replace("+-", "-") in sheet or f"{points:g}" in sheet


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.id)
def test_a_departure_is_priced_and_play_goes_on(game: Game) -> None:
    play = LessonPlay(game, lesson_of(game))
    while len(play.legal()) < 2:
        move = play.suggestion()
        assert move is not None
        play.play(move)
    suggested = play.suggestion()
    other = next(a for a in play.legal() if a != suggested)
    said = play.play(other, "it")
    assert "bot medio" in said and "in questa mano" in said
    assert not play.scripted
    while not play.over:
        hint = play.suggestion()
        assert hint is not None and hint in play.legal()
        play.play(hint)
    assert play.sheet("en")


def test_a_line_cut_short_is_refused_plainly() -> None:
    game = GAMES[0]
    lesson = lesson_of(game)
    short = dataclasses.replace(lesson, line=lesson.line[:3])
    with pytest.raises(MazzoError, match="line ends before its hand does"):
        play = LessonPlay(game, short)
        while not play.over:
            move = play.suggestion()
            assert move is not None
            play.play(move)
