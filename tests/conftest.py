"""Shared fixtures: an app on a fresh, migrated database per test."""

from __future__ import annotations

import os
import re

import pytest
from flask_migrate import upgrade

from caddie import create_app
from caddie.extensions import db


def _database_url(tmp_path) -> str:
    # TEST_DATABASE_URL runs the suite against another server (PostgreSQL in CI).
    return os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'test.sqlite3'}"


@pytest.fixture
def app(tmp_path):
    app = create_app({
        "TESTING": True,
        "INSTANCE_PATH": str(tmp_path / "instance"),
        "SQLALCHEMY_DATABASE_URI": _database_url(tmp_path),
        "SECRET_KEY": "test-secret",
    })
    with app.app_context():
        upgrade()
    yield app
    with app.app_context():
        db.session.remove()
        if os.environ.get("TEST_DATABASE_URL"):
            db.drop_all()
            db.session.execute(db.text("DROP TABLE IF EXISTS alembic_version"))
            db.session.commit()
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
