"""Reading a JSON API request into the values ``caddie.core`` takes (``caddie.web.api.endpoints``).

Each reader checks one part of the body and raises ``CaddieError`` with a
sentence a player understands and ``field``, the path into the body of what is
wrong (``cards[2]``, ``rules.king``, ``course.holes[3].par``), so the API
answers 400 beside the right field. Shape is checked here; whether the values
make a hand, a deck or a course the core decides.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import replace
from datetime import date
from typing import Any

from flask import request

from caddie.core.clubs.scoring import MAX_YARDAGE, ClubRules
from caddie.core.courses.course import COURSE_NAME_LIMIT, SAMPLE_COURSES, TEE_LIMIT, Course, Hole
from caddie.core.errors import CaddieError, RulesError, quoted
from caddie.core.games import GAMES, game_named, or_titles
from caddie.core.games.kind import GameKind
from caddie.core.grid.cards import parse_card
from caddie.core.grid.rules import PRESETS, Rules, preset, preset_name
from caddie.core.ledger import HOLE_COUNTS, check_score
from caddie.core.limits import MAX_DECKS
from caddie.core.names import check_printable
from caddie.core.table import MAX_PLAYERS, MIN_PLAYERS, Table
from caddie.store.courses import MINE, find_course
from caddie.store.ledger import CellWrite
from caddie.store.models import Round
from caddie.web.identity import browser_id
from caddie.web.table_in_force import current_table

MIN_DECKS = 1
COURSE_FIELDS = ("name", "tee", "holes")
MAX_CELL_VERSION = 2**31 - 1  # a database integer; no real cell gets near it


# -- the ledger's bodies ---------------------------------------------------------


def hole_number(text: str, holes: int) -> int:
    if not re.fullmatch(r"[0-9]{1,4}", text) or not 1 <= int(text) <= holes:
        raise CaddieError(f"This round has holes 1 to {holes}: the address ends /holes/1 to /holes/{holes}.", "hole")
    return int(text)


def cell_writes(
    body: Mapping[str, Any], round_: Round, hole: int, versions_now: dict[tuple[int, int], int] | None
) -> list[CellWrite]:
    """The writes the body asks for; refuses the whole body at its first bad entry."""
    scores = body.get("scores")
    if not isinstance(scores, dict) or not scores:
        raise CaddieError(
            'Send the scores for this hole by player name, such as {"scores": {"Ann": 5, "Bo": -2}}; '
            "null clears a score.",
            "scores",
        )
    seats: dict[str, int] = {}
    for key, score in scores.items():
        seat = seat_of(round_, key, "scores")
        if seat in seats.values():
            raise CaddieError(f"{quoted(key)} is in the scores twice.", f"scores.{shortened(key)}")
        seats[key] = seat
        if score is not None:
            check_score(score, round_.game, f"scores.{shortened(key)}")
    seen = body.get("versions", {})
    if not isinstance(seen, dict):
        raise CaddieError(
            "The versions are an object of player names and the version of the cell you saw, "
            'such as {"Ann": 2}; 0 means the cell was blank.',
            "versions",
        )
    seen_by_seat: dict[int, int] = {}
    for key, version in seen.items():
        seat = seat_of(round_, key, "versions")
        field = f"versions.{shortened(key)}"
        if seat not in seats.values():
            raise CaddieError(f"There is a version for {quoted(key)} but no score to go with it.", field)
        if seat in seen_by_seat:
            raise CaddieError(f"{quoted(key)} is in the versions twice.", field)
        if type(version) is not int or not 0 <= version <= MAX_CELL_VERSION:
            raise CaddieError("A cell's version is a whole number, 0 for a cell that was blank.", field)
        seen_by_seat[seat] = version
    writes = []
    for key, seat in sorted(seats.items(), key=lambda item: item[1]):  # seat order: writers lock rows alike
        version = seen_by_seat.get(seat)
        if version is None and versions_now is not None:
            version = versions_now.get((seat, hole), 0)
        writes.append(CellWrite(seat=seat, hole=hole, score=scores[key], seen_version=version))
    return writes


def seat_of(round_: Round, key: str, where: str) -> int:
    """The seat of the player ``key`` names (spaces and case aside)."""
    wanted = name_key(key)
    for player in round_.players:
        if name_key(player.name) == wanted:
            return player.seat
    names = [p.name for p in round_.players]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    who = f"the player is {listed}" if len(names) == 1 else f"the players are {listed}"
    raise CaddieError(f"{quoted(key)} is not playing in this round; {who}.", f"{where}.{shortened(key)}")


def name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def player_names(body: Mapping[str, Any]) -> list[str]:
    names = body.get("players")
    if not isinstance(names, list) or not names:
        raise CaddieError('Name the players as a list, such as ["Ann", "Bo"].', "players")
    return [tidy_text(name, f"players[{i}]", f"Player {i + 1}'s name") for i, name in enumerate(names)]


def chosen_game(body: Mapping[str, Any]) -> GameKind[Any]:
    """The game the body names; the first registered game when it names none."""
    return game_named(body.get("game", GAMES[0].name))


def hole_count(body: Mapping[str, Any], course: Course | None) -> int:
    """9 or 18; without it, the course's length for Club Cards and 18 for Grid Golf."""
    if "holes" not in body:
        return len(course.holes) if course else 18
    holes = body["holes"]
    if type(holes) is not int or holes not in HOLE_COUNTS:
        raise CaddieError("A round is 9 or 18 holes.", "holes")
    return holes


