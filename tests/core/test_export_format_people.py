"""The "Your data" file's people: merges and renames (``people``) and seasons, read and refused
field by field like the rest of the file, and optional (a file made before they were kept has none)."""

from __future__ import annotations

import copy
import json
from datetime import date

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddie.core.export_format import (
    FILE_PEOPLE,
    FILE_SEASONS,
    FORMAT,
    VERSION,
    FormatError,
    PersonAlias,
    SeasonSpan,
    parse_document,
)
from tests.core.test_export_format import WHOLE_DOCUMENTS, documents, json_values, sample_document

PEOPLE = [{"name": "bobby", "person": "Bo"}, {"name": "ann lee", "person": "Ann"}]
SEASONS = [
    {"name": "Summer 2025", "starts_on": "2025-06-01", "ends_on": "2025-08-31"},
    {"name": "One day", "starts_on": "2025-09-06", "ends_on": "2025-09-06"},
]


def with_people(people=None, seasons=None) -> dict:
    doc = {"format": FORMAT, "version": VERSION}
    if people is not None:
        doc["people"] = copy.deepcopy(people)
    if seasons is not None:
        doc["seasons"] = copy.deepcopy(seasons)
    return doc


def test_people_and_seasons_read_back_to_themselves():
    doc = dict(sample_document(), people=copy.deepcopy(PEOPLE), seasons=copy.deepcopy(SEASONS))
    parsed = parse_document(doc)
    assert parsed.people == (PersonAlias("bobby", "Bo"), PersonAlias("ann lee", "Ann"))
    assert parsed.seasons == (
        SeasonSpan("Summer 2025", date(2025, 6, 1), date(2025, 8, 31)),
        SeasonSpan("One day", date(2025, 9, 6), date(2025, 9, 6)),
    )
    assert parsed.to_dict() == doc
    assert parse_document(json.loads(json.dumps(doc))).to_dict() == doc


def test_a_file_made_before_people_were_kept_reads_as_having_none():
    doc = sample_document()
    del doc["people"], doc["seasons"]
    parsed = parse_document(doc)
    assert parsed.people == () and parsed.seasons == ()
    assert parsed.to_dict()["people"] == [] and parsed.to_dict()["seasons"] == []
    assert parse_document(with_people([], [])).to_dict() == parse_document(with_people()).to_dict()


def test_names_are_tidied_and_a_merge_knows_its_key():
    parsed = parse_document(with_people([{"name": "  Bobby \t Lee ", "person": " Bo   Lee"}]))
    assert parsed.people == (PersonAlias("Bobby Lee", "Bo Lee"),)
    assert parsed.people[0].key == "bobby lee"


def test_an_old_name_is_repaired_and_listed_not_refused():
    parsed = parse_document(with_people([{"name": "bob\x07", "person": "\u202eRob"}]))
    assert parsed.people == (PersonAlias("bob", "Rob"),)
    assert [r.path for r in parsed.repairs] == ["people[0].name", "people[0].person"]
    assert parsed.repairs[0].sentence() == (
        'people[0].name: "bob" had characters that cannot be shown on a scorecard, taken out.'
    )


LONG_KEY = "\u0390" * 22  # 22 characters that casefold to 66


