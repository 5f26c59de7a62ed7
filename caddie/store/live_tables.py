"""Live tables in the database (``docs/live-tables.md``): create, join, start, move, the host's
changes to the seats, the computers' moves, and what changed since a moment.

A table's whole state is one JSON value in ``LiveTableRecord.state`` (a
``caddie.core.live.table.LiveTable``). Every write names the version it was based on, through the
same conditional UPDATE as a solo match (``match_records.save_versioned``), so of two phones
tapping at once one move is applied and the other is refused as stale, on any number of app
servers. Each finished hole lands in the table's ledger round in the same transaction.

Seat tokens are made here and shown once; the table keeps only their SHA-256 digests.
"""

from __future__ import annotations

import hashlib
import json
import random
import secrets
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from sqlalchemy import and_, func, inspect, or_, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import undefer
from sqlalchemy.orm.attributes import set_committed_value

from caddie.core.errors import CaddieError
from caddie.core.live.codes import new_code, read_code
from caddie.core.live.table import LiveTable
from caddie.core.shuffle import secret_seed as new_seed
from caddie.offload.heavy_work import run_heavy
from caddie.store.database import db
from caddie.store.ledger import deal_round
from caddie.store.match_records import StaleMatch, save_versioned
from caddie.store.models import LiveTableRecord, Round, TableHole
from caddie.store.together import commit_keeping
from caddie.store.tokens import is_token

__all__ = [
    "REVIEW_DUE",
    "StaleTable",
    "TooManyTables",
    "answer_ask",
    "ask_back",
    "change",
    "create",
    "decoded",
    "digest",
    "due_at",
    "find",
    "find_by_code",
    "find_by_join_token",
    "find_by_watch_token",
    "is_join_token",
    "join",
    "kept_scorecard_token",
    "let_back_in",
    "load",
    "move",
    "next_due_here",
    "play_due",
    "play_due_and_next",
    "read",
    "same_deal",
    "scorecard_token",
    "seat_of",
    "seen",
    "start",
    "versions_since",
]

StaleTable = StaleMatch  # the same refusal: the table moved on since the page or program saw it

# Set when this process stores a finished hole whose review is due (a table of people): its
# reviewer (caddie.store.hole_reviews) looks at once rather than at its next beat.
REVIEW_DUE = threading.Event()

COMPUTER_PAUSE = timedelta(seconds=0.9)  # a computer moves this long after its turn comes, so people can follow
LEASE = timedelta(seconds=20)  # how long a server making a computer's move keeps the others off the table
# A due move is made by the process that stored it; a driver in any other process waits until it is
# this much overdue (that process gone or busy), so several processes do not all race for each move.
OTHERS_GRACE = timedelta(seconds=2)
CLOCK_LEVEL = "steady"  # who plays a person's turn when the clock runs out
# A table nobody has asked for in this long pauses its computers (and its turn clock): a phone at it
# asks at least every 50 s (its event stream's life), and a phone that slept for a few minutes is
# gone. Onlookers keep a table of computers playing as a show, but only this long after its last
# person: a match of computers lasts about a minute a hole, so a show of 18 holes ends in time.
UNATTENDED = timedelta(minutes=3)
SHOW = timedelta(minutes=30)
# A table counts against its host's bound on open tables (``create``) until its match is over, or
# until nobody has been at it for this long: a table left alone must not keep its host from making
# another for ever, and comes back as it was when someone returns.
OPEN_WHILE_SEEN = timedelta(hours=1)
SEEN_EVERY = timedelta(minutes=1)  # a table's presence is written at most this often, not at every request

# Set whenever this process stores a table with a move due (a computer's turn, a turn clock): its
# driver thread (caddie/store/live_driver.py) then learns the move's due time (``next_due_here``)
# and looks for it then, where it would otherwise look only once a second, for overdue moves.
DUE_SET = threading.Event()
# The moves this process stored as due and has not looked for yet: table id -> when it falls due.
_due_here: dict[int, datetime] = {}
_due_here_lock = threading.Lock()

T = TypeVar("T")


def digest(token: str) -> str:
    """What a table keeps of a seat token."""
    return hashlib.sha256(token.encode()).hexdigest()


