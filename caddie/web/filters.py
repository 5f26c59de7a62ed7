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


def ordinal(place: int | None) -> str:
    """A place as people say it.

    >>> [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22)], ordinal(None)
    (['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd'], '–')
    """
    if place is None:
        return "\u2013"
    ending = "th" if 10 <= place % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(place % 10, "th")
    return f"{place}{ending}"


def day(moment: datetime) -> str:
    """A day as people write it: "5 Dec 2026"."""
    return f"{moment.day} {moment:%b %Y}"


def register(app) -> None:
    app.add_template_filter(points, "points")
    app.add_template_filter(day, "day")
    app.add_template_filter(ordinal, "ordinal")
    # {{ name | says("wins") }}: "Ann wins", "You win" (caddie.core.words)
    app.add_template_filter(says, "says")
    app.add_template_filter(whose, "whose")
    app.add_template_filter(together, "together")  # "Ann and you share the win"
    app.add_template_filter(card_name, "card_name")
    app.add_template_filter(vs_par, "vs_par")
    app.add_template_global(running_total_chart, "chart")
