"""CPU-heavy work (a caddie decision, a computer's move, a hole's review) away from quick requests.

A caddie decision or a hole's review costs 10 ms to a second of CPU; a tally or
a score about one. Run on a server thread, heavy work holds the worker's
interpreter lock for 5 ms at a time, and a quick request on another thread
waits that long again at every step that lets the lock go (reading the
request, each database round trip, writing the answer): a 1 ms tally came back
in 50 to 100 ms while a simulation ran beside it.

So under gunicorn each worker hands its heavy work to a helper process of its
own (``start_helper``, from ``caddie.serving.gunicorn_conf``): the worker's threads
only wait for its answer, without holding their lock. One helper per worker runs
one computation at a time; others queue for it. The app does not change any
process's priority: a deployment that wants the kernel to let a quick request go
first whenever it and a simulation want a core at the same moment starts the
helpers lower, through ``HEAVY_WORK_PYTHON`` (docs/production.md, "Priorities").

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
import multiprocessing.spawn
import os
import signal
import sys
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

T = TypeVar("T")

log = logging.getLogger(__name__)

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


def start_helper() -> None:
    """Give this process a helper process for its heavy work, started now so that the first
    request does not wait for it. Call it in the process that serves requests (after a fork).

    The helper runs ``HEAVY_WORK_PYTHON`` when the environment names one (a deployment's wrapper
    that starts this Python at a lower priority, such as ``exec nice -n 10 .venv/bin/python "$@"``),
    else this process's own Python."""
    global _helper, _helper_owner
    with _helper_lock:
        if _helper is not None and _helper_owner == os.getpid():
            return
        # spawn, not fork: a fresh interpreter, not a copy of a process with threads and
        # database connections
        context = multiprocessing.get_context("spawn")
        _helper = ProcessPoolExecutor(
            max_workers=1,
            mp_context=context,
            initializer=_helper_started,
            initargs=(os.getpid(),),
        )
        _helper_owner = os.getpid()
        helper = _helper
        # The pool starts its process on the first submit, with the program spawn is set to then;
        # that setting is the whole process's, so it is put back at once.
        before = multiprocessing.spawn.get_executable()
        context.set_executable(helper_python())
        try:
            warmed = helper.submit(_warm_up)
        finally:
            context.set_executable(before)
    try:
        warmed.result()
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


def helper_python() -> str:
    """The program a helper is started with: ``HEAVY_WORK_PYTHON``, else this process's Python."""
    return os.environ.get("HEAVY_WORK_PYTHON", "").strip() or sys.executable


def _helper_started(parent: int) -> None:
    """In the helper: end it when the worker that started it is gone (a killed worker cannot tell
    it to stop), and leave Ctrl+C to its server, whose process group it shares: the worker stops
    it as it exits."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    threading.Thread(target=_exit_when_orphaned, args=(parent,), name="orphan-watch", daemon=True).start()


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
