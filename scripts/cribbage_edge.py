"""How many points per deal a cribbage bot gains over medio, measured on duplicate deals.

Why: a game of cribbage is mostly luck, so game wins need thousands of games to show a small
edge. Here every deal is played twice from the same cards and the same starter, the bot sitting
once as dealer and once as pone; the cards' luck cancels and the points it gains over medio
(pegging and show apart) show its edge with a sample of a few hundred deals. Every hand starts
from 0-0 in a two-player game to 121, so the board position plays no part.

``--board``: every deal starts instead from a board position drawn from medio-against-medio
games (a deal start picked at random in a game played to its end), the same position both ways
(the bot once the dealer at the dealer's score, once the pone at the pone's score), and the
script also reports the bot's gain in the chance to win the game per pair of deals: after each
deal the bot's chance is 1 or 0 if the game is over, else read from the board table
(:mod:`mazzo.games.cribbage.board_table`); between two medio players the two seats' chances sum
to 1, so the sum minus 1 is the bot's gain. A game lasts about 9 deals (4.5 pairs), so 4.5
times the gain per pair is roughly the game-win edge of playing to the board.

    python scripts/cribbage_edge.py esperto --deals 150 --workers 2
    python scripts/cribbage_edge.py esperto --deals 400 --board
    python scripts/cribbage_edge.py esperto-soft --compare esperto --deals 250 --workers 1

``--compare BOT``: BOT plays the same deals too, and the per-deal difference is reported.
``esperto-t<T>[-p<P>]``: esperto weighing its worlds by his discard at temperature T (and his
plays at P; :mod:`mazzo.games.cribbage.infer`).

Besides any bot mazzo accepts, the parts of esperto (:data:`VARIANTS`) and ``oracle``: medio's
discard, and the play solved exactly knowing the opponent's cards and crib (it reads the true
state, so it is a bound on what pegging skill can gain, not a player).

Rough scale (normal approximation, about 9 deals per game and a spread of 8 points per deal):
a game-win rate of 60 % needs about +1.3 points per pair of deals.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from multiprocessing import Pool
from typing import Any

from deal_edge import deal_steps  # scripts/ is on the path when a script runs

from mazzo.bots.levels import make_agent
from mazzo.engine.agent import Agent, Turn
from mazzo.engine.game import Action, State
from mazzo.engine.registry import get_game
from mazzo.games.cribbage.actions import Play
from mazzo.games.cribbage.board import _solve, win_chance
from mazzo.games.cribbage.bots import CribbageExpert, play_position
from mazzo.games.cribbage.events import Counted, Scored

GAME = get_game("cribbage")
CONFIG = GAME.config(games_to_win=1)
#: esperto with a part switched back to medio's, to measure what each part is worth
VARIANTS: dict[str, dict[str, Any]] = {
    "esperto-uniform": {"temperature": None},  # the play's worlds uniform, not by his discard
    # he plays as a pegger who cannot see our cards (measured against esperto-t0.5)
    "esperto-pegger": {"temperature": 0.5, "model": "pegger"},
    # the true posterior against medio: his keep and his plays read exactly as medio's
    "esperto-posterior": {"temperature": 0.0, "play": 0.0},
    # and he plays medio's own rules in the search: what a player who knows medio can reach
    "esperto-bayes": {"temperature": 0.0, "play": 0.0, "model": "textbook"},
    # the same beliefs softened (a player who is not exactly medio stays possible)
    "esperto-soft": {"temperature": 0.5, "play": 1.0, "model": "textbook"},
    # the reader's beliefs sharper, between esperto-soft's and esperto-bayes's
    "esperto-sharp": {"temperature": 0.2, "play": 0.4, "model": "textbook"},
    # esperto (the reader) deciding each later card once for the worlds it cannot tell apart
    "esperto-joint": {"temperature": 0.5, "play": 1.0, "model": "textbook", "joint": True},
    # the ceiling player of esperto-bayes without strategy fusion
    "esperto-bayes-joint": {"temperature": 0.0, "play": 0.0, "model": "textbook", "joint": True},
    "esperto-discard-only": {"search": False},
    "esperto-play-only": {"board_discard": False},
    "esperto-no-play-model": {"play_aware": False},
    "esperto-discard-only-no-play-model": {"search": False, "play_aware": False},
}


class Oracle(CribbageExpert):
    """Medio's discard; in the play, the rest of the deal solved with the opponent's true cards."""

    def __init__(self, seed: int | None) -> None:
        super().__init__(seed, board_discard=False)

    def play(self, turn: Turn) -> Action:
        seat = turn.seat
        truth = turn._state  # measurement only: the oracle sees the hidden cards
        their_hand = tuple(truth.hands[1 - seat])  # type: ignore[attr-defined]
        their_discards = tuple(truth.discards[1 - seat])  # type: ignore[attr-defined]
        moves = [a.card for a in turn.legal if isinstance(a, Play)]
        values = _solve(play_position(seat, turn.view), their_hand, their_discards, moves)
        usual = self.medio.peg(seat, turn.view, turn.legal)
        assert isinstance(usual, Play)
        best = max(range(len(moves)), key=lambda i: values[i])
        if values[best] > values[moves.index(usual.card)] + 1e-9:
            return Play(moves[best])
        return usual


def make_bot(name: str, seed: int) -> Agent:
    if name == "oracle":
        return Oracle(seed)
    if name in VARIANTS:
        return CribbageExpert(seed, **VARIANTS[name])
    if name.startswith("esperto-t"):  # esperto-t0.25 (-p1): the discard (and play) inference
        temperature, _, play = name.removeprefix("esperto-t").partition("-p")
        return CribbageExpert(seed, temperature=float(temperature),
                              play=float(play) if play else None)
    return make_agent(GAME, name, seed)


def play_hand(state: State, agents: list[Agent], rng: random.Random) -> tuple[list[int], list[int]]:
    """Play the hand in progress; the points each seat pegged and showed in it."""
    peg, show = [0, 0], [0, 0]
    for step in deal_steps(state, agents, rng):
        for event in step.events:
            if isinstance(event, Scored):
                peg[event.seat] += event.points
            elif isinstance(event, Counted):
                show[event.seat] += event.points
    return peg, show


def board_position(rng: random.Random) -> tuple[int, int]:
    """(dealer's score, pone's score) at the start of a deal picked at random in a game that
    medio plays against medio to its end."""
    state = GAME.new_match(CONFIG)
    agents = [make_agent(GAME, "medio", rng.randrange(1 << 30)) for _ in range(2)]
    starts: list[tuple[int, int]] = []
    while not state.is_terminal:
        while state.is_chance:
            state.apply(state.sample_chance(rng))
        if state.is_terminal:
            break
        view = state.view(0)
        dealer = view["dealer"]
        starts.append((view["scores"][dealer], view["scores"][1 - dealer]))
        for _ in deal_steps(state, agents, rng):
            pass
    return starts[rng.randrange(len(starts))]


def chance_after(state: State, seat: int) -> float:
    """``seat``'s chance to win the game once the deal is over (the other seat deals next)."""
    if state.is_terminal:
        return 1.0 if state.returns()[seat] > 0 else 0.0
    view = state.view(seat)
    scores, dealer = view["scores"], view["dealer"]
    dealing = win_chance(scores[dealer], scores[1 - dealer])
    return dealing if dealer == seat else 1.0 - dealing


