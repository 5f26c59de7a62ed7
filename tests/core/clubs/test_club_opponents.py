"""Computer players for Club Cards: always a legal play, from their own view only."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddie.core.clubs.game import NEXT, ClubRound
from caddie.core.clubs.opponents import LEVELS, beginner_play, choose_play
from caddie.core.clubs.solver import solve
from caddie.core.courses.course import SAMPLE_COURSES
from caddie.core.errors import CaddieError


def play_out(course_key: str, levels: list[str], seed: int) -> ClubRound:
    course = SAMPLE_COURSES[course_key]
    rnd = ClubRound.new(course, [f"P{i}" for i in range(len(levels))], seed)
    rng = random.Random(seed)
    while not rnd.is_over:
        if rnd.phase == "hole_over":
            rnd.apply(NEXT, 0)
            continue
        seat = rnd.current
        view = rnd.view(seat)
        assert "pile" not in view and all("hand" not in p for p in view["players"])
        rnd.apply(choose_play(view, levels[seat], rng), seat)  # IllegalAction would fail the test
    return rnd


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 2**31 - 1), players=st.integers(2, 4), course=st.sampled_from(["cedar-nine", "whistling-pines"])
)
def test_beginners_and_steady_players_finish_any_round_with_legal_plays(seed, players, course):
    levels = [random.Random(seed + i).choice(["beginner", "steady"]) for i in range(players)]
    rnd = play_out(course, levels, seed)
    assert len(rnd.hole_scores) == len(SAMPLE_COURSES[course].holes)


def test_the_caddie_finishes_a_round_against_a_beginner_and_steady():
    rnd = play_out("cedar-nine", ["caddie", "beginner", "steady"], 7)
    assert rnd.phase == "round_over"


@given(
    hand=st.lists(st.sampled_from([250, 200, 160, 110, 45, 20, 9, 3]), min_size=1, max_size=14),
    yardage=st.integers(1, 600),
    seed=st.integers(0, 1000),
)
def test_the_beginner_reaches_the_yardage_or_plays_the_whole_hand(hand, yardage, seed):
    played = beginner_play(hand, yardage, random.Random(seed))
    remaining = list(hand)
    for card in played:
        remaining.remove(card)  # only cards it holds
    if sum(hand) < yardage:
        assert sorted(played) == sorted(hand)
    else:
        assert sum(played) >= yardage
        assert sum(played) - played[-1] < yardage, "it stops as soon as it gets there"


def test_steady_plays_the_lowest_score_this_hole_allows():
    rnd = ClubRound.new(SAMPLE_COURSES["harbour-links"], ["Ann", "Bo"], seed=11)
    view = rnd.view(0)
    assert choose_play(view, "steady", random.Random(0)).cards == solve(view["hand"], view["yardage"]).cards


def test_the_same_view_and_seed_give_the_same_play():
    rnd = ClubRound.new(SAMPLE_COURSES["harbour-links"], ["Ann", "Bo"], seed=12)
    view = rnd.view(0)
    for level in LEVELS:
        assert choose_play(view, level, random.Random(5)) == choose_play(view, level, random.Random(5))


def test_an_unknown_level_is_refused_by_name():
    rnd = ClubRound.new(SAMPLE_COURSES["cedar-nine"], ["Ann", "Bo"], seed=1)
    with pytest.raises(CaddieError, match='"expert" is not a level'):
        choose_play(rnd.view(0), "expert", random.Random(0))
