"""The Live tables area of the OpenAPI document: sitting at a live table over the API.

The table's schemas (the creation, the seat's view in the shape of the caddie's request, a
move in the shape of its answer), the examples (one invented table, its id, code and tokens)
and the ``/api/v1/tables`` operations: make a table, join it by code, start it, look at it
(long-polled) and move.
"""

from __future__ import annotations

import copy
from typing import Any

from caddie.core.games import GAME_NAMES, GAMES
from caddie.core.grid.rules import PRESETS
from caddie.core.ledger import HOLE_COUNTS
from caddie.core.live.table import CLOCKS, LEVELS
from caddie.openapi.registry import (
    SCHEMAS,
    Schema,
    error_example,
    json_response,
    operation,
    ref,
    request_examples,
    rules_example,
    status_examples,
)

TAGS = ["Live tables"]
PHASES = ["lobby", "flip", "turn", "hole_over", "over"]
GRID_MOVES = ["flip", "draw", "take_discard", "swap", "discard", "knock", "next_hole"]
NULLABLE_CARD: Schema = {"anyOf": [ref("CardCode"), {"type": "null"}]}
_YARDAGES: Schema = {"type": "array", "items": {"type": "integer"}}


def _choices(values: Any) -> str:
    values = [str(v) for v in values]
    return ", ".join(values[:-1]) + " or " + values[-1]


# -- schemas --------------------------------------------------------------------

_TABLE_VIEW_PROPERTIES: dict[str, Schema] = {
    "version": {
        "type": "integer",
        "minimum": 1,
        "description": "Grows with every change to the table: send it with a move, and as `?wait=` to be "
        "told of the next change.",
    },
    "game": {"type": "string", "enum": list(GAME_NAMES)},
    "holes": {"type": "integer", "enum": list(HOLE_COUNTS)},
    "phase": {
        "type": "string",
        "enum": PHASES,
        "description": "`lobby` before the host starts; `flip` while Grid Golf players turn up their first "
        "cards; `turn`; `hole_over` between holes (any person's seat sends `next_hole`); `over`.",
    },
    "seat": {
        "type": ["integer", "null"],
        "minimum": 0,
        "description": "The seat this view is of; null for an onlooker (the watch token).",
    },
    "to_move": {
        "type": ["integer", "null"],
        "minimum": 0,
        "description": "The seat to move; null in the lobby, between holes and once the match is over.",
    },
    "names": {
        "type": "array",
        "items": {"type": ["string", "null"]},
        "description": "In seat order; null for a person's seat nobody has joined yet.",
    },
    "order": {
        "type": "array",
        "items": {"type": "integer", "minimum": 0},
        "description": "The seats in this hole's playing order (seat order in the lobby). A Grid Golf "
        "view lists `opponents` in this order, from the seat after this one.",
    },
    "totals": {
        "type": "array",
        "items": {"type": "integer"},
        "description": "Each seat's total over the holes finished (zeros in the lobby).",
    },
    "hole": {"type": "integer", "minimum": 0, "description": "The hole being played, from 1; 0 in the lobby."},
    "seats": {"type": "array", "items": ref("TableSeat")},
    "notice": {
        "type": ["string", "null"],
        "description": "The latest news that is not a move: a computer playing for someone away, the turn "
        "clock running out, someone back.",
    },
    "events": {
        "type": "array",
        "items": {"type": "string"},
        "maxItems": 5,
        "description": "The latest moves as sentences, oldest first; each names only cards everyone has seen.",
    },
    "scorecard_url": {
        "type": ["string", "null"],
        "description": "The read-only link to the table's ledger round, where every hole lands (the same for "
        "every seat and onlooker); null in the lobby.",
    },
    "view": {
        "description": "What this seat knows, in the shape of the caddie's request for the game (hand it to "
        "`POST /api/v1/caddie/grid` or `/caddie/clubs` unchanged); an onlooker's view for the "
        "watch token; null in the lobby.",
        "anyOf": [
            {"type": "null"},
            ref("SeatGridView"),
            ref("SeatClubsView"),
            ref("OnlookerGridView"),
            ref("OnlookerClubsView"),
        ],
    },
}

