"""Everything a browser owns, out of the database as one document and back in.

``export_document(browser)`` writes the browser's house rules, courses,
rounds, merges and renames, and seasons as the document of
``caddie.core.export_format``. ``plan_import`` works out what importing a
document would do, without writing; ``apply_import`` does it, all or nothing,
in one transaction.

Importing only adds: it never changes or deletes anything already in the
database.

* A round or course whose id this browser already has is left as it is (the
  plan says whether this browser's copy is the same as the file's). So
  importing a file twice adds nothing the second time, and a round scored
  here after the file was made is never overwritten by the older copy.
* A round or course whose id or link tokens are free keeps them, so its links
  keep working on the new server. If any of them belongs to something else
  here (another browser's copy, say), it gets new ones.
* A merge or rename whose name this browser has merged or renamed already is
  left as it is (``same`` when it counts for the same person, whatever the case
  and spacing of the person's name; ``kept`` when this browser says another
  person), and so is a season whose name (whatever its case) this browser has
  already (``same`` with the same days, ``kept`` otherwise). The others are
  added; a season gets an id of its own here.
* One import adds at most ``caddie.core.limits.IMPORT_ROUNDS`` rounds,
  ``IMPORT_SCORES`` scores and ``IMPORT_COURSES`` courses; a file that would
  add more is refused whole (``TooMuch``). So is one that would leave the
  browser with more merges and renames, or seasons, than a browser keeps
  (``caddie.store.people.NAMES_PER_BROWSER``, ``SEASONS_PER_BROWSER``).
* The file's house rules are used when this browser has none saved; when it
  has its own and they differ, they are kept unless the importer asks to
  replace them, and then only if they are still at the version the importer
  saw (``StaleImport`` otherwise).

Digital matches are not in the file: a match's state is its hidden cards and
deck order, which never leave the server. The scorecard each match fills is
an ordinary round and travels with the rest.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal, TypedDict, TypeVar

from sqlalchemy import func, insert, or_, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm.exc import StaleDataError

from caddie.core.courses.course import Course
from caddie.core.errors import CaddieError
from caddie.core.export_format import (
    Document,
    PersonAlias,
    Player,
    RoundRecord,
    SavedCourse,
    SeasonSpan,
    TooMuch,
    too_much,
)
from caddie.core.games import game_named
from caddie.core.ratings import person_key
from caddie.core.table import Table
from caddie.store.database import db
from caddie.store.models import (
    CourseRecord,
    HoleScore,
    PersonName,
    Round,
    RoundPlayer,
    SeasonRecord,
    TableSettings,
)
from caddie.store.people import NAMES_PER_BROWSER, SEASONS_PER_BROWSER, name_rows, seasons_for

# What the plan does with each round or course of the file.
ADD = "add"  # added with its own id and links
ADD_NEW_LINKS = "new_links"  # added with a new id and links: the file's are taken here
SAME = "same"  # this browser has it already, just as in the file
KEPT = "kept"  # this browser has it already, different from the file: left as it is
ACTIONS = (ADD, ADD_NEW_LINKS, SAME, KEPT)
PEOPLE_ACTIONS = (ADD, SAME, KEPT)  # a merge or season has no links: it is added, or here already

# What the plan does with the file's house rules.
SETTINGS_NONE = "none"  # the file has none (its browser never saved any)
SETTINGS_APPLY = "apply"  # this browser has none saved: the file's are used
SETTINGS_SAME = "same"  # this browser's equal the file's
SETTINGS_KEEP = "keep"  # they differ and this browser's are kept
SETTINGS_REPLACE = "replace"  # they differ and the file's replace them
SETTINGS_CHOICES = ("auto", "keep", "replace")

CHUNK = 400  # ids per IN (...) query

_T = TypeVar("_T")


class StaleImport(Exception):
    """This browser's data changed since the plan was shown (another tab, another import)."""

    sentence = (
        "Something in this browser changed since the file was checked (another tab or phone), so "
        "nothing was imported. The check below is up to date: look it over and import again."
    )


def _now() -> datetime:
    return datetime.now(UTC)


def _chunks(items: list[_T]) -> Iterable[list[_T]]:
    for start in range(0, len(items), CHUNK):
        yield items[start : start + CHUNK]


# -- export ----------------------------------------------------------------------


def _settings_row(browser: str | None) -> TableSettings | None:
    return db.session.get(TableSettings, browser) if browser else None


