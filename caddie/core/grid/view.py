"""A Grid Golf seat's view, typed, and the one reader of its rules that every player shares.

``GridMatch.view(seat)`` gives a ``GridView``: everything that seat may know
(``docs/information-sets.md``). A computer player, the Caddie, the hole's review
and the table-side advisor all decide from a ``SeatView``, the part of it a
decision needs (the advisor builds one from a request; a recorded decision keeps
one), or from the engine's whole ``GridView``: a decision takes either, a
``DecisionView``. Each reads the rules through ``rules_of(view)`` and the tables
below, worked out once per rules value and shared: read them, never change them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import fields
from functools import lru_cache
from typing import Any, NotRequired, TypedDict

from caddie.core.grid.rules import Rules
from caddie.core.grid.scoring import score_column

__all__ = [
    "DecisionView",
    "GridView",
    "PlayerView",
    "SeatView",
    "SeenPlayer",
    "column_points",
    "rules_fields",
    "deck_counts",
    "partners",
    "rank_points",
    "rules_of",
]


class SeenPlayer(TypedDict):
    """A player as a decision sees them: the seat and the grid as it shows (``None``: face down)."""

    seat: int
    grid: list[str | None]
    name: NotRequired[str]


class PlayerView(SeenPlayer):
    """A player as the table shows them."""

    face_up: list[bool]
    points: int  # what the face-up cards score now
    total: int
    holes: list[int]
    out: bool


class SeatView(TypedDict):
    """What a decision reads: whose turn, the grids, the piles, the card in hand, the end of the hole.

    ``legal`` lists the actions of the seat to move (``Action.to_dict`` forms).
    """

    seat: int
    rules: dict[str, Any]  # ``Rules.to_dict``
    decks: int
    phase: str
    current: int | None
    order: list[int]
    players: list[SeenPlayer]
    discard: list[str]  # oldest first, the top card last
    deck_count: int
    drawn: str | None
    drawn_by: int | None
    drawn_from: str | None
    flips_left: int
    pending_flip: bool
    went_out: int | None
    final_turn: bool
    final_turns_left: int
    legal: list[dict[str, Any]]
    hole: NotRequired[int]  # a recorded decision's view has these two; the advisor's has neither
    turns: NotRequired[int]


class GridView(TypedDict):
    """``GridMatch.view(seat)``: the whole table as one seat (``None``: an onlooker) may see it."""

    seat: int | None
    you: str | None
    rules: dict[str, Any]
    decks: int
    hole: int
    holes: int
    phase: str
    current: int | None
    order: list[int]
    players: list[PlayerView]
    discard: list[str]
    deck_count: int
    drawn: str | None
    drawn_by: int | None
    drawn_from: str | None
    flips_left: int
    pending_flip: bool
    went_out: int | None
    final_turn: bool
    final_turns_left: int
    turns: int
    turn_limit: int
    ended_by: str | None
    hole_scores: list[list[int]]
    totals: list[int]
    legal: list[dict[str, Any]]
    events: NotRequired[list[dict[str, Any]]]


# What a decision takes: the part of a view it reads, or the engine's whole view (which is not a
# ``SeatView`` to mypy: its ``seat`` may be ``None``, an onlooker's, and its players are ``PlayerView``).
DecisionView = SeatView | GridView


# -- the rules of a view, read once ------------------------------------------------------------


@lru_cache(maxsize=64)
def _rules(items: tuple[tuple[str, Any], ...]) -> Rules:
    return Rules.from_dict(dict(items))


def rules_of(view: DecisionView) -> Rules:
    """The ``Rules`` value of a view, read once per distinct rules (in any field order).

    >>> view = {"rules": {"king": 0, "cards": 4}}
    >>> rules_of(view) is rules_of({"rules": {"cards": 4, "king": 0}}), rules_of(view).cards
    (True, 4)
    """
    return _rules(tuple(sorted(view["rules"].items())))


@lru_cache(maxsize=64)
def _fields(rules: Rules) -> dict[str, Any]:
    return {f.name: getattr(rules, f.name) for f in fields(rules)}


def rules_fields(rules: Rules) -> dict[str, Any]:
    """``rules.to_dict()``, for a view (a copy of one worked out once per rules value).

    >>> rules_fields(Rules()) == Rules().to_dict()
    True
    """
    return dict(_fields(rules))


@lru_cache(maxsize=64)
def rank_points(rules: Rules) -> dict[str, int]:
    """Points of every rank in play."""
    return {r: rules.points(r) for r in rules.ranks_in_play}


@lru_cache(maxsize=64)
def column_points(rules: Rules) -> dict[tuple[str | None, str | None], int]:
    """What every column adds to a running score (``None``: a face-down card, adding nothing),
    from the one scoring function; summed over a grid's columns it is ``score_grid(...).total``:

    >>> from caddie.core.grid.scoring import score_grid
    >>> grid, columns = ["K", None, "7", "Q", None, None], column_points(Rules())
    >>> sum(columns[grid[k], grid[k + 3]] for k in range(3)) == score_grid(grid, Rules()).total == 27
    True
    """
    cards = (*rules.ranks_in_play, None)
    return {(top, bottom): score_column(top, bottom, rules).points or 0 for top in cards for bottom in cards}


@lru_cache(maxsize=64)
def deck_counts(rules: Rules, decks: int) -> dict[str, int]:
    """How many cards of each rank the decks hold, in rank order."""
    return dict(Counter(rules.full_deck(decks)))


@lru_cache(maxsize=16)
def partners(cards: int) -> tuple[int, ...]:
    """The other position of each position's column (row-major, two rows).

    >>> partners(6)
    (3, 4, 5, 0, 1, 2)
    """
    width = cards // 2
    return tuple(p + width if p < width else p - width for p in range(cards))
