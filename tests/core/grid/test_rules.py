"""The Rules value, its presets and its validation (docs/grid-golf.md, "Rules")."""

from __future__ import annotations

import dataclasses
import json
from collections import Counter
from dataclasses import replace

import pytest

from caddie.core.errors import CardError, RulesError
from caddie.core.grid.cards import RANKS
from caddie.core.grid.rules import PRESETS, Rules, chip, preset

FIELDS = (
    "cards",
    "king",
    "negatives",
    "negative_pairs",
    "end",
    "discard_flip",
    "initial_flips",
    "holes",
    # house rules (docs/grid-golf.md, "House rules")
    "ten",
    "joker",
    "lucky_swing",
    "eagle_eye",
    "one_eyed_jacks",
    "four_of_a_kind",
    "wolfpack",
    "blackjack",
    "knock_penalty",
    "knock_bonus",
    "underdog",
    "tied_shame",
    "flip_as_action",
    "early_knock",
)
HOUSE_FLAGS = FIELDS[10:]


def test_rules_fields_are_the_documented_ones():
    assert tuple(f.name for f in dataclasses.fields(Rules)) == FIELDS


def test_default_rules_are_the_standard_preset():
    assert Rules().to_dict() == {
        "cards": 6,
        "king": 10,
        "negatives": "twos",
        "negative_pairs": "zero",
        "end": "immediate",
        "discard_flip": False,
        "initial_flips": 2,
        "holes": 9,
        "ten": 10,
        "joker": -2,
        **dict.fromkeys(HOUSE_FLAGS, False),
    }
    assert Rules() == PRESETS["standard"]


# -- presets: the table of docs/grid-golf.md, "Presets", field by field --------

PRESET_TABLE = {
    #            cards king negatives negative_pairs end           discard_flip flips
    "standard": (6, 10, "twos", "zero", "immediate", False, 2),
    "classic": (6, 0, "twos", "zero", "immediate", False, 2),
    "bicycle": (6, 0, "twos", "zero", "final_turn", False, 2),
    "nine": (9, 0, "twos", "zero", "final_turn", False, 2),
    "speed": (4, 0, "twos", "zero", "immediate", False, 1),
}
# The house rules each preset turns on (all others off).
PRESET_HOUSE_RULES = {"speed": {"flip_as_action", "early_knock"}}


def test_the_presets_are_the_documented_ones():
    assert set(PRESETS) == set(PRESET_TABLE)


@pytest.mark.parametrize("name", sorted(PRESET_TABLE))
def test_preset_field_values(name):
    rules = preset(name)
    assert rules is PRESETS[name]
    cards, king, negatives, negative_pairs, end, discard_flip, flips = PRESET_TABLE[name]
    assert rules.cards == cards
    assert rules.king == king and type(rules.king) is int
    assert rules.negatives == negatives
    assert rules.negative_pairs == negative_pairs
    assert rules.end == end
    assert rules.discard_flip is discard_flip
    # Every preset plays nine holes by default (docs/grid-golf.md, "Presets" and "Initial flips").
    assert rules.initial_flips == flips
    assert rules.holes == 9
    on = {field for field in HOUSE_FLAGS if getattr(rules, field)}
    assert on == PRESET_HOUSE_RULES.get(name, set())
    assert (rules.ten, rules.joker) == (10, -2)


def test_preset_none_is_standard():
    assert preset(None) == PRESETS["standard"]
    assert preset(None).king == 10


@pytest.mark.parametrize("name", ["Standard", "", "house", "custom", 5, ["standard"], {"a": 1}])
def test_unknown_preset_is_a_rules_error(name):
    with pytest.raises(RulesError) as info:
        preset(name)
    assert info.value.field == "preset"
    assert "standard, classic, bicycle, nine or speed" in info.value.message


def test_presets_can_then_be_changed_field_by_field():
    rules = Rules.from_dict({"cards": 8, "discard_flip": True}, base=preset("bicycle"))
    assert (rules.cards, rules.king, rules.end, rules.discard_flip) == (8, 0, "final_turn", True)
    assert preset("bicycle").cards == 6  # the preset itself is untouched


