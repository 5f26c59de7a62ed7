"""Courses in the database: a browser's own scorecards, and the choice of course everywhere else.

Only this module reads or writes the ``courses`` table. Every edit names the
version it was based on; an edit based on an older version is refused
(``StaleCourse``), never silently applied. The check is one conditional UPDATE,
so it holds across processes, on SQLite and PostgreSQL alike.

The interface other parts of the app use:

* ``course_choices(owner)``: (key, label) pairs for a select: the browser's own
  courses (``"mine:<public_id>"``), the samples (their ``SAMPLE_COURSES`` keys),
  then ``"random-18"`` and ``"random-9"``.
* ``find_course(key, owner, rng=None)``: the ``Course`` a key names, or None.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import CursorResult, select, update

from caddie.core.courses.course import SAMPLE_COURSES, Course
from caddie.core.courses.generator import random_course
from caddie.core.errors import CaddieError
from caddie.store.database import db
from caddie.store.models import CourseRecord
from caddie.store.tokens import is_token

MINE = "mine:"
RANDOM_KEYS = {"random-18": 18, "random-9": 9}
RANDOM_LABELS = {"random-18": "A random 18-hole course", "random-9": "A random 9-hole course"}


class StaleCourse(Exception):
    """The course was changed (or deleted) elsewhere since the editor was opened."""

    def sentence(self) -> str:
        return (
            "This course was changed in another tab or on another phone since you opened it, so nothing "
            "was saved. Your changes are still below: check them, then press Save again."
        )


@dataclass(frozen=True)
class StoredCourse:
    """A stored course as pages need it: the ``Course`` plus where it lives and its version."""

    public_id: str
    course: Course
    version: int

    @property
    def key(self) -> str:
        return MINE + self.public_id


def _now() -> datetime:
    return datetime.now(UTC)


def label(course: Course) -> str:
    """A course as a select option shows it: name, then the tee if it has one."""
    return f"{course.name} ({course.tee} tees)" if course.tee else course.name


def _course_of(row: CourseRecord) -> Course | None:
    try:
        return Course.from_dict({"name": row.name, "tee": row.tee, "holes": row.holes})
    except CaddieError:  # stored under rules since tightened: leave it out rather than crash
        return None


def _saved(row: CourseRecord) -> StoredCourse | None:
    course = _course_of(row)
    return StoredCourse(row.public_id, course, row.version) if course is not None else None


def _holes(course: Course) -> list[dict[str, int]]:
    return [{"yardage": h.yardage, "par": h.par} for h in course.holes]


# -- reading --------------------------------------------------------------------


def _row(public_id: str | None, owner: str | None, include_deleted: bool = False) -> CourseRecord | None:
    """The owner's course with this id; None for another browser's, a guessed id, or none at all."""
    if not owner or not is_token(public_id, 32):
        return None
    stmt = select(CourseRecord).where(CourseRecord.public_id == public_id)
    if not include_deleted:
        stmt = stmt.where(CourseRecord.deleted_at.is_(None))
    row = db.session.scalars(stmt).first()
    if row is None or not secrets.compare_digest(row.owner_browser, owner):
        return None
    return row


def find_saved(public_id: str | None, owner: str | None, include_deleted: bool = False) -> StoredCourse | None:
    row = _row(public_id, owner, include_deleted)
    return _saved(row) if row is not None else None


def courses_for(owner: str | None) -> list[StoredCourse]:
    """The browser's courses, by name."""
    if not owner:
        return []
    stmt = (
        select(CourseRecord)
        .where(CourseRecord.owner_browser == owner, CourseRecord.deleted_at.is_(None))
        .order_by(db.func.lower(CourseRecord.name), CourseRecord.id)
    )
    return [saved for saved in map(_saved, db.session.scalars(stmt)) if saved is not None]


def course_choices(owner: str | None) -> list[tuple[str, str]]:
    """(key, label) for a course select: mine, then the samples, then a random one."""
    mine = [(saved.key, label(saved.course)) for saved in courses_for(owner)]
    samples = [(key, course.label) for key, course in SAMPLE_COURSES.items()]
    return mine + samples + list(RANDOM_LABELS.items())


def find_course(key: str | None, owner: str | None, rng: random.Random | None = None) -> Course | None:
    """The course ``key`` (from ``course_choices``) names for ``owner``; None if it names none.

    A random key makes a new course each time, from ``rng`` if given.
    """
    if not isinstance(key, str):
        return None
    key = key.strip()
    if key.startswith(MINE):
        saved = find_saved(key[len(MINE) :], owner)
        return saved.course if saved is not None else None
    if key in RANDOM_KEYS:
        return random_course(rng or random.Random(), RANDOM_KEYS[key])
    return SAMPLE_COURSES.get(key)


# -- writing --------------------------------------------------------------------


def save_course(owner: str, course: Course) -> StoredCourse:
    """Store a new course for ``owner`` (never a sample: a copy of one is the owner's own)."""
    row = CourseRecord(
        public_id=secrets.token_urlsafe(12),
        owner_browser=owner,
        name=course.name,
        tee=course.tee,
        holes=_holes(course),
        version=1,
    )
    db.session.add(row)
    db.session.commit()
    return StoredCourse(row.public_id, Course(course.name, course.tee, course.holes), row.version)


def update_course(public_id: str, owner: str, course: Course, seen_version: int | None) -> StoredCourse:
    """Replace the owner's course, if it is still at ``seen_version``; else ``StaleCourse``."""
    row = _row(public_id, owner)
    if row is None or seen_version is None:
        raise StaleCourse()
    result = db.session.execute(
        update(CourseRecord)
        .where(CourseRecord.id == row.id, CourseRecord.version == seen_version, CourseRecord.deleted_at.is_(None))
        .values(
            name=course.name, tee=course.tee, holes=_holes(course), version=CourseRecord.version + 1, updated_at=_now()
        )
    )
    # Session.execute is typed as returning a Result; an UPDATE's is a CursorResult, which has rowcount.
    done = cast("CursorResult[Any]", result).rowcount
    if not done:
        db.session.rollback()
        raise StaleCourse()
    db.session.commit()
    db.session.refresh(row)
    return StoredCourse(row.public_id, Course(course.name, course.tee, course.holes), row.version)


def delete_course(public_id: str, owner: str) -> bool:
    """Soft delete: the course disappears at once and ``restore_course`` brings it back."""
    return _set_deleted(public_id, owner, _now())


def restore_course(public_id: str, owner: str) -> bool:
    return _set_deleted(public_id, owner, None)


def _set_deleted(public_id: str, owner: str, when: datetime | None) -> bool:
    row = _row(public_id, owner, include_deleted=True)
    if row is None:
        return False
    row.deleted_at = when
    row.version += 1  # an editor open on the course must not save over a delete and undo unseen
    row.updated_at = _now()
    db.session.commit()
    return True
