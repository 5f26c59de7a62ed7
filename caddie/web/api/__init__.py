"""The JSON API, ``/api/v1`` (``docs/api.md``): one blueprint, ``bp``, on which the tallies, the
Caddie and the ledger (``endpoints``), the live tables (``live``) and your data (``data``) put
their routes; one set of error answers (``errors``) and one reader of a bearer token
(``bearer``). Programs send no CSRF token: the API is exempt, and a write still needs the
browser's session or a token (``caddie.web.plumbing.security`` refuses another site's browser)."""

from __future__ import annotations

from flask import Blueprint

from caddie.web.plumbing.csrf import csrf

__all__ = ["bp"]

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)
