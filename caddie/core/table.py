"""A table's house rules: the Grid Golf rules, the Club Cards deck and chart,
and how many players sit at the table (which sets how many decks are used)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from caddie.core.clubs.scoring import ClubRules
from caddie.core.errors import RulesError
from caddie.core.grid.rules import PRESETS, Rules

MIN_PLAYERS, MAX_PLAYERS = 1, 8


@dataclass(frozen=True)
class Table:
    """Everything Settings decides, as one value every feature reads.

    >>> t = Table(players=5)
    >>> t.grid_decks, t.club_decks
    (2, 3)
    """

    rules: Rules = field(default_factory=Rules)
    clubs: ClubRules = field(default_factory=ClubRules)
    players: int = 2
    preset: str = "standard"

    def __post_init__(self) -> None:
        if type(self.players) is not int or not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise RulesError(f"A table seats {MIN_PLAYERS} to {MAX_PLAYERS} players.", "players")
        if not isinstance(self.preset, str) or (self.preset not in PRESETS and self.preset != "custom"):
            raise RulesError(f'"{self.preset}" is not a preset.', "preset")

    @property
    def grid_decks(self) -> int:
        return self.rules.decks_for(self.players)

    @property
    def club_decks(self) -> int:
        return ClubRules.decks_for(self.players)

    def to_dict(self) -> dict[str, Any]:
        return {
            "rules": self.rules.to_dict(),
            "clubs": self.clubs.to_dict(),
            "players": self.players,
            "preset": self.preset,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None) -> Table:
        if not data:
            return cls()
        if not isinstance(data, Mapping):
            raise RulesError("The table settings are not in the expected shape.", "table")
        return cls(
            rules=Rules.from_dict(data.get("rules")),
            clubs=ClubRules.from_dict(data.get("clubs")),
            players=data.get("players", 2),
            preset=data.get("preset", "standard"),
        )
