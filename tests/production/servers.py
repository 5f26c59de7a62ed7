"""Real gunicorn servers on loopback, and a scratch database for them (no pytest needed here).

Used by the tests in this folder and by the bench scripts (``bench/web_load.py``):

    with scratch_database(tmp_path) as url:               # TEST_DATABASE_URL's server, or a SQLite file
        with gunicorn_server(url, workers=2) as server:   # caddie.serving.wsgi:app, caddie.serving.gunicorn_conf
            urllib.request.urlopen(server.url + "/healthz")

``start_server`` / ``Server.stop`` / ``Server.kill`` are the same without the
``with``, for a test that kills a server and starts another on the same
database. Every server runs the production command itself
(``gunicorn -c python:caddie.serving.gunicorn_conf``), with ``SECRET_KEY``,
``DATABASE_URL``, ``WEB_CONCURRENCY`` and ``BIND=127.0.0.1:0`` from here (a
free port, read back from gunicorn's log), cookies over plain http
(``SESSION_COOKIE_SECURE=false``) and the master migrating the database before
its workers start, as in production. Its stderr goes to a file
(``Server.log()``), never to a pipe that could fill up.

A scratch database on PostgreSQL is a schema of its own in
``TEST_DATABASE_URL``'s database, named on every connection's ``search_path``
(as ``tests/conftest.py`` does), created empty and dropped afterwards, so two
servers started on the same URL share it and nothing else sees it.
"""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

PROJECT_ROOT = Path(__file__).resolve().parent.parent.parent
GUNICORN = Path(sys.executable).with_name("gunicorn")
# A production-shaped key (caddie.config.secret_key_problem accepts it); every server started here shares it.
HELPERS_NICE = 10  # the heavy-work helpers below their worker, as docs/production.md's helper-python
SECRET_KEY = "7c1e0b9a44d25f3e8a6d019bc2f75e4d3a98c0615be27f4d"
CADDIE_APP = "caddie.serving.wsgi:app"

# Variables of the caller's environment that would change what the server is.
_SERVER_VARIABLES = (
    "SECRET_KEY",
    "DATABASE_URL",
    "BIND",
    "HOST",
    "PORT",
    "WEB_CONCURRENCY",
    "MIGRATE_ON_START",
    "SESSION_COOKIE_SECURE",
    "REQUEST_LOG",
    "TRUSTED_ORIGINS",
    "LIVE_COMPUTER_PAUSE_MS",
    "SERVER_NICE",
    "LIVE_WAITERS",
    "WEB_THREADS",
    "PUBLIC_URL",
    "LAN_LINKS",
    "TABLE_AT_HOME",
)


class ServerFailed(RuntimeError):
    """The server did not come up (its log is in the message)."""


