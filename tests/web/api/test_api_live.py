"""JSON API v1: live tables (docs/api.md, "Live tables").

POST /api/v1/tables, POST /api/v1/tables/<code>/join, POST /api/v1/tables/<id>/start,
GET /api/v1/tables/<id> (long-polled with ?wait=) and POST /api/v1/tables/<id>/moves:
making and joining tables, who may do what, the seat's view and the onlooker's, moves made
once, the computers' moves, a program playing whole holes through the caddie, that no answer
holds another seat's hidden cards, and the OpenAPI document's part. Every answer is checked
against the document.
"""

from __future__ import annotations

import json
import re
import threading
import time
from datetime import timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddie.advisor import advise
from caddie.core.clubs.caddie import advise as advise_clubs
from caddie.core.clubs.scoring import ClubRules
from caddie.core.courses.course import SAMPLE_COURSES
from caddie.core.grid.rules import Rules, preset
from caddie.openapi.live import (
    EXAMPLE_CODE,
    EXAMPLE_HOST,
    EXAMPLE_JOIN_LINK_TOKEN,
    EXAMPLE_JOIN_TOKEN,
    EXAMPLE_SEAT_TOKEN,
    EXAMPLE_TABLE_ID,
    EXAMPLE_WATCH_TOKEN,
)
from caddie.store import live_tables as store
from caddie.web.api.spec import openapi_document
from caddie.web.filters import points
from tests.web.api.openapi_check import (
    FUZZ,
    assert_documented,
    assert_error,
    document_problems,
    examples_of,
    fetch_document,
    json_values,
    request_schema,
    response_schema,
    schema_errors,
)

TABLES = "/api/v1/tables"
JOIN = "/api/v1/tables/{code}/join"
START = "/api/v1/tables/{table_id}/start"
TABLE = "/api/v1/tables/{table_id}"
MOVES = "/api/v1/tables/{table_id}/moves"
RECORD = "/api/v1/tables/{table_id}/record"
NO_TABLE = {"error": "There is no table at this address.", "field": None}
NOW = store.Timing(pause=timedelta(0))
FOUR = {"cards": 4, "holes": 9}
PEOPLE = [{"kind": "person"}, {"kind": "person"}]
WITH_ADA = [{"kind": "person"}, {"kind": "computer", "level": "steady"}]


@pytest.fixture
def live(app):
    """The app as route tests want it: computers due at once, a short long poll."""
    app.config.update(LIVE_COMPUTER_PAUSE_S=0, LIVE_LONG_POLL_MAX_S=3)
    return app


@pytest.fixture
def doc(client):
    return fetch_document(client)


# -- talking to the API ---------------------------------------------------------------------------

DOC = json.loads(json.dumps(openapi_document()))  # as GET /api/v1/openapi.json serves it


def _documented(path, method, response):
    """The status and JSON body of ``response``, checked against the OpenAPI document."""
    assert response.is_json, (response.status_code, response.get_data(as_text=True))
    body = json.loads(response.get_data(as_text=True))
    assert response.status_code != 500, body
    assert_documented(DOC, path, method, response.status_code, body)
    assert response.headers["Cache-Control"] == "no-store"
    return response.status_code, body


def bearer(token):
    return {"Authorization": f"Bearer {token}"} if token else {}


def create(client, **body):
    body.setdefault("name", "Ann")
    body.setdefault("seats", PEOPLE)
    if body.get("game", "grid") == "grid":
        body.setdefault("rules", FOUR)
    response = client.post(TABLES, json=body)
    status, created = _documented(TABLES, "post", response)
    assert status == 201, created
    assert response.headers["Location"] == f"/api/v1/tables/{created['id']}"
    return created


def join(client, code, name="Bob"):
    return _documented(JOIN, "post", client.post(f"{TABLES}/{code}/join", json={"name": name}))


def seated(client, code, name="Bob"):
    status, body = join(client, code, name)
    assert status == 200, body
    return body


def start(client, table_id, token):
    return _documented(START, "post", client.post(f"{TABLES}/{table_id}/start", headers=bearer(token)))


def look(client, table_id, token, wait=None):
    query = f"?wait={wait}" if wait is not None else ""
    return _documented(TABLE, "get", client.get(f"{TABLES}/{table_id}{query}", headers=bearer(token)))


def seen(client, table_id, token):
    status, body = look(client, table_id, token)
    assert status == 200, body
    return body


def move(client, table_id, token, version, action):
    response = client.post(
        f"{TABLES}/{table_id}/moves", json={"version": version, "action": action}, headers=bearer(token)
    )
    return _documented(MOVES, "post", response)


def two_people(client, **body):
    """A started table of two people: the table, the host's token and Bob's."""
    table = create(client, **body)
    bob = seated(client, table["code"])
    status, view = start(client, table["id"], table["seat_token"])
    assert status == 200, view
    return table, table["seat_token"], bob["seat_token"]


def token_of(seat, ann, bob):
    return ann if seat == 0 else bob


def full_state(app, table_id):
    with app.app_context():
        return store.load(store.find(table_id))


def play_due(app):
    with app.app_context():
        return store.play_due(NOW)


# == POST /api/v1/tables ===========================================================================


def test_a_grid_table_is_made_in_its_lobby_with_the_creator_at_seat_0(client):
    table = create(client, seats=WITH_ADA + [{"kind": "person"}], clock=30)
    assert table["seat"] == 0 and table["version"] == 1 and len(table["code"]) == 8
    assert re.fullmatch(r"http://localhost/join/[0-9a-f]{32}", table["join_url"])  # the join token, not the code
    assert table["watch_url"].startswith("http://localhost/w/")
    lobby = seen(client, table["id"], table["seat_token"])
    assert lobby == {
        "version": 1,
        "game": "grid",
        "holes": 9,
        "phase": "lobby",
        "seat": 0,
        "to_move": None,
        "names": ["Ann", "Ada", None],
        "order": [0, 1, 2],
        "totals": [0, 0, 0],
        "hole": 0,
        "seats": [
            {"name": "Ann", "kind": "person", "level": None, "away": False},
            {"name": "Ada", "kind": "computer", "level": "steady", "away": False},
            {"name": None, "kind": "person", "level": None, "away": False},
        ],
        "notice": None,
        "events": [],
        "scorecard_url": None,
        "view": None,
    }


