"""The thread that makes the live tables' computer moves, and a person's move when the turn clock
runs out, with no phone having to ask (``store.live_tables.play_due``).

Each app process runs one, started when its worker boots (``caddie/serving/gunicorn_conf.py``)
or with the first live-table request; every process looks for due moves, and a lease on the
table keeps two from working out the same one. A move due while every server was down is
made by the first one back: it is in the database, not in a process.

Nobody at a table for a while (``live_tables.UNATTENDED``) pauses its computers: every request of
a person at their own seat (``present``: a page, its event stream, a poll, a move) says they are
there, and an onlooker's keeps a show going for a while after its last person
(``docs/live-tables.md``, "Nobody at the table").

A look costs a query, so the thread does not look on a fixed beat: it looks at once when its own
process stores a table with a move due (``live_tables.DUE_SET``: the process a person's move
came to is the one that learns first that a computer is next), then at the earliest due time it
has read, and in any case once a second, for moves due on tables another server changed.
"""

from __future__ import annotations

import logging
import os
import threading
from datetime import UTC, datetime, timedelta

from flask import Flask

from caddie.core.live.table import LiveTable
from caddie.store.live_tables import COMPUTER_PAUSE, DUE_SET, UNATTENDED, Timing, play_due_and_next, seen
from caddie.store.models import LiveTableRecord

__all__ = ["ensure_driver", "present", "timing_for"]

LONGEST_WAIT = 1.0  # seconds between two looks for due moves, when this process learns of none
SHORTEST_WAIT = 0.02  # nor looks again sooner than this after a look that made no move

log = logging.getLogger(__name__)
_started: dict[int, int] = {}  # id(app) -> the process that started its thread
_lock = threading.Lock()


def timing_for(app: Flask) -> Timing:
    """How long computers pause before moving (``LIVE_COMPUTER_PAUSE_S``; 0 in tests), and how long
    they play on at a table nobody is at (``LIVE_UNATTENDED_S``)."""
    seconds = app.config.get("LIVE_COMPUTER_PAUSE_S")
    alone = app.config.get("LIVE_UNATTENDED_S")
    return Timing(
        COMPUTER_PAUSE if seconds is None else timedelta(seconds=float(seconds)),
        UNATTENDED if alone is None else timedelta(seconds=float(alone)),
    )


def present(app: Flask, row: LiveTableRecord, table: LiveTable, held: list[int] | None) -> None:
    """Someone asked for the table: the seats ``held`` (``None``: an onlooker). A person counts
    only at a seat they play themselves; one whose seat a computer plays for them counts as an
    onlooker, so that nobody keeps a table of computers playing by leaving a page open."""
    person = held is not None and any(table.places[seat].level is None for seat in held)
    seen(row, person, timing_for(app))


def ensure_driver(app: Flask) -> None:
    """Start this process's driver thread for ``app`` unless it runs, or ``LIVE_DRIVER`` is off
    (route tests call ``play_due`` themselves)."""
    if not app.config.get("LIVE_DRIVER", True):
        return
    key = id(app)
    if _started.get(key) == os.getpid():
        return
    with _lock:
        if _started.get(key) == os.getpid():
            return
        _started[key] = os.getpid()
        threading.Thread(target=_run, args=(app,), name="live-driver", daemon=True).start()


def _run(app: Flask) -> None:
    timing = timing_for(app)
    while True:
        try:
            with app.app_context():
                made, next_due = play_due_and_next(timing)
        except Exception:  # a database hiccup or a bad table: log it and go on with the others
            log.exception("playing the live tables' due moves failed")
            made, next_due = 0, None
        if made:
            continue
        wait = LONGEST_WAIT
        if next_due is not None:
            wait = min(wait, (next_due - datetime.now(UTC)).total_seconds())
        # Cleared before the next look: a table stored with a move due after this wakes it again.
        DUE_SET.wait(max(wait, SHORTEST_WAIT))
        DUE_SET.clear()
