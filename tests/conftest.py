"""Shared fixtures: an app on an empty, migrated database per test.

By default each test gets its own SQLite file under ``tmp_path``: a copy of one file the real
migrations built at the start of the test process.

``TEST_DATABASE_URL`` runs the suite against a database server instead
(PostgreSQL in CI, e.g. ``postgresql://caddie:caddie@127.0.0.1:5432/caddie_test``).
There the test process works in a PostgreSQL *schema* of its own, selected
through each connection's ``search_path`` and migrated from nothing with the
real migrations when first needed.  Before every test that schema is checked
and emptied: if a test changed its shape (tables, columns, indexes,
constraints, sequences or the migration it is at: a migration test going down
and failing half way back up, say) it is dropped and migrated again;
otherwise every row is deleted and the id sequences restarted.  So each test
starts from an empty, migrated schema without paying for a migration's DDL
every time (a few milliseconds instead of ~100).  The schema's name is new
every run and it is dropped at the end, so an interrupted run leaks nothing
into the next, and the browser tests' live server, which uses the database's
default schema, is never touched by these fixtures.
"""

from __future__ import annotations

import os
import re
import shutil
import sqlite3
import uuid
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

import pytest
from flask_migrate import upgrade
from sqlalchemy import MetaData, create_engine, make_url, text

# First, before anything imports caddie: the tests run the source of the modules compiled on
# install (docs/compiled.md).
import tests.source_modules  # noqa: F401
from caddie import create_app
from caddie.config import normalize_database_url
from caddie.store.database import db

# postgres:// and postgresql:// mean the psycopg 3 driver, as DATABASE_URL does for
# the app.  Normalised in the environment so every conftest reading it agrees.
if os.environ.get("TEST_DATABASE_URL", "").strip():
    os.environ["TEST_DATABASE_URL"] = normalize_database_url(os.environ["TEST_DATABASE_URL"].strip())


def external_database_url() -> str | None:
    """The database server the suite runs against, or None for per-test SQLite files."""
    return os.environ.get("TEST_DATABASE_URL") or None


# ---- PostgreSQL: one schema per test process, emptied before every test --------

# Everything that makes up the schema's shape (tables, columns, indexes,
# sequences, constraints) and the migration it is at, as one string.
SHAPE = text("""
SELECT coalesce(string_agg(item, ',' ORDER BY item), '') FROM (
    SELECT c.relkind::text || ' ' || c.relname::text AS item
      FROM pg_class c WHERE c.relnamespace = current_schema()::regnamespace
    UNION ALL
    SELECT 'column ' || c.relname::text || '.' || a.attname::text || ' ' || format_type(a.atttypid, a.atttypmod)
           || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END
      FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
     WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
       AND a.attnum > 0 AND NOT a.attisdropped
    UNION ALL
    SELECT 'constraint ' || conname::text FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
    UNION ALL
    SELECT 'revision ' || version_num FROM alembic_version
) AS items
""")


@dataclass
class PostgresSchema:
    url: str  # TEST_DATABASE_URL with this schema first on the search_path
    name: str
    shape: str = ""  # SHAPE right after migrating; "" until migrated

    def prepare(self, engine) -> None:
        """Leave the schema migrated and empty, whatever the previous test did to it."""
        if self.shape:
            with engine.begin() as conn:
                conn.execute(text("SET LOCAL lock_timeout = '10s'"))  # a leaked lock fails, never hangs
                migrated = conn.execute(text("SELECT to_regclass('alembic_version')")).scalar() is not None
                if migrated and conn.execute(SHAPE).scalar() == self.shape:
                    _empty_tables(conn)
                    return
        # First use, or a test changed the schema's shape: build it again from nothing.
        with engine.begin() as conn:
            conn.execute(text("SET LOCAL lock_timeout = '10s'"))
            conn.execute(text(f"DROP SCHEMA IF EXISTS {self.name} CASCADE"))
            conn.execute(text(f"CREATE SCHEMA {self.name}"))
        upgrade()
        with engine.connect() as conn:
            self.shape = conn.execute(SHAPE).scalar()


def _empty_tables(conn) -> None:
    """Delete every row but the migration's and restart the id sequences, as in a new schema.

    DELETE, children first, is several times quicker than TRUNCATE on tables this
    small; a table the models do not know (none today) is truncated instead.
    """
    present = set(conn.execute(text("SELECT tablename FROM pg_tables WHERE schemaname = current_schema()")).scalars())
    known = [t for t in db.metadata.sorted_tables if t.name in present]  # parents before children
    for table in reversed(known):
        conn.execute(table.delete())
    others = present - {t.name for t in known} - {"alembic_version"}
    if others:
        conn.execute(text("TRUNCATE " + ", ".join(f'"{t}"' for t in sorted(others)) + " CASCADE"))
    conn.execute(
        text(
            "SELECT setval(c.oid, 1, false) FROM pg_class c"
            " WHERE c.relkind = 'S' AND c.relnamespace = current_schema()::regnamespace"
        )
    )


