"""Database models. Every change here needs a migration (flask db migrate)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

from sqlalchemy import JSON, Boolean, Date, DateTime, ForeignKey, Index, Integer, String, UniqueConstraint, false, true
from sqlalchemy.orm import Mapped, mapped_column, relationship

from caddie.store.database import Model


def _now() -> datetime:
    return datetime.now(UTC)


class TableSettings(Model):
    """One browser's house rules (see ``caddie.core.table.Table``)."""

    __tablename__ = "table_settings"

    browser_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    table: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False, default=_now, onupdate=_now)

    __mapper_args__ = {"version_id_col": version}


class Round(Model):
    """A scorecard: 9 or 18 holes for 1 to 8 players, owned by the browser that dealt it.

    ``public_id`` is the unguessable id in its URLs; ``share_token`` reads it and
    ``edit_token`` writes it (a second scorekeeper, or the API's Bearer token) while
    ``edit_link_active``: the owner replaces the token to take every holder's access back,
    and stops sharing for editing by clearing the flag (docs/ledger.md, "Edit links").
    ``version`` grows with every write, so a page can tell it is stale. ``deleted_at`` puts
    the round in its owner's trash, purged for good after ``caddie.store.ledger.TRASH_DAYS``.
    """

    __tablename__ = "rounds"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True, nullable=False, index=True)
    share_token: Mapped[str] = mapped_column(String(64), unique=True, nullable=False, index=True)
    edit_token: Mapped[str] = mapped_column(String(64), unique=True, nullable=False, index=True)
    edit_link_active: Mapped[bool] = mapped_column(Boolean, nullable=False, default=True, server_default=true())
    owner_browser: Mapped[str] = mapped_column(String(64), nullable=False, index=True)
    game: Mapped[str] = mapped_column(String(8), nullable=False)  # "grid" or "clubs"
    holes: Mapped[int] = mapped_column(Integer, nullable=False)
    rules: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False)  # the Table in force when dealt
    course: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)  # a snapshot, for clubs
    played_on: Mapped[date] = mapped_column(Date, nullable=False)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False, default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False, default=_now)
    # indexed for the purge of the trash, which looks for the few rounds deleted long ago
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)

    players: Mapped[list[RoundPlayer]] = relationship(
        back_populates="round", order_by="RoundPlayer.seat", cascade="all, delete-orphan"
    )
    scores: Mapped[list[HoleScore]] = relationship(back_populates="round", cascade="all, delete-orphan")


class RoundPlayer(Model):
    __tablename__ = "round_players"
    __table_args__ = (UniqueConstraint("round_id", "seat"), UniqueConstraint("round_id", "name"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), nullable=False)
    seat: Mapped[int] = mapped_column(Integer, nullable=False)
    name: Mapped[str] = mapped_column(String(24), nullable=False)
    # a computer's seat at the table that plays the round: not a person (docs/people.md)
    computer: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False, server_default=false())

    round: Mapped[Round] = relationship(back_populates="players")


class HoleScore(Model):
    """One cell of the scorecard. A cleared cell keeps its row (score NULL) so its
    version still tells a stale writer that someone changed it."""

    __tablename__ = "hole_scores"
    __table_args__ = (UniqueConstraint("player_id", "hole"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), nullable=False, index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("round_players.id", ondelete="CASCADE"), nullable=False)
    hole: Mapped[int] = mapped_column(Integer, nullable=False)
    score: Mapped[int | None] = mapped_column(Integer, nullable=True)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False, default=_now)

    round: Mapped[Round] = relationship(back_populates="scores")


class AppliedWrite(Model):
    """A ledger write that was applied, by the idempotency key its page made for it: a write sent
    again with the same key (the answer was lost, the outbox tried again) is not applied twice.
    Written in the write's own transaction; the unique key decides across processes."""

    __tablename__ = "applied_writes"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    key: Mapped[str] = mapped_column(String(64), unique=True, nullable=False)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), nullable=False)
    cells: Mapped[str] = mapped_column(String(64), nullable=False)  # a digest of the cells and scores written
    version: Mapped[int] = mapped_column(Integer, nullable=False)  # the round's version that write made
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False, default=_now, index=True)


