"""The ledger's arithmetic (docs/ledger.md, "The scorecard's numbers" and "Ties"): Out, In, Total, Thru, Delta, winners.

Every example below is worked by hand; the sums are written out in the comments
so that a reader can check them without trusting the code under test.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddie.core.courses.course import SAMPLE_COURSES
from caddie.core.errors import CaddieError, HandError
from caddie.core.ledger import (
    Standing,
    check_names,
    check_score,
    format_delta,
    is_complete,
    running_totals,
    standing_rows,
    winner_sentence,
    winners,
)

SETTINGS = settings(max_examples=100, deadline=None)
MINUS = "\u2212"  # the typographic minus the scorecard shows
DASH = "\u2013"  # the en dash shown for "no delta yet"


def by_name(rows: list[Standing]) -> dict[str, Standing]:
    return {r.name: r for r in rows}


def summary(row: Standing) -> tuple:
    return (row.out, row.in_, row.total, row.thru, row.delta, row.leader)


def assert_error(info, cls, field, message=None):
    err = info.value
    assert type(err) is cls
    assert isinstance(err, CaddieError)
    assert err.field == field
    if message is not None:
        assert err.message == message
        assert str(err) == message


# -- an 18-hole round, 3 players, negative scores --------------------------------

ANN_18 = [
    3,
    -2,
    5,
    0,
    4,
    -4,
    2,
    6,
    1,  # Out: 3-2+5+0+4-4+2+6+1 = 15
    2,
    3,
    -1,
    4,
    0,
    5,
    -3,
    2,
    1,
]  # In:  2+3-1+4+0+5-3+2+1 = 13   Total 28
BO_18 = [
    10,
    7,
    -5,
    8,
    12,
    3,
    0,
    9,
    4,  # Out: 10+7-5+8+12+3+0+9+4 = 48
    -10,
    6,
    5,
    2,
    7,
    -2,
    4,
    3,
    0,
]  # In:  -10+6+5+2+7-2+4+3+0 = 15  Total 63
CY_18 = [
    -20,
    -4,
    0,
    -2,
    1,
    -5,
    3,
    -1,
    2,  # Out: -20-4+0-2+1-5+3-1+2 = -26
    0,
    -4,
    5,
    2,
    -2,
    6,
    1,
    -3,
    4,
]  # In:  0-4+5+2-2+6+1-3+4 = 9     Total -17
# Leader: Cy at -17.  Delta: Ann 28-(-17) = 45, Bo 63-(-17) = 80, Cy -17-(-17) = 0.


def test_eighteen_holes_three_players_with_negative_scores():
    cards = {"Ann": ANN_18, "Bo": BO_18, "Cy": CY_18}
    rows = standing_rows(cards, holes=18)
    assert [r.name for r in rows] == ["Ann", "Bo", "Cy"]  # the order given, not the order of play
    ann, bo, cy = rows
    #                   out  in_  total thru delta leader
    assert summary(ann) == (15, 13, 28, 18, 45, False)
    assert summary(bo) == (48, 15, 63, 18, 80, False)
    assert summary(cy) == (-26, 9, -17, 18, 0, True)
    assert [format_delta(r.delta) for r in rows] == ["+45", "+80", "E"]
    assert all(r.par_played is None and r.vs_par is None for r in rows)  # a grid round has no par
    assert is_complete(cards, 18)
    assert winners(cards, 18) == ["Cy"]


def test_running_totals_of_the_eighteen_hole_round():
    # Cy: -20, -24, -24, -26, -25, -30, -27, -28, -26 | -26, -30, -25, -23, -25, -19, -18, -21, -17
    assert running_totals(CY_18, 18) == [
        -20,
        -24,
        -24,
        -26,
        -25,
        -30,
        -27,
        -28,
        -26,
        -26,
        -30,
        -25,
        -23,
        -25,
        -19,
        -18,
        -21,
        -17,
    ]
    # Ann after 9 = 15 (her Out), after 18 = 28 (her Total)
    ann = running_totals(ANN_18, 18)
    assert ann[8] == 15 and ann[17] == 28


# -- a tie for the lead ------------------------------------------------------------


def test_a_tie_for_the_lead_is_shared():
    cards = {
        "Ann": [4, 5, 3, 6, 2, 4, 5, 3, 4],  # 4+5+3+6+2+4+5+3+4 = 36
        "Bo": [3, 6, 4, 5, 3, 3, 6, 2, 4],  # 3+6+4+5+3+3+6+2+4 = 36
        "Cy": [5, 5, 5, 5, 5, 5, 5, 5, 5],  # 9*5 = 45 -> Delta 45-36 = 9
    }
    ann, bo, cy = standing_rows(cards, holes=9)
    assert summary(ann) == (36, None, 36, 9, 0, True)
    assert summary(bo) == (36, None, 36, 9, 0, True)
    assert summary(cy) == (45, None, 45, 9, 9, False)
    assert [format_delta(r.delta) for r in (ann, bo, cy)] == ["E", "E", "+9"]
    assert winners(cards, 9) == ["Ann", "Bo"]


def test_a_tie_below_zero_on_the_grid():
    cards = {"Ann": [-5, 2, -3], "Bo": [0, -6, 0], "Cy": [1, 1, 1]}
    # Ann -5+2-3 = -6; Bo 0-6+0 = -6; Cy 3 -> Delta 3-(-6) = 9
    rows = by_name(standing_rows(cards, holes=3))
    assert (rows["Ann"].delta, rows["Bo"].delta, rows["Cy"].delta) == (0, 0, 9)
    assert rows["Ann"].leader and rows["Bo"].leader and not rows["Cy"].leader


# -- players at different Thru ------------------------------------------------------


def test_players_at_different_thru_compare_what_they_have_entered():
    cards = {
        "Ann": [4, 5, 3, 6, 2],  # 5 holes: 4+5+3+6+2 = 20
        "Bo": [3, 4, 2],  # 3 holes: 3+4+2 = 9
        "Cy": [],  # nothing yet
    }
    ann, bo, cy = standing_rows(cards, holes=18)
    # Bo leads on what is entered (9 < 20); Ann's Delta is 20-9 = 11; each row's Thru tells the story.
    assert summary(ann) == (20, None, 20, 5, 11, False)
    assert summary(bo) == (9, None, 9, 3, 0, True)
    assert summary(cy) == (None, None, None, 0, None, False)
    assert format_delta(cy.delta) == DASH
    assert not is_complete(cards, 18)
    assert winners(cards, 18) == []


def test_short_cards_and_explicit_blanks_are_the_same_thing():
    short = standing_rows({"Ann": [4, 5, 3, 6, 2], "Bo": [3, 4, 2]}, holes=9)
    padded = standing_rows({"Ann": [4, 5, 3, 6, 2] + [None] * 4, "Bo": [3, 4, 2] + [None] * 6}, holes=9)
    assert short == padded


def test_back_nine_only_has_no_out():
    # Holes 10 and 11 entered (e.g. a shotgun start): Out None, In = 4+3 = 7, Thru 2.
    card = [None] * 9 + [4, 3] + [None] * 7
    (row,) = standing_rows({"Ann": card}, holes=18)
    assert summary(row) == (None, 7, 7, 2, 0, True)


def test_front_nine_done_back_not_started():
    card = [1, 2, 3, 4, 5, 6, 7, 8, 9]  # Out 45, In None (no back hole entered), Total 45
    (row,) = standing_rows({"Ann": card}, holes=18)
    assert summary(row) == (45, None, 45, 9, 0, True)


# -- a 9-hole round ----------------------------------------------------------------


def test_nine_hole_round_has_no_in():
    cards = {
        "Ann": [2, 0, -2, 5, 1, 3, 4, 0, 6],  # 2+0-2+5+1+3+4+0+6 = 19
        "Bo": [3, 3, 3, 3, 3, 3, 3, 3, 2],
    }  # 8*3+2 = 26 -> Delta 7
    ann, bo = standing_rows(cards, holes=9)
    assert summary(ann) == (19, None, 19, 9, 0, True)
    assert summary(bo) == (26, None, 26, 9, 7, False)


def test_holes_past_the_rounds_length_are_ignored():
    # A 9-hole round reading an 18-long card: only holes 1-9 count (1*9 = 9), In stays None.
    (row,) = standing_rows({"Ann": [1] * 9 + [50] * 9}, holes=9)
    assert summary(row) == (9, None, 9, 9, 0, True)
    assert is_complete({"Ann": [1] * 9 + [None] * 9}, 9)
    assert running_totals([1] * 9 + [50] * 9, 9) == [1, 2, 3, 4, 5, 6, 7, 8, 9]


# -- blank holes in the middle -----------------------------------------------------


def test_a_blank_hole_is_not_zero():
    cards = {
        "Ann": [4, None, 3, 5],  # hole 2 blank: Total 4+3+5 = 12, Thru 3 (not 4)
        "Bo": [4, 0, 3, 5],  # hole 2 a real zero: Total 4+0+3+5 = 12, Thru 4
    }
    ann, bo = standing_rows(cards, holes=9)
    assert summary(ann) == (12, None, 12, 3, 0, True)
    assert summary(bo) == (12, None, 12, 4, 0, True)
    # Same total, but only Bo has played hole 2: neither card is complete, nobody has won.
    assert not is_complete(cards, 9)
    assert winners(cards, 9) == []
    # Ann's running total stops at the blank; Bo's runs on through his zero.
    assert running_totals(cards["Ann"], 4) == [4, None, None, None]
    assert running_totals(cards["Bo"], 4) == [4, 4, 7, 12]


def test_a_blank_on_the_back_nine():
    card = [1] * 9 + [2, None, 2] + [None] * 6  # Out 9, In 2+2 = 4, Total 13, Thru 11
    (row,) = standing_rows({"Ann": card}, holes=18)
    assert summary(row) == (9, 4, 13, 11, 0, True)


# -- nobody has entered anything -----------------------------------------------------


def test_nobody_has_entered_anything():
    cards = {"Ann": [None] * 18, "Bo": [], "Cy": [None, None]}
    rows = standing_rows(cards, holes=18)
    for row in rows:
        assert summary(row) == (None, None, None, 0, None, False)
        assert row.vs_par is None
        assert format_delta(row.delta) == DASH
    assert not any(r.leader for r in rows)
    assert winners(cards, 18) == []
    assert not is_complete(cards, 18)


def test_no_players_at_all():
    assert standing_rows({}, holes=9) == []
    assert not is_complete({}, 9)
    assert winners({}, 9) == []


# -- winners --------------------------------------------------------------------------


def test_winners_wait_for_the_last_hole_then_share_a_tie():
    cards = {"Ann": [3, 4, 5], "Bo": [4, 4, None], "Cy": [6, 6, 6]}
    # Ann 12 (complete), Bo 8 thru 2, Cy 18: Bo leads the standings but the card is not complete.
    assert by_name(standing_rows(cards, holes=3))["Bo"].leader
    assert winners(cards, 3) == []
    cards["Bo"] = [4, 4, 4]  # Bo 12 = Ann 12 < Cy 18
    assert is_complete(cards, 3)
    assert winners(cards, 3) == ["Ann", "Bo"]
    cards["Bo"] = [4, 4, 3]  # Bo 11 < Ann 12
    assert winners(cards, 3) == ["Bo"]


def test_winners_on_the_grid_go_to_the_lowest_negative_total():
    cards = {"Ann": [-4, -4], "Bo": [-10, 5], "Cy": [0, 0]}  # -8, -5, 0
    assert winners(cards, 2) == ["Ann"]


def test_a_single_missing_hole_keeps_the_round_open():
    cards = {"Ann": [1] * 18, "Bo": [1] * 17 + [None]}
    assert not is_complete(cards, 18)
    assert winners(cards, 18) == []
    assert not is_complete({"Ann": [1] * 18, "Bo": [1] * 17}, 18)  # a short card too


# -- running totals -----------------------------------------------------------------


@pytest.mark.parametrize(
    "card, holes, expected",
    [
        ([3, -2, None, 4], 4, [3, 1, None, None]),  # 3, 3-2 = 1, then the blank stops it
        ([None, 5, 5], 3, [None, None, None]),  # blank first: nothing runs
        ([2, 2], 4, [2, 4, None, None]),  # a short card pads with blanks
        ([-20, -20, 100], 3, [-20, -40, 60]),  # -20, -40, -40+100 = 60
        ([0, 0, 0], 3, [0, 0, 0]),  # zeros are scores, not blanks
        ([], 2, [None, None]),
    ],
)
def test_running_totals(card, holes, expected):
    assert running_totals(card, holes) == expected


def test_running_totals_has_one_value_per_hole():
    assert len(running_totals([1, 2, 3], 18)) == 18
    assert len(running_totals([1] * 18, 9)) == 9


# -- format_delta ------------------------------------------------------------------


@pytest.mark.parametrize(
    "delta, shown",
    [
        (0, "E"),
        (1, "+1"),
        (45, "+45"),
        (None, DASH),
        (-3, f"{MINUS}3"),
    ],
)
def test_format_delta(delta, shown):
    assert format_delta(delta) == shown


# -- check_score ---------------------------------------------------------------------

GRID_MESSAGE = f"A Grid Golf hole scores from {MINUS}120 to 120."
CLUBS_MESSAGE = "A Club Cards hole scores from 1 to 60."


@pytest.mark.parametrize("value", [-20, -4, 0, 100])
def test_check_score_grid_accepts(value):
    assert check_score(value, "grid") == value


@pytest.mark.parametrize("value", [1, 7, 60])
def test_check_score_clubs_accepts(value):
    assert check_score(value, "clubs") == value


@pytest.mark.parametrize(
    "game, value, message",
    [
        ("grid", -121, GRID_MESSAGE),
        ("grid", 121, GRID_MESSAGE),
        ("clubs", 0, CLUBS_MESSAGE),
        ("clubs", 61, CLUBS_MESSAGE),
        ("clubs", -1, CLUBS_MESSAGE),
    ],
)
def test_check_score_refuses_out_of_range(game, value, message):
    with pytest.raises(HandError) as info:
        check_score(value, game)
    assert_error(info, HandError, "score", message)


@pytest.mark.parametrize("game, message", [("grid", GRID_MESSAGE), ("clubs", CLUBS_MESSAGE)])
@pytest.mark.parametrize("value", [True, False, 3.0, 4.5, "3", None, [3]])
def test_check_score_refuses_what_is_not_a_whole_number(game, message, value):
    # True == 1 and 3.0 == 3 are in range numerically; they are still not scores.
    with pytest.raises(HandError) as info:
        check_score(value, game)
    assert_error(info, HandError, "score", message)


def test_check_score_names_the_field_it_is_given():
    with pytest.raises(HandError) as info:
        check_score(0, "clubs", field="scores.Ann.3")
    assert_error(info, HandError, "scores.Ann.3", CLUBS_MESSAGE)


# -- check_names -----------------------------------------------------------------------


def test_check_names_trims_and_collapses_inner_spaces():
    assert check_names(["  Ann ", "Bo\tJo", "Cy   de  Lo", "\nDee\n"]) == ["Ann", "Bo Jo", "Cy de Lo", "Dee"]


def test_check_names_drops_blanks_and_keeps_order():
    assert check_names(["", "Bo", "   ", "Ann", "\t"]) == ["Bo", "Ann"]


@pytest.mark.parametrize("names", [[], [""], ["   ", "\t\n"]])
def test_check_names_needs_one_player(names):
    with pytest.raises(HandError) as info:
        check_names(names)
    assert_error(info, HandError, "players", "Name at least one player.")


def test_check_names_eight_players_but_not_nine():
    eight = [f"P{i}" for i in range(1, 9)]
    assert check_names(eight) == eight
    assert check_names(eight + ["  "]) == eight  # a ninth blank row is dropped, not counted
    with pytest.raises(HandError) as info:
        check_names(eight + ["P9"])
    assert_error(info, HandError, "players", "A round has at most 8 players.")


def test_check_names_length_limit_is_24_characters():
    assert check_names(["A" * 24]) == ["A" * 24]
    # 25 characters before collapsing, 24 after: "Ann" + 2 spaces + 20 "x" -> "Ann" + 1 space + 20 "x".
    assert check_names(["Ann  " + "x" * 20]) == ["Ann " + "x" * 20]
    with pytest.raises(HandError) as info:
        check_names(["Bo", "B" * 25])
    assert_error(info, HandError, "players", f'"{"B" * 23}…" is too long for a scorecard: keep names to 24 characters.')


@pytest.mark.parametrize(
    "names, echoed",
    [
        (["Ann", "ann"], "ann"),
        (["ANN", "Bo", " ann "], "ann"),
        (["Ann  Lee", "ann lee"], "ann lee"),  # the same after collapsing spaces
        (["Straße", "STRASSE"], "STRASSE"),  # casefold, not just lower
    ],
)
def test_check_names_refuses_duplicates_whatever_the_case(names, echoed):
    with pytest.raises(HandError) as info:
        check_names(names)
    assert_error(info, HandError, "players", f'Two players are called "{echoed}": give each a different name.')


# -- Club Cards: par played and score against par --------------------------------------

CEDAR_PARS = [h.par for h in SAMPLE_COURSES["cedar-nine"].holes]


def test_cedar_nine_pars():
    assert CEDAR_PARS == [4, 3, 5, 4, 3, 4, 5, 4, 3]  # 4+3+5+4+3+4+5+4+3 = 35
    assert sum(CEDAR_PARS) == 35 == SAMPLE_COURSES["cedar-nine"].par


def test_par_played_and_vs_par_on_cedar_nine():
    cards = {
        "Ann": [5, 3, 6, 4],  # holes 1-4: 5+3+6+4 = 18; par 4+3+5+4 = 16 -> +2
        "Bo": [4, None, 5, 3, 3],  # holes 1,3,4,5: 4+5+3+3 = 15; par 4+5+4+3 = 16 -> -1
        "Cy": [4, 3, 5, 4, 3, 4, 5, 4, 3],  # every hole at par: 35 vs 35 -> 0
        "Dee": [],  # not started: no score against par
    }
    rows = by_name(standing_rows(cards, holes=9, pars=CEDAR_PARS))
    assert (rows["Ann"].total, rows["Ann"].par_played, rows["Ann"].vs_par, rows["Ann"].thru) == (18, 16, 2, 4)
    assert (rows["Bo"].total, rows["Bo"].par_played, rows["Bo"].vs_par, rows["Bo"].thru) == (15, 16, -1, 4)
    assert (rows["Cy"].total, rows["Cy"].par_played, rows["Cy"].vs_par, rows["Cy"].thru) == (35, 35, 0, 9)
    assert rows["Dee"].total is None and rows["Dee"].vs_par is None
    # Leader is the lowest Total (Bo, 15), not the best score against par: Ann 18-15 = 3, Cy 35-15 = 20.
    assert [(n, rows[n].delta, rows[n].leader) for n in ("Ann", "Bo", "Cy")] == [
        ("Ann", 3, False),
        ("Bo", 0, True),
        ("Cy", 20, False),
    ]


def test_vs_par_is_none_without_pars():
    (row,) = standing_rows({"Ann": [4, 4]}, holes=9)
    assert row.par_played is None and row.vs_par is None


# -- properties -----------------------------------------------------------------------

SCORE = st.one_of(st.none(), st.integers(-120, 120))


@st.composite
def rounds(draw, gapless=False, complete=False):
    holes = draw(st.sampled_from((9, 18)))
    names = draw(
        st.lists(st.text("ABCDEFGHIJKLMNOPQRSTUVWXYZ", min_size=1, max_size=4), min_size=1, max_size=8, unique=True)
    )
    cards = {}
    for name in names:
        if complete:
            card = draw(st.lists(st.integers(-120, 120), min_size=holes, max_size=holes))
        elif gapless:
            played = draw(st.integers(0, holes))
            card = draw(st.lists(st.integers(-120, 120), min_size=played, max_size=played))
            card += [None] * draw(st.integers(0, holes - played))  # blanks written out, or just short
        else:
            card = draw(st.lists(SCORE, min_size=0, max_size=holes))
        cards[name] = card
    return cards, holes


def entered(card, holes):
    return [s for s in list(card)[:holes] if s is not None]


@SETTINGS
@given(rounds())
def test_out_plus_in_is_total_and_thru_counts_entries(round_):
    cards, holes = round_
    for row in standing_rows(cards, holes):
        scores = entered(cards[row.name], holes)
        assert row.thru == len(scores)
        if scores:
            assert (row.out or 0) + (row.in_ or 0) == row.total == sum(scores)
        else:
            assert row.out is row.in_ is row.total is None
        if holes == 9:
            assert row.in_ is None


@SETTINGS
@given(rounds())
def test_delta_is_never_negative_and_zero_exactly_for_leaders(round_):
    cards, holes = round_
    rows = standing_rows(cards, holes)
    totals = [r.total for r in rows if r.total is not None]
    for row in rows:
        if row.total is None:
            assert row.delta is None and not row.leader
        else:
            assert row.delta == row.total - min(totals)
            assert row.delta >= 0
            assert (row.delta == 0) == row.leader
            assert format_delta(row.delta) == ("E" if row.leader else f"+{row.delta}")


@SETTINGS
@given(rounds())
def test_a_leader_exactly_when_someone_has_entered_a_hole(round_):
    cards, holes = round_
    rows = standing_rows(cards, holes)
    assert any(r.leader for r in rows) == any(entered(c, holes) for c in cards.values())


@SETTINGS
@given(rounds(), st.randoms(use_true_random=False))
def test_reordering_players_changes_no_row(round_, rnd: random.Random):
    cards, holes = round_
    names = list(cards)
    rnd.shuffle(names)
    shuffled = {n: cards[n] for n in names}
    rows = standing_rows(shuffled, holes)
    assert [r.name for r in rows] == names
    assert by_name(rows) == by_name(standing_rows(cards, holes))
    assert sorted(winners(shuffled, holes)) == sorted(winners(cards, holes))


@SETTINGS
@given(rounds(gapless=True))
def test_running_totals_end_at_the_total_on_a_card_without_gaps(round_):
    cards, holes = round_
    for row in standing_rows(cards, holes):
        run = running_totals(cards[row.name], holes)
        assert len(run) == holes
        values = [v for v in run if v is not None]
        assert len(values) == row.thru
        assert (values[-1] if values else None) == row.total


@SETTINGS
@given(st.one_of(rounds(), rounds(complete=True)))
def test_winners_are_the_leaders_once_complete(round_):
    cards, holes = round_
    leaders = [r.name for r in standing_rows(cards, holes) if r.leader]
    if is_complete(cards, holes):
        assert winners(cards, holes) == leaders and leaders
    else:
        assert winners(cards, holes) == []


# -- the winner's sentence: second person for "You" (docs/club-cards.md, "Plain words") ---------------


@pytest.mark.parametrize(
    "cards, sentence",
    [
        ({"You": [10, 10], "Bo": [12, 11]}, "You win with 20."),
        ({"Ann": [10, 10], "Bo": [12, 11]}, "Ann wins with 20."),
        ({"You": [10, 10], "Bo": [11, 9], "Cy": [30, 1]}, "You and Bo share the win with 20."),
        ({"Ann": [10, 10], "Bo": [11, 9]}, "Ann and Bo share the win with 20."),
        ({"Bo": [11, 9], "you": [10, 10]}, "Bo and you share the win with 20."),
        ({"You": [-4, -3], "Bo": [1, 2]}, f"You win with {MINUS}7."),
        ({"You": [10, None], "Bo": [12, 11]}, ""),
    ],
)
def test_the_winner_sentence_speaks_to_you(cards, sentence):
    assert winner_sentence(cards, holes=2) == sentence
