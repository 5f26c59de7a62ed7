"""The Club Cards played on a hole, as tapped in on the Tally page.

The cards travel in the URL as ``played=250,160,3``.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from caddie.core.clubs import MAX_YARDAGE, ClubRules, check_played
from caddie.core.errors import CaddieError

# Flavour names for the deck's yardage bands (DESIGN.md section 3).
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


def url_args(yardage_text: str | None, played: Sequence[int]) -> dict:
    args: dict = {}
    if yardage_text and yardage_text.strip():
        args["yardage"] = yardage_text.strip()
    if played:
        args["played"] = ",".join(str(c) for c in played)
    return args
