"""The production command itself: gunicorn with caddie.serving.gunicorn_conf, on loopback.

Always on a SQLite file of its own (never TEST_DATABASE_URL: the browser tests'
live server owns that database's default schema).
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

GUNICORN = Path(sys.executable).with_name("gunicorn")
KEY = "0f9c2e51d7a84b36be10c9f7a2d45e88b3c61f0a9d2e47b5"

pytestmark = pytest.mark.skipif(not GUNICORN.exists(), reason="gunicorn is not installed in this environment")


def server_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in ("SECRET_KEY", "DATABASE_URL", "BIND", "HOST", "PORT", "WEB_CONCURRENCY")
    }
    env.update(
        DATABASE_URL=f"sqlite:///{tmp_path / 'prod.sqlite3'}",
        BIND="127.0.0.1:0",
        WEB_CONCURRENCY="2",
        SESSION_COOKIE_SECURE="false",
        **extra,
    )
    return env


def listening_at(server: subprocess.Popen, log: Path, scheme: str = "http", workers: int = 2) -> str:
    """The base URL gunicorn says it listens at, once ``workers`` workers have booted."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and server.poll() is None:
        found = re.search(rf"Listening at: ({scheme}://127\.0\.0\.1:\d+)", log.read_text())
        if found and log.read_text().count("Booting worker") >= workers:
            return found.group(1)
        time.sleep(0.1)
    raise AssertionError(f"gunicorn did not come up on {scheme}:\n{log.read_text()}")


def test_gunicorn_refuses_to_start_without_a_secret_key(tmp_path):
    done = subprocess.run(
        [GUNICORN, "-c", "python:caddie.serving.gunicorn_conf"],
        env=server_env(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert done.returncode != 0
    assert "will not start: SECRET_KEY is not set" in done.stderr
    assert not (tmp_path / "prod.sqlite3").exists()


@pytest.mark.parametrize("name", ["missing", "not-executable"])
def test_gunicorn_refuses_a_heavy_work_python_it_cannot_run(tmp_path, name):
    (tmp_path / "not-executable").write_text("#!/bin/sh\n")
    program = str(tmp_path / name)
    done = subprocess.run(
        [GUNICORN, "-c", "python:caddie.serving.gunicorn_conf"],
        env=server_env(tmp_path, SECRET_KEY=KEY, HEAVY_WORK_PYTHON=program),
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert done.returncode != 0
    assert f"will not start: HEAVY_WORK_PYTHON names {program!r}, which is not a program this server can run." in (
        done.stderr
    )
    assert not (tmp_path / "prod.sqlite3").exists()


def test_gunicorn_migrates_once_serves_and_logs_json_lines(tmp_path):
    log = tmp_path / "stderr.log"
    with open(log, "w") as err:
        server = subprocess.Popen(
            [GUNICORN, "-c", "python:caddie.serving.gunicorn_conf"],
            cwd=tmp_path,
            env=server_env(tmp_path, SECRET_KEY=KEY),
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
    try:
        base = listening_at(server, log)

        with urllib.request.urlopen(base + "/healthz", timeout=10) as response:
            assert response.status == 200 and json.load(response) == {"status": "ok", "database": "ok"}
            assert response.headers["X-Frame-Options"] == "DENY"
        with urllib.request.urlopen(base + "/tally/grid?hand=K,5,7,K,3,9", timeout=10) as response:
            assert response.status == 200 and "24" in response.read().decode()  # tables exist: migrated
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)

    text = log.read_text()
    assert text.count("Running upgrade  -> 0001") == 1, "migrated once, in the master"
    lines = [json.loads(line) for line in text.splitlines() if line.startswith("{")]
    assert [(x["method"], x["path"], x["status"]) for x in lines] == [
        ("GET", "/healthz", 200),
        ("GET", "/tally/grid", 200),
    ]
