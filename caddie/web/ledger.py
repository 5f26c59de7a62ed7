"""Ledger: the scorecard a table keeps, hole by hole."""

from __future__ import annotations

import csv
import io
from datetime import UTC, datetime, timedelta

from flask import Blueprint, abort, flash, make_response, redirect, render_template, request, url_for

from caddie.core.csv_cells import escape_cell
from caddie.core.errors import CaddieError
from caddie.core.games import GAME_NAMES, GAMES, game_named
from caddie.core.games.club_cards import CLUB_CARDS
from caddie.core.ledger import format_delta
from caddie.core.words import says, together, whose, you_or
from caddie.forms.ledger import AddFromTallyForm, DealForm, ScoreForm
from caddie.store.courses import find_course
from caddie.store.ledger import (
    ONLY_THE_OWNER,
    TRASH_DAYS,
    Access,
    CellWrite,
    Lapsed,
    StaleScore,
    access_for,
    deal_round,
    delete_round,
    edit_grant,
    find_by_edit_link,
    find_by_token,
    find_round,
    in_trash,
    known_names,
    lapsed_grant,
    purge_day,
    purge_trash,
    replace_edit_link,
    restore_round,
    rounds_for,
    stop_edit_link,
    trash_for,
    was_applied,
    write_scores,
)
from caddie.store.models import Round
from caddie.store.people import rounds_sat_at
from caddie.store.round_owners import RoundOwner, find_round_and_owner, owners_of
from caddie.store.round_view import RoundView, enter_scores, view_round
from caddie.web.filters import points as format_points
from caddie.web.identity import browser_id, edit_grants, grant_edit
from caddie.web.rendering import is_htmx, page_or_fragment
from caddie.web.table_in_force import current_table

bp = Blueprint("ledger", __name__, url_prefix="/ledger")


# Why a browser that kept score on a round now only follows it (docs/ledger.md, "Edit links").
LAPSED = {
    Lapsed.TAKEN_BACK: "This edit link was taken back by the round's owner: you can follow the scorecard here, "
    "but not change it. To keep score again, ask them for the new link.",
    Lapsed.FROM_BEFORE: "This phone's edit link is from before edit links could be taken back, so it now only "
    "follows the scorecard. To keep score again, open the edit link once more.",
}


def _access(round_: Round) -> Access:
    return access_for(round_, browser_id(), edit_grants())


def _editable(public_id: str) -> Round:
    """The round, if this browser may write it; a browser whose edit link was taken back gets the
    card to read and why (403); anyone else 404, exactly as for an id that does not exist."""
    round_ = find_round(public_id)
    _check_writer(round_)
    assert round_ is not None
    return round_


def _editable_and_owner(public_id: str) -> tuple[Round, RoundOwner | None]:
    """As ``_editable``, with the game that writes the round, if one does (read in the same query)."""
    round_, owner = find_round_and_owner(public_id)
    _check_writer(round_, owner)
    assert round_ is not None
    return round_, owner


def _check_writer(round_: Round | None, owner: RoundOwner | None = None) -> None:
    access = _access(round_) if round_ is not None else Access.NONE
    if round_ is None or access == Access.NONE:
        abort(404)
    if access == Access.READ:
        abort(_following(round_, owner, status=403))


def _owned(public_id: str, include_deleted: bool = False) -> Round:
    """The round, if this browser dealt it; a scorekeeper with its edit link is told only the
    owner may (403); anyone else 404."""
    round_ = find_round(public_id, include_deleted=include_deleted)
    if round_ is not None and round_.deleted_at is not None and not in_trash(round_):
        round_ = None  # gone for good, whether or not the purge has come by yet
    access = _access(round_) if round_ is not None else Access.NONE
    if round_ is None or access == Access.NONE or (round_.deleted_at is not None and access < Access.OWNER):
        abort(404)
    if access < Access.OWNER:
        abort(make_response(render_template("error.html", title="Only the round's owner", message=ONLY_THE_OWNER), 403))
    return round_


def _following(round_: Round, owner: RoundOwner | None, status: int):
    """The card to read, for a browser whose edit grant lapsed, with the sentence saying why. A write
    it sent through htmx (which swaps no 403) reloads the page, which says the same."""
    lapsed = lapsed_grant(round_, edit_grants())
    message = LAPSED[lapsed] if lapsed else None
    body, status = _render_round(round_, None, message=message, status=status, editable=False, owner=owner)
    response = make_response(body, status)
    if status == 403 and is_htmx():
        response.headers["HX-Redirect"] = url_for("ledger.round_page", public_id=round_.public_id)
    return response


