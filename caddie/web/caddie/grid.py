"""Caddie: the turn-by-turn walkthrough for a hand at a real table."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import Blueprint, request, url_for

from caddie.core.errors import CaddieError
from caddie.core.grid.advisor import advise_in_words
from caddie.core.grid.caddie import CLOSE_CALL
from caddie.core.grid.game import position_name
from caddie.core.grid.rules import Rules
from caddie.core.grid.scoring import score_grid
from caddie.core.grid.walk_record import hand_decisions
from caddie.core.grid.walkthrough import MAX_WALK_OPPONENTS, TAPS, Walk
from caddie.web.cpu_budget import OverBudget, cpu_budget, run_heavy
from caddie.web.ledger import ledger_offers
from caddie.web.rendering import is_htmx, tap_response
from caddie.web.table_in_force import current_table

bp = Blueprint("caddie", __name__, url_prefix="/caddie")

ASKS = {  # what the keypad is for, by step (the advice and place steps say it beside the advice)
    "flip": "Tap the card that shows",
    "discard": "Tap the card on top of the discard pile",
    "drawn": "Tap the card you drew",
    "reveal": "Tap the card that was face down there",
    "thrown": "Tap the card they threw on the discard pile",
    "final": "The hole is over: tap the card that shows",
}
SWITCH_STEPS = ("discard", "advice", "drawn", "place", "wait")  # where "this is my final turn" is offered


@bp.get("/")
@cpu_budget
def walk():
    table = current_table()
    rules = table.rules
    walk, problems = Walk.from_args(request.args, rules.cards, min(table.players - 1, MAX_WALK_OPPONENTS))
    rules = replace(rules, cards=walk.size)
    walk = walk.settled(rules)
    acted = any(request.args.get(a) not in (None, "") for a in TAPS)
    error = problems[0] if problems else None
    try:
        walk = walk.tap(request.args, rules)
    except CaddieError as err:
        error = err.message
    advice, refused = None, False
    try:
        advice = _advice(walk, rules)
    except OverBudget as refusal:  # no advice for now, but what was done at the table can be tapped in
        error, refused = refusal.message, True
    except CaddieError as err:
        error = err.message
    canonical = url_for("caddie.walk", **walk.to_args())
    score = score_grid(walk.grid, rules)
    opp_ask = None
    their_turn = walk.step == "wait" and bool(walk.opponents)
    if walk.opp_slot is not None:
        who, where = walk.opp_slot
        if their_turn and who == walk.turn:
            opp_ask = None  # the turn's own keypad asks (below)
        else:
            opp_ask = f"Tap the card {opponent_name(who)} shows ({position_name(where, walk.size)})"
    context = {
        "walk": walk,
        "rules": rules,
        "advice": advice,
        "error": error,
        "score": score,
        "ask": _ask_for(walk, advice, refused),
        "advice_refused": refused,
        "plan": _plan(walk, advice),
        "close_call": CLOSE_CALL,
        "their_turn": their_turn,
        "opp_ask": opp_ask,
        "opponent_names": [opponent_name(i) for i in range(len(walk.opponents))],
        "max_opponents": MAX_WALK_OPPONENTS,
        "final_switch": rules.end == "final_turn" and walk.step in SWITCH_STEPS,
        "positions": [position_name(i, walk.size) for i in range(walk.size)],
        "flip_targets": set(advice["positions"] or []) if advice and advice["action"] == "flip" else set(),
        **_keeping(walk, rules),
        "ledger_score": score.total if walk.step == "done" else None,
        "ledger_rounds": ledger_offers("grid") if walk.step == "done" else [],
        "oob": is_htmx(),
    }
    # a tap the budget left without advice was still made: the address moves on with it
    return tap_response("caddie/walk.html", "caddie/_walk.html", canonical, acted, error is None or refused, **context)


def _keeping(walk: Walk, rules: Rules) -> dict[str, Any]:
    """At the hand's end, whether it can be kept and reviewed (``keep_hand``: its decisions), or
    why not (``keep_hand_none``): its log plays through again only from a walk begun afresh."""
    if walk.step != "done":
        return {"keep_hand": None}
    try:
        decisions = hand_decisions(walk, rules)
    except CaddieError:
        return {
            "keep_hand": None,
            "keep_hand_none": "This hand was begun before its steps were kept: it cannot be reviewed.",
        }
    if not decisions:
        return {"keep_hand": None, "keep_hand_none": "No decision of yours was tapped in this hand: nothing to review."}
    return {
        "keep_hand": {
            "action": url_for("caddie.keep_hand"),
            "what": "hand",
            "counted": "decision",
            "count": len(decisions),
        }
    }


def opponent_name(index: int) -> str:
    """Opponents are in playing order, from the player after you."""
    return ("the next player", "the second player", "the third player")[index] if index < 3 else f"opponent {index + 1}"


def _ask_for(walk: Walk, advice: dict | None, refused: bool = False) -> str | None:
    """What the keypad is for just now, or None where there is no keypad (``refused``: the
    caddie's advice was refused for this phone's budget, and the person goes on without it)."""
    positions = [position_name(i, walk.size) for i in range(walk.size)]
    if walk.step == "wait":
        if not walk.opponents:
            return "Your turn is over. When it comes round again, tap the card on top of the discard pile"
        if walk.opp_slot is not None:
            return f"Tap the card they put {positions[walk.opp_slot[1]]}"
        return "When they are done, tap the card on top of the discard pile"
    if walk.step == "advice":
        return "Drew from the deck? Tap the card you drew" if advice or refused else None
    if walk.step == "place":
        plan = _plan(walk, advice)
        if plan and plan.startswith("swap"):
            return f"Put the {walk.drawn} {positions[int(plan[5:])]}, then tap the card that was face down there"
        if plan:
            return f"Discard the {walk.drawn}, turn up {positions[int(plan[8:])]}, and tap what it shows"
        return None
    if walk.step == "reveal":
        if walk.slot is None:
            return "Tap the card you turned up, then what it shows"
        if walk.grid[walk.slot] is None:
            return f"Tap the card you turned up ({positions[walk.slot]})"
    ask = ASKS.get(walk.step)
    if ask and walk.slot is not None and walk.step in ("flip", "final", "reveal"):
        return f"{ask} ({positions[walk.slot]})"
    if ask and walk.step in ("flip", "final") and walk.face_down:
        target = _plan(walk, advice)
        slot = int(target[5:]) if target else walk.face_down[0]
        return f"{ask} ({positions[slot]})"
    return ask


def _plan(walk: Walk, advice: dict | None) -> str | None:
    """The advised move a keypad tap completes (docs/caddie.md): the flip the caddie advises,
    or a swap or a forced flip that meets a face-down card."""
    if not advice:
        return None
    if walk.step == "flip" and walk.slot is None and advice["action"] == "flip":
        return f"flip:{advice['positions'][0]}"
    if walk.step == "place" and advice["action"] == "swap" and walk.grid[advice["position"]] is None:
        return f"swap:{advice['position']}"
    if walk.step == "place" and advice["action"] == "discard" and advice["flip"] is not None:
        return f"discard:{advice['flip']}"
    return None


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
        return run_heavy(advise_in_words, walk.advisor_request(rules.to_dict(), with_drawn=False))
    if walk.step == "advice" and walk.discard:
        return run_heavy(advise_in_words, walk.advisor_request(rules.to_dict(), with_drawn=False))
    if walk.step == "place" and walk.drawn:
        return run_heavy(advise_in_words, walk.advisor_request(rules.to_dict(), with_drawn=True))
    return None
