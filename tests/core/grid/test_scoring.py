"""Grid scoring column by column, and check_grid (docs/grid-golf.md, "Column scoring" and "Too many copies")."""

from __future__ import annotations

import pytest

from caddie.core.errors import CardError, HandError
from caddie.core.grid.rules import Rules, preset
from caddie.core.grid.scoring import ColumnScore, GridScore, check_grid, score_column, score_grid


def cols(score: GridScore) -> list[tuple]:
    return [(c.top, c.bottom, c.matched, c.points) for c in score.columns]


# -- the example of docs/api.md, "POST /api/v1/tally/grid", and docs/grid-golf.md, "Column scoring" ---


def test_the_api_example_scores_24_under_standard():
    score = score_grid(["K", "5", "7", "K", "3", "9"], preset("standard"))
    assert score.total == 24
    assert score.complete
    assert [c.to_dict() for c in score.columns] == [
        {"top": "K", "bottom": "K", "matched": True, "points": 0},
        {"top": "5", "bottom": "3", "matched": False, "points": 8},
        {"top": "7", "bottom": "9", "matched": False, "points": 16},
    ]


def test_the_api_example_under_classic_is_also_24_because_the_kings_match():
    assert score_grid(["K", "5", "7", "K", "3", "9"], preset("classic")).total == 24


def test_an_unmatched_king_counts_the_king_field():
    grid = ["K", "5", "7", "Q", "3", "9"]
    assert score_grid(grid, preset("standard")).total == 20 + 8 + 16
    assert score_grid(grid, preset("classic")).total == 10 + 8 + 16
    assert score_grid(grid, preset("bicycle")).total == 10 + 8 + 16


# -- a matched column scores 0, whatever the rank (docs/grid-golf.md, "Column scoring") ---


@pytest.mark.parametrize("rank", ["A", "2", "5", "10", "J", "Q", "K"])
def test_matched_column_is_zero_under_standard(rank):
    col = score_column((rank, rank), preset("standard"))
    assert col == ColumnScore((rank, rank), True, 0)


def test_unmatched_column_counts_both_cards_at_face_value():
    assert score_column(("J", "Q"), Rules()).points == 20  # different ranks, both 10: no match
    assert score_column(("10", "J"), Rules()).points == 20
    assert score_column(("A", "2"), Rules()).points == -1
    assert score_column(("2", "9"), Rules()).matched is False


# -- negatives and negative pairs ------------------------------------------------


@pytest.mark.parametrize("negatives, two, joker", [("twos", -2, -2), ("jokers", 2, -2), ("both", -2, -2)])
def test_negative_cards_in_unmatched_columns(negatives, two, joker):
    rules = Rules(negatives=negatives)
    assert score_column(("2", "5"), rules).points == two + 5
    assert score_column(("5", "JK"), rules).points == 5 + joker


def test_two_and_joker_are_different_ranks_so_they_do_not_match():
    col = score_column(("2", "JK"), Rules(negatives="both"))
    assert col.matched is False and col.points == -4
    assert score_column(("2", "JK"), Rules(negatives="jokers")).points == 0  # +2 and -2


@pytest.mark.parametrize("negatives", ["twos", "both"])
def test_pair_of_twos_zero_or_keep(negatives):
    assert score_column(("2", "2"), Rules(negatives=negatives, negative_pairs="zero")).points == 0
    assert score_column(("2", "2"), Rules(negatives=negatives, negative_pairs="keep")).points == -4
    assert score_column(("2", "2"), Rules(negatives=negatives, negative_pairs="keep")).matched is True


@pytest.mark.parametrize("negatives", ["jokers", "both"])
def test_pair_of_jokers_zero_or_keep(negatives):
    assert score_column(("JK", "JK"), Rules(negatives=negatives, negative_pairs="zero")).points == 0
    keep = score_column(("JK", "JK"), Rules(negatives=negatives, negative_pairs="keep"))
    assert keep == ColumnScore(("JK", "JK"), True, -4)


