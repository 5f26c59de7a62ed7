"""JSON API v1 (DESIGN.md section 5).

Every view is thin: read the JSON body, check its shape, hand the values to
``caddie.core`` and return what the core works out. Every input error, the
view's own and the core's, is a ``CaddieError`` and answers ``400`` with
``{"error": "a sentence a player understands", "field": "..."}``.

``field`` names the request field at fault as a path into the body:
``cards``, ``cards[2]``, ``rules.king``, ``penalty_chart[1].strokes``, or
``null`` when the body as a whole is wrong.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from flask import Blueprint, request

from caddie.core.cards import parse_card
from caddie.core.clubs import ClubRules, check_yardage, score_club_hole
from caddie.core.errors import CaddieError, RulesError
from caddie.core.rules import PRESETS, Rules, preset
from caddie.core.scoring import check_grid, score_grid
from caddie.extensions import csrf
from caddie.openapi import openapi_document

bp = Blueprint("api", __name__, url_prefix="/api/v1")
csrf.exempt(bp)

MIN_DECKS, MAX_DECKS = 1, 4  # eight players at ten-card grids need four decks; so do eight at Club Cards

GRID_FIELDS = ("cards", "preset", "rules", "decks")
CLUB_FIELDS = ("yardage", "cards", "decks", "deck", "penalty_chart", "beyond")


@bp.errorhandler(CaddieError)
def _input_error(err: CaddieError):
    return err.as_dict(), 400


@bp.get("/openapi.json")
def openapi_json():
    return openapi_document()


@bp.post("/tally/grid")
def tally_grid():
    body = _json_object(GRID_FIELDS)
    typed = body.get("cards")
    if typed is None:
        raise CaddieError("Send the cards of the finished grid, top row then bottom row, "
                          'as a list such as ["K", "5", "7", "K", "3", "9"].', "cards")
    if not isinstance(typed, list):
        raise CaddieError('The cards are a list such as ["K", "5", "7", "K", "3", "9"], '
                          "top row then bottom row.", "cards")
    rules = _grid_rules(body)
    decks = _decks(body)
    if len(typed) != rules.cards:
        raise CaddieError(f"This grid has {len(typed)} cards, but the rules in force deal "
                          f"{rules.cards}: enter every card, top row then bottom row.", "cards")
    cards = [_grid_card(text, i) for i, text in enumerate(typed)]
    check_grid(cards, rules, decks)
    scored = score_grid(cards, rules)
    return {"score": scored.total, "columns": [c.to_dict() for c in scored.columns],
            "rules": rules.to_dict()}


@bp.post("/tally/clubs")
def tally_clubs():
    body = _json_object(CLUB_FIELDS)
    if "yardage" not in body:
        raise CaddieError("Send the hole's yardage, a whole number of yards such as 412.", "yardage")
    yardage = check_yardage(body["yardage"])
    cards = body.get("cards")
    if cards is None:
        raise CaddieError("Send the yardage cards played on the hole, as a list such as [250, 160, 3].",
                          "cards")
    if not isinstance(cards, list):
        raise CaddieError("The cards played are a list of yardages, such as [250, 160, 3].", "cards")
    for i, card in enumerate(cards):
        if not _is_int(card):
            raise CaddieError(f"Card {i + 1} is not a yardage: each card is a whole number of yards, "
                              "such as 250.", f"cards[{i}]")
    rules = _club_rules(body)
    decks = _decks(body)
    return score_club_hole(yardage, cards, rules, decks).to_dict()


# -- reading the body ---------------------------------------------------------

def _json_object(allowed: tuple[str, ...]) -> dict[str, Any]:
    """The request body as a JSON object holding only ``allowed`` fields."""
    if not request.is_json:
        raise CaddieError("Send the request as JSON, with the header Content-Type: application/json.")
    try:
        body = json.loads(request.get_data(cache=True))
    except (ValueError, RecursionError):  # bad syntax or encoding; absurdly deep nesting
        raise CaddieError("The request body is not valid JSON.") from None
    if not isinstance(body, dict):
        raise CaddieError("The request body must be a JSON object, such as {\"cards\": [...]}.")
    for key in body:
        if key not in allowed:
            raise CaddieError(f'"{_shown(key)}" is not a field of this request; the fields are '
                              f'{", ".join(allowed)}.', key)
    return body


def _grid_rules(body: Mapping[str, Any]) -> Rules:
    name = body.get("preset", "standard")
    if not isinstance(name, str):
        raise CaddieError(f"The preset is a name: {_choices(PRESETS)}.", "preset")
    base = preset(name)
    overrides = body.get("rules", {})
    if not isinstance(overrides, dict):
        raise CaddieError("The rules are an object of field names and values, such as {\"king\": 0}.",
                          "rules")
    try:
        return Rules.from_dict(overrides, base=base)
    except RulesError as err:
        raise RulesError(err.message, f"rules.{err.field}" if err.field else "rules") from None


def _grid_card(text: Any, i: int) -> str:
    field = f"cards[{i}]"
    if text is None or (isinstance(text, str) and not text.strip()):
        raise CaddieError(f"Card {i + 1} is missing: a tallied grid is finished, so enter every card.", field)
    if not isinstance(text, str):
        raise CaddieError(f'Card {i + 1} is not a card: write each card as text, such as "K", "10" or "JK".',
                          field)
    return parse_card(text, field=field)


def _decks(body: Mapping[str, Any]) -> int:
    decks = body.get("decks", 1)
    if not _is_int(decks) or not MIN_DECKS <= decks <= MAX_DECKS:
        raise CaddieError(f"The number of decks in play is a whole number from {MIN_DECKS} to {MAX_DECKS}.",
                          "decks")
    return decks


def _club_rules(body: Mapping[str, Any]) -> ClubRules:
    """The default Club Cards deck and chart, with any of the body's overrides.

    The overrides have the shape of ``ClubRules.to_dict``; here only their
    shape is checked, the core decides whether the values make a deck and a chart.
    """
    settings: dict[str, Any] = {}
    if "deck" in body:
        deck = body["deck"]
        if not isinstance(deck, list) or not deck:
            raise CaddieError("The deck is a list of the yardages of its cards, such as [250, 245, ...].",
                              "deck")
        for i, card in enumerate(deck):
            if not _is_int(card):
                raise CaddieError(f"Deck card {i + 1} is not a yardage: each card is a whole number of yards.",
                                  f"deck[{i}]")
        settings["deck"] = deck
    if "penalty_chart" in body:
        chart = body["penalty_chart"]
        if not isinstance(chart, list) or not chart:
            raise CaddieError('The penalty chart is a list of bands such as {"up_to": 10, "strokes": 1}, '
                              "starting with the band for 0 yards over.", "penalty_chart")
        for i, band in enumerate(chart):
            field = f"penalty_chart[{i}]"
            if not isinstance(band, dict) or set(band) != {"up_to", "strokes"}:
                raise CaddieError(f'Penalty band {i + 1} must be an object with just "up_to" (yards over) '
                                  'and "strokes".', field)
            for key in ("up_to", "strokes"):
                if not _is_int(band[key]):
                    raise CaddieError(f'Penalty band {i + 1}: "{key}" is a whole number.', f"{field}.{key}")
        settings["penalty_chart"] = chart
    if "beyond" in body:
        if not _is_int(body["beyond"]):
            raise CaddieError("The penalty for going over by more than the last band is a whole number "
                              "of strokes.", "beyond")
        settings["beyond"] = body["beyond"]
    return ClubRules.from_dict(settings)


# -- small helpers ------------------------------------------------------------

def _is_int(value: Any) -> bool:
    """A JSON integer: not a boolean, not a float such as 3.0."""
    return type(value) is int


def _choices(names) -> str:
    names = list(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


def _shown(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[:limit] + "…"
