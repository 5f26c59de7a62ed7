"""Loading and saving the current browser's table settings."""

from __future__ import annotations

from flask import g
from sqlalchemy.orm.exc import StaleDataError

from caddie.core.errors import CaddieError
from caddie.core.table import Table
from caddie.extensions import db
from caddie.identity import browser_id
from caddie.models import TableSettings


class StaleSettings(Exception):
    """Settings were changed elsewhere (another tab) since this form was shown."""


def _row(create: bool = False) -> TableSettings | None:
    bid = browser_id(create=create)
    return db.session.get(TableSettings, bid) if bid else None


def current_table() -> Table:
    """The house rules in force for this request (defaults until saved)."""
    if "table" not in g:
        row = _row()
        table = Table()
        if row is not None:
            try:
                table = Table.from_dict(row.table)
            except CaddieError:
                # Stored by an older version with rules since tightened: fall back, never crash.
                table = Table()
        g.table = table
        g.table_version = row.version if row is not None else 0
    return g.table


def current_version() -> int:
    current_table()
    return g.table_version


def save_table(table: Table, expected_version: int) -> int:
    """Store ``table`` for this browser; refuse if it changed since ``expected_version``."""
    row = _row(create=True)
    if row is None:
        if expected_version not in (0, None):
            raise StaleSettings()
        row = TableSettings(browser_id=browser_id(), table=table.to_dict())
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
    g.table, g.table_version = table, row.version
    return row.version
