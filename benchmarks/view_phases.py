"""One view in applies, split by kind of decision: where a game's view time goes.

``python -m benchmarks.view_phases GAME [field=value ...] [--matches N] [--replays R]``

The same replays as ``bench_peers.view_cost`` (recorded random matches, each replayed R times
without views and R times with a view of the player to move before each decision, alternated;
each call timed alone, per decision the median of its replays less the clock's cost), with each
decision put in one group: the hand's first view (what a game rebuilds once a hand), each other
seat's first view in the hand, then the rest by phase. Per group: its decisions, the mean view,
the upkeep (the apply with views less the bare one) and the bare apply, and what the group adds
to the mean excess of view and upkeep over the apply per decision. The total is the figure
``view_cost`` reads, less the upkeep of the chance moves, which no decision holds.
"""

from __future__ import annotations

import argparse
import dataclasses
from typing import Any

from benchmarks.bench_peers import (
    TIMED_REPLAYS,
    _clock_overhead_ns,
    _medians,
    recorded_matches,
    timed_decisions,
)
from benchmarks.steps import main_config
from mazzo.engine import CHANCE, Config, MazzoError, get_game

FIRST_OF_HAND = "the hand's first view"
SEAT_FIRST = "a seat's first view of the hand"


@dataclasses.dataclass(frozen=True)
class GroupCost:
    """The decisions of one group, in total ns over them (means are per decision)."""

    group: str
    decisions: int
    view_ns: float
    upkeep_ns: float
    apply_ns: float

    def excess_per_decision(self, all_decisions: int) -> float:
        """What this group adds to the mean (view + upkeep - apply) over every decision."""
        return (self.view_ns + self.upkeep_ns - self.apply_ns) / all_decisions


def decision_groups(config: Config, history: list[Any]) -> list[str]:
    """The group of each decision (chance moves skipped) of one recorded match, in order."""
    state = get_game(config.game_id).new_match(config)
    groups: list[str] = []
    hand = None
    seen: set[int] = set()
    for action in history:
        player = state.current_player
        if player != CHANCE:
            if state.hand_number != hand:
                hand, seen = state.hand_number, set()
                groups.append(FIRST_OF_HAND)
            elif player not in seen:
                groups.append(SEAT_FIRST)
            else:
                groups.append(state.phase)
            seen.add(player)
        state.apply(action)
    return groups


def view_phases(config: Config, histories: list[list[Any]],
                replays: int = TIMED_REPLAYS) -> list[GroupCost]:
    """The cost of each group of decisions over ``histories``, groups in order of first use."""
    overhead = _clock_overhead_ns()
    totals: dict[str, list[float]] = {}  # group: [decisions, view, upkeep, apply]
    for history in histories:
        bare: list[list[int]] = []
        viewed: list[tuple[list[int], list[int]]] = []
        for _ in range(replays):  # bare, viewed, bare, viewed, ...
            bare.append(timed_decisions(config, history, False)[1])
            viewed_ns, applied_ns, _ = timed_decisions(config, history, True)
            viewed.append((viewed_ns, applied_ns))
        bare_applies = _medians(bare, overhead)
        views = _medians([v for v, _ in viewed], overhead)
        viewed_applies = _medians([a for _, a in viewed], overhead)
        for i, group in enumerate(decision_groups(config, history)):
            total = totals.setdefault(group, [0, 0.0, 0.0, 0.0])
            total[0] += 1
            total[1] += views[i]
            total[2] += viewed_applies[i] - bare_applies[i]
            total[3] += bare_applies[i]
    return [GroupCost(group, int(n), view, upkeep, apply)
            for group, (n, view, upkeep, apply) in totals.items()]


def report(groups: list[GroupCost]) -> list[str]:
    """The table's lines: per group, then all decisions."""
    decisions = sum(g.decisions for g in groups)
    lines = [f"{'decisions':34} {'count':>6} {'share':>6} {'view µs':>8} {'upkeep µs':>9} "
             f"{'apply µs':>8} {'excess µs/decision':>18}"]
    for g in groups:
        n = g.decisions
        lines.append(f"{g.group:34} {n:6d} {n / decisions:6.1%} {g.view_ns / n / 1e3:8.2f} "
                     f"{g.upkeep_ns / n / 1e3:9.2f} {g.apply_ns / n / 1e3:8.2f} "
                     f"{g.excess_per_decision(decisions) / 1e3:18.2f}")
    view = sum(g.view_ns for g in groups)
    upkeep = sum(g.upkeep_ns for g in groups)
    apply = sum(g.apply_ns for g in groups)
    lines.append(f"{'all':34} {decisions:6d} {1:6.1%} {view / decisions / 1e3:8.2f} "
                 f"{upkeep / decisions / 1e3:9.2f} {apply / decisions / 1e3:8.2f} "
                 f"{(view + upkeep - apply) / decisions / 1e3:18.2f}")
    lines.append(f"one view in applies (chance moves' upkeep left out): "
                 f"{(view + upkeep) / apply:.2f}")
    return lines


def config_fields(pairs: list[str]) -> dict[str, object]:
    """``field=value`` words as config fields: integers, true/false, or text."""
    fields: dict[str, object] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        if not sep or not name:
            raise ValueError(f"{pair!r} is not field=value")
        fields[name] = (int(value) if value.lstrip("-").isdigit()
                        else {"true": True, "false": False}.get(value, value))
    return fields


def game_parser(module: str, doc: str, matches: int) -> argparse.ArgumentParser:
    """The command line of a tool that replays recorded matches of one game's config."""
    parser = argparse.ArgumentParser(prog=f"python -m benchmarks.{module}",
                                     description=doc.split("\n\n")[0])
    parser.add_argument("game", help="a game id, e.g. novantanove")
    parser.add_argument("fields", nargs="*", help="config fields as field=value")
    parser.add_argument("--matches", type=int, default=matches,
                        help=f"recorded matches ({matches})")
    return parser


def parsed_config(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Config:
    """The config the command line names; a bad game or field ends the run with its error."""
    try:
        return main_config(args.game, config_fields(args.fields))
    except (MazzoError, ValueError) as error:
        parser.error(str(error))


def main(argv: list[str] | None = None) -> int:
    parser = game_parser("view_phases", __doc__, matches=20)
    parser.add_argument("--replays", type=int, default=TIMED_REPLAYS,
                        help=f"replays of each, with views and without ({TIMED_REPLAYS})")
    args = parser.parse_args(argv)
    config = parsed_config(parser, args)
    groups = view_phases(config, recorded_matches(config, args.matches), args.replays)
    print("\n".join(report(groups)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