def _stored_table(data: dict[str, Any] | None) -> Table | None:
    try:
        return Table.from_dict(data) if data is not None else None
    except CaddieError:  # saved under rules since tightened: the app uses the defaults, and so does the file
        return None


def _round_record(round_: Round, cells: dict[tuple[int, int], int | None]) -> RoundRecord | None:
    try:
        table = Table.from_dict(round_.rules)
        course = Course.from_dict(round_.course) if round_.course else None
    except CaddieError:  # pragma: no cover - stored under rules since tightened; cannot be read back
        return None
    players = tuple(
        Player(p.name, tuple(cells.get((p.id, h)) for h in range(1, round_.holes + 1))) for p in round_.players
    )
    return RoundRecord(
        round_.public_id,
        round_.share_token,
        round_.edit_token,
        round_.game,
        round_.holes,
        round_.played_on,
        table,
        course if game_named(round_.game).uses_course else None,
        players,
    )


def owned_rounds(browser: str | None, public_ids: list[str] | None = None) -> list[RoundRecord]:
    """The browser's rounds (not deleted), oldest first; only those in ``public_ids`` if given."""
    if not browser:
        return []
    stmt = select(Round).where(Round.owner_browser == browser, Round.deleted_at.is_(None)).order_by(Round.id)
    if public_ids is not None:
        rows: list[Round] = []
        for chunk in _chunks(public_ids):
            rows.extend(db.session.scalars(stmt.where(Round.public_id.in_(chunk))))
    else:
        rows = list(db.session.scalars(stmt))
    cells: dict[int, dict[tuple[int, int], int | None]] = {r.id: {} for r in rows}
    for ids in _chunks([r.id for r in rows]):
        for row in db.session.execute(
            select(HoleScore.round_id, HoleScore.player_id, HoleScore.hole, HoleScore.score).where(
                HoleScore.round_id.in_(ids)
            )
        ):
            cells[row.round_id][(row.player_id, row.hole)] = row.score
    records = (_round_record(r, cells[r.id]) for r in rows)
    return [r for r in records if r is not None]


def owned_courses(browser: str | None) -> list[SavedCourse]:
    if not browser:
        return []
    rows = db.session.scalars(
        select(CourseRecord)
        .where(CourseRecord.owner_browser == browser, CourseRecord.deleted_at.is_(None))
        .order_by(CourseRecord.id)
    )
    saved = []
    for row in rows:
        try:
            saved.append(
                SavedCourse(row.public_id, Course.from_dict({"name": row.name, "tee": row.tee, "holes": row.holes}))
            )
        except CaddieError:  # pragma: no cover - stored under rules since tightened; the app hides it too
            continue
    return saved


def owned_people(browser: str | None) -> list[PersonAlias]:
    """The browser's merges and renames, each name written as its ``person_key``, oldest first."""
    rows = sorted(name_rows(browser), key=lambda row: row.id)
    return [PersonAlias(row.alias_key, row.person) for row in rows]


def owned_seasons(browser: str | None) -> list[SeasonSpan]:
    """The browser's seasons, oldest first."""
    rows = sorted(seasons_for(browser), key=lambda row: row.id)
    return [SeasonSpan(row.name, row.starts_on, row.ends_on) for row in rows]


def export_document(browser: str | None) -> Document:
    """Everything ``browser`` owns: house rules, courses, rounds (deleted ones left out), merges
    and renames, and seasons."""
    row = _settings_row(browser)
    return Document(
        exported_at=_now().isoformat(timespec="seconds"),
        settings=_stored_table(row.table) if row is not None else None,
        courses=tuple(owned_courses(browser)),
        rounds=tuple(owned_rounds(browser)),
        people=tuple(owned_people(browser)),
        seasons=tuple(owned_seasons(browser)),
    )


# -- the plan ----------------------------------------------------------------------

# the parts of a plan with an action per item of the file
PlanPart = Literal["rounds", "courses", "people", "seasons"]


class PlanSummary(TypedDict):
    """``ImportPlan.summary``: how many of the file's rounds, courses, merges and renames
    (``people``) and seasons get each action, and what happens to its house rules. ``people``
    and ``seasons`` count ``add``, ``same`` and ``kept`` only: they have no links."""

    rounds: dict[str, int]
    courses: dict[str, int]
    people: dict[str, int]
    seasons: dict[str, int]
    settings: str


