"""JSON API v1: a table's people (``GET /api/v1/players``; DESIGN section 8, docs/people.md).

The browser's own rounds (those it dealt, or may edit through an edit link it opened), or with
``Authorization: Bearer <edit token>`` the round that token edits: the players of the rounds kept
by hand, rated among people, and apart from them the players of the app's matches and live tables.
"""

from __future__ import annotations

from flask import request

from caddie.core.errors import CaddieError
from caddie.core.games import GAME_NAMES
from caddie.core.people import Names, Standing, Story
from caddie.openapi.people import EXAMPLE_PLAYERS, NOT_A_GAME_EXAMPLE, Players
from caddie.openapi.shared import Error
from caddie.store.ledger import find_by_edit_link
from caddie.store.people import counted_rounds, names_for, played_rounds
from caddie.web.api import bp
from caddie.web.api.bearer import bearer_token
from caddie.web.api.spec import Answer, Param, documented
from caddie.web.identity import browser_id, edit_grants

NOT_A_GAME = 'Ask for "grid" or "clubs" players, or leave out game for both.'


@bp.get("/players")
@documented(
    "getPlayers",
    "Ledger",
    {
        200: Answer(
            "The people.", Players, examples={"a_night": ("Three rounds among Ann, Bo and Cy", EXAMPLE_PLAYERS)}
        ),
        400: Answer("`game` names no game.", Error, examples={"not_a_game": ("No such game", NOT_A_GAME_EXAMPLE)}),
    },
    params=(Param("game", "query", "`grid` or `clubs`: that game's players only.", str, "grid"),),
    security=("bearerAuth", "browserSession"),
)
def get_players():
    """List a table's people

    Each person of the rounds this caller may see, game by game (a Grid Golf and a Club Cards score never mix):
    their rounds, wins and average per hole, and their rating among people, from the finishing orders of the
    complete rounds among people (OpenSkill's Plackett-Luce; a round left before its last hole counts for neither
    wins nor ratings), best first. A round with a computer seat (a match against computers, a live table with
    one) is listed apart and never rated. The rounds are the browser's own (its cookie: those it dealt, those its
    edit links open, and those of every live table it sat at), read through its merges and renames; or with an
    edit token the round that token edits.
    """
    game = request.args.get("game")
    if game is not None and game not in GAME_NAMES:
        raise CaddieError(NOT_A_GAME, "game")
    token = bearer_token()
    if token is not None:
        found = find_by_edit_link(token)
        rounds, names = (played_rounds([found]) if found is not None else []), Names()
    else:
        rounds, names = counted_rounds(browser_id(), edit_grants()).rounds, names_for(browser_id())
    if game is not None:
        rounds = [r for r in rounds if r.game == game]
    story = Story(rounds, names)
    return {
        "players": [_entry(s) for s in story.people()],
        "against_computers": [_entry(s) for s in story.against_computers()],
    }


def _entry(found: Standing) -> dict[str, object]:
    rating = found.rating
    return {
        "name": found.name,
        "game": found.game,
        "rounds": found.rounds,
        "wins": found.wins,
        "average_per_hole": found.average_per_hole,
        "rating": None
        if rating is None
        else {
            "mu": round(rating.mu, 2),
            "sigma": round(rating.sigma, 2),
            "ordinal": round(rating.ordinal, 2),
            "shown": rating.shown,
            "spread": rating.spread,
            "provisional": rating.provisional,
        },
    }
