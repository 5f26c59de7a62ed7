"""Tally: score a finished hand, a grid or the Club Cards played on a hole."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from flask import Blueprint, abort, flash, make_response, redirect, render_template, request, url_for

from caddie.core.clubs import hand as club_hand
from caddie.core.clubs.scoring import score_club_hole
from caddie.core.errors import CaddieError
from caddie.core.games.grid_golf import GRID_GOLF
from caddie.core.grid import hand as grid_hand
from caddie.core.grid.rules import GRID_SIZES, Rules
from caddie.core.grid.scoring import check_table, score_grid, score_table
from caddie.core.ledger import MAX_PLAYERS, PLAYER_NAME_LIMIT
from caddie.forms.tally import ClubTallyForm, GridTallyForm, TableTallyForm, TableToLedgerForm
from caddie.store.ledger import (
    Access,
    CellWrite,
    StaleScore,
    access_for,
    applied_round,
    deal_round,
    write_scores,
)
from caddie.store.models import Round
from caddie.store.round_owners import find_round_and_owner
from caddie.store.round_view import RoundView, view_round
from caddie.web.identity import browser_id, edit_grants
from caddie.web.ledger import ledger_offers, rounds_to_add_to
from caddie.web.rendering import is_htmx, tap_response
from caddie.web.table_in_force import current_table

bp = Blueprint("tally", __name__, url_prefix="/tally")

GRID_ACTIONS = ("key", "pick", "resize", "erase", "clear", "fill", "enter")
CLUB_ACTIONS = ("add", "remove", "clear", "fill", "enter")


def _ledger_context(game: str, score: int | None) -> dict:
    """Where a finished tally can be added: this browser's open rounds of the game, each with the
    cell the score most likely goes to."""
    return {
        "ledger_score": score,
        "ledger_rounds": ledger_offers(game) if score is not None else [],
        "oob": is_htmx(),
    }


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
        hand = grid_hand.resize(hand, form.resize.data)
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
            edit = grid_hand.TallyHand.typed(form.typed.data or "", rules.cards, rules, decks)
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
    }
    context.update(_ledger_context("clubs", result.score if result else None))
    # A bad yardage is shown beside its field but is no reason to hold back the redirect
    # of a card tap: the yardage text travels in the URL unchanged.
    ok = not (set(errors) - {"yardage"})
    return tap_response("tally/clubs.html", "tally/_clubs_fields.html", canonical, acted, ok, **context)


# -- a whole table's hole (docs/tally.md, "The whole-table page") ----------------------------

TABLE_ACTIONS = ("key", "pick", "erase", "clear", "show", "went_out", "count", "names")
MIN_TABLE, MAX_TABLE = 2, MAX_PLAYERS


@dataclass
class TableTally:
    """The whole-table page's state: every player's grid (row-major, ``None`` not entered),
    their names, whose grid the keypad fills (``seat``, ``sel``) and who went out first."""

    grids: list[grid_hand.Hand]
    names: list[str]
    seat: int
    sel: int
    out: int | None

    @property
    def players(self) -> int:
        return len(self.grids)

    def url_args(self, round_id: str | None) -> dict[str, Any]:
        args: dict[str, Any] = {"players": self.players}
        if round_id:
            args["round"] = round_id
        elif any(name != default_name(seat) for seat, name in enumerate(self.names)):
            args["name"] = self.names
        if any(card is not None for grid in self.grids for card in grid):
            args["grid"] = [",".join(card or "" for card in grid) for grid in self.grids]
            args.update(seat=self.seat, sel=self.sel)
        if self.out is not None:
            args["out"] = self.out
        return args


def default_name(seat: int) -> str:
    return f"Player {seat + 1}"


def _seat_number(text: str | None, players: int, what: str) -> int | None:
    """A seat from the URL: ``None`` for blank, ``CaddieError`` beside ``what`` when it is no seat."""
    if text is None or not text.strip() or text.strip() == "none":
        return None
    try:
        seat = int(text)
    except ValueError:
        seat = -1
    if not 0 <= seat < players:
        raise CaddieError(f"There is no such player at this table: choose one of the {players} players.", what)
    return seat


def read_table(values, size: int, fixed_names: list[str] | None) -> tuple[TableTally, dict[str, str]]:
    """The state a table URL (or the ledger form) carries; what cannot be read is replaced by a
    default, with a sentence under the field it came from."""
    errors: dict[str, str] = {}
    form = TableTallyForm(values)
    if fixed_names is not None:
        players = len(fixed_names)
    elif form.players.data is None:
        players = MIN_TABLE
    elif MIN_TABLE <= form.players.data <= MAX_TABLE:
        players = form.players.data
    else:
        players = MIN_TABLE
        errors["count"] = f"A table seats {MIN_TABLE} to {MAX_TABLE} players."
    texts = (values.getlist("grid") + [""] * players)[:players]
    grids = []
    for text in texts:
        hand, hand_errors = grid_hand.parse_hand(text[:200], size)
        grids.append(hand)
        if hand_errors:
            errors["grids"] = hand_errors["hand"]
    if fixed_names is not None:
        names = list(fixed_names)
    else:
        typed = (values.getlist("name") + [""] * players)[:players]
        names = [" ".join(name.split())[:PLAYER_NAME_LIMIT] or default_name(seat) for seat, name in enumerate(typed)]
    seat = form.seat.data if form.seat.data is not None and 0 <= form.seat.data < players else 0
    sel = (
        form.sel.data if form.sel.data is not None and 0 <= form.sel.data < size else grid_hand.first_empty(grids[seat])
    )
    try:
        out = _seat_number(form.out.data, players, "out")
    except CaddieError as err:
        out, errors["out"] = None, err.message
    return TableTally(grids, names, seat, sel, out), errors


def _next_grid(state: TableTally) -> tuple[int, int]:
    """After a grid's last card: the next player's grid with a card to enter, else stay."""
    for step in range(1, state.players + 1):
        seat = (state.seat + step) % state.players
        if any(card is None for card in state.grids[seat]):
            return seat, grid_hand.first_empty(state.grids[seat])
    return state.seat, state.sel


def tap_table(state: TableTally, form: TableTallyForm, rules: Rules, decks: int) -> TableTally:
    """One tap on the whole-table page; ``CaddieError`` (with its field) changes nothing."""
    size = rules.cards
    if form.key.data:
        grid = grid_hand.TallyHand(state.grids[state.seat], state.sel).key(form.key.data, rules, decks)
        grids = [grid.cards if seat == state.seat else g for seat, g in enumerate(state.grids)]
        try:
            check_table(grids, rules, decks)
        except CaddieError as err:
            raise CaddieError(err.message, "keypad") from None
        moved = replace(state, grids=grids, sel=grid.sel)
        if all(card is not None for card in grid.cards):
            moved.seat, moved.sel = _next_grid(moved)
        return moved
    if form.pick.data is not None and 0 <= form.pick.data < size:
        return replace(state, sel=form.pick.data)
    if form.erase.data:
        grids = [list(g) for g in state.grids]
        grids[state.seat][state.sel] = None
        return replace(state, grids=grids)
    if form.clear.data:
        grids = [list(g) for g in state.grids]
        grids[state.seat] = [None] * size
        return replace(state, grids=grids, sel=0)
    if form.show.data:
        seat = _seat_number(form.show.data, state.players, "show")
        if seat is not None:
            return replace(state, seat=seat, sel=grid_hand.first_empty(state.grids[seat]))
    if form.went_out.data:
        return replace(state, out=_seat_number(form.went_out.data, state.players, "out"))
    if form.count.data:
        return _recount(state, form.count.data, size)
    return state


def _recount(state: TableTally, text: str, size: int) -> TableTally:
    try:
        players = int(text)
    except ValueError:
        players = 0
    if not MIN_TABLE <= players <= MAX_TABLE:
        raise CaddieError(f"A table seats {MIN_TABLE} to {MAX_TABLE} players.", "count")
    grids = (state.grids + [[None] * size for _ in range(players)])[:players]
    names = (state.names + [default_name(seat) for seat in range(state.players, players)])[:players]
    seat = min(state.seat, players - 1)
    out = state.out if state.out is not None and state.out < players else None
    return TableTally(grids, names, seat, grid_hand.first_empty(grids[seat]), out)


def _table_round(public_id: str | None) -> tuple[Round | None, RoundView | None, str | None]:
    """The Grid Golf round the page was reached from (the row and its view), if this browser may write it."""
    if not public_id:
        return None, None, None
    round_, owner = find_round_and_owner(public_id)
    if round_ is None or round_.game != GRID_GOLF.name or access_for(round_, browser_id(), edit_grants()) < Access.EDIT:
        return None, None, NOT_OPEN
    if owner is not None:
        return None, None, owner.refusal
    return round_, view_round(round_), None


NOT_OPEN = "That round is not open in this browser, so the table is not tied to it."


def next_hole(view: RoundView) -> int | None:
    """The first hole on which no player of the round has a score: where a table's hole goes."""
    return next(
        (hole for hole in range(1, view.holes + 1) if all(line.scores[hole - 1] is None for line in view.lines)),
        None,
    )


