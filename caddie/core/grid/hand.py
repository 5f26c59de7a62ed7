"""The grid being tapped in on the Tally page: its URL form, and what each tap does to it.

A hand travels in the URL as ``hand=K,5,,K,3,9`` (blank = not entered yet),
with ``sel``, the slot the keypad fills next.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

from caddie.core.errors import CaddieError, CardError
from caddie.core.grid.cards import parse_card, split_cards
from caddie.core.grid.rules import Rules
from caddie.core.grid.scoring import check_grid

Hand: TypeAlias = list[str | None]  # row-major


def parse_hand(text: str, size: int) -> tuple[Hand, dict[str, str]]:
    """Read a hand from its URL form; a card that is not a card is dropped with a message."""
    errors: dict[str, str] = {}
    tokens = text.split(",") if text else []
    hand: Hand = []
    for token in (tokens + [""] * size)[:size]:
        if not token.strip():
            hand.append(None)
            continue
        try:
            hand.append(parse_card(token))
        except CardError as err:
            errors["hand"] = err.message + " That slot was left empty."
            hand.append(None)
    return hand, errors


def first_empty(hand: Hand) -> int:
    return next((i for i, c in enumerate(hand) if c is None), 0)


def next_slot(hand: Hand, sel: int) -> int:
    """After a card goes in: the next empty slot, reading on and wrapping round."""
    size = len(hand)
    for step in range(1, size + 1):
        i = (sel + step) % size
        if hand[i] is None:
            return i
    return min(sel + 1, size - 1)


def resize(hand: Hand, size: int) -> Hand:
    """Change the grid's size and keep each card in its row and column (a nine-card grid has
    three rows, the others two; a row the new grid lacks is dropped).

    >>> resize(["K", "5", "7", "Q"], 6)
    ['K', '5', None, '7', 'Q', None]
    >>> resize(["K", "5", "7", "Q", "2", "3"], 9)
    ['K', '5', '7', 'Q', '2', '3', None, None, None]
    """
    old_rows, new_rows = _rows(len(hand)), _rows(size)
    old_cols, new_cols = len(hand) // old_rows, size // new_rows
    rows = [hand[r * old_cols : (r + 1) * old_cols] for r in range(old_rows)] + [[]] * (new_rows - old_rows)
    pad: Hand = [None] * new_cols
    return [card for row in rows[:new_rows] for card in (list(row) + pad)[:new_cols]]


def _rows(size: int) -> int:
    return 3 if size == 9 else 2


def count_message(typed: int, size: int) -> str:
    words = {4: "Four", 6: "Six", 8: "Eight", 9: "Nine", 10: "Ten"}
    return f"{words[size]} cards make this hand; you typed {typed}."


def url_args(hand: Hand, size: int, sel: int, default_size: int) -> dict[str, Any]:
    # Any, not int | str: the arguments go to url_for(**args), whose own keywords are not all str
    args: dict[str, Any] = {}
    if size != default_size:
        args["size"] = size
    if any(c is not None for c in hand):
        args["hand"] = ",".join(c or "" for c in hand)
        args["sel"] = sel
    return args


@dataclass(frozen=True)
class TallyHand:
    """The hand on the Tally page and the selected slot; each tap gives a new one.

    A tap that cannot be made raises ``CaddieError`` with the field it is about
    (``keypad``, ``typed``) and changes nothing.

    >>> from caddie.core.grid.rules import Rules
    >>> hand = TallyHand.blank(6).key("k", Rules(), 1).key("5", Rules(), 1)
    >>> hand.cards, hand.sel
    (['K', '5', None, None, None, None], 2)
    >>> TallyHand.typed("K 5 7 K 3", 6, Rules(), 1)
    Traceback (most recent call last):
    ...
    caddie.core.errors.CaddieError: Six cards make this hand; you typed 5.
    """

    cards: Hand
    sel: int

    @classmethod
    def blank(cls, size: int) -> TallyHand:
        return cls([None] * size, 0)

    def pick(self, slot: int) -> TallyHand:
        return TallyHand(self.cards, slot)

    def key(self, text: str, rules: Rules, decks: int) -> TallyHand:
        """The keypad's card into the selected slot; the selection moves on to the next empty one."""
        card = parse_card(text, field="keypad")
        cards = list(self.cards)
        cards[self.sel] = card
        check_grid(cards, rules, decks, field="keypad")
        return TallyHand(cards, next_slot(cards, self.sel))

    def erase(self) -> TallyHand:
        cards = list(self.cards)
        cards[self.sel] = None
        return TallyHand(cards, self.sel)

    @classmethod
    def typed(cls, text: str, size: int, rules: Rules, decks: int) -> TallyHand:
        """The whole hand typed as text, such as ``K 5 7 K 3 9``."""
        cards: Hand = [parse_card(t, field="typed") for t in split_cards(text)]
        if len(cards) != size:
            raise CaddieError(count_message(len(cards), size), "typed")
        check_grid(cards, rules, decks, field="typed")
        return cls(cards, size - 1)
