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

A record read from a file may be anything: ``frames`` first checks that it is a hole a grid of
``cards`` could have been played as (``CaddieError`` naming the first thing that is not).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from caddie.core.errors import CaddieError
from caddie.core.grid.cards import RANKS, the_card
from caddie.core.grid.moves import position_name
from caddie.core.hole_records import checked_scores
from caddie.core.json_values import whole_in

__all__ = ["frames", "move_words", "with_own_draws"]

# The cards each kind of move shows everyone (a discard with a flip shows two; a knock turns up
# what was still face down, any number).
_SHOWN = {"flip": (1, 1), "draw": (0, 0), "take_discard": (2, 2), "swap": (2, 2), "discard": (1, 2), "knock": (0, 10)}


def frames(record: Mapping[str, Any], cards: int) -> list[dict[str, Any]]:
    """Every frame of the hole ``record`` tells, in order (see the module's doc)."""
    _check(record, cards)
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


def with_own_draws(
    shown: list[dict[str, Any]], record: Mapping[str, Any], seats: Sequence[int]
) -> list[dict[str, Any]]:
    """``shown`` with the card a seat of ``seats`` drew from the deck face up while it held it: that
    seat saw it; the others saw its back until the seat's next move placed or discarded it (that
    move's first card)."""
    moves = record["moves"]
    own = []
    for frame in shown:
        held, move = frame.get("held"), frame.get("move")
        if held is not None and held["card"] is None and held["seat"] in seats and move is not None:
            following = moves[move + 1] if move + 1 < len(moves) else None
            if following is not None and following["seat"] == held["seat"] and following["cards"]:
                frame = {**frame, "held": {**held, "card": following["cards"][0]}}
        own.append(frame)
    return own


def move_words(frame: Mapping[str, Any], action: Mapping[str, Any], cards: int) -> str:
    """A move as a program sends it, in words, at the frame it is made from (as a choice is put to
    the person who made it: the card held is theirs to see): "Take the 7 into the top-left"."""
    kind = action.get("action")
    where = position_name(action["position"], cards) if action.get("position") is not None else ""
    held = (frame.get("held") or {}).get("card")
    top = frame["discard"][-1] if frame.get("discard") else None
    if kind == "draw":
        return "Draw from the deck"
    if kind == "take_discard":
        return f"Take {the_card(top)} into the {where}" if top else f"Take the discard into the {where}"
    if kind == "swap":
        return f"Put {the_card(held)} into the {where}" if held else f"Put the card into the {where}"
    if kind == "discard":
        thrown = f"Discard {the_card(held)}" if held else "Discard it"
        flip = action.get("flip")
        return f"{thrown} and turn up the {position_name(flip, cards)}" if flip is not None else thrown
    if kind == "flip":
        return f"Turn up the {where}"
    if kind == "knock":
        return "Knock"
    return str(kind)


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


def _check(record: Mapping[str, Any], cards: int) -> None:
    """``CaddieError`` unless ``record`` is a hole a grid of ``cards`` could have been played as."""
    where, scores = checked_scores(record)
    start, end, moves = record.get("start"), record.get("end"), record.get("moves")
    seats = len(scores)
    if not isinstance(start, Mapping) or not _card(start.get("discard")) or not whole_in(start.get("deck"), 0, 200):
        raise CaddieError(f"{where} does not say what its deal showed: the discard pile's card and the deck.", "holes")
    if not isinstance(moves, list):
        raise CaddieError(f"{where} has no list of moves.", "holes")
    for number, move in enumerate(moves, start=1):
        if not _move_fits(move, seats, cards):
            raise CaddieError(f"{where}: move {number} is not a Grid Golf move at this table.", "holes")
    if not isinstance(end, Mapping):
        raise CaddieError(f"{where} does not show every grid at its end.", "holes")
    grids = end.get("grids")
    if (
        not isinstance(grids, list)
        or len(grids) != seats
        or not all(isinstance(g, list) and len(g) == cards and all(_card(c) for c in g) for g in grids)
        or not isinstance(end.get("text", ""), str)
    ):
        raise CaddieError(f"{where} does not show every grid at its end.", "holes")


def _move_fits(move: Any, seats: int, cards: int) -> bool:
    if not isinstance(move, Mapping) or not isinstance(move.get("action"), Mapping):
        return False
    action, shown = move["action"], move.get("cards")
    kind = action.get("action")
    if (
        not isinstance(kind, str)
        or kind not in _SHOWN
        or not whole_in(move.get("seat"), 0, seats - 1)
        or not isinstance(move.get("text"), str)
    ):
        return False
    if not isinstance(shown, list) or not all(_card(c) for c in shown):
        return False
    low, high = _SHOWN[kind]
    if kind == "discard":
        low = high = 1 if action.get("flip") is None else 2
    if not low <= len(shown) <= min(high, cards):
        return False
    for key in ("position", "flip"):
        if action.get(key) is not None and not whole_in(action[key], 0, cards - 1):
            return False
    return kind not in ("flip", "take_discard", "swap") or action.get("position") is not None


def _card(code: Any) -> bool:
    return isinstance(code, str) and code in RANKS
