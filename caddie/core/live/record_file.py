"""A match's record as a file (docs/records.md, "The record as a file"): what "Download the record"
gives, and what another instance reads back to replay it.

    {"format": "caddie-and-tally/match-record", "version": 1, "exported_at": "2026-12-05T21:04:00Z",
     "record": {the table's record (section 7) without its "id" and "share_url"}}

The record holds only what every seat saw, so the file does too: a file passes nothing on that
the replay's share link would not show. Reading one (``read_record_file``) trusts nothing in it:
the game and its settings are checked as a new table's are, every kept hole must be one the game
could have played (``GameKind.replay_frames`` checks it as it makes the frames), the totals are
worked out again from the holes' scores and each verdict's mark from its loss. The first thing
that is wrong is a ``CaddieError`` with one sentence, and nothing of the file is kept.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from caddie.core.errors import CaddieError
from caddie.core.games import game_named
from caddie.core.games.kind import GameKind
from caddie.core.json_values import whole, whole_in
from caddie.core.live.record import settings_of
from caddie.core.live.table import LEVELS
from caddie.core.names import check_typed
from caddie.core.verdicts import mark_of

__all__ = ["FORMAT", "MAX_BYTES", "VERSION", "ReadRecord", "read_record_file", "record_file"]

FORMAT = "caddie-and-tally/match-record"
VERSION = 1  # raised when a file's meaning changes; a reader refuses a newer one rather than guess
MAX_BYTES = 2_000_000  # an 18-hole match of eight at ten-card grids is about 600 kB
NAME_LIMIT = 24
WORDS_LIMIT = 400  # a move's or a verdict's sentence
NOT_A_RECORD = 'This file is not a match record: choose the .json file a replay\'s "Download the record" made.'
TOO_LARGE = f"This file is larger than a match record can be ({MAX_BYTES // 1_000_000} MB): nothing was read."


@dataclass(frozen=True)
class ReadRecord:
    """A record read from a file, checked: its game, the game's settings, and the record itself
    (as ``table_record`` makes one)."""

    kind: GameKind[Any]
    settings: dict[str, Any]
    record: dict[str, Any]


def record_file(record: Mapping[str, Any], exported_at: str) -> dict[str, Any]:
    """The file of a table's record (``table_records.record_of``'s answer)."""
    kept = {key: value for key, value in record.items() if key not in ("id", "share_url")}
    return {"format": FORMAT, "version": VERSION, "exported_at": exported_at, "record": kept}


def read_record_file(data: bytes) -> ReadRecord:
    """The record in a file's bytes, checked throughout (see the module's doc)."""
    if len(data) > MAX_BYTES:
        raise CaddieError(TOO_LARGE, "file")
    try:
        document = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError):
        raise CaddieError(NOT_A_RECORD, "file") from None
    if (
        not isinstance(document, dict)
        or document.get("format") != FORMAT
        or not isinstance(document.get("record"), dict)
    ):
        raise CaddieError(NOT_A_RECORD, "file")
    version = document.get("version")
    if not whole(version) or version < 1:
        raise CaddieError(NOT_A_RECORD, "file")
    if version > VERSION:
        raise CaddieError("This record was made by a newer version of the app: update this one to read it.", "file")
    record = document["record"]
    kind = game_named(record.get("game"), "file")
    try:
        settings = kind.check_settings(settings_of(record))
    except CaddieError as err:  # the file is the one field a person gave: the sentence goes beside it
        raise CaddieError(err.message, "file") from None
    names = _names(record.get("names"), kind)
    seats = _seats(record.get("seats"), len(names))
    holes = _holes(record.get("holes"), kind, settings, len(names))
    kept = {hole["hole"]: hole for hole in holes if hole["moves"] is not None}
    review = _review(record.get("review"), kept, len(names))
    totals = [sum(hole["scores"][seat] for hole in holes) for seat in range(len(names))]
    return ReadRecord(
        kind,
        settings,
        {
            "game": kind.name,
            "names": names,
            "seats": seats,
            **settings,
            "holes_to_play": kind.holes(settings),
            "totals": totals,
            "holes": holes,
            "review": review,
        },
    )


def _names(value: Any, kind: GameKind[Any]) -> list[str]:
    low, high = kind.seats
    if not isinstance(value, list) or not low <= len(value) <= high or not all(isinstance(n, str) for n in value):
        raise CaddieError(f"The record names {low} to {high} players, one for each seat.", "file")
    return [check_typed(name, "A player's name", "file", NAME_LIMIT) for name in value]


def _seats(value: Any, count: int) -> list[dict[str, Any]]:
    if not isinstance(value, list) or len(value) != count:
        raise CaddieError("The record says who sat at each seat: a person or a computer.", "file")
    seats = []
    for seat in value:
        kind = seat.get("kind") if isinstance(seat, Mapping) else None
        level = seat.get("level") if isinstance(seat, Mapping) else None
        if kind == "person" and level is None:
            seats.append({"kind": "person", "level": None})
        elif kind == "computer" and level in LEVELS:
            seats.append({"kind": "computer", "level": level})
        else:
            raise CaddieError("The record says who sat at each seat: a person or a computer.", "file")
    return seats


def _holes(value: Any, kind: GameKind[Any], settings: Mapping[str, Any], seats: int) -> list[dict[str, Any]]:
    if not isinstance(value, list) or not 1 <= len(value) <= kind.holes(settings):
        raise CaddieError(f"The record holds 1 to {kind.holes(settings)} finished holes.", "file")
    holes = []
    for number, hole in enumerate(value, start=1):
        if not isinstance(hole, Mapping) or hole.get("hole") != number:
            raise CaddieError(f"The record's holes run from 1 in order: hole {number} is missing.", "file")
        scores = hole.get("scores")
        if not isinstance(scores, list) or len(scores) != seats or not all(whole_in(s, -999, 999) for s in scores):
            raise CaddieError(f"Hole {number} has no score for each seat.", "file")
        if hole.get("moves") is None:  # finished before records were kept: its scores alone
            holes.append({"hole": number, "scores": list(scores), **dict.fromkeys(KEPT_ONLY)})
            continue
        kept = {key: hole.get(key) for key in ("hole", "scores", *KEPT_ONLY)}
        if not _fits_order(kept["first"], kept["order"], seats):
            raise CaddieError(f"Hole {number} does not say who played in which order.", "file")
        try:
            kind.replay_frames(settings, kept)  # every move, the start and the end checked
        except CaddieError as err:
            raise CaddieError(err.message, "file") from None
        if any(len(move["text"]) > WORDS_LIMIT for move in hole["moves"]):
            raise CaddieError(f"Hole {number}: a move's words are too long.", "file")
        holes.append(kept)
    return holes


KEPT_ONLY = ("first", "order", "start", "moves", "end")  # what a hole kept with its moves adds to its scores


def _fits_order(first: Any, order: Any, seats: int) -> bool:
    return (
        isinstance(order, list)
        and sorted(seat for seat in order if whole(seat)) == list(range(seats))
        and len(order) == seats
        and first == order[0]
    )


def _review(value: Any, kept: Mapping[int, Mapping[str, Any]], seats: int) -> list[dict[str, Any]]:
    if value is None:
        return []
    if not isinstance(value, list):
        raise CaddieError("The record's review is a list of verdicts.", "file")
    review = []
    for verdict in value:
        hole = verdict.get("hole") if isinstance(verdict, Mapping) else None
        if not isinstance(verdict, Mapping) or not whole(hole) or hole not in kept:
            raise CaddieError("A verdict of the record's review is on a hole the record does not keep.", "file")
        moves = kept[hole]["moves"]
        loss, did, caddie = verdict.get("loss"), verdict.get("did"), verdict.get("caddie")
        if (
            not whole_in(verdict.get("move"), 0, len(moves) - 1)
            or not whole_in(verdict.get("seat"), 0, seats - 1)
            or isinstance(loss, bool)
            or not isinstance(loss, int | float)
            or not 0 <= loss <= 1000
            or not all(isinstance(words, str) and len(words) <= WORDS_LIMIT for words in (did, caddie))
            or not all(_is_action(verdict.get(key)) for key in ("played", "best"))
        ):
            raise CaddieError(f"A verdict on hole {hole} of the record's review is not one the review makes.", "file")
        review.append(
            {
                "hole": hole,
                "seat": verdict["seat"],
                "move": verdict["move"],
                "played": dict(verdict["played"]),
                "best": dict(verdict["best"]),
                "loss": round(float(loss), 1),
                "mark": mark_of(float(loss)),
                "did": did,
                "caddie": caddie,
            }
        )
    return review


def _is_action(value: Any) -> bool:
    """A move as a program sends it: small, and named (what it holds beyond that is only shown back)."""
    return isinstance(value, Mapping) and isinstance(value.get("action"), str) and len(json.dumps(value)) <= 500
