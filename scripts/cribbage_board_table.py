"""Generate ``src/mazzo/games/cribbage/board_table.py``: two-player cribbage win chances by board.

What it computes: ``WIN[a][b]``, the chance that the player about to deal, at ``a`` points,
wins the game to 121 against the pone at ``b`` (both 0..120), when both play like ``medio``;
and the per-deal distributions esperto needs to play to the board (pegging, hands, crib).

How (deterministic for a given ``--seed`` and ``--deals``):

1. Simulate ``--deals`` two-player deals medio against medio through the engine, each from 0-0
   (medio ignores the board, so a deal's points do not depend on the score). For each deal keep
   every point in the order it was pegged: his heels and the play card by card, then the show in
   its order, pone's hand, dealer's hand, crib.
2. Dynamic programming over the board, highest total first (every deal scores at least the last
   card's point, so a deal always leads to a higher total): for each (dealer ``a``, pone ``b``),
   replay every simulated deal's points in order; whoever reaches 121 first wins (the pegging
   race and the counting order come out exactly as they happened in the deal), otherwise the
   pone deals next from the new scores: ``WIN[a][b] = mean(1 - WIN[b + P][a + D])``.
3. The sensitivity: the same recursion with one player given an extra point in a share of his
   deals, to show how many percentage points of games one point per deal is worth.

Needs numpy (the ``rl`` extra; it is in the dev environment). The generated module is plain
Python. Run: ``python scripts/cribbage_board_table.py`` (about 3 minutes on one core).
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from mazzo.bots.levels import make_agent
from mazzo.engine.agent import Agent, Turn
from mazzo.engine.registry import get_game
from mazzo.games.cribbage.actions import Discard
from mazzo.games.cribbage.board import peg_features
from mazzo.games.cribbage.events import Counted, Laid, Scored
from mazzo.games.cribbage.scoring import CRANK, crib_expectation

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "src" / "mazzo" / "games" / "cribbage" / "board_table.py"
TARGET = 121
#: WIN values are stored as integers of this many parts (5 decimals)
SCALE = 100_000
#: distributions drop outcomes rarer than this (then renormalise): keeps the module small
RARE = 2e-5


@dataclass
class DealRecord:
    """One simulated deal, seen from its dealer (D) and pone (P)."""

    order: list[tuple[bool, int]]  # (dealer?, points) in the order pegged, show included
    heels: int
    peg: tuple[int, int]  # the play's points (dealer, pone), his heels excluded
    shows: tuple[int, int, int]  # pone's hand, dealer's hand, crib
    crib_priced: tuple[float, float]  # the crib table's value of the dealer's, the pone's discard
    kept: tuple[tuple[int, ...], tuple[int, ...]]  # ranks kept (dealer, pone)


def simulate(deals: int, seed: int) -> list[DealRecord]:
    game = get_game("cribbage")
    config = game.config(games_to_win=1)
    agents: list[Agent] = [make_agent(game, "medio", seed), make_agent(game, "medio", seed + 1)]
    rng = random.Random(seed)
    out: list[DealRecord] = []
    for i in range(deals):
        state = game.new_match(config)
        while state.is_chance:
            state.apply(state.sample_chance(rng))
        dealer = state.view(0)["dealer"]
        order: list[tuple[bool, int]] = []
        heels = 0
        peg = [0, 0]
        shows: dict[tuple[int, str], int] = {}
        priced = [0.0, 0.0]
        kept: list[list[int]] = [[], []]
        hand = state.hand_number
        while not state.is_terminal and state.hand_number == hand:
            if state.is_chance:
                state.apply(state.sample_chance(rng))
                events = state.events
            else:
                seat = state.current_player
                turn = Turn(seat, state.view(seat), state.legal_actions(), rng, state)
                action = agents[seat].act(turn)
                if isinstance(action, Discard):
                    priced[seat != dealer] = crib_expectation(action.cards)
                state.apply(action)
                events = state.events
            for event in events:
                if isinstance(event, Scored):
                    order.append((event.seat == dealer, event.points))
                    if event.reason == "his_heels":
                        heels = event.points
                    else:
                        peg[event.seat != dealer] += event.points
                elif isinstance(event, Counted):
                    order.append((event.seat == dealer, event.points))
                    shows[(event.seat == dealer, event.what)] = event.points
                elif isinstance(event, Laid):
                    kept[event.seat != dealer].append(CRANK[event.card & 15])
        out.append(DealRecord(order, heels, (peg[0], peg[1]),
                              (shows[(False, "hand")], shows[(True, "hand")],
                               shows[(True, "crib")]),
                              (priced[0], priced[1]),
                              (tuple(sorted(kept[0])), tuple(sorted(kept[1])))))
        if i % 2000 == 0:
            print(f"\r{i}/{deals} deals", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return out


def first_reach(records: list[DealRecord], dealer: bool, bonus: np.ndarray | None = None
                ) -> tuple[np.ndarray, np.ndarray]:
    """Per deal, the index of the event at which the dealer's (or pone's) points first reach k,
    for k = 0..K-1 (a large number when never), and the deal's total for that side.

    ``bonus``: extra points per deal given to that side at its hand count (the sensitivity)."""
    n = len(records)
    reach = np.full((n, 100), 10_000, dtype=np.int32)
    totals = np.zeros(n, dtype=np.int32)
    for i, record in enumerate(records):
        total = 0
        reach[i, 0] = -1
        show_index = len(record.order) - (2 if dealer else 3)  # the side's hand count
        for j, (is_dealer, points) in enumerate(record.order):
            if is_dealer != dealer:
                continue
            if bonus is not None and j == show_index:
                points += int(bonus[i])
            reach[i, total + 1: total + points + 1] = j
            total += points
        totals[i] = total
    return reach, totals


def win_table(records: list[DealRecord], bonus_a: np.ndarray | None = None,
              bonus_b: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """WIN tables by dynamic programming: ``first[a, b]`` the chance that player A, dealing at
    ``a`` against B at ``b``, wins; ``second[b, a]`` the chance that B, dealing at ``b``, wins.
    With no bonus both are the same table."""
    tables = {}
    sides = {"A": (bonus_a, bonus_b), "B": (bonus_b, bonus_a)}
    for side, (deal_bonus, pone_bonus) in sides.items():
        reach_d, total_d = first_reach(records, True, deal_bonus)
        reach_p, total_p = first_reach(records, False, pone_bonus)
        tables[side] = (reach_d, total_d, reach_p, total_p)
    win = {"A": np.zeros((TARGET, TARGET)), "B": np.zeros((TARGET, TARGET))}
    symmetric = bonus_a is None and bonus_b is None
    for total in range(2 * TARGET - 2, -1, -1):
        for a in range(max(0, total - TARGET + 1), min(total, TARGET - 1) + 1):
            b = total - a
            for side, other in (("A", "B"), ("B", "A")):
                reach_d, total_d, reach_p, total_p = tables[side]
                at_d = reach_d[:, min(TARGET - a, 99)]
                at_p = reach_p[:, min(TARGET - b, 99)]
                dealer_first = at_d < at_p
                going_on = (at_d >= 10_000) & (at_p >= 10_000)
                nxt_dealer = np.minimum(b + total_p, TARGET - 1)
                nxt_pone = np.minimum(a + total_d, TARGET - 1)
                later = 1.0 - win[other][nxt_dealer, nxt_pone]
                win[side][a, b] = float(np.mean(np.where(going_on, later, dealer_first)))
                if symmetric:
                    win["B"][a, b] = win["A"][a, b]
                    break
    return win["A"], win["B"]


def start_chance(first: np.ndarray, second: np.ndarray) -> float:
    """A's chance to win a game from 0-0 with the first deal cut at random."""
    return float((first[0, 0] + 1.0 - second[0, 0]) / 2)


