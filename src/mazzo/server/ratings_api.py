"""The ratings' HTTP API and pages: ``/api/leaderboard/{game}``, ``/api/players/{username}``,
``/api/bot-ratings`` (the bot levels' reference ratings, for the lobby) and the pages
``/leaderboard/{game}`` and ``/players/{username}`` (docs/server.md, "Ratings")."""

from __future__ import annotations

import asyncio
from typing import Final

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, JSONResponse

from mazzo.arena.ratings import shown
from mazzo.engine.game import JSON, MazzoError
from mazzo.engine.registry import all_games, get_game
from mazzo.server.pages import HEADERS, STATIC
from mazzo.server.ratings import display, reference_ratings
from mazzo.server.storage.base import RatingRow, Storage

router = APIRouter()

#: leaderboard rows per request: the default and the most
LEADERBOARD_LIMIT: Final = (50, 200)
#: rating history points per game and recent matches in a profile
HISTORY_POINTS: Final = 200
RECENT_MATCHES: Final = 20
#: the errors of these routes: (Italian, English)
ERRORS: Final = {
    "unknown_game": ("Il gioco {game!r} non esiste.", "There is no game {game!r}."),
    "unknown_player": ("Il giocatore {player!r} non esiste.", "There is no player {player!r}."),
    "bad_range": ("limit va da 1 a {most}, offset da 0 in su.",
                  "limit goes from 1 to {most}, offset from 0 up."),
}


def _storage(request: Request) -> Storage:
    storage: Storage = request.app.state.manager.storage
    return storage


def _error(code: str, status: int, lang: str | None, **params: object) -> JSONResponse:
    italian, english = ERRORS[code]
    text = (italian if lang == "it" else english).format(**params)
    return JSONResponse({"error": code, "message": text}, status_code=status)


def _known_game(game: str) -> bool:
    try:
        get_game(game)
    except MazzoError:
        return False
    return True


@router.get("/api/leaderboard/{game}", response_model=None)
async def leaderboard(game: str, request: Request, limit: int = LEADERBOARD_LIMIT[0],
                      offset: int = 0, lang: str | None = None) -> JSONResponse | list[JSON]:
    """The game's rated players, best conservative rating first."""
    if not _known_game(game):
        return _error("unknown_game", 404, lang, game=game[:40])
    if not 1 <= limit <= LEADERBOARD_LIMIT[1] or offset < 0:
        return _error("bad_range", 422, lang, most=LEADERBOARD_LIMIT[1])
    rows = await asyncio.to_thread(_storage(request).leaderboard, game, limit, offset)
    out = []
    for username, row in rows:
        shown_row = display(row)
        out.append({"username": username, "rating": shown_row["rating"],
                    "matches": row.matches, "wins": row.wins,
                    "provisional": shown_row["provisional"]})
    return out


@router.get("/api/players/{username}", response_model=None)
async def player(username: str, request: Request,
                 lang: str | None = None) -> JSONResponse | JSON:
    """A player's profile: per game the rating, matches, wins and the rating over time; the
    recent finished matches with their replays."""
    storage = _storage(request)
    account = await asyncio.to_thread(storage.account_by_username, username[:64])
    if account is None:
        return _error("unknown_player", 404, lang, player=username[:40])
    ratings: list[RatingRow] = await asyncio.to_thread(storage.account_ratings, account.id)
    rated: dict[str, JSON] = {}
    games = []
    for row in ratings:
        points = await asyncio.to_thread(storage.rating_history, account.id, row.game,
                                         HISTORY_POINTS)
        history = [{"table": p.table_id, "at": p.at, "rating": shown(p.mu, p.sigma),
                    "place": p.place, "won": p.won} for p in points]
        rated.update({p.table_id: point for p, point in zip(points, history, strict=True)})
        games.append({"game": row.game, **display(row), "history": history})
    recent = []
    for table_id, game, created, seat in await asyncio.to_thread(
            storage.finished_tables, account.id, RECENT_MATCHES):
        point = rated.get(table_id)
        recent.append({"table": table_id, "game": game, "created": created, "seat": seat,
                       "rated": point is not None,
                       "won": None if point is None else point["won"],
                       "rating": None if point is None else point["rating"],
                       "replay": f"/replay/{table_id}"})
    return {"username": account.username, "created": account.created, "games": games,
            "recent": recent}


@router.get("/api/bot-ratings")
async def bot_ratings() -> dict[str, dict[str, int]]:
    """Each game's bot levels' reference ratings, on the players' scale."""
    return {game.id: reference_ratings(game) for game in all_games()}


@router.get("/leaderboard/{game}", include_in_schema=False)
async def leaderboard_page(game: str) -> FileResponse:
    return FileResponse(STATIC / "leaderboard.html", headers=HEADERS)


@router.get("/players/{username}", include_in_schema=False)
async def profile_page(username: str) -> FileResponse:
    return FileResponse(STATIC / "profile.html", headers=HEADERS)
