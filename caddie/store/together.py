"""Several statements sent to the database at once, inside the session's transaction.

Under load a request's time is mostly its round trips to PostgreSQL: each is a wait for the
database's process and then for this worker's thread to get a core back (docs/production.md,
"Database connections"). Statements whose parameters do not depend on each other's answers
can go in one round trip: psycopg's pipeline mode sends them all and reads all the answers
after. On SQLite, a file inside this process, they simply run one after another.

The statements are SQLAlchemy Core statements with named ``bindparam``s; compiled once per
statement and database. Their parameters are plain values (numbers, strings, datetimes) that
psycopg adapts itself: no SQLAlchemy type needs to process them on the way in.

A request whose only write is one ``run_together`` can take its transaction's two ends out of
round trips of their own too: ``read_without_transaction`` first (its reads then need no
BEGIN before them), and ``commit=True`` when no step's answer can refuse the write (BEGIN and
COMMIT then go in the steps' round trip). A score written so is two round trips in all.
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


def read_without_transaction() -> None:
    """Let this request's statements before its ``run_together`` run without a transaction of
    their own: on PostgreSQL, psycopg then sends no BEGIN (a round trip) before the first read.

    For a request that reads, then writes only through ``run_together``: that call still runs
    its steps in one transaction of their own (``run_together``). Each read stands alone, as it
    would in a transaction at PostgreSQL's default isolation (read committed), where every
    statement sees what was committed when it began. Called before the request's first
    statement; later it changes nothing, and on SQLite it changes nothing."""
    session = db.session()
    if session.in_transaction() or session.get_bind().dialect.name != "postgresql":
        return
    session.connection(execution_options={"isolation_level": "AUTOCOMMIT"})


def run_together(steps: Sequence[Step], commit: bool = False) -> list[list[tuple[Any, ...]]]:
    """Run ``steps`` in order in the session's transaction; each step's rows ([] for a step
    that returns none). A failing step raises as SQLAlchemy would (``IntegrityError`` and so
    on); the transaction must then be rolled back.

    ``commit``: commit the transaction with the steps, in their round trip on PostgreSQL. Only
    for a write that no step's answer can refuse: once they are sent, so is the COMMIT. The
    objects the session loaded stay as they are (nothing is expired)."""
    if commit:
        db.session.flush()  # whatever the session holds unsent joins this transaction, not the next
    connection = db.session.connection()
    if connection.dialect.name != "postgresql":
        answers = []
        for step in steps:
            sets = [dict(p) for p in step.params]
            result = connection.execute(step.statement, sets if len(sets) > 1 else sets[0])
            answers.append([tuple(row) for row in result] if result.returns_rows else [])
        if commit:
            commit_keeping()
        return answers
    raw = connection.connection.dbapi_connection
    assert raw is not None  # a connection the session holds is open
    # After read_without_transaction, the steps open their own transaction, in their round trip.
    own_transaction = raw.autocommit
    cursors = []
    compiled = [_compiled(step, connection.dialect) for step in steps]
    dbapi_error = connection.dialect.loaded_dbapi.Error
    try:
        with raw.pipeline():
            if own_transaction:
                raw.execute("BEGIN")
            for step, sql in zip(steps, compiled, strict=True):
                cursor = raw.cursor()
                cursors.append(cursor)
                # with the values the statement holds itself (the 1 of "version + 1")
                sets = [dict(sql.construct_params(dict(p)) or {}) for p in step.params]
                if len(sets) > 1:
                    cursor.executemany(sql.string, sets)
                else:
                    cursor.execute(sql.string, sets[0])
            if commit and own_transaction:
                raw.execute("COMMIT")  # queued behind the steps: a failing step makes PostgreSQL skip it
            elif commit:
                raw.commit()  # psycopg queues it too, and reads every answer back
        return [[tuple(row) for row in cursor.fetchall()] if cursor.description else [] for cursor in cursors]
    except dbapi_error as err:  # as SQLAlchemy would raise it: IntegrityError, OperationalError...
        if own_transaction and not raw.closed:
            raw.rollback()  # the transaction the steps opened, failed: nobody else would end it
        statements = "; ".join(sql.string for sql in compiled)
        raise DBAPIError.instance(statements, None, err, dbapi_error, dialect=connection.dialect) from err
    finally:
        for cursor in cursors:
            cursor.close()


def commit_keeping() -> None:
    """Commit without expiring what this request loaded: a write's answer is read from the
    objects it loaded (a round and its players, which a score does not change), and they need
    not be read again for it."""
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
