"""A table's record (``GET /api/v1/tables/<id>/record``; docs/records.md, DESIGN section 7).

What everyone at the table may know of every finished hole, in order: the deal's public part,
each move in the shape a program sends it (``TableMove``) with the cards it showed and what
happened in words, what the hole's end showed, and the hole's scores. Never the undealt cards'
order, a face-down card that stayed face down, or another seat's Club Cards hand.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from caddie.core.games import GAME_NAMES
from caddie.core.live.table import LEVELS
from caddie.core.verdicts import MARKS, mark_of
from caddie.openapi.courses import ClubRules, RoundCourse
from caddie.openapi.live import EXAMPLE_TABLE_ID, Seat, TableMove, Yardages
from caddie.openapi.says import OneOf
from caddie.openapi.shared import CardCode, Rules, not_given, rules_example

__all__ = ["EXAMPLE_RECORD", "TableRecord"]


class RecordSeat(BaseModel):
    """Who sat at a seat: a person, or a computer and its level."""

    model_config = ConfigDict(extra="forbid")

    kind: Annotated[str, OneOf("person", "computer")]
    level: Annotated[str, OneOf(*LEVELS)] | None = Field(description="A computer's level; null for a person.")


class RecordMove(BaseModel):
    """One move: the seat, the action as a program sends it (`POST /api/v1/tables/{table_id}/moves`
    takes it back), the cards it showed everyone, and what happened in words."""

    model_config = ConfigDict(extra="forbid")

    seat: Seat
    action: TableMove = Field(
        description="As a program sends it: Grid Golf `flip` (with `position`), `draw`, `take_discard` and `swap` "
        "(with `position`), `discard` (with `flip`: the card turned up after it, or null), `knock`; Club Cards "
        "`play` (with `cards`)."
    )
    cards: list[CardCode | int] = Field(
        description="The cards the move showed everyone (Grid Golf: the card placed and the card it replaced, the "
        "card discarded, the card turned up; Club Cards: the cards played and any turned from the pile). A card "
        "drawn from the deck is shown only once it is placed or discarded."
    )
    text: str = Field(description="What happened, in words.")
    stand_in: bool = Field(
        False,
        description="True where a computer made the move for the seat's person (away, or out of time on the turn "
        "clock): not the person's decision, so the review does not judge it. Absent otherwise.",
    )


class RecordHole(BaseModel):
    """A finished hole."""

    model_config = ConfigDict(extra="forbid")

    hole: int = Field(ge=1)
    scores: list[int] = Field(description="Each seat's score for the hole, in seat order; they add up to `totals`.")
    first: Seat | None = Field(description="The seat that played first (null for a hole with no moves kept).")
    order: list[Seat] | None = Field(description="The seats in playing order.")
    start: dict[str, Any] | None = Field(
        description="What the deal showed everyone. Grid Golf: the `discard` that started the pile and the `deck` "
        "count; Club Cards: the hole's `yardage` and `par`."
    )
    moves: list[RecordMove] | None = Field(
        description="Every move of the hole, in order; null for a hole finished before records were kept."
    )
    end: dict[str, Any] | None = Field(
        description="What the hole's end showed, in `text`; Grid Golf adds every seat's `grids`, all face up."
    )


class RecordVerdict(BaseModel):
    """The Caddie's verdict on one decision of a person (a computer's moves are not reviewed)."""

    model_config = ConfigDict(extra="forbid")

    hole: int = Field(ge=1)
    seat: Seat
    move: int = Field(ge=0, description="The decision's move: its place in the hole's `moves`, from 0.")
    played: TableMove = Field(description="The move made, as a program sends it.")
    best: TableMove = Field(
        description="The Caddie's choice in the same position (the move made, where they agree). Club Cards: its "
        "`cards` come from a hand only the seat sees, so they are null unless the seat's own token reads the record."
    )
    loss: float = Field(
        ge=0,
        description="The expected points the move cost against `best`, by the Caddie's own evaluation of the "
        "position (against the table: my score less the others' average), to 0.1; 0 where they agree, or where "
        "the Caddie finds the two moves as good. Club Cards: the expected strokes, over the hole and the holes to "
        "come that the Caddie looks at.",
    )
    mark: Annotated[str, OneOf(*(mark for _, mark in MARKS))] | None = Field(
        description="What the loss makes of the move: `inaccuracy` from 0.5 points, `mistake` from 1.5, `blunder` "
        "from 3; null below 0.5."
    )
    did: str = Field(description='The move made, in words: "You took the 9 into the top-left, replacing your K".')
    caddie: str = Field(
        description='What the Caddie would have done, in words ("the caddie would have drawn from the deck"); '
        "empty where they agree."
    )
    hand: Yardages | None = Field(
        None,
        description="Club Cards, read with the seat's own token: the hand the play was made from.",
        json_schema_extra=not_given,
    )
    upcoming: Yardages | None = Field(
        None,
        description="Club Cards: the yardages of the holes after this one that the Caddie looked at.",
        json_schema_extra=not_given,
    )


class TableRecord(BaseModel):
    """A table's record: every finished hole (a hole being played is not in it)."""

    model_config = ConfigDict(extra="forbid")

    id: str
    game: Annotated[str, OneOf(*GAME_NAMES)]
    names: list[str] = Field(description="In seat order.")
    seats: list[RecordSeat]
    rules: Rules | None = Field(None, description="Grid Golf: the rules played.", json_schema_extra=not_given)
    course: RoundCourse | None = Field(None, description="Club Cards: the course played.", json_schema_extra=not_given)
    clubs: ClubRules | None = Field(
        None, description="Club Cards: the deck and chart played.", json_schema_extra=not_given
    )
    holes_to_play: int = Field(ge=1, description="How many holes the match lasts.")
    totals: list[int] = Field(description="Each seat's total over the finished holes.")
    holes: list[RecordHole]
    review: list[RecordVerdict] = Field(
        description="The Caddie's verdict on each decision of each person (a computer's moves are not reviewed) "
        "at Grid Golf, hole by hole and in order of play. A match against computers has its hole's verdicts when "
        "the hole ends; a table of people a few seconds later, worked out beside the moves. Club Cards plays are "
        "not reviewed yet."
    )
    share_url: str | None = Field(
        description="The replay's share link while the match's host shares it (anyone with it steps through every "
        "finished hole as an onlooker; it cannot be guessed, and the host can take it back), else null."
    )


