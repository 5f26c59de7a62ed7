"""Who writes a round's scorecard: the people at the table, by hand, or a game in the app.

A table (``LiveTableRecord.round_id``: a match against computers, or a live table of people) deals a
ledger round and land every finished hole in it (``caddie.store.match_records``). That round is
the game's record: a score typed into it from the pad, the API or Tally would make the scorecard
disagree with the game (docs/ledger.md, "Whose scorecard"). This module alone answers "does a
game own this round?"; the pages and the API refuse a hand-written score into such a round, and
Tally and the statistics keep such rounds apart from the ones people keep by hand.

The owner is read with the round in the same query (two correlated subqueries), so a write to a
hand-kept round costs no extra round trip to the database.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TypeVar

from sqlalchemy import Label, ScalarSelect, select
from sqlalchemy.orm import InstrumentedAttribute, joinedload

from caddie.store.database import db
from caddie.store.models import LiveTableRecord, Round
from caddie.store.tokens import is_token

MATCH, LIVE_TABLE = "match", "table"

_T = TypeVar("_T")


@dataclass(frozen=True)
class RoundOwner:
    """The game that writes a round: a match against the computer or a live table."""

    kind: str  # MATCH or LIVE_TABLE
    game: str  # "grid" or "clubs", as the round's
    public_id: str  # the match's or the table's, for a link to it

    @property
    def name(self) -> str:
        return "a match" if self.kind == MATCH else "a live table"

    @property
    def refusal(self) -> str:
        """Why a score typed by hand into this round is not saved."""
        return f"This scorecard belongs to {self.name}: its scores come from the game, so nothing typed here is saved."


def _owner_columns() -> tuple[Label[str | None], Label[bool | None]]:
    """The public id of the table that fills ``Round`` in, and whether it is a solo match (each
    ``NULL`` if none)."""

    def owner(column: InstrumentedAttribute[_T]) -> ScalarSelect[_T | None]:
        return select(column).where(LiveTableRecord.round_id == Round.id).limit(1).scalar_subquery()

    return owner(LiveTableRecord.public_id).label("owner_table"), owner(LiveTableRecord.solo).label("owner_solo")


def _owner(game: str, table_id: str | None, solo: bool | None) -> RoundOwner | None:
    if table_id is None:
        return None
    return RoundOwner(MATCH if solo else LIVE_TABLE, game, table_id)


def find_round_and_owner(public_id: str) -> tuple[Round | None, RoundOwner | None]:
    """The round (with its players, not deleted) and the game that writes it, if one does, in one query."""
    if not is_token(public_id):
        return None, None
    stmt = (
        select(Round, *_owner_columns())
        .where(Round.public_id == public_id, Round.deleted_at.is_(None))
        .options(joinedload(Round.players))
    )
    row = db.session.execute(stmt).unique().first()
    if row is None:
        return None, None
    round_, table_id, solo = row
    return round_, _owner(round_.game, table_id, solo)


def owners_of(rounds: Iterable[Round]) -> dict[int, RoundOwner]:
    """The game that writes each of ``rounds`` (by ``Round.id``); a round people keep by hand has no entry."""
    by_id = {round_.id: round_ for round_ in rounds}
    if not by_id:
        return {}
    stmt = select(Round.id, *_owner_columns()).where(Round.id.in_(by_id))
    owners = {}
    for round_id, table_id, solo in db.session.execute(stmt):
        owner = _owner(by_id[round_id].game, table_id, solo)
        if owner is not None:
            owners[round_id] = owner
    return owners
