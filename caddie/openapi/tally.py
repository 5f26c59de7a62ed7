"""The Tally area of the OpenAPI document: scoring a finished hand.

The shared game schemas (cards, Grid Golf rules, decks, yardages, the penalty
chart), the tally requests and answers, their replayable examples and the two
``/api/v1/tally`` operations.
"""

from __future__ import annotations

from typing import Any

from caddie.core.clubs.scoring import HAND_SIZE, MAX_YARDAGE
from caddie.core.grid.cards import RANKS
from caddie.core.grid.rules import (
    ENDS,
    GRID_SIZES,
    HOUSE_FLAGS,
    JOKER_POINTS,
    KING_POINTS,
    NEGATIVE_PAIRS,
    NEGATIVES,
    PRESETS,
    TEN_POINTS,
)
from caddie.core.grid.scoring import GRID_RULES, TABLE_RULES
from caddie.core.limits import MAX_DECKS
from caddie.core.table import MAX_PLAYERS
from caddie.openapi.registry import SCHEMAS, Schema, error_example, json_operation, operation, ref, rules_example

# -- schemas --------------------------------------------------------------------

_RULE_PROPERTIES: dict[str, Schema] = {
    "cards": {
        "type": "integer",
        "enum": list(GRID_SIZES),
        "description": "Grid size: 2 rows of 2 to 5 columns, or 9 in three rows of three.",
    },
    "king": {"type": "integer", "enum": list(KING_POINTS), "description": "Points of a King (-2: super kings)."},
    "negatives": {
        "type": "string",
        "enum": list(NEGATIVES),
        "description": "Which cards score -2. `twos`: no jokers in the deck. `jokers`: two jokers "
        "per deck and 2s score 2. `both`: 2s and jokers score -2.",
    },
    "negative_pairs": {
        "type": "string",
        "enum": list(NEGATIVE_PAIRS),
        "description": "A matched column of -2 cards scores 0 (`zero`) or keeps its -4 (`keep`).",
    },
    "end": {
        "type": "string",
        "enum": list(ENDS),
        "description": "The hole ends at once when a player's last card is up, or everyone else gets a final turn.",
    },
    "discard_flip": {
        "enum": [False, True, "optional"],
        "description": "After discarding a card drawn from the deck a face-down card is turned up: never "
        "(false), always (true), or if the player likes (`optional`).",
    },
    "initial_flips": {
        "type": "integer",
        "minimum": 0,
        "maximum": 2,
        "description": "Cards each player turns up after the deal.",
    },
    "holes": {"type": "integer", "minimum": 1, "maximum": 18, "description": "Match length."},
    "ten": {"type": "integer", "enum": list(TEN_POINTS), "description": "Points of a 10 (1: Ten Penny)."},
    "joker": {
        "type": "integer",
        "enum": list(JOKER_POINTS),
        "description": "Points of a joker, where jokers are in play.",
    },
    **{
        name: {"type": "boolean", "description": description}
        for name, description in {
            "lucky_swing": "Exactly one joker in all the decks together, worth -5.",
            "eagle_eye": "A joker scores +2 alone and -4 as a matched column pair.",
            "one_eyed_jacks": "Two one-eyed Jacks (`OJ`) per deck: a Jack for matching, 0 points unmatched.",
            "four_of_a_kind": "Two matched columns of one rank in a grid: -20 more, for each such set.",
            "wolfpack": "Two matched columns of Jacks in a grid: -20 more (stacks with four of a kind).",
            "blackjack": "A grid scoring exactly 21 (after the bonuses above) scores 0.",
            "knock_penalty": "Who went out first takes +10 if another player's score is strictly lower.",
            "knock_bonus": "Who went out first takes -5.",
            "underdog": "The lowest score of the hole (every player tied for it) takes -3.",
            "tied_shame": "Every player whose score equals another player's takes +5.",
            "flip_as_action": "A whole turn may be turning up one face-down card instead of drawing.",
            "early_knock": "A player with one or two face-down cards may turn them all up as a turn, and so go out.",
        }.items()
    },
}
assert set(HOUSE_FLAGS) <= set(_RULE_PROPERTIES), "every house rule is described"

