"""One writer at a time on a SQLite file, queued in the kernel instead of in SQLite's sleeps.

SQLite lets one connection write at a time. A second writer, from any thread
or worker process, finds the file locked and SQLite's busy handler puts it to
sleep for 1, 2, 5, 10, 15, 20, 25... ms, retrying after each sleep: under a
few dozen writes a second, a write that is over in 5 ms keeps the next one
asleep for 50 to 300 ms, and the thread it runs on is kept from answering
quick requests meanwhile.

So every write transaction first takes an exclusive ``flock`` on a file beside
the database (``<database>-writer.lock``), and gives it up when the transaction
ends. Waiters sleep in the kernel and the next one wakes the moment the lock
is free, so writes queue in arrival order with no idle gap between them.

It works with Python's ``sqlite3`` as SQLAlchemy drives it: the module opens a
transaction just before the first INSERT, UPDATE, DELETE or REPLACE (reads
before it run on their own), so taking the lock at that statement covers the
whole write transaction, and ``commit``, ``rollback`` and ``close`` end it.
The lock is only a queue in front of SQLite's own locking, which still guards
the file: a writer that does not take it (the migrations, another program)
waits in SQLite's busy handler as before.
"""

from __future__ import annotations

import fcntl
import os
import re
import sqlite3
import threading
from collections.abc import Callable, Iterable
from types import TracebackType
from typing import TYPE_CHECKING, Any, Literal, Self, TypeVar, overload

if TYPE_CHECKING:
    from sqlite3 import _Parameters  # typeshed's name for what sqlite3 takes as a statement's parameters

_CursorT = TypeVar("_CursorT", bound=sqlite3.Cursor)
_WRITE = re.compile(r"\s*(INSERT|UPDATE|DELETE|REPLACE)\b", re.IGNORECASE)


class _Held(threading.local):
    """How many writer locks this thread holds, over all its connections."""

    def __init__(self) -> None:  # run in each thread, the first time it reads ``box``
        self.box = [0]


_held = _Held()


def _thread_count() -> list[int]:
    """This thread's count, in a box its connections keep: one may end its transaction on another thread."""
    return _held.box


def lock_path(database: str) -> str:
    return f"{database}-writer.lock"


class WriterQueuedConnection(sqlite3.Connection):
    """A ``sqlite3`` connection whose write transactions queue on the database's writer lock.

    Give it as ``sqlite3.connect(path, factory=WriterQueuedConnection)``.
    """

    # (the rest of sqlite3.connect's arguments, passed on as they came)
    def __init__(self, database: str | os.PathLike[str], *args: Any, **kwargs: Any) -> None:
        super().__init__(database, *args, **kwargs)
        self._lock_fd = os.open(lock_path(os.fspath(database)), os.O_RDWR | os.O_CREAT, 0o600)
        self._holding = False

    @overload
    def cursor(self, factory: None = None) -> WriterQueuedCursor: ...
    @overload
    def cursor(self, factory: Callable[[sqlite3.Connection], _CursorT]) -> _CursorT: ...
    def cursor(self, factory: Callable[[sqlite3.Connection], sqlite3.Cursor] | None = None) -> sqlite3.Cursor:
        return super().cursor(factory or WriterQueuedCursor)

    def take_writer_lock(self) -> None:
        if self._holding:
            return
        if _thread_count()[0]:
            # This thread already writes through another connection: waiting here would wait on
            # itself. SQLite's own lock and busy timeout keep the file safe, as without this queue.
            return
        fcntl.flock(self._lock_fd, fcntl.LOCK_EX)  # sleeps without the interpreter lock
        self._holding = True
        self._count = _thread_count()
        self._count[0] += 1

    def release_writer_lock(self) -> None:
        if not self._holding:
            return
        self._holding = False
        self._count[0] -= 1
        fcntl.flock(self._lock_fd, fcntl.LOCK_UN)

    def release_if_done(self) -> None:
        """Give the lock up once no transaction is open (a statement run in autocommit mode)."""
        if self._holding and not self.in_transaction:
            self.release_writer_lock()

    # sqlite3's own shortcuts make a plain cursor and commit in C, past cursor() and commit() here.
    def execute(self, sql: str, parameters: _Parameters = (), /) -> WriterQueuedCursor:
        return self.cursor().execute(sql, parameters)

    def executemany(self, sql: str, seq_of_parameters: Iterable[_Parameters], /) -> WriterQueuedCursor:
        return self.cursor().executemany(sql, seq_of_parameters)

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, traceback: TracebackType | None, /
    ) -> Literal[False]:
        try:
            return super().__exit__(exc_type, exc, traceback)
        finally:
            self.release_if_done()

    def commit(self) -> None:
        try:
            super().commit()
        finally:
            self.release_if_done()

    def rollback(self) -> None:
        try:
            super().rollback()
        finally:
            self.release_if_done()

    def close(self) -> None:
        try:
            super().close()
        finally:
            self.release_writer_lock()
            self._close_lock_file()

    def __del__(self) -> None:
        # A connection dropped without close(): closing the descriptor frees a lock it still holds,
        # which would otherwise stop every writer until the process ends.
        self._close_lock_file()

    def _close_lock_file(self) -> None:
        if getattr(self, "_lock_fd", -1) >= 0:
            os.close(self._lock_fd)
            self._lock_fd = -1


class WriterQueuedCursor(sqlite3.Cursor):
    """Takes its connection's writer lock before a statement that writes."""

    if TYPE_CHECKING:
        # Made only by ``WriterQueuedConnection.cursor``, so its connection is always one of those.
        @property
        def connection(self) -> WriterQueuedConnection: ...

    def execute(self, sql: str, parameters: _Parameters = (), /) -> Self:
        self._before(sql)
        try:
            return super().execute(sql, parameters)
        finally:
            self.connection.release_if_done()

    def executemany(self, sql: str, seq_of_parameters: Iterable[_Parameters], /) -> Self:
        self._before(sql)
        try:
            return super().executemany(sql, seq_of_parameters)
        finally:
            self.connection.release_if_done()

    def _before(self, sql: str) -> None:
        if _WRITE.match(sql):
            self.connection.take_writer_lock()
