"""The house rules in force for this request: the browser's saved table settings, read once per request."""

from __future__ import annotations

from flask import g

from caddie.core.table import Table
from caddie.store.table_settings import StaleSettings, load_settings, save_settings
from caddie.web.identity import browser_id

__all__ = ["StaleSettings", "current_table", "current_version", "save_table"]


def current_table() -> Table:
    """The house rules in force for this request (defaults until saved)."""
    if "table" not in g:
        g.table, g.table_version = load_settings(browser_id())
    table: Table = g.table
    return table


def current_version() -> int:
    current_table()
    version: int = g.table_version
    return version


def save_table(table: Table, expected_version: int | None) -> int:
    """Store ``table`` for this browser; refuse (``StaleSettings``) if it changed since ``expected_version``."""
    owner = browser_id(create=True)
    assert owner is not None  # create=True always gives one
    version = save_settings(owner, table, expected_version)
    g.table, g.table_version = table, version
    return version
