"""The registry of games. Built-in games are imported on first use."""

from __future__ import annotations

import importlib
import os

from mazzo.engine.game import Game, MazzoError

BUILTIN_GAMES = ("nebraska", "novantanove", "poker_italiano", "cribbage", "burraco")

_GAMES: dict[str, Game] = {}
_LOADED = False


def register(game: Game) -> Game:
    """Add a game (its ``id`` must be new)."""
    if game.id in _GAMES and _GAMES[game.id] is not game:
        raise MazzoError(f"a game with id {game.id!r} is already registered")
    _GAMES[game.id] = game
    return game


def _load_builtins() -> None:
    global _LOADED
    if _LOADED:
        return
    _LOADED = True
    # MAZZO_GAMES=nebraska,cribbage loads only those built-ins (to work on one game at a time)
    only = {g for g in os.environ.get("MAZZO_GAMES", "").split(",") if g}
    for game_id in BUILTIN_GAMES:
        if only and game_id not in only:
            continue
        try:
            module = importlib.import_module(f"mazzo.games.{game_id}")
        except ModuleNotFoundError as exc:
            if exc.name == f"mazzo.games.{game_id}":
                continue  # not written yet
            raise
        game = getattr(module, "GAME", None)
        if game is not None:  # a package still being written has no GAME yet
            register(game)


def is_builtin(game: Game) -> bool:
    """Whether ``game`` is the registry's built-in game of its id, which any process gets by
    that id (a game registered at run time may be unknown to another process)."""
    return game.id in BUILTIN_GAMES and _GAMES.get(game.id) is game


def get_game(game_id: str) -> Game:
    _load_builtins()
    try:
        return _GAMES[game_id]
    except KeyError:
        raise MazzoError(
            f"unknown game {game_id!r}; available: {', '.join(sorted(_GAMES))}",
            italian=f"gioco sconosciuto {game_id!r}; disponibili: {', '.join(sorted(_GAMES))}",
        ) from None


def all_games() -> list[Game]:
    _load_builtins()
    return [_GAMES[g] for g in BUILTIN_GAMES if g in _GAMES] + [
        g for k, g in _GAMES.items() if k not in BUILTIN_GAMES
    ]