def _is_postgresql(url: str) -> bool:
    return url.startswith("postgresql")


@pytest.fixture(scope="session")
def postgres_schema():
    """This test process's schema on the PostgreSQL server; dropped when the session ends."""
    base = external_database_url()
    # Lower-case letters, digits and underscores only: no quoting needed anywhere.
    name = f"caddie_test_{os.getpid()}_{uuid.uuid4().hex[:8]}"
    url = make_url(base).update_query_dict({"options": f"-csearch_path={name}"})
    schema = PostgresSchema(url=url.render_as_string(hide_password=False), name=name)
    yield schema
    engine = create_engine(base)
    try:
        with engine.begin() as conn:
            conn.execute(text("SET LOCAL lock_timeout = '10s'"))
            conn.execute(text(f"DROP SCHEMA IF EXISTS {name} CASCADE"))
    finally:
        engine.dispose()


def _drop_everything() -> None:
    """Drop every table (alembic_version included) in the connection's default schema."""
    with db.engine.begin() as conn:
        existing = MetaData()
        existing.reflect(conn)
        existing.drop_all(conn)


# ---- the app ---------------------------------------------------------------------


@pytest.fixture(scope="session")
def migrated_sqlite_file(tmp_path_factory) -> Path:
    """A SQLite file migrated from nothing with the real migrations, once per test process: each
    test starts from a copy of it, which takes a millisecond where migrating takes over 100."""
    path = tmp_path_factory.mktemp("migrated") / "migrated.sqlite3"
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(path.parent / "instance"),
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}",
            "SECRET_KEY": "test-secret",
        }
    )
    with app.app_context():
        upgrade()
        db.session.remove()
        db.engine.dispose()
    # The app runs SQLite in WAL mode: fold the log into the file, so the file alone is the database.
    with closing(sqlite3.connect(path)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return path


@pytest.fixture
def app(request, tmp_path):
    external = external_database_url()
    schema = request.getfixturevalue("postgres_schema") if external and _is_postgresql(external) else None
    if schema:
        url = schema.url
    elif external:
        url = external
    else:
        database = tmp_path / "test.sqlite3"
        shutil.copyfile(request.getfixturevalue("migrated_sqlite_file"), database)
        url = f"sqlite:///{database}"
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "SQLALCHEMY_DATABASE_URI": url,
            "SECRET_KEY": "test-secret",
            # links for another phone keep the test client's "localhost", whatever network this
            # machine is on (tests/web/test_shareable_links.py turns the LAN address on)
            "LAN_LINKS": False,
            # route tests ask for the Caddie far faster than a person (hypothesis, whole matches);
            # tests/web/test_cpu_budget.py sets a budget of its own
            "CPU_BUDGET": 0,
        }
    )
    with app.app_context():
        if schema:
            schema.prepare(db.engine)
        elif external:  # another kind of server: start from an empty database
            _drop_everything()
            upgrade()
    yield app
    live_changes = app.extensions.get("live_changes")
    if live_changes is not None:  # its reading thread would go on opening connections to a dropped schema
        live_changes.stop()
    with app.app_context():
        db.session.remove()
        try:
            if external and not schema:
                _drop_everything()
        finally:
            db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


CSRF_META = re.compile(r'<meta name="csrf-token" content="([^"]+)"')
CONFIRM_FORM = re.compile(
    r'<form method="post" action="([^"]+)">\s*<input type="hidden" name="csrf_token" value="([^"]+)">'
)


def open_link(client, path: str):
    """A person opening a link that gives their phone something (an edit link, a seat link): the
    page it shows, then its button. A link that opens nothing, or gives what the phone holds
    already, answers at once (404, or a redirect): that answer."""
    response = client.get(path)
    form = CONFIRM_FORM.search(response.get_data(as_text=True)) if response.status_code == 200 else None
    if form is None:
        return response
    return client.post(form.group(1), data={"csrf_token": form.group(2)})


@pytest.fixture
def csrf_token(client):
    """A valid CSRF token for ``client``'s session, read off a page as a browser would."""

    def fetch(path: str = "/") -> str:
        html = client.get(path).get_data(as_text=True)
        match = CSRF_META.search(html)
        assert match, "every page carries a csrf-token meta tag"
        return match.group(1)

    return fetch


@pytest.fixture
def other_app(tmp_path):
    """A second server with a database of its own (SQLite, whatever the first one runs on)."""
    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(tmp_path / "other-instance"),
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'other.sqlite3'}",
            "SECRET_KEY": "another-server",
        }
    )
    with app.app_context():
        upgrade()
    yield app
    with app.app_context():
        db.session.remove()
        db.engine.dispose()
