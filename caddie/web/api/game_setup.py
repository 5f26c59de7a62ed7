"""From a request that sets up a game (``caddie.openapi.courses.GameSetupBody``: a round, a live
table) to what the core deals: the game, its course and the table's settings. What only this
browser knows (its saved courses, its Settings) is read here, so the models stay plain shapes."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from caddie.core.courses.course import COURSE_NAME_LIMIT, SAMPLE_COURSES, TEE_LIMIT, Course, Hole
from caddie.core.errors import CaddieError, RulesError, or_list, quoted
from caddie.core.games import game_named, or_titles
from caddie.core.games.kind import GameKind
from caddie.core.grid.rules import preset_name
from caddie.core.ledger import HOLE_COUNTS
from caddie.core.names import check_typed
from caddie.core.table import Table
from caddie.openapi.courses import Course as SentCourse
from caddie.openapi.courses import GameSetupBody, course_sent
from caddie.store.courses import MINE, find_course
from caddie.web.identity import browser_id
from caddie.web.table_in_force import current_table

__all__ = ["course_of", "game_of", "table_of"]

SAMPLES = or_list(SAMPLE_COURSES)


def game_of(body: GameSetupBody) -> GameKind[Any]:
    return game_named(body.game)


def table_of(body: GameSetupBody, kind: GameKind[Any]) -> Table:
    """The calling browser's table, with the grid rules the body asks for."""
    table = current_table()
    given = [key for key in ("preset", "rules") if key in body.model_fields_set]
    if not given:
        return table
    if kind.settings_rules is not None:
        raise CaddieError(
            f"Grid Golf rules do not apply to a {kind.title} round: it uses {kind.settings_rules}.", given[0]
        )
    rules = body.rules_in_force(default=table.rules)
    return replace(table, rules=rules, preset=preset_name(rules))


def course_of(body: GameSetupBody, kind: GameKind[Any]) -> Course | None:
    """The course the body names or sends: a sample, one of this browser's, or its own."""
    value = body.course
    if not kind.uses_course:
        if value is not None:
            raise CaddieError(
                f"A {kind.title} round has no course: courses are for {or_titles(uses_course=True)}.", "course"
            )
        return None
    if value is None:
        raise CaddieError(
            f"Choose a course for a {kind.title} round: a sample ({SAMPLES}) or your own, as "
            '{"name": ..., "tee": ..., "holes": [{"yardage": 392, "par": 4}, ...]}.',
            "course",
        )
    value = course_sent(value)
    if isinstance(value, SentCourse):
        return _own_course(value)
    if value.strip().startswith(MINE):
        course = find_course(value, browser_id())
        if course is None:
            raise CaddieError(
                f"{quoted(value)} is not one of your courses: use the key of a course this browser saved, a sample, "
                "or send the course itself.",
                "course",
            )
        return course
    sample = SAMPLE_COURSES.get(value.strip().lower())
    if sample is None:
        raise CaddieError(
            f"{quoted(value)} is not a sample course; choose {SAMPLES}, or send your own course.", "course"
        )
    return sample


def _own_course(sent: SentCourse) -> Course:
    name = check_typed(sent.name, "The course's name", "course.name", COURSE_NAME_LIMIT)
    tee = check_typed(sent.tee, "The tee", "course.tee", TEE_LIMIT, blank=True)
    if len(sent.holes) not in HOLE_COUNTS:
        raise CaddieError('A course has 9 or 18 holes, each {"yardage": 392, "par": 4}.', "course.holes")
    try:
        return Course(name=name, tee=tee, holes=tuple(Hole(h.yardage, h.par) for h in sent.holes))
    except RulesError as err:  # the course's own checks (par range) have the last word
        raise RulesError(err.message, "course.holes") from None
