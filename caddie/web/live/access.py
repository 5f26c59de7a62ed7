"""Who may do what at a live table, for the pages and the API alike: joining by code under the
rate limit, and reading a seat from its token (``docs/live-tables.md``, "Codes and links").

Only a code someone typed (on ``/join``, in the API's join, or in an old ``/join/<code>``
link) can be a guess; the join link and its QR code carry the table's join token instead, which
cannot be guessed, and are never counted nor refused. A typed code takes a try from two counts
at once: the client's own (its browser identity, else its address; ``LIVE_JOIN_MISSES``, 10) and
its address's (``LIVE_JOIN_ADDRESS_MISSES``, 30, for every phone on one Wi-Fi together), each
checked and counted in one step (``rate_limits.take_try``), so tries sent at the same moment
cannot pass the limit together. A code that names a table gives its tries back: only a miss
costs. Past either limit every typed code is refused until the window
(``LIVE_JOIN_WINDOW_S``) has passed, the right code too: were the right code let through, the
refusal itself would tell a guesser which of their codes is right. An empty or malformed code is
only told what a code looks like: a slip of the thumb is not a guess.
"""

from __future__ import annotations

import math
import os
from datetime import UTC, datetime, timedelta

from flask import current_app, request

from caddie.core.errors import CaddieError
from caddie.core.live.codes import read_code
from caddie.store import live_tables
from caddie.store.models import LiveTableRecord
from caddie.store.rate_limits import give_back, take_try, window_end
from caddie.web.identity import browser_id

