"""Your data: download everything this browser keeps as one JSON file, and import such a file.

Pages: ``/data`` (what is in the file, the download link and the import form;
Settings shows the same section), ``/data/export`` (the file), ``POST
/data/import`` (checks an uploaded file and shows what importing it would do)
and ``POST /data/import/confirm`` (does it). The same for programs is
``caddie.web.api.data``.

Files may be up to ``MAX_BYTES``: these routes raise the app's request limit
for themselves (``caddie.web.plumbing.large_bodies``), and so check the CSRF token
themselves, after raising it (the app-wide check would read the form under the
small limit first).

An import that writes counts against the browser and its address for an hour
(``count_import``, ``caddie.core.limits``): past the limit it is refused with
the time it lifts, on every app server (the count is in the database).
"""

from __future__ import annotations

import json
import math
from datetime import UTC, datetime, timedelta

from flask import Blueprint, flash, make_response, redirect, render_template, request, url_for

from caddie.core.errors import CaddieError
from caddie.core.export_format import MAX_BYTES, MEGABYTES, TOO_LARGE, Document, TooMuch, read_document
from caddie.core.limits import (
    IMPORT_COURSES,
    IMPORT_ROUNDS,
    IMPORT_SCORES,
    IMPORTS_PER_ADDRESS_HOUR,
    IMPORTS_PER_BROWSER_HOUR,
)
from caddie.store.data_export import (
    SETTINGS_APPLY,
    SETTINGS_REPLACE,
    StaleImport,
    apply_import,
    export_document,
    holdings,
    plan_import,
)
from caddie.store.rate_limits import count_try, tries, window_end
from caddie.web.identity import browser_id
from caddie.web.live.access import client_key
from caddie.web.plumbing.csrf import csrf
from caddie.web.plumbing.large_bodies import allow_a_whole_export

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


IMPORT_LIMITS = {
    "rounds": f"{IMPORT_ROUNDS:,}",
    "scores": f"{IMPORT_SCORES:,}",
    "courses": f"{IMPORT_COURSES:,}",
    "per_hour": IMPORTS_PER_BROWSER_HOUR,
}

# -- imports per hour ----------------------------------------------------------------

HOUR = timedelta(hours=1)


class TooManyImports(CaddieError):
    """This browser or address has imported as often as an hour allows; ``seconds_left`` until
    the oldest of those imports is an hour old."""

    def __init__(self, message: str, seconds_left: int) -> None:
        super().__init__(message, "file")
        self.seconds_left = seconds_left

    def headers(self) -> dict[str, str]:
        return {"Retry-After": str(self.seconds_left)}


def _import_keys(owner: str | None) -> list[tuple[str, int]]:
    address = client_key().removeprefix("join:")
    keys = [(f"import-address:{address}", IMPORTS_PER_ADDRESS_HOUR)]
    if owner:
        keys.insert(0, (f"import-browser:{owner}", IMPORTS_PER_BROWSER_HOUR))
    return keys


def _too_many(key: str, limit: int) -> TooManyImports:
    ends = window_end(key, HOUR)
    left = max(1, math.ceil((ends - datetime.now(UTC)).total_seconds())) if ends is not None else 1
    minutes = math.ceil(left / 60)
    who = "phone" if key.startswith("import-browser") else "network"
    return TooManyImports(
        f"That is {limit} imports within the hour from this {who}, "
        f"as many as an hour allows: import it again in {minutes} minute{'' if minutes == 1 else 's'}.",
        left,
    )


def check_import_room(owner: str | None) -> None:
    """``TooManyImports`` if one more import now would be past the hour's limit (counts nothing)."""
    for key, limit in _import_keys(owner):
        if tries(key, HOUR) >= limit:
            raise _too_many(key, limit)


def count_import(owner: str) -> None:
    """Count an import about to write, for ``owner`` and this address; ``TooManyImports`` (and
    nothing to write) past either hourly limit. Counting first is one step in the database, so
    imports sent at once cannot all slip in under the limit."""
    for key, limit in _import_keys(owner):
        if count_try(key, HOUR) > limit:
            raise _too_many(key, limit)


# -- pages -------------------------------------------------------------------------


def _page(error: str | None = None, status: int = 200, headers: dict[str, str] | None = None):
    return (
        render_template(
            "data/index.html",
            import_error=error,
            holdings=holdings(browser_id()),
            max_mb=MEGABYTES,
            limits=IMPORT_LIMITS,
        ),
        status,
        headers or {},
    )


def _preview(document: Document, notice: str | None = None, status: int = 200, replace: bool = False):
    plan = plan_import(document, browser_id(), "replace" if replace else "auto")
    if plan.too_much is not None:
        return _page(error=plan.too_much.message, status=413)
    return render_template(
        "data/preview.html",
        document=document,
        plan=plan,
        canonical=_canonical(document),
        notice=notice,
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
    try:
        check_import_room(browser_id())
    except TooManyImports as err:
        return _page(error=err.message, status=429, headers=err.headers())
    return _preview(document)


@bp.post("/data/import/confirm")
def confirm():
    replace = request.form.get("replace_settings") == "yes"
    try:
        document = read_document(request.form.get("document", "").encode("utf-8"))
    except CaddieError as err:
        return _page(error=err.message, status=400)
    owner = browser_id(create=True)
    assert owner is not None  # create=True issues one
    try:
        count_import(owner)
        result = apply_import(
            document,
            owner,
            "replace" if replace else "auto",
            expected=request.form.get("fingerprint", ""),
        )
    except TooManyImports as err:
        return _page(error=err.message, status=429, headers=err.headers())
    except TooMuch as err:
        return _page(error=err.message, status=413)
    except StaleImport:
        return _preview(document, notice=StaleImport.sentence, status=409, replace=replace)
    flash(_done(result.plan), "ok")
    # The checked file's names were repaired before the check showed it: the check sends them back.
    for sentence in request.form.getlist("repair")[:MAX_REPAIRS_SHOWN]:
        flash(f"Repaired {sentence}", "ok")
    return redirect(url_for("data.index"), code=303)


MAX_REPAIRS_SHOWN = 20  # the check lists every one; after the import, enough to see what happened


def repairs_of(document: Document) -> list[dict[str, str]]:
    """The names the import repaired, as the API answers them."""
    return [{"field": r.path, "name": r.now, "sentence": r.sentence()} for r in document.repairs]


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _done(plan) -> str:
    """One sentence about what the import did."""
    rounds = plan.count("rounds", "add") + plan.count("rounds", "new_links")
    courses = plan.count("courses", "add") + plan.count("courses", "new_links")
    people, seasons = plan.count("people", "add"), plan.count("seasons", "add")
    parts = []
    if rounds or courses or people or seasons:
        added = [_count(rounds, "round"), _count(courses, "course")]
        if people:
            added.append(_count(people, "merged or renamed name"))
        if seasons:
            added.append(_count(seasons, "season"))
        parts.append(f"Imported {', '.join(added[:-1])} and {added[-1]}.")
    else:
        parts.append("Nothing new was imported.")
    here = sum(len(getattr(plan, kind)) for kind in ("rounds", "courses", "people", "seasons")) - (
        rounds + courses + people + seasons
    )
    if here:
        parts.append(
            "1 already here was left as it is." if here == 1 else f"{here} already here were left as they are."
        )
    if plan.settings in (SETTINGS_APPLY, SETTINGS_REPLACE):
        parts.append("The file's house rules are now in use.")
    return " ".join(parts)
