"""The "Your data" file: everything one browser keeps, as one versioned JSON document.

Pure code: it reads a decoded JSON value into a ``Document`` (refusing anything
else with a sentence that names the path of the bad field, such as
``rounds[2].players[0].name``), and writes a ``Document`` back out. The
database side is ``caddie.store.data_export``; docs/decisions.md ("Your data") says
why the format is what it is.

Version 1::

    {"format": "caddie-and-tally", "version": 1, "exported_at": "2025-06-14T18:03:11+00:00",
     "settings": null | {"rules": {...}, "clubs": {...}, "players": 2, "preset": "standard"},
     "courses": [{"id", "name", "tee", "holes": [{"yardage", "par"}, ...]}],
     "rounds": [{"id", "share_token", "edit_token", "game", "holes", "played_on", "rules": {table},
                 "course": null | {"name", "tee", "sample", "holes"},
                 "players": [{"name", "scores": [int | null, ...one per hole]}]}],
     "people": [{"name", "person"}],
     "seasons": [{"name", "starts_on", "ends_on"}]}

``settings`` is null when the browser never saved house rules (it uses the
defaults). A blank cell and a cleared one are both ``null``. Lists are in the
order they were made, oldest first.

``people`` are the browser's merges and renames (docs/people.md): the rounds with a player
written ``name`` (whatever its case and spacing; an export writes the name's ``person_key``)
count for ``person``. ``seasons`` are its named stretches of days, both ends included, dates
``YYYY-MM-DD``. Both came later within version 1: a file made before has neither, and reads
as having none. A file holds at most as many of each as a browser keeps (``FILE_PEOPLE``,
``FILE_SEASONS``). ``Document.to_dict`` of a parsed document
is its canonical form: names with their spaces tidied, every field present;
a canonical document parses back to itself.

Player names, and the names and persons of ``people``, follow the one name rule
(``caddie.core.names``). A file made before it may hold a name the rule refuses (a control
character, only invisible characters): rather than refuse the whole file for it, reading
repairs the name (``repair_name``: the characters taken out, or "Player 2" when nothing that
shows is left) and lists it in ``Document.repairs``, so the import can say so. A merge's name
or person with nothing that shows is refused: there is no one to call "Player 2".
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from caddie.core.clubs.scoring import MAX_YARDAGE, ClubRules
from caddie.core.courses.course import COURSE_NAME_LIMIT, TEE_LIMIT, Course, Hole
from caddie.core.errors import CaddieError, RulesError, quoted
from caddie.core.grid.rules import Rules
from caddie.core.ledger import HOLE_COUNTS, MAX_PLAYERS, PLAYER_NAME_LIMIT, SCORE_RANGE
from caddie.core.limits import IMPORT_COURSES, IMPORT_ROUNDS, IMPORT_SCORES
from caddie.core.names import NOTHING_SHOWS, check_visible, printable, repair_name, unshowable_sentence
from caddie.core.ratings import person_key
from caddie.core.table import Table

FORMAT = "caddie-and-tally"
VERSION = 1
MAX_BYTES = 5 * 1024 * 1024  # a thousand 18-hole rounds of four export to 1 to 1.5 MB
MEGABYTES = MAX_BYTES // (1024 * 1024)
TOO_LARGE = f"That file is larger than {MEGABYTES} MB, more than any Caddie & Tally export holds; nothing was imported."
RACED = (
    "This browser's data changed while the file was being imported (another tab or phone), so nothing "
    "was imported. Send the file again."
)
GAMES = ("grid", "clubs")
NAME_LENGTH = 24  # a player's name, as the scorecard keeps it
# A table's people, as the store keeps them (caddie.store.people): a file holds no more than a
# browser may keep, so one file can never be refused for being too long to keep.
FILE_PEOPLE = 500  # merges and renames (caddie.store.people.NAMES_PER_BROWSER)
FILE_SEASONS = 100  # seasons (caddie.store.people.SEASONS_PER_BROWSER)
ALIAS_KEY_LENGTH = 64  # a merged name's person_key (a name of 24 characters may casefold longer)
SEASON_NAME_LENGTH = 40  # caddie.store.people.SEASON_NAME_LIMIT

# Ids and tokens are secrets.token_urlsafe strings: at least 16 characters (96 bits), so an
# imported link is as hard to guess as one made here.
ID_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,32}")
TOKEN_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,64}")

TOP_FIELDS = ("format", "version", "exported_at", "settings", "courses", "rounds", "people", "seasons")
TABLE_FIELDS = ("rules", "clubs", "players", "preset")
CLUB_FIELDS = ("deck", "penalty_chart", "beyond")
COURSE_FIELDS = ("id", "name", "tee", "holes")
SNAPSHOT_FIELDS = ("name", "tee", "sample", "holes")
ROUND_FIELDS = ("id", "share_token", "edit_token", "game", "holes", "played_on", "rules", "course", "players")
PLAYER_FIELDS = ("name", "scores")
PERSON_FIELDS = ("name", "person")
SEASON_FIELDS = ("name", "starts_on", "ends_on")


class FormatError(CaddieError):
    """The file is not a Caddie & Tally export this version can read; ``field`` is the path at fault."""

    def __init__(self, path: str | None, sentence: str) -> None:
        super().__init__(f"{path}: {sentence}" if path else sentence, path)


class TooMuch(CaddieError):
    """An import that would add more than one import may (``caddie.core.limits``); ``field`` is
    ``rounds`` or ``courses``."""


@dataclass(frozen=True)
class SavedCourse:
    """One of the browser's own courses."""

    id: str
    course: Course

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.course.name,
            "tee": self.course.tee,
            "holes": [{"yardage": h.yardage, "par": h.par} for h in self.course.holes],
        }