__all__ = [
    "NOT_A_CODE",
    "NO_CODE",
    "NO_SUCH_LINK",
    "TooManyTries",
    "UnknownTable",
    "client_key",
    "count_ask",
    "join_by_code",
    "join_path",
    "open_tables_limit",
    "replay_share_path",
    "table_by_code",
    "table_by_link",
    "table_path",
    "typed_limits",
    "waiting_client",
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


def waiting_client(seat_token: str | None = None) -> str:
    """Who a wait for a live table counts against (``changes.Changes.wait``, ``PER_CLIENT``): the
    seat of the token a program sent, else this browser (its identity), else its address: a client
    that keeps no cookie cannot be told from the others there."""
    if seat_token is not None:
        return "seat:" + live_tables.digest(seat_token)
    identity = browser_id()
    return f"browser:{identity}" if identity else "address:" + client_key().removeprefix("join:")


_SET = os.environ.get("LIVE_OPEN_TABLES", "").strip()
OPEN_TABLES = int(_SET) if _SET.isdecimal() else 10  # open tables one browser (or address) may host


def open_tables_limit() -> int:
    """How many open tables one host may have (``LIVE_OPEN_TABLES``; docs/live-tables.md)."""
    return int(current_app.config.get("LIVE_OPEN_TABLES", OPEN_TABLES))


def _window() -> timedelta:
    return timedelta(seconds=float(current_app.config.get("LIVE_JOIN_WINDOW_S", 600)))


NO_CODE = "Type the table's code: 8 letters and digits, such as K7QM-2PXR."
NOT_A_CODE = "A table code is 8 letters and digits, such as K7QM-2PXR: check what was typed."


JOIN_MISSES, ADDRESS_MISSES = 10, 30  # a client's misses, and its address's, in the window
NO_SUCH_LINK = "This join link names no table: check it with the person who made the table, or type its code."
LINK_STILL_WORKS = " The table's join link and its QR code still work: ask the person who made the table for them."


def typed_limits(program: bool) -> list[tuple[str, int, str]]:
    """The counts a typed code takes a try from: (key, limit, whose tries, for the refusal). The
    client is its browser identity (a phone that typed ten wrong codes is its own matter, not its
    Wi-Fi's), or its address when it has none; the address has a larger allowance of its own,
    shared by every phone on it. ``program``: an API client, who makes no identity by joining."""
    config = current_app.config
    address = client_key()
    identity = browser_id() if program else browser_id(create=True)
    client = f"join:browser:{identity}" if identity else f"join:no-browser:{address.removeprefix('join:')}"
    mine = ("this client" if identity else "this address") if program else "this phone"
    return [
        (client, int(config.get("LIVE_JOIN_MISSES", JOIN_MISSES)), mine),
        (
            address,
            int(config.get("LIVE_JOIN_ADDRESS_MISSES", ADDRESS_MISSES)),
            "this address" if program else "this network",
        ),
    ]


def table_by_code(code: object, program: bool = False) -> LiveTableRecord:
    """The table a typed code names. ``CaddieError`` (not counted) for an empty or malformed
    code, ``TooManyTries`` once this client or its address has missed too often (the pages'
    sentence then points to the join link; ``program``: the API's), ``UnknownTable`` (counted as
    a miss) when no table has that code."""
    if read_code(code) is None:
        blank = not isinstance(code, str) or not code.strip(" -_.\t")
        raise CaddieError(NO_CODE if blank else NOT_A_CODE, "code")
    window = _window()
    taken: list[str] = []
    for key, limit, whose in typed_limits(program):
        if not take_try(key, window, limit):
            for held in taken:
                give_back(held, window)
            then = "" if program else LINK_STILL_WORKS
            raise _too_many(key, window, f"Too many wrong codes from {whose}", "code", then)
        taken.append(key)
    row = live_tables.find_by_code(code)
    if row is None:
        raise UnknownTable("No table has that code: check it with the person who made the table.", "code")
    for key in taken:  # a code that names a table costs nothing
        give_back(key, window)
    return row


def table_by_link(key: str) -> LiveTableRecord | None:
    """The table a join link names: by its join token, never counted; by its code in a link
    shared before join tokens (``/join/<code>``), counted as a typed code (``table_by_code``), since
    anyone can type a code into an address. ``None``: a join token of no table."""
    if live_tables.is_join_token(key):
        return live_tables.find_by_join_token(key)
    return table_by_code(key)


def _too_many(key: str, window: timedelta, what: str, field: str, then: str = "") -> TooManyTries:
    """The refusal past a limit, saying when it lifts: "<what>: try again in 7 minutes.<then>"."""
    ends = window_end(key, window)
    left = max(1, math.ceil((ends - datetime.now(UTC)).total_seconds())) if ends is not None else 1
    minutes = math.ceil(left / 60)
    when = "1 minute" if minutes == 1 else f"{minutes} minutes"
    return TooManyTries(f"{what}: try again in {when}.{then}", field, left)


def count_ask() -> None:
    """Count a request to be let back in from this client: ``LIVE_ASK_LIMIT`` of them in the
    window, then ``TooManyTries``, so that nobody with the code can keep the host's phone busy."""
    key, window = "ask:" + client_key().removeprefix("join:"), _window()
    if not take_try(key, window, int(current_app.config.get("LIVE_ASK_LIMIT", 5))):
        raise _too_many(key, window, "Too many requests from this phone", "name")


def join_by_code(code: object, name: object) -> tuple[LiveTableRecord, int, str]:
    """Sit down at the table ``code`` names (for a program): the table, the seat and its token."""
    row = table_by_code(code, program=True)
    seat, token = live_tables.join(row, name)
    return row, seat, token


# -- the table's addresses (the pages in caddie/web/live/pages.py serve them) ---------------------


def table_path(public_id: str) -> str:
    """The table's page: a seated phone plays there; anyone else may join from its lobby."""
    return f"/t/{public_id}"


def join_path(join_token: str) -> str:
    """The join link (and its QR code): the table's join token in an address."""
    return f"/join/{join_token}"


def watch_path(watch_token: str) -> str:
    """The onlookers' read-only link."""
    return f"/w/{watch_token}"


def replay_share_path(share_token: str) -> str:
    """The replay's share link: every finished hole as an onlooker saw it, while the host shares it."""
    return f"/replay/{share_token}"
