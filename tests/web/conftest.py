"""Helpers for route tests (here and in the folders below): saving house rules as a browser would,
and the check that no test leaves a live driver running (tests/driver_leaks.py)."""

from __future__ import annotations

import re

import pytest

from caddie.core.clubs.scoring import DEFAULT_BANDS, DEFAULT_DECK
from tests.driver_leaks import no_driver_outlives_its_test  # noqa: F401 (autouse: every route test)

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
