"""Match records a browser imported from files (docs/records.md, "The record as a file"): kept
for that browser to replay, and removed when it says so."""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import delete, func, select

from caddie.core.errors import CaddieError
from caddie.store.database import db
from caddie.store.models import ImportedRecord
from caddie.store.tokens import is_token

__all__ = ["KEPT_PER_BROWSER", "find", "keep", "kept_by", "remove"]

KEPT_PER_BROWSER = 200  # a night's files for years; past it, one is removed before another comes in
FULL = f"This browser keeps {KEPT_PER_BROWSER} imported records already: remove one before importing another."


def keep(owner: str, game: str, record: dict[str, Any]) -> str:
    """Keep a checked record for ``owner``; its public id. ``CaddieError`` when the browser keeps
    as many as it may."""
    held = db.session.scalar(select(func.count()).where(ImportedRecord.owner_browser == owner))
    if (held or 0) >= KEPT_PER_BROWSER:
        raise CaddieError(FULL, "file")
    public_id = secrets.token_urlsafe(12)
    db.session.add(ImportedRecord(public_id=public_id, owner_browser=owner, game=game, record=record))
    db.session.commit()
    return public_id


def find(public_id: object, owner: str | None) -> ImportedRecord | None:
    """The record ``owner`` imported under this id; ``None`` for anyone else's or none."""
    if not owner or not is_token(public_id, 32):
        return None
    return db.session.scalars(
        select(ImportedRecord).where(ImportedRecord.public_id == public_id, ImportedRecord.owner_browser == owner)
    ).first()


def kept_by(owner: str | None) -> list[ImportedRecord]:
    """The records ``owner`` imported, the latest first."""
    if not owner:
        return []
    query = select(ImportedRecord).where(ImportedRecord.owner_browser == owner)
    return list(db.session.scalars(query.order_by(ImportedRecord.id.desc())))


def remove(row: ImportedRecord) -> None:
    db.session.execute(delete(ImportedRecord).where(ImportedRecord.id == row.id))
    db.session.commit()
