"""The Ledger area of the OpenAPI document: a round's scorecard over the API.

The ledger examples (one invented round, its id and tokens) and the
``/api/v1/rounds`` operations: deal a round, read it, enter a hole's scores.
Their schemas are in ``ledger_schemas.py``.
"""

from __future__ import annotations

import copy
from typing import Any

from caddie.core.clubs.scoring import DEFAULT_DECK
from caddie.core.ledger import HOLE_COUNTS
from caddie.openapi.registry import (
    error_example,
    json_response,
    operation,
    ref,
    request_examples,
    rules_example,
    status_examples,
)

# -- examples -------------------------------------------------------------------

# Ledger examples: one round, its id and tokens invented. Replaying them, the test
# creates the round of ``grid_nine`` and sends each hole example to its hole 1.
EXAMPLE_ROUND_ID = "Yq3kP0sV9mWb2cXe"
EXAMPLE_EDIT_TOKEN = "Zk8t2mQv5XbN0rLs7HcW4pJd9EyFg1Ua"
EXAMPLE_SHARE_TOKEN = "Rw4nD8sK2vLq6TbM0cYx5HjP"
EXAMPLE_DATE = "2025-06-14"
_BLANK9 = [None] * 9


def _line(
    name: str,
    scores: list,
    out: int | None = None,
    total: int | None = None,
    delta: int | None = None,
    delta_text: str = "\u2013",
    leader: bool = False,
    vs_par: int | None = None,
) -> dict[str, Any]:
    """A player's row on a 9-hole card where every entered cell was written once."""
    return {
        "name": name,
        "scores": scores,
        "versions": [0 if s is None else 1 for s in scores],
        "out": out,
        "in": None,
        "total": total,
        "thru": sum(s is not None for s in scores),
        "delta": delta,
        "delta_text": delta_text,
        "leader": leader,
        "vs_par": vs_par,
    }


def _round(
    players: list, version: int = 1, game: str = "grid", rules: dict | None = None, course: dict | None = None
) -> dict[str, Any]:
    return {
        "id": EXAMPLE_ROUND_ID,
        "game": game,
        "holes": 9,
        "played_on": EXAMPLE_DATE,
        "version": version,
        "rules": rules or rules_example(),
        "course": course,
        "complete": False,
        "winners": [],
        "players": players,
    }


def _created(round_: dict[str, Any]) -> dict[str, Any]:
    return {
        "round": round_,
        "edit_token": EXAMPLE_EDIT_TOKEN,
        "share_token": EXAMPLE_SHARE_TOKEN,
        "links": {
            "page": f"/ledger/r/{EXAMPLE_ROUND_ID}",
            "share": f"/ledger/s/{EXAMPLE_SHARE_TOKEN}",
            "edit": f"/ledger/e/{EXAMPLE_EDIT_TOKEN}",
            "api": f"/api/v1/rounds/{EXAMPLE_ROUND_ID}",
        },
    }


def course_holes(rows: str) -> list[dict[str, int]]:
    return [{"yardage": int(y), "par": int(p)} for y, p in (pair.split("/") for pair in rows.split())]


