"""Rounds in the database: dealing, finding, access, and writes that never lose a score.

Every cell write names the version of the cell it was based on; a write based
on an older version is refused (``StaleScore``) instead of overwriting a score
the writer never saw. The check is one conditional UPDATE (or an INSERT guarded
by a unique constraint), so it holds across processes and on SQLite and
PostgreSQL alike.

A write may carry an idempotency key (the page makes one per write and sends it again with the
same write until the server answers). The key is recorded with the write, in its transaction,
under a unique constraint: a write whose key is already recorded is not applied again and
answers as if it had just been (the round as it is now). Keys older than ``KEY_DAYS`` are pruned
by the keyed writes themselves. docs/ledger.md, "The outbox".
"""

from __future__ import annotations

import enum
import functools
import hashlib
import re
import secrets
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING, Any, cast

from sqlalchemy import Table as SqlTable
from sqlalchemy import bindparam, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import InstrumentedAttribute, joinedload

from caddie.core.courses.course import Course
from caddie.core.errors import HandError
from caddie.core.games import GAME_NAMES, game_named, or_titles
from caddie.core.ledger import HOLE_COUNTS, check_names, check_score
from caddie.core.table import Table
from caddie.core.words import is_you
from caddie.store.database import db
from caddie.store.models import AppliedWrite, HoleScore, Round, RoundPlayer
from caddie.store.together import Step, commit_keeping, run_together
from caddie.store.tokens import is_token

if TYPE_CHECKING:
    from sqlalchemy.dialects.postgresql import Insert as PostgresqlInsert
    from sqlalchemy.dialects.sqlite import Insert as SqliteInsert
    from sqlalchemy.sql.dml import ReturningInsert


class Access(enum.IntEnum):
    NONE = 0
    READ = 1  # the share token, or an edit grant the owner has since taken back
    EDIT = 2  # a second scorekeeper with the current edit link, or the edit token
    OWNER = 3  # the browser that dealt the round: edits, and alone deletes it and manages its edit link


# The answer to anyone else (a scorekeeper with the edit link, the edit token) who tries either.
ONLY_THE_OWNER = "Only the phone that dealt this round can delete it or change its edit link."


class Lapsed(enum.Enum):
    """Why an edit grant in a browser's cookie no longer writes its round (it still reads it)."""

    TAKEN_BACK = "taken_back"  # the owner replaced the edit link or stopped sharing it
    FROM_BEFORE = "from_before"  # a grant of the round's id alone, from before edit links could be taken back


@dataclass
class StaleScore(Exception):
    """A cell changed since the writer saw it."""

    conflicts: list[tuple[str, int]] = field(default_factory=list)  # (player name, hole)

    def sentence(self) -> str:
        # "You" is the person reading: "changed your score on hole 1", never "changed You"
        cells = ", ".join(
            f"{'your score' if is_you(name) else name} on hole {hole}" for name, hole in self.conflicts[:3]
        )
        return (
            f"Someone else changed {cells} a moment ago, so your entry was not saved. "
            "The card below is up to date: check it, then enter your score again."
        )


KEY_DAYS = 30  # a page gives up on a write long before this; a key older is forgotten
_KEY = re.compile(r"[A-Za-z0-9_-]{8,64}")


class KeyReused(HandError):
    """An idempotency key already applied to another write (other cells, scores or round)."""

    def __init__(self) -> None:
        super().__init__(
            "That write's key was already used for another write; send it with a new key.", "idempotency_key"
        )


def check_key(key: str | None) -> str | None:
    """A write's idempotency key: None when absent (empty); ``HandError`` when malformed."""
    if not key:
        return None
    if not _KEY.fullmatch(key):
        raise HandError("An idempotency key is 8 to 64 letters, digits, - or _.", "idempotency_key")
    return key


@dataclass(frozen=True)
class CellWrite:
    seat: int
    hole: int
    score: int | None  # None clears the cell
    seen_version: int | None  # the cell's version the writer saw (0 = blank, never written); None = blind


def _now() -> datetime:
    return datetime.now(UTC)


def _token(nbytes: int) -> str:
    return secrets.token_urlsafe(nbytes)


