"""JSON API v1 (DESIGN.md section 5).

Every view is thin: read the JSON body, check its shape, hand the values to
``caddie.core`` and return what the core works out. Every input error, the
view's own and the core's, is a ``CaddieError`` and answers ``400`` with
``{"error": "a sentence a player understands", "field": "..."}``.

``field`` names the request field at fault as a path into the body:
``cards``, ``cards[2]``, ``rules.king``, ``penalty_chart[1].strokes``, or
``null`` when the body as a whole is wrong.

The ledger endpoints (``/rounds``) keep a round's scorecard. Who may do what is
``ledger_store.access_for``: the owner's browser cookie, an edit grant in the
session or ``Authorization: Bearer <edit token>`` writes; the share token
reads. A round the caller may not see answers exactly like a round that does
not exist (404), so ids cannot be probed; a caller who may only read and tries
to write gets 403.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import replace
from datetime import date
from typing import Any, Mapping

from flask import Blueprint, request
from sqlalchemy import select

from caddie.core.cards import parse_card
from caddie.core.clubs import MAX_YARDAGE, ClubRules, check_yardage, score_club_hole
from caddie.core.courses import SAMPLE_COURSES, Course, Hole
from caddie.advisor import advise
from caddie.core.club_caddie import advise as advise_clubs
from caddie.core.errors import CaddieError, RulesError, quoted
from caddie.core.ledger import HOLE_COUNTS, check_score
from caddie.core.rules import PRESETS, Rules, preset, preset_name
from caddie.core.scoring import check_grid, score_grid
from caddie.core.table import Table
from caddie.course_store import MINE, find_course
from caddie.extensions import csrf, db
from caddie.heavy_work import run_heavy
from caddie.identity import browser_id, edit_grants
from caddie.ledger_store import GAMES, Access, CellWrite, StaleScore, access_for, cards_of, deal_round, find_round, \
    write_scores
from caddie.models import Round
from caddie.openapi import openapi_document
from caddie.round_view import view_round
from caddie.table_store import current_table

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)

MIN_DECKS, MAX_DECKS = 1, 4  # eight players at ten-card grids need four decks; so do eight at Club Cards

GRID_FIELDS = ("cards", "preset", "rules", "decks")
CLUB_FIELDS = ("yardage", "cards", "decks", "deck", "penalty_chart", "beyond")
ROUND_FIELDS = ("players", "holes", "game", "preset", "rules", "course", "played_on")
HOLE_FIELDS = ("scores", "versions")
COURSE_FIELDS = ("name", "tee", "holes")

NO_ROUND = "There is no round at this address."
READ_ONLY = ("This link lets you follow the round but not change it: ask the scorekeeper for the edit link, "
             "or send its edit token.")
MOVED_ON = ("The round changed since you last loaded it, so your entry was not saved. "
            "The card below is up to date: check it, then enter your score again.")

# Ids and tokens are secrets.token_urlsafe strings; anything else cannot name a round.
TOKEN = re.compile(r"[A-Za-z0-9_-]{1,64}")
MAX_CELL_VERSION = 2 ** 31 - 1  # a database integer; no real cell gets near it
COURSE_NAME_LIMIT, TEE_LIMIT = 60, 24


class Refused(CaddieError):
    """A refusal that is not a 400: the round is not there for this caller (404), or is read-only (403)."""

    def __init__(self, message: str, status: int, field: str | None = None) -> None:
        super().__init__(message, field)
        self.status = status


@bp.errorhandler(CaddieError)
def _input_error(err: CaddieError):
    return err.as_dict(), 400


@bp.errorhandler(Refused)
def _refused(err: Refused):
    return err.as_dict(), err.status


@bp.get("/openapi.json")
def openapi_json():
    return openapi_document()


@bp.post("/tally/grid")
def tally_grid():
    body = _json_object(GRID_FIELDS)
    typed = body.get("cards")
    if typed is None:
        raise CaddieError("Send the cards of the finished grid, top row then bottom row, "
                          'as a list such as ["K", "5", "7", "K", "3", "9"].', "cards")
    if not isinstance(typed, list):
        raise CaddieError('The cards are a list such as ["K", "5", "7", "K", "3", "9"], '
                          "top row then bottom row.", "cards")
    rules = _grid_rules(body)
    decks = _decks(body)
    if len(typed) != rules.cards:
        raise CaddieError(f"This grid has {len(typed)} cards, but the rules in force deal "
                          f"{rules.cards}: enter every card, top row then bottom row.", "cards")
    cards = [_grid_card(text, i) for i, text in enumerate(typed)]
    check_grid(cards, rules, decks)
    scored = score_grid(cards, rules)
    return {"score": scored.total, "columns": [c.to_dict() for c in scored.columns],
            "rules": rules.to_dict()}


@bp.post("/tally/clubs")
def tally_clubs():
    body = _json_object(CLUB_FIELDS)
    if "yardage" not in body:
        raise CaddieError("Send the hole's yardage, a whole number of yards such as 412.", "yardage")
    yardage = check_yardage(body["yardage"])
    cards = body.get("cards")
    if cards is None:
        raise CaddieError("Send the yardage cards played on the hole, as a list such as [250, 160, 3].",
                          "cards")
    if not isinstance(cards, list):
        raise CaddieError("The cards played are a list of yardages, such as [250, 160, 3].", "cards")
    for i, card in enumerate(cards):
        if not _is_int(card):
            raise CaddieError(f"Card {i + 1} is not a yardage: each card is a whole number of yards, "
                              "such as 250.", f"cards[{i}]")
    rules = _club_rules(body)
    decks = _decks(body)
    return score_club_hole(yardage, cards, rules, decks).to_dict()


CADDIE_GRID_FIELDS = ("rules", "preset", "grid", "discard", "discard_pile", "opponents", "deck_size",
                      "final_turn", "drawn", "drawn_from")
CADDIE_CLUB_FIELDS = ("yardage", "hand", "upcoming", "decks")


@bp.post("/caddie/grid")
def caddie_grid():
    """The caddie's advice for one Grid Golf decision (the same function as caddie.advisor.advise)."""
    return run_heavy(advise, _json_object(CADDIE_GRID_FIELDS))


