"""JSON API v1: live tables (docs/api.md, "Live tables"; docs/live-tables.md).

A program sits at a live table as a person's phone does: it creates a table or joins one by
its code, and gets a seat token, sent back as ``Authorization: Bearer <seat token>``. The
seat's view has the shape of the caddie's request for that game, and a move the shape of the
caddie's answer, so a program can play by asking the caddie and sending back what it says.

Every answer holds only what its seat may know (docs/information-sets.md): the view is built
from the game's ``program_view``/``onlooker_view``, never from the stored table. A token of no
seat at the table, no token, a watch token where a seat is needed and an unknown id all answer
the same 404, so tables cannot be probed.

Errors are the API's ``{"error", "field"}``: 400 bad input, 403 only the host may, 404 no
table (or no table with that code), 409 the table is full or started, not your turn, an
illegal move, a stale version (then with the fresh view), or too many open tables to make
another, 429 too many codes that named no table, or a long poll from a client already waiting
its share (``changes.PER_CLIENT``).
"""

from __future__ import annotations

import hmac
import json
import re
import threading
import time
from collections.abc import Iterator
from typing import Any

from flask import Flask, Response, current_app, make_response, request, stream_with_context, url_for

from caddie.core.errors import CaddieError
from caddie.core.game import IllegalAction
from caddie.core.games.kind import GameKind
from caddie.core.ledger import HOLE_COUNTS, PLAYER_NAME_LIMIT
from caddie.core.live.table import CLOCKS, LEVELS, LiveTable
from caddie.store import live_tables
from caddie.store.live_changes import table_now
from caddie.store.models import LiveTableRecord
from caddie.web.api import bp
from caddie.web.api.bearer import bearer_token
from caddie.web.api.body import (
    chosen_game,
    is_json_int,
    json_object,
    round_course,
    round_table,
    shortened,
    tidy_text,
)
from caddie.web.api.errors import Refused
from caddie.web.identity import browser_id
from caddie.web.live.access import (
    TooManyTries,
    client_key,
    join_by_code,
    join_path,
    open_tables_limit,
    waiting_client,
    watch_path,
)
from caddie.web.live.changes import SUPERSEDED_RETRY, changes_for, stream_lifetime
from caddie.web.live.driver import present, timing_for
from caddie.web.shareable import shareable_url

CREATE_FIELDS = ("game", "holes", "preset", "rules", "course", "name", "seats", "clock")
SEAT_FIELDS = ("kind", "level")
JOIN_FIELDS = ("name",)
MOVE_FIELDS = ("version", "action")

API_HOST = "api"  # the host browser of a table made by a client without a session cookie (then ":<address>")
EVENTS = 5  # the latest events a view shows
LONG_POLL_MAX_S = 25
STREAM_S = 50  # one event stream lasts this long, then the client opens the next (a proxy's idle limit)
QUIET_S = 25.0  # at most this long without a line on a stream: a comment says it is still open

NO_TABLE = "There is no table at this address."
MOVED_ON = (
    "The table moved on since you last looked, so your move was not made. "
    "The table below is as it is now: look again, then move."
)
CHANGED_AT_START = (
    "The table changed at the same moment, so the match was not started. "
    "The table below is as it is now: look again, then start."
)
WAIT = re.compile(r"[0-9]{1,9}")
OVER_CAP_RETRY_S = 5  # a client already waiting its share (changes.PER_CLIENT) asks again after this
TOO_MANY_WAITS = (
    "This client is already waiting for as many answers as one may at once: wait for those, "
    "or ask again in a few seconds."
)


@bp.after_request
def _no_store(response):
    # a view holds a seat's own cards, a creation or a join its seat token: no cache keeps them
    response.headers["Cache-Control"] = "no-store"
    return response


# -- the endpoints -----------------------------------------------------------------------------


@bp.post("/tables")
def create_table():
    body = json_object(CREATE_FIELDS)
    kind = chosen_game(body)
    name = _name(body)
    seats = _seats(body, kind)
    clock = _clock(body)
    course = round_course(body, kind)  # a sample, one of this browser's courses, or one sent
    settings = kind.settings_for(round_table(body, kind), _holes(body), course)
    host = browser_id() or f"{API_HOST}:{client_key().removeprefix('join:')}"  # a program's bound: its address's
    row, token = live_tables.create(host, kind.name, settings, seats, name, clock, open_tables_limit())
    assert row.join_token is not None and row.watch_token is not None  # a table of people has its links
    answer = {
        "id": row.public_id,
        "code": row.code,
        "join_url": _absolute(join_path(row.join_token)),
        "watch_url": _absolute(watch_path(row.watch_token)),
        "seat": 0,
        "seat_token": token,
        "version": row.version,
    }
    return answer, 201, {"Location": f"/api/v1/tables/{row.public_id}"}


