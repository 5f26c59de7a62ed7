"""JSON API v1: the ledger endpoints (docs/api.md, the /rounds endpoints; docs/ledger.md,
"Who may read and write" and "Versioned writes").

POST /api/v1/rounds, GET /api/v1/rounds/<id>, PUT /api/v1/rounds/<id>/holes/<n>:
round trips for both games, the scorecard's arithmetic on hand-worked cards,
who may read and write, every refusal (and that a refusal writes nothing),
the OpenAPI document's ledger part, and junk that must never be a 500.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlalchemy import select

from caddie.core.clubs.scoring import ClubRules
from caddie.core.courses.course import SAMPLE_COURSES
from caddie.core.grid.rules import PRESETS, Rules
from caddie.openapi import EXAMPLE_EDIT_TOKEN, EXAMPLE_ROUND_ID, EXAMPLE_SHARE_TOKEN
from caddie.store.database import db
from caddie.store.ledger import delete_round, edit_grant, find_round
from caddie.store.models import HoleScore, Round
from tests.conftest import open_link
from tests.web.api.openapi_check import (
    FUZZ,
    assert_documented,
    assert_error,
    examples_of,
    fetch_document,
    json_scalars,
    json_values,
    request_schema,
    response_schema,
    schema_errors,
)
from tests.web.round_trips import RoundTrips

ROUNDS = "/api/v1/rounds"
ROUND_PATH = "/api/v1/rounds/{round_id}"
HOLE_PATH = "/api/v1/rounds/{round_id}/holes/{hole}"
NO_ROUND = {"error": "There is no round at this address.", "field": None}
DASH = "\u2013"


# -- talking to the API ---------------------------------------------------------------------------


def answer(response):
    assert response.is_json, (response.status_code, response.get_data(as_text=True))
    return response.status_code, json.loads(response.get_data(as_text=True))


def create(client, **body):
    """POST a round; assert it was dealt and return the whole 201 answer."""
    body.setdefault("players", ["Ann", "Bo"])
    response = client.post(ROUNDS, json=body)
    status, created = answer(response)
    assert status == 201, created
    return created


def get(client, round_id, token=None):
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    return answer(client.get(f"{ROUNDS}/{round_id}", headers=headers))


def put(client, round_id, hole, body, token=None, if_match=None):
    headers = {}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    if if_match is not None:
        headers["If-Match"] = if_match
    return answer(client.put(f"{ROUNDS}/{round_id}/holes/{hole}", json=body, headers=headers))


def scores(client, round_id, hole, **by_name):
    """Write one hole's scores (blind) and return the round."""
    status, body = put(client, round_id, hole, {"scores": by_name})
    assert status == 200, body
    return body


def line(round_, name):
    [found] = [p for p in round_["players"] if p["name"] == name]
    return found


def standing(round_, name):
    """(out, in, total, thru, delta, delta_text, leader) of a player."""
    p = line(round_, name)
    return p["out"], p["in"], p["total"], p["thru"], p["delta"], p["delta_text"], p["leader"]


def stored(app):
    """Everything the database holds about rounds, to show that a refusal changed nothing."""
    with app.app_context():
        rounds = db.session.execute(select(Round.public_id, Round.version, Round.deleted_at)).all()
        cells = db.session.execute(
            select(HoleScore.player_id, HoleScore.hole, HoleScore.score, HoleScore.version)
        ).all()
        return sorted(map(tuple, rounds)), sorted(map(tuple, cells))


@pytest.fixture
def stranger(app):
    """Another browser: no cookie of the owner's, no edit grant."""
    return app.test_client()


@pytest.fixture
def doc(client):
    return fetch_document(client)


# == POST /api/v1/rounds and GET /api/v1/rounds/<id> ==============================================


def test_grid_round_round_trip(client, doc):
    response = client.post(ROUNDS, json={"players": ["Ann", "Bo"]})
    status, created = answer(response)
    assert status == 201
    assert_documented(doc, ROUNDS, "post", 201, created)
    round_ = created["round"]
    rid = round_["id"]
    assert response.headers["Location"] == f"/api/v1/rounds/{rid}"
    assert response.headers["ETag"] == '"1"'
    assert "session=" in response.headers["Set-Cookie"]  # the caller now owns the round
    assert created["links"] == {
        "page": f"/ledger/r/{rid}",
        "share": f"/ledger/s/{created['share_token']}",
        "edit": f"/ledger/e/{created['edit_token']}",
        "api": f"/api/v1/rounds/{rid}",
    }
    assert created["edit_token"] != created["share_token"]
    # the defaults: 18 holes of Grid Golf, the fresh client's table (the standard rules), no course, today
    assert round_["game"] == "grid" and round_["holes"] == 18 and round_["course"] is None
    assert round_["rules"] == Rules().to_dict()
    assert round_["version"] == 1 and round_["complete"] is False and round_["winners"] == []
    assert [p["name"] for p in round_["players"]] == ["Ann", "Bo"]
    for p in round_["players"]:
        assert p["scores"] == [None] * 18 and p["versions"] == [0] * 18
        assert (p["out"], p["in"], p["total"], p["thru"], p["delta"], p["delta_text"], p["leader"], p["vs_par"]) == (
            None,
            None,
            None,
            0,
            None,
            DASH,
            False,
            None,
        )

    response = client.get(f"{ROUNDS}/{rid}")
    assert response.status_code == 200 and response.headers["ETag"] == '"1"'
    assert answer(response)[1] == round_

    response = client.put(f"{ROUNDS}/{rid}/holes/1", json={"scores": {"Ann": 5, "Bo": -2}})
    status, after = answer(response)
    assert status == 200 and response.headers["ETag"] == '"2"'
    assert_documented(doc, HOLE_PATH, "put", 200, after)
    assert after["version"] == 2
    assert line(after, "Ann")["scores"][:2] == [5, None] and line(after, "Ann")["versions"][:2] == [1, 0]
    assert standing(after, "Ann") == (5, None, 5, 1, 7, "+7", False)
    assert standing(after, "Bo") == (-2, None, -2, 1, 0, "E", True)
    assert get(client, rid) == (200, after)


def test_the_links_open_the_ledger_pages(client, stranger):
    created = create(client)
    assert client.get(created["links"]["page"]).status_code == 200
    assert stranger.get(created["links"]["share"]).status_code == 200
    assert open_link(stranger, created["links"]["edit"]).status_code == 303
    assert get(stranger, created["round"]["id"])[0] == 200  # the edit link granted this browser the round


def test_preset_and_rules_shape_the_grid_round(client):
    round_ = create(client, preset="classic", rules={"cards": 8, "negatives": "both"})["round"]
    assert round_["rules"] == dict(PRESETS["classic"].to_dict(), cards=8, negatives="both")
    round_ = create(client, preset="bicycle")["round"]
    assert round_["rules"] == PRESETS["bicycle"].to_dict()


