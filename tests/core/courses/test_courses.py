"""Courses for Club Cards (docs/club-cards.md, "Courses"): 9 or 18 holes of (yardage, par)."""

from __future__ import annotations

import json

import pytest

from caddie.core.clubs.scoring import MAX_YARDAGE
from caddie.core.courses.course import SAMPLE_COURSES, Course, Hole
from caddie.core.errors import CaddieError, RulesError

# What a believable hole looks like, by par (yards, inclusive).
# Bands wide enough for real scorecards: long par 4s pass 470, forward-tee par 5s start near 400.
BELIEVABLE = {3: (100, 250), 4: (250, 490), 5: (400, 620)}


def assert_course_error(info, message=None):
    err = info.value
    assert type(err) is RulesError
    assert isinstance(err, CaddieError)
    assert err.field == "course"
    assert isinstance(err.message, str) and err.message.strip()
    if message is not None:
        assert err.message == message


def nine(yardage=300, par=4) -> tuple[Hole, ...]:
    return tuple(Hole(yardage, par) for _ in range(9))


def course_dict(**overrides):
    data = {"name": "Back Field", "tee": "Yellow", "holes": [{"yardage": 300, "par": 4}] * 9}
    data.update(overrides)
    return data


# -- the sample courses ------------------------------------------------------------


def test_the_three_samples():
    assert list(SAMPLE_COURSES) == ["whistling-pines", "harbour-links", "cedar-nine"]


@pytest.mark.parametrize("key", list(SAMPLE_COURSES))
def test_sample_course_is_valid_and_labelled_a_sample(key):
    course = SAMPLE_COURSES[key]
    assert isinstance(course, Course)
    assert course.sample is True
    assert course.label.endswith(" · sample")
    assert course.label == f"{course.name} ({course.tee} tees) · sample"
    assert len(course.holes) in (9, 18)
    assert course.name.strip() and course.tee.strip()
    assert all(isinstance(h, Hole) and h.par in (3, 4, 5) for h in course.holes)
    # It passes its own checks when rebuilt from scratch.
    assert Course(course.name, course.tee, tuple(course.holes), sample=True) == course


def test_sample_labels_and_pars():
    pines, harbour, cedar = (SAMPLE_COURSES[k] for k in ("whistling-pines", "harbour-links", "cedar-nine"))
    assert pines.label == "Whistling Pines (White tees) · sample"
    assert harbour.label == "Harbour Links (Blue tees) · sample"
    assert cedar.label == "Cedar Nine (Red tees) · sample"
    # Whistling Pines: out 4+3+5+4+4+3+5+4+4 = 36, in 4+3+5+4+4+3+5+4+4 = 36 -> 72
    # Harbour Links:  out 4+4+3+5+4+4+3+5+4 = 36, in 4+3+4+5+4+3+4+5+4 = 36 -> 72
    # Cedar Nine:     4+3+5+4+3+4+5+4+3 = 35
    assert (len(pines.holes), len(harbour.holes), len(cedar.holes)) == (18, 18, 9)
    assert (pines.par, harbour.par, cedar.par) == (72, 72, 35)
    assert cedar.holes[0] == Hole(310, 4) and cedar.holes[-1] == Hole(155, 3)


# One case per sample hole, so a failure names the hole.
SAMPLE_HOLES = [
    pytest.param(hole, id=f"{key}-{number}")
    for key, course in SAMPLE_COURSES.items()
    for number, hole in enumerate(course.holes, start=1)
]


@pytest.mark.parametrize("hole", SAMPLE_HOLES)
def test_sample_yardages_are_believable_for_their_par(hole):
    low, high = BELIEVABLE[hole.par]
    assert low <= hole.yardage <= high, f"{hole.yardage} yards at par {hole.par}"


def test_every_sample_yardage_fits_the_app_limit():
    assert all(1 <= h.yardage <= MAX_YARDAGE for c in SAMPLE_COURSES.values() for h in c.holes)


# -- to_dict / from_dict ------------------------------------------------------------


@pytest.mark.parametrize("key", list(SAMPLE_COURSES))
def test_sample_round_trips_through_a_dict_and_json(key):
    course = SAMPLE_COURSES[key]
    data = course.to_dict()
    assert data["sample"] is True and data["name"] == course.name and data["tee"] == course.tee
    assert len(data["holes"]) == len(course.holes)
    assert Course.from_dict(data) == course
    assert Course.from_dict(json.loads(json.dumps(data))) == course


def test_to_dict_shape():
    course = Course("Back Field", "Yellow", (Hole(310, 4),) + nine(150, 3)[1:])
    assert course.to_dict() == {
        "name": "Back Field",
        "tee": "Yellow",
        "sample": False,
        "holes": [{"yardage": 310, "par": 4}] + [{"yardage": 150, "par": 3}] * 8,
    }


def test_users_own_course_round_trips_and_is_not_a_sample():
    course = Course.from_dict(course_dict())
    assert course.sample is False
    assert course.label == "Back Field (Yellow tees)"  # no " · sample"
    assert course.par == 36  # 9 * 4
    assert Course.from_dict(course.to_dict()) == course