def owner_url(owner: RoundOwner) -> str:
    """The page of the match or live table that writes a round."""
    return url_for("live.table", public_id=owner.public_id)


def _refuse_owned(round_: Round, owner: RoundOwner):
    """A score typed by hand into a game's round: refused, the card shown as it stands."""
    return _render_round(round_, None, message=owner.refusal, status=409, owner=owner)


def _rules_chip(game: str | None) -> str:
    """The header's rules chip for a page about ``game``: a Club Cards round, or the deal form set to
    Club Cards, speaks of the Club Cards rules even though the ledger's pages serve both games."""
    return (game_named(game) if game in GAME_NAMES else GAMES[0]).rules_chip(current_table())


def _round_rules_chip(view: RoundView) -> str:
    """A round's pages speak of the rules it was dealt with, which Settings may since have changed."""
    return game_named(view.game).rules_chip(view.table)


def _parse_cell(text: str | None, view: RoundView) -> tuple[int, int] | None:
    try:
        seat, hole = (int(part) for part in (text or "").split("-", 1))
    except ValueError:
        return None
    if any(line.seat == seat for line in view.lines) and 1 <= hole <= view.holes:
        return seat, hole
    return None


def _form_cell(form, view: RoundView) -> tuple[int, int] | None:
    """The (seat, hole) a posted form names, if the round has it."""
    if form.seat.data is None or form.hole.data is None:
        return None
    return _parse_cell(f"{form.seat.data}-{form.hole.data}", view)


def is_started(view: RoundView) -> bool:
    """Whether any cell of the round holds a score."""
    return any(score is not None for line in view.lines for score in line.scores)


# A round dealt this long ago with no score yet was left unplayed: Tally offers it no more. One
# dealt since is the table's round waiting for its first hand (docs/ledger.md, "Whose scorecard").
FRESH_DEAL = timedelta(hours=12)


def _is_fresh(round_: Round) -> bool:
    dealt = round_.created_at if round_.created_at.tzinfo else round_.created_at.replace(tzinfo=UTC)
    return datetime.now(UTC) - dealt < FRESH_DEAL


def _kept_and_games(rounds: list[Round]) -> tuple[list[tuple[Round, RoundView]], list[tuple[RoundView, RoundOwner]]]:
    """This browser's rounds split in two: those people keep by hand (each with its view), and the
    started rounds of its matches and live tables (each with the game that writes it)."""
    owners = owners_of(rounds)
    kept = [(r, view_round(r)) for r in rounds if r.id not in owners]
    games = [(view, owners[r.id]) for r in rounds if r.id in owners for view in [view_round(r)] if is_started(view)]
    return kept, games


@bp.get("/")
def index():
    purge_trash()  # the lazy purge: rounds deleted more than TRASH_DAYS ago go for good
    mine = rounds_for(browser_id(), edit_grants())
    kept, games = _kept_and_games(mine)
    rounds = [view for _, view in kept]
    listed = [(view, owner, url_for("ledger.round_page", public_id=view.public_id)) for view, owner in games]
    # the live tables this phone sat at, whose round the host's browser keeps: the card to read
    ids = {r.id for r in mine}
    sat = [r for r in rounds_sat_at(browser_id()) if r.id not in ids]
    _, sat_games = _kept_and_games(sat)
    tokens = {r.public_id: r.share_token for r in sat}
    listed += [(view, owner, url_for("ledger.shared", token=tokens[view.public_id])) for view, owner in sat_games]
    trash = trash_for(browser_id())
    # ?deleted=<id>: the round just deleted, offered back at the top (Undo)
    deleted = next((view_round(r) for r in trash if r.public_id == request.args.get("deleted")), None)
    return render_template(
        "ledger/index.html",
        rounds=rounds,
        game_rounds=listed,
        deleted=deleted,
        trash=[(view_round(r), purge_day(r)) for r in trash],
        trash_days=TRASH_DAYS,
        owner_url=owner_url,
    )


@bp.route("/new", methods=["GET", "POST"])
def new():
    form = DealForm(owner=browser_id())
    if request.method == "GET" and current_table().rules.holes in (9, 18):
        form.holes.data = current_table().rules.holes
    if request.method == "GET":
        _preselect(form)
    error = _deal(form) if form.validate_on_submit() else None
    if isinstance(error, Round):
        return redirect(url_for("ledger.round_page", public_id=error.public_id, cell="0-1"), code=303)
    status = 400 if request.method == "POST" else 200
    return render_template(
        "ledger/new.html",
        form=form,
        error=error,
        names=known_names(browser_id()),
        rules_chip=_rules_chip(form.game.data),
    ), status


