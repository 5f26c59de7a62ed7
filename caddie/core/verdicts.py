"""How a review names what a decision cost (docs/records.md, "Marks"), whatever the game.

A decision's ``loss`` is the expected points (Club Cards: strokes) it gave away against the
Caddie's choice. People read a mark before a number, as chess players read "?!", "?" and "??":

>>> [mark_of(loss) for loss in (0.0, 0.4, 0.5, 1.4, 1.5, 2.9, 3.0, 12.0)]
[None, None, 'inaccuracy', 'inaccuracy', 'mistake', 'mistake', 'blunder', 'blunder']
"""

from __future__ import annotations

__all__ = ["MARKS", "mark_of"]

# (the least loss, the mark), the largest first. Below half a point a choice is within what the
# Caddie's own estimates move by between two looks at the same position: no mark.
MARKS = ((3.0, "blunder"), (1.5, "mistake"), (0.5, "inaccuracy"))


def mark_of(loss: float) -> str | None:
    """The mark of a decision that cost ``loss`` points, or ``None`` for a good one."""
    for least, mark in MARKS:
        if loss >= least:
            return mark
    return None