@dataclass(frozen=True)
class Player:
    name: str
    scores: tuple[int | None, ...]  # hole 1 first; None = blank


@dataclass(frozen=True)
class RoundRecord:
    """A scorecard with its links, rules, course copy and every score."""

    id: str
    share_token: str
    edit_token: str
    game: str
    holes: int
    played_on: date
    table: Table
    course: Course | None
    players: tuple[Player, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "share_token": self.share_token,
            "edit_token": self.edit_token,
            "game": self.game,
            "holes": self.holes,
            "played_on": self.played_on.isoformat(),
            "rules": self.table.to_dict(),
            "course": self.course.to_dict() if self.course else None,
            "players": [{"name": p.name, "scores": list(p.scores)} for p in self.players],
        }

    def content(self) -> dict[str, Any]:
        """Everything but the links: what makes two copies of a round the same scorecard."""
        data = self.to_dict()
        del data["id"], data["share_token"], data["edit_token"]
        return data


@dataclass(frozen=True)
class PersonAlias:
    """A merge or a rename: the rounds with a player written ``name`` (whatever its case and
    spacing) count for the person ``person``."""

    name: str  # the name as the file writes it (an export writes its person_key)
    person: str

    @property
    def key(self) -> str:
        return person_key(self.name)

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "person": self.person}


@dataclass(frozen=True)
class SeasonSpan:
    """A stretch of days the table names ("Winter 2026"), both ends included."""

    name: str
    starts_on: date
    ends_on: date

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "starts_on": self.starts_on.isoformat(), "ends_on": self.ends_on.isoformat()}


@dataclass(frozen=True)
class Repair:
    """A player's name the name rule refused, and the name it is imported as."""

    path: str  # such as rounds[2].players[1].name
    was: str
    now: str

    def sentence(self) -> str:
        """What the import did, for the person importing.

        >>> Repair("rounds[0].players[1].name", "Bob\\x07", "Bob").sentence()
        'rounds[0].players[1].name: "Bob" had characters that cannot be shown on a scorecard, taken out.'
        """
        if printable(self.was) and repair_name(self.was, "") == self.now:
            why = "had characters that reorder the text around a name, taken out"
        elif repair_name(self.was, "") == self.now:
            why = "had characters that cannot be shown on a scorecard, taken out"
        else:
            why = "is the name given to a player whose name showed nothing or matched another's"
        return f"{self.path}: {quoted(self.now)} {why}."


