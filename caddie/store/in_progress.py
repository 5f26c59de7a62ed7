"""What this browser has under way, for the home page: open rounds, unfinished matches and the live
tables it sits at."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sqlalchemy import select

from caddie.store.database import db
from caddie.store.ledger import rounds_for
from caddie.store.live_tables import load as load_table
from caddie.store.models import LiveTableRecord
from caddie.store.round_owners import owners_of
from caddie.store.round_view import RoundView, view_round

SHOWN = 3  # at most this many of each: the home page is a glance, the Ledger and Play pages list them all


@dataclass(frozen=True)
class MatchUnderWay:
    public_id: str
    game: str  # "grid" or "clubs"
    opponents: list[str]
    hole: int
    holes: int


@dataclass(frozen=True)
class LiveUnderWay:
    public_id: str
    game: str  # "grid" or "clubs"
    names: list[str]  # everyone seated so far
    hole: int  # 0 in the lobby
    holes: int


def open_rounds(browser: str | None, grants: Iterable[str] = ()) -> list[RoundView]:
    """The browser's rounds with holes still to play, newest first: those people keep by hand. A
    match's or a live table's own scorecard is left out, whether its game is being played (the
    game is what to carry on) or over (nothing more can be entered on it)."""
    rounds = rounds_for(browser, grants)
    owned = owners_of(rounds)
    views = (view_round(r) for r in rounds if r.id not in owned)
    return [view for view in views if not view.complete][:SHOWN]


def matches_under_way(browser: str | None) -> list[MatchUnderWay]:
    """The browser's unfinished digital matches of both games, most recently played first."""
    if not browser:
        return []
    rows = db.session.scalars(
        select(LiveTableRecord)
        .where(
            LiveTableRecord.host_browser == browser,
            LiveTableRecord.solo.is_(True),
            LiveTableRecord.finished_at.is_(None),
        )
        .order_by(LiveTableRecord.updated_at.desc(), LiveTableRecord.id.desc())
        .limit(SHOWN)
    )
    found = []
    for row in rows:
        table = load_table(row)
        game = table.match
        if game is None or game.is_over:
            continue
        opponents = [str(place.name) for place in table.places if not place.person]
        found.append(MatchUnderWay(row.public_id, row.game, opponents, game.hole, game.holes))
    return found


def live_tables_under_way(public_ids: Iterable[str]) -> list[LiveUnderWay]:
    """Of the live tables named (the ones a browser sits at), those not finished, latest change first."""
    ids = list(public_ids)
    if not ids:
        return []
    rows = db.session.scalars(
        select(LiveTableRecord)
        .where(LiveTableRecord.public_id.in_(ids), LiveTableRecord.finished_at.is_(None))
        .order_by(LiveTableRecord.updated_at.desc())
        .limit(SHOWN)
    )
    found = []
    for row in rows:
        table = load_table(row)
        names = [str(p.name) for p in table.places if p.name]
        hole = table.match.hole if table.match is not None else 0
        found.append(LiveUnderWay(row.public_id, row.game, names, hole, table.kind.holes(table.settings)))
    return found