SCHEMAS.update(
    {
        "TableSeatRequest": {
            "type": "object",
            "required": ["kind"],
            "additionalProperties": False,
            "properties": {
                "kind": {
                    "type": "string",
                    "enum": ["person", "computer"],
                    "description": "A person's seat is filled by someone joining with the code; the first "
                    "seat is the creator's own, a person's.",
                },
                "level": {
                    "type": "string",
                    "enum": list(LEVELS),
                    "description": "A computer seat's level; a person's seat has none.",
                },
            },
        },
        "CreateTableRequest": {
            "type": "object",
            "required": ["name", "seats"],
            "additionalProperties": False,
            "properties": {
                "game": {
                    "type": "string",
                    "enum": list(GAME_NAMES),
                    "default": "grid",
                    "description": "`grid` (Grid Golf) or `clubs` (Club Cards).",
                },
                "name": {"type": "string", "description": "Your name at the table: 1 to 24 characters."},
                "seats": {
                    "type": "array",
                    "items": ref("TableSeatRequest"),
                    "minItems": min(kind.seats[0] for kind in GAMES),
                    "maxItems": max(kind.seats[1] for kind in GAMES),
                    "description": "In seat order, yours first: "
                    + ", ".join(f"{kind.seats[0]} to {kind.seats[1]} seats for {kind.title}" for kind in GAMES)
                    + ".",
                },
                "holes": {
                    "type": "integer",
                    "enum": list(HOLE_COUNTS),
                    "description": "Grid Golf: the match's length (default: the rules'). Club Cards: the "
                    "course's length by default; 9 on an 18-hole course plays its front nine.",
                },
                "preset": {
                    "type": "string",
                    "enum": list(PRESETS),
                    "description": "Grid Golf only. The rules to start from; without `preset` the calling "
                    "browser's Settings (the defaults for a new client).",
                },
                "rules": ref("RulesOverrides"),
                "course": ref("CourseChoice"),
                "clock": {
                    "type": ["integer", "null"],
                    "enum": [None, *CLOCKS],
                    "default": None,
                    "description": "The turn clock in seconds: a person who has not moved by then has "
                    "their turn played by a Steady computer. Null: no clock.",
                },
            },
        },
        "CreatedTable": {
            "type": "object",
            "required": ["id", "code", "join_url", "watch_url", "seat", "seat_token", "version"],
            "additionalProperties": False,
            "properties": {
                "id": {"type": "string", "description": "The table's unguessable id, in its API addresses."},
                "code": {
                    "type": "string",
                    "pattern": "^[A-Z2-9]{8}$",
                    "description": "What a person types to join (shown as two groups of four); also the "
                    "`code` of `POST /api/v1/tables/{code}/join`.",
                },
                "join_url": {
                    "type": "string",
                    "description": "The page a person opens to sit down (its QR code too). It carries the table's "
                    "join token, which cannot be guessed: opening it is never counted as a try at a code.",
                },
                "watch_url": {
                    "type": "string",
                    "description": "The onlookers' page; its last part is the watch token, which reads the "
                    "table as `Authorization: Bearer`.",
                },
                "seat": {"type": "integer", "const": 0},
                "seat_token": {
                    "type": "string",
                    "description": "Your seat's secret: `Authorization: Bearer` with it reads your view, "
                    "starts the match and moves. Shown only now.",
                },
                "version": {"type": "integer", "minimum": 1},
            },
        },
        "JoinTableRequest": {
            "type": "object",
            "required": ["name"],
            "additionalProperties": False,
            "properties": {"name": {"type": "string", "description": "1 to 24 characters, not taken at the table."}},
        },
        "JoinedTable": {
            "type": "object",
            "required": ["id", "seat", "seat_token", "version"],
            "additionalProperties": False,
            "properties": {
                "id": {"type": "string"},
                "seat": {"type": "integer", "minimum": 1},
                "seat_token": {"type": "string", "description": "Your seat's secret. Shown only now."},
                "version": {"type": "integer", "minimum": 1},
            },
        },
        "TableSeat": {
            "type": "object",
            "required": ["name", "kind", "level", "away"],
            "additionalProperties": False,
            "properties": {
                "name": {"type": ["string", "null"], "description": "Null while a person's seat is empty."},
                "kind": {"type": "string", "enum": ["person", "computer"]},
                "level": {
                    "type": ["string", "null"],
                    "enum": [*LEVELS, None],
                    "description": "A computer's level; on a person's seat, the computer playing for them "
                    "while they are away (null: they play it).",
                },
                "away": {"type": "boolean", "description": "A person's seat a computer is playing for now."},
            },
        },
        "SeatGridView": {
            "type": "object",
            "description": "A Grid Golf seat's view: exactly a `POST /api/v1/caddie/grid` request. Face-down "
            "cards are null, the seat's own included; `drawn` and `drawn_from` only while the "
            "seat holds a card.",
            "required": ["rules", "grid", "discard", "discard_pile", "opponents", "deck_size", "final_turn"],
            "additionalProperties": False,
            "properties": {
                "rules": ref("Rules"),
                "grid": {"type": "array", "items": NULLABLE_CARD, "description": "Row by row."},
                "discard": {**NULLABLE_CARD, "description": "The top of the discard pile."},
                "discard_pile": {"type": "array", "items": ref("CardCode"), "description": "Oldest first."},
                "opponents": {
                    "type": "array",
                    "items": {"type": "array", "items": NULLABLE_CARD},
                    "description": "The other seats' grids in playing order, from the seat after this one "
                    "(the table's `order`), as the caddie's request lists them.",
                },
                "deck_size": {"type": "integer", "minimum": 0},
                "final_turn": {"type": "boolean", "description": "Someone went out: this is your last turn."},
                "drawn": ref("CardCode"),
                "drawn_from": {"type": "string", "enum": ["deck", "discard"]},
            },
        },
        "SeatClubsView": {
            "type": "object",
            "description": "A Club Cards seat's view: exactly a `POST /api/v1/caddie/clubs` request.",
            "required": ["yardage", "hand", "upcoming", "decks"],
            "additionalProperties": False,
            "properties": {
                "yardage": ref("Yardage"),
                "hand": {**_YARDAGES, "description": "Your cards."},
                "upcoming": {**_YARDAGES, "description": "The yardages of the holes after this one."},
                "decks": ref("Decks"),
            },
        },
        "OnlookerGridView": {
            "type": "object",
            "description": "Grid Golf as an onlooker sees it: every grid as the players see each other's.",
            "required": ["rules", "players", "discard", "discard_pile", "deck_size", "drawn", "drawn_by"],
            "additionalProperties": False,
            "properties": {
                "rules": ref("Rules"),
                "players": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["name", "grid", "points"],
                        "additionalProperties": False,
                        "properties": {
                            "name": {"type": "string"},
                            "grid": {"type": "array", "items": NULLABLE_CARD},
                            "points": {"type": "integer", "description": "What the face-up cards score."},
                        },
                    },
                },
                "discard": NULLABLE_CARD,
                "discard_pile": {"type": "array", "items": ref("CardCode")},
                "deck_size": {"type": "integer", "minimum": 0},
                "drawn": {**NULLABLE_CARD, "description": "Shown only when it was taken from the discard pile."},
                "drawn_by": {"type": ["integer", "null"], "description": "The seat holding a drawn card."},
            },
        },
        "OnlookerClubsView": {
            "type": "object",
            "description": "Club Cards as an onlooker sees it: the cards played and turned, never a hand.",
            "required": ["yardage", "par", "players", "discard", "pile_count", "decks"],
            "additionalProperties": False,
            "properties": {
                "yardage": ref("Yardage"),
                "par": {"type": "integer"},
                "players": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "required": ["name", "cards_in_hand", "played", "turned", "score"],
                        "additionalProperties": False,
                        "properties": {
                            "name": {"type": "string"},
                            "cards_in_hand": {"type": "integer", "minimum": 0},
                            "played": {**_YARDAGES, "type": ["array", "null"]},
                            "turned": _YARDAGES,
                            "score": {"type": ["integer", "null"]},
                        },
                    },
                },
                "discard": _YARDAGES,
                "pile_count": {"type": "integer", "minimum": 0},
                "decks": ref("Decks"),
            },
        },
        "TableView": {
            "type": "object",
            "description": "A seat's view of the table, or an onlooker's: only what that seat may know.",
            "required": list(_TABLE_VIEW_PROPERTIES),
            "additionalProperties": False,
            "properties": _TABLE_VIEW_PROPERTIES,
        },
        "TableMove": {
            "type": "object",
            "description": "A move in the shape of the caddie's answer; the caddie's other fields "
            "(`expected_score`, `explanation`, `alternatives`) and null fields are passed over.",
            "required": ["action"],
            "properties": {
                "action": {
                    "type": "string",
                    "enum": [*GRID_MOVES, "play"],
                    "description": "Grid Golf: `flip` (with `positions` after the deal, or one `position` "
                    "under flip as a turn), `draw`, `take_discard` and `swap` (with `position`), "
                    "`discard` (with `flip`: the card to turn up, or null), `knock` (early "
                    "knock), `next_hole`. Club Cards: `play` (with `cards`) and `next_hole`.",
                },
                "position": {"type": ["integer", "null"]},
                "positions": {"type": ["array", "null"], "items": {"type": "integer"}},
                "flip": {"type": ["integer", "null"]},
                "cards": {**_YARDAGES, "description": "Club Cards: the yardages played from your hand."},
            },
        },
        "TableMoveRequest": {
            "type": "object",
            "required": ["version", "action"],
            "additionalProperties": False,
            "properties": {
                "version": {
                    "type": "integer",
                    "minimum": 0,
                    "description": "The `version` of the view the move was decided from.",
                },
                "action": {
                    "description": "The move; for Club Cards the caddie's answer itself (`play` and the "
                    "rest) is taken too.",
                    "anyOf": [ref("TableMove"), ref("CaddieClubsAdvice")],
                },
            },
        },
        "StaleTable": {
            "type": "object",
            "description": "The move was not made: the table moved on since the version sent. The view as it "
            "is now, with the error.",
            "required": [*_TABLE_VIEW_PROPERTIES, "error", "field"],
            "additionalProperties": False,
            "properties": {
                **copy.deepcopy(_TABLE_VIEW_PROPERTIES),
                "error": {"type": "string", "description": "A sentence a player understands."},
                "field": {"type": "string", "const": "version"},
            },
        },
    }
)