def test_pair_of_positive_twos_is_just_a_match_even_with_keep():
    assert score_column(("2", "2"), Rules(negatives="jokers", negative_pairs="keep")).points == 0


def test_keep_in_a_whole_grid():
    rules = Rules(negatives="both", negative_pairs="keep")
    # columns: 2/2 -> -4, JK/JK -> -4, 5/6 -> 11
    assert score_grid(["2", "JK", "5", "2", "JK", "6"], rules).total == 3
    assert score_grid(["2", "JK", "5", "2", "JK", "6"], Rules(negatives="both")).total == 11


# -- grid sizes and layout -----------------------------------------------------


def test_four_card_grid():
    rules = Rules(cards=4)
    assert cols(score_grid(["2", "5", "2", "5"], rules)) == [("2", "2", True, 0), ("5", "5", True, 0)]
    assert score_grid(["A", "K", "3", "Q"], rules).total == 4 + 20


def test_six_card_grid_is_row_major():
    # top row A 2 3, bottom row 4 5 6: columns are A/4, 2/5, 3/6 (not A/2, 3/4, 5/6).
    score = score_grid(["A", "2", "3", "4", "5", "6"], Rules())
    assert cols(score) == [("A", "4", False, 5), ("2", "5", False, 3), ("3", "6", False, 9)]
    assert score.total == 17


def test_eight_card_grid():
    score = score_grid(["A", "2", "3", "4", "A", "5", "3", "6"], Rules(cards=8))
    assert cols(score) == [("A", "A", True, 0), ("2", "5", False, 3), ("3", "3", True, 0), ("4", "6", False, 10)]
    assert score.total == 13


def test_ten_card_grid():
    grid = ["K", "Q", "J", "10", "9", "K", "2", "J", "8", "A"]
    score = score_grid(grid, Rules(cards=10))
    assert cols(score) == [
        ("K", "K", True, 0),
        ("Q", "2", False, 8),
        ("J", "J", True, 0),
        ("10", "8", False, 18),
        ("9", "A", False, 10),
    ]
    assert score.total == 36
    assert score_grid(grid, Rules(cards=10, king=0)).total == 36


@pytest.mark.parametrize("cards", [4, 6, 8, 10])
@pytest.mark.parametrize("length", [0, 2, 4, 5, 6, 7, 8, 10, 12])
def test_wrong_number_of_cards(cards, length):
    rules = Rules(cards=cards)
    grid = ["5"] * length
    if length == cards:
        assert len(score_grid(grid, rules).columns) == cards // 2
        check_grid(grid, rules, decks=3)
        return
    for fn in (lambda: score_grid(grid, rules), lambda: check_grid(grid, rules, decks=3)):
        with pytest.raises(HandError) as info:
            fn()
        assert info.value.field == "cards"
        assert f"{cards}-card grid needs {cards} cards" in info.value.message
        assert f"has {length}" in info.value.message


# -- partly known grids ----------------------------------------------------------


def test_partly_known_columns():
    rules = Rules()
    assert score_column(("5", None), rules) == ColumnScore(("5", None), False, 5)
    assert score_column((None, "K"), rules) == ColumnScore((None, "K"), False, 10)
    assert score_column((None, None), rules) == ColumnScore((None, None), False, None)
    assert not score_column(("5", None), rules).complete
    assert score_column(("5", "5"), rules).complete


def test_partly_known_grid_shows_a_running_score():
    score = score_grid(["K", None, "7", "K", None, None], Rules())
    assert score.total == 0 + 7
    assert not score.complete
    assert score.columns[1].points is None
    assert score_grid([None] * 6, Rules()).total == 0


def test_non_card_in_a_grid_is_a_card_error():
    with pytest.raises(CardError):
        score_grid(["k", "5", "7", "K", "3", "9"], Rules())
    with pytest.raises(CardError):
        score_grid(["11", "5", "7", "K", "3", "9"], Rules())


