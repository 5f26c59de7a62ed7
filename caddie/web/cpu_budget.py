"""A per-client budget for CPU-heavy requests: the Caddie's advice (its pages and
``POST /api/v1/caddie/grid|clubs``), Play's Hint, and at a solo table the person's moves that
are reviewed (Grid Golf: each decision is judged in the helper). A computer's move costs no
request: the server makes it.

Each client may make ``CPU_BUDGET`` heavy requests in ``CPU_BUDGET_WINDOW_S`` seconds (120 in a
minute): a person walking the Caddie through a hand taps 25 to 35 times, and a person playing a
match moves a few times a minute, so nobody at a table meets it, and a script asking as fast as
it can does within seconds. Past it, the API answers ``429 {"error", "field": null}``
with ``Retry-After``; a page shows the sentence where the advice would be, with the 429 status.

The count is in the database (``caddie.store.rate_limits``), so a client gets one budget however
many workers and servers its requests reach. A client is its identity cookie when it brings one
(signed by this server, so it cannot be made up, and every phone at a table behind one address
gets its own budget), else its address. A bearer token is no identity here: the Caddie's
endpoints check none, so a made-up token would be a fresh budget per request.

Two ways to apply it, one line per view:

* ``@cpu_budget``: the request is counted when its heavy work starts, through this module's
  ``run_heavy`` (a walkthrough tap that asks the Caddie nothing, or a Play table without the Hint,
  costs nothing). Past the budget that ``run_heavy`` raises ``OverBudget``, a ``CaddieError`` the
  view shows like any other refusal (the API's: the 429 answer).
* ``cpu_budget(view, refused=draw)``: for a view whose heavy work runs inside the store's
  transaction, where counting would commit it halfway: the request is counted before the view
  runs, and past the budget ``refused(sentence, *view_args)`` draws the page instead of the view.
* ``charge()`` and ``refusal_answer``: the same, decided inside a view (a move at a solo table,
  whose review is heavy work in the store's transaction; a move at a table of people is not).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import wraps
from typing import Any, TypeVar

from flask import current_app, g, make_response, request

from caddie.core.errors import CaddieError
from caddie.offload import heavy_work
from caddie.store.rate_limits import count_try, window_end
from caddie.web.identity import browser_id
from caddie.web.live.access import client_key

__all__ = ["OverBudget", "charge", "cpu_budget", "refusal_answer", "run_heavy"]

T = TypeVar("T")
View = Callable[..., Any]


class OverBudget(CaddieError):
    """This client has used its budget of heavy requests: ``seconds_left`` until it is renewed."""

    def __init__(self, message: str, seconds_left: int) -> None:
        super().__init__(message, None)
        self.seconds_left = seconds_left

    def headers(self) -> dict[str, str]:
        return {"Retry-After": str(self.seconds_left)}


def _client() -> str:
    """The budget's key: the identity cookie's id or the address, the id hashed (the table of
    counts must not hold what would let someone act as that browser)."""
    identity = browser_id()
    if identity:
        return "cpu:browser:" + hashlib.sha256(identity.encode()).hexdigest()[:32]
    return "cpu:address:" + client_key().removeprefix("join:")


def charge() -> OverBudget | None:
    """Count this request against its client's budget (once per request): the refusal when the
    budget is spent, else None."""
    if "cpu_refusal" in g:
        return g.cpu_refusal
    limit = int(current_app.config["CPU_BUDGET"])
    if limit == 0:  # CPU_BUDGET=0: no budget
        return None
    key = _client()
    window = timedelta(seconds=float(current_app.config["CPU_BUDGET_WINDOW_S"]))
    refusal = None
    if count_try(key, window) > limit:
        ends = window_end(key, window)
        left = max(1, math.ceil((ends - datetime.now(UTC)).total_seconds())) if ends is not None else 1
        who = "this client" if _is_api() else "this phone"
        when = "1 second" if left == 1 else f"{left} seconds"
        refusal = OverBudget(
            f"Too many Caddie answers and computer moves for {who} in the last minute: try again in {when}.", left
        )
    g.cpu_refusal = refusal
    return refusal


def run_heavy(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``caddie.offload.heavy_work.run_heavy``, counted against the client's budget in a view
    under ``@cpu_budget`` (``OverBudget`` past it); elsewhere, the same as the offload's."""
    if g.get("cpu_budgeted"):
        refusal = charge()
        if refusal is not None:
            g.cpu_refused = True
            raise refusal
    return heavy_work.run_heavy(function, *args, **kwargs)


def _is_api() -> bool:
    return request.path.startswith("/api/")


def cpu_budget(view: View | None = None, *, refused: Callable[..., Any] | None = None) -> Any:
    """Put ``view`` under the client's budget (see the module's docstring for the two ways)."""

    def wrap(view: View) -> View:
        @wraps(view)
        def budgeted(*args: Any, **kwargs: Any) -> Any:
            if refused is not None:
                refusal = charge()
                if refusal is not None:
                    return refusal_answer(refusal, lambda: refused(refusal.message, *args, **kwargs))
                return view(*args, **kwargs)
            g.cpu_budgeted = True
            try:
                answer = view(*args, **kwargs)
            except OverBudget as refusal:
                if not _is_api():
                    raise
                answer = None
            if g.get("cpu_refused"):
                return refusal_answer(g.cpu_refusal, lambda: answer)
            return answer

        return budgeted

    return wrap(view) if view is not None else wrap


def refusal_answer(refusal: OverBudget, page: Callable[[], Any]) -> Any:
    """The answer past the budget: the API's 429, or ``page()`` with the 429 status."""
    if _is_api():
        return refusal.as_dict(), 429, refusal.headers()
    response = make_response(page())
    if response.status_code == 200:  # a redirect, or a worse answer (404, 400), keeps its own
        response.status_code = 429
    response.headers.update(refusal.headers())
    return response