@bp.post("/tables/<code>/join")
def join_table(code: str):
    body = json_object(JOIN_FIELDS)
    name = _name(body)
    row, seat, token = join_by_code(code, name)
    return {"id": row.public_id, "seat": seat, "seat_token": token, "version": row.version}


@bp.post("/tables/<table_id>/start")
def start_table(table_id: str):
    """The host deals the match; the answer is the host seat's view."""
    row, seat = _seated(table_id)
    app = _app()
    try:
        live_tables.start(row, seat, timing_for(app))
    except live_tables.StaleTable:  # a second tap on Start, or a join at the same moment
        return _stale(table_id, seat, CHANGED_AT_START)
    return table_view(row, seat)


@bp.get("/tables/<table_id>")
def get_table(table_id: str):
    """The seat's view (an onlooker's with the watch token); ``?wait=<version>`` holds the answer
    until the table is past that version, or the long poll's time is up."""
    token = bearer_token()
    row, seat = _viewer(table_id, token)
    wait = _wait()
    app = _app()
    present(app, row, live_tables.read(row), None if seat is None else [seat])
    if wait is None or row.version > wait:
        return table_view(row, seat)
    current = row.version  # read before the wait ends this request's reads (and expires the row)
    timeout = float(app.config.get("LIVE_LONG_POLL_MAX_S", LONG_POLL_MAX_S))
    client = waiting_client(token if seat is not None else None)
    waited = changes_for(app).wait(table_id, wait, timeout, current=current, client=client, end_oldest=False)
    if waited.over_cap:
        raise TooManyTries(TOO_MANY_WAITS, "wait", OVER_CAP_RETRY_S)
    view = _view_after_wait(table_id, token, seat, waited.version)
    response = make_response(view)
    if waited.no_room and view["version"] <= wait:
        response.headers["Retry-After"] = "1"  # this server had no room to wait: ask again in a second
    return response


@bp.get("/tables/<table_id>/stream")
def stream_table(table_id: str):
    """Server-sent events: the seat's view (an onlooker's with the watch token) as an ``view`` event
    now, then again each time the table changes, for ``STREAM_S`` seconds; the client then opens
    the next with ``Last-Event-ID`` (each event's id is its version), and is sent only what is newer."""
    token = bearer_token()
    row, seat = _viewer(table_id, token)
    present(_app(), row, live_tables.read(row), None if seat is None else [seat])
    known = _last_event_id()
    version = row.version
    first = table_view(row, seat) if version > known else None
    changes = changes_for(_app())
    client = waiting_client(token if seat is not None else None)
    stream_s = stream_lifetime(float(current_app.config.get("LIVE_STREAM_S", STREAM_S)))

    def events() -> Iterator[str]:
        yield "retry: 1000\n\n"
        seen = known
        if first is not None:
            seen = version
            yield _event(first)
        deadline = time.monotonic() + stream_s
        while (remaining := deadline - time.monotonic()) > 0:
            waited = changes.wait(table_id, seen, min(remaining, QUIET_S), current=max(seen, version), client=client)
            if waited.version is None:
                return
            if waited.superseded and waited.version <= seen:
                yield SUPERSEDED_RETRY
                return
            if waited.version <= seen:
                if waited.no_room:
                    return  # no room to wait in this process: the client comes back after the retry
                yield ": still here\n\n"  # keeps proxies from closing a quiet stream
                continue
            try:
                view = _view_after_wait(table_id, token, seat, waited.version)
            except Refused:
                return  # the seat is no longer this token's
            seen = max(seen, view["version"])
            yield _event(view)
            if waited.superseded:
                yield SUPERSEDED_RETRY
                return

    response = Response(stream_with_context(events()), mimetype="text/event-stream")
    response.headers["X-Accel-Buffering"] = "no"  # a proxy passes each event on at once
    return response


def _event(view: dict[str, Any]) -> str:
    return f"id: {view['version']}\nevent: view\ndata: {json.dumps(view, separators=(',', ':'))}\n\n"


def _last_event_id() -> int:
    """The version a reconnecting client holds (``Last-Event-ID``), else 0: send the table as it is."""
    value = request.headers.get("Last-Event-ID", "").strip()
    return int(value) if WAIT.fullmatch(value) else 0


