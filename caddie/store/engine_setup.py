"""Database connection tuning that SQLAlchemy leaves to the application."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sqlalchemy import event
from sqlalchemy.engine import Engine, make_url

from caddie.store.sqlite_writer_lock import WriterQueuedConnection

if TYPE_CHECKING:
    from flask import Flask
    from sqlalchemy.engine.interfaces import DBAPIConnection
    from sqlalchemy.pool import ConnectionPoolEntry

# Connections a worker keeps open to a database server. Beyond the pool's default five, each
# request of a busy moment (the phones of many live tables woken at once) opened a connection of
# its own and closed it after: a costly setting up on both sides.
POOL_SIZE = 10


def engine_options(database_url: str, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` plus what the database needs: on a database server, a pool of ``POOL_SIZE``
    whose connections are pinged before each use (``pool_pre_ping``: one that the server closed,
    by a restart or an administrator, is replaced instead of failing the request); on a SQLite
    file, write transactions queue on a lock of their own
    (``caddie.store.sqlite_writer_lock``) instead of in SQLite's sleeps."""
    url = make_url(database_url)
    if url.get_backend_name() != "sqlite":
        return {"pool_size": POOL_SIZE, "max_overflow": POOL_SIZE, "pool_pre_ping": True, **options}
    if url.database in (None, "", ":memory:") or url.query.get("uri") or "factory" in options.get("connect_args", {}):
        return options
    return {**options, "connect_args": {**options.get("connect_args", {}), "factory": WriterQueuedConnection}}


OWNER_ONLY_FILE = 0o600
OWNER_ONLY_FOLDER = 0o700
SQLITE_COMPANIONS = ("-wal", "-shm", "-journal", "-writer.lock")  # beside the database, holding its data


def owner_only_files(database_url: str, instance_path: Path) -> None:
    """Make the instance folder, the secret key in it and a SQLite database with the files beside
    it readable and writable by this server's user alone (0700 and 0600), tightening those that
    exist: the database holds every round and the tokens of the links that open them.

    A missing SQLite database is created empty, owner-only, so SQLite (which would create it by
    the umask, world-readable on most systems) only ever opens it; its WAL and shared-memory files
    then take the database's own permissions. A folder of the operator's choosing (a database
    outside ``instance/``) is left as it is; only the file is tightened."""
    if instance_path.is_dir():
        _tighten(instance_path, OWNER_ONLY_FOLDER)
        _tighten(instance_path / "secret_key", OWNER_ONLY_FILE)
    url = make_url(database_url)
    if url.get_backend_name() != "sqlite" or url.database in (None, "", ":memory:") or url.query.get("uri"):
        return
    database = Path(url.database)
    if not database.exists() and database.parent.is_dir():  # (a folder that is not there: SQLite says so)
        os.close(os.open(database, os.O_WRONLY | os.O_CREAT, OWNER_ONLY_FILE))
    for path in (database, *(Path(f"{database}{suffix}") for suffix in SQLITE_COMPANIONS)):
        _tighten(path, OWNER_ONLY_FILE)


def _tighten(path: Path, mode: int) -> None:
    """``chmod`` a file or folder of this user's to ``mode``; another user's (a deployment's
    read-only checkout, say) is not this server's to change."""
    try:
        status = path.stat()
    except FileNotFoundError:
        return
    if status.st_uid == os.getuid() and stat.S_IMODE(status.st_mode) != mode:
        path.chmod(mode)


def tune_sqlite(engine: Engine) -> None:
    """WAL lets readers and a writer work at once; the busy timeout makes a
    second writer wait instead of failing at once with "database is locked"."""
    if engine.dialect.name != "sqlite":
        return

    @event.listens_for(engine, "connect")
    def _on_connect(  # pragma: no cover - exercised by every SQLite test
        dbapi_connection: DBAPIConnection, _record: ConnectionPoolEntry
    ) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()


# Any constant both servers agree on: "caddie" in ASCII, as PostgreSQL's bigint lock key.
MIGRATION_LOCK = 0x636164646965


def upgrade_database(app: Flask) -> None:
    """Apply the migrations the database lacks, one server at a time.

    On PostgreSQL a session advisory lock makes a second server that starts at
    the same moment wait, then find nothing left to do, instead of racing the
    first through the same DDL. (SQLite is one machine's file, migrated by the
    one gunicorn master that serves it.)
    """
    from flask_migrate import upgrade

    from caddie.store.database import db

    with app.app_context():
        engine = db.engine
        try:
            with engine.connect() as lock:
                postgres = engine.dialect.name == "postgresql"
                if postgres:
                    lock.exec_driver_sql(f"SELECT pg_advisory_lock({MIGRATION_LOCK})")
                try:
                    upgrade()
                finally:
                    if postgres:
                        lock.exec_driver_sql(f"SELECT pg_advisory_unlock({MIGRATION_LOCK})")
        finally:
            db.session.remove()
            engine.dispose()
