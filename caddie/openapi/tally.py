"""The Tally area of the OpenAPI document: scoring a finished hand.

The shared game schemas (cards, Grid Golf rules, decks, yardages, the penalty
chart), the tally requests and answers, their replayable examples and the two
``/api/v1/tally`` operations.
"""

from __future__ import annotations

from typing import Any

from caddie.core.clubs.scoring import HAND_SIZE, MAX_YARDAGE
from caddie.core.grid.cards import RANKS
from caddie.core.grid.rules import ENDS, GRID_SIZES, NEGATIVE_PAIRS, NEGATIVES, PRESETS
from caddie.core.limits import MAX_DECKS
from caddie.openapi.registry import SCHEMAS, Schema, error_example, json_operation, operation, ref, rules_example

# -- schemas --------------------------------------------------------------------

_RULE_PROPERTIES: dict[str, Schema] = {
    "cards": {"type": "integer", "enum": list(GRID_SIZES), "description": "Grid size: 2 rows of 2 to 5 columns."},
    "king": {"type": "integer", "enum": [0, 10], "description": "Points of a King."},
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
        "type": "boolean",
        "description": "Discarding a card drawn from the deck forces a face-down card up.",
    },
    "initial_flips": {
        "type": "integer",
        "minimum": 0,
        "maximum": 2,
        "description": "Cards each player turns up after the deal.",
    },
    "holes": {"type": "integer", "minimum": 1, "maximum": 18, "description": "Match length."},
}

SCHEMAS.update(
    {
        "CardCode": {"type": "string", "enum": list(RANKS), "description": "A canonical card code; JK is a joker."},
        "TypedCard": {
            "type": "string",
            "description": "A card as typed. Input is forgiving: any case, surrounding spaces, `T` for 10, "
            "`X`, `*` or `JOKER` for a joker, `1` or `ACE` for an Ace.",
            "examples": ["K", "10", "t", " q ", "JK", "x"],
        },
        "Rules": {
            "type": "object",
            "description": "The Grid Golf rules in force (DESIGN.md section 2).",
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
                    "description": "Every card of the finished grid, top row left to right then bottom row. "
                    "None may be missing, and there must be exactly `rules.cards` of them.",
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
                "bottom": ref("CardCode"),
                "matched": {"type": "boolean", "description": "The two cards share a rank."},
                "points": {"type": "integer", "description": "What the column scores."},
            },
        },
        "GridTally": {
            "type": "object",
            "required": ["score", "columns", "rules"],
            "additionalProperties": False,
            "properties": {
                "score": {"type": "integer", "description": "The grid's score: the sum of its columns."},
                "columns": {
                    "type": "array",
                    "items": ref("ColumnScore"),
                    "minItems": min(GRID_SIZES) // 2,
                    "maxItems": max(GRID_SIZES) // 2,
                    "description": "Left to right.",
                },
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
                    "of DESIGN.md section 3).",
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
    return {"top": top, "bottom": bottom, "matched": top == bottom, "points": points}


GRID_EXAMPLES: dict[str, tuple[str, dict, int, dict]] = {
    "standard": (
        "A six-card grid under the standard rules",
        {"cards": ["K", "5", "7", "K", "3", "9"], "preset": "standard"},
        200,
        {
            "score": 24,
            "columns": [_column("K", "K", 0), _column("5", "3", 8), _column("7", "9", 16)],
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
            "rules": rules_example(cards=4, negative_pairs="keep"),
        },
    ),
    "two_decks": (
        "Six Queens can only come from two decks",
        {"cards": ["Q", "Q", "Q", "Q", "Q", "Q"], "decks": 2},
        200,
        {"score": 0, "columns": [_column("Q", "Q", 0)] * 3, "rules": rules_example()},
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
        error_example("A King is worth 0 or 10 points.", "rules.king"),
    ),
    "unknown_preset": (
        "A preset that does not exist",
        {"cards": ["K", "5", "7", "K", "3", "9"], "preset": "house"},
        400,
        error_example('"house" is not a preset; choose standard, classic or bicycle.', "preset"),
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
