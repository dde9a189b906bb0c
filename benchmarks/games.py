"""Each game's own figures: random-playout throughput of its configs and the speed of its scoring
API, as multiples of the baseline (``python -m benchmarks games [--game GAME]``).

One function per game in :data:`GAMES`, each returning its report lines; a new game adds its
own here. Where a peer is installed (the ``bench`` extra) it is timed in this process beside
ours: OpenSpiel's C++ cribbage, treys's poker evaluator.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from itertools import combinations
from typing import Any

from benchmarks.baseline import ratio
from benchmarks.views import timed
from mazzo.cards import RANK_TEXT, parse_cards, short_deck
from mazzo.engine import get_game, random_playout

# --- burraco ------------------------------------------------------------------------------------


def _burraco_playouts(config: Any, seconds: float, minimum: int) -> tuple[float, float]:
    game = get_game("burraco")
    rng = random.Random(0)
    matches = actions = 0
    start = time.process_time()
    while matches < minimum or time.process_time() - start < seconds:
        state = random_playout(game.new_match(config), rng)
        matches += 1
        actions += len(state.history)
    elapsed = time.process_time() - start
    return matches / elapsed, actions / elapsed


def _calls(fn: Callable[[], object], seconds: float) -> float:
    count = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(200):
            fn()
        count += 200
    return count / (time.process_time() - start)


def burraco(quick: bool = False) -> list[str]:
    """Random playouts (default config: 4 players to 2005; one hand), meld validity and the
    hand tally per second."""
    from mazzo.games.burraco.config import BurracoConfig
    from mazzo.games.burraco.scoring import hand_tally, is_valid_meld

    seconds = 0.5 if quick else 3.0
    lines = []
    m, a = _burraco_playouts(BurracoConfig(), seconds, 1 if quick else 5)
    lines.append(f"burraco random playout, 4 players to 2005: {m:.2f} matches/s "
                 f"({ratio(m)}), {a:,.0f} actions/s ({ratio(a)})")
    m, a = _burraco_playouts(BurracoConfig(hands=1), seconds, 5)
    lines.append(f"burraco random playout, one hand (4 players): {m:.1f} hands/s "
                 f"({ratio(m)}), {a:,.0f} actions/s ({ratio(a)})")
    run_cards = parse_cards("3C 4C 5C JK 7C 8C 9C 10C")
    rate = _calls(lambda: is_valid_meld(run_cards), seconds / 3)
    lines.append(f"burraco is_valid_meld (8-card run with a jolly): {rate:,.0f} calls/s "
                 f"({ratio(rate)})")
    melds = [parse_cards("3H 4H 5H 6H 7H 8H 9H"), parse_cards("KC KD JK")]
    hand = parse_cards("QS 4D")
    rate = _calls(lambda: hand_tally(melds, hand, True, True), seconds / 3)
    lines.append(f"burraco hand_tally (E1): {rate:,.0f} calls/s ({ratio(rate)})")
    return lines


# --- cribbage -----------------------------------------------------------------------------------


def cribbage_playouts(config: Any, seconds: float) -> tuple[float, float]:
    """(matches/s, actions/s) of uniformly random cribbage matches."""
    game = get_game("cribbage")

    def step(i: int) -> int:
        state = random_playout(game.new_match(config), random.Random(i))
        return len(state.history)

    return timed(seconds, step)


def openspiel_cribbage_playouts(seconds: float) -> tuple[float, float] | None:
    """(games/s, actions/s) of OpenSpiel's 2-player cribbage (one game to 121) driven from
    Python exactly like ours, or None if pyspiel is not installed."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("cribbage")
    rng = random.Random(0)

    def step(i: int) -> int:
        state = game.new_initial_state()
        actions = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                action = outcomes[rng.randrange(len(outcomes))][0]
            else:
                legal = state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            actions += 1
        return actions

    return timed(seconds, step)


