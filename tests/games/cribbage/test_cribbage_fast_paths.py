"""The cribbage hot paths agree with their plain definitions: the show scored inline, the deal
drawn through a dict, the discard pairs listed through ``combinations``."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from mazzo.cards import JACK, Card
from mazzo.games.cribbage.actions import DECK, Discard
from mazzo.games.cribbage.scoring import CRANK, rank_parts, show_score
from mazzo.games.cribbage.state import CribbageState
from playout import random_move

#: thousands of random hands against the plain definitions
pytestmark = pytest.mark.soak


def _plain_show(hand: tuple[Card, ...], starter: Card, crib: bool) -> tuple[int, ...]:
    fifteens, pairs, runs = rank_parts([CRANK[c & 15] for c in (*hand, starter)])
    suits = {c >> 4 for c in hand}
    flush = 0
    if len(suits) == 1:
        flush = 5 if starter >> 4 in suits else (0 if crib else 4)
    nobs = int(any(c & 15 == JACK and c >> 4 == starter >> 4 for c in hand))
    return fifteens, pairs, runs, flush, nobs, fifteens + pairs + runs + flush + nobs


def test_show_score_matches_the_plain_count() -> None:
    rng = random.Random(7)
    for _ in range(20_000):
        *hand, starter = rng.sample(DECK, 5)
        crib = rng.random() < 0.5
        assert tuple(show_score(hand, starter, crib)) == _plain_show(tuple(hand), starter, crib)


def _draw_with_a_set(rng: random.Random, k: int) -> tuple[Card, ...]:
    out: list[Card] = []
    seen: set[Card] = set()
    while len(out) < k:
        c = DECK[int(rng.random() * 52)]
        if c not in seen:
            seen.add(c)
            out.append(c)
    return tuple(out)


def test_the_deal_draw_is_the_same_rejection_sampling() -> None:
    for seed in range(3_000):
        for k in (12, 16, 20):
            ours, plain = random.Random(seed), random.Random(seed)
            assert CribbageState._draw(ours, k) == _draw_with_a_set(plain, k)
            assert ours.random() == plain.random()  # as many draws used


def test_discard_pairs_are_every_pair_in_order() -> None:
    from mazzo.engine import get_game

    game = get_game("cribbage")
    rng = random.Random(3)
    for _ in range(200):
        state = game.new_match(game.config(players=2))
        while state.phase != "discard":
            state.apply(state.sample_chance(rng))
        hand = state.hands[state.current_player]
        assert state.legal_actions() == [Discard(pair) for pair in combinations(hand, 2)]


def test_the_six_card_listing_is_the_pairs_in_order_of_any_hand() -> None:
    from mazzo.games.cribbage.state import _pairs_of_six

    rng = random.Random(5)
    for _ in range(2_000):
        hand = rng.sample(DECK, 6)  # sorted or not
        assert _pairs_of_six(hand) == [Discard(pair) for pair in combinations(hand, 2)]


def _plain_run_length(ranks: list[int]) -> int:
    best = 0
    for size in range(3, len(ranks) + 1):
        window = ranks[-size:]
        if len(set(window)) == size and max(window) - min(window) == size - 1:
            best = size
    return best


def test_last_run_length_matches_every_window() -> None:
    from mazzo.games.cribbage.scoring import last_run_length

    rng = random.Random(11)
    for _ in range(50_000):
        ranks = [rng.randint(1, 13) for _ in range(rng.randint(1, 9))]
        if rng.random() < 0.5:  # runs are rare at random: make some
            start = rng.randint(1, 9)
            ranks += rng.sample(range(start, start + 5), rng.randint(2, 5))
        assert last_run_length(ranks) == _plain_run_length(ranks), ranks


def test_the_whole_rank_table_is_the_plain_rank_count() -> None:
    from itertools import combinations_with_replacement

    from mazzo.games.cribbage.scoring import RUN_SHAPE, SHOW_KEY, show_rank_table

    table = show_rank_table()
    by_rank = {CRANK[c & 15]: c for c in DECK}  # one card of each cribbage rank
    multisets = [r for r in combinations_with_replacement(range(1, 14), 5) if r[0] != r[4]]
    assert len(table) == len(multisets) == 6_175
    for ranks in multisets:
        fifteens, pairs, runs = rank_parts(ranks)
        key = sum(SHOW_KEY[by_rank[r]] for r in ranks)
        assert table[key] == (fifteens, pairs, runs, RUN_SHAPE[runs][0],
                              fifteens + pairs + runs), ranks


def _random_match_states(seed: int, **fields: object) -> list[CribbageState]:
    """The state after every move of a random match (views untouched)."""
    from mazzo.engine import CHANCE, get_game

    game = get_game("cribbage")
    rng = random.Random(seed)
    state = game.new_match(game.config(**fields))
    seen = []
    while state.current_player >= CHANCE:
        state.apply(random_move(state, rng))
        seen.append(state)
        if rng.random() < 0.05:  # now and then go on from a clone (its events still to make)
            state = state.clone()
    return seen


def test_every_show_counted_inline_matches_the_plain_count() -> None:
    from mazzo.games.cribbage.events import Counted

    shows = 0
    for seed in range(12):
        for players in (2, 3, 4):
            for state in _random_match_states(seed, players=players):
                for event in state.events:
                    if isinstance(event, Counted):
                        plain = _plain_show(event.cards, event.starter, event.what == "crib")
                        runs = plain[2]
                        assert (event.fifteens, event.pairs, event.runs, event.flush, event.nobs,
                                event.points) == plain
                        assert event.run_length == (0 if not runs else
                                                    {3: 3, 4: 4, 5: 5, 6: 3, 8: 4, 9: 3,
                                                     12: 3}[runs])
                        shows += 1
    assert shows > 1_000


def test_events_made_when_read_are_the_events_of_the_move() -> None:
    """Events recorded as (class, fields) tuples become the events themselves when read: every
    entry an Event of its class, the same objects at every read, the same JSON in a clone."""
    from mazzo.engine.game import Event

    kinds: set[str] = set()
    for seed in range(6):
        for state in _random_match_states(seed, players=2 + seed % 3, muggins=seed % 2 == 1):
            twin = state.clone()  # copies the events still to make as they are
            events = state.events
            assert all(isinstance(e, Event) for e in events)
            assert [id(e) for e in state.events] == [id(e) for e in events]
            assert [e.to_json() for e in twin.events] == [e.to_json() for e in events]
            kinds.update(e.kind for e in events)
    assert {"dealt", "scored", "go", "reset", "counted", "laid"} <= kinds


def test_the_run_precheck_never_hides_a_run() -> None:
    from mazzo.games.cribbage.scoring import SPAN3, last_run_length

    rng = random.Random(13)
    for _ in range(50_000):
        ranks = [rng.randint(1, 13) for _ in range(rng.randint(3, 8))]
        if rng.random() < 0.5:  # runs are rare at random: make some
            start = rng.randint(1, 9)
            ranks += rng.sample(range(start, start + 5), rng.randint(3, 5))
        if ranks[-2] == ranks[-1]:
            continue  # a pair: the play scores it and looks for no run
        may_run = SPAN3[ranks[-3] << 8 | ranks[-2] << 4 | ranks[-1]] < len(ranks)
        assert may_run or last_run_length(ranks) == 0, ranks


def test_a_reader_never_sees_the_show_table_half_built(monkeypatch: pytest.MonkeyPatch) -> None:
    """The server replays tables in worker threads: a thread reading the show table while
    another builds it must get the whole table (it once got a half-filled dict: KeyError)."""
    import threading

    from mazzo.games.cribbage import scoring

    monkeypatch.setattr(scoring, "SHOW_RANKS", {})
    last_key = sum(scoring._KEY[r] for r in (9, 10, 11, 12, 13))  # built near the end
    plain = scoring.rank_parts
    calls = 0
    found: list[object] = []

    def read() -> None:
        table = scoring.SHOW_RANKS or scoring.show_rank_table()
        found.append(table.get(last_key))

    reader = threading.Thread(target=read)

    def slow_parts(ranks: object) -> tuple[int, int, int]:
        nonlocal calls
        calls += 1
        if calls == 100:  # mid-build: a second thread reads the table
            reader.start()
            reader.join(0.3)
        return plain(ranks)  # type: ignore[arg-type]

    monkeypatch.setattr(scoring, "rank_parts", slow_parts)
    scoring.show_rank_table()
    reader.join(10)
    assert found == [scoring.SHOW_RANKS[last_key]]
    assert found[0] is not None
