"""A table's record (docs/records.md): every finished hole of its match as everyone at the table
may know it, whatever the game, for the record's API, the replay and the review.

A hole's own record is its game's (``GameKind.hole_record``), kept as the hole ends; this puts
the kept holes together with who sat where and what was played by.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from caddie.core.live.table import LiveTable

__all__ = ["RECORD_KEYS", "decisions_and_cards", "settings_of", "table_record"]

# A record's own keys; the rest are its game's settings (``**table.settings`` below).
RECORD_KEYS = frozenset({"id", "game", "names", "seats", "holes_to_play", "totals", "holes", "review", "share_url"})


def table_record(
    table: LiveTable,
    kept: Mapping[int, Mapping[str, Any]],
    reviews: Mapping[int, Mapping[str, Any]],
    seats: Sequence[int] = (),
) -> dict[str, Any]:
    """The record of ``table``'s finished holes: ``kept``, each hole's record by its number (a
    finished hole with none kept, finished before records were, has its scores alone), and
    ``reviews``, each hole's review where one was worked out (``GameKind.hole_review``, as
    ``{"decisions": [...]}``): the verdicts on the people's decisions, hole by hole, each as the
    holder of ``seats`` may have it (``GameKind.verdict_seen``; none: as everyone may)."""
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
        "review": [
            table.kind.verdict_seen(verdict, seats)
            for number in sorted(reviews)
            for verdict in reviews[number].get("decisions", [])
        ],
    }


def settings_of(record: Mapping[str, Any]) -> dict[str, Any]:
    """The game's settings a record carries (as ``table_record`` put them in), to be checked by
    the game (``GameKind.check_settings``) before anything trusts them."""
    return {key: value for key, value in record.items() if key not in RECORD_KEYS}


def decisions_and_cards(record: Mapping[str, Any]) -> list[dict[str, Any] | None]:
    """Each seat's result split into what its decisions cost and what the cards did (docs/records.md,
    "Decisions and cards"), over the holes its decisions were reviewed on; ``None`` for a seat
    with none (a computer's, or a game not reviewed).

    A verdict's ``loss`` is in the units of the result it is set against: the seat's hole score
    less the others' average. So over the reviewed holes ``against`` (that result, summed; lower
    is better) is ``decisions`` (the losses, summed: what playing as the Caddie would have saved,
    by its own evaluation) plus ``cards`` (the rest: the deal and the draws, and the others'
    play). ``lost`` is the decisions' cost hole by hole (``None`` for a hole not reviewed)."""
    holes = [hole for hole in record["holes"] if hole.get("scores")]
    seats = len(record["names"])
    lost: list[dict[int, float]] = [{} for _ in range(seats)]
    for verdict in record["review"]:
        by_hole = lost[verdict["seat"]]
        by_hole[verdict["hole"]] = by_hole.get(verdict["hole"], 0.0) + float(verdict["loss"])
    splits: list[dict[str, Any] | None] = []
    for seat in range(seats):
        reviewed = [hole for hole in holes if hole["hole"] in lost[seat]]
        if not reviewed or seats < 2:
            splits.append(None)
            continue
        against = sum(
            hole["scores"][seat] - (sum(hole["scores"]) - hole["scores"][seat]) / (seats - 1) for hole in reviewed
        )
        decisions = sum(lost[seat].values())
        splits.append(
            {
                "holes": len(reviewed),
                "against": round(against, 1),
                "decisions": round(decisions, 1),
                "cards": round(against - decisions, 1),
                "lost": [round(lost[seat][hole["hole"]], 1) if hole["hole"] in lost[seat] else None for hole in holes],
            }
        )
    return splits
