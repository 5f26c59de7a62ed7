"""Each browser's table settings (its house rules) in the database, with the version that guards them."""

from __future__ import annotations

from sqlalchemy.orm.exc import StaleDataError

from caddie.core.errors import CaddieError
from caddie.core.table import Table
from caddie.store.database import db
from caddie.store.models import TableSettings


class StaleSettings(Exception):
    """Settings were changed elsewhere (another tab) since this form was shown."""


def load_settings(owner: str | None) -> tuple[Table, int]:
    """The owner's table and its version; the defaults at version 0 until it saves any."""
    row = db.session.get(TableSettings, owner) if owner else None
    if row is None:
        return Table(), 0
    try:
        return Table.from_dict(row.table), row.version
    except CaddieError:
        # Stored by an older version with rules since tightened: fall back, never crash.
        return Table(), row.version


def save_settings(owner: str, table: Table, expected_version: int | None) -> int:
    """Store ``table`` for ``owner``; refuse if it changed since ``expected_version`` (``None``: don't check)."""
    row = db.session.get(TableSettings, owner)
    if row is None:
        if expected_version not in (0, None):
            raise StaleSettings()
        row = TableSettings(browser_id=owner, table=table.to_dict())
        db.session.add(row)
    else:
        if expected_version is not None and row.version != expected_version:
            raise StaleSettings()
        row.table = table.to_dict()
    try:
        db.session.commit()
    except StaleDataError:
        db.session.rollback()
        raise StaleSettings() from None
    return int(row.version)
