"""Digital Club Cards rounds in the database: start, load, the person's play, a computer's play.

The same safety as Grid Golf matches (``caddie.store.match_records``): the whole
round lives in ``Match.state`` (game ``"clubs"``) and only here; every write
names the version it was based on; each finished hole lands in the match's
ledger round, with the course's pars.
"""

from __future__ import annotations

import random
import secrets
from dataclasses import dataclass, replace
from typing import Sequence

from caddie.core.clubs.opponents import LEVELS, choose_play
from caddie.core.clubs.game import ClubAction, ClubRound, Event
from caddie.core.courses.course import Course
from caddie.core.errors import CaddieError
from caddie.core.table import Table
from caddie.store.database import db
from caddie.offload.heavy_work import run_heavy
from caddie.store.ledger import deal_round
from caddie.store.match_records import StaleMatch, save_move
from caddie.store.models import Match

HUMAN_SEAT = 0
MIN_OPPONENTS, MAX_OPPONENTS = 1, 3   # two players with one deck, up to four with two (DESIGN.md section 3)

__all__ = ["HUMAN_SEAT", "ClubSeat", "StaleMatch", "start_club_match", "round_of", "computer_to_move", "play",
           "step", "MIN_OPPONENTS", "MAX_OPPONENTS"]


@dataclass(frozen=True)
class ClubSeat:
    name: str
    level: str | None  # None: the person holding the phone


def start_club_match(owner: str, table: Table, course: Course, seats: Sequence[ClubSeat],
                     seed: int | None = None) -> Match:
    """Deal hole 1 with the table's deck and chart, and open the ledger round it fills in."""
    if not MIN_OPPONENTS + 1 <= len(seats) <= MAX_OPPONENTS + 1:
        raise CaddieError(f"Play against {MIN_OPPONENTS} to {MAX_OPPONENTS} computer opponents.", "opponents")
    if seats[HUMAN_SEAT].level is not None or any(s.level not in LEVELS for s in seats[1:]):
        raise CaddieError("Choose Beginner, Steady or Caddie for each opponent.", "level")
    names = [s.name for s in seats]
    game = ClubRound.new(course, names, secrets.randbelow(2**31) if seed is None else seed, table.clubs)
    # the ledger counts the decks from the players at this table, not the Settings default
    round_ = deal_round(owner, names, len(course.holes), "clubs", replace(table, players=len(names)), course)
    match = Match(public_id=secrets.token_urlsafe(12), owner_browser=owner, game="clubs", state=game.to_dict(),
                  seats=[{"name": s.name, "level": s.level} for s in seats], round_id=round_.id)
    db.session.add(match)
    db.session.commit()
    return match


def round_of(match: Match) -> ClubRound:
    return ClubRound.from_dict(match.state)


def computer_to_move(match: Match, game: ClubRound) -> bool:
    seat = game.current
    return seat is not None and match.seats[seat]["level"] is not None


def play(match: Match, action: ClubAction, seen_version: int) -> Event:
    """The person's play (or ``next``). Raises ``IllegalAction`` (nothing changes) or ``StaleMatch``."""
    if seen_version != match.version:
        raise StaleMatch()
    game = round_of(match)
    event = game.apply(action, HUMAN_SEAT)
    _save(match, game, seen_version)
    return event


def step(match: Match, seen_version: int) -> Event | None:
    """One computer play, if a computer player is to play; ``None`` otherwise."""
    if seen_version != match.version:
        raise StaleMatch()
    game = round_of(match)
    if not computer_to_move(match, game):
        return None
    seat = game.current
    # Seeded by the match and its version: the same request always makes the same play.
    rng = random.Random(f"{game.seed}:{match.version}")
    event = game.apply(run_heavy(choose_play, game.view(seat), match.seats[seat]["level"], rng), seat)
    _save(match, game, seen_version)
    return event



def _save(match: Match, game: ClubRound, seen_version: int) -> None:
    save_move(match, game.to_dict(), seen_version, game.is_over, game.hole_scores)
