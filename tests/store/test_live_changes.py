"""The process's watcher of live tables: it wakes a waiting request when its table changes, and
stops reading the database once nobody waits (docs/live-tables.md, "Serving"). Its thread starts
with the process that serves the app, never from a view."""

from __future__ import annotations

import threading
import time

from caddie.store import live_tables as store
from caddie.store.live_changes import Changes, Waited
from caddie.web.live.changes import STREAM_SPREAD, stream_lifetime

SIX = {"rules": {"cards": 4, "initial_flips": 0, "holes": 9}}


def _watcher(app, interval: float, idle: float) -> Changes:
    changes = Changes(app.app_context, interval=interval, idle=idle)
    changes.start()
    return changes


def test_a_waiter_wakes_when_its_table_changes_and_the_reader_stops_when_idle(app):
    with app.app_context():
        row, _ = store.create("host-browser", "grid", SIX, [{"kind": "person"}, {"kind": "person"}], "Ann", None)
        public_id, version = row.public_id, row.version
    changes = _watcher(app, interval=0.02, idle=0.2)
    answers: list[int | None] = []
    waiter = threading.Thread(target=lambda: answers.append(changes.wait(public_id, version, 10.0).version))
    started = time.monotonic()
    waiter.start()
    time.sleep(0.1)
    assert changes.reading and waiter.is_alive()
    with app.app_context():
        store.join(store.find(public_id), "Bob")
    waiter.join(timeout=5)
    assert answers == [version + 1]
    assert time.monotonic() - started < 2  # woken by the change, not by the timeout
    deadline = time.monotonic() + 3
    while changes.reading and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not changes.reading  # nobody waits: no more queries
    assert changes.running  # asleep until the next waiter, not gone
    changes.stop()


def test_a_waiter_on_a_table_already_past_its_version_is_answered_at_once(app):
    with app.app_context():
        row, _ = store.create("host-browser", "grid", SIX, [{"kind": "person"}, {"kind": "person"}], "Ann", None)
        public_id, version = row.public_id, row.version
    changes = _watcher(app, interval=0.02, idle=0.2)
    assert changes.wait(public_id, 0, 10.0) == Waited(version, no_room=False)
    assert changes.wait("no-such-table", 0, 10.0).version is None
    assert not changes.reading  # nothing waited, so the watcher read nothing
    changes.stop()


def test_a_waiter_that_reads_a_newer_version_first_wakes_those_still_behind(app):
    # The mover's own phone asks for the next change before this process's reader has seen its
    # move: it learns the new version from the database, and must wake the others on the way.
    with app.app_context():
        row, _ = store.create("host-browser", "grid", SIX, [{"kind": "person"}, {"kind": "person"}], "Ann", None)
        public_id, version = row.public_id, row.version
    changes = _watcher(app, interval=60.0, idle=60.0)  # the reader reads once, then not for a minute
    answers: list[int | None] = []
    behind = threading.Thread(target=lambda: answers.append(changes.wait(public_id, version, 20.0).version))
    behind.start()
    time.sleep(0.2)
    with app.app_context():
        store.join(store.find(public_id), "Bob")
    started = time.monotonic()
    assert changes.wait(public_id, version + 1, 0.2).version == version + 1  # the mover's next wait
    behind.join(timeout=5)
    assert answers == [version + 1]
    assert time.monotonic() - started < 2  # woken by the mover's phone, not the reader or the timeout
    changes.stop()
    assert not changes.reading


def test_streams_opened_together_do_not_all_end_together():
    """Each event stream ends a little early, at random, so that the streams of every phone
    opened at one moment (after a restart) do not all come back at one moment, over and over."""
    lifetimes = [stream_lifetime(50.0) for _ in range(200)]
    assert all(50.0 * (1 - STREAM_SPREAD) <= each <= 50.0 for each in lifetimes)
    assert max(lifetimes) - min(lifetimes) > 50.0 * STREAM_SPREAD / 2  # spread, not one moment
