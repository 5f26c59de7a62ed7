"""A table's people (``GET /api/v1/players``; DESIGN section 8, docs/people.md): each person's
rounds, wins and average per hole, game by game, and their rating among people."""

from __future__ import annotations

from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field

from caddie.core.games import GAME_NAMES
from caddie.openapi.says import OneOf
from caddie.openapi.shared import error_example

__all__ = ["EXAMPLE_PLAYERS", "NOT_A_GAME_EXAMPLE", "Players"]


class PlayerRating(BaseModel):
    """The person's rating among people (OpenSkill's Plackett-Luce, docs/people.md, "Ratings")."""

    model_config = ConfigDict(extra="forbid")

    mu: float = Field(description="The model's estimate of the person's skill (a new person: 25).")
    sigma: float = Field(description="Its uncertainty (a new person: 25/3); it shrinks with each round.")
    ordinal: float = Field(description="`mu` less three `sigma`: what people are ranked on.")
    shown: int = Field(description="The number people see: 1000 + 40 × `ordinal` (a new person: 1000).")
    spread: int = Field(description="One `sigma` in the units of `shown`.")
    provisional: bool = Field(description="True for the first five rated rounds.")


class PlayerEntry(BaseModel):
    """One person in one game."""

    model_config = ConfigDict(extra="forbid")

    name: str = Field(
        description="As the person's latest round spells it, or as the browser renamed them; names match whatever "
        "their case, and names merged into one person count as one."
    )
    game: Annotated[str, OneOf(*GAME_NAMES)]
    rounds: int = Field(ge=0, description="Rounds with at least one hole of theirs entered.")
    wins: int = Field(ge=0, description="Complete rounds in which they share the lowest total.")
    average_per_hole: float | None = Field(description="Over every hole of theirs entered; null with none.")
    rating: PlayerRating | None = Field(
        description="Their rating from the complete rounds among people; null where they have none (and always in "
        "`against_computers`: a round against computers never moves a rating)."
    )


class Players(BaseModel):
    """The people of the rounds this caller may see, best rating first."""

    model_config = ConfigDict(extra="forbid")

    players: list[PlayerEntry] = Field(
        description="From the rounds among people (kept by hand, or a live table with no computer seat): the rated "
        "first, best first, then the rest by rounds."
    )
    against_computers: list[PlayerEntry] = Field(
        description="The people of the rounds with a computer seat (a match against computers, a live table with "
        "one), counted apart and never rated; the computers themselves are not listed."
    )


EXAMPLE_PLAYERS = {
    "players": [
        {
            "name": "Ann",
            "game": "grid",
            "rounds": 3,
            "wins": 2,
            "average_per_hole": 2.3,
            "rating": {
                "mu": 29.12,
                "sigma": 7.55,
                "ordinal": 6.47,
                "shown": 1259,
                "spread": 302,
                "provisional": True,
            },
        },
        {"name": "Bo", "game": "grid", "rounds": 1, "wins": 0, "average_per_hole": 4.1, "rating": None},
    ],
    "against_computers": [
        {"name": "You", "game": "grid", "rounds": 2, "wins": 1, "average_per_hole": 3.4, "rating": None}
    ],
}
NOT_A_GAME_EXAMPLE = error_example('Ask for "grid" or "clubs" players, or leave out game for both.', "game")
