"""The pages of a live table (``docs/live-tables.md``): make one, the lobby, sitting down by code
or link, the table from each seat (pass-and-play included), the host's changes to the seats,
the live stream, the QR code, the private seat link and the onlookers' page.

Views stay thin: the table's rules are ``caddie.core.live.table``, its storage
``caddie.store.live_tables``; the game's own table is drawn by the same partials and context as
a solo match (``caddie.web.play``), from the view of the seat on show and nothing else.
"""

from __future__ import annotations

import io
import math
import time
from collections.abc import Callable
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import segno
from flask import (
    Blueprint,
    Flask,
    Response,
    abort,
    current_app,
    make_response,
    redirect,
    render_template,
    request,
    url_for,
)

from caddie.core.errors import CaddieError
from caddie.core.game import IllegalAction
from caddie.core.games import GAME_NAMES, game_named
from caddie.core.live.codes import shown_code
from caddie.core.live.table import LEVEL_NAMES, LEVELS, Ask, LiveTable, TableClosed
from caddie.core.verdicts import seat_summary
from caddie.forms.base import first_error
from caddie.forms.live import JoinForm, NewTableForm, SitDownForm
from caddie.store import live_tables as store
from caddie.store import table_records
from caddie.store.courses import course_choices
from caddie.store.ledger import round_by_id
from caddie.store.models import LiveTableRecord
from caddie.web.cpu_budget import OverBudget, charge, cpu_budget, refusal_answer
from caddie.web.identity import browser_id
from caddie.web.live import seats
from caddie.web.live.access import (
    NO_SUCH_LINK,
    TooManyTries,
    UnknownTable,
    count_ask,
    join_path,
    open_tables_limit,
    table_by_code,
    table_by_link,
    waiting_client,
    watch_path,
)
from caddie.web.live.changes import SUPERSEDED_RETRY, changes_for, stream_lifetime
from caddie.web.live.driver import present, timing_for
from caddie.web.play import clubs as club_pages
from caddie.web.play import grid as grid_pages
from caddie.web.play.pages import STALE_TABLE
from caddie.web.play.presenters import presenter_for
from caddie.web.rendering import is_htmx, page_or_fragment
from caddie.web.shareable import shareable_url
from caddie.web.table_in_force import current_table

bp = Blueprint("live", __name__)

STREAM_SECONDS = 50  # one event stream lasts this long, then the browser opens the next (a proxy's idle limit)


# -- finding the table and the seats this browser holds ---------------------------------------------


def _app() -> Flask:
    return current_app


def _row(public_id: str) -> LiveTableRecord:
    row = store.find(public_id)
    if row is None:
        abort(404)
    return row


def _seat_from_form(row: LiveTableRecord, table: LiveTable) -> int:
    """The seat a form acts for: one this browser holds (404 otherwise, as for a stranger)."""
    mine = seats.my_seats(row, table)
    try:
        seat = int(request.form.get("seat", ""))
    except ValueError:
        seat = mine[0] if len(mine) == 1 else -1
    if seat not in mine:
        abort(404)
    return seat


def _seen_version() -> int:
    try:
        return int(request.form.get("version", ""))
    except ValueError:
        return -1


def _after(row: LiveTableRecord) -> Any:
    """htmx gets the table in place; a plain browser is sent to the table's address."""
    if is_htmx():
        response = _render(row)
        response.headers["HX-Replace-Url"] = url_for("live.table", public_id=row.public_id)
        return response
    return redirect(url_for("live.table", public_id=row.public_id), code=303)


# -- making a table ---------------------------------------------------------------------------------


