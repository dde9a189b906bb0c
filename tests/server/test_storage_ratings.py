"""The rating part of the storage contract and the rating of a finished rated table, on every
backend (SQLite and PostgreSQL)."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import pytest

from mazzo.arena.ratings import DEFAULT_MU, DEFAULT_SIGMA, shown
from mazzo.engine.game import State
from mazzo.engine.registry import get_game
from mazzo.server.ratings import display, places, rating_of, settle
from mazzo.server.storage.base import OVER, RatedResult, RatingRow, SeatRow, Storage, TableRow


def rated_table(storage: Storage, table_id: str, game: str, players: int,
                rated: bool = True, created: float = 2.0) -> TableRow:
    """A finished rated table whose seats are held by new accounts p0, p1, ..."""
    accounts = [storage.account_by_username(f"p{s}") or storage.create_account(
        f"p{s}", "h", 1.0) for s in range(players)]
    seats = tuple(SeatRow(s, "human", f"p{s}", f"t{s}", accounts[s].id)
                  for s in range(players))
    row = TableRow(id=table_id, game=game, config={"players": players}, seats=seats,
                   owner_hash="owner", status=OVER, options={"rated": rated}, created=created)
    storage.create_table(row)
    return row


def finished(game_id: str, players: int, seed: int = 1) -> State:
    """A match played to its end by random legal moves (a fixed seed)."""
    import random

    game = get_game(game_id)
    state = game.new_match(game.config(players=players))
    rng = random.Random(seed)
    while not state.is_terminal:
        state.apply(state.sample_chance(rng) if state.is_chance
                    else rng.choice(state.legal_actions()))
    return state


def test_places_rank_results_and_put_forfeits_last() -> None:
    assert places([1.0, 0.0], [False, False]) == [0, 1]
    assert places([0.5, 0.5, 0.0], [False, False, False]) == [0, 0, 1]
    assert places([1.0, 0.0], [True, False]) == [1, 0]  # the winner forfeited: last
    assert places([1.0, 0.0, 0.0], [True, True, False]) == [1, 2, 0]


def test_a_rated_table_is_rated_once(storage: Storage) -> None:
    row = rated_table(storage, "t1", "cribbage", 2)
    state = finished("cribbage", 2)
    assert settle(storage, row, get_game("cribbage"), state)
    assert not settle(storage, row, get_game("cribbage"), state)  # a second end: counted once
    winner = state.returns().index(1.0)
    rows = [storage.rating(s.account or "", "cribbage") for s in row.seats]
    assert all(r is not None and r.matches == 1 for r in rows)
    won, lost = rows[winner], rows[1 - winner]
    assert won is not None and lost is not None
    assert (won.wins, lost.wins) == (1, 0) and won.mu > DEFAULT_MU > lost.mu
    history = storage.rating_history(won.account_id, "cribbage", 10)
    assert [(h.table_id, h.place, h.won) for h in history] == [("t1", 0, True)]
    assert rating_of(storage, won.account_id, "cribbage")[2] == 1
    assert rating_of(storage, "nobody", "cribbage") == (DEFAULT_MU, DEFAULT_SIGMA, 0)


def test_an_unrated_table_or_one_with_a_guest_is_not_rated(storage: Storage) -> None:
    row = rated_table(storage, "t1", "cribbage", 2, rated=False)
    assert not settle(storage, row, get_game("cribbage"), finished("cribbage", 2))
    guest = TableRow(id="t2", game="cribbage", config={"players": 2}, owner_hash="o",
                     seats=(row.seats[0], SeatRow(1, "human", "guest", "t")),
                     options={"rated": True})
    storage.create_table(guest)
    assert not settle(storage, guest, get_game("cribbage"), finished("cribbage", 2))
    assert storage.rating(row.seats[0].account or "", "cribbage") is None


def test_a_forfeited_winner_is_rated_last(storage: Storage) -> None:
    row = rated_table(storage, "t1", "cribbage", 2)
    state = finished("cribbage", 2)
    winner = state.returns().index(1.0)
    storage.record_forfeit("t1", winner, 5.0)
    storage.record_forfeit("t1", winner, 6.0)  # marked once
    assert storage.forfeits("t1") == {winner}
    settle(storage, row, get_game("cribbage"), state)
    gone = storage.rating(row.seats[winner].account or "", "cribbage")
    assert gone is not None and gone.wins == 0 and gone.mu < DEFAULT_MU


def test_partners_are_rated_as_one_side(storage: Storage) -> None:
    row = rated_table(storage, "t1", "cribbage", 4)
    state = finished("cribbage", 4)
    settle(storage, row, get_game("cribbage"), state)
    mus = [(storage.rating(s.account or "", "cribbage") or pytest.fail()).mu for s in row.seats]
    assert mus[0] == pytest.approx(mus[2]) and mus[1] == pytest.approx(mus[3])
    assert (mus[0] > DEFAULT_MU) == (state.returns()[0] == 1.0)


def test_several_players_each_alone(storage: Storage) -> None:
    row = rated_table(storage, "t1", "novantanove", 3)
    state = finished("novantanove", 3)
    settle(storage, row, get_game("novantanove"), state)
    best = max(range(3), key=lambda s: state.returns()[s])
    rows = {s.seat: storage.rating(s.account or "", "novantanove") for s in row.seats}
    assert all(r is not None and r.matches == 1 for r in rows.values())
    assert max(rows, key=lambda s: (rows[s] or pytest.fail()).mu) == best


def test_the_leaderboard_orders_by_the_conservative_rating(storage: Storage) -> None:
    for n in range(3):
        row = rated_table(storage, f"t{n}", "cribbage", 2, created=2.0 + n)
        settle(storage, row, get_game("cribbage"), finished("cribbage", 2, seed=n))
    board = storage.leaderboard("cribbage", 10, 0)
    assert sorted(name for name, _ in board) == ["p0", "p1"]
    values = [r.mu - 3 * r.sigma for _, r in board]
    assert values == sorted(values, reverse=True)
    assert storage.leaderboard("cribbage", 1, 1) == board[1:]
    assert storage.leaderboard("burraco", 10, 0) == []
    top = board[0][1]
    assert display(top) == {"rating": shown(top.mu, top.sigma), "matches": 3,
                            "wins": top.wins, "provisional": True}
    assert [r.game for r in storage.account_ratings(top.account_id)] == ["cribbage"]
    points = storage.rating_history(top.account_id, "cribbage", 2)
    assert [p.table_id for p in points] == ["t1", "t2"]  # the last two, oldest first
    assert [t[0] for t in storage.finished_tables(top.account_id, 5)] == ["t2", "t1", "t0"]
    storage.set_account_flag(top.account_id, "banned", 9.0)
    assert [name for name, _ in storage.leaderboard("cribbage", 10, 0)] == [board[1][0]]


def test_a_rating_function_that_fails_writes_nothing(storage: Storage) -> None:
    row = rated_table(storage, "t1", "cribbage", 2)

    def half(before: dict[str, RatingRow | None]) -> list[RatedResult]:
        raise RuntimeError("stopped halfway")

    with pytest.raises(RuntimeError):
        storage.rate_table("t1", [s.account or "" for s in row.seats], half)
    assert storage.rating(row.seats[0].account or "", "cribbage") is None
    assert settle(storage, row, get_game("cribbage"), finished("cribbage", 2))


def test_two_processes_ending_one_table_rate_it_once(postgres_url: str) -> None:
    """Two servers on one PostgreSQL settle the same finished table at the same moment (a
    take-over racing the old owner): one rates it, the other finds it rated; and two tables of
    one player ending at once both count."""
    from mazzo.server.storage.postgres import PostgresStorage

    first, second = PostgresStorage(postgres_url), PostgresStorage(postgres_url)
    try:
        first.migrate()
        rows = [rated_table(first, f"t{n}", "cribbage", 2) for n in range(2)]
        state = finished("cribbage", 2)
        game = get_game("cribbage")
        with ThreadPoolExecutor(4) as pool:
            done = list(pool.map(lambda job: settle(job[0], job[1], game, state),
                                 [(first, rows[0]), (second, rows[0]),
                                  (first, rows[1]), (second, rows[1])]))
        assert sorted(done) == [False, False, True, True]
        for seat in rows[0].seats:
            rating = first.rating(seat.account or "", "cribbage")
            assert rating is not None and rating.matches == 2
    finally:
        first.close()
        second.close()


@pytest.mark.parametrize("game_id", ["burraco", "cribbage", "nebraska", "novantanove",
                                     "poker_italiano"])
def test_every_games_sides_share_their_result(game_id: str) -> None:
    """``Game.sides``: partners (cribbage and Burraco for four) always end with one return,
    so rating them as one side rates what they did; every other seat is alone."""
    game = get_game(game_id)
    for players in game.player_counts:
        sides = game.sides(game.config(players=players))
        assert len(sides) == players
        partnered = len(set(sides)) < players
        assert partnered == (game_id in ("burraco", "cribbage") and players == 4)
        if partnered:
            for seed in range(3):
                returns = finished(game_id, players, seed).returns()
                for a in range(players):
                    assert all(returns[a] == returns[b] for b in range(players)
                               if sides[a] == sides[b])
