"""Statements sent together (caddie.store.together): in order, each with its own answer, and a
failure raised as SQLAlchemy raises it, on SQLite and PostgreSQL alike."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from sqlalchemy import bindparam, insert, select, update
from sqlalchemy.exc import IntegrityError

from caddie.core.table import Table
from caddie.store.database import db
from caddie.store.ledger import deal_round
from caddie.store.models import HoleScore, Round
from caddie.store.together import Step, read_without_transaction, run_together

CELLS = HoleScore.__table__
ADD_CELL = insert(CELLS)
CELL_SCORES = (
    select(CELLS.c.hole, CELLS.c.score)
    .where(CELLS.c.round_id == bindparam("round"))
    .order_by(CELLS.c.hole, CELLS.c.player_id)  # the seats of one hole in the order they were dealt
)
BUMP = (
    update(Round.__table__)
    .where(Round.__table__.c.id == bindparam("round"))
    .values(version=Round.__table__.c.version + 1)
    .returning(Round.__table__.c.version)
)


def cell(round_id: int, player_id: int, hole: int, score: int) -> dict:
    return {
        "round_id": round_id,
        "player_id": player_id,
        "hole": hole,
        "score": score,
        "version": 1,
        "updated_at": datetime.now(UTC),
    }


@pytest.fixture
def round_(app):
    with app.app_context():
        dealt = deal_round("browser-1", ["Ann", "Bo"], 9, "grid", Table())
        yield dealt


def test_each_step_answers_in_order_and_sees_the_steps_before_it(round_):
    ann, bo = (p.id for p in round_.players)
    answers = run_together(
        [
            Step(ADD_CELL, [cell(round_.id, ann, 1, 4), cell(round_.id, bo, 1, -2)]),  # several at once
            Step(BUMP, [{"round": round_.id}]),
            Step(CELL_SCORES, [{"round": round_.id}]),
        ]
    )
    assert answers == [[], [(2,)], [(1, 4), (1, -2)]]
    db.session.commit()
    assert db.session.scalar(select(Round.version).where(Round.id == round_.id)) == 2


def test_a_failing_step_raises_as_sqlalchemy_does_and_the_rollback_leaves_nothing(round_):
    ann = round_.players[0].id
    with pytest.raises(IntegrityError):
        run_together(
            [
                Step(ADD_CELL, [cell(round_.id, ann, 1, 4)]),
                Step(ADD_CELL, [cell(round_.id, ann, 1, 5)]),  # the same cell again: unique (player, hole)
                Step(BUMP, [{"round": round_.id}]),
            ]
        )
    db.session.rollback()
    assert db.session.scalars(select(HoleScore).where(HoleScore.round_id == round_.id)).all() == []
    assert db.session.scalar(select(Round.version).where(Round.id == round_.id)) == 1
    # the connection is usable again
    assert run_together([Step(CELL_SCORES, [{"round": round_.id}])]) == [[]]


def committed_cells(round_id: int) -> list[tuple[int, int]]:
    """The round's cells as another connection sees them: what is committed."""
    with db.engine.connect() as other:
        return [tuple(row) for row in other.execute(CELL_SCORES, {"round": round_id})]


@pytest.mark.parametrize("outside_a_transaction", [False, True])
def test_commit_sends_the_commit_with_the_steps_and_keeps_what_the_session_loaded(round_, outside_a_transaction):
    if outside_a_transaction:
        db.session.rollback()
        read_without_transaction()
    loaded = db.session.get(Round, round_.id)
    ann = loaded.players[0].id
    answers = run_together(
        [Step(ADD_CELL, [cell(round_.id, ann, 3, 7)]), Step(BUMP, [{"round": round_.id}])], commit=True
    )
    assert answers[1] == [(2,)]  # the round's new version
    assert committed_cells(round_.id) == [(3, 7)]
    assert "players" in loaded.__dict__  # not expired: nothing is read again for the answer
    db.session.commit()  # what the session then does at the end of a request changes nothing
    assert committed_cells(round_.id) == [(3, 7)]


@pytest.mark.parametrize("commit", [False, True])
def test_outside_a_transaction_the_steps_are_still_one_transaction(round_, commit):
    """After read_without_transaction each read stands alone, but the steps open a transaction
    of their own: a failing step leaves nothing of the steps before it, and the connection is
    usable again at once."""
    db.session.rollback()
    read_without_transaction()
    ann = db.session.get(Round, round_.id).players[0].id
    with pytest.raises(IntegrityError):
        run_together(
            [
                Step(ADD_CELL, [cell(round_.id, ann, 1, 4)]),
                Step(BUMP, [{"round": round_.id}]),
                Step(ADD_CELL, [cell(round_.id, ann, 1, 5)]),  # the same cell again: unique (player, hole)
            ],
            commit=commit,
        )
    db.session.rollback()
    assert committed_cells(round_.id) == []
    assert db.session.scalar(select(Round.version).where(Round.id == round_.id)) == 1
    assert run_together([Step(CELL_SCORES, [{"round": round_.id}])]) == [[]]


def test_outside_a_transaction_steps_without_commit_wait_for_the_callers_commit_or_rollback(round_):
    """A write whose answers may refuse it (a cell's version moved on) is sent without its
    COMMIT: the caller looks at the answers, then commits or rolls back all of it."""
    db.session.rollback()
    read_without_transaction()
    ann, bo = (p.id for p in db.session.get(Round, round_.id).players)
    run_together([Step(ADD_CELL, [cell(round_.id, ann, 2, 3)]), Step(BUMP, [{"round": round_.id}])])
    assert committed_cells(round_.id) == []  # not yet
    db.session.rollback()
    assert committed_cells(round_.id) == []
    run_together([Step(ADD_CELL, [cell(round_.id, bo, 2, 6)]), Step(BUMP, [{"round": round_.id}])])
    db.session.commit()
    assert committed_cells(round_.id) == [(2, 6)]
    assert db.session.scalar(select(Round.version).where(Round.id == round_.id)) == 2
