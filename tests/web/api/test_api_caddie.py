"""POST /api/v1/caddie/grid and /api/v1/caddie/clubs: documented answers, sentences for bad input."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from caddie.advisor import advise
from tests.web.api.openapi_check import FUZZ, assert_documented, fetch_document, json_values

GRID = "/api/v1/caddie/grid"
CLUBS = "/api/v1/caddie/clubs"
HAND = [250, 245, 240, 160, 150, 100, 90, 50, 45, 30, 20, 9, 5, 3]


def test_grid_advice_is_documented_and_is_the_advisor_itself(client):
    doc = fetch_document(client)
    view = {"grid": ["K", None, None, "K", "5", None], "discard": "5", "preset": "standard"}
    response = client.post(GRID, json=view)
    assert response.status_code == 200
    body = response.get_json()
    assert_documented(doc, GRID, "post", 200, body)
    assert body["action"] in ("take_discard", "draw")
    assert body["explanation"] and isinstance(body["expected_score"], (int, float))
    assert body == advise(view)  # the API is caddie.advisor.advise, request and response alike


def test_a_drawn_card_gets_a_place_or_a_discard(client):
    body = client.post(
        GRID, json={"grid": ["K", None, None, "K", "5", None], "discard": "9", "drawn": "5", "drawn_from": "deck"}
    ).get_json()
    assert body["action"] in ("swap", "discard")
    if body["action"] == "swap":
        assert body["position"] in (1, 2, 5)


def refused(status, body, field_prefix):
    assert status == 400 and body["error"].endswith((".", "?")), body
    assert (body["field"] or "").startswith(field_prefix), body


def test_bad_grid_views_are_refused_with_the_field(client):
    refused(*_post(client, GRID, {"grid": ["K"]}), "grid")
    refused(*_post(client, GRID, {"grid": ["K"] * 6, "discard": "K"}), "grid")
    refused(*_post(client, GRID, {"grid": [None] * 6, "drawn": "5"}), "drawn")
    refused(*_post(client, GRID, {"grid": [None] * 6, "colour": "red"}), "colour")


def test_club_advice_is_documented_and_optimal_without_upcoming(client):
    doc = fetch_document(client)
    body = client.post(CLUBS, json={"yardage": 412, "hand": HAND}).get_json()
    assert_documented(doc, CLUBS, "post", 200, body)
    assert body["score"] == 4 and sum(body["play"]) == body["total"] >= 412
    ahead = client.post(CLUBS, json={"yardage": 412, "hand": HAND, "upcoming": [530, 170]}).get_json()
    assert_documented(doc, CLUBS, "post", 200, ahead)
    assert ahead["explanation"]


def test_bad_club_requests_are_refused_with_the_field(client):
    refused(*_post(client, CLUBS, {"yardage": "far", "hand": HAND}), "yardage")
    status, body = _post(client, CLUBS, {"yardage": 412, "hand": [999] + HAND[1:]})
    assert status == 400 and body["error"]


def _post(client, path, body):
    response = client.post(path, json=body)
    return response.status_code, response.get_json()


@FUZZ
@given(
    body=st.dictionaries(
        st.sampled_from(
            [
                "grid",
                "discard",
                "drawn",
                "drawn_from",
                "rules",
                "preset",
                "opponents",
                "final_turn",
                "discard_pile",
                "deck_size",
            ]
        ),
        json_values,
        max_size=6,
    )
)
def test_junk_grid_views_never_get_a_500(client, body):
    response = client.post(GRID, json=body)
    assert response.status_code in (200, 400), response.get_data(as_text=True)


@FUZZ
@given(body=st.dictionaries(st.sampled_from(["yardage", "hand", "upcoming", "decks"]), json_values, max_size=4))
def test_junk_club_requests_never_get_a_500(client, body):
    response = client.post(CLUBS, json=body)
    assert response.status_code in (200, 400), response.get_data(as_text=True)