def round_table(body: Mapping[str, Any], kind: GameKind[Any]) -> Table:
    """The calling browser's table, with the grid rules the body asks for."""
    table = current_table()
    given = [key for key in ("preset", "rules") if key in body]
    if not given:
        return table
    if kind.settings_rules is not None:
        raise CaddieError(
            f"Grid Golf rules do not apply to a {kind.title} round: it uses {kind.settings_rules}.", given[0]
        )
    rules = grid_rules(body, default=table.rules)
    return replace(table, rules=rules, preset=preset_name(rules))


def round_course(body: Mapping[str, Any], kind: GameKind[Any]) -> Course | None:
    value = body.get("course")
    if not kind.uses_course:
        if value is not None:
            on_courses = or_titles(uses_course=True)
            raise CaddieError(f"A {kind.title} round has no course: courses are for {on_courses}.", "course")
        return None
    if value is None:
        raise CaddieError(
            f"Choose a course for a {kind.title} round: a sample ({or_list(SAMPLE_COURSES)}) or your "
            'own, as {"name": ..., "tee": ..., "holes": [{"yardage": 392, "par": 4}, ...]}.',
            "course",
        )
    if isinstance(value, str) and value.strip().startswith(MINE):
        course = find_course(value, browser_id())
        if course is None:
            raise CaddieError(
                f"{quoted(value)} is not one of your courses: use the key of a course this browser "
                "saved, a sample, or send the course itself.",
                "course",
            )
        return course
    if isinstance(value, str):
        course = SAMPLE_COURSES.get(value.strip().lower())
        if course is None:
            raise CaddieError(
                f"{quoted(value)} is not a sample course; choose {or_list(SAMPLE_COURSES)}, or send your own course.",
                "course",
            )
        return course
    if not isinstance(value, dict):
        raise CaddieError(
            'A course is the key of a sample course, such as "cedar-nine", or an object '
            '{"name": ..., "tee": ..., "holes": [...]}.',
            "course",
        )
    for key in value:
        if key not in COURSE_FIELDS:
            raise CaddieError(
                f'"{shortened(key)}" is not a field of a course; the fields are {", ".join(COURSE_FIELDS)}.',
                f"course.{shortened(key)}",
            )
    name = tidy_text(value.get("name"), "course.name", "The course's name", COURSE_NAME_LIMIT)
    tee = tidy_text(value.get("tee", ""), "course.tee", "The tee", TEE_LIMIT, blank=True)
    rows = value.get("holes")
    if not isinstance(rows, list) or len(rows) not in HOLE_COUNTS:
        raise CaddieError('A course has 9 or 18 holes, each {"yardage": 392, "par": 4}.', "course.holes")
    holes = []
    for i, row in enumerate(rows):
        field = f"course.holes[{i}]"
        if not isinstance(row, dict) or set(row) != {"yardage", "par"}:
            raise CaddieError(f'Hole {i + 1} must be an object with just "yardage" and "par".', field)
        if type(row["yardage"]) is not int or not 1 <= row["yardage"] <= MAX_YARDAGE:
            raise CaddieError(
                f"Hole {i + 1}'s yardage is a whole number from 1 to {MAX_YARDAGE} yards.", f"{field}.yardage"
            )
        if type(row["par"]) is not int:
            raise CaddieError(f"Hole {i + 1}'s par is a whole number.", f"{field}.par")
        holes.append(Hole(row["yardage"], row["par"]))
    try:
        return Course(name=name, tee=tee, holes=tuple(holes))
    except RulesError as err:  # the course's own checks (par range) have the last word
        raise RulesError(err.message, "course.holes") from None


