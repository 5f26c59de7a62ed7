"""Worked examples of the house rules in force, scored by the one scorer so that an example's
numbers are never wrong: the rules page shows them (docs/settings.md, "The rules page")."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from caddie.core.grid.cards import ONE_EYED_JACK, plural_name
from caddie.core.grid.rules import Rules, signed
from caddie.core.grid.scoring import GridScore, PlayerHole, score_grid, score_table

Column = tuple[str, ...]
SEAT_NAMES = ("Ann", "Bo", "Cy")

# Unmatched columns of plain cards (no 2, 10, Jack, King or joker, whose points house rules
# change) that fill an example's grid out to the layout in force.
FILLERS: dict[int, tuple[Column, ...]] = {
    2: (("5", "9"), ("4", "8"), ("3", "6"), ("Q", "A"), ("6", "3")),
    3: (("5", "9", "3"), ("4", "8", "A"), ("3", "6", "Q"), ("Q", "A", "4"), ("6", "3", "8")),
}
# Low columns for the player an example needs to score low.
LOW_FILLERS: dict[int, tuple[Column, ...]] = {
    2: (("A", "3"), ("A", "4"), ("3", "A"), ("4", "A"), ("A", "A")),
    3: (("A", "3", "A"), ("A", "4", "A"), ("3", "A", "A"), ("4", "A", "A"), ("A", "A", "3")),
}
# The layout's own first example, as the page has always shown it for six cards.
BASE_HANDS: dict[int, tuple[str, ...]] = {
    4: ("K", "5", "K", "3"),
    6: ("K", "5", "7", "K", "3", "9"),
    8: ("K", "5", "7", "4", "K", "3", "9", "Q"),
    9: ("K", "5", "7", "K", "3", "9", "K", "8", "4"),
    10: ("K", "5", "7", "4", "A", "K", "3", "9", "Q", "6"),
}


@dataclass(frozen=True)
class GridExample:
    """One grid under the rules in force, with its score from ``score_grid``."""

    cards: tuple[str, ...]
    score: GridScore


@dataclass(frozen=True)
class Seat:
    name: str
    cards: tuple[str, ...]
    hole: PlayerHole


@dataclass(frozen=True)
class TableExample:
    """A hole at a small table scored by ``score_table``: who went out first, and every seat's lines."""

    out: str
    seats: tuple[Seat, ...]


def _matched(rank: str, rules: Rules) -> Column:
    return (rank,) * rules.rows


def _pair(top: str, bottom: str, rules: Rules) -> Column:
    """An unmatched column with ``top`` over ``bottom`` (and a 4 between in three rows)."""
    return (top, "4", bottom) if rules.rows == 3 else (top, bottom)


def _grid(columns: Sequence[Column], rules: Rules, fillers: Sequence[Column] | None = None) -> tuple[str, ...]:
    """A row-major grid of the layout in force: ``columns`` first, then filler columns."""
    fill = list(fillers or FILLERS[rules.rows])
    cols = list(columns)[: rules.columns]
    while len(cols) < rules.columns:
        cols.append(fill.pop(0))
    return tuple(cols[k][row] for row in range(rules.rows) for k in range(rules.columns))


def _one(columns: Sequence[Column], rules: Rules, fillers: Sequence[Column] | None = None) -> GridExample:
    cards = _grid(columns, rules, fillers)
    return GridExample(cards, score_grid(list(cards), rules))


def _blackjack_hand(rules: Rules) -> tuple[str, ...]:
    """A grid of plain cards whose columns make exactly 21: two unmatched columns, the rest matched pairs."""
    if rules.rows == 3:
        scoring: list[Column] = [("9", "6", "A"), ("3", "A", "A")]  # 16 + 5
    else:
        scoring = [("9", "8"), ("A", "3")]  # 17 + 4
    zeros = [_matched(rank, rules) for rank in ("5", "7", "Q")]
    return _grid(scoring + zeros, rules, zeros)


def _table(rules: Rules, grids: Sequence[tuple[str, ...]], out: int) -> TableExample:
    hole = score_table([list(cards) for cards in grids], out, rules)
    seats = tuple(Seat(name, cards, player) for name, cards, player in zip(SEAT_NAMES, grids, hole.players))
    return TableExample(SEAT_NAMES[out], seats)