@bp.route("/t/new", methods=["GET", "POST"])
def new():
    owner = browser_id()
    form = NewTableForm()
    form.course.choices = course_choices(owner)
    if request.method == "GET":
        form.fill_defaults(current_table().rules, seats.last_name())
        if request.args.get("game") in GAME_NAMES:
            form.game.data = request.args["game"]
    errors: dict[str, str] = {}
    refused = 400  # a form that will not do; 409 for a host with too many open tables
    if request.method == "POST" and form.validate():
        try:
            row, token = _create(form)
        except store.TooManyTables as err:
            errors["form"], refused = err.message, 409
        except CaddieError as err:
            field = "name" if err.field == "names" else err.field
            errors[field if field in ("name", "course", "seats", "holes") else "form"] = err.message
        else:
            seats.hold(row.public_id, token)
            return redirect(url_for("live.table", public_id=row.public_id), code=303)
    elif request.method == "POST" and "clock" in form.errors:
        errors["clock"] = CLOCK_CHOICE
    elif request.method == "POST":
        errors["form"] = "Nothing was made: " + first_error(form.errors)
    body = page_or_fragment("live/new.html", "live/new.html", form=form, errors=errors, seat_names=_seat_labels())
    return body, (refused if errors else 200)


def _seat_labels() -> dict[str, str]:
    return {"person": "A person", **{level: f"Computer · {LEVEL_NAMES[level]}" for level in LEVELS}}


def _create(form: NewTableForm) -> tuple[LiveTableRecord, str]:
    kind = game_named(form.game.data)
    count = form.players.data
    chosen = [entry.data for entry in form.others][: count - 1]
    seat_specs: list[dict[str, Any]] = [{"kind": "person"}] + [
        {"kind": "person"} if choice == "person" else {"kind": "computer", "level": choice} for choice in chosen
    ]
    low, high = kind.seats
    if not low <= count <= high:
        raise CaddieError(f"A {kind.title} table has {low} to {high} seats.", "seats")
    house = current_table()
    course = club_pages.chosen_course(form) if kind.uses_course else None
    # the form's match settings (grid size, holes, final turn...) over the house rules
    settings = kind.settings_for(replace(house, rules=grid_pages.match_rules(house.rules, form)), None, course)
    clock = int(form.clock.data) if form.clock.data else None
    name = (form.name.data or "").strip()
    owner = browser_id(create=True)
    assert owner is not None  # create=True always gives one
    row, token = store.create(owner, kind.name, settings, seat_specs, name, clock, open_tables_limit())
    seats.remember_name(name)
    return row, token


# -- the table page ---------------------------------------------------------------------------------


def _showing(table: LiveTable, mine: list[int], shown: int | None) -> tuple[int | None, int | None]:
    """(the seat whose view to draw, the seat to pass the phone to). A phone holding several seats
    shows the seat to move when it is one of them, after a curtain for whoever has it next; while
    someone else moves it keeps showing the seat it showed last."""
    if len(mine) == 1:
        return mine[0], None
    mover = table.to_move
    if mover in mine:
        return (mover, None) if shown == mover else (None, mover)
    return (shown if shown in mine else mine[0]), None


def _render(
    row: LiveTableRecord,
    message: str | None = None,
    status: int = 200,
    picks: list[int] | None = None,
    sit_error: str | None = None,
    hint: bool = False,
) -> Response:
    table = store.read(row)
    mine = seats.my_seats(row, table)
    if table.solo and not mine:
        abort(404)  # one person's match: nobody else sits down at it or watches it
    if mine:
        present(_app(), row, table, mine)
    context: dict[str, Any] = _common(row, table, mine)
    context.update(message=message, sit_error=sit_error)
    my_ask = None if mine else _my_ask(row.public_id, table)
    if my_ask is not None:
        part = "live/_waiting.html"
        context.update(my_ask=my_ask, ask_state=_ask_state(table, my_ask))
    elif not table.started or not mine:
        part = "live/_lobby.html" if not table.started else "live/_closed.html"
    else:
        seat, curtain = _showing(table, mine, seats.shown(row.public_id))
        if curtain is not None:
            part = "live/_curtain.html"
            context.update(curtain_seat=curtain, curtain_name=table.places[curtain].name)
        else:
            assert seat is not None
            if seats.shown(row.public_id) != seat:
                seats.set_shown(row.public_id, seat)
            part = "live/_game.html"
            context.update(_game_context(row, table, seat, picks, hint))
            token = seats.token_for(row.public_id, table, seat)
            if token is not None and not seats.link_kept():
                context["nudge"] = {"name": table.places[seat].name, "url": _seat_url(row, token)}
    context["part"] = part
    body = page_or_fragment("live/table.html", "live/_table.html", **context)
    response = make_response(body, status)
    response.headers["Cache-Control"] = "no-store"
    return response


