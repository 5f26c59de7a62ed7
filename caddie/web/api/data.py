"""Your data for programs: ``GET /api/v1/export`` and ``POST /api/v1/import``, for the calling
browser's session (the pages are ``caddie.web.data``; the format is ``caddie.core.export_format``)."""

from __future__ import annotations

from flask import request
from werkzeug.exceptions import RequestEntityTooLarge

from caddie.core.errors import CaddieError
from caddie.core.export_format import RACED, TOO_LARGE, TooMuch, read_document
from caddie.store.data_export import StaleImport, apply_import, export_document, plan_import
from caddie.web.api import bp
from caddie.web.data import TooManyImports, count_import, repairs_of
from caddie.web.identity import browser_id
from caddie.web.plumbing.large_bodies import allow_a_whole_export


def _api_error(message: str, field: str | None, status: int = 400):
    return {"error": message, "field": field}, status


@bp.get("/export")
def api_export():
    return export_document(browser_id()).to_dict(), 200, {"Cache-Control": "no-store"}


@bp.post("/import")
def api_import():
    allow_a_whole_export()  # before anything reads the body
    choice = request.args.get("settings", "auto")
    if choice not in ("auto", "keep", "replace"):
        return _api_error(
            'The settings choice is "auto" (use the file\'s house rules if this browser has none), '
            '"keep" or "replace".',
            "settings",
        )
    dry = request.args.get("preview", "false").lower()
    if dry not in ("true", "false", "1", "0"):
        return _api_error("preview is true (only say what importing would do) or false.", "preview")
    if not request.is_json:
        return _api_error("Send the exported document as JSON, with the header Content-Type: application/json.", None)
    try:
        document = read_document(request.get_data(cache=False))
    except RequestEntityTooLarge:
        return _api_error(TOO_LARGE, None, 413)
    except CaddieError as err:
        return _api_error(err.message, err.field, 413 if err.message == TOO_LARGE else 400)
    if dry in ("true", "1"):
        plan = plan_import(document, browser_id(), choice)
        if plan.too_much is not None:
            return _api_error(plan.too_much.message, plan.too_much.field, 413)
        return dict(plan.summary(preview=True), preview=True, new_ids={}, repairs=repairs_of(document))
    owner = browser_id(create=True)
    assert owner is not None  # create=True issues one
    try:
        count_import(owner)
        result = apply_import(document, owner, choice)
    except TooManyImports as err:
        return err.as_dict(), 429, err.headers()
    except TooMuch as err:
        return _api_error(err.message, err.field, 413)
    except StaleImport:
        return _api_error(RACED, None, 409)
    return dict(result.summary(), preview=False, repairs=repairs_of(document))
