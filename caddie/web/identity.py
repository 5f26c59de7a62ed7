"""The browser's identity: a long random id in the signed session cookie.

No accounts: what a browser saves (settings now, rounds later) belongs to it.
"""

from __future__ import annotations

import secrets

from flask import session

from caddie.store.ledger import granted_round

_KEY = "browser_id"


def browser_id(create: bool = False) -> str | None:
    """This browser's id; with ``create`` a new one is issued if it has none."""
    current = session.get(_KEY)
    if current is None and create:
        current = secrets.token_urlsafe(32)
        session[_KEY] = current
        session.permanent = True
    return current


_GRANTS = "edit_grants"
MAX_GRANTS = 50  # the session cookie must stay small


def edit_grants() -> list[str]:
    """The edit links this browser opened (``caddie.store.ledger.edit_grant``), newest last."""
    grants = session.get(_GRANTS, [])
    return [g for g in grants if isinstance(g, str)] if isinstance(grants, list) else []


def grant_edit(grant: str) -> None:
    """Keep an edit link's grant, in place of any older grant of the same round (a replaced link's)."""
    grants = [g for g in edit_grants() if granted_round(g) != granted_round(grant)]
    session[_GRANTS] = (grants + [grant])[-MAX_GRANTS:]
    session.permanent = True