def test_grid_round_takes_the_browsers_saved_table(client, settings_saver):
    settings_saver(king="0", cards="8", holes="18")
    saved = dict(Rules().to_dict(), king=0, cards=8, holes=18)
    assert create(client)["round"]["rules"] == saved
    # rules alone go over the browser's table; a preset replaces it
    assert create(client, rules={"negatives": "both"})["round"]["rules"] == dict(saved, negatives="both")
    assert create(client, preset="standard")["round"]["rules"] == Rules().to_dict()
    with client.application.app_context():
        dealt = db.session.scalars(select(Round).order_by(Round.id)).all()
        assert [r.rules["preset"] for r in dealt] == ["custom", "custom", "standard"]


def test_clubs_round_on_a_sample_course(client, doc):
    created = create(client, players=["Ann", "Bo"], game="clubs", course="cedar-nine")
    round_ = created["round"]
    cedar = SAMPLE_COURSES["cedar-nine"]
    assert round_["holes"] == 9  # the course's length when holes is not given
    assert round_["course"] == cedar.to_dict() and round_["course"]["sample"] is True
    assert round_["rules"] == ClubRules().to_dict()
    rid = round_["id"]
    # par 4, 3, 5 on holes 1 to 3
    scores(client, rid, 1, Ann=5, Bo=4)
    after = scores(client, rid, 2, Ann=2)
    assert_documented(doc, ROUND_PATH, "get", 200, get(client, rid)[1])
    assert line(after, "Ann")["vs_par"] == 7 - 7 and line(after, "Bo")["vs_par"] == 4 - 4
    after = scores(client, rid, 3, Ann=7, Bo=4)
    assert standing(after, "Ann") == (14, None, 14, 3, 6, "+6", False)
    assert standing(after, "Bo") == (8, None, 8, 2, 0, "E", True)
    assert line(after, "Ann")["vs_par"] == 14 - 12
    assert line(after, "Bo")["vs_par"] == 8 - 9  # par of the holes Bo has entered, 4 + 5
    for hole in range(4, 10):
        after = scores(client, rid, hole, Ann=cedar.holes[hole - 1].par, Bo=cedar.holes[hole - 1].par + 1)
    assert after["complete"] is False  # Bo has no hole 2
    after = scores(client, rid, 2, Bo=3)
    assert after["complete"] is True
    assert cedar.par == 35  # holes 4 to 9 are par 23
    assert standing(after, "Ann") == (37, None, 37, 9, 0, "E", True) and line(after, "Ann")["vs_par"] == 2
    assert standing(after, "Bo") == (40, None, 40, 9, 3, "+3", False) and line(after, "Bo")["vs_par"] == 5
    assert after["winners"] == ["Ann"]


def test_clubs_round_on_a_course_of_ones_own(client):
    holes = [{"yardage": 100 + 10 * i, "par": 3 + i % 3} for i in range(18)]
    course = {"name": "  Home   Links ", "tee": "Yellow", "holes": holes}
    round_ = create(client, players=["Ann"], game="clubs", holes=9, course=course)["round"]
    assert round_["holes"] == 9
    assert round_["course"] == {"name": "Home Links", "tee": "Yellow", "sample": False, "holes": holes}
    round_ = create(client, players=["Ann"], game="clubs", course=dict(course, tee=""))["round"]
    assert round_["holes"] == 18 and round_["course"]["tee"] == ""
    after = scores(client, round_["id"], 18, Ann=1)
    assert standing(after, "Ann") == (None, 1, 1, 1, 0, "E", True) and line(after, "Ann")["vs_par"] == 1 - 5


def test_played_on_and_a_sample_key_typed_loosely(client):
    round_ = create(client, game="clubs", course=" Whistling-Pines ", played_on="2024-02-29")["round"]
    assert round_["played_on"] == "2024-02-29" and round_["course"]["name"] == "Whistling Pines"
    assert round_["holes"] == 18


def test_unicode_names_are_kept_and_matched_loosely(client):
    round_ = create(client, players=["  Zoë  ", "李 小龙", "Ωmega\u00a0Ray", "🏌️ Max"])["round"]
    assert [p["name"] for p in round_["players"]] == ["Zoë", "李 小龙", "Ωmega Ray", "🏌️ Max"]
    after = scores(client, round_["id"], 1, **{"ZOË": -3, "李  小龙": 0, " ωMEGA RAY ": 4, "🏌️ max": 2})
    assert [p["scores"][0] for p in after["players"]] == [-3, 0, 4, 2]


# == the scorecard's arithmetic ===================================================================

ANN = [5, -2, 0, 3, 10, -4, 7, 2, 1, 4, 6, -2, 0, 8, 3, -1, 5, 2]  # out 22, in 25, total 47
BO = [3, 4, 4, -2, 6, 1, 2, 0, 5, 6, 2, 3, 1, 5, 0, 4, -3, 6]  # out 23, in 24, total 47
CY = [10, 12, -4, 8, 15, 9, 3, 6, 11, 7, 9, 8, 4, 12, 5, 6, 10, 2]  # out 70, in 63, total 133


def test_hand_worked_eighteen_holes(client, doc):
    rid = create(client, players=["Ann", "Bo", "Cy"], holes=18)["round"]["id"]
    # holes 1 and 2 for Ann and Bo only: Cy has not played, which is not zero
    scores(client, rid, 1, Ann=5, Bo=3)
    after = scores(client, rid, 2, Ann=-2, Bo=4)
    assert standing(after, "Ann") == (3, None, 3, 2, 0, "E", True)
    assert standing(after, "Bo") == (7, None, 7, 2, 4, "+4", False)
    assert standing(after, "Cy") == (None, None, None, 0, None, DASH, False)

    for hole in range(1, 19):
        body = {"Ann": ANN[hole - 1], "Bo": BO[hole - 1]}
        if hole <= 9:
            body["Cy"] = CY[hole - 1]
        after = scores(client, rid, hole, **body)
    # Cy is thru 9: each row shows its Thru so the comparison is honest
    assert standing(after, "Ann") == (22, 25, 47, 18, 0, "E", True)
    assert standing(after, "Bo") == (23, 24, 47, 18, 0, "E", True)
    assert standing(after, "Cy") == (70, None, 70, 9, 23, "+23", False)
    assert after["complete"] is False and after["winners"] == []

    for hole in range(10, 19):
        after = scores(client, rid, hole, Cy=CY[hole - 1])
    assert standing(after, "Cy") == (70, 63, 133, 18, 86, "+86", False)
    assert after["complete"] is True
    assert after["winners"] == ["Ann", "Bo"]  # the tie is shared
    assert [p["vs_par"] for p in after["players"]] == [None, None, None]
    assert_documented(doc, HOLE_PATH, "put", 200, after)
    assert get(client, rid)[1] == after