def _matching_round(names: list[str], rules: Rules) -> RoundView | None:
    """An open round of this browser with these players, in this order, under these rules."""
    wanted = [name.casefold() for name in names]
    for view in rounds_to_add_to("grid"):
        if [line.name.casefold() for line in view.lines] == wanted and view.table.rules == rules:
            return view
    return None


def _table_page(state: TableTally, errors: dict[str, str], round_view: RoundView | None, rules: Rules, **extra):
    decks = rules.decks_for(state.players)
    scores = [score_grid(grid, rules) for grid in state.grids]
    result = None
    if all(score.complete for score in scores) and "grids" not in errors:
        try:
            check_table(state.grids, rules, decks)
            result = score_table(state.grids, state.out, rules)
        except CaddieError as err:
            errors["grids"] = err.message
    target = round_view or (_matching_round(state.names, rules) if result else None)
    round_id = round_view.public_id if round_view else None
    context = {
        "state": state,
        "rules": rules,
        "decks": decks,
        "scores": scores,
        "result": result,
        "errors": errors,
        "round_view": round_view,
        "target": target,
        "target_hole": next_hole(target) if target else None,
        "open_rounds": [] if round_view else rounds_to_add_to("grid"),
        "url_args": state.url_args(round_id),
        "min_table": MIN_TABLE,
        "max_table": MAX_TABLE,
        "oob": is_htmx(),
        **extra,
    }
    return context


