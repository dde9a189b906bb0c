"""The ``mazzo`` command: games, rules, play, simulate, arena, replay, review, and game
subcommands."""

from __future__ import annotations

import argparse
import contextlib
import functools
import inspect
import io
import os
import sys
from collections.abc import Callable, Iterator, Sequence

from mazzo.argtext import find_lang, parser_class, usage_prefix
from mazzo.bots.levels import LEVELS, bot_names
from mazzo.cli.help_text import help_words
from mazzo.engine.game import Config, ConfigError, Game, MazzoError, format_counts
from mazzo.engine.overrides import add_flag, parse_overrides
from mazzo.engine.record import load_record, naming_file
from mazzo.engine.registry import all_games, get_game
from mazzo.text import default_lang

#: where ``mazzo serve --metrics-token`` is taken from when the flag is not given
METRICS_TOKEN_ENV = "MAZZO_METRICS_TOKEN"

Command = Callable[[list[str]], int]


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """The ``mazzo`` command's parser, its help pages and argparse's own words in ``lang``."""
    h = help_words(lang)
    parser = parser_class(lang)(
        prog="mazzo",
        description=h["description"],
        epilog=h["epilog"] + game_commands_help(lang),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--lang", choices=("it", "en"), default=None, help=h["lang"])
    parser.add_argument("--no-color", action="store_true", help=h["no_color"])
    sub = parser.add_subparsers(dest="command", metavar=h["m.command"])

    sub.add_parser("games", help=h["games"])

    rules = sub.add_parser("rules", help=h["rules"])
    rules.add_argument("game", metavar=h["m.game"])
    rules.add_argument("--full", action="store_true", help=h["rules.full"])

    play = sub.add_parser("play", help=h["play"])
    play.add_argument("game", nargs="?", metavar=h["m.game"], help=h["play.game"])
    play.add_argument("--resume", metavar=h["m.FILE"], help=h["play.resume"])
    _config_args(play, h)
    play.add_argument("--seat", type=int, default=1, metavar=h["m.seat"], help=h["play.seat"])
    play.add_argument("--bots", default="medio", metavar=h["m.bots"],
                      help=h["play.bots"].format(levels=", ".join(LEVELS)))
    play.add_argument("--seed", type=int, default=None, metavar=h["m.seed"],
                      help=h["play.seed"])
    play.add_argument("--save", metavar=h["m.FILE"], help=h["play.save"])
    play.add_argument("--no-autoplay", dest="autoplay", action="store_false",
                      help=h["play.no_autoplay"])

    learn = sub.add_parser("learn", help=h["learn"], description=h["learn"])
    learn.add_argument("game", metavar=h["m.game"])

    matches = sub.add_parser("matches", help=h["matches"])
    matches.add_argument("--all", action="store_true", help=h["matches.all"])

    simulate = sub.add_parser("simulate", help=h["simulate"])
    simulate.add_argument("game", metavar=h["m.game"])
    _config_args(simulate, h)
    simulate.add_argument("--matches", type=int, default=1000, metavar=h["m.matches"],
                          help=h["simulate.matches"])
    simulate.add_argument("--seed", type=int, default=0, metavar=h["m.seed"])
    simulate.add_argument("--bots", default=None, metavar=h["m.bots"], help=h["simulate.bots"])
    simulate.add_argument("--workers", type=int, default=None, metavar=h["m.workers"],
                          help=h["simulate.workers"])
    simulate.add_argument("--out", metavar=h["m.out"], help=h["simulate.out"])
    simulate.add_argument("--quiet", action="store_true")

    sub.add_parser("arena", help=h["arena"], add_help=False)
    sub.add_parser("admin", help=h["admin"], add_help=False)

    rep = sub.add_parser("replay", help=h["replay"])
    rep.add_argument("file", metavar=h["m.file"])
    rep.add_argument("--seat", type=int, default=None, metavar=h["m.seat"],
                     help=h["replay.seat"])
    rep.add_argument("--all", action="store_true", help=h["replay.all"])

    sub.add_parser("menu", help=h["menu"])

    _serve_args(sub.add_parser("serve", help=h["serve"]), h, lang)

    for command in ("backup", "restore"):
        keep = sub.add_parser(command, help=h[command], description=h[command])
        keep.add_argument("path", metavar=h["m.path"], help=h[f"{command}.path"])
        keep.add_argument("--db", default=None, metavar=h["m.db"], help=h["keep.db"])

    verify = sub.add_parser("verify", help=h["verify"])
    verify.add_argument("file", metavar=h["m.file"])

    review = sub.add_parser("review", help=h["review"])
    review.add_argument("file", metavar=h["m.file"])
    review.add_argument("--seat", type=int, required=True, metavar=h["m.seat"],
                        help=h["review.seat"])
    review.add_argument("--json", action="store_true", help=h["review.json"])
    review.add_argument("--budget", type=float, default=None, metavar=h["m.seconds"],
                        help=h["review.budget"])
    review.add_argument("--worlds", type=int, default=None, metavar=h["m.worlds"],
                        help=h["review.worlds"])
    return parser


def _serve_args(serve: argparse.ArgumentParser, h: dict[str, str], lang: str) -> None:
    """``mazzo serve``'s options: the table server's address, storage, bots and limits."""
    serve.add_argument("--host", default="127.0.0.1", metavar=h["m.host"])
    serve.add_argument("--port", type=int, default=8000, metavar=h["m.port"])
    serve.add_argument("--db", default=None, metavar=h["m.db"], help=h["serve.db"])
    serve.add_argument("--processes", type=int, default=1, metavar=h["m.processes"],
                       help=h["serve.processes"])
    serve.add_argument("--workers-bots", type=int, default=None, metavar=h["m.workers_bots"],
                       help=h["serve.workers_bots"])
    serve.add_argument("--bot-pause", type=float, default=0.6, metavar=h["m.bot_pause"],
                       help=h["serve.bot_pause"])
    serve.add_argument("--grace", type=float, default=60.0, metavar=h["m.grace"],
                       help=h["serve.grace"])
    serve.add_argument("--rate", type=float, default=20.0, metavar=h["m.rate"],
                       help=h["serve.rate"])
    serve.add_argument("--burst", type=int, default=40, metavar=h["m.burst"],
                       help=h["serve.burst"])
    serve.add_argument("--advertise", metavar=h["m.url"], default=None,
                       help=h["serve.advertise"])
    serve.add_argument("--takeover", type=float, default=5.0, metavar=h["m.seconds"],
                       help=h["serve.takeover"])
    serve.add_argument("--forget-after", type=functools.partial(_seconds, lang=lang),
                       default=600.0, metavar=h["m.seconds"], help=h["serve.forget_after"])
    serve.add_argument("--send-timeout", type=functools.partial(_seconds, lang=lang),
                       default=10.0, metavar=h["m.seconds"], help=h["serve.send_timeout"])
    serve.add_argument("--outbox", type=functools.partial(_frames, lang=lang), default=64,
                       metavar=h["m.frames"], help=h["serve.outbox"])
    serve.add_argument("--hint-cooldown", type=functools.partial(_seconds, lang=lang),
                       default=3.0, metavar=h["m.seconds"], help=h["serve.hint_cooldown"])
    serve.add_argument("--allow-bot-tables", action="store_true",
                       help=h["serve.allow_bot_tables"])
    serve.add_argument("--create-rate", type=float, default=30.0, metavar=h["m.tables"],
                       help=h["serve.create_rate"])
    serve.add_argument("--create-burst", type=int, default=30, metavar=h["m.tables"],
                       help=h["serve.create_burst"])
    serve.add_argument("--waiting-expiry", type=functools.partial(_seconds, lang=lang),
                       default=86_400.0, metavar=h["m.seconds"], help=h["serve.waiting_expiry"])
    serve.add_argument("--allowed-hosts", type=_names, default=[], metavar=h["m.names"],
                       help=h["serve.allowed_hosts"])
    serve.add_argument("--allowed-origins", type=_names, default=[], metavar=h["m.origins"],
                       help=h["serve.allowed_origins"])
    serve.add_argument("--api-docs", action="store_true", help=h["serve.api_docs"])
    serve.add_argument("--https", action="store_true", help=h["serve.https"])
    serve.add_argument("--trust-proxy", action="store_true", help=h["serve.trust_proxy"])
    serve.add_argument("--header-timeout", type=functools.partial(_seconds, lang=lang),
                       default=10.0, metavar=h["m.seconds"], help=h["serve.header_timeout"])
    serve.add_argument("--idle-timeout", type=functools.partial(_seconds, lang=lang),
                       default=5.0, metavar=h["m.seconds"], help=h["serve.idle_timeout"])
    serve.add_argument("--max-connections", type=functools.partial(_connections, lang=lang),
                       default=None, metavar=h["m.connections"], help=h["serve.max_connections"])
    serve.add_argument("--max-connections-per-address", default=64, metavar=h["m.connections"],
                       type=functools.partial(_connections, lang=lang),
                       help=h["serve.max_connections_per_address"])
    serve.add_argument("--log-format", default="text", metavar=h["m.format"],
                       help=h["serve.log_format"])
    serve.add_argument("--log-level", default="warning", metavar=h["m.level"],
                       help=h["serve.log_level"])
    # from the environment by default: a token on the command line is visible in ps
    serve.add_argument("--metrics-token", default=os.environ.get(METRICS_TOKEN_ENV) or None,
                       metavar=h["m.token"], help=h["serve.metrics_token"])


def _seconds(text: str, lang: str = "en") -> float:
    """A number of seconds, zero or more, ``inf`` for never (an argparse type)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            help_words(lang)["seconds.not_number"].format(text=text)) from None
    if not value >= 0:  # also refuses nan
        raise argparse.ArgumentTypeError(help_words(lang)["seconds.negative"].format(text=text))
    return value


def _names(text: str) -> list[str]:
    """A comma-separated list (an argparse type): ``a.example,b.example``."""
    return [part.strip() for part in text.split(",") if part.strip()]


def _frames(text: str, lang: str = "en") -> int:
    """A number of frames, 1 or more (an argparse type)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            help_words(lang)["frames.not_number"].format(text=text)) from None
    if value < 1:
        raise argparse.ArgumentTypeError(help_words(lang)["frames.too_few"].format(text=text))
    return value