SCHEMAS.update(
    {
        "CardCode": {
            "type": "string",
            "enum": list(RANKS),
            "description": "A canonical card code; JK is a joker, OJ a one-eyed Jack (only under that rule).",
        },
        "TypedCard": {
            "type": "string",
            "description": "A card as typed. Input is forgiving: any case, surrounding spaces, `T` for 10, "
            "`X`, `*` or `JOKER` for a joker, `1` or `ACE` for an Ace, `J1` for a one-eyed Jack.",
            "examples": ["K", "10", "t", " q ", "JK", "x"],
        },
        "Rules": {
            "type": "object",
            "description": 'The Grid Golf rules in force (docs/grid-golf.md, "Rules" and "House rules").',
            "required": list(_RULE_PROPERTIES),
            "additionalProperties": False,
            "properties": _RULE_PROPERTIES,
        },
        "RulesOverrides": {
            "type": "object",
            "description": "Any of the rules fields; each one given replaces the preset's value.",
            "additionalProperties": False,
            "properties": _RULE_PROPERTIES,
        },
        "Decks": {
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_DECKS,
            "default": 1,
            "description": "How many decks are shuffled together at the table; a hand cannot hold more "
            "copies of a card than they contain.",
        },
        "GridTallyRequest": {
            "type": "object",
            "required": ["cards"],
            "additionalProperties": False,
            "properties": {
                "cards": {
                    "type": "array",
                    "items": ref("TypedCard"),
                    "minItems": min(GRID_SIZES),
                    "maxItems": max(GRID_SIZES),
                    "description": "Every card of the finished grid, row by row from the top, each left to "
                    "right. None may be missing, and there must be exactly `rules.cards` of them.",
                },
                "preset": {
                    "type": "string",
                    "enum": list(PRESETS),
                    "default": "standard",
                    "description": "The rules to start from.",
                },
                "rules": ref("RulesOverrides"),
                "decks": ref("Decks"),
            },
        },
        "ColumnScore": {
            "type": "object",
            "required": ["top", "bottom", "matched", "points"],
            "additionalProperties": False,
            "properties": {
                "top": ref("CardCode"),
                "middle": {**ref("CardCode"), "description": "Only in a nine-card grid."},
                "bottom": ref("CardCode"),
                "matched": {
                    "type": "boolean",
                    "description": "Every card of the column shares a rank (a one-eyed Jack is a Jack).",
                },
                "points": {"type": "integer", "description": "What the column scores."},
            },
        },
        "Bonus": {
            "type": "object",
            "required": ["rule", "points"],
            "additionalProperties": False,
            "properties": {
                "rule": {"type": "string", "enum": [*GRID_RULES, *TABLE_RULES], "description": "The house rule."},
                "points": {"type": "integer", "description": "What it adds to the score (negative: takes off)."},
            },
        },
        "GridTally": {
            "type": "object",
            "required": ["score", "columns", "bonuses", "rules"],
            "additionalProperties": False,
            "properties": {
                "score": {"type": "integer", "description": "The grid's score: its columns, then its bonuses."},
                "columns": {
                    "type": "array",
                    "items": ref("ColumnScore"),
                    "minItems": 2,
                    "maxItems": 5,
                    "description": "Left to right.",
                },
                "bonuses": {
                    "type": "array",
                    "items": ref("Bonus"),
                    "description": "The hand bonuses in force that this grid earns (four of a kind, "
                    "Wolfpack, blackjack), in the order they are scored; included in `score`.",
                },
                "rules": ref("Rules"),
            },
        },
        "TableTallyRequest": {
            "type": "object",
            "required": ["grids"],
            "additionalProperties": False,
            "properties": {
                "grids": {
                    "type": "array",
                    "minItems": 1,
                    "maxItems": MAX_PLAYERS,
                    "items": {"type": "array", "items": ref("TypedCard"), "minItems": 4, "maxItems": 10},
                    "description": "Every player's finished grid, each as `/tally/grid` takes `cards`.",
                },
                "out": {
                    "type": ["integer", "null"],
                    "minimum": 0,
                    "description": "The grid (0 for the first) of the player who went out first, or null.",
                },
                "preset": {"type": "string", "enum": list(PRESETS), "default": "standard"},
                "rules": ref("RulesOverrides"),
                "decks": {
                    **ref("Decks"),
                    "description": "Decks shuffled together (default: as many as the table needs for its "
                    "players); all the grids together cannot hold more copies than they contain.",
                },
            },
        },
        "PlayerHole": {
            "type": "object",
            "required": ["grid", "adjustments", "score"],
            "additionalProperties": False,
            "properties": {
                "grid": ref("GridTally"),
                "adjustments": {
                    "type": "array",
                    "items": ref("Bonus"),
                    "description": "The table adjustments (knock penalty, knock bonus, underdog, tied shame), "
                    "in the order they are scored.",
                },
                "score": {"type": "integer", "description": "The grid's score with the adjustments."},
            },
        },
        "TableTally": {
            "type": "object",
            "required": ["scores", "players", "rules"],
            "additionalProperties": False,
            "properties": {
                "scores": {"type": "array", "items": {"type": "integer"}, "description": "Each player's hole score."},
                "players": {"type": "array", "items": ref("PlayerHole"), "description": "In the order of `grids`."},
                "rules": ref("Rules"),
            },
        },
        "Yardage": {
            "type": "integer",
            "minimum": 1,
            "maximum": MAX_YARDAGE,
            "description": "A hole's yardage from the course scorecard.",
        },
        "PenaltyBand": {
            "type": "object",
            "required": ["up_to", "strokes"],
            "additionalProperties": False,
            "properties": {
                "up_to": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "Going over by up to this many yards (and more than the band before)...",
                },
                "strokes": {"type": "integer", "minimum": 0, "maximum": 20, "description": "...costs these strokes."},
            },
        },
        "ClubTallyRequest": {
            "type": "object",
            "required": ["yardage", "cards"],
            "additionalProperties": False,
            "properties": {
                "yardage": ref("Yardage"),
                "cards": {
                    "type": "array",
                    "minItems": 1,
                    "items": {"type": "integer"},
                    "description": "The yardage cards played on the hole, in any order. They must reach "
                    "the yardage and be in the deck.",
                },
                "decks": ref("Decks"),
                "deck": {
                    "type": "array",
                    "minItems": HAND_SIZE,
                    "items": {"type": "integer", "minimum": 1, "maximum": 400},
                    "description": "The table's own deck, one entry per card (default: the 51-card deck "
                    "of docs/club-cards.md).",
                },
                "penalty_chart": {
                    "type": "array",
                    "minItems": 1,
                    "items": ref("PenaltyBand"),
                    "description": "The table's own Penalty Stroke Chart, starting with the band for "
                    "0 yards over; limits rise and strokes never fall.",
                },
                "beyond": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": 20,
                    "description": "Strokes for going over by more than the last band (default 5).",
                },
            },
        },
        "ClubTally": {
            "type": "object",
            "required": ["strokes", "total", "over", "penalty", "score"],
            "additionalProperties": False,
            "properties": {
                "strokes": {"type": "integer", "minimum": 1, "description": "Cards played."},
                "total": {"type": "integer", "description": "Yards the cards add up to."},
                "over": {"type": "integer", "minimum": 0, "description": "Yards past the hole's yardage."},
                "penalty": {"type": "integer", "minimum": 0, "description": "Penalty strokes for `over`."},
                "score": {"type": "integer", "description": "strokes + penalty."},
            },
        },
    }
)


