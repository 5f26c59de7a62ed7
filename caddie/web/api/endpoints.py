"""JSON API v1 (docs/api.md, "Conventions" and "Errors").

Every view is thin: read the JSON body (``caddie.web.api.body`` checks its
shape), hand the values to ``caddie.core`` and return what the core works out. Every input error, the
view's own and the core's, is a ``CaddieError`` and answers ``400`` with
``{"error": "a sentence a player understands", "field": "..."}``.

``field`` names the request field at fault as a path into the body:
``cards``, ``cards[2]``, ``rules.king``, ``penalty_chart[1].strokes``, or
``null`` when the body as a whole is wrong.

The ledger endpoints (``/rounds``) keep a round's scorecard. Who may do what is
``caddie.store.ledger.access_for``: the owner's browser cookie, an edit grant in the
session or ``Authorization: Bearer <edit token>`` writes; the share token
reads; the owner's browser cookie alone deletes. A round the caller may not see answers
exactly like a round that does not exist (404), so ids cannot be probed; a caller who may
only read and tries to write, or who may write and tries to delete, gets 403. A match's or a
live table's round is written by its game alone: a hole written into it gets 409
(``caddie.store.round_owners``).
"""

from __future__ import annotations

from typing import Any

from flask import request

from caddie.core.clubs.caddie import advise as advise_clubs
from caddie.core.clubs.scoring import ClubRules, score_club_hole
from caddie.core.errors import CaddieError
from caddie.core.grid.advisor import advise
from caddie.core.grid.scoring import check_grid, check_table, finished_grid, score_grid, score_table
from caddie.openapi.advice import CaddieClubsAdvice, CaddieClubsRequest, CaddieGridAdvice, CaddieGridRequest
from caddie.openapi.meta import OpenAPIDocument
from caddie.openapi.tally import (
    ClubTally,
    ClubTallyRequest,
    GridTally,
    GridTallyRequest,
    TableTally,
    TableTallyRequest,
    who_went_out,
)
from caddie.store.ledger import (
    ONLY_THE_OWNER,
    Access,
    StaleScore,
    access_for,
    cards_of,
    deal_round,
    delete_round,
    round_version,
    was_applied,
)
from caddie.store.models import Round
from caddie.store.round_owners import find_round_and_owner
from caddie.store.round_view import RoundView, enter_scores, view_round, view_round_now
from caddie.web.api import bp
from caddie.web.api.bearer import TOKEN, bearer_token
from caddie.web.api.body import (
    cell_writes,
    chosen_game,
    date_played,
    hole_count,
    hole_number,
    json_object,
    player_names,
    round_course,
    round_table,
)
from caddie.web.api.errors import Refused
from caddie.web.api.spec import OVER_BUDGET, Answer, documented, openapi_document, request_body
from caddie.web.api.spec import json_object as body_object
from caddie.web.cpu_budget import cpu_budget, run_heavy
from caddie.web.identity import browser_id, edit_grants
from caddie.web.table_in_force import current_table

ROUND_FIELDS = ("players", "holes", "game", "preset", "rules", "course", "played_on")
HOLE_FIELDS = ("scores", "versions")

NO_ROUND = "There is no round at this address."
READ_ONLY = (
    "This link lets you follow the round but not change it: ask the scorekeeper for the edit link, "
    "or send its edit token."
)
MOVED_ON = (
    "The round changed since you last loaded it, so your entry was not saved. "
    "The card below is up to date: check it, then enter your score again."
)


@bp.get("/openapi.json")
@documented("openapi", "Meta", {200: Answer("The OpenAPI 3.1 document of the API.", OpenAPIDocument)})
def openapi_json():
    """This document"""
    return openapi_document()


@bp.post("/tally/grid")
@documented("tallyGrid", "Tally", {200: Answer("The score, worked out.", GridTally)}, body=GridTallyRequest)
def tally_grid():
    """Score a finished Grid Golf hand

    Scores a finished grid column by column. `rules` fields override the `preset` (default `standard`). Cards
    are read forgivingly and answered in canonical codes. Refused: a missing card, a count other than
    `rules.cards`, a joker when jokers are not in play, more copies of a card than `decks` decks hold.
    """
    body = request_body(GridTallyRequest)
    rules = body.rules_in_force()
    cards = finished_grid(body.cards, rules)
    check_grid(cards, rules, body.decks)
    return {**score_grid(cards, rules).to_dict(), "rules": rules.to_dict()}


@bp.post("/tally/table")
@documented("tallyTable", "Tally", {200: Answer("The scores, worked out.", TableTally)}, body=TableTallyRequest)
def tally_table():
    """Score a whole table's Grid Golf hole

    Scores every player's finished grid as `/tally/grid` does (columns, then the hand bonuses), then applies the
    table adjustments in force in their fixed order (knock penalty, knock bonus, underdog, tied shame), each on
    the scores the step before left. `out` is the grid of the player who went out first, or null. Refused:
    anything `/tally/grid` refuses, in any grid; an `out` that is not a grid; more copies of a card at the table
    than its decks hold.
    """
    body = request_body(TableTallyRequest)
    rules = body.rules_in_force()
    grids = [finished_grid(grid, rules, f"grids[{seat}]") for seat, grid in enumerate(body.grids)]
    if body.out is not None and body.out >= len(grids):
        raise CaddieError(who_went_out(len(grids)), "out")
    decks = body.decks if "decks" in body.model_fields_set else rules.decks_for(len(grids))
    check_table(grids, rules, decks)
    scored = score_table(grids, body.out, rules)
    fields = rules.to_dict()
    players = [player.to_dict() for player in scored.players]
    for player in players:  # each grid as /tally/grid answers it
        player["grid"]["rules"] = fields
    return {"scores": scored.scores, "players": players, "rules": fields}


