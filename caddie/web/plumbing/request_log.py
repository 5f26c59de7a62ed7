"""Structured request logs: one JSON line per request on stderr.

On when ``REQUEST_LOG`` is true (production_config turns it on under
gunicorn; development and tests leave it off). A line reads

    {"time": "2025-01-31T20:14:03.512Z", "request_id": "3f2a9c0d41b7e865", "method": "POST",
     "path": "/ledger/r/<public_id:3f2a9c0d>/score", "status": 200, "duration_ms": 4.21, "cpu_ms": 3.05}

``cpu_ms`` is the CPU time of the request's own thread: the rest of ``duration_ms`` was spent
waiting (for the database, for a core, for the worker's interpreter lock), which tells a slow
request that did too much from one that waited too long.

``path`` never carries the query string, nor any part of the address that
names or opens something: a token (share, edit, seat and watch links), a join
code or join link's key, a table's, round's, match's or course's id, an ask's
id. Each is written as its route's placeholder, ``/join/<key>``,
``/ledger/e/<token>``, and an id with a short keyed hash of it,
``/t/<public_id:3f2a9c0d>``, so that one table's requests can be followed
through the log without the log letting anyone open the table (the hash is
keyed with ``SECRET_KEY``, so it cannot be matched against guessed ids). Only
a hole's number, a seat's and a static file's name are written as they are.

``request_id`` is the proxy's ``X-Request-ID`` when it sent a sane one, else a
new random id; it is echoed in the response's ``X-Request-ID`` header (always,
logging on or off) so a user's report can be matched to its line.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import re
import secrets
import sys
import time
from datetime import UTC, datetime

from flask import Flask, Response, current_app, g, request

LOGGER_NAME = "caddie.request"
REQUEST_ID_HEADER = "X-Request-ID"
_SANE_ID = re.compile(r"[A-Za-z0-9._:-]{1,64}")

logger = logging.getLogger(LOGGER_NAME)


class _StderrHandler(logging.StreamHandler):
    """Writes to whatever ``sys.stderr`` is at the time (pytest swaps it per test)."""

    def __init__(self) -> None:
        super().__init__(sys.stderr)

    @property
    def stream(self):
        return sys.stderr

    @stream.setter
    def stream(self, _value) -> None:
        pass


def init_app(app: Flask) -> None:
    app.before_request(_start)
    app.after_request(_finish)
    if app.config.get("REQUEST_LOG"):
        _configure_logger()


def _configure_logger() -> None:
    if not any(isinstance(h, _StderrHandler) for h in logger.handlers):
        handler = _StderrHandler()
        handler.setFormatter(logging.Formatter("%(message)s"))
        logger.addHandler(handler)
    logger.setLevel(logging.INFO)
    logger.propagate = False  # exactly one line, whatever the root logger does
    logger.disabled = False


def _start() -> None:
    g.request_started = time.perf_counter()
    g.cpu_started = time.thread_time()
    sent = request.headers.get(REQUEST_ID_HEADER, "")
    g.request_id = sent if _SANE_ID.fullmatch(sent) else secrets.token_hex(8)


def _finish(response: Response) -> Response:
    request_id = g.get("request_id") or secrets.token_hex(8)
    response.headers.setdefault(REQUEST_ID_HEADER, request_id)
    if current_app.config.get("REQUEST_LOG"):
        started = g.get("request_started")
        duration = (time.perf_counter() - started) * 1000 if started is not None else None
        cpu_started = g.get("cpu_started")
        cpu = (time.thread_time() - cpu_started) * 1000 if cpu_started is not None else None
        logger.info(
            json.dumps(
                {
                    "time": datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z"),
                    "request_id": request_id,
                    "method": request.method,
                    "path": logged_path(),
                    "status": response.status_code,
                    "duration_ms": round(duration, 2) if duration is not None else None,
                    "cpu_ms": round(cpu, 2) if cpu is not None else None,
                },
                ensure_ascii=False,
            )
        )
    return response


CLEAR_ARGUMENTS = frozenset({"hole", "seat", "filename"})  # name nothing secret
HASHED_ARGUMENTS = frozenset({"public_id", "round_id", "table_id"})  # ids worth following through the log
_PLACEHOLDER = re.compile(r"<(?:[^<>:]+:)?([^<>:]+)>")


def logged_path() -> str:
    """The request's path without its query string, with every part of it that names or opens
    something masked (the module's docstring). A path no route matched is written as it came:
    it opened nothing."""
    rule, values = request.url_rule, request.view_args
    if rule is None or values is None:
        return request.path

    def masked(placeholder: re.Match[str]) -> str:
        name = placeholder.group(1)
        value = values.get(name)
        if name in CLEAR_ARGUMENTS:
            return str(value)
        if name in HASHED_ARGUMENTS and isinstance(value, str):
            return f"<{name}:{_keyed_hash(value)}>"
        return f"<{name}>"

    return _PLACEHOLDER.sub(masked, rule.rule)


def _keyed_hash(value: str) -> str:
    key = str(current_app.config.get("SECRET_KEY") or "").encode()
    return hmac.new(key, value.encode(), hashlib.sha256).hexdigest()[:8]
