"""Match records: JSON, written atomically, replayed exactly."""

from __future__ import annotations

import errno
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from mazzo.engine.game import JSON, MazzoError, State

RECORD_VERSION = 1
Record = JSON


def make_record(state: State, seats: list[str] | None = None) -> Record:
    """The record of ``state`` so far: config, seats, every action, and the result if over."""
    result: JSON | None = None
    if state.is_terminal:
        result = {"returns": state.returns(), "scores": state.scores()}
    return {
        "game": state.game.id,
        "version": RECORD_VERSION,
        "config": state.config.to_json(),
        "seats": seats or [f"seat {s}" for s in range(state.num_players)],
        "history": [a.to_json() for a in state.history],
        "result": result,
    }


def replay(record: Record, upto: int | None = None) -> State:
    """Rebuild the state from a record; raise MazzoError if the result does not match."""
    from mazzo.engine.registry import get_game

    if record.get("version") != RECORD_VERSION:
        raise MazzoError(f"record version {record.get('version')!r} is not {RECORD_VERSION}")
    game = get_game(record["game"])
    config = game.config_class.from_json(record["config"])
    state = game.new_match(config)
    history = record["history"] if upto is None else record["history"][:upto]
    for i, data in enumerate(history):
        try:
            state.apply(game.action_from_json(data))
        except MazzoError as exc:
            raise MazzoError(f"record action {i} ({data}) cannot be replayed: {exc}") from exc
    result = record.get("result")
    if upto is None and result is not None:
        got = {"returns": state.returns(), "scores": state.scores()}
        if json.loads(json.dumps(got)) != result:
            raise MazzoError(f"replayed result {got} differs from the recorded {result}")
    return state


def write_json_atomic(path: str | Path, data: Any, indent: int | None = 1) -> None:
    """Write JSON to a temp file in the same folder, fsync, then rename over ``path``."""
    target = Path(path)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
    except FileExistsError as exc:  # mkdir's own words ("File exists") would mislead
        raise NotADirectoryError(errno.ENOTDIR, f"{exc.filename} is a file, not a folder",
                                 exc.filename) from exc
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, ensure_ascii=False, indent=indent)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def save_record(record: Record, path: str | Path) -> None:
    write_json_atomic(path, record)


def load_record(path: str | Path) -> Record:
    try:
        with open(path, encoding="utf-8") as handle:
            data = json.load(handle)
    except (OSError, json.JSONDecodeError) as exc:
        raise MazzoError(f"cannot read record {path}: {exc}") from exc
    if not isinstance(data, dict) or "game" not in data or "history" not in data:
        raise MazzoError(f"{path} is not a mazzo record (needs 'game' and 'history')")
    return data
