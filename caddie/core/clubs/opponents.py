"""Computer players for a Club Cards round, from a beginner to the lookahead caddie.

Each decides from its own ``ClubRound.view(seat)`` alone (its hand, the cards
on the table, the discard pile, the course) and returns the cards to play.

* ``beginner``: plays the way people start out: it finishes with one card
  when one gets there at most 10 yards over, otherwise takes the longest card
  that still fits the distance left (now and then the next one down), and
  when nothing fits, the shortest card that gets there. About 10 strokes a
  round behind ``steady`` (``bench/club_opponents.py``).
* ``steady``: the lowest score this hole allows (``caddie.core.clubs.solver.solve``), with
  no thought for the holes to come.
* ``caddie``: the lookahead caddie (``caddie.core.clubs.caddie``), which also weighs the
  hand its play leaves for the holes that follow.

>>> from caddie.core.clubs.game import ClubRound
>>> from caddie.core.courses.course import SAMPLE_COURSES
>>> r = ClubRound.new(SAMPLE_COURSES["cedar-nine"], ["Ann", "Bo"], seed=3)
>>> import random
>>> [sum(choose_play(r.view(0), level, random.Random(1)).cards) >= r.yardage for level in LEVELS]
[True, True, True]
"""

from __future__ import annotations

import random

from caddie.core.clubs.caddie import lookahead_player
from caddie.core.clubs.game import ClubAction
from caddie.core.clubs.scoring import ClubRules
from caddie.core.clubs.solver import solve
from caddie.core.clubs.view import ClubView, own_hand
from caddie.core.courses.course import Course
from caddie.core.errors import CaddieError, quoted

LEVELS = ("beginner", "steady", "caddie")
LEVEL_NAMES = {"beginner": "Beginner", "steady": "Steady", "caddie": "Caddie"}
BEGINNER_MISJUDGES = 0.25  # how often the beginner takes the next card down from the longest that fits
BEGINNER_CLOSE_ENOUGH = 10  # yards over the beginner accepts to finish with one card

_CADDIE = lookahead_player()


def beginner_play(hand: list[int], yardage: int, rng: random.Random) -> list[int]:
    """One card to finish if one gets there nearly exactly, else the longest card that fits
    (now and then the next one down), repeatedly; when nothing fits, the shortest that reaches.

    >>> beginner_play([250, 200, 150, 40, 10, 3], 412, random.Random(2))
    [250, 150, 3, 10]
    >>> beginner_play([100, 50], 412, random.Random(2))
    [100, 50]
    """
    left = sorted(hand, reverse=True)
    if sum(left) < yardage:
        return left  # short: the whole hand, then cards from the pile
    played: list[int] = []
    while sum(played) < yardage:
        distance = yardage - sum(played)
        fitting = [card for card in left if card <= distance]
        close = [card for card in left if distance <= card <= distance + BEGINNER_CLOSE_ENOUGH]
        if close:
            card = min(close)
        elif len(fitting) > 1 and rng.random() < BEGINNER_MISJUDGES:
            card = fitting[1]
        else:
            card = fitting[0] if fitting else min(c for c in left if c >= distance)
        left.remove(card)
        played.append(card)
    return played


def choose_play(view: ClubView, level: str, rng: random.Random) -> ClubAction:
    """The play of a computer player at ``level``, decided from ``view`` (its own information state)."""
    if level not in LEVELS:
        raise CaddieError(f"{quoted(level)} is not a level; the levels are {', '.join(LEVELS)}.", "level")
    hand = own_hand(view)
    yardage = view["yardage"]
    if level == "beginner":
        cards = beginner_play(hand, yardage, rng)
    elif level == "steady":
        cards = list(solve(hand, yardage, ClubRules.from_dict(view["rules"])).cards)
    else:
        course = Course.from_dict(view["course"])
        cards = _CADDIE(hand, view["hole"] - 1, course, view.copy())
    return ClubAction.play(cards)
