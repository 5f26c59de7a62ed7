"""The one name rule (caddie/core/names.py) at every door a name comes in by: a name holding a
control character is a sentence beside the field (pages) or a 400 naming the field (API), and
nothing is stored, on SQLite and on PostgreSQL (whose text refuses a NUL: that was a 500)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from sqlalchemy import select

from caddie.store.database import db
from caddie.store.models import CourseRecord, LiveTableRecord, Round, RoundPlayer
from tests.web.api.test_api_live import create
from tests.web.live.test_live_pages import Phone, _new_table, _row

SENTENCE = "holds characters that cannot be shown on a scorecard."
BAD_NAMES = ["Bo\x00b", "Bo\x07b", "\x1b[31mBob", "Bob\x7f"]


def stored(app) -> tuple:
    """Every name-bearing row, to show that a refusal stored nothing (a match against computers
    is a table too: a live_tables row)."""
    with app.app_context():
        return (
            sorted(db.session.scalars(select(RoundPlayer.name))),
            sorted(db.session.scalars(select(Round.public_id))),
            sorted(map(tuple, db.session.execute(select(LiveTableRecord.public_id, LiveTableRecord.state)))),
            sorted(db.session.scalars(select(CourseRecord.name))),
        )


def page_error(response) -> str:
    html = response.get_data(as_text=True)
    return " ".join(unescape(e).strip() for e in re.findall(r'class="error"[^>]*>([^<]+)<', html))


def deal_page(phone, name):
    data = {"game": "grid", "holes": "9", "played_on": "2026-11-29", "players-0": "Ann", "players-1": name}
    return phone.post("/ledger/new", data)


def grid_match_page(phone, name):
    data = {"player": name, "opponents": "1", "cards": "6", "negatives": "twos", "holes": "9"}
    return phone.post("/play/", {**data, "seats-0-name": "Ada", "seats-0-level": "steady"})


def grid_opponent_page(phone, name):
    data = {"player": "Pat", "opponents": "1", "cards": "6", "negatives": "twos", "holes": "9"}
    return phone.post("/play/", {**data, "seats-0-name": name, "seats-0-level": "steady"})


def club_match_page(phone, name):
    data = {"player": name, "opponents": "1", "course": "cedar-nine", "seats-0-name": "Ada", "seats-0-level": "steady"}
    return phone.post("/play/clubs/", data)


def new_table_page(phone, name):
    data = {"game": "grid", "name": name, "players": "2", "others-0": "person", "cards": "4", "negatives": "twos"}
    return phone.post("/t/new", {**data, "holes": "9", "clock": ""})


def course_page(phone, name):
    data = {"name": name, "tee": "", **{f"holes-{i}-yardage": "300" for i in range(9)}}
    return phone.post("/courses/new", {**data, **{f"holes-{i}-par": "4" for i in range(9)}, "count": "9"})


PAGES = [deal_page, grid_match_page, grid_opponent_page, club_match_page, new_table_page, course_page]


@pytest.mark.parametrize("name", BAD_NAMES, ids=["nul", "bell", "escape", "delete"])
@pytest.mark.parametrize("door", PAGES, ids=lambda door: door.__name__)
def test_a_page_form_says_a_sentence_beside_the_name_and_stores_nothing(app, door, name):
    phone = Phone(app)
    before = stored(app)
    response = door(phone, name)
    assert response.status_code == 400, response.get_data(as_text=True)[:2000]
    assert SENTENCE in page_error(response)
    assert stored(app) == before


@pytest.mark.parametrize("name", BAD_NAMES, ids=["nul", "bell", "escape", "delete"])
def test_joining_a_live_table_by_page_or_sitting_down_refuses_the_name(app, name):
    host, guest = Phone(app), Phone(app)
    url = _new_table(host, players="2")
    row = _row(app, url)
    before = stored(app)
    for response in (guest.post("/join", {"code": row.code, "name": name}), guest.post(url + "/sit", {"name": name})):
        assert response.status_code == 400 and SENTENCE in response.get_data(as_text=True)
    assert stored(app) == before


@pytest.mark.parametrize("name", BAD_NAMES, ids=["nul", "bell", "escape", "delete"])
def test_the_api_answers_400_naming_the_field_and_stores_nothing(app, client, name):
    before = stored(app)
    response = client.post("/api/v1/rounds", json={"players": ["Ann", name]})
    assert response.status_code == 400 and response.get_json()["field"] == "players[1]"
    assert SENTENCE in response.get_json()["error"]
    response = client.post("/api/v1/tables", json={"name": name, "seats": [{"kind": "person"}] * 2})
    assert response.status_code == 400 and response.get_json() == {"error": f"Your name {SENTENCE}", "field": "name"}
    table = create(client)
    before = stored(app)
    response = app.test_client().post(f"/api/v1/tables/{table['code']}/join", json={"name": name})
    assert response.status_code == 400 and response.get_json() == {"error": f"Your name {SENTENCE}", "field": "name"}
    assert stored(app) == before


def test_a_refused_name_leaves_the_rest_of_the_form_as_typed(app):
    phone = Phone(app)
    html = deal_page(phone, "Bo\x07b").get_data(as_text=True)
    assert 'value="Ann"' in html and SENTENCE.replace("'", "&#39;") in html
