"""The "Your data" file format: what it accepts, what it refuses and where, and that it reads back exactly."""

from __future__ import annotations

import copy
import json
import string

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caddie.core.clubs.scoring import DEFAULT_DECK
from caddie.core.errors import CaddieError
from caddie.core.export_format import FORMAT, VERSION, FormatError, parse_document
from caddie.core.grid.rules import PRESETS, Rules
from caddie.core.names import check_visible, shows
from caddie.core.names import printable as free_of_controls
from tests.core.grid.strategies import rules_strategy

URLSAFE = string.ascii_letters + string.digits + "-_"

# The rules fields a document of version 1 had before the house rules came (docs/api.md,
# "Export"): such a document reads with every house rule off.
FIRST_RULES = {
    "cards": 6,
    "king": 10,
    "negatives": "twos",
    "negative_pairs": "zero",
    "end": "immediate",
    "discard_flip": False,
    "initial_flips": 2,
    "holes": 9,
}
TABLE = {
    "rules": Rules().to_dict(),
    "clubs": {
        "deck": list(DEFAULT_DECK),
        "penalty_chart": [
            {"up_to": 0, "strokes": 0},
            {"up_to": 10, "strokes": 1},
            {"up_to": 25, "strokes": 2},
            {"up_to": 50, "strokes": 3},
            {"up_to": 100, "strokes": 4},
        ],
        "beyond": 5,
    },
    "players": 2,
    "preset": "standard",
}
NINE = [
    {"yardage": y, "par": p}
    for y, p in [(310, 4), (142, 3), (455, 5), (298, 4), (126, 3), (335, 4), (402, 5), (274, 4), (155, 3)]
]


def sample_document() -> dict:
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": "2025-06-14T18:03:11+00:00",
        "settings": copy.deepcopy(TABLE),
        "courses": [{"id": "C" * 16, "name": "Home Nine", "tee": "Red", "holes": copy.deepcopy(NINE)}],
        "rounds": [
            {
                "id": "R" * 16,
                "share_token": "S" * 24,
                "edit_token": "E" * 32,
                "game": "grid",
                "holes": 9,
                "played_on": "2025-06-14",
                "rules": copy.deepcopy(TABLE),
                "course": None,
                "players": [
                    {"name": "Ann", "scores": [5, -2, None, None, None, None, None, None, None]},
                    {"name": "Bo", "scores": [12] + [None] * 8},
                ],
            },
            {
                "id": "r" * 16,
                "share_token": "s" * 24,
                "edit_token": "e" * 32,
                "game": "clubs",
                "holes": 9,
                "played_on": "2025-06-15",
                "rules": copy.deepcopy(TABLE),
                "course": {"name": "Cedar Nine", "tee": "Red", "sample": True, "holes": copy.deepcopy(NINE)},
                "players": [{"name": "Cy", "scores": [4, 3, 6, 4, 3, 5, 5, 4, 3]}],
            },
        ],
        "people": [{"name": "bobby", "person": "Bo"}],
        "seasons": [{"name": "Summer 2025", "starts_on": "2025-06-01", "ends_on": "2025-08-31"}],
    }


def refused(doc) -> FormatError:
    with pytest.raises(FormatError) as caught:
        parse_document(doc)
    return caught.value


# -- what it reads -------------------------------------------------------------------


def test_a_document_reads_back_to_itself():
    doc = sample_document()
    assert parse_document(doc).to_dict() == doc
    assert parse_document(json.loads(json.dumps(doc))).to_dict() == doc


def test_the_smallest_document_is_the_format_and_version():
    parsed = parse_document({"format": FORMAT, "version": 1})
    assert parsed.to_dict() == {
        "format": FORMAT,
        "version": 1,
        "exported_at": None,
        "settings": None,
        "courses": [],
        "rounds": [],
        "people": [],
        "seasons": [],
    }


