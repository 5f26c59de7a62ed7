"""The Caddie area of the API: advice on a move (``/api/v1/caddie/...``).

These requests are the caddie's own to check: ``caddie.advisor.advise(view)`` is a Python API
with the same contract, and reads the view itself. So their models document the request and are
not asked to validate it (``caddie.web.api.spec.documented(core_checks=True)``). The advice is
not a fixed answer, so there are no replayable examples.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field

from caddie.core.grid.advisor import ACTIONS
from caddie.openapi.says import Body, OneOf
from caddie.openapi.shared import Decks, PresetName, RulesOverrides, TypedCard, Yardage, not_given

__all__ = ["CaddieClubsAdvice", "CaddieClubsRequest", "CaddieGridAdvice", "CaddieGridRequest"]

Seen = Annotated[TypedCard | None, Field(description="A card, or null where it is face down.")]


def _optional(description: str) -> Any:
    return Field(None, description=description, json_schema_extra=not_given)


class CaddieGridRequest(Body):
    """Ask the caddie for one Grid Golf decision."""

    rules: RulesOverrides = _optional("The rules in force, over the `preset`.")
    preset: PresetName = "standard"
    grid: list[Seen] = Field(description="The player's grid, row by row; null where a card is face down.")
    discard: TypedCard | None = _optional("The top card of the discard pile.")
    discard_pile: list[TypedCard] = _optional("The discard pile, oldest first, the top card last.")
    opponents: list[list[Seen]] = _optional("The other players' grids, as they show.")
    deck_size: int | None = Field(None, ge=0, description="Cards left to draw.", json_schema_extra=not_given)
    final_turn: bool = _optional("Another player has gone out: this is the player's last turn.")
    drawn: TypedCard | None = _optional("The card the player holds, once drawn.")
    drawn_from: Literal["deck", "discard"] = _optional("Where the card held came from.")


class CaddieGridAdvice(BaseModel):
    action: Annotated[str, OneOf(*ACTIONS)] = Field(
        description="`knock` (early knock) and a `flip` with a `position` (a flip as the whole turn) come only "
        "under those house rules."
    )
    position: int | None = _optional("Where the card goes, or the card to turn.")
    positions: list[int] | None = _optional("The cards to turn up after the deal.")
    flip: int | None = _optional("The face-down card a discard turns up.")
    expected_score: float = Field(description="The expected hole score after this move.")
    explanation: str
    alternatives: list[dict[str, object]] = _optional("The best other moves, each with its expected score.")


class CaddieClubsRequest(Body):
    """Ask the caddie for a Club Cards play."""

    yardage: Yardage
    hand: list[int] = Field(description="The yardages of the cards in hand.")
    upcoming: list[int] = _optional("The yardages of the holes still to come, next first.")
    decks: Decks = 1


class CaddieClubsAdvice(BaseModel):
    play: list[int] = Field(description="The cards to play, then any turned from the pile.")
    strokes: int
    total: int
    over: int
    penalty: int
    score: int
    explanation: str
    alternatives: list[dict[str, object]] = _optional("Other plays, each with its score.")
