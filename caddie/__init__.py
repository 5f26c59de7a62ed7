"""Caddie & Tally: a companion app for Golf card games.

``caddie.core`` is the pure game logic; the web app is built by ``create_app``.
The factory imports Flask lazily so that importing the core never loads it.
"""

from __future__ import annotations

from typing import Any


def create_app(config: dict[str, Any] | None = None):
    from caddie.web.app import build_app

    return build_app(config)
