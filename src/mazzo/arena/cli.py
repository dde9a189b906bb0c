"""``mazzo arena GAME --bots A,B,...``: run a tournament and print its results table."""

from __future__ import annotations

import argparse
import os
import sys
import time
from typing import TextIO

from mazzo.arena.text import count, count_noun, decimal, help_word, interval, word
from mazzo.arena.tournament import BACKENDS, lineups, make_config, run_tournament
from mazzo.argtext import lang_in, parser_class
from mazzo.bots.levels import LEVELS, make_agent
from mazzo.engine.game import JSON, MazzoError
from mazzo.engine.overrides import parse_overrides
from mazzo.engine.registry import all_games, get_game
from mazzo.text import default_lang


def build_parser(lang: str = "en") -> argparse.ArgumentParser:
    """``mazzo arena``'s parser: its help page and argparse's own words in ``lang``."""
    def h(key: str) -> str:
        return help_word(key, lang)

    parser = parser_class(lang)(
        prog="mazzo arena",
        description=h("description"),
        epilog=h("epilog").format(levels=", ".join(LEVELS)),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("game", metavar=h("m.game"),
                        help=h("game").format(games=", ".join(g.id for g in all_games())))
    parser.add_argument("--bots", required=True, metavar=h("m.bots"), help=h("bots"))
    parser.add_argument("--matches", type=int, default=100, metavar=h("m.matches"),
                        help=h("matches"))
    parser.add_argument("--seed", type=int, default=0, metavar=h("m.seed"), help=h("seed"))
    parser.add_argument("--workers", type=int, default=None, metavar=h("m.workers"),
                        help=h("workers"))
    parser.add_argument("--backend", choices=BACKENDS, default="process", help=h("backend"))
    parser.add_argument("--out", metavar=h("m.out"), help=h("out"))
    parser.add_argument("--records", metavar=h("m.records"), help=h("records"))
    parser.add_argument("--players", type=int, metavar=h("m.players"), help=h("players"))
    parser.add_argument("--variant", metavar=h("m.variant"), help=h("variant"))
    parser.add_argument("--set", action="append", default=[], metavar=h("m.field"),
                        help=h("set"))
    parser.add_argument("--quiet", action="store_true", help=h("quiet"))
    return parser


class ProgressBar:
    """A pure-Python progress bar: redrawn in place on a terminal, every 10 % otherwise; its
    words in ``lang``."""

    def __init__(self, stream: TextIO, width: int = 30, lang: str = "en") -> None:
        self.stream = stream
        self.width = width
        self.lang = lang
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
        clocks = word("progress", self.lang).format(elapsed=_clock(elapsed), eta=_clock(eta))
        text = f"[{bar}] {done}/{total} {fraction:4.0%}  {clocks}"
        end = "\n" if not self.tty or done >= total else ""
        self.stream.write(("\r" if self.tty else "") + text + end)
        self.stream.flush()


def _clock(seconds: float) -> str:
    minutes, secs = divmod(int(seconds + 0.5), 60)
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m{secs:02d}s" if hours else f"{minutes}m{secs:02d}s"


def start_line(game: str, rounds: int, seats: int, workers: int, backend: str,
               lang: str = "en") -> str:
    """What the arena is about to play, said before the first match (on stderr)."""
    return word("start", lang).format(
        game=game, matches=count(rounds * seats, "match", lang),
        rounds=count(rounds, "round", lang), lineups=count(seats, "lineup", lang),
        workers=workers, backend=backend,
        worker=count_noun(workers, "worker", lang))


def _table(columns: list[tuple[str, str, int]], rows: list[list[str]]) -> list[str]:
    """Rows under headers, one space apart; ``columns`` are (header, "<" or ">", least width),
    and a column widens to its longest header or cell, so both languages stay aligned."""
    heads = [head for head, _, _ in columns]
    widths = [max(least, *(len(r[i]) for r in [heads, *rows])) for i, (_, _, least)
              in enumerate(columns)]
    return [" ".join(f"{cell:{align}{width}}" for cell, (_, align, _), width
                     in zip(row, columns, widths, strict=True)) for row in [heads, *rows]]


def format_results(results: JSON, lang: str = "en") -> str:
    """The results as plain-text tables in ``lang``: per bot, per pairing, ratings."""
    timing = results.get("timing", {})
    per_move = timing.get("seconds_per_move", {})
    elo = results["ratings"]["elo"]
    skills = results["ratings"].get("weng_lin")
    summary = word("summary", lang).format(
        game=results["game"], players=count(results["config"].get("players"), "player", lang),
        matches=count(results["matches"], "match", lang),
        rounds=count(results["rounds"], "round", lang),
        lineups=count(len(results["lineups"]), "lineup", lang), seed=results["seed"])
    if timing:
        summary += word("summary_timing", lang).format(
            workers=count(timing["workers"], "worker", lang),
            elapsed=decimal(timing["elapsed_s"], 1, lang))
    lines = [summary, ""]
    columns = [(word("bot", lang), "<", 16), (word("matches", lang), ">", 7),
               (word("win_share", lang), ">", 9), (word("ci95", lang), ">", 15),
               (word("elo", lang), ">", 7)]
    if skills:
        columns += [(word("mu", lang), ">", 7), (word("sigma", lang), ">", 6)]
    columns.append((word("per_move", lang), ">", 8))
    rows = []
    for bot in sorted(results["bots"], key=lambda b: -elo[b]):
        row = results["per_bot"][bot]
        cells = [bot, str(row["matches"]), decimal(row["win_share"], 3, lang),
                 interval(row["ci95"][0], row["ci95"][1], lang), f"{elo[bot]:+.0f}"]
        if skills:
            cells += [decimal(skills[bot]["mu"], 2, lang), decimal(skills[bot]["sigma"], 2, lang)]
        rows.append([*cells, decimal(per_move.get(bot, 0.0), 4, lang)])
    lines += _table(columns, rows)
    if results["pairings"]:
        columns = [(word("pairing", lang), "<", 28), (word("matches", lang), ">", 7),
                   (word("wdl", lang), ">", 15), (word("score", lang), ">", 6),
                   (word("ci95", lang), ">", 15), (word("elo_diff", lang), ">", 8)]
        rows = [[word("versus", lang).format(a=p["a"], b=p["b"]), str(p["matches"]),
                 f"{p['wins']}-{p['draws']}-{p['losses']}", decimal(p["score"], 3, lang),
                 interval(p["ci95"][0], p["ci95"][1], lang), f"{p['elo_diff']:+.0f}"]
                for p in results["pairings"]]
        lines += ["", *_table(columns, rows)]
    lines += ["", word("legend", lang)
              + (word("legend_anchor", lang) if "random" in elo else "")
              + (word("legend_skills", lang) if skills else "")]
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
    """Entry point; ``argv`` excludes the program and the ``arena`` word. Everything it prints
    for a person (start line, progress, tables, legend, errors) is said in ``lang`` (default:
    MAZZO_LANG or LANG, as the ``mazzo`` command); what --out and --records write is not."""
    if argv[:1] == ["arena"]:
        argv = argv[1:]
    lang = lang or lang_in(argv, default_lang())
    args = build_parser(lang).parse_args(argv)
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
            print(start_line(game.id, rounds, seats, workers, args.backend, lang),
                  file=sys.stderr)
        results = run_tournament(
            game, bots, args.matches, seed=args.seed, workers=workers, backend=args.backend,
            config=config, records=args.records, out=args.out,
            progress=None if args.quiet else ProgressBar(sys.stderr, lang=lang),
        )
    except MazzoError as exc:
        print(f"mazzo arena: error: {exc.text(lang)}", file=sys.stderr)
        return 2
    print(format_results(results, lang))
    if args.out:
        print("\n" + word("saved_out", lang).format(path=args.out))
    if args.records:
        print(word("saved_records", lang).format(path=args.records))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
