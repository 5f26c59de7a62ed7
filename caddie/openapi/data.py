"""The Data area of the OpenAPI document: a browser's data exported and imported.

The export document's schemas, its example and the ``/api/v1/export`` and
``/api/v1/import`` operations.
"""

from __future__ import annotations

import copy
from typing import Any

from caddie.core.export_format import MAX_BYTES as MAX_IMPORT_BYTES
from caddie.core.grid.rules import PRESETS
from caddie.core.ledger import HOLE_COUNTS, MAX_PLAYERS, SCORE_RANGE
from caddie.core.limits import (
    IMPORT_COURSES,
    IMPORT_ROUNDS,
    IMPORT_SCORES,
    IMPORTS_PER_ADDRESS_HOUR,
    IMPORTS_PER_BROWSER_HOUR,
)
from caddie.openapi.ledger import (
    CLUB_RULES,
    EXAMPLE_DATE,
    EXAMPLE_EDIT_TOKEN,
    EXAMPLE_ROUND_ID,
    EXAMPLE_SHARE_TOKEN,
    GRID_HIGH,
    GRID_LOW,
    SCORE_NOTE,
    course_holes,
)
from caddie.openapi.registry import SCHEMAS, error_example, json_response, operation, ref, rules_example

# -- your data: export and import ----------------------------------------------------

_IMPORT_MB = MAX_IMPORT_BYTES // (1024 * 1024)
_ID = {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,32}$"}
_LINK_TOKEN = {"type": "string", "pattern": "^[A-Za-z0-9_-]{16,64}$"}
_EXAMPLE_TABLE = {"rules": rules_example(), "clubs": copy.deepcopy(CLUB_RULES), "players": 2, "preset": "standard"}
EXPORT_EXAMPLE = {
    "format": "caddie-and-tally",
    "version": 1,
    "exported_at": "2025-06-14T18:03:11+00:00",
    "settings": copy.deepcopy(_EXAMPLE_TABLE),
    "courses": [
        {
            "id": "Hc7pQ2wLx9TbVn4s",
            "name": "Home Nine",
            "tee": "Yellow",
            "holes": course_holes("320/4 150/3 480/5 300/4 135/3 350/4 410/5 280/4 160/3"),
        }
    ],
    "rounds": [
        {
            "id": EXAMPLE_ROUND_ID,
            "share_token": EXAMPLE_SHARE_TOKEN,
            "edit_token": EXAMPLE_EDIT_TOKEN,
            "game": "grid",
            "holes": 9,
            "played_on": EXAMPLE_DATE,
            "rules": copy.deepcopy(_EXAMPLE_TABLE),
            "course": None,
            "players": [
                {"name": "Ann", "scores": [5, -2] + [None] * 7},
                {"name": "Bo", "scores": [12, None] + [None] * 7},
            ],
        }
    ],
}
_COUNTS = {"add": 1, "new_links": 0, "same": 0, "kept": 0}

SCHEMAS.update(
    {
        "HouseRules": {
            "type": "object",
            "description": "A browser's Settings: the Grid Golf rules, the Club Cards deck and chart, the players "
            "at the table and the preset the rules follow (`custom` when none).",
            "required": ["rules", "clubs", "players", "preset"],
            "additionalProperties": False,
            "properties": {
                "rules": ref("Rules"),
                "clubs": ref("ClubRules"),
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
                "id": _ID,
                "name": {"type": "string"},
                "tee": {"type": "string"},
                "holes": {"type": "array", "items": ref("CourseHole"), "minItems": 9, "maxItems": 18},
            },
        },
        "ExportPlayer": {
            "type": "object",
            "required": ["name", "scores"],
            "additionalProperties": False,
            "properties": {
                "name": {"type": "string"},
                "scores": {
                    "type": "array",
                    "items": {"type": ["integer", "null"], "minimum": GRID_LOW, "maximum": GRID_HIGH},
                    "description": "One per hole, hole 1 first; null for a blank (or cleared) hole. " + SCORE_NOTE,
                },
            },
        },
        "ExportRound": {
            "type": "object",
            "description": "A scorecard the browser dealt (or a digital match filled), with its links.",
            "required": ["id", "share_token", "edit_token", "game", "holes", "played_on", "rules", "course", "players"],
            "additionalProperties": False,
            "properties": {
                "id": _ID,
                "share_token": _LINK_TOKEN,
                "edit_token": _LINK_TOKEN,
                "game": {"type": "string", "enum": list(SCORE_RANGE)},
                "holes": {"type": "integer", "enum": list(HOLE_COUNTS)},
                "played_on": {"type": "string", "format": "date"},
                "rules": ref("HouseRules"),
                "course": {
                    "anyOf": [ref("RoundCourse"), {"type": "null"}],
                    "description": "The round's copy of its course (Club Cards); null for Grid Golf.",
                },
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
            "`kept`: already here (or deleted here) and different; left as it is. A preview counts "
            "both kinds of addition under `add` (`new_links` is 0): which links are taken here is "
            "other browsers' business.",
            "required": ["add", "new_links", "same", "kept"],
            "additionalProperties": False,
            "properties": {key: {"type": "integer", "minimum": 0} for key in ("add", "new_links", "same", "kept")},
        },
        "ImportSummary": {
            "type": "object",
            "required": ["preview", "rounds", "courses", "settings", "new_ids", "repairs"],
            "additionalProperties": False,
            "properties": {
                "preview": {"type": "boolean", "description": "True when nothing was written."},
                "rounds": ref("ImportCounts"),
                "courses": ref("ImportCounts"),
                "settings": {
                    "type": "string",
                    "enum": ["none", "apply", "same", "keep", "replace"],
                    "description": "`none`: the file has no house rules. `apply`: this browser had none, "
                    "the file's are used. `same`: they are equal. `keep`/`replace`: they "
                    "differ and this browser's are kept, or replaced by the file's.",
                },
                "new_ids": {
                    "type": "object",
                    "additionalProperties": {"type": "string"},
                    "description": "The file's id of each round or course that got new links, and its id here.",
                },
                "repairs": {
                    "type": "array",
                    "description": "Player names made before the name rule (a control character, nothing that "
                    "shows) that the import repairs rather than refusing the file: where, the name "
                    "it is imported as, and a sentence saying so.",
                    "items": {
                        "type": "object",
                        "required": ["field", "name", "sentence"],
                        "additionalProperties": False,
                        "properties": {
                            "field": {"type": "string", "examples": ["rounds[0].players[1].name"]},
                            "name": {"type": "string"},
                            "sentence": {"type": "string"},
                        },
                    },
                },
            },
        },
    }
)


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
            "200": json_response(
                "The document.",
                "ExportDocument",
                {"export": {"summary": "One course and one round", "value": copy.deepcopy(EXPORT_EXAMPLE)}},
            ),
            "405": {"$ref": "#/components/responses/MethodNotAllowed"},
        },
    }


