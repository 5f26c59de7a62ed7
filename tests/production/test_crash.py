"""bench/crash.py, shortened: gunicorn is killed (SIGKILL, master and workers) four times mid-game.

A Grid Golf match, a Club Cards round, a live Grid Golf table (two phones
with their seat tokens and a computer) and a ledger round are played to the
end through a server killed at random moments and started again on the same
database (a SQLite file, or a schema of its own in ``TEST_DATABASE_URL``'s
PostgreSQL): no acknowledged move or score is lost, the write in flight at a
kill happened completely or not at all, and both games finish with every
hole in their ledger rounds; both phones keep their seats through every restart.
"""

from __future__ import annotations

import os

import pytest

from tests.production import servers
from tests.production.test_fuzz import bench

KILLS = 4


def test_killed_servers_lose_no_acknowledged_move_or_score(tmp_path):
    if not servers.GUNICORN.exists():
        pytest.skip("gunicorn is not installed in this environment")
    crash = bench("crash")
    figures = crash.run(
        os.environ.get("TEST_DATABASE_URL") or None,
        kills=KILLS,
        seed=int(os.environ.get("CRASH_SEED", "3")),
        cards=4,
        directory=tmp_path,
        log=lambda line: None,
    )
    summary = "\n".join(crash.report_lines(figures))
    assert figures["kills"] >= KILLS, summary
    assert figures["lost"] == 0 and figures["partial"] == 0, summary
    assert figures["finished"] and figures["ledgers_complete"], summary
    assert figures["unexpected"] == [], summary