@bp.post("/tables/<table_id>/moves")
def make_move(table_id: str):
    """The seat's move in the caddie's answer shape, made once: the version names what it saw."""
    row, seat = _seated(table_id)
    body = json_object(MOVE_FIELDS)
    seen = body.get("version")
    if type(seen) is not int or seen < 0:  # a JSON integer: not true, not 3.0
        raise CaddieError("Send the version of the table you saw, a whole number such as 7.", "version")
    move = body.get("action")
    if not isinstance(move, dict):
        raise CaddieError(
            'The move is an object in the shape of the caddie\'s answer, such as {"action": "draw"}.', "action"
        )
    if seen != row.version:  # before reading the move: it was meant for a table that is gone
        return _stale(table_id, seat)

    def actions(table: LiveTable) -> list[Any]:
        if table.match is None:
            raise IllegalAction("The match has not started yet: the host starts it.", "action")
        return table.kind.program_actions(table.match, seat, move)

    app = _app()
    try:
        played = live_tables.move(row, seat, actions, seen, timing_for(app))
    except live_tables.StaleTable:
        return _stale(table_id, seat)
    return table_view(row, seat, played)


# -- what a seat sees ------------------------------------------------------------------------------


def table_view(row: LiveTableRecord, seat: int | None, table: LiveTable | None = None) -> dict[str, Any]:
    """``seat``'s view of the table (``None``: an onlooker's), holding nothing that seat may not know.
    ``table``: the row's state already read, when the caller has it."""
    return _view(row.version, table or live_tables.read(row), seat, _scorecard_url(live_tables.scorecard_token(row)))


def _view_after_wait(public_id: str, token: str | None, seat: int | None, version: int | None) -> dict[str, Any]:
    """The view once a wait is over: from the table this process holds decoded at ``version``, as it
    usually does (the server that saved it keeps it, and the first phone served decodes it), without
    asking the database; else read afresh. ``Refused`` (404) when the token holds no seat any more."""
    if version is None or token is None:
        row, seat = _viewer(public_id, token)
        return table_view(row, seat)
    view = _kept_view(public_id, token, seat, version)
    if view is not None:
        return view
    # The phones of one table wake together: one of this process reads and decodes the new version,
    # then the others find it decoded, instead of each reading the same table at once.
    with _READING[hash(public_id) % len(_READING)]:
        view = _kept_view(public_id, token, seat, version)
        if view is None:
            row, seat = _viewer(public_id, token)
            view = table_view(row, seat)
    return view


_READING = [threading.Lock() for _ in range(64)]


def _kept_view(public_id: str, token: str, seat: int | None, version: int) -> dict[str, Any] | None:
    """The view from the table this process holds decoded at ``version``, if it does."""
    table = live_tables.decoded(public_id, version)
    if table is None or (seat is not None and table.seat_of(live_tables.digest(token)) != seat):
        return None
    share = live_tables.kept_scorecard_token(public_id) if table.match is not None else None
    if table.match is not None and share is None:
        return None
    return _view(version, table, seat, _scorecard_url(share))


def _view(version: int, table: LiveTable, seat: int | None, scorecard_url: str | None) -> dict[str, Any]:
    kind, match = table.kind, table.match
    view = None
    if match is not None:
        view = kind.program_view(match, seat) if seat is not None else kind.onlooker_view(match)
    return {
        "version": version,
        "game": kind.name,
        "holes": kind.holes(table.settings),
        "phase": kind.phase(match) if match is not None else "lobby",
        "seat": seat,
        "to_move": table.to_move,
        "names": table.names,
        "order": list(match.order) if match is not None else list(range(len(table.places))),
        "totals": match.totals if match is not None else [0] * len(table.places),
        "hole": match.hole if match is not None else 0,
        "seats": [
            {
                "name": place.name,
                "kind": "person" if place.person else "computer",
                "level": place.level,
                "away": place.away,
            }
            for place in table.places
        ],
        "notice": table.notice,
        "events": [event.text for event in match.log[-EVENTS:]] if match is not None else [],
        "scorecard_url": scorecard_url,
        "view": view,
    }


def _stale(public_id: str, seat: int | None, message: str = MOVED_ON):
    row = table_now(public_id)  # whatever this request read is old news
    if row is None:  # pragma: no cover - tables are not deleted
        raise Refused(NO_TABLE, 404)
    return dict(table_view(row, seat), error=message, field="version"), 409


# -- who is asking -----------------------------------------------------------------------------


