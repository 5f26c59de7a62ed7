"""Random courses that read like real scorecards.

Par 3s are 120 to 240 yards, par 4s 300 to 470, par 5s 470 to 600, shorter
from the forward tees. An 18-hole course usually has four par 3s, four par 5s
and ten par 4s (par 72), sometimes one or two par 5s fewer or a fifth par 3
(par 70 or 71); a nine has two par 3s and one or two par 5s (par 35 or 36).
Each nine opens with a par 4 or 5, never has two par 3s or two par 5s in a
row, and has its par 3s and 5s spread over both nines.

Every hole is at most 600 yards, far below what one default deck can reach
for two players, so every generated course can be dealt (``ClubRound.new``).
The same seeded ``random.Random`` always gives the same course.

>>> import random
>>> course = random_course(random.Random(7), 18)
>>> len(course.holes), 70 <= course.par <= 72, course.sample
(18, True, False)
>>> random_course(random.Random(7), 18) == course
True
>>> random_course(random.Random(7), 9, name="Back Lot").name
'Back Lot'
"""

from __future__ import annotations

import random

from caddie.core.courses.course import Course, Hole
from caddie.core.errors import RulesError

LONGEST_HOLE = 600

FIRST_WORDS = (
    "Heron",
    "Copper",
    "Willow",
    "Falcon",
    "Cedar",
    "Silver",
    "Juniper",
    "Maple",
    "Granite",
    "Osprey",
    "Pelican",
    "Bramble",
    "Foxglove",
    "Kestrel",
    "Hawthorn",
    "Sandpiper",
    "Thistle",
    "Birch",
    "Amber",
    "Stone",
    "Larkspur",
    "Otter",
    "Quail",
    "Red Fox",
    "Blackwater",
    "Saltmarsh",
    "Windmill",
    "Lantern",
    "Crow's",
    "Misty",
    "Oak",
    "Pine",
    "Highland",
    "Tamarack",
)
SECOND_WORDS = (
    "Creek",
    "Ridge",
    "Hollow",
    "Links",
    "Dunes",
    "Valley",
    "Meadows",
    "Point",
    "Bluff",
    "Glen",
    "Springs",
    "Heath",
    "Bay",
    "Downs",
    "Park",
    "Lakes",
    "Run",
    "Crossing",
    "Hills",
    "Harbour",
)

# Tee name -> yardage ranges by par (the back tees play longest).
TEES: dict[str, dict[int, tuple[int, int]]] = {
    "Blue": {3: (150, 240), 4: (360, 470), 5: (510, 600)},
    "White": {3: (130, 215), 4: (330, 440), 5: (480, 570)},
    "Gold": {3: (125, 200), 4: (315, 415), 5: (475, 545)},
    "Red": {3: (120, 180), 4: (300, 390), 5: (470, 520)},
}

# (par 3s, par 5s) for the whole course; the first rows are the most common.
MIXES = {
    18: ((4, 4), (4, 4), (4, 4), (4, 4), (4, 3), (4, 3), (4, 2), (5, 3)),
    9: ((2, 2), (2, 2), (2, 1), (2, 1)),
}


def random_name(rng: random.Random) -> str:
    """An invented course name, two words from the lists above.

    >>> random_name(random.Random(1))
    'Granite Hills'
    """
    return f"{rng.choice(FIRST_WORDS)} {rng.choice(SECOND_WORDS)}"


def _split(count: int, rng: random.Random) -> tuple[int, int]:
    """``count`` holes of a kind over the front and back nines, as evenly as they go."""
    low = count // 2
    return (low, count - low) if rng.random() < 0.5 else (count - low, low)


def _nine(threes: int, fives: int, rng: random.Random) -> list[int]:
    """Nine pars in a believable order: no par 3 first, no two 3s or 5s in a row."""
    pars = [3] * threes + [5] * fives + [4] * (9 - threes - fives)
    for _ in range(1000):
        rng.shuffle(pars)
        if pars[0] != 3 and not any(a == b != 4 for a, b in zip(pars, pars[1:])):
            return pars
    return sorted(pars, key=lambda p: (p != 4, p))  # pragma: no cover - the shuffle finds one at once


def random_course(rng: random.Random, holes: int = 18, name: str | None = None) -> Course:
    """A new invented course of ``holes`` (9 or 18) holes; ``name`` if given, else an invented one."""
    if holes not in MIXES:
        raise RulesError("A course has 9 or 18 holes.", "holes")
    threes, fives = rng.choice(MIXES[holes])
    if holes == 18:
        (front3, back3), (front5, back5) = _split(threes, rng), _split(fives, rng)
        pars = _nine(front3, front5, rng) + _nine(back3, back5, rng)
    else:
        pars = _nine(threes, fives, rng)
    tee = rng.choice(tuple(TEES))
    ranges = TEES[tee]
    course_name = random_name(rng) if name is None else " ".join(name.split())
    return Course(
        name=course_name, tee=tee, holes=tuple(Hole(rng.randint(*ranges[par]), par) for par in pars), sample=False
    )
