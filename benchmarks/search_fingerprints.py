"""Fingerprints of whole searches and drawn worlds, to show that two checkouts play the same.

``PYTHONPATH=TREE/src python -m benchmarks.search_fingerprints > TREE.json`` (run from this
checkout, once per tree): for 16 positions per game (``bench_ismcts.decision_points``, seeds 3
and 4), ISMCTS with random and heuristic rollouts and both opponent models at fixed budgets and
seeds (the move, the agent's generator state afterwards and the root's statistics: every
child's visits and exact sums of values), the difficile level's move and root, and 20 worlds
per seat per position (every seat's view of each, the spectator's, the legal moves, the
generator state).
``python -m benchmarks.search_fingerprints --compare A.json B.json`` counts what differs.
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any

from benchmarks.bench_ismcts import decision_points
from mazzo.bots.ismcts import ISMCTSAgent
from mazzo.bots.levels import make_agent
from mazzo.engine import Turn, all_games
from mazzo.engine.chance import CanonicalRandom
from mazzo.engine.game import Game, State

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


def main(argv: list[str]) -> int:
    if argv[:1] == ["--compare"]:
        with open(argv[1]) as f:
            a = json.load(f)
        with open(argv[2]) as f:
            b = json.load(f)
        differ = sorted(k for k in a.keys() | b.keys() if a.get(k) != b.get(k))
        print(f"{len(a)} / {len(b)} fingerprints, {len(differ)} differ: {differ[:20]}")
        return 1 if differ else 0
    wanted = set(argv)
    json.dump(fingerprints([g for g in all_games() if not wanted or g.id in wanted]), sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