def test_names_are_tidied_as_the_app_tidies_them():
    doc = sample_document()
    doc["rounds"][0]["players"][0]["name"] = "  Ann \t Lee "
    doc["courses"][0]["name"] = " Home   Nine"
    out = parse_document(doc).to_dict()
    assert out["rounds"][0]["players"][0]["name"] == "Ann Lee"
    assert out["courses"][0]["name"] == "Home Nine"
    assert parse_document(out).to_dict() == out


@pytest.mark.parametrize(
    ("names", "now"),
    [
        (["Ann", "Bob\x07"], ["Ann", "Bob"]),
        (["Ann", "B\x00o\x1b[31m"], ["Ann", "Bo[31m"]),
        (["Ann", "\x07\x00"], ["Ann", "Player 2"]),
        (["Ann", "\u200b"], ["Ann", "Player 2"]),
        (["Ann", "\u202eBo"], ["Ann", "Bo"]),
        (["Player 2", "\x07", "Ann\x00", "ANN"], ["Player 2", "Player 3", "Player 4", "ANN"]),
        (["\ud800", "Player 1"], ["Player 2", "Player 1"]),
    ],
)
def test_an_old_name_the_rule_refuses_is_repaired_and_listed_not_refused(names, now):
    doc = sample_document()
    doc["rounds"][0]["players"] = [{"name": name, "scores": [None] * 9} for name in names]
    document = parse_document(doc)
    assert [p.name for p in document.rounds[0].players] == now
    repaired = [k for k, (a, b) in enumerate(zip(names, now)) if a != b]
    assert [r.path for r in document.repairs] == [f"rounds[0].players[{k}].name" for k in repaired]
    assert [r.now for r in document.repairs] == [now[k] for k in repaired]
    for repair in document.repairs:
        assert repair.sentence().startswith(repair.path + ": ") and repair.sentence().endswith(".")
        assert free_of_controls(repair.sentence())
    canonical = document.to_dict()
    assert parse_document(canonical).to_dict() == canonical and not parse_document(canonical).repairs


def test_a_repaired_name_is_refused_only_where_the_file_itself_is_broken():
    doc = sample_document()
    doc["rounds"][0]["players"] = [{"name": "Ann", "scores": [None] * 9}, {"name": "ann", "scores": [None] * 9}]
    assert "Two players are called" in refused(doc).message
    doc["rounds"][0]["players"][1]["name"] = "\x07" * 30  # nothing that shows, and too long
    assert [p.name for p in parse_document(doc).rounds[0].players] == ["Ann", "Player 2"]


@given(st.lists(st.text(max_size=12), min_size=1, max_size=8))
def test_any_names_read_as_names_the_rule_takes_or_as_a_sentence(names):
    doc = sample_document()
    doc["rounds"][0]["players"] = [{"name": name, "scores": [None] * 9} for name in names]
    try:
        document = parse_document(doc)
    except FormatError as err:
        assert err.field.startswith("rounds[0].players[") and err.message.endswith(".")
        return
    read = [p.name for p in document.rounds[0].players]
    assert all(check_visible(name) == name and shows(name) for name in read)
    assert len({name.casefold() for name in read}) == len(read)


# -- what it refuses, and where ----------------------------------------------------------


def spoil(path, value):
    """The sample document with the value at ``path`` (keys and indexes) replaced, or removed (``...``)."""
    doc = sample_document()
    node = doc
    for key in path[:-1]:
        node = node[key]
    if value is ...:
        del node[path[-1]]
    else:
        node[path[-1]] = value
    return doc


