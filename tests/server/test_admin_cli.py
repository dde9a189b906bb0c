"""``mazzo admin`` on a SQLite database: bans, mutes, password resets and the admin log, each
action logged with the OS user; its words in English and Italian."""

from __future__ import annotations

from pathlib import Path

import pytest
from argon2 import PasswordHasher

from mazzo.cli.admin import actor
from mazzo.cli.main import main
from mazzo.server.storage.base import Storage, open_storage


@pytest.fixture
def db(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'admin.db'}"


def accounts(db: str) -> Storage:
    storage = open_storage(db)
    if storage.account_by_username("ada") is None:
        ada = storage.create_account("Ada", "$argon2id$old", 1.0)
        storage.create_session("s1", ada.id, 1.0, 1e12)
    return storage


def test_ban_and_unban_are_done_and_logged(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    accounts(db).close()
    assert main(["admin", "--db", db, "ban", "ADA", "--reason", "spam"]) == 0
    assert capsys.readouterr().out == "Ada is banned.\n"
    storage = open_storage(db)
    ada = storage.account_by_username("ada")
    assert ada is not None and ada.banned is not None
    assert storage.session_account("s1", 2.0) is None  # its sessions ended
    storage.close()
    assert main(["admin", "--db", db, "unban", "ada"]) == 0
    assert main(["admin", "--db", db, "mute", "ada"]) == 0
    assert main(["--lang", "it", "admin", "--db", db, "unmute", "ada"]) == 0
    said = capsys.readouterr().out
    assert "Ada is no longer banned." in said and "Ada non è più silenziato." in said
    storage = open_storage(db)
    ada = storage.account_by_username("ada")
    assert ada is not None and ada.banned is None and ada.muted is None
    log = storage.admin_log(10)
    storage.close()
    assert [r.action for r in log] == ["unmute", "mute", "unban", "ban"]
    assert {r.actor for r in log} == {actor()} and log[-1].detail == "Ada: spam"
    assert log[-1].account == ada.id
    assert main(["admin", "--db", db, "log"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 4 and lines[-1].endswith(f"{actor()}  ban  Ada: spam")


def test_reset_password_prints_a_new_one_once(db: str, capsys: pytest.CaptureFixture[str]
                                              ) -> None:
    accounts(db).close()
    assert main(["admin", "--db", db, "reset-password", "ada"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0].startswith("New password for Ada")
    password = said[1]
    assert len(password) >= 16
    storage = open_storage(db)
    ada = storage.account_by_username("ada")
    assert ada is not None
    stored = storage.password_hash(ada.id)
    assert stored is not None and PasswordHasher().verify(stored, password)
    assert storage.session_account("s1", 2.0) is None
    (entry,) = storage.admin_log(10)
    storage.close()
    assert entry.action == "reset-password" and password not in entry.detail
    assert password not in Path(db.removeprefix("sqlite:///")).read_bytes().decode("latin-1")


def test_an_unknown_user_is_an_error_in_the_readers_language(
        db: str, capsys: pytest.CaptureFixture[str]) -> None:
    accounts(db).close()
    assert main(["admin", "--db", db, "ban", "nobody"]) == 2
    assert "no account named 'nobody'" in capsys.readouterr().err
    assert main(["--lang", "it", "admin", "--db", db, "mute", "nobody"]) == 2
    assert "nessun account di nome 'nobody'" in capsys.readouterr().err


def test_empty_log_and_reports(db: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["admin", "--db", db, "log"]) == 0
    assert main(["admin", "--db", db, "reports"]) == 0
    out = capsys.readouterr().out
    assert "The admin log is empty." in out
    assert "report" in out.lower()


def test_the_help_speaks_both_languages(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["admin", "--help"])
    assert "reset-password" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["--lang", "it", "admin", "--help"])
    assert "sospendi un account" in capsys.readouterr().out
