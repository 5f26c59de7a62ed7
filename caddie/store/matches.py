"""Digital games in the database, written once for both games: start, find, load, the person's
move and a computer's move.

The whole game (hidden cards, deck order) is one JSON value in ``Match.state``,
read and written only here, through the shared game API (``caddie.core.game``).
Every write names the version it was based on (``match_records.save_move``), so a
replayed or doubled request never plays twice; each finished hole lands in the
match's ledger round. What differs between the games is the game's kind
(``caddie.core.games``): how a computer picks its move, and what else a person's
move keeps (Grid Golf reviews the person's decisions).
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select

from caddie.core.game import Event, Game, Seat
from caddie.core.games import game_named
from caddie.core.games.kind import GameKind
from caddie.core.shuffle import secret_seed
from caddie.offload.heavy_work import run_heavy
from caddie.store.database import db
from caddie.store.match_records import StaleMatch, save_move
from caddie.store.models import Match
from caddie.store.tokens import is_token

__all__ = [
    "HUMAN_SEAT",
    "Seat",
    "StaleMatch",
    "computer_to_move",
    "find_match",
    "hint_seed",
    "kind_of",
    "load",
    "matches_for",
    "new_seed",
    "play",
    "seats_of",
    "step",
    "store_new",
]

HUMAN_SEAT = 0  # the person holding the phone sits at seat 0


def new_seed() -> int:
    """A new match's or live table's seed: secret, and far too big to search from the cards dealt
    (``caddie.core.shuffle``). It stays in the stored state and never leaves the server."""
    return secret_seed()


def kind_of(match: Match) -> GameKind[Any]:
    return game_named(match.game)


def load(match: Match) -> Game[Any, Any]:
    """The game as stored (``CaddieError`` if the stored value is not a game of its kind)."""
    return kind_of(match).engine.from_dict(match.state)


def hint_seed(match: Match, version: int) -> str:
    """The caddie's random source for the person's decision at ``version``: the Hint and the
    hole's review use the same one, so the review's caddie says what the Hint said."""
    return f"hint:{match.public_id}:{version}"


def store_new(owner: str, kind: GameKind[Any], game: Game[Any, Any], seats: Sequence[Seat], round_id: int) -> Match:
    """Store a freshly dealt game with its seats and the ledger round it fills in."""
    match = Match(
        public_id=secrets.token_urlsafe(12),
        owner_browser=owner,
        game=kind.name,
        state=game.to_dict(),
        seats=[{"name": s.name, "level": s.level} for s in seats],
        round_id=round_id,
    )
    db.session.add(match)
    db.session.commit()
    return match


def seats_of(match: Match) -> list[Seat]:
    """Who sits where in ``match``: each seat's name and computer level (``None``: the person)."""
    return [Seat(s["name"], s["level"]) for s in match.seats]


def find_match(public_id: str, owner: str | None) -> Match | None:
    """The match, only for the browser that started it."""
    if not owner or not is_token(public_id, 32):
        return None
    return db.session.scalars(select(Match).where(Match.public_id == public_id, Match.owner_browser == owner)).first()


def matches_for(owner: str | None, game: str = "grid") -> list[Match]:
    """The browser's latest matches of one game ("grid" or "clubs"), newest first."""
    if not owner:
        return []
    return list(
        db.session.scalars(
            select(Match).where(Match.owner_browser == owner, Match.game == game).order_by(Match.id.desc()).limit(20)
        )
    )


def computer_to_move(match: Match, game: Game[Any, Any]) -> bool:
    """Whether the seat to move is a computer's."""
    seat = game.current
    return seat is not None and match.seats[seat]["level"] is not None


def play(match: Match, action: Any, seen_version: int) -> Event[Any]:
    """The person's move. Raises ``IllegalAction`` (nothing changes) or ``StaleMatch``."""
    if seen_version != match.version:
        raise StaleMatch()
    kind, game = kind_of(match), load(match)
    holes = len(game.hole_scores)
    event = kind.person_move(game, action, HUMAN_SEAT, hint_seed(match, seen_version))
    _save(match, _reviewed(kind, game, by_person=True), seen_version, holes)
    return event


def step(match: Match, seen_version: int) -> Event[Any] | None:
    """One computer move, if a computer is to move; ``None`` otherwise."""
    if seen_version != match.version:
        raise StaleMatch()
    kind, game = kind_of(match), load(match)
    seat = game.current
    if seat is None or not computer_to_move(match, game):
        return None
    # Seeded by the match and its version: the same request always makes the same move.
    rng = random.Random(f"{game.seed}:{match.version}")
    holes = len(game.hole_scores)
    level = match.seats[seat]["level"]
    event = game.apply(run_heavy(kind.choose, kind.decision_view(game, seat), level, rng), seat)
    _save(match, _reviewed(kind, game, by_person=False), seen_version, holes)
    return event


def _reviewed(kind: GameKind[Any], game: Game[Any, Any], by_person: bool) -> Game[Any, Any]:
    """The game with its review brought up to date, worked out in the helper process when the
    move left any of it to do."""
    return run_heavy(kind.reviewed, game) if kind.review_pending(game, by_person) else game


def _save(match: Match, game: Game[Any, Any], seen_version: int, holes_before: int) -> None:
    """Save the move; its finished holes go to the ledger round only when this move finished one
    (``holes_before``: how many were finished before it), so that an ordinary move costs no
    reading of the scorecard."""
    finished = game.hole_scores if len(game.hole_scores) > holes_before else []
    save_move(match, game.to_dict(), seen_version, game.is_over, finished)
