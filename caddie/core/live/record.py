"""A table's record (docs/records.md): every finished hole of its match as everyone at the table
may know it, whatever the game, for the record's API, the replay and the review.

A hole's own record is its game's (``GameKind.hole_record``), kept as the hole ends; this puts
the kept holes together with who sat where and what was played by.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from caddie.core.live.table import LiveTable

__all__ = ["RECORD_KEYS", "settings_of", "table_record"]

# A record's own keys; the rest are its game's settings (``**table.settings`` below).
RECORD_KEYS = frozenset({"id", "game", "names", "seats", "holes_to_play", "totals", "holes", "review", "share_url"})


def table_record(
    table: LiveTable, kept: Mapping[int, Mapping[str, Any]], reviews: Mapping[int, Mapping[str, Any]]
) -> dict[str, Any]:
    """The record of ``table``'s finished holes: ``kept``, each hole's record by its number (a
    finished hole with none kept, finished before records were, has its scores alone), and
    ``reviews``, each hole's review where one was worked out (``GameKind.hole_review``, as
    ``{"decisions": [...]}``): the verdicts on the people's decisions, hole by hole."""
    match = table.match
    finished = match.hole_scores if match is not None else []
    holes: list[dict[str, Any]] = []
    for number, scores in enumerate(finished, start=1):
        record = kept.get(number)
        if record is not None:
            holes.append(dict(record))
        else:
            holes.append(
                {
                    "hole": number,
                    "scores": list(scores),
                    "first": None,
                    "order": None,
                    "start": None,
                    "moves": None,
                    "end": None,
                }
            )
    return {
        "game": table.kind.name,
        "names": [place.name or "" for place in table.places],
        "seats": [
            {"kind": "person", "level": None} if place.person else {"kind": "computer", "level": place.level}
            for place in table.places
        ],
        **table.settings,  # Grid Golf: its rules; Club Cards: its course and its deck and chart
        "holes_to_play": table.kind.holes(table.settings),
        "totals": match.totals if match is not None else [0] * len(table.places),
        "holes": holes,
        "review": [verdict for number in sorted(reviews) for verdict in reviews[number].get("decisions", [])],
    }


def settings_of(record: Mapping[str, Any]) -> dict[str, Any]:
    """The game's settings a record carries (as ``table_record`` put them in), to be checked by
    the game (``GameKind.check_settings``) before anything trusts them."""
    return {key: value for key, value in record.items() if key not in RECORD_KEYS}
