"""The guided first hand in the browser: the page ``/learn/{game}`` and its API.

``POST /api/lessons/{game}`` starts a lesson and answers its first frame; ``POST
/api/lessons/{game}/{id}/move`` with ``{"action": <action JSON>}`` plays the learner's move and
answers the next. The lesson runs here, through the engine (``mazzo.bots.lesson``), kept in
memory by a random id for a while (:data:`KEPT`, :data:`IDLE_SECONDS`); nothing is stored. A
frame holds what the learner's seat may know and no more: the engine's view for that seat, its
legal moves, the lesson's words, and the other seats' moves and events filtered as the live
tables filter them (docs/learn.md).
"""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Final

from fastapi import APIRouter, Request
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import FileResponse, JSONResponse

from mazzo.bots.lesson import COACH_LEVEL, LessonPlay, seat_name
from mazzo.engine.game import JSON, Action, Game, IllegalAction, MalformedAction, MazzoError
from mazzo.engine.registry import all_games, get_game
from mazzo.server.pages import HEADERS, STATIC
from mazzo.server.protocol import BadJSON, error_frame, load_json, read_body

#: lessons kept at once; the oldest idle one goes first when a new one needs room
KEPT: Final = 500
#: a lesson left this long without a move is forgotten
IDLE_SECONDS: Final = 3600.0

router = APIRouter()


@dataclass
class Kept:
    """One lesson, its last use, and a lock: two moves sent at once are played one by one."""

    game: Game
    play: LessonPlay
    used: float
    lock: threading.Lock

    def move(self, action: Action, lang: str) -> str:
        with self.lock:
            return self.play.play(action, lang)


class Lessons:
    """The lessons being played, by id, the least recently used first."""

    def __init__(self, kept: int = KEPT, idle: float = IDLE_SECONDS) -> None:
        self.kept = kept
        self.idle = idle
        self.by_id: OrderedDict[str, Kept] = OrderedDict()

    def start(self, game: Game) -> tuple[str, LessonPlay]:
        lesson = game.lesson()
        if lesson is None:
            raise KeyError(game.id)
        now = time.monotonic()
        self._forget(now)
        lesson_id = secrets.token_urlsafe(12)
        play = LessonPlay(game, lesson)
        self.by_id[lesson_id] = Kept(game, play, now, threading.Lock())
        return lesson_id, play

    def get(self, lesson_id: str, game_id: str) -> Kept | None:
        now = time.monotonic()
        self._forget(now)
        kept = self.by_id.get(lesson_id)
        if kept is None or kept.game.id != game_id:
            return None
        kept.used = now
        self.by_id.move_to_end(lesson_id)
        return kept

    def _forget(self, now: float) -> None:
        while self.by_id:
            oldest_id, oldest = next(iter(self.by_id.items()))
            if len(self.by_id) < self.kept and now - oldest.used < self.idle:
                return
            del self.by_id[oldest_id]


def frame(game: Game, lesson_id: str, play: LessonPlay, lang: str, said: str = "",
          told: bool = True) -> JSON:
    """What the learner's page draws now: only what the learner's seat may know. ``told``:
    with what happened since the last frame (a frame asked for again has none). Its ``seat``,
    ``seats``, ``status`` and ``view`` are shaped as a table's frame, so the page draws the
    lesson with the table's own renderers."""
    suggested = play.suggestion()
    legal = play.legal()
    lesson = play.lesson
    seats = [{"seat": s, "kind": "human" if s == play.seat else COACH_LEVEL,
              "name": seat_name(s, lang), "label": seat_name(s, lang), "connected": True}
             for s in range(lesson.config.players)]
    return {
        "id": lesson_id,
        "game": game.id,
        "title": game.title(lang),
        "seat": play.seat,
        "seats": seats,
        "status": "over" if play.over else "playing",
        "intro": lesson.intro(lang),
        "view": play.view(),
        "table": game.render(play.view(), lang),
        "legal": [{"action": a.to_json(), "label": game.describe_action(a, lang)}
                  for a in legal],
        "suggested": legal.index(suggested) if suggested is not None else None,
        "phase": play.phase_text(lang),
        "why": play.why(lang),
        "told": play.take_told(lang) if told else [],
        "said": said,
        "scripted": play.scripted,
        "over": play.over,
        "closing": lesson.closing(lang) if play.over else "",
        "sheet": play.sheet(lang),
    }


