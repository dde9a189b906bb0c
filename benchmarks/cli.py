"""``python -m benchmarks``: every benchmark behind one command line, one sub-command each.

With no sub-command it runs what ``make bench`` runs (``games``, ``search``, ``peers`` and ``rl``
in turn) and prints each figure as a ratio: to the baseline (a fixed pure-Python workload timed
in this process, :mod:`benchmarks.baseline`) or to its peer. Compare ratios, not times, between
machines and runs. The other sub-commands are tools a maintainer runs on purpose: the view's cost
by phase or by instructions, profiles, the search levels' cost, fingerprints, the table server.

The modules are imported only by the sub-command that needs them, so a missing extra (``rl``,
``web``, ``bench``) stops only the figures that need it. ``server`` and ``web`` hand the rest of
the command line to their module's own ``main(argv)``.
"""

from __future__ import annotations

import argparse
import importlib
import json
import sys
import time
from collections.abc import Callable, Iterable
from typing import TypeAlias

from mazzo.engine import Config, MazzoError, all_games
from mazzo.engine.registry import BUILTIN_GAMES

PROG = "python -m benchmarks"
#: the game ids a sub-command accepts (every built-in game)
GAME_IDS = tuple(sorted(BUILTIN_GAMES))

#: (section title, its report lines); a section's module is imported when it runs
Section = tuple[str, Callable[[], Iterable[str]]]
Subparsers: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def _sections(sections: list[Section]) -> int:
    """Print the baseline, then each section's lines under ``== title`` with its wall time."""
    from benchmarks.baseline import baseline_ops_per_s

    print(f"baseline: {baseline_ops_per_s():,.0f} reference ops/s (all ratios are against this)")
    for title, lines in sections:
        start = time.perf_counter()
        print(f"== {title}", flush=True)
        for line in lines():
            print(f"  {line}", flush=True)
        print(f"  ({time.perf_counter() - start:.1f} s)", flush=True)
    return 0


def _game_sections(games: list[str], quick: bool) -> list[Section]:
    from benchmarks.games import GAMES

    def lines(game: str) -> Callable[[], Iterable[str]]:
        return lambda: GAMES[game](quick)

    return [(game, lines(game)) for game in games]


def _search_section(quick: bool) -> Section:
    from benchmarks import search

    return "search", lambda: search.run(quick)


def _peers_section(quick: bool) -> Section:
    from benchmarks import peers

    return "peers", lambda: peers.run(quick)


def _rl_section(quick: bool, games: list[str] | None = None) -> Section:
    from benchmarks import rl

    return "rl", lambda: rl.run(quick, games or None)


# --- the sub-commands ---------------------------------------------------------------------------


def _all(args: argparse.Namespace) -> int:
    return _sections([*_game_sections(list(GAME_IDS), args.quick), _search_section(args.quick),
                      _peers_section(args.quick), _rl_section(args.quick)])


def _games(args: argparse.Namespace) -> int:
    return _sections(_game_sections(args.game or list(GAME_IDS), args.quick))


def _search(args: argparse.Namespace) -> int:
    from benchmarks import search

    if args.rates:  # one side of --checkouts, in its own process: a JSON line for the parent
        print(json.dumps(search.fixed_rates(args.rates, args.points)), flush=True)
        return 0
    if args.checkouts:
        for line in search.compare_checkouts(args.checkouts.split(","), args.specs, args.rounds):
            print(line, flush=True)
        return 0
    if args.levels:
        games = [g for g in all_games() if not args.game or g.id in args.game]
        search.levels_report(games, args.levels.split(","), args.moves)
        return 0
    return _sections([_search_section(args.quick)])


def _peers(args: argparse.Namespace) -> int:
    return _sections([_peers_section(args.quick)])


def _rl(args: argparse.Namespace) -> int:
    return _sections([_rl_section(args.quick, args.game)])


def _config(args: argparse.Namespace) -> Config:
    """The config a view tool's command line names; a bad game or field ends the run with its
    error, as argparse ends one on a bad option."""
    from benchmarks.views import config_fields, main_config

    parser: argparse.ArgumentParser = args.parser
    try:
        return main_config(args.game, config_fields(args.fields))
    except (MazzoError, ValueError) as error:
        parser.error(str(error))