# -- examples -------------------------------------------------------------------


def _column(top: str, bottom: str, points: int) -> dict[str, Any]:
    matched = {top, bottom} in ({top}, {"J", "OJ"})  # a one-eyed Jack matches a Jack
    return {"top": top, "bottom": bottom, "matched": matched, "points": points}


GRID_EXAMPLES: dict[str, tuple[str, dict, int, dict]] = {
    "standard": (
        "A six-card grid under the standard rules",
        {"cards": ["K", "5", "7", "K", "3", "9"], "preset": "standard"},
        200,
        {
            "score": 24,
            "columns": [_column("K", "K", 0), _column("5", "3", 8), _column("7", "9", 16)],
            "bonuses": [],
            "rules": rules_example(),
        },
    ),
    "forgiving_input": (
        "Typed loosely, classic preset with jokers in play; the answer uses canonical codes",
        {"cards": ["k", " 2", "t", "K", "2", "x"], "preset": "classic", "rules": {"negatives": "both"}},
        200,
        {
            "score": 8,
            "columns": [_column("K", "K", 0), _column("2", "2", 0), _column("10", "JK", 8)],
            "bonuses": [],
            "rules": rules_example(king=0, negatives="both"),
        },
    ),
    "kept_negative_pairs": (
        "Four cards, a pair of 2s keeping its -4",
        {"cards": ["2", "Q", "2", "A"], "rules": {"cards": 4, "negative_pairs": "keep"}},
        200,
        {
            "score": 7,
            "columns": [_column("2", "2", -4), _column("Q", "A", 11)],
            "bonuses": [],
            "rules": rules_example(cards=4, negative_pairs="keep"),
        },
    ),
    "two_decks": (
        "Six Queens can only come from two decks",
        {"cards": ["Q", "Q", "Q", "Q", "Q", "Q"], "decks": 2},
        200,
        {"score": 0, "columns": [_column("Q", "Q", 0)] * 3, "bonuses": [], "rules": rules_example()},
    ),
    "four_of_a_kind": (
        "Two matched columns of 7s under Four of a kind",
        {"cards": ["7", "7", "5", "7", "7", "9"], "rules": {"four_of_a_kind": True}},
        200,
        {
            "score": -6,
            "columns": [_column("7", "7", 0), _column("7", "7", 0), _column("5", "9", 14)],
            "bonuses": [{"rule": "four_of_a_kind", "points": -20}],
            "rules": rules_example(four_of_a_kind=True),
        },
    ),
    "blackjack": (
        "Exactly 21 under Blackjack scores 0",
        {"cards": ["3", "6", "A", "5", "7", "A"], "rules": {"blackjack": True}},
        200,
        {
            "score": 0,
            "columns": [_column("3", "5", 8), _column("6", "7", 13), _column("A", "A", 0)],
            "bonuses": [{"rule": "blackjack", "points": -21}],
            "rules": rules_example(blackjack=True),
        },
    ),
    "nine_cards": (
        "Nine cards in three rows: a column of three 7s scores 0",
        {"cards": ["7", "5", "K", "7", "2", "K", "7", "9", "Q"], "rules": {"cards": 9}},
        200,
        {
            "score": 42,
            "columns": [
                {"top": "7", "middle": "7", "bottom": "7", "matched": True, "points": 0},
                {"top": "5", "middle": "2", "bottom": "9", "matched": False, "points": 12},
                {"top": "K", "middle": "K", "bottom": "Q", "matched": False, "points": 30},
            ],
            "bonuses": [],
            "rules": rules_example(cards=9),
        },
    ),
    "one_eyed_jack": (
        "A one-eyed Jack over a Jack is a matched column",
        {"cards": ["J1", "5", "J", "3"], "rules": {"cards": 4, "one_eyed_jacks": True}},
        200,
        {
            "score": 8,
            "columns": [_column("OJ", "J", 0), _column("5", "3", 8)],
            "bonuses": [],
            "rules": rules_example(cards=4, one_eyed_jacks=True),
        },
    ),
    "one_eyed_jack_off": (
        "A one-eyed Jack when the rule is off",
        {"cards": ["OJ", "5", "7", "K", "3", "9"]},
        400,
        error_example("A one-eyed Jack (OJ) counts only under the One-eyed Jacks rule; enter it as J.", "cards"),
    ),
    "rules_that_contradict": (
        "Two rules that each set a joker's value",
        {"cards": ["K", "5", "7", "K", "3", "9"], "rules": {"lucky_swing": True, "eagle_eye": True}},
        400,
        error_example(
            "Lucky Swing and Eagle-Eye jokers each say what a joker is worth: choose one.", "rules.eagle_eye"
        ),
    ),
    "unknown_card": (
        "A card that is not a card",
        {"cards": ["K", "5", "7", "K", "3", "Z"]},
        400,
        error_example('"Z" is not a card: use A, 2-10, J, Q, K or JK for a joker.', "cards[5]"),
    ),
    "missing_card": (
        "A tallied grid is finished: every card must be entered",
        {"cards": ["K", "5", None, "K", "3", "9"]},
        400,
        error_example("Card 3 is missing: a tallied grid is finished, so enter every card.", "cards[2]"),
    ),
    "wrong_count": (
        "Four cards under six-card rules",
        {"cards": ["K", "5", "7", "K"]},
        400,
        error_example(
            "This grid has 4 cards, but the rules in force deal 6: enter every card, top row then bottom row.", "cards"
        ),
    ),
    "joker_not_in_play": (
        "A joker when only 2s score -2",
        {"cards": ["JK", "5", "7", "K", "3", "9"]},
        400,
        error_example("Jokers are not in play under these rules (only 2s score \u22122).", "cards"),
    ),
    "too_many_copies": (
        "More Kings than one deck holds",
        {"cards": ["K", "K", "K", "K", "K", "K"]},
        400,
        error_example("6 Kings, but one deck holds only 4.", "cards"),
    ),
    "invalid_rule": (
        "A rules value the game does not have",
        {"cards": ["K", "5", "7", "K", "3", "9"], "rules": {"king": 5}},
        400,
        error_example("A King is worth 10, 0 or \u22122 points.", "rules.king"),
    ),
    "unknown_preset": (
        "A preset that does not exist",
        {"cards": ["K", "5", "7", "K", "3", "9"], "preset": "house"},
        400,
        error_example('"house" is not a preset; choose standard, classic, bicycle, nine or speed.', "preset"),
    ),
}

