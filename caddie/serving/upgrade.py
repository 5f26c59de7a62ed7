"""Migrate the database before serving: ``python -m caddie.serving.upgrade``.

The gunicorn configuration (``caddie.serving.gunicorn_conf``) runs this once in its
master process before any worker starts; a deployment that migrates as a step
of its own sets ``MIGRATE_ON_START=false`` and runs it there. It reads
``DATABASE_URL`` like the app, and never needs ``SECRET_KEY``.

It is a process of its own because Alembic's logging setup
(``migrations/env.py``) reconfigures the process's loggers, which must not
happen to gunicorn's master and the workers it forks.
"""

from __future__ import annotations

import sys


def main() -> int:
    from caddie import create_app
    from caddie.store.engine_setup import upgrade_database

    # The key only signs cookies, and no request is served here.
    upgrade_database(create_app({"SECRET_KEY": "migrations-only"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
