"""A Club Cards hole's replay: the table as everyone saw it after each play, from the hole's record
alone (docs/records.md, "Replays").

    frames(record, rules) -> [frame, ...]

The first frame is the tee (the hole's yardage and par, nobody has played), then one after each
play, then the hole's end with its scores. A frame: ``{"move", "mover", "text", "yardage", "par",
"played", "turned", "scores"}``: per seat, the cards played from the hand and those turned from the
pile (``None`` and ``[]`` while the seat has not played), and each seat's score once it has played
(``rules`` scores it: strokes and the penalty chart). The hands stay private: never in a frame.

A record read from a file may be anything: ``frames`` first checks that it is a hole that could
have been played with ``rules``' deck (``CaddieError`` naming the first thing that is not).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from caddie.core.clubs.scoring import ClubRules
from caddie.core.errors import CaddieError
from caddie.core.hole_records import checked_scores
from caddie.core.json_values import whole, whole_in

__all__ = ["frames"]


def frames(record: Mapping[str, Any], rules: ClubRules) -> list[dict[str, Any]]:
    """Every frame of the hole ``record`` tells, in order (see the module's doc)."""
    _check(record, rules)
    yardage, par = record["start"]["yardage"], record["start"]["par"]
    seats = len(record["scores"])
    played: list[list[int] | None] = [None] * seats
    turned: list[list[int]] = [[] for _ in range(seats)]
    scores: list[int | None] = [None] * seats
    shown = [
        _frame(None, None, f"Hole {record['hole']}: {yardage} yards, par {par}.", yardage, par, played, turned, scores)
    ]
    for index, move in enumerate(record["moves"]):
        seat = move["seat"]
        from_hand = list(move["action"]["cards"])
        played[seat], turned[seat] = from_hand, list(move["cards"][len(from_hand) :])
        cards = from_hand + turned[seat]
        scores[seat] = len(cards) + rules.penalty(max(sum(cards) - yardage, 0))
        shown.append(_frame(index, seat, move["text"], yardage, par, played, turned, scores))
    ending = _frame(None, None, record["end"].get("text", ""), yardage, par, played, turned, list(record["scores"]))
    shown.append(ending)
    return shown


def _frame(
    move: int | None,
    mover: int | None,
    text: str,
    yardage: int,
    par: int,
    played: list[list[int] | None],
    turned: list[list[int]],
    scores: list[int | None] | list[int],
) -> dict[str, Any]:
    return {
        "move": move,
        "mover": mover,
        "text": text,
        "yardage": yardage,
        "par": par,
        "played": [list(cards) if cards is not None else None for cards in played],
        "turned": [list(cards) for cards in turned],
        "scores": list(scores),
    }


def _check(record: Mapping[str, Any], rules: ClubRules) -> None:
    """``CaddieError`` unless ``record`` is a hole that could have been played with ``rules``' deck."""
    where, scores = checked_scores(record)
    start, end, moves = record.get("start"), record.get("end"), record.get("moves")
    if (
        not isinstance(start, Mapping)
        or not whole_in(start.get("yardage"), 1, 2000)
        or not whole_in(start.get("par"), 1, 20)
    ):
        raise CaddieError(f"{where} does not say its yardage and par.", "holes")
    if not isinstance(moves, list) or not isinstance(end, Mapping) or not isinstance(end.get("text", ""), str):
        raise CaddieError(f"{where} has no list of plays.", "holes")
    yardages = set(rules.deck)
    for number, move in enumerate(moves, start=1):
        action = move.get("action") if isinstance(move, Mapping) else None
        from_hand = action.get("cards") if isinstance(action, Mapping) else None
        shown = move.get("cards") if isinstance(move, Mapping) else None
        if (
            not isinstance(action, Mapping)
            or action.get("action") != "play"
            or not whole_in(move.get("seat"), 0, len(scores) - 1)
            or not isinstance(move.get("text"), str)
            or not isinstance(from_hand, list)
            or not isinstance(shown, list)
            or shown[: len(from_hand)] != from_hand
            or len(shown) > len(rules.deck)
            or not all(whole(card) and card in yardages for card in shown)
        ):
            raise CaddieError(f"{where}: play {number} is not a Club Cards play with this deck.", "holes")
