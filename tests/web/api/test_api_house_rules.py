"""The JSON API under the house rules: bonuses in /tally/grid, a whole table's hole in
/tally/table, and what Play and the Caddie refuse until they play a rule (docs/api.md)."""

from __future__ import annotations

import pytest

from caddie.core.grid.rules import Rules
from tests.web.api.test_api import post

GRID = "/api/v1/tally/grid"
TABLE = "/api/v1/tally/table"
ADVICE = "/api/v1/caddie/grid"
LOW = ["A", "2", "3", "A", "2", "3"]  # 0
KNOCKER = ["5", "5", "9", "K", "K", "9"]  # (5,K) 15, (5,K) 15, (9,9) 0: 30


def test_a_grid_lists_its_bonuses_inside_the_score(client):
    status, body = post(
        client, GRID, {"cards": ["J", "J", "5", "J", "J", "9"], "rules": {"four_of_a_kind": True, "wolfpack": True}}
    )
    assert status == 200
    assert body["score"] == 14 - 40
    assert body["bonuses"] == [{"rule": "four_of_a_kind", "points": -20}, {"rule": "wolfpack", "points": -20}]
    assert body["rules"] == Rules(four_of_a_kind=True, wolfpack=True).to_dict()


def test_a_nine_card_grid_is_tallied_in_three_rows(client):
    cards = ["7", "5", "K", "7", "2", "K", "7", "9", "Q"]
    status, body = post(client, GRID, {"cards": cards, "rules": {"cards": 9}})
    assert status == 200 and body["score"] == 42
    assert [c["middle"] for c in body["columns"]] == ["7", "2", "K"]
    status, body = post(client, GRID, {"cards": cards[:6], "rules": {"cards": 9}})
    assert status == 400 and body["field"] == "cards"
    assert "top row, middle row, then bottom row" in body["error"]


def test_a_whole_tables_hole_is_scored_line_by_line(client):
    request = {
        "grids": [KNOCKER, LOW],
        "out": 0,
        "rules": {"knock_penalty": True, "knock_bonus": True, "underdog": True},
    }
    status, body = post(client, TABLE, request)
    assert status == 200
    assert body["scores"] == [35, -3]
    knocker, other = body["players"]
    assert knocker["grid"]["score"] == 30 and knocker["score"] == 35
    assert knocker["adjustments"] == [{"rule": "knock_penalty", "points": 10}, {"rule": "knock_bonus", "points": -5}]
    assert other["adjustments"] == [{"rule": "underdog", "points": -3}]
    assert knocker["grid"]["rules"] == body["rules"]
    # nobody out: no knock rules
    status, body = post(client, TABLE, {**request, "out": None})
    assert body["scores"] == [30, -3]


def test_without_table_rules_a_table_is_each_grid_as_tallied_alone(client):
    status, body = post(client, TABLE, {"grids": [KNOCKER, LOW]})
    assert status == 200 and body["scores"] == [30, 0]
    for grid, player in zip([KNOCKER, LOW], body["players"]):
        assert player["grid"] == post(client, GRID, {"cards": grid})[1]
        assert player["adjustments"] == []


