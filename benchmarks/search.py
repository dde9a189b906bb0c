"""The search's figures: ISMCTS iterations per second, whole checkouts against this one, the
levels' CPU seconds per move, and fingerprints that show two checkouts search alike.

- :func:`run` (``python -m benchmarks search``, part of ``make bench``): iterations per CPU second
  for every registered game, random and heuristic rollouts. Searches run from decision points
  (2+ legal moves) spread over a seeded match of the game's default config played by its
  heuristic bot (random moves if it has none), so positions look like real play; one-hand
  rollout horizon as in the levels.
- :func:`compare_checkouts` (``search --checkouts OLD_TREE[,...]``): whole checkouts (engines,
  bots and search) with fixed budgets, one process per checkout and round, alternated.
- :func:`level_seconds` (``search --levels difficile,esperto``): CPU seconds per move of the
  levels in real play; :func:`level_cost` (``python -m benchmarks level-cost GAME LEVEL MOVES``)
  the same searches inside one ``eval``, for callgrind.
- :func:`fingerprints` (``python -m benchmarks fingerprints``): whole searches and drawn worlds,
  to show that two checkouts play the same.
"""

from __future__ import annotations

import dataclasses
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any, Final

from benchmarks.baseline import ratio
from mazzo.bots import levels
from mazzo.bots.ismcts import ISMCTSAgent, heuristic_factory, score_profile
from mazzo.bots.levels import level_iterations, make_agent, search_setting
from mazzo.engine import Game, State, Turn, all_games, get_game
from mazzo.engine.chance import CanonicalRandom


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


# --- whole checkouts against this one -------------------------------------------------------------


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
                [sys.executable, "-m", "benchmarks", "search", "--rates", specs],
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


# --- the levels in play ---------------------------------------------------------------------------


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



def levels_report(games: list[Game], names: list[str], moves: int) -> None:
    """Print each level's CPU seconds per move in real play, game by game."""
    for game in games:
        for level in names:
            per_search, per_move, count = level_seconds(game, level, moves)
            print(f"{game.id} {level} ({level_budget(game, level)}): "
                  f"{per_search:.3f} s per searched move ({count}), {per_move:.3f} s per "
                  "move with forced ones", flush=True)


def level_cost(game_id: str, level: str, moves: int, iterations: str | None) -> None:
    """CPU seconds (or, under callgrind, instructions) per move of one search level on the
    positions of :func:`level_positions`, to calibrate a game's budgets against another's.

    The level's searches run inside one ``eval``, so that ``PYTHONHASHSEED=0 valgrind
    --tool=callgrind --toggle-collect=builtin_eval --callgrind-out-file=/dev/null python -m
    benchmarks level-cost ...`` counts only the searches (divide its "Collected" by the moves
    printed). ``iterations`` ("D,E") replaces the game's difficile and esperto budgets for the
    run. Prints the moves searched, then the mean CPU seconds per move."""
    game = get_game(game_id)
    if iterations:
        difficile, esperto = map(int, iterations.split(","))
        setting = levels.LEVEL_SEARCH[game.id]
        levels.LEVEL_SEARCH[game.id] = dataclasses.replace(
            setting, difficile=difficile, esperto=esperto)
    found = level_positions(game, moves)[0]
    agent = levels.make_agent(game, level, 3)

    def searches() -> int:
        for i, (state, seat, view, legal) in enumerate(found):
            agent.act(Turn(seat, view, legal, random.Random(i), state))
        return len(found)

    start = time.process_time()
    print(eval("searches()", {"searches": searches}))  # the span callgrind counts
    print(f"{(time.process_time() - start) / len(found):.4f} CPU s per move")


# --- fingerprints ---------------------------------------------------------------------------------
# ``PYTHONPATH=TREE/src python -m benchmarks fingerprints > TREE.json`` (run from this checkout,
# once per tree): for 16 positions per game (:func:`decision_points`, seeds 3 and 4), ISMCTS with
# random and heuristic rollouts and both opponent models at fixed budgets and seeds (the move, the
# agent's generator state afterwards and the root's statistics: every child's visits and exact
# sums of values), the difficile level's move and root, and 20 worlds per seat per position
# (every seat's view of each, the spectator's, the legal moves, the generator state).
# ``python -m benchmarks fingerprints --compare A.json B.json`` counts what differs.

#: game: iterations per search with random rollouts, with heuristic rollouts
BUDGETS = {"nebraska": (150, 40), "novantanove": (150, 30), "poker_italiano": (150, 100),
           "cribbage": (150, 100), "burraco": (20, 10)}


def _rooted(bot: ISMCTSAgent) -> list[str]:
    """Records the root of every search ``bot`` makes: each child in the order it was added,
    with its action, visits, availability and exact sums of values (any different rollout or
    value, down to the last bit of a float, shows)."""
    found: list[str] = []
    search = bot.search

    def recording(turn: Turn, rng: random.Random, start: float) -> Any:
        root = search(turn, rng, start)
        found.append(";".join(f"{c.action}:{c.visits}:{c.avail}:{c.total!r}:{c.squares!r}"
                              for c in root.children.values()))
        return root

    bot.search = recording  # type: ignore[method-assign]
    return found


def _searches(state: State, i: int, budgets: tuple[int, int]) -> dict[str, str]:
    seat = state.current_player
    out = {}
    for mode, iterations in zip(("random", "heuristic"), budgets, strict=True):
        for opponents in ("tree", "policy"):
            turn = Turn(seat, state.view(seat), state.legal_actions(), random.Random(i), state)
            bot = ISMCTSAgent(i, iterations=iterations, rollout=mode, opponents=opponents)
            roots = _rooted(bot)
            out[f"{mode}/{opponents}"] = f"{bot.act(turn)}|{bot.rng.getstate()[1][:3]}|{roots}"
    return out


def _level(game: Game, state: State, i: int) -> dict[str, str]:
    """The difficile level as it plays (its budget, rollouts, opponent model and guide)."""
    seat = state.current_player
    turn = Turn(seat, state.view(seat), state.legal_actions(), random.Random(i), state)
    agent = make_agent(game, "difficile", i)
    roots = _rooted(agent) if isinstance(agent, ISMCTSAgent) else []
    return {"difficile": f"{agent.act(turn)}|{roots}"}


def _worlds(state: State, i: int) -> dict[str, str]:
    rng = CanonicalRandom(i)
    worlds = [state.determinize(s, rng) for s in range(state.num_players) for _ in range(20)]
    public = [w.view(None) for w in worlds], [w.legal_actions() for w in worlds]
    seats = [w.view(s) for w in worlds for s in range(w.num_players)]
    return {"worlds": f"{public}{rng.getstate()[1][:5]}", "worldviews": str(seats)}


def fingerprints(games: list[Game]) -> dict[str, str]:
    out: dict[str, str] = {}
    for game in games:
        states = decision_points(game, 8, seed=3) + decision_points(game, 8, seed=4)
        for i, state in enumerate(states):
            found = {**_searches(state, i, BUDGETS.get(game.id, (100, 30))), **_worlds(state, i),
                     **_level(game, state, i)}
            out.update({f"{game.id}/{i}/{key}": value for key, value in found.items()})
    return out


def compare_fingerprints(first: str, second: str) -> int:
    """Print how many fingerprints of two files differ (and the first 20); 1 if any do."""
    with open(first) as f:
        a = json.load(f)
    with open(second) as f:
        b = json.load(f)
    differ = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
    print(f"{len(a)} / {len(b)} fingerprints, {len(differ)} differ: {differ[:20]}")
    return 1 if differ else 0
