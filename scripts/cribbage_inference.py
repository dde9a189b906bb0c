"""How much the opponent's discard tells about his hand (cribbage, two players, issue 16).

For each deal: two 6-card hands and a starter; the opponent (dealer or pone, alternately) keeps
what medio keeps (the best four by :func:`discard_analysis`). From the other seat's view (its own
six cards and the starter: 45 unseen cards) the posterior of :mod:`mazzo.games.cribbage.infer`
is measured at each temperature, before any card is played:

- ``log P(true keep)``: the exact log-probability of his four kept cards (summed over all 820
  pairs he may have laid away), against the uniform prior's log(1 / C(45, 4)) = -11.91;
- ``card hit``: the mean posterior probability of each of his four true cards being in his hand
  (uniform: 4 / 45 = 0.089), from the importance-sampled posterior (``--draws`` deals);
- ``top-k``: how often the ranks of his true keep (suits play no part in the play) are among
  the k most probable rank sets of that sample (``inf``: the uniform prior, for comparison).

``--play``: the same during the play of medio-against-medio deals, at every card a seat lays
while the other still holds two or more: the mean posterior probability of each card he still
holds (``card hit``) and how often the ranks he holds are the most probable ones (``top-1``,
``top-5``), for the worlds esperto used before (uniform, his go respected), the discard alone
and the discard with his plays read as medio's pegging (the true posterior against medio).

    python scripts/cribbage_inference.py --deals 1000 --temperatures 0,0.25,0.5,1,2
    python scripts/cribbage_inference.py --play --deals 200
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import defaultdict

from mazzo.bots.levels import make_agent
from mazzo.engine.agent import Turn
from mazzo.engine.registry import get_game
from mazzo.games.cribbage.board import evidence, sample_world
from mazzo.games.cribbage.bots import play_position
from mazzo.games.cribbage.infer import (
    Evidence,
    World,
    hand_log_chance,
    unseen_cards,
    weighted_worlds,
)
from mazzo.games.cribbage.scoring import CRANK, DECK, discard_analysis

UNIFORM_LOG = -math.log(math.comb(45, 4))
TOP = (1, 5, 20)


def _ranks(cards: tuple[int, ...]) -> tuple[int, ...]:
    """The ranks of a hand, sorted: all that matters in the play."""
    return tuple(sorted(CRANK[c & 15] for c in cards))


def one_deal(index: int, seed: int, temperatures: list[float], draws: int
             ) -> dict[float, tuple[float, float, list[bool]]]:
    rng = random.Random(seed * 1_000_003 + index)
    cards = rng.sample(DECK, 13)
    ours, theirs, starter = cards[:6], cards[6:12], cards[12]
    crib = index % 2 == 0  # the opponent deals in even deals
    keep = discard_analysis(theirs, crib)[0].keep
    unseen = unseen_cards([*ours, starter])
    evidence = Evidence(unseen=unseen, laid=(), left=4, min_value=0, crib=crib)
    out = {}
    for t in temperatures:
        log_p = hand_log_chance(keep, unseen, crib, t)
        posterior = weighted_worlds(evidence, random.Random(index), draws, t)
        by_hand: dict[tuple[int, ...], float] = defaultdict(float)
        by_card: dict[int, float] = defaultdict(float)
        for (hand, _), p in posterior.items():
            by_hand[_ranks(hand)] += p
            for c in hand:
                by_card[c] += p
        ranked = sorted(by_hand, key=lambda h: -by_hand[h])
        true = _ranks(keep)
        hits = [true in ranked[:k] for k in TOP]
        out[t] = (log_p, sum(by_card[c] for c in keep) / 4, hits)
    return out


#: the posteriors compared in the play: (name, discard temperature, play temperature)
PLAY_MODELS: list[tuple[str, float | None, float | None]] = [
    ("uniform (his go)", None, None),
    ("discard T=0.5", 0.5, None),
    ("discard T=0", 0.0, None),
    ("discard T=0 + plays T=0", 0.0, 0.0),
    ("discard T=0.5 + plays T=1", 0.5, 1.0),
]


def play_deal(index: int, seed: int, draws: int) -> list[list[tuple[float, bool, bool]]]:
    """Per model, (card hit, top-1, top-5) at each play decision of one medio game's deal."""
    game = get_game("cribbage")
    rng = random.Random(seed * 1_000_003 + index)
    state = game.new_match(game.config(games_to_win=1))
    agents = [make_agent(game, "medio", 2 * index + s) for s in (0, 1)]
    out: list[list[tuple[float, bool, bool]]] = [[] for _ in PLAY_MODELS]
    while (not state.is_terminal and state.view(0)["hand_number"] == 1) or state.is_chance:
        if state.is_chance:
            state.apply(state.sample_chance(rng))
            continue
        seat = state.current_player
        view = state.view(seat)
        legal = state.legal_actions()
        if view["phase"] == "pegging" and view["pending"] is None and len(legal) > 1:
            truth = tuple(state.hands[1 - seat])  # type: ignore[attr-defined]
            if len(truth) >= 2:
                pos = play_position(seat, view)
                for k, (_, t, play) in enumerate(PLAY_MODELS):
                    if t is None:
                        worlds: dict[World, float] = {}
                        for _ in range(draws):
                            w = sample_world(pos, rng)
                            worlds[w] = worlds.get(w, 0.0) + 1 / draws
                    else:
                        worlds = weighted_worlds(evidence(pos), rng, draws, t, play)
                    out[k].append(_sharpness(worlds, truth))
        state.apply(agents[seat].act(Turn(seat, view, legal, rng, state)))
    return out