def _lang(request: Request) -> str:
    return "it" if request.query_params.get("lang") == "it" else "en"


def _lessons(request: Request) -> Lessons:
    lessons: Lessons | None = getattr(request.app.state, "lessons", None)
    if lessons is None:
        lessons = request.app.state.lessons = Lessons()
    return lessons


def _unknown(game_id: str, lang: str) -> JSONResponse:
    message = (f"nessuna lezione per {game_id[:40]!r}" if lang == "it"
               else f"no lesson for {game_id[:40]!r}")
    return JSONResponse({"error": "not_found", "message": message}, status_code=404)


@router.get("/learn/{game_id}", include_in_schema=False)
async def learn_page(game_id: str) -> FileResponse:
    return FileResponse(STATIC / "learn.html", headers=HEADERS)


@router.post("/api/lessons/{game_id}", status_code=201, response_model=None)
async def start_lesson(game_id: str, request: Request) -> JSONResponse | JSON:
    lang = _lang(request)
    creations = getattr(request.app.state, "creations", None)
    if creations is not None:  # a lesson costs what a table does: the same allowance
        wait = creations.wait(request.client.host if request.client else "", time.monotonic())
        if wait:
            message = error_frame("too_many_tables", lang, rate=f"{creations.per_minute:g}",
                                  wait=wait)["message"]
            return JSONResponse({"error": "too_many_tables", "message": message},
                                status_code=429, headers={"Retry-After": str(wait)})
    if game_id not in {g.id for g in all_games()}:
        return _unknown(game_id, lang)
    game = get_game(game_id)
    try:
        lesson_id, play = await run_in_threadpool(_lessons(request).start, game)
    except KeyError:
        return _unknown(game_id, lang)
    return frame(game, lesson_id, play, lang)


@router.get("/api/lessons/{game_id}/{lesson_id}", response_model=None)
async def lesson_frame(game_id: str, lesson_id: str, request: Request) -> JSONResponse | JSON:
    """The lesson's frame again (in another language, say), without the moves told before."""
    kept = _lessons(request).get(lesson_id, game_id)
    if kept is None:
        return _gone(_lang(request))
    with kept.lock:
        return frame(kept.game, lesson_id, kept.play, _lang(request), told=False)


def _gone(lang: str) -> JSONResponse:
    message = ("questa lezione non c'è più: ricominciala" if lang == "it"
               else "this lesson is gone: start it again")
    return JSONResponse({"error": "unknown_lesson", "message": message}, status_code=404)


@router.post("/api/lessons/{game_id}/{lesson_id}/move", response_model=None)
async def lesson_move(game_id: str, lesson_id: str, request: Request) -> JSONResponse | JSON:
    """Play the learner's move (``{"action": ...}``): 404 for a lesson not kept, 422 for a
    body that is no action, 409 for a move the rules refuse now (the reason in the learner's
    language; the lesson is unchanged)."""
    lang = _lang(request)
    kept = _lessons(request).get(lesson_id, game_id)
    if kept is None:
        return _gone(lang)
    game, play = kept.game, kept.play
    try:
        body = load_json(await read_body(request.stream()))
        data = body.get("action") if isinstance(body, dict) else None
        if not isinstance(data, dict):
            raise BadJSON("expected {\"action\": {...}}")
        action = game.action_from_json(data)
    except (BadJSON, MalformedAction) as exc:
        return JSONResponse({"error": "bad_request", "message": str(exc)}, status_code=422)
    try:
        said = await run_in_threadpool(kept.move, action, lang)
    except IllegalAction as exc:
        return JSONResponse({"error": "illegal", "message": game.explain_illegal(exc, lang)},
                            status_code=409)
    except MazzoError as exc:  # the hand is over: no move is waited for
        return JSONResponse({"error": "over", "message": exc.text(lang)}, status_code=409)
    with kept.lock:
        return frame(game, lesson_id, play, lang, said)
