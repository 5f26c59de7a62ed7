"""The OpenAPI 3.1 document of the JSON API v1 (DESIGN.md section 5).

The document is built from plain dicts each time it is asked for. To document
a new endpoint, add its schemas to ``SCHEMAS`` (or a function that fills it)
and register a builder with ``@operation(path, method)`` that returns the
OpenAPI operation object; ``json_operation`` builds the usual shape. Choices
(card codes, rules values, presets, yardage limits) come from ``caddie.core``
so the document cannot drift from what the code accepts.

Examples are named: a request example called ``x`` answers with the response
example called ``x``, under ``200`` or ``400``. The test suite sends every
request example and checks that the documented answer comes back.
"""

from __future__ import annotations

import copy
from typing import Any, Callable

from caddie.core.cards import RANKS
from caddie.core.clubs import DEFAULT_DECK, HAND_SIZE, MAX_YARDAGE
from caddie.core.courses import SAMPLE_COURSES
from caddie.core.export_format import MAX_BYTES as MAX_IMPORT_BYTES
from caddie.core.ledger import HOLE_COUNTS, MAX_PLAYERS, SCORE_RANGE
from caddie.core.rules import ENDS, GRID_SIZES, NEGATIVE_PAIRS, NEGATIVES, PRESETS

API_VERSION = "1.0.0"
MAX_DECKS = 4

Schema = dict[str, Any]


def ref(name: str) -> Schema:
    return {"$ref": f"#/components/schemas/{name}"}


# -- schemas --------------------------------------------------------------------

_RULE_PROPERTIES: dict[str, Schema] = {
    "cards": {"type": "integer", "enum": list(GRID_SIZES),
              "description": "Grid size: 2 rows of 2 to 5 columns."},
    "king": {"type": "integer", "enum": [0, 10], "description": "Points of a King."},
    "negatives": {"type": "string", "enum": list(NEGATIVES),
                  "description": "Which cards score -2. `twos`: no jokers in the deck. `jokers`: two jokers "
                                 "per deck and 2s score 2. `both`: 2s and jokers score -2."},
    "negative_pairs": {"type": "string", "enum": list(NEGATIVE_PAIRS),
                       "description": "A matched column of -2 cards scores 0 (`zero`) or keeps its -4 (`keep`)."},
    "end": {"type": "string", "enum": list(ENDS),
            "description": "The hole ends at once when a player's last card is up, or everyone else gets "
                           "a final turn."},
    "discard_flip": {"type": "boolean",
                     "description": "Discarding a card drawn from the deck forces a face-down card up."},
    "initial_flips": {"type": "integer", "minimum": 0, "maximum": 2,
                      "description": "Cards each player turns up after the deal."},
    "holes": {"type": "integer", "minimum": 1, "maximum": 18, "description": "Match length."},
}

_ERROR_FIELD_NOTE = ("The request field at fault, as a path into the body (`cards`, `cards[2]`, `rules.king`, "
                     "`penalty_chart[1].strokes`), or null when the body as a whole is wrong.")

