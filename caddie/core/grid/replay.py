"""A Grid Golf hole's replay: the table as everyone saw it after each move, from the hole's record
alone (docs/records.md, "Replays").

    frames(record, cards) -> [frame, ...]

``record`` is a hole's record (``GameKind.hole_record``); ``cards`` the grid's size. The first frame
is the deal (every card face down, the discard pile's first card, the deck's count), then one
after each move, then the hole's end (every grid face up, the scores). A frame holds only what
the record holds, which is what every seat saw: a card drawn from the deck is shown as held, face
down, until it is placed or discarded.

A frame: ``{"move", "mover", "text", "grids", "discard", "deck", "held", "scores"}``. ``move``:
the index of the move it follows (``None`` for the deal and the end); ``grids``: per seat, the
card at each position or ``None`` while face down; ``discard``: the pile, oldest first;
``held``: ``{"seat", "card"}`` while a seat holds a card (``card`` ``None`` when it came from the
deck); ``scores``: the hole's scores, at the end only.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["frames"]


def frames(record: Mapping[str, Any], cards: int) -> list[dict[str, Any]]:
    """Every frame of the hole ``record`` tells, in order (see the module's doc)."""
    start, moves = record["start"], record["moves"]
    seats = len(record["scores"])
    grids: list[list[str | None]] = [[None] * cards for _ in range(seats)]
    discard: list[str] = [start["discard"]]
    deck: int = start["deck"]
    held: dict[str, Any] | None = None
    shown = [_frame(None, None, _dealt_text(record), grids, discard, deck, held)]
    for index, move in enumerate(moves):
        seat, action, cards_shown = move["seat"], move["action"], move["cards"]
        kind = action["action"]
        if kind == "flip":
            grids[seat][action["position"]] = cards_shown[0]
        elif kind == "draw":
            if deck == 0:  # the discard pile, bar its top card, became the deck
                deck, discard = len(discard) - 1, discard[-1:]
            deck -= 1
            held = {"seat": seat, "card": None}
        elif kind in ("take_discard", "swap"):
            placed, replaced = cards_shown
            if kind == "take_discard":
                discard.pop()
            grids[seat][action["position"]] = placed
            discard.append(replaced)
            held = None
        elif kind == "discard":
            discard.append(cards_shown[0])
            if action.get("flip") is not None:
                grids[seat][action["flip"]] = cards_shown[1]
            held = None
        elif kind == "knock":
            down = [p for p, card in enumerate(grids[seat]) if card is None]
            for position, card in zip(down, cards_shown):
                grids[seat][position] = card
        shown.append(_frame(index, seat, move["text"], grids, discard, deck, held))
    end = record["end"]
    ending = _frame(None, None, end.get("text", ""), end["grids"], discard, deck, None)
    ending["scores"] = list(record["scores"])
    shown.append(ending)
    return shown


def _dealt_text(record: Mapping[str, Any]) -> str:
    return f"Hole {record['hole']} is dealt."


def _frame(
    move: int | None,
    mover: int | None,
    text: str,
    grids: list[list[str | None]],
    discard: list[str],
    deck: int,
    held: dict[str, Any] | None,
) -> dict[str, Any]:
    return {
        "move": move,
        "mover": mover,
        "text": text,
        "grids": [list(grid) for grid in grids],
        "discard": list(discard),
        "deck": deck,
        "held": dict(held) if held is not None else None,
        "scores": None,
    }