@bp.get("/table")
def table():
    form = TableTallyForm(request.args)
    _, round_view, round_error = _table_round(form.round.data)
    rules = round_view.table.rules if round_view else current_table().rules
    fixed = [line.name for line in round_view.lines] if round_view else None
    state, errors = read_table(request.args, rules.cards, fixed)
    if round_error:
        errors["round"] = round_error
    acted = any(request.args.get(a) not in (None, "") for a in TABLE_ACTIONS)
    try:
        state = tap_table(state, form, rules, rules.decks_for(state.players))
    except CaddieError as err:
        errors[err.field or "keypad"] = err.message
    context = _table_page(state, errors, round_view, rules)
    canonical = url_for("tally.table", **context["url_args"])
    ok = not (set(errors) - {"round"})
    return tap_response("tally/table.html", "tally/_table_fields.html", canonical, acted, ok, **context)


def _refused(state, errors, round_view, rules, status: int):
    context = _table_page(state, errors, round_view, rules, oob=False)
    return make_response(render_template("tally/table.html", **context), status)


@bp.post("/table/ledger")
def table_to_ledger():
    """Every player's score of the hole into the round's next hole, in one tap, or into a new
    round of these players. A cell someone filled since the page was shown is never overwritten."""
    form = TableToLedgerForm()
    round_row, round_view, round_error = _table_round(form.round_id.data)
    if form.round_id.data and round_view is None:
        if round_error == NOT_OPEN:
            abort(404)  # as for a round that does not exist
        # a match's or a live table's round: its game writes it, not the table's tally
        state, _ = read_table(request.form, current_table().rules.cards, None)
        return _refused(state, {"ledger": round_error or NOT_OPEN}, None, current_table().rules, 409)
    tied = request.form.get("round") == form.round_id.data and round_view is not None
    rules = round_view.table.rules if round_view else current_table().rules
    fixed = [line.name for line in round_view.lines] if tied and round_view else None
    state, errors = read_table(request.form, rules.cards, fixed)
    shown_view = round_view if tied else None
    if not form.validate() or errors:
        errors.setdefault("ledger", "The page was out of date; check the grids and tap again.")
        return _refused(state, errors, shown_view, rules, 400)
    context = _table_page(state, errors, shown_view, rules)
    result = context["result"]
    if result is None:
        errors.setdefault("ledger", "Enter every player's cards before adding the hole to the ledger.")
        return _refused(state, errors, shown_view, rules, 400)
    try:
        # the page's outbox sends a write again until it hears back: a new round is dealt once
        dealt = applied_round(form.idempotency_key.data) if round_row is None else None
        if dealt is not None:
            return redirect(url_for("ledger.round_page", public_id=dealt.public_id) + "#scorecard", code=303)
        if round_row is None or round_view is None:
            round_ = deal_round(
                browser_id(create=True) or "", state.names, _round_holes(rules), "grid", current_table()
            )
            hole = 1
            writes = [CellWrite(seat, hole, score, 0) for seat, score in enumerate(result.scores)]
        else:
            round_ = round_row
            if [line.name.casefold() for line in round_view.lines] != [name.casefold() for name in state.names]:
                raise CaddieError("This round's players are not the table's: check the names.", "ledger")
            hole = form.hole.data if form.hole.data is not None else 0
            if not 1 <= hole <= round_view.holes:
                raise CaddieError(f"This round has holes 1 to {round_view.holes}.", "ledger")
            seen = (request.form.getlist("version") + [""] * state.players)[: state.players]
            writes = [
                CellWrite(line.seat, hole, score, _version(seen[i]))
                for i, (line, score) in enumerate(zip(round_view.lines, result.scores, strict=True))
            ]
        write_scores(round_, writes, key=form.idempotency_key.data)
    except StaleScore as stale:  # rolled back: the round is read afresh
        _, fresh, _ = _table_round(form.round_id.data)
        errors["ledger"] = stale.sentence().replace("your entry was not saved", "the hole was not added")
        return _refused(state, errors, fresh if tied else None, rules, 409)
    except CaddieError as err:
        errors["ledger"] = err.message
        return _refused(state, errors, shown_view, rules, 400)
    flash(f"Added hole {hole} for {len(writes)} players.", "ok")
    return redirect(url_for("ledger.round_page", public_id=round_.public_id) + "#scorecard", code=303)


def _version(text: str) -> int:
    """The cell's version as the page showed it; unreadable counts as blank (0): never a blind write."""
    try:
        return max(0, int(text))
    except ValueError:
        return 0


def _round_holes(rules: Rules) -> int:
    """A new round from the table page: the match length of Settings, as a 9- or 18-hole card."""
    return 18 if rules.holes > 9 else 9
