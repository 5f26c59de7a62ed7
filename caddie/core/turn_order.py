"""Whose turn it is, checked the same way by both card-game engines (``grid_game``, ``club_round``).

An engine keeps its players' ``names``, the seats in playing ``order`` for the
hole, the index of the one to act (``actor``), its ``phase`` and the ``hole``;
it names the phase in which the game is over and says so in ``OVER_TEXT``,
and the error class it raises in ``ILLEGAL``.
"""

from __future__ import annotations

from typing import Any, ClassVar

from caddie.core.errors import CaddieError, quoted


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