def date_played(body: Mapping[str, Any]) -> date | None:
    text = body.get("played_on")
    if text is None:
        return None
    message = 'The date played is written YYYY-MM-DD, such as "2025-06-14".'
    if not isinstance(text, str) or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", text):
        raise CaddieError(message, "played_on")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise CaddieError(f"{quoted(text)} is not a date on the calendar. {message}", "played_on") from None


def tidy_text(value: Any, field: str, label: str, limit: int = 24, blank: bool = False) -> str:
    """A name as typed, spaces tidied; no control characters (or lone surrogates) reach the database."""
    if not isinstance(value, str):
        raise CaddieError(f'{label} is text, such as "Ann".', field)
    text = check_printable(value, label, field)
    if not text and not blank:
        raise CaddieError(f"{label} is blank.", field)
    if len(text) > limit:
        raise CaddieError(f"{label} is too long: keep it to {limit} characters.", field)
    return text


# -- the body as a whole, and the rules in it ------------------------------------


def json_object(allowed: tuple[str, ...]) -> dict[str, Any]:
    """The request body as a JSON object holding only ``allowed`` fields."""
    if not request.is_json:
        raise CaddieError("Send the request as JSON, with the header Content-Type: application/json.")
    try:
        body = json.loads(request.get_data(cache=True))
    except (ValueError, RecursionError):  # bad syntax or encoding; absurdly deep nesting
        raise CaddieError("The request body is not valid JSON.") from None
    if not isinstance(body, dict):
        raise CaddieError('The request body must be a JSON object, such as {"cards": [...]}.')
    for key in body:
        if key not in allowed:
            raise CaddieError(
                f'"{shortened(key)}" is not a field of this request; the fields are {", ".join(allowed)}.', key
            )
    return body


def grid_rules(body: Mapping[str, Any], default: Rules | None = None) -> Rules:
    """The ``preset`` (or ``default`` without one, else standard) with the body's ``rules`` over it."""
    name = body.get("preset", "standard")
    if not isinstance(name, str):
        raise CaddieError(f"The preset is a name: {or_list(PRESETS)}.", "preset")
    base = preset(name) if ("preset" in body or default is None) else default
    overrides = body.get("rules", {})
    if not isinstance(overrides, dict):
        raise CaddieError('The rules are an object of field names and values, such as {"king": 0}.', "rules")
    try:
        return Rules.from_dict(overrides, base=base)
    except RulesError as err:
        raise RulesError(err.message, f"rules.{err.field}" if err.field else "rules") from None


def grid_card(text: Any, i: int, where: str = "cards") -> str:
    field = f"{where}[{i}]"
    if text is None or (isinstance(text, str) and not text.strip()):
        raise CaddieError(f"Card {i + 1} is missing: a tallied grid is finished, so enter every card.", field)
    if not isinstance(text, str):
        raise CaddieError(f'Card {i + 1} is not a card: write each card as text, such as "K", "10" or "JK".', field)
    return parse_card(text, field=field)