# -- examples -------------------------------------------------------------------

# One invented table; the tests write the real id, code and tokens as these.
EXAMPLE_TABLE_ID = "Tq4mX8vLp2NwR7sK"
EXAMPLE_CODE = "K7QM2PXR"
EXAMPLE_SEAT_TOKEN = "Hs3kV9pQ2wXmB7tN5cYr1LdF8gJz4aUe"
EXAMPLE_JOIN_TOKEN = "Pw6nC2rT9yKb4mXq7sLd3VhG8fZj1eAu"
EXAMPLE_WATCH_TOKEN = "Wv5tB1nM8qRc3xKd6pYs2LhJ"
EXAMPLE_JOIN_LINK_TOKEN = "3f9c2a71d04b8e65a1c7f2093be4d816"
EXAMPLE_HOST = "https://caddie.example"

_RULES4 = rules_example(cards=4)
_SPEEDY = {"game": "grid", "name": "Ann", "preset": "standard", "rules": {"cards": 4}}
_ANN_AND_ADA = [{"kind": "person"}, {"kind": "computer", "level": "steady"}]
_NO_TABLE = error_example("There is no table at this address.", None)
_MOVED_ON = (
    "The table moved on since you last looked, so your move was not made. "
    "The table below is as it is now: look again, then move."
)


