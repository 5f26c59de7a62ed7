"""bench/fuzz.py, shortened: malformed requests to every route get no 5xx and change no stored row.

A few thousand requests in-process (Flask's test client) and a few hundred,
refused by construction, against a real gunicorn on the same database: a
SQLite file, or a schema of its own in ``TEST_DATABASE_URL``'s PostgreSQL.
``FUZZ_SEED`` picks another seed (the bench's ``--seed``); a failure prints
the requests that answered 5xx or changed rows, enough to replay them.
"""

from __future__ import annotations

import importlib
import logging
import os
import sys
from pathlib import Path

import pytest

from tests.production import servers

BENCH = Path(__file__).resolve().parent.parent.parent / "bench"
SEED = int(os.environ.get("FUZZ_SEED", "7"))
IN_PROCESS, AGAINST_GUNICORN = 2500, 300


def bench(name: str):
    if str(BENCH) not in sys.path:
        sys.path.insert(0, str(BENCH))
    return importlib.import_module(name)


def test_malformed_requests_get_no_5xx_and_change_nothing(tmp_path):
    if not servers.GUNICORN.exists():
        pytest.skip("gunicorn is not installed in this environment")
    fuzz = bench("fuzz")
    logging.disable(logging.ERROR)  # every 5xx is in the report; the app's own log of it is noise here
    try:
        with fuzz.bench_app(tmp_path, os.environ.get("TEST_DATABASE_URL", ""), servers.SECRET_KEY) as (app, url):
            world = fuzz.build_world(app, SEED)
            report = fuzz.fuzz_in_process(app, world, IN_PROCESS, SEED)
            with servers.gunicorn_server(url, workers=1, log_path=tmp_path / "gunicorn.log") as server:
                fuzz.fuzz_gunicorn(server.url, app, world, AGAINST_GUNICORN, SEED + 1, report)
    finally:
        logging.disable(logging.NOTSET)
    summary = "\n".join(report.lines())
    assert report.sent == IN_PROCESS + AGAINST_GUNICORN
    assert not report.server_errors, summary
    assert report.rows_changed == 0, summary
    # Every family of routes was reached, and the deep requests got past the checks into the views.
    assert {"api", "ledger", "play", "club_play", "courses", "settings", "tally"} <= set(report.families), summary
    assert report.accepted_writes > 0, summary
