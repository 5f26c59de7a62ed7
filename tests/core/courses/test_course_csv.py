"""Courses as CSV: export reads back exactly; import forgives layout and names the line it cannot read."""

from __future__ import annotations

import csv
import io

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from caddie.core.clubs.scoring import MAX_YARDAGE
from caddie.core.courses.course import COURSE_NAME_LIMIT, SAMPLE_COURSES, TEE_LIMIT, Course, Hole
from caddie.core.courses.course_csv import course_from_csv, course_to_csv, csv_filename
from caddie.core.errors import RulesError

SETTINGS = settings(max_examples=150, deadline=None)

# Text as the app stores it: printable, single spaces, nothing at either end.
_chars = st.characters(blacklist_categories=("Cc", "Cs"))


def tidy_text(limit: int, blank: bool = False):
    text = st.text(_chars, max_size=limit).map(lambda s: " ".join(s.split())[:limit].strip())
    return text if blank else text.filter(bool)


holes = st.builds(Hole, st.integers(1, MAX_YARDAGE), st.integers(2, 6))
courses = st.builds(
    Course,
    name=tidy_text(COURSE_NAME_LIMIT)
    | st.sampled_from(
        [
            "=SUM(A1)",
            "'=x",
            "+44 Links",
            "-",
            "@home",
            "Pines, The",
            'The "Old" Course',
            "Café; Bar",
            "'Twas Brillig",
            "x;yardage;par",
            "hole;yardage;par",
        ]
    ),
    tee=tidy_text(TEE_LIMIT, blank=True),
    holes=st.one_of(st.lists(holes, min_size=9, max_size=9), st.lists(holes, min_size=18, max_size=18)).map(tuple),
)


@SETTINGS
@given(courses)
def test_any_course_reads_back_exactly(course):
    assert course_from_csv(course_to_csv(course)) == course


@SETTINGS
@given(courses, st.sampled_from([",", ";", "\t"]), st.booleans(), st.booleans(), st.booleans(), st.booleans())
def test_the_same_course_read_back_from_a_spreadsheets_variations(course, delimiter, bom, shout, blanks, crlf):
    """Another delimiter, a BOM, capitals, spaces, blank lines and Windows line ends change nothing."""
    assume(delimiter not in course.name + course.tee)  # a cell holding the delimiter would need quoting
    rows = list(csv.reader(io.StringIO(course_to_csv(course))))
    out = io.StringIO()
    writer = csv.writer(out, delimiter=delimiter, lineterminator="\r\n" if crlf else "\n")
    for i, row in enumerate(rows):
        if i in (0, 1, 2) and shout:
            row[0] = row[0].upper()
        if i == 2 and shout:
            row = [cell.title() for cell in row]
        if i > 2:
            row = [f" {cell} " for cell in row]
        writer.writerow(row)
        if blanks:
            out.write("\n")
    text = ("\ufeff" if bom else "") + out.getvalue()
    assert course_from_csv(text) == course


def test_the_export_is_what_a_spreadsheet_user_expects():
    text = course_to_csv(SAMPLE_COURSES["cedar-nine"])
    assert text.split("\r\n")[:5] == ["course,Cedar Nine", "tee,Red", "hole,yardage,par", "1,310,4", "2,142,3"]
    assert text.endswith("9,155,3\r\n")
    assert course_from_csv(text) == Course("Cedar Nine", "Red", SAMPLE_COURSES["cedar-nine"].holes)  # not a sample


def test_a_name_a_spreadsheet_would_run_as_a_formula_is_escaped():
    course = Course('=HYPERLINK("x")', "Red", SAMPLE_COURSES["cedar-nine"].holes)
    assert course_to_csv(course).startswith('course,"\'=HYPERLINK(""x"")"')
    assert course_from_csv(course_to_csv(course)).name == course.name


NINE = "".join(f"{i},{300 + i},4\n" for i in range(1, 10))


