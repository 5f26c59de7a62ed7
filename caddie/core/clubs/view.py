"""A Club Cards seat's view, typed: what ``ClubRound.view(seat)`` gives and every player decides from.

Plain dicts at run time (``docs/information-sets.md``): a seat sees its own hand and
the cards it drew, every card played or turned, the discard pile, the scorecard and
the pile's count; never the pile's order or another player's hand.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from caddie.core.errors import CaddieError

__all__ = ["ClubPlayerView", "ClubView", "own_hand"]


class ClubPlayerView(TypedDict):
    """A player as the table shows them."""

    seat: int
    name: str
    cards_in_hand: int
    played: list[int] | None  # this hole's cards from the hand (None: still to play)
    turned: list[int]  # this hole's cards turned from the pile
    score: int | None  # this hole's score (None: still to play)
    holes: list[int]
    total: int


class ClubView(TypedDict):
    """``ClubRound.view(seat)``: the round as one seat (``None``: an onlooker) may see it."""

    seat: int | None
    you: str | None
    course: dict[str, Any]  # ``Course.to_dict``
    rules: dict[str, Any]  # ``ClubRules.to_dict``
    decks: int
    hole: int
    holes: int
    yardage: int
    par: int
    phase: str
    current: int | None
    order: list[int]
    hand: list[int] | None  # the seat's own hand (None for an onlooker)
    drawn: list[int] | None  # the cards the seat drew after the last hole
    players: list[ClubPlayerView]
    pile_count: int
    discard: list[int]
    hole_scores: list[list[int]]
    totals: list[int]
    events: NotRequired[list[dict[str, Any]]]  # the latest events, unless asked for without them


def own_hand(view: ClubView) -> list[int]:
    """The hand of the seat whose view this is (an onlooker's view has none to play)."""
    hand = view["hand"]
    if hand is None:
        raise CaddieError("Someone watching has no hand to play.", "seat")
    return list(hand)