def test_grid_rules_come_from_the_preset_the_rules_and_holes(app, client):
    table = create(client, preset="classic", rules={"cards": 4}, holes=18)
    rules = full_state(app, table["id"]).settings["rules"]
    assert rules == Rules.from_dict({"cards": 4, "holes": 18}, base=preset("classic")).to_dict()
    assert seen(client, table["id"], table["seat_token"])["holes"] == 18


def test_a_club_cards_table_plays_its_course(app, client):
    table = create(client, game="clubs", course="cedar-nine", seats=WITH_ADA)
    state = full_state(app, table["id"])
    assert state.settings["course"]["name"] == "Cedar Nine" and state.settings["clubs"] == ClubRules().to_dict()
    assert seen(client, table["id"], table["seat_token"])["holes"] == 9
    front = create(client, game="clubs", course="whistling-pines", holes=9)
    assert seen(client, front["id"], front["seat_token"])["holes"] == 9
    holes = full_state(app, front["id"]).settings["course"]["holes"]
    assert holes == SAMPLE_COURSES["whistling-pines"].to_dict()["holes"][:9]  # the front nine


@pytest.mark.parametrize(
    "body, field, words",
    [
        ({"seats": "two"}, "seats", "2 to 6 seats"),
        ({"seats": [{"kind": "person"}]}, "seats", "2 to 6 seats"),
        ({"seats": [{"kind": "person"}] * 7}, "seats", "2 to 6 seats"),
        ({"game": "clubs", "course": "cedar-nine", "seats": [{"kind": "person"}] * 5}, "seats", "2 to 4 seats"),
        ({"seats": list(reversed(WITH_ADA))}, "seats[0].kind", "yours"),
        ({"seats": [{"kind": "person"}, {"kind": "robot"}]}, "seats[1].kind", "person"),
        ({"seats": [{"kind": "person"}, "computer"]}, "seats[1]", "kind"),
        ({"seats": [{"kind": "person"}, {"kind": "computer"}]}, "seats[1].level", "beginner, steady or caddie"),
        ({"seats": [{"kind": "person"}, {"kind": "computer", "level": "pro"}]}, "seats[1].level", "level"),
        ({"seats": [{"kind": "person", "level": "steady"}, {"kind": "person"}]}, "seats[0].level", "person's"),
        ({"seats": [{"kind": "person", "colour": "red"}, {"kind": "person"}]}, "seats[0].colour", "not a field"),
        ({"game": "poker"}, "game", "grid"),
        ({"name": None}, "name", "your name"),
        ({"name": "   "}, "name", "blank"),
        ({"name": "A" * 25}, "name", "24 characters"),
        ({"name": 7}, "name", "text"),
        ({"name": "You"}, "name", "own name"),
        ({"clock": 45}, "clock", "30, 60 or 120"),
        ({"clock": "60"}, "clock", "30, 60 or 120"),
        ({"holes": 12}, "holes", "9 or 18"),
        ({"rules": {"holes": 12}}, "rules.holes", "9 or 18"),
        ({"rules": {"king": 3}}, "rules.king", "King"),
        ({"preset": "poker"}, "preset", "standard"),
        ({"course": "cedar-nine"}, "course", "Grid Golf"),
        ({"game": "clubs"}, "course", "Choose a course"),
        ({"game": "clubs", "course": "augusta"}, "course", "sample course"),
        ({"game": "clubs", "course": "cedar-nine", "holes": 18}, "holes", "only 9 holes"),
        ({"game": "clubs", "course": "cedar-nine", "rules": {"king": 0}}, "rules", "Club Cards"),
        ({"colour": "red"}, "colour", "not a field"),
    ],
)
def test_create_refusals(client, body, field, words):
    body = {"name": "Ann", "seats": PEOPLE, **body}
    if body["name"] is None:
        del body["name"]
    status, answer = _documented(TABLES, "post", client.post(TABLES, json=body))
    assert_error(status, answer, field)
    assert words.casefold() in answer["error"].casefold(), answer


def test_create_needs_a_json_object(client):
    status, answer = _documented(TABLES, "post", client.post(TABLES, data="name=Ann", content_type="text/plain"))
    assert_error(status, answer, None)
    status, answer = _documented(TABLES, "post", client.post(TABLES, json=["Ann"]))
    assert_error(status, answer, None)


# == POST /api/v1/tables/<code>/join ===============================================================


def test_joining_takes_the_first_empty_seat_and_its_token_reads_that_seat(client):
    table = create(client, seats=[{"kind": "person"}, {"kind": "computer", "level": "caddie"}, {"kind": "person"}])
    bob = seated(client, table["code"].lower()[:4] + "-" + table["code"][4:])  # typed loosely
    assert bob["id"] == table["id"] and bob["seat"] == 2 and bob["version"] == 2
    assert bob["seat_token"] != table["seat_token"]
    view = seen(client, table["id"], bob["seat_token"])
    assert view["seat"] == 2 and view["names"] == ["Ann", "Ada", "Bob"]


def test_a_full_table_and_a_started_table_refuse_a_join(app, client, doc):
    _, responses = examples_of(doc, JOIN, "post")
    table = create(client)
    seated(client, table["code"])
    assert join(client, table["code"], "Cy") == responses["full"]
    other = create(client, seats=WITH_ADA + [{"kind": "person"}])
    start(client, other["id"], other["seat_token"])
    assert join(client, other["code"], "Cy") == responses["started"]