def _preselect(form: DealForm) -> None:
    """``?game=clubs&course=<key>``: a link from a course's page deals on that course."""
    if request.args.get("game") in GAME_NAMES:
        form.game.data = request.args["game"]
    key = request.args.get("course")
    if key and key in dict(form.course.choices):
        form.game.data, form.course.data = CLUB_CARDS.name, key
        course = find_course(key, browser_id()) if not key.startswith("random-") else None
        if course is not None and len(course.holes) == 9:
            form.holes.data = 9


def _deal(form: DealForm) -> Round | tuple[str | None, str]:
    """The new round, or (field, sentence) saying what is wrong."""
    uses_course = game_named(form.game.data).uses_course
    course = find_course(form.course.data, browser_id()) if uses_course else None
    if uses_course and course is None:
        return "course", "Choose one of the courses listed."
    try:
        owner = browser_id(create=True)
        assert owner is not None  # create=True issues one
        return deal_round(
            owner,
            form.names(),
            form.holes.data,
            form.game.data,
            current_table(),
            course,
            form.played_on.data,
        )
    except CaddieError as err:
        return err.field, err.message


def _render_round(
    round_: Round,
    cell: tuple[int, int] | None,
    *,
    message: str | None = None,
    typed: str | None = None,
    status: int = 200,
    editable: bool = True,
    view: RoundView | None = None,
    owner: RoundOwner | None = None,
):
    """The round's page (or, for htmx, its live part). ``owner`` is the game that writes the
    round, if one does; whether this browser is the round's owner is asked here."""
    view = view or view_round(round_)
    if owner is not None:  # a game's round: a card to read, no pad (its scores come from the game)
        cell, editable = None, False
    version = None
    if cell:
        line = next(line for line in view.lines if line.seat == cell[0])
        version = line.versions[cell[1] - 1]
    body = page_or_fragment(
        "ledger/round.html",
        "ledger/_live.html",
        view=view,
        round=round_,
        cell=cell,
        cell_version=version,
        message=message,
        typed=typed,
        editable=editable,
        form=ScoreForm(formdata=None),
        rules_chip=_round_rules_chip(view),
        owner=owner,
        owner_url=owner_url(owner) if owner else None,
        dealt_here=_access(round_) == Access.OWNER,
    )
    return body, status


@bp.get("/r/<public_id>")
def round_page(public_id: str):
    round_, owner = find_round_and_owner(public_id)
    if round_ is not None and _access(round_) == Access.READ:
        return _following(round_, owner, status=200)  # their edit link was taken back: they follow it
    round_, owner = _editable_and_owner(public_id)
    view = view_round(round_)
    return _render_round(round_, _parse_cell(request.args.get("cell"), view), owner=owner, view=view)


@bp.post("/r/<public_id>/score")
def save_score(public_id: str):
    """One cell from the pad: a quick score or the typed one (then the next blank cell), or Clear."""
    round_, owner = _editable_and_owner(public_id)
    if owner is not None:
        return _refuse_owned(round_, owner)
    form = ScoreForm()
    view = view_round(round_)
    cell = _form_cell(form, view)
    if not form.validate() or cell is None:
        return _render_round(round_, cell, message="Tap a cell of the scorecard first.", status=400)
    clearing = bool(form.clear.data)
    try:
        score = None if clearing else form.score_value()
        if score is None and not clearing:
            # An empty box is not an eraser: only "Clear this cell" empties a cell.
            return _render_round(round_, cell, message=_nothing_typed(view, cell), status=400)
        write = CellWrite(cell[0], cell[1], score, form.version.data or 0)
        fresh = enter_scores(round_, [write], form.idempotency_key.data)
    except ValueError as err:  # CaddieError is a ValueError too: a bad score stays typed beside the pad
        message = err.message if isinstance(err, CaddieError) else str(err)
        return _render_round(round_, cell, message=message, typed=form.entered(), status=400)
    except StaleScore as err:
        return _render_round(round_, cell, message=err.sentence(), typed=form.entered(), status=409)
    following = fresh.next_blank(*cell) if score is not None else cell
    target = url_for(
        "ledger.round_page", public_id=public_id, cell=f"{following[0]}-{following[1]}" if following else None
    )
    if is_htmx():
        body, status = _render_round(round_, following, view=fresh)
        response = make_response(body, status)
        response.headers["HX-Replace-Url"] = target  # a reload opens the pad where it now is
        return response
    # The anchor scrolls a plain browser to the next cell (its scroll margins clear the sticky parts).
    anchor = f"#cell-{following[0]}-{following[1]}" if following else "#scorecard"
    return redirect(target + anchor, code=303)


