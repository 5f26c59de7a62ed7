"""A table's replay (docs/records.md, "Replays"): one finished hole, the table as everyone saw it
at the deal, after each move and at its end, with the review's verdict on each person's
decision where it was made.

Every frame of the hole is in the page, all but one hidden: ``static/js/replay.js`` steps through
them with no request (buttons, the scrubber, ← →, a swipe, play at 0.5× to 4×); without
JavaScript, ◀ and ▶ are links to the page at the next step. The frames come from the record
alone (``GameKind.replay_frames``): nothing a seat did not see is on the page. Whoever holds a
seat at the table may open it; anyone else gets the 404 of a table that is not there.
"""

from __future__ import annotations

from typing import Any

from flask import abort, render_template, request, url_for

from caddie.store import live_tables as store
from caddie.store import table_records
from caddie.web.live import seats
from caddie.web.live.pages import bp
from caddie.web.play.presenters import presenter_for

SPEEDS = (0.5, 1, 2, 4)  # how many moves a second the replay plays


@bp.get("/t/<public_id>/replay")
def replay(public_id: str):
    row = store.find(public_id)
    if row is None:
        abort(404)
    table = store.read(row)
    if not seats.my_seats(row, table):
        abort(404)
    record = table_records.record_of(row)
    kept = [hole for hole in record["holes"] if hole["moves"] is not None]
    context: dict[str, Any] = {
        "title": f"Replay · {table.kind.title}",
        "names": record["names"],
        "kept": kept,
        "table_url": url_for("live.table", public_id=public_id),
        "speeds": SPEEDS,
    }
    if kept:
        hole = _chosen(kept, request.args.get("hole"))
        frames = table.kind.replay_frames(table.settings, hole)
        presenter = presenter_for(table.kind)
        context.update(
            hole=hole,
            frames=frames,
            step=_step(request.args.get("step"), len(frames)),
            verdicts={v["move"]: v for v in record["review"] if v["hole"] == hole["hole"]},
            replay_part=presenter.replay_part,
            **presenter.replay_context(table.settings),
        )
    response = render_template("live/replay.html", **context)
    return response, 200, {"Cache-Control": "no-store"}


def _chosen(kept: list[dict[str, Any]], asked: str | None) -> dict[str, Any]:
    """The hole asked for, else the latest one kept."""
    for hole in kept:
        if asked is not None and str(hole["hole"]) == asked:
            return hole
    return kept[-1]


def _step(asked: str | None, frames: int) -> int:
    """The frame asked for (from 0: the deal), within the hole; the deal when none or nonsense."""
    try:
        step = int(asked or 0)
    except ValueError:
        return 0
    return min(max(step, 0), frames - 1)
