"""JSON API v1: the tally endpoints and the OpenAPI document (docs/api.md)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddie.core.clubs.scoring import DEFAULT_DECK
from caddie.core.grid.cards import RANKS
from caddie.core.grid.rules import PRESETS, Rules
from tests.web.api.openapi_check import (
    FUZZ,
    OPENAPI,
    assert_documented,
    assert_error,
    dereferenced,
    document_problems,
    examples_of,
    fetch_document,
    json_values,
    refs_of,
    request_schema,
    response_schema,
    schema_errors,
    schemas_of,
)

GRID = "/api/v1/tally/grid"
CLUBS = "/api/v1/tally/clubs"
STANDARD_RULES = Rules().to_dict()
HAND = ["K", "5", "7", "K", "3", "9"]


def post(client, path, body):
    """POST ``body`` as JSON; return the status and the decoded JSON answer."""
    response = client.post(path, json=body)
    assert response.is_json, response.get_data(as_text=True)
    return response.status_code, response.get_json()


def post_raw(client, path, data, content_type="application/json"):
    response = client.post(path, data=data, content_type=content_type)
    assert response.is_json, response.get_data(as_text=True)
    return response.status_code, response.get_json()


# -- an independent scorer, to check the API's arithmetic -----------------------------------------


def card_points(card, rules):
    table = {
        "A": 1,
        "J": 10,
        "Q": 10,
        "K": rules["king"],
        "JK": -2,
        "2": -2 if rules["negatives"] in ("twos", "both") else 2,
    }
    return table.get(card, int(card) if card.isdigit() else None)


def column_points(top, bottom, rules):
    if top == bottom:
        value = card_points(top, rules)
        return 2 * value if value < 0 and rules["negative_pairs"] == "keep" else 0
    return card_points(top, rules) + card_points(bottom, rules)


def default_penalty(over):
    for limit, strokes in ((0, 0), (10, 1), (25, 2), (50, 3), (100, 4)):
        if over <= limit:
            return strokes
    return 5


@pytest.fixture
def doc(client):
    return fetch_document(client)


# == POST /api/v1/tally/grid ======================================================================


def test_grid_documented_example(client):
    status, body = post(client, GRID, {"cards": HAND, "preset": "standard"})
    assert status == 200
    assert body == {
        "score": 24,
        "columns": [
            {"top": "K", "bottom": "K", "matched": True, "points": 0},
            {"top": "5", "bottom": "3", "matched": False, "points": 8},
            {"top": "7", "bottom": "9", "matched": False, "points": 16},
        ],
        "bonuses": [],
        "rules": STANDARD_RULES,
    }


def test_grid_defaults_to_the_standard_preset(client):
    status, body = post(client, GRID, {"cards": HAND})
    assert status == 200
    assert body["rules"] == STANDARD_RULES == Rules().to_dict()


@pytest.mark.parametrize("name", [name for name, rules in PRESETS.items() if rules.cards == 6])
def test_grid_answers_the_preset_rules(client, name):
    status, body = post(client, GRID, {"cards": ["K", "5", "7", "4", "3", "9"], "preset": name})
    assert status == 200
    assert body["rules"] == PRESETS[name].to_dict()
    king = PRESETS[name].king
    assert body["columns"][0] == {"top": "K", "bottom": "4", "matched": False, "points": king + 4}
    assert body["score"] == king + 4 + 8 + 16


@pytest.mark.parametrize(
    "name, cards", [("nine", ["K", "5", "7", "K", "3", "9", "K", "8", "4"]), ("speed", ["K", "5", "K", "3"])]
)
def test_grid_answers_the_presets_of_other_sizes(client, name, cards):
    status, body = post(client, GRID, {"cards": cards, "preset": name})
    assert status == 200, body
    assert body["rules"] == PRESETS[name].to_dict()
    assert body["columns"][0]["matched"] and body["columns"][0]["points"] == 0  # the Kings of the left column


def test_grid_rules_override_the_preset(client):
    status, body = post(
        client, GRID, {"cards": ["K", "5", "7", "4", "3", "9"], "preset": "bicycle", "rules": {"king": 10, "holes": 18}}
    )
    assert status == 200
    assert body["rules"] == dict(PRESETS["bicycle"].to_dict(), king=10, holes=18)
    assert body["rules"]["end"] == "final_turn"  # the rest of the preset stays
    assert body["score"] == 14 + 8 + 16


def test_grid_empty_rules_object_changes_nothing(client):
    status, body = post(client, GRID, {"cards": HAND, "preset": "classic", "rules": {}})
    assert status == 200 and body["rules"] == PRESETS["classic"].to_dict()


def test_grid_reads_cards_forgivingly_and_answers_canonical_codes(client):
    typed = [" k", "t", "*", "K ", "10", "x"]
    status, body = post(client, GRID, {"cards": typed, "rules": {"negatives": "jokers"}})
    assert status == 200
    assert [(c["top"], c["bottom"]) for c in body["columns"]] == [("K", "K"), ("10", "10"), ("JK", "JK")]
    assert body["score"] == 0


@pytest.mark.parametrize(
    "typed, code",
    [
        ("a", "A"),
        ("1", "A"),
        ("ace", "A"),
        ("T", "10"),
        ("j", "J"),
        ("queen", "Q"),
        ("jk", "JK"),
        ("Joker", "JK"),
        ("X", "JK"),
        ("*", "JK"),
        ("  9  ", "9"),
    ],
)
def test_grid_card_spellings(client, typed, code):
    cards = [typed, "5", "7", "4", "3", "9"]
    status, body = post(client, GRID, {"cards": cards, "rules": {"negatives": "both"}})
    assert status == 200
    assert body["columns"][0]["top"] == code


def test_grid_negatives_jokers_makes_twos_worth_two(client):
    status, body = post(client, GRID, {"cards": ["2", "JK", "5", "7", "3", "9"], "rules": {"negatives": "jokers"}})
    assert status == 200
    assert [c["points"] for c in body["columns"]] == [2 + 7, -2 + 3, 5 + 9]
    assert body["score"] == 24


@pytest.mark.parametrize("pairs, expected", [("zero", 0), ("keep", -4)])
def test_grid_negative_pairs(client, pairs, expected):
    status, body = post(
        client,
        GRID,
        {"cards": ["2", "JK", "5", "2", "JK", "9"], "rules": {"negatives": "both", "negative_pairs": pairs}},
    )
    assert status == 200
    assert body["columns"][0] == {"top": "2", "bottom": "2", "matched": True, "points": expected}
    assert body["columns"][1] == {"top": "JK", "bottom": "JK", "matched": True, "points": expected}
    assert body["score"] == 2 * expected + 14


@pytest.mark.parametrize("size", [4, 6, 8, 10])
def test_grid_sizes(client, size):
    width = size // 2
    cards = ["A", "2", "3", "4", "5"][:width] + ["A", "6", "7", "8", "9"][:width]
    status, body = post(client, GRID, {"cards": cards, "rules": {"cards": size}})
    assert status == 200
    assert len(body["columns"]) == width
    assert body["columns"][0] == {"top": "A", "bottom": "A", "matched": True, "points": 0}
    assert [(c["top"], c["bottom"]) for c in body["columns"]] == list(zip(cards[:width], cards[width:]))
    assert body["score"] == sum(c["points"] for c in body["columns"])


def test_grid_more_decks_allow_more_copies(client):
    five_kings = ["K", "K", "K", "K", "K", "3"]
    assert_error(*post(client, GRID, {"cards": five_kings}), "cards")
    status, body = post(client, GRID, {"cards": five_kings, "decks": 2})
    assert status == 200 and body["score"] == 0 + 0 + 13
    status, body = post(client, GRID, {"cards": ["K"] * 10, "rules": {"cards": 10}, "decks": 2})
    assert status == 400 and body["field"] == "cards"
    assert body["error"] == "10 Kings, but 2 decks hold only 8."


def test_grid_jokers_are_limited_to_two_a_deck(client):
    rules = {"negatives": "jokers"}
    status, _ = post(client, GRID, {"cards": ["JK", "JK", "5", "7", "3", "9"], "rules": rules})
    assert status == 200
    status, body = post(client, GRID, {"cards": ["JK", "JK", "JK", "7", "3", "9"], "rules": rules})
    assert_error(status, body, "cards")
    assert body["error"] == "3 Jokers, but one deck holds only 2."
    status, _ = post(client, GRID, {"cards": ["JK", "JK", "JK", "7", "3", "9"], "rules": rules, "decks": 2})
    assert status == 200


def test_grid_joker_not_in_play(client):
    status, body = post(client, GRID, {"cards": ["x", "5", "7", "K", "3", "9"], "preset": "classic"})
    assert_error(status, body, "cards")
    assert "Jokers are not in play" in body["error"]


@pytest.mark.parametrize(
    "body, field, words",
    [
        ({}, "cards", "Send the cards"),
        ({"cards": None}, "cards", "Send the cards"),
        ({"cards": "K57K39"}, "cards", "list"),
        ({"cards": {"0": "K"}}, "cards", "list"),
        ({"cards": 6}, "cards", "list"),
        ({"cards": []}, "cards", "has 0 cards"),
        ({"cards": HAND[:5]}, "cards", "has 5 cards"),
        ({"cards": HAND + ["A"]}, "cards", "has 7 cards"),
        ({"cards": HAND, "rules": {"cards": 8}}, "cards", "deal 8"),
        ({"cards": ["K", "5", None, "K", "3", "9"]}, "cards[2]", "Card 3 is missing"),
        ({"cards": ["K", "5", "7", "K", "3", "  "]}, "cards[5]", "Card 6 is missing"),
        ({"cards": ["", "5", "7", "K", "3", "9"]}, "cards[0]", "Card 1 is missing"),
        ({"cards": ["K", 5, "7", "K", "3", "9"]}, "cards[1]", "as text"),
        ({"cards": ["K", "5", True, "K", "3", "9"]}, "cards[2]", "as text"),
        ({"cards": ["K", "5", "7", ["K"], "3", "9"]}, "cards[3]", "as text"),
        ({"cards": ["K", "5", "7", {"rank": "K"}, "3", "9"]}, "cards[3]", "as text"),
        ({"cards": ["K", "5", "7", "K", "3", "Z"]}, "cards[5]", '"Z" is not a card'),
        ({"cards": ["K", "5", "7", "K", "3", "11"]}, "cards[5]", '"11" is not a card'),
        ({"cards": ["K", "5", "7", "K", "3", "K\u2660"]}, "cards[5]", "is not a card"),
        ({"cards": ["\uff2b", "5", "7", "K", "3", "9"]}, "cards[0]", "is not a card"),  # a full-width K
        ({"cards": ["\ud800", "5", "7", "K", "3", "9"]}, "cards[0]", "is not a card"),  # a lone surrogate
        ({"cards": HAND, "preset": "house"}, "preset", '"house" is not a preset'),
        ({"cards": HAND, "preset": "St\u00e5ndard"}, "preset", "is not a preset"),
        ({"cards": HAND, "preset": "Standard"}, "preset", "is not a preset"),
        ({"cards": HAND, "preset": None}, "preset", "standard, classic, bicycle, nine or speed"),
        ({"cards": HAND, "preset": 1}, "preset", "standard, classic, bicycle, nine or speed"),
        ({"cards": HAND, "preset": ["standard"]}, "preset", "standard, classic, bicycle, nine or speed"),
        ({"cards": HAND, "preset": {"name": "standard"}}, "preset", "standard, classic, bicycle, nine or speed"),
        ({"cards": HAND, "rules": None}, "rules", "object"),
        ({"cards": HAND, "rules": "classic"}, "rules", "object"),
        ({"cards": HAND, "rules": [["king", 0]]}, "rules", "object"),
        ({"cards": HAND, "rules": {"kings": 0}}, "rules.kings", '"kings" is not a rules field'),
        ({"cards": HAND, "rules": {"k\u00efng": 0}}, "rules.k\u00efng", "is not a rules field"),
        ({"cards": HAND, "rules": {"king": 5}}, "rules.king", "King is worth 10, 0 or −2"),
        ({"cards": HAND, "rules": {"king": "10"}}, "rules.king", "King is worth 10, 0 or −2"),
        ({"cards": HAND, "rules": {"king": 10.0}}, "rules.king", "King is worth 10, 0 or −2"),
        ({"cards": HAND, "rules": {"king": False}}, "rules.king", "King is worth 10, 0 or −2"),
        ({"cards": HAND, "rules": {"king": None}}, "rules.king", "King is worth 10, 0 or −2"),
        ({"cards": HAND, "rules": {"cards": 7}}, "rules.cards", "4, 6, 8, 9 or 10"),
        ({"cards": HAND, "rules": {"cards": 6.0}}, "rules.cards", "4, 6, 8, 9 or 10"),
        ({"cards": HAND, "rules": {"cards": True}}, "rules.cards", "4, 6, 8, 9 or 10"),
        ({"cards": HAND, "rules": {"negatives": "threes"}}, "rules.negatives", "twos"),
        ({"cards": HAND, "rules": {"negatives": ["twos"]}}, "rules.negatives", "twos"),
        ({"cards": HAND, "rules": {"negative_pairs": "double"}}, "rules.negative_pairs", "zero"),
        ({"cards": HAND, "rules": {"end": "never"}}, "rules.end", "final_turn"),
        ({"cards": HAND, "rules": {"discard_flip": "yes"}}, "rules.discard_flip", "true"),
        ({"cards": HAND, "rules": {"discard_flip": 1}}, "rules.discard_flip", "true"),
        ({"cards": HAND, "rules": {"initial_flips": 3}}, "rules.initial_flips", "0, 1 or 2"),
        ({"cards": HAND, "rules": {"initial_flips": True}}, "rules.initial_flips", "0, 1 or 2"),
        ({"cards": HAND, "rules": {"holes": 0}}, "rules.holes", "1 to 18"),
        ({"cards": HAND, "rules": {"holes": 10**40}}, "rules.holes", "1 to 18"),
        ({"cards": HAND, "rules": {"holes": {"n": 9}}}, "rules.holes", "1 to 18"),
        ({"cards": HAND, "decks": 0}, "decks", "1 to 4"),
        ({"cards": HAND, "decks": 5}, "decks", "1 to 4"),
        ({"cards": HAND, "decks": -1}, "decks", "1 to 4"),
        ({"cards": HAND, "decks": 2.0}, "decks", "1 to 4"),
        ({"cards": HAND, "decks": "2"}, "decks", "1 to 4"),
        ({"cards": HAND, "decks": True}, "decks", "1 to 4"),
        ({"cards": HAND, "decks": None}, "decks", "1 to 4"),
        ({"cards": HAND, "decks": 10**100}, "decks", "1 to 4"),
        ({"cards": HAND, "deck": 2}, "deck", '"deck" is not a field'),
        ({"cards": HAND, "grid": HAND}, "grid", '"grid" is not a field'),
    ],
)
def test_grid_bad_input(client, body, field, words):
    status, answer = post(client, GRID, body)
    assert_error(status, answer, field)
    assert words in answer["error"]


def test_grid_first_problem_in_reading_order_is_reported(client):
    # an unknown preset is reported before a bad rules field, and both before the cards are read
    status, body = post(client, GRID, {"cards": ["Z"] * 6, "preset": "house", "rules": {"king": 5}})
    assert_error(status, body, "preset")
    status, body = post(client, GRID, {"cards": ["Z"] * 6, "rules": {"king": 5}})
    assert_error(status, body, "rules.king")


# == POST /api/v1/tally/clubs =====================================================================


def test_clubs_documented_example(client):
    status, body = post(client, CLUBS, {"yardage": 412, "cards": [250, 160, 3], "decks": 1})
    assert status == 200
    assert body == {"strokes": 3, "total": 413, "over": 1, "penalty": 1, "score": 4}


@pytest.mark.parametrize(
    "over, penalty",
    [(0, 0), (1, 1), (10, 1), (11, 2), (25, 2), (26, 3), (50, 3), (51, 4), (100, 4), (101, 5), (247, 5)],
)
def test_clubs_default_penalty_chart(client, over, penalty):
    status, body = post(client, CLUBS, {"yardage": 250 - over, "cards": [250]})
    assert status == 200
    assert body == {"strokes": 1, "total": 250, "over": over, "penalty": penalty, "score": 1 + penalty}


def test_clubs_card_order_does_not_matter(client):
    a = post(client, CLUBS, {"yardage": 300, "cards": [3, 250, 50]})
    b = post(client, CLUBS, {"yardage": 300, "cards": [50, 3, 250]})
    assert a == b == (200, {"strokes": 3, "total": 303, "over": 3, "penalty": 1, "score": 4})


def test_clubs_second_deck_allows_a_second_copy(client):
    status, body = post(client, CLUBS, {"yardage": 500, "cards": [250, 250]})
    assert_error(status, body, "cards")
    assert body["error"] == "2 cards of 250 yards, but one deck holds it only once."
    status, body = post(client, CLUBS, {"yardage": 500, "cards": [250, 250], "decks": 2})
    assert (status, body) == (200, {"strokes": 2, "total": 500, "over": 0, "penalty": 0, "score": 2})
    status, body = post(client, CLUBS, {"yardage": 500, "cards": [250, 250, 250], "decks": 2})
    assert_error(status, body, "cards")


def test_clubs_own_deck(client):
    deck = [300, 200, 100, 50, 25, 10, 5, 5, 4, 3, 3, 2, 1, 1]
    status, body = post(client, CLUBS, {"yardage": 410, "cards": [300, 100, 5, 5], "deck": deck})
    assert (status, body) == (200, {"strokes": 4, "total": 410, "over": 0, "penalty": 0, "score": 4})
    status, body = post(client, CLUBS, {"yardage": 412, "cards": [250, 160, 3], "deck": deck})
    assert_error(status, body, "cards")
    assert body["error"] == "There is no 250-yard card in the deck in use."


def test_clubs_own_penalty_chart(client):
    chart = [{"up_to": 0, "strokes": 0}, {"up_to": 5, "strokes": 2}, {"up_to": 20, "strokes": 3}]
    for over, penalty in ((0, 0), (5, 2), (6, 3), (20, 3), (21, 9)):
        status, body = post(client, CLUBS, {"yardage": 250 - over, "cards": [250], "penalty_chart": chart, "beyond": 9})
        assert status == 200 and body["penalty"] == penalty and body["score"] == 1 + penalty
    # without "beyond" the default of 5 applies past the last band
    status, body = post(client, CLUBS, {"yardage": 200, "cards": [250], "penalty_chart": chart})
    assert status == 200 and body["penalty"] == 5


def test_clubs_beyond_alone_changes_only_the_far_end(client):
    status, body = post(client, CLUBS, {"yardage": 100, "cards": [250], "beyond": 8})
    assert status == 200 and body["penalty"] == 8
    status, body = post(client, CLUBS, {"yardage": 200, "cards": [250], "beyond": 8})
    assert status == 200 and body["penalty"] == 3


@pytest.mark.parametrize(
    "body, field, words",
    [
        ({}, "yardage", "yardage"),
        ({"cards": [250]}, "yardage", "yardage"),
        ({"yardage": 412}, "cards", "cards played"),
        ({"yardage": 412, "cards": None}, "cards", "cards played"),
        ({"yardage": None, "cards": [250]}, "yardage", "whole number"),
        ({"yardage": "412", "cards": [250, 160, 3]}, "yardage", "whole number"),
        ({"yardage": 412.0, "cards": [250, 160, 3]}, "yardage", "whole number"),
        ({"yardage": 412.5, "cards": [250, 160, 3]}, "yardage", "whole number"),
        ({"yardage": True, "cards": [250]}, "yardage", "whole number"),
        ({"yardage": [412], "cards": [250]}, "yardage", "whole number"),
        ({"yardage": {"yards": 412}, "cards": [250]}, "yardage", "whole number"),
        ({"yardage": "\u0664\u0661\u0662", "cards": [250]}, "yardage", "whole number"),  # Arabic-Indic 412
        ({"yardage": 0, "cards": [3]}, "yardage", "between 1 and 1000"),
        ({"yardage": -5, "cards": [3]}, "yardage", "between 1 and 1000"),
        ({"yardage": 1001, "cards": [250]}, "yardage", "between 1 and 1000"),
        ({"yardage": 10**30, "cards": [250]}, "yardage", "between 1 and 1000"),
        ({"yardage": 412, "cards": []}, "cards", "at least one card"),
        ({"yardage": 412, "cards": 250}, "cards", "list"),
        ({"yardage": 412, "cards": "250 160 3"}, "cards", "list"),
        ({"yardage": 412, "cards": {"a": 250}}, "cards", "list"),
        ({"yardage": 412, "cards": [250, "160", 3]}, "cards[1]", "Card 2 is not a yardage"),
        ({"yardage": 412, "cards": [250, 160.0, 3]}, "cards[1]", "Card 2 is not a yardage"),
        ({"yardage": 412, "cards": [250, 160, False]}, "cards[2]", "Card 3 is not a yardage"),
        ({"yardage": 412, "cards": [None, 160, 3]}, "cards[0]", "Card 1 is not a yardage"),
        ({"yardage": 412, "cards": [[250], 160, 3]}, "cards[0]", "Card 1 is not a yardage"),
        ({"yardage": 412, "cards": [250, 160, 2]}, "cards", "no 2-yard card"),
        ({"yardage": 412, "cards": [250, 160, -3]}, "cards", "no -3-yard card"),
        ({"yardage": 412, "cards": [250, 160, 10**30]}, "cards", "yard card"),
        ({"yardage": 412, "cards": [250, 160]}, "cards", "2 short of the hole's 412"),
        ({"yardage": 412, "cards": [250, 160], "decks": 0}, "decks", "1 to 4"),
        ({"yardage": 412, "cards": [250, 160], "decks": "1"}, "decks", "1 to 4"),
        ({"yardage": 412, "cards": [250, 160], "decks": 1.5}, "decks", "1 to 4"),
        ({"yardage": 412, "cards": [250, 160, 3], "deck": None}, "deck", "list"),
        ({"yardage": 412, "cards": [250, 160, 3], "deck": []}, "deck", "list"),
        ({"yardage": 412, "cards": [250, 160, 3], "deck": False}, "deck", "list"),
        ({"yardage": 412, "cards": [250, 160, 3], "deck": "250,160,3"}, "deck", "list"),
        ({"yardage": 412, "cards": [250, 160, 3], "deck": [250, "160"]}, "deck[1]", "Deck card 2"),
        ({"yardage": 412, "cards": [250, 160, 3], "deck": [250, 160, 3]}, "deck", "at least 14 cards"),
        ({"yardage": 412, "cards": [250, 160, 3], "deck": [250, 160, 3] + [500] * 11}, "deck", "1 to 400"),
        ({"yardage": 412, "cards": [250, 160, 3], "penalty_chart": None}, "penalty_chart", "list of bands"),
        ({"yardage": 412, "cards": [250, 160, 3], "penalty_chart": []}, "penalty_chart", "list of bands"),
        (
            {"yardage": 412, "cards": [250, 160, 3], "penalty_chart": {"up_to": 0, "strokes": 0}},
            "penalty_chart",
            "list of bands",
        ),
        ({"yardage": 412, "cards": [250, 160, 3], "penalty_chart": [[0, 0]]}, "penalty_chart[0]", "up_to"),
        ({"yardage": 412, "cards": [250, 160, 3], "penalty_chart": [{"up_to": 0}]}, "penalty_chart[0]", "strokes"),
        (
            {"yardage": 412, "cards": [250, 160, 3], "penalty_chart": [{"up_to": 0, "strokes": 0, "x": 1}]},
            "penalty_chart[0]",
            "up_to",
        ),
        (
            {"yardage": 412, "cards": [250, 160, 3], "penalty_chart": [{"up_to": 0, "strokes": "0"}]},
            "penalty_chart[0].strokes",
            "whole number",
        ),
        (
            {"yardage": 412, "cards": [250, 160, 3], "penalty_chart": [{"up_to": 0.0, "strokes": 0}]},
            "penalty_chart[0].up_to",
            "whole number",
        ),
        (
            {"yardage": 412, "cards": [250, 160, 3], "penalty_chart": [{"up_to": 5, "strokes": 0}]},
            "penalty_chart",
            "0 over",
        ),
        (
            {
                "yardage": 412,
                "cards": [250, 160, 3],
                "penalty_chart": [{"up_to": 0, "strokes": 0}, {"up_to": 0, "strokes": 1}],
            },
            "penalty_chart",
            "further",
        ),
        (
            {
                "yardage": 412,
                "cards": [250, 160, 3],
                "penalty_chart": [{"up_to": 0, "strokes": 3}, {"up_to": 9, "strokes": 1}],
            },
            "penalty_chart",
            "never fall",
        ),
        (
            {
                "yardage": 412,
                "cards": [250, 160, 3],
                "penalty_chart": [{"up_to": 0, "strokes": 0}, {"up_to": 9, "strokes": 21}],
            },
            "penalty_chart",
            "0 to 20",
        ),
        ({"yardage": 412, "cards": [250, 160, 3], "beyond": 1}, "penalty_chart", "at least as much"),
        ({"yardage": 412, "cards": [250, 160, 3], "beyond": 10**20}, "penalty_chart", "at least as much"),
        ({"yardage": 412, "cards": [250, 160, 3], "beyond": None}, "beyond", "whole number"),
        ({"yardage": 412, "cards": [250, 160, 3], "beyond": "5"}, "beyond", "whole number"),
        ({"yardage": 412, "cards": [250, 160, 3], "hand": [250]}, "hand", '"hand" is not a field'),
        ({"yardage": 412, "cards": [250, 160, 3], "clubs": {}}, "clubs", '"clubs" is not a field'),
    ],
)
def test_clubs_bad_input(client, body, field, words):
    status, answer = post(client, CLUBS, body)
    assert_error(status, answer, field)
    assert words in answer["error"]


# == both endpoints: bodies that are not a request ================================================


@pytest.mark.parametrize("path", [GRID, CLUBS])
@pytest.mark.parametrize(
    "data, content_type, words",
    [
        ('{"cards": ["K"]}', "text/plain", "Content-Type: application/json"),
        ("cards=K&cards=5", "application/x-www-form-urlencoded", "Content-Type: application/json"),
        ("", None, "Content-Type: application/json"),
        ("", "application/json", "not valid JSON"),
        ("{", "application/json", "not valid JSON"),
        ("{'cards': ['K']}", "application/json", "not valid JSON"),
        ('{"cards": ["K",]}', "application/json", "not valid JSON"),
        (b'{"cards": ["\xff\xfe"]}', "application/json", "not valid JSON"),
        ("9" * 5000, "application/json", "not valid JSON"),  # past Python's digit limit
        ("[" * 100_000 + "]" * 100_000, "application/json", "not valid JSON"),  # deeper than the parser goes
        ("null", "application/json", "JSON object"),
        ("[]", "application/json", "JSON object"),
        ('["K", "5", "7", "K", "3", "9"]', "application/json", "JSON object"),
        ('"cards"', "application/json", "JSON object"),
        ("412", "application/json", "JSON object"),
        ("true", "application/json", "JSON object"),
        ("NaN", "application/json", "JSON object"),
    ],
)
def test_body_must_be_a_json_object(client, path, data, content_type, words):
    status, body = post_raw(client, path, data, content_type)
    assert_error(status, body, None)
    assert words in body["error"]


@pytest.mark.parametrize(
    "raw, field",
    [
        ('{"yardage": NaN, "cards": [250]}', "yardage"),
        ('{"yardage": Infinity, "cards": [250]}', "yardage"),
        ('{"yardage": 1e400, "cards": [250]}', "yardage"),
        ('{"yardage": 412, "cards": [250, -Infinity]}', "cards[1]"),
        ('{"yardage": 412, "cards": [250, 160, 3], "decks": NaN}', "decks"),
    ],
)
def test_clubs_non_finite_numbers(client, raw, field):
    assert_error(*post_raw(client, CLUBS, raw), field)


@pytest.mark.parametrize(
    "raw, field",
    [
        ('{"cards": ["K", "5", "7", "K", "3", "9"], "rules": {"king": NaN}}', "rules.king"),
        ('{"cards": ["K", "5", "7", "K", "3", "9"], "decks": Infinity}', "decks"),
        ('{"cards": ["K", "5", "7", "K", "3", NaN]}', "cards[5]"),
    ],
)
def test_grid_non_finite_numbers(client, raw, field):
    assert_error(*post_raw(client, GRID, raw), field)


def test_json_with_charset_and_vendor_type_is_accepted(client):
    data = json.dumps({"cards": HAND})
    for content_type in ("application/json; charset=utf-8", "application/vnd.caddie+json"):
        status, body = post_raw(client, GRID, data, content_type)
        assert status == 200 and body["score"] == 24


def test_duplicate_keys_take_the_last_value(client):
    status, body = post_raw(client, CLUBS, '{"yardage": 1, "yardage": 412, "cards": [250, 160, 3]}')
    assert status == 200 and body["over"] == 1


def test_api_posts_need_no_csrf_token(client):
    assert client.post("/settings", data={}).status_code == 400  # the site's forms do need one
    assert post(client, GRID, {"cards": HAND})[0] == 200
    assert post(client, CLUBS, {"yardage": 412, "cards": [250, 160, 3]})[0] == 200


# == methods and addresses ========================================================================


@pytest.mark.parametrize(
    "method, path",
    [
        ("get", GRID),
        ("put", GRID),
        ("delete", GRID),
        ("patch", GRID),
        ("get", CLUBS),
        ("put", CLUBS),
        ("delete", CLUBS),
        ("post", OPENAPI),
        ("delete", OPENAPI),
    ],
)
def test_wrong_method_answers_json_405(client, method, path):
    response = getattr(client, method)(path, json={"cards": HAND})
    assert response.status_code == 405
    assert response.is_json
    assert response.get_json() == {"error": f"{method.upper()} is not allowed here.", "field": None}


def test_unknown_api_address_answers_json_404(client):
    response = client.post("/api/v1/tally/poker", json={})
    assert response.status_code == 404 and response.is_json
    assert set(response.get_json()) == {"error", "field"}


# == arbitrary junk: never a 500 ==================================================================


def check_answer(response, doc, path):
    """200 with a body matching the documented schema, or 400 with a documented Error."""
    assert response.status_code in (200, 400), (response.status_code, response.get_data(as_text=True))
    assert response.is_json
    body = json.loads(response.get_data(as_text=True))
    assert_documented(doc, path, "post", response.status_code, body)
    if response.status_code == 400:
        assert body["error"].strip()
    return response.status_code, body


@FUZZ
@given(body=json_values)
def test_any_json_value_gets_an_answer(client, doc, body):
    for path in (GRID, CLUBS):
        check_answer(client.post(path, json=body), doc, path)


@FUZZ
@given(
    body=st.dictionaries(
        st.sampled_from(["cards", "preset", "rules", "decks", "yardage", "deck", "penalty_chart", "beyond"]),
        json_values,
    )
)
def test_any_values_in_the_request_fields_get_an_answer(client, doc, body):
    for path in (GRID, CLUBS):
        check_answer(client.post(path, json=body), doc, path)


SPELLINGS = {
    "A": ["A", "a", "1", "ace", " Ace "],
    "10": ["10", "t", "T", " 10 "],
    "J": ["J", "j", "jack"],
    "Q": ["Q", "q", "Queen"],
    "K": ["K", "k", "king", " K"],
    "JK": ["JK", "jk", "x", "X", "*", "joker"],
}
RULE_CHOICES = {
    "cards": [4, 6, 8, 10],
    "king": [0, 10],
    "negatives": ["twos", "jokers", "both"],
    "negative_pairs": ["zero", "keep"],
    "end": ["immediate", "final_turn"],
    "discard_flip": [False, True],
    "initial_flips": [0, 1, 2],
    "holes": [1, 9, 18],
}


@st.composite
def grid_requests(draw, corrupt: bool):
    """A request for a grid that could be on the table; with ``corrupt``, maybe one part spoiled."""
    body = {}
    # the presets of two-row grids, whose fields this fuzz's independent scorer knows (the house
    # rules have their own tests: tests/core/grid/test_house_rules.py, tests/web/api/test_api_house_rules.py)
    name = draw(st.sampled_from([None, "standard", "classic", "bicycle"]))
    if name:
        body["preset"] = name
    overrides = draw(st.dictionaries(st.sampled_from(list(RULE_CHOICES)), st.none(), max_size=4))
    if overrides or draw(st.booleans()):
        body["rules"] = {key: draw(st.sampled_from(RULE_CHOICES[key])) for key in overrides}
    decks = draw(st.integers(1, 4))
    if decks > 1 or draw(st.booleans()):
        body["decks"] = decks
    rules = Rules.from_dict(body.get("rules"), base=PRESETS[name or "standard"])
    dealt = draw(st.permutations(rules.full_deck(decks)))[: rules.cards]
    body["cards"] = [draw(st.sampled_from(SPELLINGS.get(code, [code, f" {code}"]))) for code in dealt]
    if corrupt:
        part = draw(st.sampled_from(["card", "cards", "preset", "rules", "rule", "decks"]))
        junk = draw(json_values | st.sampled_from(["Z", "", "11", "JK", "K", "classic", 3, 5, 7, 0]))
        if part == "card":
            body["cards"][draw(st.integers(0, len(dealt) - 1))] = junk
        elif part == "rule":
            body.setdefault("rules", {})[draw(st.sampled_from([*RULE_CHOICES, "kings"]))] = junk
        else:
            body[part] = junk
    return body


def assert_grid_scored(body, answer):
    """Check a 200 answer against the request with the independent scorer."""
    rules = answer["rules"]
    preset_rules = PRESETS[body.get("preset", "standard")].to_dict()
    assert rules == dict(preset_rules, **body.get("rules", {}))
    width = rules["cards"] // 2
    assert len(body["cards"]) == rules["cards"] and len(answer["columns"]) == width
    codes = [c["top"] for c in answer["columns"]] + [c["bottom"] for c in answer["columns"]]
    for typed, code in zip(body["cards"], codes):
        assert typed.strip().upper() in {s.strip().upper() for s in SPELLINGS.get(code, [code])}
    for column in answer["columns"]:
        assert column["matched"] == (column["top"] == column["bottom"])
        assert column["points"] == column_points(column["top"], column["bottom"], rules)
    assert answer["score"] == sum(c["points"] for c in answer["columns"])
    decks = body.get("decks", 1)
    for code in set(codes):
        assert codes.count(code) <= (2 if code == "JK" else 4) * decks
    assert "JK" not in codes or rules["negatives"] != "twos"


@FUZZ
@given(body=grid_requests(corrupt=False))
def test_grid_any_real_hand_is_scored(client, doc, body):
    status, answer = check_answer(client.post(GRID, json=body), doc, GRID)
    assert status == 200, (body, answer)
    assert_grid_scored(body, answer)


@FUZZ
@given(body=grid_requests(corrupt=True))
def test_grid_spoiled_requests_are_scored_or_refused(client, doc, body):
    status, answer = check_answer(client.post(GRID, json=body), doc, GRID)
    if status == 200:
        assert_grid_scored(body, answer)


PENALTY_CHARTS = st.lists(st.tuples(st.integers(1, 60), st.integers(0, 3)), max_size=4).map(
    lambda steps: (
        [{"up_to": 0, "strokes": 0}]
        + [
            {"up_to": sum(s[0] for s in steps[: i + 1]), "strokes": sum(s[1] for s in steps[: i + 1])}
            for i in range(len(steps))
        ]
    )
)


@st.composite
def club_requests(draw, corrupt: bool):
    """A hole that could be played; with ``corrupt``, maybe one part spoiled."""
    decks = draw(st.integers(1, 4))
    cards = draw(st.permutations(list(DEFAULT_DECK) * decks))[: draw(st.integers(1, 14))]
    body = {"yardage": draw(st.integers(1, min(1000, sum(cards)))), "cards": cards}
    if decks > 1 or draw(st.booleans()):
        body["decks"] = decks
    if draw(st.booleans()):
        body["penalty_chart"] = draw(PENALTY_CHARTS)
        body["beyond"] = body["penalty_chart"][-1]["strokes"] + draw(st.integers(0, 3))
    if corrupt:
        part = draw(st.sampled_from(["yardage", "card", "cards", "decks", "penalty_chart", "beyond", "deck"]))
        junk = draw(json_values | st.integers(-5, 1100) | st.sampled_from(DEFAULT_DECK))
        if part == "card":
            body["cards"][draw(st.integers(0, len(cards) - 1))] = junk
        else:
            body[part] = junk
    return body


def chart_penalty(body, over):
    bands = body.get(
        "penalty_chart", [{"up_to": u, "strokes": s} for u, s in ((0, 0), (10, 1), (25, 2), (50, 3), (100, 4))]
    )
    for band in bands:
        if over <= band["up_to"]:
            return band["strokes"]
    return body.get("beyond", 5)


def assert_hole_scored(body, answer):
    cards = body["cards"]
    assert answer["strokes"] == len(cards)
    assert answer["total"] == sum(cards)
    assert answer["over"] == sum(cards) - body["yardage"] >= 0
    assert answer["penalty"] == chart_penalty(body, answer["over"])
    assert answer["score"] == answer["strokes"] + answer["penalty"]
    deck = body.get("deck", DEFAULT_DECK)
    assert all(cards.count(c) <= deck.count(c) * body.get("decks", 1) for c in cards)


@FUZZ
@given(body=club_requests(corrupt=False))
def test_clubs_any_real_hole_is_scored(client, doc, body):
    status, answer = check_answer(client.post(CLUBS, json=body), doc, CLUBS)
    assert status == 200, (body, answer)
    assert_hole_scored(body, answer)


@FUZZ
@given(body=club_requests(corrupt=True))
def test_clubs_spoiled_requests_are_scored_or_refused(client, doc, body):
    status, answer = check_answer(client.post(CLUBS, json=body), doc, CLUBS)
    if status == 200:
        assert_hole_scored(body, answer)


# == GET /api/v1/openapi.json =====================================================================


def test_openapi_is_a_valid_json_document_naming_both_paths(client):
    response = client.get(OPENAPI)
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    doc = json.loads(response.get_data(as_text=True))
    assert doc["openapi"].startswith("3.1.")
    assert doc["info"]["title"] and doc["info"]["version"]
    assert set(doc["paths"][GRID]) == {"post"}
    assert set(doc["paths"][CLUBS]) == {"post"}
    assert set(doc["paths"][OPENAPI]) == {"get"}


def test_openapi_refs_all_resolve_and_operations_are_complete(doc):
    assert len(list(refs_of(doc))) > 20 and len(list(schemas_of(doc))) > 20  # the check sees them all
    assert document_problems(doc) == []
    operation_ids = []
    for path, methods in doc["paths"].items():
        for method, operation in methods.items():
            operation_ids.append(operation["operationId"])
            assert operation["responses"]
            for status, response in operation["responses"].items():
                assert dereferenced(doc, response)["description"], (path, method, status)
    assert len(operation_ids) == len(set(operation_ids))


def test_the_document_check_finds_what_is_wrong(doc):
    """A broken document is caught: the check above can fail."""
    schemas = doc["components"]["schemas"]
    schemas["Error"]["properties"]["field"] = {"$ref": "#/components/schemas/Nowhere"}
    schemas["Decks"]["minimum"] = "one"
    schemas["Rules"]["properties"]["king"]["requird"] = True  # a typo the validator would pass over
    assert sorted(document_problems(doc)) == [
        "#/components/schemas/Decks: not a JSON Schema 2020-12 schema: 'one' is not of type 'number'",
        "#/components/schemas/Error/properties/field: unresolved $ref #/components/schemas/Nowhere",
        "#/components/schemas/Rules: unknown keywords ['requird']",
    ]


@pytest.mark.parametrize(
    "schema, value, problem",
    [
        ("Error", {"error": "Bad."}, "$: 'field' is a required property"),
        ("Error", {"error": 1, "field": None}, "$.error: 1 is not of type 'string'"),
        (
            "Error",
            {"error": "Bad.", "field": None, "x": 1},
            "$: Additional properties are not allowed ('x' was unexpected)",
        ),
        (
            "ClubTally",
            {"strokes": 3, "total": 413, "over": 1, "penalty": 1, "score": 4.0},
            "$.score: 4.0 is not of type 'integer'",
        ),  # a whole number is sent as one
        ("ColumnScore", {"top": "K", "bottom": "Z", "matched": False, "points": 10}, "$.bottom: 'Z' is not one of"),
        ("Rules", dict(STANDARD_RULES, king=True), "$.king: True is not one of [10, 0, -2]"),  # not 1
        (
            "CreateRoundRequest",
            {"players": ["Ann"], "played_on": "2025-02-30"},
            "$.played_on: '2025-02-30' is not a 'date'",
        ),
    ],
)
def test_the_schema_check_rejects_what_the_document_forbids(doc, schema, value, problem):
    problems = schema_errors(value, {"$ref": f"#/components/schemas/{schema}"}, doc)
    assert any(found.startswith(problem) for found in problems), problems


def test_openapi_error_schema_is_the_contract(doc):
    error = doc["components"]["schemas"]["Error"]
    assert error["required"] == ["error", "field"]
    assert error["properties"]["error"]["type"] == "string"
    assert sorted(error["properties"]["field"]["type"]) == ["null", "string"]
    for path in (GRID, CLUBS):
        assert response_schema(doc, path, "post", 400) == {"$ref": "#/components/schemas/Error"}


def test_openapi_choices_match_the_core(doc):
    schemas = doc["components"]["schemas"]
    assert schemas["CardCode"]["enum"] == list(RANKS)
    assert schemas["GridTallyRequest"]["properties"]["preset"]["enum"] == list(PRESETS)
    assert set(schemas["Rules"]["required"]) == set(Rules().to_dict())
    assert schema_errors(Rules().to_dict(), schemas["Rules"], doc) == []
    assert schemas["GridTallyRequest"]["required"] == ["cards"]
    assert schemas["ClubTallyRequest"]["required"] == ["yardage", "cards"]


def documented_examples(doc, path):
    """(name, request, status, response) for each named request example of ``path``."""
    requests, responses = examples_of(doc, path, "post")
    assert set(requests) == set(responses), "every request example has its answer, and the other way round"
    return [(name, requests[name], *responses[name]) for name in requests]


@pytest.mark.parametrize("path", [GRID, CLUBS])
def test_openapi_examples_match_their_schemas(doc, path):
    examples = documented_examples(doc, path)
    assert {status for _, _, status, _ in examples} == {200, 400}
    for name, request, status, response in examples:
        if status == 200:  # error examples may break the request schema on purpose
            assert schema_errors(request, request_schema(doc, path, "post"), doc) == [], name
        assert schema_errors(response, response_schema(doc, path, "post", status), doc) == [], name


@pytest.mark.parametrize("path", [GRID, CLUBS])
def test_each_documented_example_gets_its_documented_answer(client, doc, path):
    for name, request, status, response in documented_examples(doc, path):
        assert post(client, path, request) == (status, response), name


def test_the_documented_examples_are_in_the_openapi_document(doc):
    grid = {name: (req, resp) for name, req, _, resp in documented_examples(doc, GRID)}
    clubs = {name: (req, resp) for name, req, _, resp in documented_examples(doc, CLUBS)}
    assert ({"cards": HAND, "preset": "standard"}, 24) in [(req, resp.get("score")) for req, resp in grid.values()]
    assert (
        {"yardage": 412, "cards": [250, 160, 3], "decks": 1},
        {"strokes": 3, "total": 413, "over": 1, "penalty": 1, "score": 4},
    ) in clubs.values()


def test_club_cards_api_uses_the_tables_deck_and_chart_from_settings(client, settings_saver):
    from caddie.core.clubs.scoring import DEFAULT_DECK

    deck = [251 if card == 250 else card for card in DEFAULT_DECK]  # this table's driver card reads 251
    settings_saver(club_deck=" ".join(map(str, deck)))
    tally = client.post("/api/v1/tally/clubs", json={"yardage": 400, "cards": [251, 150]})
    assert tally.status_code == 200 and tally.get_json()["score"] == 3  # 401 yards: 1 over, 1 penalty
    refused = client.post("/api/v1/tally/clubs", json={"yardage": 400, "cards": [250, 150]})
    assert refused.status_code == 400 and "no 250-yard card" in refused.get_json()["error"]
    hand = [251, 245, 240, 235, 180, 150, 110, 45, 40, 25, 20, 10, 5, 3]
    advice = client.post("/api/v1/caddie/clubs", json={"yardage": 401, "hand": hand})
    assert advice.status_code == 200 and advice.get_json()["play"] == [251, 150]
    # a caller without Settings gets the printed deck
    from caddie import create_app  # noqa: F401

    other = client.application.test_client()
    assert other.post("/api/v1/tally/clubs", json={"yardage": 400, "cards": [250, 150]}).status_code == 200