def test_nine_hole_round_with_negative_totals(client):
    rid = create(client, players=["Ann", "Bo"], holes=9)["round"]["id"]
    for hole, (a, b) in enumerate(
        [(-2, 3), (-4, -2), (0, 1), (5, 0), (-2, -2), (1, 6), (-3, 2), (0, 0), (2, -1)], start=1
    ):
        after = scores(client, rid, hole, Ann=a, Bo=b)
        assert after["complete"] is (hole == 9)
    assert all(len(p["scores"]) == 9 and len(p["versions"]) == 9 for p in after["players"])
    assert standing(after, "Ann") == (-3, None, -3, 9, 0, "E", True)
    assert standing(after, "Bo") == (7, None, 7, 9, 10, "+10", False)
    assert after["winners"] == ["Ann"]
    assert_error(*put(client, rid, 10, {"scores": {"Ann": 1}}), "hole")


def test_leader_changes_and_winners_follow_corrections(client):
    rid = create(client, players=["Ann", "Bo"], holes=9)["round"]["id"]
    for hole in range(1, 10):
        after = scores(client, rid, hole, Ann=4, Bo=4)
    assert after["winners"] == ["Ann", "Bo"] and [p["delta_text"] for p in after["players"]] == ["E", "E"]
    after = scores(client, rid, 5, Bo=3)
    assert after["winners"] == ["Bo"] and line(after, "Ann")["delta_text"] == "+1"
    assert line(after, "Bo")["versions"][4] == 2


def test_clearing_a_cell(client):
    rid = create(client, players=["Ann", "Bo"], holes=9)["round"]["id"]
    scores(client, rid, 1, Ann=5, Bo=6)
    scores(client, rid, 2, Ann=4)
    after = scores(client, rid, 1, Ann=None)
    assert line(after, "Ann")["scores"][:2] == [None, 4]
    assert line(after, "Ann")["versions"][:2] == [2, 1]  # a cleared cell keeps counting its versions
    assert standing(after, "Ann") == (4, None, 4, 1, 0, "E", True)
    assert standing(after, "Bo") == (6, None, 6, 1, 2, "+2", False)
    after = scores(client, rid, 2, Ann=None)
    assert standing(after, "Ann") == (None, None, None, 0, None, DASH, False)
    assert standing(after, "Bo") == (6, None, 6, 1, 0, "E", True)
    # clearing with the version seen works too
    after = put(client, rid, 1, {"scores": {"Bo": None}, "versions": {"Bo": 1}})[1]
    assert line(after, "Bo")["scores"][0] is None and after["complete"] is False


# == refusals: 400, and nothing written ===========================================================