def _move(seat: int, action: dict[str, Any], cards: list[str], text: str) -> dict[str, Any]:
    return {"seat": seat, "action": action, "cards": cards, "text": text}


def _verdict(
    move: int, played: dict[str, Any], did: str, best: dict[str, Any] | None = None, loss: float = 0.0, caddie: str = ""
) -> dict[str, Any]:
    """Ann's verdict on move ``move`` of hole 1; where ``best`` is not given, the Caddie agrees."""
    return {
        "hole": 1,
        "seat": 0,
        "move": move,
        "played": played,
        "best": best or played,
        "loss": loss,
        "mark": mark_of(loss),
        "did": did,
        "caddie": caddie,
    }


_HOLE_ONE = {
    "hole": 1,
    "scores": [5, 24],
    "first": 0,
    "order": [0, 1],
    "start": {"discard": "7", "deck": 43},
    "moves": [
        _move(0, {"action": "flip", "position": 0}, ["Q"], "Ann turned up the top-left: Q."),
        _move(0, {"action": "flip", "position": 3}, ["2"], "Ann turned up the bottom-right: 2."),
        _move(1, {"action": "flip", "position": 1}, ["Q"], "Ada turned up the top-right: Q."),
        _move(1, {"action": "flip", "position": 2}, ["6"], "Ada turned up the bottom-left: 6."),
        _move(0, {"action": "take_discard", "position": 1}, ["7", "K"], "Ann put the 7 top-right, replacing a K."),
        _move(1, {"action": "draw"}, [], "Ada drew from the deck."),
        _move(
            1,
            {"action": "swap", "position": 0},
            ["3", "J"],
            "Ada drew a 3 from the deck and put it top-left, replacing a J.",
        ),
        _move(0, {"action": "draw"}, [], "Ann drew from the deck."),
        _move(
            0,
            {"action": "swap", "position": 2},
            ["Q", "9"],
            "Ann drew a Q from the deck and put it bottom-left, "
            "replacing a 9. Ann has turned up every card: the hole is over.",
        ),
    ],
    "end": {"grids": [["Q", "7", "Q", "2"], ["3", "Q", "6", "5"]], "text": "Hole 1 is over: Ann 5, Ada 24."},
}

EXAMPLE_RECORD = {
    "id": EXAMPLE_TABLE_ID,
    "game": "grid",
    "names": ["Ann", "Ada"],
    "seats": [{"kind": "person", "level": None}, {"kind": "computer", "level": "steady"}],
    "rules": rules_example(cards=4),
    "holes_to_play": 9,
    "totals": [5, 24],
    "holes": [_HOLE_ONE],
    "review": [
        _verdict(0, {"action": "flip", "position": 0}, "You turned up the top-left"),
        _verdict(1, {"action": "flip", "position": 3}, "You turned up the bottom-right"),
        _verdict(
            4,
            {"action": "take_discard", "position": 1},
            "You took the 7 into the top-right, over a face-down card",
            best={"action": "draw"},
            loss=1.4,
            caddie="the caddie would have drawn from the deck",
        ),
        _verdict(8, {"action": "swap", "position": 2}, "You put the Q into the bottom-left, over a face-down card"),
    ],
    "share_url": "http://192.168.1.23:8000/replay/Vm-fRl2XK1bLc6eKq9PzT0sA",
}
