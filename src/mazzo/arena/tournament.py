"""Tournaments between bots: balanced seating, duplicate deals, parallel and reproducible.

A tournament is a sequence of *rounds*. A round plays one deal sequence (one seed for every
chance outcome) once for every *lineup* — an assignment of bots to seats — so every bot meets the
same cards from every position (duplicate play). Lineups:

- as many bots as seats (or a divisor of it): the cyclic rotations of ``bot[s % k]``;
- fewer bots, not a divisor: every assignment using each bot at least once;
- more bots than seats: every subset of ``players`` bots, in each cyclic rotation.

Each match draws its seeds from the tournament seed and its own index only, and results are
gathered by index, so the same seed gives the same results with any number of workers.
"""

from __future__ import annotations

import importlib
import itertools
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mazzo.arena.ratings import Z95, elo_difference, elo_ratings, weng_lin, wilson
from mazzo.bots.levels import make_agent
from mazzo.engine.agent import Agent, Turn
from mazzo.engine.game import CHANCE, JSON, Config, Game, MazzoError
from mazzo.engine.overrides import add_flag
from mazzo.engine.record import make_record, save_record, write_json_atomic
from mazzo.engine.registry import get_game
from mazzo.processes import end_with_parent

Progress = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each finished batch of matches."""

BACKENDS = ("process", "ray")
MAX_ACTIONS = 1_000_000


@dataclass(frozen=True)
class MatchTask:
    """Everything a worker needs to play one match (picklable)."""

    index: int
    round: int
    game: Game | str  # the id of a registered game, else the Game object itself
    config: JSON
    lineup: tuple[str, ...]  # bot name per seat
    deal_seed: int
    agent_seeds: tuple[int, ...]
    record: bool


# --- seating ------------------------------------------------------------------------------------


def lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The seatings of one round; each bot sits in each seat equally often."""
    k = len(bots)
    if k == 0:
        raise MazzoError("a tournament needs at least one bot",
                         italian="un torneo vuole almeno un bot")
    if len(set(bots)) != k:
        raise MazzoError(f"bot names must be distinct, got {', '.join(bots)}",
                         italian=f"i nomi dei bot devono essere diversi, non {', '.join(bots)}")
    if k <= players and players % k == 0:
        base = [bots[s % k] for s in range(players)]
        rotations = [tuple(base[r:] + base[:r]) for r in range(players)]
        return list(dict.fromkeys(rotations))
    if k < players:
        every = itertools.product(range(k), repeat=players)
        return [tuple(bots[i] for i in p) for p in every if len(set(p)) == k]
    out: list[tuple[str, ...]] = []
    for group in itertools.combinations(bots, players):
        out.extend(tuple(group[r:] + group[:r]) for r in range(players))
    return out


def _seed(*parts: object) -> int:
    """A 63-bit seed from text (``random.Random(str)`` hashes with SHA-512: stable everywhere)."""
    return random.Random(":".join(str(p) for p in ("mazzo-arena", *parts))).getrandbits(63)


