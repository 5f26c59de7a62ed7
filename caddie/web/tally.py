"""Tally: score a finished hand, a grid or the Club Cards played on a hole."""

from __future__ import annotations

from dataclasses import replace

from flask import Blueprint, request, url_for

from caddie.core.clubs import hand as club_hand
from caddie.core.clubs.scoring import score_club_hole
from caddie.core.errors import CaddieError
from caddie.core.grid import hand as grid_hand
from caddie.core.grid.cards import parse_card, split_cards
from caddie.core.grid.rules import GRID_SIZES, SIZE_WORDS, Rules
from caddie.core.grid.scoring import score_grid
from caddie.forms.tally import ClubTallyForm, GridTallyForm
from caddie.web.ledger import rounds_to_add_to
from caddie.web.rendering import is_htmx, tap_response
from caddie.web.table_in_force import current_table

bp = Blueprint("tally", __name__, url_prefix="/tally")

GRID_ACTIONS = ("key", "pick", "resize", "erase", "clear", "fill", "enter")
CLUB_ACTIONS = ("add", "remove", "clear", "fill", "enter")


def _ledger_context(game: str, score: int | None) -> dict:
    """Where a finished tally can be added: this browser's open rounds of the game."""
    return {
        "ledger_score": score,
        "ledger_rounds": rounds_to_add_to(game) if score is not None else [],
        "oob": is_htmx(),
    }


def resize_hand(hand: grid_hand.Hand, old: Rules, new: Rules) -> grid_hand.Hand:
    """The hand in the new layout, each card kept in its row and column (rows and columns
    past the new layout's edge are dropped): two rows or, for nine cards, three."""
    resized: grid_hand.Hand = [None] * new.cards
    for pos, card in enumerate(hand):
        row, column = divmod(pos, old.columns)
        if row < new.rows and column < new.columns:
            resized[row * new.columns + column] = card
    return resized


def typed_hand(text: str, rules: Rules, decks: int) -> grid_hand.TallyHand:
    """A typed hand: every card read first, then counted (in words for every size, nine too)."""
    tokens = split_cards(text)
    for token in tokens:
        parse_card(token, field="typed")
    if len(tokens) != rules.cards:
        raise CaddieError(f"{SIZE_WORDS[rules.cards]} cards make this hand; you typed {len(tokens)}.", "typed")
    return grid_hand.TallyHand.typed(text, rules.cards, rules, decks)


def _enter_in_typed(form) -> bool:
    """Enter pressed in a text box: score the typed cards if there are any."""
    return bool(request.args.get("enter")) and bool((form.typed.data or "").strip())


@bp.get("/grid")
def grid():
    table = current_table()
    form = GridTallyForm(request.args)
    size = form.size.data if form.size.data in GRID_SIZES else table.rules.cards
    hand, errors = grid_hand.parse_hand(form.hand.data or "", size)
    sel = form.sel.data if form.sel.data is not None and 0 <= form.sel.data < size else grid_hand.first_empty(hand)

    acted = any(request.args.get(a) not in (None, "") for a in GRID_ACTIONS)
    if form.resize.data in GRID_SIZES and form.resize.data != size:
        hand = resize_hand(hand, replace(table.rules, cards=size), replace(table.rules, cards=form.resize.data))
        size = form.resize.data
        sel = grid_hand.first_empty(hand)
    rules = replace(table.rules, cards=size)
    decks = rules.decks_for(table.players)

    edit = grid_hand.TallyHand(hand, sel)
    try:
        if form.pick.data is not None and 0 <= form.pick.data < size:
            edit = edit.pick(form.pick.data)
        elif form.key.data:
            edit = edit.key(form.key.data, rules, decks)
        elif form.erase.data:
            edit = edit.erase()
        elif form.clear.data:
            edit = grid_hand.TallyHand.blank(size)
        elif form.fill.data or _enter_in_typed(form):
            edit = typed_hand(form.typed.data or "", rules, decks)
    except CaddieError as err:
        errors[err.field or "keypad"] = err.message
    hand, sel = edit.cards, edit.sel

    canonical = url_for("tally.grid", **grid_hand.url_args(hand, size, sel, table.rules.cards))
    score = score_grid(hand, rules)
    context = {
        "form": form,
        "hand": hand,
        "size": size,
        "sel": sel,
        "rules": rules,
        "decks": decks,
        "errors": errors,
        "score": score,
        "sizes": GRID_SIZES,
        "active_tab": "tally",
        "keep_typed": bool(errors.get("typed")),
        "url_args": grid_hand.url_args(hand, size, sel, table.rules.cards),
    }
    context.update(_ledger_context("grid", score.total if score.complete else None))
    return tap_response("tally/grid.html", "tally/_grid_fields.html", canonical, acted, not errors, **context)


@bp.get("/clubs")
def clubs():
    table = current_table()
    form = ClubTallyForm(request.args)
    clubs_rules, decks = table.clubs, table.club_decks
    played, errors = club_hand.parse_played(form.played.data or "", clubs_rules, decks)
    yardage, yardage_error = club_hand.parse_yardage(form.yardage.data)
    if yardage_error:
        errors["yardage"] = yardage_error

    acted = any(request.args.get(a) not in (None, "") for a in CLUB_ACTIONS)
    play = club_hand.TallyPlay(played)
    try:
        if form.add.data is not None:
            play = play.add(form.add.data, clubs_rules, decks)
        elif form.remove.data is not None:
            play = play.remove(form.remove.data)
        elif form.clear.data:
            play = club_hand.TallyPlay([])
        elif form.fill.data or _enter_in_typed(form):
            play = club_hand.TallyPlay.typed(form.typed.data or "", clubs_rules, decks)
    except CaddieError as err:
        errors[err.field or "card_keys"] = err.message
    played = play.cards

    result, status = None, None
    if yardage is not None and played:
        try:
            result = score_club_hole(yardage, played, clubs_rules, decks)
        except CaddieError as err:
            status = err.message  # short of the hole: a clear sentence, not a score
    args = club_hand.url_args(form.yardage.data, played)
    canonical = url_for("tally.clubs", **args)
    context = {
        "form": form,
        "played": played,
        "yardage": yardage,
        "errors": errors,
        "result": result,
        "status": status,
        "clubs": clubs_rules,
        "decks": decks,
        "groups": club_hand.groups(clubs_rules.deck),
        "left": club_hand.copies_left(played, clubs_rules, decks),
        "total": sum(played),
        "url_args": args,
        "keep_typed": bool(errors.get("typed")),
        "active_tab": "tally",
    }
    context.update(_ledger_context("clubs", result.score if result else None))
    # A bad yardage is shown beside its field but is no reason to hold back the redirect
    # of a card tap: the yardage text travels in the URL unchanged.
    ok = not (set(errors) - {"yardage"})
    return tap_response("tally/clubs.html", "tally/_clubs_fields.html", canonical, acted, ok, **context)
