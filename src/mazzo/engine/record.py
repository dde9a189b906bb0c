"""Match records: JSON, written atomically, checked whole, replayed exactly.

A record is ``{"game", "version", "config", "seats", "history", "result"}`` plus an optional
``meta`` object (see ``docs/records.md``). Records come from files and from clients, so
:func:`check_record` validates every field before anything is replayed and names the first bad
place: ``history[17].cards[2]: expected a card, got 1e309``.
"""

from __future__ import annotations

import contextlib
import errno
import json
import math
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, cast

from mazzo.engine.game import (
    JSON,
    Action,
    Config,
    ConfigError,
    Game,
    IllegalAction,
    MalformedAction,
    MazzoError,
    State,
    short,
)
from mazzo.text import os_reason

RECORD_VERSION = 1
Record = JSON

#: a bigger file is refused unread: real records weigh kilobytes to a few hundred KiB (a whole
#: Burraco match, about 100 KiB), and parsing a bigger one would take too long and too much memory
MAX_RECORD_BYTES: Final = 64 * 1024 * 1024

#: the top-level fields a version-1 record may have; ``result`` and ``meta`` are optional
REQUIRED_FIELDS: Final = ("game", "version", "config", "seats", "history")
#: ``table`` and ``chance`` (its id, the seeds and commitments) are what the table server adds
#: to a finished match's record (docs/server.md); replay ignores them, ``mazzo verify`` reads them
OPTIONAL_FIELDS: Final = ("result", "meta")

#: a problem text longer than this is cut (values inside are already shortened; this also
#: bounds messages that come from elsewhere, such as a config check)
_MAX_PROBLEM: Final = 400


class RecordError(MazzoError):
    """A record that cannot be read or replayed.

    ``place`` is where the first problem is (``history[17].cards[2]``, ``config.players``; empty
    for the record as a whole) and ``problem`` what it is, ``italian`` the same in Italian; the
    message is ``place: problem`` (:meth:`text` gives ``place: italian`` in Italian).
    """

    def __init__(self, place: str, problem: str, italian: str) -> None:
        problem, italian = _cut(problem), _cut(italian)
        self.place = place
        self.problem = problem
        self.problem_it = italian
        super().__init__(f"{place}: {problem}" if place else problem,
                         italian=f"{place}: {italian}" if place else italian)


def _cut(problem: str) -> str:
    return problem if len(problem) <= _MAX_PROBLEM else problem[: _MAX_PROBLEM - 1] + "…"


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


# --- checking ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class CheckedRecord:
    """A record whose every field has been validated, with its history decoded."""

    game: Game
    config: Config
    actions: list[Action]
    result: JSON | None


def check_record(record: object) -> CheckedRecord:
    """Validate a record's whole structure, without replaying it; raise :class:`RecordError`.

    Checked: ``version`` is the integer :data:`RECORD_VERSION`; ``game`` a registered game id;
    no top-level field besides :data:`REQUIRED_FIELDS` and :data:`OPTIONAL_FIELDS` (a later
    format raises ``version``; free-form additions belong in ``meta``, an object whose content
    is not checked); ``config`` an object the game's config accepts; ``seats`` one string per
    player; ``history`` a list of actions of the game, each field of its declared type (no float
    for an int, no list for a card); ``result`` null or ``{"returns", "scores"}``, each a list
    of one finite number per player.
    """
    if not isinstance(record, dict):
        raise RecordError("", f"not a mazzo record: expected an object, got {_kind(record)}",
                          f"non è un record di mazzo: serve un oggetto, non {_kind(record, 'it')}")
    _check_version(record)
    game = _check_game(record)
    _check_field_names(record)
    config = _check_config(game, record["config"])
    _check_seats(record["seats"], config.players)
    actions = _check_history(game, record["history"])
    result = record.get("result")
    _check_result(result, config.players)
    if not isinstance(record.get("meta", {}), dict):
        raise RecordError("meta", f"expected an object, got {short(record['meta'])}",
                          f"serve un oggetto, non {short(record['meta'])}")
    return CheckedRecord(game, config, actions, result)


def _kind(value: object, lang: str = "en") -> str:
    """JSON's name for the type of ``value``, for messages about the record's shape."""
    names = ({dict: "un oggetto", list: "una lista", str: "una stringa", bool: "un booleano",
              int: "un numero", float: "un numero", type(None): "null"} if lang == "it" else
             {dict: "an object", list: "a list", str: "a string", bool: "a boolean",
              int: "a number", float: "a number", type(None): "null"})
    return names.get(type(value), type(value).__name__)


