"""The home page: a door to every part of the app, each of which opens."""

from __future__ import annotations

import re


def test_every_door_on_the_home_page_opens(client):
    html = client.get("/").get_data(as_text=True)
    doors = re.findall(r'<a class="door" href="([^"]+)"', html)
    assert {
        "/tally/grid",
        "/tally/clubs",
        "/caddie/",
        "/caddie/clubs/",
        "/ledger/",
        "/play/",
        "/play/clubs/",
        "/courses/",
        "/settings",
    } <= set(doors)
    for href in doors:
        assert client.get(href).status_code == 200, href
