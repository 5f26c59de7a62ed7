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
from typing import Annotated, Any

from flask import Flask, Response, current_app, make_response, request, stream_with_context, url_for
from pydantic import Field

from caddie.core.errors import CaddieError
from caddie.core.game import IllegalAction
from caddie.core.games.kind import GameKind
from caddie.core.ledger import PLAYER_NAME_LIMIT
from caddie.core.live.table import LEVELS, LiveTable
from caddie.core.names import check_typed
from caddie.openapi.live import (
    ALREADY_STARTED_EXAMPLE,
    BAD_WAIT_EXAMPLE,
    EXAMPLE_TABLE_ID,
    FIRST_SEAT,
    FULL_EXAMPLE,
    HOLDING,
    LOBBY,
    NO_TABLE_EXAMPLE,
    NOT_A_CODE_EXAMPLE,
    NOT_THE_HOST_EXAMPLE,
    STARTED,
    STARTED_EXAMPLE,
    STREAM_EXAMPLE,
    TOO_MANY_MISSES_EXAMPLE,
    TOO_MANY_TABLES_EXAMPLE,
    TOO_MANY_WAITS_EXAMPLE,
    UNKNOWN_CODE_EXAMPLE,
    WATCHING,
    CreatedTable,
    CreateTableRequest,
    JoinedTable,
    JoinTableRequest,
    TableConflict,
    TableMoveRequest,
    TableSeatRequest,
    TableView,
    choose_level,
    person_has_no_level,
    seats_sentence,
)
from caddie.openapi.record import EXAMPLE_RECORD, TableRecord
from caddie.openapi.shared import Error
from caddie.store import live_tables, table_records
from caddie.store.live_changes import table_now
from caddie.store.models import LiveTableRecord
from caddie.web.api import bp
from caddie.web.api.bearer import bearer_token
from caddie.web.api.errors import Refused
from caddie.web.api.game_setup import course_of, game_of, table_of
from caddie.web.api.spec import Answer, Header, Param, documented, request_body
from caddie.web.identity import browser_id
from caddie.web.live.access import (
    TooManyTries,
    client_key,
    join_by_code,
    join_path,
    open_tables_limit,
    replay_share_path,
    waiting_client,
    watch_path,
)
from caddie.web.live.changes import SUPERSEDED_RETRY, changes_for, stream_lifetime
from caddie.web.live.driver import present, timing_for
from caddie.web.shareable import shareable_url

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
BAD_WAIT = "wait is the version you have, a whole number such as 7: the answer comes when the table is past it."
OVER_CAP_RETRY_S = 5  # a client already waiting its share (changes.PER_CLIENT) asks again after this
TOO_MANY_WAITS = (
    "This client is already waiting for as many answers as one may at once: wait for those, "
    "or ask again in a few seconds."
)

# -- what the document says of them ---------------------------------------------------------------

TAG = "Live tables"
SEAT_TOKEN = ("bearerAuth",)
TABLE_ID = Param("table_id", "path", "The table's `id`.", example=EXAMPLE_TABLE_ID)
CODE = Param("code", "path", "The table's code, as typed: any case, with or without the dash.", example="k7qm-2pxr")
HeldVersion = Annotated[int, Field(ge=0)]  # the version of the table a client has
RETRY_AFTER = {"Retry-After": Header("Seconds to wait.", int)}


def _not_found(onlooker: bool) -> Answer:
    who = "a seat token or the watch token of this table" if onlooker else "a seat token of this table"
    return Answer(
        f"No table here for this caller: the id is wrong, or the Bearer token is not {who}. The two answer alike.",
        Error,
        examples={"not_found": ("No table here", NO_TABLE_EXAMPLE)},
    )


@bp.after_request
def _no_store(response):
    # a view holds a seat's own cards, a creation or a join its seat token: no cache keeps them
    response.headers["Cache-Control"] = "no-store"
    return response


# -- the endpoints -----------------------------------------------------------------------------


