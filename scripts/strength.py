"""Measure how strong each level is and regenerate docs/strength.md.

For each game two tournaments: esperto v medio and medio v random, seats rotated and duplicate
deals (``mazzo.arena``). Each game's results are saved to ``docs/strength-results/<game>.json``,
then the table in docs/strength.md is rebuilt from every saved game, so games can be measured
one at a time (or in parallel processes) and the table stays whole.

The search level plays a *short* match per game (:data:`SHORT`: one game of cribbage instead of
best of three, two hands of Nebraska...) so that a sample large enough to decide fits in an hour;
a longer match only amplifies the stronger side's edge, so short matches understate it. Medio v
random is quick and plays the default match. ``--full`` uses the default match for both.

Targets: medio beats random >= 80 %, esperto beats medio >= 60 %.

    python scripts/strength.py [--games cribbage,burraco] [--matches 60] [--workers 2]
    python scripts/strength.py --render          # only rebuild the table from saved results
    python scripts/strength.py --pool DIR        # pool the rounds strength_lanes.sh saved

``make strength`` runs every game (long: the search levels think ~1 s per move; not in CI).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

from mazzo.arena import run_tournament
from mazzo.arena.cli import ProgressBar
from mazzo.arena.ratings import wilson
from mazzo.bots.levels import LEVELS, describe_search, level_note
from mazzo.engine import Game, all_games, get_game
from mazzo.engine.game import JSON
from mazzo.engine.record import write_json_atomic

#: what the stronger side must score against each (None: measured, no target)
TARGETS: dict[str, float | None] = {"medio": 0.60, "random": 0.80, "facile": None}
ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "docs" / "strength-results"
DOC = ROOT / "docs" / "strength.md"
#: per game, the config changes that make one match short (see the module docstring)
SHORT: dict[str, dict[str, Any]] = {
    "cribbage": {"games_to_win": 1},  # one game to 121, not best of three
    "novantanove": {"target": 50},  # about three deals instead of six
    "nebraska": {"hands": 2},  # two hands, highest total wins
    "poker_italiano": {"max_hands": 10},  # ten deals instead of fifty
    "burraco": {"hands": 1},  # one hand, highest total wins
}

#: bots measured once and since taken out of the registry (git keeps them), by the legend of
#: their rows: their results stay in the table as measured, but can no longer be added to
RETIRED: dict[str, dict[str, str]] = {
    "poker_italiano": {
        "esperto48": "poker's esperto until 2026-11-26: the same player with a quarter of its "
        "worlds (48 per candidate, as partita), ~0.06 s per move",
        "partita58": "partita with the swing per deal measured in its own matches (58 chips, "
        "not medio's 32), ~0.05 s per move",
    },
}

#: search level v medio matches where a match takes a minute or more of CPU (default 60)
MATCHES: dict[str, int] = {"nebraska": 40, "poker_italiano": 40, "burraco": 40}


def measure(game: Game, a: str, b: str, matches: int, seed: int, workers: int,
            config: dict[str, Any]) -> JSON:
    print(f"{game.id}: {a} v {b} ({matches} matches, config {config or 'default'})",
          file=sys.stderr)
    results = run_tournament(game, [a, b], matches, seed=seed, workers=workers, config=config,
                             progress=ProgressBar(sys.stderr))
    pair = results["pairings"][0]
    return {
        "pairing": [a, b],
        "config": results["config"],
        "seed": seed,
        "matches": pair["matches"],
        "score": pair["score"],
        "ci95": pair["ci95"],
        "seconds_per_move": results["timing"]["seconds_per_move"],
        "workers": workers,
        "python": f"{platform.python_implementation()} {platform.python_version()}",
        "date": time.strftime("%Y-%m-%d"),
    }


def row_key(result: JSON) -> tuple[tuple[str, ...], str]:
    """What makes a row of the table: the pairing and the match it played (a short match and
    the default one, ``--full``, are two rows)."""
    return tuple(result["pairing"]), json.dumps(result["config"], sort_keys=True)


def merge(game: Game, fresh: list[JSON], add: bool) -> list[JSON]:
    """The game's saved results with the freshly measured rows replaced, or with ``add``
    pooled with them (same pairing and config, another seed: more matches, one interval)."""
    path = RESULTS / f"{game.id}.json"
    saved: list[JSON] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else []
    old = {row_key(r): r for r in saved}
    for new in fresh:
        before = old.get(row_key(new))
        old[row_key(new)] = pool(before, new) if add and before else new
    order = {"medio": 0, "facile": 1}
    return sorted(old.values(), key=lambda r: order.get(r["pairing"][1], 2))


def pool(before: JSON, new: JSON) -> JSON:
    """Two samples of one pairing as one: scores weighted by matches, Wilson interval redone
    (either sample may be pooled already: its ``seeds`` then lists them)."""
    seeds = [*before.get("seeds", [before["seed"]]), *new.get("seeds", [new["seed"]])]
    if before["config"] != new["config"] or len(set(seeds)) < len(seeds):
        raise SystemExit(f"--add needs the same config and a new seed (seeds so far: {seeds})")
    n = before["matches"] + new["matches"]
    score = (before["score"] * before["matches"] + new["score"] * new["matches"]) / n
    moves = {b: round((before["seconds_per_move"][b] + new["seconds_per_move"][b]) / 2, 6)
             for b in new["seconds_per_move"]}
    return {**new, "seeds": seeds, "matches": n, "score": round(score, 4),
            "ci95": [round(x, 4) for x in wilson(score * n, n)], "seconds_per_move": moves}


def pool_rounds(directory: Path, results: Path = RESULTS) -> list[str]:
    """Pool the rounds ``scripts/strength_lanes.sh`` saved in ``directory`` (one
    ``<game>-<against>-<seed>.json`` per duplicate round) into each game's saved results, as
    ``--add`` would have, with a note saying which seeds and what they scored; returns a line
    per pairing pooled."""
    groups: dict[tuple[str, tuple[str, ...]], list[JSON]] = {}
    for path in sorted(directory.glob("*-*-*.json")):
        game_id = path.name.rsplit("-", 2)[0]
        get_game(game_id)  # an unknown game stops here, with the registry's message
        round_ = json.loads(path.read_text(encoding="utf-8"))
        groups.setdefault((game_id, tuple(round_["pairing"])), []).append(round_)
    if not groups:
        raise SystemExit(f"no <game>-<against>-<seed>.json rounds in {directory}")
    said = []
    for (game_id, pairing), rounds in groups.items():
        n = sum(r["matches"] for r in rounds)
        won = sum(r["score"] * r["matches"] for r in rounds)
        seeds = sorted(r["seed"] for r in rounds)
        if len({json.dumps(r["config"], sort_keys=True) for r in rounds}) > 1:
            raise SystemExit(f"{game_id}: the rounds in {directory} were played in other configs")
        low, high = wilson(won, n)
        moves = {b: round(sum(r["seconds_per_move"][b] * r["matches"] for r in rounds) / n, 6)
                 for b in rounds[0]["seconds_per_move"]}
        fresh = {**rounds[0], "seed": seeds[0], "seeds": seeds, "matches": n,
                 "score": round(won / n, 4), "ci95": [round(low, 4), round(high, 4)],
                 "seconds_per_move": moves}
        note = (f"{n} matches from scripts/strength_lanes.sh on {rounds[0]['date']} "
                f"({rounds[0]['python']}; seeds {_seed_runs(seeds)}): {100 * won / n:.1f} % "
                f"({100 * low:.1f}–{100 * high:.1f} %), {moves[pairing[0]]:.2f} s a move with "
                "every lane at work")
        path = results / f"{game_id}.json"
        saved: list[JSON] = json.loads(path.read_text(encoding="utf-8")) if path.exists() else []
        out, found = [], False
        for r in saved:
            if row_key(r) == row_key(fresh):
                r, found = {**pool(r, fresh), "notes": [*r.get("notes", []), note]}, True
            out.append(r)
        if not found:
            out.append({**fresh, "notes": [note]})
        write_json_atomic(path, out)
        said.append(f"{game_id}: {' v '.join(pairing)}: {note}")
    return said


def _seed_runs(seeds: list[int]) -> str:
    """``[1, 2, 3, 7]`` as ``1–3, 7``."""
    runs: list[list[int]] = []
    for seed in seeds:
        if runs and seed == runs[-1][1] + 1:
            runs[-1][1] = seed
        else:
            runs.append([seed, seed])
    return ", ".join(f"{a}–{b}" if b > a else str(a) for a, b in runs)


def verdict(score: float, low: float, high: float, target: float | None) -> str:
    if target is None:
        return "no target"
    if low >= target:
        return "met"
    if high < target:
        return "**missed**"
    if score >= target:
        return "reached, CI spans it"
    return "not reached, CI spans it"


def row(game_id: str, result: JSON) -> str:
    a, b = result["pairing"]
    low, high = result["ci95"]
    target = TARGETS[b] if a in LEVELS else None  # bots that are no level are only measured
    per_move = result["seconds_per_move"]
    players = result["config"]["players"]
    short = ", ".join(f"{k}={v}" for k, v in SHORT.get(game_id, {}).items()
                      if result["config"].get(k) == v)  # "default" when played in full
    return (
        f"| {game_id} | {a} v {b} | {players} | {short or 'default'} | {result['matches']} | "
        f"{result['score']:.1%} | {low:.1%} – {high:.1%} | "
        f"{'' if target is None else f'≥ {target:.0%}: '}"
        f"{verdict(result['score'], low, high, target)} | "
        f"{per_move[a]:.3f} s | {per_move[b]:.3f} s |"
    )


def notes(game: Game, levels: list[str]) -> list[str]:
    out = []
    for level in ("medio", *dict.fromkeys(levels)):
        note = level_note(game, level)
        if note:
            out.append(f"- {game.id}: {note}")
    retired = RETIRED.get(game.id, {})
    out += [f"- {game.id}: {level}: {retired.get(level) or describe_search(game, level)}"
            for level in dict.fromkeys(levels)]
    return out


def render(out: Path) -> str:
    rows: list[str] = []
    extra: list[str] = []
    edges: list[str] = []
    for game in all_games():
        path = RESULTS / f"{game.id}.json"
        if not path.exists():
            rows.append(f"| {game.id} | not measured yet | | | | | | | | |")
            continue
        results = json.loads(path.read_text(encoding="utf-8"))
        rows += [row(game.id, r) for r in results]
        strong = [r["pairing"][0] for r in results if r["pairing"][1] == "medio"]
        extra += notes(game, strong)
        # measurements made beside a result (e.g. duplicate-deal edges), kept in its "notes"
        extra += [f"- {game.id}: {note}" for r in results for note in r.get("notes", [])]
        edges += edge_lines(game.id)
    header = [
        "| game | pairing | players | match | matches | score | 95 % CI | target "
        "| s/move (first) | s/move (second) |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    text = "\n".join([
        "# Bot strength",
        "",
        "Regenerated by `make strength` (`python scripts/strength.py`, per-game results in",
        "`docs/strength-results/`); not run in CI. Targets (issue 7): medio beats random ≥ 80 %,",
        "esperto beats medio ≥ 60 %. On a machine of many cores, `scripts/strength_lanes.sh`",
        "times the levels and plays esperto v medio in lanes of two workers until a deadline, a",
        "duplicate round (and a seed) at a time; `--pool DIR` pools its rounds into these results.",
        "",
        "Score: head-to-head wins plus half the draws, seats rotated and duplicate deals, with the",
        "95 % Wilson interval. A target is *met* when the whole interval clears it, *missed* when",
        "the whole interval is below it; otherwise the table says whether the score reached it.",
        "The search level plays short matches (column *match*; see `SHORT` in the script): a",
        "longer match only amplifies the stronger side's edge, so these scores understate it.",
        "`--full` plays the game's default match instead; it is a row of its own (*default*).",
        "s/move is the mean thinking time over all of a bot's moves, forced ones included (CPU",
        "time; results saved before the arena timed in CPU, 2026-11-22, hold wall-clock time).",
        "",
        *header,
        *rows,
        "",
        "Notes:",
        "",
        *extra,
        "",
        *([
            "## Chip edge per duplicate deal",
            "",
            "`scripts/deal_edge.py GAME BOT --against LEVEL --save`: every deal played once per "
            "seat",
            "from the same cards, the bot in that seat and LEVEL in the others; the bot's gain "
            "minus the",
            "others' mean, in the game's own score (chips in poker), ± one standard error. "
            "*first deal*:",
            "the first of a match, so a bot that learns during the match has learnt nothing yet; "
            "*after A-B",
            "deals*: a later deal, the earlier ones played by LEVEL (`--after`); *two-bot "
            "lineups*: the bot in",
            "every other seat as in a two-bot match, its seats' mean gain minus LEVEL's "
            "(`--pairs`).",
            "",
            "| game | bot | against | deal | deals | edge per deal | seed | date |",
            "|---|---|---|---|---|---|---|---|",
            *edges,
            "",
        ] if edges else []),
    ])
    out.write_text(text, encoding="utf-8")
    return text


def edge_lines(game_id: str) -> list[str]:
    """Table rows of the chip edges saved by ``scripts/deal_edge.py --save`` for the game."""
    path = RESULTS / f"{game_id}-edges.json"
    if not path.exists():
        return []
    return [f"| {game_id} | {e['bot']} | {e['against']} | {e.get('setting', 'first deal')} | "
            f"{e['deals']} | {e['edge']:+.2f} ± {e['se']:.2f} | {e['seed']} | {e['date']} |"
            for e in json.loads(path.read_text(encoding="utf-8"))]


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", help="comma-separated game ids (default: every game)")
    parser.add_argument("--matches", type=int, default=None,
                        help="search level v medio matches (default: 60, 40 for the slow games)")
    parser.add_argument("--random-matches", type=int, default=200,
                        help="medio v random matches")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--strong", default="esperto",
                        help="the level measured against medio (default esperto)")
    parser.add_argument("--against", default="medio", choices=("medio", "facile"),
                        help="the strong level's opponent (facile: how hard it exploits a weak "
                        "player; no target)")
    parser.add_argument("--full", action="store_true",
                        help="play every game's default (long) match instead of the short one")
    parser.add_argument("--only", choices=("strong", "random"),
                        help="measure only one pairing (the search level v medio, or medio v "
                        "random) and keep the other's saved results")
    parser.add_argument("--add", action="store_true",
                        help="pool the new matches with the saved ones (use another --seed)")
    parser.add_argument("--render", action="store_true",
                        help="measure nothing; rebuild the table from the saved results")
    parser.add_argument("--pool", metavar="DIR",
                        help="measure nothing; pool the rounds scripts/strength_lanes.sh saved "
                        "in DIR into the saved results, then rebuild the table")
    parser.add_argument("--out", default=str(DOC), help="the table's file")
    args = parser.parse_args(argv)
    if args.pool:
        for line in pool_rounds(Path(args.pool)):
            print(line, file=sys.stderr)
    elif not args.render:
        games = [get_game(g) for g in args.games.split(",")] if args.games else all_games()
        RESULTS.mkdir(parents=True, exist_ok=True)
        for game in games:
            short = {} if args.full else SHORT.get(game.id, {})
            matches = args.matches or MATCHES.get(game.id, 60)
            plan = {"strong": (args.strong, args.against, matches, short),
                    "random": ("medio", "random", args.random_matches, {})}
            fresh = [measure(game, a, b, n, args.seed, args.workers, config)
                     for key, (a, b, n, config) in plan.items() if args.only in (None, key)]
            write_json_atomic(RESULTS / f"{game.id}.json", merge(game, fresh, args.add))
    print(render(Path(args.out).resolve()))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