def sensitivity(records: list[DealRecord], seed: int) -> list[tuple[float, float]]:
    """Win chance from 0-0 of a player who scores ``e`` more points per pair of deals (one
    extra point at his hand count in a share e/2 of his deals), e from -3 to +2."""
    rng = np.random.default_rng(seed)
    uniform = rng.random(len(records))
    out = []
    for edge in (-3.0, -1.0, 0.5, 1.0, 1.5, 2.0):
        share = abs(edge) / 2
        extra = np.floor(share + uniform).astype(np.int32)  # 0/1 (or 1/2) with mean share
        first, second = (win_table(records, extra, None) if edge > 0
                         else win_table(records, None, extra))
        chance = start_chance(first, second)
        out.append((edge, chance))
        print(f"edge {edge:+.1f} points per pair of deals: {chance:.4f}", file=sys.stderr)
    return out


def distribution(values: list[int] | list[tuple[int, int]]) -> list[tuple[object, float]]:
    counts = Counter(values)
    n = len(values)
    kept = {k: c / n for k, c in counts.items() if c / n >= RARE}
    scale = sum(kept.values())
    return sorted((k, round(p / scale, 6)) for k, p in kept.items())


def peg_model(records: list[DealRecord], dealer: bool) -> tuple[list[float], float, float]:
    """Least squares of a role's play points (ours minus theirs) on its kept hand's
    :func:`peg_features`: the coefficients, the mean fitted value, and the share of the
    variance explained."""
    side = 0 if dealer else 1
    x = np.array([peg_features(r.kept[side]) for r in records])
    y = np.array([(r.peg[0] - r.peg[1]) * (1 if dealer else -1) for r in records], dtype=float)
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    fitted = x @ coef
    explained = 1.0 - float(np.var(y - fitted) / np.var(y))
    return [round(float(c), 4) for c in coef], float(np.mean(fitted)), explained