def _connections(text: str, lang: str = "en") -> int:
    """A number of connections, 0 or more (an argparse type; ``mazzo serve`` checks the rest)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            help_words(lang)["connections.not_number"].format(text=text)) from None
    if value < 0:
        raise argparse.ArgumentTypeError(
            help_words(lang)["connections.negative"].format(text=text))
    return value


def _config_args(parser: argparse.ArgumentParser, h: dict[str, str]) -> None:
    parser.add_argument("--players", type=int, default=None, metavar=h["m.players"],
                        help=h["config.players"])
    parser.add_argument("--variant", default=None, metavar=h["m.variant"],
                        help=h["config.variant"])
    parser.add_argument("--set", action="append", default=[], metavar=h["m.field"],
                        help=h["config.set"])


def make_config(game: Game, players: int | None, variant: str | None,
                items: Sequence[str]) -> Config:
    fields = parse_overrides(game.config_class, items)
    add_flag(fields, "players", players)
    if variant is not None:
        if not game.variants:
            raise ConfigError(f"variant: {game.id} has no variants",
                              italian=f"{game.id} non ha varianti")
        add_flag(fields, "variant", variant)
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
        players = format_counts(game.player_counts)
        rows.append((game.id, game.title(lang), players, ", ".join(game.variants) or "—"))
    widths = [max(len(r[i]) for r in rows) for i in range(4)]
    for row in rows:
        print("  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)).rstrip())
    return 0


def cmd_rules(args: argparse.Namespace, lang: str) -> int:
    from mazzo.cli.rules_pages import show_text, summary_with_hint

    game = get_game(args.game)
    show_text(game.rules_page(lang) if args.full else summary_with_hint(game, lang))
    return 0


def cmd_play(args: argparse.Namespace, lang: str) -> int:
    from mazzo.cli.play import play_interactive, resume_interactive

    if args.resume is not None:
        given = [(name, name_it) for name, name_it, value in (
            ("a game", "il gioco", args.game), ("--players", "--players", args.players),
            ("--variant", "--variant", args.variant), ("--seed", "--seed", args.seed),
            ("--save", "--save", args.save)) if value is not None]
        if given or args.set:
            dropped = ", ".join(name for name, _ in given) or "--set"
            dropped_it = ", ".join(name for _, name in given) or "--set"
            raise MazzoError(f"play --resume continues the saved match as it was; drop {dropped}",
                             italian=f"play --resume riprende la partita salvata com'era; "
                                     f"togli {dropped_it}")
        resume_interactive(args.resume, lang, autoplay=args.autoplay)
        return 0
    if args.game is None:
        raise MazzoError("play: name a game (see 'mazzo games') or use --resume FILE",
                         italian="play: indica un gioco (vedi 'mazzo games') o usa --resume FILE")
    game = get_game(args.game)
    config = make_config(game, args.players, args.variant, args.set)
    bots = [b.strip() for b in args.bots.split(",") if b.strip()]
    known = bot_names(game)
    for bot in bots:
        if bot not in known and not bot.startswith("ismcts:"):
            raise MazzoError(f"--bots: unknown bot {bot!r}; choose from {', '.join(known)}",
                             italian=f"--bots: bot sconosciuto {bot!r}; scegli tra "
                                     f"{', '.join(known)}")
    check_play_bots(bots, config.players)
    play_interactive(game, config, args.seat - 1, bots, lang, args.seed, args.save,
                     autoplay=args.autoplay)
    return 0


def cmd_matches(args: argparse.Namespace, lang: str) -> int:
    from mazzo.cli.saves import describe_saved, list_saved, matches_dir

    it = lang == "it"
    found, damaged = list_saved(lang=lang)
    shown = [m for m in found if args.all or not m.finished]
    if not shown:
        print(("Nessuna partita salvata in " if it else "No saved matches in ")
              + str(matches_dir()) + ("" if args.all or not found else
                                      (" (usa --all per le concluse)" if it
                                       else " (use --all for finished ones)")))
    for match in shown:
        print(describe_saved(match, lang))
    for path, reason in damaged:
        print(f"{'illeggibile' if it else 'unreadable'}: {path}: {reason}")
    return 0


def check_play_bots(bots: Sequence[str], players: int) -> None:
    """The bots fill the seats other than the human's: one name each at most."""
    others = players - 1
    if len(bots) > others:
        seats = "other seat" if others == 1 else "other seats"
        seats_it = "altro posto" if others == 1 else "altri posti"
        raise MazzoError(f"--bots: {len(bots)} bots named for {others} {seats} "
                         f"({players} players); name at most {others}",
                         italian=f"--bots: {len(bots)} bot indicati per {others} {seats_it} "
                                 f"({players} giocatori); indicane al massimo {others}")