@pytest.mark.parametrize(
    "body, field, words",
    [
        ({}, "grids", "every player's finished grid"),
        ({"grids": []}, "grids", "every player's finished grid"),
        ({"grids": [LOW] * 9}, "grids", "1 to 8 players"),
        ({"grids": [LOW, "A23A23"]}, "grids[1]", "a list such as"),
        ({"grids": [LOW, LOW[:4]]}, "grids[1]", "This grid has 4 cards"),
        ({"grids": [LOW, ["A", "2", "Z", "A", "2", "3"]]}, "grids[1][2]", '"Z" is not a card'),
        ({"grids": [LOW, LOW], "out": 2}, "out", "0 to 1"),
        ({"grids": [LOW, LOW], "out": "0"}, "out", "0 to 1"),
        ({"grids": [LOW, LOW], "out": True}, "out", "0 to 1"),
        ({"grids": [LOW, LOW], "rules": {"knock_penalti": True}}, "rules.knock_penalti", "not a rules field"),
        ({"grids": [LOW, LOW], "rules": {"underdog": "yes"}}, "rules.underdog", "on (true) or off (false)"),
        ({"grids": [["OJ", "2", "3", "A", "2", "3"], LOW]}, "grids[0]", "One-eyed Jacks rule"),
        ({"grids": [["K", "K", "5", "K", "K", "9"], ["K", "2", "3", "4", "5", "6"]]}, "grids", "5 Kings at the table"),
        ({"grids": [LOW, LOW], "seats": 2}, "seats", "not a field"),
    ],
)
def test_bad_table_input_is_a_sentence_naming_its_field(client, body, field, words):
    status, answer = post(client, TABLE, body)
    assert status == 400, answer
    assert answer["field"] == field
    assert words in answer["error"]


def test_a_table_uses_as_many_decks_as_its_players_need_unless_told(client):
    five = [["K", "K", "5", "K", "K", "9"], ["K", "2", "3", "4", "5", "6"]] + [LOW] * 3  # five players: two decks
    assert post(client, TABLE, {"grids": five})[0] == 200
    status, body = post(client, TABLE, {"grids": five, "decks": 1})
    assert status == 400 and body["field"] == "grids"


def test_the_caddie_advises_an_early_knock_or_a_flip_as_the_whole_turn(client):
    # one card down, every card up low, the opponent high: knocking ends the hole well ahead
    view = {
        "grid": ["A", None, "A", "2"],
        "discard": "K",
        "deck_size": 0,
        "opponents": [["Q", "J", None, None]],
        "rules": {"cards": 4, "early_knock": True},
    }
    status, body = post(client, ADVICE, view)
    assert status == 200, body
    assert body["action"] == "knock" and body["position"] is None
    assert any(a["action"] == "take_discard" for a in body["alternatives"])
    status, body = post(client, ADVICE, {**view, "rules": {"cards": 4, "flip_as_action": True}})
    assert status == 200, body
    assert (body["action"], body["position"]) == ("flip", 1)


def test_an_optional_discard_flip_is_weighed_against_leaving_the_cards(client):
    # a K drawn, nowhere to keep it; turning up the last card goes out
    view = {
        "grid": ["A", "A", None, "2"],
        "discard": "5",
        "drawn": "K",
        "drawn_from": "deck",
        "opponents": [["2", "2", None, "A"]],
        "rules": {"cards": 4, "discard_flip": "optional"},
    }
    status, body = post(client, ADVICE, view)
    assert status == 200, body
    assert body["action"] == "discard" and body["flip"] in (None, 2)
    assert "discard the K:" in body["explanation"] or "Discard the K:" in body["explanation"]  # the other way
    status, forced = post(client, ADVICE, {**view, "rules": {"cards": 4, "discard_flip": True}})
    assert forced["action"] == "discard" and forced["flip"] == 2
    assert "discard the K:" not in forced["explanation"]  # no discard without a flip to weigh


def test_the_caddie_plays_the_scoring_house_rules(client):
    status, body = post(
        client,
        ADVICE,
        {"grid": ["7", None, None, "7", None, None], "discard": "7", "rules": {"four_of_a_kind": True, "king": -2}},
    )
    assert status == 200 and body["action"] in ("take_discard", "draw")


def test_the_caddie_advises_a_nine_card_grid_and_completes_a_column_of_three(client):
    grid = ["7", "K", None, "7", "Q", None, None, None, None]  # left column 7 7 and one face down
    view = {"grid": grid, "discard": "3", "drawn": "7", "drawn_from": "deck", "rules": {"cards": 9}}
    view["opponents"] = [["9", None, None, "8", None, None, None, None, None]]
    status, body = post(client, ADVICE, view)
    assert status == 200, body
    assert (body["action"], body["position"]) == ("swap", 6)
    assert "column" in body["explanation"]
