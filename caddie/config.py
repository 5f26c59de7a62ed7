"""Configuration: defaults, the instance folder, and the environment."""

from __future__ import annotations

import math
import os
import secrets
from collections import Counter
from pathlib import Path
from typing import Any

PROJECT_ROOT = Path(__file__).resolve().parent.parent


def instance_secret_key(instance_path: Path) -> str:
    """Read the instance's secret key, generating it on first run.

    The key lives in ``instance/`` (never committed), so sessions survive a
    restart and every server sharing the folder signs cookies alike.
    """
    instance_path.mkdir(mode=0o700, parents=True, exist_ok=True)  # the key, the database: this user's only
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
            return "postgresql+psycopg://" + url[len(scheme) :]
    return url


def database_url(instance_path: Path) -> str:
    url = os.environ.get("DATABASE_URL", "").strip()
    if url:
        return normalize_database_url(url)
    return f"sqlite:///{instance_path / 'caddie.sqlite3'}"


class ConfigError(RuntimeError):
    """The environment does not describe a server that may start."""


def env_flag(name: str, default: bool) -> bool:
    """A true/false setting from the environment (1/0, true/false, yes/no, on/off)."""
    value = os.environ.get(name, "").strip().lower()
    if not value:
        return default
    if value in ("1", "true", "yes", "on"):
        return True
    if value in ("0", "false", "no", "off"):
        return False
    raise ConfigError(f"{name} must be true or false, not {value!r}.")


def env_int(name: str, default: int) -> int:
    """A whole number of 0 or more from the environment."""
    value = os.environ.get(name, "").strip()
    if not value:
        return default
    if not value.isdecimal():
        raise ConfigError(f"{name} must be a whole number, 0 or more, not {value!r}.")
    return int(value)


def env_list(name: str) -> list[str]:
    """A comma-separated setting from the environment, blanks dropped."""
    return [item.strip() for item in os.environ.get(name, "").split(",") if item.strip()]


MIN_SECRET_KEY_LENGTH = 32
MIN_SECRET_KEY_BITS = 85  # 32 random hex digits (128 bits) measured 89 or more in 200,000 tries
MAKE_A_SECRET_KEY = 'python -c "import secrets; print(secrets.token_urlsafe(48))"'
# Words that mark a key someone typed or copied from an example; none is likely in a random key
# (a given 6 letters turn up in one of about 20 million random 64-character keys).
PLACEHOLDER_WORDS = (
    "changeme",
    "secret",
    "password",
    "example",
    "placeholder",
    "insecure",
    "replace",
    "default",
    "sample",
    "qwerty",
    "asdfgh",
    "123456",
    "abcdef",
)


def secret_key_problem(key: str) -> str | None:
    """Why ``key`` cannot sign production sessions, or None when it can.

    Refused: an empty or short key, one with a placeholder word in it (``change-me``,
    ``my-secret-key``...), one that repeats itself (``abcabcabc...``), one that climbs or falls a
    character at a time (``abcdefgh...``, ``987654...``), and one whose characters are too few or
    too unevenly spread to be random (under ``MIN_SECRET_KEY_BITS`` as measured by how often each
    character occurs).

    >>> secret_key_problem("") is not None
    True
    >>> secret_key_problem("change-me") is not None
    True
    >>> secret_key_problem("x" * 40) is not None
    True
    >>> secret_key_problem("my-production-secret-key-for-the-table") is not None
    True
    >>> secret_key_problem("Tr0ub4dor&3" * 4) is not None
    True
    >>> secret_key_problem("abcdefghijklmnopqrstuvwxyz0123456789") is not None
    True
    >>> secret_key_problem("aabbaabbababbbaaabababbbabaabbabbaabab") is not None
    True
    >>> import secrets
    >>> secret_key_problem(secrets.token_urlsafe(48)) is None
    True
    >>> secret_key_problem(secrets.token_hex(16)) is None
    True
    """
    hint = f"make one with  {MAKE_A_SECRET_KEY}  and give every server the same value"
    if not key:
        return f"SECRET_KEY is not set; {hint}."
    if len(key) < MIN_SECRET_KEY_LENGTH:
        return f"SECRET_KEY is too short to sign sessions ({MIN_SECRET_KEY_LENGTH} random characters or more); {hint}."
    lowered = "".join(c for c in key.lower() if c.isalnum())
    word = next((w for w in PLACEHOLDER_WORDS if w in lowered), None)
    if word is not None:
        return f"SECRET_KEY looks like an example or a typed phrase (it holds {word!r}), not a random key; {hint}."
    if _repeats(key):
        return f"SECRET_KEY repeats itself, so it is far easier to guess than its length says; {hint}."
    if _runs(key):
        return f"SECRET_KEY mostly counts up or down a character at a time, which is no secret; {hint}."
    if _measured_bits(key) < MIN_SECRET_KEY_BITS:
        return f"SECRET_KEY uses too few different characters to be a random key; {hint}."
    return None


