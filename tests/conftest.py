"""Shared fixtures: an app on a fresh, migrated database per test.

By default each test gets its own SQLite file under ``tmp_path``.
``TEST_DATABASE_URL`` runs the suite against a database server instead
(PostgreSQL in CI, e.g. ``postgresql://caddie:caddie@127.0.0.1:5432/caddie_test``):
there each test gets a fresh PostgreSQL *schema* of its own, selected through
the connection's ``search_path``, migrated from nothing and dropped (with
everything in it) afterwards.  No test sees another's rows or tables, leftovers
of an interrupted run cannot leak in, and the browser tests' live server (which
uses the database's default schema) is never touched by these fixtures.
"""

from __future__ import annotations

import os
import re
import uuid

import pytest
from flask_migrate import upgrade
from sqlalchemy import MetaData, make_url, text

from caddie import create_app
from caddie.config import normalize_database_url
from caddie.extensions import db

# postgres:// and postgresql:// mean the psycopg 3 driver, as DATABASE_URL does for
# the app.  Normalised in the environment so every conftest reading it agrees.
if os.environ.get("TEST_DATABASE_URL", "").strip():
    os.environ["TEST_DATABASE_URL"] = normalize_database_url(os.environ["TEST_DATABASE_URL"].strip())


def external_database_url() -> str | None:
    """The database server the suite runs against, or None for per-test SQLite files."""
    return os.environ.get("TEST_DATABASE_URL") or None


def _is_postgresql(url: str) -> bool:
    return url.startswith("postgresql")


def _test_schema() -> str:
    # Lower-case letters, digits and underscores only: no quoting needed anywhere.
    return f"caddie_test_{os.getpid()}_{uuid.uuid4().hex[:10]}"


def _drop_everything() -> None:
    """Drop every table (alembic_version included) in the connection's default schema."""
    with db.engine.begin() as conn:
        existing = MetaData()
        existing.reflect(conn)
        existing.drop_all(conn)


@pytest.fixture
def app(tmp_path):
    external = external_database_url()
    config = {
        "TESTING": True,
        "INSTANCE_PATH": str(tmp_path / "instance"),
        "SQLALCHEMY_DATABASE_URI": external or f"sqlite:///{tmp_path / 'test.sqlite3'}",
        "SECRET_KEY": "test-secret",
    }
    schema = None
    if external and _is_postgresql(external):
        schema = _test_schema()
        # libpq's "options" sets search_path on every connection of the pool.
        url = make_url(external).update_query_dict({"options": f"-csearch_path={schema}"})
        config["SQLALCHEMY_DATABASE_URI"] = url.render_as_string(hide_password=False)
    app = create_app(config)
    with app.app_context():
        if schema:
            with db.engine.begin() as conn:
                conn.execute(text(f"CREATE SCHEMA {schema}"))
        elif external:  # another server: start from an empty database
            _drop_everything()
        upgrade()
    app.config["TEST_DB_SCHEMA"] = schema
    yield app
    with app.app_context():
        db.session.remove()
        try:
            if schema:
                with db.engine.begin() as conn:
                    conn.execute(text(f"DROP SCHEMA IF EXISTS {schema} CASCADE"))
            elif external:
                _drop_everything()
        finally:
            db.engine.dispose()


@pytest.fixture
def client(app):
    return app.test_client()


CSRF_META = re.compile(r'<meta name="csrf-token" content="([^"]+)"')


@pytest.fixture
def csrf_token(client):
    """A valid CSRF token for ``client``'s session, read off a page as a browser would."""
    def fetch(path: str = "/") -> str:
        html = client.get(path).get_data(as_text=True)
        match = CSRF_META.search(html)
        assert match, "every page carries a csrf-token meta tag"
        return match.group(1)
    return fetch