def _view_phases(args: argparse.Namespace) -> int:
    from benchmarks import views

    config = _config(args)
    groups = views.view_phases(config, views.recorded_matches(config, args.matches),
                               args.replays)
    print("\n".join(views.report(groups)))
    return 0


def _view_instructions(args: argparse.Namespace) -> int:
    from benchmarks import views

    config = _config(args)
    if args.child:
        views.instructions_child(args.child, config, args.matches)
        return 0
    return views.instructions(args.game, args.fields, args.matches)


def _profile(args: argparse.Namespace) -> int:
    if args.rl:
        from benchmarks import rl

        for game in args.game or GAME_IDS:
            print(f"==== {game}, RL env loop")
            print(rl.profile(game, args.seconds, args.top))
        return 0
    from benchmarks.views import MAIN_CONFIGS, profile

    for label, game_id, fields in MAIN_CONFIGS:
        if args.game and game_id not in args.game:
            continue
        print(f"==== {label}{'' if args.bare else ', view at every decision'}")
        print(profile(game_id, fields, args.seconds, not args.bare, args.top))
    return 0


def _level_cost(args: argparse.Namespace) -> int:
    from benchmarks import search

    search.level_cost(args.game, args.level, args.moves, args.iterations)
    return 0


def _fingerprints(args: argparse.Namespace) -> int:
    from benchmarks import search

    if args.compare:
        return search.compare_fingerprints(*args.compare)
    games = [g for g in all_games() if not args.game or g.id in args.game]
    json.dump(search.fingerprints(games), sys.stdout)
    return 0


def _bot_ratings(args: argparse.Namespace) -> int:
    from benchmarks import bot_ratings

    unknown = [game for game in args.games if game not in GAME_IDS]
    if unknown:
        print(f"{PROG} bot-ratings: unknown game {unknown[0]!r}; choose from "
              f"{', '.join(GAME_IDS)}", file=sys.stderr)
        return 2
    for game in args.games:
        data = bot_ratings.measure(game, args.levels.split(","), args.matches, args.seed,
                                   args.workers)
        for line in bot_ratings.lines(data):
            print(line, flush=True)
        if args.write:
            print(f"  -> {bot_ratings.write(data)}", flush=True)
    return 0


def _strength(args: argparse.Namespace) -> int:
    from benchmarks.games import novantanove_strength

    for players in (3, 2, 4):
        print(novantanove_strength(players, args.matches), flush=True)
    return 0


def _forwarded(module: str, argv: list[str]) -> int:
    """Run ``benchmarks.<module>``'s own ``main(argv)``: 2, with what to do, when this checkout
    does not have the module."""
    try:
        found = importlib.import_module(f"benchmarks.{module}")
    except ModuleNotFoundError as error:
        if error.name != f"benchmarks.{module}":
            raise  # the module is here, one of its imports is not: that error says which
        print(f"{PROG} {module}: benchmarks/{module}.py is not in this checkout",
              file=sys.stderr)
        return 2
    return int(found.main(argv) or 0)


#: sub-commands whose module (``benchmarks.<name>``, imported only when asked for) reads the rest
#: of the command line itself, ``--help`` included: its ``main(argv: list[str]) -> int``. A new
#: benchmark with a command line of its own is one line here.
FORWARDED = {
    "server": "latency and throughput of one `mazzo serve` under load (make bench-server); "
              "--flood: a table's pace while one client floods the server",
    "web": "frame times of the browser app",
}


# --- the command line ---------------------------------------------------------------------------


def _add_quick(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quick", action="store_true",
                        help="short timings (a smoke run: the figures are rough)")


def _add_game(parser: argparse.ArgumentParser, what: str = "") -> None:
    parser.add_argument("--game", action="append", choices=GAME_IDS,
                        help=f"{what}only this game (again for more; default: every game)")


