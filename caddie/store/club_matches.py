"""Club Cards' part of storing a digital game (the rest, for both games, is ``caddie.store.matches``):
dealing a round on a course, with the table's deck and chart."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from caddie.core.clubs.game import ClubRound
from caddie.core.clubs.opponents import LEVELS
from caddie.core.courses.course import Course
from caddie.core.errors import CaddieError
from caddie.core.game import Seat
from caddie.core.games.club_cards import CLUB_CARDS
from caddie.core.table import Table
from caddie.store.ledger import deal_round
from caddie.store.matches import HUMAN_SEAT, new_seed, store_new
from caddie.store.models import Match

__all__ = ["MAX_CLUB_OPPONENTS", "MIN_CLUB_OPPONENTS", "start_club_match"]

MIN_CLUB_OPPONENTS, MAX_CLUB_OPPONENTS = 1, 3  # two players with one deck, up to four with two (docs/club-cards.md)


def start_club_match(owner: str, table: Table, course: Course, seats: Sequence[Seat], seed: int | None = None) -> Match:
    """Deal hole 1 with the table's deck and chart, and open the ledger round it fills in."""
    if not MIN_CLUB_OPPONENTS + 1 <= len(seats) <= MAX_CLUB_OPPONENTS + 1:
        raise CaddieError(f"Play against {MIN_CLUB_OPPONENTS} to {MAX_CLUB_OPPONENTS} computer opponents.", "opponents")
    if seats[HUMAN_SEAT].level is not None or any(s.level not in LEVELS for s in seats[1:]):
        raise CaddieError("Choose Beginner, Steady or Caddie for each opponent.", "level")
    names = [s.name for s in seats]
    game = ClubRound.new(course, names, new_seed() if seed is None else seed, table.clubs)
    # the ledger counts the decks from the players at this table, not the Settings default
    round_ = deal_round(owner, names, len(course.holes), "clubs", replace(table, players=len(names)), course)
    return store_new(owner, CLUB_CARDS, game, seats, round_.id)
