"""Your hands, reviewed (docs/caddie.md, "Your hand, reviewed"): a hand followed with the
walkthrough at a real table, kept at its end with the Caddie's review of the person's decisions,
and the list of kept hands to come back to.

The walk's page offers "Keep and review this hand" once the hole is over and its log plays through
again (``caddie.core.grid.walk_record``). Keeping it is a POST of the walk's own state: the
decisions are worked out again from its log (cheap), judged in the helper process within the
phone's CPU budget (one Caddie decision each), and kept for this browser.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from flask import abort, redirect, render_template, request, url_for

from caddie.core.errors import CaddieError
from caddie.core.grid.game import position_name
from caddie.core.grid.rules import Rules
from caddie.core.grid.scoring import score_grid
from caddie.core.grid.walk_record import hand_decisions, review_decisions
from caddie.core.grid.walkthrough import Walk
from caddie.core.verdicts import seat_summary
from caddie.store import walk_hands
from caddie.store.models import WalkHand
from caddie.web.caddie.grid import bp, opponent_name
from caddie.web.cpu_budget import OverBudget, cpu_budget, run_heavy
from caddie.web.identity import browser_id
from caddie.web.table_in_force import current_table

REVIEW_BASIS = (
    "Each cost is the points, on average, a choice gave away against where the caddie's choice "
    "would have left you, as the caddie plays both out over the same deals of the cards you could not see."
)


@bp.post("/hands")
@cpu_budget
def keep_hand():
    rules = current_table().rules
    walk, _problems = Walk.from_args(request.form, rules.cards)
    rules = replace(rules, cards=walk.size)
    walk = walk.settled(rules)
    if walk.step != "done":
        return _refused("The hand is not over yet: finish it, then keep it.")
    try:
        decisions = hand_decisions(walk, rules)
        if not decisions:
            return _refused("This hand has no decision of yours to review.")
        review = run_heavy(review_decisions, decisions)
        hand = {
            "grid": list(walk.grid),
            "score": score_grid(walk.grid, rules).total,
            "opponents": [list(grid) for grid in walk.opponents],
        }
        public_id = walk_hands.keep(str(browser_id(create=True)), rules.to_dict(), hand, decisions, review)
    except OverBudget as refusal:
        return _refused(refusal.message, 429)
    except CaddieError as err:
        return _refused(err.message)
    return redirect(url_for("caddie.hand", public_id=public_id), code=303)


@bp.get("/hands")
def hands():
    kept = [_listed(row) for row in walk_hands.kept_by(browser_id())]
    response = render_template("caddie/hands.html", title="Your hands", hands=kept)
    return response, 200, {"Cache-Control": "no-store"}


@bp.get("/hands/<public_id>")
def hand(public_id: str):
    row = _own_hand(public_id)
    rules = Rules.from_dict(row.rules)
    response = render_template(
        "caddie/hand.html",
        title="Your hand, reviewed",
        row=row,
        rules=rules,
        grid=row.hand["grid"],
        score=score_grid(row.hand["grid"], rules),
        positions=[position_name(i, rules.cards) for i in range(rules.cards)],
        opponent_names=[opponent_name(i) for i in range(len(row.hand["opponents"]))],
        review=seat_summary(row.review, 0) or {"considered": 0, "total": 0.0, "items": []},
        review_title="Your hand, reviewed",
        review_unit="points",
        review_basis=REVIEW_BASIS,
        decisions=len(row.decisions),
    )
    return response, 200, {"Cache-Control": "no-store"}


@bp.post("/hands/<public_id>/remove")
def remove_hand(public_id: str):
    walk_hands.remove(_own_hand(public_id))
    return redirect(url_for("caddie.hands"), code=303)


def _own_hand(public_id: str) -> WalkHand:
    """The hand this browser kept under this id; the 404 of no page for anyone else's."""
    row = walk_hands.find(public_id, browser_id())
    if row is None:
        abort(404)
    return row


def _listed(row: WalkHand) -> dict[str, Any]:
    review = seat_summary(row.review, 0)
    return {
        "url": url_for("caddie.hand", public_id=row.public_id),
        "kept_at": row.kept_at,
        "score": row.hand["score"],
        "decisions": len(row.decisions),
        "lost": review["total"] if review else 0.0,
    }


def _refused(message: str, status: int = 400):
    response = render_template("caddie/hand_refused.html", title="Your hand", message=message)
    return response, status