@dataclass(frozen=True)
class Document:
    exported_at: str | None
    settings: Table | None  # None: the browser never saved house rules
    courses: tuple[SavedCourse, ...]
    rounds: tuple[RoundRecord, ...]
    people: tuple[PersonAlias, ...] = ()  # merges and renames
    seasons: tuple[SeasonSpan, ...] = ()
    repairs: tuple[Repair, ...] = field(default=(), compare=False)  # names the rule made importable

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "exported_at": self.exported_at,
            "settings": self.settings.to_dict() if self.settings is not None else None,
            "courses": [c.to_dict() for c in self.courses],
            "rounds": [r.to_dict() for r in self.rounds],
            "people": [p.to_dict() for p in self.people],
            "seasons": [s.to_dict() for s in self.seasons],
        }


# -- reading ---------------------------------------------------------------------


def parse_document(data: Any) -> Document:
    """The document ``data`` (a decoded JSON value) holds; ``FormatError`` at its first bad field.

    >>> parse_document({"format": "caddie-and-tally", "version": 1}).rounds
    ()
    >>> parse_document({"format": "caddie-and-tally", "version": 1, "rounds": [{"id": 3}]})
    Traceback (most recent call last):
    ...
    caddie.core.export_format.FormatError: rounds[0].id: A round's id is text of 16 to 32 letters, digits, - and _.
    """
    if not isinstance(data, dict):
        raise FormatError(None, "This is not a Caddie & Tally export: the file holds no JSON object.")
    if data.get("format") != FORMAT:
        raise FormatError(
            "format",
            f'This is not a Caddie & Tally export: its "format" is not "{FORMAT}". '
            "Choose a file made by Download everything.",
        )
    version = data.get("version")
    if type(version) is not int or version < 1:
        raise FormatError("version", "The file's format version is missing or not a whole number.")
    if version > VERSION:
        raise FormatError(
            "version",
            f"This file was written by a newer Caddie & Tally (format version {version}); "
            f"this server reads version {VERSION}. Update the server, then import it.",
        )
    _fields(data, TOP_FIELDS, None, "a version 1 export")
    exported_at = data.get("exported_at")
    if exported_at is not None and not _is_datetime(exported_at):
        raise FormatError(
            "exported_at", 'The time of the export is not a date and time such as "2025-06-14T18:03:11+00:00".'
        )
    settings = data.get("settings")
    table = None if settings is None else _table(settings, "settings")
    courses = tuple(_saved_course(c, f"courses[{i}]") for i, c in enumerate(_list(data, "courses", None)))
    rounds = tuple(_round(r, f"rounds[{i}]") for i, r in enumerate(_list(data, "rounds", None)))
    _unique([(c.id, f"courses[{i}].id") for i, c in enumerate(courses)], "course id")
    _unique([(r.record.id, f"rounds[{i}].id") for i, r in enumerate(rounds)], "round id")
    _unique(
        [
            (token, f"rounds[{i}].{which}")
            for i, r in enumerate(rounds)
            for which, token in (("share_token", r.record.share_token), ("edit_token", r.record.edit_token))
        ],
        "link token",
    )
    people = _people(data)
    seasons = _seasons(data)
    repairs = tuple(repair for r in rounds for repair in r.repairs) + tuple(
        repair for p in people for repair in p.repairs
    )
    return Document(
        exported_at=exported_at,
        settings=table,
        courses=courses,
        rounds=tuple(r.record for r in rounds),
        people=tuple(p.alias for p in people),
        seasons=seasons,
        repairs=repairs,
    )


def _is_datetime(value: Any) -> bool:
    if not isinstance(value, str) or len(value) > 40:
        return False
    try:
        datetime.fromisoformat(value)
    except ValueError:
        return False
    return True


def _join(path: str | None, key: str) -> str:
    return f"{path}.{key}" if path else key


