"""The application factory, and the background threads every process that serves the app runs.

The live tables' two threads (``caddie.store.live_driver``: the computers' moves and the turn
clock; ``caddie.store.live_changes``: the watcher that wakes waiting phones) start with the process
that serves the app, never from a view: with the process's first request (a hook the factory
installs), or as soon as a gunicorn worker boots (``caddie/serving/gunicorn_conf.py``), so that a
move due while the servers were down is made at once. Not in the factory itself: a process that
builds the app only to migrate its database (``caddie.serving.upgrade``, ``flask db upgrade``) or
to script it, and a gunicorn master that would fork its workers from it, serve nothing and must
not run them. ``LIVE_DRIVER`` off (the route tests' default) leaves the driver out.
"""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

from flask import Flask

from caddie.config import PROJECT_ROOT, default_config
from caddie.store.database import db, migrate
from caddie.store.engine_setup import engine_options, owner_only_files, tune_sqlite
from caddie.web.live.changes import changes_for
from caddie.web.live.driver import driver_for, reviewer_for
from caddie.web.plumbing import request_log, security
from caddie.web.plumbing.csrf import csrf
from caddie.web.plumbing.request_class import Request
from caddie.web.plumbing.session_cookie import IdentityCookie

MIGRATIONS_DIR = Path(__file__).resolve().parents[1] / "migrations"


def build_app(config: dict[str, Any] | None = None) -> Flask:
    app = Flask(
        "caddie",
        instance_relative_config=True,
        template_folder=str(PROJECT_ROOT / "templates"),
        static_folder=str(PROJECT_ROOT / "static"),
        instance_path=str(PROJECT_ROOT / "instance"),
    )
    app.request_class = Request  # a nameless multipart part is dropped (caddie.web.plumbing.request_class)
    app.session_interface = IdentityCookie()  # __Host-session over https, carried over from "session"
    config = dict(config or {})
    instance = Path(config.pop("INSTANCE_PATH", app.instance_path))
    app.instance_path = str(instance)
    app.config.from_mapping(default_config(instance))
    app.config.from_prefixed_env("CADDIE")
    app.config.from_mapping(config)
    # the live tables' computer moves run in a thread of each process; route tests make them by hand
    app.config.setdefault("LIVE_DRIVER", not app.config.get("TESTING", False))

    # before anything opens the database: SQLite would create a missing file world-readable
    owner_only_files(app.config["SQLALCHEMY_DATABASE_URI"], instance)
    app.config["SQLALCHEMY_ENGINE_OPTIONS"] = engine_options(
        app.config["SQLALCHEMY_DATABASE_URI"], app.config.get("SQLALCHEMY_ENGINE_OPTIONS", {})
    )
    db.init_app(app)
    migrate.init_app(app, db, directory=str(MIGRATIONS_DIR))
    request_log.init_app(app)  # first, so it times the whole request
    security.init_app(app)  # before CSRF: another site's write is refused as such (403)
    csrf.init_app(app)
    app.before_request(functools.partial(start_background, app))  # the live tables' threads (above)
    with app.app_context():
        tune_sqlite(db.engine)

    from caddie.store import models  # noqa: F401  (registers the tables with the metadata)
    from caddie.web import register_views

    register_views(app)
    return app


def start_background(app: Flask) -> None:
    """This process's live-table threads for ``app``: the change watcher, and the driver and the
    reviewer of tables of people (``caddie.store.hole_reviews``) unless ``LIVE_DRIVER`` is off.
    Once per process (a worker forked from a process that ran them starts its own); after that,
    a look at two process ids."""
    changes_for(app).start()
    if app.config["LIVE_DRIVER"]:
        driver_for(app).start()
        reviewer_for(app).start()
