"""A table's people as the database keeps them (docs/people.md): the rounds a browser counts, its
merges and renames, its seasons, and the tables its phone sat at.

The rounds a browser counts are those it dealt or may edit (``ledger.rounds_for``) and those of the
tables it sat at (``TableSitter``): a person at a live table keeps its round on their own phone,
not only the host. They are read in a few queries whatever their number (the rounds, their cells,
their tables' reviews), for the people's pages to answer in well under 100 ms at 500 rounds.
"""

from __future__ import annotations

import secrets
import threading
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError

from caddie.core.courses.course import Course
from caddie.core.errors import CaddieError
from caddie.core.games import game_named
from caddie.core.ledger import PLAYER_NAME_LIMIT
from caddie.core.names import check_visible
from caddie.core.people import Names, PlayedRound, merge_refusal
from caddie.core.ratings import person_key
from caddie.store.database import db
from caddie.store.ledger import rounds_for
from caddie.store.models import (
    HoleScore,
    LiveTableRecord,
    PersonName,
    Round,
    RoundPlayer,
    SeasonRecord,
    TableHole,
    TableSitter,
)
from caddie.store.tokens import is_token

__all__ = [
    "NAMES_PER_BROWSER",
    "SEASONS_PER_BROWSER",
    "CountedRounds",
    "add_season",
    "counted_rounds",
    "find_season",
    "holdings",
    "merge",
    "names_for",
    "name_rows",
    "played_rounds",
    "remove_season",
    "rename",
    "rounds_sat_at",
    "sat",
    "seasons_for",
    "unmerge",
]

CHUNK = 400  # ids per IN (...) query
NAMES_PER_BROWSER = 500
SEASONS_PER_BROWSER = 100
SEASON_NAME_LIMIT = 40
RACED = "These names changed at the same moment on another screen: look again and try once more."


def _chunks(items: Sequence[int]) -> Iterable[Sequence[int]]:
    for start in range(0, len(items), CHUNK):
        yield items[start : start + CHUNK]


# -- the rounds ------------------------------------------------------------------------------------


def sat(table_id: int, browser: str | None) -> None:
    """``browser`` sat at the table ``table_id``: its round counts on this phone from now on."""
    if not browser:
        return
    if db.session.get(TableSitter, (table_id, browser)) is not None:
        return
    db.session.add(TableSitter(table_id=table_id, browser_id=browser))
    try:
        db.session.commit()
    except IntegrityError:  # the same phone sat down twice at once: once is enough
        db.session.rollback()


def rounds_sat_at(browser: str | None) -> list[Round]:
    """The rounds of the tables ``browser`` sat at (not deleted), newest first: on a seat's phone, a
    live table's round that the host's browser owns."""
    if not browser:
        return []
    return list(
        db.session.scalars(
            select(Round)
            .join(LiveTableRecord, LiveTableRecord.round_id == Round.id)
            .join(TableSitter, TableSitter.table_id == LiveTableRecord.id)
            .where(TableSitter.browser_id == browser, Round.deleted_at.is_(None))
            .order_by(Round.played_on.desc(), Round.id.desc())
        )
    )


@dataclass(frozen=True)
class CountedRounds:
    """The rounds a browser counts, as the people's pages read them; ``openable``: the ids of those
    whose scorecard it may open (its own and its edit links'); ``read_only``: the share token
    (``Round.share_token``, the scorecard to read) of each round of a table it sat at."""

    rounds: list[PlayedRound]
    openable: frozenset[str]
    read_only: dict[str, str]


def counted_rounds(browser: str | None, grants: Iterable[str] = ()) -> CountedRounds:
    """Every round ``browser`` counts: those it dealt or may edit, and those of the tables it sat at."""
    rows = {r.id: r for r in rounds_for(browser, grants)}
    openable = frozenset(r.public_id for r in rows.values())
    read_only = {}
    if browser:
        for found in rounds_sat_at(browser):
            if found.id not in rows:
                rows[found.id] = found
                read_only[found.public_id] = found.share_token
    return CountedRounds(played_rounds(list(rows.values())), openable, read_only)


