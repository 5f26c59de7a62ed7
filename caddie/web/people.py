"""A table's people (docs/people.md): everyone who played the rounds this phone counts, each
person's page, head to head, seasons, and merging or renaming a person.

The rounds are those the browser dealt, those shared with it by an edit link, and those of every
table it sat at (``caddie.store.people.counted_rounds``); the core works out the rest.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from wtforms import Field

from caddie.core.errors import CaddieError
from caddie.core.games import GAMES
from caddie.core.people import ACHIEVEMENTS, Names, PlayedRound, Season, Standing, Story
from caddie.core.ratings import person_key
from caddie.forms.base import first_error
from caddie.forms.people import MergeForm, RenameForm, SeasonForm
from caddie.store import people as store
from caddie.store.models import PersonName
from caddie.store.people import CountedRounds
from caddie.web.charts import rating_chart
from caddie.web.identity import browser_id, edit_grants

bp = Blueprint("people", __name__, url_prefix="/people")

TITLES = {kind.name: kind.title for kind in GAMES}
UNITS = {kind.name: kind.loss_unit for kind in GAMES}  # what a game's scores count: points or strokes


@dataclass(frozen=True)
class Table:
    """What every people's page reads: the rounds, the names, links to the rounds, and the story
    the core works out of them, once for the request."""

    counted: CountedRounds
    names: Names
    name_rows: list[PersonName]  # the merges and renames ``names`` is read from

    @property
    def rounds(self) -> list[PlayedRound]:
        return self.counted.rounds

    @cached_property
    def story(self) -> Story:
        return Story(self.rounds, self.names)

    @cached_property
    def standings(self) -> list[Standing]:
        return self.story.people()

    def round_url(self, round_id: str) -> str | None:
        """The round's scorecard: to keep or edit where this phone may, to read for a table it sat at."""
        if round_id in self.counted.openable:
            return url_for("ledger.round_page", public_id=round_id)
        token = self.counted.read_only.get(round_id)
        return url_for("ledger.shared", token=token) if token else None

    def everyone(self) -> list[tuple[str, str]]:
        """Every person among people, (key, name), by name: the choices of the head-to-head and merge forms."""
        found = {s.key: s.name for s in self.standings}
        return sorted(found.items(), key=lambda pair: (pair[1].casefold(), pair[0]))


def _table() -> Table:
    rows = store.name_rows(browser_id())
    return Table(store.counted_rounds(browser_id(), edit_grants()), store.names_for(browser_id(), rows), rows)


@bp.get("/")
def index():
    return _index_page(SeasonForm(formdata=None), {}, 200)


def _index_page(season_form: SeasonForm, season_errors: dict[str, str], status: int):
    table = _table()
    body = render_template(
        "people/index.html",
        standings=table.standings,
        against=table.story.against_computers(),
        records=table.story.table_records(),
        earned=_earned(table),
        seasons=store.seasons_for(browser_id()),
        everyone=table.everyone(),
        season_form=season_form,
        season_errors=season_errors,
        titles=TITLES,
    )
    return body, status


def _earned(table: Table) -> list[dict[str, Any]]:
    """Who earned which achievement, the latest first."""
    shown = dict(table.everyone())
    found = [(a, key) for key, earned in table.story.achievements().items() for a in earned]
    found.sort(key=lambda pair: (pair[0].played_on, pair[0].round_id), reverse=True)
    return [{"key": key, "name": shown.get(key, key), "achievement": a} for a, key in found]


@bp.get("/p/<path:key>")
def person(key: str, rename_form: RenameForm | None = None, merge_form: MergeForm | None = None, status: int = 200):
    table = _table()
    found = table.story.profile(key)
    if found is None or person_key(key) != key:
        abort(404)
    charts = {
        game: rating_chart(found.name, [shown for _, _, shown in history])
        for game, (_, history) in found.ratings.items()
    }
    # each merged or renamed name as the rounds write it (the table keeps its key alone)
    written = {person_key(name): name for name in found.spellings}
    aliases = [
        (row.alias_key, written.get(row.alias_key, row.alias_key))
        for row in table.name_rows
        if person_key(row.person) == key and row.alias_key != key
    ]
    body = render_template(
        "people/person.html",
        person=found,
        charts=charts,
        aliases=aliases,
        others=[(k, n) for k, n in table.everyone() if k != key],
        rename_form=rename_form or RenameForm(formdata=None, name=found.name),
        merge_form=merge_form or MergeForm(formdata=None),
        round_url=table.round_url,
        titles=TITLES,
        achievements=ACHIEVEMENTS,
    )
    return body, status