def _common(row: LiveTableRecord, table: LiveTable, mine: list[int]) -> dict[str, Any]:
    """What every state of the table page shows: who sits where, the code, whose turn."""
    mover = table.to_move
    host = table.host in mine
    round_ = round_by_id(row.round_id) if row.round_id else None
    if round_ is not None and round_.deleted_at is None:
        # the host's browser owns the round; everyone else gets its read-only link
        owner = round_.owner_browser == browser_id()
        scorecard_url = (
            url_for("ledger.round_page", public_id=round_.public_id)
            if owner
            else url_for("ledger.shared", token=round_.share_token)
        )
    else:
        scorecard_url = None
    over = table.match is not None and table.match.is_over
    your_turn = mover is not None and mover in mine and table.places[mover].level is None
    return {
        "clock_left": _clock_left(row, table),
        "row": row,
        "table_class": presenter_for(table.kind).table_class,
        "live": table,
        "mine": mine,
        "is_host": host,
        "code": shown_code(row.code) if row.code else None,
        "join_url": shareable_url(join_path(row.join_token)) if row.join_token else None,
        "watch_url": shareable_url(watch_path(row.watch_token)) if row.watch_token else None,
        "solo": table.solo,
        "mover": mover,
        "your_turn": your_turn,
        "over": over,
        "scorecard_url": scorecard_url,
        "level_names": LEVEL_NAMES,
        "levels": LEVELS,
        "seat_links": {s: seats.token_for(row.public_id, table, s) for s in mine},
        "title": _title(table, mine, your_turn),
        "events_url": url_for("live.events", public_id=row.public_id, v=row.version),
        "table_url": url_for("live.table", public_id=row.public_id),
        "version": row.version,
        "last_name": seats.last_name(),
        "rules_chip": _chip(table),  # the header speaks of this table's rules, not Settings'
        "asks": table.waiting_asks(time.time()) if host else [],
        "handout": _handout(row, table) if host else None,
    }


# -- getting a seat back -------------------------------------------------------------------------------


def _seat_url(row: LiveTableRecord, token: str) -> str:
    return shareable_url(url_for("live.seat_link", public_id=row.public_id, token=token))


def _handout(row: LiveTableRecord, table: LiveTable) -> dict[str, Any] | None:
    """The fresh seat link the host issued, with its QR code, while it still holds its seat."""
    kept = seats.handout(row.public_id)
    if kept is None or table.seat_of(store.digest(kept[1])) != kept[0]:
        return None
    seat, token = kept
    url = _seat_url(row, token)
    qr = segno.make(url, error="m").svg_data_uri(scale=5, border=2, dark="#14261c", light="#ffffff")
    return {"seat": seat, "name": table.places[seat].name, "url": url, "qr": qr}


def _my_ask(public_id: str, table: LiveTable) -> Ask | None:
    """This phone's latest request to be let back in at the table, if it made one."""
    for token in reversed(seats.held_tokens(public_id)):
        ask = table.ask_of(store.digest(token))
        if ask is not None:
            return ask
    return None


def _ask_state(table: LiveTable, ask: Ask) -> str:
    if ask.refused:
        return "refused"
    return "waiting" if ask in table.waiting_asks(time.time()) else "expired"


def _ask_back(row: LiveTableRecord, name: str, for_host: bool = False) -> Any:
    """When ``name`` is the name of a person seated here and this phone holds no seat here, ask
    the host to let this phone back in at that seat (then to the table page, which waits for the
    answer); ``None`` when no person here has that name, or it is the host's (unless
    ``for_host``: the host cannot let themself in, and joining says the name is taken).
    ``CaddieError`` (nothing asked) for the host's own seat or too many requests waiting,
    ``TooManyTries`` for too many from this phone."""
    table = store.read(row)
    seat = table.seat_named(name)
    if seat is None or seats.my_seats(row, table) or (seat == table.host and not for_host):
        return None
    count_ask()
    token = store.ask_back(row, seat)
    seats.hold(row.public_id, token)
    return redirect(url_for("live.table", public_id=row.public_id), code=303)


