"""The caddie's walkthrough through the Flask test client: its state is the URL."""

from __future__ import annotations

import html as htmllib
import re

import pytest


def said(page: str) -> str:
    match = re.search(r'id="advice-say">([^<]+)<', page)
    return htmllib.unescape(match.group(1)) if match else ""


def location(response) -> str:
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    return response.headers["Location"]


def test_after_the_deal_the_caddie_says_which_cards_to_turn_up(client):
    page = client.get("/caddie/").get_data(as_text=True)
    assert said(page).startswith("Turn up ")
    assert "slot legal" in page  # the advised cards are marked


def test_a_hole_step_by_step(client):
    # turn up two cards
    url = location(client.get("/caddie/?size=6&grid=,,,,,&step=flip&pick=0"))
    assert "slot=0" in url
    url = location(client.get(url + "&key=K"))
    url = location(client.get(url.replace("step=flip", "step=flip") + "&pick=4"))
    url = location(client.get(url + "&key=5"))
    assert "grid=K,,,,5," in url and "step=discard" in url
    # the top of the discard pile, then the caddie's word
    url = location(client.get(url + "&key=K"))
    page = client.get(url).get_data(as_text=True)
    assert "step=advice" in url and said(page)
    apply = re.search(r'name="do" value="([^"]+)" class="primary" id="apply-advice"', page).group(1)
    url = location(client.get(url + "&do=" + apply))
    if "step=reveal" in url:  # the card went over a face-down card: what was it?
        url = location(client.get(url + "&key=9"))
        assert "pile=" in url and "9" in url
    assert re.search(r"step=(wait|drawn|place|done)", url)


def test_a_drawn_card_is_placed_where_the_caddie_says(client):
    url = "/caddie/?size=6&grid=K,,,,5,&step=drawn&discard=Q&pile=Q"
    url = location(client.get(url + "&key=2"))
    assert "drawn=2" in url and "from=deck" in url and "step=place" in url
    page = client.get(url).get_data(as_text=True)
    assert said(page)
    assert re.search(r'name="do" value="(swap:\d|discard(:\d)?)" class="primary" id="apply-advice"', page)


def test_the_end_of_the_hole_turns_up_the_rest_and_scores(client):
    url = location(client.get("/caddie/?size=4&grid=K,5,K,&step=wait&do=end"))
    assert "step=final" in url
    url = location(client.get(url + "&key=5"))
    assert "step=done" in url
    page = client.get(url).get_data(as_text=True)
    assert "The hole is over: you scored 0." in htmllib.unescape(page)


@pytest.mark.parametrize("query", [
    "size=7&grid=Z,Z&step=nowhere", "do=take:99", "do=swap:x", "pick=42", "key=JOKER", "grid=" + "K," * 99,
    "step=advice&discard=K&pile=K,K,K,K,K,K", "step=reveal&slot=-1&key=3", "do=bogus",
])
def test_a_tampered_url_is_never_a_500(client, query):
    assert client.get("/caddie/?" + query).status_code in (200, 303)


def test_the_walkthrough_is_a_get_page_with_a_fragment_for_htmx(client):
    response = client.get("/caddie/?size=6&grid=K,,,,5,&step=discard&key=4", headers={"HX-Request": "true"})
    assert response.status_code == 200 and "<html" not in response.get_data(as_text=True)
    assert response.headers["HX-Push-Url"].startswith("/caddie/?size=6")
