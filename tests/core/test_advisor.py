"""``caddie.advisor.advise``: the request and response shapes of docs/api.md
(``POST /api/v1/caddie/grid``), and every refusal with the field it is about."""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path

import pytest

import caddie.core.grid.advisor
from caddie.advisor import advise
from caddie.core.errors import CaddieError

ROOT = Path(__file__).resolve().parents[2]
KEYS = {"action", "position", "positions", "flip", "expected_score", "explanation", "alternatives"}
RIVAL = ["K", "3", None, None, None, None]


def check_shape(answer: dict) -> None:
    assert set(answer) == KEYS
    assert answer["action"] in ("flip", "take_discard", "draw", "swap", "discard")
    assert isinstance(answer["expected_score"], float)
    assert isinstance(answer["explanation"], str) and answer["explanation"].endswith(".")
    assert isinstance(answer["alternatives"], list)
    for alt in answer["alternatives"]:
        assert set(alt) == {"action", "position", "expected_score"}
        assert isinstance(alt["expected_score"], float)
        assert (alt["action"], alt["position"]) != (answer["action"], answer["position"])


def test_the_doctests_pass():
    result = doctest.testmod(caddie.core.grid.advisor)
    assert result.attempted >= 5 and result.failed == 0


def test_after_the_deal_it_names_the_cards_to_turn_up():
    answer = advise({"grid": [None] * 6, "discard": "7"})
    check_shape(answer)
    assert answer["action"] == "flip" and answer["position"] is None and answer["flip"] is None
    assert len(answer["positions"]) == 2 and answer["positions"][0] % 3 != answer["positions"][1] % 3
    one_up = advise({"grid": ["5", None, None, None, None, None], "discard": "7"})
    assert one_up["action"] == "flip" and len(one_up["positions"]) == 1 and one_up["positions"][0] != 0
    # with no initial flips it goes straight to the turn
    assert advise({"grid": [None] * 6, "discard": "7", "rules": {"initial_flips": 0}})["action"] != "flip"


def test_take_the_discard_names_where_it_goes():
    answer = advise(
        {"preset": "bicycle", "grid": ["9", "5", None, None, None, None], "discard": "9", "opponents": [RIVAL]}
    )
    check_shape(answer)
    assert (answer["action"], answer["position"], answer["positions"], answer["flip"]) == (
        "take_discard",
        3,
        None,
        None,
    )
    assert "9" in answer["explanation"] and "bottom-left" in answer["explanation"]
    assert answer["alternatives"] and all(
        a["expected_score"] >= answer["expected_score"] - 3 for a in answer["alternatives"]
    )


def test_draw_when_the_discard_is_no_use():
    answer = advise(
        {
            "preset": "bicycle",
            "grid": ["A", "2", "K", "A", "2", None],
            "discard": "Q",
            "discard_pile": ["4", "Q"],
            "opponents": [["A", "4", "3", None, "4", None]],
            "deck_size": 30,
        }
    )
    check_shape(answer)
    assert answer["action"] == "draw" and answer["position"] is None
    assert answer["explanation"].startswith("Draw from the deck")


def test_a_drawn_card_is_swapped_or_discarded():
    swap = advise(
        {
            "preset": "bicycle",
            "grid": ["9", "5", None, None, None, None],
            "discard": "4",
            "opponents": [RIVAL],
            "drawn": "9",
            "drawn_from": "deck",
        }
    )
    check_shape(swap)
    assert (swap["action"], swap["position"]) == ("swap", 3)
    discard = advise(
        {
            "preset": "bicycle",
            "grid": ["A", "2", "3", "A", "2", None],
            "discard": "5",
            "opponents": [["A", "4", "3", None, "4", None]],
            "drawn": "J",
            "drawn_from": "deck",
        }
    )
    check_shape(discard)
    assert discard["action"] == "discard" and discard["position"] is None and discard["flip"] is None


