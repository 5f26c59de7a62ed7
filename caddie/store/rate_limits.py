"""Counting a client's tries at something limited, in the database so every app server counts
the same tries (``docs/live-tables.md``, "Codes and links": a miss at joining by code).

A key (what is limited, and who) has a window that starts with its first try; tries inside the
window add up, and the first try after it starts a new window.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any, cast

from sqlalchemy import CursorResult, delete, select, update
from sqlalchemy.exc import IntegrityError

from caddie.store.database import db
from caddie.store.models import RateLimit

__all__ = ["count_try", "tries", "window_end"]


def _now() -> datetime:
    return datetime.now(UTC)


def tries(key: str, window: timedelta, now: datetime | None = None) -> int:
    """How many tries ``key`` has made in its current window (0 once the window has passed)."""
    now = now or _now()
    count = db.session.scalars(
        select(RateLimit.count).where(RateLimit.key == key, RateLimit.window_start > now - window)
    ).first()
    db.session.rollback()
    return count or 0


def window_end(key: str, window: timedelta, now: datetime | None = None) -> datetime | None:
    """When ``key``'s current window passes (its tries then count for nothing); ``None`` when it
    has no window running."""
    now = now or _now()
    start = db.session.scalars(
        select(RateLimit.window_start).where(RateLimit.key == key, RateLimit.window_start > now - window)
    ).first()
    db.session.rollback()
    if start is None:
        return None
    return (start if start.tzinfo is not None else start.replace(tzinfo=UTC)) + window  # SQLite: naive UTC


def count_try(key: str, window: timedelta, now: datetime | None = None) -> int:
    """Count one more try for ``key``; the tries in its window, this one included."""
    now = now or _now()
    for _ in range(4):
        if _updated(
            update(RateLimit)
            .where(RateLimit.key == key, RateLimit.window_start > now - window)
            .values(count=RateLimit.count + 1)
        ):
            count = db.session.scalars(select(RateLimit.count).where(RateLimit.key == key)).one()
            db.session.commit()
            return count
        if _updated(
            update(RateLimit)
            .where(RateLimit.key == key, RateLimit.window_start <= now - window)
            .values(window_start=now, count=1)
        ):
            db.session.commit()
            return 1
        db.session.add(RateLimit(key=key, window_start=now, count=1))
        try:
            # the old windows of every key go with each new one, so the table stays small
            db.session.execute(delete(RateLimit).where(RateLimit.window_start < now - timedelta(days=1)))
            db.session.commit()
        except IntegrityError:  # another server counted this key's first try meanwhile
            db.session.rollback()
            continue
        return 1
    raise RuntimeError("could not count a try")  # pragma: no cover


def _updated(statement: Any) -> bool:
    done = cast("CursorResult[Any]", db.session.execute(statement.execution_options(synchronize_session=False)))
    return done.rowcount == 1
