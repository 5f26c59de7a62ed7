"""Who may do what at a live table, for the pages and the API alike: joining by code under the
rate limit, and reading a seat from its token (``docs/live-tables.md``, "Codes and links").

A miss (a code that names no table) counts against the client for ``LIVE_JOIN_WINDOW_S``
seconds; after ``LIVE_JOIN_MISSES`` of them every join by code from that client is refused
until the window has passed, on every app server (the count is in the database). A join
that finds its table costs nothing, so a table of friends is never slowed down.
"""

from __future__ import annotations

from datetime import timedelta

from flask import current_app, request

from caddie.core.errors import CaddieError
from caddie.store import live_tables
from caddie.store.models import LiveTableRecord
from caddie.store.rate_limits import count_try, tries

__all__ = [
    "TooManyTries",
    "UnknownTable",
    "client_key",
    "join_by_code",
    "join_path",
    "table_by_code",
    "table_path",
    "watch_path",
]


class TooManyTries(CaddieError):
    """This client has missed too often lately: wait before trying another code."""


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


def table_by_code(code: object) -> LiveTableRecord:
    """The table a typed code names. ``TooManyTries`` once this client has missed too often,
    ``UnknownTable`` (counted as a miss) when no table has that code."""
    key, window = client_key(), _window()
    limit = int(current_app.config.get("LIVE_JOIN_MISSES", 10))
    if tries(key, window) >= limit:
        minutes = max(1, round(window.total_seconds() / 60))
        raise TooManyTries(
            f"Too many codes that named no table: wait {minutes} minutes, or ask for the join link.", "code"
        )
    row = live_tables.find_by_code(code)
    if row is None:
        count_try(key, window)
        raise UnknownTable("No table has that code: check it with the person who made the table.", "code")
    return row


def join_by_code(code: object, name: object) -> tuple[LiveTableRecord, int, str]:
    """Sit down at the table ``code`` names: the table, the seat and its token."""
    row = table_by_code(code)
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
