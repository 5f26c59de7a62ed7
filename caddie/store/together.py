"""Several statements sent to the database at once, inside the session's transaction.

Under load a request's time is mostly its round trips to PostgreSQL: each is a wait for the
database's process and then for this worker's thread to get a core back (docs/production.md,
"Database connections"). Statements whose parameters do not depend on each other's answers
can go in one round trip: psycopg's pipeline mode sends them all and reads all the answers
after. On SQLite, a file inside this process, they simply run one after another.

The statements are SQLAlchemy Core statements with named ``bindparam``s; compiled once per
statement and database. Their parameters are plain values (numbers, strings, datetimes) that
psycopg adapts itself: no SQLAlchemy type needs to process them on the way in.

Only the ledger's writes use it (``caddie.store.ledger``: a hole's cells, the round's next
version and the card): the transaction around them is the session's own, begun by the
request's first read and committed by the store function that writes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Dialect
from sqlalchemy.exc import DBAPIError
from sqlalchemy.sql import Executable
from sqlalchemy.sql.compiler import Compiled

from caddie.store.database import db


@dataclass(frozen=True)
class Step:
    """One statement, run once for each of its parameter sets (most have one)."""

    statement: Executable
    params: Sequence[Mapping[str, Any]]


def run_together(steps: Sequence[Step]) -> list[list[tuple[Any, ...]]]:
    """Run ``steps`` in order in the session's transaction; each step's rows ([] for a step
    that returns none). A failing step raises as SQLAlchemy would (``IntegrityError`` and so
    on); the transaction must then be rolled back. Nothing is committed here."""
    connection = db.session.connection()
    if connection.dialect.name != "postgresql":
        answers = []
        for step in steps:
            sets = [dict(p) for p in step.params]
            result = connection.execute(step.statement, sets if len(sets) > 1 else sets[0])
            answers.append([tuple(row) for row in result] if result.returns_rows else [])
        return answers
    raw = connection.connection.dbapi_connection
    assert raw is not None  # a connection the session holds is open
    cursors = []
    compiled = [_compiled(step, connection.dialect) for step in steps]
    dbapi_error = connection.dialect.loaded_dbapi.Error
    try:
        with raw.pipeline():
            for step, sql in zip(steps, compiled, strict=True):
                cursor = raw.cursor()
                cursors.append(cursor)
                # with the values the statement holds itself (the 1 of "version + 1")
                sets = [dict(sql.construct_params(dict(p)) or {}) for p in step.params]
                if len(sets) > 1:
                    cursor.executemany(sql.string, sets)
                else:
                    cursor.execute(sql.string, sets[0])
        return [[tuple(row) for row in cursor.fetchall()] if cursor.description else [] for cursor in cursors]
    except dbapi_error as err:  # as SQLAlchemy would raise it: IntegrityError, OperationalError...
        statements = "; ".join(sql.string for sql in compiled)
        raise DBAPIError.instance(statements, None, err, dbapi_error, dialect=connection.dialect) from err
    finally:
        for cursor in cursors:
            cursor.close()


def commit_keeping() -> None:
    """Commit without expiring what this session loaded: the objects a write read before it
    (a round and its players, which a score does not change; a table's row, which its save
    brought up to date) are not read again after it. A write that changed a column of an object
    it holds without saying so to the session expires that column itself."""
    session = db.session()
    expire = session.expire_on_commit
    session.expire_on_commit = False
    try:
        session.commit()
    finally:
        session.expire_on_commit = expire


# Keyed by the statement object itself (so it stays alive): statements are module constants.
_COMPILED: dict[tuple[Executable, str, tuple[str, ...]], Compiled] = {}


def _compiled(step: Step, dialect: Dialect) -> Compiled:
    """The statement's SQL for ``dialect``, compiled once for the columns its parameters name."""
    keys = tuple(sorted(step.params[0]))
    key = (step.statement, dialect.name, keys)
    found = _COMPILED.get(key)
    if found is None:
        found = step.statement.compile(dialect=dialect, column_keys=list(keys))  # type: ignore[attr-defined]  # an Executable ClauseElement
        _COMPILED[key] = found
    return found