def deal_round(
    owner: str,
    names: Sequence[str],
    holes: int,
    game: str,
    table: Table,
    course: Course | None = None,
    played_on: date | None = None,
    computers: Collection[int] = (),
) -> Round:
    """Create a round; raises ``HandError`` (with the field) on bad input. ``computers``: the seats
    a computer plays, in a round the app plays (such a round is not one among people)."""
    if game not in GAME_NAMES:
        raise HandError(f"Choose {or_titles()}.", "game")
    kind = game_named(game)
    if holes not in HOLE_COUNTS:
        raise HandError("A round is 9 or 18 holes.", "holes")
    names = check_names(names)
    if kind.uses_course:
        if course is None:
            raise HandError(f"Choose a course for a {kind.title} round.", "course")
        if len(course.holes) < holes:
            raise HandError(
                f"{course.name} has only {len(course.holes)} holes; choose 9 holes or another course.", "holes"
            )
    round_ = Round(
        public_id=_token(12),
        share_token=_token(18),
        edit_token=_token(24),
        owner_browser=owner,
        game=game,
        holes=holes,
        rules=table.to_dict(),
        course=course.to_dict() if (course and kind.uses_course) else None,
        played_on=played_on or date.today(),
    )
    round_.players = [RoundPlayer(seat=i, name=name, computer=i in computers) for i, name in enumerate(names)]
    db.session.add(round_)
    db.session.commit()
    return round_


def find_round(public_id: str, include_deleted: bool = False) -> Round | None:
    if not is_token(public_id):
        return None  # a round's id is a token; anything else (NUL, say) never reaches the database
    # with its players in the same query: every page and write of a round needs them
    stmt = select(Round).where(Round.public_id == public_id).options(joinedload(Round.players))
    if not include_deleted:
        stmt = stmt.where(Round.deleted_at.is_(None))
    return db.session.scalars(stmt).unique().first()


def find_by_token(column: InstrumentedAttribute[str], token: str) -> Round | None:
    if not is_token(token):
        return None
    return db.session.scalars(select(Round).where(column == token, Round.deleted_at.is_(None))).first()


def find_by_edit_link(token: str) -> Round | None:
    """The round whose current edit link this is; None for a replaced or stopped one."""
    round_ = find_by_token(Round.edit_token, token)
    return round_ if round_ is not None and round_.edit_link_active else None


# -- edit grants ----------------------------------------------------------------------------------
#
# A browser that opened a round's edit link keeps a grant in its signed session cookie:
# "<round id>.<digest of the edit token>". Replacing the token changes the digest, so every grant
# of the old link stops writing at once, with nothing to find and delete in anyone's cookie. The
# digest, not the token: the cookie is signed but readable, and a grant needs only to name the link.
_GRANT_SEPARATOR = "."


def _link_digest(edit_token: str) -> str:
    return hashlib.sha256(edit_token.encode()).hexdigest()[:16]


def edit_grant(round_: Round) -> str:
    """The grant a browser keeps after opening the round's current edit link."""
    return f"{round_.public_id}{_GRANT_SEPARATOR}{_link_digest(round_.edit_token)}"


def granted_round(grant: str) -> str:
    """The id of the round a grant names (an old grant is the id alone)."""
    return grant.partition(_GRANT_SEPARATOR)[0]


def _holds_current_link(round_: Round, grants: Iterable[str]) -> bool:
    if not round_.edit_link_active:
        return False
    current = edit_grant(round_)
    return any(secrets.compare_digest(grant, current) for grant in grants)


def lapsed_grant(round_: Round, grants: Iterable[str]) -> Lapsed | None:
    """Why this browser's grant of the round no longer writes it; None when it has none, or it writes."""
    grants = [g for g in grants if granted_round(g) == round_.public_id]
    if not grants or _holds_current_link(round_, grants):
        return None
    return Lapsed.TAKEN_BACK if any(_GRANT_SEPARATOR in g for g in grants) else Lapsed.FROM_BEFORE


