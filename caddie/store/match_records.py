"""What every table does with the database, whatever the game.

A table's whole state (hidden cards and pile order included) is one JSON value in
``LiveTableRecord.state``. ``save_versioned`` writes it only if the table is still at the
version the move was based on (one conditional UPDATE), so a replayed or doubled request
never plays twice, on SQLite and PostgreSQL alike, and in the same transaction copies
finished holes into the table's ledger round.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from sqlalchemy import CursorResult, update

from caddie.store.database import db
from caddie.store.ledger import CellWrite, StaleScore, cards_of, write_scores
from caddie.store.models import Round
from caddie.store.together import commit_keeping


class StaleMatch(Exception):
    """The match moved on since the page that sent this request was shown."""


def save_versioned(
    model: Any,
    row: Any,
    seen_version: int,
    values: dict[str, Any],
    names: Sequence[str],
    hole_scores: Sequence[Sequence[int]],
    new_rows: Sequence[Any] = (),
) -> None:
    """Write ``values`` into ``row`` (of ``model``, which has ``id``, ``version`` and ``round_id``) as
    its next version, only if it is still at ``seen_version``, and land the finished holes of the
    players ``names`` in its ledger round, and add ``new_rows`` (a finished hole's record), in one
    transaction. ``StaleMatch`` (nothing written) if another write came first.

    A plain transaction: the UPDATE on the condition of the version, the holes, COMMIT. The
    UPDATE puts what it wrote into ``row`` as well (SQLAlchemy's own bookkeeping of an ORM
    UPDATE, for a row the session holds at ``seen_version``), and the commit leaves the session's
    objects as they are: ``row`` is then the version this write saved, whatever another writer
    does right after, and nothing of it is read again."""
    done = cast(
        "CursorResult[Any]",  # an UPDATE's result, which Session.execute types as a plain Result
        db.session.execute(
            update(model)
            .where(model.id == row.id, model.version == seen_version)
            .values(version=seen_version + 1, **values)
            .execution_options(synchronize_session="evaluate")
        ),
    ).rowcount
    if done != 1:
        db.session.rollback()
        raise StaleMatch()
    if hole_scores:
        _land_in_ledger(row.round_id, names, hole_scores)
    db.session.add_all(new_rows)
    commit_keeping()


def _land_in_ledger(round_id: int | None, names: Sequence[str], hole_scores: Sequence[Sequence[int]]) -> None:
    round_ = db.session.get(Round, round_id) if round_id else None
    if round_ is None or round_.deleted_at is not None:
        return
    cards, versions = cards_of(round_)
    # each blank cell as it was read: one typed into meanwhile is refused (StaleScore), not overwritten
    writes = [
        CellWrite(seat, hole, scores[seat], versions.get((seat, hole), 0))
        for hole, scores in enumerate(hole_scores, start=1)
        if hole <= round_.holes
        for seat in range(len(scores))
        if cards[names[seat]][hole - 1] is None
    ]
    if not writes:
        return
    savepoint = db.session.begin_nested()
    try:
        write_scores(round_, writes, commit=False)
    except StaleScore:
        # someone typed into that cell on the scorecard meanwhile: their entry stands, the move goes on
        savepoint.rollback()
    else:
        savepoint.commit()