@pytest.mark.parametrize(
    "body, field, words",
    [
        ({}, "players", "Name the players"),
        ({"players": []}, "players", "Name the players"),
        ({"players": "Ann, Bo"}, "players", "as a list"),
        ({"players": None}, "players", "as a list"),
        ({"players": {"Ann": 1}}, "players", "as a list"),
        ({"players": ["Ann", 7]}, "players[1]", "is text"),
        ({"players": [["Ann"]]}, "players[0]", "is text"),
        ({"players": ["Ann", None]}, "players[1]", "is text"),
        ({"players": ["Ann", "   "]}, "players[1]", "blank"),
        ({"players": ["Ann", "Bo\x00"]}, "players[1]", "cannot be shown"),
        ({"players": ["Ann", "Bo\x1b[31m"]}, "players[1]", "cannot be shown"),
        ({"players": ["A" * 25]}, "players[0]", "24 characters"),
        ({"players": ["Ann", " ANN "]}, "players", 'Two players are called "ANN"'),
        ({"players": [f"P{i}" for i in range(9)]}, "players", "at most 8 players"),
        ({"players": ["Ann"], "holes": 12}, "holes", "9 or 18"),
        ({"players": ["Ann"], "holes": "9"}, "holes", "9 or 18"),
        ({"players": ["Ann"], "holes": 9.0}, "holes", "9 or 18"),
        ({"players": ["Ann"], "holes": True}, "holes", "9 or 18"),
        ({"players": ["Ann"], "holes": None}, "holes", "9 or 18"),
        ({"players": ["Ann"], "holes": 10**40}, "holes", "9 or 18"),
        ({"players": ["Ann"], "game": "poker"}, "game", '"grid"'),
        ({"players": ["Ann"], "game": None}, "game", '"grid"'),
        ({"players": ["Ann"], "game": ["clubs"]}, "game", '"grid"'),
        ({"players": ["Ann"], "preset": "house"}, "preset", '"house" is not a preset'),
        ({"players": ["Ann"], "preset": 3}, "preset", "preset is a name"),
        ({"players": ["Ann"], "rules": {"king": 5}}, "rules.king", "10, 0 or −2"),
        ({"players": ["Ann"], "rules": {"kings": 0}}, "rules.kings", "not a rules field"),
        ({"players": ["Ann"], "rules": [0]}, "rules", "object"),
        ({"players": ["Ann"], "rules": None}, "rules", "object"),
        ({"players": ["Ann"], "course": "cedar-nine"}, "course", "no course"),
        ({"players": ["Ann"], "course": {"name": "X"}}, "course", "no course"),
        ({"players": ["Ann"], "game": "clubs"}, "course", "Choose a course"),
        ({"players": ["Ann"], "game": "clubs", "course": None}, "course", "Choose a course"),
        ({"players": ["Ann"], "game": "clubs", "course": "augusta"}, "course", '"augusta" is not a sample'),
        ({"players": ["Ann"], "game": "clubs", "course": 3}, "course", "key of a sample course"),
        ({"players": ["Ann"], "game": "clubs", "course": ["cedar-nine"]}, "course", "key of a sample course"),
        ({"players": ["Ann"], "game": "clubs", "course": "cedar-nine", "holes": 18}, "holes", "only 9 holes"),
        (
            {"players": ["Ann"], "game": "clubs", "course": "cedar-nine", "preset": "classic"},
            "preset",
            "do not apply to a Club Cards round",
        ),
        (
            {"players": ["Ann"], "game": "clubs", "course": "cedar-nine", "rules": {}},
            "rules",
            "do not apply to a Club Cards round",
        ),
        (
            {"players": ["Ann"], "game": "clubs", "course": {"tee": "Red", "holes": [{"yardage": 300, "par": 4}] * 9}},
            "course.name",
            "is text",
        ),
        (
            {"players": ["Ann"], "game": "clubs", "course": {"name": " ", "holes": [{"yardage": 300, "par": 4}] * 9}},
            "course.name",
            "blank",
        ),
        (
            {
                "players": ["Ann"],
                "game": "clubs",
                "course": {"name": "X" * 61, "holes": [{"yardage": 300, "par": 4}] * 9},
            },
            "course.name",
            "60 characters",
        ),
        (
            {
                "players": ["Ann"],
                "game": "clubs",
                "course": {"name": "Home", "tee": 5, "holes": [{"yardage": 300, "par": 4}] * 9},
            },
            "course.tee",
            "is text",
        ),
        (
            {
                "players": ["Ann"],
                "game": "clubs",
                "course": {"name": "Home", "holes": [{"yardage": 300, "par": 4}] * 10},
            },
            "course.holes",
            "9 or 18 holes",
        ),
        (
            {"players": ["Ann"], "game": "clubs", "course": {"name": "Home", "holes": "300/4"}},
            "course.holes",
            "9 or 18 holes",
        ),
        (
            {"players": ["Ann"], "game": "clubs", "course": {"name": "Home", "holes": [[300, 4]] * 9}},
            "course.holes[0]",
            '"yardage" and "par"',
        ),
        (
            {
                "players": ["Ann"],
                "game": "clubs",
                "course": {"name": "Home", "holes": [{"yardage": 300, "par": 4, "hcp": 1}] * 9},
            },
            "course.holes[0]",
            '"yardage" and "par"',
        ),
        (
            {
                "players": ["Ann"],
                "game": "clubs",
                "course": {"name": "Home", "holes": [{"yardage": 300, "par": 4}] * 8 + [{"yardage": 0, "par": 4}]},
            },
            "course.holes[8].yardage",
            "1 to 1000",
        ),
        (
            {
                "players": ["Ann"],
                "game": "clubs",
                "course": {"name": "Home", "holes": [{"yardage": "300", "par": 4}] * 9},
            },
            "course.holes[0].yardage",
            "1 to 1000",
        ),
        (
            {
                "players": ["Ann"],
                "game": "clubs",
                "course": {"name": "Home", "holes": [{"yardage": 300, "par": 4.0}] * 9},
            },
            "course.holes[0].par",
            "whole number",
        ),
        (
            {
                "players": ["Ann"],
                "game": "clubs",
                "course": {"name": "Home", "holes": [{"yardage": 300, "par": 4}] * 8 + [{"yardage": 300, "par": 7}]},
            },
            "course.holes",
            "Hole 9's par must be 2 to 6",
        ),
        (
            {
                "players": ["Ann"],
                "game": "clubs",
                "course": {"name": "Home", "sample": True, "holes": [{"yardage": 300, "par": 4}] * 9},
            },
            "course.sample",
            "not a field of a course",
        ),
        ({"players": ["Ann"], "played_on": "2025-02-30"}, "played_on", "not a date on the calendar"),
        ({"players": ["Ann"], "played_on": "14/06/2025"}, "played_on", "YYYY-MM-DD"),
        ({"players": ["Ann"], "played_on": "20250614"}, "played_on", "YYYY-MM-DD"),
        ({"players": ["Ann"], "played_on": "\uff12\uff10\uff12\uff15-06-14"}, "played_on", "YYYY-MM-DD"),
        ({"players": ["Ann"], "played_on": 20250614}, "played_on", "YYYY-MM-DD"),
        ({"players": ["Ann"], "played_on": "2025-06-14T10:00"}, "played_on", "YYYY-MM-DD"),
        ({"players": ["Ann"], "owner": "me"}, "owner", '"owner" is not a field'),
        ({"players": ["Ann"], "edit_token": "x"}, "edit_token", '"edit_token" is not a field'),
    ],
)
def test_create_refusals(app, client, doc, body, field, words):
    status, refused = answer(client.post(ROUNDS, json=body))
    assert_error(status, refused, field)
    assert words in refused["error"], refused
    assert_documented(doc, ROUNDS, "post", 400, refused)
    assert stored(app) == ([], [])


@pytest.mark.parametrize(
    "data, content_type, words",
    [
        ("", None, "Content-Type: application/json"),
        ('{"players": ["Ann"]}', "text/plain", "Content-Type: application/json"),
        ("players=Ann", "application/x-www-form-urlencoded", "Content-Type: application/json"),
        ("", "application/json", "not valid JSON"),
        ('{"players": ["Ann",]}', "application/json", "not valid JSON"),
        ("[" * 100_000 + "]" * 100_000, "application/json", "not valid JSON"),
        ("null", "application/json", "JSON object"),
        ('["Ann", "Bo"]', "application/json", "JSON object"),
    ],
)
def test_create_needs_a_json_object(app, client, data, content_type, words):
    status, refused = answer(client.post(ROUNDS, data=data, content_type=content_type))
    assert_error(status, refused, None)
    assert words in refused["error"]
    assert stored(app) == ([], [])


def test_create_refuses_lone_surrogates_in_names(app, client):
    raw = '{"players": ["Ann", "B\\ud800o"]}'
    assert_error(*answer(client.post(ROUNDS, data=raw, content_type="application/json")), "players[1]")
    raw = '{"players": ["Ann"], "game": "clubs", "course": {"name": "\\udfff", "holes": []}}'
    assert_error(*answer(client.post(ROUNDS, data=raw, content_type="application/json")), "course.name")
    assert stored(app) == ([], [])


@pytest.fixture
def played(client):
    """A 9-hole grid round of Ann, Bo and Cy with hole 1 entered (Ann's cell at version 2)."""
    created = create(client, players=["Ann", "Bo", "Cy"], holes=9)
    rid = created["round"]["id"]
    scores(client, rid, 1, Ann=7, Bo=-2, Cy=4)
    scores(client, rid, 1, Ann=6)
    return created


