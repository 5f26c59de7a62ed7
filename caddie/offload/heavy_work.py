"""CPU-heavy work (a caddie decision, a computer's move, a hole's review) away from quick requests.

A caddie decision or a hole's review costs 10 ms to a second of CPU; a tally or
a score about one. Run on a server thread, heavy work holds the worker's
interpreter lock for 5 ms at a time, and a quick request on another thread
waits that long again at every step that lets the lock go (reading the
request, each database round trip, writing the answer): a 1 ms tally came back
in 50 to 100 ms while a simulation ran beside it.

So under gunicorn each worker hands its heavy work to a helper process of its
own (``start_helper``, from ``caddie.serving.gunicorn_conf``), which runs at a lower
priority (``nice``): the worker's threads only wait for its answer, without
holding their lock, and whenever a quick request and a simulation want a core
at the same moment the kernel lets the quick one go first. One helper per
worker runs one computation at a time; others queue for it.

Without a helper (the development server, the tests, a helper that died) the
work runs on the calling thread, one computation at a time per process, so a
quick request competes with at most one of them.

The functions sent to the helper and everything they take and give back must
pickle: module-level functions of ``caddie.core`` and ``caddie.core.grid.advisor``, and
plain values. They must not count on changing their arguments in place.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

T = TypeVar("T")

log = logging.getLogger(__name__)

HELPER_NICE = 10  # CPU weight about a tenth of a request thread's when both want a core
_slot = threading.BoundedSemaphore(1)
_helper: ProcessPoolExecutor | None = None
_helper_owner = 0  # the pid that started it: a forked child must not use its parent's helper
_helper_lock = threading.Lock()


def run_heavy(function: Callable[..., T], *args, **kwargs) -> T:
    """``function(*args, **kwargs)``, in this process's helper if it has one, else here once no
    other heavy work runs in this process. Exceptions come back as ``function`` raised them.

    >>> run_heavy(sum, [1, 2, 3])
    6
    """
    helper = _helper if _helper_owner == os.getpid() else None
    if helper is not None:
        try:
            # Submitting to a pool whose process just died can fail with more than
            # BrokenProcessPool (its wake-up pipe may be closing): any failure to submit
            # means the same. An exception ``function`` raised comes from result().
            future = helper.submit(function, *args, **kwargs)
        except Exception:
            future = None
        try:
            if future is not None:
                return future.result()
        except BrokenProcessPool:
            pass
        log.warning("the heavy-work helper died; starting another, and running this here")
        _restart_helper(helper)
    with _slot:
        return function(*args, **kwargs)


def start_helper(nice: int = HELPER_NICE) -> None:
    """Give this process a helper process for its heavy work, started now so that the first
    request does not wait for it. Call it in the process that serves requests (after a fork)."""
    global _helper, _helper_owner
    with _helper_lock:
        if _helper is not None and _helper_owner == os.getpid():
            return
        # spawn, not fork: a fresh interpreter, not a copy of a process with threads and
        # database connections
        _helper = ProcessPoolExecutor(
            max_workers=1,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_helper_started,
            initargs=(nice, os.getpid()),
        )
        _helper_owner = os.getpid()
        helper = _helper
    try:
        helper.submit(_warm_up).result()
    except BrokenProcessPool:
        # it died while starting (killed, out of memory): the worker serves on all the same, or
        # gunicorn would take a worker that failed to boot as a reason to stop the whole server;
        # the next heavy request finds the pool broken and starts another (``run_heavy``)
        log.warning("the heavy-work helper died while starting; the next heavy request starts another")


def stop_helper() -> None:
    """Stop this process's helper (waiting for the work it has)."""
    global _helper
    with _helper_lock:
        helper, _helper = (_helper, None) if _helper_owner == os.getpid() else (None, _helper)
    if helper is not None:
        helper.shutdown(wait=True)


def _restart_helper(broken: ProcessPoolExecutor) -> None:
    global _helper
    with _helper_lock:
        if _helper is not broken:
            return  # another thread did it
        _helper = None
    broken.shutdown(wait=False)
    try:
        start_helper()
    except Exception:  # pragma: no cover - the machine cannot start a process: heavy work runs here
        log.exception("could not start a heavy-work helper; heavy work runs on the request threads")


def _helper_started(nice: int, parent: int) -> None:
    """In the helper: lower its priority, and end it when the worker that started it is gone
    (a killed worker cannot tell it to stop)."""
    os.nice(nice)
    _own_autogroup(nice)
    threading.Thread(target=_exit_when_orphaned, args=(parent,), name="orphan-watch", daemon=True).start()


AUTOGROUP = "/proc/self/autogroup"
AUTOGROUP_ENABLED = "/proc/sys/kernel/sched_autogroup_enabled"


def _own_autogroup(nice: int) -> None:
    """With the kernel's autogroups, a niceness counts only against the processes of one's own
    session, and the kernel first shares the cores between sessions: a helper in its server's
    session takes the whole server's share. So the helper leads a session of its own, ``nice``
    below its server's, and the server's quick requests, and any other server of this machine
    (the live tables' one, docs/production.md), come before it."""
    try:
        with open(AUTOGROUP_ENABLED) as handle:
            enabled = handle.read().strip() == "1"
        if not enabled or not os.access(AUTOGROUP, os.W_OK):
            return  # a session of its own would then only lift the helper to its server's level
        with open(AUTOGROUP) as handle:  # "/autogroup-12 nice 0": the server's session's niceness
            server_nice = int(handle.read().split()[-1])
        os.setsid()
        with open(AUTOGROUP, "w") as handle:
            handle.write(f"{min(server_nice + nice, 19)}\n")
    except (OSError, ValueError, IndexError):  # no autogroups here: the process's niceness is all there is
        pass


def _exit_when_orphaned(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1)
    os._exit(0)


def _warm_up() -> int:
    """Import what heavy work uses, so that the first real request does not pay for it."""
    import caddie.core.clubs.caddie
    import caddie.core.clubs.opponents
    import caddie.core.grid.advisor
    import caddie.core.grid.players
    import caddie.core.grid.review  # noqa: F401

    return os.getpid()
