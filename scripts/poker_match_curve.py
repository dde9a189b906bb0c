"""How a chip edge per deal becomes ten-deal match wins in poker all'italiana.

``scripts/strength.py`` scores a two-bot poker match the arena's way: the two bots sit in
alternate seats (A B A B, then B A B A from the same cards), each bot's result is the **best**
final stack among its two seats, and the bot whose best seat is higher wins the match (equal:
half a win each). A chip edge measured per duplicate deal therefore meets a noisy rule: the
winner is decided by the luckiest seat of each side.

This script plays matches of the strength script's config (4 players, ten deals, stacks of 200)
with ``medio`` in every seat and keeps each match's final returns and number of deals. A bot with
an edge ``e`` per deal (the ``--pairs`` edge of ``scripts/deal_edge.py``: its seats' mean gain
minus the other bot's, per deal) gains ``e / 2`` per deal in each of its seats and the other bot
loses ``e / 2`` in each of its seats; shifting the measured returns by that much over the match's
deals and applying the match rule gives the match-win rate the edge is worth. The shift ignores
that a bigger stack also changes later deals (the measured medio matches show how rarely a seat
goes broke in ten deals: see the output), so it is the curve of a steady edge.

    python scripts/poker_match_curve.py --matches 4000 --workers 2
    python scripts/poker_match_curve.py --edges 0,2,4,6,8,10,15,20
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Final

from mazzo.arena.ratings import wilson
from mazzo.bots.levels import make_agent
from mazzo.engine.agent import Turn
from mazzo.engine.registry import get_game

GAME = "poker_italiano"
#: the strength script's short match (scripts/strength.py SHORT)
CONFIG = {"players": 4, "max_hands": 10}
#: the default starting stack: a seat that lost it all went broke
STACK = 200
#: bot A's seats in the lineup A B A B; B A B A gives A the other two
A_SEATS = (0, 2)
B_SEATS = (1, 3)
#: the strength target (esperto beats medio) and the level its whole 95 % interval must clear
TARGET, FLOOR = 0.60, 0.55


@dataclass(frozen=True)
class Match:
    """One medio-only match: every seat's net chips, the deals played, the seats gone broke."""

    returns: tuple[float, ...]
    deals: int
    busted: int


def play_match(seed: int, lineup: Sequence[str] = ("medio",) * 4) -> Match:
    """One ten-deal match, ``lineup[s]`` in seat ``s`` (seeded: same seed, same cards)."""
    game = get_game(GAME)
    state = game.new_match(game.config(**CONFIG))
    chance = random.Random(seed)
    agents = [make_agent(game, name, seed * 7 + s) for s, name in enumerate(lineup)]
    rngs = [random.Random(seed * 11 + s) for s in range(state.num_players)]
    while not state.is_terminal:
        if state.is_chance:
            state.apply(state.sample_chance(chance))
            continue
        seat = state.current_player
        turn = Turn(seat, state.view(seat), state.legal_actions(), rngs[seat], state)
        state.apply(agents[seat].act(turn))
    returns = tuple(state.returns())
    return Match(returns, state.hand_number, sum(r <= -STACK for r in returns))


def play_pair(job: tuple[int, str]) -> tuple[Match, Match]:
    """The duplicate pair of matches the strength script plays: the bot in seats 0 and 2, then
    in seats 1 and 3, from the same cards."""
    seed, bot = job
    return (play_match(seed, [bot, "medio"] * 2), play_match(seed, ["medio", bot] * 2))


def side_win(match: Match, mine: Sequence[int], theirs: Sequence[int], shift: float) -> float:
    """1, ½ or 0: does the best of seats ``mine`` beat the best of ``theirs`` when each of
    ``mine`` gains ``shift`` chips per deal and each of ``theirs`` loses as much (arena rule)?"""
    best_a = max(match.returns[s] + shift * match.deals for s in mine)
    best_b = max(match.returns[s] - shift * match.deals for s in theirs)
    return 1.0 if best_a > best_b else 0.5 if best_a == best_b else 0.0


def side_edge(match: Match, mine: Sequence[int], theirs: Sequence[int]) -> float:
    """Chips per deal: the mean gain of seats ``mine`` minus the mean gain of ``theirs``."""
    gap = (sum(match.returns[s] for s in mine) / len(mine)
           - sum(match.returns[s] for s in theirs) / len(theirs))
    return gap / match.deals


