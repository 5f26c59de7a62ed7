"""The one Grid Golf scoring function, column by column.

Tally, caddie, ledger and the game engine all score a grid here.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from caddie.core.errors import CardError, HandError
from caddie.core.grid.cards import JACK, JOKER, ONE_EYED_JACK, RANKS, parse_card, plural_code, plural_name
from caddie.core.grid.rules import Rules, signed

Grid = Sequence["str | None"]

FOUR_OF_A_KIND_POINTS = WOLFPACK_POINTS = -20
BLACKJACK = 21
KNOCK_PENALTY_POINTS, KNOCK_BONUS_POINTS = 10, -5
UNDERDOG_POINTS, TIED_SHAME_POINTS = -3, 5


def _bonus_words(rule: str, rank: str | None) -> str:
    if rule == "four_of_a_kind":
        return f"Four {plural_code(rank or '')}"
    return {
        "wolfpack": "Wolfpack, four Jacks",
        "blackjack": "Blackjack, 21 scores 0",
        "knock_penalty": "Knock penalty, beaten after going out",
        "knock_bonus": "Knock bonus, out first",
        "underdog": "Underdog, lowest score",
        "tied_shame": "Tied shame, a tie",
    }[rule]


# The order a hole is scored in (docs/grid-golf.md, "Scoring a hole"): grid rules, then table rules.
GRID_RULES = ("four_of_a_kind", "wolfpack", "blackjack")
TABLE_RULES = ("knock_penalty", "knock_bonus", "underdog", "tied_shame")


@dataclass(frozen=True)
class ColumnScore:
    """One column: its cards top to bottom (``None`` where not known) and what it scores.

    ``points`` is ``None`` while no card is known; with some known it is their
    points, so a partly known grid shows a running score.
    """

    cards: tuple[str | None, ...]
    matched: bool
    points: int | None

    @property
    def top(self) -> str | None:
        return self.cards[0]

    @property
    def middle(self) -> str | None:
        """The middle card of a three-row column (``None`` in a two-row grid)."""
        return self.cards[1] if len(self.cards) == 3 else None

    @property
    def bottom(self) -> str | None:
        return self.cards[-1]

    @property
    def complete(self) -> bool:
        return all(card is not None for card in self.cards)

    def to_dict(self) -> dict[str, str | bool | int | None]:
        """The API's column: ``top``, (``middle``, in a nine-card grid,) ``bottom``, ``matched``, ``points``."""
        shown: dict[str, str | bool | int | None] = {"top": self.top}
        if len(self.cards) == 3:
            shown["middle"] = self.middle
        shown.update(bottom=self.bottom, matched=self.matched, points=self.points)
        return shown


@dataclass(frozen=True)
class Bonus:
    """A line of a hole's score after its columns: a hand bonus (``four_of_a_kind``,
    ``wolfpack``, ``blackjack``) or a table adjustment (``knock_penalty`` ...), in points.
    ``rank`` names the rank of a four of a kind."""

    rule: str
    points: int
    rank: str | None = None

    def to_dict(self) -> dict[str, str | int]:
        return {"rule": self.rule, "points": self.points}

    def describe(self) -> str:
        """The line a page shows for it.

        >>> Bonus("four_of_a_kind", -20, "7").describe(), Bonus("blackjack", -21).describe()
        ('Four 7s: −20', 'Blackjack, 21 scores 0: −21')
        >>> Bonus("knock_penalty", 10).describe()
        'Knock penalty, beaten after going out: +10'
        """
        return f"{_bonus_words(self.rule, self.rank)}: {'+' if self.points > 0 else ''}{signed(self.points)}"


@dataclass(frozen=True)
class GridScore:
    columns: tuple[ColumnScore, ...]
    bonuses: tuple[Bonus, ...] = ()

    @property
    def column_total(self) -> int:
        """Sum of the points of every known card (matched columns count their pair points)."""
        return sum(c.points for c in self.columns if c.points is not None)

    @property
    def total(self) -> int:
        """The grid's score: its columns, then its hand bonuses."""
        return self.column_total + sum(b.points for b in self.bonuses)

    @property
    def complete(self) -> bool:
        return all(c.complete for c in self.columns)

    def to_dict(self) -> dict[str, Any]:
        """The grid part of the tally API's answer (without ``rules``)."""
        return {
            "score": self.total,
            "columns": [c.to_dict() for c in self.columns],
            "bonuses": [b.to_dict() for b in self.bonuses],
        }


def score_column(cards: Sequence[str | None], rules: Rules) -> ColumnScore:
    """Score one column, its cards top to bottom. A column matches when all its cards
    are known and of one rank (a one-eyed Jack is a Jack); two of a kind in a column of
    three do not.

    >>> score_column(("K", "K"), Rules())
    ColumnScore(cards=('K', 'K'), matched=True, points=0)
    >>> score_column(("2", "2"), Rules(negative_pairs="keep")).points
    -4
    >>> score_column(("5", None), Rules()).points
    5
    >>> score_column(("7", "7", "3"), Rules(cards=9)).points, score_column(("7", "7", "7"), Rules(cards=9)).points
    (17, 0)
    """
    shown = tuple(cards)
    known = [c for c in shown if c is not None]
    if len(known) == len(shown) and len({Rules.match_rank(c) for c in known}) == 1:
        return ColumnScore(shown, True, rules.pair_points(known[0], len(known)))
    return ColumnScore(shown, False, sum(rules.points(c) for c in known) if known else None)


