"""Caddie: the turn-by-turn walkthrough for a hand at a real table."""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, request, url_for

from caddie.core.errors import CaddieError
from caddie.core.grid.advisor import advise
from caddie.core.grid.game import position_name
from caddie.core.grid.scoring import score_grid
from caddie.core.grid.walkthrough import MAX_WALK_OPPONENTS, TAPS, Walk
from caddie.offload.heavy_work import run_heavy
from caddie.web.ledger import rounds_to_add_to
from caddie.web.rendering import is_htmx, tap_response
from caddie.web.table_in_force import current_table

bp = Blueprint("caddie", __name__, url_prefix="/caddie")

ASKS = {  # what the keypad is for, by step
    "flip": "Tap the card that shows",
    "discard": "Tap the card on top of the discard pile",
    "drawn": "Tap the card you drew",
    "reveal": "Tap the card that was face down there",
    "final": "Tap the card that shows",
}
SWITCH_STEPS = ("discard", "advice", "drawn", "place", "wait")  # where "this is my final turn" is offered


@bp.get("/")
def walk():
    table = current_table()
    rules = table.rules
    walk, problems = Walk.from_args(request.args, rules.cards)
    rules = replace(rules, cards=walk.size)
    if rules.end != "final_turn":
        walk = replace(walk, last_turn=False)  # the hole ends the moment someone goes out
    acted = any(request.args.get(a) not in (None, "") for a in TAPS)
    error = problems[0] if problems else None
    try:
        walk = walk.tap(request.args, rules)
    except CaddieError as err:
        error = err.message
    advice = None
    try:
        advice = _advice(walk, rules)
        if walk.step == "flip" and advice is None:
            walk = replace(walk, step="discard")  # every card the rules turn up is up
    except CaddieError as err:
        error = err.message
    canonical = url_for("caddie.walk", **walk.to_args())
    score = score_grid(walk.grid, rules)
    opp_ask = None
    if walk.opp_slot is not None:
        who, where = walk.opp_slot
        opp_ask = f"Tap the card {opponent_name(who)} shows ({position_name(where, walk.size)})"
    context = {
        "walk": walk,
        "rules": rules,
        "advice": advice,
        "error": error,
        "score": score,
        "ask": ASKS.get(walk.step),
        "opp_ask": opp_ask,
        "opponent_names": [opponent_name(i) for i in range(len(walk.opponents))],
        "max_opponents": MAX_WALK_OPPONENTS,
        "final_switch": rules.end == "final_turn" and walk.step in SWITCH_STEPS,
        "positions": [position_name(i, walk.size) for i in range(walk.size)],
        "active_tab": "caddie",
        "flip_targets": set(advice["positions"] or []) if advice and advice["action"] == "flip" else set(),
        "ledger_score": score.total if walk.step == "done" else None,
        "ledger_rounds": rounds_to_add_to("grid") if walk.step == "done" else [],
        "oob": is_htmx(),
    }
    return tap_response("caddie/walk.html", "caddie/_walk.html", canonical, acted, error is None, **context)


def opponent_name(index: int) -> str:
    """Opponents are in playing order, from the player after you."""
    return ("the next player", "the second player", "the third player")[index] if index < 3 else f"opponent {index + 1}"


def _advice(walk: Walk, rules) -> dict | None:
    """The caddie's word for the step the walk is at, or None where it has nothing to say."""
    try:
        return _ask(walk, rules)
    except CaddieError as err:
        if not (err.field or "").startswith("discard_pile") or len(walk.pile) <= 1:
            raise
        # The deck was reshuffled at the table, so the cards seen go by no longer add up:
        # count from the top card alone.
        return _ask(replace(walk, pile=walk.pile[-1:]), rules)


def _ask(walk: Walk, rules) -> dict | None:
    if walk.step == "flip":
        if len(walk.grid) - len(walk.face_down) >= rules.initial_flips:
            return None
        return run_heavy(advise, walk.advisor_request(rules.to_dict(), with_drawn=False))
    if walk.step == "advice" and walk.discard:
        return run_heavy(advise, walk.advisor_request(rules.to_dict(), with_drawn=False))
    if walk.step == "place" and walk.drawn:
        return run_heavy(advise, walk.advisor_request(rules.to_dict(), with_drawn=True))
    return None
