"""gunicorn's settings for Caddie & Tally, read from the environment.

    gunicorn -c python:caddie.serving.gunicorn_conf

serves ``caddie.serving.wsgi:app`` (docs/production.md). The environment:

``SECRET_KEY``        required: the same 32+ random characters on every server
``DATABASE_URL``      the database (default: SQLite in ``instance/``)
``WEB_CONCURRENCY``   worker processes (default: 2 per CPU core plus 1, at most 8)
``WEB_THREADS``       threads per worker for requests (default 4)
``LIVE_WAITERS``      per worker, phones that may wait for a live table at once (default 250), each
                      on a thread of its own besides those
``BIND``              the address to listen on, e.g. ``0.0.0.0:8000`` or ``unix:/run/caddie.sock``;
                      else ``HOST``:``PORT``, where PORT defaults to 8000 and HOST to 127.0.0.1,
                      or 0.0.0.0 when a platform sets ``PORT`` (gunicorn's own convention)
``MIGRATE_ON_START``  ``false`` when migrations run as a deployment step of their own
``HEAVY_WORK_PYTHON`` the program each worker's heavy-work helper is started with (default: this
                      Python): a deployment's wrapper that runs it at a lower priority
                      (docs/production.md, "Priorities")
``LIVE_COMPUTER_PAUSE_MS``  how long a live table's computer waits before moving (default 900)
``SESSION_COOKIE_SECURE``, ``REQUEST_LOG``, ``TRUSTED_ORIGINS``: see ``caddie.config``
``FORWARDED_ALLOW_IPS``  (gunicorn's) the proxies whose X-Forwarded-Proto is believed
``CERTFILE``, ``KEYFILE``  a TLS certificate (chain) and its private key, both or neither: gunicorn
                      then serves HTTPS itself, where no proxy in front does (docs/production.md,
                      "HTTPS, installing and the offline pages")

Settings given on gunicorn's command line win over these.
"""

from __future__ import annotations

import gc
import itertools
import os
import subprocess
import sys

from caddie.config import ConfigError, env_flag, production_config

# Refuse at once, before binding a port, when the app could not start.
try:
    production_config()
except ConfigError as err:
    sys.exit(f"Caddie & Tally will not start: {err}")


def _workers() -> int:
    value = os.environ.get("WEB_CONCURRENCY", "").strip()
    if not value:
        return min(2 * (os.cpu_count() or 1) + 1, 8)
    if not value.isdecimal() or int(value) < 1:
        sys.exit(
            f"Caddie & Tally will not start: WEB_CONCURRENCY must be a whole number of workers, "
            f"1 or more, not {value!r}."
        )
    return int(value)


def _threads() -> int:
    value = os.environ.get("WEB_THREADS", "").strip()
    if not value:
        return 4
    if not value.isdecimal() or int(value) < 1:
        sys.exit(
            f"Caddie & Tally will not start: WEB_THREADS must be a whole number of threads per worker, "
            f"1 or more, not {value!r}."
        )
    return int(value)


def _bind() -> list[str]:
    if os.environ.get("BIND", "").strip():
        return [os.environ["BIND"].strip()]
    port = os.environ.get("PORT", "").strip()
    host = os.environ.get("HOST", "").strip() or ("0.0.0.0" if port else "127.0.0.1")
    return [f"{host}:{port or 8000}"]


def _live_waiters() -> int:
    value = os.environ.get("LIVE_WAITERS", "").strip()
    if not value:
        return LIVE_WAITERS
    if not value.isdecimal():
        sys.exit(f"Caddie & Tally will not start: LIVE_WAITERS must be a whole number, 0 or more, not {value!r}.")
    return int(value)


# Each worker's phones waiting for a live table (a long poll, an event stream) at most; see
# caddie.store.live_changes. Kept in step with the app: the same environment variable sets both.
LIVE_WAITERS = 250


def _helper_python() -> None:
    """Refuse a ``HEAVY_WORK_PYTHON`` that names no program this server can run: its workers would
    start helpers that die at once, and run all their heavy work on the request threads."""
    path = os.environ.get("HEAVY_WORK_PYTHON", "").strip()
    if path and not (os.path.isfile(path) and os.access(path, os.X_OK)):
        sys.exit(
            f"Caddie & Tally will not start: HEAVY_WORK_PYTHON names {path!r}, which is not a program this "
            f"server can run."
        )


_helper_python()