def _nothing_typed(view: RoundView, cell: tuple[int, int]) -> str:
    line = next(line for line in view.lines if line.seat == cell[0])
    held = line.scores[cell[1] - 1]
    if held is None:
        return "Nothing was saved: the box is empty. Tap a score, or type one and press Save."
    return (
        f"Nothing was saved: the box is empty. {whose(line.name)} {format_points(held)} stays; "
        "to empty the cell, use Clear this cell."
    )


@bp.get("/s/<token>")
def shared(token: str):
    """The read-only link the others at the table follow on their phones."""
    round_ = find_by_token(Round.share_token, token)
    if round_ is None:
        abort(404)
    return _render_round(round_, None, editable=False)


def _edit_link_round(token: str) -> Round:
    round_ = find_by_edit_link(token)
    if round_ is None:
        # the same answer for a link replaced or stopped by its owner and one that never was
        message = (
            "This edit link does not open a round: its owner may have replaced it or stopped sharing it. "
            "Ask them for the link again."
        )
        abort(make_response(render_template("error.html", title="Not an edit link", message=message), 404))
    return round_


@bp.get("/e/<token>")
def edit_link(token: str):
    """A second scorekeeper's link: says what it gives, and its button (``take_edit_link``) gives
    it. A GET changes nothing (a link preview or a prefetch must not take the grant); a browser
    that may write the round already goes straight to it."""
    round_ = _edit_link_round(token)
    if access_for(round_, browser_id(), edit_grants()) >= Access.EDIT:
        return redirect(url_for("ledger.round_page", public_id=round_.public_id), code=303)
    view = view_round(round_)
    players = together([line.name for line in view.lines], start=False)
    return render_template(
        "confirm_link.html",
        title="Keep score on this round?",
        message=f"The scorecard of {players}, {view.holes} holes: from this phone you will enter scores on it too.",
        button="Keep score on this phone",
        action=url_for("ledger.take_edit_link", token=token),
    )


@bp.post("/e/<token>")
def take_edit_link(token: str):
    """The edit link's button: this browser may write the round from now on."""
    round_ = _edit_link_round(token)
    grant_edit(edit_grant(round_))
    flash("You can enter scores on this round from this phone now.", "ok")
    return redirect(url_for("ledger.round_page", public_id=round_.public_id), code=303)


@bp.post("/r/<public_id>/edit-link")
def new_edit_link(public_id: str):
    """The owner's "Replace the edit link" (and "Make an edit link" after stopping): whoever
    holds the old link can only follow the round from their next tap."""
    round_ = _owned(public_id)
    had_link = round_.edit_link_active
    replace_edit_link(round_)
    flash(
        "Here is a new edit link; the old one no longer works, and whoever opened it can only follow the round now."
        if had_link
        else "Here is a new edit link: send it to a second scorekeeper.",
        "ok",
    )
    return redirect(url_for("ledger.round_page", public_id=public_id) + "#share-round", code=303)


@bp.post("/r/<public_id>/edit-link/stop")
def stop_sharing(public_id: str):
    """The owner's "Stop sharing for editing": no edit link at all until they make a new one."""
    round_ = _owned(public_id)
    stop_edit_link(round_)
    flash("Only this phone can enter scores now: the edit link no longer works.", "ok")
    return redirect(url_for("ledger.round_page", public_id=public_id) + "#share-round", code=303)


@bp.get("/r/<public_id>.csv")
def export_csv(public_id: str):
    view = view_round(_editable(public_id))
    out = io.StringIO()
    writer = csv.writer(out)
    holes = list(range(1, view.holes + 1))
    writer.writerow(["Player", *holes, "Out", *(["In"] if view.holes == 18 else []), "Total", "Thru", "Delta"])
    if view.pars:
        writer.writerow(
            [
                "Par",
                *view.pars,
                sum(view.pars[:9]),
                *([sum(view.pars[9:])] if view.holes == 18 else []),
                sum(view.pars),
                "",
                "",
            ]
        )
    for line in view.lines:
        s = line.standing
        writer.writerow(
            [
                escape_cell(line.name),  # a name is typed text; the rest are numbers or our own
                *["" if v is None else v for v in line.scores],
                "" if s.out is None else s.out,
                *([("" if s.in_ is None else s.in_)] if view.holes == 18 else []),
                "" if s.total is None else s.total,
                s.thru,
                "" if s.delta is None else format_delta(s.delta),
            ]
        )
    response = make_response(out.getvalue())
    response.headers["Content-Type"] = "text/csv; charset=utf-8"
    filename = f"round-{view.played_on.isoformat()}-{view.public_id[:6]}.csv"
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.get("/r/<public_id>/print")
def print_view(public_id: str):
    view = view_round(_editable(public_id))
    return render_template("ledger/print.html", view=view)