@pytest.mark.parametrize(
    "body, field, words",
    [
        ({}, "scores", "Send the scores"),
        ({"scores": {}}, "scores", "Send the scores"),
        ({"scores": None}, "scores", "Send the scores"),
        ({"scores": [5, 3]}, "scores", "Send the scores"),
        ({"scores": "Ann=5"}, "scores", "Send the scores"),
        ({"score": {"Ann": 5}}, "score", '"score" is not a field'),
        ({"scores": {"Ann": 5}, "hole": 2}, "hole", '"hole" is not a field'),
        ({"scores": {"Dee": 3}}, "scores.Dee", '"Dee" is not playing in this round; the players are Ann, Bo and Cy.'),
        ({"scores": {"Ann": 5, "Dee": 3}}, "scores.Dee", "not playing"),
        ({"scores": {"Ann": 5, "Zoë": 3}}, "scores.Zoë", "not playing"),
        ({"scores": {"Ann": 5, "": 3}}, "scores.", "not playing"),
        ({"scores": {"Ann": 5, "X" * 50: 3}}, "scores." + "X" * 40 + "\u2026", "not playing"),
        ({"scores": {"Ann": 5, "ann ": 6}}, "scores.ann ", "twice"),
        ({"scores": {"Bo": 3, "Ann": 121}}, "scores.Ann", "A Grid Golf hole scores from \u2212120 to 120."),
        ({"scores": {"Bo": 3, "Ann": -121}}, "scores.Ann", "\u2212120 to 120"),
        ({"scores": {"Ann": 10**40}}, "scores.Ann", "\u2212120 to 120"),
        ({"scores": {"Ann": "5"}}, "scores.Ann", "\u2212120 to 120"),
        ({"scores": {"Ann": 5.0}}, "scores.Ann", "\u2212120 to 120"),
        ({"scores": {"Ann": True}}, "scores.Ann", "\u2212120 to 120"),
        ({"scores": {"Ann": False}}, "scores.Ann", "\u2212120 to 120"),
        ({"scores": {"Ann": [5]}}, "scores.Ann", "\u2212120 to 120"),
        ({"scores": {"Ann": {"score": 5}}}, "scores.Ann", "\u2212120 to 120"),
        ({"scores": {"Ann": 5}, "versions": [2]}, "versions", "object of player names"),
        ({"scores": {"Ann": 5}, "versions": None}, "versions", "object of player names"),
        ({"scores": {"Ann": 5}, "versions": {"Bo": 1}}, "versions.Bo", "no score to go with it"),
        ({"scores": {"Ann": 5}, "versions": {"Dee": 1}}, "versions.Dee", "not playing"),
        ({"scores": {"Ann": 5}, "versions": {"ann": 2, "ANN": 2}}, "versions.ann", "twice"),  # keys arrive sorted
        ({"scores": {"Ann": 5}, "versions": {"Ann": -1}}, "versions.Ann", "whole number"),
        ({"scores": {"Ann": 5}, "versions": {"Ann": "2"}}, "versions.Ann", "whole number"),
        ({"scores": {"Ann": 5}, "versions": {"Ann": 2.0}}, "versions.Ann", "whole number"),
        ({"scores": {"Ann": 5}, "versions": {"Ann": True}}, "versions.Ann", "whole number"),
        ({"scores": {"Ann": 5}, "versions": {"Ann": None}}, "versions.Ann", "whole number"),
        ({"scores": {"Ann": 5}, "versions": {"Ann": 10**30}}, "versions.Ann", "whole number"),
    ],
)
def test_hole_refusals_write_nothing(app, client, doc, played, body, field, words):
    rid = played["round"]["id"]
    before, rows = get(client, rid), stored(app)
    status, refused = put(client, rid, 1, body)
    assert_error(status, refused, field)
    assert words in refused["error"], refused
    assert_documented(doc, HOLE_PATH, "put", 400, refused)
    assert get(client, rid) == before and stored(app) == rows


def test_club_scores_are_checked_against_club_cards(app, client):
    rid = create(client, game="clubs", course="cedar-nine")["round"]["id"]
    for bad in (0, -2, 61):
        status, refused = put(client, rid, 1, {"scores": {"Ann": 4, "Bo": bad}})
        assert_error(status, refused, "scores.Bo")
        assert refused["error"] == "A Club Cards hole scores from 1 to 60."
    assert stored(app)[1] == []
    assert line(scores(client, rid, 1, Ann=1, Bo=60), "Bo")["scores"][0] == 60


@pytest.mark.parametrize(
    "hole",
    ["0", "10", "19", "-1", "+1", "1.0", "01x", "abc", "%D9%A3", "%EF%BC%91", "99999999999999999999", " 1", "1%00"],
)
def test_hole_outside_the_round(app, client, played, hole):
    rid = played["round"]["id"]
    before = stored(app)
    status, refused = put(client, rid, hole, {"scores": {"Ann": 5}})
    assert_error(status, refused, "hole")
    assert refused["error"] == "This round has holes 1 to 9: the address ends /holes/1 to /holes/9."
    assert stored(app) == before


def test_leading_zeros_name_the_hole(client, played):
    status, after = put(client, played["round"]["id"], "09", {"scores": {"Ann": 5}})
    assert status == 200 and line(after, "Ann")["scores"][8] == 5


@pytest.mark.parametrize(
    "data, content_type, words",
    [
        ("", None, "Content-Type: application/json"),
        ('{"scores": {"Ann": 5}}', "text/plain", "Content-Type: application/json"),
        ("{", "application/json", "not valid JSON"),
        ('{"scores": {"Ann": NaN}}', "application/json", "\u2212120 to 120"),
        ('{"scores": {"Ann": Infinity}}', "application/json", "\u2212120 to 120"),
        ("9" * 5000, "application/json", "not valid JSON"),
        ("[]", "application/json", "JSON object"),
        ('"scores"', "application/json", "JSON object"),
    ],
)
def test_hole_body_must_be_a_json_object(app, client, played, data, content_type, words):
    rid = played["round"]["id"]
    before = stored(app)
    status, refused = answer(client.put(f"{ROUNDS}/{rid}/holes/2", data=data, content_type=content_type))
    assert status == 400 and words in refused["error"], refused
    assert stored(app) == before


# == who may read and write =======================================================================


def test_a_stranger_sees_no_round(app, client, stranger, played):
    rid = played["round"]["id"]
    before = stored(app)
    assert get(stranger, rid) == (404, NO_ROUND)
    assert put(stranger, rid, 2, {"scores": {"Ann": 1}}) == (404, NO_ROUND)
    # the same answer for a bad hole or a bad body: nothing about the round leaks out
    assert put(stranger, rid, 42, {"scores": {"Dee": "x"}}) == (404, NO_ROUND)
    assert answer(stranger.put(f"{ROUNDS}/{rid}/holes/2", data="junk", content_type="text/plain")) == (404, NO_ROUND)
    assert stored(app) == before
    assert get(client, rid)[0] == 200


@pytest.mark.parametrize(
    "round_id",
    [
        "AAAAAAAAAAAAAAAA",
        "x",
        "-",
        "a" * 64,
        "a" * 65,
        "a" * 5000,
        "Zo%C3%AB",
        "%00",
        "a%00b",
        "%F0%9F%8F%8C",
        "..",
        "null",
        "%20",
    ],
)
def test_a_guessed_id_is_not_found(client, played, round_id):
    assert get(client, round_id) == (404, NO_ROUND)
    assert put(client, round_id, 1, {"scores": {"Ann": 1}}) == (404, NO_ROUND)
    assert put(client, round_id, 1, {"scores": {"Ann": 1}}, token=played["edit_token"]) == (404, NO_ROUND)


