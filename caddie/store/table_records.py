"""The records of tables' finished holes (docs/records.md): each written with the move that ended
its hole (``live_tables``), read here; and the replay's share link, which the host makes and
takes back."""

from __future__ import annotations

import secrets
from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import and_, func, or_, select, update

from caddie.core.live.record import table_record
from caddie.store import live_tables
from caddie.store.database import db
from caddie.store.models import LiveTableRecord, TableHole
from caddie.store.tokens import is_token

__all__ = [
    "REPLAYS_LISTED",
    "find_by_share_token",
    "hole_review",
    "kept_reviews",
    "record_of",
    "replayable",
    "share",
    "stop_sharing",
]

REPLAYS_LISTED = 50  # the latest this many: a list to come back to, not an archive


def record_of(row: LiveTableRecord, seats: Sequence[int] = ()) -> dict[str, Any]:
    """The table's record, as everyone at it may know it: every finished hole in order; with what
    the holder of ``seats`` alone may know of their own decisions' review."""
    table = live_tables.read(row)
    kept = db.session.execute(
        select(TableHole.hole, TableHole.record, TableHole.review)
        .where(TableHole.table_id == row.id)
        .order_by(TableHole.hole)
    ).all()
    records = {int(hole): dict(record) for hole, record, _ in kept}
    reviews = {int(hole): dict(review) for hole, _, review in kept if review is not None}
    return {"id": row.public_id, **table_record(table, records, reviews, seats)}


def hole_review(row: LiveTableRecord, hole: int) -> tuple[bool, list[dict[str, Any]] | None]:
    """Whether hole ``hole``'s review is still to be worked out, and its verdicts once it has been
    (``None`` before, and for a hole with no review: one not kept, or given up)."""
    found = db.session.execute(
        select(TableHole.review_due, TableHole.review).where(TableHole.table_id == row.id, TableHole.hole == hole)
    ).first()
    if found is None:
        return False, None
    due, review = found
    return bool(due), list(review["decisions"]) if review else None


def kept_reviews(table_ids: Iterable[int]) -> list[tuple[int, int, list[dict[str, Any]]]]:
    """The verdicts kept for these tables' holes: (table id, hole, verdicts), one query."""
    ids = list(table_ids)
    if not ids:
        return []
    rows = db.session.execute(
        select(TableHole.table_id, TableHole.hole, TableHole.review).where(
            TableHole.table_id.in_(ids), TableHole.review.is_not(None)
        )
    ).all()
    return [(int(table), int(hole), list(review["decisions"])) for table, hole, review in rows if review]


def replayable(browser: str | None, held: Iterable[str]) -> list[tuple[LiveTableRecord, int, datetime]]:
    """The tables this browser sits at (its solo matches, and the tables whose seat tokens it
    holds: ``held``) with a finished hole to replay, the latest finished hole first: each with
    how many of its holes have a record and when the last one finished."""
    ids = list(held)
    sits = []
    if browser:
        sits.append(and_(LiveTableRecord.host_browser == browser, LiveTableRecord.solo.is_(True)))
    if ids:
        sits.append(LiveTableRecord.public_id.in_(ids))
    if not sits:
        return []
    last = func.max(TableHole.finished_at)
    rows = db.session.execute(
        select(LiveTableRecord, func.count(TableHole.hole), last)
        .join(TableHole, TableHole.table_id == LiveTableRecord.id)
        .where(or_(*sits))
        .group_by(LiveTableRecord.id)
        .order_by(last.desc(), LiveTableRecord.id.desc())
        .limit(REPLAYS_LISTED)
    ).all()
    return [(row, int(holes), finished) for row, holes, finished in rows]


def find_by_share_token(token: object) -> LiveTableRecord | None:
    """The table whose replay this share link opens, while its host shares it."""
    if not is_token(token):
        return None
    return db.session.scalars(select(LiveTableRecord).where(LiveTableRecord.share_token == token)).first()


def share(row: LiveTableRecord) -> str:
    """The replay's share token, made now if the host is not sharing it yet. Two taps on Share at
    once (two tabs) give one link: the token is set only where none is, then read back."""
    db.session.execute(
        update(LiveTableRecord)
        .where(LiveTableRecord.id == row.id, LiveTableRecord.share_token.is_(None))
        .values(share_token=secrets.token_urlsafe(18))
        .execution_options(synchronize_session=False)
    )
    db.session.commit()
    token = db.session.scalar(select(LiveTableRecord.share_token).where(LiveTableRecord.id == row.id))
    assert token is not None
    return token


def stop_sharing(row: LiveTableRecord) -> None:
    """The share link opens nothing from now on; sharing again makes a new one."""
    db.session.execute(
        update(LiveTableRecord)
        .where(LiveTableRecord.id == row.id)
        .values(share_token=None)
        .execution_options(synchronize_session=False)
    )
    db.session.commit()
