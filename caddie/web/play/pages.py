"""The pages of a digital game, written once for both games: the table, the person's move, a
computer's move, and the answer after a move (the table again for htmx, a redirect to it for a
plain browser). Each game's blueprint adds them with ``add_table_routes`` and gives only how its
table is drawn and how a move is read from the form."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Blueprint, Response, abort, redirect, request, url_for

from caddie.core.errors import CaddieError
from caddie.core.games.kind import GameKind
from caddie.store.matches import StaleMatch, find_match, play, step
from caddie.store.models import Match
from caddie.web.cpu_budget import cpu_budget
from caddie.web.identity import browser_id
from caddie.web.rendering import is_htmx

STALE_TABLE = "The table had already moved on; here it is as it stands."


DrawTable = Callable[..., Response]
"""``draw(match, message=None, status=200, hint=False, **state)``: the table of ``match`` for the
person at seat 0 (``state``: what the page keeps in its address or form, such as the cards tapped)."""


ReadMove = Callable[[Mapping[str, str], dict[str, Any]], tuple[Any, str | None]]
"""``(form, state) -> (action, None)``, or ``(None, a sentence)`` when the form holds no move."""

PageState = Callable[[Mapping[str, str]], dict[str, Any]]


def no_state(values: Mapping[str, str]) -> dict[str, Any]:
    return {}


def seen_version() -> int:
    """The match version the page that sent this move showed (-1 when missing or garbled)."""
    try:
        return int(request.form.get("version", ""))
    except ValueError:
        return -1


def add_table_routes(
    bp: Blueprint, kind: GameKind[Any], draw: DrawTable, read_move: ReadMove, page_state: PageState = no_state
) -> None:
    """``GET /m/<id>`` (the table), ``POST /m/<id>/act`` (the person's move) and ``POST /m/<id>/step``
    (one computer move) on ``bp``, for matches of ``kind`` owned by this browser."""

    def owned(public_id: str) -> Match:
        match = find_match(public_id, browser_id())
        if match is None or match.game != kind.name:
            abort(404)
        return match

    def after(match: Match) -> Any:
        """htmx gets the table in place (its address cleaned of any selection, without a new
        history entry); a plain browser is sent to the table's address."""
        table_url = url_for(f"{bp.name}.table", public_id=match.public_id)
        if is_htmx():
            response = draw(match)
            response.headers["HX-Replace-Url"] = table_url
            return response
        return redirect(table_url, code=303)

    def table(public_id: str) -> Response:
        return draw(owned(public_id), hint=request.args.get("hint") == "1", **page_state(request.args))

    def act(public_id: str) -> Any:
        match = owned(public_id)
        state = page_state(request.form)
        action, refusal = read_move(request.form, state)
        if action is None:
            return draw(match, refusal, 400, **state)
        try:
            play(match, action, seen_version())
        except StaleMatch:
            return draw(match, STALE_TABLE, 409, **state)
        except CaddieError as err:
            return draw(match, err.message, 400, **state)
        return after(match)

    def computer_move(public_id: str) -> Any:
        """One computer move, then the table. A stale request, from another tab or repeated,
        already moved: the table is shown as it is."""
        match = owned(public_id)
        try:
            step(match, seen_version())
        except StaleMatch:
            pass
        return after(match)

    def over_budget(message: str, public_id: str) -> Response:
        """A move refused for this phone's budget of heavy work: the table as it stands, and why."""
        return draw(owned(public_id), message, **page_state(request.values))

    bp.add_url_rule("/m/<public_id>", "table", cpu_budget(table), methods=["GET"])  # the Hint
    bp.add_url_rule("/m/<public_id>/act", "act", cpu_budget(act, refused=over_budget), methods=["POST"])
    bp.add_url_rule(
        "/m/<public_id>/step", "computer_move", cpu_budget(computer_move, refused=over_budget), methods=["POST"]
    )