def _fields(obj: Mapping[str, Any], allowed: tuple[str, ...], path: str | None, what: str) -> None:
    for key in obj:
        if key not in allowed:
            shown = key if len(key) <= 40 else key[:39] + "…"
            raise FormatError(
                _join(path, shown), f"{quoted(key)} is not part of {what}; its fields are {', '.join(allowed)}."
            )


def _object(value: Any, path: str, what: str, allowed: tuple[str, ...], verb: str = "is") -> dict[str, Any]:
    if not isinstance(value, dict):
        raise FormatError(path, f"{what} {verb} an object with the fields {', '.join(allowed)}.")
    _fields(value, allowed, path, what[0].lower() + what[1:])
    return value


def _list(obj: Mapping[str, Any], key: str, path: str | None, required: bool = False) -> list[Any]:
    if key not in obj and not required:
        return []
    value = obj.get(key)
    if not isinstance(value, list):
        raise FormatError(_join(path, key), "This is a list, [ ... ].")
    return value


def _unique(items: list[tuple[str, str]], what: str) -> None:
    seen: dict[str, str] = {}
    for value, path in items:
        if value in seen:
            raise FormatError(path, f"This {what} is also {seen[value]}: each must be different.")
        seen[value] = path


def _token(obj: Mapping[str, Any], key: str, path: str, pattern: re.Pattern[str], what: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or not pattern.fullmatch(value):
        low, high = (16, 32) if pattern is ID_PATTERN else (16, 64)
        raise FormatError(_join(path, key), f"{what} is text of {low} to {high} letters, digits, - and _.")
    return value


def _text(value: Any, path: str, what: str, limit: int, blank: bool = False) -> str:
    if not isinstance(value, str):
        raise FormatError(path, f"{what} is text.")
    if not printable(value):
        raise FormatError(path, unshowable_sentence(what))
    text = " ".join(value.split())
    if not text and not blank:
        raise FormatError(path, f"{what} is blank.")
    if len(text) > limit:
        raise FormatError(path, f"{what} is too long: at most {limit} characters.")
    return text


def _int(obj: Mapping[str, Any], key: str, path: str, low: int, high: int, sentence: str) -> int:
    value = obj.get(key)
    if type(value) is not int or not low <= value <= high:
        raise FormatError(_join(path, key), sentence)
    return value


def _table(value: Any, path: str) -> Table:
    """House rules: the settings, or the rules a round was dealt with."""
    obj = _object(value, path, "House rules", TABLE_FIELDS, verb="are")
    rules_value = obj.get("rules")
    if rules_value is not None and not isinstance(rules_value, dict):
        raise FormatError(f"{path}.rules", 'The Grid Golf rules are an object such as {"king": 0, ...}.')
    try:
        rules = Rules.from_dict(rules_value)
    except RulesError as err:
        raise FormatError(f"{path}.rules.{err.field}" if err.field else f"{path}.rules", err.message) from None
    clubs_value = obj.get("clubs")
    if clubs_value is not None:
        _object(clubs_value, f"{path}.clubs", "The Club Cards deck and chart", CLUB_FIELDS, verb="are")
    try:
        clubs = ClubRules.from_dict(clubs_value)
    except RulesError as err:
        where = f"{path}.clubs.{err.field}" if err.field in CLUB_FIELDS else f"{path}.clubs"
        raise FormatError(where, err.message) from None
    try:
        return Table(rules=rules, clubs=clubs, players=obj.get("players", 2), preset=obj.get("preset", "standard"))
    except RulesError as err:
        raise FormatError(f"{path}.{err.field}", err.message) from None


def _holes(obj: Mapping[str, Any], path: str) -> tuple[Hole, ...]:
    rows = obj.get("holes")
    if not isinstance(rows, list) or len(rows) not in HOLE_COUNTS:
        raise FormatError(f"{path}.holes", 'A course has 9 or 18 holes, each {"yardage": 392, "par": 4}.')
    holes = []
    for j, row in enumerate(rows):
        where = f"{path}.holes[{j}]"
        if not isinstance(row, dict) or set(row) != {"yardage", "par"}:
            raise FormatError(where, f'Hole {j + 1} is an object with just "yardage" and "par".')
        yardage = _int(
            row,
            "yardage",
            where,
            1,
            MAX_YARDAGE,
            f"Hole {j + 1}'s yardage is a whole number from 1 to {MAX_YARDAGE} yards.",
        )
        par = _int(row, "par", where, 2, 6, f"Hole {j + 1}'s par is a whole number from 2 to 6.")
        holes.append(Hole(yardage, par))
    return tuple(holes)


def _saved_course(value: Any, path: str) -> SavedCourse:
    obj = _object(value, path, "A course", COURSE_FIELDS)
    public_id = _token(obj, "id", path, ID_PATTERN, "A course's id")
    name = _text(obj.get("name"), f"{path}.name", "The course's name", COURSE_NAME_LIMIT)
    tee = _text(obj.get("tee", ""), f"{path}.tee", "The tee", TEE_LIMIT, blank=True)
    return SavedCourse(public_id, Course(name=name, tee=tee, holes=_holes(obj, path)))


def _snapshot(value: Any, path: str) -> Course:
    """The copy of its course a Club Cards round keeps."""
    obj = _object(value, path, "A round's course", SNAPSHOT_FIELDS)
    name = _text(obj.get("name"), f"{path}.name", "The course's name", COURSE_NAME_LIMIT)
    tee = _text(obj.get("tee", ""), f"{path}.tee", "The tee", TEE_LIMIT, blank=True)
    sample = obj.get("sample", False)
    if not isinstance(sample, bool):
        raise FormatError(f"{path}.sample", "Whether the course is a sample is true or false.")
    return Course(name=name, tee=tee, holes=_holes(obj, path), sample=sample)


def _round(value: Any, path: str) -> _ReadRound:
    obj = _object(value, path, "A round", ROUND_FIELDS)
    public_id = _token(obj, "id", path, ID_PATTERN, "A round's id")
    share = _token(obj, "share_token", path, TOKEN_PATTERN, "A share token")
    edit = _token(obj, "edit_token", path, TOKEN_PATTERN, "An edit token")
    game = obj.get("game")
    if not isinstance(game, str) or game not in GAMES:
        raise FormatError(f"{path}.game", 'The game is "grid" (Grid Golf) or "clubs" (Club Cards).')
    holes = obj.get("holes")
    if type(holes) is not int or holes not in HOLE_COUNTS:
        raise FormatError(f"{path}.holes", "A round is 9 or 18 holes.")
    played_on = _date(obj.get("played_on"), f"{path}.played_on")
    table = _table(obj.get("rules"), f"{path}.rules")
    course = None
    if game == "grid":
        if obj.get("course") is not None:
            raise FormatError(f"{path}.course", "A Grid Golf round has no course: make it null.")
    else:
        if obj.get("course") is None:
            raise FormatError(f"{path}.course", "A Club Cards round keeps a copy of its course; it is missing.")
        course = _snapshot(obj["course"], f"{path}.course")
        if len(course.holes) < holes:
            raise FormatError(
                f"{path}.course.holes", f"The round is {holes} holes but its course has only {len(course.holes)}."
            )
    players_value = _list(obj, "players", path, required=True)
    if not 1 <= len(players_value) <= MAX_PLAYERS:
        raise FormatError(f"{path}.players", f"A round has 1 to {MAX_PLAYERS} players.")
    players = [_player(p, f"{path}.players[{k}]", game, holes) for k, p in enumerate(players_value)]
    names, repairs = _names_by_the_rule(players_value, players, path)
    players = [Player(name, player.scores) for name, player in zip(names, players)]
    record = RoundRecord(public_id, share, edit, game, holes, played_on, table, course, tuple(players))
    return _ReadRound(record, repairs)


@dataclass(frozen=True)
class _ReadRound:
    record: RoundRecord
    repairs: tuple[Repair, ...]


def _names_by_the_rule(values: list[Any], players: list[Player], path: str) -> tuple[list[str], tuple[Repair, ...]]:
    """The round's names under the name rule, and the repairs it took. A name the rule takes
    as it is stays, and two of those alike refuse the file (that is no old name, but a broken
    file); a repaired name that is then blank or like another becomes the first free "Player N"."""
    names = [p.name for p in players]
    needs_repair: list[int] = []
    seen: dict[str, int] = {}
    for k, name in enumerate(names):
        try:
            kept = check_visible(name, FormatError, None)
        except FormatError:  # nothing shows
            kept = ""
        if kept != name or not printable(values[k]["name"]):
            needs_repair.append(k)
            continue
        key = name.casefold()
        if key in seen:
            raise FormatError(
                f"{path}.players[{k}].name",
                f"Two players are called {quoted(name)} (the other is players[{seen[key]}]).",
            )
        seen[key] = k
    repairs = []
    for k in needs_repair:
        name = repair_name(names[k], "")
        number = k + 1
        while not name or name.casefold() in seen:
            name, number = f"Player {number}", number + 1
        seen[name.casefold()] = k
        names[k] = name
        repairs.append(Repair(f"{path}.players[{k}].name", values[k]["name"], name))
    return names, tuple(repairs)


def _date(value: Any, path: str, what: str = "The date played") -> date:
    message = f'{what} is written YYYY-MM-DD, such as "2025-06-14".'
    if not isinstance(value, str) or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value):
        raise FormatError(path, message)
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise FormatError(path, f"{quoted(value)} is not a date on the calendar. {message}") from None


