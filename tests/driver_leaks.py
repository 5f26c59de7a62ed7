"""The check that no test leaves a live driver thread running, autouse wherever a test builds an
app with the route tests' fixtures: tests/web, tests/store, tests/offload and tests/serving import
it into their conftest.py. (Not tests/browser: its live server keeps its driver for the session.)"""

from __future__ import annotations

import threading

import pytest


@pytest.fixture(autouse=True)
def no_driver_outlives_its_test():
    """A route test's app makes no computer move by itself (LIVE_DRIVER is off under TESTING). An
    app that serves a request with the driver on starts a thread that outlives the test: in the
    PostgreSQL run, where one test process's tests share a schema, it would make the computers'
    moves of the tests after it. Such a test stops its driver (or leaves it off); this says which
    test did not. (A browser test's server, in the same process, keeps its driver for the whole
    session: only a thread this test started counts.)"""
    before = set(_live_drivers())
    yield
    leaked = [thread for thread in _live_drivers() if thread not in before]
    assert not leaked, "this test left a live driver or reviewer thread running: stop it, or set LIVE_DRIVER to False"


def _live_drivers() -> list[threading.Thread]:
    return [
        thread
        for thread in threading.enumerate()
        if thread.name in ("live-driver", "hole-reviewer") and thread.is_alive()
    ]
