"""The browser table's speed: ``python -m benchmarks.web`` (a benchmark, not a timed test; about
two minutes; needs the `dev` extra's Playwright and Debian's Chromium at /usr/bin/chromium).

A fresh ``mazzo serve`` (bots without a pause) and headless Chromium at a desktop viewport
(1280×800): in each game one short match, a person's seat against bots, played to the end by
clicking a random move of the page's own list at each turn (closing each end-of-hand overlay
with its button). Measured, from the page itself:

- **frame time**: every redraw of the table page (``render`` in table.js, a frame's whole
  drawing) is wrapped in ``performance.mark``/``measure``; the median and the 95th percentile
  over the match (goal: median ≤ 16 ms, p95 ≤ 33 ms, one and two frames at 60 Hz);
- **assets**: the bytes of every static file the table page loads (HTML, modules, CSS, images),
  uncompressed, from the network responses (goal ≤ 400 KB);
- **first paint**: the ``first-paint`` entry of a ``PerformanceObserver('paint')`` on a fresh
  load of the table page against the local server (goal ≤ 1 s).

Printed: one line per game and the figures over all games, each against its goal.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from benchmarks.server import HOST, Server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
DESKTOP = {"width": 1280, "height": 800}
#: one short match per game: config and the bots beside the person in seat 0
MATCHES: dict[str, tuple[dict[str, Any], list[str]]] = {
    "nebraska": ({"players": 3, "hands": 2}, ["medio", "medio"]),
    "novantanove": ({"players": 3, "target": 30}, ["medio", "medio"]),
    "poker_italiano": ({"players": 3, "max_hands": 3, "stack": 40}, ["medio", "medio"]),
    "cribbage": ({"players": 2, "target": 61}, ["medio"]),
    "burraco": ({"players": 2, "hands": 1}, ["medio"]),
}
#: the goals (docs/web.md, "Speed")
GOAL_MEDIAN_MS = 16.0
GOAL_P95_MS = 33.0
GOAL_ASSETS_KB = 400.0
GOAL_FIRST_PAINT_MS = 1000.0
#: the most moves the page makes in one match before the run gives up on it
MAX_MOVES = 3000


@dataclass
class Figures:
    """One game's measures."""

    game: str
    frames: list[float] = field(default_factory=list)
    assets: int = 0
    first_paint: float = 0.0
    moves: int = 0
    seconds: float = 0.0


def percentile(values: list[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest rank."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


#: the first paint of the page, from a buffered PerformanceObserver
FIRST_PAINT_JS = """() => new Promise((done) => {
  new PerformanceObserver((list) => {
    const entry = list.getEntries().find((e) => e.name === "first-paint");
    if (entry) done(entry.startTime);
  }).observe({ type: "paint", buffered: true });
  setTimeout(() => done(-1), 5000);
})"""

#: one move: close an open end-of-hand overlay, else click a random move of the page's list
MOVE_JS = """(pick) => {
  const dialog = document.getElementById("hand-summary");
  if (dialog?.open) { document.getElementById("hand-summary-next").click(); return "overlay"; }
  if (document.body.dataset.status === "over") return "over";
  if (document.body.dataset.myTurn !== "true") return "wait";
  const moves = [...document.querySelectorAll("#all-moves .move:not(:disabled)")];
  if (!moves.length) return "wait";
  moves[Math.floor(pick * moves.length)].click();
  return "moved";
}"""


def play_match(browser: Any, base: str, game: str, rng: random.Random) -> Figures:
    config, bots = MATCHES[game]
    created = httpx.post(f"{base}/api/tables", json={
        "game": game, "config": config, "seats": ["human", *bots], "start": True}, timeout=30)
    created.raise_for_status()
    url = created.json()["seats"][0]["url"] + "&lang=en"
    figures = Figures(game)
    context = browser.new_context(viewport=DESKTOP)
    page = context.new_page()
    sizes: dict[str, int] = {}

    def count(response: Any) -> None:
        path = response.url.split("?")[0]
        if "/api/" in path or response.request.resource_type in ("websocket", "fetch", "xhr"):
            return
        # a response without a body (a redirect) adds nothing
        with contextlib.suppress(Exception):
            sizes[path] = len(response.body())

    page.on("response", count)
    page.goto(url)
    page.wait_for_selector("body[data-status]")
    page.wait_for_load_state("networkidle")
    figures.assets = sum(sizes.values())
    figures.first_paint = float(page.evaluate(FIRST_PAINT_JS))
    page.evaluate("performance.clearMeasures('render')")
    start = time.perf_counter()
    while figures.moves < MAX_MOVES:
        done = page.evaluate(MOVE_JS, rng.random())
        if done == "over":
            break
        if done == "moved":
            figures.moves += 1
        page.wait_for_timeout(5 if done != "wait" else 20)
    figures.seconds = time.perf_counter() - start
    figures.frames = [float(d) for d in page.evaluate(
        "performance.getEntriesByName('render').map((e) => e.duration)")]
    context.close()
    return figures


def verdict(value: float, goal: float) -> str:
    return "ok" if value <= goal else "OVER"


def report(results: list[Figures]) -> dict[str, Any]:
    print(f"{'game':<16}{'frames':>8}{'median ms':>11}{'p95 ms':>9}{'max ms':>9}"
          f"{'assets KB':>11}{'first paint ms':>16}{'moves':>7}{'s':>7}")
    for r in results:
        print(f"{r.game:<16}{len(r.frames):>8}{statistics.median(r.frames):>11.2f}"
              f"{percentile(r.frames, 0.95):>9.2f}{max(r.frames):>9.2f}{r.assets / 1000:>11.1f}"
              f"{r.first_paint:>16.0f}{r.moves:>7}{r.seconds:>7.1f}")
    frames = [f for r in results for f in r.frames]
    summary = {
        "median_ms": round(statistics.median(frames), 2),
        "p95_ms": round(percentile(frames, 0.95), 2),
        "assets_kb": round(max(r.assets for r in results) / 1000, 1),
        "first_paint_ms": round(max(r.first_paint for r in results)),
        "frames": len(frames),
    }
    goals = (("median", "median_ms", "ms", GOAL_MEDIAN_MS), ("p95", "p95_ms", "ms", GOAL_P95_MS),
             ("assets", "assets_kb", "KB", GOAL_ASSETS_KB),
             ("first paint", "first_paint_ms", "ms", GOAL_FIRST_PAINT_MS))
    print("all games: " + ", ".join(
        f"{name} {summary[key]} {unit} ({verdict(summary[key], goal)}, goal {goal:g})"
        for name, key, unit, goal in goals))
    return summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", choices=list(MATCHES), default=list(MATCHES))
    parser.add_argument("--seed", type=int, default=0, help="the page's choice of moves")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    rng = random.Random(args.seed)
    with tempfile.TemporaryDirectory() as home:
        server = Server(Path(home)).start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                results = [play_match(browser, f"http://{HOST}:{server.port}", game, rng)
                           for game in args.games]
                browser.close()
        finally:
            server.stop()
    summary = report(results)
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "games": {
            r.game: {"frames": len(r.frames), "median_ms": statistics.median(r.frames),
                     "p95_ms": percentile(r.frames, 0.95), "assets_bytes": r.assets,
                     "first_paint_ms": r.first_paint, "moves": r.moves} for r in results}},
            indent=2) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
