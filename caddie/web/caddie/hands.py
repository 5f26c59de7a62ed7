"""Your hands, reviewed (docs/caddie.md, "Your hand, reviewed"): a hand (Grid Golf) or a round
(Club Cards) followed with the walkthrough at a real table, kept at its end with the Caddie's
review of the person's decisions, and the list of kept ones to come back to.

Each walkthrough's page offers to keep it once it is over and its log plays through again (the
grid's here, ``keep_hand``; the clubs round's in ``caddie.web.caddie.club_hands``). Keeping is a
POST of the walk's own state: the decisions are worked out again from its log (cheap), judged in
the helper process within the phone's CPU budget, and kept for this browser. A kept one's page
is the same for both games but for its summary (the presenter's ``hand_part``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from flask import abort, redirect, render_template, request, url_for

from caddie.core.errors import CaddieError
from caddie.core.games import game_named
from caddie.core.grid.scoring import score_grid
from caddie.core.grid.walk_record import hand_decisions, review_decisions
from caddie.core.grid.walkthrough import Walk
from caddie.core.verdicts import seat_summary
from caddie.store import walk_hands
from caddie.store.models import WalkHand
from caddie.web.caddie.grid import bp
from caddie.web.cpu_budget import OverBudget, cpu_budget, run_heavy
from caddie.web.identity import browser_id
from caddie.web.play.presenters import presenter_for
from caddie.web.table_in_force import current_table

Kept = tuple[str, dict[str, Any], dict[str, Any], list[Any], list[Any]]  # game, rules, hand, decisions, review


@bp.post("/hands")
@cpu_budget
def keep_hand():
    rules = current_table().rules
    walk, _problems = Walk.from_args(request.form, rules.cards)
    rules = replace(rules, cards=walk.size)
    walk = walk.settled(rules)
    if walk.step != "done":
        return refused("The hand is not over yet: finish it, then keep it.")

    def worked_out() -> Kept:
        decisions = hand_decisions(walk, rules)
        if not decisions:
            raise CaddieError("This hand has no decision of yours to review.", "log")
        score = score_grid(walk.grid, rules).total
        hand = {
            "heading": "Your hand",
            "title": f"Grid hand, scored {score}",
            "grid": list(walk.grid),
            "score": score,
            "opponents": [list(grid) for grid in walk.opponents],
        }
        return "grid", rules.to_dict(), hand, decisions, run_heavy(review_decisions, decisions)

    return keep(worked_out)


def keep(worked_out: Callable[[], Kept]):
    """Keep what ``worked_out`` gives for this browser and show it; its refusal (a sentence, or
    the phone's CPU budget spent) on a page of its own, nothing kept."""
    try:
        game, rules, hand, decisions, review = worked_out()
        public_id = walk_hands.keep(str(browser_id(create=True)), game, rules, hand, decisions, review)
    except OverBudget as refusal:
        return refused(refusal.message, 429)
    except CaddieError as err:
        return refused(err.message)
    return redirect(url_for("caddie.hand", public_id=public_id), code=303)


@bp.get("/hands")
def hands():
    kept = [_listed(row) for row in walk_hands.kept_by(browser_id())]
    response = render_template("caddie/hands.html", title="Your hands", hands=kept)
    return response, 200, {"Cache-Control": "no-store"}


@bp.get("/hands/<public_id>")
def hand(public_id: str):
    row = _own_hand(public_id)
    kind = game_named(row.game)
    presenter = presenter_for(kind)
    heading = row.hand.get("heading", "Your hand")
    response = render_template(
        "caddie/hand.html",
        title=f"{heading}, reviewed",
        heading=heading,
        row=row,
        hand_part=presenter.hand_part,
        **presenter.hand_context(row.rules, row.hand),
        review=seat_summary(row.review, 0) or {"considered": 0, "total": 0.0, "items": []},
        review_title=f"{heading}, reviewed",
        review_unit=kind.loss_unit,
        review_basis=kind.loss_basis,
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
        "title": row.hand.get("title", "A hand"),
        "kept_at": row.kept_at,
        "decisions": len(row.decisions),
        "lost": review["total"] if review else 0.0,
        "unit": game_named(row.game).loss_unit,
    }


def refused(message: str, status: int = 400):
    response = render_template("caddie/hand_refused.html", title="Your hand", message=message)
    return response, status