class CourseRecord(Model):
    """A course a browser saved: name, tee and 9 or 18 holes of ``{"yardage", "par"}``.

    ``public_id`` is the unguessable id in its URLs. ``version`` grows with every
    edit; an edit based on an older version is refused. Deleting sets
    ``deleted_at`` (undo clears it). Rounds keep their own copy of a course, so
    nothing here changes a scorecard already dealt.
    """

    __tablename__ = "courses"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True, nullable=False, index=True)
    owner_browser: Mapped[str] = mapped_column(String(64), nullable=False, index=True)
    name: Mapped[str] = mapped_column(String(60), nullable=False)
    tee: Mapped[str] = mapped_column(String(24), nullable=False, default="")
    holes: Mapped[list[dict[str, int]]] = mapped_column(JSON, nullable=False)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False, default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False, default=_now)
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class LiveTableRecord(Model):
    """A table: one digital match, the only kind of game session (``docs/live-tables.md``): several
    people, or one person against computers (``solo``: no code, join link or watch link).

    ``state`` is the whole ``caddie.core.live.table.LiveTable`` (the seats with their token
    digests, the match with its hidden cards), read and written only by
    ``caddie.store.live_tables``; it never leaves the server. ``public_id`` names the table in
    its URLs, ``code`` is what a person types on ``/join``, ``join_token`` is what the join link
    and its QR code carry, ``watch_token`` is the onlookers' link, ``share_token`` the replay's
    share link while the host shares it. ``version`` grows with every
    change, so a stale move is refused and a waiting phone knows it has something new.
    ``due_at`` is when a computer (or the turn clock) moves next; ``lease_until`` is how long the
    server making that move keeps the others off it.
    ``seen_at`` and ``watched_at``: when a person at their own seat, and an onlooker, last asked
    for the table; with nobody there for a while its computers pause (``due_at`` cleared).
    """

    __tablename__ = "live_tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True, nullable=False, index=True)
    # None at a solo table (one person against computers): nobody joins it and nobody watches
    code: Mapped[str | None] = mapped_column(String(16), unique=True, nullable=True, index=True)
    watch_token: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True, index=True)
    join_token: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True, index=True)
    # the replay's share link, made and taken back by the host (docs/records.md, "Sharing a replay")
    share_token: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True, index=True)
    host_browser: Mapped[str] = mapped_column(String(64), nullable=False, index=True)
    game: Mapped[str] = mapped_column(String(8), nullable=False)  # "grid" or "clubs"
    # Deferred: most reads want the version and the ids only, and a decoded copy of the state at
    # that version is usually kept already (caddie.store.live_tables.read); the store reads the
    # state together with the version when it does need it.
    state: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False, deferred=True)
    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)
    round_id: Mapped[int | None] = mapped_column(
        ForeignKey("rounds.id", ondelete="SET NULL"), nullable=True, index=True
    )
    due_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, index=True)
    lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False, default=_now)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False, default=_now, index=True)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False, default=_now)
    watched_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    solo: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False, server_default=false())

    round: Mapped[Round | None] = relationship()

    __table_args__ = (Index("ix_live_tables_solo_host", "host_browser", "solo"),)


class TableHole(Model):
    """A finished hole of a table, as everyone at it may know it (``docs/records.md``): ``record`` is
    ``GameKind.hole_record`` (the deal's public part, every move in order, the hole's end and
    scores), written in the transaction of the move that ended the hole; ``review`` the Caddie's
    verdict on the people's decisions, once worked out (``None`` until then; ``review_due`` while
    a background thread is to work it out, ``caddie.store.hole_reviews``)."""

    __tablename__ = "table_holes"

    table_id: Mapped[int] = mapped_column(ForeignKey("live_tables.id", ondelete="CASCADE"), primary_key=True)
    hole: Mapped[int] = mapped_column(Integer, primary_key=True)
    record: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False)
    review: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # a review to work out in the background (a table of people), and how long a server doing it
    # keeps the others off it
    review_due: Mapped[bool] = mapped_column(Boolean, nullable=False, default=False, server_default=false(), index=True)
    review_lease_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    reviewed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)  # the review's lag
    finished_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False, default=_now)