def access_for(round_: Round, browser: str | None, grants: Iterable[str] = (), bearer: str | None = None) -> Access:
    """What this caller may do with the round."""
    grants = list(grants)
    if browser and secrets.compare_digest(browser, round_.owner_browser):
        return Access.OWNER
    if bearer and round_.edit_link_active and secrets.compare_digest(bearer, round_.edit_token):
        return Access.EDIT
    if _holds_current_link(round_, grants):
        return Access.EDIT
    if lapsed_grant(round_, grants) is not None:
        return Access.READ  # they kept score on it: they may still follow it, not change it
    if bearer and secrets.compare_digest(bearer, round_.share_token):
        return Access.READ
    return Access.NONE


def rounds_for(browser: str | None, grants: Iterable[str] = ()) -> list[Round]:
    """The rounds this browser dealt or may edit (through a current edit link), newest first."""
    granted = {granted_round(g) for g in grants if _GRANT_SEPARATOR in g}
    if not browser and not granted:
        return []
    stmt = select(Round).where(Round.deleted_at.is_(None))
    clauses = []
    if browser:
        clauses.append(Round.owner_browser == browser)
    if granted:
        clauses.append(Round.public_id.in_(granted) & Round.edit_link_active.is_(True))
    stmt = stmt.where(db.or_(*clauses)).order_by(Round.played_on.desc(), Round.id.desc())
    grants = list(grants)
    return [r for r in db.session.scalars(stmt) if r.owner_browser == browser or _holds_current_link(r, grants)]


def replace_edit_link(round_: Round) -> None:
    """A new edit link (and Bearer edit token) for the round: every holder of the old one loses
    edit access at once. Also how the owner shares for editing again after stopping."""
    round_.edit_token = _token(24)
    round_.edit_link_active = True
    db.session.commit()


def stop_edit_link(round_: Round) -> None:
    """No edit link until the owner makes one: the token is replaced too, so that making a link
    again never brings back the one people held."""
    round_.edit_token = _token(24)
    round_.edit_link_active = False
    db.session.commit()


# One round's cells, as plain rows: a card is read on every write and every page, and needs
# no HoleScore objects in the session's identity map.
_CELLS = cast(SqlTable, HoleScore.__table__)
_CARD = select(_CELLS.c.player_id, _CELLS.c.hole, _CELLS.c.score, _CELLS.c.version).where(
    _CELLS.c.round_id == bindparam("round")
)
# A cell written over the version its writer saw: no row back if it has moved on since.
_CELL_IF_SEEN = (
    update(_CELLS)
    .where(
        (_CELLS.c.player_id == bindparam("cell_player"))
        & (_CELLS.c.hole == bindparam("cell_hole"))
        & (_CELLS.c.version == bindparam("seen"))
    )
    .values(score=bindparam("new_score"), version=_CELLS.c.version + 1, updated_at=bindparam("now"))
    .returning(_CELLS.c.id)
)
_ROUNDS = cast(SqlTable, Round.__table__)
_NEXT_VERSION = (
    update(_ROUNDS)
    .where(_ROUNDS.c.id == bindparam("round"))
    .values(version=_ROUNDS.c.version + 1, updated_at=bindparam("now"))
    .returning(_ROUNDS.c.version)
)

_KEYS = cast(SqlTable, AppliedWrite.__table__)
_PRUNE_KEYS = delete(_KEYS).where(_KEYS.c.created_at < bindparam("cutoff"))

Card = tuple[dict[str, list[int | None]], dict[tuple[int, int], int]]


def cards_of(round_: Round) -> Card:
    """Scores by player name (hole 1 first) and each cell's version by (seat, hole)."""
    return _card_from(round_, db.session.execute(_CARD, {"round": round_.id}))


def _card_from(round_: Round, rows: Iterable[Sequence[Any]]) -> Card:
    by_id = {p.id: p for p in round_.players}
    cards: dict[str, list[int | None]] = {p.name: [None] * round_.holes for p in round_.players}
    versions: dict[tuple[int, int], int] = {}
    for player_id, hole, score, version in rows:
        player = by_id.get(player_id)
        if player is None or not 1 <= hole <= round_.holes:
            continue
        cards[player.name][hole - 1] = score
        versions[(player.seat, hole)] = version
    return cards, versions