@bp.post("/caddie/clubs")
def caddie_clubs():
    """The Club Cards caddie: the best play for this hole, looking ahead when ``upcoming`` is given."""
    return run_heavy(advise_clubs, _json_object(CADDIE_CLUB_FIELDS), current_table().clubs)


@bp.post("/rounds")
def create_round():
    body = _json_object(ROUND_FIELDS)
    names = _player_names(body)
    game = _game(body)
    course = _round_course(body, game)
    holes = _holes(body, course)
    table = _round_table(body, game)
    played_on = _played_on(body)
    round_ = deal_round(browser_id(create=True), names, holes, game, table, course, played_on)
    links = {"page": f"/ledger/r/{round_.public_id}", "share": f"/ledger/s/{round_.share_token}",
             "edit": f"/ledger/e/{round_.edit_token}", "api": f"/api/v1/rounds/{round_.public_id}"}
    answer = {"round": view_round(round_).to_dict(), "edit_token": round_.edit_token,
              "share_token": round_.share_token, "links": links}
    return answer, 201, {"Location": links["api"], "ETag": _etag(round_.version)}


@bp.get("/rounds/<public_id>")
def get_round(public_id: str):
    round_ = _round_for(public_id, Access.READ)
    return _summary(round_)


@bp.put("/rounds/<public_id>/holes/<hole>")
def put_hole(public_id: str, hole: str):
    """Write one hole's scores, all or nothing.

    Lost updates: ``versions`` names the version of each cell the writer saw
    (``RoundView.to_dict`` gives them, 0 = blank); a cell without one is written
    blind. With an ``If-Match`` of the round version, every cell sent without a
    version is written against the version it had at that round version, so a
    write that lands in between is refused too, not overwritten.
    """
    round_ = _round_for(public_id, Access.EDIT)
    number = _hole_number(hole, round_.holes)
    if_match = request.headers.get("If-Match")
    versions = None
    if if_match is not None:
        _, versions = cards_of(round_)
        # Read after the cells: if the round is still at the version the writer saw, so are they.
        current = db.session.scalar(select(Round.version).where(Round.id == round_.id))
        if not _etag_matches(if_match, current):
            return _stale(412, MOVED_ON, None, round_)
    body = _json_object(HOLE_FIELDS)
    writes = _cell_writes(body, round_, number, versions)
    try:
        write_scores(round_, writes)
    except StaleScore as err:
        return _stale(409, err.sentence(), "scores", round_)
    return _summary(round_)


# -- rounds: who is asking, and what they sent --------------------------------

