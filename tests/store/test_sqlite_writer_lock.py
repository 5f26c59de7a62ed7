"""SQLite write transactions queue on ``<database>-writer.lock`` (caddie.store.sqlite_writer_lock).
Whether the lock is held is seen as another writer would see it: a non-blocking flock from a fd of our own."""

from __future__ import annotations

import fcntl
import multiprocessing
import os
import sqlite3
import threading
import time
from contextlib import closing

import pytest
from sqlalchemy import text

from caddie.store.database import db
from caddie.store.engine_setup import POOL_SIZE, engine_options
from caddie.store.sqlite_writer_lock import WriterQueuedConnection, lock_path
from tests.store.sqlite_counter import increment_counter

HANG = 30  # seconds: only there so that a broken lock fails the test instead of hanging it


def lock_is_free(database: str) -> bool:
    fd = os.open(lock_path(database), os.O_RDWR | os.O_CREAT, 0o600)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)  # given up again by os.close below
        return True
    except BlockingIOError:
        return False
    finally:
        os.close(fd)


def connect(database: str, **kwargs) -> WriterQueuedConnection:
    return sqlite3.connect(database, factory=WriterQueuedConnection, **kwargs)


def read_one(database: str, sql: str) -> tuple:
    with closing(sqlite3.connect(database)) as conn:  # a plain connection: it takes no writer lock
        return conn.execute(sql).fetchone()


def in_background(work) -> tuple[threading.Event, list]:
    """Start ``work`` on a daemon thread: an event set when it ends, and the list of what it raised."""
    done, errors = threading.Event(), []

    def run():
        try:
            work()
        except Exception as error:  # reported to the test rather than lost in the thread
            errors.append(error)
        done.set()

    threading.Thread(target=run, daemon=True).start()
    return done, errors


def on_another_thread(work) -> list:
    done, errors = in_background(work)
    assert done.wait(HANG), "hung: waiting on a writer lock that is never released"
    return errors


@pytest.fixture
def database(tmp_path) -> str:
    path = str(tmp_path / "test.sqlite3")
    with closing(sqlite3.connect(path)) as conn:
        conn.executescript("""
            PRAGMA journal_mode=WAL;  -- as the app runs it (caddie.store.engine_setup.tune_sqlite)
            CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL);
            CREATE TABLE increments (worker INTEGER NOT NULL);
            INSERT INTO counter VALUES (1, 0);
        """)
    return path


def test_second_writer_waits_in_the_queue_and_writes_right_after_the_first_commits(database):
    first = connect(database)
    first.cursor().execute("UPDATE counter SET n = 1")
    # timeout=0: without the queue the second writer would meet SQLite's lock and fail at once.
    second = connect(database, timeout=0, check_same_thread=False)
    wrote_at = []

    def write_second():
        second.cursor().execute("UPDATE counter SET n = n * 10")
        wrote_at.append(time.monotonic())
        second.commit()

    done, errors = in_background(write_second)
    assert not done.wait(0.3), errors  # still queued behind the open transaction
    committed_at = time.monotonic()
    first.commit()
    assert done.wait(HANG) and errors == [], errors
    assert wrote_at[0] > committed_at
    assert read_one(database, "SELECT n FROM counter") == (10,)
    first.close()
    second.close()


@pytest.mark.parametrize("end", ["commit", "rollback", "close", "autocommit"])
def test_the_lock_is_held_from_the_first_write_until_the_transaction_ends(database, end):
    conn = connect(database, isolation_level=None if end == "autocommit" else "")
    assert conn.cursor().execute("SELECT n FROM counter").fetchone() == (0,)
    assert lock_is_free(database)  # a read never takes it
    conn.cursor().execute("UPDATE counter SET n = 5")
    if end != "autocommit":  # where the statement was its own transaction, already over
        assert not lock_is_free(database)
        getattr(conn, end)()
    assert lock_is_free(database)
    assert read_one(database, "SELECT n FROM counter") == ((0,) if end in ("rollback", "close") else (5,))
    conn.close()


def test_the_connection_shortcuts_queue_too(database):
    # conn.execute and ``with conn`` are sqlite3's own C paths, past the overridden cursor() and commit().
    conn = connect(database)
    with conn:
        conn.execute("UPDATE counter SET n = n + 1")
        assert not lock_is_free(database)
    assert lock_is_free(database)
    conn.close()


