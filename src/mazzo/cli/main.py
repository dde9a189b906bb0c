"""The ``mazzo`` command: games, rules, play, simulate, arena, replay, and game subcommands."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from mazzo.bots.levels import LEVELS, bot_names
from mazzo.engine.game import Config, ConfigError, Game, MazzoError
from mazzo.engine.record import load_record
from mazzo.engine.registry import all_games, get_game

EPILOG = """\
examples:
  mazzo games
  mazzo rules nebraska --lang it
  mazzo play nebraska --players 4 --variant poker --bots medio
  mazzo simulate nebraska --matches 1000 --seed 1 --bots heuristic,random
  mazzo arena cribbage --bots esperto,medio,random --matches 200 --seed 7
  mazzo replay match.json --seat 1
  mazzo serve --port 8000
  mazzo verify table-record.json
  mazzo cribbage analyze 5H 5D JS QC 4S 6D --dealer
Run 'mazzo' alone for a menu.
"""


def default_lang() -> str:
    """MAZZO_LANG, else Italian when the system language is Italian, else English."""
    chosen = os.environ.get("MAZZO_LANG") or os.environ.get("LANG", "")
    return "it" if chosen.lower().startswith("it") else "en"


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mazzo",
        description="Five traditional card games with exact rules, bots and a clean engine.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--lang", choices=("it", "en"), default=None,
                        help="language of the texts (default: from MAZZO_LANG or LANG)")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    sub.add_parser("games", help="list the games with player counts and variants")

    rules = sub.add_parser("rules", help="a readable summary of a game's rules")
    rules.add_argument("game")

    play = sub.add_parser("play", help="play a match at the terminal against bots")
    play.add_argument("game")
    _config_args(play)
    play.add_argument("--seat", type=int, default=1, help="your seat, 1-based (default 1)")
    play.add_argument("--bots", default="medio",
                      help="bot level(s) for the other seats, comma-separated, in seat order: "
                      + ", ".join(LEVELS) + " or a game bot such as heuristic (default medio)")
    play.add_argument("--seed", type=int, default=None,
                      help="fixed seed (default: a fair, secure shuffle)")
    play.add_argument("--save", help="save the match record to this file at the end")

    simulate = sub.add_parser("simulate", help="bots play many matches: win rates with 95%% CI")
    simulate.add_argument("game")
    _config_args(simulate)
    simulate.add_argument("--matches", type=int, default=1000)
    simulate.add_argument("--seed", type=int, default=0)
    simulate.add_argument("--bots", default=None,
                          help="comma-separated bots (default heuristic,random)")
    simulate.add_argument("--workers", type=int, default=None)
    simulate.add_argument("--out", help="write the results as JSON")
    simulate.add_argument("--quiet", action="store_true")

    sub.add_parser("arena", help="tournaments between bots (see 'mazzo arena --help')",
                   add_help=False)

    rep = sub.add_parser("replay", help="step through a saved match record")
    rep.add_argument("file")
    rep.add_argument("--seat", type=int, default=None,
                     help="see the match as this seat (1-based); default: spectator")
    rep.add_argument("--all", action="store_true", help="print every step without pausing")

    sub.add_parser("menu", help="the terminal menu (also what 'mazzo' alone opens)")

    serve = sub.add_parser("serve", help="run the table server (needs the web extra)")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--db", default=None,
                       help="sqlite:///PATH or postgresql://... (default ~/.mazzo/mazzo.db)")
    serve.add_argument("--workers-bots", type=int, default=1,
                       help="processes computing bot moves (default 1; 0: a thread)")
    serve.add_argument("--bot-pause", type=float, default=0.6,
                       help="seconds a bot waits before moving, so people can follow")
    serve.add_argument("--grace", type=float, default=60.0,
                       help="seconds before a stand-in plays for a disconnected person")
    serve.add_argument("--rate", type=float, default=20.0,
                       help="messages per second allowed per connection")
    serve.add_argument("--burst", type=int, default=40, help="messages allowed at once")

    verify = sub.add_parser("verify", help="check a server record's fair-shuffle commitments")
    verify.add_argument("file")
    return parser


def _config_args(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--players", type=int, default=None, help="number of players")
    parser.add_argument("--variant", default=None, help="variant or preset of the game")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                        help="any other config field, e.g. --set target=10 (repeatable)")


def make_config(game: Game, players: int | None, variant: str | None,
                items: Sequence[str]) -> Config:
    fields: dict[str, Any] = {}
    for item in items:
        name, sep, raw = item.partition("=")
        if not sep or not name:
            raise ConfigError(f"--set needs FIELD=VALUE, got {item!r}")
        try:
            fields[name] = json.loads(raw)
        except json.JSONDecodeError:
            fields[name] = raw
        if isinstance(fields[name], list):
            fields[name] = tuple(fields[name])
    if players is not None:
        fields["players"] = players
    if variant is not None:
        if not game.variants:
            raise ConfigError(f"variant: {game.id} has no variants")
        fields["variant"] = variant
    base = game.config_class()
    if "players" not in fields and hasattr(base, "players"):
        fields.setdefault("players", base.players)
    return base.replace(**fields)


def cmd_games(lang: str) -> int:
    it = lang == "it"
    head = ("gioco", "nome", "giocatori", "varianti") if it else ("id", "name", "players",
                                                                  "variants")
    rows = [head]
    for game in all_games():
        counts = game.player_counts
        players = (f"{counts[0]}–{counts[-1]}"
                   if list(counts) == list(range(counts[0], counts[-1] + 1)) and len(counts) > 2
                   else ", ".join(str(c) for c in counts))
        rows.append((game.id, game.title(lang), players, ", ".join(game.variants) or "—"))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    return 0


def cmd_play(args: argparse.Namespace, lang: str) -> int:
    from mazzo.cli.play import play_interactive

    game = get_game(args.game)
    config = make_config(game, args.players, args.variant, args.set)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    known = bot_names(game)
    for bot in bots:
        if bot not in known and not bot.startswith("ismcts:"):
            raise MazzoError(f"--bots: unknown bot {bot!r}; choose from {', '.join(known)}")
    play_interactive(game, config, args.seat - 1, bots, lang, args.seed, args.save)
    return 0


def cmd_simulate(args: argparse.Namespace) -> int:
    from mazzo.arena.cli import main as arena_main

    game = get_game(args.game)
    bots = args.bots or ("heuristic,random" if "heuristic" in game.bots() else "medio,random")
    argv = [game.id, "--bots", bots, "--matches", str(args.matches), "--seed", str(args.seed)]
    if args.workers is not None:
        argv += ["--workers", str(args.workers)]
    if args.players is not None:
        argv += ["--players", str(args.players)]
    if args.variant is not None:
        argv += ["--variant", args.variant]
    for item in args.set:
        argv += ["--set", item]
    if args.out:
        argv += ["--out", args.out]
    if args.quiet:
        argv.append("--quiet")
    return arena_main(argv)


def cmd_replay(args: argparse.Namespace, lang: str) -> int:
    from mazzo.cli.play import step_through

    record = load_record(args.file)
    seat = None if args.seat is None else args.seat - 1
    interactive = not args.all and sys.stdin.isatty()
    step_through(record, seat, lang, interactive=interactive)
    return 0


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from mazzo.server.app import serve
    except ImportError as exc:  # fastapi or uvicorn missing
        raise MazzoError(f"the server needs the web extra: pip install -e '.[web]' ({exc})") \
            from exc
    return serve(host=args.host, port=args.port, db=args.db, bot_workers=args.workers_bots,
                 bot_pause=args.bot_pause, grace=args.grace, rate=args.rate, burst=args.burst)


def cmd_verify(path: str, lang: str) -> int:
    from mazzo.server.fairness import verify_record

    count = verify_record(load_record(path))
    if lang == "it":
        what = "estrazione verificata" if count == 1 else "estrazioni verificate"
        print(f"{path}: {count} {what} (impegni e semi corrispondono)")
    else:
        print(f"{path}: {count} chance {'action' if count == 1 else 'actions'} verified"
              " (commitments and seeds match)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    lang = default_lang()
    if "--lang" in args_list:
        i = args_list.index("--lang")
        if i + 1 < len(args_list) and args_list[i + 1] in ("it", "en"):
            lang = args_list[i + 1]
            del args_list[i : i + 2]
    try:
        return _dispatch(args_list, lang)
    except MazzoError as exc:
        print(f"mazzo: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("", file=sys.stderr)
        return 130


def _dispatch(args_list: list[str], lang: str) -> int:
    if not args_list:
        from mazzo.cli.menu import run_menu

        return run_menu(lang)
    head = args_list[0]
    if head == "arena":
        from mazzo.arena.cli import main as arena_main

        return arena_main(args_list[1:])
    game_ids = {g.id for g in all_games()}
    if head in game_ids and len(args_list) > 1 and not args_list[1].startswith("-"):
        commands = get_game(head).subcommands()
        if args_list[1] in commands:
            os.environ["MAZZO_LANG"] = lang  # subcommands read the language from here
            return commands[args_list[1]](args_list[2:])
        known = ", ".join(commands) or "none"
        raise MazzoError(f"{head} has no command {args_list[1]!r} (its commands: {known})")
    args = build_parser().parse_args(args_list)
    if args.command == "games":
        return cmd_games(lang)
    if args.command == "rules":
        print(get_game(args.game).rules_summary(lang))
        return 0
    if args.command == "play":
        return cmd_play(args, lang)
    if args.command == "simulate":
        return cmd_simulate(args)
    if args.command == "replay":
        return cmd_replay(args, lang)
    if args.command == "verify":
        return cmd_verify(args.file, lang)
    if args.command == "menu":
        from mazzo.cli.menu import run_menu

        return run_menu(lang)
    if args.command == "serve":
        return cmd_serve(args)
    build_parser().print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