def test_rules_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rules().king = 0  # type: ignore[misc]


# -- every field: valid values ------------------------------------------------

VALID = {
    "cards": [4, 6, 8, 9, 10],
    "king": [0, 10, -2],
    "negatives": ["twos", "jokers", "both"],
    "negative_pairs": ["zero", "keep"],
    "end": ["immediate", "final_turn"],
    "discard_flip": [False, True, "optional"],
    "initial_flips": [0, 1, 2],
    "holes": list(range(1, 19)),
    "ten": [10, 1],
    "joker": [-2, -3, -5, 0],
    **{name: [False, True] for name in HOUSE_FLAGS},
}
# What a value needs beside it: a joker's value and Eagle-Eye jokers need jokers in the deck.
NEEDS = {"joker": {"negatives": "both"}, "eagle_eye": {"negatives": "jokers"}}


@pytest.mark.parametrize("field, value", [(f, v) for f, values in VALID.items() for v in values])
def test_valid_value_is_kept(field, value):
    given = {**NEEDS.get(field, {}), field: value}
    direct = Rules(**given)
    via_json = Rules.from_dict(json.loads(json.dumps(given)))
    assert getattr(direct, field) == value
    assert type(getattr(direct, field)) is type(value)
    assert via_json == direct


def test_valid_fields_cover_every_rules_field():
    assert set(VALID) == set(FIELDS)


# -- every field: invalid values, types strictly ------------------------------

INVALID = {
    "cards": [0, 2, 3, 5, 7, 12, -6, 6.0, 9.0, "6", True, None, [6]],
    "king": [1, 5, -10, 11, -1, -3, 0.0, 10.0, -2.0, "0", "10", "-2", False, True, None],
    "negatives": ["Twos", "twos ", "two", "jokers?", "none", "", None, 2, True, ["twos"]],
    "negative_pairs": ["Zero", "keep ", "kept", "", 0, -4, None, False],
    "end": ["final turn", "finalturn", "Immediate", "", None, 0, True],
    "discard_flip": [0, 1, "false", "true", "Optional", "optional ", "", None, 0.0],
    "initial_flips": [-1, 3, 6, 1.0, "1", True, False, None],
    "holes": [0, 19, 36, -9, 9.0, "9", True, None],
    "ten": [0, 2, 9, 11, -1, 1.0, "1", True, None],
    "joker": [-1, -4, 2, -6, -2.0, "-2", False, None],
    **{name: [0, 1, "true", "false", "", None, 1.0] for name in HOUSE_FLAGS},
}


@pytest.mark.parametrize(
    "field, value", [(f, v) for f, values in INVALID.items() for v in values], ids=lambda x: repr(x)
)
def test_invalid_value_is_a_rules_error_naming_the_field(field, value):
    with pytest.raises(RulesError) as direct:
        Rules(**{field: value})
    with pytest.raises(RulesError) as via_dict:
        Rules.from_dict({field: value})
    for err in (direct.value, via_dict.value):
        assert err.field == field
        assert isinstance(err.message, str) and len(err.message) > 10
        assert err.as_dict() == {"error": err.message, "field": field}


def test_json_false_is_not_a_king_worth_zero():
    with pytest.raises(RulesError) as info:
        Rules.from_dict(json.loads('{"king": false}'))
    assert info.value.field == "king"
    assert Rules.from_dict(json.loads('{"king": 0}')).king == 0


def test_json_six_point_oh_is_not_six_cards_nor_string_six():
    for raw in ('{"cards": 6.0}', '{"cards": "6"}'):
        with pytest.raises(RulesError) as info:
            Rules.from_dict(json.loads(raw))
        assert info.value.field == "cards"


def test_invalid_values_cover_every_rules_field():
    assert set(INVALID) == set(FIELDS)


# -- from_dict / to_dict -----------------------------------------------------


def test_from_dict_none_or_empty_gives_the_base():
    assert Rules.from_dict(None) == Rules()
    assert Rules.from_dict({}) == Rules()
    assert Rules.from_dict(None, base=preset("classic")) == preset("classic")
    assert Rules.from_dict({}, base=preset("bicycle")) == preset("bicycle")


