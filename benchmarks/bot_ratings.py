"""``python -m benchmarks bot-ratings GAME``: the bot levels' reference ratings for the lobby.

The fast levels (random, facile, medio by default) play an arena tournament on the game's
default config (what a rated table plays), seats rotated and deals duplicated; every match's
ranking of the levels updates their Weng–Lin skills in the model of rated tables
(:func:`mazzo.arena.ratings.weng_lin`, tau 0: bots do not learn). The search levels are too slow
for that on a small machine, so esperto is placed from its pooled head-to-head score against
medio in ``docs/strength-results/<game>.json`` (``make strength``): a side ``d`` mu ahead wins
with odds exp(d/√2β) in the same model, so ``d = √2β·logit(score)``. Nothing ties bots to
people (bots never play rated tables), so the scale needs an anchor: medio is put at a
newcomer's mu, 25 (1,500 shown). ``--write`` stores the result as ``bot_ratings.json`` in the
game's folder, which the server reads (:mod:`mazzo.server.ratings`).
"""

from __future__ import annotations

import json
import math
import time
from pathlib import Path
from typing import Any

from mazzo.arena.ratings import DEFAULT_MU, model, shown_reference, weng_lin, wilson
from mazzo.arena.tournament import run_tournament, side_results
from mazzo.engine.registry import get_game

#: the level put at a newcomer's mu (the anchor of the bots' scale)
ANCHOR = "medio"
#: the folder of ``make strength``'s pooled results
STRENGTH = Path(__file__).resolve().parent.parent / "docs" / "strength-results"


def _ranked(outcomes: list[dict[str, Any]]) -> list[list[tuple[str, int]]]:
    """Each match as (level, place) pairs: a level's best seat counts, equal results tie."""
    ranked = []
    for outcome in outcomes:
        sides = side_results(outcome)
        places = sorted(set(sides.values()), reverse=True)
        ranked.append([(b, places.index(v)) for b, v in sides.items()])
    return ranked


def _from_strength(game_id: str, level: str) -> dict[str, Any] | None:
    """``level``'s mu gap over medio from the last pooled ``level v medio`` row, or None."""
    path = STRENGTH / f"{game_id}.json"
    if not path.exists():
        return None
    rows = [r for r in json.loads(path.read_text()) if r["pairing"] == [level, ANCHOR]]
    if not rows:
        return None
    row = rows[-1]
    c = math.sqrt(2) * model().beta
    score = min(max(row["score"], 0.01), 0.99)
    low, high = (min(max(x, 0.01), 0.99) for x in wilson(score * row["matches"], row["matches"]))

    def gap(s: float) -> float:
        return c * math.log(s / (1 - s))

    return {"gap": gap(score), "gap_ci95": [gap(low), gap(high)], "score": row["score"],
            "matches": row["matches"], "config": row["config"]}


def measure(game_id: str, levels: list[str], matches: int, seed: int,
            workers: int) -> dict[str, Any]:
    """The levels' reference ratings (JSON-ready), anchored at medio."""
    game = get_game(game_id)
    start = time.perf_counter()
    results = run_tournament(game, levels, matches, seed=seed, workers=workers)
    skills = weng_lin(levels, _ranked(results["results"]))
    shift = DEFAULT_MU - skills[ANCHOR].mu
    out: dict[str, Any] = {}
    for level in levels:
        mu = skills[level].mu + shift
        out[level] = {"mu": round(mu, 2), "sigma": round(skills[level].sigma, 2),
                      "rating": shown_reference(mu), "from": "arena"}
    placed = _from_strength(game_id, "esperto")
    if placed is not None and "esperto" not in out:
        mu = DEFAULT_MU + placed["gap"]
        out["esperto"] = {"mu": round(mu, 2), "rating": shown_reference(mu),
                          "rating_ci95": [shown_reference(DEFAULT_MU + g)
                                          for g in placed["gap_ci95"]],
                          "from": "strength", "score_v_medio": placed["score"],
                          "matches": placed["matches"], "config": placed["config"]}
    return {
        "game": game_id, "config": results["config"], "model": "openskill PlackettLuce, tau 0",
        "anchor": {"level": ANCHOR, "mu": DEFAULT_MU}, "seed": seed,
        "matches": results["matches"], "elapsed_s": round(time.perf_counter() - start, 1),
        "levels": out,
    }


def lines(data: dict[str, Any]) -> list[str]:
    """The measurement as report lines, strongest level first."""
    rows = sorted(data["levels"].items(), key=lambda kv: -kv[1]["mu"])
    out = [f"{data['game']}: {data['matches']} matches, seed {data['seed']}, "
           f"{data['elapsed_s']} s"]
    for level, row in rows:
        extra = (f"sigma {row['sigma']:.2f}" if row["from"] == "arena" else
                 f"from {row['score_v_medio']:.1%} of {row['matches']} v medio, 95 % "
                 f"{row['rating_ci95'][0]}–{row['rating_ci95'][1]}")
        out.append(f"  {level:<10} mu {row['mu']:6.2f}  shown {row['rating']:>5}  ({extra})")
    return out


def write(data: dict[str, Any]) -> Path:
    """Store ``data`` as the game's ``bot_ratings.json`` (beside its rules modules)."""
    module = type(get_game(data["game"])).__module__
    folder = Path(__import__(module, fromlist=["_"]).__file__ or "").parent
    path = folder / "bot_ratings.json"
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    return path
