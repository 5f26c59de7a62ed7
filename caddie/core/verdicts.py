"""How a review names what a decision cost (docs/records.md, "Marks"), whatever the game.

A decision's ``loss`` is the expected points (Club Cards: strokes) it gave away against the
Caddie's choice. People read a mark before a number, as chess players read "?!", "?" and "??":

>>> [mark_of(loss) for loss in (0.0, 0.4, 0.5, 1.4, 1.5, 2.9, 3.0, 12.0)]
[None, None, 'inaccuracy', 'inaccuracy', 'mistake', 'mistake', 'blunder', 'blunder']
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

__all__ = ["MARKS", "mark_of", "seat_summary"]

# (the least loss, the mark), the largest first. Below half a point a choice is within what the
# Caddie's own estimates move by between two looks at the same position: no mark.
MARKS = ((3.0, "blunder"), (1.5, "mistake"), (0.5, "inaccuracy"))


def mark_of(loss: float) -> str | None:
    """The mark of a decision that cost ``loss`` points, or ``None`` for a good one."""
    for least, mark in MARKS:
        if loss >= least:
            return mark
    return None


def seat_summary(verdicts: Sequence[Mapping[str, Any]], seat: int) -> dict[str, Any] | None:
    """``seat``'s part of a hole's verdicts as a record lists them (``{"move", "seat", "loss",
    "did", "caddie", ...}`` each), as "Your hole, reviewed" shows it: the decisions that cost
    points, the largest first, each with its mark and its words, and their total; ``None`` for a
    seat with no decision judged."""
    mine = [verdict for verdict in verdicts if verdict["seat"] == seat]
    if not mine:
        return None
    costly = sorted((v for v in mine if v["loss"] > 0), key=lambda v: (-v["loss"], v["move"]))
    items = [{"cost": v["loss"], "mark": mark_of(v["loss"]), "text": f"{v['did']}; {v['caddie']}."} for v in costly]
    return {"considered": len(mine), "total": round(sum(v["loss"] for v in costly), 1), "items": items}
