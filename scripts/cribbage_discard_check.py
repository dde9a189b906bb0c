"""What esperto's board discard is worth against medio's, measured without the cards' luck.

Each trial takes a deal at a board position drawn from medio-against-medio games (as
``cribbage_edge.py --board``), and for each seat compares two ways to lay away: esperto's
(:func:`mazzo.games.cribbage.board.rank_discards`) and medio's (the exact expectation). Where they
differ, the deal is played out both ways for *every* possible starter (the opponent's cards and
discard stay the same, both seats peg like medio), and the seat's chance to win the game after
the deal (1 or 0 if it ended, else the board table) is averaged over the starters. The gain is
the difference; where the discards agree it is 0. Because every starter is counted and the
opponent's hand is the same both ways, almost all the luck cancels.

    python scripts/cribbage_discard_check.py --deals 1000
    python scripts/cribbage_discard_check.py --deals 1000 --no-play   # without the play model

A game has about 9 deals (8.98 in 400 medio games), so 9 times the mean gain per deal is the
discard's share of the game-win edge.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time

from cribbage_edge import CONFIG, GAME, board_position, chance_after
from deal_edge import deal_steps

from mazzo.bots.levels import make_agent
from mazzo.engine.agent import Agent
from mazzo.engine.game import State, card_from_token
from mazzo.games.cribbage.actions import Cut, Discard
from mazzo.games.cribbage.board import rank_discards
from mazzo.games.cribbage.scoring import discard_analysis


def dealt_at(rng: random.Random, position: tuple[int, int]) -> State:
    """A fresh two-player game at ``position`` (dealer's, pone's score), dealt, before the
    discards (the board is set on the new state before the deal, as in ``cribbage_edge``)."""
    state = GAME.new_match(CONFIG)
    while state.phase == "cut_for_deal":
        state.apply(state.sample_chance(rng))
    state.board = [0, 0]
    state.board[state.dealer] = position[0]
    state.board[1 - state.dealer] = position[1]
    state.apply(state.sample_chance(rng))
    return state


def outcome(state: State, seat: int, mine: tuple[int, ...], agents: list[Agent],
            seed: int) -> float:
    """``seat``'s mean chance to win after the deal, laying away ``mine``, over every starter."""
    other = 1 - seat
    rng = random.Random(seed)
    base = state.clone()
    while base.phase == "discard":
        player = base.current_player
        if player == seat:
            base.apply(Discard(mine))
        else:
            view = base.view(player)
            best = discard_analysis([card_from_token(t) for t in view["hand"]],
                                    view["dealer"] == player)[0]
            base.apply(Discard(best.discard))
    assert base.phase == "starter" and other != seat
    total = 0.0
    starters = base.stock
    for card in starters:
        played = base.clone()
        played.apply(Cut(card))
        for _ in deal_steps(played, agents, random.Random(rng.random())):
            pass
        total += chance_after(played, seat)
    return total / len(starters)


def trial(job: tuple[int, int, bool]) -> list[float]:
    """The gain of each seat's board discard in deal ``index`` (0.0 where it agrees)."""
    seed, index, play = job
    rng = random.Random(seed * 1_000_003 + index)
    position = board_position(rng)
    state = dealt_at(rng, position)
    agents = [make_agent(GAME, "medio", index * 2 + s) for s in range(2)]
    gains = []
    for seat in (0, 1):
        view = state.view(seat)
        hand = [card_from_token(t) for t in view["hand"]]
        dealer = view["dealer"] == seat
        scores = view["scores"]
        board = rank_discards(hand, scores[seat], scores[1 - seat], dealer, play)[0].discard
        usual = discard_analysis(hand, dealer)[0].discard
        if set(board) == set(usual):
            gains.append(0.0)
            continue
        seed_b = rng.getrandbits(32)
        gains.append(outcome(state, seat, board, agents, seed_b)
                     - outcome(state, seat, usual, agents, seed_b))
    return gains


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--no-play", action="store_true",
                        help="esperto's discard without the kept hand's pegging model")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    gains: list[float] = []
    for i in range(args.deals):
        gains += trial((args.seed, i, not args.no_play))
        print(f"\r{i + 1}/{args.deals} deals", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    n = len(gains)
    mean = sum(gains) / n
    spread = math.sqrt(sum((g - mean) ** 2 for g in gains) / (n - 1))
    differ = [g for g in gains if g != 0.0]
    print(f"board discard{' without the play model' if args.no_play else ''} against medio's, "
          f"{args.deals} deals x 2 seats (seed {args.seed}): differs in {len(differ)} of {n}; "
          f"gain {mean:+.5f} ± {spread / math.sqrt(n):.5f} chance to win per deal "
          f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