def cribbage(quick: bool = False) -> list[str]:
    """Random playouts, the show scorer, the discard analyzer, and (if ``open-spiel`` is
    installed) OpenSpiel's C++ cribbage random playouts timed in this process."""
    from mazzo.games.cribbage.config import CribbageConfig
    from mazzo.games.cribbage.scoring import DECK, discard_analysis, distribution, score_show

    seconds = 0.5 if quick else 3.0
    lines: list[str] = []
    m, a = cribbage_playouts(CribbageConfig(), seconds)
    lines.append(f"random playout (default: best of 3 to 121): {m:,.0f} matches/s "
                 f"({ratio(m)}), {a:,.0f} actions/s ({ratio(a)})")
    g, ga = cribbage_playouts(CribbageConfig(games_to_win=1), seconds)
    lines.append(f"random playout (one game to 121, 2 players): {g:,.0f} games/s "
                 f"({ratio(g)}), {ga:,.0f} actions/s ({ratio(ga)})")
    for players in (3, 4):
        pm, pa = cribbage_playouts(CribbageConfig(players=players, games_to_win=1), seconds / 2)
        lines.append(f"random playout (one game to 121, {players} players): {pm:,.0f} games/s "
                     f"({ratio(pm)}), {pa:,.0f} actions/s")
    hands = [tuple(random.Random(i).sample(DECK, 5)) for i in range(1000)]
    calls, _ = timed(seconds, lambda i: score_show(hands[i % 1000][:4], hands[i % 1000][4]).total)
    lines.append(f"score_show: {calls:,.0f} calls/s ({ratio(calls)})")
    start = time.perf_counter()
    distribution()
    lines.append(f"distribution(): {time.perf_counter() - start:.2f} s for all 12,994,800 hands")
    sixes = [random.Random(i).sample(DECK, 6) for i in range(100)]
    an, _ = timed(seconds, lambda i: len(discard_analysis(sixes[i % 100], i % 2 == 0)))
    lines.append(f"discard_analysis (6 cards): {an:,.0f} calls/s ({ratio(an)})")
    spiel = openspiel_cribbage_playouts(seconds)
    if spiel is None:
        lines.append("OpenSpiel: pyspiel missing (pip install open-spiel), comparison skipped")
    else:
        sg, sa = spiel
        lines.append(f"OpenSpiel C++ cribbage (one game to 121, Python driver): {sg:,.0f} games/s, "
                     f"{sa:,.0f} actions/s ({ratio(sg)})")
        lines.append(f"mazzo / OpenSpiel games/s: {g / sg:.2f} (goal ≥ 0.5)")
    return lines


# --- nebraska -----------------------------------------------------------------------------------


def _nebraska_playouts(variant: str, players: int, seconds: float) -> tuple[float, float]:
    game = get_game("nebraska")
    config = game.config(players=players, variant=variant)
    rng = random.Random(1)
    matches = actions = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        state = random_playout(game.new_match(config), rng)
        matches += 1
        actions += len(state.history)
    elapsed = time.process_time() - start
    return matches / elapsed, actions / elapsed


def _poker_points_calls(players: int, calls: int) -> float:
    from mazzo.games.nebraska.actions import DECK
    from mazzo.games.nebraska.scoring import poker_points

    rng = random.Random(2)
    deals = []
    for _ in range(200):
        cards = rng.sample(DECK, 5 + 5 * players)
        deals.append(([cards[5 + 5 * i : 10 + 5 * i] for i in range(players)], cards[:5]))
    start = time.process_time()
    for i in range(calls):
        personals, common = deals[i % len(deals)]
        poker_points(personals, common)
    return calls / (time.process_time() - start)


def nebraska(quick: bool = False) -> list[str]:
    """Random-playout throughput per variant and the cost of ``poker_points``."""
    seconds = 0.5 if quick else 2.0
    lines = []
    for variant in ("family", "expert", "poker"):
        per_match, per_action = _nebraska_playouts(variant, 4, seconds)
        lines.append(
            f"random playout, {variant}, 4 players: {per_match:,.0f} matches/s "
            f"({ratio(per_match)}), {per_action:,.0f} actions/s ({ratio(per_action)})"
        )
    rate = _poker_points_calls(4, 5_000 if quick else 40_000)
    lines.append(
        f"poker_points, 4 players: {1e6 / rate:.1f} µs/call, {rate:,.0f} calls/s ({ratio(rate)})"
    )
    return lines


# --- novantanove --------------------------------------------------------------------------------