def _add_bench(subs: Subparsers) -> None:
    """The sub-commands ``make bench`` runs, each also alone."""
    games = subs.add_parser("games", help="each game's playouts and scoring, against the baseline",
                            description="Random-playout throughput of each game's configs and "
                                        "the speed of its scoring API, as multiples of the "
                                        "baseline (OpenSpiel's cribbage and treys beside ours "
                                        "when installed).")
    _add_game(games)
    _add_quick(games)
    games.set_defaults(run=_games)
    peers = subs.add_parser("peers", help="every figure against its peer (OpenSpiel, RLCard)",
                            description="OpenSpiel's C++ cribbage and RLCard's gin rummy beside "
                                        "ours, interleaved rounds, medians; and one view's cost "
                                        "in applies, timed call by call.")
    _add_quick(peers)
    peers.set_defaults(run=_peers)
    rl = subs.add_parser("rl", help="RL env steps per CPU second against PettingZoo's RLCard envs",
                         description="Env steps per CPU second (observation and mask built "
                                     "every step) of each game, measured between PettingZoo's "
                                     "texas_holdem_v4 and leduc_holdem_v4.")
    _add_game(rl)
    _add_quick(rl)
    rl.set_defaults(run=_rl)


def _add_search(subs: Subparsers) -> None:
    from benchmarks.search import CHECKOUT_SPECS

    search = subs.add_parser(
        "search", help="ISMCTS iterations per second; checkouts compared; the levels' cost",
        description="ISMCTS iterations per CPU second per game, random and heuristic rollouts "
                    "(the make bench figure); or, with --checkouts, whole source trees against "
                    "this one; or, with --levels, CPU seconds per move of search levels in play.")
    _add_quick(search)
    search.add_argument("--checkouts", default="", metavar="TREE[,TREE]",
                        help="whole source trees (each with src/) against this one, one process "
                             "each per round, alternated")
    search.add_argument("--specs", default=CHECKOUT_SPECS,
                        help="game:rollouts:iterations,... for --checkouts")
    search.add_argument("--rounds", type=int, default=3, help="rounds for --checkouts (3)")
    search.add_argument("--points", type=int, default=6, help="decision points per game (6)")
    search.add_argument("--levels", default="", metavar="LEVEL[,LEVEL]",
                        help="CPU s per move of these search levels in real play "
                             "(e.g. difficile,esperto)")
    search.add_argument("--moves", type=int, default=20, help="searched moves per level (20)")
    _add_game(search, "--levels: ")
    search.add_argument("--rates", default="", help=argparse.SUPPRESS)  # a --checkouts child
    search.set_defaults(run=_search)
    cost = subs.add_parser(
        "level-cost", help="one level's searches on fixed positions, for callgrind or the clock",
        description="CPU seconds (or, under callgrind with --toggle-collect=builtin_eval, "
                    "instructions) per move of one search level on the positions of "
                    "search --levels; prints the moves searched, then CPU seconds per move.")
    cost.add_argument("game", choices=GAME_IDS)
    cost.add_argument("level", choices=["difficile", "esperto"])
    cost.add_argument("moves", type=int)
    cost.add_argument("--iterations", metavar="D,E",
                      help="difficile and esperto budgets for this run")
    cost.set_defaults(run=_level_cost)
    prints = subs.add_parser(
        "fingerprints", help="whole searches and worlds as JSON, to show two checkouts agree",
        description="PYTHONPATH=TREE/src python -m benchmarks fingerprints > TREE.json, once per "
                    "tree; then --compare A.json B.json counts what differs (exit 1 if any).")
    _add_game(prints)
    prints.add_argument("--compare", nargs=2, metavar=("A.json", "B.json"))
    prints.set_defaults(run=_fingerprints)


def _add_view_tool(subs: Subparsers, name: str, summary: str, description: str,
                   matches: int) -> argparse.ArgumentParser:
    """A tool that replays recorded matches of one game's config."""
    tool = subs.add_parser(name, help=summary, description=description)
    tool.add_argument("game", help="a game id, e.g. novantanove")
    tool.add_argument("fields", nargs="*", help="config fields as field=value")
    tool.add_argument("--matches", type=int, default=matches,
                      help=f"recorded matches ({matches})")
    tool.set_defaults(parser=tool)
    return tool


