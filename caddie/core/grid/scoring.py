"""The one Grid Golf scoring function, column by column.

Tally, caddie, ledger and the game engine all score a grid here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from caddie.core.errors import CardError, HandError
from caddie.core.grid.cards import RANKS, plural_name
from caddie.core.grid.rules import Rules

Grid = Sequence["str | None"]


@dataclass(frozen=True)
class ColumnScore:
    """One column: its two cards (``None`` where not known) and what it scores.

    ``points`` is ``None`` while neither card is known; with one card known it
    is that card's points, so a partly known grid shows a running score.
    """

    top: str | None
    bottom: str | None
    matched: bool
    points: int | None

    @property
    def complete(self) -> bool:
        return self.top is not None and self.bottom is not None

    def to_dict(self) -> dict[str, str | bool | int | None]:
        return {"top": self.top, "bottom": self.bottom, "matched": self.matched, "points": self.points}


@dataclass(frozen=True)
class GridScore:
    columns: tuple[ColumnScore, ...]

    @property
    def total(self) -> int:
        """Sum of the points of every known card (matched columns count their pair points)."""
        return sum(c.points for c in self.columns if c.points is not None)

    @property
    def complete(self) -> bool:
        return all(c.complete for c in self.columns)


def score_column(top: str | None, bottom: str | None, rules: Rules) -> ColumnScore:
    """Score one column.

    >>> score_column("K", "K", Rules())
    ColumnScore(top='K', bottom='K', matched=True, points=0)
    >>> score_column("2", "2", Rules(negative_pairs="keep")).points
    -4
    >>> score_column("5", None, Rules()).points
    5
    """
    if top is not None and bottom is not None:
        if top == bottom:
            return ColumnScore(top, bottom, True, rules.pair_points(top))
        return ColumnScore(top, bottom, False, rules.points(top) + rules.points(bottom))
    known = [c for c in (top, bottom) if c is not None]
    return ColumnScore(top, bottom, False, rules.points(known[0]) if known else None)


def score_grid(grid: Grid, rules: Rules) -> GridScore:
    """Score a grid laid out row-major (top row, then bottom row).

    Cards must be canonical codes (see ``caddie.core.grid.cards.parse_card``) or
    ``None`` for a card not known yet.

    >>> score_grid(["K", "5", "7", "K", "3", "9"], Rules()).total
    24
    >>> score_grid(["K", "5", "7", "K", "3", "9"], Rules(king=0)).total
    24
    >>> score_grid(["2", "5", "2", "5"], Rules(cards=4)).total
    0
    """
    if len(grid) != rules.cards:
        raise HandError(
            f"{_article(rules.cards)} {rules.cards}-card grid needs {rules.cards} cards; this one has {len(grid)}.",
            "cards",
        )
    width = rules.columns
    return GridScore(tuple(score_column(grid[k], grid[k + width], rules) for k in range(width)))


def check_grid(grid: Grid, rules: Rules, decks: int = 1, field: str = "cards") -> None:
    """Raise if the grid could not be dealt under ``rules`` from ``decks`` decks.

    >>> check_grid(["JK", "5", "7", "K", "3", "9"], Rules())
    Traceback (most recent call last):
    ...
    caddie.core.errors.CardError: Jokers are not in play under these rules (only 2s score −2).
    >>> check_grid(["K"] * 6, Rules())
    Traceback (most recent call last):
    ...
    caddie.core.errors.HandError: 6 Kings, but one deck holds only 4.
    """
    if len(grid) != rules.cards:
        raise HandError(
            f"{_article(rules.cards)} {rules.cards}-card grid needs {rules.cards} cards; this one has {len(grid)}.",
            field,
        )
    if type(decks) is not int or decks < 1:
        raise HandError("The number of decks is a whole number, at least 1.", "decks")
    counts = Counter(c for c in grid if c is not None)
    for rank, n in counts.items():
        if rank not in RANKS:
            raise CardError(f"{rank!r} is not a card code: use A, 2-10, J, Q, K or JK.", field)
        if rank not in rules.ranks_in_play:
            raise CardError("Jokers are not in play under these rules (only 2s score −2).", field)
        allowed = rules.copies_per_deck(rank) * decks
        if n > allowed:
            deck_words = "one deck holds" if decks == 1 else f"{decks} decks hold"
            raise HandError(f"{n} {plural_name(rank)}, but {deck_words} only {allowed}.", field)


def _article(n: int) -> str:
    return "An" if n in (8, 11, 18) else "A"