def _player(value: Any, path: str, game: str, holes: int) -> Player:
    obj = _object(value, path, "A player", PLAYER_FIELDS)
    name = obj.get("name")
    if isinstance(name, str) and not printable(name):  # an old name, repaired by _names_by_the_rule
        name = _text("".join(ch for ch in name if printable(ch)), f"{path}.name", "A player's name", NAME_LENGTH, True)
    else:
        name = _text(name, f"{path}.name", "A player's name", NAME_LENGTH)
    scores = _list(obj, "scores", path, required=True)
    if len(scores) != holes:
        raise FormatError(
            f"{path}.scores",
            f"The round is {holes} holes, so each player has {holes} scores "
            f"(null for a blank hole), not {len(scores)}.",
        )
    low, high = SCORE_RANGE[game]
    label = "A Grid Golf hole" if game == "grid" else "A Club Cards hole"
    for h, score in enumerate(scores):
        if score is not None and (type(score) is not int or not low <= score <= high):
            raise FormatError(
                f"{path}.scores[{h}]",
                f"{label} scores from {low} to {high}, or null when blank; hole {h + 1} has {quoted(score)}.",
            )
    return Player(name, tuple(scores))


# -- a table's people ---------------------------------------------------------------


@dataclass(frozen=True)
class _ReadAlias:
    alias: PersonAlias
    repairs: tuple[Repair, ...]


