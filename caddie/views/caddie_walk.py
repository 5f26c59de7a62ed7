"""Caddie: the turn-by-turn walkthrough for a hand at a real table."""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, request, url_for

from caddie.advisor import advise
from caddie.core.cards import parse_card
from caddie.core.errors import CaddieError
from caddie.core.grid_game import position_name
from caddie.core.scoring import score_grid
from caddie.table_store import current_table
from caddie.views.ledger import rounds_to_add_to
from caddie.views.rendering import is_htmx, tap_response
from caddie.views.walk import Walk

bp = Blueprint("caddie", __name__, url_prefix="/caddie")

ACTIONS = ("key", "pick", "do")
ASKS = {  # what the keypad is for, by step
    "flip": "Tap the card that shows",
    "discard": "Tap the card on top of the discard pile",
    "drawn": "Tap the card you drew",
    "reveal": "Tap the card that was face down there",
    "final": "Tap the card that shows",
}


@bp.get("/")
def walk():
    table = current_table()
    rules = table.rules
    walk, problems = Walk.from_args(request.args, rules.cards)
    rules = replace(rules, cards=walk.size)
    acted = any(request.args.get(a) not in (None, "") for a in ACTIONS)
    error = problems[0] if problems else None
    try:
        walk = _apply(walk, rules, request.args)
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
    context = dict(
        walk=walk, rules=rules, advice=advice, error=error, score=score, ask=ASKS.get(walk.step),
        positions=[position_name(i, walk.size) for i in range(walk.size)], active_tab="caddie",
        flip_targets=set(advice["positions"] or []) if advice and advice["action"] == "flip" else set(),
        ledger_score=score.total if walk.step == "done" else None,
        ledger_rounds=rounds_to_add_to("grid") if walk.step == "done" else [], oob=is_htmx(),
    )
    return tap_response("caddie/walk.html", "caddie/_walk.html", canonical, acted, error is None, **context)


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
        return advise(walk.advisor_request(rules.to_dict(), with_drawn=False))
    if walk.step == "advice" and walk.discard:
        return advise(walk.advisor_request(rules.to_dict(), with_drawn=False))
    if walk.step == "place" and walk.drawn:
        return advise(walk.advisor_request(rules.to_dict(), with_drawn=True))
    return None


def _apply(walk: Walk, rules, args) -> Walk:
    """One tap: a card from the keypad, a slot, or applying the caddie's word."""
    if args.get("pick") not in (None, ""):
        slot = _int(args.get("pick"))
        if slot is not None and 0 <= slot < walk.size and walk.grid[slot] is None:
            return replace(walk, slot=slot)
        raise CaddieError("That card is already face up.", "pick")
    if args.get("key"):
        return _key(walk, rules, parse_card(args["key"], field="key"))
    do = args.get("do", "")
    kind, _, where = do.partition(":")
    position = _int(where)
    if kind == "draw":
        return replace(walk, step="drawn")
    if kind == "take" and position is not None and walk.discard:
        pile = list(walk.pile)
        if pile and pile[-1] == walk.discard:
            pile.pop()
        taken = replace(walk, pile=pile, discard=pile[-1] if pile else None)
        return taken.put(position, walk.discard)
    if kind == "swap" and position is not None and walk.drawn:
        return walk.put(position, walk.drawn)
    if kind == "discard" and walk.drawn:
        thrown = walk.throw()
        if position is not None and thrown.grid[position] is None:  # the rules force a card up
            return replace(thrown, step="reveal", slot=position)
        return thrown
    if kind == "next":
        return replace(walk, step="discard", drawn=None, drawn_from=None, slot=None)
    if kind == "last":
        return replace(walk, last_turn=not walk.last_turn)
    if kind == "end":
        return replace(walk, step="final" if walk.face_down else "done", slot=None)
    if kind == "restart":
        return Walk(size=walk.size, grid=[None] * walk.size)
    if do:
        raise CaddieError("That is not a step of the walkthrough.", "do")
    return walk


def _key(walk: Walk, rules, card: str) -> Walk:
    if card not in rules.ranks_in_play:
        raise CaddieError("Jokers are not in play under these rules.", "key")
    if walk.step in ("flip", "final"):
        slot = walk.slot if walk.slot is not None else (walk.face_down[0] if walk.face_down else None)
        if slot is None:
            return walk
        grid = list(walk.grid)
        grid[slot] = card
        moved = replace(walk, grid=grid, slot=None)
        if walk.step == "final" and not moved.face_down:
            return replace(moved, step="done")
        return moved
    if walk.step == "discard":
        pile = list(walk.pile)
        if not pile or pile[-1] != card:
            pile.append(card)  # others played since your last turn: this card went on the pile
        return replace(walk, discard=card, pile=pile, step="advice")
    if walk.step == "drawn":
        return replace(walk, drawn=card, drawn_from="deck", step="place")
    if walk.step == "reveal" and walk.slot is not None:
        if walk.grid[walk.slot] is None:  # a card the rules made you turn up stays in the grid
            grid = list(walk.grid)
            grid[walk.slot] = card
            turned = replace(walk, grid=grid, slot=None)
            return replace(turned, step="done" if not turned.face_down else ("final" if walk.last_turn else "wait"))
        return _to_pile(walk, card)  # the card you replaced went to the discard pile
    raise CaddieError("The caddie is not asking for a card just now.", "key")


def _to_pile(walk: Walk, card: str) -> Walk:
    moved = replace(walk, pile=list(walk.pile))
    moved._to_pile(card)
    return moved


def _int(text):
    try:
        return int(text)
    except (TypeError, ValueError):
        return None