@bp.post("/t/<public_id>/ask")
def ask(public_id: str):
    """A phone with no seat here asks to be let back in at the seat of the name it typed."""
    row = _row(public_id)
    name = request.form.get("name", "")
    try:
        asked = _ask_back(row, name, for_host=True)
    except TooManyTries as err:
        return _render(row, sit_error=err.message, status=429)
    except CaddieError as err:
        return _render(row, sit_error=err.message, status=409)
    if asked is None:
        return _render(row, sit_error=NO_SUCH_SEAT, status=404)
    return asked


NO_SUCH_SEAT = "Nobody at this table has that name: type it as it was when you sat down."


@bp.get("/t/<public_id>/ask")
def ask_answered(public_id: str):
    """The waiting phone asks every few seconds whether the host has answered: 204 while not; then
    to the table page (a whole page, so the seated phone opens its live stream), which says how."""
    row = _row(public_id)
    table = store.read(row)
    ask = None if seats.my_seats(row, table) else _my_ask(row.public_id, table)
    if ask is not None and _ask_state(table, ask) == "waiting":
        return "", 204
    target = url_for("live.table", public_id=row.public_id)
    if is_htmx():
        return "", 200, {"HX-Redirect": target}
    return redirect(target, code=303)


@bp.post("/t/<public_id>/asks/<ask_id>")
def answer_ask(public_id: str, ask_id: str):
    """The host lets the phone that asked back in (``do=in``) or refuses it."""
    row = _row(public_id)
    by = _seat_from_form(row, store.read(row))
    return _changed(row, lambda: store.answer_ask(row, by, ask_id, request.form.get("do") == "in"))


@bp.post("/t/<public_id>/handout/done")
def handout_done(public_id: str):
    """The host has shown the fresh seat link: the panel goes."""
    row = _row(public_id)
    seats.clear_handout()
    return _after(row)


@bp.post("/t/<public_id>/link-kept")
def link_kept(public_id: str):
    """The player has kept their seat link: they are not told again."""
    row = _row(public_id)
    seats.keep_link()
    return _after(row)


CLOCK_CHOICE = "Choose the turn clock from the list: Off, 30 s, 1 min or 2 min."


def _clock_left(row: LiveTableRecord, table: LiveTable) -> int | None:
    """Whole seconds left on the turn clock for the person to move (``None``: no clock runs now,
    as for a computer's turn or between holes). The page counts them down; the driver acts on
    ``due_at`` itself, so a phone whose clock is off by a little changes nothing."""
    mover = table.to_move
    due = store.due_at(row)
    if not table.clock or mover is None or due is None:
        return None
    place = table.places[mover]
    if not place.person or place.level is not None:
        return None
    return max(0, math.ceil((due - datetime.now(UTC)).total_seconds()))


def _chip(table: LiveTable) -> str:
    kind = table.kind
    return kind.rules_chip(kind.ledger_table(table.settings, len(table.places)))


def _title(table: LiveTable, mine: list[int], your_turn: bool) -> str:
    where = table.kind.title if table.solo else "Live table"
    return _state_title(table, mine, your_turn) + f" · {where}"


def _state_title(table: LiveTable, mine: list[int], your_turn: bool) -> str:
    if not table.started:
        return "Lobby"
    if table.match is not None and table.match.is_over:
        return "Finished"
    if your_turn:
        return "Your turn"
    mover = table.to_move
    if mover is None:
        return "Between holes"
    return f"{table.places[mover].name} to play"