@pytest.mark.parametrize(
    "text, name, tee",
    [
        ("course,Home\ntee,Blue\nhole,yardage,par\n" + NINE, "Home", "Blue"),
        ("Name: ,  Home   Links \nhole,yardage,par\n" + NINE, None, None),  # "Name:" is not a label
        ("NAME,  Home   Links \n\n\nHOLE , YARDS , PAR\n" + NINE, "Home Links", ""),
        ("course;Home\r\nhole;yardage;par\r\n" + NINE.replace(",", ";").replace("\n", "\r\n"), "Home", ""),
        ("Hole\tYardage\tPar\tHcp\n" + "".join(f"{i}\t{300 + i} yds\t4\t{i}\n" for i in range(1, 10)), "Pasted", ""),
        ("course,tee,hole,yardage,par\n" + "".join(f"Home,Red,{i},{300 + i},4\n" for i in range(1, 10)), "Home", "Red"),
        ("par,yardage\n" + "".join(f"4,{300 + i}\n" for i in range(1, 10)), "Pasted", ""),
        ("course,Home\nhole,yardage,par\n" + NINE + "Out,2745,36\nTotal,2745,36\n", "Home", ""),
        ("course,Home,,\ntee,Red,,\nhole,yardage,par,\n" + NINE.replace("\n", ",\n") + ",,,\n", "Home", "Red"),
    ],
)
def test_import_forgives_layout(text, name, tee):
    if name is None:
        with pytest.raises(RulesError, match=r'^Line 1: "Name:" is not part of a course file'):
            course_from_csv(text, default_name="Pasted")
        return
    course = course_from_csv(text, default_name="Pasted")
    assert (course.name, course.tee) == (name, tee)
    assert [h.yardage for h in course.holes] == list(range(301, 310))
    assert course.par == 36 and course.sample is False


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "The file is empty: it needs a line hole,yardage,par and then one row per hole."),
        ("1,300,4\n2,310,4\n", "No header row found: put a line hole,yardage,par above the holes."),
        ("course,Home\nhole,yardage,par\n1,300,4\n2,abc,4\n", 'Line 4: the yardage "abc" is not a number.'),
        ("course,Home\nhole,yardage,par\n1,300,four\n", 'Line 3: the par "four" is not a number.'),
        ("course,Home\nhole,yardage,par\n1,,4\n", "Line 3: hole 1 has no yardage."),
        ("course,Home\nhole,yardage,par\n1,300\n", "Line 3: hole 1 has no par."),
        (
            "course,Home\nhole,yardage,par\n1,1200,4\n",
            f"Line 3: hole 1's yardage must be 1 to {MAX_YARDAGE} yards, not 1200.",
        ),
        ("course,Home\nhole,yardage,par\n1,300,7\n", "Line 3: hole 1's par must be 2 to 6, not 7."),
        ("course,Home\nhole,yardage,par\n1,300,4\n3,300,4\n", "Line 4: this row is hole 3, but hole 2 comes next."),
        ("course,Home\nhole,yardage,par\n\n1,300,4\nx,300,4\n", 'Line 5: the hole number "x" is not a number.'),
        ("course,Home\nhole,yardage,par\n,300,4\n", "Line 3: the hole number is missing; this row should be hole 1."),
        (
            "course,Home\nsponsor,Acme\nhole,yardage,par\n",
            'Line 2: "sponsor" is not part of a course file; above '
            "the holes come only the lines course,<name> and tee,<tee>.",
        ),
        ("course,Home\nhole,yardage,par\n" + NINE + "10,300,4\n", "The file has 10 holes; a course has 9 or 18."),
        ("course,Home\nhole,yardage,par\n1,300,4\n", "The file has 1 hole; a course has 9 or 18."),
        (
            "course,Home\nhole,yardage,par\n" + "".join(f"{i},300,4\n" for i in range(1, 20)),
            "Line 21: a course has at most 18 holes, and this is a 19th.",
        ),
        ("hole,yardage,par\n" + NINE, "The file does not name the course: add a first line course,<name>."),
        ("course, \nhole,yardage,par\n" + NINE, "Line 1: the course's name is blank: add a first line course,<name>."),
        (
            f"course,{'x' * (COURSE_NAME_LIMIT + 1)}\nhole,yardage,par\n" + NINE,
            f"Line 1: the course's name is too long: keep it to {COURSE_NAME_LIMIT} characters.",
        ),
        (f"tee,{'x' * (TEE_LIMIT + 1)}\n", f"Line 1: the tee is too long: keep it to {TEE_LIMIT} characters."),
        (
            "course,Ho\x00me\nhole,yardage,par\n" + NINE,
            "Line 1: the course's name holds characters that cannot be shown on a scorecard.",
        ),
    ],
)
def test_import_refuses_with_a_sentence_naming_the_line(text, message):
    if message.startswith("Line 1: the tee"):
        text += "hole,yardage,par\n" + NINE
    with pytest.raises(RulesError) as err:
        course_from_csv(text)
    assert err.value.message == message and err.value.field == "csv"


def test_a_paste_far_too_long_is_refused_without_reading_it():
    with pytest.raises(RulesError, match="far too long"):
        course_from_csv("x" * 200_000)


def test_the_download_name_comes_from_the_course():
    assert csv_filename(SAMPLE_COURSES["harbour-links"]) == "harbour-links-blue.csv"
    assert csv_filename(Course("???", "", SAMPLE_COURSES["cedar-nine"].holes)) == "course.csv"
