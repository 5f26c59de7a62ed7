"""What the pages of both digital games share: the version a move was based on, and the answer
after a move (the table again for htmx, a redirect to it for a plain browser)."""

from __future__ import annotations

from typing import Callable

from flask import redirect, request

from caddie.store.match_records import StaleMatch
from caddie.web.rendering import is_htmx

STALE_TABLE = "The table had already moved on; here it is as it stands."


def seen_version() -> int:
    """The match version the page that sent this move showed (-1 when missing or garbled)."""
    try:
        return int(request.form.get("version", ""))
    except ValueError:
        return -1


def after_move(render: Callable[[], object], table_url: str):
    """htmx gets the table in place (its address cleaned of any selection, without a new
    history entry); a plain browser is sent to the table's address."""
    if is_htmx():
        response = render()
        response.headers["HX-Replace-Url"] = table_url
        return response
    return redirect(table_url, code=303)


def computer_turn(match, step: Callable, after: Callable):
    """One computer move (``step``), then the table (``after``). A stale request, from another tab
    or repeated, already moved: the table is shown as it is."""
    try:
        step(match, seen_version())
    except StaleMatch:
        pass
    return after(match)