class ImportedRecord(Model):
    """A match's record read from a file (``docs/records.md``, "The record as a file"), kept for the
    browser that imported it to replay: ``record`` as ``caddie.core.live.record_file`` checked it."""

    __tablename__ = "imported_records"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True, nullable=False, index=True)
    owner_browser: Mapped[str] = mapped_column(String(64), nullable=False, index=True)
    game: Mapped[str] = mapped_column(String(8), nullable=False)  # "grid" or "clubs"
    record: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False)
    imported_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False, default=_now)


class WalkHand(Model):
    """A hand followed with the Caddie's walkthrough at a real table and kept to come back to
    (docs/caddie.md, "Your hand, reviewed"), or a Club Cards round: ``hand`` is how it ended
    (``{"heading", "title", "score", ...}``: a grid's cards, a round's holes), ``decisions`` the
    person's decisions as the walkthrough's log gave them back, ``review`` the verdicts on them."""

    __tablename__ = "walk_hands"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True, nullable=False, index=True)
    owner_browser: Mapped[str] = mapped_column(String(64), nullable=False, index=True)
    game: Mapped[str] = mapped_column(String(8), nullable=False)  # "grid" or "clubs"
    rules: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False)  # Club Cards' with its "decks"
    hand: Mapped[dict[str, Any]] = mapped_column(JSON, nullable=False)
    decisions: Mapped[list[Any]] = mapped_column(JSON, nullable=False)
    review: Mapped[list[Any]] = mapped_column(JSON, nullable=False)
    kept_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False, default=_now)


class PersonName(Model):
    """A browser's word that a name stands for a person (docs/people.md, "Merge and rename"): the
    rounds written with a name whose ``person_key`` is ``alias_key`` count for ``person``. The
    rounds themselves are never rewritten, so removing the row undoes the merge."""

    __tablename__ = "person_names"
    __table_args__ = (UniqueConstraint("owner_browser", "alias_key"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    owner_browser: Mapped[str] = mapped_column(String(64), nullable=False, index=True)
    alias_key: Mapped[str] = mapped_column(String(64), nullable=False)
    person: Mapped[str] = mapped_column(String(24), nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False, default=_now)


class SeasonRecord(Model):
    """A stretch of days a browser's table names ("Winter 2026"), both ends included: its season
    table (docs/people.md, "Seasons")."""

    __tablename__ = "seasons"
    __table_args__ = (UniqueConstraint("owner_browser", "name"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True, nullable=False, index=True)
    owner_browser: Mapped[str] = mapped_column(String(64), nullable=False, index=True)
    name: Mapped[str] = mapped_column(String(40), nullable=False)
    starts_on: Mapped[date] = mapped_column(Date, nullable=False)
    ends_on: Mapped[date] = mapped_column(Date, nullable=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False, default=_now)


class TableSitter(Model):
    """A browser that sat at a table (docs/people.md, "Every player's phone"): the round the table
    fills counts among that browser's rounds, so each person keeps it on their own phone, not
    only the host. Kept for good: the seat token in the phone's cookie may be forgotten."""

    __tablename__ = "table_sitters"

    table_id: Mapped[int] = mapped_column(ForeignKey("live_tables.id", ondelete="CASCADE"), primary_key=True)
    browser_id: Mapped[str] = mapped_column(String(64), primary_key=True, index=True)
    sat_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False, default=_now)


class RateLimit(Model):
    """How often one client did something limited (a miss at joining by code) in the current window.
    In the database, so every app server counts the same tries."""

    __tablename__ = "rate_limits"

    key: Mapped[str] = mapped_column(String(128), primary_key=True)
    window_start: Mapped[datetime] = mapped_column(DateTime(timezone=True), nullable=False)
    count: Mapped[int] = mapped_column(Integer, nullable=False, default=0)
