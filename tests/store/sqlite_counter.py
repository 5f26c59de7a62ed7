"""The work of the processes in tests/store/test_sqlite_writer_lock.py, in a module of its own: a
spawned process imports the module its function lives in, and this one needs only sqlite3 and the
writer lock (the test module brings pytest, SQLAlchemy and the app: a second of start-up a process)."""

from __future__ import annotations

import sqlite3

from caddie.store.sqlite_writer_lock import WriterQueuedConnection


def increment_counter(database: str, worker: int, times: int) -> None:
    """One process's share: each transaction reads the counter and writes it back one higher."""
    conn = sqlite3.connect(database, factory=WriterQueuedConnection, timeout=5)
    for _ in range(times):
        cursor = conn.cursor()
        cursor.execute("INSERT INTO increments VALUES (?)", (worker,))  # the first write opens it
        (n,) = cursor.execute("SELECT n FROM counter WHERE id = 1").fetchone()
        cursor.execute("UPDATE counter SET n = ? WHERE id = 1", (n + 1,))
        conn.commit()
    conn.close()
