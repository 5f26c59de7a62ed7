"""The course models of the API: a course sent in a request (``Course``, or a key naming one:
``CourseChoice``), and a round's or a table's course and Club Cards rules in an answer. Whether
a course is wanted, and which one a key names, the view decides (``caddie.web.api.game_setup``);
a course's own rules (par 2 to 6) are the core's (``caddie.core.courses.course.Course``)."""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Discriminator, Field, SkipValidation, Tag, ValidationError

from caddie.core.clubs.scoring import HAND_SIZE, MAX_YARDAGE
from caddie.core.courses.course import COURSE_NAME_LIMIT, SAMPLE_COURSES, TEE_LIMIT
from caddie.core.games import GAME_NAMES, GAMES, WHICH_GAME
from caddie.core.ledger import HOLE_COUNTS
from caddie.openapi.says import Body, OneOf, Says, refusal
from caddie.openapi.shared import GridRulesBody, PenaltyBand, not_given

__all__ = ["ClubRules", "Course", "CourseChoice", "CourseHole", "GameSetupBody", "RoundCourse", "course_sent"]


class CourseHole(Body):
    """One hole of a course scorecard."""

    UNKNOWN = 'Hole {n} must be an object with just "yardage" and "par".'
    ONE_SHAPE = True

    yardage: Annotated[
        int,
        Field(ge=1, le=MAX_YARDAGE, description="From the course scorecard."),
        Says(f"Hole {{n}}'s yardage is a whole number from 1 to {MAX_YARDAGE} yards."),
    ]
    par: Annotated[
        int,
        Field(json_schema_extra={"minimum": 2, "maximum": 6}),  # the core's check, with its sentence
        Says("Hole {n}'s par is a whole number."),
    ]


class Course(Body):
    """A course scorecard of your own: 9 or 18 holes (not 10 to 17)."""

    UNKNOWN = '"{key}" is not a field of a course; the fields are name, tee, holes.'

    name: Annotated[
        str,
        Field(description=f"1 to {COURSE_NAME_LIMIT} characters."),
        Says('The course\'s name is text, such as "Heron Creek".'),
    ]
    tee: Annotated[
        str,
        Field(description=f"Up to {TEE_LIMIT} characters, such as White."),
        Says('The tee is text, such as "White".'),
    ] = ""
    holes: Annotated[
        list[Annotated[CourseHole, Says('Hole {n} must be an object with just "yardage" and "par".')]],
        Field(
            json_schema_extra={"minItems": min(HOLE_COUNTS), "maxItems": max(HOLE_COUNTS)},
            description="Hole 1 first.",
        ),
        Says('A course has 9 or 18 holes, each {"yardage": 392, "par": 4}.'),
    ]


def _branch(value: object) -> str | None:
    return "key" if isinstance(value, str) else "course" if isinstance(value, dict) else None


CourseChoice = Annotated[
    Annotated[str, Tag("key")] | Annotated[Course, Tag("course")],
    Discriminator(_branch),
    Field(
        description='The key of a sample course (such as "cedar-nine"), the key of a course this browser saved on '
        '/courses ("mine:<id>"), or a course of your own.',
        json_schema_extra={"examples": list(SAMPLE_COURSES)[:1]},
    ),
    Says(
        'A course is the key of a sample course, such as "cedar-nine", or an object '
        '{"name": ..., "tee": ..., "holes": [...]}.'
    ),
]


class RoundCourse(BaseModel):
    """The course a round or a table is played on, as it was when it was dealt."""

    model_config = ConfigDict(extra="forbid")

    name: str
    tee: str
    sample: bool = Field(description="One of the invented sample courses.")
    holes: list[CourseHole] = Field(min_length=min(HOLE_COUNTS), max_length=max(HOLE_COUNTS))


class ClubRules(BaseModel):
    """The Club Cards deck and Penalty Stroke Chart in force (docs/club-cards.md)."""

    model_config = ConfigDict(extra="forbid")

    deck: list[Annotated[int, Field(ge=1, le=400)]] = Field(min_length=HAND_SIZE)
    penalty_chart: list[PenaltyBand] = Field(min_length=1)
    beyond: int = Field(ge=0, le=20)


class GameSetupBody(GridRulesBody):
    """A request that sets up a game: which game, and its rules (Grid Golf) or its course (Club
    Cards)."""

    game: Annotated[
        str,
        OneOf(*GAME_NAMES),
        Field(description=" or ".join(f"`{kind.name}` ({kind.title})" for kind in GAMES) + "."),
        Says(WHICH_GAME),
    ] = GAME_NAMES[0]
    # Checked once the game is known (``course_sent``): a course sent for a game without one is
    # refused as such, whatever its shape.
    course: Annotated[CourseChoice | None, SkipValidation] = Field(None, json_schema_extra=not_given)


class _CourseField(Body):
    course: CourseChoice


def course_sent(value: Any) -> str | Course:
    """The ``course`` of a request for a game played on one: a key, or a course of its own."""
    try:
        return _CourseField.model_validate({"course": value}).course
    except ValidationError as error:
        raise refusal(_CourseField, error, {"course": value}) from None
