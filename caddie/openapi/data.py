"""The Data area of the API: a browser's data exported and imported (``/api/v1/export`` and
``/api/v1/import``; the format is ``caddie.core.export_format``, which reads an import itself: the
models here document the document, and the core checks it, field by field, with its own sentences).
"""

from __future__ import annotations

import copy
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema

from caddie.core.export_format import ALIAS_KEY_LENGTH, FILE_PEOPLE, FILE_SEASONS, SEASON_NAME_LENGTH
from caddie.core.export_format import MAX_BYTES as MAX_IMPORT_BYTES
from caddie.core.games import GAME_NAMES
from caddie.core.grid.rules import PRESETS
from caddie.core.ledger import HOLE_COUNTS, MAX_PLAYERS, PLAYER_NAME_LIMIT
from caddie.core.limits import (
    IMPORT_ROUNDS,
    IMPORTS_PER_BROWSER_HOUR,
)
from caddie.openapi.courses import ClubRules, CourseHole, RoundCourse
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
from caddie.openapi.says import Body, OneOf
from caddie.openapi.shared import Rules, error_example, rules_example, string_or_null

__all__ = ["EXPORT_EXAMPLE", "ExportDocument", "ImportSummary"]

Id = Annotated[str, Field(pattern="^[A-Za-z0-9_-]{16,32}$")]
LinkToken = Annotated[str, Field(pattern="^[A-Za-z0-9_-]{16,64}$")]

_IMPORT_MB = MAX_IMPORT_BYTES // (1024 * 1024)
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
    "people": [{"name": "bobby", "person": "Bo"}],
    "seasons": [{"name": "Summer 2025", "starts_on": "2025-06-01", "ends_on": "2025-08-31"}],
}
_COUNTS = {"add": 1, "new_links": 0, "same": 0, "kept": 0}
_ADDED = {"add": 1, "same": 0, "kept": 0}


class HouseRules(BaseModel):
    """A browser's Settings: the Grid Golf rules, the Club Cards deck and chart, the players at the table and
    the preset the rules follow (`custom` when none)."""

    model_config = ConfigDict(extra="forbid")

    rules: Rules
    clubs: ClubRules
    players: int = Field(ge=1, le=MAX_PLAYERS)
    preset: Annotated[str, OneOf(*PRESETS, "custom")]


class ExportCourse(BaseModel):
    """A course the browser saved."""

    model_config = ConfigDict(extra="forbid")

    id: Id
    name: str
    tee: str
    holes: list[CourseHole] = Field(min_length=min(HOLE_COUNTS), max_length=max(HOLE_COUNTS))


class ExportPlayer(BaseModel):
    model_config = ConfigDict(extra="forbid")

    name: str
    scores: list[
        Annotated[int | None, WithJsonSchema({"type": ["integer", "null"], "minimum": GRID_LOW, "maximum": GRID_HIGH})]
    ] = Field(description="One per hole, hole 1 first; null for a blank (or cleared) hole. " + SCORE_NOTE)


class ExportRound(BaseModel):
    """A scorecard the browser dealt (or a digital match filled), with its links."""

    model_config = ConfigDict(extra="forbid")

    id: Id
    share_token: LinkToken
    edit_token: LinkToken
    game: Annotated[str, OneOf(*GAME_NAMES)]
    holes: Annotated[int, OneOf(*HOLE_COUNTS)]
    played_on: str = Field(json_schema_extra={"format": "date"})
    rules: HouseRules
    course: RoundCourse | None = Field(description="The round's copy of its course (Club Cards); null for Grid Golf.")
    players: list[ExportPlayer] = Field(min_length=1, max_length=MAX_PLAYERS)


class ExportPerson(BaseModel):
    """A merge or rename: the rounds with a player written `name` (whatever its case and spacing) count for
    `person`. The export writes each name as the app compares it: spaces tidied, case folded."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=ALIAS_KEY_LENGTH, examples=["bobby"])
    person: str = Field(min_length=1, max_length=PLAYER_NAME_LIMIT, examples=["Bo"])


class ExportSeason(BaseModel):
    """A season: a stretch of days the table names, both ends included."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(min_length=1, max_length=SEASON_NAME_LENGTH, examples=["Summer 2025"])
    starts_on: str = Field(json_schema_extra={"format": "date"})
    ends_on: str = Field(description="On or after `starts_on`.", json_schema_extra={"format": "date"})