def render(records: list[DealRecord], win: np.ndarray, seed: int,
           edges: list[tuple[float, float]]) -> str:
    n = len(records)
    crib_bias_dealer = sum(r.shows[2] - r.crib_priced[0] for r in records) / n
    crib_bias_pone = sum(r.shows[2] - r.crib_priced[1] for r in records) / n
    peg = distribution([r.peg for r in records])
    pone_hand = distribution([r.shows[0] for r in records])
    dealer_hand = distribution([r.shows[1] for r in records])
    crib = distribution([r.shows[2] for r in records])
    models = {role: peg_model(records, role == "DEALER") for role in ("DEALER", "PONE")}
    for role, (_, _, explained) in models.items():
        print(f"play model, {role.lower()}: {explained:.1%} of the variance", file=sys.stderr)
    lines = [
        '"""Two-player cribbage by board position (generated by scripts/cribbage_board_table.py',
        f"from {n:,} deals medio against medio, seed {seed}). Do not edit by hand.",
        "",
        "WIN[a][b]: the chance that the player about to deal, at a points, wins the game to 121",
        "against the pone at b (0..120), in units of 1/SCALE. The distributions are per deal:",
        "PEG (dealer's, pone's points in the play, his heels excluded), the hands and the crib.",
        'CRIB_BIAS: the crib\'s mean minus the crib table\'s price of our discard, by our role."""',
        "",
        f"SCALE = {SCALE}",
        f"DEALS = {n}",
        f"CRIB_BIAS_DEALER = {crib_bias_dealer:.4f}",
        f"CRIB_BIAS_PONE = {crib_bias_pone:.4f}",
        "#: the play points (ours minus theirs) by the kept hand's features (board.peg_features),",
        "#: least squares by role, and the mean fitted value",
        *[f"PEG_MODEL_{role}: tuple[float, ...] = (\n{wrapped([str(c) for c in coef], 4)}\n)"
          f"\nPEG_MEAN_{role} = {mean:.4f}" for role, (coef, mean, _) in models.items()],
        "#: win chance from 0-0 of a player who scores e more points per pair of deals",
        "EDGE_TO_WIN: tuple[tuple[float, float], ...] = (",
        *[f"    ({e:+.1f}, {c:.4f})," for e, c in edges],
        ")",
        "PEG: tuple[tuple[int, int, float], ...] = (",
        *[f"    ({k[0]}, {k[1]}, {p})," for k, p in peg],  # type: ignore[index]
        ")",
        "#: by points 0, 1, 2...",
        f"PONE_HAND: tuple[float, ...] = (\n{wrapped(dense(pone_hand), 4)}\n)",
        f"DEALER_HAND: tuple[float, ...] = (\n{wrapped(dense(dealer_hand), 4)}\n)",
        f"CRIB: tuple[float, ...] = (\n{wrapped(dense(crib), 4)}\n)",
        "WIN: tuple[tuple[int, ...], ...] = (",
    ]
    for a in range(TARGET):
        row = [str(round(win[a, b] * SCALE)) for b in range(TARGET)]
        lines += [f"    (  # dealer at {a}", wrapped(row, 8), "    ),"]
    lines.append(")")
    return "\n".join(lines) + "\n"


def dense(dist: list[tuple[object, float]]) -> list[str]:
    top = max(int(k) for k, _ in dist)  # type: ignore[call-overload]
    probs = dict(dist)
    return [str(probs.get(i, 0.0)) for i in range(top + 1)]


def wrapped(items: list[str], indent: int) -> str:
    """``items`` comma-separated in lines of at most 99 characters."""
    lines, line = [], " " * indent
    for item in items:
        if len(line) + len(item) + 2 > 99:
            lines.append(line.rstrip())
            line = " " * indent
        line += item + ", "
    return "\n".join([*lines, line.rstrip()])


def cached(path: str | None, deals: int, seed: int) -> list[DealRecord]:
    if path and Path(path).exists():
        saved_deals, saved_seed, records = pickle.loads(Path(path).read_bytes())
        if (saved_deals, saved_seed) == (deals, seed):
            return records  # type: ignore[no-any-return]
    records = simulate(deals, seed)
    if path:
        Path(path).write_bytes(pickle.dumps((deals, seed, records)))
    return records


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=30_000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--cache", help="a pickle of the simulated deals: read if it exists "
                        "(same deals and seed), else written")
    parser.add_argument("--no-sensitivity", action="store_true",
                        help="skip the points-per-deal sensitivity (faster)")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    records = cached(args.cache, args.deals, args.seed)
    print(f"simulated in {time.perf_counter() - start:.0f} s", file=sys.stderr)
    win, _ = win_table(records)
    print(f"table in {time.perf_counter() - start:.0f} s; dealer at 0-0 wins {win[0, 0]:.4f}",
          file=sys.stderr)
    OUT.write_text(render(records, win, args.seed, []), encoding="utf-8")  # usable already
    if not args.no_sensitivity:
        edges = sensitivity(records, args.seed)
        OUT.write_text(render(records, win, args.seed, edges), encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)} ({time.perf_counter() - start:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
