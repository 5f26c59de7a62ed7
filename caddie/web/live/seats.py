"""The seats this browser holds at live tables: their tokens, in the signed session cookie.

A phone holds the token of each seat it sits at (several, for pass-and-play), and nothing
else about the table; the table itself keeps only the tokens' digests. ``shown`` is which of
its seats a pass-and-play phone is showing, so the next person gets a curtain, not the last
person's hand. ``last_name`` is offered the next time this phone sits down.

A phone that asked to be let back in holds its request's token like a seat's: it names no seat
until the host lets it in, and then it does. The host's phone keeps a fresh seat link it issued
(``handout``) until the host is done showing it; ``link_kept`` is whether this phone's player
has been told, once, to keep their seat link.
"""

from __future__ import annotations

from flask import session

from caddie.core.live.table import LiveTable
from caddie.store import people
from caddie.store.live_tables import digest, holds_seat
from caddie.store.models import LiveTableRecord
from caddie.web.identity import browser_id

__all__ = [
    "clear_handout",
    "forget_table",
    "hand_out",
    "handout",
    "held_tokens",
    "keep_link",
    "link_kept",
    "held_tables",
    "hold",
    "last_name",
    "my_seats",
    "remember_name",
    "set_shown",
    "shown",
    "token_for",
]

_SEATS, _SHOWN, _NAME = "live_seats", "live_shown", "live_name"
_HANDOUT, _LINK_KEPT = "live_handout", "live_link_kept"
_COUNTED = "live_counted"  # the tables whose round this browser was counted in (store.people.sat)
MAX_TABLES = 8  # the session cookie must stay small: the oldest table is forgotten first


def _held() -> dict[str, list[str]]:
    held = session.get(_SEATS)
    if not isinstance(held, dict):
        return {}
    return {
        k: [t for t in v if isinstance(t, str)] for k, v in held.items() if isinstance(k, str) and isinstance(v, list)
    }


def hold(public_id: str, token: str) -> None:
    held = _held()
    tokens = [t for t in held.pop(public_id, []) if t != token] + [token]
    held[public_id] = tokens[-6:]
    session[_SEATS] = dict(list(held.items())[-MAX_TABLES:])
    session.permanent = True


def held_tables() -> list[str]:
    """The tables this browser sits at, the latest joined last."""
    return list(_held())


def forget_table(public_id: str) -> None:
    held = _held()
    if held.pop(public_id, None) is not None:
        session[_SEATS] = held


def held_tokens(public_id: str) -> list[str]:
    """Every token this browser holds for the table: its seats' and its requests'."""
    return _held().get(public_id, [])


def my_seats(row: LiveTableRecord, table: LiveTable) -> list[int]:
    """The seats of ``table`` this browser holds, in seat order: those whose tokens it keeps, and at
    a solo table the person's seat, which the browser that made it holds without one."""
    seats = {table.seat_of(digest(t)) for t in _held().get(row.public_id, [])}
    seats.add(holds_seat(row, browser_id()))
    mine = sorted(s for s in seats if s is not None)
    if mine and not row.solo:
        _counted(row)
    return mine


def _counted(row: LiveTableRecord) -> None:
    """The table's round counts among this browser's rounds for good (``caddie.store.people.sat``),
    even once the cookie forgets the seat: written once, when the phone first holds a seat here (a
    phone asking to be let back in holds none until the host lets it in)."""
    counted = session.get(_COUNTED)
    counted = [t for t in counted if isinstance(t, str)] if isinstance(counted, list) else []
    if row.public_id in counted:
        return
    people.sat(row.id, browser_id(create=True))
    session[_COUNTED] = (counted + [row.public_id])[-MAX_TABLES:]


def token_for(public_id: str, table: LiveTable, seat: int) -> str | None:
    """This browser's token for ``seat`` (for its private seat link), if it holds that seat."""
    for token in _held().get(public_id, []):
        if table.seat_of(digest(token)) == seat:
            return token
    return None


def shown(public_id: str) -> int | None:
    value = (session.get(_SHOWN) or {}).get(public_id) if isinstance(session.get(_SHOWN), dict) else None
    return value if type(value) is int else None


def set_shown(public_id: str, seat: int) -> None:
    current = session.get(_SHOWN)
    current = dict(current) if isinstance(current, dict) else {}
    current.pop(public_id, None)
    current[public_id] = seat
    session[_SHOWN] = dict(list(current.items())[-MAX_TABLES:])


def last_name() -> str:
    name = session.get(_NAME)
    return name if isinstance(name, str) else ""


def remember_name(name: str) -> None:
    session[_NAME] = name.strip()[:24]


def hand_out(public_id: str, seat: int, token: str) -> None:
    """The host's phone shows ``seat``'s fresh seat link (and its QR code) until the host is done."""
    session[_HANDOUT] = {"table": public_id, "seat": seat, "token": token}


def handout(public_id: str) -> tuple[int, str] | None:
    """The seat and token of the fresh seat link this phone is showing at this table, if any."""
    kept = session.get(_HANDOUT)
    if not isinstance(kept, dict) or kept.get("table") != public_id:
        return None
    seat, token = kept.get("seat"), kept.get("token")
    return (seat, token) if type(seat) is int and isinstance(token, str) else None


def clear_handout() -> None:
    session.pop(_HANDOUT, None)


def link_kept() -> bool:
    """Whether this phone's player has been told to keep their seat link, and said they had."""
    return session.get(_LINK_KEPT) is True


def keep_link() -> None:
    session[_LINK_KEPT] = True
    session.permanent = True
