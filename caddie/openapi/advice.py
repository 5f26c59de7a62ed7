"""The Caddie area of the OpenAPI document: advice on a move.

The caddie's request and advice schemas and the two ``/api/v1/caddie``
operations (their behaviour is documented in prose: the advice is not a fixed
answer, so there are no replayable examples).
"""

from __future__ import annotations

from typing import Any

from caddie.core.grid.rules import PRESETS
from caddie.openapi.registry import SCHEMAS, json_operation, json_response, operation, ref

SCHEMAS.update(
    {
        "CaddieGridRequest": {
            "type": "object",
            "description": 'What a player at the table knows (docs/api.md, "POST /api/v1/caddie/grid"): '
            "`rules`/`preset`, `grid` "
            "(codes, null where face down), `discard` (the top card), optional `discard_pile` "
            "(oldest first), `opponents` (their grids), `deck_size`, `final_turn`, and `drawn` with "
            "`drawn_from` (`deck` or `discard`) once a card is drawn.",
            "required": ["grid"],
            "properties": {
                "rules": ref("RulesOverrides"),
                "preset": {"type": "string", "enum": sorted(PRESETS)},
                "grid": {"type": "array", "items": {"anyOf": [ref("TypedCard"), {"type": "null"}]}},
                "discard": {"anyOf": [ref("TypedCard"), {"type": "null"}]},
                "discard_pile": {"type": "array", "items": ref("TypedCard")},
                "opponents": {
                    "type": "array",
                    "items": {"type": "array", "items": {"anyOf": [ref("TypedCard"), {"type": "null"}]}},
                },
                "deck_size": {"type": "integer", "minimum": 0},
                "final_turn": {"type": "boolean"},
                "drawn": {"anyOf": [ref("TypedCard"), {"type": "null"}]},
                "drawn_from": {"type": "string", "enum": ["deck", "discard"]},
            },
        },
        "CaddieGridAdvice": {
            "type": "object",
            "required": ["action", "expected_score", "explanation"],
            "properties": {
                "action": {
                    "type": "string",
                    "enum": ["flip", "take_discard", "draw", "swap", "discard", "knock"],
                    "description": "`knock` (early knock) and a `flip` with a `position` (a flip as the "
                    "whole turn) come only under those house rules.",
                },
                "position": {"type": ["integer", "null"]},
                "positions": {"type": ["array", "null"], "items": {"type": "integer"}},
                "flip": {"type": ["integer", "null"]},
                "expected_score": {"type": "number"},
                "explanation": {"type": "string"},
                "alternatives": {"type": "array", "items": {"type": "object"}},
            },
        },
        "CaddieClubsRequest": {
            "type": "object",
            "required": ["yardage", "hand"],
            "properties": {
                "yardage": ref("Yardage"),
                "hand": {"type": "array", "items": {"type": "integer"}},
                "upcoming": {"type": "array", "items": {"type": "integer"}},
                "decks": ref("Decks"),
            },
        },
        "CaddieClubsAdvice": {
            "type": "object",
            "required": ["play", "strokes", "total", "over", "penalty", "score", "explanation"],
            "properties": {
                "play": {"type": "array", "items": {"type": "integer"}},
                "strokes": {"type": "integer"},
                "total": {"type": "integer"},
                "over": {"type": "integer"},
                "penalty": {"type": "integer"},
                "score": {"type": "integer"},
                "explanation": {"type": "string"},
                "alternatives": {"type": "array", "items": {"type": "object"}},
            },
        },
    }
)


_OVER_BUDGET_EXAMPLE = {
    "error": "Too many Caddie answers and computer moves for this client in the last minute: try again in 42 seconds.",
    "field": None,
}


def _with_over_budget(built: dict[str, Any]) -> dict[str, Any]:
    """The operation ``built``, with the 429 of a client past its budget of heavy requests."""
    built["description"] += (
        " Each client (its identity cookie, else its address) may ask for a limited number of CPU-heavy "
        "answers (this one, the Caddie's pages, Play's hints and moves) in a minute, more than a person at "
        "a table needs: past it the answer is 429, with `Retry-After` the seconds until it is renewed."
    )
    built["responses"]["429"] = json_response(
        "This client asked for more of the Caddie than its budget allows lately: the message says when to try again.",
        "Error",
        {"over_budget": {"summary": "Too many heavy requests", "value": _OVER_BUDGET_EXAMPLE}},
        {"Retry-After": {"description": "Seconds to wait.", "schema": {"type": "integer"}}},
    )
    return built


@operation("/api/v1/caddie/grid", "post")
def _caddie_grid() -> dict[str, Any]:
    return _with_over_budget(
        json_operation(
            "caddieGrid",
            "Ask the caddie for one Grid Golf decision",
            "Which cards to turn up after the deal, take the discard or draw, where a drawn card goes or whether "
            "to discard it, and which card a forced flip turns. Decided from the player's own view only; the "
            "answer explains itself with the expected hole score of the move and of the best alternatives. "
            "The same function is importable as `caddie.advisor.advise(view)`.",
            "CaddieGridRequest",
            "CaddieGridAdvice",
            {},
            ["Caddie"],
        )
    )


@operation("/api/v1/caddie/clubs", "post")
def _caddie_clubs() -> dict[str, Any]:
    return _with_over_budget(
        json_operation(
            "caddieClubs",
            "Ask the caddie for a Club Cards play",
            "Without `upcoming` the play has the lowest possible score for this hole; with the yardages of the "
            "holes to come it weighs this hole against the hand it leaves, estimating the draws by simulation. "
            "The deck and the chart are the calling browser's from Settings (the printed ones without).",
            "CaddieClubsRequest",
            "CaddieClubsAdvice",
            {},
            ["Caddie"],
        )
    )