@pytest.mark.parametrize(
    "doc, field, words",
    [
        (with_people({}), "people", "This is a list"),
        (with_people(["bobby"]), "people[0]", "A merge or rename is an object with the fields name, person."),
        (with_people([{"name": "bobby"}]), "people[0].person", "A person's name is text."),
        (with_people([{"name": "bobby", "person": ""}]), "people[0].person", "A person's name is blank."),
        (with_people([{"name": " ", "person": "Bo"}]), "people[0].name", "A merged name is blank."),
        (with_people([{"name": "\x07", "person": "Bo"}]), "people[0].name", "A merged name is blank."),
        (with_people([{"name": "x", "person": "B" * 25}]), "people[0].person", "at most 24 characters"),
        (with_people([{"name": "x", "person": "\u200b"}]), "people[0].person", "only invisible characters"),
        (with_people([{"name": "x", "person": "B\x00o"}, {"name": 3, "person": "Bo"}]), "people[1].name", "text"),
        (with_people([{"name": LONG_KEY, "person": "Bo"}]), "people[0].name", "at most 64 characters"),
        (with_people([{"name": "x", "person": "Bo", "alias_key": "x"}]), "people[0].alias_key", "is not part of"),
        (
            with_people([{"name": "Bobby", "person": "Bo"}, {"name": " BOBBY ", "person": "Rob"}]),
            "people[1].name",
            "also people[0].name",
        ),
        (with_people(seasons="Summer"), "seasons", "This is a list"),
        (with_people(seasons=[{"name": "S", "starts_on": "2025-06-01"}]), "seasons[0].ends_on", "YYYY-MM-DD"),
        (
            with_people(seasons=[{"name": "", "starts_on": "2025-06-01", "ends_on": "2025-06-02"}]),
            "seasons[0].name",
            "A season's name is blank.",
        ),
        (
            with_people(seasons=[{"name": "S" * 41, "starts_on": "2025-06-01", "ends_on": "2025-06-02"}]),
            "seasons[0].name",
            "at most 40 characters",
        ),
        (
            with_people(seasons=[{"name": "\u2067\u2069", "starts_on": "2025-06-01", "ends_on": "2025-06-02"}]),
            "seasons[0].name",
            "only invisible characters",
        ),
        (
            with_people(seasons=[{"name": "S", "starts_on": "2025-02-30", "ends_on": "2025-06-02"}]),
            "seasons[0].starts_on",
            "not a date on the calendar",
        ),
        (
            with_people(seasons=[{"name": "S", "starts_on": "2025-06-02", "ends_on": "2025-06-01"}]),
            "seasons[0].ends_on",
            "A season ends on or after the day it starts (2025-06-02).",
        ),
        (
            with_people(seasons=[SEASONS[0], dict(SEASONS[1], name="summer  2025")]),
            "seasons[1].name",
            "also seasons[0].name",
        ),
        (
            with_people(seasons=[{"name": "S", "starts_on": "2025-06-01", "ends_on": "2025-06-02", "id": "x"}]),
            "seasons[0].id",
            "is not part of a season",
        ),
    ],
)
def test_a_bad_value_is_refused_with_its_path(doc, field, words):
    with pytest.raises(FormatError) as refused:
        parse_document(doc)
    assert refused.value.field == field
    assert refused.value.message.startswith(f"{field}: ") and words in refused.value.message
    assert refused.value.message.endswith(".")


def test_two_seasons_of_one_name_whatever_its_spacing_are_refused():
    # "Summer  2025" is tidied to "Summer 2025", the same name as the first
    doc = with_people(seasons=[SEASONS[0], dict(SEASONS[1], name="SUMMER  2025")])
    with pytest.raises(FormatError, match=r"seasons\[1\]\.name: This season's name is also seasons\[0\]\.name"):
        parse_document(doc)


def test_a_file_holds_no_more_than_a_browser_keeps():
    people = [{"name": f"n{i}", "person": "Bo"} for i in range(FILE_PEOPLE)]
    assert len(parse_document(with_people(people)).people) == FILE_PEOPLE
    with pytest.raises(FormatError) as refused:
        parse_document(with_people(people + [{"name": "one more", "person": "Bo"}]))
    assert refused.value.field == "people" and f"at most {FILE_PEOPLE} merges and renames" in refused.value.message
    seasons = [{"name": f"S{i}", "starts_on": "2025-06-01", "ends_on": "2025-06-02"} for i in range(FILE_SEASONS + 1)]
    with pytest.raises(FormatError) as refused:
        parse_document(with_people(seasons=seasons))
    assert refused.value.field == "seasons" and f"at most {FILE_SEASONS} seasons" in refused.value.message


@WHOLE_DOCUMENTS
@given(doc=documents(), data=st.data())
def test_people_spoiled_anywhere_are_read_or_refused_never_crash(doc, data):
    doc["people"] = doc["people"] or copy.deepcopy(PEOPLE)
    doc["seasons"] = doc["seasons"] or copy.deepcopy(SEASONS)
    part = data.draw(st.sampled_from(["people", "seasons"]))
    item = data.draw(st.sampled_from(doc[part]))
    key = data.draw(st.sampled_from(sorted(item) + ["extra"]))
    item[key] = data.draw(json_values)
    try:
        parsed = parse_document(doc)
    except FormatError as err:
        assert err.message.endswith(".") and err.field is not None and err.field.startswith(part)
        return
    again = parsed.to_dict()
    assert parse_document(again).to_dict() == again
