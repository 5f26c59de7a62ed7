"""Courses for Club Cards: a name, a tee, and 9 or 18 holes of (yardage, par).

The sample courses are invented for the app and labelled as samples.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from caddie.core.clubs.scoring import MAX_YARDAGE
from caddie.core.errors import RulesError
from caddie.core.names import check_printable

COURSE_NAME_LIMIT = 60  # characters in a course's name, as the API and the course editor accept
TEE_LIMIT = 24  # characters in a tee's name


def clean_text(text: str, what: str, limit: int) -> str:
    """A name as a scorecard shows it: spaces tidied, nothing unprintable, at most ``limit`` characters.

    >>> clean_text("  Heron   Creek ", "course's name", COURSE_NAME_LIMIT)
    'Heron Creek'
    >>> clean_text("x" * 30, "tee", TEE_LIMIT)
    Traceback (most recent call last):
    ...
    caddie.core.errors.RulesError: The tee is too long: keep it to 24 characters.
    """
    return check_printable(text, f"The {what}", "course", RulesError, limit)


@dataclass(frozen=True)
class Hole:
    yardage: int
    par: int


@dataclass(frozen=True)
class Course:
    name: str
    tee: str
    holes: tuple[Hole, ...]
    sample: bool = False

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not isinstance(self.tee, str) or not isinstance(self.sample, bool):
            raise RulesError("A course's name and tee are text.", "course")
        if not self.name.strip():
            raise RulesError("A course needs a name.", "course")
        if len(self.holes) not in (9, 18):
            raise RulesError("A course has 9 or 18 holes.", "course")
        for number, hole in enumerate(self.holes, start=1):
            if type(hole.yardage) is not int or not 1 <= hole.yardage <= MAX_YARDAGE:
                raise RulesError(f"Hole {number}'s yardage must be 1 to {MAX_YARDAGE} yards.", "course")
            if type(hole.par) is not int or not 2 <= hole.par <= 6:
                raise RulesError(f"Hole {number}'s par must be 2 to 6.", "course")

    @property
    def par(self) -> int:
        return sum(h.par for h in self.holes)

    @property
    def label(self) -> str:
        return f"{self.name} ({self.tee} tees){' · sample' if self.sample else ''}"

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "tee": self.tee,
            "sample": self.sample,
            "holes": [{"yardage": h.yardage, "par": h.par} for h in self.holes],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Course:
        try:
            holes = tuple(Hole(h["yardage"], h["par"]) for h in data["holes"])
            return cls(name=data["name"], tee=data.get("tee", ""), holes=holes, sample=data.get("sample", False))
        except (KeyError, TypeError, AttributeError):
            raise RulesError("A course is a name, a tee and a list of holes with yardage and par.", "course") from None


def _course(name: str, tee: str, rows: str) -> Course:
    holes = tuple(Hole(int(y), int(p)) for y, p in (pair.split("/") for pair in rows.split()))
    return Course(name=name, tee=tee, holes=holes, sample=True)


SAMPLE_COURSES: dict[str, Course] = {
    "whistling-pines": _course(
        "Whistling Pines",
        "White",
        "392/4 168/3 521/5 405/4 377/4 188/3 545/5 412/4 361/4 401/4 156/3 498/5 388/4 420/4 173/3 533/5 366/4 429/4",
    ),
    "harbour-links": _course(
        "Harbour Links",
        "Blue",
        "428/4 455/4 204/3 562/5 381/4 410/4 176/3 590/5 444/4 397/4 212/3 472/4 548/5 365/4 189/3 431/4 505/5 458/4",
    ),
    "cedar-nine": _course("Cedar Nine", "Red", "310/4 142/3 455/5 298/4 126/3 335/4 402/5 274/4 155/3"),
}
