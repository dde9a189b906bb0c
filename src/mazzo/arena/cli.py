"""``mazzo arena GAME --bots A,B,...``: run a tournament and print its results table."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import TextIO

from mazzo.arena.tournament import BACKENDS, lineups, make_config, run_tournament
from mazzo.bots.levels import LEVELS, make_agent
from mazzo.engine.game import JSON, MazzoError
from mazzo.engine.overrides import parse_overrides
from mazzo.engine.registry import all_games, get_game
from mazzo.text import counted, default_lang, noun, plural

EPILOG = """\
bots: the levels {levels},
any bot a game offers (e.g. heuristic), or ismcts:N[:random][:policy][:guided] for a search of
N iterations per move (random rollouts, other seats moved by the rollout policy, heuristic guide).
Seats rotate so every bot plays every seat equally, and every lineup of a round plays the same
deals (duplicate play); --matches is rounded up to whole rounds. More bots than seats is a
round robin of tables: every group of as many bots as there are seats plays, in every rotation.
The same --seed gives the same results with any number of workers.

example: mazzo arena cribbage --bots esperto,medio,random --matches 2000 --seed 7 --workers 2
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="mazzo arena",
        description="Play a tournament between bots and report win rates, 95 % CIs and ratings.",
        epilog=EPILOG.format(levels=", ".join(LEVELS)),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", help="game id: " + ", ".join(g.id for g in all_games()))
    parser.add_argument("--bots", required=True,
                        help="comma-separated distinct bot names (at least 2; more than the "
                        "seats: every group of them plays a table)")
    parser.add_argument("--matches", type=int, default=100, help="matches to play (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="tournament seed (default 0)")
    parser.add_argument(
        "--workers", type=int, default=None, help="parallel workers (default: every core)"
    )
    parser.add_argument("--backend", choices=BACKENDS, default="process",
                        help="process pool (default) or a Ray cluster (needs the ray extra)")
    parser.add_argument("--out", help="write the results as JSON to this file")
    parser.add_argument("--records", help="save every match record in this folder")
    parser.add_argument("--players", type=int, help="number of players (default: the game's)")
    parser.add_argument("--variant", help="game variant")
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE",
                        help="any other config field, e.g. --set target=61 (repeatable; a list "
                        "field takes comma-separated values)")
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
    return parser


class ProgressBar:
    """A pure-Python progress bar: redrawn in place on a terminal, every 10 % otherwise."""

    def __init__(self, stream: TextIO, width: int = 30) -> None:
        self.stream = stream
        self.width = width
        self.start = time.perf_counter()
        self.tty = stream.isatty()
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        fraction = done / total if total else 1.0
        tenth = int(fraction * 10)
        if not self.tty and tenth == self.shown and done < total:
            return
        self.shown = tenth
        elapsed = time.perf_counter() - self.start
        eta = elapsed / done * (total - done) if done else 0.0
        filled = int(fraction * self.width)
        bar = "#" * filled + "-" * (self.width - filled)
        clocks = f"{_clock(elapsed)} elapsed, eta {_clock(eta)}"
        text = f"[{bar}] {done}/{total} {fraction:4.0%}  {clocks}"
        end = "\n" if not self.tty or done >= total else ""
        self.stream.write(("\r" if self.tty else "") + text + end)
        self.stream.flush()


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m{secs:02d}s" if hours else f"{minutes}m{secs:02d}s"