def test_a_transaction_ended_on_another_thread_releases_the_lock_for_good(database):
    conn = connect(database, check_same_thread=False)  # as SQLAlchemy's pool opens them
    conn.cursor().execute("UPDATE counter SET n = n + 1")
    assert on_another_thread(conn.commit) == []
    assert lock_is_free(database)
    # This thread's count of held locks went back to zero, so its next write queues again.
    conn.cursor().execute("UPDATE counter SET n = n + 1")
    assert not lock_is_free(database)
    conn.close()


def test_a_thread_writing_through_a_second_connection_does_not_wait_on_itself(database):
    def write_twice():
        first, second = connect(database), connect(database, timeout=0.2)
        first.cursor().execute("UPDATE counter SET n = 1")
        try:  # SQLite's own lock and busy timeout decide: first's transaction is still open
            second.cursor().execute("UPDATE counter SET n = 2")
        finally:
            first.close()
            second.close()

    errors = on_another_thread(write_twice)  # fails if it hangs
    assert errors == [] or (type(errors[0]), str(errors[0])) == (sqlite3.OperationalError, "database is locked")
    assert lock_is_free(database)


def test_processes_incrementing_one_counter_lose_no_increment_and_never_see_locked(database):
    workers, times = 4, 50
    with multiprocessing.get_context("spawn").Pool(workers) as pool:
        # Any "database is locked" in a worker is raised again here by .get().
        pool.starmap_async(increment_counter, [(database, w, times) for w in range(workers)]).get(HANG * 2)
    assert read_one(database, "SELECT n FROM counter") == (workers * times,)
    assert read_one(database, "SELECT count(*) FROM increments") == (workers * times,)
    assert lock_is_free(database)


@pytest.mark.parametrize(
    "url, options",
    [
        ("sqlite://", {"pool_pre_ping": True}),
        ("sqlite:///:memory:", {"pool_pre_ping": True}),
        ("sqlite:////srv/caddie/caddie.sqlite3", {"connect_args": {"factory": sqlite3.Connection}}),  # theirs stays
    ],
)
def test_engine_options_leave_sqlite_in_memory_and_a_given_factory_alone(url, options):
    assert engine_options(url, options) == options


def test_a_database_server_gets_a_pool_of_its_own_size_unless_one_is_given():
    url = "postgresql+psycopg://caddie@localhost/caddie"
    assert engine_options(url, {"pool_pre_ping": True}) == {
        "pool_pre_ping": True,
        "pool_size": POOL_SIZE,
        "max_overflow": POOL_SIZE,
    }
    assert engine_options(url, {"pool_size": 3})["pool_size"] == 3


def test_engine_options_queue_writers_on_a_sqlite_file_and_keep_the_rest():
    options = engine_options(
        "sqlite:////srv/caddie/caddie.sqlite3", {"pool_pre_ping": True, "connect_args": {"timeout": 30}}
    )
    assert options == {"pool_pre_ping": True, "connect_args": {"timeout": 30, "factory": WriterQueuedConnection}}


def test_the_apps_sqlite_writes_queue_on_the_lock(app):
    with app.app_context():
        if db.engine.dialect.name != "sqlite":
            pytest.skip("the writer lock is for SQLite files only")
        assert isinstance(db.session.connection().connection.driver_connection, WriterQueuedConnection)
        # Through the session, as the app writes: held from the first write to the commit.
        database = db.engine.url.database
        db.session.execute(text("CREATE TEMP TABLE probe (x INTEGER)"))
        db.session.execute(text("INSERT INTO probe VALUES (1)"))
        assert not lock_is_free(database)
        db.session.commit()
        assert lock_is_free(database)


def test_a_connection_dropped_without_close_frees_the_lock(tmp_path):
    import gc

    path = str(tmp_path / "dropped.db")
    setup = sqlite3.connect(path)
    setup.execute("CREATE TABLE t (x INTEGER)")
    setup.commit()
    setup.close()
    dropped = sqlite3.connect(path, factory=WriterQueuedConnection)
    dropped.execute("INSERT INTO t VALUES (1)")  # holds the writer lock, never committed or closed
    assert not lock_is_free(path)
    del dropped
    gc.collect()
    assert lock_is_free(path), "a dropped connection still holds the writer lock"
