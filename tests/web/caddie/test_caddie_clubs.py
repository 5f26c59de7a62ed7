"""The Club Cards caddie at a real table: a whole round through its URL, hole by hole."""

from __future__ import annotations

import random
import re
from urllib.parse import parse_qs, urlsplit

import pytest

from caddie.core.clubs.caddie import advise_hole
from caddie.core.clubs.scoring import score_club_hole
from caddie.core.courses.course import SAMPLE_COURSES

PATH = "/caddie/clubs/"
CEDAR = SAMPLE_COURSES["cedar-nine"]
HAND = [250, 230, 200, 170, 150, 135, 110, 90, 45, 30, 20, 9, 5, 3]
CHECKED = re.compile(r'<input type="checkbox" name="pick" value="(\d+)" checked>')


def follow(client, url):
    """A plain browser's tap: the redirect to the clean URL, then that page."""
    response = client.get(url)
    if response.status_code == 303:
        location = response.headers["Location"]
        return location, client.get(location).get_data(as_text=True)
    return url, response.get_data(as_text=True)


def state(url) -> dict:
    return {k: v[0] for k, v in parse_qs(urlsplit(url).query).items()}


def dealt(client, hand=HAND, course="cedar-nine"):
    url = f"{PATH}?course={course}&hole=1"
    for card in hand:
        url, html = follow(client, f"{url}&add={card}")
    return url, html


def test_the_first_page_asks_for_a_course_and_lists_no_random_one(client):
    html = client.get(PATH).get_data(as_text=True)
    assert 'id="club-setup"' in html and 'value="cedar-nine"' in html and "random" not in html.lower()
    response = client.get(f"{PATH}?course=cedar-nine&hole=3&start=1")
    assert response.status_code == 303 and state(response.headers["Location"]) == {"course": "cedar-nine", "hole": "3"}


def test_the_caddie_ticks_its_play_and_playing_it_moves_to_the_next_hole(client):
    url, html = dealt(client)
    upcoming = [h.yardage for h in CEDAR.holes[1:]]
    advice = advise_hole(HAND, CEDAR.holes[0].yardage, upcoming)
    assert sorted(map(int, CHECKED.findall(html))) == sorted(advice.play.cards)
    assert 'id="advice-say"' in html and f'id="selection-score">{advice.play.score}<' in html
    picks = "".join(f"&pick={c}" for c in advice.play.cards)
    url, html = follow(client, f"{url}&picked=1{picks}&played=1")
    after = state(url)
    assert after["hole"] == "2" and after["scores"] == str(advice.play.score)
    left = list(HAND)
    for card in advice.play.cards:
        left.remove(card)
    assert after["hand"] == ",".join(map(str, left))
    assert "Tap the 2 cards you drew" in html or f"Tap the {len(advice.play.cards)} cards you drew" in html


def test_a_changed_selection_is_kept_in_the_address_and_scored(client):
    url, _ = dealt(client)
    response = client.get(f"{url}&picked=1&pick=250&pick=90", headers={"HX-Request": "true"})
    assert "<html" not in response.get_data(as_text=True)
    pushed = response.headers["HX-Push-Url"]
    assert parse_qs(urlsplit(pushed).query)["pick"] == ["250", "90"]
    html = client.get(pushed).get_data(as_text=True)
    assert sorted(map(int, CHECKED.findall(html))) == [90, 250]
    expected = score_club_hole(CEDAR.holes[0].yardage, [250, 90])
    assert f'id="selection-score">{expected.score}<' in html


def test_playing_cards_short_of_the_hole_is_refused_and_changes_nothing(client):
    url, _ = dealt(client)
    response = client.get(f"{url}&picked=1&pick=3&played=1")
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and 'id="walk-error"' in html and "307 short of the hole" in html
    assert response.headers.get("Location") is None
    assert 'name="hole" value="1"' in html