class ImportSummary(PlanSummary):
    """``ImportResult.summary``: the plan's, and the new ids of what got new links."""

    new_ids: dict[str, str]


@dataclass
class ImportPlan:
    rounds: list[str] = field(default_factory=list)  # an action per round of the document
    courses: list[str] = field(default_factory=list)  # an action per course
    people: list[str] = field(default_factory=list)  # an action per merge or rename: add, same or kept
    seasons: list[str] = field(default_factory=list)  # an action per season: add, same or kept
    settings: str = SETTINGS_NONE
    settings_differ: bool = False  # this browser has house rules of its own, unlike the file's
    settings_version: int = 0  # this browser's settings version the plan was made against
    too_much: TooMuch | None = None  # it would add more than one import may: refused whole

    def count(self, kind: PlanPart, action: str) -> int:
        actions: list[str] = getattr(self, kind)
        return actions.count(action)

    def added(self, kind: PlanPart) -> int:
        """How many rounds or courses it adds, with their own links or new ones. A check before
        the import says only this: which of them would get new links tells whether their ids
        or tokens are in use on this server, by a browser that is not the importer's."""
        return self.count(kind, ADD) + self.count(kind, ADD_NEW_LINKS)

    @property
    def adds_anything(self) -> bool:
        actions = self.rounds + self.courses + self.people + self.seasons
        return any(a in (ADD, ADD_NEW_LINKS) for a in actions) or self.settings in (
            SETTINGS_APPLY,
            SETTINGS_REPLACE,
        )

    def fingerprint(self) -> str:
        """Changes when anything the plan was made against changes (the settings choice aside)."""
        settings = SETTINGS_KEEP if self.settings == SETTINGS_REPLACE else self.settings
        # on the page, so it cannot tell new links from the file's either (see ``added``)
        rounds, courses = (
            [ADD if a == ADD_NEW_LINKS else a for a in actions] for actions in (self.rounds, self.courses)
        )
        text = json.dumps([rounds, courses, self.people, self.seasons, settings, self.settings_version])
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    def summary(self, preview: bool = False) -> PlanSummary:
        """The plan as the API answers it; a ``preview`` counts new links under ``add`` (``added``)."""

        def counts(kind: PlanPart) -> dict[str, int]:
            found = {action: self.count(kind, action) for action in ACTIONS}
            if preview:
                found[ADD], found[ADD_NEW_LINKS] = self.added(kind), 0
            return found

        return {
            "rounds": counts("rounds"),
            "courses": counts("courses"),
            "people": {action: self.count("people", action) for action in PEOPLE_ACTIONS},
            "seasons": {action: self.count("seasons", action) for action in PEOPLE_ACTIONS},
            "settings": self.settings,
        }


def _taken(model: type[Round] | type[CourseRecord], values: list[str]) -> dict[str, str]:
    """Which of ``values`` are public ids of ``model``'s rows (rounds or courses) here, with the owner of each."""
    column = model.public_id
    found: dict[str, str] = {}
    for chunk in _chunks(values):
        for value, owner in db.session.execute(select(column, model.owner_browser).where(column.in_(chunk))):
            found[value] = owner
    return found


def _taken_tokens(tokens: list[str]) -> set[str]:
    taken: set[str] = set()
    for chunk in _chunks(tokens):
        rows = db.session.execute(
            select(Round.share_token, Round.edit_token).where(
                or_(Round.share_token.in_(chunk), Round.edit_token.in_(chunk))
            )
        )
        for share, edit in rows:
            taken.update((share, edit))
    return taken & set(tokens)