def _listed(data: Mapping[str, Any], key: str, limit: int, what: str) -> list[Any]:
    values = _list(data, key, None)
    if len(values) > limit:
        raise FormatError(key, f"A browser keeps at most {limit} {what}; this file has {len(values):,}.")
    return values


def _people(data: Mapping[str, Any]) -> tuple[_ReadAlias, ...]:
    people = tuple(
        _person(p, f"people[{i}]") for i, p in enumerate(_listed(data, "people", FILE_PEOPLE, "merges and renames"))
    )
    _unique([(p.alias.key, f"people[{i}].name") for i, p in enumerate(people)], "merged name")
    return people


def _person(value: Any, path: str) -> _ReadAlias:
    obj = _object(value, path, "A merge or rename", PERSON_FIELDS)
    name, name_repair = _rule_name(obj.get("name"), f"{path}.name", "A merged name", ALIAS_KEY_LENGTH)
    if len(person_key(name)) > ALIAS_KEY_LENGTH:
        raise FormatError(f"{path}.name", f"A merged name is too long: at most {ALIAS_KEY_LENGTH} characters.")
    person, person_repair = _rule_name(obj.get("person"), f"{path}.person", "A person's name", PLAYER_NAME_LIMIT)
    repairs = tuple(repair for repair in (name_repair, person_repair) if repair is not None)
    return _ReadAlias(PersonAlias(name, person), repairs)


