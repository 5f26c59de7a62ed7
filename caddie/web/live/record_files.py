"""A match's record as a file (docs/records.md, "The record as a file"): "Download the record" on
a replay, and the import that reads such a file on any instance and replays it.

The file holds the record, which holds only what every seat saw: whoever may open a table's
replay may download it (a seat, or anyone with the replay's share link). An imported record is
kept for the browser that imported it, which alone opens, downloads or removes it.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from flask import abort, make_response, redirect, render_template, request, url_for
from werkzeug.exceptions import RequestEntityTooLarge

from caddie.core.errors import CaddieError
from caddie.core.games import game_named
from caddie.core.live.record import settings_of
from caddie.core.live.record_file import MAX_BYTES, TOO_LARGE, read_record_file, record_file
from caddie.store import imported_records, table_records
from caddie.store.models import LiveTableRecord
from caddie.web.data import TooManyImports, count_import
from caddie.web.identity import browser_id
from caddie.web.live.pages import bp
from caddie.web.live.replays import replay_page, seated, shared
from caddie.web.plumbing.csrf import csrf
from caddie.web.plumbing.large_bodies import allow_a_file_of

CHOOSE_A_FILE = "Choose the record's file first: the .json file a replay's \"Download the record\" made."


@bp.get("/t/<public_id>/record.json")
def record_download(public_id: str):
    row, _table, _mine = seated(public_id)
    return _download(row)


@bp.get("/replay/<token>/record.json")
def shared_record_download(token: str):
    return _download(shared(token))


def _download(row: LiveTableRecord):
    return _file_answer(table_records.record_of(row), f"{row.game}-{row.public_id[:8]}")


def _file_answer(record: dict[str, Any], name: str):
    now = datetime.now(UTC)
    document = record_file(record, now.strftime("%Y-%m-%dT%H:%M:%SZ"))
    response = make_response(json.dumps(document, ensure_ascii=False, separators=(",", ":")))
    response.headers["Content-Type"] = "application/json; charset=utf-8"
    response.headers["Content-Disposition"] = f'attachment; filename="match-record-{name}-{now:%Y-%m-%d}.json"'
    response.headers["Cache-Control"] = "no-store"
    return response


@bp.route("/replays/import", methods=["GET", "POST"])
@csrf.exempt  # checked below, once the request may be as large as a record's file
def import_record():
    """Read a record's file and keep it for this browser to replay; a sentence beside the file
    field, and nothing kept, for anything that is not a record this app can replay."""
    if request.method == "GET":
        return render_template("live/record_import.html", title="Import a match record")
    allow_a_file_of(MAX_BYTES)
    try:
        csrf.protect()
        upload = request.files.get("file")
    except RequestEntityTooLarge:
        return _refused(TOO_LARGE, 413)
    if upload is None or not upload.filename:
        return _refused(CHOOSE_A_FILE, 400)
    try:
        read = read_record_file(upload.read(MAX_BYTES + 1))
    except CaddieError as err:
        return _refused(err.message, 400)
    owner = browser_id(create=True)
    assert owner is not None  # create=True issues one
    try:
        count_import(owner)
        public_id = imported_records.keep(owner, read.kind.name, read.record)
    except TooManyImports as err:
        return _refused(err.message, 429, err.headers())
    except CaddieError as err:
        return _refused(err.message, 409)
    return redirect(url_for("live.imported_replay", public_id=public_id), 303)


def _refused(message: str, status: int, headers: dict[str, str] | None = None):
    body = render_template("live/record_import.html", title="Import a match record", error=message)
    return body, status, headers or {}


@bp.get("/replays/file/<public_id>")
def imported_replay(public_id: str):
    row = imported_records.find(public_id, browser_id())
    if row is None:
        abort(404)
    kind = game_named(row.game)
    settings = kind.check_settings(settings_of(row.record))
    return replay_page(
        kind,
        settings,
        row.record,
        back_url=None,
        download_url=url_for("live.imported_download", public_id=public_id),
        removal_url=url_for("live.imported_removal", public_id=public_id),
    )


@bp.get("/replays/file/<public_id>/record.json")
def imported_download(public_id: str):
    row = imported_records.find(public_id, browser_id())
    if row is None:
        abort(404)
    return _file_answer(row.record, f"{row.game}-{row.public_id[:8]}")


@bp.post("/replays/file/<public_id>/remove")
def imported_removal(public_id: str):
    row = imported_records.find(public_id, browser_id())
    if row is not None:  # removed already (a second tap): the list, as after the first
        imported_records.remove(row)
    return redirect(url_for("live.replays"), 303)