def plan_import(document: Document, browser: str | None, settings_choice: str = "auto") -> ImportPlan:
    """What importing ``document`` into ``browser`` would do; writes nothing."""
    if settings_choice not in SETTINGS_CHOICES:
        raise ValueError(settings_choice)
    plan = ImportPlan()
    round_owners = _taken(Round, [r.id for r in document.rounds])
    tokens = _taken_tokens([t for r in document.rounds for t in (r.share_token, r.edit_token)])
    mine = [r.id for r in document.rounds if round_owners.get(r.id) == browser]
    here = {r.id: r for r in owned_rounds(browser, mine)} if mine else {}
    for record in document.rounds:
        owner = round_owners.get(record.id)
        if owner is not None and owner == browser:
            # Deleted here (so not among ``here``): left deleted, the way the person left it.
            plan.rounds.append(SAME if record.id in here and here[record.id].content() == record.content() else KEPT)
        elif owner is not None or record.share_token in tokens or record.edit_token in tokens:
            plan.rounds.append(ADD_NEW_LINKS)
        else:
            plan.rounds.append(ADD)
    course_owners = _taken(CourseRecord, [c.id for c in document.courses])
    my_courses = {c.id: c for c in owned_courses(browser)} if browser else {}
    for saved in document.courses:
        owner = course_owners.get(saved.id)
        if owner is not None and owner == browser:
            plan.courses.append(SAME if my_courses.get(saved.id) == saved else KEPT)
        elif owner is not None:
            plan.courses.append(ADD_NEW_LINKS)
        else:
            plan.courses.append(ADD)
    plan.people, held_names = _plan_people(document, browser)
    plan.seasons, held_seasons = _plan_seasons(document, browser)
    plan.too_much = too_much(
        [r for r, action in zip(document.rounds, plan.rounds) if action in (ADD, ADD_NEW_LINKS)], plan.added("courses")
    ) or _past_what_a_browser_keeps(plan, held_names, held_seasons)
    row = _settings_row(browser)
    plan.settings_version = row.version if row is not None else 0
    if document.settings is None:
        plan.settings = SETTINGS_NONE
    elif row is None:
        plan.settings = SETTINGS_KEEP if settings_choice == "keep" else SETTINGS_APPLY
    elif _stored_table(row.table) == document.settings:
        plan.settings = SETTINGS_SAME
    else:
        plan.settings_differ = True
        plan.settings = SETTINGS_REPLACE if settings_choice == "replace" else SETTINGS_KEEP
    return plan


def _plan_people(document: Document, browser: str | None) -> tuple[list[str], int]:
    """An action per merge or rename of the file, and how many this browser keeps."""
    mine = {row.alias_key: row.person for row in name_rows(browser)}
    actions = []
    for alias in document.people:
        if alias.key not in mine:
            actions.append(ADD)
        else:
            actions.append(SAME if person_key(mine[alias.key]) == person_key(alias.person) else KEPT)
    return actions, len(mine)


def _plan_seasons(document: Document, browser: str | None) -> tuple[list[str], int]:
    """An action per season of the file, and how many this browser keeps."""
    rows = seasons_for(browser)
    mine = {row.name.casefold(): (row.starts_on, row.ends_on) for row in rows}
    actions = []
    for season in document.seasons:
        days = mine.get(season.name.casefold())
        if days is None:
            actions.append(ADD)
        else:
            actions.append(SAME if days == (season.starts_on, season.ends_on) else KEPT)
    return actions, len(rows)


def _past_what_a_browser_keeps(plan: ImportPlan, held_names: int, held_seasons: int) -> TooMuch | None:
    """The refusal of an import that would leave the browser with more merges and renames, or
    seasons, than a browser keeps; ``None`` when it would not."""
    for what, held, adding, limit, field_name in (
        ("merges and renames", held_names, plan.added("people"), NAMES_PER_BROWSER, "people"),
        ("seasons", held_seasons, plan.added("seasons"), SEASONS_PER_BROWSER, "seasons"),
    ):
        if held + adding > limit:
            return TooMuch(
                f"This file would add {adding:,} {what} to the {held:,} this browser keeps; a browser keeps at "
                f"most {limit:,}, so nothing was imported. Remove some here first.",
                field_name,
            )
    return None


# -- the import --------------------------------------------------------------------


@dataclass
class ImportResult:
    plan: ImportPlan
    new_ids: dict[str, str] = field(default_factory=dict)  # file id -> id here, for what got new links

    def summary(self) -> ImportSummary:
        return {**self.plan.summary(), "new_ids": dict(self.new_ids)}


