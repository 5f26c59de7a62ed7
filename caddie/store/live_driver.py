"""The thread that makes the live tables' computer moves, and a person's move when the turn clock
runs out, with no phone having to ask (``live_tables.play_due_and_next``).

Every process that serves the app runs one (``caddie.web.app.start_background`` starts it, with the
process's first request or, under gunicorn, when the worker boots); every process looks for due
moves, and a lease on the table keeps two from working out the same one. A move due while every
server was down is made by the first one back: it is in the database, not in a process.

Nobody at a table for a while (``live_tables.UNATTENDED``) pauses its computers: every request of
a person at their own seat (a page, its event stream, a poll, a move) says they are there
(``live_tables.seen``), and an onlooker's keeps a show going for a while after its last person
(``docs/live-tables.md``, "Nobody at the table").

A look costs a query, so the thread does not look on a fixed beat. When its own process stores a
table with a move due (``live_tables.DUE_SET``: the process a person's move came to is the one that
learns first that a computer is next), it learns when that move falls due without a query
(``live_tables.next_due_here``) and looks then; that process makes the move. Once a second it also
looks for moves another process stored that are overdue by ``live_tables.OTHERS_GRACE`` (that
process gone, or too busy): every driver chasing every move made two or three processes wake,
query and race for each computer's move (``bench/RESULTS.md``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any

from caddie.store.live_tables import DUE_SET, OTHERS_GRACE, Timing, next_due_here, play_due_and_next
from caddie.store.process_thread import ProcessThread

__all__ = ["LONGEST_WAIT", "SHORTEST_WAIT", "LiveDriver"]

LONGEST_WAIT = 1.0  # seconds between two looks for overdue moves, when this process learns of none
SHORTEST_WAIT = 0.02  # nor looks again sooner than this after a look that made no move
LOOK_LIMIT = 20  # moves made in one look at most; a look that made as many looks again at once

log = logging.getLogger(__name__)


class LiveDriver(ProcessThread):
    """One process's driver thread. ``context`` makes what each look at the database runs in (a
    Flask app's ``app_context``): the thread has no request of its own."""

    name = "live-driver"

    def __init__(self, timing: Timing, context: Callable[[], AbstractContextManager[Any]]) -> None:
        super().__init__()
        self.timing = timing
        self.context = context

    def _wake(self) -> None:
        DUE_SET.set()

    def look(self) -> int:
        """One look: the moves made."""
        with self.context():
            return play_due_and_next(self.timing, LOOK_LIMIT, others_grace=OTHERS_GRACE)[0]

    def _run(self) -> None:
        next_look = time.monotonic()  # the next look for other processes' overdue moves
        while not self._stopping.is_set():
            # Cleared before reading what is due: a table stored with a move due after this wakes the wait.
            DUE_SET.clear()
            due_here = next_due_here()
            if time.monotonic() >= next_look or (due_here is not None and due_here <= datetime.now(UTC)):
                try:
                    made = self.look()
                except Exception:  # a database hiccup or a bad table: log it and go on with the others
                    log.exception("playing the live tables' due moves failed")
                    made = 0
                next_look = time.monotonic() + LONGEST_WAIT
                if made >= LOOK_LIMIT:
                    continue
                wait = SHORTEST_WAIT  # then learn the moves the look itself stored as due
            else:
                wait = next_look - time.monotonic()
                if due_here is not None:
                    wait = min(wait, (due_here - datetime.now(UTC)).total_seconds())
            DUE_SET.wait(max(wait, SHORTEST_WAIT))
