"""Whose turn it is, checked the same way by both card-game engines (``grid_game``, ``club_round``).

An engine keeps its players' ``names``, the seats in playing ``order`` for the
hole, the index of the one to act (``actor``), its ``phase`` and the ``hole``;
it names the phase in which the game is over and says so in ``OVER_TEXT``,
and the error class it raises in ``ILLEGAL``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Sequence

from caddie.core.errors import CaddieError, quoted

NAME_LIMIT = 40   # characters in a player's name


def clean_names(names: Sequence[str], low: int, high: int, game: str) -> list[str]:
    """The players' names, stripped; ``CaddieError`` unless there are ``low`` to ``high``
    distinct, non-blank names of at most ``NAME_LIMIT`` characters.

    >>> clean_names([" Ann ", "Bo"], 1, 6, "match")
    ['Ann', 'Bo']
    >>> clean_names(["Ann", "ann"], 1, 6, "match")
    Traceback (most recent call last):
    ...
    caddie.core.errors.CaddieError: Two players are called "ann": give each a different name.
    """
    if not isinstance(names, (list, tuple)) or not low <= len(names) <= high:
        raise CaddieError(f"A {game} needs {low} to {high} players.", "names")
    clean: list[str] = []
    for name in names:
        if not isinstance(name, str) or not name.strip():
            raise CaddieError("Every player needs a name.", "names")
        name = name.strip()
        if len(name) > NAME_LIMIT:
            raise CaddieError(f"A player's name is at most {NAME_LIMIT} characters.", "names")
        if name.casefold() in {c.casefold() for c in clean}:
            raise CaddieError(f"Two players are called {quoted(name)}: give each a different name.", "names")
        clean.append(name)
    return clean


class TurnOrder:
    """A mixin for the engines' dataclasses: ``_check_turn`` before any action."""

    OVER_PHASE: ClassVar[str]
    OVER_TEXT: ClassVar[str]
    ILLEGAL: ClassVar[type[CaddieError]]
    names: list[str]
    order: list[int]
    actor: int
    phase: str
    hole: int

    def _check_turn(self, kind: str, seat: Any) -> bool:
        """Raise ``ILLEGAL`` unless ``seat`` may take an action of ``kind`` now.

        True when the action starts the next hole between holes (nothing more to check).
        """
        if type(seat) is not int or not 0 <= seat < len(self.names):
            raise self.ILLEGAL(f"There is no seat {quoted(seat)} at this table.", "seat")
        if self.phase == self.OVER_PHASE:
            raise self.ILLEGAL(self.OVER_TEXT, "action")
        if self.phase == "hole_over":
            if kind != "next":
                raise self.ILLEGAL(f"Hole {self.hole} is over: start the next hole.", "action")
            return True
        if kind == "next":
            raise self.ILLEGAL(f"Hole {self.hole} is still being played.", "action")
        mover = self.order[self.actor]
        if seat != mover:
            raise self.ILLEGAL(f"It is {self.names[mover]}'s turn, not yours.", "seat")
        return False
