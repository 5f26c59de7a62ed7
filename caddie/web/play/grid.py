"""Play: a Grid Golf match against computer opponents (a solo table, ``caddie.store.live_tables``),
and how a Grid Golf table is drawn for a seat, at a solo table or a live one (``presenters``)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from flask import Blueprint, current_app, redirect, render_template, request, url_for

from caddie.core.errors import CaddieError
from caddie.core.games.grid_golf import GRID_GOLF
from caddie.core.grid.caddie import decide
from caddie.core.grid.game import Action, position_name
from caddie.core.grid.rules import Rules, chip
from caddie.core.grid.scoring import score_table
from caddie.core.grid.view import GridView
from caddie.core.ledger import check_names
from caddie.core.words import says
from caddie.forms.base import first_error
from caddie.forms.play import DEFAULT_NAMES, LEVELS, StartMatchForm
from caddie.store import live_tables
from caddie.store.models import LiveTableRecord
from caddie.web.cpu_budget import run_heavy
from caddie.web.filters import card_name
from caddie.web.identity import browser_id
from caddie.web.live.driver import timing_for
from caddie.web.play.pages import add_old_addresses
from caddie.web.table_in_force import current_table

bp = Blueprint("play", __name__, url_prefix="/play")


@bp.route("/", methods=["GET", "POST"])
def index():
    form = StartMatchForm()
    if request.method == "GET":
        form.fill_defaults(current_table().rules)
    error = None
    if request.method == "POST" and form.validate():
        try:
            row = _start(form)
        except CaddieError as err:
            error = err.message
        else:
            return redirect(url_for("live.table", public_id=row.public_id), code=303)
    elif request.method == "POST":
        error = "Nothing was started: " + first_error(form.errors)
    games = [(row, live_tables.read(row)) for row in live_tables.solo_tables_for(browser_id(), GRID_GOLF.name)]
    return render_template(
        "play/index.html",
        form=form,
        error=error,
        games=games,
        levels=LEVELS,
        level_names=dict(LEVELS),
    ), (400 if error else 200)


def match_rules(house: Rules, form: Any) -> Rules:
    """The house rules with a match's own settings from ``form`` (a solo match's or a live table's)."""
    return replace(
        house,
        cards=form.cards.data,
        negatives=form.negatives.data,
        holes=form.holes.data,
        end="final_turn" if form.final_turn.data else "immediate",
        # ticked, the flip after a discard is the table's: always, or "optional" where Settings says so
        discard_flip=(house.discard_flip or True) if form.discard_flip.data else False,
    )


def _start(form: StartMatchForm) -> LiveTableRecord:
    table = current_table()
    rules = match_rules(table.rules, form)
    opponents = form.seats.entries[: form.opponents.data]
    names = check_names(
        [form.player.data or "You"] + [e.form.name.data or DEFAULT_NAMES[i] for i, e in enumerate(opponents)]
    )
    levels = [e.form.level.data for e in opponents]
    owner = browser_id(create=True)
    assert owner is not None  # create=True always gives one
    settings = GRID_GOLF.settings_for(replace(table, rules=rules), None)
    computers = list(zip(names[1:], levels))
    timing = timing_for(current_app)
    return live_tables.create_solo(owner, GRID_GOLF.name, settings, names[0], computers, timing=timing)


def table_context(view: GridView) -> dict[str, Any]:
    """What the table shows of ``view``, for whichever seat it is (a solo match's person, or a seat
    at a live table): the prompt, the legal targets, the motion of the latest move, and once the
    hole is over the hole as it was scored, line by line."""
    rules = Rules.from_dict(view["rules"])
    totals = [p["total"] for p in view["players"]]
    revealed = view["phase"] in ("hole_over", "match_over")
    hole = score_table([p["grid"] for p in view["players"]], view["went_out"], rules) if revealed else None
    return {
        "view": view,
        "rules": rules,
        "prompt": prompt_for(view),
        "legal": _legal_keys(view),
        "columns": {seat: player.grid.columns for seat, player in enumerate(hole.players)} if hole else None,
        "hole_lines": {seat: [*player.grid.bonuses, *player.adjustments] for seat, player in enumerate(hole.players)}
        if hole
        else None,
        "hole_scores": hole.scores if hole else None,
        "best_total": min(totals),
        "winners": [p["name"] for p in view["players"] if p["total"] == min(totals)],
        "position_names": [position_name(i, rules.cards) for i in range(rules.cards)],
        "motion": motion_of(view),
        "can_hint": view["current"] == view["seat"] and view["phase"] in ("flip", "turn"),
        "rules_chip": chip(rules),  # the header speaks of this match's rules, not Settings'
    }


