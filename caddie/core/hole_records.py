"""What every game's hole record holds (``GameKind.hole_record``): the hole's number and a score
for each seat. Each game's replay checks the rest."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from caddie.core.errors import CaddieError
from caddie.core.json_values import whole

__all__ = ["checked_scores"]


def checked_scores(record: Mapping[str, Any]) -> tuple[str, list[int]]:
    """How a sentence names the hole ("Hole 3"), and its scores; ``CaddieError`` without a whole
    number for each seat."""
    hole = record.get("hole")
    where = f"Hole {hole}" if whole(hole) else "A hole"
    scores = record.get("scores")
    if not isinstance(scores, list) or not scores or not all(whole(x) for x in scores):
        raise CaddieError(f"{where} has no score for each seat.", "holes")
    return where, scores
