"""Secret seeds (issue 38): a stored game's seed is too big to search and reads back whole on SQLite
and PostgreSQL, and migration 0009 gives the games stored before it, still being played, new ones."""

from __future__ import annotations

import importlib.util
import random
import re
from collections import Counter
from datetime import UTC, datetime, timedelta
from types import ModuleType
from typing import Any

import sqlalchemy as sa
from alembic.migration import MigrationContext
from alembic.operations import Operations
from sqlalchemy import select

from caddie.core.clubs.game import ClubAction, ClubRound
from caddie.core.clubs.solver import solve
from caddie.core.courses.course import SAMPLE_COURSES
from caddie.core.games.club_cards import CLUB_CARDS
from caddie.core.games.grid_golf import GRID_GOLF
from caddie.core.grid.game import GridMatch
from caddie.core.grid.players import choose
from caddie.core.grid.rules import Rules
from caddie.core.table import Table
from caddie.store import live_tables
from caddie.store.database import db
from caddie.store.ledger import deal_round
from caddie.store.models import LiveTableRecord
from caddie.web.app import MIGRATIONS_DIR
from tests.conftest import CSRF_META
from tests.store.test_database import current_revision, flask_db, head_revision
from tests.store.test_solo_tables_migration import MATCHES, store_match

OWNER = "b" * 32
COMPUTERS = [("Ada", "beginner")]
NAMES = ["You", "Ada"]
SEATS = [{"name": "You", "level": None}, {"name": "Ada", "level": "beginner"}]  # a match's, before issue 33
COURSE = SAMPLE_COURSES["cedar-nine"]
NOW = live_tables.Timing(pause=timedelta(0))
SMALL = {"rules": {"cards": 4, "initial_flips": 0, "holes": 9}}
BIGGEST = 2**256 - 1
BEFORE = "0008"  # the revision before the migration under test


def stored_state(row_id: int) -> dict[str, Any]:
    """A table's state as the database holds it now, read in a session of its own."""
    db.session.remove()
    return db.session.get(LiveTableRecord, row_id).state


# -- new games -------------------------------------------------------------------------------


def test_new_games_store_a_secret_sized_seed_that_reads_back_whole(app):
    grid_settings = GRID_GOLF.settings_for(Table(rules=Rules(holes=9)), None)
    with app.app_context():
        grid = live_tables.create_solo(OWNER, "grid", grid_settings, "You", COMPUTERS)
        clubs = live_tables.create_solo(
            OWNER, "clubs", CLUB_CARDS.settings_for(Table(), None, COURSE), "You", COMPUTERS
        )
        biggest = live_tables.create_solo(OWNER, "grid", grid_settings, "You", COMPUTERS, seed=BIGGEST)
        row, _ = live_tables.create(
            "host-browser", "grid", SMALL, [{"kind": "person"}, {"kind": "computer", "level": "steady"}], "Ann"
        )
        live_tables.start(row, 0, NOW)
        biggest_id = biggest.id
        dealt = {table.id: live_tables.load(table).to_dict() for table in (grid, clubs, biggest, row)}
        for row_id, state in dealt.items():
            read_back = stored_state(row_id)
            assert read_back == state  # the whole state, seed included, to the last digit
            seed = read_back["match"]["seed"]
            assert type(seed) is int and seed.bit_length() >= 128
        assert stored_state(biggest_id)["match"]["seed"] == BIGGEST
        assert live_tables.load(db.session.get(LiveTableRecord, biggest_id)).match.seed == BIGGEST


# -- the migration ----------------------------------------------------------------------------


def secret_seeds_migration() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "secret_seeds_0009", MIGRATIONS_DIR / "versions" / "0009_secret_seeds.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_upgrade(app, module: ModuleType) -> None:
    """The migration's upgrade, on the test's database (at the revision before it) as ``flask db
    upgrade`` runs it, then marked done."""
    with app.app_context():
        db.session.remove()
        with db.engine.begin() as conn, Operations.context(MigrationContext.configure(conn)):
            module.upgrade()
    flask_db(app, "stamp", module.revision)


def play_out(game: GridMatch) -> None:
    """Every seat played by the beginner level to the end of the match (in the core: quick)."""
    rng = random.Random(1)
    while not game.is_over:
        seat = game.current if game.phase != "hole_over" else 0
        game.apply(choose(game.view(seat, events=False), "beginner", rng), seat)


