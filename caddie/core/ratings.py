"""The people's ratings: each person rated from the finishing orders of the complete rounds they
played (DESIGN section 8; docs/people.md, "Ratings").

The model is OpenSkill's Plackett-Luce (the ``openskill`` package): every round is one finishing
order of any number of players, the lowest total first, equal totals sharing their place. Each
person has a skill estimate ``mu`` and its uncertainty ``sigma`` (a new person: 25 and 25/3);
the rounds update them in the order they were played (their day, then a stable key for rounds
of one day), so the ratings do not depend on the order the rounds were typed in.

People see one number: ``shown`` = 1000 + 40 × (mu − 3 sigma), the estimate less three times its
uncertainty, so a new person starts at 1000 and a rating rises as the rounds make it surer as
well as better. ``spread`` is one sigma in the same units; a rating is ``provisional`` until
``PROVISIONAL_ROUNDS`` rounds.

Who counts is the caller's choice; section 8 asks for rounds among people alone, never a
round against computers, never a round left before its last hole.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from openskill.models import PlackettLuce

__all__ = ["PROVISIONAL_ROUNDS", "RatedRound", "Rating", "Ratings", "person_key", "rate"]

PROVISIONAL_ROUNDS = 5  # rounds before a rating is more than a first guess
SHOWN_BASE = 1000  # a new person's shown rating
SHOWN_SCALE = 40  # shown points per unit of the model's skill


def person_key(name: str) -> str:
    """The person a name stands for: names match whatever their case and spacing.

    >>> person_key("  Ann  Lee "), person_key("ANN LEE") == person_key("ann lee")
    ('ann lee', True)
    """
    return " ".join(name.split()).casefold()


@dataclass(frozen=True)
class RatedRound:
    """A complete round: the day it was played, a key that orders the rounds of one day (the
    round's id), and each player's total (lower is better) by name as written."""

    day: date
    key: str
    totals: Mapping[str, int]


@dataclass(frozen=True)
class Rating:
    """A person's rating after their rounds: the model's estimate and uncertainty, and what people see."""

    name: str  # as the person's latest round wrote it
    mu: float
    sigma: float
    rounds: int

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def shown(self) -> int:
        return round(SHOWN_BASE + SHOWN_SCALE * self.ordinal)

    @property
    def spread(self) -> int:
        return round(SHOWN_SCALE * self.sigma)

    @property
    def provisional(self) -> bool:
        return self.rounds < PROVISIONAL_ROUNDS


@dataclass(frozen=True)
class Ratings:
    """Every rated person (by ``person_key``), best first, and each one's shown rating after each
    of their rounds, in the order played (``(day, round key, shown)``): the rating chart's points."""

    people: dict[str, Rating]
    history: dict[str, list[tuple[date, str, int]]]

    def best_first(self) -> list[Rating]:
        return sorted(self.people.values(), key=lambda r: (-r.ordinal, person_key(r.name)))


def rate(rounds: Iterable[RatedRound]) -> Ratings:
    """The ratings after ``rounds`` (see the module's doc); a round of fewer than two people has no
    finishing order and changes nothing.

    >>> from datetime import date
    >>> nights = [RatedRound(date(2026, 12, d), "r", {"Ann": 30, "Bo": 41, "Cy": 35}) for d in (1, 2, 3)]
    >>> [r.name for r in rate(nights).best_first()]
    ['Ann', 'Cy', 'Bo']
    >>> rate(nights).people["ann"].provisional, rate(nights).people["ann"].shown > 1000
    (True, True)
    """
    ordered = tuple(
        (game.day, game.key, tuple(game.totals.items())) for game in sorted(rounds, key=lambda r: (r.day, r.key))
    )
    return _rated(ordered)


# The same rounds ask for the same ratings on every page of a table's people until a round is added:
# the model's work (a deep copy of every round's teams inside openskill) is done once for them
# (bench/people_pages.py; bench/RESULTS.md, "Issue 36"). Pure: the answer depends on ``ordered`` alone.
@lru_cache(maxsize=64)
def _rated(ordered: tuple[tuple[date, str, tuple[tuple[str, int], ...]], ...]) -> Ratings:
    model = PlackettLuce()
    skill: dict[str, tuple[float, float]] = {}
    names: dict[str, str] = {}
    played: dict[str, int] = {}
    history: dict[str, list[tuple[date, str, int]]] = {}
    for day, round_key, totals in ordered:
        people: dict[str, int] = {}
        for name, total in totals:
            key = person_key(name)
            if key and key not in people:
                people[key] = total
                names[key] = " ".join(name.split())
        if len(people) < 2:
            continue
        order = sorted(people)  # the model's answer does not depend on how the players are listed
        teams = [[model.rating(*skill.get(key, (model.mu, model.sigma)), name=key)] for key in order]
        after = model.rate(teams, ranks=[float(people[key]) for key in order])
        for key, (rated,) in zip(order, after, strict=True):
            skill[key] = (rated.mu, rated.sigma)
            played[key] = played.get(key, 0) + 1
            shown = Rating(names[key], rated.mu, rated.sigma, played[key]).shown
            history.setdefault(key, []).append((day, round_key, shown))
    return Ratings(
        {key: Rating(names[key], mu, sigma, played[key]) for key, (mu, sigma) in skill.items()},
        history,
    )
