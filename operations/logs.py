"""Logs as one JSON object a line (LOG_FORMAT=json), each carrying what it happened for.

A request or a task sets its context (request id, user id, game id) in a context variable;
every line logged while it runs carries it, and the request or task ends with one line of its
own (status or outcome, duration). Plain text stays the default, for a person at a terminal.
"""

from __future__ import annotations

import contextvars
import json
import logging
from datetime import UTC, datetime
from typing import Any

CONTEXT: contextvars.ContextVar[dict[str, Any] | None] = contextvars.ContextVar(
    "khora_log_context", default=None
)
# The fields a request or task line adds (logging's `extra`); only these are written, so a
# record never writes what a library attached to it.
FIELDS = (
    "request_id", "user_id", "game_id", "method", "path", "view", "status", "duration_ms",
    "task", "task_id", "outcome",
)  # fmt: skip


def bind(**values: Any) -> contextvars.Token:
    return CONTEXT.set({**(CONTEXT.get() or {}), **values})


def unbind(token: contextvars.Token) -> None:
    CONTEXT.reset(token)


def _recording_context(factory):
    """Every record takes the context it was logged in when it is made: a handler that
    formats it later (a queue, a test's capture) still writes what it happened for."""

    def make(*args, **kwargs) -> logging.LogRecord:
        record = factory(*args, **kwargs)
        record.khora_context = CONTEXT.get()
        return record

    make.khora = True  # type: ignore[attr-defined]
    return make


if not getattr(logging.getLogRecordFactory(), "khora", False):
    logging.setLogRecordFactory(_recording_context(logging.getLogRecordFactory()))


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        line.update(getattr(record, "khora_context", None) or {})
        for name in FIELDS:
            value = record.__dict__.get(name)
            if value is not None:
                line[name] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        return json.dumps(line, default=str, ensure_ascii=False)


def logging_config(log_format: str, level: str) -> dict[str, Any]:
    formatter = (
        {"()": "operations.logs.JsonFormatter"}
        if log_format == "json"
        else {"format": "%(levelname)s %(name)s %(message)s"}
    )
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"khora": formatter},
        "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "khora"}},
        "root": {"handlers": ["console"], "level": level},
    }