def without(state: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {key: value for key, value in state.items() if key not in keys}


# the two tables as every revision from 0006 has them, as far as this migration reads them
LIVE_TABLES = sa.table(
    "live_tables", sa.column("id", sa.Integer), sa.column("state", sa.JSON), sa.column("version", sa.Integer)
)
TABLES = {"match": MATCHES, "table": LIVE_TABLES}


def stored(app, rows: dict[str, tuple[str, int]]) -> dict[str, tuple[dict[str, Any], int]]:
    """Each row's state and version, read with SQL (the models are the head's)."""
    with app.app_context():
        found = {}
        for name, (kind, row_id) in rows.items():
            table = TABLES[kind]
            found[name] = tuple(
                db.session.execute(select(table.c.state, table.c.version).where(table.c.id == row_id)).one()
            )
        return found


def match_id(public_id: str) -> int:
    return db.session.execute(select(MATCHES.c.id).where(MATCHES.c.public_id == public_id)).scalar_one()


def table_by(public_id: str) -> LiveTableRecord:
    return db.session.scalars(select(LiveTableRecord).where(LiveTableRecord.public_id == public_id)).one()


def test_the_migration_gives_games_being_played_a_new_seed_and_leaves_the_rest(app):
    seats = [{"kind": "person"}, {"kind": "computer", "level": "beginner"}]
    with app.app_context():
        # the ledger rounds the matches fill in, and three live tables, made while the database is whole
        rounds = [
            deal_round(OWNER, NAMES, 9, "grid", Table(rules=Rules(holes=9))).id,
            deal_round(OWNER, NAMES, len(COURSE.holes), "clubs", Table(players=2), COURSE).id,
            deal_round(OWNER, NAMES, 9, "grid", Table(rules=Rules(cards=4, initial_flips=0, holes=9))).id,
        ]
        live, _ = live_tables.create("host-browser", "grid", SMALL, seats, "Ann")
        live_tables.start(live, 0, NOW, seed=3)
        live_over, _ = live_tables.create("host-browser", "grid", SMALL, seats, "Ann")
        live_tables.start(live_over, 0, NOW, seed=4)
        live_tables.change(live_over, lambda table: play_out(table.match))
        lobby, _ = live_tables.create("host-browser", "grid", SMALL, seats, "Ann")
        tables = {"live": live, "live_over": live_over, "lobby": lobby}
        rows = {name: ("table", table.id) for name, table in tables.items()}
        public_ids = {name: table.public_id for name, table in tables.items()}
    flask_db(app, "downgrade", BEFORE)
    now = datetime.now(UTC)
    with app.app_context():
        # the matches as stored before the change: small seeds
        grid = GridMatch.new(Rules(holes=9), NAMES, 12345)
        grid.apply(grid.legal_actions()[0], 0)  # a card turned up
        clubs = ClubRound.new(COURSE, NAMES, 5, Table().clubs)
        clubs.apply(ClubAction.play(list(solve(clubs.hands[0], clubs.yardage).cards)), 0)  # Ada to move
        finished = GridMatch.new(Rules(cards=4, initial_flips=0, holes=9), NAMES, 77)
        play_out(finished)
        matches = {
            "grid": store_match("grid", grid.to_dict(), 2, rounds[0], now, now, seats=SEATS, owner=OWNER),
            "clubs": store_match("clubs", clubs.to_dict(), 2, rounds[1], now, now, seats=SEATS, owner=OWNER),
            "finished": store_match("grid", finished.to_dict(), 9, rounds[2], now, now, now, SEATS, OWNER),
        }
        rows.update({name: ("match", match_id(match["public_id"])) for name, match in matches.items()})
        public_ids.update({name: match["public_id"] for name, match in matches.items()})
    before = {name: state for name, (state, _) in stored(app, rows).items()}
    versions = {name: version for name, (_, version) in stored(app, rows).items()}
    assert before["finished"]["phase"] == "match_over" and before["live_over"]["match"]["phase"] == "match_over"
    assert before["clubs"]["phase"] == "play" and before["live"]["match"]["phase"] == "turn"
    assert before["lobby"]["match"] is None

    flask_db(app, "upgrade", "0009")

    after = {name: state for name, (state, _) in stored(app, rows).items()}
    assert {name: version for name, (_, version) in stored(app, rows).items()} == versions
    # over, or not started: nothing changes
    for name in ("finished", "live_over", "lobby"):
        assert after[name] == before[name], name
    # being played: a new secret seed, the hole in progress as it was
    new_seeds = [after["grid"]["seed"], after["clubs"]["seed"], after["live"]["match"]["seed"]]
    assert all(type(seed) is int and seed.bit_length() >= 128 for seed in new_seeds)
    assert len(set(new_seeds)) == 3
    assert without(after["grid"], "seed") == without(before["grid"], "seed")
    assert without(after["live"], "match") == without(before["live"], "match")
    assert without(after["live"]["match"], "seed") == without(before["live"]["match"], "seed")
    # a Club Cards round's pile holds every hole to come: the same cards, in a new order
    assert without(after["clubs"], "seed", "pile") == without(before["clubs"], "seed", "pile")
    assert Counter(after["clubs"]["pile"]) == Counter(before["clubs"]["pile"])
    assert after["clubs"]["pile"] != before["clubs"]["pile"]

    # and each plays on, the matches now tables of one person (issue 33)
    flask_db(app, "upgrade")
    assert current_revision(app) == head_revision()
    with app.app_context():
        grid, live = table_by(public_ids["grid"]), table_by(public_ids["live"])
        assert live_tables.load(grid).match.seed == new_seeds[0] and grid.solo
        live_tables.move(grid, 0, [live_tables.load(grid).match.legal_actions()[0]], grid.version, NOW)
        assert grid.version == 3  # the second card turned up
        assert live_tables.load(grid).match.seed == new_seeds[0]
        # Ada's shot at Club Cards, due since the match became a table, and her first card at Grid Golf
        assert live_tables.play_due(NOW) == 2
        clubs = table_by(public_ids["clubs"])
        assert clubs.solo and live_tables.load(clubs).match.phase == "hole_over"
        assert live_tables.load(clubs).match.seed == new_seeds[1]
        live_tables.move(live, 0, [live_tables.load(live).match.legal_actions()[0]], live.version, NOW)
        assert live_tables.load(live).match.seed == new_seeds[2]


def test_the_migration_reads_the_rows_a_batch_at_a_time(app, monkeypatch):
    """More games than one batch: every one is re-keyed."""
    module = secret_seeds_migration()
    monkeypatch.setattr(module, "BATCH", 2)
    flask_db(app, "downgrade", BEFORE)
    now = datetime.now(UTC)
    with app.app_context():
        for n in range(5):
            store_match("grid", GridMatch.new(Rules(holes=9), NAMES, n).to_dict(), 1, None, now, now, seats=SEATS)
        ids = list(db.session.execute(select(MATCHES.c.id)).scalars())
        assert len(ids) == 5
    run_upgrade(app, module)
    rows = {str(row_id): ("match", row_id) for row_id in ids}
    assert all(state["seed"].bit_length() >= 128 for state, _ in stored(app, rows).values())
    flask_db(app, "upgrade")  # the database as the next test expects it


def start_through_http(client) -> str:
    """A Grid Golf match against one computer, started from Play: its table's public id."""
    html = client.get("/play/").get_data(as_text=True)
    data = {
        "csrf_token": CSRF_META.search(html).group(1),
        "player": "Pat",
        "opponents": "1",
        "cards": "6",
        "negatives": "twos",
        "holes": "9",
        "seats-0-name": "Ada",
        "seats-0-level": "steady",
    }
    response = client.post("/play/", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    return re.fullmatch(r".*/t/([^/]+)", response.headers["Location"]).group(1)


def test_a_matchs_seed_never_reaches_its_page(app, client):
    """The seed is the key to every deal still to come: no digit run of it on the page that plays it."""
    public_id = start_through_http(client)
    html = client.get(f"/t/{public_id}").get_data(as_text=True)
    with app.app_context():
        seed = table_by(public_id).state["match"]["seed"]
    assert seed.bit_length() >= 128 and "Ada" in html  # the page of the match
    for written in (str(seed), f"{seed:x}", f"{seed:X}"):
        assert written[:16] not in html
