"""The instance folder, its secret key and a SQLite database are this server's user's alone:
created so, and tightened at start when an older version left them readable by everyone."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from sqlalchemy import text

from caddie import create_app
from caddie.store.database import db
from tests.conftest import external_database_url

pytestmark = pytest.mark.skipif(external_database_url() is not None, reason="about a SQLite file")


def mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def app_at(instance: Path, database: Path):
    """An app as ``create_app`` starts it for a server, with no SECRET_KEY given: it makes its own."""
    return create_app(
        {"TESTING": True, "INSTANCE_PATH": str(instance), "SQLALCHEMY_DATABASE_URI": f"sqlite:///{database}"}
    )


@pytest.fixture(autouse=True)
def _everyone_may_read_by_default(monkeypatch):
    monkeypatch.delenv("SECRET_KEY", raising=False)
    old = os.umask(0o022)  # the usual umask: what SQLite and mkdir would otherwise leave readable
    yield
    os.umask(old)


def test_a_first_start_makes_everything_owner_only(tmp_path):
    instance = tmp_path / "instance"
    database = instance / "caddie.sqlite3"
    app = app_at(instance, database)
    with app.app_context():  # a write: SQLite opens its WAL and shared-memory files beside the database
        db.session.execute(text("CREATE TABLE t (x INTEGER)"))
        db.session.execute(text("INSERT INTO t VALUES (1)"))
        db.session.commit()
        assert mode(Path(f"{database}-wal")) == 0o600 and mode(Path(f"{database}-shm")) == 0o600
        db.engine.dispose()
    assert mode(instance) == 0o700
    assert mode(instance / "secret_key") == 0o600
    assert mode(database) == 0o600
    assert mode(Path(f"{database}-writer.lock")) == 0o600


def test_a_start_tightens_what_an_older_version_left_readable(tmp_path):
    instance = tmp_path / "instance"
    instance.mkdir(mode=0o755)
    database = instance / "caddie.sqlite3"
    for path in (instance / "secret_key", database, Path(f"{database}-writer.lock")):
        path.write_text("" if path != instance / "secret_key" else "k" * 64)
        path.chmod(0o644)
    instance.chmod(0o755)
    app_at(instance, database)
    assert mode(instance) == 0o700
    for path in (instance / "secret_key", database, Path(f"{database}-writer.lock")):
        assert mode(path) == 0o600, path


def test_a_database_elsewhere_has_its_file_tightened_and_its_folder_left_alone(tmp_path):
    shared = tmp_path / "srv"
    shared.mkdir(mode=0o755)
    shared.chmod(0o755)
    database = shared / "cards.sqlite3"
    app_at(tmp_path / "instance", database)
    assert mode(database) == 0o600
    assert mode(shared) == 0o755  # the operator's folder, the operator's choice