def test_an_unknown_code_is_not_found(client, doc):
    _, responses = examples_of(doc, JOIN, "post")
    assert join(client, "ZZZZ-ZZZZ") == responses["unknown_code"]
    assert join(client, "not a code at all") == responses["not_a_code"]  # a slip, not a miss


def test_a_code_that_is_not_one_is_not_counted_as_a_miss(app, client, doc):
    app.config["LIVE_JOIN_MISSES"] = 1
    table = create(client)
    for _ in range(3):
        assert join(client, "K7QM-2PX0")[0] == 400
    seated(client, table["code"])


def test_misses_are_limited_and_a_join_that_finds_its_table_costs_nothing(app, client, doc):
    app.config["LIVE_JOIN_MISSES"] = 2
    _, responses = examples_of(doc, JOIN, "post")
    table = create(client, seats=[{"kind": "person"}] * 6)
    for name in ("Bob", "Cy", "Dee"):
        seated(client, table["code"], name)
    assert join(client, "ZZZZ-ZZZZ")[0] == 404
    assert join(client, "ZZZZ-ZZZY")[0] == 404
    response = client.post(f"{TABLES}/{table['code']}/join", json={"name": "Eve"})
    assert _documented(JOIN, "post", response) == responses["too_many"]  # even the right code, for a while
    assert 590 <= int(response.headers["Retry-After"]) <= 600  # the seconds left of the window


# == POST /api/v1/tables/<id>/start ================================================================


def test_the_host_starts_the_match_and_gets_its_view(client):
    table = create(client)
    seated(client, table["code"])
    status, view = start(client, table["id"], table["seat_token"])
    assert status == 200 and view["phase"] == "flip" and view["seat"] == 0 and view["hole"] == 1
    assert view["to_move"] == 0 and view["version"] == 3
    assert view["view"]["grid"] == [None] * 4 and view["view"]["rules"]["cards"] == 4


def test_only_the_host_starts_the_match_and_only_once(client, doc):
    table = create(client)
    bob = seated(client, table["code"])
    status, answer = start(client, table["id"], bob["seat_token"])
    assert_error(status, answer, "seat", 403)
    assert "Only the host (Ann)" in answer["error"]
    assert start(client, table["id"], table["seat_token"])[0] == 200
    _, responses = examples_of(doc, START, "post")
    assert start(client, table["id"], table["seat_token"]) == responses["already_started"]


def test_a_start_raced_by_another_change_answers_the_fresh_view(client, monkeypatch):
    table = create(client)
    seated(client, table["code"])

    def raced(*args, **kwargs):
        raise store.StaleTable()

    monkeypatch.setattr(store, "start", raced)
    status, answer = start(client, table["id"], table["seat_token"])
    assert status == 409 and answer["field"] == "version" and "not started" in answer["error"]
    assert answer["phase"] == "lobby" and answer["version"] == 2


def test_a_start_without_a_seat_is_not_found(client):
    table = create(client)
    watch = table["watch_url"].rsplit("/", 1)[1]
    for token in (None, watch, "x" * 32, "bad token!"):
        assert start(client, table["id"], token) == (404, NO_TABLE)
    assert start(client, "nosuchtable00000", table["seat_token"]) == (404, NO_TABLE)
    assert seen(client, table["id"], table["seat_token"])["phase"] == "lobby"


# == GET /api/v1/tables/<id> =======================================================================


def test_the_watch_token_gives_an_onlookers_view(client):
    table = create(client, seats=WITH_ADA)
    watch = table["watch_url"].rsplit("/", 1)[1]
    lobby = seen(client, table["id"], watch)
    assert lobby["seat"] is None and lobby["view"] is None and lobby["phase"] == "lobby"
    start(client, table["id"], table["seat_token"])
    onlooker = seen(client, table["id"], watch)
    assert onlooker["seat"] is None and onlooker["to_move"] == 0
    assert [p["name"] for p in onlooker["view"]["players"]] == ["Ann", "Ada"]
    assert all(p["grid"] == [None] * 4 for p in onlooker["view"]["players"])
    assert "grid" not in onlooker["view"] and "opponents" not in onlooker["view"]


def test_a_view_needs_a_token_of_this_table(client):
    table = create(client)
    other = create(client)
    for token in (None, other["seat_token"], other["watch_url"].rsplit("/", 1)[1], "x" * 32):
        assert look(client, table["id"], token) == (404, NO_TABLE)
    assert look(client, "nosuchtable00000", table["seat_token"]) == (404, NO_TABLE)
    assert look(client, "a" * 40, table["seat_token"]) == (404, NO_TABLE)


@pytest.mark.parametrize("wait", ["soon", "-1", "1.5", "", "9" * 12])
def test_a_bad_wait_is_refused(client, wait):
    table = create(client)
    status, answer = look(client, table["id"], table["seat_token"], wait)
    assert_error(status, answer, "wait")


# == POST /api/v1/tables/<id>/moves ================================================================


def test_a_legal_move_answers_the_new_view(client):
    table, ann, bob = two_people(client)
    status, view = move(client, table["id"], ann, 3, {"action": "flip", "positions": [0, 3]})
    assert status == 200 and view["version"] == 4 and view["to_move"] == 1 and view["phase"] == "flip"
    assert view["view"]["grid"][0] is not None and view["view"]["grid"][3] is not None
    assert view["view"]["grid"][1] is None and view["view"]["grid"][2] is None
    assert len(view["events"]) == 2 and all("Ann turned up" in text for text in view["events"])
    assert seen(client, table["id"], bob)["view"]["opponents"] == [view["view"]["grid"]]