def _tls() -> tuple[str | None, str | None]:
    """The certificate and key files gunicorn serves HTTPS with, or (None, None) for plain HTTP."""
    cert, key = (os.environ.get(name, "").strip() for name in ("CERTFILE", "KEYFILE"))
    if not cert and not key:
        return None, None
    if not cert or not key:
        sys.exit(
            "Caddie & Tally will not start: CERTFILE and KEYFILE go together: set both (the certificate "
            "and its private key) or neither."
        )
    for name, path in (("CERTFILE", cert), ("KEYFILE", key)):
        if not os.path.isfile(path) or not os.access(path, os.R_OK):
            sys.exit(f"Caddie & Tally will not start: {name} names {path!r}, which is not a file this server can read.")
    return cert, key


wsgi_app = "caddie.serving.wsgi:app"
bind = _bind()
certfile, keyfile = _tls()
workers = _workers()
# Threads, so that a short request (a tally, a score) is not stuck behind a long one in the same
# worker (a hole's review, a lookahead): they share the worker's time slices instead of queueing.
worker_class = "gthread"
# A phone waiting for a live table holds a thread while it waits (and nothing else: no database
# connection, no CPU). Each worker gets that many threads more than WEB_THREADS, and the app lets
# no more than that wait at once, so waiting phones never take a thread quick requests need
# (docs/live-tables.md, "Serving"; bench/live_tables.py measures it).
threads = _threads() + _live_waiters()
# A phone keeps its connection between its moves (at a table of four, its turn comes back every
# several seconds): gthread holds an idle connection in its poller, not in a thread, and a new
# connection per move costs more than keeping one.
keepalive = 20
accesslog = None  # the app writes its own JSON line per request (caddie.web.plumbing.request_log)
errorlog = "-"
# No control socket: its default path is per user, so two servers on one machine would share it.
control_socket_disable = True

# A table at home (``python3 scripts/dev.py serve``, caddie.serving.table_server sets this): the
# address the phones open is printed once the server listens, and gunicorn's own lines (workers
# booting...) are left out so that it stays the last thing on the terminal; warnings still show.
TABLE_AT_HOME = os.environ.get("TABLE_AT_HOME", "") == "1"
loglevel = "warning" if TABLE_AT_HOME else "info"


def when_ready(server) -> None:
    if TABLE_AT_HOME:
        from caddie.serving.table_server import print_banner

        print_banner(bind[0])


def on_starting(server) -> None:
    """Migrate the database once, in the master, before any worker is forked.

    The server's priority, and its helpers', are the deployment's to set (systemd's ``CPUWeight=``
    and ``Nice=``, ``HEAVY_WORK_PYTHON``: docs/production.md, "Priorities"), not the app's."""
    if os.environ.get("SERVER_NICE", "").strip():
        server.log.warning(
            "SERVER_NICE is no longer read: this server runs at the priority it was started with "
            '(set it in the deployment instead: docs/production.md, "Priorities")'
        )
    if not env_flag("MIGRATE_ON_START", True):
        server.log.info("MIGRATE_ON_START is off: not migrating")
        return
    server.log.info("migrating the database (python -m caddie.serving.upgrade)")
    done = subprocess.run([sys.executable, "-m", "caddie.serving.upgrade"])
    if done.returncode != 0:
        sys.exit(f"Caddie & Tally will not start: migrating the database failed (exit status {done.returncode}).")


def post_worker_init(worker) -> None:
    """Each worker hands its CPU-heavy work to a helper process (``caddie.offload.heavy_work``), so
    that its threads stay free for quick requests."""
    if env_flag("HEAVY_WORK_HELPER", True):
        from caddie.offload.heavy_work import start_helper

        start_helper()
    # The live tables' threads (the computers' moves and turn clocks, the watcher that wakes the
    # phones) run in every worker from the moment it boots: a move that was due while the servers
    # were down is made at once (caddie.web.app.start_background).
    from caddie.serving.wsgi import app
    from caddie.web.app import start_background

    start_background(app)


# A worker's whole heap (Flask, SQLAlchemy, Jinja, the app: about 130,000 objects once warm) is
# walked by every full collection of Python's garbage collector: 100 to 120 ms of CPU on this
# project's machine, during which no thread of the worker runs, a few times a minute under load.
# The objects of a warm worker live as long as it does, so after its first requests (and again
# later, when its caches have filled) they are frozen: collections walk only what came after
# (docs/production.md, "Memory and pauses").
FREEZE_AFTER_REQUESTS = (100, 1000)
_requests_served = itertools.count(1)  # next() on it is atomic: the worker's threads share it


def post_request(worker, req, environ, resp) -> None:
    if next(_requests_served) in FREEZE_AFTER_REQUESTS:
        gc.freeze()


def worker_exit(server, worker) -> None:
    from caddie.offload.heavy_work import stop_helper

    stop_helper()
