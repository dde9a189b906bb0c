"""Run every ``benchmarks/bench_*.py`` module's ``run()`` and print its lines.

``python -m benchmarks [--quick] [name ...]``: names filter by game id (e.g. ``nebraska``).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time

import benchmarks
from benchmarks.baseline import baseline_ops_per_s


def main(argv: list[str]) -> int:
    quick = "--quick" in argv
    wanted = [a for a in argv if not a.startswith("-")]
    print(f"baseline: {baseline_ops_per_s():,.0f} reference ops/s (all ratios are against this)")
    for info in sorted(pkgutil.iter_modules(benchmarks.__path__), key=lambda m: m.name):
        if not info.name.startswith("bench_"):
            continue
        name = info.name.removeprefix("bench_")
        if wanted and name not in wanted:
            continue
        module = importlib.import_module(f"benchmarks.{info.name}")
        start = time.perf_counter()
        print(f"== {name}", flush=True)
        for line in module.run(quick=quick):
            print(f"  {line}", flush=True)
        print(f"  ({time.perf_counter() - start:.1f} s)", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
