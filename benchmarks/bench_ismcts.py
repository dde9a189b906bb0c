"""ISMCTS iterations per second for every registered game, random and heuristic rollouts.

Searches run from decision points (2+ legal moves) spread over a seeded match of the game's
default config played by its heuristic bot (random moves if it has none), so positions look like
real play; one-hand rollout horizon as in the levels.

``python -m benchmarks.bench_ismcts --against OLD.py`` runs this search and another version of
``mazzo/bots/ismcts.py`` side by side in one process (see :func:`compare`);
``--checkouts OLD_TREE[,...]`` times whole checkouts (engines, bots and search), one process per
checkout and round, alternated (see :func:`compare_checkouts`).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import time
from types import ModuleType
from typing import Any, Final

from benchmarks.baseline import ratio
from mazzo.bots.ismcts import ISMCTSAgent, heuristic_factory, score_profile
from mazzo.bots.levels import level_iterations, make_agent, search_setting
from mazzo.engine import Game, State, Turn, all_games


def decision_points(game: Game, count: int, seed: int = 1) -> list[State]:
    rng = random.Random(seed)
    factory = heuristic_factory(game)
    agent = factory(seed) if factory is not None else None
    state = game.new_match(game.config_class())
    found: list[State] = []
    while not state.is_terminal:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        legal = state.legal_actions()
        if len(legal) > 1:
            found.append(state.clone())
        seat = state.current_player
        if agent is None:
            state.apply(legal[rng.randrange(len(legal))])
        else:
            state.apply(agent.act(Turn(seat, state.view(seat), legal, rng, state)))
    step = max(1, len(found) // count)
    return found[::step][:count]


def iterations_per_second(game: Game, rollout: str, seconds: float, points: int) -> float:
    states = decision_points(game, points)
    if not states:
        return 0.0
    score_profile(game, states[0].config)  # calibrate outside the timing
    done = 0
    spent = 0.0
    for i, state in enumerate(states):
        seat = state.current_player
        turn = Turn(seat, state.view(seat), state.legal_actions(), random.Random(i), state)
        bot = ISMCTSAgent(i, seconds=seconds / len(states), rollout=rollout)
        start = time.process_time()
        bot.act(turn)
        spent += time.process_time() - start
        done += bot.last_iterations
    return done / spent if spent else 0.0


def run(quick: bool = False) -> list[str]:
    seconds, points = (0.4, 2) if quick else (3.0, 6)
    lines = []
    for game in all_games():
        modes = ["random"] + (["heuristic"] if heuristic_factory(game) is not None else [])
        for mode in modes:
            rate = iterations_per_second(game, mode, seconds, points)
            lines.append(
                f"{game.id} ISMCTS, {mode} rollouts: {rate:,.0f} iterations/s "
                f"({ratio(rate)})"
            )
    return lines


# --- this search against another version of it, in one process ----------------------------------


def load_search(path: str, name: str = "ismcts_other") -> ModuleType:
    """Import another version of ``mazzo/bots/ismcts.py`` (e.g. ``git show main:src/mazzo/bots/
    ismcts.py > /tmp/old.py``) as a module of its own; it uses this checkout's engine and games."""
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot import {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while the class is made
    spec.loader.exec_module(module)
    return module


def _searched(
    search: Any, states: list[State], rollout: str, iterations: int
) -> tuple[float, list[Any]]:
    """Iterations per CPU second over ``states`` (a fixed budget each), and the moves chosen."""
    done, spent, moves = 0, 0.0, []
    for i, state in enumerate(states):
        seat = state.current_player
        turn = Turn(seat, state.view(seat), state.legal_actions(), random.Random(i), state)
        bot = search.ISMCTSAgent(i, iterations=iterations, rollout=rollout)
        start = time.process_time()
        moves.append(bot.act(turn))
        spent += time.process_time() - start
        done += bot.last_iterations
    return done / spent, moves


def compare(other: ModuleType, games: list[Game], rounds: int, points: int) -> list[str]:
    """Both searches from the same positions and seeds, alternating which goes first each round;
    medians of the rounds, the ratio this / other, and whether every move was the same."""
    import mazzo.bots.ismcts as this

    lines = []
    for game in games:
        states = decision_points(game, points)
        if not states:
            continue
        this.score_profile(game, states[0].config)
        other.score_profile(game, states[0].config)
        modes = ["random"] + (["heuristic"] if heuristic_factory(game) is not None else [])
        for mode in modes:
            iterations = _COMPARE_ITERATIONS[mode] // (10 if game.id == "burraco" else 1)
            rates: dict[str, list[float]] = {"this": [], "other": []}
            same = True
            for r in range(rounds):
                found = {}
                for side in (("other", "this") if r % 2 == 0 else ("this", "other")):
                    rate, found[side] = _searched(this if side == "this" else other, states,
                                                  mode, iterations)
                    rates[side].append(rate)
                same = same and found["this"] == found["other"]
            before, after = statistics.median(rates["other"]), statistics.median(rates["this"])
            lines.append(
                f"{game.id} {mode} rollouts: {before:,.0f} -> {after:,.0f} iterations/CPU s "
                f"(x{after / before:.2f}; rounds {_rounded(rates['other'])} -> "
                f"{_rounded(rates['this'])}; same moves: {'yes' if same else 'no'})"
            )
    return lines


#: iterations per position in :func:`compare` (Burraco: a tenth)
_COMPARE_ITERATIONS: Final = {"random": 400, "heuristic": 100}


def _rounded(values: list[float]) -> str:
    return "/".join(f"{v:,.0f}" for v in values)


#: what :func:`compare_checkouts` times by default: game:rollouts:iterations per position
CHECKOUT_SPECS: Final = (
    "nebraska:random:400,nebraska:heuristic:60,novantanove:random:400,novantanove:heuristic:60,"
    "poker_italiano:random:400,poker_italiano:heuristic:300,cribbage:random:400,"
    "cribbage:heuristic:300,burraco:random:60,burraco:heuristic:30")


def fixed_rates(specs: str, points: int = 6) -> dict[str, float]:
    """Iterations per CPU second for each ``game:rollouts:iterations`` of ``specs``: a fixed
    budget per position, from :func:`decision_points` (the search's own defaults otherwise)."""
    out: dict[str, float] = {}
    for spec in specs.split(","):
        game_id, mode, iterations = spec.split(":")
        game = next(g for g in all_games() if g.id == game_id)
        states = decision_points(game, points)
        score_profile(game, states[0].config)  # calibrate outside the timing
        done, spent = 0, 0.0
        for i, state in enumerate(states):
            seat = state.current_player
            turn = Turn(seat, state.view(seat), state.legal_actions(), random.Random(i), state)
            bot = ISMCTSAgent(i, iterations=int(iterations), rollout=mode)
            start = time.process_time()
            bot.act(turn)
            spent += time.process_time() - start
            done += bot.last_iterations
        out[spec] = done / spent
    return out


def compare_checkouts(trees: list[str], specs: str, rounds: int) -> list[str]:
    """Whole checkouts side by side: each round runs :func:`fixed_rates` once per checkout (its
    ``src`` first on the path, this benchmark module from here), one process each, the order
    rotated every round; medians of the rounds and each one's ratio to the last (this one)."""
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    sides = [*trees, here]
    rates: dict[str, dict[str, list[float]]] = {side: {} for side in sides}
    for r in range(rounds):
        for side in sides[r % len(sides):] + sides[:r % len(sides)]:
            env = {**os.environ, "PYTHONPATH": os.pathsep.join([os.path.join(side, "src"), here])}
            found = subprocess.run(
                [sys.executable, "-m", "benchmarks.bench_ismcts", "--rates", specs],
                env=env, cwd=here, capture_output=True, text=True, check=True).stdout
            for spec, rate in json.loads(found.splitlines()[-1]).items():
                rates[side].setdefault(spec, []).append(rate)
    lines = []
    for spec in specs.split(","):
        medians = [statistics.median(rates[side][spec]) for side in sides]
        parts = [f"{side}: {m:,.0f} ({_rounded(rates[side][spec])})"
                 for side, m in zip(sides, medians, strict=True)]
        ratios = ", ".join(f"x{medians[-1] / m:.2f}" for m in medians[:-1])
        lines.append(f"{spec}: {'; '.join(parts)}; this against each: {ratios}")
    return lines


#: a position of real play for the level timers: (state, seat, its view, its legal moves)
Position = tuple[State, int, Any, list[Any]]


def level_positions(game: Game, moves: int, every: int = 4, seed: int = 3
                    ) -> tuple[list[Position], int, int]:
    """``moves`` positions of real play of the default config, medio in every seat: one seat's
    every ``every``-th decision with a choice, from ``seed`` on, so that they spread over whole
    matches. Returns them, the seat's decisions with a choice and its forced ones on the way."""
    found: list[Position] = []
    forced = choices = 0
    players = game.config_class().players
    while len(found) < moves:
        seat = seed % players
        agents = [make_agent(game, "medio", seed * 10 + s) for s in range(players)]
        state = game.new_match(game.config_class())
        rng = random.Random(seed)
        while not state.is_terminal and len(found) < moves:
            if state.is_chance:
                state.apply(state.sample_chance(rng))
                continue
            player = state.current_player
            legal = state.legal_actions()
            if player == seat:
                forced += len(legal) == 1
                choices += len(legal) > 1
                if len(legal) > 1 and choices % every == 0:
                    kept = state.clone()
                    found.append((kept, player, kept.view(player), kept.legal_actions()))
            state.apply(agents[player].act(Turn(player, state.view(player), legal, rng, state)))
        seed += 1
    return found, choices, forced


def level_seconds(game: Game, level: str, moves: int) -> tuple[float, float, int]:
    """CPU seconds per move of a search level on :func:`level_positions`. Returns (mean over
    the timed searches, the same counting the seat's forced moves as the level plays them: no
    time, timed searches)."""
    positions, choices, forced = level_positions(game, moves)
    agent = make_agent(game, level, 3)
    searched = []
    for i, (state, seat, view, legal) in enumerate(positions):
        start = time.process_time()
        agent.act(Turn(seat, view, legal, random.Random(i), state))
        searched.append(time.process_time() - start)
    per_search = statistics.fmean(searched)
    return per_search, per_search * choices / (choices + forced), len(searched)


def level_budget(game: Game, level: str) -> str:
    """What a level's move is made of: its search budget, or the game's own esperto (which the
    iteration count does not describe: poker's and two-player cribbage's)."""
    setting = search_setting(game)
    if level == "esperto" and setting.expert is not None:
        return f"its own player, {setting.expert.rpartition(':')[2]}"
    return f"{level_iterations(game, level)} iterations"


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks.bench_ismcts",
        description="ISMCTS iterations per CPU second: this checkout against another version "
                    "of mazzo/bots/ismcts.py, in one process (interleaved rounds, medians)")
    parser.add_argument("--against", help="path of the other ismcts.py")
    parser.add_argument("--levels", default="",
                        help="instead: CPU s per move of these search levels in real play "
                             "(e.g. difficile,esperto)")
    parser.add_argument("--moves", type=int, default=20, help="searched moves per level (--levels)")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--points", type=int, default=6, help="decision points per game")
    parser.add_argument("--checkouts", default="",
                        help="instead: whole source trees (comma-separated; each with src/) "
                             "against this one, one process each per round, alternated")
    parser.add_argument("--specs", default=CHECKOUT_SPECS,
                        help="game:rollouts:iterations,... for --checkouts")
    parser.add_argument("--rates", default="", help=argparse.SUPPRESS)  # a --checkouts child
    args = parser.parse_args(argv)
    if args.rates:
        print(json.dumps(fixed_rates(args.rates, args.points)), flush=True)
        return 0
    if args.checkouts:
        for line in compare_checkouts(args.checkouts.split(","), args.specs, args.rounds):
            print(line, flush=True)
        return 0
    wanted = [g for g in args.games.split(",") if g]
    games = [g for g in all_games() if not wanted or g.id in wanted]
    if args.levels:
        for game in games:
            for level in args.levels.split(","):
                per_search, per_move, count = level_seconds(game, level, args.moves)
                print(f"{game.id} {level} ({level_budget(game, level)}): "
                      f"{per_search:.3f} s per searched move ({count}), {per_move:.3f} s per "
                      "move with forced ones", flush=True)
        return 0
    if not args.against:
        parser.error("give --against FILE, --checkouts TREES or --levels LEVELS")
    for line in compare(load_search(args.against), games, args.rounds, args.points):
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