def write_scores(round_: Round, writes: Sequence[CellWrite], commit: bool = True, key: str | None = None) -> int | None:
    """Apply cell writes all-or-nothing; returns the round's new version.

    Raises ``HandError`` for a bad score, seat or hole (nothing written) and
    ``StaleScore`` when a cell changed since its writer saw it (nothing written).
    With ``commit=False`` the writes join the caller's transaction, which
    commits them (or rolls back its savepoint on ``StaleScore``); returns None.
    With a ``key`` already applied to these writes, nothing is written again and the round's
    version now is returned (``KeyReused`` when it was applied to other writes).
    """
    assert commit or key is None  # a key is recorded and checked by the transaction that commits
    if not commit:
        _write(round_, writes, read_card=False)
        return None
    return _committed(round_, writes, key, read_card=False)[0]


def write_and_read(round_: Round, writes: Sequence[CellWrite], key: str | None = None) -> tuple[int, Card]:
    """``write_scores(round_, writes)``: the round's version this write made, and the card as the
    write left it, read in the write's transaction before it commits. Raises as ``write_scores``
    does."""
    version, card = _committed(round_, writes, key, read_card=True)
    assert card is not None
    return version, card


def _committed(round_: Round, writes: Sequence[CellWrite], key: str | None, read_card: bool) -> tuple[int, Card | None]:
    """``_write`` in the request's transaction, then its commit: a plain transaction (the round
    read, the writes on the condition of the versions seen, COMMIT). A refused write rolls the
    transaction back, so that whatever the caller reads next is read afresh.

    The round object keeps what it held (a score changes none of it) but its version and time,
    read again when next asked for (another write may have come since this one): the version
    this write made is the one returned."""
    try:
        version, card = _write(round_, writes, read_card=read_card, key=key)
        commit_keeping()
    except StaleScore:
        db.session.rollback()
        raise
    return version, card


def _write(
    round_: Round, writes: Sequence[CellWrite], read_card: bool, key: str | None = None
) -> tuple[int, Card | None]:
    """The writes, the round's next version and (``read_card``) the card after them, in the
    session's transaction, not committed: sent to the database at once
    (``caddie.store.together``), since under load a write's time is its round trips. A refused
    write raises ``StaleScore`` and leaves the transaction to roll back.

    With a ``key``, the key's row goes in the same round trip, after the round's next version
    (which it records). A key already there (applied before, or by a writer that committed
    meanwhile) rolls all of it back and answers with the round as it is now."""
    key = check_key(key)
    seats = {p.seat: p for p in round_.players}
    for w in writes:
        if w.seat not in seats:
            raise HandError("That player is not in this round.", "player")
        if type(w.hole) is not int or not 1 <= w.hole <= round_.holes:
            raise HandError(f"This round has holes 1 to {round_.holes}.", "hole")
        if w.score is not None:
            check_score(w.score, round_.game)
    now = _now()
    dialect = db.session.get_bind().dialect.name
    # Cells in one fixed order: two writers of the same cells never wait on each other in a circle.
    ordered = sorted(writes, key=_cell_order)
    steps: list[Step] = []
    blind = [w for w in ordered if w.seen_version is None]
    if blind:
        # one INSERT ... ON CONFLICT DO UPDATE for them all, the last writer's score standing,
        # as two people typing into one blank cell would expect
        steps.append(Step(_blind_upsert(dialect), [_new_cell(round_.id, seats[w.seat].id, w, now) for w in blind]))
    checked: list[tuple[int, str, int]] = []  # (step, player, hole) of each write that may be refused
    for w in ordered:
        player = seats[w.seat]
        if w.seen_version is None:
            continue
        if w.seen_version == 0:  # seen blank: only if still blank (the database decides who was first)
            steps.append(Step(_insert_first(dialect), [_new_cell(round_.id, player.id, w, now)]))
        else:
            cell = {"cell_player": player.id, "cell_hole": w.hole, "seen": w.seen_version}
            steps.append(Step(_CELL_IF_SEEN, [{**cell, "new_score": w.score, "now": now}]))
        checked.append((len(steps) - 1, player.name, w.hole))
    next_version = len(steps)
    steps.append(Step(_NEXT_VERSION, [{"round": round_.id, "now": now}]))
    digest = _digest(round_.id, ordered)
    if key:
        steps.append(Step(_PRUNE_KEYS, [{"cutoff": now - timedelta(days=KEY_DAYS)}]))
        steps.append(Step(_keep_key(dialect), [{"key": key, "round": round_.id, "cells": digest, "now": now}]))
        key_step = len(steps) - 1
    if read_card:
        steps.append(Step(_CARD, [{"round": round_.id}]))
    try:
        answers = run_together(steps)
    except IntegrityError:  # the round or a player went meanwhile
        raise StaleScore([(seats[w.seat].name, w.hole) for w in writes]) from None
    if key and not answers[key_step]:
        db.session.rollback()  # applied already: none of this again
        return _as_applied(round_, key, digest, read_card)
    conflicts = [(name, hole) for step, name, hole in checked if not answers[step]]
    if conflicts:
        raise StaleScore(conflicts)
    # the round's version and time moved on under the object: read again when next asked for
    db.session.expire(round_, ["version", "updated_at"])
    return answers[next_version][0][0], (_card_from(round_, answers[-1]) if read_card else None)