def _round_for(public_id: str, needed: Access) -> Round:
    """The round, if this caller may do ``needed`` with it."""
    round_ = find_round(public_id) if TOKEN.fullmatch(public_id) else None
    access = access_for(round_, browser_id(), edit_grants(), _bearer()) if round_ else Access.NONE
    if access < Access.READ:
        raise Refused(NO_ROUND, 404)
    if access < needed:
        raise Refused(READ_ONLY, 403)
    return round_


def _bearer() -> str | None:
    """The token of an ``Authorization: Bearer`` header; None when absent or not a token."""
    scheme, _, token = request.headers.get("Authorization", "").strip().partition(" ")
    token = token.strip()
    return token if scheme.lower() == "bearer" and TOKEN.fullmatch(token) else None


def _summary(round_: Round, status: int = 200, **extra: Any):
    view = view_round(round_)
    answer = dict(extra, round=view.to_dict()) if extra else view.to_dict()
    return answer, status, {"ETag": _etag(view.version)}


def _stale(status: int, message: str, field: str | None, round_: Round):
    db.session.rollback()  # whatever this request read is old news
    return _summary(round_, status, error=message, field=field)


def _etag(version: int) -> str:
    return f'"{version}"'


def _etag_matches(header: str, version: int) -> bool:
    """``If-Match``: ``*``, or a list of versions, each plain (``7``), quoted (``"7"``) or weak (``W/"7"``)."""
    for tag in header.split(","):
        tag = tag.strip()
        if tag == "*":
            return True
        if tag[:2] in ("W/", "w/"):
            tag = tag[2:]
        if len(tag) >= 2 and tag[0] == tag[-1] == '"':
            tag = tag[1:-1]
        if tag == str(version):
            return True
    return False


def _hole_number(text: str, holes: int) -> int:
    if not re.fullmatch(r"[0-9]{1,4}", text) or not 1 <= int(text) <= holes:
        raise CaddieError(f"This round has holes 1 to {holes}: the address ends /holes/1 to /holes/{holes}.",
                          "hole")
    return int(text)


def _cell_writes(body: Mapping[str, Any], round_: Round, hole: int,
                 versions_now: dict[tuple[int, int], int] | None) -> list[CellWrite]:
    """The writes the body asks for; refuses the whole body at its first bad entry."""
    scores = body.get("scores")
    if not isinstance(scores, dict) or not scores:
        raise CaddieError('Send the scores for this hole by player name, such as {"scores": {"Ann": 5, "Bo": -2}}; '
                          "null clears a score.", "scores")
    seats: dict[str, int] = {}
    for key, score in scores.items():
        seat = _seat(round_, key, "scores")
        if seat in seats.values():
            raise CaddieError(f"{quoted(key)} is in the scores twice.", f"scores.{_shown(key)}")
        seats[key] = seat
        if score is not None:
            check_score(score, round_.game, f"scores.{_shown(key)}")
    seen = body.get("versions", {})
    if not isinstance(seen, dict):
        raise CaddieError('The versions are an object of player names and the version of the cell you saw, '
                          'such as {"Ann": 2}; 0 means the cell was blank.', "versions")
    seen_by_seat: dict[int, int] = {}
    for key, version in seen.items():
        seat = _seat(round_, key, "versions")
        field = f"versions.{_shown(key)}"
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


def _seat(round_: Round, key: str, where: str) -> int:
    """The seat of the player ``key`` names (spaces and case aside)."""
    wanted = _name_key(key)
    for player in round_.players:
        if _name_key(player.name) == wanted:
            return player.seat
    names = [p.name for p in round_.players]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    who = f"the player is {listed}" if len(names) == 1 else f"the players are {listed}"
    raise CaddieError(f"{quoted(key)} is not playing in this round; {who}.",
                      f"{where}.{_shown(key)}")


def _name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def _player_names(body: Mapping[str, Any]) -> list[str]:
    names = body.get("players")
    if not isinstance(names, list) or not names:
        raise CaddieError('Name the players as a list, such as ["Ann", "Bo"].', "players")
    return [_text(name, f"players[{i}]", f"Player {i + 1}'s name") for i, name in enumerate(names)]


def _game(body: Mapping[str, Any]) -> str:
    game = body.get("game", "grid")
    if not isinstance(game, str) or game not in GAMES:
        raise CaddieError('The game is "grid" (Grid Golf) or "clubs" (Club Cards).', "game")
    return game


def _holes(body: Mapping[str, Any], course: Course | None) -> int:
    """9 or 18; without it, the course's length for Club Cards and 18 for Grid Golf."""
    if "holes" not in body:
        return len(course.holes) if course else 18
    holes = body["holes"]
    if type(holes) is not int or holes not in HOLE_COUNTS:
        raise CaddieError("A round is 9 or 18 holes.", "holes")
    return holes


