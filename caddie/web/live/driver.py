"""The web's side of the live tables' driver (``caddie.store.live_driver``): the app's one
``LiveDriver``, the timing the app's settings give it, and a request's word that someone is at
a table.

The driver thread starts with the process (``caddie.web.app.start_background``), not with a
request; ``LIVE_DRIVER`` off (the route tests) starts none, and the tests make the due moves
themselves (``live_tables.play_due``).
"""

from __future__ import annotations

from datetime import timedelta

from flask import Flask

from caddie.core.live.table import LiveTable
from caddie.store.hole_reviews import HoleReviewer
from caddie.store.live_driver import LiveDriver
from caddie.store.live_tables import COMPUTER_PAUSE, UNATTENDED, Timing, seen
from caddie.store.models import LiveTableRecord

__all__ = ["driver_for", "present", "reviewer_for", "timing_for"]


def timing_for(app: Flask) -> Timing:
    """How long computers pause before moving (``LIVE_COMPUTER_PAUSE_S``; 0 in tests), and how long
    they play on at a table nobody is at (``LIVE_UNATTENDED_S``)."""
    seconds = app.config.get("LIVE_COMPUTER_PAUSE_S")
    alone = app.config.get("LIVE_UNATTENDED_S")
    return Timing(
        COMPUTER_PAUSE if seconds is None else timedelta(seconds=float(seconds)),
        UNATTENDED if alone is None else timedelta(seconds=float(alone)),
    )


def present(app: Flask, row: LiveTableRecord, table: LiveTable, held: list[int] | None) -> None:
    """Someone asked for the table: the seats ``held`` (``None``: an onlooker). A person counts
    only at a seat they play themselves; one whose seat a computer plays for them counts as an
    onlooker, so that nobody keeps a table of computers playing by leaving a page open."""
    person = held is not None and any(table.places[seat].level is None for seat in held)
    seen(row, person, timing_for(app))


def driver_for(app: Flask) -> LiveDriver:
    """The app's one ``LiveDriver``: its looks run in the app's context, with its timing."""
    found = app.extensions.get("live_driver")
    if found is None:
        found = app.extensions["live_driver"] = LiveDriver(timing_for(app), app.app_context)
    return found


def reviewer_for(app: Flask) -> HoleReviewer:
    """The app's one ``HoleReviewer``: it works out the reviews of tables of people in the app's
    context. It runs where the driver does (``LIVE_DRIVER``); the route tests work them out
    themselves (``hole_reviews.review_next``)."""
    found = app.extensions.get("hole_reviewer")
    if found is None:
        found = app.extensions["hole_reviewer"] = HoleReviewer(app.app_context)
    return found