def _now() -> datetime:
    return datetime.now(UTC)


def _stored_due(table_id: int, due: datetime) -> None:
    """This process stored ``table_id`` with a move due at ``due``: its driver makes that move."""
    with _due_here_lock:
        _due_here[table_id] = due
    DUE_SET.set()


def next_due_here() -> datetime | None:
    """When the earliest move this process stored as due falls due (``None``: it stored none)."""
    with _due_here_lock:
        return min(_due_here.values(), default=None)


# -- finding a table ---------------------------------------------------------------------------


def find(public_id: object, to_change: bool = False) -> LiveTableRecord | None:
    """The table by its public id. ``to_change``: with its state, read in the same statement, for a
    request about to change it (``load``); else the state is read only if it is needed."""
    if not is_token(public_id, 32):
        return None
    query = select(LiveTableRecord).where(LiveTableRecord.public_id == public_id)
    if to_change:
        query = query.options(undefer(LiveTableRecord.state))
    return db.session.scalars(query).first()


def find_by_code(typed: object) -> LiveTableRecord | None:
    code = read_code(typed)
    if code is None:
        return None
    return db.session.scalars(select(LiveTableRecord).where(LiveTableRecord.code == code)).first()


JOIN_TOKEN_LENGTH = 32  # hex digits: 128 random bits, and only letters and digits in the join link


