"""``mazzo admin``: what a server's operator does to accounts, from the machine that holds the
database (``--db``, as ``mazzo serve``): ban or mute an account and lift it, reset a password
(the new one is printed once), read the admin log, list players' reports; remove old finished
tables and export their records first (:mod:`mazzo.cli.keep`). Every change is written to the
admin log with the OS user who ran it."""

from __future__ import annotations

import argparse
import dataclasses
import functools
import getpass
import os
import secrets
import sys
import time
from pathlib import Path
from typing import Any, Final

from mazzo.argtext import lang_in, parser_class
from mazzo.cli.keep import check_out, export, parse_date, prune
from mazzo.engine.game import MazzoError
from mazzo.text import default_lang

#: the admin log lines ``mazzo admin log`` shows unless told
LOG_LINES: Final = 50
#: what each flag command does: command -> (flag, set it?)
FLAG_COMMANDS: Final = {"ban": ("banned", True), "unban": ("banned", False),
                        "mute": ("muted", True), "unmute": ("muted", False)}

WORDS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "description": "Manage the accounts of a mazzo server's database: bans, mutes, "
                       "password resets, the admin log and players' reports; and keep it small: "
                       "export and prune old finished tables. Every change is logged with the "
                       "OS user who ran it.",
        "db": "sqlite:///PATH or postgresql://... (default ~/.mazzo/mazzo.db), as mazzo serve",
        "user": "the account's username",
        "reason": "why (written to the admin log)",
        "limit": "how many lines, newest first (default %(default)s)",
        "ban": "ban an account: it cannot log in or take a seat; its sessions end",
        "unban": "lift an account's ban",
        "mute": "mute an account: it cannot chat",
        "unmute": "lift an account's mute",
        "reset-password": "give an account a new random password, printed once; its sessions "
                          "end",
        "log": "show the admin log",
        "reports": "list players' reports",
        "m.user": "USER", "m.text": "TEXT", "m.n": "N", "m.url": "URL", "m.command": "COMMAND",
        "done.ban": "{user} is banned.", "done.unban": "{user} is no longer banned.",
        "done.mute": "{user} is muted.", "done.unmute": "{user} is no longer muted.",
        "done.reset": "New password for {user} (shown only now; their sessions have ended):",
        "no_log": "The admin log is empty.", "no_reports": "No reports.",
        "no_reports_yet": "This server keeps no reports (the chat part is not installed).",
        "prune": "remove the finished tables whose match ended before DATE, with their moves, "
                 "chat and reviews (accounts keep their ratings); unfinished tables are never "
                 "removed",
        "export": "write the records of finished tables (as mazzo replay and mazzo verify "
                  "read them) to a folder, one file a table, or to a .jsonl file, one a line",
        "before": "a date (2026-01-31) or date and time (2026-01-31T18:00), local time; "
                  "not in the future",
        "export.before": "only the tables finished before this date (default: every "
                         "finished table)",
        "dry_run": "say how many would be removed, and remove nothing",
        "out": "a folder (created if missing) or a file name ending in .jsonl",
        "m.date": "DATE", "m.out": "DIR|FILE",
    },
    "it": {
        "description": "Gestisci gli account del database di un server mazzo: sospensioni, "
                       "silenziamenti, password nuove, il registro dell'amministrazione e le "
                       "segnalazioni dei giocatori; e tienilo snello: esporta e togli i vecchi "
                       "tavoli finiti. Ogni modifica è registrata con l'utente del sistema che "
                       "l'ha eseguita.",
        "db": "sqlite:///PERCORSO o postgresql://... (predefinito ~/.mazzo/mazzo.db), come "
              "mazzo serve",
        "user": "il nome utente dell'account",
        "reason": "perché (scritto nel registro)",
        "limit": "quante righe, dalle più recenti (predefinito %(default)s)",
        "ban": "sospendi un account: non può entrare né sedersi a un tavolo; le sue sessioni "
               "finiscono",
        "unban": "togli la sospensione a un account",
        "mute": "silenzia un account: non può scrivere in chat",
        "unmute": "togli il silenziamento a un account",
        "reset-password": "dai a un account una password nuova a caso, mostrata una volta sola; "
                          "le sue sessioni finiscono",
        "log": "mostra il registro dell'amministrazione",
        "reports": "elenca le segnalazioni dei giocatori",
        "m.user": "UTENTE", "m.text": "TESTO", "m.n": "N", "m.url": "URL",
        "m.command": "COMANDO",
        "done.ban": "{user} è sospeso.", "done.unban": "{user} non è più sospeso.",
        "done.mute": "{user} è silenziato.", "done.unmute": "{user} non è più silenziato.",
        "done.reset": "Password nuova per {user} (mostrata solo ora; le sue sessioni sono "
                      "finite):",
        "no_log": "Il registro dell'amministrazione è vuoto.",
        "no_reports": "Nessuna segnalazione.",
        "no_reports_yet": "Questo server non tiene segnalazioni (manca la parte della chat).",
        "prune": "togli i tavoli finiti la cui partita è terminata prima di DATA, con le loro "
                 "mosse, chat e revisioni (gli account tengono il loro punteggio); i tavoli non "
                 "finiti non si toccano mai",
        "export": "scrivi i record dei tavoli finiti (come li leggono mazzo replay e mazzo "
                  "verify) in una cartella, un file per tavolo, o in un file .jsonl, uno per "
                  "riga",
        "before": "una data (2026-01-31) o data e ora (2026-01-31T18:00), ora locale; non "
                  "nel futuro",
        "export.before": "solo i tavoli finiti prima di questa data (predefinito: tutti i "
                         "tavoli finiti)",
        "dry_run": "di' quanti ne toglieresti, senza togliere nulla",
        "out": "una cartella (creata se manca) o un nome di file che finisce in .jsonl",
        "m.date": "DATA", "m.out": "CARTELLA|FILE",
    },
}


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """``mazzo admin``'s parser, its help pages in ``lang``."""
    w = WORDS["it" if lang == "it" else "en"]
    parser = parser_class(lang)(prog="mazzo admin", description=w["description"])
    parser.add_argument("--db", default=None, metavar=w["m.url"], help=w["db"])
    sub = parser.add_subparsers(dest="command", metavar=w["m.command"], required=True)
    for command in (*FLAG_COMMANDS, "reset-password"):
        one = sub.add_parser(command, help=w[command], description=w[command])
        one.add_argument("user", metavar=w["m.user"], help=w["user"])
        if command != "reset-password":
            one.add_argument("--reason", default="", metavar=w["m.text"], help=w["reason"])
    for command in ("log", "reports"):
        listing = sub.add_parser(command, help=w[command], description=w[command])
        listing.add_argument("--limit", type=int, default=LOG_LINES, metavar=w["m.n"],
                             help=w["limit"])
    date = functools.partial(parse_date, lang=lang)
    prune = sub.add_parser("prune", help=w["prune"], description=w["prune"])
    prune.add_argument("--finished-before", type=date, required=True, metavar=w["m.date"],
                       help=w["before"])
    prune.add_argument("--dry-run", action="store_true", help=w["dry_run"])
    export = sub.add_parser("export", help=w["export"], description=w["export"])
    export.add_argument("--finished-before", type=date, default=None, metavar=w["m.date"],
                        help=w["export.before"])
    export.add_argument("--out", type=Path, required=True, metavar=w["m.out"], help=w["out"])
    return parser


