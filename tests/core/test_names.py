"""The one name rule (caddie/core/names.py): every game, the ledger and a live seat refuse an
invisible name and drop the characters that would reorder what other people see."""

from __future__ import annotations

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddie.core.errors import CaddieError, HandError
from caddie.core.game import clean_names
from caddie.core.ledger import check_names
from caddie.core.live.table import LiveTable
from caddie.core.names import (
    BIDI_CONTROLS,
    NOTHING_SHOWS,
    check_visible,
    printable,
    repair_name,
    shows,
    tidy_name,
    unshowable_sentence,
)

INVISIBLE = ["\u200b\u200c", "\u200d", "\u2060\ufeff", "\u0301\u0308", "\u3164", "\u200b \u200c", "\u00ad"]
BIDI = sorted(BIDI_CONTROLS)


@pytest.mark.parametrize("name", INVISIBLE)
def test_a_name_where_nothing_shows_is_refused_in_every_game_the_ledger_and_a_live_seat(name):
    with pytest.raises(CaddieError, match="only invisible characters"):
        clean_names(["Ann", name], 1, 6, "match")
    with pytest.raises(HandError, match="only invisible characters") as err:
        check_names(["Ann", name])
    assert err.value.field == "players"
    table = LiveTable.new("grid", {"rules": {}}, [{"kind": "person"}, {"kind": "person"}], "Ann", "digest-a")
    with pytest.raises(CaddieError, match="only invisible characters"):
        table.join(name, "digest-b")
    assert table.places[1].empty


def test_bidirectional_controls_are_taken_out_so_a_name_reads_as_typed():
    assert clean_names(["\u202eevil", "Bo\u2066b\u2069"], 1, 6, "match") == ["evil", "Bob"]
    assert check_names(["\u202eevil", "\u200fAnn\u200e"]) == ["evil", "Ann"]
    with pytest.raises(CaddieError, match="only invisible characters"):
        clean_names(["\u202e\u202c"], 1, 1, "seat")


def test_names_that_show_are_kept_as_typed():
    kept = ["Ann", "Zoë", "李雷", "O'Brien", "👩‍👩‍👧", "☺", "Ann Lee", "e\u0301"]
    assert check_names(kept) == kept
    assert clean_names(kept[:6], 1, 6, "match") == kept[:6]


CONTROLS = [chr(c) for c in range(32) if not chr(c).isspace()] + ["\x7f", "\x80", "\x9b", "\ud800"]


@pytest.mark.parametrize("control", CONTROLS)
def test_a_control_character_anywhere_is_refused_in_every_game_the_ledger_and_a_live_seat(control):
    name = f"Bo{control}b"
    with pytest.raises(CaddieError, match="cannot be shown on a scorecard"):
        clean_names(["Ann", name], 1, 6, "match")
    with pytest.raises(HandError, match="cannot be shown on a scorecard") as err:
        check_names(["Ann", name])
    assert err.value.field == "players"
    table = LiveTable.new("grid", {"rules": {}}, [{"kind": "person"}, {"kind": "person"}], "Ann", "digest-a")
    with pytest.raises(CaddieError, match="cannot be shown on a scorecard"):
        table.join(name, "digest-b")
    assert table.places[1].empty


def test_white_space_from_a_paste_is_one_space_not_a_refusal():
    assert check_names(["Ann\tLee", "Bo\r\n"]) == ["Ann Lee", "Bo"]


@given(st.text(max_size=30))
def test_the_rule_on_any_text(text):
    try:
        name = check_visible(text)
    except CaddieError as err:
        if printable(text):
            assert err.message == NOTHING_SHOWS
            assert not shows(tidy_name(text))
        else:
            assert err.message == unshowable_sentence("A player's name")
        return
    assert printable(text)
    assert not BIDI_CONTROLS & set(name)
    assert not any(unicodedata.category(ch) == "Cc" for ch in name)
    assert name == name.strip() and "  " not in name
    assert name == "" or shows(name)
    assert check_visible(name) == name  # tidy once is tidy


@given(
    st.text(
        st.sampled_from(["\u200b", "\u200c", "\u200d", "\u2060", "\ufeff", "\u0301", "\u3164", " ", *BIDI]),
        min_size=1,
        max_size=12,
    ).filter(lambda text: text.strip())
)
def test_text_of_only_invisible_and_control_characters_is_never_a_name(text):
    with pytest.raises(CaddieError, match="only invisible characters"):
        check_visible(text)


@given(st.text(min_size=1, max_size=10).filter(shows), st.lists(st.sampled_from(BIDI), max_size=4))
def test_bidi_controls_anywhere_change_nothing_that_shows(name, controls):
    tidy = tidy_name(name)
    mixed = "".join(controls) + name + "".join(controls)
    assert tidy_name(mixed) == tidy


@given(st.text(max_size=30))
def test_a_repaired_name_always_passes_the_rule(text):
    name = repair_name(text, "Player 2")
    assert check_visible(name) == name != ""
    if printable(text) and shows(tidy_name(text)):
        assert name == check_visible(text)  # a name that passes is kept as the rule tidies it
