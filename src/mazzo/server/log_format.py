"""How ``mazzo serve`` writes its log (``--log-format``, ``--log-level``): as text, the way it
always has (uvicorn's lines, and mazzo's messages as they are), or as one JSON object per line
for a log collector: ``time`` (ISO 8601, UTC), ``level``, ``logger``, ``message``,
``process`` (the process's label, as in the metrics) and ``pid``, then the fields the code
gives a record (``table`` where a message is about one table; uvicorn's access lines give
``client``, ``method``, ``path``, ``http`` and ``status``), and ``exc`` with the traceback of
an error. Either way a secret in a URL (a seat's or the owner's token, a quick match ticket)
is written as ``[redacted]``: a websocket's URL carries its seat's token."""

from __future__ import annotations

import copy
import datetime
import json
import logging
import logging.config
import os
import re
import sys
from typing import Any, Final, TextIO

from mazzo.server.watch import process_label

#: the formats and levels ``mazzo serve`` takes
FORMATS: Final = ("text", "json")
LEVELS: Final = ("debug", "info", "warning", "error")
#: query parameters whose value is a secret
SECRET_PARAMS: Final = re.compile(r"([?&](?:token|owner|ticket|password)=)[^&\s\"']*",
                                  re.IGNORECASE)
REDACTED: Final = "[redacted]"
#: the attributes every LogRecord has: the others are the fields the code gave it
RECORD_FIELDS: Final = frozenset(vars(logging.makeLogRecord({}))) | {"message", "asctime",
                                                                     "taskName"}
#: fields of uvicorn's records that repeat the message (with terminal colours)
DROPPED_FIELDS: Final = frozenset({"color_message"})
#: the arguments of uvicorn's access line, in order, and the field each becomes
ACCESS_FIELDS: Final = ("client", "method", "path", "http", "status")


def redact(text: str) -> str:
    """``text`` with the value of every secret query parameter replaced."""
    return SECRET_PARAMS.sub(rf"\g<1>{REDACTED}", text) if "=" in text else text


class Redact(logging.Filter):
    """Redacts secrets in a record's message and its string arguments, before any formatter
    (text or JSON) reads them; the arguments keep their places, as uvicorn's access formatter
    unpacks them."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: redact(v) if isinstance(v, str) else v
                           for k, v in record.args.items()}
        return True


class JsonFormatter(logging.Formatter):
    """One JSON object per record, on one line (see the module's docstring)."""

    def __init__(self) -> None:
        super().__init__()
        self.process = process_label()
        self.pid = os.getpid()

    def format(self, record: logging.LogRecord) -> str:
        when = datetime.datetime.fromtimestamp(record.created, datetime.UTC)
        entry: dict[str, Any] = {
            "time": when.isoformat(timespec="milliseconds").replace("+00:00", "Z"),
            "level": record.levelname.lower(), "logger": record.name,
            "message": record.getMessage(), "process": self.process, "pid": self.pid,
        }
        if record.name == "uvicorn.access" and isinstance(record.args, tuple) \
                and len(record.args) == len(ACCESS_FIELDS):
            entry.update(zip(ACCESS_FIELDS, record.args, strict=True))
        for key, value in vars(record).items():
            if key not in RECORD_FIELDS and key not in DROPPED_FIELDS and key not in entry:
                entry[key] = value
        if record.exc_info:
            entry["exc"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        return json.dumps(entry, ensure_ascii=False, default=str)


class CurrentStream(logging.StreamHandler):  # type: ignore[type-arg]
    """A handler writing to whatever ``sys.stderr`` (or ``sys.stdout``) is when a record is
    written, not to the stream it was when logging was set up: a ``mazzo serve`` run in a
    process that swaps its streams (a test's captured output, closed after the test) would
    otherwise write to a closed file."""

    def __init__(self, which: str = "stderr") -> None:
        self.which = which
        super().__init__()

    @property
    def stream(self) -> TextIO:
        return sys.stdout if self.which == "stdout" else sys.stderr

    @stream.setter
    def stream(self, _value: TextIO) -> None:
        """StreamHandler sets its stream: this one always reads the current one."""


def logging_config(log_format: str, level: str) -> dict[str, Any]:
    """The ``logging.config.dictConfig`` of ``mazzo serve``: uvicorn's own (its text lines)
    or JSON lines for every logger, with secrets redacted either way; mazzo's and uvicorn's
    loggers at ``level``, every other library's at warning (as before: their notices are
    not the server's)."""
    import uvicorn.config

    if log_format == "json":
        config: dict[str, Any] = {
            "version": 1, "disable_existing_loggers": False,
            "formatters": {"json": {"()": JsonFormatter}},
            "handlers": {"default": {"class": "logging.StreamHandler", "formatter": "json",
                                     "stream": "ext://sys.stderr"}},
            "loggers": {"uvicorn": {"handlers": ["default"], "propagate": False},
                        "uvicorn.access": {"handlers": ["default"], "propagate": False}},
        }
    else:
        config = copy.deepcopy(uvicorn.config.LOGGING_CONFIG)
        # mazzo's own messages as they always came (the bare message, on stderr)
        config["formatters"]["plain"] = {"format": "%(message)s"}
        config["handlers"]["plain"] = {"class": "logging.StreamHandler", "formatter": "plain",
                                       "stream": "ext://sys.stderr"}
        config["root"] = {"handlers": ["plain"]}
    config.setdefault("root", {"handlers": ["default"]})["level"] = "WARNING"
    config["filters"] = {"secrets": {"()": Redact}}
    for handler in config["handlers"].values():
        handler["filters"] = ["secrets"]
        if handler.get("stream") in ("ext://sys.stderr", "ext://sys.stdout"):
            handler["class"] = f"{__name__}.CurrentStream"
            handler["which"] = handler.pop("stream").removeprefix("ext://sys.")
    config["loggers"]["mazzo"] = {"level": level.upper()}
    return config


def configure(log_format: str, level: str) -> dict[str, Any]:
    """Set the process's logging up (before anything logs); returns the config (uvicorn is
    then told not to set up its own)."""
    config = logging_config(log_format, level)
    logging.config.dictConfig(config)
    if log_format == "json":  # a Python warning is a JSON line too, not stray stderr text
        logging.captureWarnings(True)
    return config


def announce(text: str, log_format: str, stream: TextIO | None = None) -> None:
    """A line ``mazzo serve`` prints when it starts (on stdout unless ``stream``): the text, or
    in JSON mode the same as a JSON log line (level info), so that every line it writes
    parses."""
    out = stream or sys.stdout
    if log_format != "json":
        print(text, file=out, flush=True)
        return
    record = logging.makeLogRecord({"name": "mazzo.server", "levelno": logging.INFO,
                                    "levelname": "INFO", "msg": text})
    print(JsonFormatter().format(record), file=out, flush=True)