def grid_examples(rules: Rules) -> dict[str, GridExample]:
    """A worked grid for each card value and hand bonus in force, keyed by its rule."""
    examples: dict[str, GridExample] = {
        "base": GridExample(BASE_HANDS[rules.cards], score_grid(list(BASE_HANDS[rules.cards]), rules))
    }
    if rules.king == -2:
        examples["king"] = _one([_pair("K", "5", rules), _matched("K", rules)], rules)
    if rules.ten == 1:
        examples["ten"] = _one([_pair("10", "5", rules)], rules)
    if rules.eagle_eye:
        examples["eagle_eye"] = _one([_pair("JK", "5", rules), _matched("JK", rules)], rules)
    elif rules.lucky_swing:
        examples["lucky_swing"] = _one([_pair("JK", "5", rules)], rules)
    elif rules.jokers_in_play and rules.joker != -2:
        examples["joker"] = _one([_pair("JK", "5", rules)], rules)
    if rules.one_eyed_jacks:
        examples["one_eyed_jacks"] = _one(
            [_pair(ONE_EYED_JACK, "5", rules), (ONE_EYED_JACK,) + ("J",) * (rules.rows - 1)], rules
        )
    if rules.four_of_a_kind:
        examples["four_of_a_kind"] = _one([_matched("7", rules), _matched("7", rules)], rules)
    if rules.wolfpack:
        jacks = (ONE_EYED_JACK,) + ("J",) * (rules.rows - 1) if rules.one_eyed_jacks else _matched("J", rules)
        examples["wolfpack"] = _one([jacks, jacks], rules)
    if rules.blackjack:
        cards = _blackjack_hand(rules)
        examples["blackjack"] = GridExample(cards, score_grid(list(cards), rules))
    return examples


def table_examples(rules: Rules) -> dict[str, TableExample]:
    """A worked hole for each table adjustment in force, keyed by its rule. Every rule in
    force applies to each (the same hole under the same rules), so each example is chosen
    to show its own rule whatever else is on."""
    high = _grid([], rules)
    low = _grid([], rules, LOW_FILLERS[rules.rows])
    examples: dict[str, TableExample] = {}
    if rules.knock_penalty:
        examples["knock_penalty"] = _table(rules, [high, low], out=0)  # Ann went out first; Bo scored lower
    if rules.knock_bonus:
        examples["knock_bonus"] = _table(rules, [low, high], out=0)
    if rules.underdog:
        examples["underdog"] = _table(rules, [high, low], out=1)
    if rules.tied_shame:
        # Ann and Bo hold the same cards in another order, so the same score; Cy went out
        # lowest, so no knock rule or underdog can part them
        examples["tied_shame"] = _table(rules, [high, tuple(reversed(high)), low], out=2)
    return examples


def base_sentence(example: GridExample, rules: Rules) -> str:
    """The layout's example in words, up to its score: "Top row K 5 7, bottom row K 3 9: the Kings
    pair off for 0, then 5 + 3 = 8 and 7 + 9 = 16"."""
    words = ("Top", "middle", "bottom") if rules.rows == 3 else ("Top", "bottom")
    width = rules.columns
    rows = [f"{words[row]} row {' '.join(example.cards[row * width : (row + 1) * width])}" for row in range(rules.rows)]
    parts = []
    for column in example.score.columns:
        if column.matched:
            rank = column.cards[0] or ""
            kept = "pair off for 0" if column.points == 0 else f"are matched and keep {signed(column.points or 0)}"
            parts.append(f"the {plural_name(rank)} {kept}")
        else:
            sums = " + ".join(signed(rules.points(card)) for card in column.cards if card)
            parts.append(f"{sums} = {signed(column.points or 0)}")
    said = parts[0]
    if len(parts) > 1:
        rest = parts[1:]
        said += ", then " + (", ".join(rest[:-1]) + " and " + rest[-1] if len(rest) > 1 else rest[0])
    return f"{', '.join(rows)}: {said}"
