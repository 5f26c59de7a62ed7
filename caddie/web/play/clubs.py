"""Play: a Club Cards round against computer opponents (a solo table), and how a Club Cards
table is drawn for a seat, at a solo table or a live one (``presenters``).

The person's selection of cards is page state, kept in the URL
(``?pick=250&pick=160``) so a reload or Back keeps it and htmx can ask for the
running total with a plain GET. A play is a POST naming the table version it was
based on.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from flask import Blueprint, current_app, redirect, request, url_for

from caddie.core.clubs.caddie import advise_view
from caddie.core.clubs.game import NEXT, ClubAction
from caddie.core.clubs.hand import Selection, club_label, marked, picks_from
from caddie.core.clubs.opponents import LEVEL_NAMES
from caddie.core.clubs.scoring import ClubRules
from caddie.core.clubs.view import ClubView, own_hand
from caddie.core.courses.course import Course
from caddie.core.errors import CaddieError
from caddie.core.games.club_cards import CLUB_CARDS
from caddie.core.ledger import check_names
from caddie.core.words import winners_sentence
from caddie.forms.base import first_error
from caddie.forms.club_play import StartClubRoundForm
from caddie.forms.play import DEFAULT_NAMES
from caddie.store import live_tables
from caddie.store.courses import course_choices, find_course
from caddie.store.models import LiveTableRecord
from caddie.web.cpu_budget import run_heavy
from caddie.web.identity import browser_id
from caddie.web.live.driver import timing_for
from caddie.web.play.pages import add_old_addresses
from caddie.web.rendering import page_or_fragment
from caddie.web.table_in_force import current_table

bp = Blueprint("club_play", __name__, url_prefix="/play/clubs")


@bp.route("/", methods=["GET", "POST"])
def index():
    owner = browser_id()
    form = StartClubRoundForm()
    form.course.choices = course_choices(owner)
    if request.method == "GET":
        form.fill_defaults()
    errors: dict[str, str] = {}
    if request.method == "POST" and form.validate():
        try:
            row = _start(form)
        except CaddieError as err:
            errors[err.field if err.field in ("course", "player", "opponents") else "form"] = err.message
        else:
            return redirect(url_for("live.table", public_id=row.public_id), code=303)
    elif request.method == "POST":
        errors["form"] = "Nothing was started: " + first_error(form.errors)
    rounds = [(row, live_tables.read(row)) for row in live_tables.solo_tables_for(owner, CLUB_CARDS.name)]
    body = page_or_fragment(
        "club_play/index.html",
        "club_play/index.html",
        form=form,
        errors=errors,
        rounds=rounds,
        levels=LEVEL_NAMES,
    )
    return body, (400 if errors else 200)


def chosen_course(form: Any) -> Course:
    """The course ``form`` names among this browser's, cut to its front nine when asked."""
    course = find_course(form.course.data, browser_id())
    if course is None:
        raise CaddieError("Choose one of the courses listed.", "course")
    if form.front_nine.data and len(course.holes) == 18:
        course = Course(
            name=f"{course.name} (front nine)", tee=course.tee, holes=course.holes[:9], sample=course.sample
        )
    return course


def _start(form: StartClubRoundForm) -> LiveTableRecord:
    course = chosen_course(form)
    opponents = form.seats.entries[: form.opponents.data]
    try:
        names = check_names(
            [form.player.data or "You"] + [e.form.name.data or DEFAULT_NAMES[i] for i, e in enumerate(opponents)]
        )
    except CaddieError as err:
        raise CaddieError(err.message, "player") from None
    levels = [e.form.level.data for e in opponents]
    owner = browser_id(create=True)
    assert owner is not None  # create=True always gives one
    settings = CLUB_CARDS.settings_for(current_table(), None, course)
    computers = list(zip(names[1:], levels))
    timing = timing_for(current_app)
    return live_tables.create_solo(owner, CLUB_CARDS.name, settings, names[0], computers, timing=timing)


def hint(view: ClubView, seed: str) -> Any:
    """The caddie's play for the person's shot, decided from their view alone."""
    return run_heavy(advise_view, view, seed=seed) if view["current"] == view["seat"] else None