def finished_grid(typed: Any, rules: Rules, where: str = "cards") -> list[str]:
    """The canonical codes of a finished grid sent as a list of card texts, row by row."""
    example = '["K", "5", "7", "K", "3", "9"]'
    order = "top row then bottom row" if rules.rows == 2 else "top row, middle row, then bottom row"
    if typed is None:
        raise CaddieError(f"Send the cards of the finished grid, {order}, as a list such as {example}.", where)
    if not isinstance(typed, list):
        raise CaddieError(f"The cards are a list such as {example}, {order}.", where)
    if len(typed) != rules.cards:
        raise CaddieError(
            f"This grid has {len(typed)} cards, but the rules in force deal {rules.cards}: enter every card, {order}.",
            where,
        )
    return [grid_card(text, i, where) for i, text in enumerate(typed)]


def table_grids(typed: Any, rules: Rules) -> list[list[str]]:
    """Every player's finished grid of a whole table's hole (``grids``)."""
    if not isinstance(typed, list) or not typed:
        raise CaddieError(
            'Send every player\'s finished grid as a list of grids, such as [["K", "5", "7", "K", "3", "9"], [...]].',
            "grids",
        )
    if len(typed) > MAX_PLAYERS:
        raise CaddieError(
            f"A table seats {MIN_PLAYERS} to {MAX_PLAYERS} players; this hole has {len(typed)} grids.", "grids"
        )
    return [finished_grid(grid, rules, f"grids[{seat}]") for seat, grid in enumerate(typed)]


def went_out(body: Mapping[str, Any], players: int) -> int | None:
    """``out``: the seat (0 for the first grid) that went out first, or null when nobody did."""
    out = body.get("out")
    if out is None:
        return None
    if not is_json_int(out) or not 0 <= out < players:
        raise CaddieError(
            f"Who went out first is the number of their grid, 0 to {players - 1}, or null when nobody did.", "out"
        )
    return int(out)


def deck_count(body: Mapping[str, Any]) -> int:
    decks = body.get("decks", 1)
    if not is_json_int(decks) or not MIN_DECKS <= decks <= MAX_DECKS:
        raise CaddieError(f"The number of decks in play is a whole number from {MIN_DECKS} to {MAX_DECKS}.", "decks")
    return decks


def club_rules(body: Mapping[str, Any]) -> ClubRules:
    """The table's Club Cards deck and chart (Settings; the printed ones for a caller
    without settings), with any of the body's overrides.

    The overrides have the shape of ``ClubRules.to_dict``; here only their
    shape is checked, the core decides whether the values make a deck and a chart.
    """
    settings: dict[str, Any] = current_table().clubs.to_dict()
    if "deck" in body:
        deck = body["deck"]
        if not isinstance(deck, list) or not deck:
            raise CaddieError("The deck is a list of the yardages of its cards, such as [250, 245, ...].", "deck")
        for i, card in enumerate(deck):
            if not is_json_int(card):
                raise CaddieError(
                    f"Deck card {i + 1} is not a yardage: each card is a whole number of yards.", f"deck[{i}]"
                )
        settings["deck"] = deck
    if "penalty_chart" in body:
        chart = body["penalty_chart"]
        if not isinstance(chart, list) or not chart:
            raise CaddieError(
                'The penalty chart is a list of bands such as {"up_to": 10, "strokes": 1}, '
                "starting with the band for 0 yards over.",
                "penalty_chart",
            )
        for i, band in enumerate(chart):
            field = f"penalty_chart[{i}]"
            if not isinstance(band, dict) or set(band) != {"up_to", "strokes"}:
                raise CaddieError(
                    f'Penalty band {i + 1} must be an object with just "up_to" (yards over) and "strokes".', field
                )
            for key in ("up_to", "strokes"):
                if not is_json_int(band[key]):
                    raise CaddieError(f'Penalty band {i + 1}: "{key}" is a whole number.', f"{field}.{key}")
        settings["penalty_chart"] = chart
    if "beyond" in body:
        if not is_json_int(body["beyond"]):
            raise CaddieError(
                "The penalty for going over by more than the last band is a whole number of strokes.", "beyond"
            )
        settings["beyond"] = body["beyond"]
    return ClubRules.from_dict(settings)


# -- small helpers ------------------------------------------------------------


def is_json_int(value: Any) -> bool:
    """A JSON integer: not a boolean, not a float such as 3.0."""
    return type(value) is int


def or_list(names) -> str:
    names = list(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


def shortened(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "…"
