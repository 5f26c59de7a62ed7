"""The records of tables' finished holes (docs/records.md): each written with the move that ended
its hole (``live_tables``), read here."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from caddie.core.live.record import table_record
from caddie.store import live_tables
from caddie.store.database import db
from caddie.store.models import LiveTableRecord, TableHole

__all__ = ["record_of"]


def record_of(row: LiveTableRecord) -> dict[str, Any]:
    """The table's record, as everyone at it may know it: every finished hole in order."""
    table = live_tables.read(row)
    kept = db.session.execute(
        select(TableHole.hole, TableHole.record, TableHole.review)
        .where(TableHole.table_id == row.id)
        .order_by(TableHole.hole)
    ).all()
    records = {int(hole): dict(record) for hole, record, _ in kept}
    reviews = {int(hole): dict(review) for hole, _, review in kept if review is not None}
    return {"id": row.public_id, **table_record(table, records, reviews)}
