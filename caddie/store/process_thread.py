"""A thread each process runs once, for as long as it lives: the live tables' driver
(``caddie.store.live_driver``) and their change watcher (``caddie.store.live_changes``).

``start`` is cheap once the thread runs (a look at the process id), so that whoever starts the
process's threads may ask again at every request; a process forked from one that ran the thread
starts its own (a fork keeps no thread but the one that forked).
"""

from __future__ import annotations

import os
import threading

__all__ = ["ProcessThread"]


class ProcessThread:
    """``_run`` in a daemon thread named ``name``, once per process; it returns once ``_stopping``
    is set (``stop``), which ``_wake`` makes it notice."""

    name = "process-thread"

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pid: int | None = None  # the process whose thread runs, if one does
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()

    def start(self) -> None:
        """Start this process's thread unless it runs."""
        if self._pid == os.getpid():
            return
        with self._lock:
            if self._pid == os.getpid():
                return
            self._pid = os.getpid()
            self._stopping.clear()
            self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
            self._thread.start()

    @property
    def running(self) -> bool:
        """Whether this process's thread runs."""
        thread = self._thread
        return self._pid == os.getpid() and thread is not None and thread.is_alive()

    def stop(self) -> None:
        """Stop the thread and wait for it (an app being torn down, as in the tests)."""
        self._stopping.set()
        self._wake()
        thread = self._thread
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5)
        with self._lock:
            self._pid = None

    def _wake(self) -> None:
        """Make a waiting ``_run`` look at ``_stopping`` now."""

    def _run(self) -> None:
        raise NotImplementedError
