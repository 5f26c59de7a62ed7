"""Caddie: the turn-by-turn walkthrough for a hand at a real table."""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, request, url_for

from caddie.core.grid.advisor import advise
from caddie.core.grid.cards import parse_card
from caddie.core.errors import CaddieError
from caddie.core.grid.game import position_name
from caddie.core.grid.scoring import score_grid
from caddie.offload.heavy_work import run_heavy
from caddie.web.table_in_force import current_table
from caddie.web.ledger import rounds_to_add_to
from caddie.web.rendering import is_htmx, tap_response
from caddie.web.caddie.grid_walk import MAX_OPPONENTS, Walk

bp = Blueprint("caddie", __name__, url_prefix="/caddie")

ACTIONS = ("key", "pick", "do", "opick")
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
        walk = replace(walk, last_turn=False)   # the hole ends the moment someone goes out
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
    opp_ask = None
    if walk.opp_slot is not None:
        who, where = walk.opp_slot
        opp_ask = f"Tap the card {opponent_name(who)} shows ({position_name(where, walk.size)})"
    context = dict(
        walk=walk, rules=rules, advice=advice, error=error, score=score, ask=ASKS.get(walk.step),
        opp_ask=opp_ask, opponent_names=[opponent_name(i) for i in range(len(walk.opponents))],
        max_opponents=MAX_OPPONENTS,
        final_switch=rules.end == "final_turn" and walk.step in SWITCH_STEPS,
        positions=[position_name(i, walk.size) for i in range(walk.size)], active_tab="caddie",
        flip_targets=set(advice["positions"] or []) if advice and advice["action"] == "flip" else set(),
        ledger_score=score.total if walk.step == "done" else None,
        ledger_rounds=rounds_to_add_to("grid") if walk.step == "done" else [], oob=is_htmx(),
    )
    return tap_response("caddie/walk.html", "caddie/_walk.html", canonical, acted, error is None, **context)


def opponent_name(index: int) -> str:
    """Opponents are in playing order, from the player after you."""
    return ("the next player", "the second player", "the third player")[index] if index < 3 \
        else f"opponent {index + 1}"


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


def _apply(walk: Walk, rules, args) -> Walk:
    """One tap: a card from the keypad, a slot, or applying the caddie's word."""
    if args.get("opick") not in (None, "") or (args.get("key") and walk.opp_slot is not None) \
            or args.get("do", "").startswith("opp"):
        return _opponents(walk, rules, args)
    if any(args.get(a) not in (None, "") for a in ACTIONS):
        walk = replace(walk, opp_slot=None)  # any other tap leaves the opponents' cards alone
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
        if rules.end != "final_turn":
            raise CaddieError("Under these rules the hole ends as soon as someone goes out.", "do")
        if not walk.last_turn and not walk.opponents:
            # the caddie weighs a final turn against the table: whoever went out is at it
            return replace(walk, last_turn=True, opponents=[[None] * walk.size])
        return replace(walk, last_turn=not walk.last_turn)
    if kind == "end":
        return replace(walk, step="final" if walk.face_down else "done", slot=None)
    if kind == "restart":  # a new hole at the same table: the same opponents, their cards face down
        return Walk(size=walk.size, grid=[None] * walk.size, opponents=[[None] * walk.size for _ in walk.opponents])
    if do:
        raise CaddieError("That is not a step of the walkthrough.", "do")
    return walk


def _opponents(walk: Walk, rules, args) -> Walk:
    """A tap about the opponents' cards: one of their slots, a card for it, or one more or fewer."""
    if args.get("opick") not in (None, ""):
        who, _, where = args["opick"].partition(":")
        who, where = _int(who), _int(where)
        if who is None or where is None or not (0 <= who < len(walk.opponents) and 0 <= where < walk.size):
            raise CaddieError("There is no such card among the opponents'.", "opick")
        return replace(walk, opp_slot=(who, where))
    if args.get("key"):
        card = parse_card(args["key"], field="key")
        if card not in rules.ranks_in_play:
            raise CaddieError("Jokers are not in play under these rules.", "key")
        moved = walk.opponent_card(card)
        grid = moved.opponents[walk.opp_slot[0]]
        if rules.end == "final_turn" and all(c is not None for c in grid):
            moved = replace(moved, last_turn=True)  # every card of theirs is up: they went out
        return moved
    do = args.get("do")
    if do == "opp-clear" and walk.opp_slot is not None:
        return walk.opponent_card(None)
    if do == "opp-add" and len(walk.opponents) < MAX_OPPONENTS:
        return replace(walk, opponents=[*walk.opponents, [None] * walk.size], opp_slot=None)
    if do == "opp-drop" and walk.opponents:
        fewer = walk.opponents[:-1]
        return replace(walk, opponents=fewer, opp_slot=None, last_turn=walk.last_turn and bool(fewer))
    if do == "opp-cancel":
        return replace(walk, opp_slot=None)
    raise CaddieError("That is not a step of the walkthrough.", "do")


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
