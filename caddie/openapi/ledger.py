"""The Ledger area of the API: a round's scorecard (``/api/v1/rounds``; docs/ledger.md).

The request and answer models of dealing a round, reading it and entering a hole's scores, and
their examples: one invented round, its id and tokens. Replaying them, the test suite creates the
round of ``grid_nine`` and sends each hole example to its hole 1.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from caddie.core.clubs.scoring import DEFAULT_DECK
from caddie.core.games import GAME_NAMES
from caddie.core.ledger import HOLE_COUNTS, MAX_PLAYERS, SCORE_RANGE
from caddie.openapi.courses import ClubRules, GameSetupBody, RoundCourse
from caddie.openapi.says import Body, Example, OneOf, Says
from caddie.openapi.shared import Rules, error_example, not_given, not_given_and, rules_example, string_or_null

GRID_LOW, GRID_HIGH = SCORE_RANGE["grid"]
_CLUB_LOW, _CLUB_HIGH = SCORE_RANGE["clubs"]
SCORE_NOTE = (
    f"A hole's score: a Grid Golf hole scores {GRID_LOW} to {GRID_HIGH}, a Club Cards hole {_CLUB_LOW} to {_CLUB_HIGH}."
)
MAX_CELL_VERSION = 2**31 - 1  # a database integer; no real cell gets near it


# -- answers ------------------------------------------------------------------------------------------

NullableInt = Annotated[int | None, WithJsonSchema({"type": ["integer", "null"]})]


class PlayerLine(BaseModel):
    """One row of the scorecard. Blank holes are not zero: they are not played yet."""

    model_config = ConfigDict(extra="forbid")

    name: str
    scores: list[NullableInt] = Field(
        min_length=min(HOLE_COUNTS), max_length=max(HOLE_COUNTS), description="Hole 1 first; null = not entered."
    )
    versions: list[Annotated[int, Field(ge=0)]] = Field(
        min_length=min(HOLE_COUNTS),
        max_length=max(HOLE_COUNTS),
        description="Each cell's version, hole 1 first (0 = never written): send it back in `versions` to write "
        "without overwriting a score you never saw.",
    )
    out: NullableInt = Field(description="Holes 1-9 entered, summed; null before the first.")
    in_: NullableInt = Field(alias="in", description="Holes 10-18 likewise; always null on a 9-hole round.")
    total: NullableInt = Field(description="Every hole entered, summed; null before the first.")
    thru: int = Field(ge=0, le=max(HOLE_COUNTS), description="How many holes this player has entered.")
    delta: NullableInt = Field(description="Total minus the leader's total (the lowest).")
    delta_text: str = Field(description="Delta as the card shows it: E, +3, or \u2013 before the first hole.")
    leader: bool = Field(description="Has the lowest total (shared on a tie).")
    vs_par: NullableInt = Field(description="Club Cards: total minus the par of the holes entered. Null for Grid Golf.")


class Round(BaseModel):
    """A round's scorecard and standings (docs/ledger.md)."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(description="The round's unguessable id.")
    game: Annotated[str, OneOf(*GAME_NAMES)]
    holes: Annotated[int, OneOf(*HOLE_COUNTS)]
    played_on: str = Field(json_schema_extra={"format": "date"})
    version: int = Field(ge=1, description="Grows with every write; also the ETag, for `If-Match`.")
    rules: Rules | ClubRules = Field(description="`Rules` for Grid Golf, `ClubRules` for Club Cards.")
    course: RoundCourse | None = Field(description="Club Cards: the course; null for Grid Golf.")
    complete: bool = Field(description="Every player has every hole entered.")
    winners: list[str] = Field(description="Once complete, the players sharing the lowest total; empty before.")
    players: list[PlayerLine] = Field(min_length=1, max_length=MAX_PLAYERS)