# -- check_grid ----------------------------------------------------------------


def test_joker_not_in_play_under_twos():
    with pytest.raises(CardError) as info:
        check_grid(["JK", "5", "7", "K", "3", "9"], Rules(negatives="twos"))
    assert info.value.field == "cards"
    assert "Jokers are not in play" in info.value.message
    with pytest.raises(CardError) as info:
        check_grid([None, None, "JK", None, None, None], Rules(), field="typed")
    assert info.value.field == "typed"


@pytest.mark.parametrize("negatives", ["jokers", "both"])
def test_jokers_allowed_when_in_play(negatives):
    rules = Rules(negatives=negatives)
    assert check_grid(["JK", "5", "7", "JK", "3", "9"], rules) is None  # accepted: raises nothing
    # and scored as the negative cards they are: JK + A is -2 + 1, a pair of Jokers 0
    assert [c.points for c in score_grid(["JK", "5", "7", "A", "3", "9"], rules).columns] == [-1, 8, 16]
    assert score_grid(["JK", "5", "7", "JK", "3", "9"], rules).columns[0].matched


def test_non_card_code_in_check_grid_is_named_not_blamed_on_jokers():
    with pytest.raises(CardError) as info:
        check_grid(["Z", "5", "7", "K", "3", "9"], Rules(negatives="both"), field="keypad")
    assert "'Z'" in info.value.message and "Joker" not in info.value.message
    assert info.value.field == "keypad"


def test_four_of_a_rank_fit_one_deck_five_do_not():
    check_grid(["K", "K", "K", "K", "3", "9"], Rules())
    with pytest.raises(HandError) as info:
        check_grid(["K", "K", "K", "K", "K", "9"], Rules())
    assert info.value.message == "5 Kings, but one deck holds only 4."
    assert info.value.field == "cards"
    check_grid(["K", "K", "K", "K", "K", "9"], Rules(), decks=2)


def test_copies_with_two_decks():
    rules = Rules(cards=10)
    check_grid(["6"] * 8 + ["A", "A"], rules, decks=2)
    with pytest.raises(HandError) as info:
        check_grid(["6"] * 9 + ["A"], rules, decks=2, field="grid")
    assert info.value.message == "9 Sixes, but 2 decks hold only 8."
    assert info.value.field == "grid"
    check_grid(["6"] * 9 + ["A"], rules, decks=3)


def test_joker_copies():
    rules = Rules(negatives="jokers")
    check_grid(["JK", "JK", "5", "6", "7", "8"], rules)
    with pytest.raises(HandError) as info:
        check_grid(["JK", "JK", "JK", "6", "7", "8"], rules)
    assert info.value.message == "3 Jokers, but one deck holds only 2."
    check_grid(["JK", "JK", "JK", "JK", "7", "8"], rules, decks=2)
    with pytest.raises(HandError):
        check_grid(["JK", "JK", "JK", "JK", "JK", "8"], rules, decks=2)


def test_unknown_slots_are_not_counted():
    # six unknown slots are not six copies of anything, nor do they add to the four Kings a deck holds
    assert check_grid([None, None, None, None, None, None], Rules()) is None
    assert check_grid(["K", "K", "K", "K", None, None], Rules()) is None
    with pytest.raises(HandError) as info:  # while a fifth known King is counted
        check_grid(["K", "K", "K", "K", "K", None], Rules())
    assert info.value.message == "5 Kings, but one deck holds only 4."


@pytest.mark.parametrize("decks", [0, -1, 1.0, "2", True, None])
def test_decks_must_be_a_whole_number_of_at_least_one(decks):
    with pytest.raises(HandError) as info:
        check_grid(["K", "5", "7", "K", "3", "9"], Rules(), decks=decks)
    assert info.value.field == "decks"
    assert info.value.message
