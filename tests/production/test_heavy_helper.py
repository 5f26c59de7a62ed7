"""The heavy-work helpers under gunicorn: one helper per worker, started by
``caddie.serving.gunicorn_conf`` at its worker's priority, or lower through the deployment's
``HEAVY_WORK_PYTHON``; a killed helper costs no request; ``HEAVY_WORK_HELPER=false`` starts none; the
app changes no process's priority, ``SERVER_NICE`` or not.

Processes are found through /proc: a worker is a child of the master, its helper
is a child of the worker started by multiprocessing's ``spawn_main`` (a worker's
other child, multiprocessing's resource tracker, is not a helper).
"""

from __future__ import annotations

import json
import os
import signal
import sys
import time
import urllib.request
from pathlib import Path

GRID = "/api/v1/caddie/grid"
VIEW = {"grid": ["K", None, None, "K", "5", None], "discard": "5", "preset": "standard"}


def children(pid: int) -> list[int]:
    found: list[int] = []
    for task in Path(f"/proc/{pid}/task").glob("*/children"):
        try:
            found += [int(child) for child in task.read_text().split()]
        except FileNotFoundError:  # a thread that just ended
            pass
    return sorted(found)


def helpers_of(worker: int) -> list[int]:
    def is_helper(pid: int) -> bool:
        try:
            return b"multiprocessing.spawn" in Path(f"/proc/{pid}/cmdline").read_bytes()
        except FileNotFoundError:
            return False

    return [pid for pid in children(worker) if is_helper(pid)]


def helpers_at(server, lower: int = 0) -> dict[int, list[int]]:
    """Each worker's helpers, once every worker has one, ``lower`` below the worker (or after 30 s):
    a worker may still be starting its helper when the server first answers."""
    deadline = time.monotonic() + 30
    while True:
        helpers = {worker: helpers_of(worker) for worker in children(server.process.pid)}
        settled = len(helpers) == server.workers and all(
            len(pids) == 1 and priority(pids[0]) == min(priority(worker) + lower, 19)
            for worker, pids in helpers.items()
        )
        if settled or time.monotonic() > deadline:
            return helpers
        time.sleep(0.1)


def priority(pid: int) -> int:
    return os.getpriority(os.PRIO_PROCESS, pid)


def ask_the_caddie(server) -> dict:
    """One grid advice on a connection of its own (a kept-alive one would stay with one worker);
    a failure carries the server's log, which says what happened to the worker."""
    request = urllib.request.Request(
        server.url + GRID,
        data=json.dumps(VIEW).encode(),
        method="POST",
        headers={"Content-Type": "application/json", "Connection": "close"},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            assert response.status == 200
            return json.loads(response.read())
    except OSError as err:
        raise AssertionError(f"the caddie request failed ({err!r}); the server's log:\n{server.log()}") from err


def test_each_worker_has_a_helper_at_its_own_priority_and_survives_losing_it(database_url, start_server):
    own = priority(0)
    server = start_server(database_url, workers=2)
    helpers = helpers_at(server)
    assert len(helpers) == 2, helpers
    for worker, pids in helpers.items():
        assert len(pids) == 1, f"worker {worker} has helpers {pids}"
        # the app changes no priority and starts no session: the deployment's settings hold for all
        assert priority(worker) == priority(pids[0]) == own
        assert os.getsid(pids[0]) == os.getsid(worker) == server.process.pid
    assert ask_the_caddie(server)["action"] in ("take_discard", "draw")

    worker, [killed] = next(iter(helpers.items()))
    os.kill(killed, signal.SIGKILL)
    # Until that worker has served a heavy request and so started another helper: the kernel
    # hands connections to either worker, sometimes to the same one twenty times in a row.
    deadline = time.monotonic() + 30
    while helpers_of(worker) in ([], [killed]) and time.monotonic() < deadline:
        assert ask_the_caddie(server)["action"] in ("take_discard", "draw")
    assert sorted(children(server.process.pid)) == sorted(helpers), "no worker was lost"
    replaced = helpers_at(server)[worker]
    assert len(replaced) == 1 and replaced != [killed]
    assert "Traceback" not in server.log(), server.log()


def test_no_helpers_when_heavy_work_helper_is_false(database_url, start_server):
    server = start_server(database_url, workers=2, extra_env={"HEAVY_WORK_HELPER": "false"})
    for _ in range(4):
        assert ask_the_caddie(server)["action"] in ("take_discard", "draw")
    workers = children(server.process.pid)
    assert len(workers) == 2
    assert {worker: helpers_of(worker) for worker in workers} == {worker: [] for worker in workers}
    assert "Traceback" not in server.log(), server.log()


def test_heavy_work_python_starts_every_helper_lower_and_server_nice_is_not_read(database_url, start_server, tmp_path):
    """The deployment's wrapper (docs/production.md, "Priorities") puts each worker's helper 10 below
    it; a ``SERVER_NICE`` left over from before lowers nothing, and the server says so."""
    wrapper = tmp_path / "helper-python"
    wrapper.write_text(f'#!/bin/sh\nexec nice -n 10 "{sys.executable}" "$@"\n')
    wrapper.chmod(0o755)
    own = priority(0)
    server = start_server(database_url, workers=2, extra_env={"HEAVY_WORK_PYTHON": str(wrapper), "SERVER_NICE": "10"})
    assert priority(server.process.pid) == own
    helpers = helpers_at(server, lower=10)
    assert len(helpers) == 2, helpers
    for worker, pids in helpers.items():
        assert priority(worker) == own
        assert len(pids) == 1 and priority(pids[0]) == min(own + 10, 19)
    assert ask_the_caddie(server)["action"] in ("take_discard", "draw")
    assert "SERVER_NICE is no longer read" in server.log()
    assert "Traceback" not in server.log(), server.log()