def _game_context(
    row: LiveTableRecord, table: LiveTable, seat: int, picks: list[int] | None, hint: bool
) -> dict[str, Any]:
    """The game from ``seat``'s view. At a solo table the Hint (asked for with ``hint``), the hole's
    review and a rematch; at a table of people none: everyone plays their own game."""
    match = table.match
    assert match is not None
    presenter = presenter_for(table.kind)
    view = match.view(seat)
    solo, over = table.solo, match.is_over
    message = None
    advice = None
    if solo and hint:
        try:
            advice = presenter.hint(view, presenter.hint_seed(row.public_id, row.version))
        except OverBudget as refusal:
            message = refusal.message
    table_url = url_for("live.table", public_id=row.public_id)
    rematch_url = url_for("live.rematch", public_id=row.public_id) if solo and over else None
    context = {
        "act_url": url_for("live.act", public_id=row.public_id),
        "seat_field": seat,
        "hint_url": url_for("live.table", public_id=row.public_id, hint=1) if solo else None,
        "rematch_url": rematch_url,
        "again_url": rematch_url,
        "new_url": url_for(presenter.new_match) if solo else url_for("live.new"),
        "table_url": table_url,
        "thinking": table.computer_to_move() is not None,
        "message_seat": seat,
        "review": presenter.review(match, view) if solo else None,
        "review_wait_url": None,
        "review_unit": table.kind.loss_unit,
        "review_basis": table.kind.loss_basis,
        "seat_shown": seat,
        "game_part": presenter.part,
        "levels": [table.controller(s) for s in range(len(table.places))],
        # once a hole is over, its replay (and the review's verdicts, where they were made)
        "replay_url": url_for("live.replay", public_id=row.public_id, hole=match.hole)
        if table.kind.phase(match) in ("hole_over", "over")
        else None,
        **presenter.seat_context(view, {"picks": picks}, advice),
    }
    if not solo and table.kind.reviews and table.kind.phase(match) in ("hole_over", "over"):
        context.update(people_review(row, seat, len(match.hole_scores)))
    if message is not None:
        context["message"] = message
    return context


@bp.get("/t/<public_id>/review/<int:hole>/<int:seat>")
def people_review_part(public_id: str, hole: int, seat: int):
    """The part "Your hole, reviewed" for a seat this browser holds, asked again every few seconds
    while the hole's review is being worked out: the review once it is there, else the same line."""
    row = _row(public_id)
    table = store.read(row)
    if seat not in seats.my_seats(row, table):
        abort(404)
    context = {"review": None, "review_unit": table.kind.loss_unit, "review_basis": table.kind.loss_basis}
    context.update(people_review(row, seat, hole))
    response = make_response(render_template("play/_hole_review.html", **context))
    response.headers["Cache-Control"] = "no-store"
    return response


def people_review(row: LiveTableRecord, seat: int, hole: int) -> dict[str, Any]:
    """At a table of people, ``seat``'s part of hole ``hole``'s review once the reviewer has kept
    it (``review``), else, while it is due, where to ask again (``review_wait_url``)."""
    due, verdicts = table_records.hole_review(row, hole)
    if verdicts is not None:
        return {"review": seat_summary(verdicts, seat)}
    if due:
        return {"review_wait_url": url_for("live.people_review_part", public_id=row.public_id, hole=hole, seat=seat)}
    return {}


@bp.get("/t/<public_id>")
@cpu_budget  # the Hint, at a solo table
def table(public_id: str):
    row = _row(public_id)
    picks = presenter_for(game_named(row.game)).page_state(request.args).get("picks")
    return _render(row, picks=picks, hint=request.args.get("hint") == "1")


@bp.post("/t/<public_id>/rematch")
def rematch(public_id: str):
    """A finished solo match played again: the same players, levels and settings, a new deal and a
    new ledger round. A match still being played is refused and stays as it is."""
    row = _row(public_id)
    if store.holds_seat(row, browser_id()) is None:
        abort(404)
    try:
        fresh = store.rematch(row, timing_for(_app()))
    except CaddieError as err:
        return _render(row, err.message, 400)
    return redirect(url_for("live.table", public_id=fresh.public_id), code=303)