class RoundLinks(BaseModel):
    model_config = ConfigDict(extra="forbid")

    page: str = Field(description="The scorecard page, for the owner's browser.")
    share: str = Field(description="A read-only page for anyone with the link.")
    edit: str = Field(description="Opening it lets a second scorekeeper's browser write.")
    api: str = Field(description="This round in the API.")


class CreatedRound(BaseModel):
    model_config = ConfigDict(extra="forbid")

    round: Round
    edit_token: str = Field(
        description="`Authorization: Bearer` with it reads and writes the round from any client. Keep it secret."
    )
    share_token: str = Field(description="`Authorization: Bearer` with it only reads.")
    links: RoundLinks


class StaleRound(BaseModel):
    """The write was refused because the round moved on; here is the round as it is now."""

    model_config = ConfigDict(extra="forbid")

    error: str = Field(description="A sentence a player understands.")
    field: str | None = Field(json_schema_extra=string_or_null)
    round: Round


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

ROUND_EXAMPLES: dict[str, Example] = {
    "grid_nine": Example(
        "Nine holes of Grid Golf under the classic rules",
        {"players": ["Ann", "Bo", "Cy"], "holes": 9, "game": "grid", "preset": "classic", "played_on": EXAMPLE_DATE},
        201,
        _created(_GRID_NINE),
    ),
    "clubs_sample": Example(
        "Club Cards on a sample course; the round is as long as the course",
        {"players": ["Ann", "Bo"], "game": "clubs", "course": "cedar-nine", "played_on": EXAMPLE_DATE},
        201,
        _created(
            _round([_line("Ann", _BLANK9), _line("Bo", _BLANK9)], game="clubs", rules=CLUB_RULES, course=_CEDAR_NINE)
        ),
    ),
    "clubs_own_course": Example(
        "Club Cards on a course of your own",
        {"players": ["Ann"], "holes": 9, "game": "clubs", "course": _HOME_NINE, "played_on": EXAMPLE_DATE},
        201,
        _created(
            _round([_line("Ann", _BLANK9)], game="clubs", rules=CLUB_RULES, course=dict(_HOME_NINE, sample=False))
        ),
    ),
    "no_players": Example(
        "Nobody to play",
        {"game": "grid", "holes": 9},
        400,
        error_example('Name the players as a list, such as ["Ann", "Bo"].', "players"),
    ),
    "same_name": Example(
        "Two players with one name",
        {"players": ["Ann", "ann"], "holes": 9},
        400,
        error_example('Two players are called "ann": give each a different name.', "players"),
    ),
    "twelve_holes": Example(
        "A length a round does not have",
        {"players": ["Ann", "Bo"], "holes": 12},
        400,
        error_example("A round is 9 or 18 holes.", "holes"),
    ),
    "course_for_grid": Example(
        "A course sent for Grid Golf",
        {"players": ["Ann", "Bo"], "course": "cedar-nine"},
        400,
        error_example("A Grid Golf round has no course: courses are for Club Cards.", "course"),
    ),
    "clubs_short_course": Example(
        "Eighteen holes on a nine-hole course",
        {"players": ["Ann", "Bo"], "game": "clubs", "holes": 18, "course": "cedar-nine"},
        400,
        error_example("Cedar Nine has only 9 holes; choose 9 holes or another course.", "holes"),
    ),
    "unknown_course": Example(
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

HOLE_EXAMPLES: dict[str, Example] = {
    "first_hole": Example(
        "Everyone's score for hole 1, written blind",
        {"scores": {"Ann": 5, "Bo": -2, "Cy": 12}},
        200,
        _FIRST_HOLE,
    ),
    "with_versions": Example(
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
    "stale_version": Example(
        "Ann's cell is not at the version the writer saw: nothing is written",
        {"scores": {"Ann": 4, "Bo": 6}, "versions": {"Ann": 2, "Bo": 0}},
        409,
        dict(error_example(_STALE, "scores"), round=_GRID_NINE),
    ),
    "unknown_player": Example(
        "A name that is not at the table",
        {"scores": {"Ann": 5, "Dee": 3}},
        400,
        error_example('"Dee" is not playing in this round; the players are Ann, Bo and Cy.', "scores.Dee"),
    ),
    "out_of_range": Example(
        "More than a Grid Golf hole can score",
        {"scores": {"Ann": 121}},
        400,
        error_example("A Grid Golf hole scores from \u2212120 to 120.", "scores.Ann"),
    ),
    "score_as_text": Example(
        "A number sent as text",
        {"scores": {"Ann": "5"}},
        400,
        error_example("A Grid Golf hole scores from \u2212120 to 120.", "scores.Ann"),
    ),
    "no_scores": Example(
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
FIRST_HOLE_EXAMPLE = _FIRST_HOLE
A_GAMES_ROUND_EXAMPLE = dict(error_example(_GAMES_ROUND, None), round=_GRID_NINE)
OWNER_ONLY_EXAMPLE = error_example(  # caddie.store.ledger.ONLY_THE_OWNER
    "Only the phone that dealt this round can delete it or change its edit link.", None
)


DATE_WRITTEN = 'The date played is written YYYY-MM-DD, such as "2025-06-14".'
_SEND_SCORES = (
    'Send the scores for this hole by player name, such as {"scores": {"Ann": 5, "Bo": -2}}; null clears a score.'
)


# -- requests -----------------------------------------------------------------------------------------


class CreateRoundRequest(GameSetupBody):
    """A round to deal: its players, its length and its game."""

    EXAMPLES = ROUND_EXAMPLES

    players: Annotated[
        list[Annotated[str, Says('Player {n}\'s name is text, such as "Ann".')]],
        Field(
            min_length=1,
            json_schema_extra={"maxItems": MAX_PLAYERS},
            description="Names in seat order: 1 to 24 characters each, no two alike (case aside). Spaces are tidied.",
        ),
        Says(
            'Name the players as a list, such as ["Ann", "Bo"].',
            missing='Name the players as a list, such as ["Ann", "Bo"].',
        ),
    ]
    holes: Annotated[
        int,
        OneOf(*HOLE_COUNTS),
        Field(description="Default: 18 for Grid Golf, the course's length for Club Cards."),
        Says("A round is 9 or 18 holes."),
    ] = Field(0, json_schema_extra=not_given)  # 0: not sent
    played_on: Annotated[
        str | None,  # null, as before, is today
        Field(pattern=r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$", description="YYYY-MM-DD; default today."),
        Says(DATE_WRITTEN),
    ] = Field(None, json_schema_extra=not_given_and(format="date", examples=[EXAMPLE_DATE]))


class HoleScoresRequest(Body):
    """One hole's scores, by player name, and the versions of the cells the writer saw."""

    EXAMPLES = HOLE_EXAMPLES

    scores: Annotated[
        # Each value is the game's to check (a Grid Golf score is not a Club Cards one): the round says which.
        dict[str, Annotated[Any, WithJsonSchema({"type": ["integer", "null"]})]],
        Field(
            min_length=1,
            description=f"Player name (case and spaces aside) to score; null clears the cell. {SCORE_NOTE} At least "
            "one player. All or nothing: one bad entry and nothing is written.",
        ),
        Says(_SEND_SCORES, missing=_SEND_SCORES),
    ]
    versions: Annotated[
        dict[
            str,
            Annotated[
                int,
                Field(ge=0, le=MAX_CELL_VERSION),
                Says("A cell's version is a whole number, 0 for a cell that was blank."),
            ],
        ],
        Field(
            description="Player name to the version of this hole's cell you saw (`versions` in the round; 0 = it was "
            "blank). A cell whose version has moved on is refused with 409 instead of overwriting a score you never "
            "saw. A score sent without a version is written blind, unless the request has an `If-Match`."
        ),
        Says(
            "The versions are an object of player names and the version of the cell you saw, such as "
            '{"Ann": 2}; 0 means the cell was blank.'
        ),
    ] = Field(default_factory=dict, json_schema_extra=not_given)
