"""Reference players the benches measure the Caddie against.

Both decide from a seat's view alone (``GridMatch.view(seat)``), like every
computer player, and both are computer levels in ``caddie.core.grid.players``, so
that ``players.choose(view, "greedy", rng)`` plays them.

``random`` (in ``caddie.core.grid.opponents``)
    any legal action, uniformly.
``greedy``
    the standard greedy baseline: it values each grid position by what it
    scores now, a face-down card at the average card of the rules (it does
    not count cards), and a column by the one scoring function (so a pair
    scores what a pair scores). It takes the discard when putting it
    somewhere lowers that value (a lower card, or a pair); otherwise it draws,
    keeps the drawn card where it lowers the value most, if it lowers it at
    all, and else discards it. It turns up the first face-down card whenever
    it must turn one. It never thinks about ending the hole: it goes out as
    soon as its best move turns up its last card.

>>> import random
>>> from caddie.core.grid.game import GridMatch
>>> from caddie.core.grid.rules import Rules
>>> m = GridMatch.new(Rules(), ["Ann", "Cpu"], seed=3)
>>> greedy(m.view(0), random.Random(1))
Action(kind='flip', position=0)
"""

from __future__ import annotations

import random
from functools import lru_cache

from caddie.core.grid.game import DISCARD, DRAW, TAKE, Action
from caddie.core.grid.rules import Rules
from caddie.core.grid.scoring import score_column
from caddie.core.grid.view import DecisionView, rules_of

__all__ = ["greedy", "average_card"]


@lru_cache(maxsize=64)
def average_card(rules: Rules) -> float:
    """The average points of one card of a full deck (what greedy thinks a face-down card is worth).

    >>> round(average_card(Rules(king=0)), 2), round(average_card(Rules()), 2)
    (5.46, 6.23)
    """
    deck = rules.full_deck(1)
    return sum(rules.points(c) for c in deck) / len(deck)


def _column(top: str | None, bottom: str | None, rules: Rules, unknown: float) -> float:
    if top is not None and bottom is not None:
        points = score_column((top, bottom), rules).points
        assert points is not None, "a column of two known cards scores"
        return points
    known = [rules.points(c) for c in (top, bottom) if c is not None]
    return sum(known) + unknown * (2 - len(known))


def _tall_column(cards: list[str | None], rules: Rules, unknown: float) -> float:
    """A column of three as greedy values it: scored when complete, else known points and the average card."""
    known = [c for c in cards if c is not None]
    if len(known) == len(cards):
        points = score_column(tuple(known), rules).points
        assert points is not None, "a column of known cards scores"
        return points
    return sum(rules.points(c) for c in known) + unknown * (len(cards) - len(known))


def _best_place(grid: list[str | None], card: str, rules: Rules) -> tuple[float, int]:
    """(change of the grid's value, position) of the best place for ``card``: lowest change, then position."""
    width, unknown = rules.columns, average_card(rules)
    best: tuple[float, int] | None = None
    column_of = {p: column for column in rules.column_positions for p in column}
    for p in range(len(grid)):
        after_grid = list(grid)
        after_grid[p] = card
        if rules.rows == 3:
            column = column_of[p]
            before = _tall_column([grid[q] for q in column], rules, unknown)
            after = _tall_column([after_grid[q] for q in column], rules, unknown)
            option = (after - before, p)
            if best is None or option < best:
                best = option
            continue
        q = p + width if p < width else p - width
        top, bottom = (p, q) if p < width else (q, p)
        before = _column(grid[top], grid[bottom], rules, unknown)
        after = _column(after_grid[top], after_grid[bottom], rules, unknown)
        option = (after - before, p)
        if best is None or option < best:
            best = option
    assert best is not None
    return best


def greedy(view: DecisionView, rng: random.Random) -> Action:
    """The greedy reference player's action (``rng`` is not used: greedy is deterministic)."""
    rules = rules_of(view)
    seat = view["seat"]
    assert seat is not None, "a decision is a seat's, not an onlooker's"
    me = view["players"][seat]
    grid = list(me["grid"])
    if view["phase"] == "flip" or view["pending_flip"]:
        return Action.flip(grid.index(None))
    legal = {a["kind"] for a in view["legal"]}
    drawn = view["drawn"] if view["drawn_by"] == seat else None
    if drawn is None:
        top = view["discard"][-1] if view["discard"] else None
        if "take" in legal and top is not None:
            change, _ = _best_place(grid, top, rules)
            if change < 0 or "draw" not in legal:
                return TAKE
        return DRAW
    change, position = _best_place(grid, drawn, rules)
    if change < 0 or view["drawn_from"] != "deck":
        return Action.swap(position)
    return DISCARD