def _digest(round_id: int, ordered: Sequence[CellWrite]) -> str:
    """What a keyed write wrote, in 64 characters: the same key sent again must mean the same write."""
    cells = ";".join(f"{w.seat}:{w.hole}:{'' if w.score is None else w.score}" for w in ordered)
    return hashlib.sha256(f"{round_id}|{cells}".encode()).hexdigest()


def _as_applied(round_: Round, key: str, digest: str, read_card: bool) -> tuple[int, Card | None]:
    """The answer to a write whose key was applied before: the round as it is now."""
    applied = db.session.scalar(select(AppliedWrite).where(AppliedWrite.key == key))
    if applied is None or applied.round_id != round_.id or applied.cells != digest:
        raise KeyReused()  # (None: pruned between the two statements, a key a month old)
    version = round_version(round_) or round_.version
    return version, (cards_of(round_) if read_card else None)


def applied_round(key: str | None) -> Round | None:
    """The round a keyed write went into, if that key was applied (a new round's first hole)."""
    key = check_key(key)
    if key is None:
        return None
    return db.session.scalar(
        select(Round).join(AppliedWrite, AppliedWrite.round_id == Round.id).where(AppliedWrite.key == key)
    )


def was_applied(round_: Round, writes: Sequence[CellWrite], key: str | None) -> bool:
    """Whether these writes were applied already under ``key``; ``KeyReused`` if the key went to others.
    For a view that checks more than versions before writing (Tally never overwrites a score)."""
    key = check_key(key)
    if key is None:
        return False
    applied = db.session.scalar(select(AppliedWrite).where(AppliedWrite.key == key))
    if applied is None:
        return False
    if applied.round_id != round_.id or applied.cells != _digest(round_.id, sorted(writes, key=_cell_order)):
        raise KeyReused()
    return True


def _cell_order(write: CellWrite) -> tuple[int, int]:
    return write.seat, write.hole


def _new_cell(round_id: int, player_id: int, write: CellWrite, now: datetime) -> dict[str, Any]:
    return {
        "round_id": round_id,
        "player_id": player_id,
        "hole": write.hole,
        "score": write.score,
        "version": 1,
        "updated_at": now,
    }


def _insert_for(dialect: str) -> Callable[[SqlTable], PostgresqlInsert | SqliteInsert]:
    if dialect == "postgresql":
        from sqlalchemy.dialects.postgresql import insert as postgresql_insert

        return postgresql_insert
    if dialect == "sqlite":
        from sqlalchemy.dialects.sqlite import insert as sqlite_insert

        return sqlite_insert
    raise RuntimeError(f"unsupported database {dialect}")  # pragma: no cover - the app supports SQLite and PostgreSQL


@functools.cache
def _blind_upsert(dialect: str) -> PostgresqlInsert | SqliteInsert:
    stmt = _insert_for(dialect)(_CELLS)  # Core, not the ORM: nothing here needs objects back
    return stmt.on_conflict_do_update(
        index_elements=[_CELLS.c.player_id, _CELLS.c.hole],
        set_={"score": stmt.excluded.score, "version": _CELLS.c.version + 1, "updated_at": stmt.excluded.updated_at},
    )