def _add_views(subs: Subparsers) -> None:
    from benchmarks.views import MODES, TIMED_REPLAYS

    phases = _add_view_tool(
        subs, "view-phases", "one view in applies, split by kind of decision",
        "One view in applies, split by kind of decision (the hand's first view, each other "
        "seat's first view, then by phase): view, upkeep, bare apply and excess per group.", 20)
    phases.add_argument("--replays", type=int, default=TIMED_REPLAYS,
                        help=f"replays of each, with views and without ({TIMED_REPLAYS})")
    phases.set_defaults(run=_view_phases)
    counted = _add_view_tool(
        subs, "view-instructions", "the same figure in instructions (needs valgrind)",
        "One view against one apply by callgrind's instruction counts: six child replays, "
        "each counting one kind of call (needs valgrind).", 10)
    counted.add_argument("--child", choices=MODES, help=argparse.SUPPRESS)
    counted.set_defaults(run=_view_instructions)
    profile = subs.add_parser(
        "profile", help="cProfile of random playouts (or, with --rl, of the RL env loop)",
        description="cProfile of random playouts of each game's main config with a view at "
                    "every decision (--bare: without), or of the RL benchmark's env loop "
                    "(--rl), by own time.")
    _add_game(profile)
    kind = profile.add_mutually_exclusive_group()
    kind.add_argument("--bare", action="store_true", help="no view at the decisions")
    kind.add_argument("--rl", action="store_true", help="the RL env loop instead")
    profile.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per game (3)")
    profile.add_argument("--top", type=int, default=20, help="functions listed (20)")
    profile.set_defaults(run=_profile)


def _add_others(subs: Subparsers) -> None:
    strength = subs.add_parser(
        "novantanove-strength", help="novantanove's heuristic bot against random players",
        description="Novantanove's heuristic bot (one seat, rotating) against random players, "
                    "3, 2 and 4 players: win rate with a 95%% Wilson interval and the share of "
                    "deals in which it made its bid.")
    strength.add_argument("matches", type=int, nargs="?", default=2000,
                          help="matches per player count (2000)")
    strength.set_defaults(run=_strength)
    ratings = subs.add_parser(
        "bot-ratings", help="the bot levels' reference ratings shown in the lobby",
        description="An arena tournament of the fast levels on each game's default config, "
                    "rated with the model of rated tables (openskill Plackett-Luce), medio "
                    "anchored at 1,500; esperto placed from docs/strength-results. --write "
                    "stores games/<id>/bot_ratings.json.")
    ratings.add_argument("games", nargs="*", metavar="GAME", default=list(GAME_IDS),
                         help=f"game ids: {', '.join(GAME_IDS)} (every game)")
    ratings.add_argument("--levels", default="random,facile,medio",
                         help="levels in the tournament (random,facile,medio)")
    ratings.add_argument("--matches", type=int, default=60, help="matches per game (60)")
    ratings.add_argument("--seed", type=int, default=2026, help="tournament seed (2026)")
    ratings.add_argument("--workers", type=int, default=1, help="worker processes (1)")
    ratings.add_argument("--write", action="store_true", help="store each game's bot_ratings.json")
    ratings.set_defaults(run=_bot_ratings)
    for name, summary in FORWARDED.items():
        subs.add_parser(name, help=summary, add_help=False)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog=PROG, description="Every benchmark of mazzo, one sub-command each.",
        epilog="With no sub-command: what make bench runs (games, search, peers, rl). "
               f"{PROG} SUB-COMMAND --help for each one's options.")
    _add_quick(parser)
    parser.set_defaults(run=_all)
    subs = parser.add_subparsers(title="sub-commands", metavar="SUB-COMMAND")
    _add_bench(subs)
    _add_search(subs)
    _add_views(subs)
    _add_others(subs)
    return parser


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] and argv[0] in FORWARDED:
        return _forwarded(argv[0], argv[1:])
    args = build_parser().parse_args(argv)
    return int(args.run(args))
