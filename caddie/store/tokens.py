"""Whether a text from a request could name a row at all, checked before it reaches the database."""

from __future__ import annotations

_TOKEN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-")


def is_token(text: object, limit: int = 64) -> bool:
    """Whether ``text`` could be an id or token this app made (``secrets.token_urlsafe``: letters,
    digits, ``-`` and ``_``). Anything else names no row, and is never sent to the database:
    PostgreSQL refuses text holding NUL outright.

    >>> is_token("Vm-fRl2XK1bLc6eK"), is_token("a\\x00b"), is_token(""), is_token("x" * 65), is_token(None)
    (True, False, False, False, False)
    """
    return isinstance(text, str) and 0 < len(text) <= limit and all(ch in _TOKEN_CHARS for ch in text)