def _novantanove_playouts(config: Any, seconds: float) -> tuple[float, float]:
    game = get_game("novantanove")
    rng = random.Random(0)
    matches = actions = 0
    start = time.perf_counter()
    while True:
        state = random_playout(game.new_match(config), rng)
        matches += 1
        actions += len(state.history)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return matches / elapsed, actions / elapsed


def _score_deal_calls(seconds: float) -> float:
    from mazzo.games.novantanove.scoring import score_deal

    cases = [
        ((3, 2, 2), (3, 4, 2), None, None),
        ((4, 3, 2), (3, 3, 3), (30, 0, 0), None),
        ((3, 2, 4), (2, 1, 6), (30, 30, 0), 2),
    ]
    calls = 0
    start = time.perf_counter()
    while True:
        for bids, tricks, premium, dummy in cases * 100:
            score_deal(bids, tricks, premium, dummy)
        calls += 300
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return calls / elapsed


def novantanove(quick: bool = False) -> list[str]:
    """Random-playout throughput (3, 2 and 4 players) and deal-scoring speed."""
    from mazzo.games.novantanove.config import NovantanoveConfig

    seconds = 0.5 if quick else 3.0
    lines = []
    for label, config in (
        ("3 players (default, game to 100)", NovantanoveConfig()),
        ("2 players + dummy", NovantanoveConfig(players=2)),
        ("4 players, 52 cards", NovantanoveConfig(players=4)),
    ):
        matches, actions = _novantanove_playouts(config, seconds)
        lines.append(
            f"novantanove random playout, {label}: {matches:,.0f} matches/s "
            f"({ratio(matches)}), {actions:,.0f} actions/s ({ratio(actions)})"
        )
    rate = _score_deal_calls(seconds / 3)
    lines.append(f"novantanove score_deal: {rate:,.0f} calls/s ({ratio(rate)})")
    return lines


def _wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    d = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / d
    half = z * (p * (1 - p) / n + z * z / (4 * n * n)) ** 0.5 / d
    return centre - half, centre + half


def novantanove_strength(players: int, matches: int) -> str:
    """Heuristic bot (one seat, rotating) against random players: win rate with a 95% Wilson
    interval, and the share of deals in which the bot made its bid exactly."""
    from mazzo.bots.random_bot import RandomAgent
    from mazzo.engine import State, play_match
    from mazzo.games.novantanove.bots import HeuristicAgent
    from mazzo.games.novantanove.config import NovantanoveConfig
    from mazzo.games.novantanove.events import DealScored

    config = NovantanoveConfig(players=players)
    wins = made = deals = 0
    for i in range(matches):
        bot = i % players
        agents = [
            HeuristicAgent(i) if s == bot else RandomAgent(1000 + 7 * i + s)
            for s in range(players)
        ]
        tally = [0, 0]

        def count(state: State, bot: int = bot, tally: list[int] = tally) -> None:
            for e in state.events:
                if isinstance(e, DealScored) and e.hand == bot:
                    tally[0] += e.bid == e.tricks
                    tally[1] += 1

        wins += bot in play_match(get_game("novantanove"), config, agents, seed=i,
                                  on_step=count).winners
        made, deals = made + tally[0], deals + tally[1]
    low, high = _wilson(wins, matches)
    return (
        f"novantanove heuristic vs random, {players} players: wins {wins}/{matches} = "
        f"{wins / matches:.3f} (95% CI {low:.3f}-{high:.3f}, fair share {1 / players:.3f}); "
        f"made its bid in {made}/{deals} = {made / deals:.3f} of deals"
    )


# --- poker all'italiana -------------------------------------------------------------------------

_TREYS_SUIT = "hdcs"


def _seconds(sides: Sequence[tuple[Callable[[Any], object], Sequence[Any]]],
             rounds: int) -> list[list[float]]:
    """CPU seconds of each ``(fn, hands)`` side over its hands, ``rounds`` times: the sides
    timed in turn at each round, so a machine that speeds up or slows down during the run (this
    one swings ±20 % between rounds) skews neighbours alike."""
    for fn, hands in sides:  # a warm-up: tables built on first use, caches, the allocator
        for h in hands[:2000]:
            fn(h)
    seconds: list[list[float]] = [[] for _ in sides]
    for _ in range(rounds):
        for index, (fn, hands) in enumerate(sides):
            start = time.process_time()
            for h in hands:
                fn(h)
            seconds[index].append(time.process_time() - start)
    return seconds