def test_from_dict_overrides_only_the_given_fields():
    rules = Rules.from_dict({"king": 0, "cards": 8})
    assert rules == Rules(king=0, cards=8)
    assert rules.negatives == "twos" and rules.holes == 9


@pytest.mark.parametrize("key", ["kings", "Cards", "jokers", "", "preset"])
def test_unknown_field_is_named(key):
    with pytest.raises(RulesError) as info:
        Rules.from_dict({key: 0})
    assert info.value.field == key
    assert f'"{key}" is not a rules field' in info.value.message
    for name in FIELDS:
        assert name in info.value.message


@pytest.mark.parametrize("data", [["king", 0], "king=0", 42, [("king", 0)]])
def test_rules_that_are_not_an_object(data):
    with pytest.raises(RulesError) as info:
        Rules.from_dict(data)
    assert info.value.field == "rules"
    assert info.value.message


def test_to_dict_is_json_and_round_trips():
    rules = Rules(
        cards=10,
        king=0,
        negatives="both",
        negative_pairs="keep",
        end="final_turn",
        discard_flip=True,
        initial_flips=0,
        holes=18,
    )
    data = json.loads(json.dumps(rules.to_dict()))
    assert data["negatives"] == "both" and data["discard_flip"] is True
    assert Rules.from_dict(data) == rules
    assert Rules.from_dict(data, base=preset("classic")) == rules


# -- card points ---------------------------------------------------------------

STANDARD_VALUES = {  # the standard preset's card points (docs/grid-golf.md, "Card points" and "Presets")
    "A": 1,
    "2": -2,
    "3": 3,
    "4": 4,
    "5": 5,
    "6": 6,
    "7": 7,
    "8": 8,
    "9": 9,
    "10": 10,
    "J": 10,
    "Q": 10,
    "K": 10,
}


@pytest.mark.parametrize("rank, value", STANDARD_VALUES.items())
def test_standard_card_values(rank, value):
    assert preset("standard").points(rank) == value


@pytest.mark.parametrize("rank, value", {**STANDARD_VALUES, "K": 0}.items())
def test_classic_card_values_kings_zero(rank, value):
    assert preset("classic").points(rank) == value
    assert preset("bicycle").points(rank) == value


@pytest.mark.parametrize(
    "negatives, two, joker_in_play",
    [
        ("twos", -2, False),
        ("jokers", 2, True),
        ("both", -2, True),
    ],
)
def test_negatives_setting(negatives, two, joker_in_play):
    rules = Rules(negatives=negatives)
    assert rules.points("2") == two
    assert rules.points("JK") == -2
    assert rules.jokers_in_play is joker_in_play
    assert ("JK" in rules.ranks_in_play) is joker_in_play
    assert rules.ranks_in_play[:13] == RANKS[:13]
    assert rules.deck_size == (54 if joker_in_play else 52)
    assert rules.copies("JK") == (2 if joker_in_play else 0)
    for rank in RANKS[:13]:
        assert rules.copies(rank) == 4
    # Kings stay with the king field whatever the negatives (docs/grid-golf.md, "Card points").
    assert Rules(negatives=negatives, king=0).points("K") == 0


@pytest.mark.parametrize("bad", ["Z", "k", "11", "0", "1", "", None, 10])
def test_points_of_a_non_card_is_a_card_error(bad):
    with pytest.raises(CardError) as info:
        Rules().points(bad)
    assert info.value.message


@pytest.mark.parametrize("negatives", ["twos", "jokers", "both"])
@pytest.mark.parametrize("decks", [1, 2, 3])
def test_full_deck(negatives, decks):
    rules = Rules(negatives=negatives)
    deck = rules.full_deck(decks)
    assert len(deck) == rules.deck_size * decks
    counts = Counter(deck)
    for rank in RANKS[:13]:
        assert counts[rank] == 4 * decks
    assert counts["JK"] == (0 if negatives == "twos" else 2 * decks)


