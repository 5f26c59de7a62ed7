"""Club Cards: the default deck, the Penalty Stroke Chart and a hole's score (docs/club-cards.md)."""

from __future__ import annotations

import json

import pytest

from caddie.core.clubs.scoring import (
    DEFAULT_BANDS,
    DEFAULT_DECK,
    ClubHoleScore,
    ClubRules,
    PenaltyBand,
    check_played,
    check_yardage,
    score_club_hole,
)
from caddie.core.errors import CaddieError, CardError, HandError, RulesError


def assert_error(info, cls, field):
    err = info.value
    assert type(err) is cls
    assert isinstance(err, CaddieError)
    assert isinstance(err.message, str) and err.message.strip()
    assert err.field == field


# -- the default deck ------------------------------------------------------------


def test_default_deck_is_the_documented_51_cards():
    woods = [250, 245, 240, 235, 230, 225, 220, 215, 210]
    irons = [200, 195, 190, 185, 180, 175, 170, 165, 160, 155, 150, 145, 140, 135, 130, 125, 120, 115]
    wedges = [110, 100, 90, 80, 70, 60, 50]
    short = [45, 40, 35, 30, 25, 20, 18, 15, 12, 10, 9, 8, 7, 6, 5, 4, 3]
    assert sorted(DEFAULT_DECK) == sorted(woods + irons + wedges + short)
    assert len(DEFAULT_DECK) == 51
    assert len(set(DEFAULT_DECK)) == 51
    assert (min(DEFAULT_DECK), max(DEFAULT_DECK)) == (3, 250)
    assert ClubRules().deck == DEFAULT_DECK


@pytest.mark.parametrize("players, decks", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3), (8, 4)])
def test_decks_for(players, decks):
    # "One deck for 2 players, two decks for 3 or 4 players."
    assert ClubRules.decks_for(players) == decks


# -- the default Penalty Stroke Chart, every boundary ------------------------------


@pytest.mark.parametrize(
    "over, strokes",
    [
        (0, 0),
        (1, 1),
        (5, 1),
        (10, 1),
        (11, 2),
        (25, 2),
        (26, 3),
        (50, 3),
        (51, 4),
        (100, 4),
        (101, 5),
        (250, 5),
        (10_000, 5),
    ],
)
def test_default_penalty_chart(over, strokes):
    assert ClubRules().penalty(over) == strokes


def test_default_chart_values():
    assert DEFAULT_BANDS == (
        PenaltyBand(0, 0),
        PenaltyBand(10, 1),
        PenaltyBand(25, 2),
        PenaltyBand(50, 3),
        PenaltyBand(100, 4),
    )
    assert ClubRules().beyond == 5


# -- a hole --------------------------------------------------------------------------


def test_the_documented_example_hole():
    result = score_club_hole(412, [250, 160, 3])
    assert result.to_dict() == {"strokes": 3, "total": 413, "over": 1, "penalty": 1, "score": 4}
    assert result == ClubHoleScore(strokes=3, total=413, over=1, penalty=1)


@pytest.mark.parametrize(
    "yardage, cards, expected",
    [
        (100, [100], (1, 100, 0, 0, 1)),
        (100, [110], (1, 110, 10, 1, 2)),
        (100, [60, 45], (2, 105, 5, 1, 3)),
        (99, [110], (1, 110, 11, 2, 3)),
        (200, [250], (1, 250, 50, 3, 4)),
        (149, [200], (1, 200, 51, 4, 5)),
        (3, [110], (1, 110, 107, 5, 6)),
        (412, [250, 160, 3], (3, 413, 1, 1, 4)),
        (412, [245, 160, 7], (3, 412, 0, 0, 3)),
    ],
)
def test_hole_scores(yardage, cards, expected):
    result = score_club_hole(yardage, cards)
    assert (result.strokes, result.total, result.over, result.penalty, result.score) == expected


def test_more_than_a_hand_of_cards_is_allowed_when_drawing_from_the_pile():
    # A hand that cannot reach plays every card and then turns more: each is a further stroke.
    cards = [250, 245, 240, 235, 230, 225, 220, 215, 210, 200, 195, 190, 185, 180, 175]
    result = score_club_hole(1000, cards)
    assert result.strokes == 15
    assert result.over == sum(cards) - 1000
    assert result.score == 15 + 5