def _rule_name(value: Any, path: str, what: str, limit: int) -> tuple[str, Repair | None]:
    """A name under the name rule, as a player's: one made before the rule (a control character,
    bidirectional controls) is repaired and the repair returned; one with nothing that shows is
    refused, as there is no person to give a "Player N" to."""
    if isinstance(value, str) and not printable(value):
        text = _text("".join(ch for ch in value if printable(ch)), path, what, limit, blank=True)
    else:
        text = _text(value, path, what, limit)
    try:
        kept = check_visible(text, CaddieError, None, what)
    except CaddieError:  # nothing shows
        kept = ""
    if kept == text and isinstance(value, str) and printable(value):
        return text, None
    now = repair_name(text, "")
    if not now:
        raise FormatError(path, NOTHING_SHOWS if text else f"{what} is blank.")
    return now, Repair(path, value, now)


def _seasons(data: Mapping[str, Any]) -> tuple[SeasonSpan, ...]:
    seasons = tuple(
        _season(s, f"seasons[{i}]") for i, s in enumerate(_listed(data, "seasons", FILE_SEASONS, "seasons"))
    )
    _unique([(s.name.casefold(), f"seasons[{i}].name") for i, s in enumerate(seasons)], "season's name")
    return seasons


def _season(value: Any, path: str) -> SeasonSpan:
    obj = _object(value, path, "A season", SEASON_FIELDS)
    text = _text(obj.get("name"), f"{path}.name", "A season's name", SEASON_NAME_LENGTH)
    try:
        name = check_visible(text, CaddieError, None, "A season's name")
    except CaddieError as err:
        raise FormatError(f"{path}.name", err.message) from None
    starts_on = _date(obj.get("starts_on"), f"{path}.starts_on", "A season's first day")
    ends_on = _date(obj.get("ends_on"), f"{path}.ends_on", "A season's last day")
    if ends_on < starts_on:
        raise FormatError(f"{path}.ends_on", f"A season ends on or after the day it starts ({starts_on.isoformat()}).")
    return SeasonSpan(name, starts_on, ends_on)


# -- how much one import may add -----------------------------------------------------


def too_much(rounds: Sequence[RoundRecord], courses: int) -> TooMuch | None:
    """The refusal of an import that would add ``rounds`` and ``courses`` courses, if it is more
    than one import may add (``caddie.core.limits``); ``None`` when it is not.

    >>> too_much([], IMPORT_COURSES + 1).field
    'courses'
    """
    scores = sum(1 for record in rounds for player in record.players for score in player.scores if score is not None)
    for what, count, limit, field_name in (
        ("rounds", len(rounds), IMPORT_ROUNDS, "rounds"),
        ("scores", scores, IMPORT_SCORES, "rounds"),
        ("courses", courses, IMPORT_COURSES, "courses"),
    ):
        if count > limit:
            return TooMuch(
                f"This file would add {count:,} {what}; one import adds at most {limit:,}, far more than "
                "a table keeps, so nothing was imported.",
                field_name,
            )
    return None


# -- reading a file --------------------------------------------------------------------------


def read_document(raw: bytes) -> Document:
    """The document in ``raw`` (the bytes of a file or a request body); ``CaddieError`` if it is none."""
    if len(raw) > MAX_BYTES:
        raise FormatError(None, TOO_LARGE)
    if not raw.strip():
        raise FormatError(None, "The file is empty: choose a file made by Download everything.")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise FormatError(
            None,
            "That file is not text, so it is not a Caddie & Tally export: choose the .json "
            "file made by Download everything.",
        ) from None
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):
        raise FormatError(
            None,
            "That file is not valid JSON, so it is not a Caddie & Tally export (or it was "
            "cut short): choose the .json file made by Download everything.",
        ) from None
    return parse_document(data)