@pytest.mark.parametrize(
    "path, value, field, words",
    [
        (["format"], "something-else", "format", "not a Caddie & Tally export"),
        (["version"], 2, "version", "newer Caddie & Tally"),
        (["version"], "1", "version", "whole number"),
        (["exported_at"], "yesterday", "exported_at", "date and time"),
        (["matches"], [], "matches", '"matches" is not part of a version 1 export'),
        (["settings", "rules", "king"], 5, "settings.rules.king", "King is worth 10, 0 or −2"),
        (["settings", "rules", "kings"], 0, "settings.rules.kings", "not a rules field"),
        (["settings", "clubs", "deck"], [1, 2], "settings.clubs.deck", "at least 14 cards"),
        (["settings", "clubs", "colour"], "red", "settings.clubs.colour", "not part of"),
        (["settings", "players"], 9, "settings.players", "1 to 8 players"),
        (["settings", "preset"], "house", "settings.preset", "not a preset"),
        (["settings"], [], "settings", "House rules are an object"),
        (["courses"], {}, "courses", "list"),
        (["courses", 0, "id"], "short", "courses[0].id", "16 to 32"),
        (["courses", 0, "name"], "  ", "courses[0].name", "blank"),
        (["courses", 0, "tee"], "x" * 25, "courses[0].tee", "too long"),
        (["courses", 0, "holes"], NINE[:8], "courses[0].holes", "9 or 18 holes"),
        (["courses", 0, "holes", 3, "par"], 7, "courses[0].holes[3].par", "Hole 4's par"),
        (["courses", 0, "holes", 0, "yardage"], 0, "courses[0].holes[0].yardage", "Hole 1's yardage"),
        (["rounds", 0], "a round", "rounds[0]", "A round is an object"),
        (["rounds", 0, "id"], "R" * 16 + "!", "rounds[0].id", "letters, digits"),
        (["rounds", 1, "id"], "R" * 16, "rounds[1].id", "also rounds[0].id"),
        (["rounds", 1, "edit_token"], "S" * 24, "rounds[1].edit_token", "also rounds[0].share_token"),
        (["rounds", 0, "share_token"], ..., "rounds[0].share_token", "share token"),
        (["rounds", 0, "game"], "poker", "rounds[0].game", '"grid"'),
        (["rounds", 0, "holes"], 10, "rounds[0].holes", "9 or 18"),
        (["rounds", 0, "played_on"], "2025-02-30", "rounds[0].played_on", "not a date on the calendar"),
        (["rounds", 0, "played_on"], "14/06/2025", "rounds[0].played_on", "YYYY-MM-DD"),
        (["rounds", 0, "rules", "rules", "cards"], 7, "rounds[0].rules.rules.cards", "4, 6, 8, 9 or 10"),
        (["rounds", 0, "course"], NINE, "rounds[0].course", "no course"),
        (["rounds", 1, "course"], None, "rounds[1].course", "copy of its course"),
        (["rounds", 1, "course", "sample"], "yes", "rounds[1].course.sample", "true or false"),
        (["rounds", 1, "holes"], 18, "rounds[1].course.holes", "only 9"),
        (["rounds", 0, "players"], [], "rounds[0].players", "1 to 8 players"),
        (["rounds", 0, "players"], ..., "rounds[0].players", "list"),
        (["rounds", 0, "players", 1, "name"], "", "rounds[0].players[1].name", "blank"),
        (["rounds", 0, "players", 1, "name"], "ANN", "rounds[0].players[1].name", "Two players are called"),
        (["rounds", 0, "players", 1, "name"], "x" * 25, "rounds[0].players[1].name", "too long"),
        (["courses", 0, "name"], "Ho\x00me", "courses[0].name", "cannot be shown"),
        (["rounds", 0, "players", 1, "name"], 7, "rounds[0].players[1].name", "text"),
        (["rounds", 0, "players", 0, "scores"], [5], "rounds[0].players[0].scores", "9 scores"),
        (["rounds", 0, "players", 0, "scores", 2], 121, "rounds[0].players[0].scores[2]", "hole 3 has"),
        (["rounds", 0, "players", 0, "scores", 2], 5.0, "rounds[0].players[0].scores[2]", "-120 to 120"),
        (["rounds", 0, "players", 0, "scores", 2], True, "rounds[0].players[0].scores[2]", "-120 to 120"),
        (["rounds", 1, "players", 0, "scores", 0], 0, "rounds[1].players[0].scores[0]", "Club Cards hole"),
        (["rounds", 0, "players", 0, "age"], 30, "rounds[0].players[0].age", "not part of a player"),
    ],
)
def test_a_bad_field_is_refused_with_its_path(path, value, field, words):
    err = refused(spoil(path, value))
    assert err.field == field
    assert err.message.startswith(f"{field}: ")
    assert words in err.message, err.message
    assert err.message.endswith(".")


