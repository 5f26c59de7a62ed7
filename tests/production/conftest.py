"""Fixtures for the gunicorn-run tests: a scratch database and servers on it.

    def test_something(database_url, start_server):
        a = start_server(database_url)               # gunicorn -c python:caddie.serving.gunicorn_conf, 1 worker
        b = start_server(database_url, workers=2)    # a second server on the same database
        ...                                          # every server is stopped at the end of the test

``database_url`` is a fresh, empty database shared by every server the test
starts: a schema of its own in ``TEST_DATABASE_URL``'s PostgreSQL database
(dropped afterwards), else a SQLite file under ``tmp_path``. The machinery is
in ``tests/production/servers.py``, importable by bench scripts too.
"""

from __future__ import annotations

import pytest

from tests.production import servers


@pytest.fixture
def database_url(tmp_path):
    with servers.scratch_database(tmp_path) as url:
        yield url


@pytest.fixture
def start_server(tmp_path):
    """``start_server(database_url, workers=1, **options) -> servers.Server``; all stopped at teardown.

    Options are ``servers.start_server``'s (``app``, ``extra_env``, ``log_path``, ...);
    each server's log is a file under ``tmp_path``.
    """
    if not servers.GUNICORN.exists():
        pytest.skip("gunicorn is not installed in this environment")
    started: list[servers.Server] = []

    def start(database_url: str, workers: int = 1, **options) -> servers.Server:
        options.setdefault("log_path", tmp_path / f"gunicorn-{len(started) + 1}.log")
        server = servers.start_server(database_url, workers=workers, **options)
        started.append(server)
        return server

    yield start
    for server in reversed(started):
        server.stop()
