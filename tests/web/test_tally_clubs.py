"""The Club Cards Tally page through the Flask test client."""

from __future__ import annotations

import html as htmllib
import re

import pytest


def errors(html: str) -> list[str]:
    return [htmllib.unescape(e) for e in re.findall(r'class="error"[^>]*>([^<]+)<', html)]


def stat(html: str, name: str) -> str:
    return re.search(r'<span class="value">(\d+)</span><span class="name">' + name, html).group(1)


def test_a_hole_is_scored_with_strokes_and_penalty(client):
    html = client.get("/tally/clubs?yardage=412&played=250,160,3").get_data(as_text=True)
    assert re.search(r'id="club-score">4<', html)
    assert (stat(html, "strokes"), stat(html, "yards"), stat(html, "over"), stat(html, "penalty")) == (
        "3",
        "413",
        "1",
        "1",
    )


def test_short_of_the_yardage_is_an_error_not_a_score(client):
    html = client.get("/tally/clubs?yardage=412&played=250,160").get_data(as_text=True)
    assert 'id="club-score"' not in html
    assert any("2 short of the hole's 412" in e for e in errors(html))


def test_tapping_cards_adds_and_removes_them(client):
    location = client.get("/tally/clubs?yardage=412&played=250&add=160").headers["Location"]
    assert location == "/tally/clubs?yardage=412&played=250,160"
    assert (
        client.get("/tally/clubs?yardage=412&played=250,160,3&remove=1").headers["Location"]
        == "/tally/clubs?yardage=412&played=250,3"
    )
    assert (
        client.get("/tally/clubs?yardage=412&played=250,160&clear=1").headers["Location"] == "/tally/clubs?yardage=412"
    )


def test_htmx_gets_the_fragment(client):
    response = client.get("/tally/clubs?yardage=412&played=250,160&add=3", headers={"HX-Request": "true"})
    assert "<html" not in response.get_data(as_text=True) and "<form" not in response.get_data(as_text=True)
    assert response.headers["HX-Push-Url"] == "/tally/clubs?yardage=412&played=250,160,3"


def test_a_card_used_up_is_disabled_and_refused(client):
    html = client.get("/tally/clubs?yardage=412&played=250").get_data(as_text=True)
    assert re.search(r'id="club-250"\s+disabled', html)
    html = client.get("/tally/clubs?yardage=412&played=250&add=250").get_data(as_text=True)
    assert "2 cards of 250 yards, but one deck holds it only once." in errors(html)
    assert 'name="played" value="250"' in html


def test_two_decks_for_a_table_of_four(client, settings_saver):
    settings_saver(players=4)
    location = client.get("/tally/clubs?yardage=500&played=250&add=250").headers["Location"]
    assert location == "/tally/clubs?yardage=500&played=250,250"


@pytest.mark.parametrize(
    "query, message",
    [
        ("yardage=abc", '"abc" is not a yardage'),
        ("yardage=0", "between 1 and 1000 yards"),
        ("yardage=5000", "between 1 and 1000 yards"),
        ("yardage=400&played=250&add=251", "There is no 251-yard card in the deck in use."),
        ("yardage=400&typed=250+abc&fill=1", '"abc" is not a yardage card'),
        ("yardage=400&typed=250+999&fill=1", "There is no 999-yard card"),
        ("yardage=400&typed=&fill=1", "Type the yardages of the cards played"),
    ],
)
def test_bad_input_gets_a_sentence_and_keeps_what_was_entered(client, query, message):
    response = client.get("/tally/clubs?" + query)
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert any(message in e for e in errors(html)), errors(html)
    yardage = re.search(r"yardage=([^&]*)", query).group(1)
    assert f'value="{yardage}"' in html


def test_typed_cards_and_the_yardage_with_units(client):
    html = client.get("/tally/clubs?yardage=412+yds&typed=250,+160+3&fill=1", follow_redirects=True).get_data(
        as_text=True
    )
    assert re.search(r'id="club-score">4<', html)


def test_tampered_urls_are_not_500s(client):
    for query in (
        "played=abc",
        "played=250,250,250",
        "remove=99&played=3",
        "add=-5",
        "add=99999999999999999999",
        "yardage=%00",
        "played=" + ",".join(["3"] * 500),
    ):
        assert client.get("/tally/clubs?" + query).status_code in (200, 303), query


def test_a_custom_penalty_chart_is_used(client, settings_saver):
    settings_saver(**{"chart-1-up_to": "5", "chart-1-strokes": "2"})
    html = client.get("/tally/clubs?yardage=412&played=250,160,3").get_data(as_text=True)
    assert stat(html, "penalty") == "2"