@bp.get("/r/<public_id>/delete")
def confirm_delete(public_id: str):
    view = view_round(_owned(public_id))
    return render_template(
        "ledger/delete.html",
        view=view,
        trash_days=TRASH_DAYS,
        rules_chip=_round_rules_chip(view),
    )


@bp.post("/r/<public_id>/delete")
def delete(public_id: str):
    round_ = _owned(public_id)
    delete_round(round_)
    return redirect(url_for("ledger.index", deleted=public_id), code=303)


@bp.post("/r/<public_id>/restore")
def restore(public_id: str):
    round_ = _owned(public_id, include_deleted=True)
    if round_.deleted_at is not None:  # (restored already, in another tab: it is there)
        restore_round(round_)
    flash("The round is back, every score as it was.", "ok")
    return redirect(url_for("ledger.round_page", public_id=public_id), code=303)


@bp.get("/players")
def players():
    """The players' statistics moved to the people's pages (docs/people.md), which also count the
    tables this phone sat at and the table's merges: an old bookmark lands there."""
    return redirect(url_for("people.index"), code=301)


def rounds_to_add_to(game: str, limit: int = 3) -> list[RoundView]:
    """Where a tallied score can go: the unfinished rounds of ``game`` that people keep by hand
    in this browser, newest first; not a match's or a live table's (their game writes them), nor
    one left unplayed (no score, and not dealt just now)."""
    kept, _ = _kept_and_games([r for r in rounds_for(browser_id(), edit_grants()) if r.game == game])
    return [view for r, view in kept if not view.complete and (is_started(view) or _is_fresh(r))][:limit]


def first_blank(view: RoundView) -> tuple[int, int]:
    """The (seat, hole) a tallied score most likely goes to: the first empty cell, hole by hole
    and in seat order within a hole, as a table scores a hole around the table."""
    return view.next_blank(-1, 0) or (view.lines[0].seat, view.open_hole)


def ledger_offers(game: str) -> list[tuple[RoundView, tuple[int, int]]]:
    """What "Add to the ledger" (``templates/tally/_to_ledger.html``) offers: each round a score
    of ``game`` can go to, with the (seat, hole) chosen for it."""
    return [(view, first_blank(view)) for view in rounds_to_add_to(game)]


@bp.post("/add")
def add_from_tally():
    """A tallied hand's score, added to a round in one tap."""
    form = AddFromTallyForm()
    round_, owner = _editable_and_owner(form.round_id.data or "")
    if owner is not None:
        return _refuse_owned(round_, owner)
    view = view_round(round_)
    cell = _form_cell(form, view)
    if not form.validate() or cell is None:
        return _render_round(round_, cell, message="Choose a player and a hole of this round.", status=400)
    line = next(line for line in view.lines if line.seat == cell[0])
    try:
        # Seen version: the cell as the tally page showed it is blank or whatever it holds now;
        # an occupied cell is never overwritten from here, only from the pad.
        write = CellWrite(cell[0], cell[1], form.score.data, line.versions[cell[1] - 1])
        # sent again by the page's outbox after it landed: answered as the first time
        if not was_applied(round_, [write], form.idempotency_key.data):
            if line.scores[cell[1] - 1] is not None:
                raise StaleScore([(line.name, cell[1])])
            write_scores(round_, [write], key=form.idempotency_key.data)
    except CaddieError as err:
        return _render_round(round_, cell, message=err.message, typed=str(form.score.data), status=400)
    except StaleScore:
        return _render_round(
            round_,
            cell,
            status=409,
            typed=str(form.score.data),
            message=(
                f"{says(line.name, 'already has')} a score on hole {cell[1]}. To replace it, press Save; "
                "otherwise tap the right cell."
            ),
        )
    flash(f"Added {format_points(form.score.data)} for {you_or(line.name)} on hole {cell[1]}.", "ok")
    return redirect(url_for("ledger.round_page", public_id=round_.public_id) + "#scorecard", code=303)