@functools.cache
def _insert_first(dialect: str) -> ReturningInsert[int]:
    """A cell's first score: INSERT ... ON CONFLICT DO NOTHING on the unique (player, hole)
    pair, no row back if another writer got there first."""
    # RETURNING, not rowcount: psycopg reports -1 rows for ON CONFLICT DO NOTHING.
    return _insert_for(dialect)(_CELLS).on_conflict_do_nothing().returning(_CELLS.c.id)


@functools.cache
def _keep_key(dialect: str) -> ReturningInsert[int]:
    """A write's key, after _NEXT_VERSION in its transaction (it records the version that write
    made): no row back when the key is there already (on PostgreSQL, committed by another writer
    meanwhile: the unique index makes this one wait for it)."""
    stmt = _insert_for(dialect)(_KEYS).values(
        key=bindparam("key"),
        round_id=bindparam("round"),
        cells=bindparam("cells"),
        version=select(_ROUNDS.c.version).where(_ROUNDS.c.id == bindparam("round")).scalar_subquery(),
        created_at=bindparam("now"),
    )
    return stmt.on_conflict_do_nothing(index_elements=[_KEYS.c.key]).returning(_KEYS.c.id)


# -- the trash ------------------------------------------------------------------------------------

TRASH_DAYS = 30  # a deleted round can be restored this long, then it is gone for good


def delete_round(round_: Round) -> None:
    """Into its owner's trash: gone from every list, page, link and export until restored."""
    round_.deleted_at = _now()
    db.session.commit()


def _trash_cutoff() -> datetime:
    return _now() - timedelta(days=TRASH_DAYS)


def in_trash(round_: Round) -> bool:
    """Whether the round is deleted and may still be restored."""
    return round_.deleted_at is not None and _aware(round_.deleted_at) >= _trash_cutoff()


def restore_round(round_: Round) -> None:
    assert in_trash(round_)
    round_.deleted_at = None
    db.session.commit()


def trash_for(browser: str | None) -> list[Round]:
    """The rounds this browser deleted that may still be restored, most recently deleted first."""
    if not browser:
        return []
    stmt = (
        select(Round)
        .where(Round.owner_browser == browser, Round.deleted_at >= _trash_cutoff())
        .options(joinedload(Round.players))
        .order_by(Round.deleted_at.desc(), Round.id.desc())
    )
    return list(db.session.scalars(stmt).unique())


def purge_day(round_: Round) -> date:
    """The day a deleted round leaves the trash for good."""
    assert round_.deleted_at is not None
    return (_aware(round_.deleted_at) + timedelta(days=TRASH_DAYS)).date()


def purge_trash() -> int:
    """Delete for good every round deleted more than ``TRASH_DAYS`` ago (its players, scores and
    write keys go with it; a match or live table that filled it keeps going without a round).
    Lazy: the ledger's list calls it. A look first, so that the usual call writes nothing."""
    expired = Round.deleted_at < _trash_cutoff()
    if db.session.scalar(select(Round.id).where(expired).limit(1)) is None:
        return 0
    gone = db.session.scalars(
        delete(Round).where(expired).returning(Round.id).execution_options(synchronize_session=False)
    ).all()
    db.session.commit()
    return len(gone)


def _aware(moment: datetime) -> datetime:
    """A stored time as UTC (SQLite gives it back without its zone)."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def known_names(browser: str | None, limit: int = 20) -> list[str]:
    """Player names this browser has used, most recent first, for the deal form."""
    if not browser:
        return []
    stmt = (
        select(RoundPlayer.name, db.func.max(Round.id).label("latest"))
        .join(Round, RoundPlayer.round_id == Round.id)
        .where(Round.owner_browser == browser)
        .group_by(RoundPlayer.name)
        .order_by(db.text("latest DESC"))
        .limit(limit)
    )
    return [name for name, _ in db.session.execute(stmt)]


def round_version(round_: Round) -> int | None:
    """The round's version as the database has it now (not as this session loaded it)."""
    return db.session.scalar(select(Round.version).where(Round.id == round_.id))


def round_by_id(round_id: int | None) -> Round | None:
    """The round a digital game fills in, by its row id."""
    return db.session.get(Round, round_id) if round_id else None
