"""Helpers for route tests: saving house rules as a browser would."""

from __future__ import annotations

import re
import threading

import pytest

from caddie.core.clubs.scoring import DEFAULT_BANDS, DEFAULT_DECK

VERSION = re.compile(r'id="version" name="version" type="hidden" value="(\d*)"')


def settings_form(**changes) -> dict:
    """The Settings form as the browser sends it for the default table, with ``changes``."""
    data = {
        "cards": "6",
        "king": "10",
        "negatives": "twos",
        "negative_pairs": "zero",
        "end": "immediate",
        "initial_flips": "2",
        "holes": "9",
        "players": "2",
        "club_deck": " ".join(map(str, DEFAULT_DECK)),
        "beyond": "5",
    }
    for i, band in enumerate(DEFAULT_BANDS):
        data[f"chart-{i}-up_to"], data[f"chart-{i}-strokes"] = str(band.up_to), str(band.strokes)
    data.update({k: str(v) for k, v in changes.items() if v is not None})
    for k, v in changes.items():
        if v is None:
            data.pop(k, None)
    return data


@pytest.fixture
def settings_saver(client, csrf_token):
    """Save settings through the real form; returns the response."""

    def save(**changes):
        html = client.get("/settings").get_data(as_text=True)
        version = VERSION.search(html).group(1)
        data = settings_form(**changes)
        data.setdefault("csrf_token", csrf_token("/settings"))
        data.setdefault("version", version)
        if changes.get("discard_flip") is False:
            data.pop("discard_flip")
        response = client.post("/settings", data=data)
        assert response.status_code == 303, response.get_data(as_text=True)
        return response

    return save


@pytest.fixture(autouse=True)
def no_driver_outlives_its_test():
    """A route test's app makes no computer move by itself (LIVE_DRIVER is off under TESTING). An
    app that serves a request with the driver on starts a thread that outlives the test: in the
    PostgreSQL run, where one test process's tests share a schema, it would make the computers'
    moves of the tests after it. Such a test stops its driver (or leaves it off); this says which
    test did not. (A browser test's server, in the same process, keeps its driver for the whole
    session: only a thread this test started counts.)"""
    before = set(_live_drivers())
    yield
    leaked = [thread for thread in _live_drivers() if thread not in before]
    assert not leaked, "this test left a live driver thread running: stop it, or set LIVE_DRIVER to False"


def _live_drivers() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name == "live-driver" and thread.is_alive()]