def _created(version: int = 1) -> dict[str, Any]:
    return {
        "id": EXAMPLE_TABLE_ID,
        "code": EXAMPLE_CODE,
        "join_url": f"{EXAMPLE_HOST}/join/{EXAMPLE_JOIN_LINK_TOKEN}",
        "watch_url": f"{EXAMPLE_HOST}/w/{EXAMPLE_WATCH_TOKEN}",
        "seat": 0,
        "seat_token": EXAMPLE_SEAT_TOKEN,
        "version": version,
    }


def _seat(name: str | None, kind: str = "person", level: str | None = None) -> dict[str, Any]:
    return {"name": name, "kind": kind, "level": level, "away": False}


def _table(
    version: int,
    phase: str,
    view: dict[str, Any] | None,
    seat: int | None = 0,
    to_move: int | None = None,
    events: list[str] | None = None,
    names: tuple[str | None, ...] = ("Ann", "Ada"),
) -> dict[str, Any]:
    seats = [_seat(names[0]), _seat(names[1], "computer", "steady") if names[1] == "Ada" else _seat(names[1])]
    return {
        "version": version,
        "game": "grid",
        "holes": 9,
        "phase": phase,
        "seat": seat,
        "to_move": to_move,
        "names": list(names),
        "order": [0, 1],
        "totals": [0, 0],
        "hole": 0 if phase == "lobby" else 1,
        "seats": seats,
        "notice": None,
        "events": events or [],
        "scorecard_url": None if phase == "lobby" else "http://localhost/ledger/s/Xk3v9QwTz2LmNp7RsA1bC4dE",
        "view": view,
    }


_DEALT = {
    "rules": _RULES4,
    "grid": [None, None, None, None],
    "discard": "4",
    "discard_pile": ["4"],
    "opponents": [[None, None, None, None]],
    "deck_size": 43,
    "final_turn": False,
}
_FLIPPED_EVENTS = [
    "Ann turned up top-left: Q.",
    "Ann turned up bottom-right: 2.",
    "Ada turned up top-right: Q.",
    "Ada turned up bottom-left: 6.",
]
_FLIPPED = dict(_DEALT, grid=["Q", None, None, "2"], opponents=[[None, "Q", "6", None]])
_DREW = dict(_FLIPPED, deck_size=42, drawn="7", drawn_from="deck")
_DREW_EVENTS = [*_FLIPPED_EVENTS, "Ann drew from the deck."]
_WATCHED = {
    "rules": _RULES4,
    "players": [
        {"name": "Ann", "grid": ["Q", None, None, "2"], "points": 8},
        {"name": "Ada", "grid": [None, "Q", "6", None], "points": 16},
    ],
    "discard": "4",
    "discard_pile": ["4"],
    "deck_size": 42,
    "drawn": None,
    "drawn_by": 0,
}
LOBBY = _table(1, "lobby", None)
STARTED = _table(2, "flip", _DEALT, to_move=0)
MY_TURN = _table(4, "turn", _FLIPPED, to_move=0, events=_FLIPPED_EVENTS)
HOLDING = _table(5, "turn", _DREW, to_move=0, events=_DREW_EVENTS)
WATCHING = _table(5, "turn", _WATCHED, seat=None, to_move=0, events=_DREW_EVENTS)

