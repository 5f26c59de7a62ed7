"""Every error answer of the JSON API, in one place: ``{"error": "<a sentence>", "field": <the
path in the body, or null>}`` with the status that says what kind of refusal it is
(``docs/api.md``, "Errors"). Bad input is a 400 from any ``CaddieError``; the rest are the
refusals below. The app's own handlers (``caddie.web``) answer 404, 405, 413 and 500 in the same
shape for every ``/api/`` path."""

from __future__ import annotations

from typing import Any

from caddie.core.errors import CaddieError
from caddie.core.game import IllegalAction
from caddie.core.live.table import NotTheHost, TableClosed
from caddie.store.live_tables import TooManyTables
from caddie.web.api import bp
from caddie.web.live.access import TooManyTries, UnknownTable

__all__ = ["ACTION_KEYS", "Refused"]

Answer = tuple[dict[str, Any], int] | tuple[dict[str, Any], int, dict[str, str]]

ACTION_KEYS = ("position", "positions", "flip", "cards")  # the core names these without their place in the body


class Refused(CaddieError):
    """A refusal that is not a 400: a round or a table is not there for this caller (404), is
    read-only (403), or is a game's, which writes it alone (409). ``extra``: more of the answer's
    body (a game's round as it stands)."""

    def __init__(self, message: str, status: int, field: str | None = None, **extra: Any) -> None:
        super().__init__(message, field)
        self.status = status
        self.extra = extra


@bp.errorhandler(CaddieError)
def _bad_input(err: CaddieError) -> Answer:
    return err.as_dict(), 400


@bp.errorhandler(Refused)
def _refused(err: Refused) -> Answer:
    return {**err.as_dict(), **err.extra}, err.status


@bp.errorhandler(NotTheHost)
def _not_the_host(err: NotTheHost) -> Answer:
    return err.as_dict(), 403


@bp.errorhandler(UnknownTable)
def _unknown_code(err: UnknownTable) -> Answer:
    return err.as_dict(), 404


@bp.errorhandler(TableClosed)
def _closed(err: TableClosed) -> Answer:
    return err.as_dict(), 409


@bp.errorhandler(TooManyTables)
def _too_many_tables(err: TooManyTables) -> Answer:
    return err.as_dict(), 409


@bp.errorhandler(IllegalAction)
def _illegal(err: IllegalAction) -> Answer:
    """A move the table's game refuses now (the API's moves are the only actions it reads)."""
    answer = err.as_dict()
    if answer["field"] in ACTION_KEYS:  # a path into the body, as every other error's field is
        answer["field"] = f"action.{answer['field']}"
    return answer, 409


@bp.errorhandler(TooManyTries)
def _too_many_tries(err: TooManyTries) -> Answer:
    return err.as_dict(), 429, {"Retry-After": str(err.seconds_left)}