def plan(
    game: Game, config: Config, bots: Sequence[str], matches: int, seed: int, record: bool
) -> list[MatchTask]:
    """Every match of the tournament, whole rounds (``matches`` is rounded up to a round)."""
    seats = lineups(bots, config.players)
    rounds = max(1, -(-matches // len(seats)))
    ref: Game | str = game.id if _registered(game) else game
    tasks: list[MatchTask] = []
    for r in range(rounds):
        deal = _seed(seed, r, "deal")
        for li, lineup in enumerate(seats):
            agent_seeds = tuple(_seed(seed, r, li, s) for s in range(len(lineup)))
            tasks.append(
                MatchTask(len(tasks), r, ref, config.to_json(), lineup, deal, agent_seeds, record)
            )
    return tasks


def _registered(game: Game) -> bool:
    try:
        return get_game(game.id) is game
    except MazzoError:
        return False


# --- playing --------------------------------------------------------------------------------------


def play_task(task: MatchTask) -> JSON:
    """Play one match; the outcome is JSON-ready (seat results, moves and thinking time)."""
    game = get_game(task.game) if isinstance(task.game, str) else task.game
    config = game.config_class.from_json(task.config)
    seats = zip(task.lineup, task.agent_seeds, strict=True)
    agents: list[Agent] = [make_agent(game, name, seed) for name, seed in seats]
    chance = random.Random(task.deal_seed)
    rngs = [random.Random(seed ^ 0x5EED) for seed in task.agent_seeds]
    moves = [0] * config.players
    thinking = [0.0] * config.players
    state = game.new_match(config)
    for _ in range(MAX_ACTIONS):
        player = state.current_player
        if player == CHANCE:
            state.apply(state.sample_chance(chance))
            continue
        if player < 0:
            break
        turn = Turn(player, state.view(player), state.legal_actions(), rngs[player], state)
        start = time.process_time()  # CPU: a busy machine must not inflate "s per move"
        action = agents[player].act(turn)
        thinking[player] += time.process_time() - start
        moves[player] += 1
        state.apply(action)
    else:
        raise MazzoError(f"match {task.index} exceeded {MAX_ACTIONS} actions",
                         italian=f"la partita {task.index} ha superato {MAX_ACTIONS} azioni")
    outcome: JSON = {
        "index": task.index,
        "round": task.round,
        "lineup": list(task.lineup),
        "returns": state.returns(),
        "scores": state.scores(),
        "actions": len(state.history),
        "moves": moves,
        "seconds": thinking,
    }
    if task.record:
        outcome["record"] = make_record(state, list(task.lineup))
    return outcome


def play_batch(tasks: Sequence[MatchTask]) -> list[JSON]:
    return [play_task(t) for t in tasks]


def _batches(tasks: list[MatchTask], size: int) -> Iterator[list[MatchTask]]:
    for i in range(0, len(tasks), size):
        yield tasks[i:i + size]


def _run_process(
    tasks: list[MatchTask], workers: int, size: int, progress: Progress | None
) -> list[JSON]:
    outcomes: list[JSON] = []
    if workers <= 1:
        for batch in _batches(tasks, size):
            outcomes.extend(play_batch(batch))
            if progress is not None:
                progress(len(outcomes), len(tasks))
        return outcomes
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    # the workers end with this process, even killed -9 (they would otherwise live on for good)
    with ProcessPoolExecutor(max_workers=workers, initializer=end_with_parent) as pool:
        pending = {pool.submit(play_batch, batch) for batch in _batches(tasks, size)}
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                outcomes.extend(future.result())
            if progress is not None:
                progress(len(outcomes), len(tasks))
    return outcomes


def _run_ray(
    tasks: list[MatchTask], workers: int, size: int, progress: Progress | None
) -> list[JSON]:
    try:
        ray: Any = importlib.import_module("ray")  # optional extra: imported only when asked for
    except ImportError:
        raise MazzoError(
            "the ray backend needs Ray: pip install 'mazzo[ray]' (or pip install ray)",
            italian="il backend ray vuole Ray: pip install 'mazzo[ray]' (o pip install ray)",
        ) from None
    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS")
        ray.init(address=address, num_cpus=None if address else workers,
                 include_dashboard=False, log_to_driver=False)
    _ship_game_module(ray, tasks)
    remote = ray.remote(play_batch)
    pending = [remote.remote(batch) for batch in _batches(tasks, size)]
    outcomes: list[JSON] = []
    while pending:
        done, pending = ray.wait(pending, num_returns=1)
        for ref in done:
            outcomes.extend(ray.get(ref))
        if progress is not None:
            progress(len(outcomes), len(tasks))
    return outcomes


def _ship_game_module(ray: Any, tasks: list[MatchTask]) -> None:
    """An unregistered game (e.g. a test's) travels by value, since Ray workers cannot import it."""
    for task in tasks[:1]:
        if not isinstance(task.game, str):
            module = type(task.game).__module__
            if not module.startswith("mazzo."):
                ray.cloudpickle.register_pickle_by_value(sys.modules[module])


# --- the tournament -------------------------------------------------------------------------------


def make_config(
    game: Game,
    config: Config | dict[str, Any] | None = None,
    players: int | None = None,
    variant: str | None = None,
) -> Config:
    """The game's default config with overrides (validated; errors name the field)."""
    if isinstance(config, Config):
        base = config
        fields: dict[str, Any] = {}
    else:
        base = game.config_class()
        fields = dict(config or {})
    add_flag(fields, "players", players)
    add_flag(fields, "variant", variant)
    return base.replace(**fields) if fields else base.replace()


def run_tournament(
    game: Game | str,
    bots: Sequence[str],
    matches: int,
    seed: int = 0,
    workers: int | None = None,
    backend: str = "process",
    config: Config | dict[str, Any] | None = None,
    players: int | None = None,
    variant: str | None = None,
    records: str | Path | None = None,
    out: str | Path | None = None,
    progress: Progress | None = None,
    batch: int | None = None,
) -> JSON:
    """Play ``matches`` matches (rounded up to whole rounds) and return the results as JSON.

    ``bots`` are names for :func:`mazzo.bots.levels.make_agent` (levels, the game's bots or
    ``ismcts:N``). ``records`` is a folder for every match record; ``out`` a JSON results file
    (written atomically). ``workers`` defaults to every core.
    """
    if isinstance(game, str):
        game = get_game(game)
    if backend not in BACKENDS:
        raise MazzoError(f"unknown backend {backend!r}; choose one of {', '.join(BACKENDS)}",
                         italian=f"backend sconosciuto {backend!r}; scegli tra "
                                 f"{', '.join(BACKENDS)}")
    if matches < 1:
        raise MazzoError(f"matches must be >= 1, got {matches}",
                         italian=f"le partite devono essere almeno 1, non {matches}")
    cfg = make_config(game, config, players, variant)
    for name in bots:  # fail early, in the caller, on a bad bot name
        make_agent(game, name, 0)
    if out is not None:  # and on a place nothing can be written, before hours of matches
        _check_place(Path(out), "out", folder=False)
    if records is not None:
        _check_place(Path(records), "records", folder=True)
    tasks = plan(game, cfg, bots, matches, seed, records is not None)
    workers = max(1, workers if workers is not None else os.cpu_count() or 1)
    size = batch or max(1, min(20, len(tasks) // (workers * 8)))
    start = time.perf_counter()
    runner = _run_ray if backend == "ray" else _run_process
    outcomes = sorted(runner(tasks, workers, size, progress), key=lambda o: int(o["index"]))
    elapsed = time.perf_counter() - start
    if records is not None:
        for outcome in outcomes:
            save_record(outcome.pop("record"), Path(records) / f"match-{outcome['index']:06d}.json")
    results = summarize(game, cfg, list(bots), outcomes, seed)
    results["timing"] = timing(list(bots), outcomes, elapsed, workers, backend)
    if out is not None:
        write_json_atomic(out, results)
    return results


def _check_place(path: Path, option: str, folder: bool) -> None:
    """Refuse (MazzoError naming ``--option``) a results file or records folder that cannot be
    written: a folder where a file goes or the reverse, a file where a parent folder goes, or a
    folder that may not be written. Found only at the end, such a place cost the whole
    tournament's results with an OSError traceback."""
    if path.is_dir() != folder and path.exists():
        kind = "a folder" if folder else "a file"
        kind_it = "una cartella" if folder else "un file"
        raise MazzoError(f"--{option}: {path} is {'a file' if folder else 'a folder'}; "
                         f"give {kind}",
                         italian=f"--{option}: {path} è {'un file' if folder else 'una cartella'}"
                                 f"; dai {kind_it}")
    parent = path if folder and path.exists() else path.parent
    while not parent.exists() and parent != parent.parent:
        parent = parent.parent  # the nearest folder there is: the rest will be made
    if not parent.is_dir():
        raise MazzoError(f"--{option}: {parent} is a file, not a folder",
                         italian=f"--{option}: {parent} è un file, non una cartella")
    if not os.access(parent, os.W_OK | os.X_OK):
        raise MazzoError(f"--{option}: cannot write in {parent} (permission denied)",
                         italian=f"--{option}: non si può scrivere in {parent} (permesso negato)")


# --- summaries --------------------------------------------------------------------------------


def side_results(outcome: JSON) -> dict[str, float]:
    """Each bot's result in one match: the best return among its seats."""
    best: dict[str, float] = {}
    for name, value in zip(outcome["lineup"], outcome["returns"], strict=True):
        best[name] = max(best.get(name, value), value)
    return best


def summarize(
    game: Game, config: Config, bots: list[str], outcomes: list[JSON], seed: int
) -> JSON:
    """Win rates with Wilson intervals per bot and per pairing, Elo and (3+ sides) Weng–Lin."""
    share = {b: 0.0 for b in bots}
    played = {b: 0 for b in bots}
    returns = {b: 0.0 for b in bots}
    pair_score: dict[tuple[str, str], float] = {}
    pair_n: dict[tuple[str, str], int] = {}
    pair_wdl: dict[tuple[str, str], list[int]] = {}
    ranked: list[list[tuple[str, int]]] = []
    for outcome in outcomes:
        sides = side_results(outcome)
        top = max(sides.values())
        leaders = [b for b, v in sides.items() if v == top]
        for b, v in sides.items():
            played[b] += 1
            returns[b] += v
            if v == top:
                share[b] += 1.0 / len(leaders)
        for a, b in itertools.permutations(sides, 2):
            wdl = pair_wdl.setdefault((a, b), [0, 0, 0])
            if sides[a] > sides[b]:
                wdl[0] += 1
            elif sides[a] == sides[b]:
                wdl[1] += 1
            else:
                wdl[2] += 1
            pair_n[(a, b)] = pair_n.get((a, b), 0) + 1
            pair_score[(a, b)] = wdl[0] + 0.5 * wdl[1]
        places = sorted(set(sides.values()), reverse=True)
        ranked.append([(b, places.index(v)) for b, v in sides.items()])
    per_bot = {b: _bot_figures(share[b], played[b], returns[b]) for b in bots}
    pairings = _pairings(bots, pair_n, pair_wdl, pair_score)
    anchor = "random" if "random" in bots else None
    ratings: JSON = {"elo": elo_ratings(bots, pair_score, anchor=anchor)}
    if any(len(r) >= 3 for r in ranked):
        skills = weng_lin(bots, ranked)
        ratings["weng_lin"] = {
            b: {"mu": round(s.mu, 3), "sigma": round(s.sigma, 3), "ordinal": round(s.ordinal, 3)}
            for b, s in skills.items()
        }
    return {
        "game": game.id,
        "config": config.to_json(),
        "bots": bots,
        "seed": seed,
        "matches": len(outcomes),
        "rounds": 1 + max((int(o["round"]) for o in outcomes), default=-1),
        "lineups": [list(s) for s in dict.fromkeys(tuple(o["lineup"]) for o in outcomes)],
        "confidence": round(Z95, 4),
        "per_bot": per_bot,
        "pairings": pairings,
        "ratings": ratings,
        "results": [
            {k: o[k] for k in ("index", "round", "lineup", "returns", "scores", "actions")}
            for o in outcomes
        ],
    }


def _bot_figures(share: float, played: int, returns: float) -> JSON:
    """One bot's matches, win share with its interval, and mean return."""
    low, high = wilson(share, played)
    return {
        "matches": played,
        "win_share": round(share / played, 4) if played else 0.0,
        "ci95": [round(low, 4), round(high, 4)],
        "mean_return": round(returns / played, 4) if played else 0.0,
    }


def _pairings(bots: list[str], pair_n: dict[tuple[str, str], int],
              pair_wdl: dict[tuple[str, str], list[int]],
              pair_score: dict[tuple[str, str], float]) -> list[JSON]:
    """Each pair of bots that met: wins, draws, losses, score with its interval, Elo gap."""
    pairings = []
    for a, b in itertools.combinations(bots, 2):
        n = pair_n.get((a, b), 0)
        if not n:
            continue
        w, d, lost = pair_wdl[(a, b)]
        score = pair_score[(a, b)] / n
        low, high = wilson(pair_score[(a, b)], n)
        pairings.append({
            "a": a, "b": b, "matches": n, "wins": w, "draws": d, "losses": lost,
            "score": round(score, 4), "ci95": [round(low, 4), round(high, 4)],
            "elo_diff": round(elo_difference(score), 1),
            "elo_diff_ci95": [round(elo_difference(low), 1), round(elo_difference(high), 1)],
        })
    return pairings


def timing(
    bots: list[str], outcomes: list[JSON], elapsed: float, workers: int, backend: str
) -> JSON:
    """Wall time and seconds per move per bot: machine-dependent, so kept apart from results."""
    moves = {b: 0 for b in bots}
    seconds = {b: 0.0 for b in bots}
    for outcome in outcomes:
        for name, m, s in zip(outcome["lineup"], outcome["moves"], outcome["seconds"], strict=True):
            moves[name] += m
            seconds[name] += s
    return {
        "elapsed_s": round(elapsed, 3),
        "workers": workers,
        "backend": backend,
        "moves": moves,
        "seconds_per_move": {b: round(seconds[b] / moves[b], 6) if moves[b] else 0.0 for b in bots},
    }