def score_grid(grid: Grid, rules: Rules) -> GridScore:
    """Score a grid laid out row-major: its columns, then its hand bonuses (four of a
    kind and Wolfpack on the matched columns known so far; blackjack once it is complete).

    Cards must be canonical codes (see ``caddie.core.grid.cards.parse_card``) or
    ``None`` for a card not known yet.

    >>> score_grid(["K", "5", "7", "K", "3", "9"], Rules()).total
    24
    >>> score_grid(["K", "5", "7", "K", "3", "9"], Rules(king=0)).total
    24
    >>> score_grid(["2", "5", "2", "5"], Rules(cards=4)).total
    0
    >>> score_grid(["7", "7", "5", "7", "7", "5"], Rules(four_of_a_kind=True)).total
    -20
    """
    if len(grid) != rules.cards:
        raise HandError(
            f"{_article(rules.cards)} {rules.cards}-card grid needs {rules.cards} cards; this one has {len(grid)}.",
            "cards",
        )
    columns = tuple(score_column([grid[p] for p in positions], rules) for positions in rules.column_positions)
    return GridScore(columns, hand_bonuses(columns, rules))


def hand_bonuses(columns: Sequence[ColumnScore], rules: Rules) -> tuple[Bonus, ...]:
    """The grid's bonuses, in the order of docs/grid-golf.md, "Scoring a hole": four of a
    kind (per rank, one for each two matched columns of it), Wolfpack (the same, for
    Jacks), then blackjack on the score so far."""
    matched = [Rules.match_rank(c.cards[0]) for c in columns if c.matched and c.cards[0] is not None]
    complete = all(c.complete for c in columns)
    return bonuses_of(matched, sum(c.points or 0 for c in columns) if complete else None, rules)