def table_context(view: ClubView, picks: list[int] | None, advice: Any = None) -> dict[str, Any]:
    """What the round's table shows of ``view``, for whichever seat it is (a solo round's person, or
    a seat at a live table): the selection of cards and its running total, the prompt, the card."""
    rules = ClubRules.from_dict(view["rules"])
    my_turn = view["current"] == view["seat"]
    if advice is not None:
        picks = list(advice.play.cards)
    hand = own_hand(view)
    whole_hand_short = sum(hand) < view["yardage"]
    if my_turn and whole_hand_short:
        picks = list(hand)
    return {
        "view": view,
        "rules": rules,
        "prompt": prompt_for(view, whole_hand_short),
        "my_turn": my_turn,
        "selection": Selection.of(hand, picks or [], view["yardage"], rules),
        "whole_hand_short": whole_hand_short,
        "advice": advice,
        "fresh": marked(hand, view["drawn"] or []),
        "level_names": LEVEL_NAMES,
        "club_label": club_label,
        "card": scorecard(view),
        "hole_plays": hole_plays(view),
        "winner_line": winner_line(view),
        "rules_chip": rules.describe(),  # the header speaks of this round's rules, not Settings'
    }


def prompt_for(view: ClubView, whole_hand_short: bool) -> str:
    """One line that says what happens now, from the person's point of view."""
    phase, current = view["phase"], view["current"]
    if phase == "round_over":
        return "The round is over."
    if phase == "hole_over":
        return f"Hole {view['hole']} is over."
    if current is None:  # only between holes and at the end, both answered above
        return ""
    if current != view["seat"]:
        return f"{view['players'][current]['name']} is playing…"
    if whole_hand_short:
        return (
            f"Your whole hand reaches only {sum(own_hand(view))} of {view['yardage']} yards: play every card, "
            "then cards are turned from the pile, a stroke each."
        )
    return f"Your shot: tap cards that reach {view['yardage']} yards, then Play."


def scorecard(view: ClubView) -> dict[str, Any]:
    """The card so far: a row per hole (hole, par, yardage, each player's score) and the totals."""
    holes = view["course"]["holes"]
    played = len(view["hole_scores"])
    rows = [
        {
            "number": i + 1,
            "par": h["par"],
            "yardage": h["yardage"],
            "current": i + 1 == view["hole"],
            "scores": view["hole_scores"][i] if i < played else None,
        }
        for i, h in enumerate(holes)
    ]
    par_so_far = sum(h["par"] for h in holes[:played])
    return {
        "rows": rows,
        "par": sum(h["par"] for h in holes),
        "played": played,
        "totals": view["totals"],
        "vs_par": [t - par_so_far for t in view["totals"]] if played else None,
    }


def winner_line(view: ClubView) -> str | None:
    """Who won the finished round, in the second person for the person ("You win the round with 63")."""
    if view["phase"] != "round_over":
        return None
    best = min(view["totals"])
    names = [p["name"] for p in view["players"] if p["total"] == best]
    return winners_sentence(names, f"wins the round with {best}", f"share the round with {best}")


def hole_plays(view: ClubView) -> dict[int, dict[str, Any]]:
    """Per seat, what they played on the hole in hand (from the public events), once played."""
    plays = {}
    for event in view["events"]:
        if event["kind"] == "play" and event["hole"] == view["hole"]:
            plays[event["seat"]] = event
    return plays


def picks_state(values: Mapping[str, str]) -> dict[str, Any]:
    """The cards tapped so far, kept in the table's address and sent with a move."""
    return {"picks": picks_from(values)}


def read_move(form: Mapping[str, str], state: dict[str, Any]) -> tuple[ClubAction | None, str | None]:
    kind, picks = form.get("action"), state["picks"]
    if kind == "next":
        return NEXT, None
    if kind != "play":
        return None, "That is not a move in this game."
    if not picks:
        return None, "Tap the cards you play first."
    try:
        return ClubAction.play(picks), None
    except CaddieError as err:
        return None, err.message


add_old_addresses(bp)
