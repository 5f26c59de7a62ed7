"""The Live tables area of the API: sitting at a live table (``/api/v1/tables``; docs/live-tables.md).

The request and answer models of making a table, joining it by its code, starting it, looking at
it and moving: the creation, the seat's view in the shape of the caddie's request, a move in the
shape of its answer. The examples are one invented table, its id, code and tokens; the test suite
sends each request example and checks that the answer named alike comes back.

The models check shapes and ranges only. What depends on the game (how many seats it takes) or
on another seat (the first seat is the creator's, a person's) the view checks, with the sentences
here; whether a move is legal the game decides.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, GetCoreSchemaHandler, RootModel, WithJsonSchema
from pydantic_core import CoreSchema, core_schema

from caddie.core.errors import or_list
from caddie.core.games import GAME_NAMES, GAMES
from caddie.core.games.kind import GameKind
from caddie.core.ledger import HOLE_COUNTS, PLAYER_NAME_LIMIT
from caddie.core.live.table import CLOCKS, LEVELS
from caddie.openapi.advice import CaddieClubsAdvice
from caddie.openapi.courses import GameSetupBody
from caddie.openapi.says import Body, Example, OneOf, Says
from caddie.openapi.shared import (
    CardCode,
    Decks,
    Error,
    PresetName,
    Rules,
    Yardage,
    error_example,
    not_given,
    rules_example,
)

__all__ = [
    "CreateTableRequest",
    "CreatedTable",
    "JoinTableRequest",
    "JoinedTable",
    "StaleTable",
    "TableConflict",
    "TableMoveRequest",
    "TableSeatRequest",
    "TableView",
    "choose_level",
    "person_has_no_level",
    "seats_sentence",
]

PHASES = ("lobby", "flip", "turn", "hole_over", "over")
GRID_MOVES = ("flip", "draw", "take_discard", "swap", "discard", "knock", "next_hole")
SEATS_EXAMPLE = '[{"kind": "person"}, {"kind": "computer", "level": "steady"}]'
FIRST_SEAT = "The first seat is yours: a person's."
SEND_NAME = 'Send your name, as the others at the table will see it, such as "Ann".'


def seats_sentence(kind: GameKind[Any]) -> str:
    """How many seats a table of ``kind`` has."""
    low, high = kind.seats
    return f"A {kind.title} table has {low} to {high} seats, yours first, such as {SEATS_EXAMPLE}."


def _seats_of_the_game(body: Any) -> str:
    """``seats_sentence`` for the game the body names (the first game's, for one it does not)."""
    named = body.get("game") if isinstance(body, dict) else None
    return seats_sentence(next((kind for kind in GAMES if kind.name == named), GAMES[0]))


def choose_level(seat: str = "{n}") -> str:
    """The refusal of a computer seat (``seat``, from 1) without a level it can have."""
    return f"Choose the level of the computer at seat {seat}: {or_list(LEVELS)}."


def person_has_no_level(seat: int) -> str:
    """The refusal of a level on a person's seat (``seat``, from 1)."""
    return f"Seat {seat} is a person's: only a computer has a level."


class _DocumentedAs:
    """Metadata of a field that is checked as its own type but documented as ``documented``: a
    move is any object to the model, and the game reads it, with its own sentences."""

    def __init__(self, documented: Any) -> None:
        self.documented = documented

    def __get_pydantic_core_schema__(self, source: Any, handler: GetCoreSchemaHandler) -> CoreSchema:
        documented = handler(self.documented)
        checked = handler(source)
        metadata = dict(checked.get("metadata") or {})
        metadata["pydantic_js_functions"] = [lambda _schema, to_json: to_json(documented)]
        # pydantic writes into the document only the models that validation or serialization
        # reaches: this serializer reaches the documented ones, and gives the value back as it is.
        serialization = core_schema.wrap_serializer_function_ser_schema(lambda value, _next: value, schema=documented)
        return {**checked, "metadata": metadata, "serialization": serialization}


# -- answers ------------------------------------------------------------------------------------------

Seat = Annotated[int, Field(ge=0)]
Version = Annotated[int, Field(ge=1)]
SeenCard = Annotated[CardCode | None, Field(description="A card, or null where it is face down.")]
Yardages = list[int]


class CreatedTable(BaseModel):
    """A table just made: its id, its code and links, and the creator's seat token."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(description="The table's unguessable id, in its API addresses.")
    code: str = Field(
        pattern="^[A-Z2-9]{8}$",
        description="What a person types to join (shown as two groups of four); also the `code` of "
        "`POST /api/v1/tables/{code}/join`.",
    )
    join_url: str = Field(
        description="The page a person opens to sit down (its QR code too). It carries the table's join token, "
        "which cannot be guessed: opening it is never counted as a try at a code."
    )
    watch_url: str = Field(
        description="The onlookers' page; its last part is the watch token, which reads the table as "
        "`Authorization: Bearer`."
    )
    seat: Annotated[int, OneOf(0)]
    seat_token: str = Field(
        description="Your seat's secret: `Authorization: Bearer` with it reads your view, starts the match and "
        "moves. Shown only now."
    )
    version: Version


class JoinedTable(BaseModel):
    """The seat a join took, and its token."""

    model_config = ConfigDict(extra="forbid")

    id: str
    seat: int = Field(ge=1)
    seat_token: str = Field(description="Your seat's secret. Shown only now.")
    version: Version


class TableSeat(BaseModel):
    """A seat at the table, as everyone sees it."""

    model_config = ConfigDict(extra="forbid")

    name: str | None = Field(description="Null while a person's seat is empty.")
    kind: Annotated[str, OneOf("person", "computer")]
    level: Annotated[str, OneOf(*LEVELS)] | None = Field(
        description="A computer's level; on a person's seat, the computer playing for them while they are away "
        "(null: they play it)."
    )
    away: bool = Field(description="A person's seat a computer is playing for now.")


class SeatGridView(BaseModel):
    """A Grid Golf seat's view: exactly a `POST /api/v1/caddie/grid` request. Face-down cards are null,
    the seat's own included; `drawn` and `drawn_from` only while the seat holds a card."""

    model_config = ConfigDict(extra="forbid")

    rules: Rules
    grid: list[SeenCard] = Field(description="Row by row.")
    discard: CardCode | None = Field(description="The top of the discard pile.")
    discard_pile: list[CardCode] = Field(description="Oldest first.")
    opponents: list[list[SeenCard]] = Field(
        description="The other seats' grids in playing order, from the seat after this one (the table's `order`), "
        "as the caddie's request lists them."
    )
    deck_size: int = Field(ge=0)
    final_turn: bool = Field(description="Someone went out: this is your last turn.")
    drawn: CardCode | None = Field(None, json_schema_extra=not_given)
    drawn_from: Annotated[str, OneOf("deck", "discard")] | None = Field(None, json_schema_extra=not_given)


class SeatClubsView(BaseModel):
    """A Club Cards seat's view: exactly a `POST /api/v1/caddie/clubs` request."""

    model_config = ConfigDict(extra="forbid")

    yardage: Yardage
    hand: Yardages = Field(description="Your cards.")
    upcoming: Yardages = Field(description="The yardages of the holes after this one.")
    decks: Decks


class OnlookerGridPlayer(BaseModel):
    """A Grid Golf player as onlookers see them."""

    model_config = ConfigDict(extra="forbid")

    name: str
    grid: list[SeenCard]
    points: int = Field(description="What the face-up cards score.")


class OnlookerGridView(BaseModel):
    """Grid Golf as an onlooker sees it: every grid as the players see each other's."""

    model_config = ConfigDict(extra="forbid")

    rules: Rules
    players: list[OnlookerGridPlayer]
    discard: CardCode | None
    discard_pile: list[CardCode]
    deck_size: int = Field(ge=0)
    drawn: CardCode | None = Field(description="Shown only when it was taken from the discard pile.")
    drawn_by: int | None = Field(description="The seat holding a drawn card.")


class OnlookerClubsPlayer(BaseModel):
    """A Club Cards player as onlookers see them."""

    model_config = ConfigDict(extra="forbid")

    name: str
    cards_in_hand: int = Field(ge=0)
    played: Yardages | None
    turned: Yardages
    score: int | None


class OnlookerClubsView(BaseModel):
    """Club Cards as an onlooker sees it: the cards played and turned, never a hand."""

    model_config = ConfigDict(extra="forbid")

    yardage: Yardage
    par: int
    players: list[OnlookerClubsPlayer]
    discard: Yardages
    pile_count: int = Field(ge=0)
    decks: Decks


class TableView(BaseModel):
    """A seat's view of the table, or an onlooker's: only what that seat may know."""

    model_config = ConfigDict(extra="forbid")

    version: Version = Field(
        description="Grows with every change to the table: send it with a move, and as `?wait=` to be told of the "
        "next change."
    )
    game: Annotated[str, OneOf(*GAME_NAMES)]
    holes: Annotated[int, OneOf(*HOLE_COUNTS)]
    phase: Annotated[str, OneOf(*PHASES)] = Field(
        description="`lobby` before the host starts; `flip` while Grid Golf players turn up their first cards; "
        "`turn`; `hole_over` between holes (any person's seat sends `next_hole`); `over`."
    )
    seat: Seat | None = Field(description="The seat this view is of; null for an onlooker (the watch token).")
    to_move: Seat | None = Field(
        description="The seat to move; null in the lobby, between holes and once the match is over."
    )
    names: list[str | None] = Field(description="In seat order; null for a person's seat nobody has joined yet.")
    order: list[Seat] = Field(
        description="The seats in this hole's playing order (seat order in the lobby). A Grid Golf view lists "
        "`opponents` in this order, from the seat after this one."
    )
    totals: list[int] = Field(description="Each seat's total over the holes finished (zeros in the lobby).")
    hole: int = Field(ge=0, description="The hole being played, from 1; 0 in the lobby.")
    seats: list[TableSeat]
    notice: str | None = Field(
        description="The latest news that is not a move: a computer playing for someone away, the turn clock "
        "running out, someone back."
    )
    events: list[str] = Field(
        max_length=5,
        description="The latest moves as sentences, oldest first; each names only cards everyone has seen.",
    )
    scorecard_url: str | None = Field(
        description="The read-only link to the table's ledger round, where every hole lands (the same for every "
        "seat and onlooker); null in the lobby."
    )
    view: SeatGridView | SeatClubsView | OnlookerGridView | OnlookerClubsView | None = Field(
        description="What this seat knows, in the shape of the caddie's request for the game (hand it to "
        "`POST /api/v1/caddie/grid` or `/caddie/clubs` unchanged); an onlooker's view for the watch token; null "
        "in the lobby."
    )


class StaleTable(TableView):
    """The move was not made: the table moved on since the version sent. The view as it is now, with
    the error."""

    error: str = Field(description="A sentence a player understands.")
    field: Annotated[str, OneOf("version")]


class TableConflict(RootModel[Error | StaleTable]):
    """A start or a move that was not made: refused (an `Error`), or raced by another change (the
    view as it is now, with the error: `StaleTable`)."""


# -- requests -----------------------------------------------------------------------------------------

Name = Annotated[
    str,
    Field(description=f"1 to {PLAYER_NAME_LIMIT} characters, not taken at the table."),
    Says('Your name is text, such as "Ann".', missing=SEND_NAME),
]


class TableSeatRequest(Body):
    """A seat of the table to make: a person's, or a computer's at its level."""

    UNKNOWN = '"{key}" is not a field of a seat; the fields are kind and level.'

    kind: Annotated[
        str,
        OneOf("person", "computer"),
        Field(
            description="A person's seat is filled by someone joining with the code; the first seat is the "
            "creator's own, a person's."
        ),
        Says('Seat {n} is for a "person" or a "computer".'),
    ]
    # Which sentence a level that will not do gets depends on the seat's kind and place (a person's
    # has none; the first seat is a person's), so the view checks it: ``choose_level``,
    # ``person_has_no_level``, ``FIRST_SEAT``.
    level: Annotated[
        Any,
        WithJsonSchema({"type": "string", "enum": list(LEVELS)}),
        Field(description="A computer seat's level; a person's seat has none."),
    ] = Field(None, json_schema_extra=not_given)


class TableMove(BaseModel):
    """A move in the shape of the caddie's answer; the caddie's other fields (`expected_score`,
    `explanation`, `alternatives`) and null fields are passed over."""

    model_config = ConfigDict(extra="allow")

    action: Annotated[str, OneOf(*GRID_MOVES, "play")] = Field(
        description="Grid Golf: `flip` (with `positions` after the deal, or one `position` under flip as a turn), "
        "`draw`, `take_discard` and `swap` (with `position`), `discard` (with `flip`: the card to turn up, or "
        "null), `knock` (early knock), `next_hole`. Club Cards: `play` (with `cards`) and `next_hole`."
    )
    position: int | None = Field(None, json_schema_extra=not_given)
    positions: list[int] | None = Field(None, json_schema_extra=not_given)
    flip: int | None = Field(None, json_schema_extra=not_given)
    cards: Yardages | None = Field(
        None, description="Club Cards: the yardages played from your hand.", json_schema_extra=not_given
    )


# -- examples -----------------------------------------------------------------------------------------

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
HOLDING = _table(5, "turn", _DREW, to_move=0, events=_DREW_EVENTS)
WATCHING = _table(5, "turn", _WATCHED, seat=None, to_move=0, events=_DREW_EVENTS)

CREATE_EXAMPLES: dict[str, Example] = {
    "grid_with_a_computer": Example(
        "Grid Golf on four-card grids, you and a Steady computer",
        dict(_SPEEDY, seats=_ANN_AND_ADA),
        201,
        _created(),
    ),
    "clubs_for_two": Example(
        "Club Cards on a sample course, a seat for a friend, a one-minute turn clock",
        {"game": "clubs", "name": "Ann", "course": "cedar-nine", "seats": [{"kind": "person"}] * 2, "clock": 60},
        201,
        _created(),
    ),
    "computer_first": Example(
        "The first seat given to a computer",
        dict(_SPEEDY, seats=list(reversed(_ANN_AND_ADA))),
        400,
        error_example(FIRST_SEAT, "seats[0].kind"),
    ),
    "too_many_seats": Example(
        "Five seats at Club Cards",
        {"game": "clubs", "name": "Ann", "course": "cedar-nine", "seats": [{"kind": "person"}] * 5},
        400,
        error_example(
            'A Club Cards table has 2 to 4 seats, yours first, such as [{"kind": "person"}, '
            '{"kind": "computer", "level": "steady"}].',
            "seats",
        ),
    ),
    "no_level": Example(
        "A computer seat without its level",
        dict(_SPEEDY, seats=[{"kind": "person"}, {"kind": "computer"}]),
        400,
        error_example(f"Choose the level of the computer at seat 2: {or_list(LEVELS)}.", "seats[1].level"),
    ),
    "no_name": Example(
        "No name for the creator's seat",
        {"game": "grid", "seats": _ANN_AND_ADA},
        400,
        error_example(SEND_NAME, "name"),
    ),
    "unknown_game": Example(
        "A game this table does not play",
        {"game": "poker", "name": "Ann", "seats": _ANN_AND_ADA},
        400,
        error_example('The game is "grid" (Grid Golf) or "clubs" (Club Cards).', "game"),
    ),
    "odd_clock": Example(
        "A turn clock that is not offered",
        dict(_SPEEDY, seats=_ANN_AND_ADA, clock=45),
        400,
        error_example(f"The turn clock is null (no clock) or {or_list(CLOCKS)} seconds.", "clock"),
    ),
}

JOIN_EXAMPLES: dict[str, Example] = {
    "join": Example(
        "Bob sits down",
        {"name": "Bob"},
        200,
        {"id": EXAMPLE_TABLE_ID, "seat": 1, "seat_token": EXAMPLE_JOIN_TOKEN, "version": 2},
    ),
    "name_taken": Example(
        "A name already at the table",
        {"name": "ann"},
        400,
        error_example('Someone at this table is already called "ann": add an initial.', "name"),
    ),
    "no_name": Example("No name", {}, 400, error_example(SEND_NAME, "name")),
}

MOVE_EXAMPLES: dict[str, Example] = {
    "first_flips": Example(
        "Turn up two cards after the deal, as the caddie answers",
        {"version": 2, "action": {"action": "flip", "positions": [0, 3]}},
        200,
        _table(3, "turn", _FLIPPED, to_move=1, events=_FLIPPED_EVENTS[:2]),
    ),
    "draw": Example("Draw from the deck", {"version": 4, "action": {"action": "draw"}}, 200, HOLDING),
    "caddies_answer": Example(
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
    "not_your_turn": Example(
        "A move while another seat is to move",
        {"version": 3, "action": {"action": "draw"}},
        409,
        error_example("It is Ada's turn, not yours.", "seat"),
    ),
    "illegal": Example(
        "A swap into a place the grid does not have",
        {"version": 5, "action": {"action": "swap", "position": 9}},
        409,
        error_example("There is no position 9 in a 4-card grid: positions run from 0 to 3.", "action.position"),
    ),
    "stale": Example(
        "The same draw sent twice: the second is not made",
        {"version": 4, "action": {"action": "draw"}},
        409,
        dict(HOLDING, error=_MOVED_ON, field="version"),
    ),
    "no_version": Example(
        "A move without the version it was decided from",
        {"action": {"action": "draw"}},
        400,
        error_example("Send the version of the table you saw, a whole number such as 7.", "version"),
    ),
}

# The answers no request example gets: the examples of a path, a token or the table's state.
NO_TABLE_EXAMPLE = error_example("There is no table at this address.", None)
TOO_MANY_TABLES_EXAMPLE = error_example(
    "You have 10 open tables already, the most one may have at once: finish one, or leave one alone for an "
    "hour, before you make another.",
    None,
)
NOT_A_CODE_EXAMPLE = error_example(
    "A table code is 8 letters and digits, such as K7QM-2PXR: check what was typed.", "code"
)
UNKNOWN_CODE_EXAMPLE = error_example("No table has that code: check it with the person who made the table.", "code")
FULL_EXAMPLE = error_example("This table is full.", "code")
STARTED_EXAMPLE = error_example("This table's match has started: ask for a seat link, or watch.", "code")
TOO_MANY_MISSES_EXAMPLE = error_example("Too many wrong codes from this address: try again in 10 minutes.", "code")
NOT_THE_HOST_EXAMPLE = error_example("Only the host (Ann) can start the match.", "seat")
ALREADY_STARTED_EXAMPLE = error_example("The match has already started.", "seat")
BAD_WAIT_EXAMPLE = error_example(
    "wait is the version you have, a whole number such as 7: the answer comes when the table is past it.", "wait"
)
TOO_MANY_WAITS_EXAMPLE = error_example(
    "This client is already waiting for as many answers as one may at once: wait for those, "
    "or ask again in a few seconds.",
    "wait",
)
STREAM_EXAMPLE = 'retry: 1000\n\nid: 5\nevent: view\ndata: {"version": 5, ...}\n\n'


# -- requests -----------------------------------------------------------------------------------------


class CreateTableRequest(GameSetupBody):
    """A live table to make: its game and rules or course, your name, its seats and its turn clock."""

    EXAMPLES = CREATE_EXAMPLES

    preset: PresetName = Field(
        "standard",
        description="Grid Golf only. The rules to start from; without `preset` the calling browser's Settings (the "
        "defaults for a new client).",
        json_schema_extra=not_given,
    )
    name: Annotated[Name, Field(description=f"Your name at the table: 1 to {PLAYER_NAME_LIMIT} characters.")]
    seats: Annotated[
        list[
            Annotated[TableSeatRequest, Says('Seat {n} is {"kind": "person"} or {"kind": "computer", "level": ...}.')]
        ],
        Field(
            min_length=min(kind.seats[0] for kind in GAMES),
            max_length=max(kind.seats[1] for kind in GAMES),
            description="In seat order, yours first: "
            + ", ".join(f"{kind.seats[0]} to {kind.seats[1]} seats for {kind.title}" for kind in GAMES)
            + ".",
        ),
        Says(_seats_of_the_game),
    ]
    holes: Annotated[
        Annotated[int, OneOf(*HOLE_COUNTS)] | None,
        Field(
            description="Grid Golf: the match's length (default: the rules'). Club Cards: the course's length by "
            "default; 9 on an 18-hole course plays its front nine."
        ),
        Says("A table plays 9 or 18 holes."),
    ] = Field(None, json_schema_extra=not_given)
    clock: Annotated[
        Annotated[int, OneOf(*CLOCKS)] | None,
        Field(
            description="The turn clock in seconds: a person who has not moved by then has their turn played by a "
            "Steady computer. Null: no clock."
        ),
        Says(f"The turn clock is null (no clock) or {or_list(CLOCKS)} seconds."),
    ] = None


class JoinTableRequest(Body):
    """Sit down at a table: your name."""

    EXAMPLES = JOIN_EXAMPLES

    name: Name


class TableMoveRequest(Body):
    """A move, and the version of the table it was decided from."""

    EXAMPLES = MOVE_EXAMPLES

    version: Annotated[
        int,
        Field(ge=0, description="The `version` of the view the move was decided from."),
        Says("Send the version of the table you saw, a whole number such as 7."),
    ]
    action: Annotated[
        dict[str, Any],
        _DocumentedAs(TableMove | CaddieClubsAdvice),
        Field(description="The move; for Club Cards the caddie's answer itself (`play` and the rest) is taken too."),
        Says('The move is an object in the shape of the caddie\'s answer, such as {"action": "draw"}.'),
    ]
