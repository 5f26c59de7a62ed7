"""JSON API v1: the tallies, the caddie and the document (docs/api.md, "Conventions" and "Errors").

Every view is thin: its request model (``caddie.openapi``) has checked the body's shape, the view
hands the values to ``caddie.core`` and returns what the core works out. Every input error, the
model's and the core's, is a ``CaddieError`` and answers ``400`` with
``{"error": "a sentence a player understands", "field": "..."}``; ``field`` names the request
field at fault as a path into the body: ``cards``, ``cards[2]``, ``rules.king``,
``penalty_chart[1].strokes``, or ``null`` when the body as a whole is wrong. The rounds are
``rounds``, the live tables ``live``, your data ``data``.
"""

from __future__ import annotations

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
from caddie.web.api import bp
from caddie.web.api.spec import OVER_BUDGET, Answer, documented, openapi_document, request_body, request_object
from caddie.web.cpu_budget import cpu_budget, run_heavy
from caddie.web.table_in_force import current_table


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
@documented("caddieGrid", "Caddie", {200: CaddieGridAdvice, 429: OVER_BUDGET}, body=CaddieGridRequest)
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
    return run_heavy(advise, request_object(CaddieGridRequest))


@bp.post("/caddie/clubs")
@documented("caddieClubs", "Caddie", {200: CaddieClubsAdvice, 429: OVER_BUDGET}, body=CaddieClubsRequest)
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
    return run_heavy(advise_clubs, request_object(CaddieClubsRequest), current_table().clubs)
