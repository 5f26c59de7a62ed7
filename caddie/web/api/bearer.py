"""The one reader of ``Authorization: Bearer <token>`` for the API: a ledger round's edit token,
a live table's seat or watch token."""

from __future__ import annotations

import re

from flask import request

__all__ = ["TOKEN", "bearer_token"]

# Ids and tokens are secrets.token_urlsafe strings; anything else cannot name a round or a seat.
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")


def bearer_token() -> str | None:
    """The token of an ``Authorization: Bearer`` header; None when absent or not a token."""
    scheme, _, token = request.headers.get("Authorization", "").strip().partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and TOKEN.fullmatch(token) else None
