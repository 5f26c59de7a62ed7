"""Secret seeds (issue 38): a stored game's seed is too big to search and reads back whole on SQLite
and PostgreSQL, and migration 0009 gives the games stored before it, still being played, new ones."""

from __future__ import annotations

import importlib.util
import random
from collections import Counter
from datetime import timedelta
from types import ModuleType
from typing import Any

from alembic.migration import MigrationContext
from alembic.operations import Operations
from sqlalchemy import select

from caddie.core.clubs.game import ClubAction
from caddie.core.clubs.solver import solve
from caddie.core.courses.course import SAMPLE_COURSES
from caddie.core.game import Seat
from caddie.core.grid.game import GridMatch
from caddie.core.grid.players import choose
from caddie.core.grid.rules import Rules
from caddie.core.table import Table
from caddie.store import live_tables
from caddie.store.club_matches import start_club_match
from caddie.store.database import db
from caddie.store.grid_matches import start_match
from caddie.store.match_records import save_move
from caddie.store.matches import load, play, step
from caddie.store.models import LiveTableRecord, Match
from caddie.web.app import MIGRATIONS_DIR
from tests.web.test_play_pages import start as start_through_http

OWNER = "b" * 32
SEATS = [Seat("You", None), Seat("Ada", "beginner")]
NOW = live_tables.Timing(pause=timedelta(0))
SMALL = {"rules": {"cards": 4, "initial_flips": 0, "holes": 9}}
BIGGEST = 2**256 - 1


def stored_state(model: type[Match] | type[LiveTableRecord], row_id: int) -> dict[str, Any]:
    """The state as the database holds it now, read in a session of its own."""
    db.session.remove()
    return db.session.get(model, row_id).state


# -- new games -------------------------------------------------------------------------------


def test_new_games_store_a_secret_sized_seed_that_reads_back_whole(app):
    with app.app_context():
        grid = start_match(OWNER, Table(), Rules(holes=9), SEATS)
        clubs = start_club_match(OWNER, Table(), SAMPLE_COURSES["cedar-nine"], SEATS)
        biggest = start_match(OWNER, Table(), Rules(holes=9), SEATS, seed=BIGGEST)
        row, _ = live_tables.create(
            "host-browser", "grid", SMALL, [{"kind": "person"}, {"kind": "computer", "level": "steady"}], "Ann"
        )
        live_tables.start(row, 0, NOW)
        dealt = {
            (Match, grid.id): load(grid).to_dict(),
            (Match, clubs.id): load(clubs).to_dict(),
            (Match, biggest.id): load(biggest).to_dict(),
            (LiveTableRecord, row.id): live_tables.load(row).to_dict(),
        }
        for (model, row_id), state in dealt.items():
            read_back = stored_state(model, row_id)
            assert read_back == state  # the whole state, seed included, to the last digit
            seed = (read_back["match"] if model is LiveTableRecord else read_back)["seed"]
            assert type(seed) is int and seed.bit_length() >= 128
        assert stored_state(Match, biggest.id)["seed"] == BIGGEST
        assert load(db.session.get(Match, biggest.id)).seed == BIGGEST


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
    """The migration's upgrade, on the test's database as ``flask db upgrade`` runs it (the steps
    after it, other issues' schema changes, are left out of the test's way)."""
    with app.app_context():
        db.session.remove()
        with db.engine.begin() as conn, Operations.context(MigrationContext.configure(conn)):
            module.upgrade()


def play_out(game: GridMatch) -> None:
    """Every seat played by the beginner level to the end of the match (in the core: quick)."""
    rng = random.Random(1)
    while not game.is_over:
        seat = game.current if game.phase != "hole_over" else 0
        game.apply(choose(game.view(seat, events=False), "beginner", rng), seat)


