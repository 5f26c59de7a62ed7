"""Practice (docs/records.md, "Practice"): the positions where this browser's own decisions cost
the most, put again as a question.

``/practice`` lists the reviewed decisions of the seats this browser held (its solo matches and
the tables whose seats it holds) that earned a mark, the costliest first. A position's page shows
the table as that seat saw it just before the decision (the replay's frame, with the seat's own
drawn card), asks "What would you do?" between the move made and the Caddie's, in an order that
does not give it away, and, once answered (a plain link: nothing is stored), gives the Caddie's
answer, what the move made cost and why.
"""

from __future__ import annotations

import hashlib
from typing import Any

from flask import abort, render_template, request, url_for

from caddie.core.live.table import LiveTable
from caddie.core.verdicts import mark_of
from caddie.store import live_tables as store
from caddie.store import table_records
from caddie.store.models import LiveTableRecord
from caddie.web.identity import browser_id
from caddie.web.live import seats
from caddie.web.live.pages import bp
from caddie.web.live.replays import seated
from caddie.web.play.presenters import presenter_for

PRACTICE_LISTED = 20  # the costliest decisions listed: a session's worth


@bp.get("/practice")
def practice_list():
    items = _costliest()
    response = render_template("live/practice_list.html", title="Practise your mistakes", items=items)
    return response, 200, {"Cache-Control": "no-store"}


def _costliest() -> list[dict[str, Any]]:
    """The marked decisions of the seats this browser held, the costliest first."""
    tables: dict[int, tuple[LiveTableRecord, LiveTable, list[int]]] = {}
    for row, _holes, _last in table_records.replayable(browser_id(), seats.held_tables()):
        table = store.read(row)
        tables[row.id] = (row, table, seats.my_seats(row, table))
    found = []
    for table_id, hole, verdicts in table_records.kept_reviews(tables):
        row, table, mine = tables[table_id]
        for verdict in verdicts:
            if verdict["seat"] in mine and mark_of(verdict["loss"]) is not None:
                found.append(
                    {
                        "url": url_for(
                            "live.practice_position", public_id=row.public_id, hole=hole, move=verdict["move"]
                        ),
                        "game": table.kind.title,
                        "hole": hole,
                        "loss": verdict["loss"],
                        "unit": table.kind.loss_unit,
                        "mark": mark_of(verdict["loss"]),
                        "did": verdict["did"],
                    }
                )
    found.sort(key=lambda item: -item["loss"])
    return found[:PRACTICE_LISTED]


@bp.get("/t/<public_id>/practice/<int:hole>/<int:move>")
def practice_position(public_id: str, hole: int, move: int):
    row, table, mine = seated(public_id)
    record = table_records.record_of(row, mine)
    kept = next((h for h in record["holes"] if h["hole"] == hole and h["moves"] is not None), None)
    verdict = next((v for v in record["review"] if v["hole"] == hole and v["move"] == move and v["seat"] in mine), None)
    if kept is None or verdict is None:
        abort(404)
    kind, settings = table.kind, table.settings
    frames = kind.seat_frames(kind.replay_frames(settings, kept), kept, mine)
    frame = frames[move]  # the table just before the decision (frame 0 is the deal)
    moves = [verdict["played"], verdict["best"]] if verdict["played"] != verdict["best"] else [verdict["played"]]
    if _flipped(public_id, hole, move):
        moves.reverse()  # which side the Caddie's is does not give it away
    choices = [
        {"words": kind.move_words(settings, frame, action), "best": action == verdict["best"]} for action in moves
    ]
    answer = _answer(request.args.get("answer"), len(choices))
    items = _costliest()
    urls = [item["url"] for item in items]
    here = url_for("live.practice_position", public_id=public_id, hole=hole, move=move)
    following = urls[(urls.index(here) + 1) % len(urls)] if here in urls and len(urls) > 1 else None
    presenter = presenter_for(kind)
    response = render_template(
        "live/practice.html",
        title="Practice",
        frame=frame,
        names=record["names"],
        seat=verdict["seat"],
        hole=hole,
        choices=choices,
        answer=answer,
        verdict=verdict,
        mark=mark_of(verdict["loss"]),
        unit=kind.loss_unit,
        basis=kind.loss_basis,
        here=here,
        next_url=following,
        replay_url=url_for("live.replay", public_id=public_id, hole=hole, step=move),
        replay_part=presenter.replay_part,
        **presenter.replay_context(settings),
    )
    return response, 200, {"Cache-Control": "no-store"}


def _flipped(public_id: str, hole: int, move: int) -> bool:
    """A fixed coin for the position: the same order each time it is asked."""
    return hashlib.sha256(f"{public_id}:{hole}:{move}".encode()).digest()[0] % 2 == 1


def _answer(asked: str | None, choices: int) -> int | None:
    try:
        answer = int(asked or "")
    except ValueError:
        return None
    return answer if 0 <= answer < choices else None