def new_join_token() -> str:
    return secrets.token_hex(JOIN_TOKEN_LENGTH // 2)


def is_join_token(text: object) -> bool:
    """Whether ``text`` has the shape of a join token (never that of a code: 8 characters)."""
    return isinstance(text, str) and len(text) == JOIN_TOKEN_LENGTH and all(ch in "0123456789abcdef" for ch in text)


def find_by_join_token(token: object) -> LiveTableRecord | None:
    if not is_join_token(token):
        return None
    return db.session.scalars(select(LiveTableRecord).where(LiveTableRecord.join_token == token)).first()


def find_by_watch_token(token: object) -> LiveTableRecord | None:
    if not is_token(token):
        return None
    return db.session.scalars(select(LiveTableRecord).where(LiveTableRecord.watch_token == token)).first()


def _state_with_version(row: LiveTableRecord) -> dict[str, Any]:
    """The row's stored state, read in the same statement as its version when it was not read yet
    (it is deferred): a state read on its own could be newer than the version the row holds."""
    if {"state", "version"} & inspect(row).unloaded:
        db.session.refresh(row, ["version", "state"])
    return row.state


def load(row: LiveTableRecord) -> LiveTable:
    """The table as stored, to change: a copy of its own. Decoded from a private copy of the stored
    value: a table decoded from the row's own value may share its lists, and one kept for reading
    (``read``) may have been, which a change must never touch (JSON data copies exactly this way)."""
    return LiveTable.from_dict(json.loads(json.dumps(_state_with_version(row))))


class _ReadTables:
    """The tables this process has decoded lately, by public id and version, for reading only.

    A table never changes at a version (every change is the next version), so when a move wakes
    the phones waiting at a table, the first one served here decodes the new version and the
    others read that same copy (``docs/live-tables.md``, "Serving"). Whoever reads one must not
    change it: ``load`` gives a table to change."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._tables: OrderedDict[tuple[str, int], LiveTable] = OrderedDict()
        self._lock = threading.Lock()

    def get(self, row: LiveTableRecord) -> LiveTable:
        if "version" not in inspect(row).unloaded:
            # the version was read (the state, deferred, usually was not): a copy kept at that
            # version spares reading and decoding the state
            table = self.kept((row.public_id, row.version))
            if table is not None:
                return table
        state = _state_with_version(row)
        key = (row.public_id, row.version)
        table = self.kept(key)
        if table is None:
            table = LiveTable.from_dict(state)  # outside the lock: two threads may both decode it
            self.keep(row.public_id, row.version, table)
        return table

    def kept(self, key: tuple[str, int]) -> LiveTable | None:
        with self._lock:
            table = self._tables.get(key)
            if table is not None:
                self._tables.move_to_end(key)
            return table

    def keep(self, public_id: str, version: int, table: LiveTable) -> None:
        with self._lock:
            self._tables[(public_id, version)] = table
            while len(self._tables) > self.size:
                self._tables.popitem(last=False)


READ_TABLES = 512  # tables kept decoded per process: a few versions of each busy table
_read_tables = _ReadTables(READ_TABLES)


def read(row: LiveTableRecord) -> LiveTable:
    """The table at the row's version, to read and never to change (``load`` gives one to change)."""
    return _read_tables.get(row)


def decoded(public_id: str, version: int) -> LiveTable | None:
    """The table at ``version`` if this process holds it decoded (``read``), without asking the
    database; ``None`` when it does not. To read and never to change."""
    return _read_tables.kept((public_id, version))


SHARE_TOKENS_KEPT = 10_000
_share_tokens: dict[str, str] = {}  # table public id -> its round's share token, which never changes


def scorecard_token(row: LiveTableRecord) -> str | None:
    """The share token of the table's ledger round (its read-only scorecard link), once the match
    has started; ``None`` before, or when the round was deleted before this process first asked.
    Kept per process: a round's share token never changes, and a long poll should not read it."""
    round_id = row.round_id
    if round_id is None:
        return None
    token = _share_tokens.get(row.public_id)
    if token is None:
        token = db.session.scalars(
            select(Round.share_token).where(Round.id == round_id, Round.deleted_at.is_(None))
        ).first()
        if token is not None:
            if len(_share_tokens) >= SHARE_TOKENS_KEPT:
                _share_tokens.clear()  # a long-running process: start again rather than grow
            _share_tokens[row.public_id] = token
    return token


def kept_scorecard_token(public_id: str) -> str | None:
    """The table's round's share token if this process has read it (``scorecard_token``), else
    ``None``, without asking the database."""
    return _share_tokens.get(public_id)


def seat_of(row: LiveTableRecord, token: object, table: LiveTable | None = None) -> int | None:
    """The seat ``token`` holds at this table, or ``None``."""
    if not is_token(token):
        return None
    assert isinstance(token, str)
    return (table or read(row)).seat_of(digest(token))


# -- changing a table ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Timing:
    """How long a computer waits before its move (``COMPUTER_PAUSE``; 0 in tests), and how long a
    table's computers play on with nobody at it (``UNATTENDED``), or with only onlookers (``SHOW``)."""

    pause: timedelta = COMPUTER_PAUSE
    unattended: timedelta = UNATTENDED
    show: timedelta = SHOW


def _next_due(
    table: LiveTable, mover_before: int | None, due_before: datetime | None, now: datetime, timing: Timing
) -> datetime | None:
    """When the driver should next move at this table: a computer's turn after a pause; a person's
    turn, under the turn clock, when their time runs out (the same turn keeps its deadline)."""
    if table.computer_to_move() is not None:
        return now + timing.pause
    seat = table.to_move
    if table.clock and seat is not None:
        if seat == mover_before and due_before is not None:
            return due_before
        return now + timedelta(seconds=table.clock)
    return None


def _save(
    row: LiveTableRecord,
    table: LiveTable,
    seen_version: int,
    timing: Timing,
    mover_before: int | None,
    due: datetime | None | bool = True,
    holes_before: int | None = None,
) -> None:
    """Store ``table`` as the version after ``seen_version``. Its finished holes land in the
    ledger round only when this change finished one (``holes_before``: how many were finished
    before it; ``None``: look anyway), so an ordinary move costs no reading of the scorecard."""
    now = _now()
    match = table.match
    finished = match.hole_scores if match is not None else []
    if holes_before is not None and len(finished) <= holes_before:
        finished = []
    # the hole this change finished keeps its record, in the same transaction
    record = table.kind.hole_record(match) if match is not None and finished and holes_before is not None else None
    kept: list[TableHole] = []
    if record is not None:
        # a solo match's review came with the move (_review); a table of people's is worked out
        # beside the moves (caddie.store.hole_reviews)
        review = table.kind.hole_review(match) if table.solo else None
        kept.append(
            TableHole(
                table_id=row.id,
                hole=record["hole"],
                record=record,
                review={"decisions": review} if review is not None else None,
                review_due=table.kind.reviews and not table.solo,
                reviewed_at=now if review is not None else None,
                finished_at=now,
            )
        )
    if due is True:
        due = _next_due(table, mover_before, row.due_at, now, timing)
    save_versioned(
        LiveTableRecord,
        row,
        seen_version,
        {
            "state": table.to_dict(),
            "updated_at": now,
            "due_at": due or None,
            "lease_until": None,
            "finished_at": now if match is not None and match.is_over else None,
        },
        match.names if match is not None else [],
        finished,
        kept,
    )
    # the table at the version it was saved as: the phones this change wakes read it, undecoded
    _read_tables.keep(row.public_id, seen_version + 1, table)
    if any(hole.review_due for hole in kept):
        REVIEW_DUE.set()  # this process's reviewer works it out
    if due:
        _stored_due(row.id, due)


def change(
    row: LiveTableRecord,
    edit: Callable[[LiveTable], T],
    seen_version: int | None = None,
    timing: Timing = Timing(),
) -> T:
    """Load the table, ``edit`` it and save it as the next version; the saved table is then shared
    with ``read``, so whoever gets it back must not change it. With ``seen_version``, a table
    that has moved on since is refused (``StaleTable``); without, a change that does not depend on
    what anyone saw (a join, the host's change to a seat) is tried again on the fresh table when
    another write came first. ``edit`` raising changes nothing."""
    for _ in range(8):
        if seen_version is not None and seen_version != row.version:
            raise StaleTable()
        version = row.version
        table = load(row)
        mover = table.to_move
        holes = len(table.match.hole_scores) if table.match is not None else 0
        result = edit(table)
        try:
            _save(row, table, version, timing, mover, holes_before=holes)
        except StaleTable:
            if seen_version is not None:
                raise
            db.session.refresh(row, ["version", "state"])  # together: the next try reads both fresh
            continue
        return result
    raise StaleTable()


class TooManyTables(CaddieError):
    """The host has as many open tables as one may: nothing was made."""

    def __init__(self, limit: int) -> None:
        super().__init__(
            f"You have {limit} open tables already, the most one may have at once: finish one, or leave one "
            "alone for an hour, before you make another.",
            None,
        )


def open_tables(host_browser: str, now: datetime | None = None) -> int:
    """How many of ``host_browser``'s tables of people are open: not over, and someone was there in
    the last ``OPEN_WHILE_SEEN``."""
    now = now or _now()
    return db.session.scalars(
        select(func.count()).where(
            LiveTableRecord.host_browser == host_browser,
            LiveTableRecord.solo.is_(False),  # a match against computers keeps nobody from a table
            LiveTableRecord.finished_at.is_(None),
            LiveTableRecord.seen_at > now - OPEN_WHILE_SEEN,
        )
    ).one()


def create(
    host_browser: str,
    game: str,
    settings: dict[str, Any],
    seats: Sequence[dict[str, Any]],
    host_name: str,
    clock: int | None = None,
    open_limit: int | None = None,
) -> tuple[LiveTableRecord, str]:
    """A new table in its lobby, with its host at seat 0; the row and the host's seat token.
    ``CaddieError`` (nothing stored) for seats, settings or a name that will not do;
    ``TooManyTables`` (nothing stored) when the host would have more than ``open_limit`` open.

    The bound is counted after the table is stored, so that two tables made at once by one host
    cannot both pass a count made before either was: whichever counts past the limit takes its
    own table back (both, at worst, and the host tries again)."""
    token = secrets.token_urlsafe(24)
    table = LiveTable.new(game, settings, seats, host_name, digest(token), clock)
    for _ in range(5):  # a code already in use (one in about 10**12 per table) is drawn again
        row = LiveTableRecord(
            public_id=secrets.token_urlsafe(12),
            code=new_code(),
            watch_token=secrets.token_urlsafe(18),
            join_token=new_join_token(),
            host_browser=host_browser,
            game=table.kind.name,
            state=table.to_dict(),
            version=1,
        )
        db.session.add(row)
        try:
            db.session.commit()
        except IntegrityError:
            db.session.rollback()
            continue
        if open_limit is not None and open_tables(host_browser) > open_limit:
            db.session.delete(row)
            db.session.commit()
            raise TooManyTables(open_limit)
        return row, token
    raise RuntimeError("could not draw a free table code")  # pragma: no cover


def join(row: LiveTableRecord, name: object) -> tuple[int, str]:
    """Sit a person at the first empty seat: the seat and its token."""
    token = secrets.token_urlsafe(24)
    seat = change(row, lambda table: table.join(name, digest(token)))
    return seat, token


def ask_back(row: LiveTableRecord, seat: int) -> str:
    """A request to be let back in at ``seat``: the asking phone's token, which takes the seat
    if the host lets it in (``answer_ask``)."""
    token = secrets.token_urlsafe(24)
    change(row, lambda table: table.ask_back(seat, digest(token), _now().timestamp()))
    return token


def answer_ask(row: LiveTableRecord, by: int, ask_id: str, let_in: bool) -> None:
    """The host lets the phone that asked in, or refuses it."""
    change(row, lambda table: table.answer_ask(by, ask_id, let_in, _now().timestamp()))


def let_back_in(row: LiveTableRecord, by: int, seat: int) -> str:
    """The host's fresh seat link for ``seat``: its token (shown once; the old one stops working)."""
    token = secrets.token_urlsafe(24)
    change(row, lambda table: table.let_back_in(by, seat, digest(token)))
    return token


def start(row: LiveTableRecord, by: int | None, timing: Timing = Timing(), seed: int | None = None) -> None:
    """The host deals the match and opens the ledger round every hole lands in (the host's browser
    owns it, as with a solo match)."""
    table = load(row)
    version = row.version  # the one the state was read at (the round's commit below expires the row)
    table.start(by, new_seed() if seed is None else seed)  # raises before anything is stored
    assert table.match is not None
    kind, settings = table.kind, table.settings
    round_ = deal_round(
        row.host_browser, table.match.names, kind.holes(settings), kind.name,
        kind.ledger_table(settings, len(table.places)), kind.course(settings),
        computers=table.computer_seats,
    )  # fmt: skip
    row.round_id = round_.id
    try:
        _save(row, table, version, timing, None)
    except StaleTable:
        # someone else changed the table meanwhile (a second tap on Start): that change stands
        stale_round = db.session.get(Round, round_.id)
        if stale_round is not None:
            db.session.delete(stale_round)
            db.session.commit()
        raise


def move(
    row: LiveTableRecord,
    seat: int,
    actions: Sequence[Any] | Callable[[LiveTable], Sequence[Any]],
    seen_version: int,
    timing: Timing = Timing(),
) -> LiveTable:
    """``seat``'s move, applied once; the table as it now is. ``actions``, or a function that reads
    them off the table (a program's move names what it does in the table's terms). ``StaleTable``
    if the table moved on since ``seen_version``, ``IllegalAction`` (nothing changes) if it is not
    a legal move for that seat now."""

    def play(table: LiveTable) -> LiveTable:
        table.play(seat, actions(table) if callable(actions) else actions, hint_seed(row.public_id, seen_version))
        _review(table, by_person=True)
        return table

    return change(row, play, seen_version, timing)


def hint_seed(public_id: str, version: int) -> str:
    """The caddie's random source for the person's decision at ``version`` of a solo table: the
    Hint and the hole's review use the same one, so the review's caddie says what the Hint said."""
    return f"hint:{public_id}:{version}"


def _review(table: LiveTable, by_person: bool) -> None:
    """At a solo table, the person's decisions judged and the hole reviewed when it ends, as far as
    the move just made left any of it to do: worked out in the helper process."""
    match, kind = table.match, table.kind
    if table.solo and match is not None and kind.review_pending(match, by_person):
        table.match = run_heavy(kind.reviewed, match)


# -- a solo table: one person against computers -----------------------------------------------------


def create_solo(
    owner: str,
    game: str,
    settings: dict[str, Any],
    person: str,
    computers: Sequence[tuple[str, str]],
    seed: int | None = None,
    timing: Timing = Timing(),
) -> LiveTableRecord:
    """A match of one person against ``computers`` (name and level each), dealt at once, with the
    ledger round it fills in. The browser ``owner`` holds the person's seat; the table has no code,
    join link or watch link. ``CaddieError`` (nothing stored) for settings or names that will not do."""
    table = LiveTable.solo_match(game, settings, person, computers, new_seed() if seed is None else seed)
    kind, match = table.kind, table.match
    assert match is not None
    round_ = deal_round(
        owner, match.names, kind.holes(table.settings), kind.name,
        kind.ledger_table(table.settings, len(table.places)), kind.course(table.settings),
        computers=table.computer_seats,
    )  # fmt: skip
    now = _now()
    due = _next_due(table, None, None, now, timing)
    row = LiveTableRecord(
        public_id=secrets.token_urlsafe(12),
        host_browser=owner,
        game=kind.name,
        state=table.to_dict(),
        version=1,
        round_id=round_.id,
        due_at=due,
        solo=True,
        created_at=now,
        updated_at=now,
        seen_at=now,
    )
    db.session.add(row)
    db.session.commit()
    if due:
        _stored_due(row.id, due)
    return row


def rematch(row: LiveTableRecord, timing: Timing = Timing()) -> LiveTableRecord:
    """A finished solo match played again: the same players, computer levels and settings, dealt
    afresh, with a new ledger round. ``CaddieError`` while the match is still being played."""
    table = read(row)
    if table.match is None or not table.match.is_over:
        raise CaddieError("This match is still being played: finish it before a rematch.", "match")
    person, *computers = table.places
    return create_solo(
        row.host_browser, table.kind.name, table.settings, str(person.name),
        [(str(p.name), str(p.level)) for p in computers], timing=timing,
    )  # fmt: skip


def same_deal(row: LiveTableRecord, owner: str, person: str, timing: Timing = Timing()) -> LiveTableRecord:
    """A match against computers on the deal of ``row``'s finished match, for ``owner``: the same
    settings, seats and secret seed, so each hole deals the same cards to the same seats as it
    did (the order of play and what is drawn later follow how it is played). ``person`` sits at
    the first seat; the others keep their names, a computer its level and a person of a table of
    people a steady computer. Only once the match is over: a deal still being played would show
    its face-down cards. The seed stays on the server, as every seed does."""
    table = read(row)
    if table.match is None or not table.match.is_over:
        raise CaddieError("This match is still being played: its deal can be played again once it is over.", "match")
    others = [(str(p.name), str(p.level) if not p.person else "steady") for p in table.places[1:]]
    return create_solo(owner, table.kind.name, table.settings, person, others, seed=table.match.seed, timing=timing)


def solo_tables_for(owner: str | None, game: str | None = None, limit: int = 20) -> list[LiveTableRecord]:
    """The browser's latest solo matches (of one game, if named), newest first."""
    if not owner:
        return []
    query = select(LiveTableRecord).where(LiveTableRecord.host_browser == owner, LiveTableRecord.solo.is_(True))
    if game is not None:
        query = query.where(LiveTableRecord.game == game)
    return list(db.session.scalars(query.order_by(LiveTableRecord.id.desc()).limit(limit)))


def holds_seat(row: LiveTableRecord, browser: str | None) -> int | None:
    """The seat a browser holds at a solo table without a token (the one person's, seat 0, for the
    browser that made it), or ``None``."""
    return 0 if row.solo and browser is not None and browser == row.host_browser else None


# -- who is at the table -------------------------------------------------------------------------


def attended(seen_at: datetime, watched_at: datetime | None, now: datetime, timing: Timing) -> bool:
    """Whether a table's computers play: a person at their own seat asked for it lately, or an
    onlooker did and a person was there within the show's time."""
    seen, watched = _aware(seen_at), _aware(watched_at) if watched_at is not None else None
    lately = now - timing.unattended
    return seen > lately or (watched is not None and watched > lately and seen > now - timing.show)


def _unattended(now: datetime, timing: Timing) -> Any:
    """``attended``'s opposite, as SQL: the condition a pause is written on, so a person who came
    back a moment before is never paused."""
    lately = now - timing.unattended
    return and_(
        LiveTableRecord.seen_at <= lately,
        or_(
            LiveTableRecord.watched_at.is_(None),
            LiveTableRecord.watched_at <= lately,
            LiveTableRecord.seen_at <= now - timing.show,
        ),
    )


def seen(row: LiveTableRecord, by_person: bool, timing: Timing = Timing(), now: datetime | None = None) -> None:
    """A person at their own seat (``by_person``) or an onlooker asked for the table just now.
    Written at most once a ``SEEN_EVERY`` per table; a table whose computers had paused for want
    of anyone there has its next move made due again (a computer's after its pause, a person's
    turn under the clock with the whole clock again)."""
    now = now or _now()
    column = "seen_at" if by_person else "watched_at"
    stamp = getattr(row, column)
    if stamp is not None and _aware(stamp) > now - SEEN_EVERY:
        return
    seen_at, watched_at = (now, row.watched_at) if by_person else (row.seen_at, now)
    resumes = (
        not attended(row.seen_at, row.watched_at, now, timing)
        and attended(seen_at, watched_at, now, timing)
        and row.finished_at is None
    )
    setattr(row, column, now)
    # Kept, not expired: the page asking has read the table at the row's version, and a version
    # read again after this commit could be a newer move's, the page then saying it shows that
    # move (its form would send it too) while it shows the table before it.
    commit_keeping()
    if not resumes:
        return
    due = _next_due(read(row), None, None, now, timing)
    if due is None:
        return
    # only if no move came meanwhile and nothing else made one due
    resumed = db.session.execute(
        update(LiveTableRecord)
        .where(LiveTableRecord.id == row.id, LiveTableRecord.version == row.version, LiveTableRecord.due_at.is_(None))
        .values(due_at=due)
        .execution_options(synchronize_session=False)
    )
    commit_keeping()
    if getattr(resumed, "rowcount", 0) == 1:
        set_committed_value(row, "due_at", due)  # as stored, without reading the row again
        _stored_due(row.id, due)


# -- the computers' moves ------------------------------------------------------------------------


def play_due(timing: Timing = Timing(), limit: int = 20, now: datetime | None = None) -> int:
    """Make the moves that are due (``play_due_and_next``); the number made."""
    return play_due_and_next(timing, limit, now)[0]


def play_due_and_next(
    timing: Timing = Timing(), limit: int = 20, now: datetime | None = None, others_grace: timedelta = timedelta(0)
) -> tuple[int, datetime | None]:
    """Make the moves that are due: a computer's turn (its own seat, or one it plays for someone
    away) or a person's turn whose clock ran out. Each table is leased while its move is worked
    out, so two servers do not both work it out; the version check keeps a move from being made
    twice even so. The number of moves made, and when the next move not yet due is due (``None``
    when none of the tables read is waiting for one), read in the same statement.

    With ``others_grace`` (the driver's ``OTHERS_GRACE``) a move another process stored counts as
    due only that much later, and its due time is not returned: that process makes it."""
    now = now or _now()
    with _due_here_lock:
        here = dict(_due_here)
        for table_id, due in here.items():
            # looked for now: made below, by another process, or no longer due (a table past the
            # look's limit is made later as any other process's, once overdue)
            if due <= now:
                del _due_here[table_id]
    free = (
        LiveTableRecord.due_at.is_not(None),
        or_(LiveTableRecord.lease_until.is_(None), LiveTableRecord.lease_until < now),
    )
    rows = db.session.execute(
        select(LiveTableRecord.id, LiveTableRecord.due_at, LiveTableRecord.seen_at, LiveTableRecord.watched_at)
        .where(*free)
        .order_by(LiveTableRecord.due_at)
        .limit(limit)
    ).all()
    db.session.rollback()  # end the read, so the claims below each start afresh
    waiting = [(table_id, _aware(due)) for table_id, due, seen_at, watched_at in rows if due is not None]
    alone = {table_id for table_id, _, seen_at, watched_at in rows if not attended(seen_at, watched_at, now, timing)}
    ours = [(table_id, due) for table_id, due in waiting if not others_grace or table_id in here]
    theirs = [(table_id, due + others_grace) for table_id, due in waiting if others_grace and table_id not in here]
    ids = [table_id for table_id, due in ours + theirs if due <= now and table_id not in alone]
    later = [due for table_id, due in ours if due > now and table_id not in alone]
    for table_id, due in waiting:
        if due <= now and table_id in alone:
            _pause(table_id, now, timing, free)
    made = 0
    for table_id in ids:
        claimed = db.session.execute(
            update(LiveTableRecord)
            .where(LiveTableRecord.id == table_id, LiveTableRecord.due_at <= now, *free)
            .values(lease_until=now + LEASE)
            .execution_options(synchronize_session=False)
        )
        db.session.commit()
        if getattr(claimed, "rowcount", 0) != 1:
            continue  # another server took it
        row = db.session.get(LiveTableRecord, table_id)
        if row is None:
            continue
        db.session.refresh(row, ["version", "state"])
        try:
            made += _play_one(row, timing)
        except StaleTable:
            db.session.rollback()  # a person moved meanwhile: nothing was due any more
    return made, (later[0] if later else None)


def _pause(table_id: int, now: datetime, timing: Timing, free: tuple[Any, ...]) -> None:
    """Nobody has been at the table for a while: its due move waits (``due_at`` cleared) until
    someone comes back (``seen``). Written on the condition that nobody has come back meanwhile."""
    db.session.execute(
        update(LiveTableRecord)
        .where(LiveTableRecord.id == table_id, LiveTableRecord.due_at <= now, *free, _unattended(now, timing))
        .values(due_at=None)
        .execution_options(synchronize_session=False)
    )
    db.session.commit()


def _play_one(row: LiveTableRecord, timing: Timing) -> int:
    table = load(row)
    match = table.match
    seat = table.to_move
    if match is None or seat is None:
        _clear_due(row)
        return 0
    computer = table.computer_to_move()
    if computer is not None:
        level, notice = computer[1], None
    elif table.clock and table.places[seat].person:
        name = table.places[seat].name
        level, notice = CLOCK_LEVEL, f"Time ran out: a computer played {name}'s turn."
    else:
        _clear_due(row)
        return 0
    kind, holes = table.kind, len(match.hole_scores)
    # seeded by the table and its version: working the same move out again gives the same move
    rng = random.Random(f"{match.seed}:{row.public_id}:{row.version}")
    action = run_heavy(kind.choose, kind.decision_view(match, seat), level, rng)
    table.play_for(seat, action, notice)
    _review(table, by_person=False)
    # under the clock, a person's turn that is not finished (a card drawn) is finished at once
    forced_again = notice is not None and table.to_move == seat
    _save(row, table, row.version, timing, seat, due=_now() if forced_again else True, holes_before=holes)
    return 1


def _clear_due(row: LiveTableRecord) -> None:
    db.session.execute(
        update(LiveTableRecord)
        .where(LiveTableRecord.id == row.id, LiveTableRecord.version == row.version)
        .values(due_at=None, lease_until=None)
        .execution_options(synchronize_session=False)
    )
    db.session.commit()


# -- what changed ------------------------------------------------------------------------------


def versions_since(since: datetime) -> list[tuple[str, int, datetime]]:
    """Every table changed at or after ``since``: its public id, version and when it changed."""
    rows = db.session.execute(
        select(LiveTableRecord.public_id, LiveTableRecord.version, LiveTableRecord.updated_at).where(
            LiveTableRecord.updated_at >= since
        )
    ).all()
    db.session.rollback()  # a read only: let the connection go back to the pool
    return [(public_id, version, _aware(updated)) for public_id, version, updated in rows]


def due_at(row: LiveTableRecord) -> datetime | None:
    """When the driver next moves at this table (a computer's pause, or the turn clock's deadline)."""
    return _aware(row.due_at) if row.due_at is not None else None


def version_of(public_id: str) -> int | None:
    version = db.session.scalars(select(LiveTableRecord.version).where(LiveTableRecord.public_id == public_id)).first()
    db.session.rollback()
    return version


def _aware(moment: datetime) -> datetime:
    """SQLite gives back naive datetimes (stored as UTC)."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
