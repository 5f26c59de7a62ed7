"""Random courses: believable, deterministic for a seed, and always playable with one deck for two."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddie.core.clubs.game import ClubRound
from caddie.core.clubs.scoring import ClubRules
from caddie.core.courses.course_csv import course_from_csv, course_to_csv
from caddie.core.courses.generator import LONGEST_HOLE, TEES, random_course
from caddie.core.errors import RulesError

SETTINGS = settings(max_examples=150, deadline=None)
RANGES = {3: (120, 240), 4: (300, 470), 5: (470, 600)}


@SETTINGS
@given(st.integers(0, 2**32), st.sampled_from([9, 18]))
def test_a_random_course_is_believable_and_playable(seed, holes):
    course = random_course(random.Random(seed), holes)
    assert len(course.holes) == holes and course.sample is False
    assert course.name.strip() and course.tee in TEES
    for hole in course.holes:
        low, high = RANGES[hole.par]
        assert low <= hole.yardage <= high <= LONGEST_HOLE
    pars = [h.par for h in course.holes]
    mix = Counter(pars)
    if holes == 18:
        assert 70 <= course.par <= 72 and mix[3] in (4, 5) and 2 <= mix[5] <= 4
    else:
        assert 35 <= course.par <= 36 and mix[3] == 2 and 1 <= mix[5] <= 2
    for nine in (pars[:9], pars[9:]):
        if nine:
            assert nine[0] != 3
            assert not any(a == b != 4 for a, b in zip(nine, nine[1:]))
    # one default deck for two players reaches every hole, and so does a round dealt on it
    ClubRound.new(course, ["Ann", "Bo"], seed=seed, rules=ClubRules())
    assert course_from_csv(course_to_csv(course)) == course


@SETTINGS
@given(st.integers(0, 2**32))
def test_the_same_seed_gives_the_same_course(seed):
    assert random_course(random.Random(seed), 18) == random_course(random.Random(seed), 18)


def test_courses_differ_and_look_like_a_mix():
    rng = random.Random(2026)
    courses = [random_course(rng, 18) for _ in range(200)]
    assert len({c.name for c in courses}) > 100
    assert len({c.tee for c in courses}) == len(TEES)
    pars = Counter(c.par for c in courses)
    assert pars[72] > pars[71] > 0 and pars[70] > 0  # par 72 is the usual course
    assert Counter(len([h for h in c.holes if h.par == 3]) for c in courses)[4] > 150


def test_a_given_name_is_used_tidied():
    assert random_course(random.Random(1), 9, name="  Back   Lot ").name == "Back Lot"


@pytest.mark.parametrize("holes", [0, 10, 27])
def test_only_nine_or_eighteen_holes(holes):
    with pytest.raises(RulesError, match="9 or 18 holes"):
        random_course(random.Random(1), holes)