# Each round as the people's pages read it, by (round id, public id, version), in this process:
# every write to a round's cells moves its version on (``ledger.write_scores``), so a round read at
# a version is that round for good (the public id too: SQLite may give a purged round's id to a new
# one). A page of 500 rounds reads their 18,000 cells once, then only the rounds written since
# (bench/people_pages.py; bench/RESULTS.md, "Issue 36"). The decisions' cost is not kept here: a
# hole's review lands after the hole, without a write to the round.
_READ_ROUNDS: OrderedDict[tuple[int, str, int], PlayedRound] = OrderedDict()
_READ_ROUNDS_KEPT = 20_000
_READ_ROUNDS_LOCK = threading.Lock()


def played_rounds(rows: Sequence[Round]) -> list[PlayedRound]:
    """``rows`` as the people's pages read them."""
    if not rows:
        return []
    with _READ_ROUNDS_LOCK:
        known = {_read_key(r): _READ_ROUNDS.get(_read_key(r)) for r in rows}
    unread = [r for r in rows if known[_read_key(r)] is None]
    read = _read(unread)
    with _READ_ROUNDS_LOCK:
        for row in unread:
            _READ_ROUNDS[_read_key(row)] = read[row.id]
        for key, found in known.items():
            if found is not None:
                _READ_ROUNDS.move_to_end(key)
        while len(_READ_ROUNDS) > _READ_ROUNDS_KEPT:
            _READ_ROUNDS.popitem(last=False)
    lost = _decisions_lost(rows)
    answer = []
    for row in rows:
        played = known[_read_key(row)] or read[row.id]
        answer.append(replace(played, lost=lost[row.id]) if row.id in lost else played)
    return answer


def _read_key(row: Round) -> tuple[int, str, int]:
    return row.id, row.public_id, row.version


def _read(rows: Sequence[Round]) -> dict[int, PlayedRound]:
    """``rows``' players and cells, in two queries for every 400 rounds."""
    ids = [r.id for r in rows]
    players: dict[int, list[tuple[int, int, str, bool]]] = {i: [] for i in ids}
    cells: dict[int, dict[tuple[int, int], int | None]] = {i: {} for i in ids}
    for chunk in _chunks(ids):
        for round_id, player_id, seat, name, computer in db.session.execute(
            select(
                RoundPlayer.round_id, RoundPlayer.id, RoundPlayer.seat, RoundPlayer.name, RoundPlayer.computer
            ).where(RoundPlayer.round_id.in_(chunk))
        ):
            players[round_id].append((seat, player_id, name, computer))
        for round_id, player_id, hole, score in db.session.execute(
            select(HoleScore.round_id, HoleScore.player_id, HoleScore.hole, HoleScore.score).where(
                HoleScore.round_id.in_(chunk)
            )
        ):
            cells[round_id][(player_id, hole)] = score
    found = {}
    for row in rows:
        seated, written, holes = sorted(players[row.id]), cells[row.id], range(1, row.holes + 1)
        kind_of = game_named(row.game)
        found[row.id] = PlayedRound(
            round_id=row.public_id,
            game=row.game,
            kind=kind_of.compares_within(row.rules),
            holes=row.holes,
            played_on=row.played_on,
            cards={name: [written.get((pid, hole)) for hole in holes] for _, pid, name, _ in seated},
            among_people=not any(computer for *_, computer in seated),
            pars=_pars(row) if kind_of.uses_course else None,
            computers=frozenset(name for *_, name, computer in seated if computer),
        )
    return found


def _pars(row: Round) -> list[int] | None:
    try:
        return [hole.par for hole in Course.from_dict(row.course).holes[: row.holes]] if row.course else None
    except CaddieError:  # pragma: no cover - a course saved under rules since tightened
        return None


