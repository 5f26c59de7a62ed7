"""Club Cards: the yardage deck, the Penalty Stroke Chart and the score of a hole.

A hole's score is the number of cards played plus the penalty strokes for
the yards the cards go over the hole's yardage (docs/club-cards.md, "A hole").
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from caddie.core.errors import CardError, HandError, RulesError

WOODS = (250, 245, 240, 235, 230, 225, 220, 215, 210)
IRONS = (200, 195, 190, 185, 180, 175, 170, 165, 160, 155, 150, 145, 140, 135, 130, 125, 120, 115)
WEDGES = (110, 100, 90, 80, 70, 60, 50)
SHORT_GAME = (45, 40, 35, 30, 25, 20, 18, 15, 12, 10, 9, 8, 7, 6, 5, 4, 3)
DEFAULT_DECK: tuple[int, ...] = WOODS + IRONS + WEDGES + SHORT_GAME
HAND_SIZE = 14
MAX_YARDAGE = 1000  # longer than any real hole; keeps a typo from meaning "play the deck"


@dataclass(frozen=True)
class PenaltyBand:
    """Going over by up to ``up_to`` yards (and more than the band before) costs ``strokes``."""

    up_to: int
    strokes: int


# The default chart; anything beyond the last band costs BEYOND_STROKES.
DEFAULT_BANDS: tuple[PenaltyBand, ...] = (
    PenaltyBand(0, 0),
    PenaltyBand(10, 1),
    PenaltyBand(25, 2),
    PenaltyBand(50, 3),
    PenaltyBand(100, 4),
)
DEFAULT_BEYOND = 5


@dataclass(frozen=True)
class ClubRules:
    """A table's Club Cards deck and penalty chart.

    >>> ClubRules().penalty(0), ClubRules().penalty(1), ClubRules().penalty(26), ClubRules().penalty(101)
    (0, 1, 3, 5)
    """

    deck: tuple[int, ...] = DEFAULT_DECK
    bands: tuple[PenaltyBand, ...] = DEFAULT_BANDS
    beyond: int = DEFAULT_BEYOND

    def __post_init__(self) -> None:
        if not self.deck:
            raise RulesError("A Club Cards deck needs at least one card.", "deck")
        if len(self.deck) < HAND_SIZE:
            raise RulesError(f"A Club Cards deck needs at least {HAND_SIZE} cards to deal a hand.", "deck")
        for y in self.deck:
            if type(y) is not int or not 1 <= y <= 400:
                raise RulesError(f"A yardage card is a whole number of yards from 1 to 400, not {y!r}.", "deck")
        if not self.bands:
            raise RulesError("The penalty chart needs at least one band.", "penalty_chart")
        previous_limit, previous_strokes = -1, -1
        for band in self.bands:
            if type(band.up_to) is not int or type(band.strokes) is not int:
                raise RulesError("Penalty chart limits and strokes are whole numbers.", "penalty_chart")
            if band.up_to <= previous_limit:
                raise RulesError("Each penalty band must reach further over than the one before.", "penalty_chart")
            if band.strokes < max(previous_strokes, 0) or band.strokes > 20:
                raise RulesError(
                    "Penalty strokes run from 0 to 20 and never fall as the overshoot grows.", "penalty_chart"
                )
            previous_limit, previous_strokes = band.up_to, band.strokes
        if self.bands[0].up_to != 0:
            raise RulesError(
                "The penalty chart starts with the band for landing exactly on the yardage (0 over).", "penalty_chart"
            )
        if type(self.beyond) is not int or not previous_strokes <= self.beyond <= 20:
            raise RulesError(
                "Going over by more than the last band costs at least as much as that band.", "penalty_chart"
            )

    def penalty(self, over: int) -> int:
        """Penalty strokes for going ``over`` yards past the hole (``over`` >= 0)."""
        for band in self.bands:
            if over <= band.up_to:
                return band.strokes
        return self.beyond

    def copies(self) -> Counter[int]:
        return Counter(self.deck)

    def describe(self) -> str:
        """The short "rules in force" chip text on Club Cards pages.

        >>> ClubRules().describe()
        'Club Cards · 51 cards'
        >>> ClubRules(deck=DEFAULT_DECK[:-1], beyond=6).describe()
        'Club Cards · own 50 cards · own chart'
        """
        parts = [
            "Club Cards",
            f"{len(self.deck)} cards" if self.deck == DEFAULT_DECK else f"own {len(self.deck)} cards",
        ]
        if (self.bands, self.beyond) != (DEFAULT_BANDS, DEFAULT_BEYOND):
            parts.append("own chart")
        return " · ".join(parts)

    @staticmethod
    def decks_for(players: int) -> int:
        """One deck for two players, two for three or four, and so on.

        >>> [ClubRules.decks_for(n) for n in (1, 2, 3, 4, 5)]
        [1, 1, 2, 2, 3]
        """
        return max(1, math.ceil(players / 2))

    def to_dict(self) -> dict[str, Any]:
        return {
            "deck": list(self.deck),
            "penalty_chart": [{"up_to": b.up_to, "strokes": b.strokes} for b in self.bands],
            "beyond": self.beyond,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> ClubRules:
        if not data:
            return cls()
        try:
            # A field left out takes the default; a field given empty is an error (the checks below).
            deck = tuple(data["deck"]) if "deck" in data else DEFAULT_DECK
            chart = data["penalty_chart"] if "penalty_chart" in data else None
            bands = DEFAULT_BANDS if chart is None else tuple(PenaltyBand(b["up_to"], b["strokes"]) for b in chart)
            beyond = data.get("beyond", DEFAULT_BEYOND)
        except (TypeError, KeyError, AttributeError):
            raise RulesError("The Club Cards settings are not in the expected shape.", "clubs") from None
        return cls(deck=deck, bands=bands, beyond=beyond)


@dataclass(frozen=True)
class ClubHoleScore:
    strokes: int
    total: int
    over: int
    penalty: int
    score: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "score", self.strokes + self.penalty)

    def to_dict(self) -> dict[str, int]:
        return {
            "strokes": self.strokes,
            "total": self.total,
            "over": self.over,
            "penalty": self.penalty,
            "score": self.score,
        }


def check_yardage(yardage: Any, field: str = "yardage") -> int:
    if type(yardage) is not int:
        raise HandError("The hole's yardage is a whole number of yards.", field)
    if not 1 <= yardage <= MAX_YARDAGE:
        raise HandError(f"A hole's yardage is between 1 and {MAX_YARDAGE} yards.", field)
    return yardage


def check_played(cards: Sequence[Any], rules: ClubRules, decks: int = 1, field: str = "cards") -> list[int]:
    """Raise unless every card is in the deck, no more often than ``decks`` decks hold it."""
    if type(decks) is not int or decks < 1:
        raise HandError("The number of decks is a whole number, at least 1.", "decks")
    if not cards:
        raise HandError("Play at least one card: every hole takes at least one stroke.", field)
    copies = rules.copies()
    played: list[int] = []
    for card in cards:
        if type(card) is not int:
            raise CardError(f"{card!r} is not a yardage card: cards are whole numbers of yards.", field)
        if card not in copies:
            raise CardError(f"There is no {card}-yard card in the deck in use.", field)
        played.append(card)
    for card, n in Counter(played).items():
        allowed = copies[card] * decks
        if n > allowed:
            deck_words = "one deck holds" if decks == 1 else f"{decks} decks hold"
            times = "once" if allowed == 1 else f"{allowed} times"
            raise HandError(f"{n} cards of {card} yards, but {deck_words} it only {times}.", field)
    return played


def score_club_hole(
    yardage: int, cards: Sequence[int], rules: ClubRules | None = None, decks: int = 1
) -> ClubHoleScore:
    """Score the cards played on one hole.

    >>> score_club_hole(412, [250, 160, 3]).to_dict()
    {'strokes': 3, 'total': 413, 'over': 1, 'penalty': 1, 'score': 4}
    >>> score_club_hole(412, [250, 160])  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    caddie.core.errors.HandError: These cards reach 410 yards, 2 short of the hole's 412: keep playing cards...
    """
    rules = rules or ClubRules()
    check_yardage(yardage)
    played = check_played(cards, rules, decks)
    total = sum(played)
    if total < yardage:
        raise HandError(
            f"These cards reach {total} yards, {yardage - total} short of the hole's {yardage}: "
            "keep playing cards until you reach it.",
            "cards",
        )
    over = total - yardage
    return ClubHoleScore(strokes=len(played), total=total, over=over, penalty=rules.penalty(over))
