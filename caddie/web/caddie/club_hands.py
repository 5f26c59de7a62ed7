"""Your round, reviewed: a Club Cards round followed with the walkthrough, kept at its end with the
Caddie's review of each play the person chose (docs/caddie.md, "Your hand, reviewed"). Kept and
listed with the grid's hands (``caddie.web.caddie.hands``)."""

from __future__ import annotations

from flask import request

from caddie.core.clubs.review import review_round
from caddie.core.clubs.walkthrough import ClubWalk, round_plays
from caddie.core.errors import CaddieError
from caddie.store.courses import RANDOM_KEYS, find_course
from caddie.web.caddie.clubs import bp
from caddie.web.caddie.hands import Kept, keep, refused
from caddie.web.cpu_budget import cpu_budget, run_heavy
from caddie.web.identity import browser_id
from caddie.web.table_in_force import current_table


@bp.post("/rounds")
@cpu_budget
def keep_round():
    table = current_table()
    rules, decks = table.clubs, table.club_decks
    key = request.form.get("course")
    course = find_course(key, browser_id()) if key and key not in RANDOM_KEYS else None
    if course is None:
        return refused("Choose one of the courses listed.")
    walk = ClubWalk.from_args(request.form, course, rules, decks)
    if walk.step(course) != "done" or walk.problems:
        return refused("The round is not over yet: finish it, then keep it.")

    def worked_out() -> Kept:
        plays = round_plays(walk, course, rules, decks)
        if not plays:
            raise CaddieError("This round has no play of yours to review.", "log")
        first = walk.hole - len(walk.scores)
        holes = [
            {"hole": number, "yardage": hole.yardage, "par": hole.par, "score": score}
            for number, (hole, score) in enumerate(zip(course.holes[first - 1 :], walk.scores), start=first)
        ]
        total = sum(walk.scores)
        hand = {
            "heading": "Your round",
            "title": f"Club Cards round at {course.name}, {total} strokes",
            "course": course.name,
            "holes": holes,
            "score": total,
            "par": sum(h["par"] for h in holes),
        }
        rules_kept = {**rules.to_dict(), "decks": decks}
        return "clubs", rules_kept, hand, plays, run_heavy(review_round, plays, rules, decks)

    return keep(worked_out)