@bp.post("/tables")
@documented(
    "createTable",
    TAG,
    {
        201: Answer(
            "The table: its id, its code and links, and your seat's token.",
            CreatedTable,
            {"Location": Header("The table in the API.")},
        ),
        400: Answer("The table cannot be made; the message says why and `field` says where.", Error),
        409: Answer(
            "You have as many open tables as one may (10): a table counts until its match is over, or until nobody "
            "has been at it for an hour. You are your browser identity (the session cookie), or without it your "
            "address.",
            Error,
            examples={"too_many_tables": ("An eleventh open table", TOO_MANY_TABLES_EXAMPLE)},
        ),
    },
    body=CreateTableRequest,
)
def create_table():
    """Make a live table

    A table in its lobby, with you at seat 0 and the seats you ask for: people who join with the code, and
    computers (Beginner, Steady or Caddie). Grid Golf takes `preset`, `rules` and `holes` like a ledger round, over
    the calling browser's Settings; Club Cards takes a `course` and the browser's deck and chart. The answer is the
    only time your seat token is shown.
    """
    body = request_body(CreateTableRequest)
    kind = game_of(body)
    name = check_typed(body.name, "Your name", "name", PLAYER_NAME_LIMIT)
    seats = _seats(body.seats, kind)
    course = course_of(body, kind)  # a sample, one of this browser's courses, or one sent
    settings = kind.settings_for(table_of(body, kind), body.holes, course)
    host = browser_id() or f"{API_HOST}:{client_key().removeprefix('join:')}"  # a program's bound: its address's
    row, token = live_tables.create(host, kind.name, settings, seats, name, body.clock, open_tables_limit())
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
@documented(
    "joinTable",
    TAG,
    {
        200: Answer("Your seat and its token.", JoinedTable),
        400: Answer(
            "The name will not do, or the code is not one (not counted as a miss); the message says why.",
            Error,
            examples={"not_a_code": ("A mistyped code", NOT_A_CODE_EXAMPLE)},
        ),
        404: Answer(
            "No table has that code.", Error, examples={"unknown_code": ("A code nobody made", UNKNOWN_CODE_EXAMPLE)}
        ),
        409: Answer(
            "Nobody more can sit down: the table is full, or its match has started.",
            Error,
            examples={
                "full": ("Every seat taken", FULL_EXAMPLE),
                "started": ("The match has started", STARTED_EXAMPLE),
            },
        ),
        429: Answer(
            "Too many codes that named no table from this caller lately: the message says when to try again.",
            Error,
            RETRY_AFTER,
            {"too_many": ("Too many misses", TOO_MANY_MISSES_EXAMPLE)},
        ),
    },
    body=JoinTableRequest,
    params=(CODE,),
)
def join_table(code: str):
    """Sit down at a table by its code

    Takes the first empty person's seat. The code counts as typed: codes that name no table count against the
    caller (its browser identity if it sends the session cookie, else its address: 10 in 10 minutes) and against
    its address (30, for every client on it together), each checked and counted in one step, so tries sent at once
    cannot pass the limit together. Past either, every join by code is refused for a time (429, the right code too,
    with `Retry-After` the seconds left). A join that finds its table costs nothing, and a code that is not one at
    all (empty, too short, a letter not in the alphabet) is a 400, not a miss. A person's join link (`join_url`) is
    never counted.
    """
    body = request_body(JoinTableRequest)
    name = check_typed(body.name, "Your name", "name", PLAYER_NAME_LIMIT)
    row, seat, token = join_by_code(code, name)
    return {"id": row.public_id, "seat": seat, "seat_token": token, "version": row.version}


@bp.post("/tables/<table_id>/start")
@documented(
    "startTable",
    TAG,
    {
        200: Answer("The host seat's view of the match.", TableView, examples={"started": ("Dealt", STARTED)}),
        403: Answer(
            "Another seat's token: only the host starts the match.",
            Error,
            examples={"not_the_host": ("Bob asks", NOT_THE_HOST_EXAMPLE)},
        ),
        404: _not_found(onlooker=False),
        409: Answer(
            "The match has already started (an `Error`), or the table changed at the same moment, a join say (the "
            "view as it is now, with the error): start again.",
            TableConflict,
            examples={"already_started": ("A second start", ALREADY_STARTED_EXAMPLE)},
        ),
    },
    params=(TABLE_ID,),
    security=SEAT_TOKEN,
)
def start_table(table_id: str):
    """Start the match

    The host (seat 0) deals the match; any person's seat still empty goes to a Steady computer. Needs the host's
    seat token. No body.
    """
    row, seat = _seated(table_id)
    app = _app()
    try:
        live_tables.start(row, seat, timing_for(app))
    except live_tables.StaleTable:  # a second tap on Start, or a join at the same moment
        return _stale(table_id, seat, CHANGED_AT_START)
    return table_view(row, seat)