def _check_version(record: JSON) -> None:
    if "version" not in record:
        raise RecordError("version", "missing", "manca")
    version = record["version"]
    if type(version) is not int or version != RECORD_VERSION:
        raise RecordError(
            "version",
            f"this mazzo reads records of version {RECORD_VERSION}, got {short(version)}",
            f"questo mazzo legge i record della versione {RECORD_VERSION}, non {short(version)}",
        )


def _check_game(record: JSON) -> Game:
    from mazzo.engine.registry import all_games

    if "game" not in record:
        raise RecordError("game", "missing", "manca")
    game_id = record["game"]
    games = {g.id: g for g in all_games()}
    if not isinstance(game_id, str) or game_id not in games:
        raise RecordError(
            "game", f"unknown game {short(game_id)}; known: {', '.join(sorted(games))}",
            f"gioco sconosciuto {short(game_id)}; quelli noti: {', '.join(sorted(games))}",
        )
    return games[game_id]


def _check_field_names(record: JSON) -> None:
    for name in REQUIRED_FIELDS:
        if name not in record:
            raise RecordError(name, "missing", "manca")
    allowed = REQUIRED_FIELDS + OPTIONAL_FIELDS
    unknown = [key for key in record if key not in allowed]
    if unknown:
        raise RecordError(
            "", f"unknown field {short(unknown[0])}; a record has {', '.join(allowed)} "
            "(put anything else in 'meta')",
            f"campo sconosciuto {short(unknown[0])}; un record ha {', '.join(allowed)} "
            "(il resto va in 'meta')",
        )


def _check_config(game: Game, data: object) -> Config:
    if not isinstance(data, dict):
        raise RecordError("config", f"expected an object, got {short(data)}",
                          f"serve un oggetto, non {short(data)}")
    for key in data:  # JSON keys always are; a dict from Python code may hold others
        if not isinstance(key, str):
            raise RecordError("config", f"field names are strings, got {short(key)}",
                              f"i nomi dei campi sono stringhe, non {short(key)}")
    try:
        return game.config_class.from_json(data)
    except ConfigError as exc:
        field, sep, problem = str(exc).partition(": ")
        said = exc.text("it")
        if sep and field.replace("_", "").replace("[", "").replace("]", "").isalnum():
            raise RecordError(f"config.{field}", problem,
                              said.removeprefix(f"{field}: ")) from None
        raise RecordError("config", str(exc), said) from None


def _check_seats(seats: object, players: int) -> None:
    if not isinstance(seats, list):
        raise RecordError("seats", f"expected a list of names, got {short(seats)}",
                          f"serve una lista di nomi, non {short(seats)}")
    if len(seats) != players:
        raise RecordError("seats", f"expected {players} names (one per player), got {len(seats)}",
                          f"servono {players} nomi (uno per giocatore), non {len(seats)}")
    for index, name in enumerate(seats):
        if not isinstance(name, str):
            raise RecordError(f"seats[{index}]", f"expected a string, got {short(name)}",
                              f"serve una stringa, non {short(name)}")


def _check_history(game: Game, history: object) -> list[Action]:
    if not isinstance(history, list):
        raise RecordError("history", f"expected a list of actions, got {short(history)}",
                          f"serve una lista di azioni, non {short(history)}")
    decode = game.action_from_json
    actions: list[Action] = []
    append = actions.append
    for index, data in enumerate(history):
        try:
            append(decode(data))
        except MalformedAction as exc:
            place = exc.place
            joined = "" if not place else (place if place.startswith("[") else f".{place}")
            raise RecordError(f"history[{index}]{joined}", exc.problem, exc.problem_it) from None
    return actions


def _check_result(result: object, players: int) -> None:
    if result is None:
        return
    if not isinstance(result, dict):
        raise RecordError("result", f"expected null or an object, got {short(result)}",
                          f"serve null o un oggetto, non {short(result)}")
    for name in ("returns", "scores"):
        if name not in result:
            raise RecordError(f"result.{name}", "missing", "manca")
        values = result[name]
        if not isinstance(values, list) or len(values) != players:
            raise RecordError(
                f"result.{name}", f"expected a list of {players} numbers, got {short(values)}",
                f"serve una lista di {players} numeri, non {short(values)}",
            )
        for index, value in enumerate(values):
            if not _is_number(value):
                raise RecordError(
                    f"result.{name}[{index}]", f"expected a finite number, got {short(value)}",
                    f"serve un numero finito, non {short(value)}",
                )
    unknown = [key for key in result if key not in ("returns", "scores")]
    if unknown:
        raise RecordError("result", f"unknown field {short(unknown[0])}; it has returns, scores",
                          f"campo sconosciuto {short(unknown[0])}; ha returns, scores")


