"""One view against one apply by instructions (valgrind's callgrind): the time figure's twin.

``python -m benchmarks.view_instructions GAME [field=value ...] [--matches N]``

Times move with the machine and with what ran just before; instruction counts do not. Recorded
random matches (``bench_peers.recorded_matches``) are replayed in six child processes under
``valgrind --tool=callgrind --toggle-collect=builtin_eval`` (``PYTHONHASHSEED=0``), which counts
only code run inside ``eval()``. Each child replays the matches once uncounted (the first use of
a game's tables stays out; it builds views in every mode, so that what runs through ``eval()``
outside the replay, ``typing`` reading annotations, is the same in every count and cancels) and
once with one kind of call, at every decision or chance move, run through ``eval()``:

- ``nothing``: an empty ``eval`` at each decision (its own cost, taken off the others);
- ``applies``: each decision's ``apply``, no views;
- ``views``: each ``view(current player)``, the applies uncounted;
- ``upkeep``: each decision's ``apply`` in a replay that builds the views, uncounted;
- ``chance`` and ``chance_upkeep``: each chance move's ``apply``, without and with views.

Per decision: apply = applies - nothing; view = views - nothing; upkeep = (upkeep - applies) +
(chance_upkeep - chance), what building views adds to the applies. The ratio is (view + upkeep)
/ apply, as ``bench_peers.view_cost`` reads it from times.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.bench_peers import recorded_matches
from benchmarks.view_phases import game_parser, parsed_config
from mazzo.engine import CHANCE, Config, State, get_game

MODES = ("nothing", "applies", "views", "upkeep", "chance", "chance_upkeep")
_NOTHING = compile("None", "nothing", "eval")
_APPLY = compile("state.apply(action)", "apply", "eval")
_VIEW = compile("state.view(player)", "view", "eval")


def replay(config: Config, histories: list[list[Any]], mode: str,
           through_eval: bool = True) -> dict[str, int]:
    """Replay ``histories`` once, running ``mode``'s calls through ``eval`` (see the module's
    text; ``through_eval`` false: the same calls made directly, to warm up uncounted); the
    counts of decisions, chance moves and ``eval`` calls."""
    if mode not in MODES:
        raise ValueError(f"mode: {mode!r} is not one of {', '.join(MODES)}")
    views = mode in ("views", "upkeep", "chance_upkeep")
    eval_nothing = through_eval and mode == "nothing"
    eval_view = through_eval and mode == "views"
    eval_apply = through_eval and mode in ("applies", "upkeep")
    eval_chance = through_eval and mode in ("chance", "chance_upkeep")
    game = get_game(config.game_id)
    decisions = chance = evals = 0
    for history in histories:
        state: State = game.new_match(config)
        space: dict[str, Any] = {"state": state}
        for action in history:
            player = state.current_player
            space["action"] = action
            if player == CHANCE:
                chance += 1
                if eval_chance:
                    eval(_APPLY, space)
                    evals += 1
                else:
                    state.apply(action)
                continue
            decisions += 1
            space["player"] = player
            if eval_view:
                eval(_VIEW, space)
            elif views:
                state.view(player)
            if eval_nothing:
                eval(_NOTHING, space)
            if eval_apply:
                eval(_APPLY, space)
            else:
                state.apply(action)
            evals += eval_view + eval_nothing + eval_apply
    return {"decisions": decisions, "chance": chance, "evals": evals}


def callgrind_total(text: str) -> int:
    """The instructions a callgrind output file reports in all (its ``summary:`` or
    ``totals:`` line)."""
    found = re.search(r"^(?:summary|totals):\s+(\d+)", text, re.MULTILINE)
    if found is None:
        raise ValueError("no summary or totals line in the callgrind output")
    return int(found.group(1))


def per_decision(totals: dict[str, int], decisions: int) -> dict[str, float]:
    """apply, view and upkeep instructions per decision, and the ratio, from each mode's total."""
    apply = (totals["applies"] - totals["nothing"]) / decisions
    view = (totals["views"] - totals["nothing"]) / decisions
    upkeep = (totals["upkeep"] - totals["applies"]
              + totals["chance_upkeep"] - totals["chance"]) / decisions
    return {"apply": apply, "view": view, "upkeep": upkeep, "ratio": (view + upkeep) / apply}


def _child(mode: str, config: Config, matches: int) -> None:
    histories = recorded_matches(config, matches)
    # first uses (tables, lazy imports) uncounted, the same in every mode: what runs through
    # eval() outside the replay (typing reads annotations with it) is then the same everywhere
    replay(config, histories, "views", through_eval=False)
    print(json.dumps(replay(config, histories, mode)))


def count(mode: str, game: str, fields: list[str], matches: int, valgrind: str) -> tuple[int, int]:
    """(instructions, decisions) of one child replaying in ``mode`` under callgrind."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "callgrind.out"
        command = [valgrind, "--tool=callgrind", "--collect-atstart=no",
                   "--toggle-collect=builtin_eval", f"--callgrind-out-file={out}",
                   sys.executable, "-m", "benchmarks.view_instructions", "--child", mode,
                   game, *fields, "--matches", str(matches)]
        env = {**os.environ, "PYTHONHASHSEED": "0"}
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=False,
                              cwd=Path(__file__).resolve().parents[1])  # where ``benchmarks`` is
        if done.returncode != 0:
            raise SystemExit(f"view_instructions: the {mode} run failed:\n{done.stderr[-2000:]}")
        counts = json.loads(done.stdout.strip().splitlines()[-1])
        return callgrind_total(out.read_text()), counts["decisions"]


def main(argv: list[str] | None = None) -> int:
    parser = game_parser("view_instructions", __doc__, matches=10)
    parser.add_argument("--child", choices=MODES, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    config = parsed_config(parser, args)
    if args.child:
        _child(args.child, config, args.matches)
        return 0
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        print("view_instructions: valgrind is not installed (apt-get install valgrind)",
              file=sys.stderr)
        return 2
    totals: dict[str, int] = {}
    decisions = 0
    for done, mode in enumerate(MODES, 1):
        totals[mode], decisions = count(mode, args.game, args.fields, args.matches, valgrind)
        print(f"  [{done}/{len(MODES)}] {mode}: {totals[mode]:,} instructions", flush=True)
    figures = per_decision(totals, decisions)
    print(f"{' '.join([args.game, *args.fields])}: {decisions} decisions; per decision: apply "
          f"{figures['apply'] / 1e3:.1f} k, view {figures['view'] / 1e3:.1f} k + upkeep "
          f"{figures['upkeep'] / 1e3:.1f} k instructions: one view in applies "
          f"{figures['ratio']:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
