"""Migration 0017 (issue 36, "the table's story"): the computers' seats of the rounds played before
it are marked from their tables' seats, so those rounds count against computers, apart from the
rounds among people; and stepping down and up again keeps every score."""

from __future__ import annotations

import secrets

import sqlalchemy as sa

from caddie.store import live_tables
from caddie.store.database import db
from caddie.store.ledger import CellWrite, cards_of, write_scores
from caddie.store.models import Round
from caddie.store.people import played_rounds
from tests.store.test_database import current_revision, flask_db, head_revision

OWNER = secrets.token_urlsafe(32)
BEFORE = "0016"
SEATS = sa.table("round_players", sa.column("round_id"), sa.column("seat"), sa.column("computer"))


def computer_seats(app, round_id: int) -> list[int]:
    with app.app_context():
        rows = db.session.execute(sa.select(SEATS.c.seat, SEATS.c.computer).where(SEATS.c.round_id == round_id))
        return sorted(seat for seat, computer in rows if computer)


def test_the_computers_of_rounds_played_before_are_marked_and_every_score_kept(app):
    with app.app_context():
        computers = [("Ada", "steady"), ("Bea", "caddie")]
        row = live_tables.create_solo(OWNER, "grid", {"rules": {"cards": 4}}, "You", computers)
        round_id = row.round_id
        assert round_id is not None
        write_scores(db.session.get(Round, round_id), [CellWrite(seat, 1, 3 + seat, 0) for seat in range(3)])
    assert computer_seats(app, round_id) == [1, 2]

    flask_db(app, "downgrade", BEFORE)  # the column goes
    assert current_revision(app) == BEFORE
    flask_db(app, "upgrade")  # and comes back, filled in from the table's seats
    assert current_revision(app) == head_revision()
    assert computer_seats(app, round_id) == [1, 2]
    with app.app_context():
        round_ = db.session.get(Round, round_id)
        assert cards_of(round_)[0] == {"You": [3] + [None] * 8, "Ada": [4] + [None] * 8, "Bea": [5] + [None] * 8}
        (played,) = played_rounds([round_])
        assert not played.among_people and played.computers == frozenset({"Ada", "Bea"})