def test_a_move_out_of_turn_or_against_the_rules_is_refused_and_changes_nothing(client, doc):
    table, ann, bob = two_people(client)
    status, answer = move(client, table["id"], bob, 3, {"action": "flip", "positions": [0, 1]})
    assert_error(status, answer, "seat", 409)
    assert answer["error"] == "It is Ann's turn, not yours."
    move(client, table["id"], ann, 3, {"action": "flip", "positions": [0, 3]})
    move(client, table["id"], bob, 4, {"action": "flip", "positions": [1, 2]})
    move(client, table["id"], ann, 5, {"action": "draw"})
    status, answer = move(client, table["id"], ann, 6, {"action": "swap", "position": 9})
    _, responses = examples_of(doc, MOVES, "post")
    assert (status, answer) == responses["illegal"]
    status, answer = move(client, table["id"], ann, 6, {"action": "fly"})
    assert_error(status, answer, "action", 409)
    status, answer = move(client, table["id"], ann, 6, {"action": "discard", "flip": 1})
    assert_error(status, answer, "action.flip", 409)
    assert seen(client, table["id"], ann)["version"] == 6


def test_a_stale_version_is_refused_with_the_fresh_view(client):
    table, ann, bob = two_people(client)
    move(client, table["id"], ann, 3, {"action": "flip", "positions": [0, 3]})
    status, answer = move(client, table["id"], bob, 3, {"action": "flip", "positions": [1, 2]})
    assert status == 409 and answer["field"] == "version" and "moved on" in answer["error"]
    fresh = seen(client, table["id"], bob)
    assert {k: v for k, v in answer.items() if k not in ("error", "field")} == fresh
    assert fresh["version"] == 4 and fresh["view"]["grid"] == [None] * 4


def test_the_same_move_sent_twice_is_made_once(client):
    table, ann, _ = two_people(client)
    first = move(client, table["id"], ann, 3, {"action": "flip", "positions": [0, 3]})
    second = move(client, table["id"], ann, 3, {"action": "flip", "positions": [0, 3]})
    assert first[0] == 200 and second[0] == 409 and second[1]["field"] == "version"
    assert second[1]["version"] == first[1]["version"] == 4


def test_a_move_needs_a_seat_of_this_table(client):
    table, ann, _ = two_people(client)
    other = create(client)
    watch = table["watch_url"].rsplit("/", 1)[1]
    for token in (None, watch, other["seat_token"], "x" * 32):
        assert move(client, table["id"], token, 3, {"action": "draw"}) == (404, NO_TABLE)
    assert move(client, other["id"], ann, 1, {"action": "draw"}) == (404, NO_TABLE)
    assert seen(client, table["id"], ann)["version"] == 3


@pytest.mark.parametrize(
    "body, field",
    [
        ({"action": {"action": "draw"}}, "version"),
        ({"version": "3", "action": {"action": "draw"}}, "version"),
        ({"version": True, "action": {"action": "draw"}}, "version"),
        ({"version": 3}, "action"),
        ({"version": 3, "action": "draw"}, "action"),
        ({"version": 3, "action": {"action": "draw"}, "seat": 0}, "seat"),
    ],
)
def test_a_body_that_is_not_a_move_is_refused(client, body, field):
    table, ann, _ = two_people(client)
    response = client.post(f"{TABLES}/{table['id']}/moves", json=body, headers=bearer(ann))
    assert_error(*_documented(MOVES, "post", response), field)


def test_no_move_in_the_lobby(client):
    table = create(client)
    status, answer = move(client, table["id"], table["seat_token"], 1, {"action": "draw"})
    assert_error(status, answer, "action", 409)
    assert "not started" in answer["error"]


def test_a_seat_a_computer_plays_for_someone_away_says_so(live, client):
    table, ann, bob = two_people(client)
    with live.app_context():
        store.change(store.find(table["id"]), lambda t: t.give_to_computer(0, 1, "steady"), timing=NOW)
    view = seen(client, table["id"], ann)
    assert view["seats"][1] == {"name": "Bob", "kind": "person", "level": "steady", "away": True}
    assert view["notice"] == "A computer (Steady) plays for Bob until they are back."


# == the computers ================================================================================


def test_computers_move_by_themselves(live, client):
    table = create(client, seats=WITH_ADA)
    ann = table["seat_token"]
    start(client, table["id"], ann)
    _, view = move(client, table["id"], ann, 2, {"action": "flip", "positions": [0, 3]})
    assert view["to_move"] == 1
    while seen(client, table["id"], ann)["to_move"] == 1:  # a computer turns up one card a move
        assert play_due(live) == 1
    view = seen(client, table["id"], ann)
    assert view["phase"] == "turn" and view["to_move"] == 0
    assert sum(card is not None for card in view["view"]["opponents"][0]) == 2
    assert any(text.startswith("Ada turned up") for text in view["events"])


# == between holes ================================================================================


def play_hole(app, client, table, tokens, check=True):
    """Both seats play out the hole by asking the caddie and sending its answer as it comes."""
    game = seen(client, table["id"], tokens[0])["game"]
    for _ in range(400):
        view = seen(client, table["id"], tokens[0])
        if view["phase"] in ("hole_over", "over"):
            return view
        seat = view["to_move"]
        mine = seen(client, table["id"], tokens[seat])
        if check:
            assert_only_own_cards(app, table["id"], seat, mine)
        if game == "grid":
            answer = advise(mine["view"])  # sent as it comes: extra keys and nulls included
        else:
            advice = advise_clubs(mine["view"], ClubRules())
            # one seat sends the caddie's answer itself, the other the documented move
            answer = advice if seat == 1 else {"action": "play", "cards": advice["play"]}
        status, after = move(client, table["id"], tokens[seat], mine["version"], answer)
        assert status == 200, (answer, after)
    raise AssertionError("the hole did not end")


def test_a_program_plays_a_whole_grid_hole_through_the_caddie(live, client):
    table, ann, bob = two_people(client)
    view = play_hole(live, client, table, [ann, bob])
    assert view["phase"] == "hole_over" and view["to_move"] is None and view["hole"] == 1
    state = full_state(live, table["id"])
    assert view["totals"] == state.match.totals and any(view["totals"])
    assert all(card is not None for card in view["view"]["grid"])  # the hole's end turns everything up
    assert any("Hole 1 is over" in text for text in view["events"])