def test_a_card_the_decks_do_not_hold_again_is_refused_by_name(client):
    url = f"{PATH}?course=cedar-nine&hole=1&hand=250"
    html = client.get(f"{url}&add=250").get_data(as_text=True)
    assert "You already hold every 250: one deck holds it only 1 time." in html


def test_a_short_hand_plays_every_card_then_counts_the_cards_turned(client):
    small = [45, 40, 35, 30, 25, 20, 18, 15, 12, 10, 9, 8, 7, 6]  # 280 yards for a 310-yard hole
    url, html = dealt(client, small)
    assert "Play every card: your hand reaches only 280 of 310 yards." in html
    assert 'id="played"' in html and "disabled" in re.search(r'<button[^>]*id="played"[^>]*>', html).group(0)
    refused = client.get(f"{url}&add=20").get_data(as_text=True)  # the only 20 is in the hand
    assert "Every 20-yard card the deck holds is in your hand or turned already" in refused
    url, html = follow(client, f"{url}&add=50")
    assert re.search(r">330</b> yds ·\s+20 over", html) and 'id="selection-score">17<' in html
    refused = client.get(f"{url}&add=3").get_data(as_text=True)
    assert "You have reached the hole already" in refused
    url, html = follow(client, f"{url}&played=1")
    expected = score_club_hole(310, small + [50])  # 15 strokes + 2 penalty
    assert expected.score == 17
    assert state(url)["scores"] == "17" and "hand" not in state(url)


def test_a_whole_round_to_the_last_hole(client):
    rng = random.Random(4)
    deck = list(HAND)
    url, html = dealt(client, deck)
    pool = [
        250,
        245,
        240,
        235,
        225,
        220,
        215,
        210,
        195,
        190,
        185,
        180,
        175,
        165,
        160,
        155,
        145,
        140,
        130,
        125,
        120,
        115,
        100,
        80,
        70,
        60,
        50,
        40,
        35,
        25,
        18,
        15,
        12,
        10,
        8,
        7,
        6,
        4,
    ]
    rng.shuffle(pool)
    for hole in range(1, len(CEDAR.holes) + 1):
        assert f'name="hole" value="{hole}"' in html
        url, html = follow(client, f"{url}&played=1")  # the caddie's play, as ticked
        if hole < len(CEDAR.holes):
            while "you drew" in html:
                url, html = follow(client, f"{url}&add={pool.pop()}")
    assert "Round over:" in html and 'id="walk-card"' in html
    scores = list(map(int, state(url)["scores"].split(",")))
    assert len(scores) == 9 and f"Round over: {sum(scores)} strokes" in html


@pytest.mark.parametrize(
    "query",
    [
        "course=nowhere",
        "course=cedar-nine&hole=99&hand=abc",
        "course=cedar-nine&hand=9999,250,250,250",
        "course=cedar-nine&hole=1&scores=x&turned=-3",
        "course=cedar-nine&remove=77",
        "course=cedar-nine&played=1",
        "course=random-18&start=1",
        "course=cedar-nine&pick=%00&picked=1",
        "course=mine:nope",
    ],
)
def test_a_mangled_address_never_breaks_the_page(client, query):
    response = client.get(f"{PATH}?{query}")
    assert response.status_code in (200, 303)
    if response.status_code == 200:
        assert "Caddie" in response.get_data(as_text=True)


def test_the_hole_just_played_can_go_into_a_ledger_round(client, csrf_token):
    token = csrf_token("/ledger/new")
    client.post(
        "/ledger/new",
        data={
            "csrf_token": token,
            "game": "clubs",
            "holes": "9",
            "course": "cedar-nine",
            "players-0": "Pat",
            "players-1": "Sam",
            "played_on": "2026-11-29",
        },
    )
    url, _ = dealt(client)
    _, html = follow(client, f"{url}&played=1")
    assert 'id="to-ledger"' in html and "to the ledger" in html