CREATE_EXAMPLES: dict[str, tuple[str, dict, int, dict]] = {
    "grid_with_a_computer": (
        "Grid Golf on four-card grids, you and a Steady computer",
        dict(_SPEEDY, seats=_ANN_AND_ADA),
        201,
        _created(),
    ),
    "clubs_for_two": (
        "Club Cards on a sample course, a seat for a friend, a one-minute turn clock",
        {"game": "clubs", "name": "Ann", "course": "cedar-nine", "seats": [{"kind": "person"}] * 2, "clock": 60},
        201,
        _created(),
    ),
    "computer_first": (
        "The first seat given to a computer",
        dict(_SPEEDY, seats=list(reversed(_ANN_AND_ADA))),
        400,
        error_example("The first seat is yours: a person's.", "seats[0].kind"),
    ),
    "too_many_seats": (
        "Five seats at Club Cards",
        {"game": "clubs", "name": "Ann", "course": "cedar-nine", "seats": [{"kind": "person"}] * 5},
        400,
        error_example(
            'A Club Cards table has 2 to 4 seats, yours first, such as [{"kind": "person"}, '
            '{"kind": "computer", "level": "steady"}].',
            "seats",
        ),
    ),
    "no_level": (
        "A computer seat without its level",
        dict(_SPEEDY, seats=[{"kind": "person"}, {"kind": "computer"}]),
        400,
        error_example(f"Choose the level of the computer at seat 2: {_choices(LEVELS)}.", "seats[1].level"),
    ),
    "no_name": (
        "No name for the creator's seat",
        {"game": "grid", "seats": _ANN_AND_ADA},
        400,
        error_example('Send your name, as the others at the table will see it, such as "Ann".', "name"),
    ),
    "unknown_game": (
        "A game this table does not play",
        {"game": "poker", "name": "Ann", "seats": _ANN_AND_ADA},
        400,
        error_example('The game is "grid" (Grid Golf) or "clubs" (Club Cards).', "game"),
    ),
    "odd_clock": (
        "A turn clock that is not offered",
        dict(_SPEEDY, seats=_ANN_AND_ADA, clock=45),
        400,
        error_example(f"The turn clock is null (no clock) or {_choices(CLOCKS)} seconds.", "clock"),
    ),
}

JOIN_EXAMPLES: dict[str, tuple[str, dict, int, dict]] = {
    "join": (
        "Bob sits down",
        {"name": "Bob"},
        200,
        {"id": EXAMPLE_TABLE_ID, "seat": 1, "seat_token": EXAMPLE_JOIN_TOKEN, "version": 2},
    ),
    "name_taken": (
        "A name already at the table",
        {"name": "ann"},
        400,
        error_example('Someone at this table is already called "ann": add an initial.', "name"),
    ),
    "no_name": (
        "No name",
        {},
        400,
        error_example('Send your name, as the others at the table will see it, such as "Ann".', "name"),
    ),
}
_FULL = error_example("This table is full.", "code")
_STARTED = error_example("This table's match has started: ask for a seat link, or watch.", "code")
_UNKNOWN_CODE = error_example("No table has that code: check it with the person who made the table.", "code")
_TOO_MANY = error_example("Too many wrong codes from this address: try again in 10 minutes.", "code")
_TOO_MANY_TABLES = error_example(
    "You have 10 open tables already, the most one may have at once: finish one, or leave one alone for an "
    "hour, before you make another.",
    None,
)
_TOO_MANY_WAITS = error_example(
    "This client is already waiting for as many answers as one may at once: wait for those, "
    "or ask again in a few seconds.",
    "wait",
)
_NOT_A_CODE = error_example("A table code is 8 letters and digits, such as K7QM-2PXR: check what was typed.", "code")

