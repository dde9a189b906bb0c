"""Saved matches at the terminal: one file per match, rewritten atomically after every move.

A saved match is a mazzo record (``engine/record.py``) with a ``meta`` object that says how to go
on: which seat is the person's, each bot's level and seed, and the state of every random
generator (the match's own when it was seeded, and each bot's). An unfinished record holds the
deck order of the hand in play — it must, to resume — so it belongs to the owner of the terminal.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import secrets
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mazzo.engine.game import JSON, MazzoError
from mazzo.engine.record import Record, load_record, write_json_atomic
from mazzo.engine.registry import get_game
from mazzo.text import os_reason


def mazzo_home() -> Path:
    """``MAZZO_HOME`` if set, else ``~/.mazzo``: where mazzo keeps what it saves."""
    home = os.environ.get("MAZZO_HOME")
    return Path(home) if home else Path.home() / ".mazzo"


def matches_dir() -> Path:
    return mazzo_home() / "matches"


def new_match_id(game_id: str) -> str:
    """A stable, sortable, unique id: game, UTC time and 32 random bits."""
    stamp = dt.datetime.now(dt.UTC).strftime("%Y%m%d-%H%M%S")
    return f"{game_id}-{stamp}-{secrets.token_hex(4)}"


def default_path(match_id: str) -> Path:
    return matches_dir() / f"{match_id}.json"


def now_iso() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


class SaveFailed(MazzoError):
    """Neither the chosen file nor the default folder could be written."""


def write_match(record: Record, path: Path, match_id: str,
                lang: str = "en") -> tuple[Path, str | None]:
    """Write ``record`` to ``path``; if that fails, to the default folder.

    Returns where it was saved and, when the first choice failed, one line saying why (naming
    the path and the reason, in ``lang``). Raises :class:`SaveFailed` only when both places
    fail (its message in English and Italian).
    """
    try:
        write_json_atomic(path, record, indent=None)
        return path, None
    except OSError as exc:
        problem = {said: f"{path}: {os_reason(exc, said)}" for said in ("en", "it")}
    fallback = default_path(match_id)
    if fallback.resolve() == path.resolve():
        raise SaveFailed(problem["en"], italian=problem["it"])
    try:
        write_json_atomic(fallback, record, indent=None)
    except OSError as exc:
        raise SaveFailed(f"{problem['en']}; {fallback}: {os_reason(exc, 'en')}",
                         italian=f"{problem['it']}; {fallback}: {os_reason(exc, 'it')}") from exc
    return fallback, problem["it" if lang == "it" else "en"]


@dataclass(frozen=True)
class SavedMatch:
    """One line of ``mazzo matches``: a saved match file and what it holds."""

    path: Path
    game: str
    seats: list[str]
    human_seat: int | None
    scores: list[Any]
    finished: bool
    saved: str
    moves: int

    @property
    def resumable(self) -> bool:
        return not self.finished and self.human_seat is not None


def read_saved(path: Path) -> SavedMatch:
    """The summary of one saved match (MazzoError if the file is not a mazzo record)."""
    record = load_record(path)
    meta = record.get("meta")
    meta = meta if isinstance(meta, dict) else {}
    human = meta.get("human_seat")
    scores = meta.get("scores")
    result = record.get("result")
    if isinstance(result, dict):
        scores = result.get("scores", scores)
    saved = meta.get("saved")
    if not isinstance(saved, str):
        saved = dt.datetime.fromtimestamp(path.stat().st_mtime, dt.UTC).isoformat(
            timespec="seconds")
    seats = record.get("seats")
    history = record.get("history")
    return SavedMatch(
        path=path,
        game=str(record.get("game")),
        seats=[str(s) for s in seats] if isinstance(seats, list) else [],
        human_seat=human if type(human) is int else None,
        scores=scores if isinstance(scores, list) else [],
        finished=result is not None,
        saved=saved,
        moves=len(history) if isinstance(history, list) else 0,
    )


def list_saved(folder: Path | None = None,
               lang: str = "en") -> tuple[list[SavedMatch], list[tuple[Path, str]]]:
    """Every saved match in ``folder`` (default: the matches folder), newest first, and the
    files that could not be read with the reason in ``lang`` (a damaged file is listed, never
    fatal)."""
    folder = folder or matches_dir()
    found: list[SavedMatch] = []
    damaged: list[tuple[Path, str]] = []
    if not folder.is_dir():
        return found, damaged
    for path in folder.glob("*.json"):
        try:
            found.append(read_saved(path))
        except MazzoError as exc:
            damaged.append((path, exc.text(lang)))
        except OSError as exc:
            damaged.append((path, f"{exc.filename or path}: {os_reason(exc, lang)}"))
    found.sort(key=lambda m: (m.saved, m.path.name), reverse=True)
    return found, damaged


def describe_saved(match: SavedMatch, lang: str) -> str:
    """One line about a saved match: date, game, seats, score, status, file."""
    it = lang == "it"
    try:
        title = get_game(match.game).title(lang)
    except MazzoError:
        title = match.game
    seats = ", ".join(("tu" if it else "you") if seat == match.human_seat else name
                      for seat, name in enumerate(match.seats))
    score = " – ".join(_number(s) for s in match.scores)
    status = (("conclusa" if it else "finished") if match.finished
              else ("in corso" if it else "unfinished"))
    when = match.saved.replace("T", " ")[:16]
    return f"{when}  {title} ({seats})  {score}  [{status}]  {match.path}"


def _number(value: object) -> str:
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def meta_of(record: Record) -> JSON:
    """The ``meta`` object of a saved match, or a clear error if it has none (not resumable)."""
    meta = record.get("meta")
    if not isinstance(meta, dict):
        raise MazzoError("this record has no 'meta' object: it was not saved by 'mazzo play', "
                         "so it can be replayed ('mazzo replay') but not resumed",
                         italian="questo record non ha l'oggetto 'meta': non l'ha salvato "
                                 "'mazzo play', quindi si può rivedere ('mazzo replay') ma non "
                                 "riprendere")
    return meta


def short_json(value: Any, limit: int = 80) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= limit else text[: limit - 1] + "…"