#: a pair's two matches: the bot in A_SEATS, then in B_SEATS
PAIR_SIDES: Final = ((A_SEATS, B_SEATS), (B_SEATS, A_SEATS))


def pair_result(pair: Sequence[Match], shift: float = 0.0) -> tuple[float, float]:
    """The bot's match score over the pair (arena rule; each bot seat moved by ``shift`` chips
    per deal, each medio seat the other way) and its chip edge per deal in those matches."""
    score = edge = 0.0
    for match, (mine, theirs) in zip(pair, PAIR_SIDES, strict=True):
        score += side_win(match, mine, theirs, shift)
        edge += side_edge(match, mine, theirs)
    return score / 2, edge / 2


def match_win(match: Match, shift: float) -> float:
    """Bot A's result in a medio ``match`` when each A seat gains ``shift`` chips per deal and
    each B seat loses as much; averaged over both lineups (A in the even or odd seats)."""
    return sum(side_win(match, mine, theirs, shift) for mine, theirs in PAIR_SIDES) / 2


def win_rate(matches: Sequence[Match], edge: float) -> float:
    """The match score of a bot with ``edge`` chips per duplicate deal (``--pairs`` edge)."""
    return sum(match_win(m, edge / 2) for m in matches) / len(matches)


def edge_for(matches: Sequence[Match], rate: float, high: float = 200.0) -> float:
    """The smallest edge per deal whose match score reaches ``rate`` (bisection)."""
    return bisect_edge(lambda e: win_rate(matches, e), rate, 0.0, high)


def matches_needed(rate: float, floor: float = FLOOR) -> int:
    """Matches after which a true score ``rate`` has its 95 % Wilson interval above ``floor``
    when the sample lands on ``rate`` (half the time it lands lower)."""
    n = 10
    while wilson(rate * n, n)[0] < floor:
        n += 10
    return n


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--matches", type=int, default=4000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--edges", default="0,1,2,3,4,6,8,10,12,15,20,30",
                        help="chip edges per deal to tabulate")
    parser.add_argument("--bot", help="also play this many duplicate match pairs of BOT v medio "
                        "(--bot-pairs) and report its match score beside its in-match chip edge")
    parser.add_argument("--bot-pairs", type=int, default=40)
    parser.add_argument("--from-log", action="append", default=[], metavar="FILE",
                        help="the bot's match pairs printed by an earlier run (its stderr): "
                        "reported with the new ones")
    parser.add_argument("--log-seed", type=int, default=None,
                        help="the logged run's --seed: when it is this run's, the pairs it "
                        "played are not played again")
    parser.add_argument("--measured", action="append", default=[], metavar="NAME=EDGE±SE",
                        help="a measured edge to place on the curve, e.g. 'modello=6.1±2.1'")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    seeds = [args.seed * 1_000_003 + i for i in range(args.matches)]
    with Pool(args.workers) as pool:
        matches = pool.map(play_match, seeds, chunksize=25)
        report(matches, [float(e) for e in args.edges.split(",")], args.measured)
        print(f"({len(matches)} medio matches, seed {args.seed}, "
              f"{time.perf_counter() - start:.0f} s)")
        logged = [p for path in args.from_log for p in read_log(path)]
        if args.bot or logged:
            first = len(logged) if args.seed == args.log_seed else 0
            jobs = [(args.seed * 1_000_003 + 500_000 + i, args.bot)
                    for i in range(first, args.bot_pairs if args.bot else 0)]
            pairs: list[Sequence[Match]] = [*logged]
            for pair in pool.imap(play_pair, jobs):
                pairs.append(pair)
                score, edge = pair_result(pair)
                # a partial run can still be read (--from-log): both matches in full
                print(f"pair {len(pairs)}: score {score:.2f}, edge {edge:+.2f}, "
                      f"matches {json.dumps([[m.returns, m.deals] for m in pair])}",
                      file=sys.stderr, flush=True)
            report_bot(args.bot or "the bot", pairs, matches)
    return 0


def bisect_edge(score_at: Callable[[float], float], rate: float,
                low: float = -200.0, high: float = 200.0) -> float:
    """The smallest edge per deal whose score ``score_at(edge)`` reaches ``rate``."""
    for _ in range(40):
        mid = (low + high) / 2
        if score_at(mid) >= rate:
            high = mid
        else:
            low = mid
    return high