def cmd_simulate(args: argparse.Namespace, lang: str = "en") -> int:
    from mazzo.arena.cli import check_counts
    from mazzo.arena.cli import main as arena_main

    try:
        check_counts(args.matches, args.workers)
    except MazzoError as exc:
        raise MazzoError(f"simulate: {exc}", italian=f"simulate: {exc.text('it')}") from None
    game = get_game(args.game)
    make_config(game, args.players, args.variant, args.set)  # a bad config stops here, named
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
    return arena_main(argv, lang)


def cmd_replay(args: argparse.Namespace, lang: str) -> int:
    from mazzo.cli.step import step_through

    record = load_record(args.file)  # checked whole: seats has one name per player
    players = len(record["seats"])
    if args.seat is not None and not 1 <= args.seat <= players:
        raise MazzoError(
            f"--seat: {args.seat} is not a seat of this match; choose 1 to {players}",
            italian=f"--seat: {args.seat} non è un posto di questa partita; scegli da 1 a "
                    f"{players}",
        )
    seat = None if args.seat is None else args.seat - 1
    interactive = not args.all and sys.stdin.isatty()
    with naming_file(args.file):  # a move the rules refuse is found only by replaying
        step_through(record, seat, lang, interactive=interactive)
    return 0


def game_commands_help(lang: str = "en") -> str:
    """The epilog's list of every game's own commands with their one-line help."""
    rows = [(f"mazzo {game.id} {name}", command_help(game, name, lang))
            for game in all_games() for name in game.subcommands()]
    if not rows:
        return ""
    width = max(len(left) for left, _ in rows)
    lines = [f"  {left.ljust(width)}  {text}".rstrip() for left, text in rows]
    return f"\n{help_words(lang)['game_commands']}\n" + "\n".join(lines) + "\n"