def test_short_of_the_yardage():
    with pytest.raises(HandError) as info:
        score_club_hole(412, [250, 160])
    assert_error(info, HandError, "cards")
    assert "410" in info.value.message and "2 short" in info.value.message and "412" in info.value.message


def test_no_cards_played():
    with pytest.raises(HandError) as info:
        score_club_hole(412, [])
    assert_error(info, HandError, "cards")


@pytest.mark.parametrize("card", [11, 251, 0, -3, 1000, 2])
def test_card_not_in_the_deck(card):
    with pytest.raises(CardError) as info:
        score_club_hole(100, [card, 110])
    assert_error(info, CardError, "cards")
    assert str(card) in info.value.message


@pytest.mark.parametrize("card", ["250", 250.0, True, None, [250]])
def test_card_that_is_not_a_whole_number(card):
    with pytest.raises(CardError) as info:
        score_club_hole(100, [card])
    assert_error(info, CardError, "cards")


def test_copies_with_one_and_two_decks():
    with pytest.raises(HandError) as info:
        score_club_hole(400, [250, 250])
    assert_error(info, HandError, "cards")
    assert info.value.message == "2 cards of 250 yards, but one deck holds it only once."
    assert score_club_hole(400, [250, 250], decks=2).to_dict() == {
        "strokes": 2,
        "total": 500,
        "over": 100,
        "penalty": 4,
        "score": 6,
    }
    with pytest.raises(HandError) as info:
        score_club_hole(400, [250, 250, 250], decks=2)
    assert info.value.message == "3 cards of 250 yards, but 2 decks hold it only 2 times."
    assert score_club_hole(400, [250, 250, 250], decks=3).strokes == 3


@pytest.mark.parametrize("decks", [0, -1, 1.0, "2", True, None])
def test_decks_must_be_a_whole_number_of_at_least_one(decks):
    with pytest.raises(HandError) as info:
        score_club_hole(100, [110], decks=decks)
    assert_error(info, HandError, "decks")


@pytest.mark.parametrize("yardage", [0, -5, 1001, 412.0, "412", True, None])
def test_bad_yardage(yardage):
    with pytest.raises(HandError) as info:
        score_club_hole(yardage, [250, 160, 3])
    assert_error(info, HandError, "yardage")
    with pytest.raises(HandError) as info:
        check_yardage(yardage, field="holes[3].yardage")
    assert info.value.field == "holes[3].yardage"


@pytest.mark.parametrize("yardage", [1, 3, 412, 1000])
def test_good_yardage(yardage):
    assert check_yardage(yardage) == yardage


def test_check_played_returns_the_cards_and_names_its_field():
    assert check_played([250, 160, 3], ClubRules()) == [250, 160, 3]
    with pytest.raises(CardError) as info:
        check_played([251], ClubRules(), field="hand")
    assert info.value.field == "hand"


def test_score_is_strokes_plus_penalty():
    assert ClubHoleScore(strokes=4, total=300, over=30, penalty=3).score == 7


# -- a table's own deck and chart ---------------------------------------------------

CUSTOM_DECK = (300, 280, 260) + tuple(range(10, 120, 10)) + (5, 5)


def test_custom_deck_is_used_for_cards_and_copies():
    rules = ClubRules(deck=CUSTOM_DECK)
    assert score_club_hole(290, [300], rules).to_dict() == {
        "strokes": 1,
        "total": 300,
        "over": 10,
        "penalty": 1,
        "score": 2,
    }
    with pytest.raises(CardError) as info:
        score_club_hole(250, [250], rules)  # a default card, not in this deck
    assert "250" in info.value.message
    # The custom deck holds two 5s, so two decks hold four.
    assert score_club_hole(10, [5, 5], rules).score == 2
    with pytest.raises(HandError):
        score_club_hole(10, [5, 5, 5], rules)
    assert score_club_hole(10, [5, 5, 5, 5], rules, decks=2).over == 10


