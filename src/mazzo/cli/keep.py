"""Keeping a server's database: ``mazzo backup`` and ``mazzo restore`` copy a SQLite database
(:mod:`mazzo.server.storage.backup`); ``mazzo admin prune`` removes old finished tables and
``mazzo admin export`` writes their records first (the format ``mazzo replay`` and ``mazzo
verify`` read), on SQLite and PostgreSQL, while the server serves: only finished tables are
touched. Documented in docs/server.md ("Operations")."""

from __future__ import annotations

import argparse
import datetime
import json
import math
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Final

from mazzo.engine.game import JSON, MazzoError
from mazzo.engine.record import save_record

if TYPE_CHECKING:
    from mazzo.server.storage.base import Storage

#: tables read or removed per database round trip: one transaction each, so a server sharing
#: the database waits at most for one batch
BATCH: Final = 200
#: an export ``--out`` ending so is one file of JSON lines (one record a line), else a folder
LINES_SUFFIX: Final = ".jsonl"


def parse_date(text: str, lang: str = "en") -> float:
    """``--finished-before``: an ISO date or date and time (local time unless it names its
    zone), as wall-clock seconds; not in the future (a table that has just finished may still
    be open at a server)."""
    try:
        when = datetime.datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a date such as 2026-01-31 or 2026-01-31T18:00" if lang != "it"
            else f"{text!r} non è una data come 2026-01-31 o 2026-01-31T18:00") from None
    seconds = when.timestamp()  # a naive time is taken as local time
    if seconds > time.time():
        raise argparse.ArgumentTypeError(
            f"{text} is in the future: give a date that has passed" if lang != "it"
            else f"{text} è nel futuro: indica una data già passata")
    return seconds


def finished_ids(storage: Storage, before: float) -> Iterator[str]:
    """Every finished table's id whose match ended before ``before``, a page at a time."""
    after = ""
    while True:
        page = storage.finished_before(before, BATCH, after)
        yield from page
        if len(page) < BATCH:
            return
        after = page[-1]


def tables_word(count: int, lang: str) -> str:
    """``1 finished table`` / ``3 finished tables`` in ``lang``."""
    if lang == "it":
        return f"{count} {'tavolo finito' if count == 1 else 'tavoli finiti'}"
    return f"{count} finished {'table' if count == 1 else 'tables'}"


def prune(storage: Storage, before: float, dry_run: bool, lang: str) -> tuple[int, str]:
    """Remove the finished tables that ended before ``before`` (none if ``dry_run``); how many,
    and what to tell the operator."""
    removed = 0
    if dry_run:
        removed = sum(1 for _ in finished_ids(storage, before))
    else:
        while ids := storage.finished_before(before, BATCH):
            gone = storage.prune_tables(ids)
            removed += gone
            if gone == 0:  # every one went meanwhile (a second prune): stop rather than spin
                break
    return removed, _pruned(removed, storage.unfinished_before(before), _day(before), dry_run,
                            lang)


def _pruned(removed: int, kept: int, day: str, dry_run: bool, lang: str) -> str:
    """What prune tells the operator: how many it removed (or would), and how many unfinished
    tables from before the date it left."""
    if lang == "it":
        tables = f"{removed} {'tavolo finito' if removed == 1 else 'tavoli finiti'} prima del {day}"
        said = (f"Da togliere: {tables} (prova: nulla è stato tolto)." if dry_run
                else f"Tolti {tables}.")
        if kept:
            said += (f" {kept} {'tavolo non finito' if kept == 1 else 'tavoli non finiti'} di "
                     f"prima {'resta' if kept == 1 else 'restano'}: prune non tocca i tavoli "
                     "non finiti.")
        return said
    tables = f"{removed} {'table' if removed == 1 else 'tables'} finished before {day}"
    said = (f"Would remove {tables} (dry run: nothing was removed)." if dry_run
            else f"Removed {tables}.")
    if kept:
        said += (f" {kept} {'unfinished table' if kept == 1 else 'unfinished tables'} from "
                 f"before then {'stays' if kept == 1 else 'stay'}: prune never removes an "
                 "unfinished table.")
    return said


def export(storage: Storage, before: float | None, out: Path, lang: str) -> tuple[int, str]:
    """Write the record of every finished table (that ended before ``before``, if given) to
    ``out``: a folder of ``<table>.json`` files, or one ``.jsonl`` file of one record a line;
    every file written atomically. How many, and what to tell the operator."""
    from mazzo.server.table import replay_table

    limit = math.inf if before is None else before  # every one, whatever a server's clock
    records = (replay_table(storage.load_table(i)).record() for i in finished_ids(storage, limit))
    if out.suffix == LINES_SUFFIX:
        count = _write_lines(records, out)
    else:
        count = 0
        for record in records:
            save_record(record, out / f"{record['meta']['table']}.json")
            count += 1
    if lang == "it":
        return count, f"Scritti i record di {tables_word(count, lang)} in {out}."
    return count, f"Wrote the records of {tables_word(count, lang)} to {out}."


def _write_lines(records: Iterator[JSON], out: Path) -> int:
    """JSON lines to a temp file beside ``out``, fsynced, then renamed over it."""
    out.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{out.name}.", dir=out.parent)
    count = 0
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            for record in records:
                handle.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")))
                handle.write("\n")
                count += 1
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, out)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return count


def check_out(out: Path) -> None:
    """Refuse an ``--out`` that cannot be what it must: a file where a folder goes, or the
    other way round, before anything is read."""
    lines = out.suffix == LINES_SUFFIX
    if lines and out.is_dir():
        raise MazzoError(f"--out: {out} is a folder; a {LINES_SUFFIX} export is one file",
                         italian=f"--out: {out} è una cartella; un'esportazione "
                                 f"{LINES_SUFFIX} è un file solo")
    if not lines and out.exists() and not out.is_dir():
        raise MazzoError(f"--out: {out} is a file; give a folder (one record a file) or a "
                         f"name ending in {LINES_SUFFIX} (one record a line)",
                         italian=f"--out: {out} è un file; indica una cartella (un record per "
                                 f"file) o un nome che finisce in {LINES_SUFFIX} (un record "
                                 "per riga)")


def _day(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M", time.localtime(seconds))


def cmd_backup(args: argparse.Namespace, lang: str) -> int:
    """``mazzo backup PATH [--db URL]``."""
    from mazzo.server.storage.backup import backup, sqlite_file

    source = sqlite_file(args.db, "backup")
    folder = args.path.endswith(("/", os.sep))  # "backups/": a folder, made if missing
    written = backup(source, Path(args.path).expanduser(), folder)
    print(f"Copia di {source} salvata in {written}." if lang == "it"
          else f"Backed up {source} to {written}.")
    return 0


def cmd_restore(args: argparse.Namespace, lang: str) -> int:
    """``mazzo restore PATH [--db URL]``."""
    from mazzo.server.storage.backup import restore, sqlite_file

    target = sqlite_file(args.db, "restore")
    copy = Path(args.path).expanduser()
    kept = restore(copy, target)
    if lang == "it":
        print(f"Ripristinato {target} da {copy}."
              + (f" Il database sostituito è conservato in {kept}." if kept else ""))
    else:
        print(f"Restored {target} from {copy}."
              + (f" The database it replaced is kept as {kept}." if kept else ""))
    return 0
