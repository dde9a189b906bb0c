"""cProfile of random playouts with a view at every decision, per game: where the time goes.

``python -m benchmarks.profile_games [game id ...] [--seconds S] [--top N] [--bare]``
"""

from __future__ import annotations

import cProfile
import io
import pstats
import random
import sys
import time

from benchmarks.steps import MAIN_CONFIGS, main_config, play


def profile(game_id: str, fields: dict[str, object], seconds: float, views: bool,
            top: int) -> str:
    config = main_config(game_id, fields)
    profiler = cProfile.Profile()
    start = time.process_time()
    seed = 0
    profiler.enable()
    while time.process_time() - start < seconds:
        play(config, random.Random(seed), views)
        seed += 1
    profiler.disable()
    out = io.StringIO()
    stats = pstats.Stats(profiler, stream=out)
    stats.sort_stats("tottime").print_stats(top)
    return out.getvalue()


def main(argv: list[str]) -> int:
    seconds = float(argv[argv.index("--seconds") + 1]) if "--seconds" in argv else 3.0
    top = int(argv[argv.index("--top") + 1]) if "--top" in argv else 15
    wanted = [a for a in argv if not a.startswith("-") and not a[0].isdigit()]
    for label, game_id, fields in MAIN_CONFIGS:
        if wanted and game_id not in wanted:
            continue
        print(f"==== {label}{'' if '--bare' in argv else ', view at every decision'}")
        print(profile(game_id, fields, seconds, "--bare" not in argv, top))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
