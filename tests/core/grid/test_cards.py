"""Card codes: forgiving input, canonical output (docs/grid-golf.md, "Card codes")."""

from __future__ import annotations

import pytest

from caddie.core.errors import CaddieError, CardError
from caddie.core.grid.cards import RANK_NAMES, RANKS, parse_card, parse_cards, split_cards


def test_ranks_are_the_documented_codes_in_order():
    assert RANKS == ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "JK", "OJ")
    assert set(RANK_NAMES) == set(RANKS)


@pytest.mark.parametrize("code", RANKS)
def test_canonical_codes_parse_to_themselves(code):
    assert parse_card(code) == code


@pytest.mark.parametrize("code", RANKS)
def test_lower_case_and_surrounding_spaces_are_forgiven(code):
    assert parse_card(code.lower()) == code
    assert parse_card(f"  {code.lower()}\t") == code
    assert parse_card(f" {code} ") == code


@pytest.mark.parametrize("typed", ["T", "t", " t ", "10", " 10"])
def test_t_means_ten(typed):
    assert parse_card(typed) == "10"


@pytest.mark.parametrize("typed", ["X", "x", "*", " * ", "JK", "jk", "Jk", "jK", "joker", "Joker"])
def test_x_star_and_jk_mean_joker(typed):
    assert parse_card(typed) == "JK"


@pytest.mark.parametrize(
    "typed, code",
    [
        ("ace", "A"),
        ("Ace", "A"),
        ("king", "K"),
        ("Queen", "Q"),
        ("jack", "J"),
    ],
)
def test_spelled_out_names(typed, code):
    assert parse_card(typed) == code


@pytest.mark.parametrize("typed", ["Z", "11", "0", "1 0", "KK", "-2", "10.0", "B", "JQ", "♠", "QUEENS"])
def test_non_cards_are_refused_with_a_readable_message(typed):
    with pytest.raises(CardError) as info:
        parse_card(typed)
    err = info.value
    assert isinstance(err, CaddieError) and isinstance(err, ValueError)
    assert err.message and str(err) == err.message
    assert typed.strip() in err.message
    assert err.field is None


@pytest.mark.parametrize("typed", ["", "   "])
def test_blank_is_an_empty_slot_for_parse_card(typed):
    with pytest.raises(CardError) as info:
        parse_card(typed, field="cards[2]")
    assert "empty slot" in info.value.message
    assert info.value.field == "cards[2]"


@pytest.mark.parametrize("value", [None, 10, 2.0, ["K"], True])
def test_non_strings_are_card_errors_not_crashes(value):
    with pytest.raises(CardError) as info:
        parse_card(value, field="card")
    assert info.value.message
    assert info.value.field == "card"


def test_parse_cards_keeps_unknown_slots_and_canonicalises():
    assert parse_cards(["k", None, " ", "t", "x", "*", "", "2"]) == ["K", None, None, "10", "JK", "JK", None, "2"]


def test_parse_cards_names_the_bad_slot():
    with pytest.raises(CardError) as info:
        parse_cards(["K", "5", "Z"])
    assert info.value.field == "cards[2]"
    assert '"Z"' in info.value.message
    with pytest.raises(CardError) as info:
        parse_cards(["Z"], field="grid")
    assert info.value.field == "grid[0]"
    with pytest.raises(CardError) as info:
        parse_cards([5], field="")
    assert info.value.field is None


@pytest.mark.parametrize(
    "typed, tokens",
    [
        ("K, 5 7/k 3 9", ["K", "5", "7", "k", "3", "9"]),
        ("K57K39", ["K", "5", "7", "K", "3", "9"]),
        ("10JKQ", ["10", "JK", "Q"]),
        ("t;x;*", ["t", "x", "*"]),
        ("  ", []),
        ("joker5", ["joker", "5"]),
        ("10 10,10", ["10", "10", "10"]),
    ],
)
def test_split_cards(typed, tokens):
    assert split_cards(typed) == tokens


def test_split_then_parse_gives_the_documented_example():
    assert parse_cards(split_cards("k57k39")) == ["K", "5", "7", "K", "3", "9"]
    assert parse_cards(split_cards("a t jk q / x 2")) == ["A", "10", "JK", "Q", "JK", "2"]
