"""JSON API v1: a table's people (``GET /api/v1/players``; DESIGN section 8, docs/people.md).

The browser's own rounds (those it dealt, or may edit through an edit link it opened), or with
``Authorization: Bearer <edit token>`` the round that token edits: the players of the rounds kept
by hand, rated among people, and apart from them the players of the app's matches and live tables.
"""

from __future__ import annotations

from flask import request

from caddie.core.errors import CaddieError
from caddie.core.games import GAME_NAMES
from caddie.core.ratings import Rating, person_key
from caddie.core.stats import PlayerStats, RoundRecord, player_ratings, player_stats
from caddie.openapi.people import EXAMPLE_PLAYERS, NOT_A_GAME_EXAMPLE, Players
from caddie.openapi.shared import Error
from caddie.store.ledger import find_by_edit_link, rounds_for
from caddie.web.api import bp
from caddie.web.api.bearer import bearer_token
from caddie.web.api.spec import Answer, Param, documented
from caddie.web.identity import browser_id, edit_grants
from caddie.web.ledger import records_by_kind

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
    complete rounds kept by hand (OpenSkill's Plackett-Luce; a round left before its last hole counts for neither
    wins nor ratings), best first. The players of the app's matches and live tables are listed apart and never
    rated: a round against computers never moves a rating among people. The rounds are the browser's own (its
    cookie), or with an edit token the round that token edits.
    """
    game = request.args.get("game")
    if game is not None and game not in GAME_NAMES:
        raise CaddieError(NOT_A_GAME, "game")
    token = bearer_token()
    if token is not None:
        found = find_by_edit_link(token)
        rounds = [found] if found is not None else []
    else:
        rounds = rounds_for(browser_id(), edit_grants())
    at_the_table, against_computers = records_by_kind(rounds)
    if game is not None:
        at_the_table = [r for r in at_the_table if r.game == game]
        against_computers = [r for r in against_computers if r.game == game]
    return {
        "players": _entries(at_the_table, rated=True),
        "against_computers": _entries(against_computers, rated=False),
    }


def _entries(records: list[RoundRecord], rated: bool) -> list[dict[str, object]]:
    ratings = player_ratings(records) if rated else {}
    entries: list[tuple[PlayerStats, Rating | None]] = []
    for stats in player_stats(records):
        found = ratings.get(stats.game)
        rating = found.people.get(person_key(stats.name)) if found is not None else None
        entries.append((stats, rating))
    entries.sort(key=lambda pair: (pair[1] is None, -(pair[1].ordinal if pair[1] else 0), -pair[0].rounds_played))
    return [_entry(stats, rating) for stats, rating in entries]


def _entry(stats: PlayerStats, rating: Rating | None) -> dict[str, object]:
    return {
        "name": stats.name,
        "game": stats.game,
        "rounds": stats.rounds_played,
        "wins": stats.wins,
        "average_per_hole": stats.average_per_hole,
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
