"""The reviews of tables of people, worked out beside the moves (docs/records.md, "The review").

A solo match judges its person's decisions in the requests of their moves, one behind each move.
At a table of people that made every move cost five times the CPU, so a hole of such a table
ends with its record and ``review_due``, and a thread in each process (``HoleReviewer``) works the
review out: it takes a due hole (a lease keeps other processes off it), plays the match again
from its deal through the records (``GameKind.replayed``: the views each person decided from),
has the Caddie judge the people's decisions in slices of ``SLICE_S`` in the helper process, so
that a computer's move or a Hint waits for one slice at most, and stores the verdicts.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, and_, or_, select, update

from caddie.core.errors import CaddieError
from caddie.offload.heavy_work import run_heavy
from caddie.store.database import db
from caddie.store.live_tables import REVIEW_DUE, load
from caddie.store.models import LiveTableRecord, TableHole
from caddie.store.process_thread import ProcessThread

__all__ = ["REVIEW_DUE", "HoleReviewer", "review_next"]

SLICE_S = 0.1  # the helper's work in one go: about one decision
LEASE = timedelta(seconds=60)  # how long a process working a review out keeps the others off it
LOOK_EVERY_S = 2.0  # seconds between two looks for due reviews, when this process learns of none
SLICES_AT_MOST = 2000  # a hole whose review takes more than this many slices is given up

log = logging.getLogger(__name__)


def _now() -> datetime:
    return datetime.now(UTC)


def review_next(now: datetime | None = None) -> bool:
    """Work out one due review (the oldest hole no other process is working on), if there is one;
    whether there was. A hole whose record does not play again (a table whose earlier holes were
    finished before records were kept) is given up: no review."""
    now = now or _now()
    claimed = _claim(now)
    if claimed is None:
        return False
    table_id, number = claimed
    row = db.session.get(LiveTableRecord, table_id)
    records = db.session.scalars(
        select(TableHole.record)
        .where(TableHole.table_id == table_id, TableHole.hole <= number)
        .order_by(TableHole.hole)
    ).all()
    try:
        verdicts = _worked_out(row, list(records), number) if row is not None else None
    except Exception:  # a hole whose review fails fails again: given up, not tried every minute
        log.exception("the review of hole %s of table %s failed: it is given up", number, table_id)
        db.session.rollback()
        verdicts = None
    db.session.execute(
        update(TableHole)
        .where(TableHole.table_id == table_id, TableHole.hole == number)
        .values(
            review={"decisions": verdicts} if verdicts is not None else None,
            review_due=False,
            review_lease_until=None,
            reviewed_at=_now(),
        )
    )
    db.session.commit()
    return True


def _claim(now: datetime) -> tuple[int, int] | None:
    """The oldest due review nobody holds, leased to this process (one conditional UPDATE, so two
    processes never both take it)."""
    free = or_(TableHole.review_lease_until.is_(None), TableHole.review_lease_until < now)
    found = db.session.execute(
        select(TableHole.table_id, TableHole.hole)
        .where(TableHole.review_due.is_(True), free)
        .order_by(TableHole.finished_at)
        .limit(5)
    ).all()
    for table_id, number in found:
        done = cast(
            "CursorResult[Any]",
            db.session.execute(
                update(TableHole)
                .where(
                    and_(TableHole.table_id == table_id, TableHole.hole == number, TableHole.review_due.is_(True), free)
                )
                .values(review_lease_until=now + LEASE)
            ),
        ).rowcount
        db.session.commit()
        if done == 1:
            return int(table_id), int(number)
    return None


def _worked_out(row: LiveTableRecord, records: list[dict[str, Any]], number: int) -> list[dict[str, Any]] | None:
    """The verdicts on the people's decisions of hole ``number``, from the records of every hole up
    to it; ``None`` when they do not play again."""
    table = load(row)
    match, kind = table.match, table.kind
    if (
        match is None
        or not kind.reviews
        or len(records) != number
        or any(record.get("moves") is None for record in records)
    ):
        return None
    people = [seat for seat, place in enumerate(table.places) if place.person]
    names = [str(place.name) for place in table.places]
    try:
        game = run_heavy(kind.replayed, table.settings, names, match.seed, records, people)
    except CaddieError:
        log.warning("the record of table %s does not play again: hole %s is not reviewed", row.id, number)
        return None
    for _ in range(SLICES_AT_MOST):
        found = kind.hole_review(game)
        if found is not None:
            return found
        game = run_heavy(kind.review_some, game, SLICE_S)
    return None


class HoleReviewer(ProcessThread):
    """One process's thread that works out the due reviews. ``context`` makes what each look runs
    in (a Flask app's ``app_context``)."""

    name = "hole-reviewer"

    def __init__(self, context: Callable[[], AbstractContextManager[Any]]) -> None:
        super().__init__()
        self.context = context

    def _wake(self) -> None:
        REVIEW_DUE.set()

    def _run(self) -> None:
        while not self._stopping.is_set():
            REVIEW_DUE.clear()  # before the look: a hole stored after it wakes the wait
            try:
                with self.context():
                    worked = review_next()
            except Exception:  # a database hiccup or a bad table: log it and look again later
                log.exception("working out a hole's review failed")
                worked = False
            if not worked:
                REVIEW_DUE.wait(LOOK_EVERY_S)
