"""What the pages of both games share: the types a game's presenter gives (``presenters``), the
sentence for a stale move, and the old addresses of a solo match, which is now a table
(``caddie/web/live/pages.py`` serves every table)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from flask import Blueprint, redirect, url_for

STALE_TABLE = "The table had already moved on; here it is as it stands."


ReadMove = Callable[[Mapping[str, str], dict[str, Any]], tuple[Any, str | None]]
"""``(form, state) -> (action, None)``, or ``(None, a sentence)`` when the form holds no move."""

PageState = Callable[[Mapping[str, str]], dict[str, Any]]
"""What a table page keeps in its address or form (the Club Cards cards tapped), read back."""


def no_state(values: Mapping[str, str]) -> dict[str, Any]:
    return {}


def add_old_addresses(bp: Blueprint) -> None:
    """A solo match's old addresses on ``bp`` send to its table, which kept the match's id:
    ``GET /m/<id>`` permanently; a form posted from a page of before (a move, a computer's step,
    a rematch) to the table as it stands, changing nothing."""

    def table(public_id: str) -> Any:
        return redirect(url_for("live.table", public_id=public_id), code=301)

    def posted(public_id: str) -> Any:
        return redirect(url_for("live.table", public_id=public_id), code=303)

    bp.add_url_rule("/m/<public_id>", "old_table", table, methods=["GET"])
    for step in ("act", "step", "rematch", "again"):
        bp.add_url_rule(f"/m/<public_id>/{step}", f"old_{step}", posted, methods=["POST"])