def apply_import(
    document: Document, browser: str, settings_choice: str = "auto", expected: str | None = None
) -> ImportResult:
    """Import ``document`` into ``browser``, all or nothing.

    ``expected`` is the fingerprint of the plan the person saw; if this
    browser's data has changed since, ``StaleImport`` and nothing is written.
    ``TooMuch`` when it would add more than one import may.
    Two imports racing each other: the loser's transaction fails on a unique
    id, is rolled back, and is planned and tried once more (it then finds the
    winner's rows and leaves them alone).
    """
    for attempt in (1, 2):
        plan = plan_import(document, browser, settings_choice)
        if plan.too_much is not None:
            db.session.rollback()
            raise plan.too_much
        if expected is not None and plan.fingerprint() != expected:
            db.session.rollback()
            raise StaleImport()
        try:
            result = _write(document, browser, plan)
            db.session.commit()
            return result
        except (IntegrityError, StaleDataError):
            db.session.rollback()
            if attempt == 2 or expected is not None:
                raise StaleImport() from None
    raise AssertionError("unreachable")  # pragma: no cover


def _write(document: Document, browser: str, plan: ImportPlan) -> ImportResult:
    result = ImportResult(plan)
    if plan.settings in (SETTINGS_APPLY, SETTINGS_REPLACE):
        settings = document.settings
        assert settings is not None  # plan_import applies or replaces only settings the file has
        row = _settings_row(browser)
        if row is None:
            if plan.settings_version != 0:
                raise StaleDataError()
            db.session.add(TableSettings(browser_id=browser, table=settings.to_dict()))
        else:
            if row.version != plan.settings_version:
                raise StaleDataError()
            row.table = settings.to_dict()
    for saved, action in zip(document.courses, plan.courses):
        if action not in (ADD, ADD_NEW_LINKS):
            continue
        public_id = saved.id if action == ADD else secrets.token_urlsafe(12)
        if action == ADD_NEW_LINKS:
            result.new_ids[saved.id] = public_id
        db.session.add(
            CourseRecord(
                public_id=public_id,
                owner_browser=browser,
                name=saved.course.name,
                tee=saved.course.tee,
                version=1,
                holes=[{"yardage": h.yardage, "par": h.par} for h in saved.course.holes],
            )
        )
    now = _now()
    added: list[tuple[Round, RoundRecord]] = []
    for record, action in zip(document.rounds, plan.rounds):
        if action not in (ADD, ADD_NEW_LINKS):
            continue
        if action == ADD:
            ids = (record.id, record.share_token, record.edit_token)
        else:
            ids = (secrets.token_urlsafe(12), secrets.token_urlsafe(18), secrets.token_urlsafe(24))
            result.new_ids[record.id] = ids[0]
        round_ = Round(
            public_id=ids[0],
            share_token=ids[1],
            edit_token=ids[2],
            owner_browser=browser,
            game=record.game,
            holes=record.holes,
            rules=record.table.to_dict(),
            course=record.course.to_dict() if record.course else None,
            played_on=record.played_on,
            version=1,
            created_at=now,
            updated_at=now,
        )
        round_.players = [RoundPlayer(seat=seat, name=p.name) for seat, p in enumerate(record.players)]
        db.session.add(round_)
        added.append((round_, record))
    db.session.flush()  # ids for the cells
    cells = [
        {"round_id": round_.id, "player_id": player.id, "hole": hole, "score": score, "version": 1, "updated_at": now}
        for round_, record in added
        for player, line in zip(round_.players, record.players)
        for hole, score in enumerate(line.scores, start=1)
        if score is not None
    ]
    if cells:
        db.session.execute(insert(HoleScore), cells)
    for alias, action in zip(document.people, plan.people):
        if action == ADD:
            db.session.add(PersonName(owner_browser=browser, alias_key=alias.key, person=alias.person, created_at=now))
    for season, action in zip(document.seasons, plan.seasons):
        if action == ADD:
            db.session.add(
                SeasonRecord(
                    public_id=secrets.token_urlsafe(12),
                    owner_browser=browser,
                    name=season.name,
                    starts_on=season.starts_on,
                    ends_on=season.ends_on,
                    created_at=now,
                )
            )
    return result


def holdings(owner: str | None) -> dict[str, Any]:
    """What a browser keeps here: how many rounds and courses, and whether it saved settings."""
    if not owner:
        return {"rounds": 0, "courses": 0, "settings": False}
    rounds = db.session.scalar(
        select(func.count(Round.id)).where(Round.owner_browser == owner, Round.deleted_at.is_(None))
    )
    courses = db.session.scalar(
        select(func.count(CourseRecord.id)).where(
            CourseRecord.owner_browser == owner, CourseRecord.deleted_at.is_(None)
        )
    )
    return {"rounds": rounds, "courses": courses, "settings": db.session.get(TableSettings, owner) is not None}
