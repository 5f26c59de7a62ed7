"""The Ledger area's schemas: courses, rounds, scorecards (docs/api.md, "POST /api/v1/rounds";
docs/ledger.md, "A round").

Kept apart from the ledger operations (``ledger.py``) because the document
lists these schemas before the caddie's, and its ledger paths after them.
"""

from __future__ import annotations

from caddie.core.clubs.scoring import HAND_SIZE
from caddie.core.courses.course import SAMPLE_COURSES
from caddie.core.grid.rules import PRESETS
from caddie.core.ledger import HOLE_COUNTS, MAX_PLAYERS, SCORE_RANGE
from caddie.openapi.registry import SCHEMAS, Schema, ref

NULLABLE_INT: Schema = {"type": ["integer", "null"]}
GRID_LOW, GRID_HIGH = SCORE_RANGE["grid"]
_CLUB_LOW, _CLUB_HIGH = SCORE_RANGE["clubs"]
SCORE_NOTE = (
    f"A hole's score: a Grid Golf hole scores {GRID_LOW} to {GRID_HIGH}, a Club Cards hole {_CLUB_LOW} to {_CLUB_HIGH}."
)

SCHEMAS.update(
    {
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
                "holes": {
                    "type": "array",
                    "items": ref("CourseHole"),
                    "minItems": 9,
                    "maxItems": 18,
                    "description": "Hole 1 first.",
                },
            },
        },
        "CourseChoice": {
            "description": "The key of a sample course, the key of a course this browser saved on /courses "
            '("mine:<id>"), or a course of your own.',
            "anyOf": [
                {"type": "string", "enum": list(SAMPLE_COURSES)},
                {"type": "string", "pattern": "^mine:[A-Za-z0-9_-]{1,32}$"},
                ref("Course"),
            ],
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
            "description": "The Club Cards deck and Penalty Stroke Chart in force (docs/club-cards.md).",
            "required": ["deck", "penalty_chart", "beyond"],
            "additionalProperties": False,
            "properties": {
                "deck": {
                    "type": "array",
                    "minItems": HAND_SIZE,
                    "items": {"type": "integer", "minimum": 1, "maximum": 400},
                },
                "penalty_chart": {"type": "array", "minItems": 1, "items": ref("PenaltyBand")},
                "beyond": {"type": "integer", "minimum": 0, "maximum": 20},
            },
        },
        "CreateRoundRequest": {
            "type": "object",
            "required": ["players"],
            "additionalProperties": False,
            "properties": {
                "players": {
                    "type": "array",
                    "items": {"type": "string"},
                    "minItems": 1,
                    "maxItems": MAX_PLAYERS,
                    "description": "Names in seat order: 1 to 24 characters each, no two alike (case "
                    "aside). Spaces are tidied.",
                },
                "holes": {
                    "type": "integer",
                    "enum": list(HOLE_COUNTS),
                    "description": "Default: 18 for Grid Golf, the course's length for Club Cards.",
                },
                "game": {
                    "type": "string",
                    "enum": list(SCORE_RANGE),
                    "default": "grid",
                    "description": "`grid` (Grid Golf) or `clubs` (Club Cards).",
                },
                "preset": {
                    "type": "string",
                    "enum": list(PRESETS),
                    "description": "Grid Golf only. The rules to start from; without `preset` and `rules` "
                    "the round takes the calling browser's saved Settings (the defaults for "
                    "a new client).",
                },
                "rules": ref("RulesOverrides"),
                "course": ref("CourseChoice"),
                "played_on": {
                    "type": "string",
                    "format": "date",
                    "description": "YYYY-MM-DD; default today.",
                    "examples": ["2025-06-14"],
                },
            },
        },
        "PlayerLine": {
            "type": "object",
            "description": "One row of the scorecard. Blank holes are not zero: they are not played yet.",
            "required": [
                "name",
                "scores",
                "versions",
                "out",
                "in",
                "total",
                "thru",
                "delta",
                "delta_text",
                "leader",
                "vs_par",
            ],
            "additionalProperties": False,
            "properties": {
                "name": {"type": "string"},
                "scores": {
                    "type": "array",
                    "items": NULLABLE_INT,
                    "minItems": min(HOLE_COUNTS),
                    "maxItems": max(HOLE_COUNTS),
                    "description": "Hole 1 first; null = not entered.",
                },
                "versions": {
                    "type": "array",
                    "items": {"type": "integer", "minimum": 0},
                    "minItems": min(HOLE_COUNTS),
                    "maxItems": max(HOLE_COUNTS),
                    "description": "Each cell's version, hole 1 first (0 = never written): send it back "
                    "in `versions` to write without overwriting a score you never saw.",
                },
                "out": dict(NULLABLE_INT, description="Holes 1-9 entered, summed; null before the first."),
                "in": dict(NULLABLE_INT, description="Holes 10-18 likewise; always null on a 9-hole round."),
                "total": dict(NULLABLE_INT, description="Every hole entered, summed; null before the first."),
                "thru": {
                    "type": "integer",
                    "minimum": 0,
                    "maximum": max(HOLE_COUNTS),
                    "description": "How many holes this player has entered.",
                },
                "delta": dict(NULLABLE_INT, description="Total minus the leader's total (the lowest)."),
                "delta_text": {
                    "type": "string",
                    "description": "Delta as the card shows it: E, +3, or \u2013 before the first hole.",
                },
                "leader": {"type": "boolean", "description": "Has the lowest total (shared on a tie)."},
                "vs_par": dict(
                    NULLABLE_INT,
                    description="Club Cards: total minus the par of the holes entered. Null for Grid Golf.",
                ),
            },
        },
        "Round": {
            "type": "object",
            "description": "A round's scorecard and standings (docs/ledger.md).",
            "required": [
                "id",
                "game",
                "holes",
                "played_on",
                "version",
                "rules",
                "course",
                "complete",
                "winners",
                "players",
            ],
            "additionalProperties": False,
            "properties": {
                "id": {"type": "string", "description": "The round's unguessable id."},
                "game": {"type": "string", "enum": list(SCORE_RANGE)},
                "holes": {"type": "integer", "enum": list(HOLE_COUNTS)},
                "played_on": {"type": "string", "format": "date"},
                "version": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "Grows with every write; also the ETag, for `If-Match`.",
                },
                "rules": {
                    "description": "`Rules` for Grid Golf, `ClubRules` for Club Cards.",
                    "anyOf": [ref("Rules"), ref("ClubRules")],
                },
                "course": {
                    "description": "Club Cards: the course; null for Grid Golf.",
                    "anyOf": [ref("RoundCourse"), {"type": "null"}],
                },
                "complete": {"type": "boolean", "description": "Every player has every hole entered."},
                "winners": {
                    "type": "array",
                    "items": {"type": "string"},
                    "description": "Once complete, the players sharing the lowest total; empty before.",
                },
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
                "edit_token": {
                    "type": "string",
                    "description": "`Authorization: Bearer` with it reads and writes "
                    "the round from any client. Keep it secret.",
                },
                "share_token": {"type": "string", "description": "`Authorization: Bearer` with it only reads."},
                "links": ref("RoundLinks"),
            },
        },
        "HoleScoresRequest": {
            "type": "object",
            "required": ["scores"],
            "additionalProperties": False,
            "properties": {
                "scores": {
                    "type": "object",
                    "additionalProperties": NULLABLE_INT,
                    "description": f"Player name (case and spaces aside) to score; null clears the cell. "
                    f"{SCORE_NOTE} At least one player. All or nothing: one bad entry and "
                    f"nothing is written.",
                },
                "versions": {
                    "type": "object",
                    "additionalProperties": {"type": "integer", "minimum": 0},
                    "description": "Player name to the version of this hole's cell you saw (`versions` in "
                    "the round; 0 = it was blank). A cell whose version has moved on is "
                    "refused with 409 instead of overwriting a score you never saw. A "
                    "score sent without a version is written blind, unless the request "
                    "has an `If-Match`.",
                },
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
    }
)