def test_pair_points():
    zero = Rules(negatives="both", negative_pairs="zero")
    keep = Rules(negatives="both", negative_pairs="keep")
    for rank in RANKS:
        assert zero.pair_points(rank) == 0
    assert keep.pair_points("2") == -4
    assert keep.pair_points("JK") == -4
    for rank in RANKS:
        if rank not in ("2", "JK"):
            assert keep.pair_points(rank) == 0
    # Under "jokers" a 2 is worth +2, so a pair of 2s is a plain match: 0 even with "keep".
    assert Rules(negatives="jokers", negative_pairs="keep").pair_points("2") == 0
    assert Rules(negatives="jokers", negative_pairs="keep").pair_points("JK") == -4
    assert Rules(negatives="twos", negative_pairs="keep").pair_points("2") == -4


@pytest.mark.parametrize("cards, columns", [(4, 2), (6, 3), (8, 4), (10, 5)])
def test_columns(cards, columns):
    assert Rules(cards=cards).columns == columns


# -- decks -------------------------------------------------------------------


def test_one_deck_serves_four_players_at_six_cards():
    rules = preset("standard")
    assert [rules.decks_for(n) for n in (1, 2, 3, 4)] == [1, 1, 1, 1]
    assert rules.decks_for(5) == 2
    assert rules.decks_for(8) == 2


@pytest.mark.parametrize("cards", [4, 6, 8, 10])
@pytest.mark.parametrize("negatives", ["twos", "jokers", "both"])
def test_decks_fit_the_deal_a_discard_and_ten_drawable_cards(cards, negatives):
    rules = Rules(cards=cards, negatives=negatives)
    previous = 0
    for players in range(1, 9):
        decks = rules.decks_for(players)
        assert decks >= 1
        assert decks * rules.deck_size >= players * cards + 1 + 10
        assert decks >= previous  # more players never need fewer decks
        previous = decks


def test_decks_for_examples():
    assert Rules(cards=10).decks_for(3) == 2
    assert Rules(cards=4).decks_for(8) == 2
    assert Rules(cards=10).decks_for(8) == 4


# -- the "rules in force" chip -----------------------------------------------


@pytest.mark.parametrize(
    "rules, text",
    [
        (Rules(), "Six cards · K=10 · 2s −2"),
        (preset("classic"), "Six cards · K=0 · 2s −2"),
        (preset("bicycle"), "Six cards · K=0 · 2s −2 · final turn"),
        (Rules(cards=4, negatives="jokers"), "Four cards · K=10 · jokers −2"),
        (
            Rules(cards=10, negatives="both", negative_pairs="keep", discard_flip=True),
            "Ten cards · K=10 · 2s & jokers −2 · −2 pairs keep · discard flips",
        ),
    ],
)
def test_describe(rules, text):
    assert rules.describe() == text


@pytest.mark.parametrize(
    "rules, text",
    [
        (Rules(), "Standard rules"),
        (replace(preset("bicycle"), holes=18), "Bicycle rules"),  # the match length is not a rule of play
        (replace(preset("nine"), four_of_a_kind=True), "Nine-card · four of a kind −20"),
        (Rules(cards=8, king=0, negatives="both", end="final_turn"), "Bicycle · Eight cards · 2s & jokers −2"),
        (replace(preset("speed"), flip_as_action=False, early_knock=False), "Classic · Four cards · 1 turned up"),
        (replace(preset("speed"), early_knock=False), "Speed Golf · no early knock"),
        (Rules(negatives="jokers"), "Standard · jokers −2 · 2s +2"),
    ],
)
def test_the_chip_names_the_nearest_preset_and_only_what_differs(rules, text):
    assert chip(rules) == text


# -- which preset a set of rules follows ----------------------------------------


def test_preset_name():
    from caddie.core.grid.rules import preset_name

    for name in ("standard", "classic", "bicycle"):
        assert preset_name(preset(name)) == name
        assert preset_name(Rules.from_dict({"holes": 18}, base=preset(name))) == name  # match length aside
    assert preset_name(Rules(cards=8)) == "custom"
    assert preset_name(Rules(king=0, discard_flip=True)) == "custom"
    assert preset_name(Rules(initial_flips=1)) == "custom"