def _sharpness(worlds: dict[World, float], truth: tuple[int, ...]) -> tuple[float, bool, bool]:
    by_hand: dict[tuple[int, ...], float] = defaultdict(float)
    by_card: dict[int, float] = defaultdict(float)
    for (hand, _), p in worlds.items():
        by_hand[_ranks(hand)] += p
        for c in hand:
            by_card[c] += p
    ranked = sorted(by_hand, key=lambda h: -by_hand[h])
    true = _ranks(truth)
    return sum(by_card[c] for c in truth) / len(truth), true in ranked[:1], true in ranked[:5]


def play_main(deals: int, seed: int, draws: int) -> None:
    rows: list[list[tuple[float, bool, bool]]] = [[] for _ in PLAY_MODELS]
    for i in range(deals):
        for k, got in enumerate(play_deal(i, seed, draws)):
            rows[k].extend(got)
        print(f"\r{i + 1}/{deals} deals", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(f"{len(rows[0])} play decisions in {deals} first deals of medio games, seed {seed}, "
          f"{draws} draws")
    print("| worlds | card hit | top-1 ranks | top-5 ranks |")
    for (name, _, _), got in zip(PLAY_MODELS, rows, strict=True):
        hit = statistics.fmean(g[0] for g in got)
        se = statistics.stdev(g[0] for g in got) / math.sqrt(len(got))
        print(f"| {name} | {hit:.3f} ± {se:.3f} | {statistics.fmean(g[1] for g in got):.1%} | "
              f"{statistics.fmean(g[2] for g in got):.1%} |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--draws", type=int, default=300)
    parser.add_argument("--temperatures", default="0,0.25,0.5,1,2,inf")
    parser.add_argument("--play", action="store_true",
                        help="measure the posteriors during the play (see above)")
    args = parser.parse_args(argv)
    if args.play:
        start = time.perf_counter()
        play_main(args.deals, args.seed, args.draws)
        print(f"({time.perf_counter() - start:.0f} s)")
        return 0
    temperatures = [float(t) for t in args.temperatures.split(",")]
    start = time.perf_counter()
    rows: dict[float, list[tuple[float, float, list[bool]]]] = defaultdict(list)
    for i in range(args.deals):
        for t, row in one_deal(i, args.seed, temperatures, args.draws).items():
            rows[t].append(row)
        print(f"\r{i + 1}/{args.deals} deals", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    print(f"{args.deals} deals, seed {args.seed}, {args.draws} draws; uniform: log P "
          f"{UNIFORM_LOG:.2f}, card hit {4 / 45:.3f}")
    print("| temperature | log P(true keep) | gain over uniform (nats) | card hit | "
          + " | ".join(f"top-{k}" for k in TOP) + " |")
    for t in temperatures:
        logs = [r[0] for r in rows[t]]
        finite = [x for x in logs if x > -math.inf]
        mean = statistics.fmean(finite) if finite else -math.inf
        se = statistics.stdev(finite) / math.sqrt(len(finite)) if len(finite) > 1 else 0.0
        hit = statistics.fmean(r[1] for r in rows[t])
        tops = [sum(r[2][j] for r in rows[t]) / len(rows[t]) for j in range(len(TOP))]
        impossible = len(logs) - len(finite)
        note = f" ({impossible} impossible)" if impossible else ""
        print(f"| {t:g} | {mean:.2f} ± {se:.2f}{note} | {mean - UNIFORM_LOG:+.2f} | {hit:.3f} | "
              + " | ".join(f"{x:.1%}" for x in tops) + " |")
    print(f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