CLUB_RULES = {
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
_CEDAR_NINE = {
    "name": "Cedar Nine",
    "tee": "Red",
    "sample": True,
    "holes": course_holes("310/4 142/3 455/5 298/4 126/3 335/4 402/5 274/4 155/3"),
}
_HOME_NINE = {
    "name": "Home Nine",
    "tee": "Yellow",
    "holes": course_holes("320/4 150/3 480/5 300/4 140/3 350/4 410/4 290/4 170/3"),
}

_GRID_NINE = _round([_line("Ann", _BLANK9), _line("Bo", _BLANK9), _line("Cy", _BLANK9)], rules=rules_example(king=0))
_FIRST_HOLE = _round(
    [
        _line("Ann", [5] + _BLANK9[1:], out=5, total=5, delta=7, delta_text="+7"),
        _line("Bo", [-2] + _BLANK9[1:], out=-2, total=-2, delta=0, delta_text="E", leader=True),
        _line("Cy", [12] + _BLANK9[1:], out=12, total=12, delta=14, delta_text="+14"),
    ],
    version=2,
    rules=rules_example(king=0),
)
_GAMES_ROUND = (  # caddie.store.round_owners.RoundOwner.refusal
    "This scorecard belongs to a match: its scores come from the game, so nothing typed here is saved."
)
_STALE = (
    "Someone else changed Ann on hole 1 a moment ago, so your entry was not saved. "
    "The card below is up to date: check it, then enter your score again."
)
_MOVED_ON = (
    "The round changed since you last loaded it, so your entry was not saved. "
    "The card below is up to date: check it, then enter your score again."
)

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
        _created(
            _round([_line("Ann", _BLANK9), _line("Bo", _BLANK9)], game="clubs", rules=CLUB_RULES, course=_CEDAR_NINE)
        ),
    ),
    "clubs_own_course": (
        "Club Cards on a course of your own",
        {"players": ["Ann"], "holes": 9, "game": "clubs", "course": _HOME_NINE, "played_on": EXAMPLE_DATE},
        201,
        _created(
            _round([_line("Ann", _BLANK9)], game="clubs", rules=CLUB_RULES, course=dict(_HOME_NINE, sample=False))
        ),
    ),
    "no_players": (
        "Nobody to play",
        {"game": "grid", "holes": 9},
        400,
        error_example('Name the players as a list, such as ["Ann", "Bo"].', "players"),
    ),
    "same_name": (
        "Two players with one name",
        {"players": ["Ann", "ann"], "holes": 9},
        400,
        error_example('Two players are called "ann": give each a different name.', "players"),
    ),
    "twelve_holes": (
        "A length a round does not have",
        {"players": ["Ann", "Bo"], "holes": 12},
        400,
        error_example("A round is 9 or 18 holes.", "holes"),
    ),
    "course_for_grid": (
        "A course sent for Grid Golf",
        {"players": ["Ann", "Bo"], "course": "cedar-nine"},
        400,
        error_example("A Grid Golf round has no course: courses are for Club Cards.", "course"),
    ),
    "clubs_short_course": (
        "Eighteen holes on a nine-hole course",
        {"players": ["Ann", "Bo"], "game": "clubs", "holes": 18, "course": "cedar-nine"},
        400,
        error_example("Cedar Nine has only 9 holes; choose 9 holes or another course.", "holes"),
    ),
    "unknown_course": (
        "A sample course that does not exist",
        {"players": ["Ann"], "game": "clubs", "course": "augusta"},
        400,
        error_example(
            '"augusta" is not a sample course; choose whistling-pines, harbour-links or cedar-nine, or send '
            "your own course.",
            "course",
        ),
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
        _round(
            [
                _line("Ann", [4] + _BLANK9[1:], out=4, total=4, delta=0, delta_text="E", leader=True),
                _line("Bo", _BLANK9),
                _line("Cy", _BLANK9),
            ],
            version=2,
            rules=rules_example(king=0),
        ),
    ),
    "stale_version": (
        "Ann's cell is not at the version the writer saw: nothing is written",
        {"scores": {"Ann": 4, "Bo": 6}, "versions": {"Ann": 2, "Bo": 0}},
        409,
        dict(error_example(_STALE, "scores"), round=_GRID_NINE),
    ),
    "unknown_player": (
        "A name that is not at the table",
        {"scores": {"Ann": 5, "Dee": 3}},
        400,
        error_example('"Dee" is not playing in this round; the players are Ann, Bo and Cy.', "scores.Dee"),
    ),
    "out_of_range": (
        "More than a Grid Golf hole can score",
        {"scores": {"Ann": 121}},
        400,
        error_example("A Grid Golf hole scores from \u2212120 to 120.", "scores.Ann"),
    ),
    "score_as_text": (
        "A number sent as text",
        {"scores": {"Ann": "5"}},
        400,
        error_example("A Grid Golf hole scores from \u2212120 to 120.", "scores.Ann"),
    ),
    "no_scores": (
        "Nothing to write",
        {"scores": {}},
        400,
        error_example(
            'Send the scores for this hole by player name, such as {"scores": {"Ann": 5, "Bo": -2}}; '
            "null clears a score.",
            "scores",
        ),
    ),
}

NO_ROUND_EXAMPLE = error_example("There is no round at this address.", None)
READ_ONLY_EXAMPLE = error_example(
    "This link lets you follow the round but not change it: ask the scorekeeper for the "
    "edit link, or send its edit token.",
    None,
)
MOVED_ON_EXAMPLE = dict(error_example(_MOVED_ON, None), round=_FIRST_HOLE)
OWNER_ONLY_EXAMPLE = error_example(  # caddie.store.ledger.ONLY_THE_OWNER
    "Only the phone that dealt this round can delete it or change its edit link.", None
)


# -- operations -----------------------------------------------------------------

_LEDGER_SECURITY: list[dict[str, list[str]]] = [{"bearerAuth": []}, {"browserSession": []}]
_ETAG_HEADER = {
    "ETag": {"description": "The round's `version`, quoted: send it back in `If-Match`.", "schema": {"type": "string"}}
}
_ROUND_ID = {
    "name": "round_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string"},
    "description": "The round's `id`.",
    "example": EXAMPLE_ROUND_ID,
}


def _not_found() -> dict[str, Any]:
    return json_response(
        "There is no round at this address for this caller: the id is wrong, the round was deleted, or "
        "nothing in the request (browser cookie, edit link, Bearer token) may see it. The three answer alike.",
        "Error",
        {"not_found": {"summary": "No round here", "value": copy.deepcopy(NO_ROUND_EXAMPLE)}},
    )


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
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {"schema": ref("CreateRoundRequest"), "examples": request_examples(ROUND_EXAMPLES)}
            },
        },
        "responses": {
            "201": json_response(
                "The round, its tokens and its links.",
                "CreatedRound",
                status_examples(ROUND_EXAMPLES, 201),
                dict(_ETAG_HEADER, Location={"description": "The round in the API.", "schema": {"type": "string"}}),
            ),
            "400": json_response(
                "The round cannot be dealt; the message says why and `field` says where.",
                "Error",
                status_examples(ROUND_EXAMPLES, 400),
            ),
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
            "200": json_response(
                "The round.",
                "Round",
                {"first_hole": {"summary": "After hole 1", "value": copy.deepcopy(_FIRST_HOLE)}},
                _ETAG_HEADER,
            ),
            "404": _not_found(),
            "405": {"$ref": "#/components/responses/MethodNotAllowed"},
        },
    }


