"""Phones waiting for a live table to change, woken within a moment of any change on any server.

One thread per app process (the watcher) reads which tables changed (``live_tables.versions_since``,
one small query every ``INTERVAL`` seconds for all of them) and wakes the requests waiting on
those tables: a long poll of the API, or a page's event stream. The version is read from the
database, not passed between threads of one process, so a move made on another app server
reaches phones connected here just as soon (``docs/live-tables.md``, "Serving"). The thread starts
with the process (``caddie.web.app.start_background``) and reads only while someone waits: after
``IDLE`` seconds with nobody waiting it sleeps, with no query, until the next wait.

A waiting request holds a thread of its worker but nothing else: no database connection (``wait``
ends the caller's transaction itself before it waits), and no share of the threads quick requests
need, since ``WAITERS`` caps how many wait at once in a process
(``caddie/serving/gunicorn_conf.py`` gives each worker that many threads more).

Each wait names its client (a seat's token, a browser's identity: ``caddie.web.live.access``),
and one client holds at most ``PER_CLIENT`` of those places at once, so that nobody can take the
process's room from everyone else by opening streams (issue 38: 252 streams from one phone sent
every other phone back to asking every second). A client at its cap gets its own answer: an
event stream ends its own oldest wait to make room for the new one (a page reloaded leaves a
stream behind until the server next writes to it), a long poll is refused at once (429).
"""

from __future__ import annotations

import logging
import os
import threading
import time
from collections.abc import Callable
from contextlib import AbstractContextManager
from datetime import UTC, datetime, timedelta
from typing import Any, NamedTuple

from flask import has_app_context

from caddie.store.database import db
from caddie.store.live_tables import find, version_of, versions_since
from caddie.store.models import LiveTableRecord
from caddie.store.process_thread import ProcessThread

__all__ = ["IDLE", "INTERVAL", "PER_CLIENT", "WAITERS", "Changes", "Waited", "table_now"]

INTERVAL = 0.1  # seconds between two reads of what changed
IDLE = 5.0  # seconds with nobody waiting before the watcher stops reading (the next waiter wakes it)
OVERLAP = timedelta(seconds=2)  # read again what changed just before: a slow commit, another server's clock
_SET = os.environ.get("LIVE_WAITERS", "").strip()
WAITERS = int(_SET) if _SET.isdecimal() else 250  # waiting at once in one process, at most (gunicorn_conf)
PER_CLIENT = 4  # waiting at once for one client (LIVE_WAITERS_PER_CLIENT): a phone's page in a tab or two

log = logging.getLogger(__name__)


def _end_reads() -> None:
    """End the calling request's transaction, if it is in one: its connection goes back to the pool
    (hundreds of phones wait at once, and the pool is a handful of connections), and what it read
    is read again when next asked for. A page's event stream waits outside its request: nothing to end."""
    if has_app_context():
        db.session.rollback()


def table_now(public_id: str) -> LiveTableRecord | None:
    """The table as the database has it now, for the answer to a change that was refused: this
    request's reads end first, and the objects they loaded are read again (those a commit kept
    too), so it sees every change committed since."""
    _end_reads()
    db.session.expire_all()
    return find(public_id)


class Waited(NamedTuple):
    """What a wait came to: the table's version (``None``: no such table); whether it came back
    at once for want of room to wait in this process (``no_room``) or because its client already
    holds its share of it (``over_cap``); whether it ended early for its client's newer wait
    (``superseded``)."""

    version: int | None
    no_room: bool = False
    over_cap: bool = False
    superseded: bool = False