MOVE_EXAMPLES: dict[str, tuple[str, dict, int, dict]] = {
    "first_flips": (
        "Turn up two cards after the deal, as the caddie answers",
        {"version": 2, "action": {"action": "flip", "positions": [0, 3]}},
        200,
        _table(3, "turn", _FLIPPED, to_move=1, events=_FLIPPED_EVENTS[:2]),
    ),
    "draw": (
        "Draw from the deck",
        {"version": 4, "action": {"action": "draw"}},
        200,
        HOLDING,
    ),
    "caddies_answer": (
        "The caddie's answer sent as it came: a swap",
        {
            "version": 5,
            "action": {
                "action": "swap",
                "position": 1,
                "positions": None,
                "flip": None,
                "expected_score": 9.4,
                "explanation": "Put the 7 top-right: …",
                "alternatives": [],
            },
        },
        200,
        _table(
            6,
            "turn",
            dict(_FLIPPED, grid=["Q", "7", None, "2"], discard="A", discard_pile=["4", "A"], deck_size=42),
            to_move=1,
            events=[*_FLIPPED_EVENTS[1:], "Ann drew a 7 from the deck and put it top-right, replacing an A."],
        ),
    ),
    "not_your_turn": (
        "A move while another seat is to move",
        {"version": 3, "action": {"action": "draw"}},
        409,
        error_example("It is Ada's turn, not yours.", "seat"),
    ),
    "illegal": (
        "A swap into a place the grid does not have",
        {"version": 5, "action": {"action": "swap", "position": 9}},
        409,
        error_example("There is no position 9 in a 4-card grid: positions run from 0 to 3.", "action.position"),
    ),
    "stale": (
        "The same draw sent twice: the second is not made",
        {"version": 4, "action": {"action": "draw"}},
        409,
        dict(HOLDING, error=_MOVED_ON, field="version"),
    ),
    "no_version": (
        "A move without the version it was decided from",
        {"action": {"action": "draw"}},
        400,
        error_example("Send the version of the table you saw, a whole number such as 7.", "version"),
    ),
}


# -- operations -----------------------------------------------------------------

_SECURITY: list[dict[str, list[str]]] = [{"bearerAuth": []}]
_TABLE_ID = {
    "name": "table_id",
    "in": "path",
    "required": True,
    "schema": {"type": "string"},
    "description": "The table's `id`.",
    "example": EXAMPLE_TABLE_ID,
}
_CODE = {
    "name": "code",
    "in": "path",
    "required": True,
    "schema": {"type": "string"},
    "description": "The table's code, as typed: any case, with or without the dash.",
    "example": "k7qm-2pxr",
}


def _one(name: str, summary: str, value: dict[str, Any]) -> dict[str, Any]:
    return {name: {"summary": summary, "value": copy.deepcopy(value)}}


def _not_found(what: str = "seat") -> dict[str, Any]:
    who = "a seat token of this table" if what == "seat" else "a seat token or the watch token of this table"
    return json_response(
        f"No table here for this caller: the id is wrong, or the Bearer token is not {who}. The two answer alike.",
        "Error",
        _one("not_found", "No table here", _NO_TABLE),
    )


def _tokens_note(watch: bool) -> str:
    note = "`Authorization: Bearer <seat token>` (from creating or joining the table)"
    return note + (", or the watch token (the end of `watch_url`) for an onlooker's view" if watch else "")


@operation("/api/v1/tables", "post")
def _create_table() -> dict[str, Any]:
    return {
        "operationId": "createTable",
        "summary": "Make a live table",
        "description": "A table in its lobby, with you at seat 0 and the seats you ask for: people who join "
        "with the code, and computers (Beginner, Steady or Caddie). Grid Golf takes `preset`, `rules` "
        "and `holes` like a ledger round, over the calling browser's Settings; Club Cards takes a "
        "`course` and the browser's deck and chart. The answer is the only time your seat token is "
        "shown.",
        "tags": TAGS,
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {
                    "schema": ref("CreateTableRequest"),
                    "examples": request_examples(CREATE_EXAMPLES),
                }
            },
        },
        "responses": {
            "201": json_response(
                "The table: its id, its code and links, and your seat's token.",
                "CreatedTable",
                status_examples(CREATE_EXAMPLES, 201),
                {"Location": {"description": "The table in the API.", "schema": {"type": "string"}}},
            ),
            "400": json_response(
                "The table cannot be made; the message says why and `field` says where.",
                "Error",
                status_examples(CREATE_EXAMPLES, 400),
            ),
            "409": json_response(
                "You have as many open tables as one may (10): a table counts until its match is over, or "
                "until nobody has been at it for an hour. You are your browser identity (the session "
                "cookie), or without it your address.",
                "Error",
                _one("too_many_tables", "An eleventh open table", _TOO_MANY_TABLES),
            ),
            "405": {"$ref": "#/components/responses/MethodNotAllowed"},
        },
    }


