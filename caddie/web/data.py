"""Your data: download everything this browser keeps as one JSON file, and import such a file.

Pages: ``/data`` (what is in the file, the download link and the import form;
Settings shows the same section), ``/data/export`` (the file), ``POST
/data/import`` (checks an uploaded file and shows what importing it would do)
and ``POST /data/import/confirm`` (does it). API: ``GET /api/v1/export`` and
``POST /api/v1/import`` for the calling browser's session.

Files may be up to ``MAX_BYTES``: these routes raise the app's request limit
for themselves, and so check the CSRF token themselves, after raising it (the
app-wide check would read the form under the small limit first).
"""

from __future__ import annotations

import json

from flask import Blueprint, flash, make_response, redirect, render_template, request, url_for

from caddie.core.errors import CaddieError
from caddie.core.export_format import MAX_BYTES, Document, FormatError, parse_document
from caddie.store.data_export import (
    SETTINGS_APPLY,
    SETTINGS_REPLACE,
    StaleImport,
    apply_import,
    export_document,
    holdings,
    plan_import,
)
from caddie.web.csrf import csrf
from caddie.web.identity import browser_id

bp = Blueprint("data", __name__)
csrf.exempt(bp)

MEGABYTES = MAX_BYTES // (1024 * 1024)
TOO_LARGE = f"That file is larger than {MEGABYTES} MB, more than any Caddie & Tally export holds; nothing was imported."
RACED = (
    "This browser's data changed while the file was being imported (another tab or phone), so nothing "
    "was imported. Send the file again."
)
REQUEST_LIMIT = MAX_BYTES + 64 * 1024  # the file, or the checked document sent back, plus the form around it


@bp.before_request
def _limits_then_csrf():
    request.max_content_length = REQUEST_LIMIT
    request.max_form_memory_size = REQUEST_LIMIT
    if request.method == "POST" and not request.path.startswith("/api/"):
        csrf.protect()


@bp.errorhandler(413)
def _too_large(err):
    if request.path.startswith("/api/"):
        return {"error": TOO_LARGE, "field": None}, 413
    return _page(error=TOO_LARGE, status=413)


# -- reading a file ----------------------------------------------------------------


def read_document(raw: bytes) -> Document:
    """The document in ``raw`` (the bytes of a file or a request body); ``CaddieError`` if it is none."""
    if len(raw) > MAX_BYTES:
        raise FormatError(None, TOO_LARGE)
    if not raw.strip():
        raise FormatError(None, "The file is empty: choose a file made by Download everything.")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FormatError(
            None,
            "That file is not text, so it is not a Caddie & Tally export: choose the .json "
            "file made by Download everything.",
        ) from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise FormatError(
            None,
            "That file is not valid JSON, so it is not a Caddie & Tally export (or it was "
            "cut short): choose the .json file made by Download everything.",
        ) from None
    return parse_document(data)


def _canonical(document: Document) -> str:
    return json.dumps(document.to_dict(), ensure_ascii=False, separators=(",", ":"))


# -- pages -------------------------------------------------------------------------


def _page(error: str | None = None, status: int = 200):
    return render_template(
        "data/index.html", import_error=error, holdings=holdings(browser_id()), max_mb=MEGABYTES, active_tab="settings"
    ), status


def _preview(document: Document, notice: str | None = None, status: int = 200, replace: bool = False):
    plan = plan_import(document, browser_id(), "replace" if replace else "auto")
    return render_template(
        "data/preview.html",
        document=document,
        plan=plan,
        canonical=_canonical(document),
        notice=notice,
        active_tab="settings",
    ), status


@bp.get("/data")
def index():
    return _page()


@bp.get("/data/export")
def download():
    document = export_document(browser_id())
    assert document.exported_at is not None  # export_document always stamps it
    body = json.dumps(document.to_dict(), ensure_ascii=False, separators=(",", ":"))
    response = make_response(body)
    response.headers["Content-Type"] = "application/json; charset=utf-8"
    response.headers["Content-Disposition"] = (
        f'attachment; filename="caddie-and-tally-{document.exported_at[:10]}.json"'
    )
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.post("/data/import")
def preview():
    upload = request.files.get("file")
    if upload is None or not upload.filename:
        return _page(error="Choose the file to import first: the .json file made by Download everything.", status=400)
    try:
        document = read_document(upload.read(MAX_BYTES + 1))
    except CaddieError as err:
        return _page(error=err.message, status=413 if err.message == TOO_LARGE else 400)
    return _preview(document)


@bp.post("/data/import/confirm")
def confirm():
    replace = request.form.get("replace_settings") == "yes"
    try:
        document = read_document(request.form.get("document", "").encode("utf-8"))
    except CaddieError as err:
        return _page(error=err.message, status=400)
    try:
        owner = browser_id(create=True)
        assert owner is not None  # create=True issues one
        result = apply_import(
            document,
            owner,
            "replace" if replace else "auto",
            expected=request.form.get("fingerprint", ""),
        )
    except StaleImport:
        return _preview(document, notice=StaleImport.sentence, status=409, replace=replace)
    flash(_done(result.plan), "ok")
    return redirect(url_for("data.index"), code=303)


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _done(plan) -> str:
    """One sentence about what the import did."""
    rounds = plan.count("rounds", "add") + plan.count("rounds", "new_links")
    courses = plan.count("courses", "add") + plan.count("courses", "new_links")
    parts = []
    if rounds or courses:
        parts.append(f"Imported {_count(rounds, 'round')} and {_count(courses, 'course')}.")
    else:
        parts.append("Nothing new was imported.")
    here = len(plan.rounds) - rounds + len(plan.courses) - courses
    if here:
        parts.append(
            "1 already here was left as it is." if here == 1 else f"{here} already here were left as they are."
        )
    if plan.settings in (SETTINGS_APPLY, SETTINGS_REPLACE):
        parts.append("The file's house rules are now in use.")
    return " ".join(parts)


# -- API ---------------------------------------------------------------------------


def _api_error(message: str, field: str | None, status: int = 400):
    return {"error": message, "field": field}, status


@bp.get("/api/v1/export")
def api_export():
    return export_document(browser_id()).to_dict(), 200, {"Cache-Control": "no-store"}


@bp.post("/api/v1/import")
def api_import():
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
    except CaddieError as err:
        return _api_error(err.message, err.field, 413 if err.message == TOO_LARGE else 400)
    if dry in ("true", "1"):
        plan = plan_import(document, browser_id(), choice)
        return dict(plan.summary(), preview=True, new_ids={})
    owner = browser_id(create=True)
    assert owner is not None  # create=True issues one
    try:
        result = apply_import(document, owner, choice)
    except StaleImport:
        return _api_error(RACED, None, 409)
    return dict(result.summary(), preview=False)