@bp.post("/tally/clubs")
@documented("tallyClubs", "Tally", {200: Answer("The score, worked out.", ClubTally)}, body=ClubTallyRequest)
def tally_clubs():
    """Score a Club Cards hole

    Hole score = cards played + penalty strokes for the yards past the hole's yardage. The cards must reach the
    yardage and come from `decks` copies of the deck: the calling browser's deck and chart from Settings (the
    51-card deck and the default Penalty Stroke Chart for a caller without Settings); `deck`, `penalty_chart` and
    `beyond` replace them.
    """
    body = request_body(ClubTallyRequest)
    given = body.model_dump(include={"deck", "penalty_chart", "beyond"}, exclude_unset=True)
    rules = ClubRules.from_dict({**current_table().clubs.to_dict(), **given})
    return score_club_hole(body.yardage, body.cards, rules, body.decks).to_dict()


@bp.post("/caddie/grid")
@documented("caddieGrid", "Caddie", {200: CaddieGridAdvice, 429: OVER_BUDGET}, body=CaddieGridRequest, core_checks=True)
@cpu_budget
def caddie_grid():
    """Ask the caddie for one Grid Golf decision

    Which cards to turn up after the deal, take the discard or draw, where a drawn card goes or whether to
    discard it, and which card a forced flip turns. Decided from the player's own view only; the answer explains
    itself with the expected hole score of the move and of the best alternatives. The same function is
    importable as `caddie.advisor.advise(view)`.
    Each client (its identity cookie, else its address) may ask for a limited number of CPU-heavy answers (this
    one, the Caddie's pages, Play's hints and moves) in a minute, more than a person at a table needs: past it the
    answer is 429, with `Retry-After` the seconds until it is renewed.
    """
    return run_heavy(advise, body_object(CaddieGridRequest))


@bp.post("/caddie/clubs")
@documented(
    "caddieClubs", "Caddie", {200: CaddieClubsAdvice, 429: OVER_BUDGET}, body=CaddieClubsRequest, core_checks=True
)
@cpu_budget
def caddie_clubs():
    """Ask the caddie for a Club Cards play

    Without `upcoming` the play has the lowest possible score for this hole; with the yardages of the holes to
    come it weighs this hole against the hand it leaves, estimating the draws by simulation. The deck and the
    chart are the calling browser's from Settings (the printed ones without).
    Each client (its identity cookie, else its address) may ask for a limited number of CPU-heavy answers (this
    one, the Caddie's pages, Play's hints and moves) in a minute, more than a person at a table needs: past it the
    answer is 429, with `Retry-After` the seconds until it is renewed.
    """
    return run_heavy(advise_clubs, body_object(CaddieClubsRequest), current_table().clubs)


@bp.post("/rounds")
def create_round():
    body = json_object(ROUND_FIELDS)
    names = player_names(body)
    kind = chosen_game(body)
    course = round_course(body, kind)
    holes = hole_count(body, course)
    table = round_table(body, kind)
    played_on = date_played(body)
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
def get_round(round_id: str):
    round_ = _round_for(round_id, Access.READ)
    return _summary(round_)


@bp.put("/rounds/<round_id>/holes/<hole>")
def put_hole(round_id: str, hole: str):
    """Write one hole's scores, all or nothing.

    Lost updates: ``versions`` names the version of each cell the writer saw
    (``RoundView.to_dict`` gives them, 0 = blank); a cell without one is written
    blind. With an ``If-Match`` of the round version, every cell sent without a
    version is written against the version it had at that round version, so a
    write that lands in between is refused too, not overwritten.

    ``Idempotency-Key``: a write sent again with the key it was applied under is not applied
    again; it answers with the round as it is now (``caddie.store.ledger``).
    """
    round_ = _round_for(round_id, Access.EDIT)
    number = hole_number(hole, round_.holes)
    if_match = request.headers.get("If-Match")
    key = request.headers.get("Idempotency-Key")
    versions = None
    if if_match is not None:
        _, versions = cards_of(round_)
        # Read after the cells: if the round is still at the version the writer saw, so are they.
        current = round_version(round_)
        if not _etag_matches(if_match, current):
            # moved on by this very write, sent again: answered as the first time
            if key and was_applied(round_, cell_writes(json_object(HOLE_FIELDS), round_, number, None), key):
                return _summary(round_)
            return _stale(412, MOVED_ON, None, round_)
    body = json_object(HOLE_FIELDS)
    writes = cell_writes(body, round_, number, versions)
    try:
        view = enter_scores(round_, writes, key)
    except StaleScore as err:
        return _stale(409, err.sentence(), "scores", round_)
    return _summary(round_, view=view)


@bp.delete("/rounds/<round_id>")
def remove_round(round_id: str):
    """Into the owner's trash (docs/ledger.md, "Deleting and the trash"): the owner's browser
    alone; a scorekeeper's edit grant or token gets 403. A game's round may be deleted too."""
    round_ = _round_for(round_id, Access.OWNER)
    delete_round(round_)
    return "", 204


# -- rounds: who is asking, and what they sent --------------------------------


def _round_for(public_id: str, needed: Access) -> Round:
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


def _summary(round_: Round, status: int = 200, view: RoundView | None = None, **extra: Any):
    view = view or view_round(round_)
    answer = dict(extra, round=view.to_dict()) if extra else view.to_dict()
    return answer, status, {"ETag": _etag(view.version)}


def _stale(status: int, message: str, field: str | None, round_: Round):
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