def test_a_card_taken_from_the_discard_pile_is_never_discarded():
    answer = advise(
        {
            "preset": "bicycle",
            "grid": ["A", "2", "3", "A", "2", None],
            "discard": "5",
            "opponents": [["A", "4", "3", None, "4", None]],
            "drawn": "J",
            "drawn_from": "discard",
        }
    )
    check_shape(answer)
    assert answer["action"] == "swap"
    assert all(a["action"] == "swap" for a in answer["alternatives"])


def test_with_discard_flip_a_discard_names_the_card_to_turn_up():
    answer = advise(
        {
            "preset": "bicycle",
            "rules": {"discard_flip": True},
            "grid": ["4", None, None, "5", None, None],
            "discard": "9",
            "opponents": [RIVAL],
            "drawn": "Q",
            "drawn_from": "deck",
        }
    )
    check_shape(answer)
    assert answer["action"] == "discard"
    assert answer["flip"] in (1, 2, 4, 5)
    assert "turn up" in answer["explanation"]


def test_the_final_turn_plays_for_the_lowest_score():
    answer = advise(
        {
            "preset": "bicycle",
            "grid": ["5", "Q", "3", "4", "6", None],
            "discard": "8",
            "opponents": [["K", "3", "A", "2", "4", "3"]],
            "final_turn": True,
            "drawn": "2",
            "drawn_from": "deck",
        }
    )
    check_shape(answer)
    assert (answer["action"], answer["position"]) == ("swap", 1)
    # an opponent with every card face up has gone out: the same last turn
    request = {
        "preset": "bicycle",
        "grid": ["5", "Q", "3", "4", "6", None],
        "discard": "8",
        "opponents": [["K", "3", "A", "2", "4", "3"]],
        "drawn": "2",
        "drawn_from": "deck",
    }
    assert advise(request)["position"] == 1


def test_input_is_forgiving_and_the_same_question_gets_the_same_answer():
    request = {
        "preset": "standard",
        "rules": {"cards": 4, "negatives": "both"},
        "grid": ["x", " t", None, None],
        "discard": "k",
        "opponents": [["q", None, None, None], [None, None, "a", "2"]],
    }
    first = advise(request)
    check_shape(first)
    assert advise(dict(request)) == first


def test_ten_cards_and_several_opponents():
    answer = advise(
        {
            "rules": {"cards": 10},
            "grid": ["3", "Q", None, None, None, "7", None, None, None, None],
            "discard": "2",
            "opponents": [[None] * 10, ["K"] + [None] * 9, ["A", "A"] + [None] * 8],
        }
    )
    check_shape(answer)
    assert answer["action"] == "take_discard"