@bp.post("/t/<public_id>/sit")
def sit(public_id: str):
    """Sit down from the lobby: this phone takes the first empty seat (again, for pass-and-play)."""
    row = _row(public_id)
    form = SitDownForm()
    try:
        asked = _ask_back(row, form.name.data or "")
        if asked is not None:
            return asked
        seat, token = store.join(row, form.name.data or "")
    except TooManyTries as err:
        return _render(row, sit_error=err.message, status=429)
    except CaddieError as err:
        return _render(row, sit_error=err.message, status=409 if err.field == "code" else 400)
    seats.hold(row.public_id, token)
    seats.remember_name(str(store.read(row).places[seat].name))
    return _after(row)


@bp.post("/t/<public_id>/start")
def start(public_id: str):
    row = _row(public_id)
    table = store.read(row)
    by = _seat_from_form(row, table)
    try:
        store.start(row, by, timing_for(current_app))
    except store.StaleTable:
        pass  # a second tap: the first one started it
    except CaddieError as err:
        return _render(row, err.message, 409)
    seats.set_shown(row.public_id, by)  # the host holds the phone: no curtain before the first turn
    return _after(row)


@bp.post("/t/<public_id>/seats/<int:seat>")
def change_seat(public_id: str, seat: int):
    """The host gives a seat to a computer (or back to its person, or opens it for a person); a
    person at a seat a computer plays for them says they are back."""
    row = _row(public_id)
    table = store.read(row)
    by = _seat_from_form(row, table)
    what = request.form.get("do", "")
    level = request.form.get("level", "steady")
    if what == "link":  # "Let Bob back in": a fresh seat link, shown on the host's phone
        try:
            token = store.let_back_in(row, by, seat)
        except CaddieError as err:
            return _render(row, err.message, 409)
        seats.hand_out(row.public_id, seat, token)
        return _after(row)

    def edit(live: LiveTable) -> None:
        if what == "computer":
            live.give_to_computer(by, seat, level)
        elif what == "back":
            live.take_back(by, seat)
        elif what == "open":
            live.open_seat(by, seat)
        else:
            raise CaddieError("That is not a change to a seat.", "do")

    return _changed(row, lambda: store.change(row, edit, timing=timing_for(current_app)))


def _changed(row: LiveTableRecord, change: Callable[[], object]) -> Any:
    """Make a change to the table asked for from a page: the table after it, or its refusal (409)."""
    try:
        change()
    except CaddieError as err:
        return _render(row, err.message, 409)
    return _after(row)


@bp.post("/t/<public_id>/act")
def act(public_id: str):
    row = _row(public_id)
    table = store.read(row)
    seat = _seat_from_form(row, table)
    presenter = presenter_for(table.kind)
    state = presenter.page_state(request.form)
    picks = state.get("picks")
    action, refusal = presenter.read_move(request.form, state)
    if action is None:
        return _render(row, refusal, 400, picks=picks)
    if table.solo and table.kind.reviews:  # the move is reviewed: heavy work, counted in the budget
        over = charge()
        if over is not None:
            return refusal_answer(over, lambda: _render(row, over.message, picks=picks))
    try:
        store.move(row, seat, [action], _seen_version(), timing_for(current_app))
    except store.StaleTable:
        db_row = store.find(public_id)
        assert db_row is not None
        return _render(db_row, STALE_TABLE, 409, picks=picks)
    except IllegalAction as err:
        return _render(row, err.message, 409, picks=picks)
    return _after(row)


@bp.post("/t/<public_id>/reveal")
def reveal(public_id: str):
    """Pass-and-play: the person the phone was passed to taps to see their own hand."""
    row = _row(public_id)
    table = store.read(row)
    seat = _seat_from_form(row, table)
    seats.set_shown(row.public_id, seat)
    return _after(row)


@bp.get("/t/<public_id>/s/<token>")
def seat_link(public_id: str, token: str):
    """A seat's private link: says whose seat it is, and its button (``take_seat_link``) sits this
    phone there too. A GET changes nothing (a link preview or a prefetch must not take the seat);
    a phone that holds the seat already goes straight to the table."""
    row = _row(public_id)
    table = store.read(row)
    seat = store.seat_of(row, token, table)
    if seat is None:
        abort(404)
    if seat in seats.my_seats(row, table):
        return redirect(url_for("live.table", public_id=row.public_id), code=303)
    name = table.places[seat].name or f"seat {seat + 1}"
    return render_template(
        "confirm_link.html",
        title=f"Sit at {name}'s seat?",
        message=f"This is {name}'s private link to the table: on this phone you will see {name}'s cards and play them.",
        button=f"Play as {name} on this phone",
        action=url_for("live.take_seat_link", public_id=row.public_id, token=token),
    )


