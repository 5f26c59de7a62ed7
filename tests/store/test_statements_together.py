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
from caddie.store.together import Step, run_together

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


def test_the_steps_wait_for_the_callers_commit_or_rollback(round_):
    """The steps run in the session's transaction and commit nothing themselves: the caller looks
    at the answers (a cell's version may have moved on), then commits or rolls back all of it."""
    ann, bo = (p.id for p in db.session.get(Round, round_.id).players)
    run_together([Step(ADD_CELL, [cell(round_.id, ann, 2, 3)]), Step(BUMP, [{"round": round_.id}])])
    assert committed_cells(round_.id) == []  # not yet
    db.session.rollback()
    assert committed_cells(round_.id) == []
    run_together([Step(ADD_CELL, [cell(round_.id, bo, 2, 6)]), Step(BUMP, [{"round": round_.id}])])
    db.session.commit()
    assert committed_cells(round_.id) == [(2, 6)]