def test_a_program_plays_a_club_cards_hole_through_the_caddie(live, client):
    table, ann, bob = two_people(client, game="clubs", course="cedar-nine")
    first = seen(client, table["id"], ann)
    assert first["phase"] == "turn" and len(first["view"]["hand"]) == 14
    assert first["view"]["upcoming"] == [h.yardage for h in SAMPLE_COURSES["cedar-nine"].holes[1:]]
    view = play_hole(live, client, table, [ann, bob])
    assert view["phase"] == "hole_over" and view["totals"] == full_state(live, table["id"]).match.totals
    assert all(score > 0 for score in view["totals"])


def test_a_whole_club_cards_round_is_played_to_its_end(live, client):
    table, ann, bob = two_people(client, game="clubs", course="cedar-nine")
    tokens = [ann, bob]
    for _ in range(60):
        view = seen(client, table["id"], ann)
        if view["phase"] == "over":
            break
        if view["phase"] == "hole_over":
            status, _ = move(client, table["id"], tokens[view["hole"] % 2], view["version"], {"action": "next_hole"})
        else:
            mine = seen(client, table["id"], tokens[view["to_move"]])["view"]
            play = advise_clubs({"yardage": mine["yardage"], "hand": mine["hand"]}, ClubRules())["play"]
            status, _ = move(
                client, table["id"], tokens[view["to_move"]], view["version"], {"action": "play", "cards": play}
            )
        assert status == 200
    assert view["phase"] == "over" and view["hole"] == 9 and view["to_move"] is None
    assert view["view"]["upcoming"] == [] and view["totals"] == full_state(live, table["id"]).match.totals
    status, answer = move(client, table["id"], ann, view["version"], {"action": "next_hole"})
    assert_error(status, answer, "action", 409)


def test_between_holes_the_first_next_hole_counts(live, client):
    table, ann, bob = two_people(client)
    over = play_hole(live, client, table, [ann, bob], check=False)
    status, answer = move(client, table["id"], ann, over["version"], {"action": "draw"})
    assert_error(status, answer, "action", 409)
    status, next_ = move(client, table["id"], bob, over["version"], {"action": "next_hole"})
    assert status == 200 and next_["hole"] == 2 and next_["phase"] == "flip" and next_["to_move"] is not None
    status, answer = move(client, table["id"], ann, over["version"], {"action": "next_hole"})
    assert status == 409 and answer["field"] == "version" and answer["hole"] == 2


def play_hole_against_ada(app, client):
    """A started table of Ann (who sends the caddie's advice) and the computer Ada, its first hole
    played out: the table, Ann's token and her view at the hole's end."""
    table = create(client, seats=WITH_ADA)
    ann = table["seat_token"]
    start(client, table["id"], ann)
    for _ in range(400):
        view = seen(client, table["id"], ann)
        if view["phase"] in ("hole_over", "over"):
            return table, ann, view
        if view["to_move"] == 0:
            status, _ = move(client, table["id"], ann, view["version"], advise(view["view"]))
            assert status == 200
        else:
            assert play_due(app) == 1
    raise AssertionError("the hole did not end")


def test_a_computer_does_not_start_the_next_hole_but_a_person_does(live, client):
    table, ann, view = play_hole_against_ada(live, client)
    assert view["phase"] == "hole_over" and play_due(live) == 0
    status, next_ = move(client, table["id"], ann, view["version"], {"action": "next_hole"})
    assert status == 200 and next_["hole"] == 2


# == information sets ==============================================================================


def assert_only_own_cards(app, table_id, seat, answer):
    """``answer`` (``seat``'s, or an onlooker's for None) holds no card that seat may not see."""
    table = full_state(app, table_id)
    match = table.match
    text = json.dumps(answer)
    for place in table.places:
        assert place.token is None or place.token not in text  # no token digest, ever
    assert "seed" not in answer and "deck" not in (answer["view"] or {})
    view = answer["view"]
    if table.kind.name == "grid":
        seats = range(match.players)
        grids = [view["grid"], *view["opponents"]] if seat is not None else [p["grid"] for p in view["players"]]
        assert answer["order"] == match.order  # opponents come in playing order from the seat after this one
        later = (
            [*match.order[match.order.index(seat) + 1 :], *match.order[: match.order.index(seat)]]
            if seat is not None
            else []
        )
        order = [seat, *later] if seat is not None else list(seats)
        for s, shown in zip(order, grids):
            for position, card in enumerate(shown):
                if match.face_up[s][position]:
                    assert card == match.grids[s][position]
                else:
                    assert card is None, (s, position)  # face down: nobody sees it, its owner neither
        if match.drawn is not None and match.drawn_from == "deck" and seat != match.current:
            assert view.get("drawn") is None  # a card drawn from the deck is its holder's alone
    else:
        if seat is not None:
            assert view["hand"] == list(match.hands[seat])
        else:
            assert "hand" not in view
        for other in range(match.players):
            if other != seat and match.hands[other]:
                assert json.dumps(list(match.hands[other])) not in text
                assert f'"hand": {json.dumps(list(match.hands[other]))}' not in text