def _round_table(body: Mapping[str, Any], game: str) -> Table:
    """The calling browser's table, with the grid rules the body asks for."""
    table = current_table()
    given = [key for key in ("preset", "rules") if key in body]
    if not given:
        return table
    if game == "clubs":
        raise CaddieError("Grid Golf rules do not apply to a Club Cards round: it uses the table's deck and "
                          "Penalty Stroke Chart from Settings.", given[0])
    rules = _grid_rules(body, default=table.rules)
    return replace(table, rules=rules, preset=preset_name(rules))


def _round_course(body: Mapping[str, Any], game: str) -> Course | None:
    value = body.get("course")
    if game == "grid":
        if value is not None:
            raise CaddieError("A Grid Golf round has no course: courses are for Club Cards.", "course")
        return None
    if value is None:
        raise CaddieError(f"Choose a course for a Club Cards round: a sample ({_choices(SAMPLE_COURSES)}) or your "
                          'own, as {"name": ..., "tee": ..., "holes": [{"yardage": 392, "par": 4}, ...]}.',
                          "course")
    if isinstance(value, str) and value.strip().startswith(MINE):
        course = find_course(value, browser_id())
        if course is None:
            raise CaddieError(f"{quoted(value)} is not one of your courses: use the key of a course this browser "
                              "saved, a sample, or send the course itself.", "course")
        return course
    if isinstance(value, str):
        course = SAMPLE_COURSES.get(value.strip().lower())
        if course is None:
            raise CaddieError(f"{quoted(value)} is not a sample course; choose {_choices(SAMPLE_COURSES)}, or send "
                              "your own course.", "course")
        return course
    if not isinstance(value, dict):
        raise CaddieError('A course is the key of a sample course, such as "cedar-nine", or an object '
                          '{"name": ..., "tee": ..., "holes": [...]}.', "course")
    for key in value:
        if key not in COURSE_FIELDS:
            raise CaddieError(f'"{_shown(key)}" is not a field of a course; the fields are '
                              f'{", ".join(COURSE_FIELDS)}.', f"course.{_shown(key)}")
    name = _text(value.get("name"), "course.name", "The course's name", COURSE_NAME_LIMIT)
    tee = _text(value.get("tee", ""), "course.tee", "The tee", TEE_LIMIT, blank=True)
    rows = value.get("holes")
    if not isinstance(rows, list) or len(rows) not in HOLE_COUNTS:
        raise CaddieError('A course has 9 or 18 holes, each {"yardage": 392, "par": 4}.', "course.holes")
    holes = []
    for i, row in enumerate(rows):
        field = f"course.holes[{i}]"
        if not isinstance(row, dict) or set(row) != {"yardage", "par"}:
            raise CaddieError(f'Hole {i + 1} must be an object with just "yardage" and "par".', field)
        if type(row["yardage"]) is not int or not 1 <= row["yardage"] <= MAX_YARDAGE:
            raise CaddieError(f"Hole {i + 1}'s yardage is a whole number from 1 to {MAX_YARDAGE} yards.",
                              f"{field}.yardage")
        if type(row["par"]) is not int:
            raise CaddieError(f"Hole {i + 1}'s par is a whole number.", f"{field}.par")
        holes.append(Hole(row["yardage"], row["par"]))
    try:
        return Course(name=name, tee=tee, holes=tuple(holes))
    except RulesError as err:  # the course's own checks (par range) have the last word
        raise RulesError(err.message, "course.holes") from None


def _played_on(body: Mapping[str, Any]) -> date | None:
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


def _text(value: Any, field: str, label: str, limit: int = 24, blank: bool = False) -> str:
    """A name as typed, spaces tidied; no control characters (or lone surrogates) reach the database."""
    if not isinstance(value, str):
        raise CaddieError(f"{label} is text, such as \"Ann\".", field)
    if any(unicodedata.category(ch) in ("Cc", "Cs") and not ch.isspace() for ch in value):
        raise CaddieError(f"{label} holds characters that cannot be shown on a scorecard.", field)
    text = " ".join(value.split())
    if not text and not blank:
        raise CaddieError(f"{label} is blank.", field)
    if len(text) > limit:
        raise CaddieError(f"{label} is too long: keep it to {limit} characters.", field)
    return text


# -- reading the body ---------------------------------------------------------