@bp.post("/t/<public_id>/s/<token>")
def take_seat_link(public_id: str, token: str):
    """The seat link's button: this phone sits at the seat too."""
    row = _row(public_id)
    if store.seat_of(row, token) is None:
        abort(404)
    seats.hold(row.public_id, token)
    return redirect(url_for("live.table", public_id=row.public_id), code=303)


@bp.get("/t/<public_id>/qr.svg")
def qr_code(public_id: str):
    """The join link as a QR code, drawn here as SVG (no script, no other server)."""
    row = _row(public_id)
    if row.join_token is None or not seats.my_seats(row, store.read(row)):
        abort(404)  # a solo table has no join link
    link = shareable_url(join_path(row.join_token))
    out = io.BytesIO()
    segno.make(link, error="m").save(out, kind="svg", scale=6, border=2, dark="#14261c", light="#ffffff", xmldecl=False)
    response = make_response(out.getvalue())
    response.headers["Content-Type"] = "image/svg+xml"
    response.headers["Cache-Control"] = "private, max-age=3600"
    return response


# -- the live stream -----------------------------------------------------------------------------------


def _stream(public_id: str, known: int, client: str) -> Response:
    """Server-sent events: ``table`` with the new version each time the table changes. The page
    then fetches its own view (so a pass-and-play curtain is drawn from this moment's session).
    ``client``: whose share of the process's waiting room the stream takes (``waiting_client``); a
    stream ended for that client's newer one tells its page to come back later, not at once."""
    changes = changes_for(current_app)

    def events():
        yield "retry: 1000\n\n"
        deadline = time.monotonic() + stream_lifetime(STREAM_SECONDS)
        seen = known
        while (remaining := deadline - time.monotonic()) > 0:
            waited = changes.wait(public_id, seen, min(remaining, 25.0), client=client)
            if waited.version is None:
                return
            changed = waited.version > seen
            if changed:
                seen = waited.version
                yield f"id: {seen}\nevent: table\ndata: {seen}\n\n"
            if waited.superseded:
                yield SUPERSEDED_RETRY
                return
            if not changed:
                if waited.no_room:
                    return  # no room to wait in this process: the browser comes back after the retry
                yield ": still here\n\n"  # keeps proxies from closing a quiet stream

    response = Response(events(), mimetype="text/event-stream")
    response.headers["Cache-Control"] = "no-store"
    response.headers["X-Accel-Buffering"] = "no"
    return response


def _known_version() -> int:
    for value in (request.headers.get("Last-Event-ID"), request.args.get("v")):
        if value and value.isdecimal():
            return int(value)
    return 0


@bp.get("/t/<public_id>/events")
def events(public_id: str):
    row = _row(public_id)
    table = store.read(row)
    mine = seats.my_seats(row, table)
    if not mine:
        abort(404)
    present(_app(), row, table, mine)
    tokens = seats.held_tokens(row.public_id)
    client = waiting_client() if browser_id() or not tokens else waiting_client(tokens[0])
    return _stream(row.public_id, _known_version(), client)


# -- joining by code or link ---------------------------------------------------------------------------


@bp.route("/join", methods=["GET", "POST"])
def join():
    form = JoinForm()
    if request.method == "GET":
        form.name.data = seats.last_name()
        form.code.data = request.args.get("code", "")
        return _join_page(form)
    row = _table_by_code(form.code.data, form)
    if not isinstance(row, LiveTableRecord):
        return row
    return _sit_down(row, form.name.data or "", form)


