"""``caddie.offload.heavy_work``: heavy work inline without a helper, in a helper process with one (at
this process's priority, or at the one ``HEAVY_WORK_PYTHON`` starts it at), errors and answers the same
either way, a killed helper replaced, an orphaned helper gone."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from caddie.core.errors import CaddieError
from caddie.core.grid.advisor import advise
from caddie.offload.heavy_work import run_heavy, start_helper, stop_helper

ROOT = Path(__file__).resolve().parents[2]
VIEW = {"grid": ["K", None, None, "K", "5", None], "discard": "5", "preset": "standard"}


@pytest.fixture
def helper():
    """A helper for this process, stopped afterwards (also when a test replaced it)."""
    start_helper()
    yield
    stop_helper()


def gone(pid: int) -> bool:
    """No such process, or only a zombie of it left (its new parent may never reap it)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except FileNotFoundError:
        return True
    return any(line.startswith("State:") and "Z" in line.split()[1] for line in status.splitlines())


def wait_until_gone(pid: int, timeout: float = 10) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if gone(pid):
            return True
        time.sleep(0.1)
    return gone(pid)


def test_without_a_helper_the_work_runs_in_this_process():
    assert run_heavy(os.getpid) == os.getpid()
    assert run_heavy(sum, [1, 2, 3]) == 6


def test_a_helper_runs_the_work_in_another_process_at_this_ones_priority(helper):
    # the app changes no process's priority: that is the deployment's (docs/production.md, "Priorities")
    assert run_heavy(os.getpid) != os.getpid()
    assert run_heavy(os.getpriority, os.PRIO_PROCESS, 0) == os.getpriority(os.PRIO_PROCESS, 0)
    assert run_heavy(os.getsid, 0) == os.getsid(0)


def nice_python(folder: Path) -> Path:
    """A deployment's HEAVY_WORK_PYTHON: this Python, 10 below whoever starts it (docs/production.md)."""
    wrapper = folder / "helper-python"
    wrapper.write_text(f'#!/bin/sh\nexec nice -n 10 "{sys.executable}" "$@"\n')
    wrapper.chmod(0o755)
    return wrapper


def test_heavy_work_python_starts_the_helper_with_the_deployments_program(tmp_path, monkeypatch):
    monkeypatch.setenv("HEAVY_WORK_PYTHON", str(nice_python(tmp_path)))
    mine = os.getpriority(os.PRIO_PROCESS, 0)
    start_helper()
    try:
        assert run_heavy(os.getpriority, os.PRIO_PROCESS, 0) == min(mine + 10, 19)
        assert run_heavy(advise, VIEW) == advise(VIEW)
    finally:
        stop_helper()
    assert os.getpriority(os.PRIO_PROCESS, 0) == mine, "only the helper runs lower"


def test_a_caddie_error_in_the_helper_comes_back_with_its_message_and_field(helper):
    bad = {**VIEW, "rules": {"king": 7}}
    with pytest.raises(CaddieError) as inline:
        advise(bad)
    with pytest.raises(CaddieError) as helped:
        run_heavy(advise, bad)
    assert type(helped.value) is type(inline.value)
    assert (str(helped.value), helped.value.message, helped.value.field) == (
        str(inline.value),
        inline.value.message,
        "king",
    )


def test_the_helper_gives_the_same_advice_as_this_process(helper):
    assert run_heavy(os.getpid) != os.getpid()
    assert run_heavy(advise, VIEW) == advise(VIEW)


def test_a_killed_helper_is_replaced(helper):
    killed = run_heavy(os.getpid)
    os.kill(killed, signal.SIGKILL)
    assert wait_until_gone(killed)
    # The call that finds the helper dead still answers: here, once a new helper has started.
    assert run_heavy(advise, VIEW) == advise(VIEW)
    assert run_heavy(os.getpid) not in (killed, os.getpid())


def _die_while_starting() -> int:
    os._exit(1)  # in the helper: as if it were killed while it warms up


def test_a_helper_that_dies_while_starting_does_not_stop_its_worker(monkeypatch):
    # gunicorn stops the whole server when a worker fails to boot, and a worker starts its
    # helper as it boots: a helper lost then must cost the worker nothing but a later restart
    monkeypatch.setattr("caddie.offload.heavy_work._warm_up", _die_while_starting)
    try:
        start_helper()  # returns, with the helper dead
        monkeypatch.undo()
        assert run_heavy(os.getpid) == os.getpid()  # it finds the helper dead: it runs here, and restarts it
        assert run_heavy(os.getpid) != os.getpid()  # the new helper
        assert run_heavy(advise, VIEW) == advise(VIEW)
    finally:
        stop_helper()


def test_a_helper_exits_when_the_process_that_started_it_is_killed():
    # A process of its own to kill: SIGKILL leaves no chance for stop_helper, only the watchdog.
    code = (
        "import os, time\n"
        "from caddie.offload.heavy_work import run_heavy, start_helper\n"
        "start_helper()\n"
        "print(run_heavy(os.getpid), flush=True)\n"
        "time.sleep(120)\n"
    )
    starter = subprocess.Popen([sys.executable, "-c", code], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        helper_pid = int(starter.stdout.readline())
        assert helper_pid != starter.pid and not gone(helper_pid)
    finally:
        starter.kill()
        starter.wait(timeout=10)
        starter.stdout.close()
    assert wait_until_gone(helper_pid), f"helper {helper_pid} outlived the process that started it"
