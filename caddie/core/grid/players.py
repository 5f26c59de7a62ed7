"""Every computer player of Grid Golf, in one table: ``choose(view, level, rng) -> Action``.

A computer player sees exactly what a person in its seat sees, the dict
``GridMatch.view(seat)`` returns, and decides from it alone. The levels:

``random``, ``beginner``, ``steady``
    the heuristic players of ``caddie.core.grid.opponents``;
``caddie``, ``caddie-fast``
    the Caddie's own policy (``caddie.core.grid.caddie``), in full and with a
    smaller search;
``greedy``
    the benches' reference player (``caddie.core.grid.reference_players``).

>>> import random
>>> from caddie.core.grid.game import GridMatch
>>> from caddie.core.grid.rules import Rules
>>> m = GridMatch.new(Rules(), ["Ann", "Cpu"], seed=3)
>>> choose(m.view(0), "steady", random.Random(1)).kind
'flip'
>>> choose(m.view(0), "expert", random.Random(1))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
caddie.core.errors.CaddieError: "expert" is not a computer level; the levels are random, beginner, steady, ...
"""

from __future__ import annotations

import random

from caddie.core.errors import CaddieError, quoted
from caddie.core.grid import caddie, opponents, reference_players
from caddie.core.grid.game import NEXT, Action
from caddie.core.grid.opponents import Policy
from caddie.core.grid.view import DecisionView

__all__ = ["LEVELS", "Policy", "choose"]

LEVELS: dict[str, Policy] = {
    "random": opponents.random_player,
    "beginner": opponents.beginner,
    "steady": opponents.steady,
    "greedy": reference_players.greedy,
    "caddie": caddie.caddie,
    "caddie-fast": caddie.fast,
}


def choose(view: DecisionView, level: str, rng: random.Random) -> Action:
    """The action the computer player at ``view["seat"]`` takes.

    ``view`` is ``GridMatch.view(seat)`` (``events=False`` will do: no level
    reads the event log); it must be this seat's turn (or a hole must be
    over, when the answer is to start the next one).
    """
    if level not in LEVELS:
        raise CaddieError(f"{quoted(level)} is not a computer level; the levels are {', '.join(LEVELS)}.", "level")
    legal = view.get("legal") or []
    if not legal:
        raise CaddieError("It is not this player's turn.", "seat")
    if view["phase"] == "hole_over":
        return NEXT
    return LEVELS[level](view, rng)