def test_no_answer_holds_another_seats_hidden_cards(live, client):
    table = create(client, seats=[{"kind": "person"}, {"kind": "person"}, {"kind": "computer", "level": "beginner"}])
    ann = table["seat_token"]
    bob = seated(client, table["code"])["seat_token"]
    watch = table["watch_url"].rsplit("/", 1)[1]
    start(client, table["id"], ann)
    tokens = {0: ann, 1: bob}
    draws = 0
    for _ in range(80):  # the flips and turns until four draws, checking every seat's answer as we go
        if draws >= 4:
            break
        view = seen(client, table["id"], ann)
        for seat, token in tokens.items():
            assert_only_own_cards(live, table["id"], seat, seen(client, table["id"], token))
        assert_only_own_cards(live, table["id"], None, seen(client, table["id"], watch))
        if view["phase"] == "hole_over":  # a four-card hole can end before four draws: deal the next
            status, _ = move(client, table["id"], ann, view["version"], {"action": "next_hole"})
            assert status == 200
            continue
        if view["phase"] != "flip" and view["phase"] != "turn":
            break
        if view["to_move"] == 2:
            assert play_due(live) == 1
            continue
        seat = view["to_move"]
        mine = seen(client, table["id"], tokens[seat])
        if mine["view"].get("drawn") is None and view["phase"] == "turn":
            status, held = move(client, table["id"], tokens[seat], mine["version"], {"action": "draw"})
            assert status == 200
            assert held["view"]["drawn"] is not None  # the holder sees the card it drew...
            other = seen(client, table["id"], tokens[1 - seat])
            assert "drawn" not in other["view"]  # ...nobody else does
            assert seen(client, table["id"], watch)["view"]["drawn"] is None
            assert_only_own_cards(live, table["id"], seat, held)
            assert_only_own_cards(live, table["id"], 1 - seat, other)
            draws += 1
            continue
        status, _ = move(client, table["id"], tokens[seat], mine["version"], advise(mine["view"]))
        assert status == 200
    assert draws >= 4


def test_club_cards_views_hold_only_the_seats_own_hand(live, client):
    table, ann, bob = two_people(client, game="clubs", course="cedar-nine")
    watch = table["watch_url"].rsplit("/", 1)[1]
    state = full_state(live, table["id"]).match
    mine = seen(client, table["id"], ann)
    assert mine["view"]["hand"] == list(state.hands[0])
    assert set(mine["view"]) == {"yardage", "hand", "upcoming", "decks"}
    assert_only_own_cards(live, table["id"], 0, mine)
    assert_only_own_cards(live, table["id"], 1, seen(client, table["id"], bob))
    onlooker = seen(client, table["id"], watch)
    assert_only_own_cards(live, table["id"], None, onlooker)
    assert [p["cards_in_hand"] for p in onlooker["view"]["players"]] == [14, 14]


# == the long poll ================================================================================


def test_a_wait_for_an_old_version_answers_at_once(live, client):
    table, ann, _ = two_people(client)
    began = time.monotonic()
    view = seen(client, table["id"], ann)
    status, waited = look(client, table["id"], ann, wait=view["version"] - 1)
    assert status == 200 and waited == view and time.monotonic() - began < 1.5


def test_a_wait_answers_when_another_seat_moves(live, client):
    live.config["LIVE_LONG_POLL_MAX_S"] = 10  # far longer than the answer may take: it was woken
    table, ann, bob = two_people(client)
    move(client, table["id"], ann, 3, {"action": "flip", "positions": [0, 3]})

    def bob_moves():
        time.sleep(0.3)
        with live.app_context():
            response = live.test_client().post(
                f"{TABLES}/{table['id']}/moves",
                json={"version": 4, "action": {"action": "flip", "positions": [1, 2]}},
                headers=bearer(bob),
            )
            assert response.status_code == 200

    mover = threading.Thread(target=bob_moves)
    began = time.monotonic()
    mover.start()
    status, view = look(client, table["id"], ann, wait=4)
    waited = time.monotonic() - began
    mover.join()
    assert status == 200 and view["version"] == 5 and view["to_move"] == 0
    assert 0.25 < waited < 5, waited
    assert sum(card is not None for card in view["view"]["opponents"][0]) == 2


def test_a_waiting_phone_holds_no_database_connection(live, client):
    """A long poll waits with its connection back in the pool (docs/live-tables.md, "Serving"):
    hundreds of phones wait at once, and the pool is a handful of connections."""
    from caddie.store.database import db

    live.config["LIVE_LONG_POLL_MAX_S"] = 1.0
    table, ann, _ = two_people(client)
    move(client, table["id"], ann, 3, {"action": "flip", "positions": [0, 3]})
    with live.app_context():
        pool = db.engine.pool
    held: list[int] = []

    def watch_pool():
        time.sleep(0.5)  # the long poll below is waiting by now
        held.append(pool.checkedout())

    watcher = threading.Thread(target=watch_pool)
    watcher.start()
    status, view = look(client, table["id"], ann, wait=4)
    watcher.join()
    assert status == 200 and view["version"] == 4
    assert held == [0]


def test_a_wait_times_out_with_the_same_version(live, client):
    live.config["LIVE_LONG_POLL_MAX_S"] = 0.4
    table, ann, _ = two_people(client)
    watch = table["watch_url"].rsplit("/", 1)[1]
    began = time.monotonic()
    status, view = look(client, table["id"], watch, wait=3)
    assert status == 200 and view["version"] == 3 and view["seat"] is None
    assert 0.35 < time.monotonic() - began < 2.5


def test_a_wait_with_no_room_on_the_server_answers_at_once_with_retry_after(live, client, monkeypatch):
    monkeypatch.setattr("caddie.store.live_changes.WAITERS", 0)  # every waiting place here taken
    live.config["LIVE_LONG_POLL_MAX_S"] = 10
    table, ann, _ = two_people(client)
    began = time.monotonic()
    response = client.get(f"{TABLES}/{table['id']}?wait=3", headers=bearer(ann))
    assert response.status_code == 200 and response.get_json()["version"] == 3
    assert response.headers["Retry-After"] == "1" and time.monotonic() - began < 1.5
    # A wait that found the table newer needs no second try.
    assert "Retry-After" not in client.get(f"{TABLES}/{table['id']}?wait=2", headers=bearer(ann)).headers


