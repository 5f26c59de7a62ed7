"""A table's house rules: Rules + ClubRules + players + preset."""

from __future__ import annotations

import json

import pytest

from caddie.core.clubs.scoring import DEFAULT_DECK, ClubRules, PenaltyBand
from caddie.core.errors import RulesError
from caddie.core.grid.rules import Rules, preset
from caddie.core.table import Table


def test_default_table():
    table = Table()
    assert table.rules == Rules() == preset("standard")
    assert table.clubs == ClubRules()
    assert table.players == 2  # two players by default (docs/grid-golf.md, "Where the number of players comes from")
    assert table.preset == "standard"
    assert table.grid_decks == 1
    assert table.club_decks == 1  # one Club Cards deck for 2 players


@pytest.mark.parametrize("players, grid, clubs", [(1, 1, 1), (2, 1, 1), (3, 1, 2), (4, 1, 2), (5, 2, 3), (8, 2, 4)])
def test_decks_follow_the_players(players, grid, clubs):
    table = Table(players=players)
    assert (table.grid_decks, table.club_decks) == (grid, clubs)


def test_grid_decks_follow_the_rules():
    assert Table(rules=Rules(cards=10), players=3).grid_decks == 2
    assert Table(rules=Rules(cards=10), players=8).grid_decks == 4


@pytest.mark.parametrize("players", [0, 9, -1, "4", 4.0, True, None])
def test_bad_players(players):
    with pytest.raises(RulesError) as info:
        Table(players=players)
    assert info.value.field == "players"
    assert "1 to 8" in info.value.message
    with pytest.raises(RulesError) as info:
        Table.from_dict({"players": players})
    assert info.value.field == "players"


@pytest.mark.parametrize("name", ["standard", "classic", "bicycle", "custom"])
def test_good_presets(name):
    assert Table(preset=name).preset == name


@pytest.mark.parametrize("name", ["Standard", "", "house", None, 3, ["standard"], {"x": 1}])
def test_bad_preset(name):
    with pytest.raises(RulesError) as info:
        Table(preset=name)
    assert info.value.field == "preset"
    assert info.value.message
    with pytest.raises(RulesError) as info:
        Table.from_dict({"preset": name})
    assert info.value.field == "preset"


def test_to_dict_shape():
    assert Table().to_dict() == {
        "rules": Rules().to_dict(),
        "clubs": ClubRules().to_dict(),
        "players": 2,
        "preset": "standard",
    }


def test_round_trip_through_json():
    table = Table(
        rules=Rules(
            cards=8,
            king=0,
            negatives="both",
            negative_pairs="keep",
            end="final_turn",
            discard_flip=True,
            initial_flips=1,
            holes=18,
        ),
        clubs=ClubRules(deck=DEFAULT_DECK[:20] + (300,), bands=(PenaltyBand(0, 0), PenaltyBand(20, 2)), beyond=4),
        players=6,
        preset="custom",
    )
    data = json.loads(json.dumps(table.to_dict()))
    assert Table.from_dict(data) == table
    assert Table.from_dict(Table().to_dict()) == Table()


def test_from_dict_defaults():
    assert Table.from_dict(None) == Table()
    assert Table.from_dict({}) == Table()
    partial = Table.from_dict({"players": 3, "rules": {"king": 0}})
    assert partial.players == 3 and partial.rules == Rules(king=0) and partial.clubs == ClubRules()


@pytest.mark.parametrize(
    "data, field",
    [
        ({"rules": {"king": 5}}, "king"),
        ({"rules": {"kings": 0}}, "kings"),
        ({"rules": ["king"]}, "rules"),
        ({"clubs": {"deck": [1]}}, "deck"),
        ({"clubs": {"penalty_chart": 7}}, "clubs"),
        (["rules"], "table"),
        ("rules", "table"),
    ],
)
def test_from_dict_errors_are_rules_errors(data, field):
    with pytest.raises(RulesError) as info:
        Table.from_dict(data)
    assert info.value.field == field
    assert info.value.message