CLUB_EXAMPLES: dict[str, tuple[str, dict, int, dict]] = {
    "one_over": (
        "Three cards, one yard past the hole",
        {"yardage": 412, "cards": [250, 160, 3], "decks": 1},
        200,
        {"strokes": 3, "total": 413, "over": 1, "penalty": 1, "score": 4},
    ),
    "exact": (
        "One card exactly on the yardage",
        {"yardage": 160, "cards": [160]},
        200,
        {"strokes": 1, "total": 160, "over": 0, "penalty": 0, "score": 1},
    ),
    "own_chart": (
        "The table's own, harsher penalty chart",
        {
            "yardage": 100,
            "cards": [110],
            "penalty_chart": [{"up_to": 0, "strokes": 0}, {"up_to": 5, "strokes": 1}],
            "beyond": 3,
        },
        200,
        {"strokes": 1, "total": 110, "over": 10, "penalty": 3, "score": 4},
    ),
    "short": (
        "The cards do not reach the hole",
        {"yardage": 412, "cards": [250, 160]},
        400,
        error_example(
            "These cards reach 410 yards, 2 short of the hole's 412: keep playing cards until you reach it.", "cards"
        ),
    ),
    "not_in_deck": (
        "A yardage the deck does not have",
        {"yardage": 240, "cards": [251]},
        400,
        error_example("There is no 251-yard card in the deck in use.", "cards"),
    ),
    "too_many_copies": (
        "The same card twice from one deck",
        {"yardage": 412, "cards": [250, 250]},
        400,
        error_example("2 cards of 250 yards, but one deck holds it only once.", "cards"),
    ),
    "yardage_out_of_range": (
        "A yardage no hole has",
        {"yardage": 0, "cards": [3]},
        400,
        error_example(f"A hole's yardage is between 1 and {MAX_YARDAGE} yards.", "yardage"),
    ),
    "yardage_as_text": (
        "A number sent as text",
        {"yardage": "412", "cards": [250, 160, 3]},
        400,
        error_example("The hole's yardage is a whole number of yards.", "yardage"),
    ),
}


