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
from typing import Any, NamedTuple, NotRequired, TypedDict

from caddie.core.grid.rules import Rules
from caddie.core.grid.scoring import score_column

__all__ = [
    "DecisionView",
    "GridView",
    "PlayerView",
    "SeatView",
    "SeenPlayer",
    "RulesTables",
    "deck_counts",
    "read_rules",
    "rules_of",
    "tables",
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


class RulesTables(NamedTuple):
    """What the rules imply, worked out once per rules value (shared: read it, never change it)."""

    rules: Rules
    fields: dict[str, Any]  # ``rules.to_dict()``
    points: dict[str, int]  # of every rank in play
    # what every column adds to a running score (``None``: a face-down card, adding nothing)
    columns: dict[tuple[str | None, str | None], int]
    partners: tuple[int, ...]  # the other position of each position's column (two-row grids)
    mates: tuple[tuple[int, ...], ...]  # the other positions of each position's column (any grid)
    # True when a grid's score is the sum of its two-card columns' ``columns`` entries: two rows
    # and no hand bonus (four of a kind, Wolfpack, blackjack) in the rules
    additive: bool


@lru_cache(maxsize=64)
def tables(rules: Rules) -> RulesTables:
    """The tables of ``rules``, from the one scoring function. Summed over a grid's columns,
    ``columns`` gives ``score_grid(...).total``:

    >>> from caddie.core.grid.scoring import score_grid
    >>> grid, columns = ["K", None, "7", "Q", None, None], tables(Rules()).columns
    >>> sum(columns[grid[k], grid[k + 3]] for k in range(3)) == score_grid(grid, Rules()).total == 27
    True
    >>> tables(Rules()).fields == Rules().to_dict(), tables(Rules()).partners
    (True, (3, 4, 5, 0, 1, 2))
    """
    cards = (*rules.ranks_in_play, None)
    width = rules.columns
    column_of = {p: column for column in rules.column_positions for p in column}
    return RulesTables(
        rules=rules,
        fields={f.name: getattr(rules, f.name) for f in fields(rules)},
        points={r: rules.points(r) for r in rules.ranks_in_play},
        columns={(top, bottom): score_column((top, bottom), rules).points or 0 for top in cards for bottom in cards},
        partners=tuple(p + width if p < width else p - width for p in range(rules.cards)),
        mates=tuple(tuple(q for q in column_of[p] if q != p) for p in range(rules.cards)),
        additive=rules.rows == 2 and not rules.hand_bonuses,
    )


@lru_cache(maxsize=64)
def _tables_of(items: tuple[tuple[str, Any], ...]) -> RulesTables:
    return tables(Rules.from_dict(dict(items)))


def read_rules(view: DecisionView) -> RulesTables:
    """The rules of a view and their tables, read once per distinct rules (a view's rules come
    from ``Rules.to_dict``, so their fields are always in the same order).

    >>> view = {"rules": {"cards": 4, "king": 0}}
    >>> read_rules(view) is read_rules(dict(view)), read_rules(view).rules.cards
    (True, 4)
    """
    return _tables_of(tuple(view["rules"].items()))


def rules_of(view: DecisionView) -> Rules:
    """The ``Rules`` value of a view (``read_rules(view).rules``)."""
    return read_rules(view).rules


@lru_cache(maxsize=64)
def deck_counts(rules: Rules, decks: int) -> dict[str, int]:
    """How many cards of each rank the decks hold, in rank order."""
    return dict(Counter(rules.full_deck(decks)))