def _seated(public_id: str) -> tuple[LiveTableRecord, int]:
    """The table, read to be changed, and the seat the Bearer token holds at it; 404 for anything
    else. The seat's person is at the table (``present``)."""
    row = live_tables.find(public_id, to_change=True)
    table = live_tables.read(row) if row is not None else None
    seat = live_tables.seat_of(row, bearer_token(), table) if row is not None else None
    if row is None or table is None or seat is None:
        raise Refused(NO_TABLE, 404)
    present(_app(), row, table, [seat])
    return row, seat


def _viewer(public_id: str, token: str | None) -> tuple[LiveTableRecord, int | None]:
    """The table and the seat ``token`` holds, or ``None`` for its watch token; 404 for anything else."""
    row = live_tables.find(public_id)
    if row is None or token is None:
        raise Refused(NO_TABLE, 404)
    seat = live_tables.seat_of(row, token)
    if seat is None and (row.watch_token is None or not hmac.compare_digest(row.watch_token, token)):
        raise Refused(NO_TABLE, 404)
    return row, seat


# -- reading the bodies ------------------------------------------------------------------------------


def _name(body: dict[str, Any]) -> str:
    if body.get("name") is None:
        raise CaddieError('Send your name, as the others at the table will see it, such as "Ann".', "name")
    return tidy_text(body["name"], "name", "Your name", PLAYER_NAME_LIMIT)


def _seats(body: dict[str, Any], kind: GameKind[Any]) -> list[dict[str, Any]]:
    """The seats in order, the first the creator's own, each as ``LiveTable.new`` takes it."""
    low, high = kind.seats
    seats = body.get("seats")
    example = '[{"kind": "person"}, {"kind": "computer", "level": "steady"}]'
    if not isinstance(seats, list) or not low <= len(seats) <= high:
        raise CaddieError(f"A {kind.title} table has {low} to {high} seats, yours first, such as {example}.", "seats")
    wanted: list[dict[str, Any]] = []
    for i, seat in enumerate(seats):
        field = f"seats[{i}]"
        if not isinstance(seat, dict):
            raise CaddieError(f'Seat {i + 1} is {{"kind": "person"}} or {{"kind": "computer", "level": ...}}.', field)
        for key in seat:
            if key not in SEAT_FIELDS:
                raise CaddieError(
                    f'"{shortened(key)}" is not a field of a seat; the fields are kind and level.',
                    f"{field}.{shortened(key)}",
                )
        what = seat.get("kind")
        if what == "person":
            if seat.get("level") is not None:
                raise CaddieError(f"Seat {i + 1} is a person's: only a computer has a level.", f"{field}.level")
            wanted.append({"kind": "person"})
        elif what == "computer":
            if i == 0:
                raise CaddieError("The first seat is yours: a person's.", f"{field}.kind")
            if seat.get("level") not in LEVELS:
                raise CaddieError(
                    f"Choose the level of the computer at seat {i + 1}: {', '.join(LEVELS[:-1])} or {LEVELS[-1]}.",
                    f"{field}.level",
                )
            wanted.append({"kind": "computer", "level": seat["level"]})
        else:
            raise CaddieError(f'Seat {i + 1} is for a "person" or a "computer".', f"{field}.kind")
    return wanted


def _clock(body: dict[str, Any]) -> int | None:
    clock = body.get("clock")
    if clock is not None and (not is_json_int(clock) or clock not in CLOCKS):
        choices = ", ".join(map(str, CLOCKS[:-1])) + f" or {CLOCKS[-1]}"
        raise CaddieError(f"The turn clock is null (no clock) or {choices} seconds.", "clock")
    return clock


def _holes(body: dict[str, Any]) -> int | None:
    holes = body.get("holes")
    if holes is not None and (not is_json_int(holes) or holes not in HOLE_COUNTS):
        raise CaddieError("A table plays 9 or 18 holes.", "holes")
    return holes


def _wait() -> int | None:
    text = request.args.get("wait")
    if text is None:
        return None
    if not WAIT.fullmatch(text):
        raise CaddieError(
            "wait is the version you have, a whole number such as 7: the answer comes when the table is past it.",
            "wait",
        )
    return int(text)


# -- small helpers ------------------------------------------------------------------------------


def _app() -> Flask:
    return current_app


def _scorecard_url(share: str | None) -> str | None:
    """The read-only link to the table's ledger round (by its share token), for every seat and
    onlooker alike."""
    return _absolute(url_for("ledger.shared", token=share)) if share else None


def _absolute(path: str) -> str:
    return shareable_url(path)