def _is_number(value: object) -> bool:
    if isinstance(value, bool):
        return False
    return isinstance(value, int) or (isinstance(value, float) and math.isfinite(value))


# --- replaying ---------------------------------------------------------------------------------


def replay(record: Record, upto: int | None = None) -> State:
    """Rebuild the state from a record, checked whole first (:func:`check_record`).

    ``upto`` replays only the first ``upto`` actions (then the result is not compared). Raise
    :class:`RecordError` naming the place: the first malformed field, the first action the
    rules refuse (``history[17]: ...``), or ``result`` if the replay ends elsewhere.
    """
    checked = check_record(record)
    if upto is not None and (type(upto) is not int or upto < 0):
        raise MazzoError(f"upto: expected a count of actions (0 or more), got {short(upto)}",
                         italian=f"upto: serve un numero di azioni (0 o più), non {short(upto)}")
    state = checked.game.new_match(checked.config)
    actions = checked.actions if upto is None else checked.actions[:upto]
    for index, action in enumerate(actions):
        try:
            state.apply(action)
        except MazzoError as exc:
            why = (checked.game.explain_illegal(exc, "it") if isinstance(exc, IllegalAction)
                   else exc.text("it"))
            raise RecordError(
                f"history[{index}]", f"{short(str(action))} cannot be replayed: {exc}",
                f"{short(str(action))} non si può rigiocare: {why}",
            ) from exc
    result = checked.result
    if upto is None and result is not None:
        got = {"returns": state.returns(), "scores": state.scores()}
        if json.loads(json.dumps(got)) != result:
            raise RecordError(
                "result",
                f"the replayed result {short(got)} differs from the recorded {short(result)}",
                f"il risultato rigiocato {short(got)} non è quello registrato {short(result)}",
            )
    return state


# --- files -------------------------------------------------------------------------------------


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


@contextlib.contextmanager
def naming_file(path: str | Path) -> Iterator[None]:
    """Errors about the record read from ``path`` name the file: a :class:`MazzoError` raised
    inside (a move the rules refuse on replay, a bad ``meta``, a failed fairness check) gets
    `` (in record PATH)`` added, unless its message names the file already."""
    try:
        yield
    except MazzoError as exc:
        if str(path) in str(exc):
            raise
        where, where_it = f" (in record {path})", f" (nel record {path})"
        if isinstance(exc, RecordError):
            raise RecordError(exc.place, exc.problem + where, exc.problem_it + where_it) from exc
        raise MazzoError(f"{exc}{where}", italian=f"{exc.text('it')}{where_it}") from exc


def load_record(path: str | Path) -> Record:
    """Read and check a record file (:func:`check_record`); raise :class:`RecordError`.

    Bounded work on any file: over :data:`MAX_RECORD_BYTES` it is refused unread, deep nesting
    is refused, and NaN, Infinity or a number too big for a float (``1e309``) is refused with
    its place. The message names the file.
    """
    data = _parse(path, _read_text(path))
    try:
        check_record(data)
    except RecordError as exc:
        raise RecordError(exc.place, f"{exc.problem} (in record {path})",
                          f"{exc.problem_it} (nel record {path})") from None
    return cast(Record, data)  # check_record refused anything but an object


def _read_text(path: str | Path) -> str:
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_RECORD_BYTES + 1)
    except OSError as exc:
        raise _unreadable(path, os_reason(exc, "en"), os_reason(exc, "it")) from None
    if len(raw) > MAX_RECORD_BYTES:
        limit = MAX_RECORD_BYTES // (1024 * 1024)
        raise _unreadable(path, f"over {limit} MiB, too big for a record",
                          f"più di {limit} MiB, troppo grande per un record")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise _unreadable(path, f"not UTF-8 text (byte {exc.start})",
                          f"non è testo UTF-8 (byte {exc.start})") from None


def _unreadable(path: str | Path, why: str, why_it: str) -> RecordError:
    """A file that cannot be read as a record: "cannot read record PATH: why"."""
    return RecordError("", f"cannot read record {path}: {why}",
                       f"impossibile leggere il record {path}: {why_it}")


