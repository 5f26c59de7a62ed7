"""The web's side of waiting for a live table (``caddie.store.live_changes``): the app's one
``Changes``, and how long an event stream stays open.

A page's event stream and the API's long poll and stream wait on the app's ``Changes``, whose
watcher thread starts with the process (``caddie.web.app.start_background``), not with a request.
"""

from __future__ import annotations

import random

from flask import Flask

from caddie.store.live_changes import INTERVAL, PER_CLIENT, Changes

__all__ = ["STREAM_SPREAD", "SUPERSEDED_RETRY", "changes_for", "stream_lifetime"]

STREAM_SPREAD = 0.3  # an event stream ends up to this share of its time early, at random
# What an event stream ended for its client's newer one says last: come back in 10 s, not 1, so that a
# phone with more tabs open than its share does not keep them all reconnecting.
SUPERSEDED_RETRY = "retry: 10000\n\n"


def stream_lifetime(seconds: float) -> float:
    """How long one event stream stays open: ``seconds``, less up to ``STREAM_SPREAD`` of it at
    random. Streams opened at one moment (every phone after a server's restart, or a table's
    phones together) would otherwise all end and be opened again at one moment, over and over:
    a burst of requests every ``seconds`` (docs/live-tables.md, "Live updates")."""
    return seconds * random.uniform(1 - STREAM_SPREAD, 1)


def changes_for(app: Flask) -> Changes:
    """The app's one ``Changes`` (``LIVE_CHANGES_INTERVAL``, ``LIVE_WAITERS_PER_CLIENT``)."""
    found = app.extensions.get("live_changes")
    if found is None:
        found = app.extensions["live_changes"] = Changes(
            app.app_context,
            app.config.get("LIVE_CHANGES_INTERVAL", INTERVAL),
            per_client=int(app.config.get("LIVE_WAITERS_PER_CLIENT", PER_CLIENT)),
        )
    return found