@bp.post("/p/<path:key>/rename")
def rename(key: str):
    form = RenameForm()
    return _change(key, form, form.name, lambda rounds: store.rename(_browser(), rounds, key, form.name.data or ""))


@bp.post("/p/<path:key>/merge")
def merge(key: str):
    form = MergeForm()
    return _change(key, form, form.other, lambda rounds: store.merge(_browser(), rounds, key, form.other.data or ""))


def _change(key: str, form: RenameForm | MergeForm, field: Field, change: Callable[[list[PlayedRound]], str]):
    """A rename or a merge: the person's page again with the sentence beside ``field`` (nothing
    kept), or on to the person's page under the name every round now counts for."""
    if not form.validate():
        field.errors = [first_error(form.errors)]
    else:
        try:
            name = change(_table().rounds)
        except CaddieError as err:
            field.errors = [err.message]
        else:
            flash(f"Done: every round counts for {name}. Undo it on this page.", "ok")
            return redirect(url_for("people.person", key=person_key(name)), code=303)
    if isinstance(form, RenameForm):
        return person(key, rename_form=form, status=400)
    return person(key, merge_form=form, status=400)


@bp.post("/names/<path:alias_key>/undo")
def unmerge(alias_key: str):
    """The names written ``alias_key`` count for themselves again."""
    if not store.unmerge(browser_id(), alias_key):
        abort(404)
    flash("Undone: those rounds count under the name they were written with.", "ok")
    return redirect(url_for("people.person", key=alias_key), code=303)


def _browser() -> str:
    browser = browser_id()
    if not browser:  # pragma: no cover - every page's first request gives the browser its id
        abort(400)
    return browser


@bp.get("/vs")
def versus():
    """Head to head: two people, game by game."""
    table = _table()
    everyone = table.everyone()
    keys = {key for key, _ in everyone}
    one, other = request.args.get("one", ""), request.args.get("other", "")
    error = None
    if not request.args and len(everyone) > 1:  # nobody chosen yet: the first two people offered
        one, other = everyone[0][0], everyone[1][0]
    if len(everyone) < 2:
        error = "Head to head needs two people with a finished round here."
    elif one not in keys or other not in keys:
        error = "Choose two people from the lists."
    elif one == other:
        error = "Choose two different people."
    found = table.story.head_to_head(one, other) if error is None else []
    body = render_template(
        "people/versus.html",
        everyone=everyone,
        one=one,
        other=other,
        error=error,
        found=found,
        round_url=table.round_url,
        titles=TITLES,
        units=UNITS,
    )
    return body, 400 if error and request.args else 200


@bp.post("/seasons")
def add_season():
    form = SeasonForm()
    if not form.validate():
        return _index_page(form, {name: errors[0] for name, errors in form.errors.items()}, 400)
    try:
        row = store.add_season(_browser(), form.name.data or "", form.starts_on.data, form.ends_on.data)
    except CaddieError as err:
        return _index_page(form, {err.field or "name": err.message}, 400)
    return redirect(url_for("people.season", public_id=row.public_id), code=303)


@bp.get("/seasons/<public_id>")
def season(public_id: str):
    row = store.find_season(public_id, browser_id())
    if row is None:
        abort(404)
    table = _table()
    span = Season(row.name, row.starts_on, row.ends_on)
    in_season = [r for r in table.rounds if span.holds(r.played_on)]
    season_story = Story(in_season, table.names)  # everyone starts the season afresh
    return render_template(
        "people/season.html",
        season=row,
        standings=season_story.people(),
        records=season_story.table_records(),
        rounds=sum(1 for r in in_season if r.among_people),
        titles=TITLES,
    )


@bp.post("/seasons/<public_id>/remove")
def remove_season(public_id: str):
    row = store.find_season(public_id, browser_id())
    if row is None:
        abort(404)
    store.remove_season(row)
    flash(f"Removed the season {row.name}; its rounds stay as they were.", "ok")
    return redirect(url_for("people.index"), code=303)
