"""Digital Grid Golf matches in the database: start, find, a move by the person, a move by the computer.

The whole game (hidden cards, deck order) is stored in ``Match.state`` and is
read and written only here (and, for Club Cards, in ``club_match_store``).
Every write names the match version it was based on (``match_records``), so
a replayed or doubled request never plays twice. Each finished hole lands in
the match's ledger round.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, replace
from typing import Sequence

from sqlalchemy import select

from caddie.core.grid.game import Action, Event, GridMatch
from caddie.core.grid.review import judge_ready, review_hole
from caddie.core.grid.opponents import choose
from caddie.core.grid.rules import Rules
from caddie.core.table import Table
from caddie.store.database import db
from caddie.offload.heavy_work import run_heavy
from caddie.store.tokens import is_token
from caddie.store.ledger import deal_round
from caddie.store.match_records import StaleMatch, save_move
from caddie.store.models import Match

__all__ = ["HUMAN_SEAT", "Seat", "StaleMatch", "start_match", "find_match", "matches_for", "game_of",
           "computer_to_move", "play", "step", "hint_seed"]

HUMAN_SEAT = 0


@dataclass(frozen=True)
class Seat:
    name: str
    level: str | None  # None: the person holding the phone


def start_match(owner: str, table: Table, rules: Rules, seats: Sequence[Seat], seed: int | None = None) -> Match:
    """Deal hole 1 and open the ledger round the match fills in."""
    names = [s.name for s in seats]
    game = GridMatch.new(rules, names, secrets.randbelow(2**31) if seed is None else seed)
    round_ = deal_round(owner, names, rules.holes, "grid", replace(table, rules=rules))
    match = Match(public_id=secrets.token_urlsafe(12), owner_browser=owner, game="grid", state=game.to_dict(),
                  seats=[{"name": s.name, "level": s.level} for s in seats], round_id=round_.id)
    db.session.add(match)
    db.session.commit()
    return match


def find_match(public_id: str, owner: str | None) -> Match | None:
    """The match, only for the browser that started it."""
    if not owner or not is_token(public_id, 32):
        return None
    return db.session.scalars(select(Match).where(Match.public_id == public_id,
                                                  Match.owner_browser == owner)).first()


def matches_for(owner: str | None, game: str = "grid") -> list[Match]:
    """The browser's latest matches of one game ("grid" or "clubs"), newest first."""
    if not owner:
        return []
    return list(db.session.scalars(select(Match).where(Match.owner_browser == owner, Match.game == game)
                                   .order_by(Match.id.desc()).limit(20)))


def game_of(match: Match) -> GridMatch:
    return GridMatch.from_dict(match.state)


def computer_to_move(match: Match, game: GridMatch) -> bool:
    seat = game.current
    return seat is not None and match.seats[seat]["level"] is not None and game.phase in ("flip", "turn")


def play(match: Match, action: Action, seen_version: int) -> Event:
    """The person's move. Raises ``IllegalAction`` (nothing changes) or ``StaleMatch``."""
    if seen_version != match.version:
        raise StaleMatch()
    game = game_of(match)
    if action.kind == "next":
        event = game.next_hole()
    else:  # kept for the hole's review, with the Hint's random source for that view
        event = game.apply_recorded(action, HUMAN_SEAT, seed=hint_seed(match, seen_version))
        if game.phase not in ("hole_over", "match_over"):
            # judge the moves behind this one now, a little each turn, so the hole's end need not wait
            game.decisions = run_heavy(judge_ready, game.decisions, _review_seed(game))
    _review_if_over(game)
    _save(match, game, seen_version)
    return event


def hint_seed(match: Match, version: int) -> str:
    """The caddie's random source for the person's decision at ``version``: the Hint and the
    hole's review use the same one, so the review's caddie says what the Hint said."""
    return f"hint:{match.public_id}:{version}"


def _review_if_over(game: GridMatch) -> None:
    """Once a hole is over, review the person's decisions on it (once: it takes a moment) and
    keep the review in the match instead of the decisions."""
    if game.phase in ("hole_over", "match_over") and game.review is None and game.decisions:
        review = run_heavy(review_hole, game.decisions, _review_seed(game))
        game.review, game.decisions = review.to_dict(), []


def _review_seed(game: GridMatch) -> str:
    return f"review:{game.seed}:{game.hole}"


def step(match: Match, seen_version: int) -> Event | None:
    """One computer move, if a computer player is to move; ``None`` otherwise."""
    if seen_version != match.version:
        raise StaleMatch()
    game = game_of(match)
    if not computer_to_move(match, game):
        return None
    seat = game.current
    # Seeded by the match and its version: the same request always makes the same move.
    rng = random.Random(f"{game.seed}:{match.version}")
    action = run_heavy(choose, game.view(seat, events=False), match.seats[seat]["level"], rng)
    event = game.apply(action, seat)
    _review_if_over(game)
    _save(match, game, seen_version)
    return event


def _save(match: Match, game: GridMatch, seen_version: int) -> None:
    save_move(match, game.to_dict(), seen_version, game.phase == "match_over", game.hole_scores)
