"""JSON API v1: a round's scorecard (``/api/v1/rounds``; docs/api.md, "Ledger").

Who may do what is ``caddie.store.ledger.access_for``: the owner's browser cookie, an edit grant in
the session or ``Authorization: Bearer <edit token>`` writes; the share token reads; the owner's
browser cookie alone deletes. A round the caller may not see answers exactly like a round that
does not exist (404), so ids cannot be probed; a caller who may only read and tries to write, or
who may write and tries to delete, gets 403. A match's or a live table's round is written by its
game alone: a hole written into it gets 409 (``caddie.store.round_owners``).
"""

from __future__ import annotations

import re
from datetime import date
from typing import Annotated, Any

from flask import request
from pydantic import Field

from caddie.core.courses.course import Course
from caddie.core.errors import CaddieError, quoted
from caddie.core.ledger import HOLE_COUNTS, PLAYER_NAME_LIMIT, check_score
from caddie.core.names import check_typed
from caddie.openapi.ledger import (
    A_GAMES_ROUND_EXAMPLE,
    DATE_WRITTEN,
    EXAMPLE_ROUND_ID,
    FIRST_HOLE_EXAMPLE,
    MOVED_ON_EXAMPLE,
    NO_ROUND_EXAMPLE,
    OWNER_ONLY_EXAMPLE,
    READ_ONLY_EXAMPLE,
    CreatedRound,
    CreateRoundRequest,
    HoleScoresRequest,
    Round,
    StaleRound,
)
from caddie.openapi.says import shortened
from caddie.openapi.shared import Error
from caddie.store.ledger import (
    ONLY_THE_OWNER,
    Access,
    CellWrite,
    StaleScore,
    access_for,
    cards_of,
    deal_round,
    delete_round,
    round_version,
    was_applied,
)
from caddie.store.models import Round as RoundRecord
from caddie.store.round_owners import find_round_and_owner
from caddie.store.round_view import RoundView, enter_scores, view_round, view_round_now
from caddie.web.api import bp
from caddie.web.api.bearer import TOKEN, bearer_token
from caddie.web.api.errors import Refused
from caddie.web.api.game_setup import course_of, game_of, table_of
from caddie.web.api.spec import Answer, Header, Param, documented, request_body
from caddie.web.identity import browser_id, edit_grants

NO_ROUND = "There is no round at this address."
READ_ONLY = (
    "This link lets you follow the round but not change it: ask the scorekeeper for the edit link, "
    "or send its edit token."
)
MOVED_ON = (
    "The round changed since you last loaded it, so your entry was not saved. "
    "The card below is up to date: check it, then enter your score again."
)
LEDGER_SECURITY = ("bearerAuth", "browserSession")
ETAG = {"ETag": Header("The round's `version`, quoted: send it back in `If-Match`.")}
ROUND_ID = Param("round_id", "path", "The round's `id`.", example=EXAMPLE_ROUND_ID)
NOT_FOUND = Answer(
    "There is no round at this address for this caller: the id is wrong, the round was deleted, or nothing in the "
    "request (browser cookie, edit link, Bearer token) may see it. The three answer alike.",
    Error,
    examples={"not_found": ("No round here", NO_ROUND_EXAMPLE)},
)


@bp.post("/rounds")
@documented(
    "createRound",
    "Ledger",
    {
        201: Answer(
            "The round, its tokens and its links.",
            CreatedRound,
            {**ETAG, "Location": Header("The round in the API.")},
        )
    },
    body=CreateRoundRequest,
)
def create_round():
    """Deal a new round

    Creates a scorecard for 1 to 8 players over 9 or 18 holes. The calling browser owns the round: the answer
    sets its session cookie, which then reads and writes the round. `edit_token` does the same from any client
    (`Authorization: Bearer`); `share_token` only reads. Grid Golf rounds take the calling browser's Settings (the
    defaults for a new client), with `preset` and then `rules` over them; Club Cards rounds need a `course` and
    take the browser's deck and Penalty Stroke Chart.
    """
    body = request_body(CreateRoundRequest)
    names = [
        check_typed(name, f"Player {i + 1}'s name", f"players[{i}]", PLAYER_NAME_LIMIT)
        for i, name in enumerate(body.players)
    ]
    kind = game_of(body)
    course = course_of(body, kind)
    holes = body.holes or _holes_of(course)
    table = table_of(body, kind)
    played_on = _date_played(body.played_on)
    owner = browser_id(create=True)
    assert owner is not None  # create=True issues one
    round_ = deal_round(owner, names, holes, kind.name, table, course, played_on)
    links = {
        "page": f"/ledger/r/{round_.public_id}",
        "share": f"/ledger/s/{round_.share_token}",
        "edit": f"/ledger/e/{round_.edit_token}",
        "api": f"/api/v1/rounds/{round_.public_id}",
    }
    answer = {
        "round": view_round(round_).to_dict(),
        "edit_token": round_.edit_token,
        "share_token": round_.share_token,
        "links": links,
    }
    return answer, 201, {"Location": links["api"], "ETag": _etag(round_.version)}


