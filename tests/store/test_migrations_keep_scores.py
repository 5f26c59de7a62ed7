"""Every migration keeps the rounds people kept: their players and every score.

On SQLite a batch operation copies a table and drops the old one, and with foreign keys on the drop
deletes every row that refers to it. Migration 0011's batch on ``rounds`` did so: upgrading a
database from 0010 lost every round's players and scores. The migrations now run with the keys off
(``caddie/migrations/env.py``), checked whole after them and on again for the app."""

from __future__ import annotations

from datetime import UTC, date, datetime

import sqlalchemy as sa

from caddie.store.database import db
from tests.store.test_database import current_revision, flask_db, head_revision

BEFORE = "0010"  # the last revision before 0011's batch on rounds
NOW = datetime(2026, 1, 1, 20, 0, tzinfo=UTC)


def kept(app) -> tuple[int, int, int]:
    with app.app_context():
        count = lambda table: db.session.execute(sa.text(f"SELECT count(*) FROM {table}")).scalar()
        return count("rounds"), count("round_players"), count("hole_scores")


def test_an_upgrade_from_0010_keeps_every_round_player_and_score(app):
    flask_db(app, "downgrade", BEFORE)
    assert current_revision(app) == BEFORE
    with app.app_context():
        db.session.execute(
            sa.text(
                "INSERT INTO rounds (public_id, share_token, edit_token, owner_browser, game, holes, rules, played_on,"
                " version, created_at, updated_at) VALUES ('round-public-id-1', 'share-token-00000001',"
                " 'edit-token-000000000001', 'browser', 'grid', 9, '{}', :day, 2, :now, :now)"
            ),
            {"day": date(2026, 1, 1), "now": NOW},
        )
        round_id = db.session.execute(sa.text("SELECT id FROM rounds")).scalar()
        for seat, name in enumerate(("Ann", "Bo")):
            db.session.execute(
                sa.text("INSERT INTO round_players (round_id, seat, name) VALUES (:round, :seat, :name)"),
                {"round": round_id, "seat": seat, "name": name},
            )
        players = db.session.execute(sa.text("SELECT id FROM round_players ORDER BY seat")).scalars().all()
        for player in players:
            for hole in range(1, 10):
                db.session.execute(
                    sa.text(
                        "INSERT INTO hole_scores (round_id, player_id, hole, score, version, updated_at)"
                        " VALUES (:round, :player, :hole, :score, 1, :now)"
                    ),
                    {"round": round_id, "player": player, "hole": hole, "score": hole - 3, "now": NOW},
                )
        db.session.commit()
    assert kept(app) == (1, 2, 18)

    flask_db(app, "upgrade")
    assert current_revision(app) == head_revision()
    assert kept(app) == (1, 2, 18)  # 0010 -> 0011 once left (1, 0, 0)

    flask_db(app, "downgrade", BEFORE)  # and down again: 0011's batch on the way down too
    assert kept(app) == (1, 2, 18)
    flask_db(app, "upgrade")
    assert kept(app) == (1, 2, 18)
    with app.app_context():
        if db.engine.dialect.name == "sqlite":  # the app's connections enforce the keys again
            assert db.session.execute(sa.text("PRAGMA foreign_keys")).scalar() == 1