def bonuses_of(matched: Sequence[str], column_total: int | None, rules: Rules) -> tuple[Bonus, ...]:
    """The hand bonuses of a grid whose matched columns are of the ranks ``matched`` (a
    one-eyed Jack's column as ``J``) and whose columns score ``column_total`` (``None``
    while a card is not known: no blackjack yet). The fast player scores its played-out
    grids with this too, so there is one rule for them."""
    bonuses: list[Bonus] = []
    if rules.four_of_a_kind or rules.wolfpack:
        counts = Counter(matched)
        if rules.four_of_a_kind:
            for rank, count in counts.items():
                bonuses += [Bonus("four_of_a_kind", FOUR_OF_A_KIND_POINTS, rank)] * (count // 2)
        if rules.wolfpack:
            bonuses += [Bonus("wolfpack", WOLFPACK_POINTS, JACK)] * (counts[JACK] // 2)
    if rules.blackjack and column_total is not None:
        if column_total + sum(b.points for b in bonuses) == BLACKJACK:
            bonuses.append(Bonus("blackjack", -BLACKJACK))
    return tuple(bonuses)


# -- a whole table's hole ------------------------------------------------------------------


@dataclass(frozen=True)
class PlayerHole:
    """One player's hole at a table: the grid's score, then the table's adjustments."""

    grid: GridScore
    adjustments: tuple[Bonus, ...]

    @property
    def score(self) -> int:
        return self.grid.total + sum(a.points for a in self.adjustments)

    def to_dict(self) -> dict[str, Any]:
        return {
            "grid": self.grid.to_dict(),
            "adjustments": [a.to_dict() for a in self.adjustments],
            "score": self.score,
        }


@dataclass(frozen=True)
class TableScore:
    players: tuple[PlayerHole, ...]

    @property
    def scores(self) -> list[int]:
        return [p.score for p in self.players]


def score_table(grids: Sequence[Grid], out: int | None, rules: Rules) -> TableScore:
    """Score a whole table's hole: every grid (complete), then the table adjustments in
    the order of docs/grid-golf.md, "Scoring a hole", each on the scores the step before
    left. ``out`` is the seat that went out first, or ``None`` (nobody did).

    >>> rules = Rules(knock_penalty=True, underdog=True)
    >>> score_table([["5", "5", "9", "K", "K", "9"], ["A", "2", "3", "A", "2", "3"]], 0, rules).scores
    [40, -3]
    """
    if out is not None and (type(out) is not int or not 0 <= out < len(grids)):
        raise HandError(f"The player who went out is seat 0 to {len(grids) - 1}, or nobody.", "out")
    scored = [score_grid(grid, rules) for grid in grids]
    for seat, grid in enumerate(scored):
        if not grid.complete:
            raise HandError(
                f"Player {seat + 1}'s grid has a card not entered; a hole is scored with every card known.",
                f"grids[{seat}]",
            )
    scores = [grid.total for grid in scored]
    adjustments: list[list[Bonus]] = [[] for _ in grids]
    for seat, adjustment in table_adjustments(scores, out, rules):
        adjustments[seat].append(adjustment)
    return TableScore(tuple(PlayerHole(grid, tuple(adjustments[seat])) for seat, grid in enumerate(scored)))


def table_adjustments(scores: list[int], out: int | None, rules: Rules) -> list[tuple[int, Bonus]]:
    """The table adjustments of a hole whose grids score ``scores`` by seat, as (seat,
    adjustment) in the order they apply; ``scores`` is left holding the adjusted scores.
    Each step sees the scores the step before left (docs/grid-golf.md, "Scoring a hole")."""
    made: list[tuple[int, Bonus]] = []

    def adjust(seat: int, rule: str, points: int) -> None:
        made.append((seat, Bonus(rule, points)))
        scores[seat] += points

    table = len(scores) > 1  # the rules that compare players need someone to compare with
    if rules.knock_penalty and out is not None and table:
        if any(score < scores[out] for seat, score in enumerate(scores) if seat != out):
            adjust(out, "knock_penalty", KNOCK_PENALTY_POINTS)
    if rules.knock_bonus and out is not None:
        adjust(out, "knock_bonus", KNOCK_BONUS_POINTS)
    if rules.underdog and table:
        lowest = min(scores)
        for seat in [seat for seat, score in enumerate(scores) if score == lowest]:
            adjust(seat, "underdog", UNDERDOG_POINTS)
    if rules.tied_shame and table:
        counts = Counter(scores)
        for seat in [seat for seat, score in enumerate(scores) if counts[score] > 1]:
            adjust(seat, "tied_shame", TIED_SHAME_POINTS)
    return made


def finished_grid(typed: Sequence[str], rules: Rules, field: str = "cards") -> list[str]:
    """The canonical codes of a finished grid typed row by row: as many cards as ``rules`` deal,
    none of them blank (a tallied grid is finished).

    >>> finished_grid(["k", " 5", "t", "K", "3", "x"], Rules(negatives="both"))
    ['K', '5', '10', 'K', '3', 'JK']
    >>> finished_grid(["K", "5", " ", "K", "3", "9"], Rules())
    Traceback (most recent call last):
    ...
    caddie.core.errors.HandError: Card 3 is missing: a tallied grid is finished, so enter every card.
    """
    if len(typed) != rules.cards:
        order = "top row then bottom row" if rules.rows == 2 else "top row, middle row, then bottom row"
        raise HandError(
            f"This grid has {len(typed)} cards, but the rules in force deal {rules.cards}: enter every card, {order}.",
            field,
        )
    codes = []
    for i, text in enumerate(typed):
        if not text.strip():
            raise HandError(
                f"Card {i + 1} is missing: a tallied grid is finished, so enter every card.", f"{field}[{i}]"
            )
        codes.append(parse_card(text, field=f"{field}[{i}]"))
    return codes


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
    _check_counts(Counter(c for c in grid if c is not None), rules, decks, field)


def check_table(grids: Sequence[Grid], rules: Rules, decks: int) -> None:
    """Raise if the grids of a whole table could not all be dealt from ``decks`` decks.

    >>> check_table([["K", "K", "5", "K", "K", "9"], ["K", "2", "3", "4", "5", "6"]], Rules(), 1)
    Traceback (most recent call last):
    ...
    caddie.core.errors.HandError: 5 Kings at the table, but one deck holds only 4.
    """
    for seat, grid in enumerate(grids):
        check_grid(grid, rules, decks, f"grids[{seat}]")
    _check_counts(Counter(c for grid in grids for c in grid if c is not None), rules, decks, "grids", " at the table")


def _check_counts(counts: Counter[str], rules: Rules, decks: int, field: str, where: str = "") -> None:
    for rank, n in counts.items():
        if rank not in RANKS:
            raise CardError(f"{rank!r} is not a card code: use A, 2-10, J, Q, K or JK.", field)
        if rank == ONE_EYED_JACK and not rules.one_eyed_jacks:
            raise CardError("A one-eyed Jack (OJ) counts only under the One-eyed Jacks rule; enter it as J.", field)
        if rank == JOKER and not rules.jokers_in_play:
            raise CardError("Jokers are not in play under these rules (only 2s score −2).", field)
        allowed = rules.copies(rank, decks)
        if n > allowed:
            deck_words = "one deck holds" if decks == 1 else f"{decks} decks hold"
            if rank == JOKER and rules.lucky_swing:
                deck_words = "Lucky Swing plays with"
            raise HandError(f"{n} {plural_name(rank)}{where}, but {deck_words} only {allowed}.", field)


def _article(n: int) -> str:
    return "An" if n in (8, 11, 18) else "A"
