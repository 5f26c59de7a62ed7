"""Database connection tuning that SQLAlchemy leaves to the application."""

from __future__ import annotations

from sqlalchemy import event
from sqlalchemy.engine import Engine


def tune_sqlite(engine: Engine) -> None:
    """WAL lets readers and a writer work at once; the busy timeout makes a
    second writer wait instead of failing at once with "database is locked"."""
    if engine.dialect.name != "sqlite":
        return

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection, _record):  # pragma: no cover - exercised by every SQLite test
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()
