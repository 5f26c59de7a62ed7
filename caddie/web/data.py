"""Your data: download everything this browser keeps as one JSON file, and import such a file.

Pages: ``/data`` (what is in the file, the download link and the import form;
Settings shows the same section), ``/data/export`` (the file), ``POST
/data/import`` (checks an uploaded file and shows what importing it would do)
and ``POST /data/import/confirm`` (does it). The same for programs is
``caddie.web.api.data``.

Files may be up to ``MAX_BYTES``: these routes raise the app's request limit
for themselves (``caddie.web.large_bodies``), and so check the CSRF token
themselves, after raising it (the app-wide check would read the form under the
small limit first).
"""

from __future__ import annotations

import json

from flask import Blueprint, flash, make_response, redirect, render_template, request, url_for

from caddie.core.errors import CaddieError
from caddie.core.export_format import MAX_BYTES, MEGABYTES, TOO_LARGE, Document, read_document
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
from caddie.web.large_bodies import allow_a_whole_export

bp = Blueprint("data", __name__)
csrf.exempt(bp)


@bp.before_request
def _limits_then_csrf():
    allow_a_whole_export()
    if request.method == "POST":
        csrf.protect()


@bp.errorhandler(413)
def _too_large(err):
    return _page(error=TOO_LARGE, status=413)


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