@bp.get("/join/<key>")
def join_link(key: str):
    """The join link: the table's lobby, or the table itself for a phone already seated there. It
    carries the table's join token, never counted as a guess; a link shared before join tokens
    carries the code, and counts as the code typed (``access.table_by_link``)."""
    form = JoinForm(data={"code": "" if store.is_join_token(key) else key, "name": seats.last_name()})
    try:
        row = table_by_link(key)
    except CaddieError as err:
        return _code_refused(err, form)
    if row is None:
        return _join_page(form, {"code": NO_SUCH_LINK}, 404)
    return redirect(url_for("live.table", public_id=row.public_id), code=303)


def _table_by_code(code: object, form: JoinForm) -> LiveTableRecord | Any:
    """The table ``code`` names, or the join page again with the reason beside the code."""
    try:
        return table_by_code(code)
    except CaddieError as err:
        return _code_refused(err, form)


def _code_refused(err: CaddieError, form: JoinForm) -> Any:
    """The join page again with the reason beside the code: 400 for an empty or malformed code
    (not a miss), 404 for a miss, 429 (saying when, and that the join link still works) past the
    limit."""
    if isinstance(err, TooManyTries):
        body, status = _join_page(form, {"code": err.message}, 429)
        return body, status, {"Retry-After": str(err.seconds_left)}
    return _join_page(form, {"code": err.message}, 404 if isinstance(err, UnknownTable) else 400)


def _sit_down(row: LiveTableRecord, name: str, form: JoinForm) -> Any:
    try:
        asked = _ask_back(row, name)  # a seated name on a phone with no seat here: it asks to be let back in
        if asked is not None:
            return asked
        seat, token = store.join(row, name)
    except TooManyTries as err:
        return _join_page(form, {"name": err.message}, 429)
    except TableClosed as err:
        if store.read(row).started:  # maybe someone back from a forgotten phone, with a slip in the name
            return _join_page(form, {"name": STARTED_NO_SUCH_NAME}, 409)
        return _join_page(form, {"code": err.message}, 409)
    except CaddieError as err:
        field = "name" if err.field == "name" or err.field == "names" else "code"
        return _join_page(form, {field: err.message}, 409 if field == "code" else 400)
    seats.hold(row.public_id, token)
    seats.remember_name(str(store.read(row).places[seat].name))
    return redirect(url_for("live.table", public_id=row.public_id), code=303)


STARTED_NO_SUCH_NAME = (
    "This table's match has started and nobody at it has that name: if you sat here, type the name you sat "
    "down with, so the host can let this phone back in; to follow the game, ask for the watch link."
)


def _join_page(form: JoinForm, errors: dict[str, str] | None = None, status: int = 200) -> Any:
    return page_or_fragment("live/join.html", "live/join.html", form=form, errors=errors or {}), status


# -- watching ---------------------------------------------------------------------------------------


def _watched(token: str) -> LiveTableRecord:
    row = store.find_by_watch_token(token)
    if row is None:
        abort(404)
    return row


@bp.get("/w/<token>")
def watch(token: str):
    row = _watched(token)
    browser_id(create=True)  # so that its event stream takes this browser's share, not its Wi-Fi's
    table = store.read(row)
    present(_app(), row, table, None)
    context: dict[str, Any] = {
        "row": row,
        "table_class": presenter_for(table.kind).table_class,
        "live": table,
        "version": row.version,
        "events_url": url_for("live.watch_events", token=token, v=row.version),
        "watch_self": url_for("live.watch", token=token),
        "title": "Watching · Live table",
        "level_names": LEVEL_NAMES,
    }
    if table.match is not None:
        view = table.match.view(None)
        context["view"] = view
        context.update(presenter_for(table.kind).onlooker_context(view))
        if table.match.hole > 1 or table.kind.phase(table.match) in ("hole_over", "over"):
            context["replay_url"] = url_for("live.watched_replay", token=token)
    response = make_response(page_or_fragment("live/watch.html", "live/_watch.html", **context))
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.get("/w/<token>/events")
def watch_events(token: str):
    row = _watched(token)
    present(_app(), row, store.read(row), None)
    return _stream(row.public_id, _known_version(), waiting_client())