def test_another_rounds_tokens_do_not_open_this_one(app, stranger):
    mine, theirs = app.test_client(), app.test_client()
    rid = create(mine)["round"]["id"]
    other = create(theirs)
    for token in (other["edit_token"], other["share_token"], other["round"]["id"]):
        assert get(stranger, rid, token=token) == (404, NO_ROUND)
        assert put(stranger, rid, 1, {"scores": {"Ann": 1}}, token=token) == (404, NO_ROUND)


def test_a_deleted_round_is_not_found_even_by_its_owner(app, client, played):
    rid = played["round"]["id"]
    with app.app_context():
        delete_round(find_round(rid))
    before = stored(app)
    assert get(client, rid) == (404, NO_ROUND)
    assert get(client, rid, token=played["edit_token"]) == (404, NO_ROUND)
    assert get(client, rid, token=played["share_token"]) == (404, NO_ROUND)
    assert put(client, rid, 2, {"scores": {"Ann": 1}}) == (404, NO_ROUND)
    assert put(client, rid, 2, {"scores": {"Ann": 1}}, token=played["edit_token"]) == (404, NO_ROUND)
    assert stored(app) == before


def test_the_edit_token_writes_from_another_client(client, stranger, played, doc):
    rid, token = played["round"]["id"], played["edit_token"]
    status, after = put(stranger, rid, 2, {"scores": {"Bo": 3}}, token=token)
    assert status == 200 and line(after, "Bo")["scores"][:2] == [-2, 3]
    assert get(stranger, rid, token=token) == (200, after)
    assert get(client, rid) == (200, after)  # the owner sees it
    # the token does not stick: without it the stranger is a stranger again
    assert get(stranger, rid) == (404, NO_ROUND)
    for header in (f"bearer {token}", f"BEARER   {token}  "):
        response = stranger.get(f"{ROUNDS}/{rid}", headers={"Authorization": header})
        assert response.status_code == 200
    for header in (
        token,
        f"Basic {token}",
        f"Bearer{token}",
        f"Bearer {token}x",
        f"Bearer {token[:-1]}",
        "Bearer",
        "Bearer é",
        "Bearer \u00ff" * 3,
    ):
        response = stranger.get(f"{ROUNDS}/{rid}", headers={"Authorization": header})
        assert answer(response) == (404, NO_ROUND), header


def test_an_edit_grant_in_the_session_writes(app, client, stranger, played):
    rid = played["round"]["id"]
    with app.app_context():
        grant = edit_grant(find_round(rid))
    with stranger.session_transaction() as session:
        session["edit_grants"] = ["someotherround.0123456789abcdef", grant]
    status, after = put(stranger, rid, 2, {"scores": {"Cy": 0}})
    assert status == 200 and line(after, "Cy")["scores"][1] == 0


def test_the_share_token_reads_but_cannot_write(app, client, stranger, played, doc):
    rid, token = played["round"]["id"], played["share_token"]
    status, seen = get(stranger, rid, token=token)
    assert (status, seen) == get(client, rid)
    before = stored(app)
    status, refused = put(stranger, rid, 2, {"scores": {"Ann": 1}}, token=token)
    assert_error(status, refused, None, 403)
    assert "edit link" in refused["error"]
    assert_documented(doc, HOLE_PATH, "put", 403, refused)
    # read-only is decided before the body is read: junk gets the same 403
    assert put(stranger, rid, 99, {"scores": "junk"}, token=token) == (403, refused)
    assert put(stranger, rid, 2, {"scores": {"Ann": 1}}, token=token, if_match='"1"') == (403, refused)
    assert stored(app) == before and get(client, rid) == (200, seen)


def test_the_owners_cookie_beats_a_share_token(client, played):
    status, _ = put(client, played["round"]["id"], 2, {"scores": {"Ann": 1}}, token=played["share_token"])
    assert status == 200


# == lost updates: 409 and 412 ====================================================================


def test_a_stale_cell_version_is_refused_with_the_fresh_round(app, client, stranger, played, doc):
    rid, token = played["round"]["id"], played["edit_token"]
    seen = get(client, rid)[1]
    assert line(seen, "Ann")["versions"][0] == 2 and line(seen, "Bo")["versions"][:2] == [1, 0]
    # the other scorekeeper changes Ann's hole 1 and enters Bo's hole 2
    put(stranger, rid, 1, {"scores": {"Ann": 8}, "versions": {"Ann": 2}}, token=token)
    fresh = put(stranger, rid, 2, {"scores": {"Bo": 5}, "versions": {"Bo": 0}}, token=token)[1]
    before = stored(app)
    # the owner, working from the old card, writes both cells and another one: nothing is written
    response = client.put(
        f"{ROUNDS}/{rid}/holes/1", json={"scores": {"Cy": 3, "Ann": 6}, "versions": {"Cy": 1, "Ann": 2}}
    )
    status, refused = answer(response)
    assert status == 409
    assert refused == {
        "error": "Someone else changed Ann on hole 1 a moment ago, so your entry was not saved. "
        "The card below is up to date: check it, then enter your score again.",
        "field": "scores",
        "round": fresh,
    }
    assert response.headers["ETag"] == f'"{fresh["version"]}"'
    assert_documented(doc, HOLE_PATH, "put", 409, refused)
    status, refused = put(client, rid, 2, {"scores": {"Bo": 4}, "versions": {"Bo": 0}})
    assert status == 409 and "Bo on hole 2" in refused["error"] and refused["round"] == fresh
    assert stored(app) == before
    # with the versions of the fresh card the write goes through
    status, after = put(client, rid, 1, {"scores": {"Cy": 3, "Ann": 6}, "versions": {"Cy": 1, "Ann": 3}})
    assert status == 200 and [p["scores"][0] for p in after["players"]] == [6, -2, 3]


def test_blind_writes_overwrite(client, stranger, played):
    rid, token = played["round"]["id"], played["edit_token"]
    put(stranger, rid, 1, {"scores": {"Ann": 8}}, token=token)
    status, after = put(client, rid, 1, {"scores": {"Ann": 9}})
    assert status == 200 and line(after, "Ann")["scores"][0] == 9 and line(after, "Ann")["versions"][0] == 4