@operation("/api/v1/tables/{code}/join", "post")
def _join_table() -> dict[str, Any]:
    return {
        "operationId": "joinTable",
        "summary": "Sit down at a table by its code",
        "description": "Takes the first empty person's seat. The code counts as typed: codes that name no "
        "table count against the caller (its browser identity if it sends the session cookie, else its "
        "address: 10 in 10 minutes) and against its address (30, for every client on it together), each "
        "checked and counted in one step, so tries sent at once cannot pass the limit together. Past "
        "either, every join by code is refused for a time (429, the right code too, with `Retry-After` the "
        "seconds left). A join that finds its table costs nothing, and a code that is not one at all "
        "(empty, too short, a letter not in the alphabet) is a 400, not a miss. A person's join link "
        "(`join_url`) is never counted.",
        "tags": TAGS,
        "parameters": [copy.deepcopy(_CODE)],
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {"schema": ref("JoinTableRequest"), "examples": request_examples(JOIN_EXAMPLES)}
            },
        },
        "responses": {
            "200": json_response("Your seat and its token.", "JoinedTable", status_examples(JOIN_EXAMPLES, 200)),
            "400": json_response(
                "The name will not do, or the code is not one (not counted as a miss); the message says why.",
                "Error",
                {**status_examples(JOIN_EXAMPLES, 400), **_one("not_a_code", "A mistyped code", _NOT_A_CODE)},
            ),
            "404": json_response(
                "No table has that code.", "Error", _one("unknown_code", "A code nobody made", _UNKNOWN_CODE)
            ),
            "409": json_response(
                "Nobody more can sit down: the table is full, or its match has started.",
                "Error",
                {
                    **_one("full", "Every seat taken", _FULL),
                    **_one("started", "The match has started", _STARTED),
                },
            ),
            "429": json_response(
                "Too many codes that named no table from this caller lately: the message says when to try again.",
                "Error",
                _one("too_many", "Too many misses", _TOO_MANY),
                {"Retry-After": {"description": "Seconds to wait.", "schema": {"type": "integer"}}},
            ),
            "405": {"$ref": "#/components/responses/MethodNotAllowed"},
        },
    }


@operation("/api/v1/tables/{table_id}/start", "post")
def _start_table() -> dict[str, Any]:
    return {
        "operationId": "startTable",
        "summary": "Start the match",
        "description": "The host (seat 0) deals the match; any person's seat still empty goes to a Steady "
        "computer. Needs the host's seat token. No body.",
        "tags": TAGS,
        "security": copy.deepcopy(_SECURITY),
        "parameters": [copy.deepcopy(_TABLE_ID)],
        "responses": {
            "200": json_response("The host seat's view of the match.", "TableView", _one("started", "Dealt", STARTED)),
            "403": json_response(
                "Another seat's token: only the host starts the match.",
                "Error",
                _one("not_the_host", "Bob asks", error_example("Only the host (Ann) can start the match.", "seat")),
            ),
            "404": _not_found(),
            "409": {
                "description": "The match has already started (an `Error`), or the table changed at the same "
                "moment, a join say (the view as it is now, with the error): start again.",
                "content": {
                    "application/json": {
                        "schema": {"anyOf": [ref("Error"), ref("StaleTable")]},
                        "examples": _one(
                            "already_started", "A second start", error_example("The match has already started.", "seat")
                        ),
                    }
                },
            },
            "405": {"$ref": "#/components/responses/MethodNotAllowed"},
        },
    }


def _version_you_have(name: str, where: str, then: str) -> dict[str, Any]:
    """A parameter naming the table version the client holds."""
    return {
        "name": name,
        "in": where,
        "required": False,
        "schema": {"type": "integer", "minimum": 0},
        "description": f"The version you have: {then}.",
        "example": 4,
    }


