"""The pages of the browser app (``mazzo/web/static``, read as package data: the server imports
nothing from the app), the rules pages rendered to HTML, and the HTTP endpoints only the app needs
(the replay of a finished match). ``install(app)`` adds the routes."""

from __future__ import annotations

import re
from collections.abc import Sequence
from importlib import resources
from pathlib import Path
from typing import Final

from fastapi import FastAPI
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles

from mazzo.engine.game import CHANCE, JSON, Action, Game, MazzoError, State
from mazzo.engine.registry import all_games, get_game
from mazzo.server.protocol import (
    ProtocolError,
    cards_in,
    may_see,
)
from mazzo.server.storage.base import OVER
from mazzo.text import seat_label, seat_names

STATIC: Final = Path(str(resources.files("mazzo") / "web" / "static"))
#: pages are ours, but a strict policy makes any injected markup inert all the same
CSP: Final = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
              "connect-src 'self' ws: wss:; base-uri 'none'; form-action 'self'; "
              "frame-ancestors 'none'")
HEADERS: Final = {"Content-Security-Policy": CSP, "X-Content-Type-Options": "nosniff",
                  "Referrer-Policy": "no-referrer"}


def render_markdown(text: str) -> str:
    """Markdown to HTML with raw HTML escaped (never passed through) and tables enabled."""
    from markdown_it import MarkdownIt

    return str(MarkdownIt("commonmark", {"html": False}).enable("table").render(text))


def rules_page(game_id: str, lang: str) -> str:
    """A whole HTML page with a game's full rules in ``lang``."""
    game = get_game(game_id)
    body = _PAGE_LINK.sub(_rules_link, render_markdown(game.rules_page(lang)))
    title = game.title(lang)
    back = "Torna all'ingresso" if lang == "it" else "Back to the lobby"
    return (f'<!doctype html><html lang="{lang}"><head><meta charset="utf-8">'
            f'<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_escape(title)} — mazzo</title>"
            f'<link rel="stylesheet" href="/static/style.css"></head>'
            f'<body class="rules"><main class="rules-page">'
            f'<p><a href="/?lang={lang}" id="back">{back}</a></p>'
            f"{body}</main></body></html>")


#: links between the rules pages ("cribbage.md", "burraco.it.md") become this server's routes
_PAGE_LINK: Final = re.compile(r'href="([a-z_]+?)(\.it)?\.md"')


def _rules_link(match: re.Match[str]) -> str:
    return f'href="/rules/{match.group(1)}?lang={"it" if match.group(2) else "en"}"'


def _replay_problem(state: State, version: int, seat: int | None) -> str | None:
    total = len(state.history)
    if not 0 <= version <= total:
        return f"version must be from 0 to {total}"
    if seat is not None and not 0 <= seat < state.num_players:
        return f"seat must be from 0 to {state.num_players - 1}"
    return None


def replay_frame(final: State, version: int, seat: int | None, lang: str,
                 names: Sequence[str] | None = None) -> JSON:
    """Replay a finished match to ``version`` and describe that moment for ``seat`` (texts
    name the seats by ``names``, the table's nicknames, when given): as the seat saw it then,
    so the caption and the events name no card its board shows face down, the same filter
    as the live frames'."""
    game = final.game
    state = game.new_match(final.config)
    history = final.history
    for action in history[:max(version - 1, 0)]:
        state.apply(action)
    if not version:
        with seat_names(names):
            return {"version": 0, "total": len(history), "seat": seat, "game": game.id,
                    "players": state.num_players, "view": state.view(seat), "action": None,
                    "events": []}
    before, mover, last = cards_in(state.view(seat)), state.current_player, history[version - 1]
    state.apply(last)
    view = state.view(seat)
    allowed = before | cards_in(view)
    with seat_names(names):
        events = [game.describe_event(e, lang) for e in state.events
                  if may_see(e.to_json(), allowed)]
        return {
            "version": version, "total": len(history), "seat": seat, "game": game.id,
            "players": state.num_players, "view": view,
            "action": _caption(game, last, mover, seat, events, lang), "events": events,
        }


def _caption(game: Game, action: Action, mover: int, seat: int | None, events: list[str],
             lang: str) -> str:
    """Who made the move and what it was; a secret move of another seat (a bid card, a
    discard to the crib, a draw) as its events tell it, without its cards."""
    if mover == CHANCE:
        return game.describe_action(action, lang)
    who = seat_label(mover, lang)
    if action.secret and mover != seat:
        if events:
            return events[0]
        return f"{who}: {'una mossa coperta' if lang == 'it' else 'a face-down move'}"
    return f"{who}: {game.describe_action(action, lang)}"


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def install(app: FastAPI) -> None:
    """Serve the lobby at ``/``, the table page at ``/tables/{id}``, ``/static/...`` and the
    rules pages at ``/rules/{game}?lang=it|en``."""
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    known = {g.id for g in all_games()}

    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers=HEADERS)

    @app.get("/tables/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html", headers=HEADERS)

    @app.get("/replay/{table_id}", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html", headers=HEADERS)

    @app.get("/api/tables/{table_id}/replay", response_model=None)
    async def replay(table_id: str, version: int = 0, seat: int | None = None,
                     lang: str = "en") -> JSONResponse | JSON:
        """The engine's view for ``seat`` (none: a spectator's) after ``version`` actions of a
        finished match, with the events that action caused; 409 ``not_over`` before the end."""
        lang = "it" if lang == "it" else "en"
        manager = app.state.manager
        try:
            table = await manager.get(table_id)
            if table.status != OVER:
                raise ProtocolError("not_over")
        except ProtocolError as exc:
            return JSONResponse(exc.frame(lang), status_code=404 if exc.code == "unknown_table"
                                else 409)
        problem = _replay_problem(table.state, version, seat)
        if problem is not None:
            return JSONResponse({"type": "error", "code": "bad_message", "message": problem},
                                status_code=422)
        return replay_frame(table.state, version, seat, lang, table.labels(lang))

    @app.get("/rules/{game_id}", include_in_schema=False, response_model=None)
    async def rules(game_id: str, lang: str = "en") -> HTMLResponse | JSONResponse:
        if game_id not in known:
            return JSONResponse({"error": "not_found", "message": f"no game {game_id!r}"},
                                status_code=404)
        try:
            page = rules_page(game_id, "it" if lang == "it" else "en")
        except MazzoError as exc:
            return JSONResponse({"error": "not_found", "message": str(exc)}, status_code=404)
        return HTMLResponse(page, headers=HEADERS)


__all__ = ["install", "render_markdown", "replay_frame", "rules_page"]