def _decisions_lost(rows: Sequence[Round]) -> dict[int, dict[str, tuple[float, int]]]:
    """Per round the app played and reviewed: each reviewed person's points lost to decisions and the
    holes their decisions were reviewed on (``docs/records.md``, "Decisions and cards")."""
    by_id = {r.id: r for r in rows}
    tables: dict[int, int] = {}  # table id → round id
    for chunk in _chunks(list(by_id)):
        for table_id, table_round in db.session.execute(
            select(LiveTableRecord.id, LiveTableRecord.round_id).where(LiveTableRecord.round_id.in_(chunk))
        ):
            if table_round is not None:
                tables[table_id] = table_round
    lost: dict[int, dict[int, dict[int, float]]] = {}  # round → seat → hole → loss
    for chunk in _chunks(list(tables)):
        for table_id, hole, review in db.session.execute(
            select(TableHole.table_id, TableHole.hole, TableHole.review).where(
                TableHole.table_id.in_(chunk), TableHole.review.is_not(None)
            )
        ):
            for verdict in (review or {}).get("decisions", []):
                by_hole = lost.setdefault(tables[table_id], {}).setdefault(int(verdict["seat"]), {})
                by_hole[int(hole)] = by_hole.get(int(hole), 0.0) + float(verdict["loss"])
    if not lost:
        return {}
    names: dict[int, dict[int, str]] = {}
    for chunk in _chunks(list(lost)):
        for round_id, seat, name in db.session.execute(
            select(RoundPlayer.round_id, RoundPlayer.seat, RoundPlayer.name).where(RoundPlayer.round_id.in_(chunk))
        ):
            names.setdefault(round_id, {})[seat] = name
    return {
        round_id: {
            names[round_id][seat]: (sum(holes.values()), len(holes))
            for seat, holes in seats.items()
            if seat in names.get(round_id, {})
        }
        for round_id, seats in lost.items()
    }


# -- merges and renames ----------------------------------------------------------------------------


def name_rows(browser: str | None) -> list[PersonName]:
    if not browser:
        return []
    return list(
        db.session.scalars(
            select(PersonName).where(PersonName.owner_browser == browser).order_by(PersonName.person, PersonName.id)
        )
    )


def names_for(browser: str | None, rows: Sequence[PersonName] | None = None) -> Names:
    """The browser's word on who is who (from its ``rows``, where they are read already)."""
    return Names({row.alias_key: row.person for row in (name_rows(browser) if rows is None else rows)})


def _point(browser: str, rows: list[PersonName], from_key: str, person: str) -> None:
    """Every name standing for ``from_key``'s person, and ``from_key`` itself, now stand for ``person``."""
    count = len(rows)
    for row in rows:
        if person_key(row.person) == from_key:
            row.person = person
    own = next((row for row in rows if row.alias_key == from_key), None)
    if own is not None:
        own.person = person
    else:
        if count >= NAMES_PER_BROWSER:
            raise CaddieError(f"This browser keeps {NAMES_PER_BROWSER} merges and renames already.", "name")
        db.session.add(PersonName(owner_browser=browser, alias_key=from_key, person=person))


def _commit() -> None:
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise CaddieError(RACED, "name") from None


def merge(browser: str, rounds: Sequence[PlayedRound], one: str, other: str) -> str:
    """``one`` is ``other``: every round of ``one`` counts for ``other`` from now on (names as the
    pages list them); the person's name. ``CaddieError`` (nothing kept) if they played together."""
    rows = name_rows(browser)
    names = names_for(browser, rows)
    refusal = merge_refusal(rounds, names, one, other)
    if refusal is not None:
        raise CaddieError(refusal, "other")
    known = {names.key(name) for played in rounds for name in played.cards}
    if names.key(one) not in known or names.key(other) not in known:
        raise CaddieError("Choose two people from the list.", "other")
    # the person as the pages show them: the spelling of their latest round
    person = next(
        names.person(name)
        for played in sorted(rounds, key=lambda r: (r.played_on, r.round_id), reverse=True)
        for name in played.cards
        if names.key(name) == names.key(other)
    )
    _point(browser, rows, names.key(one), person)
    _commit()
    return person