@operation("/api/v1/tables/{table_id}", "get")
def _get_table() -> dict[str, Any]:
    return {
        "operationId": "getTable",
        "summary": "Look at the table",
        "description": f"The view of the seat whose token is sent: {_tokens_note(True)}. The view holds only "
        "what that seat may know; its `view` is the caddie's request for the game.\n\n"
        "`?wait=<version>` is a long poll: the answer comes as soon as the table is past that version, or "
        "after 25 seconds with the same version. When the server has no room for another waiting request "
        "it answers at once with the same version and `Retry-After: 1`: ask again after that second. One "
        "client (a seat's token; an onlooker's browser identity, else its address) may wait for 4 answers "
        "at once, streams included: a long poll past that is refused (429), and takes no other client's "
        "place.",
        "tags": TAGS,
        "security": copy.deepcopy(_SECURITY),
        "parameters": [
            copy.deepcopy(_TABLE_ID),
            _version_you_have("wait", "query", "answer when the table is past it"),
        ],
        "responses": {
            "200": json_response(
                "The table as this seat sees it.",
                "TableView",
                {
                    **_one("lobby", "Waiting for the host to start", LOBBY),
                    **_one("my_turn", "Holding a card drawn from the deck", HOLDING),
                    **_one("onlooker", "The same moment, with the watch token", WATCHING),
                },
                {
                    "Retry-After": {
                        "description": "Only on a long poll answered at once for want of room to wait: "
                        "seconds before asking again.",
                        "schema": {"type": "integer"},
                    }
                },
            ),
            "400": json_response(
                "`wait` is not a version.",
                "Error",
                _one(
                    "bad_wait",
                    "?wait=soon",
                    error_example(
                        "wait is the version you have, a whole number such as 7: the answer comes when the "
                        "table is past it.",
                        "wait",
                    ),
                ),
            ),
            "404": _not_found("viewer"),
            "429": json_response(
                "This client is already waiting for as many answers as one may at once.",
                "Error",
                _one("too_many_waits", "A fifth long poll at once", _TOO_MANY_WAITS),
                {"Retry-After": {"description": "Seconds to wait.", "schema": {"type": "integer"}}},
            ),
            "405": {"$ref": "#/components/responses/MethodNotAllowed"},
        },
    }


@operation("/api/v1/tables/{table_id}/stream", "get")
def _stream_table() -> dict[str, Any]:
    return {
        "operationId": "streamTable",
        "summary": "Follow the table as it changes",
        "description": f"Server-sent events of the view of the seat whose token is sent: {_tokens_note(True)}. "
        "Each event is `event: view`, its `id` the table's version and its `data` one `TableView` in JSON, "
        "the same as `GET /api/v1/tables/{table_id}` answers: first the table as it is, then again each "
        "time it changes. A comment line (`: still here`) comes when nothing has changed for 25 seconds. "
        "The stream ends after about 50 seconds, when the seat is no longer the token's, or when the "
        "server has no room for another waiting phone; open it again after the `retry` it gave (1 second) "
        "with `Last-Event-ID`, the last version you had, and only what is newer is sent. A client holds 4 "
        "waits at once (streams and long polls): a fifth stream ends the client's oldest one, which then "
        "says `retry: 10000` (come back in 10 seconds), and takes no other client's place. The alternative "
        "to following the stream is the long poll, `?wait=`.",
        "tags": TAGS,
        "security": copy.deepcopy(_SECURITY),
        "parameters": [
            copy.deepcopy(_TABLE_ID),
            _version_you_have("Last-Event-ID", "header", "the stream sends only what is newer"),
        ],
        "responses": {
            "200": {
                "description": "The stream of views, as `text/event-stream`.",
                "content": {
                    "text/event-stream": {
                        "schema": {"type": "string"},
                        "example": 'retry: 1000\n\nid: 5\nevent: view\ndata: {"version": 5, ...}\n\n',
                    }
                },
            },
            "404": _not_found("viewer"),
            "405": {"$ref": "#/components/responses/MethodNotAllowed"},
        },
    }


@operation("/api/v1/tables/{table_id}/moves", "post")
def _make_move() -> dict[str, Any]:
    return {
        "operationId": "makeMove",
        "summary": "Make a move",
        "description": f"The seat's move, {_tokens_note(False)}. The move has the shape of the caddie's "
        "answer, so a program can hand its view to the caddie and send back what it says. `version` "
        "is the view's: a move decided from an older view is not made (409, with the view as it is "
        "now), so a move sent twice is made once. Between holes (`hole_over`) any person's seat "
        "sends `next_hole`, and the first one counts. Computers move by themselves within a second "
        "or two of their turn.",
        "tags": TAGS,
        "security": copy.deepcopy(_SECURITY),
        "parameters": [copy.deepcopy(_TABLE_ID)],
        "requestBody": {
            "required": True,
            "content": {
                "application/json": {"schema": ref("TableMoveRequest"), "examples": request_examples(MOVE_EXAMPLES)}
            },
        },
        "responses": {
            "200": json_response(
                "The move is made: the seat's new view.", "TableView", status_examples(MOVE_EXAMPLES, 200)
            ),
            "400": json_response(
                "The request is not a move; the message says why and `field` says where.",
                "Error",
                status_examples(MOVE_EXAMPLES, 400),
            ),
            "404": _not_found(),
            "409": {
                "description": "The move was not made: it is not this seat's turn or not a legal move (an "
                "`Error`), or the table moved on since `version` (the view as it is now, with the error).",
                "content": {
                    "application/json": {
                        "schema": {"anyOf": [ref("Error"), ref("StaleTable")]},
                        "examples": status_examples(MOVE_EXAMPLES, 409),
                    }
                },
            },
            "405": {"$ref": "#/components/responses/MethodNotAllowed"},
        },
    }