SCHEMAS: dict[str, Schema] = {
    "Error": {
        "type": "object",
        "description": "Every input error answers 400 with this body; it is never a 500.",
        "required": ["error", "field"],
        "additionalProperties": False,
        "properties": {
            "error": {"type": "string", "description": "A sentence a player understands."},
            "field": {"type": ["string", "null"], "description": _ERROR_FIELD_NOTE},
        },
    },
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
    "Decks": {"type": "integer", "minimum": 1, "maximum": MAX_DECKS, "default": 1,
              "description": "How many decks are shuffled together at the table; a hand cannot hold more "
                             "copies of a card than they contain."},
    "GridTallyRequest": {
        "type": "object",
        "required": ["cards"],
        "additionalProperties": False,
        "properties": {
            "cards": {"type": "array", "items": ref("TypedCard"), "minItems": min(GRID_SIZES),
                      "maxItems": max(GRID_SIZES),
                      "description": "Every card of the finished grid, top row left to right then bottom row. "
                                     "None may be missing, and there must be exactly `rules.cards` of them."},
            "preset": {"type": "string", "enum": list(PRESETS), "default": "standard",
                       "description": "The rules to start from."},
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
            "columns": {"type": "array", "items": ref("ColumnScore"), "minItems": min(GRID_SIZES) // 2,
                        "maxItems": max(GRID_SIZES) // 2, "description": "Left to right."},
            "rules": ref("Rules"),
        },
    },
    "Yardage": {"type": "integer", "minimum": 1, "maximum": MAX_YARDAGE,
                "description": "A hole's yardage from the course scorecard."},
    "PenaltyBand": {
        "type": "object",
        "required": ["up_to", "strokes"],
        "additionalProperties": False,
        "properties": {
            "up_to": {"type": "integer", "minimum": 0,
                      "description": "Going over by up to this many yards (and more than the band before)..."},
            "strokes": {"type": "integer", "minimum": 0, "maximum": 20, "description": "...costs these strokes."},
        },
    },
    "ClubTallyRequest": {
        "type": "object",
        "required": ["yardage", "cards"],
        "additionalProperties": False,
        "properties": {
            "yardage": ref("Yardage"),
            "cards": {"type": "array", "minItems": 1, "items": {"type": "integer"},
                      "description": "The yardage cards played on the hole, in any order. They must reach "
                                     "the yardage and be in the deck."},
            "decks": ref("Decks"),
            "deck": {"type": "array", "minItems": HAND_SIZE,
                     "items": {"type": "integer", "minimum": 1, "maximum": 400},
                     "description": "The table's own deck, one entry per card (default: the 51-card deck "
                                    "of DESIGN.md section 3)."},
            "penalty_chart": {"type": "array", "minItems": 1, "items": ref("PenaltyBand"),
                              "description": "The table's own Penalty Stroke Chart, starting with the band for "
                                             "0 yards over; limits rise and strokes never fall."},
            "beyond": {"type": "integer", "minimum": 0, "maximum": 20,
                       "description": "Strokes for going over by more than the last band (default 5)."},
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


# -- ledger schemas (DESIGN.md section 4) ----------------------------------------

_NULLABLE_INT: Schema = {"type": ["integer", "null"]}
_GRID_LOW, _GRID_HIGH = SCORE_RANGE["grid"]
_CLUB_LOW, _CLUB_HIGH = SCORE_RANGE["clubs"]
_SCORE_NOTE = (f"A hole's score: a Grid Golf hole scores {_GRID_LOW} to {_GRID_HIGH}, a Club Cards hole "
               f"{_CLUB_LOW} to {_CLUB_HIGH}.")

SCHEMAS.update({
    "CourseHole": {
        "type": "object",
        "required": ["yardage", "par"],
        "additionalProperties": False,
        "properties": {"yardage": ref("Yardage"), "par": {"type": "integer", "minimum": 2, "maximum": 6}},
    },
    "Course": {
        "type": "object",
        "description": "A course scorecard of your own: 9 or 18 holes (not 10 to 17).",
        "required": ["name", "holes"],
        "additionalProperties": False,
        "properties": {
            "name": {"type": "string", "description": "1 to 60 characters."},
            "tee": {"type": "string", "default": "", "description": "Up to 24 characters, such as White."},
            "holes": {"type": "array", "items": ref("CourseHole"), "minItems": 9, "maxItems": 18,
                      "description": "Hole 1 first."},
        },
    },
    "CourseChoice": {
        "description": "The key of a sample course, the key of a course this browser saved on /courses "
                       "(\"mine:<id>\"), or a course of your own.",
        "anyOf": [{"type": "string", "enum": list(SAMPLE_COURSES)},
                  {"type": "string", "pattern": "^mine:[A-Za-z0-9_-]{1,32}$"}, ref("Course")],
    },
    "RoundCourse": {
        "type": "object",
        "description": "The course the round is played on, as it was when the round was dealt.",
        "required": ["name", "tee", "sample", "holes"],
        "additionalProperties": False,
        "properties": {
            "name": {"type": "string"},
            "tee": {"type": "string"},
            "sample": {"type": "boolean", "description": "One of the invented sample courses."},
            "holes": {"type": "array", "items": ref("CourseHole"), "minItems": 9, "maxItems": 18},
        },
    },
    "ClubRules": {
        "type": "object",
        "description": "The Club Cards deck and Penalty Stroke Chart in force (DESIGN.md section 3).",
        "required": ["deck", "penalty_chart", "beyond"],
        "additionalProperties": False,
        "properties": {
            "deck": {"type": "array", "minItems": HAND_SIZE, "items": {"type": "integer", "minimum": 1,
                                                                      "maximum": 400}},
            "penalty_chart": {"type": "array", "minItems": 1, "items": ref("PenaltyBand")},
            "beyond": {"type": "integer", "minimum": 0, "maximum": 20},
        },
    },
    "CreateRoundRequest": {
        "type": "object",
        "required": ["players"],
        "additionalProperties": False,
        "properties": {
            "players": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": MAX_PLAYERS,
                        "description": "Names in seat order: 1 to 24 characters each, no two alike (case "
                                       "aside). Spaces are tidied."},
            "holes": {"type": "integer", "enum": list(HOLE_COUNTS),
                      "description": "Default: 18 for Grid Golf, the course's length for Club Cards."},
            "game": {"type": "string", "enum": list(SCORE_RANGE), "default": "grid",
                     "description": "`grid` (Grid Golf) or `clubs` (Club Cards)."},
            "preset": {"type": "string", "enum": list(PRESETS),
                       "description": "Grid Golf only. The rules to start from; without `preset` and `rules` "
                                      "the round takes the calling browser's saved Settings (the defaults for "
                                      "a new client)."},
            "rules": ref("RulesOverrides"),
            "course": ref("CourseChoice"),
            "played_on": {"type": "string", "format": "date", "description": "YYYY-MM-DD; default today.",
                          "examples": ["2025-06-14"]},
        },
    },
    "PlayerLine": {
        "type": "object",
        "description": "One row of the scorecard. Blank holes are not zero: they are not played yet.",
        "required": ["name", "scores", "versions", "out", "in", "total", "thru", "delta", "delta_text",
                     "leader", "vs_par"],
        "additionalProperties": False,
        "properties": {
            "name": {"type": "string"},
            "scores": {"type": "array", "items": _NULLABLE_INT, "minItems": min(HOLE_COUNTS),
                       "maxItems": max(HOLE_COUNTS), "description": "Hole 1 first; null = not entered."},
            "versions": {"type": "array", "items": {"type": "integer", "minimum": 0},
                         "minItems": min(HOLE_COUNTS), "maxItems": max(HOLE_COUNTS),
                         "description": "Each cell's version, hole 1 first (0 = never written): send it back "
                                        "in `versions` to write without overwriting a score you never saw."},
            "out": dict(_NULLABLE_INT, description="Holes 1-9 entered, summed; null before the first."),
            "in": dict(_NULLABLE_INT, description="Holes 10-18 likewise; always null on a 9-hole round."),
            "total": dict(_NULLABLE_INT, description="Every hole entered, summed; null before the first."),
            "thru": {"type": "integer", "minimum": 0, "maximum": max(HOLE_COUNTS),
                     "description": "How many holes this player has entered."},
            "delta": dict(_NULLABLE_INT, description="Total minus the leader's total (the lowest)."),
            "delta_text": {"type": "string", "description": "Delta as the card shows it: E, +3, or \u2013 "
                                                            "before the first hole."},
            "leader": {"type": "boolean", "description": "Has the lowest total (shared on a tie)."},
            "vs_par": dict(_NULLABLE_INT, description="Club Cards: total minus the par of the holes entered. "
                                                      "Null for Grid Golf."),
        },
    },
    "Round": {
        "type": "object",
        "description": "A round's scorecard and standings (DESIGN.md section 4).",
        "required": ["id", "game", "holes", "played_on", "version", "rules", "course", "complete", "winners",
                     "players"],
        "additionalProperties": False,
        "properties": {
            "id": {"type": "string", "description": "The round's unguessable id."},
            "game": {"type": "string", "enum": list(SCORE_RANGE)},
            "holes": {"type": "integer", "enum": list(HOLE_COUNTS)},
            "played_on": {"type": "string", "format": "date"},
            "version": {"type": "integer", "minimum": 1,
                        "description": "Grows with every write; also the ETag, for `If-Match`."},
            "rules": {"description": "`Rules` for Grid Golf, `ClubRules` for Club Cards.",
                      "anyOf": [ref("Rules"), ref("ClubRules")]},
            "course": {"description": "Club Cards: the course; null for Grid Golf.",
                       "anyOf": [ref("RoundCourse"), {"type": "null"}]},
            "complete": {"type": "boolean", "description": "Every player has every hole entered."},
            "winners": {"type": "array", "items": {"type": "string"},
                        "description": "Once complete, the players sharing the lowest total; empty before."},
            "players": {"type": "array", "items": ref("PlayerLine"), "minItems": 1, "maxItems": MAX_PLAYERS},
        },
    },
    "RoundLinks": {
        "type": "object",
        "required": ["page", "share", "edit", "api"],
        "additionalProperties": False,
        "properties": {
            "page": {"type": "string", "description": "The scorecard page, for the owner's browser."},
            "share": {"type": "string", "description": "A read-only page for anyone with the link."},
            "edit": {"type": "string", "description": "Opening it lets a second scorekeeper's browser write."},
            "api": {"type": "string", "description": "This round in the API."},
        },
    },
    "CreatedRound": {
        "type": "object",
        "required": ["round", "edit_token", "share_token", "links"],
        "additionalProperties": False,
        "properties": {
            "round": ref("Round"),
            "edit_token": {"type": "string", "description": "`Authorization: Bearer` with it reads and writes "
                                                            "the round from any client. Keep it secret."},
            "share_token": {"type": "string", "description": "`Authorization: Bearer` with it only reads."},
            "links": ref("RoundLinks"),
        },
    },
    "HoleScoresRequest": {
        "type": "object",
        "required": ["scores"],
        "additionalProperties": False,
        "properties": {
            "scores": {"type": "object", "additionalProperties": _NULLABLE_INT,
                       "description": f"Player name (case and spaces aside) to score; null clears the cell. "
                                      f"{_SCORE_NOTE} At least one player. All or nothing: one bad entry and "
                                      f"nothing is written."},
            "versions": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0},
                         "description": "Player name to the version of this hole's cell you saw (`versions` in "
                                        "the round; 0 = it was blank). A cell whose version has moved on is "
                                        "refused with 409 instead of overwriting a score you never saw. A "
                                        "score sent without a version is written blind, unless the request "
                                        "has an `If-Match`."},
        },
    },
    "StaleRound": {
        "type": "object",
        "description": "The write was refused because the round moved on; here is the round as it is now.",
        "required": ["error", "field", "round"],
        "additionalProperties": False,
        "properties": {
            "error": {"type": "string", "description": "A sentence a player understands."},
            "field": {"type": ["string", "null"]},
            "round": ref("Round"),
        },
    },
})


# -- examples -------------------------------------------------------------------

def _rules(**changes: Any) -> dict[str, Any]:
    # Written out rather than computed, so the test that replays the examples checks the code.
    base = {"cards": 6, "king": 10, "negatives": "twos", "negative_pairs": "zero", "end": "immediate",
            "discard_flip": False, "initial_flips": 2, "holes": 9}
    base.update(changes)
    return base


def _column(top: str, bottom: str, points: int) -> dict[str, Any]:
    return {"top": top, "bottom": bottom, "matched": top == bottom, "points": points}


def _error(message: str, field: str | None) -> dict[str, Any]:
    return {"error": message, "field": field}


GRID_EXAMPLES: dict[str, tuple[str, dict, int, dict]] = {
    "standard": (
        "A six-card grid under the standard rules",
        {"cards": ["K", "5", "7", "K", "3", "9"], "preset": "standard"},
        200,
        {"score": 24, "columns": [_column("K", "K", 0), _column("5", "3", 8), _column("7", "9", 16)],
         "rules": _rules()},
    ),
    "forgiving_input": (
        "Typed loosely, classic preset with jokers in play; the answer uses canonical codes",
        {"cards": ["k", " 2", "t", "K", "2", "x"], "preset": "classic", "rules": {"negatives": "both"}},
        200,
        {"score": 8, "columns": [_column("K", "K", 0), _column("2", "2", 0), _column("10", "JK", 8)],
         "rules": _rules(king=0, negatives="both")},
    ),
    "kept_negative_pairs": (
        "Four cards, a pair of 2s keeping its -4",
        {"cards": ["2", "Q", "2", "A"], "rules": {"cards": 4, "negative_pairs": "keep"}},
        200,
        {"score": 7, "columns": [_column("2", "2", -4), _column("Q", "A", 11)],
         "rules": _rules(cards=4, negative_pairs="keep")},
    ),
    "two_decks": (
        "Six Queens can only come from two decks",
        {"cards": ["Q", "Q", "Q", "Q", "Q", "Q"], "decks": 2},
        200,
        {"score": 0, "columns": [_column("Q", "Q", 0)] * 3, "rules": _rules()},
    ),
    "unknown_card": (
        "A card that is not a card",
        {"cards": ["K", "5", "7", "K", "3", "Z"]},
        400,
        _error('"Z" is not a card: use A, 2-10, J, Q, K or JK for a joker.', "cards[5]"),
    ),
    "missing_card": (
        "A tallied grid is finished: every card must be entered",
        {"cards": ["K", "5", None, "K", "3", "9"]},
        400,
        _error("Card 3 is missing: a tallied grid is finished, so enter every card.", "cards[2]"),
    ),
    "wrong_count": (
        "Four cards under six-card rules",
        {"cards": ["K", "5", "7", "K"]},
        400,
        _error("This grid has 4 cards, but the rules in force deal 6: enter every card, "
               "top row then bottom row.", "cards"),
    ),
    "joker_not_in_play": (
        "A joker when only 2s score -2",
        {"cards": ["JK", "5", "7", "K", "3", "9"]},
        400,
        _error("Jokers are not in play under these rules (only 2s score \u22122).", "cards"),
    ),
    "too_many_copies": (
        "More Kings than one deck holds",
        {"cards": ["K", "K", "K", "K", "K", "K"]},
        400,
        _error("6 Kings, but one deck holds only 4.", "cards"),
    ),
    "invalid_rule": (
        "A rules value the game does not have",
        {"cards": ["K", "5", "7", "K", "3", "9"], "rules": {"king": 5}},
        400,
        _error("A King is worth 0 or 10 points.", "rules.king"),
    ),
    "unknown_preset": (
        "A preset that does not exist",
        {"cards": ["K", "5", "7", "K", "3", "9"], "preset": "house"},
        400,
        _error('"house" is not a preset; choose standard, classic or bicycle.', "preset"),
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
        {"yardage": 100, "cards": [110], "penalty_chart": [{"up_to": 0, "strokes": 0}, {"up_to": 5, "strokes": 1}],
         "beyond": 3},
        200,
        {"strokes": 1, "total": 110, "over": 10, "penalty": 3, "score": 4},
    ),
    "short": (
        "The cards do not reach the hole",
        {"yardage": 412, "cards": [250, 160]},
        400,
        _error("These cards reach 410 yards, 2 short of the hole's 412: keep playing cards until you reach it.",
               "cards"),
    ),
    "not_in_deck": (
        "A yardage the deck does not have",
        {"yardage": 240, "cards": [251]},
        400,
        _error("There is no 251-yard card in the deck in use.", "cards"),
    ),
    "too_many_copies": (
        "The same card twice from one deck",
        {"yardage": 412, "cards": [250, 250]},
        400,
        _error("2 cards of 250 yards, but one deck holds it only once.", "cards"),
    ),
    "yardage_out_of_range": (
        "A yardage no hole has",
        {"yardage": 0, "cards": [3]},
        400,
        _error(f"A hole's yardage is between 1 and {MAX_YARDAGE} yards.", "yardage"),
    ),
    "yardage_as_text": (
        "A number sent as text",
        {"yardage": "412", "cards": [250, 160, 3]},
        400,
        _error("The hole's yardage is a whole number of yards.", "yardage"),
    ),
}


# Ledger examples: one round, its id and tokens invented. Replaying them, the test
# creates the round of ``grid_nine`` and sends each hole example to its hole 1.
EXAMPLE_ROUND_ID = "Yq3kP0sV9mWb2cXe"
EXAMPLE_EDIT_TOKEN = "Zk8t2mQv5XbN0rLs7HcW4pJd9EyFg1Ua"
EXAMPLE_SHARE_TOKEN = "Rw4nD8sK2vLq6TbM0cYx5HjP"
EXAMPLE_DATE = "2025-06-14"
_BLANK9 = [None] * 9


def _line(name: str, scores: list, out: int | None = None, total: int | None = None, delta: int | None = None,
          delta_text: str = "\u2013", leader: bool = False, vs_par: int | None = None) -> dict[str, Any]:
    """A player's row on a 9-hole card where every entered cell was written once."""
    return {"name": name, "scores": scores, "versions": [0 if s is None else 1 for s in scores],
            "out": out, "in": None, "total": total, "thru": sum(s is not None for s in scores),
            "delta": delta, "delta_text": delta_text, "leader": leader, "vs_par": vs_par}


def _round(players: list, version: int = 1, game: str = "grid", rules: dict | None = None,
           course: dict | None = None) -> dict[str, Any]:
    return {"id": EXAMPLE_ROUND_ID, "game": game, "holes": 9, "played_on": EXAMPLE_DATE, "version": version,
            "rules": rules or _rules(), "course": course, "complete": False, "winners": [], "players": players}


def _created(round_: dict[str, Any]) -> dict[str, Any]:
    return {"round": round_, "edit_token": EXAMPLE_EDIT_TOKEN, "share_token": EXAMPLE_SHARE_TOKEN,
            "links": {"page": f"/ledger/r/{EXAMPLE_ROUND_ID}", "share": f"/ledger/s/{EXAMPLE_SHARE_TOKEN}",
                      "edit": f"/ledger/e/{EXAMPLE_EDIT_TOKEN}", "api": f"/api/v1/rounds/{EXAMPLE_ROUND_ID}"}}


def _holes(rows: str) -> list[dict[str, int]]:
    return [{"yardage": int(y), "par": int(p)} for y, p in (pair.split("/") for pair in rows.split())]


_CLUB_RULES = {"deck": list(DEFAULT_DECK),
               "penalty_chart": [{"up_to": 0, "strokes": 0}, {"up_to": 10, "strokes": 1}, {"up_to": 25, "strokes": 2},
                                 {"up_to": 50, "strokes": 3}, {"up_to": 100, "strokes": 4}],
               "beyond": 5}
_CEDAR_NINE = {"name": "Cedar Nine", "tee": "Red", "sample": True,
               "holes": _holes("310/4 142/3 455/5 298/4 126/3 335/4 402/5 274/4 155/3")}
_HOME_NINE = {"name": "Home Nine", "tee": "Yellow",
              "holes": _holes("320/4 150/3 480/5 300/4 140/3 350/4 410/4 290/4 170/3")}

_GRID_NINE = _round([_line("Ann", _BLANK9), _line("Bo", _BLANK9), _line("Cy", _BLANK9)], rules=_rules(king=0))
_FIRST_HOLE = _round([_line("Ann", [5] + _BLANK9[1:], out=5, total=5, delta=7, delta_text="+7"),
                      _line("Bo", [-2] + _BLANK9[1:], out=-2, total=-2, delta=0, delta_text="E", leader=True),
                      _line("Cy", [12] + _BLANK9[1:], out=12, total=12, delta=14, delta_text="+14")],
                     version=2, rules=_rules(king=0))
_STALE = ("Someone else changed Ann on hole 1 a moment ago, so your entry was not saved. "
          "The card below is up to date: check it, then enter your score again.")
_MOVED_ON = ("The round changed since you last loaded it, so your entry was not saved. "
             "The card below is up to date: check it, then enter your score again.")

ROUND_EXAMPLES: dict[str, tuple[str, dict, int, dict]] = {
    "grid_nine": (
        "Nine holes of Grid Golf under the classic rules",
        {"players": ["Ann", "Bo", "Cy"], "holes": 9, "game": "grid", "preset": "classic", "played_on": EXAMPLE_DATE},
        201,
        _created(_GRID_NINE),
    ),
    "clubs_sample": (
        "Club Cards on a sample course; the round is as long as the course",
        {"players": ["Ann", "Bo"], "game": "clubs", "course": "cedar-nine", "played_on": EXAMPLE_DATE},
        201,
        _created(_round([_line("Ann", _BLANK9), _line("Bo", _BLANK9)], game="clubs", rules=_CLUB_RULES,
                        course=_CEDAR_NINE)),
    ),
    "clubs_own_course": (
        "Club Cards on a course of your own",
        {"players": ["Ann"], "holes": 9, "game": "clubs", "course": _HOME_NINE, "played_on": EXAMPLE_DATE},
        201,
        _created(_round([_line("Ann", _BLANK9)], game="clubs", rules=_CLUB_RULES,
                        course=dict(_HOME_NINE, sample=False))),
    ),
    "no_players": (
        "Nobody to play",
        {"game": "grid", "holes": 9},
        400,
        _error('Name the players as a list, such as ["Ann", "Bo"].', "players"),
    ),
    "same_name": (
        "Two players with one name",
        {"players": ["Ann", "ann"], "holes": 9},
        400,
        _error('Two players are called "ann": give each a different name.', "players"),
    ),
    "twelve_holes": (
        "A length a round does not have",
        {"players": ["Ann", "Bo"], "holes": 12},
        400,
        _error("A round is 9 or 18 holes.", "holes"),
    ),
    "course_for_grid": (
        "A course sent for Grid Golf",
        {"players": ["Ann", "Bo"], "course": "cedar-nine"},
        400,
        _error("A Grid Golf round has no course: courses are for Club Cards.", "course"),
    ),
    "clubs_short_course": (
        "Eighteen holes on a nine-hole course",
        {"players": ["Ann", "Bo"], "game": "clubs", "holes": 18, "course": "cedar-nine"},
        400,
        _error("Cedar Nine has only 9 holes; choose 9 holes or another course.", "holes"),
    ),
    "unknown_course": (
        "A sample course that does not exist",
        {"players": ["Ann"], "game": "clubs", "course": "augusta"},
        400,
        _error('"augusta" is not a sample course; choose whistling-pines, harbour-links or cedar-nine, or send '
               "your own course.", "course"),
    ),
}

HOLE_EXAMPLES: dict[str, tuple[str, dict, int, dict]] = {
    "first_hole": (
        "Everyone's score for hole 1, written blind",
        {"scores": {"Ann": 5, "Bo": -2, "Cy": 12}},
        200,
        _FIRST_HOLE,
    ),
    "with_versions": (
        "One score, written only if the cell is still blank (version 0)",
        {"scores": {"Ann": 4}, "versions": {"Ann": 0}},
        200,
        _round([_line("Ann", [4] + _BLANK9[1:], out=4, total=4, delta=0, delta_text="E", leader=True),
                _line("Bo", _BLANK9), _line("Cy", _BLANK9)], version=2, rules=_rules(king=0)),
    ),
    "stale_version": (
        "Ann's cell is not at the version the writer saw: nothing is written",
        {"scores": {"Ann": 4, "Bo": 6}, "versions": {"Ann": 2, "Bo": 0}},
        409,
        dict(_error(_STALE, "scores"), round=_GRID_NINE),
    ),
    "unknown_player": (
        "A name that is not at the table",
        {"scores": {"Ann": 5, "Dee": 3}},
        400,
        _error('"Dee" is not playing in this round; the players are Ann, Bo and Cy.', "scores.Dee"),
    ),
    "out_of_range": (
        "More than a Grid Golf hole can score",
        {"scores": {"Ann": 101}},
        400,
        _error("A Grid Golf hole scores from \u221220 to 100.", "scores.Ann"),
    ),
    "score_as_text": (
        "A number sent as text",
        {"scores": {"Ann": "5"}},
        400,
        _error("A Grid Golf hole scores from \u221220 to 100.", "scores.Ann"),
    ),
    "no_scores": (
        "Nothing to write",
        {"scores": {}},
        400,
        _error('Send the scores for this hole by player name, such as {"scores": {"Ann": 5, "Bo": -2}}; '
               "null clears a score.", "scores"),
    ),
}

NO_ROUND_EXAMPLE = _error("There is no round at this address.", None)
READ_ONLY_EXAMPLE = _error("This link lets you follow the round but not change it: ask the scorekeeper for the "
                           "edit link, or send its edit token.", None)
MOVED_ON_EXAMPLE = dict(_error(_MOVED_ON, None), round=_FIRST_HOLE)


# -- operations -----------------------------------------------------------------

OperationBuilder = Callable[[], dict[str, Any]]
_OPERATIONS: list[tuple[str, str, OperationBuilder]] = []


def operation(path: str, method: str) -> Callable[[OperationBuilder], OperationBuilder]:
    """Register a builder of the operation object for ``method`` on ``path``."""
    def register(builder: OperationBuilder) -> OperationBuilder:
        _OPERATIONS.append((path, method.lower(), builder))
        return builder
    return register


def json_operation(operation_id: str, summary: str, description: str, request_schema: str,
                   response_schema: str, examples: dict[str, tuple[str, dict, int, dict]],
                   tags: list[str]) -> dict[str, Any]:
    """A JSON-in, JSON-out operation answering 200 or a 400 ``Error``, with paired named examples."""
    def by_status(status: int) -> dict[str, Any]:
        return {name: {"summary": summary_, "value": copy.deepcopy(response)}
                for name, (summary_, _, code, response) in examples.items() if code == status}

    return {
        "operationId": operation_id,
        "summary": summary,
        "description": description,
        "tags": tags,
        "requestBody": {
            "required": True,
            "content": {"application/json": {
                "schema": ref(request_schema),
                "examples": {name: {"summary": summary_, "value": copy.deepcopy(request)}
                             for name, (summary_, request, _, _) in examples.items()},
            }},
        },
        "responses": {
            "200": {"description": "The score, worked out.",
                    "content": {"application/json": {"schema": ref(response_schema),
                                                     "examples": by_status(200)}}},
            "400": {"description": "The request is not something a player could have on the table; the "
                                   "message says why and `field` says where.",
                    "content": {"application/json": {"schema": ref("Error"), "examples": by_status(400)}}},
            "405": {"$ref": "#/components/responses/MethodNotAllowed"},
        },
    }


@operation("/api/v1/tally/grid", "post")
def _tally_grid() -> dict[str, Any]:
    return json_operation(
        "tallyGrid", "Score a finished Grid Golf hand",
        "Scores a finished grid column by column. `rules` fields override the `preset` (default `standard`). "
        "Cards are read forgivingly and answered in canonical codes. Refused: a missing card, a count other "
        "than `rules.cards`, a joker when jokers are not in play, more copies of a card than `decks` decks hold.",
        "GridTallyRequest", "GridTally", GRID_EXAMPLES, ["Tally"])


@operation("/api/v1/tally/clubs", "post")
def _tally_clubs() -> dict[str, Any]:
    return json_operation(
        "tallyClubs", "Score a Club Cards hole",
        "Hole score = cards played + penalty strokes for the yards past the hole's yardage. The cards must "
        "reach the yardage and come from `decks` copies of the deck: the calling browser's deck and chart "
        "from Settings (the 51-card deck and the default Penalty Stroke Chart for a caller without "
        "Settings); `deck`, `penalty_chart` and `beyond` replace them.",
        "ClubTallyRequest", "ClubTally", CLUB_EXAMPLES, ["Tally"])


SCHEMAS.update({
    "CaddieGridRequest": {
        "type": "object",
        "description": "What a player at the table knows (DESIGN.md section 5): `rules`/`preset`, `grid` "
                       "(codes, null where face down), `discard` (the top card), optional `discard_pile` "
                       "(oldest first), `opponents` (their grids), `deck_size`, `final_turn`, and `drawn` with "
                       "`drawn_from` (`deck` or `discard`) once a card is drawn.",
        "required": ["grid"],
        "properties": {
            "rules": ref("RulesOverrides"), "preset": {"type": "string", "enum": sorted(PRESETS)},
            "grid": {"type": "array", "items": {"anyOf": [ref("TypedCard"), {"type": "null"}]}},
            "discard": {"anyOf": [ref("TypedCard"), {"type": "null"}]},
            "discard_pile": {"type": "array", "items": ref("TypedCard")},
            "opponents": {"type": "array", "items": {"type": "array",
                                                      "items": {"anyOf": [ref("TypedCard"), {"type": "null"}]}}},
            "deck_size": {"type": "integer", "minimum": 0},
            "final_turn": {"type": "boolean"},
            "drawn": {"anyOf": [ref("TypedCard"), {"type": "null"}]},
            "drawn_from": {"type": "string", "enum": ["deck", "discard"]},
        },
    },
    "CaddieGridAdvice": {
        "type": "object",
        "required": ["action", "expected_score", "explanation"],
        "properties": {
            "action": {"type": "string", "enum": ["flip", "take_discard", "draw", "swap", "discard"]},
            "position": {"type": ["integer", "null"]},
            "positions": {"type": ["array", "null"], "items": {"type": "integer"}},
            "flip": {"type": ["integer", "null"]},
            "expected_score": {"type": "number"},
            "explanation": {"type": "string"},
            "alternatives": {"type": "array", "items": {"type": "object"}},
        },
    },
    "CaddieClubsRequest": {
        "type": "object",
        "required": ["yardage", "hand"],
        "properties": {
            "yardage": ref("Yardage"),
            "hand": {"type": "array", "items": {"type": "integer"}},
            "upcoming": {"type": "array", "items": {"type": "integer"}},
            "decks": ref("Decks"),
        },
    },
    "CaddieClubsAdvice": {
        "type": "object",
        "required": ["play", "strokes", "total", "over", "penalty", "score", "explanation"],
        "properties": {
            "play": {"type": "array", "items": {"type": "integer"}},
            "strokes": {"type": "integer"}, "total": {"type": "integer"}, "over": {"type": "integer"},
            "penalty": {"type": "integer"}, "score": {"type": "integer"},
            "explanation": {"type": "string"},
            "alternatives": {"type": "array", "items": {"type": "object"}},
        },
    },
})


@operation("/api/v1/caddie/grid", "post")
def _caddie_grid() -> dict[str, Any]:
    return json_operation(
        "caddieGrid", "Ask the caddie for one Grid Golf decision",
        "Which cards to turn up after the deal, take the discard or draw, where a drawn card goes or whether "
        "to discard it, and which card a forced flip turns. Decided from the player's own view only; the "
        "answer explains itself with the expected hole score of the move and of the best alternatives. "
        "The same function is importable as `caddie.advisor.advise(view)`.",
        "CaddieGridRequest", "CaddieGridAdvice", {}, ["Caddie"])


@operation("/api/v1/caddie/clubs", "post")
def _caddie_clubs() -> dict[str, Any]:
    return json_operation(
        "caddieClubs", "Ask the caddie for a Club Cards play",
        "Without `upcoming` the play has the lowest possible score for this hole; with the yardages of the "
        "holes to come it weighs this hole against the hand it leaves, estimating the draws by simulation. "
        "The deck and the chart are the calling browser's from Settings (the printed ones without).",
        "CaddieClubsRequest", "CaddieClubsAdvice", {}, ["Caddie"])


_LEDGER_SECURITY = [{"bearerAuth": []}, {"browserSession": []}]
_ETAG_HEADER = {"ETag": {"description": "The round's `version`, quoted: send it back in `If-Match`.",
                         "schema": {"type": "string"}}}
_ROUND_ID = {"name": "round_id", "in": "path", "required": True, "schema": {"type": "string"},
             "description": "The round's `id`.", "example": EXAMPLE_ROUND_ID}


def _examples(examples: dict[str, tuple[str, dict, int, dict]], status: int) -> dict[str, Any]:
    return {name: {"summary": summary, "value": copy.deepcopy(response)}
            for name, (summary, _, code, response) in examples.items() if code == status}


def _request_examples(examples: dict[str, tuple[str, dict, int, dict]]) -> dict[str, Any]:
    return {name: {"summary": summary, "value": copy.deepcopy(request)}
            for name, (summary, request, _, _) in examples.items()}


def _json_response(description: str, schema: str, examples: dict[str, Any] | None = None,
                   headers: dict[str, Any] | None = None) -> dict[str, Any]:
    content: dict[str, Any] = {"schema": ref(schema)}
    if examples:
        content["examples"] = examples
    response = {"description": description, "content": {"application/json": content}}
    if headers:
        response["headers"] = copy.deepcopy(headers)
    return response


def _not_found() -> dict[str, Any]:
    return _json_response(
        "There is no round at this address for this caller: the id is wrong, the round was deleted, or "
        "nothing in the request (browser cookie, edit link, Bearer token) may see it. The three answer alike.",
        "Error", {"not_found": {"summary": "No round here", "value": copy.deepcopy(NO_ROUND_EXAMPLE)}})


@operation("/api/v1/rounds", "post")
def _create_round() -> dict[str, Any]:
    return {
        "operationId": "createRound",
        "summary": "Deal a new round",
        "description": "Creates a scorecard for 1 to 8 players over 9 or 18 holes. The calling browser owns "
                       "the round: the answer sets its session cookie, which then reads and writes the round. "
                       "`edit_token` does the same from any client (`Authorization: Bearer`); `share_token` "
                       "only reads. Grid Golf rounds take the calling browser's Settings (the defaults for a "
                       "new client), with `preset` and then `rules` over them; Club Cards rounds need a "
                       "`course` and take the browser's deck and Penalty Stroke Chart.",
        "tags": ["Ledger"],
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": ref("CreateRoundRequest"), "examples": _request_examples(ROUND_EXAMPLES)}}},
        "responses": {
            "201": _json_response(
                "The round, its tokens and its links.", "CreatedRound", _examples(ROUND_EXAMPLES, 201),
                dict(_ETAG_HEADER, Location={"description": "The round in the API.", "schema": {"type": "string"}})),
            "400": _json_response("The round cannot be dealt; the message says why and `field` says where.",
                                  "Error", _examples(ROUND_EXAMPLES, 400)),
            "405": {"$ref": "#/components/responses/MethodNotAllowed"},
        },
    }


@operation("/api/v1/rounds/{round_id}", "get")
def _get_round() -> dict[str, Any]:
    return {
        "operationId": "getRound",
        "summary": "Read a round's scorecard",
        "description": "Out, In, Total, Thru and Delta for each player; par and score against par for Club "
                       "Cards; the winners once every hole is in. Needs the owner's browser cookie, an edit "
                       "link opened in this browser, or the edit or share token as a Bearer token.",
        "tags": ["Ledger"],
        "security": copy.deepcopy(_LEDGER_SECURITY),
        "parameters": [copy.deepcopy(_ROUND_ID)],
        "responses": {
            "200": _json_response("The round.", "Round",
                                  {"first_hole": {"summary": "After hole 1", "value": copy.deepcopy(_FIRST_HOLE)}},
                                  _ETAG_HEADER),
            "404": _not_found(),
            "405": {"$ref": "#/components/responses/MethodNotAllowed"},
        },
    }


@operation("/api/v1/rounds/{round_id}/holes/{hole}", "put")
def _put_hole() -> dict[str, Any]:
    return {
        "operationId": "putHoleScores",
        "summary": "Enter scores for a hole",
        "description": "Writes one hole's scores for any of the players, all or nothing. Needs the owner's browser "
                       "cookie, an edit link opened in this browser, or `Authorization: Bearer <edit token>`.\n\n"
                       "Protection against lost updates is the client's choice: a score sent with its cell's "
                       "`versions` entry (from the round's `players[].versions`, 0 for a blank cell) is refused "
                       "with 409 if someone changed that cell since; a score sent without one is written blind. "
                       "`If-Match` with the round's `version` (the ETag) refuses the whole write with 412 if "
                       "anything in the round changed, and then guards every cell sent without a version.",
        "tags": ["Ledger"],
        "security": copy.deepcopy(_LEDGER_SECURITY),
        "parameters": [
            copy.deepcopy(_ROUND_ID),
            {"name": "hole", "in": "path", "required": True, "example": 1,
             "schema": {"type": "integer", "minimum": 1, "maximum": max(HOLE_COUNTS)},
             "description": "1 to the round's `holes`."},
            {"name": "If-Match", "in": "header", "required": False, "schema": {"type": "string"},
             "description": "The round `version` the writer saw: `7` or `\"7\"` (the ETag).", "example": '"1"'},
        ],
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": ref("HoleScoresRequest"), "examples": _request_examples(HOLE_EXAMPLES)}}},
        "responses": {
            "200": _json_response("The round with the scores written.", "Round", _examples(HOLE_EXAMPLES, 200),
                                  _ETAG_HEADER),
            "400": _json_response("Nothing was written: the hole is not in the round, or an entry is not a score "
                                  "for a player in it. `field` names it: `hole`, `scores.<name>`, "
                                  "`versions.<name>`.", "Error", _examples(HOLE_EXAMPLES, 400)),
            "403": _json_response("The caller may read this round but not write it (its share token).", "Error",
                                  {"read_only": {"summary": "A share token",
                                                 "value": copy.deepcopy(READ_ONLY_EXAMPLE)}}),
            "404": _not_found(),
            "409": _json_response("Nothing was written: a cell changed since the version the writer sent. The "
                                  "round as it is now comes back.", "StaleRound", _examples(HOLE_EXAMPLES, 409),
                                  _ETAG_HEADER),
            "412": _json_response("Nothing was written: the round is no longer at the `If-Match` version. The "
                                  "round as it is now comes back.", "StaleRound",
                                  {"moved_on": {"summary": "If-Match: \"1\" after hole 1 was written",
                                                "value": copy.deepcopy(MOVED_ON_EXAMPLE)}},
                                  _ETAG_HEADER),
            "405": {"$ref": "#/components/responses/MethodNotAllowed"},
        },
    }


@operation("/api/v1/openapi.json", "get")
def _openapi() -> dict[str, Any]:
    return {
        "operationId": "openapi",
        "summary": "This document",
        "tags": ["Meta"],
        "responses": {"200": {"description": "The OpenAPI 3.1 document of the API.",
                              "content": {"application/json": {"schema": {"type": "object"}}}}},
    }


# -- your data: export and import ----------------------------------------------------

_IMPORT_MB = MAX_IMPORT_BYTES // (1024 * 1024)
_ID = {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,32}$"}
_LINK_TOKEN = {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,64}$"}
_EXAMPLE_TABLE = {"rules": _rules(), "clubs": copy.deepcopy(_CLUB_RULES), "players": 2, "preset": "standard"}
EXPORT_EXAMPLE = {
    "format": "caddie-and-tally", "version": 1, "exported_at": "2025-06-14T18:03:11+00:00",
    "settings": copy.deepcopy(_EXAMPLE_TABLE),
    "courses": [{"id": "Hc7pQ2wLx9TbVn4s", "name": "Home Nine", "tee": "Yellow",
                 "holes": _holes("320/4 150/3 480/5 300/4 135/3 350/4 410/5 280/4 160/3")}],
    "rounds": [{"id": EXAMPLE_ROUND_ID, "share_token": EXAMPLE_SHARE_TOKEN, "edit_token": EXAMPLE_EDIT_TOKEN,
                "game": "grid", "holes": 9, "played_on": EXAMPLE_DATE, "rules": copy.deepcopy(_EXAMPLE_TABLE),
                "course": None,
                "players": [{"name": "Ann", "scores": [5, -2] + [None] * 7},
                            {"name": "Bo", "scores": [12, None] + [None] * 7}]}],
}
_COUNTS = {"add": 1, "new_links": 0, "same": 0, "kept": 0}

SCHEMAS.update({
    "HouseRules": {
        "type": "object",
        "description": "A browser's Settings: the Grid Golf rules, the Club Cards deck and chart, the players "
                       "at the table and the preset the rules follow (`custom` when none).",
        "required": ["rules", "clubs", "players", "preset"],
        "additionalProperties": False,
        "properties": {
            "rules": ref("Rules"), "clubs": ref("ClubRules"),
            "players": {"type": "integer", "minimum": 1, "maximum": MAX_PLAYERS},
            "preset": {"type": "string", "enum": list(PRESETS) + ["custom"]},
        },
    },
    "ExportCourse": {
        "type": "object",
        "description": "A course the browser saved.",
        "required": ["id", "name", "tee", "holes"],
        "additionalProperties": False,
        "properties": {
            "id": _ID, "name": {"type": "string"}, "tee": {"type": "string"},
            "holes": {"type": "array", "items": ref("CourseHole"), "minItems": 9, "maxItems": 18},
        },
    },
    "ExportPlayer": {
        "type": "object",
        "required": ["name", "scores"],
        "additionalProperties": False,
        "properties": {
            "name": {"type": "string"},
            "scores": {"type": "array", "items": {"type": ["integer", "null"], "minimum": _GRID_LOW,
                                                  "maximum": _GRID_HIGH},
                       "description": "One per hole, hole 1 first; null for a blank (or cleared) hole. "
                                      + _SCORE_NOTE},
        },
    },
    "ExportRound": {
        "type": "object",
        "description": "A scorecard the browser dealt (or a digital match filled), with its links.",
        "required": ["id", "share_token", "edit_token", "game", "holes", "played_on", "rules", "course",
                     "players"],
        "additionalProperties": False,
        "properties": {
            "id": _ID, "share_token": _LINK_TOKEN, "edit_token": _LINK_TOKEN,
            "game": {"type": "string", "enum": list(SCORE_RANGE)},
            "holes": {"type": "integer", "enum": list(HOLE_COUNTS)},
            "played_on": {"type": "string", "format": "date"},
            "rules": ref("HouseRules"),
            "course": {"anyOf": [ref("RoundCourse"), {"type": "null"}],
                       "description": "The round's copy of its course (Club Cards); null for Grid Golf."},
            "players": {"type": "array", "items": ref("ExportPlayer"), "minItems": 1, "maxItems": MAX_PLAYERS},
        },
    },
    "ExportDocument": {
        "type": "object",
        "description": "Everything a browser keeps: its house rules (null if it never saved any), its courses "
                       "and its rounds, oldest first; deleted ones are left out. Digital matches are not in it: "
                       "their hidden cards and deck order never leave the server, and the scorecard each "
                       "match fills is one of the rounds. Importing it elsewhere and exporting again gives the "
                       "same document, `exported_at` aside.",
        "required": ["format", "version"],
        "additionalProperties": False,
        "properties": {
            "format": {"type": "string", "const": "caddie-and-tally"},
            "version": {"type": "integer", "const": 1},
            "exported_at": {"type": ["string", "null"], "format": "date-time"},
            "settings": {"anyOf": [ref("HouseRules"), {"type": "null"}]},
            "courses": {"type": "array", "items": ref("ExportCourse")},
            "rounds": {"type": "array", "items": ref("ExportRound")},
        },
    },
    "ImportCounts": {
        "type": "object",
        "description": "`add`: added with the file's id and links. `new_links`: added with new ones, as "
                       "something here already uses the file's. `same`: already here, as in the file. "
                       "`kept`: already here (or deleted here) and different; left as it is.",
        "required": ["add", "new_links", "same", "kept"],
        "additionalProperties": False,
        "properties": {key: {"type": "integer", "minimum": 0} for key in ("add", "new_links", "same", "kept")},
    },
    "ImportSummary": {
        "type": "object",
        "required": ["preview", "rounds", "courses", "settings", "new_ids"],
        "additionalProperties": False,
        "properties": {
            "preview": {"type": "boolean", "description": "True when nothing was written."},
            "rounds": ref("ImportCounts"), "courses": ref("ImportCounts"),
            "settings": {"type": "string", "enum": ["none", "apply", "same", "keep", "replace"],
                         "description": "`none`: the file has no house rules. `apply`: this browser had none, "
                                        "the file's are used. `same`: they are equal. `keep`/`replace`: they "
                                        "differ and this browser's are kept, or replaced by the file's."},
            "new_ids": {"type": "object", "additionalProperties": {"type": "string"},
                        "description": "The file's id of each round or course that got new links, and its "
                                       "id here."},
        },
    },
})


@operation("/api/v1/export", "get")
def _export() -> dict[str, Any]:
    return {
        "operationId": "exportData",
        "summary": "Download everything this browser keeps",
        "description": "The calling browser's house rules, courses and rounds as one document (see "
                       "`ExportDocument`). A client with no session gets an empty one.",
        "tags": ["Data"],
        "security": [{"browserSession": []}],
        "responses": {
            "200": _json_response("The document.", "ExportDocument",
                                  {"export": {"summary": "One course and one round",
                                              "value": copy.deepcopy(EXPORT_EXAMPLE)}}),
            "405": {"$ref": "#/components/responses/MethodNotAllowed"},
        },
    }


@operation("/api/v1/import", "post")
def _import() -> dict[str, Any]:
    too_large = _error(f"That file is larger than {_IMPORT_MB} MB, more than any Caddie & Tally export holds; "
                       "nothing was imported.", None)
    return {
        "operationId": "importData",
        "summary": "Import an exported document into this browser",
        "description": "All or nothing, and only ever adding: a round or course this browser already has (same "
                       "id) is left as it is, so sending a document twice adds nothing the second time. Ids "
                       "and link tokens are kept when this server has no other round or course using them, "
                       "otherwise new ones are made (`new_ids`). Every field is checked first; the first bad "
                       "one answers 400 with its path in `field` (`rounds[2].players[0].name`) and at the start "
                       f"of the sentence. Documents up to {_IMPORT_MB} MB.",
        "tags": ["Data"],
        "security": [{"browserSession": []}],
        "parameters": [
            {"name": "settings", "in": "query", "required": False,
             "schema": {"type": "string", "enum": ["auto", "keep", "replace"], "default": "auto"},
             "description": "The file's house rules: `auto` uses them only if this browser has none saved; "
                            "`keep` never; `replace` also over this browser's own."},
            {"name": "preview", "in": "query", "required": False,
             "schema": {"type": "string", "enum": ["true", "false", "1", "0"], "default": "false"},
             "description": "`true`: only say what importing would do; nothing is written."},
        ],
        "requestBody": {"required": True, "content": {"application/json": {
            "schema": ref("ExportDocument"),
            "examples": {"export": {"summary": "A document from GET /api/v1/export",
                                    "value": copy.deepcopy(EXPORT_EXAMPLE)}}}}},
        "responses": {
            "200": _json_response("What was imported (or, with `preview`, what would be).", "ImportSummary",
                                  {"imported": {"summary": "Into a new browser", "value": {
                                      "preview": False, "rounds": dict(_COUNTS), "courses": dict(_COUNTS),
                                      "settings": "apply", "new_ids": {}}}}),
            "400": _json_response("Nothing was imported: the document is not one this server reads.", "Error",
                                  {"bad_name": {"summary": "A blank player name", "value": _error(
                                      "rounds[0].players[1].name: A player's name is blank.",
                                      "rounds[0].players[1].name")}}),
            "409": _json_response("Nothing was imported: this browser's data changed during the import. Send "
                                  "it again.", "Error"),
            "413": _json_response("Nothing was imported: the document is too large.", "Error",
                                  {"too_large": {"summary": f"Over {_IMPORT_MB} MB", "value": too_large}}),
            "405": {"$ref": "#/components/responses/MethodNotAllowed"},
        },
    }


# -- the document ---------------------------------------------------------------

SECURITY_SCHEMES: dict[str, Any] = {
    "bearerAuth": {
        "type": "http", "scheme": "bearer",
        "description": "A round's `edit_token` reads and writes it from any client; its `share_token` only "
                       "reads. Both come back when the round is created.",
    },
    "browserSession": {
        "type": "apiKey", "in": "cookie", "name": "session",
        "description": "The signed session cookie: the browser that created a round reads and writes it, and "
                       "so does a browser that opened the round's edit link.",
    },
}

def openapi_document() -> dict[str, Any]:
    """The whole OpenAPI 3.1 document, freshly built (callers may change it)."""
    paths: dict[str, dict[str, Any]] = {}
    for path, method, builder in _OPERATIONS:
        paths.setdefault(path, {})[method] = builder()
    return {
        "openapi": "3.1.0",
        "jsonSchemaDialect": "https://spec.openapis.org/oas/3.1/dialect/base",
        "info": {
            "title": "Caddie & Tally API",
            "version": API_VERSION,
            "summary": "Score Golf card game hands and keep a round's scorecard: Grid Golf and Club Cards.",
            "description": "Every input error answers 400 with `{\"error\": \"a sentence a player understands\", "
                           "\"field\": \"...\"}`; bad input is never a 500. Requests are JSON objects sent with "
                           "`Content-Type: application/json`; fields not listed for a request are refused. "
                           "A round the caller may not see answers 404, exactly like one that does not exist; "
                           "a caller who may read a round but not write it gets 403.",
        },
        "tags": [{"name": "Tally", "description": "Score a finished hand."},
                 {"name": "Ledger", "description": "Keep a round's scorecard: Out, In, Total, Thru, Delta."},
                 {"name": "Data", "description": "Everything a browser keeps, out as one document and back in."},
                 {"name": "Meta", "description": "About the API."}],
        "paths": paths,
        "components": {
            "schemas": copy.deepcopy(SCHEMAS),
            "securitySchemes": copy.deepcopy(SECURITY_SCHEMES),
            "responses": {
                "MethodNotAllowed": {
                    "description": "The address does not take this HTTP method.",
                    "content": {"application/json": {
                        "schema": ref("Error"),
                        "example": {"error": "GET is not allowed here.", "field": None}}},
                },
            },
        },
    }
