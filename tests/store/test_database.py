"""The database under the app: connection tuning, and migrations that build exactly the models.

These run on whichever database the suite uses: a SQLite file by default, or
the server named by ``TEST_DATABASE_URL`` (PostgreSQL in CI).
"""

from __future__ import annotations

import dataclasses
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect, text

from caddie.config import database_url, normalize_database_url
from caddie.store.database import db
from caddie.web.app import MIGRATIONS_DIR


def model_tables() -> set[str]:
    """Every table models.py declares (the app factory has imported it by now)."""
    import caddie.store.models  # noqa: F401

    tables = set(db.metadata.tables)
    assert {"table_settings", "rounds", "round_players", "hole_scores"} <= tables
    return tables


def dialect(app) -> str:
    with app.app_context():
        return db.engine.dialect.name


def schema_diff(app) -> list:
    """What ``flask db migrate`` would generate: the models against the migrated database."""
    with app.app_context(), db.engine.connect() as conn:
        context = MigrationContext.configure(conn, opts={"compare_type": True})
        return compare_metadata(context, db.metadata)


def tables(app) -> set[str]:
    with app.app_context():
        return set(inspect(db.engine).get_table_names())


def current_revision(app) -> str | None:
    with app.app_context(), db.engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def migration_scripts() -> ScriptDirectory:
    config = Config(str(MIGRATIONS_DIR / "alembic.ini"))
    config.set_main_option("script_location", str(MIGRATIONS_DIR))
    return ScriptDirectory.from_config(config)


def head_revision() -> str:
    return migration_scripts().get_current_head()


def flask_db(app, *args: str) -> None:
    """Run ``flask db ...`` against the test app, as a developer would from the shell."""
    result = app.test_cli_runner().invoke(args=["db", *args])
    assert result.exit_code == 0, f"flask db {' '.join(args)} failed:\n{result.output}\n{result.exception!r}"


# ---- the connection ---------------------------------------------------------


def test_sqlite_runs_in_wal_mode_with_a_busy_timeout_on_every_connection(app):
    if dialect(app) != "sqlite":
        pytest.skip("SQLite connection tuning; this run uses " + dialect(app))
    with app.app_context():
        # Two connections at once: the pragmas are set per connection, not once.
        with db.engine.connect() as first, db.engine.connect() as second:
            for conn in (first, second):
                assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
                assert conn.execute(text("PRAGMA busy_timeout")).scalar() >= 1000
                assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert db.session.execute(text("PRAGMA journal_mode")).scalar() == "wal"


def test_sqlite_database_is_a_file_shared_by_connections(app):
    """WAL needs a real file; :memory: would give every connection its own empty database."""
    if dialect(app) != "sqlite":
        pytest.skip("SQLite only")
    with app.app_context():
        assert db.engine.url.database and db.engine.url.database != ":memory:"
        assert Path(db.engine.url.database).exists()


def test_postgresql_goes_through_psycopg_3(app):
    if dialect(app) != "postgresql":
        pytest.skip("PostgreSQL only; this run uses " + dialect(app))
    with app.app_context():
        assert db.engine.dialect.driver == "psycopg"
        assert db.session.execute(text("SELECT 1")).scalar() == 1


def test_a_pooled_connection_the_database_server_closed_is_replaced_without_an_error(app, client):
    """A connection the server ended (a restart, an administrator) is found by the pool's ping
    before its next use, and replaced: the request after it is served."""
    if dialect(app) != "postgresql":
        pytest.skip("PostgreSQL only; this run uses " + dialect(app))
    with app.app_context():
        assert app.config["SQLALCHEMY_ENGINE_OPTIONS"]["pool_pre_ping"]
        with db.engine.connect() as conn:  # the pool's one connection so far
            victim = conn.execute(text("SELECT pg_backend_pid()")).scalar()
        killer = create_engine(db.engine.url)
        try:
            with killer.connect() as conn:
                assert conn.execute(text("SELECT pg_terminate_backend(:pid)"), {"pid": victim}).scalar()
                for _ in range(200):  # the server ends it in a moment, not at once
                    conn.rollback()  # a new transaction: pg_stat_activity is read once per transaction
                    gone = not conn.execute(
                        text("SELECT count(*) FROM pg_stat_activity WHERE pid = :pid"), {"pid": victim}
                    ).scalar()
                    if gone:
                        break
                    time.sleep(0.01)
                assert gone
        finally:
            killer.dispose()
    answer = client.get("/healthz")  # the first request after: served on a new connection
    assert answer.status_code == 200, answer.get_data(as_text=True)
    assert answer.get_json() == {"status": "ok", "database": "ok"}
    with app.app_context(), db.engine.connect() as conn:
        assert conn.execute(text("SELECT pg_backend_pid()")).scalar() != victim