def without(state: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {key: value for key, value in state.items() if key not in keys}


def test_the_migration_gives_games_being_played_a_new_seed_and_leaves_the_rest(app):
    with app.app_context():
        # as stored before the change: small seeds
        grid = start_match(OWNER, Table(), Rules(holes=9), SEATS, seed=12345)
        play(grid, load(grid).legal_actions()[0], grid.version)  # a card turned up
        clubs = start_club_match(OWNER, Table(), SAMPLE_COURSES["cedar-nine"], SEATS, seed=5)
        game = load(clubs)
        play(clubs, ClubAction.play(list(solve(game.hands[0], game.yardage).cards)), clubs.version)
        finished = start_match(OWNER, Table(), Rules(cards=4, initial_flips=0, holes=9), SEATS, seed=77)
        game = load(finished)
        play_out(game)
        save_move(finished, game.to_dict(), finished.version, game.is_over, game.hole_scores)
        seats = [{"kind": "person"}, {"kind": "computer", "level": "beginner"}]
        live, _ = live_tables.create("host-browser", "grid", SMALL, seats, "Ann")
        live_tables.start(live, 0, NOW, seed=3)
        live_over, _ = live_tables.create("host-browser", "grid", SMALL, seats, "Ann")
        live_tables.start(live_over, 0, NOW, seed=4)
        live_tables.change(live_over, lambda table: play_out(table.match))
        lobby, _ = live_tables.create("host-browser", "grid", SMALL, seats, "Ann")
        rows = {
            "grid": (Match, grid.id),
            "clubs": (Match, clubs.id),
            "finished": (Match, finished.id),
            "live": (LiveTableRecord, live.id),
            "live_over": (LiveTableRecord, live_over.id),
            "lobby": (LiveTableRecord, lobby.id),
        }
        before = {name: stored_state(*row) for name, row in rows.items()}
        versions = {name: db.session.get(*row).version for name, row in rows.items()}
        assert before["finished"]["phase"] == "match_over" and before["live_over"]["match"]["phase"] == "match_over"
        assert before["clubs"]["phase"] == "play" and before["live"]["match"]["phase"] == "turn"

    run_upgrade(app, secret_seeds_migration())

    with app.app_context():
        after = {name: stored_state(*row) for name, row in rows.items()}
        assert {name: db.session.get(*row).version for name, row in rows.items()} == versions
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
        # and each plays on
        grid, clubs, live = (db.session.get(*rows[name]) for name in ("grid", "clubs", "live"))
        assert load(grid).seed == new_seeds[0]
        play(grid, load(grid).legal_actions()[0], grid.version)  # the second card turned up
        step(clubs, clubs.version)
        assert load(clubs).phase == "hole_over"
        live_tables.move(live, 0, [live_tables.load(live).match.legal_actions()[0]], live.version, NOW)
        assert live_tables.load(live).match.seed == new_seeds[2]


def test_the_migration_reads_the_rows_a_batch_at_a_time(app, monkeypatch):
    """More games than one batch: every one is re-keyed."""
    module = secret_seeds_migration()
    monkeypatch.setattr(module, "BATCH", 2)
    with app.app_context():
        ids = [start_match(OWNER, Table(), Rules(holes=9), SEATS, seed=n).id for n in range(5)]
    run_upgrade(app, module)
    with app.app_context():
        assert all(stored_state(Match, row_id)["seed"].bit_length() >= 128 for row_id in ids)


def test_a_matchs_seed_never_reaches_its_page(app, client):
    """The seed is the key to every deal still to come: no digit run of it on the page that plays it."""
    public_id = start_through_http(client)
    html = client.get(f"/play/m/{public_id}").get_data(as_text=True)
    with app.app_context():
        seed = db.session.scalars(select(Match).where(Match.public_id == public_id)).one().state["seed"]
    assert seed.bit_length() >= 128 and "Ada" in html  # the page of the match
    for written in (str(seed), f"{seed:x}", f"{seed:X}"):
        assert written[:16] not in html
