"""The Club Cards caddie: the JSON contract, its refusals, and the lookahead."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from caddie.core.clubs.caddie import (
    REQUEST_FIELDS,
    RESPONSE_FIELDS,
    Advice,
    advise,
    advise_hole,
)
from caddie.core.clubs.scoring import DEFAULT_DECK, ClubRules, PenaltyBand, score_club_hole
from caddie.core.clubs.solver import solve
from caddie.core.errors import CaddieError

# 250 + 150 makes a 400 in two; 200 + 195 + 5 in three keeps the 250 for the 545 to come
# (250 + 245 + 50), which without the 250 takes five cards or a big overshoot.
HAND = [250, 245, 200, 195, 150, 50, 12, 9, 8, 7, 6, 5, 4, 3]


def random_hand(rng, decks=1):
    return rng.sample(list(DEFAULT_DECK) * decks, 14)


# -- the response ------------------------------------------------------------------------------


def test_the_response_has_exactly_the_documented_shape():
    out = advise({"yardage": 412, "hand": HAND, "upcoming": [545, 168], "decks": 1})
    assert list(out) == list(RESPONSE_FIELDS)
    assert set(RESPONSE_FIELDS) == {
        "play",
        "strokes",
        "total",
        "over",
        "penalty",
        "score",
        "explanation",
        "alternatives",
    }
    assert all(type(out[k]) is int for k in ("strokes", "total", "over", "penalty", "score"))
    assert isinstance(out["explanation"], str) and re.search(r"\d", out["explanation"])
    assert not Counter(out["play"]) - Counter(HAND)  # cards from the hand
    scored = score_club_hole(412, out["play"])
    assert (out["strokes"], out["total"], out["over"], out["penalty"], out["score"]) == (
        scored.strokes,
        scored.total,
        scored.over,
        scored.penalty,
        scored.score,
    )
    assert isinstance(out["alternatives"], list) and out["alternatives"]
    for alt in out["alternatives"]:
        assert set(alt) == {"play", "strokes", "total", "over", "penalty", "score", "expected_total"}
        assert alt["play"] != out["play"]
    json.dumps(out)


def test_the_request_fields_are_the_documented_ones():
    assert set(REQUEST_FIELDS) == {"yardage", "hand", "upcoming", "decks"}


def test_the_same_request_gets_the_same_answer():
    request = {"yardage": 377, "hand": HAND, "upcoming": [188, 545, 412]}
    assert advise(request) == advise(dict(request)) == advise({**request, "hand": sorted(HAND)})


@pytest.mark.parametrize("upcoming", [None, [], "absent"])
def test_without_upcoming_the_play_is_the_solvers(upcoming):
    rng = random.Random(3)
    for trial in range(30):
        decks = 1 + trial % 2
        hand = random_hand(rng, decks)
        yardage = rng.randint(100, 600)
        request = {"yardage": yardage, "hand": hand, "decks": decks}
        if upcoming != "absent":
            request["upcoming"] = upcoming
        out = advise(request)
        best = solve(hand, yardage)
        assert out["play"] == list(best.cards)
        assert out["score"] == best.score
        assert "lowest score" in out["explanation"]


def test_a_short_hand_is_told_to_play_everything_and_turn_cards():
    short = [45, 40, 35, 30, 25, 20, 18, 15, 12, 10, 9, 8, 7, 6]  # 280 yards
    out = advise({"yardage": 545, "hand": short, "upcoming": [400]})
    assert sorted(out["play"]) == sorted(short)
    assert "265 short" in out["explanation"] and "turn cards" in out["explanation"]
    assert out["total"] == 280 and out["score"] >= 15


def test_two_decks_allow_two_copies():
    hand = [250, 250, 245, 245, 200, 150, 50, 12, 9, 8, 7, 6, 5, 4]
    out = advise({"yardage": 500, "hand": hand, "decks": 2})
    assert out["play"] == [250, 250] and out["score"] == 2


def test_a_table_with_its_own_chart():
    lenient = ClubRules(bands=(PenaltyBand(0, 0), PenaltyBand(100, 1)), beyond=1)
    out = advise({"yardage": 400, "hand": HAND}, rules=lenient)
    assert out["score"] == solve(HAND, 400, lenient).score == 2


# -- refusals ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "request_, field",
    [
        ({"hand": HAND}, "yardage"),
        ({"yardage": "412", "hand": HAND}, "yardage"),
        ({"yardage": True, "hand": HAND}, "yardage"),
        ({"yardage": 0, "hand": HAND}, "yardage"),
        ({"yardage": 1001, "hand": HAND}, "yardage"),
        ({"yardage": 412.5, "hand": HAND}, "yardage"),
        ({"yardage": 412}, "hand"),
        ({"yardage": 412, "hand": "250 245"}, "hand"),
        ({"yardage": 412, "hand": HAND[:13]}, "hand"),
        ({"yardage": 412, "hand": HAND + [10]}, "hand"),
        ({"yardage": 412, "hand": HAND[:13] + ["3"]}, "hand[13]"),
        ({"yardage": 412, "hand": [251] + HAND[1:]}, "hand[0]"),
        ({"yardage": 412, "hand": HAND[:12] + [250, 3]}, "hand"),  # two 250s in one deck
        ({"yardage": 412, "hand": [250, 250, 250] + HAND[3:], "decks": 2}, "hand"),
        ({"yardage": 412, "hand": HAND, "decks": 0}, "decks"),
        ({"yardage": 412, "hand": HAND, "decks": 5}, "decks"),
        ({"yardage": 412, "hand": HAND, "decks": "1"}, "decks"),
        ({"yardage": 412, "hand": HAND, "upcoming": 545}, "upcoming"),
        ({"yardage": 412, "hand": HAND, "upcoming": [545, "168"]}, "upcoming[1]"),
        ({"yardage": 412, "hand": HAND, "upcoming": [545, 0]}, "upcoming[1]"),
        ({"yardage": 412, "hand": HAND, "upcoming": [400] * 18}, "upcoming"),
        ({"yardage": 412, "hand": HAND, "course": "x"}, "course"),
    ],
)
def test_bad_requests_are_refused_with_their_field(request_, field):
    with pytest.raises(CaddieError) as info:
        advise(request_)
    err = info.value
    assert err.field == field
    assert isinstance(err.message, str) and err.message.strip() and err.message[0].isupper()


def test_a_request_that_is_not_an_object_is_refused():
    with pytest.raises(CaddieError):
        advise([412, HAND])


# -- the lookahead ------------------------------------------------------------------------------


def test_a_par_5_to_come_keeps_the_long_card():
    assert solve(HAND, 400).cards == (250, 150)  # alone, the hole says: 250 + 150
    advice = advise_hole(HAND, 400, [545], rng=random.Random(7))
    assert isinstance(advice, Advice)
    assert 250 not in advice.play.cards  # the 250 waits for the 545
    assert advice.play.score == 3 and advice.best.cards == (250, 150)
    assert advice.expected_total < advice.best.score + max(
        o.expected_future for o in advice.alternatives if o.play.cards == (250, 150)
    )
    assert "keeping the 250" in advice.explanation and "545" in advice.explanation
    out = advise({"yardage": 400, "hand": HAND, "upcoming": [545]})
    assert 250 not in out["play"] and out["score"] == 3
    assert any(alt["play"] == [250, 150] for alt in out["alternatives"])


def test_with_nothing_long_to_come_the_lowest_score_stays():
    # a short par 3 to come that the hand covers either way: no reason to pay a stroke now
    advice = advise_hole(HAND, 400, [12], rng=random.Random(7))
    assert advice.play.cards == (250, 150) and advice.play == advice.best
    assert "lowest score this hole allows" in advice.explanation


def test_the_lookahead_is_repeatable_and_uses_what_it_is_told():
    a = advise_hole(HAND, 400, [545, 560], rng=random.Random(1), samples=16)
    b = advise_hole(HAND, 400, [545, 560], rng=random.Random(1), samples=16)
    assert a == b and a.samples == 16 and a.horizon == 2
    none = advise_hole(HAND, 400, [545], rng=random.Random(1), samples=0)
    assert none.play == solve(HAND, 400) and none.horizon == 0


def test_a_hand_value_ends_the_play_outs_only_past_the_horizon():
    # bench/club_value.py's hook: the value of the hand the last hole looked at leaves
    calls: list[tuple[tuple[int, ...], int]] = []

    def keeping_the_250_costs(hand, holes):
        calls.append((tuple(hand), holes))
        return 10.0 if 250 in hand else 0.0

    plain = advise_hole(HAND, 400, [545, 560], rng=random.Random(1), samples=16, horizon=1)
    valued = advise_hole(
        HAND, 400, [545, 560], rng=random.Random(1), samples=16, horizon=1, hand_value=keeping_the_250_costs
    )
    assert calls and {holes for _, holes in calls} == {1}  # one hole (the 560) past the horizon of one
    assert 250 not in plain.play.cards and 250 in valued.play.cards  # a 250 kept to the end now costs 10
    calls.clear()
    within = advise_hole(
        HAND, 400, [545], rng=random.Random(1), samples=16, horizon=1, hand_value=keeping_the_250_costs
    )
    assert not calls and within == advise_hole(HAND, 400, [545], rng=random.Random(1), samples=16, horizon=1)


def test_advice_for_a_short_hand_estimates_the_turned_cards():
    short = [45, 40, 35, 30, 25, 20, 18, 15, 12, 10, 9, 8, 7, 6]
    advice = advise_hole(short, 545, [400], rng=random.Random(2), samples=20)
    assert not advice.play.reached and advice.play.cards == tuple(sorted(short, reverse=True))
    assert advice.expected_score >= advice.play.score  # the lower bound, and at least 15
    assert "short" in advice.explanation