#: the JSON reader's complaints (``json.JSONDecodeError.msg``) in Italian
_JSON_IT: Final = {
    "Expecting value": "manca un valore",
    "Expecting property name enclosed in double quotes": "manca il nome di un campo tra "
                                                         "virgolette doppie",
    "Expecting ':' delimiter": "manca ':'",
    "Expecting ',' delimiter": "manca ','",
    "Unterminated string starting at": "stringa non chiusa",
    "Invalid control character at": "carattere di controllo non ammesso",
    "Invalid \\escape": "sequenza di escape non valida",
    "Invalid \\uXXXX escape": "escape \\uXXXX non valido",
    "Extra data": "altro testo dopo il JSON",
}


class _NonFinite(float):
    """A JSON number Python reads as NaN or ±inf; it remembers its text for the message."""

    text: str

    def __repr__(self) -> str:
        return self.text


def _non_finite(text: str) -> float:
    value = _NonFinite(text.replace("Infinity", "inf"))
    value.text = text
    return value


def _parse(path: str | Path, text: str) -> object:
    non_finite: list[float] = []  # filled while parsing: the search for the place is rare work

    def constant(text: str) -> float:
        non_finite.append(_non_finite(text))
        return non_finite[-1]

    def number(text: str) -> float:
        value = float(text)
        return value if math.isfinite(value) else constant(text)

    try:
        data = json.loads(text, parse_float=number, parse_constant=constant)
    except RecursionError:
        raise _unreadable(path, "nesting too deep", "annidamento troppo profondo") from None
    except json.JSONDecodeError as exc:
        said = _JSON_IT.get(exc.msg, exc.msg)
        raise _unreadable(path, f"not JSON: {exc}", f"non è JSON: {said}: riga {exc.lineno} "
                                                     f"colonna {exc.colno} (carattere {exc.pos})"
                          ) from None
    except ValueError:  # Python refuses to read an integer of thousands of digits
        raise _unreadable(path, "a number has too many digits", "un numero ha troppe cifre") \
            from None
    if non_finite:
        place, value = _find_non_finite(data) or ("", non_finite[0])
        raise RecordError(
            place,
            f"NaN and Infinity are not allowed in a record, got {value!r} (in record {path})",
            f"NaN e Infinity non sono ammessi in un record, trovato {value!r} (nel record {path})",
        )
    if "\\u" in text:  # only an escape can make a lone surrogate: the text is strict UTF-8
        where = lone_surrogate_place(data)
        if where is not None:  # no character: printing or saving it again would raise
            raise RecordError(where, "a string holds a lone surrogate (\\ud800-\\udfff), "
                                     f"which is no character (in record {path})",
                              "una stringa contiene un surrogato isolato (\\ud800-\\udfff), "
                              f"che non è un carattere (nel record {path})")
    return data


def lone_surrogate_place(data: object) -> str | None:
    """The place of the first string in parsed JSON, key or value, that holds a lone surrogate
    (``\\ud800``: JSON's grammar allows the escape, but it is no character and cannot be
    encoded again); None if there is none. The server's reader of client JSON uses it too."""
    found = _first_place(data, _lone_surrogate)
    return None if found is None else found[0]


def _lone_surrogate(value: object) -> bool:
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False


def _is_non_finite(value: object) -> bool:
    return isinstance(value, float) and not math.isfinite(value)


def _first_place(data: object, bad: Callable[[object], bool]) -> tuple[str, object] | None:
    """The place and value of the first value in parsed JSON that is ``bad`` (a dict's key
    that is bad gives the dict's place), by a loop: no recursion on deep data."""
    stack: list[tuple[str, object]] = [("", data)]
    while stack:
        place, value = stack.pop()
        if bad(value):
            return place, value
        if isinstance(value, dict):
            for key in value:
                if bad(key):
                    return place, key
            items = [(f"{place}.{key}" if place else str(key), v) for key, v in value.items()]
            stack.extend(reversed(items))
        elif isinstance(value, list):
            stack.extend(reversed([(f"{place}[{i}]", v) for i, v in enumerate(value)]))
    return None


def _find_non_finite(data: object) -> tuple[str, float] | None:
    """The place and value of the first NaN/Infinity in parsed JSON."""
    found = _first_place(data, _is_non_finite)
    return None if found is None else (found[0], cast(float, found[1]))