def _paired(ours: list[float], theirs: list[float]) -> float:
    """How many times faster ours is: the median of the rounds' ratios (each round's two
    timings taken side by side)."""
    return statistics.median(t / o for o, t in zip(ours, theirs, strict=True))


def _treys_sides(hands: Sequence[Any]) -> list[tuple[Callable[[Any], object], Sequence[Any]]]:
    """treys's public ``evaluate`` and its fastest 5-card path on the same hands; none when it
    is not installed."""
    try:
        from treys import Card as TreysCard  # type: ignore[import-not-found,import-untyped]
        from treys import Evaluator
    except ImportError:
        return []
    mapping = {
        c: TreysCard.new(RANK_TEXT[c.rank].replace("10", "T") + _TREYS_SUIT[c.suit])
        for c in short_deck(32)
    }
    theirs = [[mapping[c] for c in h] for h in hands]
    evaluator = Evaluator()
    return [(lambda h: evaluator.evaluate(h[:2], h[2:]), theirs), (evaluator._five, theirs)]


def _poker_playouts(quick: bool) -> str:
    game = get_game("poker_italiano")
    config = game.config(players=4)
    rng = random.Random(0)
    matches = 20 if quick else 200
    actions = hands_played = 0
    start = time.process_time()
    for _ in range(matches):
        state = random_playout(game.new_match(config), rng)
        actions += len(state.history)
        hands_played += state.hand_number
    elapsed = time.process_time() - start
    return (f"random playout (4 players, default config): {matches / elapsed:,.1f} matches/s "
            f"({ratio(matches / elapsed)}), {actions / elapsed:,.0f} actions/s "
            f"({ratio(actions / elapsed)}), {hands_played / elapsed:,.0f} hands/s")


def poker_italiano(quick: bool = False) -> list[str]:
    """Hand evaluations per second (all 201 376 hands of 32 cards), random playouts, and treys
    on the same hands if it is installed (``pip install treys``; speed only — its ranking is
    the 52-card one)."""
    from mazzo.games.poker_italiano.scoring import evaluate, key_function

    hands = list(combinations(short_deck(32), 5))
    if quick:
        hands = hands[::10]
    rounds = 1 if quick else 11
    key = key_function(32)
    treys = _treys_sides(hands)
    seconds = _seconds([(lambda h: evaluate(h, 32), hands), (key, hands), *treys], rounds)
    ours, inner, *peer = (len(hands) / statistics.median(taken) for taken in seconds)
    lines = [
        f"public evaluate(hand, 32) → HandValue (checks the hand), all {len(hands):,} hands of "
        f"32 cards: {ours:,.0f} evals/s ({ratio(ours)})",
        f"internal key_function(32) → int (no checks, what the engine calls): "
        f"{inner:,.0f} evals/s ({ratio(inner)})",
    ]
    if not peer:
        lines.append("treys: not installed (pip install treys) — comparison skipped")
    else:
        public, five = peer
        against = _paired(seconds[0], seconds[2])
        met = "met" if against >= 1 else "NOT met"
        lines += [
            f"treys evaluate() (its public call): {public:,.0f} evals/s ({ratio(public)}); "
            f"our public evaluate() is {against:.2f}× treys (goal ≥ 1×, {met}; the median "
            f"of {rounds} rounds' ratios, the four calls timed in turn)",
            f"treys _five() (its fastest 5-card path): {five:,.0f} evals/s; "
            f"our key_function is {_paired(seconds[1], seconds[3]):.2f}× treys _five()",
        ]
    lines.append(_poker_playouts(quick))
    return lines


#: each game's figures, by game id (the order ``make bench`` prints them in)
GAMES: dict[str, Callable[[bool], list[str]]] = {
    "burraco": burraco,
    "cribbage": cribbage,
    "nebraska": nebraska,
    "novantanove": novantanove,
    "poker_italiano": poker_italiano,
}