class Changes(ProcessThread):
    """The latest version of every table this process has heard of, and who waits for which; its
    thread (``start``) is the process's watcher."""

    name = "live-changes"

    def __init__(
        self,
        context: Callable[[], AbstractContextManager[Any]],
        interval: float = INTERVAL,
        idle: float = IDLE,
        per_client: int = PER_CLIENT,
    ) -> None:
        super().__init__()
        self.context = context  # what the watcher's reads run in (a Flask app's app_context)
        self.interval = interval
        self.idle = idle
        self.per_client = per_client
        self._versions: dict[str, int] = {}
        self._waiting: dict[str, dict[threading.Event, int]] = {}  # table -> waiter -> version it waits past
        self._clients: dict[str, list[threading.Event]] = {}  # client -> its waiters, the oldest first
        self._places: dict[threading.Event, tuple[str, str | None]] = {}  # waiter -> its table and client
        self._superseded: set[threading.Event] = set()  # waiters ended for their client's newer one
        self._count = 0
        self._wanted = threading.Event()  # someone waits: the watcher reads
        self._reading = False
        self._since = datetime.now(UTC) - OVERLAP

    # -- the watcher thread: it sleeps until someone waits --------------------------------------
    def _run(self) -> None:
        while not self._stopping.is_set():
            self._wanted.wait()  # set by the first waiter (or by stop)
            idle_since = time.monotonic()
            self._reading = True
            while not self._stopping.is_set():
                try:
                    self.read_once()
                except Exception:  # a database hiccup: log it, try again next time
                    log.exception("reading the live tables' changes failed")
                with self._lock:
                    if self._count:
                        idle_since = time.monotonic()
                    elif time.monotonic() - idle_since > self.idle:
                        # Nobody waits here: stop reading rather than poll the database for nothing.
                        self._reading = False
                        self._wanted.clear()
                        break
                self._stopping.wait(self.interval)
        self._reading = False

    @property
    def reading(self) -> bool:
        """Whether this process's watcher is reading the database (someone waits, or did lately)."""
        return self._reading and self.running

    def stop(self) -> None:
        super().stop()
        self._reading = False

    def _wake(self) -> None:
        self._wanted.set()

    def read_once(self) -> None:
        with self.context():
            changed = versions_since(self._since - OVERLAP)
        woken: list[threading.Event] = []
        with self._lock:
            for public_id, version, updated in changed:
                woken.extend(self._learn(public_id, version))
                if updated > self._since:
                    self._since = min(updated, datetime.now(UTC))
        for event in woken:
            event.set()

    def _learn(self, public_id: str, version: int) -> list[threading.Event]:
        """Note that the table is at ``version`` (under the lock); the waiters that are now behind.
        Whoever learns it, the reading thread or a new waiter that read it from the database, wakes
        them: a waiter that saw a newer version first must not swallow the others' wake-up."""
        if version <= self._versions.get(public_id, 0):
            return []
        self._versions[public_id] = version
        waiting = self._waiting.get(public_id, {})
        return [event for event, past in waiting.items() if past < version]

    # -- waiting ------------------------------------------------------------------------------
    def wait(
        self,
        public_id: str,
        version: int,
        timeout: float,
        current: int | None = None,
        client: str | None = None,
        end_oldest: bool = True,
    ) -> Waited:
        """Wait until the table is past ``version`` (or ``timeout`` seconds pass); its version then,
        as far as this process knows (``None``: no such table). Answers at once, with ``no_room``,
        when ``WAITERS`` already wait here. ``current``: the version the caller has just read from
        the database, which spares reading it again.

        ``client``: who waits (``None``: nobody in particular, uncapped). When that client holds
        ``per_client`` waits already, or the process is full and it holds any, ``end_oldest`` ends
        its own oldest wait (``superseded``) to make room for this one; else this one answers at
        once with ``over_cap`` (past its own cap only). Either way no other client loses a place.

        The calling request's transaction ends first, so that it waits with no database
        connection: whatever it loaded is read again when next asked for."""
        _end_reads()
        if current is None:
            with self.context():
                current = version_of(public_id)
        if current is None:
            return Waited(None)
        event = threading.Event()
        registered = over_cap = False
        with self._lock:
            behind = self._learn(public_id, current)
            known = self._versions.get(public_id, current)
            if known <= version:
                held = self._clients.get(client, []) if client is not None else []
                at_cap = client is not None and len(held) >= self.per_client
                if at_cap and not end_oldest:
                    over_cap = True
                elif held and (at_cap or self._count >= WAITERS):
                    oldest = held[0]
                    self._forget(oldest)
                    self._superseded.add(oldest)
                    behind.append(oldest)
                if not over_cap and self._count < WAITERS:
                    registered = True
                    self._count += 1
                    self._waiting.setdefault(public_id, {})[event] = version
                    self._places[event] = (public_id, client)
                    if client is not None:
                        self._clients.setdefault(client, []).append(event)
                    self._wanted.set()  # under the lock: a watcher about to sleep sees this waiter
        for other in behind:
            other.set()
        if not registered:
            return Waited(known, no_room=known <= version and not over_cap, over_cap=over_cap)
        try:
            event.wait(timeout)
        finally:
            with self._lock:
                self._forget(event)
                superseded = event in self._superseded
                self._superseded.discard(event)
        with self._lock:
            return Waited(self._versions.get(public_id, current), superseded=superseded)

    def _forget(self, event: threading.Event) -> None:
        """Take a waiter out of the count and the lists (under the lock); once only."""
        place = self._places.pop(event, None)
        if place is None:
            return
        public_id, client = place
        self._count -= 1
        waiting = self._waiting[public_id]
        del waiting[event]
        if not waiting:
            del self._waiting[public_id]
        if client is not None:
            held = self._clients[client]
            held.remove(event)
            if not held:
                del self._clients[client]