@pytest.mark.parametrize("value", [None, [], "caddie", 3, {"format": "caddie-and-tally"}])
def test_what_is_no_document_at_all_is_refused(value):
    err = refused(value)
    assert isinstance(err, CaddieError) and err.message.endswith(".")


# -- any document, generated ---------------------------------------------------------------

ids = st.text(URLSAFE, min_size=16, max_size=32)
tokens = st.text(URLSAFE, min_size=16, max_size=64)
printable = st.characters(blacklist_categories=("Cc", "Cs", "Zs", "Zl", "Zp"))


# Python's str.split also splits on a few characters outside the Z and Cc categories (none today),
# so a name is kept only if it is already tidy.
def tidy_text(low, high):
    return (
        st.lists(st.text(printable, min_size=1, max_size=8), min_size=low, max_size=4)
        .map(" ".join)
        .filter(lambda t: low <= len(t) <= high and t == " ".join(t.split()))
    )


def follows_the_name_rule(name: str) -> bool:
    try:
        return check_visible(name) == name
    except CaddieError:
        return False


@st.composite
def tables(draw):
    rules = draw(rules_strategy()).to_dict()
    limits = sorted(draw(st.sets(st.integers(1, 300), max_size=5)))
    strokes = sorted(draw(st.lists(st.integers(0, 20), min_size=len(limits) + 1, max_size=len(limits) + 1)))
    chart = [{"up_to": u, "strokes": s} for u, s in zip([0] + limits, strokes)]
    clubs = {
        "deck": draw(st.lists(st.integers(1, 400), min_size=14, max_size=60)),
        "penalty_chart": chart,
        "beyond": draw(st.integers(strokes[-1], 20)),
    }
    return {
        "rules": rules,
        "clubs": clubs,
        "players": draw(st.integers(1, 8)),
        "preset": draw(st.sampled_from(list(PRESETS) + ["custom"])),
    }


def course_holes(n):
    return st.lists(
        st.fixed_dictionaries({"yardage": st.integers(1, 1000), "par": st.integers(2, 6)}), min_size=n, max_size=n
    )


@st.composite
def rounds(draw, public_id, share, edit):
    game = draw(st.sampled_from(["grid", "clubs"]))
    holes = draw(st.sampled_from([9, 18]))
    low, high = (-20, 100) if game == "grid" else (1, 60)
    names = draw(
        st.lists(tidy_text(1, 24).filter(follows_the_name_rule), min_size=1, max_size=8, unique_by=str.casefold)
    )
    course = None
    if game == "clubs":
        course = {
            "name": draw(tidy_text(1, 60)),
            "tee": draw(st.just("") | tidy_text(1, 24)),
            "sample": draw(st.booleans()),
            "holes": draw(course_holes(draw(st.sampled_from([18] if holes == 18 else [9, 18])))),
        }
    return {
        "id": public_id,
        "share_token": share,
        "edit_token": edit,
        "game": game,
        "holes": holes,
        "played_on": draw(st.dates()).isoformat(),
        "rules": draw(tables()),
        "course": course,
        "players": [
            {"name": name, "scores": draw(st.lists(st.none() | st.integers(low, high), min_size=holes, max_size=holes))}
            for name in names
        ],
    }