def test_a_hole_write_is_one_transaction_and_answers_the_card_as_it_stands(app, client, played, monkeypatch):
    """Each round trip to PostgreSQL is a wait under load, so their count is the latency: the
    round with its players; then the cells, the round's version and the card, sent together;
    then COMMIT."""
    rid = played["round"]["id"]
    watch = RoundTrips(app, monkeypatch)
    try:
        status, after = put(client, rid, 5, {"scores": {"Ann": 4, "Bo": -2}})
    finally:
        watch.stop()
    assert status == 200 and watch.trips == watch.expected_for_a_hole, watch.trips
    assert [line(after, n)["scores"][4] for n in ("Ann", "Bo")] == [4, -2]
    assert after["version"] == 4 == get(client, rid)[1]["version"]


@pytest.mark.parametrize("if_match", ["3", '"3"', 'W/"3"', " 3 ", "*", '"1", "3"', "7, 3"])
def test_if_match_the_current_version_writes(client, played, if_match):
    rid = played["round"]["id"]
    assert get(client, rid)[1]["version"] == 3
    response = client.put(f"{ROUNDS}/{rid}/holes/2", json={"scores": {"Ann": 1}}, headers={"If-Match": if_match})
    assert response.status_code == 200 and response.headers["ETag"] == '"4"'


@pytest.mark.parametrize("if_match", ["2", '"2"', "4", "", "abc", '"3', "3.0", "W/3x", '"03"'])
def test_if_match_another_version_is_refused_with_the_fresh_round(app, client, stranger, played, doc, if_match):
    rid = played["round"]["id"]
    fresh = get(client, rid)[1]
    before = stored(app)
    response = client.put(f"{ROUNDS}/{rid}/holes/2", json={"scores": {"Ann": 1}}, headers={"If-Match": if_match})
    status, refused = answer(response)
    assert status == 412
    assert refused["round"] == fresh and refused["field"] is None and "not saved" in refused["error"]
    assert response.headers["ETag"] == '"3"'
    assert_documented(doc, HOLE_PATH, "put", 412, refused)
    assert stored(app) == before


def test_if_match_is_checked_before_the_body(client, played):
    rid = played["round"]["id"]
    status, refused = answer(
        client.put(f"{ROUNDS}/{rid}/holes/2", data="junk", content_type="text/plain", headers={"If-Match": '"1"'})
    )
    assert status == 412 and "round" in refused
    # but the hole, part of the address, comes first
    assert_error(*put(client, rid, 10, {"scores": {"Ann": 1}}, if_match='"1"'), "hole")


def test_if_match_guards_cells_sent_without_a_version(app, client, played, monkeypatch):
    """Another write landing between the If-Match check and the write is refused, not overwritten."""
    import caddie.web.api.rounds as api

    rid, token = played["round"]["id"], played["edit_token"]
    real_write = api.enter_scores

    def write_after_someone_else(round_, writes, key=None):
        monkeypatch.setattr(api, "enter_scores", real_write)
        with app.test_client() as other:  # another scorekeeper gets in first
            put(other, rid, 1, {"scores": {"Ann": 2}}, token=token)
        return real_write(round_, writes, key)

    monkeypatch.setattr(api, "enter_scores", write_after_someone_else)
    status, refused = put(client, rid, 1, {"scores": {"Ann": 9}}, if_match='"3"')
    assert status == 409 and line(refused["round"], "Ann")["scores"][0] == 2


def test_a_write_is_one_transaction_on_one_connection(app, client, played, monkeypatch):
    """A hole's scores cost one connection from the pool and one transaction: the round is read
    first, then the cells written, the round's version moved on and the card read back before
    the commit, so the answer holds the write and nothing is read after it."""
    from sqlalchemy import event

    rid, token = played["round"]["id"], played["edit_token"]
    checkouts: list[object] = []
    watch = RoundTrips(app, monkeypatch)
    event.listen(watch.engine.pool, "checkout", lambda *args: checkouts.append(args))
    try:
        status, body = put(client, rid, 4, {"scores": {"Ann": 7, "Bo": -2}}, token=token)
    finally:
        watch.stop()
    assert status == 200 and [line(body, n)["scores"][3] for n in ("Ann", "Bo")] == [7, -2]
    assert watch.trips == watch.expected_for_a_hole, watch.trips
    assert len(checkouts) == 1
    assert line(get(client, rid, token)[1], "Bo")["scores"][3] == -2  # and it was committed


def test_get_answers_the_etag_of_the_version(client, played):
    response = client.get(f"{ROUNDS}/{played['round']['id']}")
    assert response.headers["ETag"] == '"3"' == f'"{response.get_json()["version"]}"'


# == methods ======================================================================================


@pytest.mark.parametrize(
    "method, path",
    [
        ("get", ROUNDS),
        ("put", ROUNDS),
        ("delete", ROUNDS),
        ("post", "/api/v1/rounds/abc"),
        ("patch", "/api/v1/rounds/abc"),
        ("delete", "/api/v1/rounds/abc/holes/1"),
        ("get", "/api/v1/rounds/abc/holes/1"),
        ("post", "/api/v1/rounds/abc/holes/1"),
    ],
)
def test_wrong_method_answers_json_405(client, method, path):
    response = getattr(client, method)(path, json={})
    assert response.status_code == 405
    assert response.get_json() == {"error": f"{method.upper()} is not allowed here.", "field": None}


# == the OpenAPI document =========================================================================


def test_openapi_documents_the_ledger(doc):
    assert set(doc["paths"][ROUNDS]) == {"post"}
    assert set(doc["paths"][ROUND_PATH]) == {"get", "delete"}
    assert set(doc["paths"][HOLE_PATH]) == {"put"}
    schemes = doc["components"]["securitySchemes"]
    assert schemes["bearerAuth"] == {
        "type": "http",
        "scheme": "bearer",
        "description": schemes["bearerAuth"]["description"],
    }
    for path, method in ((ROUND_PATH, "get"), (HOLE_PATH, "put")):
        operation = doc["paths"][path][method]
        for requirement in operation["security"]:
            assert set(requirement) <= set(schemes)
        params = {p["name"] for p in operation["parameters"]}
        in_path = {p["name"] for p in operation["parameters"] if p["in"] == "path"}
        assert {"round_id"} <= params and all(f"{{{p}}}" in path for p in in_path)
    put_op = doc["paths"][HOLE_PATH]["put"]
    assert set(put_op["responses"]) == {"200", "400", "403", "404", "405", "409", "412"}
    assert "written blind" in put_op["description"] and "versions" in put_op["description"]
    assert {"If-Match", "Idempotency-Key"} <= {p["name"] for p in put_op["parameters"]}


