"""What every digital match does with the database, whatever the game.

A match's whole state (hidden cards and pile order included) is one JSON value
in ``Match.state``. ``save_move`` writes it only if the match is still at the
version the move was based on (one conditional UPDATE), so a replayed or
doubled request never plays twice, on SQLite and PostgreSQL alike, and in the
same transaction copies finished holes into the match's ledger round.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any, cast

from sqlalchemy import JSON, CursorResult, bindparam, inspect, update
from sqlalchemy.orm.attributes import set_committed_value
from sqlalchemy.sql import Executable

from caddie.store.database import db
from caddie.store.ledger import CellWrite, StaleScore, cards_of, write_scores
from caddie.store.models import Match, Round
from caddie.store.together import Step, begin_transaction, outside_transaction, run_together


class StaleMatch(Exception):
    """The match moved on since the page that sent this request was shown."""


def save_move(
    match: Match, state: dict, seen_version: int, finished: bool, hole_scores: Sequence[Sequence[int]]
) -> None:
    """Store ``state`` as the match's next version, and every finished hole (per hole, per seat)
    that its ledger round does not have yet, in one transaction: a server that dies mid-move
    leaves both or neither. ``StaleMatch`` (nothing written) if another move came first."""
    now = datetime.now(UTC)
    save_versioned(
        Match,
        match,
        seen_version,
        {"state": state, "updated_at": now, "finished_at": now if finished else None},
        [s["name"] for s in match.seats],
        hole_scores,
    )


def save_versioned(
    model: Any,
    row: Any,
    seen_version: int,
    values: dict[str, Any],
    names: Sequence[str],
    hole_scores: Sequence[Sequence[int]],
    read_back: Sequence[str] = ("version",),
) -> None:
    """Write ``values`` into ``row`` (of ``model``, which has ``id``, ``version`` and ``round_id``) as
    its next version, only if it is still at ``seen_version``, and land the finished holes of the
    players ``names`` in its ledger round, in one transaction. ``StaleMatch`` (nothing written)
    if another write came first. ``read_back``: the columns left loaded after the commit.

    A request that read the row outside a transaction (``read_without_transaction``) and lands no
    hole sends BEGIN, the write and COMMIT in one round trip (``run_together``): the write's
    condition on the version is all that can refuse it, and a refused write commits nothing."""
    if not hole_scores and outside_transaction() and not _unsent_changes():
        _write_together(model, row, seen_version, values, read_back)
    else:
        begin_transaction()  # the write and the holes it lands stand or fall together
        _write_in_transaction(model, row, seen_version, values, names, hole_scores, read_back)
    # The row is then the version saved, whatever another writer has done since: its version and
    # the values written are set, not read again (a read could be of a newer version, which the
    # game the caller holds is not). The rest, the whole stored game above all, is read when
    # next asked for.
    set_committed_value(row, "version", seen_version + 1)
    for key, value in values.items():
        if key in read_back:
            set_committed_value(row, key, value)


def _write_together(model: Any, row: Any, seen_version: int, values: dict[str, Any], read_back: Sequence[str]) -> None:
    table = model.__table__
    params = {key: json.dumps(value) if isinstance(table.c[key].type, JSON) else value for key, value in values.items()}
    written = run_together(
        [Step(_next_version(model, tuple(sorted(values))), [{"row_id": row.id, "seen": seen_version, **params}])],
        commit=True,
    )[0]
    if not written:
        raise StaleMatch()
    # nothing was expired: the values written but not kept are read again when next asked for
    db.session.expire(row, [key for key in values if key not in read_back])


def _unsent_changes() -> bool:
    """Whether the session holds changes not sent yet: outside a transaction they would be
    committed on their own before the write."""
    session = db.session()
    return bool(session.new or session.dirty or session.deleted)


_NEXT_VERSIONS: dict[tuple[Any, tuple[str, ...]], Executable] = {}


def _next_version(model: Any, keys: tuple[str, ...]) -> Executable:
    """``UPDATE ... SET version = version + 1, <keys> WHERE id = :row_id AND version = :seen
    RETURNING id``, built once per model and columns (``run_together`` compiles it once)."""
    found = _NEXT_VERSIONS.get((model, keys))
    if found is None:
        table = model.__table__
        found = (
            update(table)
            .where(table.c.id == bindparam("row_id"), table.c.version == bindparam("seen"))
            .values(version=table.c.version + 1, **{key: bindparam(key, type_=table.c[key].type) for key in keys})
            .returning(table.c.id)
        )
        _NEXT_VERSIONS[(model, keys)] = found
    return found


def _write_in_transaction(
    model: Any,
    row: Any,
    seen_version: int,
    values: dict[str, Any],
    names: Sequence[str],
    hole_scores: Sequence[Sequence[int]],
    read_back: Sequence[str],
) -> None:
    done = cast(
        "CursorResult[Any]",  # an UPDATE's result, which Session.execute types as a plain Result
        db.session.execute(
            update(model)
            .where(model.id == row.id, model.version == seen_version)
            .values(version=model.version + 1, **values)
            .execution_options(synchronize_session=False)
        ),
    ).rowcount
    if done != 1:
        db.session.rollback()
        raise StaleMatch()
    if hole_scores:
        _land_in_ledger(row.round_id, names, hole_scores)
    # Of ``read_back``, the columns not written never change with a version: those the row holds
    # (read with it, or flushed by this transaction) are kept across the commit, not read again.
    untouched = [key for key in read_back if key not in values and key != "version"]
    held = inspect(row).dict
    kept = {key: held[key] for key in untouched if key in held}
    db.session.commit()
    # The untouched columns it did not hold are read again; the rest when next asked for.
    unheld = [key for key in untouched if key not in kept]
    if unheld:
        db.session.refresh(row, unheld)
    for key, value in kept.items():
        set_committed_value(row, key, value)


def _land_in_ledger(round_id: int | None, names: Sequence[str], hole_scores: Sequence[Sequence[int]]) -> None:
    round_ = db.session.get(Round, round_id) if round_id else None
    if round_ is None or round_.deleted_at is not None:
        return
    cards, versions = cards_of(round_)
    # each blank cell as it was read: one typed into meanwhile is refused (StaleScore), not overwritten
    writes = [
        CellWrite(seat, hole, scores[seat], versions.get((seat, hole), 0))
        for hole, scores in enumerate(hole_scores, start=1)
        if hole <= round_.holes
        for seat in range(len(scores))
        if cards[names[seat]][hole - 1] is None
    ]
    if not writes:
        return
    savepoint = db.session.begin_nested()
    try:
        write_scores(round_, writes, commit=False)
    except StaleScore:
        # someone typed into that cell on the scorecard meanwhile: their entry stands, the move goes on
        savepoint.rollback()
    else:
        savepoint.commit()