@bp.get("/rounds/<round_id>")
@documented(
    "getRound",
    "Ledger",
    {
        200: Answer("The round.", Round, ETAG, {"first_hole": ("After hole 1", FIRST_HOLE_EXAMPLE)}),
        404: NOT_FOUND,
    },
    params=(ROUND_ID,),
    security=LEDGER_SECURITY,
)
def get_round(round_id: str):
    """Read a round's scorecard

    Out, In, Total, Thru and Delta for each player; par and score against par for Club Cards; the winners once
    every hole is in. Needs the owner's browser cookie, an edit link opened in this browser, or the edit or share
    token as a Bearer token.
    """
    round_ = _round_for(round_id, Access.READ)
    return _summary(round_)


@bp.put("/rounds/<round_id>/holes/<hole>")
@documented(
    "putHoleScores",
    "Ledger",
    {
        200: Answer("The round with the scores written.", Round, ETAG),
        400: Answer(
            "Nothing was written: the hole is not in the round, or an entry is not a score for a player in it. "
            "`field` names it: `hole`, `scores.<name>`, `versions.<name>`.",
            Error,
        ),
        403: Answer(
            "The caller may read this round but not write it (its share token).",
            Error,
            examples={"read_only": ("A share token", READ_ONLY_EXAMPLE)},
        ),
        404: NOT_FOUND,
        409: Answer(
            "Nothing was written: a cell changed since the version the writer sent, or the round is a digital "
            "match's or a live table's scorecard, which its game alone writes (`field` is then null). The round as "
            "it is now comes back.",
            StaleRound,
            ETAG,
            {"a_games_round": ("The scorecard of a match against the computer", A_GAMES_ROUND_EXAMPLE)},
        ),
        412: Answer(
            "Nothing was written: the round is no longer at the `If-Match` version. The round as it is now comes back.",
            StaleRound,
            ETAG,
            {"moved_on": ('If-Match: "1" after hole 1 was written', MOVED_ON_EXAMPLE)},
        ),
    },
    body=HoleScoresRequest,
    params=(
        ROUND_ID,
        Param("hole", "path", "1 to the round's `holes`.", Annotated[int, Field(ge=1, le=max(HOLE_COUNTS))], 1),
        Param("If-Match", "header", 'The round `version` the writer saw: `7` or `"7"` (the ETag).', example='"1"'),
        Param(
            "Idempotency-Key",
            "header",
            "A random id the client makes for this write and sends again with the same write (say, after its answer "
            "was lost). A write whose key was applied before is not applied again: it answers 200 with the round as "
            "it is now. The same key with other scores, another hole or another round is refused with 400 (`field` "
            "`idempotency_key`). Keys are kept for 30 days.",
            example="3f9c2b7a1d604e58a9c0b1d2e3f40516",
        ),
    ),
    security=LEDGER_SECURITY,
)
def put_hole(round_id: str, hole: str):
    """Enter scores for a hole

    Writes one hole's scores for any of the players, all or nothing. Needs the owner's browser cookie, an edit link
    opened in this browser, or `Authorization: Bearer <edit token>`.

    Protection against lost updates is the client's choice: a score sent with its cell's `versions` entry (from
    the round's `players[].versions`, 0 for a blank cell) is refused with 409 if someone changed that cell since; a
    score sent without one is written blind. `If-Match` with the round's `version` (the ETag) refuses the whole
    write with 412 if anything in the round changed, and then guards every cell sent without a version.

    The scorecard of a digital match or a live table is written by its game alone: a hole written into it is
    refused with 409, nothing written.

    `Idempotency-Key` makes a write safe to send again: it is applied once.
    """
    round_ = _round_for(round_id, Access.EDIT)
    number = _hole_number(hole, round_.holes)
    if_match = request.headers.get("If-Match")
    key = request.headers.get("Idempotency-Key")
    versions = None
    if if_match is not None:
        _, versions = cards_of(round_)
        # Read after the cells: if the round is still at the version the writer saw, so are they.
        current = round_version(round_)
        if not _etag_matches(if_match, current):
            # moved on by this very write, sent again: answered as the first time
            if key and was_applied(round_, _cell_writes(request_body(HoleScoresRequest), round_, number, None), key):
                return _summary(round_)
            return _stale(412, MOVED_ON, None, round_)
    writes = _cell_writes(request_body(HoleScoresRequest), round_, number, versions)
    try:
        view = enter_scores(round_, writes, key)
    except StaleScore as err:
        return _stale(409, err.sentence(), "scores", round_)
    return _summary(round_, view=view)


