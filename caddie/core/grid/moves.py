"""The moves of Grid Golf and what they make known: ``Action`` and ``Event``.

An ``Action`` is one thing a player does (turn up a card, draw, take the
discard, swap, discard, start the next hole); what happened is an ``Event``
of the shared game API (``caddie.core.game``), which this module re-exports
with ``IllegalAction``. ``caddie.core.grid.game`` plays them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from caddie.core.errors import quoted
from caddie.core.game import Event, IllegalAction
from caddie.core.grid.cards import card_shown, the_card, with_article
from caddie.core.grid.rules import GRID_SIZES

__all__ = [
    "Action",
    "Event",
    "IllegalAction",
    "KINDS",
    "DRAW",
    "TAKE",
    "DISCARD",
    "NEXT",
    "KNOCK",
    "PASS",
    "FLIPS",
    "SWAPS",
    "position_name",
    "with_article",
    "the_card",
    "card_shown",
]

KINDS = ("flip", "draw", "take", "swap", "discard", "next", "knock", "pass")
POSITIONAL = ("flip", "swap")


# -- actions ------------------------------------------------------------------------


@dataclass(frozen=True)
class Action:
    """One thing a player does.

    ``flip`` and ``swap`` name a grid ``position`` (row-major, 0 is top-left);
    ``draw`` (top of the deck), ``take`` (top of the discard pile),
    ``discard`` (the card drawn from the deck), ``next`` (start the next
    hole), ``knock`` (turn up every face-down card and go out, under
    ``early_knock``) and ``pass`` (leave the cards as they are after a discard,
    under ``discard_flip: "optional"``) have none.

    >>> Action.swap(2), Action.from_dict({"kind": "draw"}) == DRAW
    (Action(kind='swap', position=2), True)
    >>> Action.swap(4).describe(6), DISCARD.describe()
    ('Swap it into bottom-middle', 'Discard the drawn card')
    >>> Action("swap")
    Traceback (most recent call last):
    ...
    caddie.core.game.IllegalAction: A swap needs the grid position the card goes to.
    """

    kind: str
    position: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or self.kind not in KINDS:
            raise IllegalAction(f"{quoted(self.kind)} is not an action; the actions are {', '.join(KINDS)}.", "kind")
        if self.kind in POSITIONAL:
            if self.position is None:
                what = (
                    "A swap needs the grid position the card goes to."
                    if self.kind == "swap"
                    else "Say which card to turn up."
                )
                raise IllegalAction(what, "position")
            if type(self.position) is not int or self.position < 0:
                raise IllegalAction(
                    f"{quoted(self.position)} is not a grid position: positions are whole numbers from 0.", "position"
                )
        elif self.position is not None:
            raise IllegalAction(f"A {self.kind} takes no grid position.", "position")

    @classmethod
    def flip(cls, position: int) -> Action:
        return cls("flip", position)

    @classmethod
    def swap(cls, position: int) -> Action:
        return cls("swap", position)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "position": self.position}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Action:
        if not isinstance(data, Mapping) or "kind" not in data:
            raise IllegalAction('An action is an object with a "kind" and, for flip and swap, a "position".', "action")
        return cls(data["kind"], data.get("position"))

    def describe(self, cards: int = 6) -> str:
        """The action in a few words, for a button or a log."""
        if self.kind in POSITIONAL:
            assert self.position is not None, "a flip or a swap names its position"  # __post_init__ sees to it
            if self.kind == "flip":
                return f"Turn up {position_name(self.position, cards)}"
            return f"Swap it into {position_name(self.position, cards)}"
        return {
            "draw": "Draw from the deck",
            "take": "Take the discard",
            "discard": "Discard the drawn card",
            "next": "Start the next hole",
            "knock": "Knock: turn up your last cards",
            "pass": "Leave your cards as they are",
        }[self.kind]

    def __str__(self) -> str:
        return self.kind if self.position is None else f"{self.kind} {self.position}"


DRAW = Action("draw")
TAKE = Action("take")
DISCARD = Action("discard")
NEXT = Action("next")
KNOCK = Action("knock")
PASS = Action("pass")
# Actions are immutable values, so every flip and swap the largest grid allows is made once.
FLIPS = tuple(Action("flip", p) for p in range(max(GRID_SIZES)))
SWAPS = tuple(Action("swap", p) for p in range(max(GRID_SIZES)))


class Move(NamedTuple):
    """A whole move, as the Caddie weighs and the review names one: what a turn does with the card.

    ``kind`` is ``"take"`` (the discard, into ``position``), ``"draw"``, ``"swap"``
    (the card held, into ``position``), ``"discard"`` (the card drawn; ``flip``: the
    face-down card it turns up under ``discard_flip``), ``"flip"`` (``position``: an
    initial flip, the flip after a discard, or a whole turn under ``flip_as_action``),
    ``"knock"`` (``early_knock``) or ``"pass"`` (no flip after a discard, where it is optional).
    An ``Action`` is one step of it: a take is the ``take`` action, then a ``swap``.

    >>> Move("take", 3)
    Move(kind='take', position=3, flip=None)
    >>> Move("discard", flip=4).action(), Move("take", 3).action(), Move("swap", 1).action()
    (Action(kind='discard', position=None), Action(kind='take', position=None), Action(kind='swap', position=1))
    """

    kind: str
    position: int | None = None
    flip: int | None = None

    def action(self) -> Action:
        """The action that starts this move."""
        if self.kind in POSITIONAL:
            assert self.position is not None, "a flip or a swap names its position"
            return Action(self.kind, self.position)
        return Action(self.kind)


_COLUMN_NAMES = {
    2: ("left", "right"),
    3: ("left", "middle", "right"),
    4: ("left", "inner-left", "inner-right", "right"),
    5: ("left", "inner-left", "middle", "inner-right", "right"),
}


def position_name(position: int, cards: int = 6) -> str:
    """A grid position in words.

    >>> [position_name(p) for p in (0, 2, 4)]
    ['top-left', 'top-right', 'bottom-middle']
    >>> position_name(6, 8), position_name(2, 10)
    ('bottom inner-right', 'top-middle')
    >>> position_name(4, 9), position_name(6, 9)
    ('centre', 'bottom-left')
    """
    rows = ("top", "middle", "bottom") if cards == 9 else ("top", "bottom")
    width = cards // len(rows)
    row = rows[position // width]
    column = _COLUMN_NAMES[width][position % width]
    if row == column == "middle":
        return "centre"  # the middle of a nine-card grid
    return f"{row}{' ' if '-' in column else '-'}{column}"