def test_a_wait_still_needs_a_token_of_this_table(live, client):
    table = create(client)
    began = time.monotonic()
    assert look(client, table["id"], None, wait=1) == (404, NO_TABLE)
    assert time.monotonic() - began < 1


# == the OpenAPI document =========================================================================


LIVE_OPERATIONS = [
    (TABLES, "post"),
    (JOIN, "post"),
    (START, "post"),
    (TABLE, "get"),
    (MOVES, "post"),
    (RECORD, "get"),
]


def test_openapi_documents_the_live_tables(doc):
    assert document_problems(doc) == []
    for path, method in LIVE_OPERATIONS:
        operation = doc["paths"][path][method]
        assert operation["tags"] == ["Live tables"] and operation["summary"] and operation["description"]
        params = {p["name"] for p in operation.get("parameters", [])}
        assert all(f"{{{p}}}" in path for p in params - {"wait"})
    assert "Live tables" in [tag["name"] for tag in doc["tags"]]
    for path, method in LIVE_OPERATIONS[2:-1]:
        assert doc["paths"][path][method]["security"] == [{"bearerAuth": []}]
    assert doc["paths"][RECORD]["get"]["security"] == [{"bearerAuth": []}, {"browserSession": []}]
    assert set(doc["paths"][MOVES]["post"]["responses"]) == {"200", "400", "404", "405", "409"}
    assert set(doc["paths"][JOIN]["post"]["responses"]) == {"200", "400", "404", "405", "409", "429"}


@pytest.mark.parametrize("path, method", LIVE_OPERATIONS)
def test_openapi_live_examples_match_their_schemas(doc, path, method):
    requests, responses = examples_of(doc, path, method)
    assert set(requests) <= set(responses), "every request example has its answer"
    for name, request in requests.items():
        if responses[name][0] < 300:  # refused examples may break the request schema on purpose
            assert schema_errors(request, request_schema(doc, path, method), doc) == [], name
    for name, (status, response) in responses.items():
        assert schema_errors(response, response_schema(doc, path, method, status), doc) == [], name


def as_example(body, table, *tokens):
    """``body`` with the real id, code, host and tokens written as the examples write them."""
    text = json.dumps(body)
    text = text.replace(table["id"], EXAMPLE_TABLE_ID).replace(table["code"], EXAMPLE_CODE)
    text = text.replace("http://localhost", EXAMPLE_HOST)
    text = text.replace(table["watch_url"].rsplit("/", 1)[1], EXAMPLE_WATCH_TOKEN)
    text = text.replace(table["join_url"].rsplit("/", 1)[1], EXAMPLE_JOIN_LINK_TOKEN)
    for token, example in zip(tokens, (EXAMPLE_SEAT_TOKEN, EXAMPLE_JOIN_TOKEN)):
        text = text.replace(token, example)
    return json.loads(text)


def test_each_documented_table_example_gets_its_documented_answer(app, doc):
    requests, responses = examples_of(doc, TABLES, "post")
    for name, request in requests.items():
        status, body = _documented(TABLES, "post", app.test_client().post(TABLES, json=request))
        if status == 201:
            body = as_example(body, body, body["seat_token"])
        assert (status, body) == responses[name], name


def test_each_documented_join_example_gets_its_documented_answer(app, doc):
    create_requests, _ = examples_of(doc, TABLES, "post")
    requests, responses = examples_of(doc, JOIN, "post")
    for name, request in requests.items():
        client = app.test_client()
        table = create(client, **create_requests["clubs_for_two"])
        status, body = _documented(JOIN, "post", client.post(f"{TABLES}/{table['code']}/join", json=request))
        if status == 200:
            body = as_example(body, table, table["seat_token"], body["seat_token"])
        assert (status, body) == responses[name], name


def test_the_documented_lobby_and_start_are_what_the_api_answers(app, doc):
    create_requests, _ = examples_of(doc, TABLES, "post")
    _, views = examples_of(doc, TABLE, "get")
    _, starts = examples_of(doc, START, "post")
    client = app.test_client()
    table = create(client, **create_requests["grid_with_a_computer"])
    assert (200, as_example(seen(client, table["id"], table["seat_token"]), table)) == views["lobby"]
    status, started = start(client, table["id"], table["seat_token"])
    expected = starts["started"][1]
    # the deal is random: the cards face up in the documented example are the deal's own
    assert started["view"]["discard_pile"] == [started["view"]["discard"]]
    started["view"].update(discard=expected["view"]["discard"], discard_pile=expected["view"]["discard_pile"])
    assert started["scorecard_url"].startswith("http://localhost/ledger/s/")
    started["scorecard_url"] = expected["scorecard_url"]  # the round's share token is drawn afresh too
    assert (status, started) == starts["started"]


# == arbitrary junk: never a 500 ==================================================================

# The properties that make a table in every example (a create, most with a start and a move too:
# three to five requests and their writes, 30 ms) take 50 examples, not FUZZ's 150: each of them
# took 3 to 5 CPU-s.
FUZZ_TABLES = settings(FUZZ, max_examples=50)


@FUZZ
@given(body=json_values)
def test_any_json_value_gets_an_answer_from_create(client, body):
    _documented(TABLES, "post", client.post(TABLES, json=body))


@FUZZ_TABLES
@given(
    body=st.dictionaries(
        st.sampled_from(["game", "holes", "preset", "rules", "course", "name", "seats", "clock"]), json_values
    )
)
def test_any_values_in_the_create_fields_get_an_answer(app, client, body):
    app.config["LIVE_OPEN_TABLES"] = 10_000  # every example makes a table from the one address
    status, _ = _documented(TABLES, "post", client.post(TABLES, json=body))
    assert status in (201, 400)