@operation("/api/v1/import", "post")
def _import() -> dict[str, Any]:
    too_large = error_example(
        f"That file is larger than {_IMPORT_MB} MB, more than any Caddie & Tally export holds; nothing was imported.",
        None,
    )
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
            {
                "name": "settings",
                "in": "query",
                "required": False,
                "schema": {"type": "string", "enum": ["auto", "keep", "replace"], "default": "auto"},
                "description": "The file's house rules: `auto` uses them only if this browser has none saved; "
                "`keep` never; `replace` also over this browser's own.",
            },
            {
                "name": "preview",
                "in": "query",
                "required": False,
                "schema": {"type": "string", "enum": ["true", "false", "1", "0"], "default": "false"},
                "description": "`true`: only say what importing would do; nothing is written.",
            },
        ],
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": ref("ExportDocument"),
                    "examples": {
                        "export": {
                            "summary": "A document from GET /api/v1/export",
                            "value": copy.deepcopy(EXPORT_EXAMPLE),
                        }
                    },
                }
            },
        },
        "responses": {
            "200": json_response(
                "What was imported (or, with `preview`, what would be).",
                "ImportSummary",
                {
                    "imported": {
                        "summary": "Into a new browser",
                        "value": {
                            "preview": False,
                            "rounds": dict(_COUNTS),
                            "courses": dict(_COUNTS),
                            "settings": "apply",
                            "new_ids": {},
                            "repairs": [],
                        },
                    }
                },
            ),
            "400": json_response(
                "Nothing was imported: the document is not one this server reads.",
                "Error",
                {
                    "bad_name": {
                        "summary": "A blank player name",
                        "value": error_example(
                            "rounds[0].players[1].name: A player's name is blank.", "rounds[0].players[1].name"
                        ),
                    }
                },
            ),
            "409": json_response(
                "Nothing was imported: this browser's data changed during the import. Send it again.", "Error"
            ),
            "413": json_response(
                "Nothing was imported: the document is too large, or would add more rounds, scores or courses "
                f"than one import may ({IMPORT_ROUNDS}, {IMPORT_SCORES} and {IMPORT_COURSES}).",
                "Error",
                {
                    "too_large": {"summary": f"Over {_IMPORT_MB} MB", "value": too_large},
                    "too_many_rounds": {
                        "summary": "Too many rounds",
                        "value": error_example(
                            f"This file would add 3,000 rounds; one import adds at most {IMPORT_ROUNDS}, far "
                            "more than a table keeps, so nothing was imported.",
                            "rounds",
                        ),
                    },
                },
            ),
            "429": json_response(
                f"Nothing was imported: this browser has imported {IMPORTS_PER_BROWSER_HOUR} times within the "
                f"hour, or its address {IMPORTS_PER_ADDRESS_HOUR} times; the message says when to try again.",
                "Error",
                {
                    "too_many": {
                        "summary": "Too many imports",
                        "value": error_example(
                            f"That is {IMPORTS_PER_BROWSER_HOUR} imports within the hour from this phone, as many "
                            "as an hour allows: import it again in 42 minutes.",
                            "file",
                        ),
                    }
                },
                {"Retry-After": {"description": "Seconds to wait.", "schema": {"type": "integer"}}},
            ),
            "405": {"$ref": "#/components/responses/MethodNotAllowed"},
        },
    }