def one_line_help(command: Command) -> str:
    """The first line of the command's docstring."""
    doc = inspect.getdoc(command) or ""
    return doc.strip().splitlines()[0] if doc.strip() else ""


def command_help(game: Game, name: str, lang: str) -> str:
    """The one-line help of the game's command ``name`` in ``lang``: the game's own words, else
    the first line of the command's docstring."""
    said = game.subcommand_help(name, lang)
    return one_line_help(game.subcommands()[name]) if said is None else said


def usage_of(command: Command, lang: str = "en") -> str:
    """The usage paragraph the command prints for ``--help`` (empty if it prints none); the
    command says it in the language MAZZO_LANG names, ``lang``."""
    shown = io.StringIO()
    with (contextlib.redirect_stdout(shown), contextlib.redirect_stderr(io.StringIO()),
          contextlib.suppress(SystemExit)):
        command(["--help"])
    text = shown.getvalue()
    return text.split("\n\n")[0].strip() if text.startswith(usage_prefix(lang)) else ""


def cmd_game_help(game: Game, lang: str) -> int:
    """``mazzo GAME`` or ``mazzo GAME --help``: the game's own commands with their usage."""
    it = lang == "it"
    commands = game.subcommands()
    title = f"{game.title(lang)} ({game.id})"
    if not commands:
        print(f"{title}: " + ("nessun comando proprio." if it else "no commands of its own."))
    else:
        print(f"{title} — " + ("i suoi comandi:" if it else "its commands:"))
        width = max(len(name) for name in commands)
        for name, command in commands.items():
            print(f"  {name.ljust(width)}  {command_help(game, name, lang)}".rstrip())
            for line in usage_of(command, lang).splitlines():
                print(f"  {' ' * width}  {line}")
        print(f"\n{'Le opzioni di un comando' if it else 'Options of a command'}: "
              f"mazzo {game.id} {'COMANDO' if it else 'COMMAND'} --help")
    also = ", ".join(f"mazzo {c} {game.id}" for c in ("rules", "play", "simulate", "arena"))
    print(f"{'Inoltre' if it else 'Also'}: {also}")
    return 0