@bp.delete("/rounds/<round_id>")
@documented(
    "deleteRound",
    "Ledger",
    {
        204: Answer("Deleted: the round is in its owner's trash."),
        403: Answer(
            "The caller may enter scores (an edit link or the edit token) or read (the share token), but only the "
            "owner deletes.",
            Error,
            examples={"not_the_owner": ("An edit token", OWNER_ONLY_EXAMPLE)},
        ),
        404: NOT_FOUND,
    },
    params=(ROUND_ID,),
    security=("browserSession",),
)
def remove_round(round_id: str):
    """Delete a round (into its owner's trash)

    Only the browser that dealt the round deletes it: its session cookie. The round leaves every list, link, token
    and export at once and waits 30 days in the trash on the ledger's page, where its owner can restore it with
    every score; then it is gone for good. A scorekeeper's edit link or edit token only enters scores: it gets 403,
    nothing changed.
    """
    round_ = _round_for(round_id, Access.OWNER)
    delete_round(round_)
    return "", 204


# -- who is asking, and what they sent --------------------------------------------------------------


def _round_for(public_id: str, needed: Access) -> RoundRecord:
    """The round, if this caller may do ``needed`` with it."""
    round_, owner = find_round_and_owner(public_id) if TOKEN.fullmatch(public_id) else (None, None)
    access = access_for(round_, browser_id(), edit_grants(), bearer_token()) if round_ else Access.NONE
    if round_ is None or access < Access.READ:  # no round has no access
        raise Refused(NO_ROUND, 404)
    if access < needed:
        raise Refused(ONLY_THE_OWNER if needed == Access.OWNER else READ_ONLY, 403)
    if owner is not None and needed == Access.EDIT:  # its game writes it; its owner may still delete it
        raise Refused(owner.refusal, 409, round=view_round(round_).to_dict())
    return round_


def _holes_of(course: Course | None) -> int:
    """A round's length when the body names none: its course's, else 18."""
    return len(course.holes) if course else 18


def _date_played(text: str | None) -> date | None:
    if text is None:
        return None
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise CaddieError(f"{quoted(text)} is not a date on the calendar. {DATE_WRITTEN}", "played_on") from None


def _hole_number(text: str, holes: int) -> int:
    if not re.fullmatch(r"[0-9]{1,4}", text) or not 1 <= int(text) <= holes:
        raise CaddieError(f"This round has holes 1 to {holes}: the address ends /holes/1 to /holes/{holes}.", "hole")
    return int(text)


def _cell_writes(
    body: HoleScoresRequest, round_: RoundRecord, hole: int, versions_now: dict[tuple[int, int], int] | None
) -> list[CellWrite]:
    """The writes the body asks for; refuses the whole body at its first bad entry."""
    seats: dict[str, int] = {}
    for key, score in body.scores.items():
        seat = _seat_of(round_, key, "scores")
        if seat in seats.values():
            raise CaddieError(f"{quoted(key)} is in the scores twice.", f"scores.{shortened(key)}")
        seats[key] = seat
        if score is not None:
            check_score(score, round_.game, f"scores.{shortened(key)}")
    seen_by_seat: dict[int, int] = {}
    for key, version in body.versions.items():
        seat = _seat_of(round_, key, "versions")
        field = f"versions.{shortened(key)}"
        if seat not in seats.values():
            raise CaddieError(f"There is a version for {quoted(key)} but no score to go with it.", field)
        if seat in seen_by_seat:
            raise CaddieError(f"{quoted(key)} is in the versions twice.", field)
        seen_by_seat[seat] = version
    writes = []
    for key, seat in sorted(seats.items(), key=lambda item: item[1]):  # seat order: writers lock rows alike
        seen: int | None = seen_by_seat.get(seat)
        if seen is None and versions_now is not None:
            seen = versions_now.get((seat, hole), 0)
        writes.append(CellWrite(seat=seat, hole=hole, score=body.scores[key], seen_version=seen))
    return writes


def _seat_of(round_: RoundRecord, key: str, where: str) -> int:
    """The seat of the player ``key`` names (spaces and case aside)."""
    wanted = _name_key(key)
    for player in round_.players:
        if _name_key(player.name) == wanted:
            return player.seat
    names = [p.name for p in round_.players]
    listed = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    who = f"the player is {listed}" if len(names) == 1 else f"the players are {listed}"
    raise CaddieError(f"{quoted(key)} is not playing in this round; {who}.", f"{where}.{shortened(key)}")


def _name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


# -- answers ---------------------------------------------------------------------------------------


def _summary(round_: RoundRecord, status: int = 200, view: RoundView | None = None, **extra: Any):
    view = view or view_round(round_)
    answer = dict(extra, round=view.to_dict()) if extra else view.to_dict()
    return answer, status, {"ETag": _etag(view.version)}


def _stale(status: int, message: str, field: str | None, round_: RoundRecord):
    return _summary(round_, status, view=view_round_now(round_), error=message, field=field)


def _etag(version: int) -> str:
    return f'"{version}"'


def _etag_matches(header: str, version: int | None) -> bool:
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