TABLE_GRIDS = [["5", "5", "9", "K", "K", "9"], ["A", "2", "3", "A", "2", "3"]]


def _grid_tally(score: int, columns: list[dict[str, Any]], bonuses: list[dict[str, Any]], **rules: Any) -> dict:
    return {"score": score, "columns": columns, "bonuses": bonuses, "rules": rules_example(**rules)}


TABLE_EXAMPLES: dict[str, tuple[str, dict, int, dict]] = {
    "knock_penalty_and_underdog": (
        "The first out is beaten, and pays; the lowest takes the underdog's -3",
        {"grids": TABLE_GRIDS, "out": 0, "rules": {"knock_penalty": True, "underdog": True}},
        200,
        {
            "scores": [40, -3],
            "players": [
                {
                    "grid": _grid_tally(
                        30,
                        [_column("5", "K", 15), _column("5", "K", 15), _column("9", "9", 0)],
                        [],
                        knock_penalty=True,
                        underdog=True,
                    ),
                    "adjustments": [{"rule": "knock_penalty", "points": 10}],
                    "score": 40,
                },
                {
                    "grid": _grid_tally(
                        0,
                        [_column("A", "A", 0), _column("2", "2", 0), _column("3", "3", 0)],
                        [],
                        knock_penalty=True,
                        underdog=True,
                    ),
                    "adjustments": [{"rule": "underdog", "points": -3}],
                    "score": -3,
                },
            ],
            "rules": rules_example(knock_penalty=True, underdog=True),
        },
    ),
    "tied_shame": (
        "Two players tie and both take +5; nobody went out first",
        {
            "grids": [["4", "5", "4", "5"], ["A", "8", "A", "8"], ["3", "Q", "6", "2"]],
            "rules": {"cards": 4, "tied_shame": True},
        },
        200,
        {
            "scores": [5, 5, 17],
            "players": [
                {
                    "grid": _grid_tally(0, [_column("4", "4", 0), _column("5", "5", 0)], [], cards=4, tied_shame=True),
                    "adjustments": [{"rule": "tied_shame", "points": 5}],
                    "score": 5,
                },
                {
                    "grid": _grid_tally(0, [_column("A", "A", 0), _column("8", "8", 0)], [], cards=4, tied_shame=True),
                    "adjustments": [{"rule": "tied_shame", "points": 5}],
                    "score": 5,
                },
                {
                    "grid": _grid_tally(
                        17, [_column("3", "2", 1), _column("Q", "6", 16)], [], cards=4, tied_shame=True
                    ),
                    "adjustments": [],
                    "score": 17,
                },
            ],
            "rules": rules_example(cards=4, tied_shame=True),
        },
    ),
    "out_of_range": (
        "Who went out names a grid that is not there",
        {"grids": TABLE_GRIDS, "out": 2},
        400,
        error_example("Who went out first is the number of their grid, 0 to 1, or null when nobody did.", "out"),
    ),
    "missing_card": (
        "Every grid of a finished hole is complete",
        {"grids": [TABLE_GRIDS[0], ["A", "2", None, "A", "2", "3"]]},
        400,
        error_example("Card 3 is missing: a tallied grid is finished, so enter every card.", "grids[1][2]"),
    ),
    "more_than_the_decks_hold": (
        "Five Kings at a table of two that plays one deck",
        {"grids": [["K", "K", "5", "K", "K", "9"], ["K", "2", "3", "4", "5", "6"]]},
        400,
        error_example("5 Kings at the table, but one deck holds only 4.", "grids"),
    ),
}


