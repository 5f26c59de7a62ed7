"""Template filters for numbers that matter."""

from __future__ import annotations

from datetime import datetime

from caddie.core.grid.cards import RANK_NAMES
from caddie.core.words import says, together, whose
from caddie.web.charts import running_total_chart

MINUS = "\u2212"


def points(value: int | None) -> str:
    """A score with a real minus sign; an unknown score is a dash.

    >>> points(-4), points(0), points(12), points(None)
    ('−4', '0', '12', '–')
    """
    if value is None:
        return "\u2013"
    return f"{MINUS}{-value}" if value < 0 else str(value)


def vs_par(value: int | None) -> str:
    """Score against par as golfers write it.

    >>> vs_par(3), vs_par(0), vs_par(-2), vs_par(None)
    ('+3', 'E', '−2', '–')
    """
    if value is None:
        return "\u2013"
    if value == 0:
        return "E"
    return f"+{value}" if value > 0 else f"{MINUS}{-value}"


def card_name(code: str | None) -> str:
    return RANK_NAMES.get(code, "empty") if code else "empty"


def day(moment: datetime) -> str:
    """A day as people write it: "5 Dec 2026"."""
    return f"{moment.day} {moment:%b %Y}"


def register(app) -> None:
    app.add_template_filter(points, "points")
    app.add_template_filter(day, "day")
    # {{ name | says("wins") }}: "Ann wins", "You win" (caddie.core.words)
    app.add_template_filter(says, "says")
    app.add_template_filter(whose, "whose")
    app.add_template_filter(together, "together")  # "Ann and you share the win"
    app.add_template_filter(card_name, "card_name")
    app.add_template_filter(vs_par, "vs_par")
    app.add_template_global(running_total_chart, "chart")
