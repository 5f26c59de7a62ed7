"""Hands followed with the Caddie's walkthrough and kept with their review (docs/caddie.md, "Your
hand, reviewed"): for the browser that kept them to come back to, and removed when it says so."""

from __future__ import annotations

import secrets
from typing import Any

from sqlalchemy import delete, func, select

from caddie.core.errors import CaddieError
from caddie.store.database import db
from caddie.store.models import WalkHand
from caddie.store.tokens import is_token

__all__ = ["KEPT_PER_BROWSER", "find", "keep", "kept_by", "remove"]

KEPT_PER_BROWSER = 500  # a hand a night for more than a year
FULL = f"This browser keeps {KEPT_PER_BROWSER} hands already: remove one before keeping another."


def keep(
    owner: str, game: str, rules: dict[str, Any], hand: dict[str, Any], decisions: list[Any], review: list[Any]
) -> str:
    """Keep a reviewed hand for ``owner``; its public id. ``CaddieError`` when the browser keeps
    as many as it may."""
    held = db.session.scalar(select(func.count()).where(WalkHand.owner_browser == owner))
    if (held or 0) >= KEPT_PER_BROWSER:
        raise CaddieError(FULL, "hand")
    public_id = secrets.token_urlsafe(12)
    db.session.add(
        WalkHand(
            public_id=public_id,
            owner_browser=owner,
            game=game,
            rules=rules,
            hand=hand,
            decisions=decisions,
            review=review,
        )
    )
    db.session.commit()
    return public_id


def find(public_id: object, owner: str | None) -> WalkHand | None:
    """The hand ``owner`` kept under this id; ``None`` for anyone else's or none."""
    if not owner or not is_token(public_id, 32):
        return None
    return db.session.scalars(
        select(WalkHand).where(WalkHand.public_id == public_id, WalkHand.owner_browser == owner)
    ).first()


def kept_by(owner: str | None) -> list[WalkHand]:
    """The hands ``owner`` kept, the latest first."""
    if not owner:
        return []
    return list(
        db.session.scalars(select(WalkHand).where(WalkHand.owner_browser == owner).order_by(WalkHand.id.desc()))
    )


def remove(row: WalkHand) -> None:
    db.session.execute(delete(WalkHand).where(WalkHand.id == row.id))
    db.session.commit()
