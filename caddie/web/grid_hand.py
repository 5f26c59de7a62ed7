"""The grid being tapped in on the Tally page: its URL form and slot moves.

A hand travels in the URL as ``hand=K,5,,K,3,9`` (blank = not entered yet).
"""

from __future__ import annotations

from caddie.core.grid.cards import parse_card
from caddie.core.errors import CardError

Hand = list  # list[str | None], row-major


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
    """Change the grid's width and keep each card in its row and column."""
    old_cols, new_cols = len(hand) // 2, size // 2
    top, bottom = hand[:old_cols], hand[old_cols:]
    pad = [None] * new_cols
    return (top + pad)[:new_cols] + (bottom + pad)[:new_cols]


def count_message(typed: int, size: int) -> str:
    words = {4: "Four", 6: "Six", 8: "Eight", 10: "Ten"}
    return f"{words[size]} cards make this hand; you typed {typed}."


def url_args(hand: Hand, size: int, sel: int, default_size: int) -> dict:
    args: dict = {}
    if size != default_size:
        args["size"] = size
    if any(c is not None for c in hand):
        args["hand"] = ",".join(c or "" for c in hand)
        args["sel"] = sel
    return args