@dataclass
class Server:
    """One gunicorn master and its workers, in a process group of their own."""

    url: str  # http://127.0.0.1:PORT
    process: subprocess.Popen
    log_path: Path
    workers: int
    env: dict[str, str] = field(repr=False)

    @property
    def port(self) -> int:
        return int(self.url.rsplit(":", 1)[1])

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")

    def request_lines(self) -> list[dict]:
        """The app's JSON request log lines (with ``REQUEST_LOG=true``)."""
        return [json.loads(line) for line in self.log().splitlines() if line.startswith("{")]

    def alive(self) -> bool:
        return self.process.poll() is None

    def stop(self, timeout: float = 30) -> int:
        """SIGTERM (gunicorn's graceful shutdown), then SIGKILL if it lingers; the exit status."""
        if self.alive():
            self.process.send_signal(signal.SIGTERM)
            try:
                return self.process.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                pass
        self.kill()
        return self.process.returncode

    def kill(self) -> None:
        """SIGKILL the master and every worker at once (a crash: nothing gets to clean up)."""
        try:
            os.killpg(self.process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.process.wait(timeout=30)


def server_env(
    database_url: str, *, workers: int = 1, secret_key: str = SECRET_KEY, extra: Mapping[str, str] | None = None
) -> dict[str, str]:
    """The environment of a server: this process's, minus its server settings, plus ours."""
    env = {k: v for k, v in os.environ.items() if k not in _SERVER_VARIABLES}
    env.update(
        SECRET_KEY=secret_key,
        DATABASE_URL=database_url,
        WEB_CONCURRENCY=str(workers),
        BIND="127.0.0.1:0",
        SESSION_COOKIE_SECURE="false",
        REQUEST_LOG="false",
        LAN_LINKS="false",  # it listens on 127.0.0.1 only: links for another phone stay there
        CPU_BUDGET="0",  # load from one address, faster than people (tests/web/test_cpu_budget.py)
    )
    env.update(extra or {})
    return env


def start_server(
    database_url: str,
    *,
    workers: int = 1,
    app: str = CADDIE_APP,
    log_path: Path | None = None,
    extra_env: Mapping[str, str] | None = None,
    secret_key: str = SECRET_KEY,
    ready_path: str = "/healthz",
    timeout: float = 90,
    nice: int = 0,
    helpers_nice: int = 0,
) -> Server:
    """Start ``gunicorn -c python:caddie.serving.gunicorn_conf [app]`` and wait until every worker answers.

    ``app`` is gunicorn's APP_MODULE (``module:variable`` or ``module:factory()``),
    importable from the project root; ``extra_env`` adds or overrides variables
    (``REQUEST_LOG="true"``, ``MIGRATE_ON_START="false"``, ...). Raises
    ``ServerFailed`` with the server's log when it exits or does not answer in time.

    ``nice`` and ``helpers_nice`` set the priorities a deployment gives (docs/production.md,
    "Priorities"), which the app never sets itself. ``nice``: the server as a systemd unit with a
    lower ``CPUWeight=``, that is, started under ``nice -n`` and, since it runs in a session of its
    own and the kernel may weigh sessions rather than processes (Linux's autogroups), with its
    session's group at the same niceness. ``helpers_nice``: its heavy-work helpers that far below
    their worker, through a ``HEAVY_WORK_PYTHON`` wrapper as the docs' ``helper-python``.
    """
    if not GUNICORN.exists():
        raise ServerFailed(f"gunicorn is not installed next to {sys.executable}")
    if log_path is None:
        handle, name = tempfile.mkstemp(prefix="gunicorn-", suffix=".log")
        os.close(handle)
        log_path = Path(name)
    env = server_env(database_url, workers=workers, secret_key=secret_key, extra=extra_env)
    if helpers_nice:
        env["HEAVY_WORK_PYTHON"] = str(_niced_python(helpers_nice, log_path.parent))
    command = [str(GUNICORN), "-c", "python:caddie.serving.gunicorn_conf"]
    if app != CADDIE_APP:
        command.append(app)
    if nice:
        command = ["nice", "-n", str(nice), *command]
    with open(log_path, "w") as err:
        process = subprocess.Popen(
            command,
            cwd=PROJECT_ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=err,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    if nice:
        _nice_session(process.pid, nice)
    server = Server(url="", process=process, log_path=log_path, workers=workers, env=env)
    try:
        server.url = _wait_until_ready(server, ready_path, timeout)
    except BaseException:
        server.kill()
        raise
    return server


def _nice_session(leader: int, nice: int) -> None:
    """Put the session ``leader`` leads at ``nice`` against other sessions, where the kernel
    weighs sessions (autogroups); elsewhere the process's own niceness already does it."""
    try:
        Path(f"/proc/{leader}/autogroup").write_text(str(nice))
    except OSError:  # no autogroups in this kernel (or not Linux)
        pass


def _niced_python(nice: int, folder: Path) -> Path:
    """A program that runs this Python ``nice`` below its caller, for ``HEAVY_WORK_PYTHON``."""
    wrapper = folder / f"helper-python-nice-{nice}-{os.getpid()}"
    wrapper.write_text(f'#!/bin/sh\nexec nice -n {nice} "{sys.executable}" "$@"\n')
    wrapper.chmod(0o755)
    return wrapper


@contextmanager
def gunicorn_server(database_url: str, **options) -> Iterator[Server]:
    """``start_server(database_url, **options)``, stopped at the end of the ``with``."""
    server = start_server(database_url, **options)
    try:
        yield server
    finally:
        server.stop()


def _wait_until_ready(server: Server, ready_path: str, timeout: float) -> str:
    """The server's URL, once gunicorn listens, has booted every worker and answers ``ready_path``.

    Each worker loads the app after it is booted; ``ready_path`` is asked until
    it has answered 200 a few times in a row, so the workers are serving.
    """
    deadline = time.monotonic() + timeout
    url = None
    answered = 0
    while time.monotonic() < deadline:
        if not server.alive():
            raise ServerFailed(f"gunicorn exited with status {server.process.returncode}:\n{server.log()}")
        text = server.log()
        if url is None:
            found = re.search(r"Listening at: (http://127\.0\.0\.1:\d+)", text)
            if found and text.count("Booting worker") >= server.workers:
                url = found.group(1)
        if url is not None:
            try:
                with urllib.request.urlopen(url + ready_path, timeout=5) as response:
                    answered = answered + 1 if response.status == 200 else 0
            except (urllib.error.URLError, OSError):
                answered = 0
            if answered >= 2 * server.workers:
                return url
        time.sleep(0.05)
    raise ServerFailed(f"gunicorn did not answer {ready_path} within {timeout:.0f} s:\n{server.log()}")


# ---- a scratch database ------------------------------------------------------------


def _normalized(url: str) -> str:
    from caddie.config import normalize_database_url

    return normalize_database_url(url.strip())


@contextmanager
def scratch_database(directory: Path, base_url: str | None = None, prefix: str = "caddie_prod") -> Iterator[str]:
    """A ``DATABASE_URL`` for servers to share, empty (the first server migrates it), removed afterwards.

    ``base_url`` (default: ``TEST_DATABASE_URL``) names a PostgreSQL database:
    a new schema in it is used and dropped. Without one, a new SQLite file in
    ``directory``. Other databases are used as they are, untouched.
    """
    base = base_url if base_url is not None else os.environ.get("TEST_DATABASE_URL", "")
    base = _normalized(base) if base else ""
    if not base:
        yield f"sqlite:///{Path(directory) / f'{prefix}.sqlite3'}"
        return
    if not base.startswith("postgresql"):
        yield base
        return
    from sqlalchemy import create_engine, make_url, text

    name = f"{prefix}_{os.getpid()}_{uuid.uuid4().hex[:8]}"  # lower case, digits, underscores: no quoting
    engine = create_engine(base)
    try:
        with engine.begin() as conn:
            conn.execute(text(f"CREATE SCHEMA {name}"))
        url = make_url(base).update_query_dict({"options": f"-csearch_path={name}"})
        yield url.render_as_string(hide_password=False)
    finally:
        try:
            with engine.begin() as conn:
                conn.execute(text("SET LOCAL lock_timeout = '10s'"))
                conn.execute(text(f"DROP SCHEMA IF EXISTS {name} CASCADE"))
        finally:
            engine.dispose()