def actor() -> str:
    """Who runs the command: the OS user (its uid where it has no name)."""
    try:
        return getpass.getuser()
    except (KeyError, OSError):
        return f"uid {os.getuid()}"


def main(argv: list[str], lang: str | None = None) -> int:
    """``mazzo admin ...`` (``argv`` without ``admin``)."""
    lang = lang or lang_in(argv, default_lang())
    args = build_parser(lang).parse_args(argv)
    if args.command == "export":
        check_out(args.out)
    try:
        from mazzo.server.storage.base import open_storage

        storage = open_storage(args.db)
    except ImportError as exc:
        raise MazzoError(f"mazzo admin needs the web extra: pip install -e '.[web]' ({exc})",
                         italian=f"mazzo admin vuole l'extra web: pip install -e '.[web]' "
                                 f"({exc})") from exc
    try:
        return _run(storage, args, lang)
    finally:
        storage.close()


def _run(storage: Any, args: argparse.Namespace, lang: str) -> int:
    from mazzo.server.storage.base import AdminLogRow

    w = WORDS["it" if lang == "it" else "en"]
    if args.command == "log":
        return _print_log(storage, args.limit, w)
    if args.command == "reports":
        return _print_reports(storage, args.limit, w)
    if args.command in ("prune", "export"):
        return _keep(storage, args, lang)
    account = storage.account_by_username(args.user)
    if account is None:
        raise MazzoError(f"no account named {args.user!r}",
                         italian=f"nessun account di nome {args.user!r}")
    now = time.time()
    if args.command == "reset-password":
        from mazzo.server.passwords import Passwords

        password = secrets.token_urlsafe(12)
        storage.set_password_hash(account.id, Passwords().hasher.hash(password))
        storage.delete_sessions(account.id)
        storage.log_admin(AdminLogRow(now, actor(), "reset-password", account.id,
                                      account.username))
        print(w["done.reset"].format(user=account.username))
        print(password)
        return 0
    flag, on = FLAG_COMMANDS[args.command]
    storage.set_account_flag(account.id, flag, now if on else None)
    detail = f"{account.username}: {args.reason}" if args.reason else account.username
    storage.log_admin(AdminLogRow(now, actor(), args.command, account.id, detail))
    print(w[f"done.{args.command}"].format(user=account.username))
    return 0


def _keep(storage: Any, args: argparse.Namespace, lang: str) -> int:
    """``prune`` (logged in the admin log unless a dry run) and ``export``."""
    from mazzo.server.storage.base import AdminLogRow

    if args.command == "export":
        print(export(storage, args.finished_before, args.out, lang)[1])
        return 0
    removed, said = prune(storage, args.finished_before, args.dry_run, lang)
    if not args.dry_run:
        storage.log_admin(AdminLogRow(time.time(), actor(), "prune", None,
                                      f"{removed} finished before "
                                      f"{_when(args.finished_before)}"))
    print(said)
    return 0


def _when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(seconds))


def _print_log(storage: Any, limit: int, w: dict[str, str]) -> int:
    rows = storage.admin_log(max(limit, 0))
    if not rows:
        print(w["no_log"])
    for row in rows:
        print(f"{_when(row.at)}  {row.actor}  {row.action}  {row.detail}")
    return 0


def _print_reports(storage: Any, limit: int, w: dict[str, str]) -> int:
    """The reports the chat part keeps (``list_reports``), one line each, newest first."""
    list_reports = getattr(storage, "list_reports", None)
    if list_reports is None:
        print(w["no_reports_yet"])
        return 0
    reports = list_reports(max(limit, 0))
    if not reports:
        print(w["no_reports"])
    for report in reports:
        fields = (dataclasses.asdict(report) if dataclasses.is_dataclass(report)
                  and not isinstance(report, type) else dict(report))
        print("  ".join(f"{k}={v}" for k, v in fields.items()))
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main(sys.argv[1:]))