@operation("/api/v1/rounds/{round_id}", "delete")
def _delete_round() -> dict[str, Any]:
    return {
        "operationId": "deleteRound",
        "summary": "Delete a round (into its owner's trash)",
        "description": "Only the browser that dealt the round deletes it: its session cookie. The round leaves "
        "every list, link, token and export at once and waits 30 days in the trash on the ledger's page, "
        "where its owner can restore it with every score; then it is gone for good. A scorekeeper's edit "
        "link or edit token only enters scores: it gets 403, nothing changed.",
        "tags": ["Ledger"],
        "security": [{"browserSession": []}],
        "parameters": [copy.deepcopy(_ROUND_ID)],
        "responses": {
            "204": {"description": "Deleted: the round is in its owner's trash."},
            "403": json_response(
                "The caller may enter scores (an edit link or the edit token) or read (the share token), "
                "but only the owner deletes.",
                "Error",
                {"not_the_owner": {"summary": "An edit token", "value": copy.deepcopy(OWNER_ONLY_EXAMPLE)}},
            ),
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
        "anything in the round changed, and then guards every cell sent without a version.\n\n"
        "The scorecard of a digital match or a live table is written by its game alone: a hole "
        "written into it is refused with 409, nothing written.\n\n"
        "`Idempotency-Key` makes a write safe to send again: it is applied once.",
        "tags": ["Ledger"],
        "security": copy.deepcopy(_LEDGER_SECURITY),
        "parameters": [
            copy.deepcopy(_ROUND_ID),
            {
                "name": "hole",
                "in": "path",
                "required": True,
                "example": 1,
                "schema": {"type": "integer", "minimum": 1, "maximum": max(HOLE_COUNTS)},
                "description": "1 to the round's `holes`.",
            },
            {
                "name": "If-Match",
                "in": "header",
                "required": False,
                "schema": {"type": "string"},
                "description": 'The round `version` the writer saw: `7` or `"7"` (the ETag).',
                "example": '"1"',
            },
            {
                "name": "Idempotency-Key",
                "in": "header",
                "required": False,
                "schema": {"type": "string", "pattern": "^[A-Za-z0-9_-]{8,64}$"},
                "description": "A random id the client makes for this write and sends again with the same write "
                "(say, after its answer was lost). A write whose key was applied before is not applied again: "
                "it answers 200 with the round as it is now. The same key with other scores, another hole or "
                "another round is refused with 400 (`field` `idempotency_key`). Keys are kept for 30 days.",
                "example": "3f9c2b7a1d604e58a9c0b1d2e3f40516",
            },
        ],
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {"schema": ref("HoleScoresRequest"), "examples": request_examples(HOLE_EXAMPLES)}
            },
        },
        "responses": {
            "200": json_response(
                "The round with the scores written.", "Round", status_examples(HOLE_EXAMPLES, 200), _ETAG_HEADER
            ),
            "400": json_response(
                "Nothing was written: the hole is not in the round, or an entry is not a score "
                "for a player in it. `field` names it: `hole`, `scores.<name>`, "
                "`versions.<name>`.",
                "Error",
                status_examples(HOLE_EXAMPLES, 400),
            ),
            "403": json_response(
                "The caller may read this round but not write it (its share token).",
                "Error",
                {"read_only": {"summary": "A share token", "value": copy.deepcopy(READ_ONLY_EXAMPLE)}},
            ),
            "404": _not_found(),
            "409": json_response(
                "Nothing was written: a cell changed since the version the writer sent, or the "
                "round is a digital match's or a live table's scorecard, which its game alone "
                "writes (`field` is then null). The round as it is now comes back.",
                "StaleRound",
                {
                    **status_examples(HOLE_EXAMPLES, 409),
                    "a_games_round": {
                        "summary": "The scorecard of a match against the computer",
                        "value": dict(error_example(_GAMES_ROUND, None), round=_GRID_NINE),
                    },
                },
                _ETAG_HEADER,
            ),
            "412": json_response(
                "Nothing was written: the round is no longer at the `If-Match` version. The "
                "round as it is now comes back.",
                "StaleRound",
                {
                    "moved_on": {
                        "summary": 'If-Match: "1" after hole 1 was written',
                        "value": copy.deepcopy(MOVED_ON_EXAMPLE),
                    }
                },
                _ETAG_HEADER,
            ),
            "405": {"$ref": "#/components/responses/MethodNotAllowed"},
        },
    }
