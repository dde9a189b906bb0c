"""Keeping a database small, on every backend: ``mazzo admin prune`` removes finished tables
that ended before a date with everything that hangs on them, never an unfinished one, and
leaves the accounts' ratings as they were; ``mazzo admin export`` writes their records first,
as ``mazzo replay`` and ``mazzo verify`` read them."""

from __future__ import annotations

import datetime
import json
import random
import time
from pathlib import Path

import pytest

from mazzo.cli.main import main
from mazzo.engine.game import CHANCE
from mazzo.engine.record import load_record, replay
from mazzo.engine.registry import get_game
from mazzo.server.fairness import commitment, fair_chance, new_seed, verify_record
from mazzo.server.storage.base import (
    OVER,
    PLAYING,
    ActionRow,
    ChatRow,
    RatedResult,
    ReportRow,
    SeatRow,
    Storage,
    TableRow,
    UnknownTable,
    open_storage,
)

from live_server import LIVE_BACKENDS

#: one deal of Novantanove decides a match to 1 point: a whole match in about 40 actions
ONE_DEAL = {"players": 3, "target": 1}


def played_table(storage: Storage, table_id: str, created: float, status: str = OVER,
                 account: str | None = None) -> None:
    """A table of three people with a whole match in its log, as a server stores it (every
    chance action with its fair seed and commitment), and a chat line and a review."""
    game = get_game("novantanove")
    config = game.config_class.from_json({**game.config_class().to_json(), **ONE_DEAL})
    seats = tuple(SeatRow(s, "human", f"p{s}", f"h{s}", account if s == 0 else None)
                  for s in range(3))
    storage.create_table(TableRow(table_id, game.id, config.to_json(), seats, "owner",
                                  PLAYING, {}, created=created))
    state, rng, log = game.new_match(config), random.Random(table_id), []
    while not state.is_terminal:
        seed = None
        if state.current_player == CHANCE:
            seed = new_seed()
            action = fair_chance(state, seed)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        log.append((table_id, ActionRow(len(log), action.to_json(), seed and seed.hex(),
                                        seed and commitment(seed), state.hand_number)))
    assert storage.append_actions(log) == [None] * len(log)  # one commit
    storage.add_chat(table_id, ChatRow("c1", created, 0, "players", "p0", account, "ciao"))
    storage.save_review(table_id, 0, {"moves": []})
    if status == OVER:
        storage.set_status(table_id, OVER)


@pytest.fixture(params=LIVE_BACKENDS)
def db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A migrated database of each backend, by its ``--db`` URL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'keep.db'}"
    url: str = request.getfixturevalue("postgres_url")
    return url


def test_prune_removes_only_finished_tables_and_keeps_ratings(db: str) -> None:
    storage = open_storage(db)
    try:
        ada = storage.create_account("Ada", "$argon2id$x", 1.0)
        played_table(storage, "old", 1.0, account=ada.id)
        played_table(storage, "rematch", 2.0)
        storage.set_rematch("old", "rematch")
        played_table(storage, "unfinished", 1.0, status=PLAYING)
        storage.rate_table("old", [ada.id], lambda before: [  # Ada's rating, a history point
            RatedResult(ada.id, "novantanove", "old", 27.0, 8.0, 0, True, 2.0)])
        storage.add_report(ReportRow("r1", "old", 1, "p1", None, "ada", "rude", 2.0))
        rating = storage.rating(ada.id, "novantanove")
        history = storage.rating_history(ada.id, "novantanove", 10)
        time.sleep(0.01)
        before = time.time()
        time.sleep(0.01)
        played_table(storage, "new", 3.0)  # finished after the date: stays
        assert storage.finished_before(before, 10) == ["old", "rematch"]
        assert storage.finished_before(before, 1, after="old") == ["rematch"]
        assert storage.unfinished_before(before) == 1
        assert storage.prune_tables(["old", "unfinished"]) == 1  # unfinished: left alone
        with pytest.raises(UnknownTable):
            storage.load_table("old")
        assert storage.load_table("unfinished").actions
        assert storage.load_table("new").table.status == OVER
        assert storage.chat_log("old", "players", 10) == []
        assert storage.load_review("old", 0) is None
        assert storage.account_tables(ada.id, 10) == []  # "My tables" lists it no more
        assert storage.rating(ada.id, "novantanove") == rating is not None
        assert storage.rating_history(ada.id, "novantanove", 10) == history != []
        assert [r.table_id for r in storage.list_reports(10)] == ["old"]
    finally:
        storage.close()


