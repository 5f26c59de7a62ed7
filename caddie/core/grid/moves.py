"""The moves of Grid Golf and what they make known: ``Action`` and ``Event``.

An ``Action`` is one thing a player does (turn up a card, draw, take the
discard, swap, discard, start the next hole); an ``Event`` is what happened,
as every player may learn it. ``caddie.core.grid.game`` plays them, and
re-exports them as part of its own vocabulary.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from caddie.core.grid.cards import JOKER
from caddie.core.errors import CaddieError, quoted
from caddie.core.grid.rules import GRID_SIZES

KINDS = ("flip", "draw", "take", "swap", "discard", "next")
POSITIONAL = ("flip", "swap")


class IllegalAction(CaddieError):
    """An action the rules do not allow now; the match is left unchanged.

    >>> IllegalAction("That card is already face up.", "position").as_dict()
    {'error': 'That card is already face up.', 'field': 'position'}
    """


# -- actions ------------------------------------------------------------------------

@dataclass(frozen=True)
class Action:
    """One thing a player does.

    ``flip`` and ``swap`` name a grid ``position`` (row-major, 0 is top-left);
    ``draw`` (top of the deck), ``take`` (top of the discard pile),
    ``discard`` (the card drawn from the deck) and ``next`` (start the next
    hole) have none.

    >>> Action.swap(2), Action.from_dict({"kind": "draw"}) == DRAW
    (Action(kind='swap', position=2), True)
    >>> Action.swap(4).describe(6), DISCARD.describe()
    ('Swap it into bottom-middle', 'Discard the drawn card')
    >>> Action("swap")
    Traceback (most recent call last):
    ...
    caddie.core.grid.moves.IllegalAction: A swap needs the grid position the card goes to.
    """

    kind: str
    position: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or self.kind not in KINDS:
            raise IllegalAction(f"{quoted(self.kind)} is not an action; the actions are "
                                f"{', '.join(KINDS)}.", "kind")
        if self.kind in POSITIONAL:
            if self.position is None:
                what = "A swap needs the grid position the card goes to." if self.kind == "swap" \
                    else "Say which card to turn up."
                raise IllegalAction(what, "position")
            if type(self.position) is not int or self.position < 0:
                raise IllegalAction(f"{quoted(self.position)} is not a grid position: "
                                    "positions are whole numbers from 0.", "position")
        elif self.position is not None:
            raise IllegalAction(f"A {self.kind} takes no grid position.", "position")

    @classmethod
    def flip(cls, position: int) -> "Action":
        return cls("flip", position)

    @classmethod
    def swap(cls, position: int) -> "Action":
        return cls("swap", position)

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "position": self.position}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Action":
        if not isinstance(data, Mapping) or "kind" not in data:
            raise IllegalAction('An action is an object with a "kind" and, for flip and swap, '
                                'a "position".', "action")
        return cls(data["kind"], data.get("position"))

    def describe(self, cards: int = 6) -> str:
        """The action in a few words, for a button or a log."""
        if self.kind == "flip":
            return f"Turn up {position_name(self.position, cards)}"
        if self.kind == "swap":
            return f"Swap it into {position_name(self.position, cards)}"
        return {"draw": "Draw from the deck", "take": "Take the discard",
                "discard": "Discard the drawn card", "next": "Start the next hole"}[self.kind]

    def __str__(self) -> str:
        return self.kind if self.position is None else f"{self.kind} {self.position}"


DRAW = Action("draw")
TAKE = Action("take")
DISCARD = Action("discard")
NEXT = Action("next")
# Actions are immutable values, so every flip and swap the largest grid allows is made once.
FLIPS = tuple(Action("flip", p) for p in range(max(GRID_SIZES)))
SWAPS = tuple(Action("swap", p) for p in range(max(GRID_SIZES)))


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
    """
    width = cards // 2
    row = "top" if position < width else "bottom"
    column = _COLUMN_NAMES[width][position % width]
    return f"{row}{' ' if '-' in column else '-'}{column}"


def with_article(card: str) -> str:
    """A card with its article.

    >>> with_article("8"), with_article("Q"), with_article("JK")
    ('an 8', 'a Q', 'a Joker')
    """
    if card == JOKER:
        return "a Joker"
    return f"{'an' if card in ('A', '8') else 'a'} {card}"


def the_card(card: str) -> str:
    return "the Joker" if card == JOKER else f"the {card}"


def card_shown(card: str) -> str:
    return "Joker" if card == JOKER else card


# -- events ---------------------------------------------------------------------------

@dataclass(frozen=True)
class Event:
    """What happened, as every player may learn it.

    ``cards`` are the card codes the event shows; each of them is public (face
    up in a grid, on the discard pile, or taken from it) once the event has
    happened. A card drawn from the deck is never named until it is played.
    ``seat`` and ``action`` are ``None`` for the end of a hole.
    """

    seat: int | None
    action: Action | None
    cards: tuple[str, ...]
    text: str
    hole: int

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action.to_dict() if self.action else None,
                "cards": list(self.cards), "text": self.text, "hole": self.hole}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> "Event":
        action = Action.from_dict(data["action"]) if data["action"] is not None else None
        return cls(data["seat"], action, tuple(data["cards"]), data["text"], data["hole"])