def _repeats(key: str) -> bool:
    """``key`` is a shorter piece said again and again (the last time maybe cut short)."""
    return any(
        all(key[i] == key[i - period] for i in range(period, len(key))) for period in range(1, len(key) // 2 + 1)
    )


def _runs(key: str) -> bool:
    """More than half of ``key``'s neighbouring characters are the same or one apart."""
    steps = [abs(ord(b) - ord(a)) for a, b in zip(key, key[1:], strict=False)]
    return sum(step <= 1 for step in steps) * 2 > len(steps)


def _measured_bits(key: str) -> float:
    """The key's length times the Shannon entropy of its characters' frequencies: for a random key
    close to its real strength, and far below it for a key of few or uneven characters."""
    counts = Counter(key)
    return -sum(n * math.log2(n / len(key)) for n in counts.values())


def production_config() -> dict[str, Any]:
    """Settings for a production server (gunicorn), from the environment.

    Refuses (``ConfigError``) without a real ``SECRET_KEY``: a key generated into
    one machine's ``instance/`` would make every other server behind the load
    balancer reject its sessions. Cookies are Secure unless
    ``SESSION_COOKIE_SECURE=false`` (plain http on a private network), and
    every request is logged as a JSON line unless ``REQUEST_LOG=false``.
    """
    key = os.environ.get("SECRET_KEY", "").strip()
    problem = secret_key_problem(key)
    if problem:
        raise ConfigError(problem)
    secure = env_flag("SESSION_COOKIE_SECURE", True)
    return {
        "SECRET_KEY": key,
        "SESSION_COOKIE_SECURE": secure,
        "PREFERRED_URL_SCHEME": "https" if secure else "http",
        "REQUEST_LOG": env_flag("REQUEST_LOG", True),
    }


def _computer_pause() -> float | None:
    """``LIVE_COMPUTER_PAUSE_MS``: how long a live table's computer waits before its move, so the
    people at the table can follow it; unset, the store's own pause (docs/live-tables.md)."""
    if not os.environ.get("LIVE_COMPUTER_PAUSE_MS", "").strip():
        return None
    return env_int("LIVE_COMPUTER_PAUSE_MS", 0) / 1000


def public_url(value: str) -> str | None:
    """``PUBLIC_URL``: the address every phone reaches this app at, for the links one phone gives
    another (a table's join link, a scorecard's read-only link...): set it for a hosted deployment
    behind a proxy, e.g. ``https://cards.example.org``. Unset, a link uses the address its page
    was reached at, or this machine's LAN address when that was localhost (caddie.web.shareable).

    >>> public_url("https://cards.example.org/")
    'https://cards.example.org'
    >>> public_url("http://192.168.1.23:8000")
    'http://192.168.1.23:8000'
    >>> public_url("cards.example.org")
    Traceback (most recent call last):
    ...
    caddie.config.ConfigError: PUBLIC_URL must be an address like https://cards.example.org, not 'cards.example.org'.
    >>> public_url("") is None
    True
    """
    value = value.strip()
    if not value:
        return None
    scheme, _, rest = value.partition("://")
    host = rest.rstrip("/")
    if scheme.lower() not in ("http", "https") or not host or any(c in host for c in "/?#@ "):
        raise ConfigError(f"PUBLIC_URL must be an address like https://cards.example.org, not {value!r}.")
    return f"{scheme.lower()}://{host}"


def default_config(instance_path: Path) -> dict[str, Any]:
    return {
        "SECRET_KEY": os.environ.get("SECRET_KEY") or instance_secret_key(instance_path),
        # Development and tests run over plain http; production_config turns these on.
        "SESSION_COOKIE_SECURE": env_flag("SESSION_COOKIE_SECURE", False),
        "REQUEST_LOG": env_flag("REQUEST_LOG", False),  # one JSON line per request on stderr
        # Origins besides the request's own whose pages may write (a proxy that rewrites Host).
        "TRUSTED_ORIGINS": env_list("TRUSTED_ORIGINS"),
        # Links for another phone: PUBLIC_URL when set; else a page reached at localhost gives this
        # machine's LAN address, unless LAN_LINKS is off (the serve command turns it off when it
        # listens on 127.0.0.1 only, where no other device could follow such a link).
        "PUBLIC_URL": public_url(os.environ.get("PUBLIC_URL", "")),
        "LAN_LINKS": env_flag("LAN_LINKS", True),
        "SQLALCHEMY_DATABASE_URI": database_url(instance_path),
        # The pool and its ping are the store's (caddie.store.engine_setup.engine_options).
        "SQLALCHEMY_ENGINE_OPTIONS": {},
        "WTF_CSRF_TIME_LIMIT": None,  # a round can sit open on a phone all evening
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_HTTPONLY": True,
        "PERMANENT_SESSION_LIFETIME": 60 * 60 * 24 * 400,
        "MAX_CONTENT_LENGTH": 256 * 1024,  # the largest real form (settings) is a few KB
        "MAX_FORM_MEMORY_SIZE": 256 * 1024,
        # Live tables (docs/live-tables.md): joining by code allows this many misses per client
        # in this many seconds; a computer waits LIVE_COMPUTER_PAUSE_S (None: the store's pause)
        # before its move; TRUSTED_PROXY_HOPS proxies' X-Forwarded-For names the client.
        "LIVE_JOIN_MISSES": 10,
        "LIVE_JOIN_WINDOW_S": 600,
        "LIVE_COMPUTER_PAUSE_S": _computer_pause(),
        "TRUSTED_PROXY_HOPS": env_int("TRUSTED_PROXY_HOPS", 0),
        # CPU-heavy requests (the Caddie, Play's Hint, a solo match's reviewed moves) a client may make in
        # this many seconds (caddie.web.cpu_budget): more than a person at a table ever asks for.
        "CPU_BUDGET": env_int("CPU_BUDGET", 120),
        "CPU_BUDGET_WINDOW_S": env_int("CPU_BUDGET_WINDOW_S", 60),
    }