def rename(browser: str, rounds: Sequence[PlayedRound], one: str, new_name: str) -> str:
    """``one`` is called ``new_name`` from now on, in every round; the name as kept. ``CaddieError``
    (nothing kept) for a name that will not do, or one another person has."""
    rows = name_rows(browser)
    names = names_for(browser, rows)
    key = names.key(one)
    if key not in {names.key(name) for played in rounds for name in played.cards}:
        raise CaddieError("Choose a person from the list.", "name")
    new = check_visible(new_name or "", CaddieError, "name")
    if not new:
        raise CaddieError("Type the name this person goes by.", "name")
    if len(new) > PLAYER_NAME_LIMIT:
        raise CaddieError(f"Keep names to {PLAYER_NAME_LIMIT} characters.", "name")
    taken = {names.key(name): names.person(name) for played in rounds for name in played.cards}
    if person_key(new) != key and person_key(new) in taken:
        raise CaddieError(
            f"{taken[person_key(new)]} is another person here: if they are one person, merge them instead.", "name"
        )
    _point(browser, rows, key, new)
    _commit()
    return new


def unmerge(browser: str | None, alias_key: str) -> bool:
    """The names written ``alias_key`` count for themselves again; whether there was such a merge."""
    if not browser:
        return False
    gone = db.session.execute(
        delete(PersonName).where(PersonName.owner_browser == browser, PersonName.alias_key == alias_key)
    ).rowcount  # type: ignore[attr-defined]
    db.session.commit()
    return bool(gone)


# -- seasons ---------------------------------------------------------------------------------------


def seasons_for(browser: str | None) -> list[SeasonRecord]:
    """The browser's seasons, the latest first."""
    if not browser:
        return []
    return list(
        db.session.scalars(
            select(SeasonRecord)
            .where(SeasonRecord.owner_browser == browser)
            .order_by(SeasonRecord.starts_on.desc(), SeasonRecord.id.desc())
        )
    )


def find_season(public_id: object, browser: str | None) -> SeasonRecord | None:
    if not browser or not is_token(public_id, 32):
        return None
    return db.session.scalars(
        select(SeasonRecord).where(SeasonRecord.public_id == public_id, SeasonRecord.owner_browser == browser)
    ).first()


def add_season(browser: str, name: str, starts_on: date, ends_on: date) -> SeasonRecord:
    """A new season; ``CaddieError`` (nothing kept) for a name that will not do or is taken, or
    days the wrong way round."""
    clean = check_visible(name or "", CaddieError, "name")
    if not clean:
        raise CaddieError('Name the season ("Winter 2026").', "name")
    if len(clean) > SEASON_NAME_LIMIT:
        raise CaddieError(f"Keep a season's name to {SEASON_NAME_LIMIT} characters.", "name")
    if ends_on < starts_on:
        raise CaddieError("A season ends on or after the day it starts.", "ends_on")
    held = seasons_for(browser)
    if any(row.name.casefold() == clean.casefold() for row in held):
        raise CaddieError(f"There is a season called {clean} already: choose another name.", "name")
    if len(held) >= SEASONS_PER_BROWSER:
        raise CaddieError(f"This browser keeps {SEASONS_PER_BROWSER} seasons already: remove one first.", "name")
    row = SeasonRecord(
        public_id=secrets.token_urlsafe(12), owner_browser=browser, name=clean, starts_on=starts_on, ends_on=ends_on
    )
    db.session.add(row)
    try:
        db.session.commit()
    except IntegrityError:
        db.session.rollback()
        raise CaddieError(f"There is a season called {clean} already: choose another name.", "name") from None
    return row


def remove_season(row: SeasonRecord) -> None:
    db.session.execute(delete(SeasonRecord).where(SeasonRecord.id == row.id))
    db.session.commit()


def holdings(browser: str | None) -> dict[str, Any]:
    """How many merges and seasons a browser keeps (its data page says so)."""
    if not browser:
        return {"names": 0, "seasons": 0}
    count = func.count()
    return {
        "names": db.session.scalar(select(count).where(PersonName.owner_browser == browser)) or 0,
        "seasons": db.session.scalar(select(count).where(SeasonRecord.owner_browser == browser)) or 0,
    }