def test_export_then_prune_from_the_command_line(db: str, tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    storage = open_storage(db)
    for name in ("a", "b"):
        played_table(storage, name, 1.0)
    played_table(storage, "playing", 1.0, status=PLAYING)
    records = {name: replay_of(storage, name) for name in ("a", "b")}
    storage.close()
    day = datetime.datetime.now().isoformat()  # local time, to the microsecond
    time.sleep(0.01)  # the date must have passed
    out = tmp_path / "records"
    assert main(["admin", "--db", db, "export", "--finished-before", day, "--out",
                 str(out)]) == 0
    assert capsys.readouterr().out.startswith("Wrote the records of 2 finished tables to ")
    assert sorted(p.name for p in out.iterdir()) == ["a.json", "b.json"]
    for name, record in records.items():
        exported = load_record(out / f"{name}.json")
        assert exported == record  # as GET /api/tables/{id}/record gives it
        chances = sum(1 for a in exported["history"] if a["type"] in ("choose_dealer", "deal"))
        # the dealer's draw and the deal; a tie for the lead deals again
        assert replay(exported).is_terminal and verify_record(exported) == chances >= 2
    assert main(["admin", "--db", db, "export", "--out", str(tmp_path / "all.jsonl")]) == 0
    capsys.readouterr()
    lines = (tmp_path / "all.jsonl").read_text(encoding="utf-8").splitlines()
    assert sorted(json.loads(line)["meta"]["table"] for line in lines) == ["a", "b"]
    assert main(["admin", "--db", db, "prune", "--finished-before", day, "--dry-run"]) == 0
    said = capsys.readouterr().out
    assert said.startswith("Would remove 2 tables finished before ")
    assert said.endswith("1 unfinished table from before then stays: prune never removes an "
                         "unfinished table.\n")
    assert main(["--lang", "it", "admin", "--db", db, "prune", "--finished-before", day]) == 0
    said = capsys.readouterr().out
    assert said.startswith("Tolti 2 tavoli finiti prima del ")
    assert "1 tavolo non finito di prima resta" in said
    storage = open_storage(db)
    try:
        assert storage.finished_before(time.time(), 10) == []
        assert storage.unfinished_tables() == ["playing"]
        (entry,) = storage.admin_log(10)
        assert entry.action == "prune" and entry.detail.startswith("2 finished before ")
    finally:
        storage.close()


def replay_of(storage: Storage, table_id: str) -> dict[str, object]:
    from mazzo.server.table import replay_table

    return replay_table(storage.load_table(table_id)).record()


def test_bad_dates_and_outs_are_refused_clearly(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    db = f"sqlite:///{tmp_path / 'keep.db'}"
    with pytest.raises(SystemExit):
        main(["admin", "--db", db, "prune", "--finished-before", "yesterday"])
    assert "'yesterday' is not a date such as 2026-01-31" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--lang", "it", "admin", "--db", db, "prune", "--finished-before", "2999-01-01"])
    assert "2999-01-01 è nel futuro" in capsys.readouterr().err
    (tmp_path / "file").write_text("x")
    assert main(["admin", "--db", db, "export", "--out", str(tmp_path / "file")]) == 2
    assert "is a file; give a folder" in capsys.readouterr().err
