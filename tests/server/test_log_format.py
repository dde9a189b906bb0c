"""``mazzo serve --log-format``: the JSON line of a record (its fields, the code's extra fields,
uvicorn's access fields, a traceback kept on one line), secrets redacted from URLs in either
format, and the text format left as uvicorn writes it."""

from __future__ import annotations

import datetime
import json
import logging
import sys

import pytest

from mazzo.server.log_format import JsonFormatter, Redact, logging_config, redact

SEAT_TOKEN = "4kMtoF1uJa97FSk42oDglBJLb3xP_pG2K-5GF5Yp_q8"


def record(name: str, msg: str, *args: object, level: int = logging.INFO,
           **extra: object) -> logging.LogRecord:
    return logging.getLogger(name).makeRecord(name, level, __file__, 1, msg, args, None,
                                              extra=extra or None)


def as_json(made: logging.LogRecord) -> dict[str, object]:
    Redact().filter(made)
    line = JsonFormatter().format(made)
    assert "\n" not in line
    entry: dict[str, object] = json.loads(line)
    return entry


@pytest.mark.parametrize(("text", "expected"), [
    (f"/ws/tables/abc?token={SEAT_TOKEN}", "/ws/tables/abc?token=[redacted]"),
    (f"/ws/tables/a?lang=it&token={SEAT_TOKEN}&x=1", "/ws/tables/a?lang=it&token=[redacted]&x=1"),
    (f"/api/tables/abc/review/1?TOKEN={SEAT_TOKEN}", "/api/tables/abc/review/1?TOKEN=[redacted]"),
    ("/api/quickmatch?ticket=T1&owner=O2", "/api/quickmatch?ticket=[redacted]&owner=[redacted]"),
    ("/api/tables/abc?lang=it", "/api/tables/abc?lang=it"),
    ("no url here", "no url here"),
])
def test_secrets_in_urls_are_redacted(text: str, expected: str) -> None:
    assert redact(text) == expected


def test_a_json_line_has_the_fields(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAZZO_PROCESS_INDEX", "2")
    entry = as_json(record("mazzo.server", "table %s waits for storage: %s", "T1", "gone",
                           level=logging.WARNING, table="T1"))
    assert entry["message"] == "table T1 waits for storage: gone"
    assert (entry["level"], entry["logger"], entry["process"]) == ("warning", "mazzo.server", "2")
    assert entry["table"] == "T1" and isinstance(entry["pid"], int)
    when = datetime.datetime.fromisoformat(str(entry["time"]))
    assert str(entry["time"]).endswith("Z") and when.utcoffset() == datetime.timedelta(0)


def test_uvicorns_access_line_gives_its_parts_redacted() -> None:
    entry = as_json(record("uvicorn.access", '%s - "%s %s HTTP/%s" %d', "127.0.0.1:5000", "GET",
                           f"/api/tables/abc/review/0?token={SEAT_TOKEN}", "1.1", 200))
    assert SEAT_TOKEN not in json.dumps(entry)
    assert entry["path"] == "/api/tables/abc/review/0?token=[redacted]"
    assert (entry["client"], entry["method"], entry["http"], entry["status"]) == (
        "127.0.0.1:5000", "GET", "1.1", 200)


def test_a_websocket_handshake_line_is_redacted() -> None:
    entry = as_json(record("uvicorn.error", '%s - "WebSocket %s" [accepted]', "127.0.0.1:5000",
                           f"/ws/tables/abc?token={SEAT_TOKEN}",
                           color_message="\x1b[1mcoloured copy\x1b[0m"))
    assert entry["message"] == '127.0.0.1:5000 - "WebSocket /ws/tables/abc?token=[redacted]" ' \
                               "[accepted]"
    assert "color_message" not in entry


def test_a_traceback_stays_on_the_line() -> None:
    try:
        raise RuntimeError("boom")
    except RuntimeError:
        made = logging.getLogger("mazzo.server").makeRecord(
            "mazzo.server", logging.ERROR, __file__, 1, "table %s: a message failed", ("T1",),
            sys.exc_info(), extra={"table": "T1"})
    entry = as_json(made)
    assert "RuntimeError: boom" in str(entry["exc"]) and entry["level"] == "error"


def test_the_text_format_is_uvicorns_with_the_filter() -> None:
    import uvicorn.config

    config = logging_config("text", "warning")
    assert config["formatters"]["default"] == uvicorn.config.LOGGING_CONFIG["formatters"]["default"]
    assert config["loggers"]["mazzo"] == {"level": "WARNING"}
    assert all(h["filters"] == ["secrets"] for h in config["handlers"].values())
    json_config = logging_config("json", "info")
    assert json_config["loggers"]["mazzo"] == {"level": "INFO"}
    assert json_config["root"]["level"] == "WARNING"  # other libraries' notices stay out