def take_lang(args_list: list[str]) -> str | None:
    """Remove the first ``--lang it|en`` (or ``--lang=it``) from anywhere on the line; the
    language it names (None: not given, or a value argparse is left to refuse)."""
    found = find_lang(args_list)
    if found is None:
        return None
    at, width, lang = found
    del args_list[at : at + width]
    return lang


def take_flag(args_list: list[str], *names: str) -> bool:
    """Remove every occurrence of a global flag; whether it was there."""
    found = any(a in names for a in args_list)
    args_list[:] = [a for a in args_list if a not in names]
    return found


def cmd_serve(args: argparse.Namespace) -> int:
    try:
        from mazzo.server.app import serve
    except ImportError as exc:  # fastapi or uvicorn missing
        raise MazzoError(f"the server needs the web extra: pip install -e '.[web]' ({exc})",
                         italian=f"il server vuole l'extra web: pip install -e '.[web]' ({exc})"
                         ) from exc
    return serve(host=args.host, port=args.port, db=args.db, bot_workers=args.workers_bots,
                 bot_pause=args.bot_pause, grace=args.grace, rate=args.rate, burst=args.burst,
                 advertise=args.advertise, takeover=args.takeover,
                 forget_after=args.forget_after, send_timeout=args.send_timeout,
                 outbox=args.outbox, hint_cooldown=args.hint_cooldown,
                 bot_tables=args.allow_bot_tables, create_rate=args.create_rate,
                 create_burst=args.create_burst, waiting_expiry=args.waiting_expiry,
                 allowed_hosts=args.allowed_hosts, origins=args.allowed_origins,
                 api_docs=args.api_docs, https=args.https, trust_proxy=args.trust_proxy,
                 header_timeout=args.header_timeout,
                 idle_timeout=args.idle_timeout, max_connections=args.max_connections,
                 max_connections_per_address=args.max_connections_per_address,
                 log_format=args.log_format, log_level=args.log_level,
                 metrics_token=args.metrics_token, processes=args.processes)