def format_results(results: JSON) -> str:
    """The results as plain-text tables: per bot, per pairing, ratings."""
    timing = results.get("timing", {})
    per_move = timing.get("seconds_per_move", {})
    elo = results["ratings"]["elo"]
    skills = results["ratings"].get("weng_lin")
    lines = [
        f"{results['game']}: {counted(results['config'].get('players'), 'player', 'en')}, "
        f"{counted(results['matches'], 'match', 'en')} "
        f"({plural(results['rounds'], 'round', 'rounds')} of "
        f"{plural(len(results['lineups']), 'lineup', 'lineups')}), seed {results['seed']}"
        + (f", {plural(timing['workers'], 'worker', 'workers')}, {timing['elapsed_s']:.1f} s"
           if timing else ""),
        "",
    ]
    head = f"{'bot':<16} {'matches':>7} {'win share':>9} {'95% CI':>15} {'Elo':>7}"
    head += f" {'mu':>7} {'sigma':>6}" if skills else ""
    lines.append(head + f" {'s/move':>8}")
    order = sorted(results["bots"], key=lambda b: -elo[b])
    for bot in order:
        row = results["per_bot"][bot]
        low, high = row["ci95"]
        line = (f"{bot:<16} {row['matches']:>7} {row['win_share']:>9.3f} "
                f"{f'[{low:.3f}, {high:.3f}]':>15} {elo[bot]:>+7.0f}")
        if skills:
            line += f" {skills[bot]['mu']:>7.2f} {skills[bot]['sigma']:>6.2f}"
        lines.append(line + f" {per_move.get(bot, 0.0):>8.4f}")
    if results["pairings"]:
        lines += ["", f"{'pairing':<28} {'matches':>7} {'W-D-L':>15} {'score':>6} "
                  f"{'95% CI':>15} {'Elo diff':>8}"]
    for p in results["pairings"]:
        wdl = f"{p['wins']}-{p['draws']}-{p['losses']}"
        low, high = p["ci95"]
        lines.append(
            f"{p['a'] + ' v ' + p['b']:<28} {p['matches']:>7} {wdl:>15} {p['score']:>6.3f} "
            f"{f'[{low:.3f}, {high:.3f}]':>15} {p['elo_diff']:>+8.0f}"
        )
    lines += ["", "win share: matches won (shared on ties); score: wins + half the draws "
              "against that opponent; Elo: Bradley-Terry fit"
              + (" (random = 0)" if "random" in elo else "")
              + ("; mu/sigma: Weng-Lin (Plackett-Luce) rating" if skills else "")]
    return "\n".join(lines)


def check_counts(matches: int, workers: int | None) -> None:
    """Refuse a tournament of no matches or no workers before any work starts."""
    if matches < 1:
        raise MazzoError(f"--matches must be at least 1, got {matches}",
                         italian=f"--matches deve essere almeno 1, non {matches}")
    if workers is not None and workers < 1:
        raise MazzoError(f"--workers must be at least 1, got {workers}",
                         italian=f"--workers deve essere almeno 1, non {workers}")


def main(argv: list[str], lang: str | None = None) -> int:
    """Entry point; ``argv`` excludes the program and the ``arena`` word. Errors are said in
    ``lang`` (default: MAZZO_LANG or LANG, as the ``mazzo`` command)."""
    if argv[:1] == ["arena"]:
        argv = argv[1:]
    args = build_parser().parse_args(argv)
    try:
        game = get_game(args.game)
        bots = [b.strip() for b in args.bots.split(",") if b.strip()]
        if len(bots) < 2:
            raise MazzoError("--bots needs at least two comma-separated names",
                             italian="--bots vuole almeno due nomi separati da virgole")
        check_counts(args.matches, args.workers)
        config = make_config(game, parse_overrides(game.config_class, args.set), args.players,
                             args.variant)
        for bot in bots:
            make_agent(game, bot, 0)  # a bad name fails here, before any work
        seats = len(lineups(bots, config.players))
        workers = args.workers or os.cpu_count() or 1
        rounds = -(-args.matches // seats)
        if not args.quiet:
            print(f"{game.id}: {counted(rounds * seats, 'match', 'en')} "
                  f"({plural(rounds, 'round', 'rounds')} x {plural(seats, 'lineup', 'lineups')}) "
                  f"on {workers} {args.backend} {noun(workers, 'worker', 'workers')}",
                  file=sys.stderr)
        results = run_tournament(
            game, bots, args.matches, seed=args.seed, workers=workers, backend=args.backend,
            config=config, records=args.records, out=args.out,
            progress=None if args.quiet else ProgressBar(sys.stderr),
        )
    except MazzoError as exc:
        print(f"mazzo arena: error: {exc.text(lang or default_lang())}", file=sys.stderr)
        return 2
    print(format_results(results))
    if args.out:
        print(f"\nresults saved to {args.out}")
    if args.records:
        print(f"match records saved in {args.records}/")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