# -- operations -----------------------------------------------------------------


@operation("/api/v1/tally/grid", "post")
def _tally_grid() -> dict[str, Any]:
    return json_operation(
        "tallyGrid",
        "Score a finished Grid Golf hand",
        "Scores a finished grid column by column. `rules` fields override the `preset` (default `standard`). "
        "Cards are read forgivingly and answered in canonical codes. Refused: a missing card, a count other "
        "than `rules.cards`, a joker when jokers are not in play, more copies of a card than `decks` decks hold.",
        "GridTallyRequest",
        "GridTally",
        GRID_EXAMPLES,
        ["Tally"],
    )


@operation("/api/v1/tally/table", "post")
def _tally_table() -> dict[str, Any]:
    return json_operation(
        "tallyTable",
        "Score a whole table's Grid Golf hole",
        "Scores every player's finished grid as `/tally/grid` does (columns, then the hand bonuses), then "
        "applies the table adjustments in force in their fixed order (knock penalty, knock bonus, underdog, "
        "tied shame), each on the scores the step before left. `out` is the grid of the player who went out "
        "first, or null. Refused: anything `/tally/grid` refuses, in any grid; an `out` that is not a grid; "
        "more copies of a card at the table than its decks hold.",
        "TableTallyRequest",
        "TableTally",
        TABLE_EXAMPLES,
        ["Tally"],
    )


@operation("/api/v1/tally/clubs", "post")
def _tally_clubs() -> dict[str, Any]:
    return json_operation(
        "tallyClubs",
        "Score a Club Cards hole",
        "Hole score = cards played + penalty strokes for the yards past the hole's yardage. The cards must "
        "reach the yardage and come from `decks` copies of the deck: the calling browser's deck and chart "
        "from Settings (the 51-card deck and the default Penalty Stroke Chart for a caller without "
        "Settings); `deck`, `penalty_chart` and `beyond` replace them.",
        "ClubTallyRequest",
        "ClubTally",
        CLUB_EXAMPLES,
        ["Tally"],
    )
