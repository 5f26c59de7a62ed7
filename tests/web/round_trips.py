"""Counting a request's round trips to the database (docs/decisions.md: each is a wait under load)."""

from __future__ import annotations

import contextlib

from caddie.store.database import db


class RoundTrips:
    """The statements a request sends, grouped by round trip to the database: on PostgreSQL
    each statement psycopg sends alone is one (BEGIN and COMMIT included) and a pipeline of
    several is one; on SQLite, a file in this process, each statement counts as one.

    A statement is noted as it is handed to psycopg, and the BEGIN psycopg sends before a
    transaction's first statement is noted after it: ``[["SELECT"], ["BEGIN"]]`` is one BEGIN
    then one SELECT. Counts are exact; the order within a transaction's opening is not."""

    def __init__(self, app, monkeypatch) -> None:
        from sqlalchemy import event

        self.trips: list[list[str]] = []
        with app.app_context():
            self.engine = db.engine
        if self.engine.dialect.name != "postgresql":
            event.listen(self.engine, "before_cursor_execute", self._sqlalchemy)
            return
        import psycopg
        from psycopg._connection_base import BaseConnection

        self._open: list[str] | None = None
        real_pipeline, real_execute, real_many, real_command = (
            psycopg.Connection.pipeline,
            psycopg.Cursor.execute,
            psycopg.Cursor.executemany,
            BaseConnection._exec_command,
        )
        watch = self

        @contextlib.contextmanager
        def pipeline(conn, *args, **kwargs):
            with real_pipeline(conn, *args, **kwargs) as pipe:
                watch._open = []
                try:
                    yield pipe
                finally:
                    watch.trips.append(watch._open)
                    watch._open = None

        def execute(cursor, query, *args, **kwargs):
            watch._note(str(query))
            return real_execute(cursor, query, *args, **kwargs)

        def executemany(cursor, query, *args, **kwargs):
            watch._note(str(query))
            return real_many(cursor, query, *args, **kwargs)

        def command(conn, command, *args, **kwargs):  # psycopg's own BEGIN, COMMIT and ROLLBACK
            watch._note(bytes(command).decode())
            return real_command(conn, command, *args, **kwargs)

        monkeypatch.setattr(psycopg.Connection, "pipeline", pipeline)
        monkeypatch.setattr(psycopg.Cursor, "execute", execute)
        monkeypatch.setattr(psycopg.Cursor, "executemany", executemany)
        monkeypatch.setattr(BaseConnection, "_exec_command", command)

    def _sqlalchemy(self, _conn, _cursor, statement, *_args) -> None:
        self.trips.append([statement.split()[0].upper()])

    def _note(self, statement: str) -> None:
        verb = statement.split()[0].upper()
        if self._open is not None:
            self._open.append(verb)
        else:
            self.trips.append([verb])

    def stop(self) -> None:
        from sqlalchemy import event

        if self.engine.dialect.name != "postgresql":
            event.remove(self.engine, "before_cursor_execute", self._sqlalchemy)

    @property
    def expected_for_a_hole(self) -> list[list[str]]:
        """The pool's ping of the connection (``pool_pre_ping``, an empty statement), then one
        transaction: the round with its players; the cells, the round's version and the card,
        sent together to PostgreSQL (``caddie.store.together``); COMMIT."""
        if self.engine.dialect.name == "postgresql":
            return [[";"], ["SELECT"], ["BEGIN"], ["INSERT", "UPDATE", "SELECT"], ["COMMIT"]]
        return [["SELECT"], ["INSERT"], ["UPDATE"], ["SELECT"]]