@st.composite
def documents(draw):
    n_rounds = draw(st.integers(0, 3))
    n_courses = draw(st.integers(0, 2))
    round_ids = draw(st.lists(ids, min_size=n_rounds, max_size=n_rounds, unique=True))
    links = draw(st.lists(tokens, min_size=2 * n_rounds, max_size=2 * n_rounds, unique=True))
    course_ids = draw(st.lists(ids, min_size=n_courses, max_size=n_courses, unique=True))
    courses = [
        {
            "id": cid,
            "name": draw(tidy_text(1, 60)),
            "tee": draw(st.just("") | tidy_text(1, 24)),
            "holes": draw(course_holes(draw(st.sampled_from([9, 18])))),
        }
        for cid in course_ids
    ]
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": draw(st.none() | st.datetimes().map(lambda d: d.isoformat(timespec="seconds"))),
        "settings": draw(st.none() | tables()),
        "courses": courses,
        "rounds": [draw(rounds(rid, links[2 * i], links[2 * i + 1])) for i, rid in enumerate(round_ids)],
        "people": draw(people()),
        "seasons": draw(seasons()),
    }


def rule_names(high):
    return tidy_text(1, high).filter(follows_the_name_rule)


@st.composite
def people(draw):
    """Merges and renames: names different whatever their case, each counting for a person."""
    names = draw(
        st.lists(
            rule_names(24).filter(lambda n: len(n.casefold()) <= 64),
            max_size=3,
            unique_by=lambda n: " ".join(n.split()).casefold(),
        )
    )
    return [{"name": name, "person": draw(rule_names(24))} for name in names]


@st.composite
def seasons(draw):
    names = draw(st.lists(rule_names(40), max_size=3, unique_by=str.casefold))
    spans = []
    for name in names:
        first, last = sorted(draw(st.lists(st.dates(), min_size=2, max_size=2)))
        spans.append({"name": name, "starts_on": first.isoformat(), "ends_on": last.isoformat()})
    return spans


PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
# A whole document is hundreds of draws (up to three rounds of 18 holes for eight players, courses,
# house rules): 20 to 40 ms of Hypothesis's time an example, so 150 of them took 5 s a test. 50
# still reach every part of a document many times over (its shape is mostly fixed; the values vary).
WHOLE_DOCUMENTS = settings(PROPERTY, max_examples=50)


@WHOLE_DOCUMENTS
@given(doc=documents())
def test_any_valid_document_round_trips_exactly(doc):
    assert parse_document(doc).to_dict() == doc
    assert parse_document(json.loads(json.dumps(doc, ensure_ascii=False))).to_dict() == doc


json_scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=20,
)


def leaves(node, path=()):
    if isinstance(node, dict):
        for key, value in node.items():
            yield from leaves(value, path + (key,))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from leaves(value, path + (i,))
    yield path


@WHOLE_DOCUMENTS
@given(doc=documents(), data=st.data())
def test_a_document_spoiled_anywhere_is_read_or_refused_never_crashes(doc, data):
    paths = [p for p in leaves(doc) if p]
    path = data.draw(st.sampled_from(paths))
    junk = data.draw(json_values)
    node = doc
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = junk
    try:
        parsed = parse_document(doc)
    except FormatError as err:
        assert err.message.endswith(".") and err.field is not None
        return
    again = parsed.to_dict()
    assert parse_document(again).to_dict() == again


@PROPERTY
@given(value=json_values)
def test_any_json_value_is_read_or_refused(value):
    try:
        parse_document(value)
    except FormatError as err:
        assert err.message.endswith(".")


def test_a_document_from_before_the_house_rules_reads_with_every_house_rule_off():
    doc = sample_document()
    doc["settings"]["rules"] = dict(FIRST_RULES, king=0)
    for round_ in doc["rounds"]:
        round_["rules"]["rules"] = dict(FIRST_RULES)
    parsed = parse_document(doc)
    assert parsed.settings is not None
    assert parsed.settings.rules == Rules(king=0)
    assert all(r.table.rules == Rules() for r in parsed.rounds)
