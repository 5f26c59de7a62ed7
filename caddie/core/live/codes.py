"""The short code a person types on ``/join`` to sit at a live table (``docs/live-tables.md``).

Eight characters from an alphabet without look-alikes (no ``0``/``O``, ``1``/``I``/``L``),
shown in two groups of four: 31**8, almost 10**12 codes, drawn by ``secrets``. Joining
by code is rate-limited too, so a code cannot be found by trying.
"""

from __future__ import annotations

import secrets

__all__ = ["ALPHABET", "CODE_LENGTH", "new_code", "read_code", "shown_code"]

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"  # 31 characters, none mistaken for another
CODE_LENGTH = 8


def new_code() -> str:
    """A fresh random code, as stored (no separator)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))


def shown_code(code: str) -> str:
    """The code as a page shows it: ``"K7QM-2PXR"``.

    >>> shown_code("K7QM2PXR")
    'K7QM-2PXR'
    """
    return f"{code[:4]}-{code[4:]}"


def read_code(typed: object) -> str | None:
    """The stored form of what someone typed, or ``None`` when it cannot be a code at all.
    Forgiving: lower case, spaces and dashes are fine.

    >>> read_code(" k7qm-2pxr "), read_code("K7QM 2PXR"), read_code("K7QM2PX"), read_code("K7QM-2PX0")
    ('K7QM2PXR', 'K7QM2PXR', None, None)
    """
    if not isinstance(typed, str) or len(typed) > 40:
        return None
    text = "".join(ch for ch in typed.upper() if ch not in " -_.\t")
    if len(text) != CODE_LENGTH or any(ch not in ALPHABET for ch in text):
        return None
    return text