def test_deleting_a_round_cascades_to_its_players_and_scores(app):
    """ON DELETE CASCADE holds on both databases (SQLite needs PRAGMA foreign_keys=ON)."""
    with app.app_context():
        db.session.execute(
            text(
                "INSERT INTO rounds (id, public_id, share_token, edit_token, owner_browser, game, holes, rules,"
                " played_on, version, created_at, updated_at)"
                " VALUES (1, 'p', 's', 'e', 'b', 'grid', 9, '{}', '2026-01-01', 1,"
                " '2026-01-01 00:00:00+00', '2026-01-01 00:00:00+00')"
            )
        )
        db.session.execute(text("INSERT INTO round_players (id, round_id, seat, name) VALUES (1, 1, 0, 'Ann')"))
        db.session.execute(
            text(
                "INSERT INTO hole_scores (round_id, player_id, hole, score, version, updated_at)"
                " VALUES (1, 1, 1, 4, 1, '2026-01-01 00:00:00+00')"
            )
        )
        db.session.commit()
        db.session.execute(text("DELETE FROM rounds WHERE id = 1"))
        db.session.commit()
        assert db.session.execute(text("SELECT count(*) FROM round_players")).scalar() == 0
        assert db.session.execute(text("SELECT count(*) FROM hole_scores")).scalar() == 0


# ---- the database URL -------------------------------------------------------


@pytest.mark.parametrize(
    "given, used",
    [
        ("postgres://u:p@db.example:5432/caddie", "postgresql+psycopg://u:p@db.example:5432/caddie"),
        (
            "postgresql://u:p@db.example/caddie?sslmode=require",
            "postgresql+psycopg://u:p@db.example/caddie?sslmode=require",
        ),
        ("postgresql+psycopg://u@db.example/caddie", "postgresql+psycopg://u@db.example/caddie"),
        ("sqlite:////srv/caddie.sqlite3", "sqlite:////srv/caddie.sqlite3"),
    ],
)
def test_database_url_from_the_environment_uses_psycopg_3(monkeypatch, tmp_path, given, used):
    monkeypatch.setenv("DATABASE_URL", given)
    assert database_url(tmp_path) == used
    assert normalize_database_url(given) == used


def test_without_database_url_the_database_is_sqlite_in_the_instance_folder(monkeypatch, tmp_path):
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert database_url(tmp_path) == f"sqlite:///{tmp_path / 'caddie.sqlite3'}"


# ---- migrations -------------------------------------------------------------


def test_migrations_build_exactly_the_models_schema(app):
    assert model_tables() <= tables(app)
    assert current_revision(app) == head_revision()
    assert schema_diff(app) == [], "models.py and the migrations disagree: run `flask db migrate`"


def test_downgrade_to_base_and_upgrade_again(app):
    flask_db(app, "downgrade", "base")
    assert current_revision(app) is None
    assert tables(app) & model_tables() == set()

    flask_db(app, "upgrade")
    assert current_revision(app) == head_revision()
    assert schema_diff(app) == []

    # And once more, so a downgrade that leaves something behind (an index, a
    # PostgreSQL type) shows up as a failing second upgrade.
    flask_db(app, "downgrade", "base")
    flask_db(app, "upgrade")
    assert schema_diff(app) == []


def test_every_migration_steps_down_and_up_one_at_a_time(app):
    scripts = list(migration_scripts().walk_revisions())  # newest first
    assert scripts, "there are migrations"
    for script in scripts:
        assert current_revision(app) == script.revision
        flask_db(app, "downgrade", script.down_revision or "base")
    assert current_revision(app) is None
    assert tables(app) & model_tables() == set()
    for script in reversed(scripts):
        flask_db(app, "upgrade", script.revision)
        assert current_revision(app) == script.revision
    assert schema_diff(app) == []


def test_the_migrated_database_round_trips_a_round(app):
    """Data written through the models reads back the same, JSON and time zones included."""
    from datetime import date

    from caddie.core.table import Table
    from caddie.store.ledger import deal_round, find_round

    with app.app_context():
        dealt = deal_round("browser-1", ["Ann", "Bo"], 9, "grid", Table(), played_on=date(2026, 5, 1))
        public_id = dealt.public_id
        db.session.remove()
        found = find_round(public_id)
        assert found is not None
        assert [p.name for p in found.players] == ["Ann", "Bo"]
        assert found.rules == Table().to_dict()
        assert found.played_on == date(2026, 5, 1)
        assert found.version == 1


# ---- the fixtures: every test starts from an empty, migrated database ----------


