"""Caddie for Club Cards: hole by hole at a real table, on a course.

Tap in the hand you were dealt; the caddie chooses the play for this hole,
weighing it against the holes still to come; tap "Played these" (the caddie's
cards, or the ones you chose), tap in the cards you draw, and so on to the
last hole. The whole state is in the URL (``club_walk``): reload keeps it and
Back undoes a step.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from flask import Blueprint, request, url_for

from caddie.core.clubs.caddie import Advice
from caddie.core.clubs.hand import Selection, club_label, groups, marked, picks_from
from caddie.core.clubs.scoring import ClubRules
from caddie.core.clubs.walkthrough import ClubWalk, round_plays, walk_advice
from caddie.core.courses.course import Course
from caddie.core.errors import CaddieError
from caddie.store.courses import RANDOM_KEYS, course_choices, find_course
from caddie.web.cpu_budget import OverBudget, cpu_budget, run_heavy
from caddie.web.identity import browser_id
from caddie.web.ledger import ledger_offers
from caddie.web.rendering import is_htmx, tap_response
from caddie.web.table_in_force import current_table

bp = Blueprint("caddie_clubs", __name__, url_prefix="/caddie/clubs")

ACTIONS = ("add", "remove", "unturn", "played", "start")


@lru_cache(maxsize=256)
def _advice(hand: tuple[int, ...], yardage: int, upcoming: tuple[int, ...], rules: ClubRules, decks: int) -> Advice:
    """The caddie's play; the same question always gets the same answer (and each tap that only
    changes the selection does not ask again)."""
    return run_heavy(walk_advice, hand, yardage, upcoming, rules, decks)


@bp.get("/")
@cpu_budget
def walk():
    table = current_table()
    rules, decks = table.clubs, table.club_decks
    owner = browser_id()
    choices = [(key, label) for key, label in course_choices(owner) if key not in RANDOM_KEYS]
    key = request.args.get("course")
    course = find_course(key, owner) if key and key not in RANDOM_KEYS else None
    error = None
    if key and course is None:
        error = "Choose one of the courses listed."
    walk = ClubWalk.from_args(request.args, course, rules, decks)
    if course is not None and request.args.get("start"):
        walk = ClubWalk(course_key=key, hole=_start_hole(request.args.get("hole"), course))
    if walk.problems:
        error = walk.problems[0]
    acted = any(request.args.get(a) not in (None, "") for a in ACTIONS)
    try:
        walk = _apply(walk, course, rules, decks)
    except CaddieError as err:
        error = err.message
    context = _context(walk, course, rules, decks, choices, error)
    args: dict[str, Any] = dict(walk.to_args())
    if request.args.get("picked") and not acted and context.get("step") == "play":
        args.update(picked="1", pick=picks_from(request.args))  # a changed selection is part of the page's address
    canonical = url_for("caddie_clubs.walk", **args)
    ok = context["error"] is None
    return tap_response("caddie/clubs.html", "caddie/_clubs_walk.html", canonical, acted, ok, **context)


def _start_hole(text: str | None, course: Course) -> int:
    return int(text) if text and text.isdecimal() and len(text) <= 3 and 1 <= int(text) <= len(course.holes) else 1


def _apply(walk: ClubWalk, course: Course | None, rules: ClubRules, decks: int) -> ClubWalk:
    if course is None:
        return walk
    picks = picks_from(request.args)
    return walk.tap(request.args, course, rules, decks, picks, lambda: _advised_cards(walk, course, rules, decks))


def _advised_cards(walk: ClubWalk, course: Course, rules: ClubRules, decks: int) -> list[int]:
    if walk.step(course) != "play":
        return []
    upcoming = tuple(h.yardage for h in course.holes[walk.hole :])
    return list(_advice(walk.hand, course.holes[walk.hole - 1].yardage, upcoming, rules, decks).play.cards)


def _context(walk: ClubWalk, course: Course | None, rules: ClubRules, decks: int, choices, error) -> dict:
    context = {
        "walk": walk,
        "course": course,
        "choices": choices,
        "error": error,
        "rules": rules,
        "decks": decks,
        "groups": groups(rules.deck),
        "club_label": club_label,
        "ledger_score": None,
        "ledger_rounds": [],
        "oob": is_htmx(),
    }
    if course is None:
        return context
    step = walk.step(course)
    context["step"] = step
    context["par_so_far"] = sum(h.par for h in course.holes[: len(walk.scores)])
    if step == "done":
        return {**context, **_keeping(walk, course, rules, decks)}
    hole = course.holes[walk.hole - 1]
    context.update(yardage=hole.yardage, par=hole.par)
    advice = None
    if step == "play":
        try:
            advice = _advice(walk.hand, hole.yardage, tuple(h.yardage for h in course.holes[walk.hole :]), rules, decks)
        except OverBudget as refusal:  # the cards can still be ticked and played by hand
            context["error"] = refusal.message
        # the advice is the selection until the person changes it ("picked" says they did)
        picks = list(advice.play.cards) if advice and not request.args.get("picked") else picks_from(request.args)
        context["selection"] = Selection.of(list(walk.hand), picks, hole.yardage, rules)
    elif step == "short":
        context["selection"] = Selection.of(
            list(walk.hand) + list(walk.turned), list(walk.hand) + list(walk.turned), hole.yardage, rules
        )
    context["advice"] = advice
    context["advised"] = marked(list(walk.hand), list(advice.play.cards)) if advice else None
    if walk.scores:  # the hole just played can go into a ledger round
        context.update(ledger_score=walk.scores[-1], ledger_rounds=ledger_offers("clubs"))
    return context


def _keeping(walk: ClubWalk, course: Course, rules: ClubRules, decks: int) -> dict[str, Any]:
    """At the round's end, whether it can be kept and reviewed (``keep_hand``), or why not."""
    try:
        plays = round_plays(walk, course, rules, decks)
    except CaddieError as err:
        return {"keep_hand": None, "keep_hand_none": err.message}
    if not plays:
        return {"keep_hand": None, "keep_hand_none": "No play of yours was chosen this round: nothing to review."}
    action = url_for("caddie_clubs.keep_round")
    return {"keep_hand": {"action": action, "what": "round", "counted": "play", "count": len(plays)}}