@bp.get("/tables/<table_id>")
@documented(
    "getTable",
    TAG,
    {
        200: Answer(
            "The table as this seat sees it.",
            TableView,
            {
                "Retry-After": Header(
                    "Only on a long poll answered at once for want of room to wait: seconds before asking again.", int
                )
            },
            {
                "lobby": ("Waiting for the host to start", LOBBY),
                "my_turn": ("Holding a card drawn from the deck", HOLDING),
                "onlooker": ("The same moment, with the watch token", WATCHING),
            },
        ),
        400: Answer("`wait` is not a version.", Error, examples={"bad_wait": ("?wait=soon", BAD_WAIT_EXAMPLE)}),
        404: _not_found(onlooker=True),
        429: Answer(
            "This client is already waiting for as many answers as one may at once.",
            Error,
            RETRY_AFTER,
            {"too_many_waits": ("A fifth long poll at once", TOO_MANY_WAITS_EXAMPLE)},
        ),
    },
    params=(
        TABLE_ID,
        Param("wait", "query", "The version you have: answer when the table is past it.", HeldVersion, 4),
    ),
    security=SEAT_TOKEN,
)
def get_table(table_id: str):
    """Look at the table

    The view of the seat whose token is sent: `Authorization: Bearer <seat token>` (from creating or joining the
    table), or the watch token (the end of `watch_url`) for an onlooker's view. The view holds only what that seat
    may know; its `view` is the caddie's request for the game.

    `?wait=<version>` is a long poll: the answer comes as soon as the table is past that version, or after 25
    seconds with the same version. When the server has no room for another waiting request it answers at once with
    the same version and `Retry-After: 1`: ask again after that second. One client (a seat's token; an onlooker's
    browser identity, else its address) may wait for 4 answers at once, streams included: a long poll past that is
    refused (429), and takes no other client's place.
    """
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
@documented(
    "streamTable",
    TAG,
    {
        200: Answer(
            "The stream of views, as `text/event-stream`.",
            media={"text/event-stream": {"schema": {"type": "string"}, "example": STREAM_EXAMPLE}},
        ),
        404: _not_found(onlooker=True),
    },
    params=(
        TABLE_ID,
        Param("Last-Event-ID", "header", "The version you have: the stream sends only what is newer.", HeldVersion, 4),
    ),
    security=SEAT_TOKEN,
)
def stream_table(table_id: str):
    """Follow the table as it changes

    Server-sent events of the view of the seat whose token is sent: `Authorization: Bearer <seat token>` (from
    creating or joining the table), or the watch token (the end of `watch_url`) for an onlooker's view. Each event
    is `event: view`, its `id` the table's version and its `data` one `TableView` in JSON, the same as
    `GET /api/v1/tables/{table_id}` answers: first the table as it is, then again each time it changes. A comment
    line (`: still here`) comes when nothing has changed for 25 seconds. The stream ends after about 50 seconds,
    when the seat is no longer the token's, or when the server has no room for another waiting phone; open it again
    after the `retry` it gave (1 second) with `Last-Event-ID`, the last version you had, and only what is newer is
    sent. A client holds 4 waits at once (streams and long polls): a fifth stream ends the client's oldest one,
    which then says `retry: 10000` (come back in 10 seconds), and takes no other client's place. The alternative to
    following the stream is the long poll, `?wait=`.
    """
    # Each event's id is the view's version; a client coming back sends the last one it had as
    # Last-Event-ID, and is sent only what is newer. One stream lasts STREAM_S seconds.
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
@documented(
    "makeMove",
    TAG,
    {
        200: Answer("The move is made: the seat's new view.", TableView),
        400: Answer("The request is not a move; the message says why and `field` says where.", Error),
        404: _not_found(onlooker=False),
        409: Answer(
            "The move was not made: it is not this seat's turn or not a legal move (an `Error`), or the table moved "
            "on since `version` (the view as it is now, with the error).",
            TableConflict,
        ),
    },
    body=TableMoveRequest,
    params=(TABLE_ID,),
    security=SEAT_TOKEN,
)
def make_move(table_id: str):
    """Make a move

    The seat's move, `Authorization: Bearer <seat token>` (from creating or joining the table). The move has the
    shape of the caddie's answer, so a program can hand its view to the caddie and send back what it says.
    `version` is the view's: a move decided from an older view is not made (409, with the view as it is now), so a
    move sent twice is made once. Between holes (`hole_over`) any person's seat sends `next_hole`, and the first
    one counts. Computers move by themselves within a second or two of their turn.
    """
    row, seat = _seated(table_id)
    body = request_body(TableMoveRequest)
    seen, move = body.version, body.action
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