def _legal_keys(view: GridView) -> set[str]:
    return {a["kind"] if a.get("position") is None else f"{a['kind']}:{a['position']}" for a in view["legal"]}


def prompt_for(view: GridView) -> str:
    """One line that says what happens now, from the person's point of view."""
    names = [p["name"] for p in view["players"]]
    me, current, phase = view["seat"], view["current"], view["phase"]
    if phase == "match_over":
        return "The match is over."
    if phase == "hole_over":
        return f"Hole {view['hole']} is over: every card is turned up and scored."
    if current is None:  # only between holes and at the end, both answered above
        return ""
    if current != me:
        final = " (final turn)" if view["final_turn"] else ""
        return f"{says(names[current], 'is playing')}{final}…"
    final = "Final turn! " if view["final_turn"] else ""
    if phase == "flip":
        n = view["flips_left"]
        return f"Turn up {n} of your cards: tap {'them' if n > 1 else 'one'}."
    if view["pending_flip"]:
        if view["rules"].get("discard_flip") == "optional":
            return "You discarded: tap a face-down card to turn it up, or leave them."
        return "You discarded, so turn up one of your face-down cards."
    if view["drawn"] is not None and view["drawn_by"] == me:
        card = card_name(view["drawn"])
        if view["drawn_from"] == "discard":
            return f"{final}Tap a card of yours to swap in the {card}."
        return f"{final}You drew the {card}: tap a card to swap it in, or discard it."
    kinds = {a["kind"] for a in view["legal"]}
    # two lines at most on a 390 px phone, so the whole table still fits the screen
    if "flip" in kinds and "knock" in kinds:
        return f"{final}Your turn: tap the deck, the discard or a face-down card, or knock."
    if "flip" in kinds:
        return f"{final}Your turn: tap the deck, the discard or a face-down card to turn it up."
    if "knock" in kinds:
        return f"{final}Your turn: tap the deck or the discard, or knock."
    return f"{final}Your turn: tap the deck or the discard."


def motion_of(view: GridView) -> dict[str, Any]:
    """What the latest move changed, for the page to show it moving: whose move (``seat``), its
    ``kind`` and ``position``, and the classes of the discard pile's top card and of the card in hand.
    Nothing moved once a new hole is dealt. Only public facts: the events are what every seat saw."""
    still: dict[str, Any] = {"seat": None, "kind": None, "position": None, "discard_class": "", "held_class": ""}
    latest = None
    for event in reversed(view.get("events") or []):
        if event["kind"] == "hole":  # the hole's end follows the move that brought it about
            continue
        if event["seat"] is not None and event["hole"] == view["hole"]:
            latest = event
        break
    if latest is None:
        return still
    kind, seat = latest["kind"], latest["seat"]
    discard_class = {
        "swap": "from-grid-mine" if seat == view["seat"] else "from-grid-theirs",
        "discard": "from-hand",
    }.get(kind, "")
    held_class = {"draw": "from-deck", "take": "from-discard"}.get(kind, "")
    return {
        "seat": seat,
        "kind": kind,
        "position": (latest.get("action") or {}).get("position"),
        "discard_class": discard_class,
        "held_class": held_class,
    }


def hint(view: GridView, seed: str) -> dict[str, str] | None:
    """The caddie's advice for the person's decision, decided from their view alone (``seed``: its
    random source, the one the hole's review decides this view with)."""
    if view["current"] != view["seat"] or view["phase"] not in ("flip", "turn"):
        return None
    decision = run_heavy(decide, view, random.Random(seed))
    action = decision.action
    key = action.kind if action.position is None else f"{action.kind}:{action.position}"
    return {"key": key, "say": decision.explanation}


def review_of(view: GridView, review: dict[str, Any] | None) -> dict[str, Any] | None:
    """The review of the hole on show, once it is over (none for a hole played before reviews)."""
    if view["phase"] not in ("hole_over", "match_over") or not review or review.get("hole") != view["hole"]:
        return None
    return review


def _parse_action(text: str | None) -> Action | None:
    kind, _, position = (text or "").partition(":")
    try:
        return Action(kind, int(position)) if position else Action(kind)
    except (CaddieError, ValueError):
        return None


def read_move(form: Mapping[str, str], state: dict[str, Any]) -> tuple[Action | None, str | None]:
    action = _parse_action(form.get("action"))
    return (action, None) if action is not None else (None, "That is not a move in this game.")


add_old_addresses(bp)
