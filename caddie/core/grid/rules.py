"""The one ``Rules`` value for Grid Golf, its presets, and the decks it implies.

Every feature (tally, caddie, ledger, games) takes a ``Rules``; nothing else
decides what a card is worth or how many decks a table uses.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from caddie.core.errors import CardError, RulesError, quoted
from caddie.core.grid.cards import JOKER, RANKS

GRID_SIZES = (4, 6, 8, 10)
NEGATIVES = ("twos", "jokers", "both")
NEGATIVE_PAIRS = ("zero", "keep")
ENDS = ("immediate", "final_turn")
JOKERS_PER_DECK = 2
SUITS_PER_RANK = 4
MIN_DRAWABLE = 10  # cards left to draw after the deal and the first discard


@dataclass(frozen=True)
class Rules:
    """A table's Grid Golf variant (docs/grid-golf.md, "Rules").

    >>> Rules().points("K"), Rules(king=0).points("K"), Rules().points("2")
    (10, 0, -2)
    >>> Rules(negatives="jokers").points("2"), Rules(negatives="jokers").points("JK")
    (2, -2)
    """

    cards: int = 6
    king: int = 10
    negatives: str = "twos"
    negative_pairs: str = "zero"
    end: str = "immediate"
    discard_flip: bool = False
    initial_flips: int = 2
    holes: int = 9

    def __post_init__(self) -> None:
        _check_choice("cards", self.cards, GRID_SIZES, "A grid holds 4, 6, 8 or 10 cards.")
        _check_choice("king", self.king, (0, 10), "A King is worth 0 or 10 points.")
        _check_choice("negatives", self.negatives, NEGATIVES, 'The negative cards are "twos", "jokers" or "both".')
        _check_choice(
            "negative_pairs",
            self.negative_pairs,
            NEGATIVE_PAIRS,
            'A matched pair of negative cards scores "zero" or "keep"s its sum.',
        )
        _check_choice("end", self.end, ENDS, 'A hole ends "immediate"ly or after a "final_turn" for everyone else.')
        if not isinstance(self.discard_flip, bool):
            raise RulesError("Immediate discard penalty is on (true) or off (false).", "discard_flip")
        if type(self.initial_flips) is not int or not 0 <= self.initial_flips <= 2:
            raise RulesError("Each player turns up 0, 1 or 2 cards after the deal.", "initial_flips")
        if type(self.holes) is not int or not 1 <= self.holes <= 18:
            raise RulesError("A match is 1 to 18 holes long.", "holes")

    # -- the deck ---------------------------------------------------------
    @property
    def columns(self) -> int:
        return self.cards // 2

    @property
    def jokers_in_play(self) -> bool:
        return self.negatives in ("jokers", "both")

    @property
    def ranks_in_play(self) -> tuple[str, ...]:
        return RANKS if self.jokers_in_play else RANKS[:-1]

    @property
    def deck_size(self) -> int:
        return 52 + (JOKERS_PER_DECK if self.jokers_in_play else 0)

    def copies_per_deck(self, rank: str) -> int:
        if rank == JOKER:
            return JOKERS_PER_DECK if self.jokers_in_play else 0
        return SUITS_PER_RANK

    def decks_for(self, players: int) -> int:
        """How many decks a table of ``players`` shuffles together.

        One deck per four six-card grids dealt, and always enough that the
        deal, the first discard and ten drawable cards fit.

        >>> [Rules().decks_for(n) for n in (1, 2, 4, 5, 8)]
        [1, 1, 1, 2, 2]
        >>> Rules(cards=10).decks_for(3)
        2
        """
        dealt = players * self.cards
        by_table = math.ceil(dealt / 24)
        by_fit = math.ceil((dealt + 1 + MIN_DRAWABLE) / self.deck_size)
        return max(1, by_table, by_fit)

    def full_deck(self, decks: int = 1) -> list[str]:
        """Every card of ``decks`` shuffled-together decks, as rank codes."""
        return [rank for rank in self.ranks_in_play for _ in range(self.copies_per_deck(rank) * decks)]

    # -- points -----------------------------------------------------------
    def points(self, rank: str) -> int:
        """Points of one card that is not part of a matched column."""
        if rank == "A":
            return 1
        if rank == "2":
            return -2 if self.negatives in ("twos", "both") else 2
        if rank == JOKER:
            return -2
        if rank == "K":
            return self.king
        if rank in ("J", "Q"):
            return 10
        if rank not in RANKS:
            raise CardError(f"{quoted(rank)} is not a card code: use A, 2-10, J, Q, K or JK.")
        return int(rank)

    def pair_points(self, rank: str) -> int:
        """Points of a column whose two cards share ``rank``."""
        value = self.points(rank)
        if value < 0 and self.negative_pairs == "keep":
            return 2 * value
        return 0

    # -- (de)serialising ----------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None, base: Rules | None = None) -> Rules:
        """Build rules from ``base`` (default: the standard preset) with ``data`` overriding.

        Unknown fields and wrongly typed values raise ``RulesError`` naming the field.

        >>> Rules.from_dict({"king": 0, "cards": 8}).king
        0
        >>> Rules.from_dict({"kings": 0})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        caddie.core.errors.RulesError: "kings" is not a rules field; the fields are cards, king, negatives, ...
        """
        base = base or Rules()
        if data is None:
            return base
        if not isinstance(data, Mapping):
            raise RulesError("The rules must be an object of field names and values.", "rules")
        known = {f.name: f.type for f in fields(cls)}
        changes: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                names = ", ".join(known)
                raise RulesError(f"{quoted(key)} is not a rules field; the fields are {names}.", str(key)[:40])
            changes[key] = value
        return replace(base, **changes)

    def describe(self) -> str:
        """The short "rules in force" chip text.

        >>> Rules().describe()
        'Six cards · K=10 · 2s −2'
        >>> Rules(cards=8, king=0, negatives="both", end="final_turn").describe()
        'Eight cards · K=0 · 2s & jokers −2 · final turn'
        """
        size = {4: "Four", 6: "Six", 8: "Eight", 10: "Ten"}[self.cards]
        neg = {"twos": "2s −2", "jokers": "jokers −2", "both": "2s & jokers −2"}[self.negatives]
        parts = [f"{size} cards", f"K={self.king}", neg]
        if self.negative_pairs == "keep":
            parts.append("−2 pairs keep")
        if self.end == "final_turn":
            parts.append("final turn")
        if self.discard_flip:
            parts.append("discard flips")
        return " · ".join(parts)


def preset_name(rules: Rules) -> str:
    """The preset these rules follow (match length aside), or ``"custom"``.

    >>> preset_name(Rules(king=0, holes=18)), preset_name(Rules(cards=8))
    ('classic', 'custom')
    """
    for name, candidate in PRESETS.items():
        if replace(candidate, holes=rules.holes) == rules:
            return name
    return "custom"


def _check_choice(field: str, value: Any, allowed: tuple[object, ...], message: str) -> None:
    # Exact types: JSON's false must not pass for a King worth 0, nor 6.0 for six cards.
    if type(value) is not type(allowed[0]) or value not in allowed:
        raise RulesError(message, field)


PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "classic": Rules(king=0),
    "bicycle": Rules(king=0, end="final_turn"),
}

PRESET_LABELS: dict[str, str] = {
    "standard": "Standard (K=10, the house rulebook)",
    "classic": "Classic (K=0, Card Golf 2.3.5)",
    "bicycle": "Bicycle (K=0, everyone gets a final turn)",
}


def preset(name: str | None) -> Rules:
    """The preset called ``name`` (default ``standard``).

    >>> preset("classic").king
    0
    """
    if name is None:
        return PRESETS["standard"]
    if not isinstance(name, str) or name not in PRESETS:
        raise RulesError(f"{quoted(name)} is not a preset; choose standard, classic or bicycle.", "preset")
    return PRESETS[name]
