"""Configuration: defaults, the instance folder, and the environment."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def instance_secret_key(instance_path: Path) -> str:
    """Read the instance's secret key, generating it on first run.

    The key lives in ``instance/`` (never committed), so sessions survive a
    restart and every server sharing the folder signs cookies alike.
    """
    instance_path.mkdir(parents=True, exist_ok=True)
    key_file = instance_path / "secret_key"
    if not key_file.exists():
        fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w") as out:
            out.write(secrets.token_hex(32))
    return key_file.read_text().strip()


def normalize_database_url(url: str) -> str:
    """Point a PostgreSQL URL at the psycopg 3 driver, the one the project installs.

    Hosting platforms still hand out ``postgres://`` (a scheme SQLAlchemy 1.4
    dropped), and a bare ``postgresql://`` would make SQLAlchemy look for
    psycopg2.  A URL that already names a driver (``postgresql+...://``) or
    another database is returned unchanged.

    >>> normalize_database_url("postgres://u:p@db:5432/caddie")
    'postgresql+psycopg://u:p@db:5432/caddie'
    >>> normalize_database_url("postgresql://u:p@db/caddie")
    'postgresql+psycopg://u:p@db/caddie'
    >>> normalize_database_url("postgresql+psycopg://u@db/caddie")
    'postgresql+psycopg://u@db/caddie'
    >>> normalize_database_url("sqlite:///x.sqlite3")
    'sqlite:///x.sqlite3'
    """
    for scheme in ("postgres://", "postgresql://"):
        if url.startswith(scheme):
            return "postgresql+psycopg://" + url[len(scheme):]
    return url


def database_url(instance_path: Path) -> str:
    url = os.environ.get("DATABASE_URL", "").strip()
    if url:
        return normalize_database_url(url)
    return f"sqlite:///{instance_path / 'caddie.sqlite3'}"


def default_config(instance_path: Path) -> dict[str, Any]:
    return {
        "SECRET_KEY": os.environ.get("SECRET_KEY") or instance_secret_key(instance_path),
        "SQLALCHEMY_DATABASE_URI": database_url(instance_path),
        "SQLALCHEMY_ENGINE_OPTIONS": {"pool_pre_ping": True},
        "WTF_CSRF_TIME_LIMIT": None,  # a round can sit open on a phone all evening
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_HTTPONLY": True,
        "PERMANENT_SESSION_LIFETIME": 60 * 60 * 24 * 400,
        "MAX_CONTENT_LENGTH": 256 * 1024,  # the largest real form (settings) is a few KB
        "MAX_FORM_MEMORY_SIZE": 256 * 1024,
    }