@pytest.mark.parametrize("turn", [1, 2])
def test_each_test_starts_with_empty_tables_and_ids_from_one(app, turn):
    """Run twice: the second run must not see the first's rows, nor continue its ids."""
    from caddie.core.table import Table
    from caddie.store.ledger import deal_round

    with app.app_context():
        for table in sorted(model_tables()):
            assert db.session.execute(text(f"SELECT count(*) FROM {table}")).scalar() == 0, table
        dealt = deal_round("browser-1", ["Ann", "Bo"], 9, "grid", Table())
        assert dealt.id == 1
        assert [p.id for p in dealt.players] == [1, 2]


@pytest.mark.parametrize("turn", ["break the schema", "find it whole"])
def test_a_test_that_breaks_the_schema_does_not_break_the_next(app, turn):
    """The first run leaves the schema half migrated; the second must get it whole again."""
    if turn == "break the schema":
        flask_db(app, "downgrade", "0001")
        with app.app_context(), db.engine.begin() as conn:
            conn.execute(text("CREATE TABLE stray (id INTEGER PRIMARY KEY)"))
        assert current_revision(app) == "0001"
    else:
        assert current_revision(app) == head_revision()
        assert "stray" not in tables(app)
        assert schema_diff(app) == []


def test_the_house_rules_migration_writes_every_field_and_changes_no_value(app):
    """0005 fills the house-rules fields into stored rules (settings, rounds, matches) at their
    defaults; a step down takes them out again where they hold them, and keeps a rule in use."""
    from dataclasses import replace

    import sqlalchemy as sa

    from caddie.core.grid.game import GridMatch
    from caddie.core.grid.rules import Rules
    from caddie.core.table import Table
    from caddie.store import live_tables
    from caddie.store.ledger import deal_round
    from caddie.store.models import LiveTableRecord, Round, TableSettings
    from caddie.store.table_settings import load_settings, save_settings
    from tests.store.test_solo_tables_migration import MATCHES, SEATS, store_match

    house = Table(rules=Rules(king=0, knock_penalty=True), preset="custom")
    match_rules = Rules(cards=4)
    with app.app_context():
        save_settings("browser-1", Table(rules=Rules(king=0)), None)
        save_settings("browser-2", house, None)
        deal_round("browser-1", ["Ann", "Bo"], 9, "grid", Table())
        # a match against a computer, as stored before matches were tables (issue 33): its round...
        round_id = deal_round("browser-1", ["You", "Ada"], 9, "grid", replace(Table(), rules=match_rules)).id
    flask_db(app, "downgrade", "0011")
    with app.app_context():  # ...and its row
        now = datetime.now(UTC)
        state = GridMatch.new(match_rules, ["You", "Ada"], 2**200).to_dict()
        public_id = store_match("grid", state, 1, round_id, now, now, seats=SEATS, owner="browser-1")["public_id"]
    flask_db(app, "downgrade", "0004")

    def stored(matches: bool) -> list[dict]:
        # the columns alone: the models have columns that later migrations add
        with app.app_context():
            if matches:  # the match's state holds its rules
                states = db.session.scalars(sa.select(MATCHES.c.state)).all()
            else:  # the match, now a table: its state holds the match's
                states = [
                    table["match"]
                    for table in db.session.scalars(sa.select(LiveTableRecord.state).where(LiveTableRecord.solo)).all()
                ]
            return [
                *(table["rules"] for table in db.session.scalars(db.select(TableSettings.table)).all()),
                *(rules["rules"] for rules in db.session.scalars(db.select(Round.rules).order_by(Round.id)).all()),
                *(state["rules"] for state in states),
            ]

    before = stored(matches=True)  # two settings, the dealt round and the match's own round, the match
    assert len(before) == 5 and not any("ten" in rules for rules in before)
    assert [rules.get("knock_penalty") for rules in before] == [None, True, None, None, None]  # in use: kept
    flask_db(app, "upgrade", "0005")
    after = stored(matches=True)
    fields = {field.name for field in dataclasses.fields(Rules)}
    assert all(set(rules) == fields for rules in after)
    assert [Rules.from_dict(rules) for rules in after] == [Rules.from_dict(rules) for rules in before]
    flask_db(app, "upgrade")
    assert stored(matches=False) == after  # the match, a table now, holds its rules whole
    with app.app_context():
        assert load_settings("browser-1")[0].rules == Rules(king=0)
        assert load_settings("browser-2")[0].rules == house.rules
        # and it plays on, with its rules
        row = db.session.scalars(sa.select(LiveTableRecord).where(LiveTableRecord.public_id == public_id)).one()
        table = live_tables.load(row)
        assert table.solo and table.match.rules == match_rules
        assert table.settings["rules"] == after[-1]
        live_tables.move(row, 0, [table.match.legal_actions()[0]], row.version, live_tables.Timing(pause=timedelta(0)))
        assert row.version == 2 and live_tables.load(row).match.rules == match_rules