def report_bot(bot: str, pairs: Sequence[Sequence[Match]], matches: Sequence[Match]) -> None:
    """The bot's real match score next to what the curve gives its in-match edge, and the
    curve of its own matches: their results with the edge moved (each bot seat by half the
    change per deal, each medio seat the other way), so the shape of its results is kept."""
    results = [pair_result(p) for p in pairs]
    scores, edges = [r[0] for r in results], [r[1] for r in results]
    n = 2 * len(pairs)
    low, high = wilson(sum(scores) * 2, n)
    e = statistics.mean(edges)
    se = statistics.stdev(edges) / len(edges) ** 0.5

    def own(edge: float) -> float:
        return statistics.mean(pair_result(p, (edge - e) / 2)[0] for p in pairs)

    print(f"{bot} v medio: {n} matches, score {statistics.mean(scores):.1%} "
          f"({low:.1%} – {high:.1%}); chip edge in those matches {e:+.2f} ± {se:.2f} per deal "
          f"-> the medio curve gives {win_rate(matches, e):.1%}")
    print(f"{bot}'s own matches, edge moved: no edge {own(0.0):.1%}; 60 % needs "
          f"{bisect_edge(own, TARGET):+.1f} chips per deal (the medio curve: "
          f"{edge_for(matches, TARGET):+.1f})")
    seats = [m.returns[s] for p in pairs for m, (mine, _) in zip(p, PAIR_SIDES, strict=True)
             for s in mine]
    best = [max(m.returns[s] for s in side) for p in pairs
            for m, sides in zip(p, PAIR_SIDES, strict=True) for side in sides[:1]]
    best_medio = [max(m.returns[s] for s in sides[1]) for p in pairs
                  for m, sides in zip(p, PAIR_SIDES, strict=True)]
    print(f"{bot} seats: net chips mean {statistics.mean(seats):+.1f}, median "
          f"{statistics.median(seats):+.1f}; its best seat: mean {statistics.mean(best):+.1f}, "
          f"median {statistics.median(best):+.1f}; medio's best seat: mean "
          f"{statistics.mean(best_medio):+.1f}, median {statistics.median(best_medio):+.1f}")


def read_log(path: str) -> list[list[Match]]:
    """The match pairs a run printed to stderr (``--from-log``: report a partial run)."""
    pairs = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        if line.startswith("pair ") and "matches " in line:
            played = json.loads(line.split("matches ", 1)[1])
            pairs.append([Match(tuple(r), d, sum(x <= -STACK for x in r)) for r, d in played])
    return pairs


def ties(matches: Sequence[Match]) -> float:
    """Share of matches whose two sides' best seats end level (half a win each)."""
    level = [side_win(m, A_SEATS, B_SEATS, 0.0) == 0.5 for m in matches]
    return sum(level) / len(level)


def report(matches: Sequence[Match], edges: Sequence[float], measured: Sequence[str]) -> None:
    seat_returns = [r for m in matches for r in m.returns]
    deals = [m.deals for m in matches]
    print(f"medio matches: {statistics.mean(deals):.2f} deals each (max {max(deals)}), "
          f"a seat's net chips sd {statistics.stdev(seat_returns):.1f}, "
          f"seats gone broke {sum(m.busted for m in matches) / (4 * len(matches)):.2%}, "
          f"best seats level {ties(matches):.2%}; no edge: {win_rate(matches, 0.0):.1%}")
    print("| chip edge per deal | match score |")
    print("|---|---|")
    for e in edges:
        print(f"| {e:+.0f} | {win_rate(matches, e):.1%} |")
    need = edge_for(matches, TARGET)
    print(f"60 % needs {need:+.1f} chips per deal; {FLOOR:.0%} needs "
          f"{edge_for(matches, FLOOR):+.1f}; a 60 % player shows its interval above 55 % "
          f"after about {matches_needed(TARGET)} matches")
    for item in measured:
        name, _, value = item.partition("=")
        mean, _, se = value.replace("+-", "±").partition("±")
        e, s = float(mean), float(se or 0)
        low, high = win_rate(matches, e - 2 * s), win_rate(matches, e + 2 * s)
        print(f"{name}: {e:+.2f} ± {s:.2f} per deal -> {win_rate(matches, e):.1%} of matches "
              f"({low:.1%} – {high:.1%} for the edge ± 2 se)")


if __name__ == "__main__":
    sys.exit(main())