def test_custom_chart():
    rules = ClubRules(bands=(PenaltyBand(0, 0), PenaltyBand(5, 2), PenaltyBand(20, 2)), beyond=9)
    assert [rules.penalty(n) for n in (0, 1, 5, 6, 20, 21, 500)] == [0, 2, 2, 2, 2, 9, 9]
    assert score_club_hole(100, [110], rules).score == 1 + 2
    assert ClubRules(bands=(PenaltyBand(0, 1),), beyond=1).penalty(0) == 1


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"deck": ()}, "deck"),
        ({"deck": DEFAULT_DECK[:13]}, "deck"),
        ({"deck": DEFAULT_DECK[:13] + (0,)}, "deck"),
        ({"deck": DEFAULT_DECK[:13] + (401,)}, "deck"),
        ({"deck": DEFAULT_DECK[:13] + (-10,)}, "deck"),
        ({"deck": DEFAULT_DECK[:13] + (10.5,)}, "deck"),
        ({"deck": DEFAULT_DECK[:13] + ("10",)}, "deck"),
        ({"deck": DEFAULT_DECK[:13] + (True,)}, "deck"),
        ({"bands": ()}, "penalty_chart"),
        ({"bands": (PenaltyBand(5, 0), PenaltyBand(10, 1))}, "penalty_chart"),
        ({"bands": (PenaltyBand(0, 0), PenaltyBand(10, 1), PenaltyBand(10, 2))}, "penalty_chart"),
        ({"bands": (PenaltyBand(0, 0), PenaltyBand(20, 1), PenaltyBand(10, 2))}, "penalty_chart"),
        ({"bands": (PenaltyBand(0, 0), PenaltyBand(10, 3), PenaltyBand(20, 2))}, "penalty_chart"),
        ({"bands": (PenaltyBand(0, -1),)}, "penalty_chart"),
        ({"bands": (PenaltyBand(0, 0), PenaltyBand(10, 21))}, "penalty_chart"),
        ({"bands": (PenaltyBand(0, 0), PenaltyBand(10.0, 1))}, "penalty_chart"),
        ({"bands": (PenaltyBand(0, 0), PenaltyBand(10, "1"))}, "penalty_chart"),
        ({"bands": (PenaltyBand(-1, 0),)}, "penalty_chart"),
        ({"beyond": 3}, "penalty_chart"),
        ({"beyond": 21}, "penalty_chart"),
        ({"beyond": 5.0}, "penalty_chart"),
        ({"beyond": None}, "penalty_chart"),
    ],
)
def test_custom_club_rules_validation(kwargs, field):
    with pytest.raises(RulesError) as info:
        ClubRules(**kwargs)
    assert_error(info, RulesError, field)


def test_to_dict_and_from_dict():
    assert ClubRules().to_dict() == {
        "deck": list(DEFAULT_DECK),
        "penalty_chart": [
            {"up_to": 0, "strokes": 0},
            {"up_to": 10, "strokes": 1},
            {"up_to": 25, "strokes": 2},
            {"up_to": 50, "strokes": 3},
            {"up_to": 100, "strokes": 4},
        ],
        "beyond": 5,
    }
    custom = ClubRules(deck=CUSTOM_DECK, bands=(PenaltyBand(0, 0), PenaltyBand(15, 1)), beyond=3)
    assert ClubRules.from_dict(json.loads(json.dumps(custom.to_dict()))) == custom
    assert ClubRules.from_dict(None) == ClubRules()
    assert ClubRules.from_dict({}) == ClubRules()
    assert ClubRules.from_dict({"beyond": 6}) == ClubRules(beyond=6)
    assert ClubRules.from_dict({"deck": list(CUSTOM_DECK)}).bands == DEFAULT_BANDS


@pytest.mark.parametrize(
    "data",
    [
        {"penalty_chart": [{"up_to": 0}]},
        {"penalty_chart": [[0, 0]]},
        {"penalty_chart": 5},
        {"deck": 5},
        ["deck"],
        "deck",
    ],
)
def test_from_dict_with_the_wrong_shape(data):
    with pytest.raises(RulesError) as info:
        ClubRules.from_dict(data)
    assert_error(info, RulesError, "clubs")


@pytest.mark.parametrize(
    "data, field",
    [
        ({"deck": [1, 2, 3]}, "deck"),
        ({"deck": list(DEFAULT_DECK[:13]) + ["x"]}, "deck"),
        ({"penalty_chart": [{"up_to": 1, "strokes": 0}]}, "penalty_chart"),
        ({"penalty_chart": [{"up_to": 0, "strokes": 0}, {"up_to": "10", "strokes": 1}]}, "penalty_chart"),
        ({"beyond": 2}, "penalty_chart"),
    ],
)
def test_from_dict_with_bad_values(data, field):
    with pytest.raises(RulesError) as info:
        ClubRules.from_dict(data)
    assert_error(info, RulesError, field)