@pytest.mark.parametrize("path, method", [(ROUNDS, "post"), (ROUND_PATH, "get"), (HOLE_PATH, "put")])
def test_openapi_ledger_examples_match_their_schemas(doc, path, method):
    requests, responses = examples_of(doc, path, method)
    assert set(requests) <= set(responses), "every request example has its answer"
    unpaired = {status for name, (status, _) in responses.items() if name not in requests}
    assert unpaired <= {200, 403, 404, 409, 412}  # 409: a game's round, which no request example makes
    for name, request in requests.items():
        if responses[name][0] < 300:  # refused examples may break the request schema on purpose
            assert schema_errors(request, request_schema(doc, path, method), doc) == [], name
    for name, (status, response) in responses.items():
        assert schema_errors(response, response_schema(doc, path, method, status), doc) == [], name


def as_example(created_or_round, body):
    """``body`` with the real id and tokens written as the examples write them."""
    text = json.dumps(body)
    round_ = created_or_round.get("round", created_or_round)
    text = text.replace(round_["id"], EXAMPLE_ROUND_ID)
    for key, example in (("edit_token", EXAMPLE_EDIT_TOKEN), ("share_token", EXAMPLE_SHARE_TOKEN)):
        if key in created_or_round:
            text = text.replace(created_or_round[key], example)
    return json.loads(text)


def test_each_documented_round_example_gets_its_documented_answer(app, doc):
    requests, responses = examples_of(doc, ROUNDS, "post")
    for name, request in requests.items():
        status, body = answer(app.test_client().post(ROUNDS, json=request))
        expected_status, expected = responses[name]
        assert status == expected_status, (name, body)
        assert (as_example(body, body) if status == 201 else body) == expected, name


def test_each_documented_hole_example_gets_its_documented_answer(app, doc):
    round_requests, _ = examples_of(doc, ROUNDS, "post")
    requests, responses = examples_of(doc, HOLE_PATH, "put")
    for name, request in requests.items():
        client = app.test_client()
        created = create(client, **round_requests["grid_nine"])
        status, body = put(client, created["round"]["id"], 1, request)
        assert (status, as_example(created, body)) == responses[name], name
    # the stand-alone answers: a GET after hole 1, an If-Match from before it, a share token, a stranger
    client = app.test_client()
    created = create(client, **round_requests["grid_nine"])
    rid = created["round"]["id"]
    put(client, rid, 1, requests["first_hole"])
    _, get_responses = examples_of(doc, ROUND_PATH, "get")
    assert (200, as_example(created, get(client, rid)[1])) == get_responses["first_hole"]
    status, body = put(client, rid, 1, {"scores": {"Ann": 1}}, if_match='"1"')
    assert (status, as_example(created, body)) == responses["moved_on"]
    assert (
        put(app.test_client(), rid, 1, {"scores": {"Ann": 1}}, token=created["share_token"]) == responses["read_only"]
    )
    assert get(app.test_client(), rid) == responses["not_found"] == get_responses["not_found"]


# == arbitrary junk: never a 500 ==================================================================

names = (
    st.sampled_from(["Ann", "Bo", "Cy", "ann", " BO "])
    | st.sampled_from(["Dee", "", "Zoë", "\x00"])
    | st.text(max_size=6)
)
hole_scores = st.integers(-25, 105) | st.none() | json_scalars
good_players = st.lists(
    st.sampled_from(["Ann", "Bo", "Cy", "Zoë", "李 小龙", "🏌️"]), min_size=1, max_size=4, unique=True
)


def assert_answer_documented(doc, path, method, response):
    status, body = answer(response)
    assert 200 <= status < 300 or 400 <= status < 500, (status, body)
    assert_documented(doc, path, method, status, body)
    if status >= 400:
        assert body["error"].strip()
    return status, body


@FUZZ
@given(body=json_values)
def test_any_json_value_gets_an_answer(client, doc, played, body):
    rid = played["round"]["id"]
    assert_answer_documented(doc, ROUNDS, "post", client.post(ROUNDS, json=body))
    assert_answer_documented(doc, HOLE_PATH, "put", client.put(f"{ROUNDS}/{rid}/holes/2", json=body))


@FUZZ
@given(
    body=st.fixed_dictionaries(
        {"players": good_players | st.lists(names | json_scalars, max_size=10) | json_values},
        optional={
            "holes": st.sampled_from([9, 18]) | st.sampled_from([0, 10, "18"]) | json_values,
            "game": st.sampled_from(["grid", "clubs"]) | st.sampled_from(["Grid", "golf"]) | json_values,
            "preset": st.sampled_from([*PRESETS, "house"]) | json_values,
            "rules": st.dictionaries(st.sampled_from(["king", "cards", "holes", "negatives", "x"]), json_scalars)
            | json_values,
            "course": st.sampled_from([*SAMPLE_COURSES]) | st.sampled_from(["augusta", ""]) | json_values,
            "played_on": st.dates().map(str) | json_values,
        },
    )
)
def test_any_round_request_gets_an_answer(client, doc, body):
    status, answered = assert_answer_documented(doc, ROUNDS, "post", client.post(ROUNDS, json=body))
    if status == 201:
        assert get(client, answered["round"]["id"]) == (200, answered["round"])


@FUZZ
@given(
    hole=st.integers(1, 9).map(str)
    | st.integers(-2, 20).map(str)
    | st.text(min_size=1, max_size=6).filter(lambda t: "/" not in t),
    body=st.fixed_dictionaries(
        {
            "scores": st.dictionaries(
                st.sampled_from(["Ann", "Bo", "Cy"]), st.integers(-120, 120) | st.none(), min_size=1
            )
            | st.dictionaries(names, hole_scores, max_size=4)
            | json_values
        },
        optional={
            "versions": st.dictionaries(names, st.integers(-1, 5) | json_scalars, max_size=4) | json_values,
        },
    ),
    if_match=st.none() | st.sampled_from(["3", '"3"', "*", "1", ""]),
)
def test_any_hole_request_gets_an_answer(app, client, doc, played, hole, body, if_match):
    rid = played["round"]["id"]
    headers = {} if if_match is None else {"If-Match": if_match}
    before = get(client, rid)[1]
    response = client.put(f"{ROUNDS}/{rid}/holes/{hole}", json=body, headers=headers)
    if response.status_code == 404:  # a hole the address cannot hold, such as "." or "?"
        assert answer(response)[1] == {"error": "There is nothing at this address.", "field": None}
        return
    status, answered = assert_answer_documented(doc, HOLE_PATH, "put", response)
    after = get(client, rid)[1]
    if status == 200:
        assert answered == after
    else:
        assert after == before


def test_a_null_date_or_course_counts_as_not_sent(client):
    """Optional fields sent as null are absent (docs/api.md, "Conventions"), as they were before
    the models: the round is played today, and a Grid Golf round has no course."""
    played = create(client, played_on=None, course=None)["round"]
    assert played["played_on"] == create(client)["round"]["played_on"]
    assert played["course"] is None
