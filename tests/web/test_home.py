"""The home page: the three things people do most first, then what is under way, then the rest."""

from __future__ import annotations

import re

from tests.web.play.test_play_pages import start
from tests.web.test_ledger_pages import deal

MAIN_DOORS = ["/tally/grid", "/ledger/new", "/play/"]


def links(html: str) -> list[str]:
    main = html.split('<main id="main"', 1)[1]
    return re.findall(r'<a class="[^"]*" (?:id="[^"]*" )?href="([^"]+)"', main)


def test_the_three_main_doors_come_first_and_every_link_opens(client):
    html = client.get("/").get_data(as_text=True)
    found = links(html)
    assert found[:3] == MAIN_DOORS
    assert {"/caddie/", "/tally/clubs", "/ledger/", "/courses/", "/rules/", "/settings"} <= set(found)
    assert "Carry on" not in html  # nothing under way yet
    for href in found:
        assert client.get(href).status_code == 200, href


def test_an_open_round_and_a_match_being_played_can_be_taken_up_from_home(client):
    round_id = deal(client, names=("Ann", "Bo"))
    match_id = start(client, opponents=2)
    html = client.get("/").get_data(as_text=True)
    assert "Carry on" in html
    assert f'href="/ledger/r/{round_id}"' in html
    assert f'href="/t/{match_id}"' in html
    assert "Ann, Bo" in html
    assert re.search(r"Grid Golf match, hole 1 of 9\s*</strong>\s*<span class=\"hint\">Against Ada, Bram</span>", html)
    # after the three main doors: the round, then the match (whose own scorecard is not listed twice)
    assert links(html)[3:5] == [f"/ledger/r/{round_id}", f"/t/{match_id}"]
    assert html.count('href="/ledger/r/') == 1


def test_another_browser_sees_nothing_under_way(client, app):
    deal(client, names=("Ann", "Bo"))
    other = app.test_client()
    assert "Carry on" not in other.get("/").get_data(as_text=True)


def test_the_browsers_icon_is_served(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response.headers["Location"].endswith("/static/icon.svg")
    with client.get("/static/icon.svg") as icon:
        assert icon.status_code == 200 and icon.mimetype == "image/svg+xml"
    assert 'rel="icon" href="/static/icon.svg"' in client.get("/").get_data(as_text=True)
