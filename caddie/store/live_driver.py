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

A look costs a query, so the thread does not look on a fixed beat: it looks at once when its own
process stores a table with a move due (``live_tables.DUE_SET``: the process a person's move
came to is the one that learns first that a computer is next), then at the earliest due time it
has read, and in any case once a second, for moves due on tables another server changed.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from typing import Any

from caddie.store.live_tables import DUE_SET, Timing, play_due_and_next
from caddie.store.process_thread import ProcessThread

__all__ = ["LONGEST_WAIT", "SHORTEST_WAIT", "LiveDriver"]

LONGEST_WAIT = 1.0  # seconds between two looks for due moves, when this process learns of none
SHORTEST_WAIT = 0.02  # nor looks again sooner than this after a look that made no move

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

    def look(self) -> tuple[int, datetime | None]:
        """One look: the moves made, and when the next one not yet due is due."""
        with self.context():
            return play_due_and_next(self.timing)

    def _run(self) -> None:
        while not self._stopping.is_set():
            try:
                made, next_due = self.look()
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
