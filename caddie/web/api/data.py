"""Your data for programs: ``GET /api/v1/export`` and ``POST /api/v1/import``, for the calling
browser's session (the pages are ``caddie.web.data``; the format is ``caddie.core.export_format``)."""

from __future__ import annotations

from typing import Annotated

from flask import request
from pydantic import Field
from werkzeug.exceptions import RequestEntityTooLarge

from caddie.core.errors import CaddieError
from caddie.core.export_format import RACED, TOO_LARGE, TooMuch, read_document
from caddie.core.limits import (
    IMPORT_COURSES,
    IMPORT_ROUNDS,
    IMPORT_SCORES,
    IMPORTS_PER_ADDRESS_HOUR,
    IMPORTS_PER_BROWSER_HOUR,
)
from caddie.openapi.data import (
    BAD_NAME_EXAMPLE,
    EXPORT_EXAMPLE,
    IMPORT_MB,
    IMPORTED_EXAMPLE,
    TOO_LARGE_EXAMPLE,
    TOO_MANY_IMPORTS_EXAMPLE,
    TOO_MANY_ROUNDS_EXAMPLE,
    ExportDocument,
    ImportSummary,
)
from caddie.openapi.says import OneOf
from caddie.openapi.shared import Error
from caddie.store.data_export import StaleImport, apply_import, export_document, plan_import
from caddie.web.api import bp
from caddie.web.api.spec import Answer, Header, Param, documented
from caddie.web.data import TooManyImports, count_import, repairs_of
from caddie.web.identity import browser_id
from caddie.web.plumbing.large_bodies import allow_a_whole_export


def _api_error(message: str, field: str | None, status: int = 400):
    return {"error": message, "field": field}, status


@bp.get("/export")
@documented(
    "exportData",
    "Data",
    {200: Answer("The document.", ExportDocument, examples={"export": ("One course and one round", EXPORT_EXAMPLE)})},
    security=("browserSession",),
)
def api_export():
    """Download everything this browser keeps

    The calling browser's house rules, courses and rounds as one document (see `ExportDocument`). A client with no
    session gets an empty one.
    """
    return export_document(browser_id()).to_dict(), 200, {"Cache-Control": "no-store"}


@bp.post("/import")
@documented(
    "importData",
    "Data",
    {
        200: Answer(
            "What was imported (or, with `preview`, what would be).",
            ImportSummary,
            examples={"imported": ("Into a new browser", IMPORTED_EXAMPLE)},
        ),
        400: Answer(
            "Nothing was imported: the document is not one this server reads.",
            Error,
            examples={"bad_name": ("A blank player name", BAD_NAME_EXAMPLE)},
        ),
        409: Answer("Nothing was imported: this browser's data changed during the import. Send it again.", Error),
        413: Answer(
            "Nothing was imported: the document is too large, or would add more rounds, scores or courses than one "
            f"import may ({IMPORT_ROUNDS}, {IMPORT_SCORES} and {IMPORT_COURSES}).",
            Error,
            examples={
                "too_large": (f"Over {IMPORT_MB} MB", TOO_LARGE_EXAMPLE),
                "too_many_rounds": ("Too many rounds", TOO_MANY_ROUNDS_EXAMPLE),
            },
        ),
        429: Answer(
            f"Nothing was imported: this browser has imported {IMPORTS_PER_BROWSER_HOUR} times within the hour, or its "
            f"address {IMPORTS_PER_ADDRESS_HOUR} times; the message says when to try again.",
            Error,
            {"Retry-After": Header("Seconds to wait.", int)},
            {"too_many": ("Too many imports", TOO_MANY_IMPORTS_EXAMPLE)},
        ),
    },
    body=ExportDocument,
    request_examples={"export": ("A document from GET /api/v1/export", EXPORT_EXAMPLE)},
    params=(
        Param(
            "settings",
            "query",
            "The file's house rules: `auto` uses them only if this browser has none saved; `keep` never; `replace` "
            "also over this browser's own.",
            Annotated[str, OneOf("auto", "keep", "replace"), Field("auto")],
        ),
        Param(
            "preview",
            "query",
            "`true`: only say what importing would do; nothing is written.",
            Annotated[str, OneOf("true", "false", "1", "0"), Field("false")],
        ),
    ),
    security=("browserSession",),
)
def api_import():
    """Import an exported document into this browser

    All or nothing, and only ever adding: a round or course this browser already has (same id) is left as it is, so
    sending a document twice adds nothing the second time. Ids and link tokens are kept when this server has no
    other round or course using them, otherwise new ones are made (`new_ids`). Every field is checked first; the
    first bad one answers 400 with its path in `field` (`rounds[2].players[0].name`) and at the start of the
    sentence. The document is the core's to read (`caddie.core.export_format`), bytes and all, within its size
    limit: its model here documents it.
    """
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
