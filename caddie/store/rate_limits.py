"""Counting a client's tries at something limited, in the database so every app server counts
the same tries (``docs/live-tables.md``, "Codes and links": a typed code at joining).

A key (what is limited, and who) has a window that starts with its first try; tries inside the
window add up, and the first try after it starts a new window.

``take_try`` checks the limit and counts the try in one statement, so that tries sent at the same
moment cannot all pass a check made before any of them was counted: of 60 at once against a limit
of 10, exactly 10 are counted and the other 50 refused, on SQLite and on PostgreSQL alike (a
conditional UPDATE: PostgreSQL checks its condition again on the row another updater has just
changed, and SQLite lets one writer in at a time).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from caddie.store.database import db
from caddie.store.models import RateLimit

__all__ = ["count_try", "give_back", "take_try", "tries", "window_end"]


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
    counted = _count(key, window, None, now or _now())
    assert counted is not None  # with no limit, every try is counted
    return counted


def take_try(key: str, window: timedelta, limit: int, now: datetime | None = None) -> bool:
    """Count one more try for ``key`` if it has made fewer than ``limit`` in its window, checked
    and counted in one step; whether it was counted (``False``: the limit is reached)."""
    return _count(key, window, limit, now or _now()) is not None


def give_back(key: str, window: timedelta, now: datetime | None = None) -> None:
    """Take back one try ``take_try`` counted for ``key``: what it was taken for turned out not to
    be a try that counts (a code that named a table)."""
    now = now or _now()
    db.session.execute(
        update(RateLimit)
        .where(RateLimit.key == key, RateLimit.window_start > now - window, RateLimit.count > 0)
        .values(count=RateLimit.count - 1)
        .execution_options(synchronize_session=False)
    )
    db.session.commit()


def _count(key: str, window: timedelta, limit: int | None, now: datetime) -> int | None:
    """Count a try for ``key`` unless ``limit`` tries are counted in its window already: the tries
    then counted, or ``None`` when refused."""
    if limit is not None and limit <= 0:
        return None
    in_window = (RateLimit.key == key, RateLimit.window_start > now - window)
    under_limit = () if limit is None else (RateLimit.count < limit,)
    for _ in range(4):
        counted = db.session.scalars(
            update(RateLimit)
            .where(*in_window, *under_limit)
            .values(count=RateLimit.count + 1)
            .returning(RateLimit.count)
            .execution_options(synchronize_session=False)
        ).first()
        if counted is None:  # no window running: this try starts one
            counted = db.session.scalars(
                update(RateLimit)
                .where(RateLimit.key == key, RateLimit.window_start <= now - window)
                .values(window_start=now, count=1)
                .returning(RateLimit.count)
                .execution_options(synchronize_session=False)
            ).first()
        if counted is not None:
            db.session.commit()
            return counted
        held = db.session.scalars(select(RateLimit.count).where(*in_window)).first()
        if held is not None:
            db.session.rollback()
            if limit is not None and held >= limit:
                return None
            continue  # another server started its window meanwhile: count again
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
