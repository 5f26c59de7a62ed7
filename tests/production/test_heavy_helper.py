"""The heavy-work helpers under gunicorn: one niced helper per worker, started by
``caddie.serving.gunicorn_conf``; a killed helper costs no request; ``HEAVY_WORK_HELPER=false`` starts none.

Processes are found through /proc: a worker is a child of the master, its helper
is a child of the worker started by multiprocessing's ``spawn_main`` (a worker's
other child, multiprocessing's resource tracker, is not a helper).
"""

from __future__ import annotations

import json
import os
import signal
import time
import urllib.request
from pathlib import Path

from caddie.offload.heavy_work import HELPER_NICE

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


def helper_nice(worker: int) -> int:
    """The niceness a worker's helper should have: the worker's (0, unless the tests run niced) plus 10."""
    return min(os.getpriority(os.PRIO_PROCESS, worker) + HELPER_NICE, 19)


def autogroups_on() -> bool:
    """Whether the kernel shares the cores between sessions first (Linux's autogroups)."""
    enabled = Path("/proc/sys/kernel/sched_autogroup_enabled")
    return enabled.exists() and enabled.read_text().strip() == "1" and Path("/proc/self/autogroup").exists()


def niced_helpers(server) -> dict[int, list[int]]:
    """Each worker's helpers, once every worker has one at the helper's priority (or after 30 s):
    a worker may still be starting its helper when the server first answers."""
    deadline = time.monotonic() + 30
    while True:
        helpers = {worker: helpers_of(worker) for worker in children(server.process.pid)}
        settled = len(helpers) == server.workers and all(
            len(pids) == 1 and os.getpriority(os.PRIO_PROCESS, pids[0]) == helper_nice(worker)
            for worker, pids in helpers.items()
        )
        if settled or time.monotonic() > deadline:
            return helpers
        time.sleep(0.1)


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


def test_each_worker_has_a_niced_helper_and_survives_losing_it(database_url, start_server):
    server = start_server(database_url, workers=2)
    helpers = niced_helpers(server)
    assert len(helpers) == 2, helpers
    for worker, pids in helpers.items():
        assert len(pids) == 1, f"worker {worker} has helpers {pids}"
        assert os.getpriority(os.PRIO_PROCESS, pids[0]) == helper_nice(worker)  # 10 when the tests run at 0
        autogroup = Path(f"/proc/{pids[0]}/autogroup")
        if autogroups_on():  # the helper leads a session of its own, 10 below its server's
            assert os.getsid(pids[0]) == pids[0] != os.getsid(worker)
            server_nice = int(Path(f"/proc/{worker}/autogroup").read_text().split()[-1])
            assert int(autogroup.read_text().split()[-1]) == min(server_nice + 10, 19), autogroup.read_text()
    assert ask_the_caddie(server)["action"] in ("take_discard", "draw")

    worker, [killed] = next(iter(helpers.items()))
    os.kill(killed, signal.SIGKILL)
    # Until that worker has served a heavy request and so started another helper: the kernel
    # hands connections to either worker, sometimes to the same one twenty times in a row.
    deadline = time.monotonic() + 30
    while helpers_of(worker) in ([], [killed]) and time.monotonic() < deadline:
        assert ask_the_caddie(server)["action"] in ("take_discard", "draw")
    assert sorted(children(server.process.pid)) == sorted(helpers), "no worker was lost"
    replaced = niced_helpers(server)[worker]
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


def test_server_nice_lowers_the_master_its_workers_their_helpers_and_its_session(database_url, start_server):
    """SERVER_NICE=10 (a server for the live tables' phones beside one for the pages): every process
    of the server is 10 below the test's own priority, and so is its session's autogroup, without
    which the niceness would count only against the server's own processes."""
    own = os.getpriority(os.PRIO_PROCESS, 0)
    server = start_server(database_url, workers=2, extra_env={"SERVER_NICE": "10"})
    master = server.process.pid
    assert os.getpriority(os.PRIO_PROCESS, master) == min(own + 10, 19)
    helpers = niced_helpers(server)
    assert len(helpers) == 2, helpers
    for worker, pids in helpers.items():
        assert os.getpriority(os.PRIO_PROCESS, worker) == min(own + 10, 19)
        assert os.getpriority(os.PRIO_PROCESS, pids[0]) == min(own + 20, 19)
    autogroup = Path(f"/proc/{master}/autogroup")
    if autogroups_on():  # the server leads a session of its own here (tests/production/servers.py)
        assert autogroup.read_text().split()[-1] == "10", autogroup.read_text()
        for pids in helpers.values():  # and each helper one of its own, 10 below the server's
            assert Path(f"/proc/{pids[0]}/autogroup").read_text().split()[-1] == "19"
    assert ask_the_caddie(server)["action"] in ("take_discard", "draw")
    assert "Traceback" not in server.log(), server.log()
