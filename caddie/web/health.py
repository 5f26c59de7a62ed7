"""``/healthz``: may a load balancer send this server requests?

It asks the database ``SELECT 1`` on a connection from the pool and answers
200 ``{"status": "ok", "database": "ok"}``, or 503 with a sentence when the
database does not answer. No authentication, no session (it never touches
the cookie, so none is set), never cached.
"""

from __future__ import annotations

from flask import Blueprint, current_app, jsonify

from caddie.store.database import database_trouble

bp = Blueprint("health", __name__)

DATABASE_DOWN = "The database is not answering, so this server cannot keep scores right now."


@bp.get("/healthz")
def healthz():
    trouble = database_trouble()
    if trouble is not None:
        current_app.logger.warning("healthz: the database check failed: %s", trouble)
        response = jsonify(status="error", database="error", error=DATABASE_DOWN)
        response.status_code = 503
    else:
        response = jsonify(status="ok", database="ok")
    response.headers["Cache-Control"] = "no-store"
    return response