@FUZZ_TABLES
@given(body=st.dictionaries(st.sampled_from(["version", "action"]), json_values) | json_values)
def test_any_move_gets_an_answer(app, body):
    app.config["LIVE_OPEN_TABLES"] = 10_000  # every example makes a table from the one address
    client = app.test_client()
    table = create(client, seats=WITH_ADA)
    start(client, table["id"], table["seat_token"])
    response = client.post(f"{TABLES}/{table['id']}/moves", json=body, headers=bearer(table["seat_token"]))
    status, _ = _documented(MOVES, "post", response)
    assert status in (200, 400, 409)


@FUZZ_TABLES
@given(
    action=st.fixed_dictionaries(
        {"action": st.sampled_from(["flip", "draw", "take_discard", "swap", "discard", "knock", "next_hole", "play"])},
        optional={"position": json_values, "positions": json_values, "flip": json_values, "cards": json_values},
    )
)
def test_any_grid_action_gets_an_answer(app, action):
    app.config["LIVE_OPEN_TABLES"] = 10_000  # every example makes a table from the one address
    client = app.test_client()
    table = create(client, seats=WITH_ADA)
    start(client, table["id"], table["seat_token"])
    status, _ = move(client, table["id"], table["seat_token"], 2, action)
    assert status in (200, 409)


def test_the_phones_read_one_decoded_copy_of_a_version_and_reading_it_changes_nothing(app, client):
    table, ann, bob = two_people(client)
    with app.app_context():
        row = store.find(table["id"])
        first = store.read(row)
        assert store.read(store.find(table["id"])) is first  # the same version: decoded once
        stored = json.dumps(row.state, sort_keys=True)
    for token in (ann, bob, table["watch_url"].rsplit("/", 1)[1]):  # every seat's view and the onlookers'
        seen(client, table["id"], token)
    with app.app_context():
        assert json.dumps(store.read(store.find(table["id"])).to_dict(), sort_keys=True) == stored
    view = seen(client, table["id"], ann)
    seat = view["to_move"]
    status, after = move(
        client, table["id"], token_of(seat, ann, bob), view["version"], {"action": "flip", "positions": [0, 1]}
    )
    assert status == 200, after
    with app.app_context():
        row = store.find(table["id"])
        fresh = store.read(row)
        assert fresh is not first and row.version == view["version"] + 1
        assert json.dumps(fresh.to_dict(), sort_keys=True) == json.dumps(row.state, sort_keys=True)
    assert seen(client, table["id"], token_of(1 - seat, ann, bob))["version"] == view["version"] + 1


def test_every_seat_and_onlooker_gets_the_read_only_scorecard_of_the_table(client):
    table = create(client)
    assert seen(client, table["id"], table["seat_token"])["scorecard_url"] is None  # the lobby: no round yet
    bob = seated(client, table["code"])
    start(client, table["id"], table["seat_token"])
    watch = table["watch_url"].rsplit("/", 1)[1]
    links = {
        seen(client, table["id"], token)["scorecard_url"] for token in (table["seat_token"], bob["seat_token"], watch)
    }
    assert len(links) == 1
    [link] = links
    assert link.startswith("http://localhost/ledger/s/")
    page = client.get(link.removeprefix("http://localhost"))
    assert page.status_code == 200
    assert "Ann" in page.get_data(as_text=True) and "Bob" in page.get_data(as_text=True)


# -- a move raced, and a hole's scores ----------------------------------------------------------------------

FLIP_0_3 = {"action": "flip", "positions": [0, 3]}


def test_a_move_raced_by_the_same_move_from_another_phone_is_made_once(app, client, monkeypatch):
    """The seat's other phone makes the same move between this move's read and its write: the
    write finds the table moved on, and this phone gets the fresh table, the move made once."""
    table, ann, bob = two_people(client)
    real_load = store.load
    raced: list[int] = []

    def load_after_the_other_phone_moved(row):
        if not raced:
            raced.append(0)
            with app.app_context(), app.test_client() as other_phone:  # a session of its own, as on another server
                raced[0] = move(other_phone, table["id"], ann, 3, FLIP_0_3)[0]
        return real_load(row)

    monkeypatch.setattr(store, "load", load_after_the_other_phone_moved)
    status, answer = move(client, table["id"], ann, 3, FLIP_0_3)
    monkeypatch.undo()
    assert raced == [200]
    assert status == 409 and answer["field"] == "version" and answer["version"] == 4
    view = seen(client, table["id"], bob)
    assert view["version"] == 4 and view["to_move"] == 1
    assert sum("Ann turned up" in text for text in view["events"]) == 2  # two cards, turned up once


def test_the_move_that_ends_a_hole_and_its_scores_stand_or_fall_together(live, client, monkeypatch):
    """A move that finishes a hole lands its scores in the table's ledger round in one transaction
    with the move: when the scores cannot be written, the move is not stored either, and sent again
    it lands with them."""
    import caddie.store.match_records as records

    class LedgerDown(Exception):
        pass

    def ledger_down(*args):
        raise LedgerDown()

    table, ann, bob = two_people(client)
    tokens = [ann, bob]
    monkeypatch.setattr(records, "_land_in_ledger", ledger_down)
    for _ in range(200):
        view = seen(client, table["id"], ann)
        mine = seen(client, table["id"], tokens[view["to_move"]])
        try:
            status, after = move(client, table["id"], tokens[view["to_move"]], mine["version"], advise(mine["view"]))
        except LedgerDown:
            break
        assert status == 200, after
    else:
        raise AssertionError("no move ended the hole")
    assert seen(client, table["id"], ann)["version"] == mine["version"]  # nothing stored
    monkeypatch.undo()
    status, after = move(client, table["id"], tokens[view["to_move"]], mine["version"], advise(mine["view"]))
    assert status == 200 and after["phase"] == "hole_over", after
    card = client.get(after["scorecard_url"].removeprefix("http://localhost")).get_data(as_text=True)
    # as the card writes them: a negative total with a real minus sign
    assert all(f">{points(total)}<" in card for total in after["totals"]), after["totals"]