@bp.get("/tables/<table_id>/record")
@documented(
    "getTableRecord",
    TAG,
    {
        200: Answer(
            "Every finished hole of the table's match, as everyone at the table may know it.",
            TableRecord,
            examples={"one_hole": ("A table of Ann and a computer after one hole of four cards", EXAMPLE_RECORD)},
        ),
        404: _not_found(onlooker=True),
    },
    params=(TABLE_ID,),
    security=("bearerAuth", "browserSession"),
)
def get_table_record(table_id: str):
    """Read the table's record

    Every finished hole of the match in order (a hole being played is not in it): what the deal showed, each move
    as a program sends it with the cards it showed everyone and what happened in words, what the hole's end showed
    and the hole's scores. Played back through the game from the hole's deal, the moves give the same scores. It
    holds only what every seat saw: never the order of the cards not dealt, a face-down card that stayed face
    down, or another seat's Club Cards hand. Any seat's token and the watch token read the same record, but for
    one thing: the review of a seat's own Club Cards plays, read with that seat's token, names the cards the Caddie
    would have played and the hand they came from (`best`, `hand`); everyone else reads only what the play cost. A
    match against computers, which has no token, is read by the browser that plays it (its cookie). The replay's
    share token, while the host shares it, reads it too.
    """
    token = bearer_token()
    row = live_tables.find(table_id)
    if row is None:
        raise Refused(NO_TABLE, 404)
    seat: int | None = None
    if token is None:
        seat = live_tables.holds_seat(row, browser_id())
        if seat is None:
            raise Refused(NO_TABLE, 404)
    elif not (row.share_token is not None and hmac.compare_digest(row.share_token, token)):
        row, seat = _viewer(table_id, token)
    share_url = shareable_url(replay_share_path(row.share_token)) if row.share_token else None
    return dict(table_records.record_of(row, [seat] if seat is not None else []), share_url=share_url)


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


# -- what the models leave to the view ----------------------------------------------------------------


def _seats(seats: list[TableSeatRequest], kind: GameKind[Any]) -> list[dict[str, Any]]:
    """The seats in order, each as ``LiveTable.new`` takes it: as many as the game seats, the first
    the creator's own (a person's), a level for each computer and none for a person."""
    low, high = kind.seats
    if not low <= len(seats) <= high:
        raise CaddieError(seats_sentence(kind), "seats")
    wanted: list[dict[str, Any]] = []
    for i, seat in enumerate(seats):
        if seat.kind == "person":
            if seat.level is not None:
                raise CaddieError(person_has_no_level(i + 1), f"seats[{i}].level")
            wanted.append({"kind": "person"})
            continue
        if i == 0:
            raise CaddieError(FIRST_SEAT, f"seats[{i}].kind")
        if seat.level not in LEVELS:
            raise CaddieError(choose_level(str(i + 1)), f"seats[{i}].level")
        wanted.append({"kind": "computer", "level": seat.level})
    return wanted


def _wait() -> int | None:
    text = request.args.get("wait")
    if text is None:
        return None
    if not WAIT.fullmatch(text):
        raise CaddieError(BAD_WAIT, "wait")
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