def _json_object(allowed: tuple[str, ...]) -> dict[str, Any]:
    """The request body as a JSON object holding only ``allowed`` fields."""
    if not request.is_json:
        raise CaddieError("Send the request as JSON, with the header Content-Type: application/json.")
    try:
        body = json.loads(request.get_data(cache=True))
    except (ValueError, RecursionError):  # bad syntax or encoding; absurdly deep nesting
        raise CaddieError("The request body is not valid JSON.") from None
    if not isinstance(body, dict):
        raise CaddieError("The request body must be a JSON object, such as {\"cards\": [...]}.")
    for key in body:
        if key not in allowed:
            raise CaddieError(f'"{_shown(key)}" is not a field of this request; the fields are '
                              f'{", ".join(allowed)}.', key)
    return body


def _grid_rules(body: Mapping[str, Any], default: Rules | None = None) -> Rules:
    """The ``preset`` (or ``default`` without one, else standard) with the body's ``rules`` over it."""
    name = body.get("preset", "standard")
    if not isinstance(name, str):
        raise CaddieError(f"The preset is a name: {_choices(PRESETS)}.", "preset")
    base = preset(name) if ("preset" in body or default is None) else default
    overrides = body.get("rules", {})
    if not isinstance(overrides, dict):
        raise CaddieError("The rules are an object of field names and values, such as {\"king\": 0}.",
                          "rules")
    try:
        return Rules.from_dict(overrides, base=base)
    except RulesError as err:
        raise RulesError(err.message, f"rules.{err.field}" if err.field else "rules") from None


def _grid_card(text: Any, i: int) -> str:
    field = f"cards[{i}]"
    if text is None or (isinstance(text, str) and not text.strip()):
        raise CaddieError(f"Card {i + 1} is missing: a tallied grid is finished, so enter every card.", field)
    if not isinstance(text, str):
        raise CaddieError(f'Card {i + 1} is not a card: write each card as text, such as "K", "10" or "JK".',
                          field)
    return parse_card(text, field=field)


def _decks(body: Mapping[str, Any]) -> int:
    decks = body.get("decks", 1)
    if not _is_int(decks) or not MIN_DECKS <= decks <= MAX_DECKS:
        raise CaddieError(f"The number of decks in play is a whole number from {MIN_DECKS} to {MAX_DECKS}.",
                          "decks")
    return decks


def _club_rules(body: Mapping[str, Any]) -> ClubRules:
    """The table's Club Cards deck and chart (Settings; the printed ones for a caller
    without settings), with any of the body's overrides.

    The overrides have the shape of ``ClubRules.to_dict``; here only their
    shape is checked, the core decides whether the values make a deck and a chart.
    """
    settings: dict[str, Any] = current_table().clubs.to_dict()
    if "deck" in body:
        deck = body["deck"]
        if not isinstance(deck, list) or not deck:
            raise CaddieError("The deck is a list of the yardages of its cards, such as [250, 245, ...].",
                              "deck")
        for i, card in enumerate(deck):
            if not _is_int(card):
                raise CaddieError(f"Deck card {i + 1} is not a yardage: each card is a whole number of yards.",
                                  f"deck[{i}]")
        settings["deck"] = deck
    if "penalty_chart" in body:
        chart = body["penalty_chart"]
        if not isinstance(chart, list) or not chart:
            raise CaddieError('The penalty chart is a list of bands such as {"up_to": 10, "strokes": 1}, '
                              "starting with the band for 0 yards over.", "penalty_chart")
        for i, band in enumerate(chart):
            field = f"penalty_chart[{i}]"
            if not isinstance(band, dict) or set(band) != {"up_to", "strokes"}:
                raise CaddieError(f'Penalty band {i + 1} must be an object with just "up_to" (yards over) '
                                  'and "strokes".', field)
            for key in ("up_to", "strokes"):
                if not _is_int(band[key]):
                    raise CaddieError(f'Penalty band {i + 1}: "{key}" is a whole number.', f"{field}.{key}")
        settings["penalty_chart"] = chart
    if "beyond" in body:
        if not _is_int(body["beyond"]):
            raise CaddieError("The penalty for going over by more than the last band is a whole number "
                              "of strokes.", "beyond")
        settings["beyond"] = body["beyond"]
    return ClubRules.from_dict(settings)


# -- small helpers ------------------------------------------------------------

def _is_int(value: Any) -> bool:
    """A JSON integer: not a boolean, not a float such as 3.0."""
    return type(value) is int


def _choices(names) -> str:
    names = list(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


def _shown(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "…"