def test_advising_loads_no_web_framework():
    code = (
        "import sys, caddie.core.grid.advisor; bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('flask', 'sqlalchemy', 'werkzeug', 'jinja2')); print(repr(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


GRID = ["9", "5", None, None, None, None]


@pytest.mark.parametrize(
    "request_, field, words",
    [
        (["9"], "request", "must be an object"),
        ({"grid": GRID, "discard": "9", "hand": []}, "hand", "not a Caddie field"),
        ({"preset": "pro", "grid": GRID, "discard": "9"}, "preset", "not a preset"),
        ({"rules": {"king": 5}, "grid": GRID, "discard": "9"}, "king", "0 or 10"),
        ({"rules": {"kings": 0}, "grid": GRID, "discard": "9"}, "kings", "not a rules field"),
        ({"discard": "9"}, "grid", "list of 6 cards"),
        ({"grid": "95", "discard": "9"}, "grid", "list of 6 cards"),
        ({"grid": ["9", "5", None, None, None], "discard": "9"}, "grid", "6-card grid needs 6 cards; this one has 5"),
        ({"grid": ["9", "5", "Z", None, None, None], "discard": "9"}, "grid[2]", "not a card"),
        ({"grid": ["9", "5", "", None, None, None], "discard": "9"}, "grid[2]", "use null for a face-down card"),
        ({"grid": ["JK", "5", None, None, None, None], "discard": "9"}, "grid[0]", "Jokers are not in play"),
        ({"grid": GRID, "discard": "JK"}, "discard", "Jokers are not in play"),
        (
            {"grid": ["K", "K", "K", "K", "K", None], "discard": "9"},
            "grid[4]",
            "5 Kings are showing, but one deck holds only 4",
        ),
        (
            {
                "grid": ["9", "9", None, None, None, None],
                "discard": "9",
                "drawn": "9",
                "drawn_from": "deck",
                "opponents": [["9"] + [None] * 5],
            },
            "opponents[0][0]",
            "5 Nines",
        ),
        ({"grid": GRID, "discard_pile": ["9", "9", "9", "9"]}, "discard_pile[3]", "5 Nines"),
        ({"grid": GRID, "discard": "9", "discard_pile": ["9", "4"]}, "discard", "top of the discard pile"),
        ({"grid": GRID, "discard": "9", "discard_pile": "9 4"}, "discard_pile", "list of cards"),
        ({"grid": GRID, "discard": "9", "opponents": ["K3"]}, "opponents[0]", "list of 6 cards"),
        ({"grid": GRID, "discard": "9", "opponents": {"Bo": RIVAL}}, "opponents", "list of their grids"),
        ({"grid": GRID, "discard": "9", "opponents": [[None] * 6] * 6}, "opponents", "at most 6 players"),
        ({"grid": GRID, "discard": "9", "opponents": [RIVAL[:5]]}, "opponents[0]", "this one has 5"),
        ({"grid": GRID, "discard": "9", "deck_size": -1}, "deck_size", "whole number"),
        ({"grid": GRID, "discard": "9", "deck_size": 2.5}, "deck_size", "whole number"),
        ({"grid": GRID, "discard": "9", "deck_size": 60}, "deck_size", "cannot hold 60 cards"),
        ({"grid": GRID, "discard": None, "deck_size": 0}, "deck_size", "no card to draw"),
        (
            {"grid": GRID, "discard": "9", "final_turn": "yes", "opponents": [RIVAL]},
            "final_turn",
            "true (another player has gone out)",
        ),
        ({"grid": GRID, "discard": "9", "final_turn": True}, "final_turn", "opponents' grids"),
        ({"grid": GRID, "discard": "9", "drawn": "4"}, "drawn_from", "where the card you hold came from"),
        ({"grid": GRID, "discard": "9", "drawn_from": "deck"}, "drawn", "Give the card you hold as drawn"),
        ({"grid": GRID, "discard": "9", "drawn": "4", "drawn_from": "hand"}, "drawn_from", "deck"),
        ({"grid": GRID, "discard": "9", "drawn": "4?", "drawn_from": "deck"}, "drawn", "not a card"),
        (
            {"grid": ["9", None, None, None, None, None], "discard": "9", "drawn": "4", "drawn_from": "deck"},
            "drawn",
            "Turn up your first 2 cards",
        ),
        ({"grid": ["9", "5", "A", "2", "3", "4"], "discard": "9"}, "grid", "All your cards are face up"),
        (
            {"grid": ["9", "5", "A", "2", "3", "4"], "discard": "9", "drawn": "4", "drawn_from": "deck"},
            "grid",
            "you have gone out",
        ),
    ],
)
def test_every_refusal_names_its_field(request_, field, words):
    with pytest.raises(CaddieError) as caught:
        advise(request_)
    assert caught.value.field == field, caught.value.message
    assert words in caught.value.message
    assert not caught.value.message[0].islower() and caught.value.message.endswith(".")


def test_junk_in_any_field_is_refused_with_a_caddie_error_never_a_crash():
    base = {"preset": "bicycle", "grid": ["9", "5", None, None, None, None], "discard": "9", "opponents": [RIVAL]}
    junk = [1, 2.5, True, False, [], {}, "zz", [None], [[1]], -3, [["K"] * 7], {"a": 1}, [1, 2]]
    for field in caddie.core.grid.advisor.FIELDS:
        for value in junk:
            request = dict(base, **{field: value})
            try:
                answer = advise(request)
            except CaddieError as err:
                assert err.field and err.message
            else:
                check_shape(answer)
