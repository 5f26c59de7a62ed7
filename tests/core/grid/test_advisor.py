"""``caddie.advisor.advise``: the request and response shapes of docs/api.md
(``POST /api/v1/caddie/grid``), and every refusal with the field it is about."""

from __future__ import annotations

import doctest
import re
import subprocess
import sys
from pathlib import Path

import pytest

import caddie.core.grid.advisor
from caddie.advisor import advise
from caddie.core.errors import CaddieError

ROOT = Path(__file__).resolve().parents[3]
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
        ({"rules": {"king": 5}, "grid": GRID, "discard": "9"}, "king", "10, 0 or −2"),
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


# -- what a page shows: the quantity the Caddie ranks on, in plain words ------------------------

RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]


def random_request(rng) -> dict:
    """A table a person could be at: some of my cards up, maybe a card in hand, 0 to 2 opponents."""
    deck = [r for r in RANKS for _ in range(4)]
    rng.shuffle(deck)
    grid = [deck.pop() if rng.random() < 0.55 else None for _ in range(6)]
    if all(grid):
        grid[rng.randrange(6)] = None
    while sum(c is not None for c in grid) < 2:
        grid[grid.index(None)] = deck.pop()
    opponents = [[deck.pop() if rng.random() < 0.4 else None for _ in range(6)] for _ in range(rng.randrange(3))]
    for grid_of_theirs in opponents:
        if all(grid_of_theirs):
            grid_of_theirs[0] = None
    request = {"grid": grid, "discard": deck.pop(), "opponents": opponents}
    if rng.random() < 0.5:
        request.update(drawn=deck.pop(), drawn_from="deck")
    return request


def shown_number(words: str) -> float:
    """A row's words back to the number they show: "2.1 ahead" is −2.1, "0.4 behind" 0.4, "level" 0."""
    if words == "level":
        return 0.0
    amount, _, side = words.partition(" ")
    value = float(amount.replace("\u2212", "-"))
    return -value if side == "ahead" else value


def test_the_shown_best_is_never_worse_on_the_shown_quantity_than_an_alternative():
    import random

    from caddie.core.grid.advisor import advise_in_words

    rng = random.Random(2024)
    for _ in range(40):
        request = random_request(rng)
        answer = advise_in_words(request)
        rows = answer["rows"]
        assert rows and rows[0]["move"].lower() in answer["explanation"].lower()
        best = shown_number(rows[0]["shown"])
        for row in rows[1:]:
            assert best <= shown_number(row["shown"]), (request, rows)
            assert rows[0]["value"] <= row["value"], (request, rows)
        assert answer["measure"].startswith("Your expected score" if not request["opponents"] else "Where you finish")
        # the headline and the reason carry no numbers; every number shown has a real minus sign
        assert not re.search(r"\d\.\d", answer["say"] + answer["why"]), answer["say"]
        assert "-" not in answer["explanation"].replace("top-", "").replace("bottom-", "").replace("face-", "")
        assert "while you are ahead" not in answer["explanation"]


def test_a_move_that_changes_almost_nothing_reads_about_the_same():
    from caddie.core.grid.advisor import advise_in_words
    from caddie.core.grid.caddie import CLOSE_CALL

    # a King drawn onto a grid with a King up: putting it there changes nothing
    answer = advise_in_words(
        {"grid": ["K", "5", None, None, None, None], "discard": "4", "drawn": "K", "drawn_from": "deck"}
    )
    gap = answer["rows"][1]["value"] - answer["rows"][0]["value"]
    assert gap < CLOSE_CALL + 0.1  # the rows are to 0.1; the choice is on the exact figures
    assert answer["close"] and answer["say"].endswith("about the same"), answer["say"]
    assert "Slightly better" in answer["explanation"]


def test_going_out_says_what_it_does_not_that_you_are_ahead():
    from caddie.core.grid.advisor import advise_in_words

    # one face-down card left and the drawn card pairs it: going out, against an opponent who shows little
    answer = advise_in_words(
        {
            "grid": ["5", "5", "3", "5", "5", None],
            "discard": "9",
            "drawn": "3",
            "drawn_from": "deck",
            "opponents": [["K", None, None, None, None, None]],
        }
    )
    assert (answer["action"], answer["position"]) == ("swap", 5)
    assert "turns up your last card and ends the hole" in answer["explanation"]
    assert "while you are ahead" not in answer["explanation"]
    assert answer["rows"][0]["shown"].endswith(("ahead", "behind", "level"))
    assert "On average" in answer["explanation"]


def test_the_api_answer_keeps_its_shape():
    from caddie.core.grid.advisor import advise_in_words

    request = {"grid": ["K", "5", None, None, None, None], "discard": "9", "opponents": [RIVAL]}
    words = advise_in_words(request)
    assert {key: words[key] for key in KEYS} == advise(request)