def test_from_dict_tee_and_sample_are_optional():
    data = course_dict()
    del data["tee"]
    course = Course.from_dict(data)
    assert course.tee == "" and course.sample is False


def test_eighteen_hole_course_from_dict():
    course = Course.from_dict(course_dict(holes=[{"yardage": 180, "par": 3}] * 18))
    assert len(course.holes) == 18 and course.par == 54  # 18 * 3


# -- invalid courses -----------------------------------------------------------------


@pytest.mark.parametrize("count", [0, 1, 8, 10, 17, 19, 27])
def test_a_course_has_9_or_18_holes(count):
    holes = tuple(Hole(300, 4) for _ in range(count))
    with pytest.raises(RulesError) as info:
        Course("Back Field", "Yellow", holes)
    assert_course_error(info, "A course has 9 or 18 holes.")
    with pytest.raises(RulesError) as info:
        Course.from_dict(course_dict(holes=[{"yardage": 300, "par": 4}] * count))
    assert_course_error(info, "A course has 9 or 18 holes.")


@pytest.mark.parametrize("par", [7, 1, 0, -4, 4.0, "4", True, None])
def test_par_out_of_range_or_not_a_whole_number(par):
    holes = (Hole(300, 4),) * 4 + (Hole(300, par),) + (Hole(300, 4),) * 4
    with pytest.raises(RulesError) as info:
        Course("Back Field", "Yellow", holes)
    assert_course_error(info, "Hole 5's par must be 2 to 6.")


@pytest.mark.parametrize("par", [2, 6])
def test_par_limits_are_accepted(par):
    assert Course("Back Field", "", nine(300, par)).par == 9 * par


@pytest.mark.parametrize("yardage", [0, -1, MAX_YARDAGE + 1, 5000, 300.0, "300", True, None])
def test_yardage_out_of_range_or_not_a_whole_number(yardage):
    holes = (Hole(yardage, 4),) + nine()[1:]
    with pytest.raises(RulesError) as info:
        Course("Back Field", "Yellow", holes)
    assert_course_error(info, f"Hole 1's yardage must be 1 to {MAX_YARDAGE} yards.")


@pytest.mark.parametrize("yardage", [1, MAX_YARDAGE])
def test_yardage_limits_are_accepted(yardage):
    assert Course("Back Field", "", (Hole(yardage, 4),) + nine()[1:]).holes[0].yardage == yardage


@pytest.mark.parametrize("name", ["", "   ", "\t\n"])
def test_a_course_needs_a_name(name):
    with pytest.raises(RulesError) as info:
        Course(name, "Yellow", nine())
    assert_course_error(info, "A course needs a name.")
    with pytest.raises(RulesError) as info:
        Course.from_dict(course_dict(name=name))
    assert_course_error(info, "A course needs a name.")


MALFORMED = "A course is a name, a tee and a list of holes with yardage and par."


@pytest.mark.parametrize(
    "data",
    [
        pytest.param({}, id="empty"),
        pytest.param({"name": "Back Field"}, id="no-holes"),
        pytest.param({"holes": [{"yardage": 300, "par": 4}] * 9}, id="no-name"),
        pytest.param(course_dict(holes=None), id="holes-none"),
        pytest.param(course_dict(holes=7), id="holes-int"),
        pytest.param(course_dict(holes="abcdefghi"), id="holes-string"),
        pytest.param(course_dict(holes=[300] * 9), id="hole-not-a-dict"),
        pytest.param(course_dict(holes=[[300, 4]] * 9), id="hole-a-list"),
        pytest.param(course_dict(holes=[{"yardage": 300}] * 9), id="hole-without-par"),
        pytest.param(course_dict(holes=[{"par": 4}] * 9), id="hole-without-yardage"),
        pytest.param(None, id="none"),
        pytest.param([], id="a-list"),
        pytest.param("cedar-nine", id="a-string"),
    ],
)
def test_malformed_dicts_are_refused(data):
    with pytest.raises(RulesError) as info:
        Course.from_dict(data)
    assert_course_error(info, MALFORMED)


@pytest.mark.parametrize(
    "holes, message",
    [
        ([{"yardage": 0, "par": 4}] * 9, f"Hole 1's yardage must be 1 to {MAX_YARDAGE} yards."),
        ([{"yardage": 5000, "par": 4}] * 9, f"Hole 1's yardage must be 1 to {MAX_YARDAGE} yards."),
        ([{"yardage": "300", "par": 4}] * 9, f"Hole 1's yardage must be 1 to {MAX_YARDAGE} yards."),
        ([{"yardage": 300, "par": 4}] * 8 + [{"yardage": 300, "par": 7}], "Hole 9's par must be 2 to 6."),
        ([{"yardage": 300, "par": 4}] * 8, "A course has 9 or 18 holes."),
    ],
)
def test_from_dict_applies_the_course_checks(holes, message):
    with pytest.raises(RulesError) as info:
        Course.from_dict(course_dict(holes=holes))
    assert_course_error(info, message)


@pytest.mark.parametrize("name", [None, ["x"]])
def test_from_dict_refuses_a_name_that_is_not_text(name):
    with pytest.raises(RulesError) as info:
        Course.from_dict(course_dict(name=name))
    assert_course_error(info)