def cmd_verify(path: str, lang: str) -> int:
    from mazzo.server.fairness import verify_record

    record = load_record(path)
    with naming_file(path):
        count = verify_record(record)
    if lang == "it":
        what = "estrazione verificata" if count == 1 else "estrazioni verificate"
        print(f"{path}: {count} {what} (impegni e seed corrispondono)")
    else:
        print(f"{path}: {count} chance {'action' if count == 1 else 'actions'} verified"
              " (commitments and seeds match)")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    lang = take_lang(args_list) or default_lang()
    no_color = take_flag(args_list, "--no-color", "--no-colour")
    try:
        return _dispatch(args_list, lang, no_color)
    except MazzoError as exc:
        print(f"mazzo: error: {exc.text(lang)}", file=sys.stderr)  # as argparse's own errors
        return 2
    except KeyboardInterrupt as exc:  # the match was saved; play says how to resume it
        code: int = getattr(exc, "exit_code", 130)
        try:
            print("", file=sys.stderr)
            sys.stdout.flush()
        except OSError:  # the terminal has gone: let the exit not complain about it
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return code


@contextlib.contextmanager
def colour_output(no_color: bool) -> Iterator[None]:
    """Paint what is printed meanwhile, when stdout is a terminal that wants colour."""
    from mazzo.cli.colour import painted

    with contextlib.redirect_stdout(painted(sys.stdout, no_color)):
        yield


def add_rl_bots() -> None:
    """Add the rl layer's bots (``rete``, :mod:`mazzo.rl.rete`) to the names the commands that
    seat bots accept, where numpy (the rl extra) is installed; the bots layer cannot import them."""
    try:
        import numpy  # noqa: F401
    except ImportError:
        return
    import mazzo.rl.rete  # noqa: F401


def _dispatch(args_list: list[str], lang: str, no_color: bool = False) -> int:
    if not args_list:
        from mazzo.cli.menu import run_menu

        with colour_output(no_color):
            return run_menu(lang)
    head = args_list[0]
    if head in ("arena", "play", "simulate"):
        add_rl_bots()
    if head == "arena":
        from mazzo.arena.cli import main as arena_main

        return arena_main(args_list[1:], lang)
    if head == "admin":
        from mazzo.cli.admin import main as admin_main

        return admin_main(args_list[1:], lang)
    game_ids = {g.id for g in all_games()}
    if head in game_ids:
        return _game_command(get_game(head), args_list[1:], lang, no_color)
    args = build_parser(lang).parse_args(args_list)
    if args.command == "games":
        return cmd_games(lang)
    if args.command == "rules":
        return cmd_rules(args, lang)
    if args.command == "play":
        with colour_output(no_color):
            return cmd_play(args, lang)
    if args.command == "learn":
        from mazzo.cli.learn import learn

        with colour_output(no_color):
            return learn(get_game(args.game), lang)
    if args.command == "matches":
        return cmd_matches(args, lang)
    if args.command == "simulate":
        return cmd_simulate(args, lang)
    if args.command == "replay":
        with colour_output(no_color):
            return cmd_replay(args, lang)
    if args.command == "verify":
        return cmd_verify(args.file, lang)
    if args.command in ("backup", "restore"):
        from mazzo.cli.keep import cmd_backup, cmd_restore

        return (cmd_backup if args.command == "backup" else cmd_restore)(args, lang)
    if args.command == "review":
        from mazzo.cli.review import cmd_review

        return cmd_review(args, lang)
    if args.command == "menu":
        from mazzo.cli.menu import run_menu

        return run_menu(lang)
    if args.command == "serve":
        return cmd_serve(args)
    build_parser(lang).print_help()
    return 0


def _game_command(game: Game, rest: list[str], lang: str, no_color: bool) -> int:
    """``mazzo GAME [COMMAND ARGS]``: the game's page, or one of its own commands."""
    os.environ["MAZZO_LANG"] = lang  # subcommands (and their --help) read the language here
    if not rest or rest[0] in ("-h", "--help"):
        return cmd_game_help(game, lang)
    commands = game.subcommands()
    if rest[0] in commands:
        with colour_output(no_color):
            return commands[rest[0]](rest[1:])
    known = ", ".join(commands) or "none"
    known_it = ", ".join(commands) or "nessuno"
    raise MazzoError(f"{game.id} has no command {rest[0]!r} (its commands: {known}; "
                     f"see 'mazzo {game.id} --help')",
                     italian=f"{game.id} non ha il comando {rest[0]!r} (i suoi comandi: "
                             f"{known_it}; vedi 'mazzo {game.id} --help')")


if __name__ == "__main__":
    sys.exit(main())