class ExportDocument(Body):
    """Everything a browser keeps: its house rules (null if it never saved any), its courses and its rounds,
    oldest first; deleted ones are left out. Then its people: its merges and renames, and its seasons (a document
    made before they were kept has neither, and still imports). Digital matches are not in it: their hidden cards
    and deck order never leave the server, and the scorecard each match fills is one of the rounds. Importing it
    elsewhere and exporting again gives the same document, `exported_at` aside."""

    format: Literal["caddie-and-tally"]
    version: Literal[1]
    exported_at: str | None = Field(None, json_schema_extra=lambda schema: _date_time(schema))
    settings: HouseRules | None = None
    courses: list[ExportCourse] = []
    rounds: list[ExportRound] = []
    people: list[ExportPerson] = Field([], max_length=FILE_PEOPLE)
    seasons: list[ExportSeason] = Field([], max_length=FILE_SEASONS)


def _date_time(schema: dict[str, Any]) -> None:
    string_or_null(schema)
    schema["format"] = "date-time"
    schema.pop("default", None)


class ImportCounts(BaseModel):
    """`add`: added with the file's id and links. `new_links`: added with new ones, as something here already uses
    the file's. `same`: already here, as in the file. `kept`: already here (or deleted here) and different; left as
    it is. A preview counts both kinds of addition under `add` (`new_links` is 0): which links are taken here is
    other browsers' business."""

    model_config = ConfigDict(extra="forbid")

    add: int = Field(ge=0)
    new_links: int = Field(ge=0)
    same: int = Field(ge=0)
    kept: int = Field(ge=0)


class AddedCounts(BaseModel):
    """`add`: added. `same`: already here, as in the file (a merge counting for the same person, a season of the
    same name with the same days). `kept`: already here and different (this browser merged or renamed that name
    into another person, or has a season of that name with other days); left as it is."""

    model_config = ConfigDict(extra="forbid")

    add: int = Field(ge=0)
    same: int = Field(ge=0)
    kept: int = Field(ge=0)


class Repair(BaseModel):
    model_config = ConfigDict(extra="forbid")

    field: str = Field(examples=["rounds[0].players[1].name", "people[0].person"])
    name: str
    sentence: str


class ImportSummary(BaseModel):
    model_config = ConfigDict(extra="forbid")

    preview: bool = Field(description="True when nothing was written.")
    rounds: ImportCounts
    courses: ImportCounts
    people: AddedCounts = Field(description="The file's merges and renames.")
    seasons: AddedCounts = Field(description="The file's seasons.")
    settings: Annotated[str, OneOf("none", "apply", "same", "keep", "replace")] = Field(
        description="`none`: the file has no house rules. `apply`: this browser had none, the file's are used. "
        "`same`: they are equal. `keep`/`replace`: they differ and this browser's are kept, or replaced by the file's."
    )
    new_ids: dict[str, str] = Field(
        description="The file's id of each round or course that got new links, and its id here."
    )
    repairs: list[Repair] = Field(
        description="Player names (and merged names) made before the name rule (a control character, nothing that "
        "shows) that the import repairs rather than refusing the file: where, the name it is imported as, and a "
        "sentence saying so."
    )


IMPORTED_EXAMPLE = {
    "preview": False,
    "rounds": dict(_COUNTS),
    "courses": dict(_COUNTS),
    "people": dict(_ADDED),
    "seasons": dict(_ADDED),
    "settings": "apply",
    "new_ids": {},
    "repairs": [],
}
TOO_LARGE_EXAMPLE = error_example(
    f"That file is larger than {_IMPORT_MB} MB, more than any Caddie & Tally export holds; nothing was imported.", None
)
BAD_NAME_EXAMPLE = error_example("rounds[0].players[1].name: A player's name is blank.", "rounds[0].players[1].name")
TOO_MANY_ROUNDS_EXAMPLE = error_example(
    f"This file would add 3,000 rounds; one import adds at most {IMPORT_ROUNDS}, far more than a table keeps, so "
    "nothing was imported.",
    "rounds",
)
TOO_MANY_IMPORTS_EXAMPLE = error_example(
    f"That is {IMPORTS_PER_BROWSER_HOUR} imports within the hour from this phone, as many as an hour allows: import "
    "it again in 42 minutes.",
    "file",
)
IMPORT_MB = _IMPORT_MB
