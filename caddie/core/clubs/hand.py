"""The Club Cards played on a hole, as tapped in on the Tally page.

The cards travel in the URL as ``played=250,160,3``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from caddie.core.clubs.scoring import MAX_YARDAGE, ClubRules, check_played
from caddie.core.errors import CaddieError

# Flavour names for the deck's yardage bands (docs/club-cards.md, "The default deck").
GROUPS = (("Woods", 210), ("Irons", 115), ("Wedges", 50), ("Short game", 0))
CLUBS = (("Driver", 240), ("3 wood", 225), ("5 wood", 210), ("Iron", 115), ("Wedge", 50), ("Chip", 10), ("Putt", 0))


def club_label(yardage: int) -> str:
    """The club a yardage card stands for (flavour only).

    >>> club_label(250), club_label(160), club_label(45), club_label(3)
    ('Driver', 'Iron', 'Chip', 'Putt')
    """
    return next(name for name, floor in CLUBS if yardage >= floor)


def parse_yardage(text: str | None) -> tuple[int | None, str | None]:
    if text is None or not text.strip():
        return None, None
    cleaned = text.strip().lower().removesuffix("yards").removesuffix("yds").removesuffix("y").strip()
    if not cleaned.isdecimal():
        return None, f'"{text.strip()}" is not a yardage: type the hole\'s length in whole yards, like 412.'
    yardage = int(cleaned) if len(cleaned) <= 9 else 0  # int() refuses 4300 digits and more
    if not 1 <= yardage <= MAX_YARDAGE:
        return None, f"A hole's yardage is between 1 and {MAX_YARDAGE} yards."
    return yardage, None


def parse_typed(text: str) -> tuple[list[int], str | None]:
    tokens = text.replace(",", " ").replace("+", " ").split()
    if not tokens:
        return [], "Type the yardages of the cards played, like 250 160 3."
    cards: list[int] = []
    for token in tokens:
        if not token.isdecimal() or len(token) > 4:
            return [], f'"{token}" is not a yardage card: cards are whole numbers of yards, like 160.'
        cards.append(int(token))
    return cards, None


def check(cards: Sequence[int], rules: ClubRules, decks: int) -> str | None:
    try:
        check_played(cards, rules, decks)
    except CaddieError as err:
        return err.message
    return None


def parse_played(text: str, rules: ClubRules, decks: int) -> tuple[list[int], dict[str, str]]:
    if not text.strip():
        return [], {}
    cards, message = parse_typed(text)
    message = message or check(cards, rules, decks)
    if message:
        return [], {"played": message + " The cards were cleared."}
    return cards, {}


def copies_left(played: Sequence[int], rules: ClubRules, decks: int) -> dict[int, int]:
    used = Counter(played)
    return {card: n * decks - used[card] for card, n in rules.copies().items()}


def groups(deck: Sequence[int]) -> list[tuple[str, list[int]]]:
    """The distinct yardages of the deck, longest first, under their club names."""
    values = sorted(set(deck), reverse=True)
    out = []
    upper = None
    for name, floor in GROUPS:
        members = [v for v in values if v >= floor and (upper is None or v < upper)]
        if members:
            out.append((name, members))
        upper = floor
    return out


def url_args(yardage_text: str | None, played: Sequence[int]) -> dict[str, Any]:
    # Any, not str: the arguments go to url_for(**args), whose own keywords are not all str
    args: dict[str, Any] = {}
    if yardage_text and yardage_text.strip():
        args["yardage"] = yardage_text.strip()
    if played:
        args["played"] = ",".join(str(c) for c in played)
    return args


@dataclass(frozen=True)
class Selection:
    """The cards the person has picked from the hand, and what they would score."""

    cards: list[int]
    checked: list[bool]  # per card of the hand (longest first)
    total: int
    short: int  # yards still to go (0 once reached)
    over: int
    penalty: int
    score: int | None  # strokes + penalty, once the yardage is reached

    @classmethod
    def of(cls, hand: list[int], wanted: list[int], yardage: int, rules: ClubRules) -> Selection:
        """Keep only picks the hand holds (the URL is the person's to edit)."""
        checked = marked(hand, wanted)
        cards = [c for c, on in zip(hand, checked) if on]
        total = sum(cards)
        over = max(total - yardage, 0)
        reached = bool(cards) and total >= yardage
        penalty = rules.penalty(over) if reached else 0
        return cls(
            cards, checked, total, max(yardage - total, 0), over, penalty, len(cards) + penalty if reached else None
        )


def marked(hand: list[int], cards: list[int]) -> list[bool]:
    """Per card of ``hand``, whether it is one of ``cards`` (each copy counted once).

    >>> marked([250, 150, 150, 3], [150, 3, 99])
    [False, True, False, True]
    """
    left = Counter(cards)
    flags = []
    for card in hand:
        flags.append(left[card] > 0)
        left[card] -= 1
    return flags


def picks_from(source: Any) -> list[int]:
    """The yardages in a form's or URL's ``pick`` fields; what is not a yardage is left out."""
    # source is a werkzeug MultiDict (request.args or .form); Any, because the web layer hands it
    # on typed as a Mapping[str, str], which has no getlist
    picks: list[int] = []
    for text in source.getlist("pick")[:64]:
        text = text.strip()
        if text.isdecimal() and len(text) <= 4:
            picks.append(int(text))
    return picks


@dataclass(frozen=True)
class TallyPlay:
    """The cards played on a hole as the Tally page is tapped in; each tap gives a new one.

    A tap that cannot be made raises ``CaddieError`` with the field it is about
    (``card_keys``, ``typed``) and changes nothing.

    >>> play = TallyPlay([]).add(250, ClubRules(), 1).add(160, ClubRules(), 1)
    >>> play.cards, play.remove(0).cards, TallyPlay.typed("250, 160 3", ClubRules(), 1).cards
    ([250, 160], [160], [250, 160, 3])
    """

    cards: list[int]

    def add(self, card: int, rules: ClubRules, decks: int) -> TallyPlay:
        candidate = [*self.cards, card]
        message = check(candidate, rules, decks)
        if message:
            raise CaddieError(message, "card_keys")
        return TallyPlay(candidate)

    def remove(self, index: int) -> TallyPlay:
        if not 0 <= index < len(self.cards):
            return self
        return TallyPlay(self.cards[:index] + self.cards[index + 1 :])

    @classmethod
    def typed(cls, text: str, rules: ClubRules, decks: int) -> TallyPlay:
        """The whole play typed as text, such as ``250, 160 3``."""
        cards, message = parse_typed(text)
        message = message or check(cards, rules, decks)
        if message:
            raise CaddieError(message, "typed")
        return cls(cards)
