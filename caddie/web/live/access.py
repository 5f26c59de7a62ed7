"""Who may do what at a live table, for the pages and the API alike: joining by code under the
rate limit, and reading a seat from its token (``docs/live-tables.md``, "Codes and links").

A miss (a well-formed code that names no table) counts against the client for
``LIVE_JOIN_WINDOW_S`` seconds; after ``LIVE_JOIN_MISSES`` of them every join by code from that
client is refused until the window has passed, on every app server (the count is in the
database), the right code too: were the right code let through, the refusal itself would tell a
guesser which of their codes is right. A join that finds its table costs nothing, and an empty
or malformed code is only told what a code looks like: a slip of the thumb is not a guess.
"""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

from flask import current_app, request

from caddie.core.errors import CaddieError
from caddie.core.live.codes import read_code
from caddie.store import live_tables
from caddie.store.models import LiveTableRecord
from caddie.store.rate_limits import count_try, tries, window_end

__all__ = [
    "NOT_A_CODE",
    "NO_CODE",
    "TooManyTries",
    "UnknownTable",
    "client_key",
    "count_ask",
    "join_by_code",
    "join_path",
    "table_by_code",
    "table_path",
    "watch_path",
]


class TooManyTries(CaddieError):
    """This client has missed too often lately: wait ``seconds_left`` before trying another code."""

    def __init__(self, message: str, field: str | None = None, seconds_left: int = 0) -> None:
        super().__init__(message, field)
        self.seconds_left = seconds_left


class UnknownTable(CaddieError):
    """No table has that code."""


def client_key() -> str:
    """Who is trying, for the rate limit: the client's address, as the last ``TRUSTED_PROXY_HOPS``
    proxies in front of the app saw it (0, the default: the address that connected)."""
    hops = int(current_app.config.get("TRUSTED_PROXY_HOPS", 0) or 0)
    if hops > 0:
        chain = [part.strip() for part in request.headers.get("X-Forwarded-For", "").split(",") if part.strip()]
        if len(chain) >= hops:
            return f"join:{chain[-hops]}"
    return f"join:{request.remote_addr or 'unknown'}"


def _window() -> timedelta:
    return timedelta(seconds=float(current_app.config.get("LIVE_JOIN_WINDOW_S", 600)))


NO_CODE = "Type the table's code: 8 letters and digits, such as K7QM-2PXR."
NOT_A_CODE = "A table code is 8 letters and digits, such as K7QM-2PXR: check what was typed."


def table_by_code(code: object, who: str = "this phone") -> LiveTableRecord:
    """The table a typed code names. ``CaddieError`` (not counted) for an empty or malformed
    code, ``TooManyTries`` once this client (``who``, in the sentence) has missed too often,
    ``UnknownTable`` (counted as a miss) when no table has that code."""
    if read_code(code) is None:
        blank = not isinstance(code, str) or not code.strip(" -_.\t")
        raise CaddieError(NO_CODE if blank else NOT_A_CODE, "code")
    key, window = client_key(), _window()
    limit = int(current_app.config.get("LIVE_JOIN_MISSES", 10))
    if tries(key, window) >= limit:
        raise _too_many(key, window, f"Too many wrong codes from {who}", "code")
    row = live_tables.find_by_code(code)
    if row is None:
        count_try(key, window)
        raise UnknownTable("No table has that code: check it with the person who made the table.", "code")
    return row


def _too_many(key: str, window: timedelta, what: str, field: str) -> TooManyTries:
    """The refusal past a limit, saying when it lifts: "<what>: try again in 7 minutes."."""
    ends = window_end(key, window)
    left = max(1, math.ceil((ends - datetime.now(UTC)).total_seconds())) if ends is not None else 1
    minutes = math.ceil(left / 60)
    when = "1 minute" if minutes == 1 else f"{minutes} minutes"
    return TooManyTries(f"{what}: try again in {when}.", field, left)


def count_ask() -> None:
    """Count a request to be let back in from this client: ``LIVE_ASK_LIMIT`` of them in the
    window, then ``TooManyTries``, so that nobody with the code can keep the host's phone busy."""
    key, window = "ask:" + client_key().removeprefix("join:"), _window()
    if tries(key, window) >= int(current_app.config.get("LIVE_ASK_LIMIT", 5)):
        raise _too_many(key, window, "Too many requests from this phone", "name")
    count_try(key, window)


def join_by_code(code: object, name: object) -> tuple[LiveTableRecord, int, str]:
    """Sit down at the table ``code`` names (for a program: the limit counts per address): the
    table, the seat and its token."""
    row = table_by_code(code, "this address")
    seat, token = live_tables.join(row, name)
    return row, seat, token


# -- the table's addresses (the pages in caddie/web/live/pages.py serve them) ---------------------


def table_path(public_id: str) -> str:
    """The table's page: a seated phone plays there; anyone else may join from its lobby."""
    return f"/t/{public_id}"


def join_path(code: str) -> str:
    """The join link (and its QR code): the table's code in an address."""
    return f"/join/{code}"


def watch_path(watch_token: str) -> str:
    """The onlookers' read-only link."""
    return f"/w/{watch_token}"