def paired_deal(job: tuple[str, int, int, bool]) -> tuple[int, int, float]:
    """The bot's pegging, show and (with ``board``) win-chance edge over medio in deal
    ``index``, played both ways."""
    bot, seed, index, board = job
    rng = random.Random(seed * 1_000_003 + index)
    position = board_position(rng) if board else (0, 0)
    dealt = GAME.new_match(CONFIG)
    dealt.apply(dealt.sample_chance(rng))  # the cut for deal
    while dealt.is_chance and dealt.phase == "cut_for_deal":  # equal cuts: cut again
        dealt.apply(dealt.sample_chance(rng))
    if board:  # a fresh state, before the deal: only the board differs from a new game
        dealt.board = [0, 0]
        dealt.board[dealt.dealer] = position[0]
        dealt.board[1 - dealt.dealer] = position[1]
    while dealt.is_chance:  # the deal
        dealt.apply(dealt.sample_chance(rng))
    view = dealt.view(0)
    assert (view["scores"][view["dealer"]], view["scores"][1 - view["dealer"]]) == position
    rest = rng.getrandbits(64)  # the same starter both ways
    peg_edge = show_edge = 0
    win_edge = -1.0
    for seat in (0, 1):
        agents: list[Agent] = [make_agent(GAME, "medio", 4 * index + 2 + seat)] * 2
        agents[seat] = make_bot(bot, 4 * index + seat)
        state = dealt.clone()
        peg, show = play_hand(state, agents, random.Random(rest))
        peg_edge += peg[seat] - peg[1 - seat]
        show_edge += show[seat] - show[1 - seat]
        win_edge += chance_after(state, seat)
    return peg_edge, show_edge, win_edge


def summary(label: str, values: list[int] | list[float], unit: str = "points") -> str:
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / max(1, n - 1))
    return f"{label:>7}: {mean:+.4f} ± {spread / math.sqrt(n):.4f} {unit} per pair of deals"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bot", help="any bot name mazzo accepts, e.g. esperto or ismcts:2000, "
                        f"or one of {', '.join(VARIANTS)}, oracle")
    parser.add_argument("--deals", type=int, default=150, help="deals, each played both ways")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--board", action="store_true",
                        help="start each deal from a board position of a medio game and report "
                        "the gain in the chance to win")
    parser.add_argument("--compare", metavar="BOT",
                        help="also play BOT on the same deals and report the paired difference "
                        "(bot minus BOT), which cancels most of the deals' noise")
    args = parser.parse_args(argv)
    if args.deals < 2:
        parser.error("--deals must be at least 2")
    bots = [args.bot, args.compare] if args.compare else [args.bot]
    jobs = [(bot, args.seed, i, args.board) for i in range(args.deals) for bot in bots]
    start = time.perf_counter()
    both: list[tuple[int, int, float]] = []
    with Pool(args.workers) as pool:
        for done, result in enumerate(pool.imap(paired_deal, jobs), 1):
            both.append(result)
            print(f"\r{done // len(bots)}/{args.deals} deals", end="", file=sys.stderr,
                  flush=True)
    print(file=sys.stderr)
    results = both[::len(bots)]
    pegs, shows = [r[0] for r in results], [r[1] for r in results]
    where = "board positions of medio games" if args.board else "0-0"
    print(f"{args.bot} against medio, {args.deals} duplicate deals from {where} "
          f"(seed {args.seed}):")
    print(summary("pegging", pegs))
    print(summary("show", shows))
    print(summary("total", [p + s for p, s, _ in results]))
    if args.board:
        print(summary("win", [w for _, _, w in results], "chance to win"))
    if args.compare:
        other = both[1::2]
        print(f"{args.bot} minus {args.compare}, the same deals:")
        print(summary("pegging", [a[0] - b[0] for a, b in zip(results, other, strict=True)]))
        print(summary("total", [a[0] + a[1] - b[0] - b[1]
                                for a, b in zip(results, other, strict=True)]))
        if args.board:
            print(summary("win", [a[2] - b[2] for a, b in zip(results, other, strict=True)],
                          "chance to win"))
    print(f"({time.perf_counter() - start:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
