"""Migration 0012 (issue 33, "One table"): a match against computers stored before it, a row of
``matches``, becomes a solo table and plays on from where it was.

Each test brings the database down to 0011, stores matches there as the code before the change
stored them (``caddie/store/matches.py`` and ``grid_matches.py``/``club_matches.py`` of commit
fa2f381~1: the engine's state, the seats as ``{"name", "level"}`` with the person at seat 0, the
ledger round dealt by ``deal_round``), migrates to the head and plays on through the table's page,
``/t/<id>``; the server's moves are made by ``live_tables.play_due`` as its driver would. Every test
leaves the database at the head, as the ``app`` fixture expects."""

from __future__ import annotations

import importlib.util
import random
import re
import secrets
from dataclasses import replace
from datetime import UTC, date, datetime, timedelta
from types import ModuleType
from typing import Any

import pytest
import sqlalchemy as sa
from alembic.migration import MigrationContext
from alembic.operations import Operations
from werkzeug.datastructures import MultiDict

from caddie.core.clubs.game import ClubRound
from caddie.core.courses.course import SAMPLE_COURSES
from caddie.core.games.club_cards import CLUB_CARDS
from caddie.core.games.grid_golf import GRID_GOLF
from caddie.core.grid.game import GridMatch
from caddie.core.grid.players import choose
from caddie.core.grid.rules import Rules
from caddie.core.table import Table
from caddie.store import live_tables
from caddie.store.database import db
from caddie.store.ledger import cards_of
from caddie.store.models import HoleScore, LiveTableRecord, Round
from caddie.web.app import MIGRATIONS_DIR
from tests.conftest import CSRF_META
from tests.store.test_database import current_revision, flask_db, head_revision

BEFORE = "0011"  # the last revision with a ``matches`` table
OWNER = secrets.token_urlsafe(32)  # a browser id, as caddie.web.identity makes them
NAMES = ["You", "Ada"]
SEATS = [{"name": "You", "level": None}, {"name": "Ada", "level": "steady"}]
NOW = live_tables.Timing(pause=timedelta(0))
GRID_RULES = Rules(cards=4, holes=9)
COURSE = SAMPLE_COURSES["cedar-nine"]
BUTTON = re.compile(r'<button type="submit" name="action" value="([^"]+)"([^>]*)>', re.S)

# ``matches`` as revisions 0003 to 0011 have it (the Match model of fa2f381~1)
MATCHES = sa.table(
    "matches",
    sa.column("id", sa.Integer),
    sa.column("public_id", sa.String),
    sa.column("owner_browser", sa.String),
    sa.column("game", sa.String),
    sa.column("state", sa.JSON),
    sa.column("seats", sa.JSON),
    sa.column("version", sa.Integer),
    sa.column("round_id", sa.Integer),
    sa.column("created_at", sa.DateTime(timezone=True)),
    sa.column("updated_at", sa.DateTime(timezone=True)),
    sa.column("finished_at", sa.DateTime(timezone=True)),
)
TIMES = ("created_at", "updated_at", "finished_at")


# -- matches as the code before stored them ------------------------------------------------------


def utc(moment: datetime | None) -> datetime | None:
    """A stored time as an aware UTC time (SQLite gives it back without its zone)."""
    if moment is None:
        return None
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


# ``round_players`` as revisions up to 0016 have it (no ``computer`` column yet)
OLD_ROUND_PLAYERS = sa.table(
    "round_players",
    sa.column("id", sa.Integer),
    sa.column("round_id", sa.Integer),
    sa.column("seat", sa.Integer),
    sa.column("name", sa.String),
)


def ledger_round(game: str, names: list[str], owner: str = OWNER) -> int:
    """The ledger round a match filled in, as ``start_match`` / ``start_club_match`` dealt it, its
    players written as the tables of that revision hold them."""
    table = replace(Table(), rules=GRID_RULES) if game == "grid" else replace(Table(), players=len(names))
    round_ = Round(
        public_id=secrets.token_urlsafe(12),
        share_token=secrets.token_urlsafe(18),
        edit_token=secrets.token_urlsafe(24),
        owner_browser=owner,
        game=game,
        holes=GRID_RULES.holes if game == "grid" else len(COURSE.holes),
        rules=table.to_dict(),
        course=COURSE.to_dict() if game == "clubs" else None,
        played_on=date.today(),
    )
    db.session.add(round_)
    db.session.flush()
    db.session.execute(
        OLD_ROUND_PLAYERS.insert(), [{"round_id": round_.id, "seat": seat, "name": n} for seat, n in enumerate(names)]
    )
    db.session.commit()
    return round_.id


def store_match(
    game: str,
    state: dict[str, Any],
    version: int,
    round_id: int | None,
    created_at: datetime,
    updated_at: datetime,
    finished_at: datetime | None = None,
    seats: list[dict[str, Any]] = SEATS,
    owner: str = OWNER,
    public_id: str | None = None,
) -> dict[str, Any]:
    """A row of ``matches`` (in an app context, at a revision that has the table): its values."""
    row = {
        "public_id": public_id or secrets.token_urlsafe(12),
        "owner_browser": owner,
        "game": game,
        "state": state,
        "seats": seats,
        "version": version,
        "round_id": round_id,
        "created_at": created_at,
        "updated_at": updated_at,
        "finished_at": finished_at,
    }
    db.session.execute(MATCHES.insert().values(**row))
    db.session.commit()
    return row


def old_move(game: GridMatch, seat: int, public_id: str, version: int) -> GridMatch:
    """A move as ``matches.play`` (the person's: recorded for the hole's review with the Hint's
    random source, the review brought up to date) or ``matches.step`` (a computer's) made it."""
    action = game.legal_actions()[0]
    if seat != 0:
        game.apply(action, seat)
        return game
    GRID_GOLF.person_move(game, action, seat, f"hint:{public_id}:{version}")
    return GRID_GOLF.reviewed(game) if GRID_GOLF.review_pending(game, True) else game


def grid_mid_hole(seed: int, public_id: str) -> tuple[GridMatch, int]:
    """A Grid Golf match in hole 1 after both players turned their first cards: the person's
    turn. With its version (one more than the moves made)."""
    game, version = GridMatch.new(GRID_RULES, NAMES, seed), 1
    while not (game.phase == "turn" and game.current == 0):
        game = old_move(game, game.current, public_id, version)
        version += 1
    assert game.decisions  # the person's, kept for the hole's review
    return game, version


def clubs_computer_to_move(seed: int) -> ClubRound:
    """A Club Cards round whose person has played hole 1's shot: Ada, a computer, is to move (the
    old page would have posted its ``/step`` after a pause)."""
    game = ClubRound.new(COURSE, NAMES, seed, Table().clubs)
    game.apply(game.legal_actions()[0], 0)
    assert game.current == 1
    return game


def played_out(seed: int) -> tuple[GridMatch, int]:
    """A whole Grid Golf match, every seat played by the beginner level (the person's ``next``
    after each hole too)."""
    game = GridMatch.new(Rules(cards=4, initial_flips=0, holes=9), NAMES, seed)
    rng, moves = random.Random(seed), 0
    while not game.is_over:
        seat = game.current if game.phase != "hole_over" else 0
        game.apply(choose(game.view(seat, events=False), "beginner", rng), seat)
        moves += 1
    return game, moves


def store_before(app) -> dict[str, dict[str, Any]]:
    """At revision 0011: a Grid Golf match mid-hole with the person to move, left two hours ago; a
    Club Cards round with a computer to move, its page open a moment ago; a finished match with
    every hole in its ledger round; and a Grid Golf match a computer was to move in, left a day ago."""
    flask_db(app, "downgrade", BEFORE)
    assert current_revision(app) == BEFORE
    now = datetime.now(UTC)
    with app.app_context():
        grid_id = secrets.token_urlsafe(12)
        grid, grid_version = grid_mid_hole(2**200 + 1, grid_id)
        clubs = clubs_computer_to_move(2**200 + 2)
        over, over_moves = played_out(2**200 + 3)
        left = GridMatch.new(GRID_RULES, NAMES, 2**200 + 4)
        left.apply(left.legal_actions()[0], 0)
        left.apply(left.legal_actions()[0], 0)  # the person's two first cards: Ada to turn hers
        assert left.current == 1
        stored = {
            "grid": store_match(
                "grid", grid.to_dict(), grid_version, ledger_round("grid", NAMES),
                now - timedelta(days=1), now - timedelta(hours=2), public_id=grid_id,
            ),
            "clubs": store_match(
                "clubs", clubs.to_dict(), 2, ledger_round("clubs", NAMES),
                now - timedelta(minutes=5), now - timedelta(seconds=10),
            ),
            "over": store_match(
                "grid", over.to_dict(), 1 + over_moves, ledger_round("grid", NAMES),
                now - timedelta(days=2), now - timedelta(days=1), now - timedelta(days=1),
            ),
            "left": store_match(
                "grid", left.to_dict(), 3, ledger_round("grid", NAMES),
                now - timedelta(days=3), now - timedelta(days=1),
            ),
        }  # fmt: skip
        # the finished match's holes in its round, written as that revision's scorecard held them
        round_id = stored["over"]["round_id"]
        players = dict(
            db.session.execute(
                sa.select(OLD_ROUND_PLAYERS.c.seat, OLD_ROUND_PLAYERS.c.id).where(
                    OLD_ROUND_PLAYERS.c.round_id == round_id
                )
            ).all()
        )
        db.session.execute(
            HoleScore.__table__.insert(),
            [
                {"round_id": round_id, "player_id": players[seat], "hole": hole, "score": score, "version": 1,
                 "updated_at": now}
                for hole, scores in enumerate(over.hole_scores, start=1)
                for seat, score in enumerate(scores)
            ],
        )  # fmt: skip
        db.session.commit()
    return stored


@pytest.fixture
def quick(app):
    app.config["LIVE_COMPUTER_PAUSE_S"] = 0
    return app


@pytest.fixture
def migrated(quick) -> dict[str, dict[str, Any]]:
    """The matches stored at 0011, the database then brought up to the head."""
    stored = store_before(quick)
    flask_db(quick, "upgrade")
    assert current_revision(quick) == head_revision()
    return stored


# -- the table's page ------------------------------------------------------------------------------


def owner_client(app, owner: str = OWNER):
    """A test client with the browser id that owned the matches in its session cookie."""
    client = app.test_client()
    with client.session_transaction() as session:
        session["browser_id"] = owner
        session.permanent = True
    return client


def row_of(app, public_id: str) -> LiveTableRecord:
    with app.app_context():
        row = db.session.query(LiveTableRecord).filter_by(public_id=public_id).one()
        live_tables.load(row)  # the state read while the session is open
        return row


def table_of(app, public_id: str) -> live_tables.LiveTable:
    with app.app_context():
        return live_tables.load(db.session.query(LiveTableRecord).filter_by(public_id=public_id).one())


def page(client, public_id: str) -> str:
    response = client.get(f"/t/{public_id}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def legal(html: str) -> list[str]:
    return [value for value, rest in BUTTON.findall(html) if not re.search(r"\bdisabled\b", rest)]


def act(client, public_id: str, html: str, move: str, **more: Any):
    version = re.search(r'name="version" value="(\d+)"', html).group(1)
    data = {"csrf_token": CSRF_META.search(html).group(1), "version": version, "seat": "0", "action": move, **more}
    return client.post(f"/t/{public_id}/act", data=data)


def computers_move(app) -> int:
    made = 0
    with app.app_context():
        while live_tables.play_due(NOW):
            made += 1
    return made


def ledger_holes(app, round_id: int) -> dict[str, list[int | None]]:
    with app.app_context():
        return cards_of(db.session.get(Round, round_id))[0]


def without(state: dict[str, Any], *keys: str) -> dict[str, Any]:
    return {key: value for key, value in state.items() if key not in keys}


# -- the tests -------------------------------------------------------------------------------------


def test_each_match_becomes_a_solo_table_as_it_was(migrated, app):
    with app.app_context():
        assert "matches" not in sa.inspect(db.engine).get_table_names()
        assert db.session.query(LiveTableRecord).count() == len(migrated)
    settings = {
        "grid": GRID_GOLF.settings_for(Table(rules=GRID_RULES), None),
        "clubs": CLUB_CARDS.settings_for(Table(), None, COURSE),
        "over": GRID_GOLF.settings_for(Table(rules=Rules(cards=4, initial_flips=0, holes=9)), None),
        "left": GRID_GOLF.settings_for(Table(rules=GRID_RULES), None),
    }
    for name, old in migrated.items():
        row = row_of(app, old["public_id"])
        assert row.solo, name
        assert (row.code, row.join_token, row.watch_token) == (None, None, None), name
        assert row.host_browser == old["owner_browser"], name
        assert (row.game, row.version, row.round_id) == (old["game"], old["version"], old["round_id"]), name
        assert [utc(getattr(row, time)) for time in TIMES] == [old[time] for time in TIMES], name
        assert utc(row.seen_at) == old["updated_at"] and row.watched_at is None and row.lease_until is None, name
        table = table_of(app, old["public_id"])
        assert table.solo and table.started and table.clock is None and table.host == 0, name
        assert [(p.person, p.name, p.level, p.token) for p in table.places] == [
            (True, "You", None, None),
            (False, "Ada", "steady", None),
        ], name
        assert table.match.to_dict() == old["state"], name  # the match as it was, seed and all
        assert table.settings == settings[name], name  # what a table made today for the same match has
    # a computer's move is due where one was to move and the match is not over
    assert row_of(app, migrated["clubs"]["public_id"]).due_at is not None
    assert row_of(app, migrated["left"]["public_id"]).due_at is not None
    assert row_of(app, migrated["grid"]["public_id"]).due_at is None
    assert row_of(app, migrated["over"]["public_id"]).due_at is None


def test_only_the_browser_that_owned_a_match_sees_its_table(migrated, app):
    client, stranger = owner_client(app), owner_client(app, secrets.token_urlsafe(32))
    for name, old in migrated.items():
        public_id = old["public_id"]
        assert client.get(f"/t/{public_id}").status_code == 200, name
        assert stranger.get(f"/t/{public_id}").status_code == 404, name
        assert app.test_client().get(f"/t/{public_id}").status_code == 404, name  # no browser id at all
        assert stranger.get(f"/t/{public_id}/events").status_code == 404, name
        # the match's old address, kept in a bookmark or the history, leads to its table
        old_page = "/play/clubs/m/" if old["game"] == "clubs" else "/play/m/"
        moved = client.get(f"{old_page}{public_id}")
        assert moved.status_code == 301 and moved.headers["Location"].endswith(f"/t/{public_id}"), name
    assert client.get("/play/m/" + migrated["grid"]["public_id"], follow_redirects=True).status_code == 200
    # and the browser's list of matches has them
    assert f"/t/{migrated['grid']['public_id']}" in client.get("/play/").get_data(as_text=True)
    assert f"/t/{migrated['clubs']['public_id']}" in client.get("/play/clubs/").get_data(as_text=True)


def test_the_person_plays_on_and_the_hole_lands_in_the_same_ledger_round(migrated, app):
    old = migrated["grid"]
    public_id, client = old["public_id"], owner_client(app)
    rounds = ledger_rounds(app)
    html = page(client, public_id)
    assert "Your turn" in html and 'id="hint-button"' in html
    moves = legal(html)
    assert "draw" in moves
    # the move is the one the stored match allows, applied to the match as it was
    expected = GridMatch.from_dict(old["state"])
    expected.apply(next(a for a in expected.legal_actions() if a.kind == "draw"), 0)
    assert act(client, public_id, html, "draw").status_code == 303
    row = row_of(app, public_id)
    assert row.version == old["version"] + 1
    after = live_tables.LiveTable.from_dict(row.state).match.to_dict()
    assert without(after, "decisions", "review") == without(expected.to_dict(), "decisions", "review")
    # the person's decisions made before the migration are kept for the review (judged as it goes), and this one
    decided = [without(decision, "judged") for decision in after["decisions"]]
    kept = [without(decision, "judged") for decision in old["state"]["decisions"]]
    assert decided[: len(kept)] == kept and len(decided) == len(kept) + 1
    assert decided[-1]["seed"] == f"hint:{public_id}:{old['version']}"  # the Hint's random source, as before
    # on to the end of the hole, Ada moved by the server
    for _ in range(200):
        html = page(client, public_id)
        moves = legal(html)
        if "next" in moves:
            break
        if moves:
            choice = next((m for m in moves if m.startswith(("swap:", "flip:"))), moves[0])
            assert act(client, public_id, html, choice).status_code == 303
        else:
            assert computers_move(app), "nobody is to move in a hole that is not over"
    else:
        raise AssertionError("the hole did not end")
    assert 'id="hole-review"' in html  # the person's decisions, reviewed as before
    match = table_of(app, public_id).match
    assert len(match.hole_scores) == 1
    holes = ledger_holes(app, old["round_id"])
    assert [holes[name][0] for name in NAMES] == match.hole_scores[0]
    assert all(scores[1:] == [None] * 8 for scores in holes.values())
    assert row_of(app, public_id).round_id == old["round_id"] and ledger_rounds(app) == rounds  # no new round


def ledger_rounds(app) -> int:
    with app.app_context():
        return db.session.query(Round).count()


def test_a_computers_move_is_due_after_the_migration_and_the_server_makes_it(migrated, app):
    old = migrated["clubs"]
    public_id, client = old["public_id"], owner_client(app)
    html = page(client, public_id)
    assert "Ada is thinking" in html and 'id="continue"' in html
    assert computers_move(app) >= 1
    row = row_of(app, public_id)
    assert row.version == old["version"] + 1 and row.due_at is None
    match = table_of(app, public_id).match
    assert match.phase == "hole_over" and len(match.hole_scores) == 1  # Ada played: hole 1 is over
    holes = ledger_holes(app, old["round_id"])
    assert [holes[name][0] for name in NAMES] == match.hole_scores[0]
    # and the person plays on: on to hole 2, and a shot there
    html = page(client, public_id)
    assert "next" in legal(html)
    assert act(client, public_id, html, "next").status_code == 303
    computers_move(app)  # Ada first on hole 2, if her hole 1 was the better
    html = page(client, public_id)
    assert "Your shot" in html
    shot = table_of(app, public_id).match.legal_actions()[0]
    picks = [("pick", str(card)) for card in shot.cards]
    version = re.search(r'name="version" value="(\d+)"', html).group(1)
    form = [("csrf_token", CSRF_META.search(html).group(1)), ("version", version), ("seat", "0"), ("action", "play")]
    assert client.post(f"/t/{public_id}/act", data=MultiDict(form + picks)).status_code == 303
    row = row_of(app, public_id)
    assert row.version == int(version) + 1
    match = table_of(app, public_id).match
    assert match.hole == 2 and (match.current == 1 or len(match.hole_scores) == 2)  # Ada's turn, or hole 2 over


def test_a_match_left_alone_plays_on_when_its_person_comes_back(migrated, app):
    """A computer was to move when the person left, a day before the migration: its move waits
    for the person, as at any table nobody is at, and is made once they open the table."""
    old = migrated["left"]
    public_id = old["public_id"]
    computers_move(app)  # the Club Cards round's move is made; this one waits
    assert row_of(app, public_id).version == old["version"] and row_of(app, public_id).due_at is None
    assert "Ada is thinking" in page(owner_client(app), public_id)
    computers_move(app)
    row = row_of(app, public_id)
    assert row.version > old["version"]
    assert table_of(app, public_id).match.current == 0  # Ada turned her cards: the person's turn again


def test_a_finished_match_shows_finished_and_offers_a_rematch(migrated, app):
    old = migrated["over"]
    public_id, client = old["public_id"], owner_client(app)
    html = page(client, public_id)
    assert 'id="match-winner"' in html and re.search(r"(win|wins|share) the match with", html)
    assert "Final scores" in html and 'id="rematch"' in html
    assert computers_move(app) >= 0 and row_of(app, public_id).version == old["version"]  # nothing due
    response = client.post(f"/t/{public_id}/rematch", data={"csrf_token": CSRF_META.search(html).group(1)})
    assert response.status_code == 303
    fresh_id = response.headers["Location"].rsplit("/", 1)[1]
    assert fresh_id != public_id
    fresh, table = row_of(app, fresh_id), table_of(app, fresh_id)
    assert fresh.solo and fresh.host_browser == OWNER and fresh.version == 1
    assert fresh.round_id not in (None, old["round_id"])  # a new ledger round; the old one stays whole
    assert [(p.name, p.level) for p in table.places] == [("You", None), ("Ada", "steady")]
    assert table.match.rules == GridMatch.from_dict(old["state"]).rules and table.match.hole == 1
    holes = ledger_holes(app, old["round_id"])
    assert [[holes[name][hole] for name in NAMES] for hole in range(9)] == old["state"]["hole_scores"]
    assert "Your turn" in page(client, fresh_id) or "Turn up" in page(client, fresh_id)


def stored_matches(app) -> dict[str, dict[str, Any]]:
    """The rows of ``matches`` by public id (the database at a revision that has the table)."""
    with app.app_context():
        rows = db.session.execute(sa.select(MATCHES).order_by(MATCHES.c.id)).mappings().all()
        return {
            row["public_id"]: {
                **{key: value for key, value in row.items() if key != "id"},
                **{time: utc(row[time]) for time in TIMES},
            }
            for row in rows
        }


def test_the_downgrade_puts_the_matches_back_in_the_old_shape(migrated, app):
    # played on after the migration: a move made, and a solo match begun today
    computers_move(app)
    with app.app_context():
        made = live_tables.create_solo(
            OWNER, "clubs", CLUB_CARDS.settings_for(Table(), None, COURSE), "Pat", [("Ada", "steady"), ("Bo", "caddie")]
        )
        made_id = made.public_id
        live, _ = live_tables.create(
            "host-browser", "grid", {"rules": {"cards": 4, "initial_flips": 0, "holes": 9}},
            [{"kind": "person"}, {"kind": "computer", "level": "beginner"}], "Ann",
        )  # fmt: skip
        live_id, live_code = live.public_id, live.code
    tables_now = {old["public_id"]: row_of(app, old["public_id"]) for old in migrated.values()}
    made_row = row_of(app, made_id)

    flask_db(app, "downgrade", BEFORE)
    assert current_revision(app) == BEFORE
    back = stored_matches(app)
    assert set(back) == {old["public_id"] for old in migrated.values()} | {made_id}
    for name, old in migrated.items():
        row = tables_now[old["public_id"]]
        expected = {
            **old,
            "state": live_tables.LiveTable.from_dict(row.state).match.to_dict(),
            "version": row.version,
            "updated_at": utc(row.updated_at),
        }
        assert back[old["public_id"]] == expected, name
        if name in ("grid", "over", "left"):
            assert back[old["public_id"]]["state"] == old["state"], name  # nothing moved in these
    assert back[made_id] == {
        "public_id": made_id,
        "owner_browser": OWNER,
        "game": "clubs",
        "state": live_tables.LiveTable.from_dict(made_row.state).match.to_dict(),
        "seats": [
            {"name": "Pat", "level": None},
            {"name": "Ada", "level": "steady"},
            {"name": "Bo", "level": "caddie"},
        ],
        "version": 1,
        "round_id": made_row.round_id,
        **{time: utc(getattr(made_row, time)) for time in TIMES},
    }
    with app.app_context():  # the table of people stays a table, with its code
        tables = sa.table("live_tables", sa.column("public_id", sa.String), sa.column("code", sa.String))
        assert db.session.execute(sa.select(tables.c.public_id, tables.c.code)).all() == [(live_id, live_code)]

    # and up again: the same tables
    flask_db(app, "upgrade")
    for public_id, row in {**tables_now, made_id: made_row}.items():
        again = row_of(app, public_id)
        assert again.solo and again.host_browser == OWNER and again.version == row.version
        assert table_of(app, public_id).to_dict() == live_tables.LiveTable.from_dict(row.state).to_dict()
    assert not row_of(app, live_id).solo and row_of(app, live_id).code == live_code


# -- many matches ------------------------------------------------------------------------------------


def the_migration() -> ModuleType:
    spec = importlib.util.spec_from_file_location(
        "solo_matches_are_tables_0012", MIGRATIONS_DIR / "versions" / "0012_solo_matches_are_tables.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_database_with_many_matches_migrates_a_batch_at_a_time(quick, app, monkeypatch):
    """More matches than one batch (and a gap in their ids, a deleted match): every one moves."""
    module = the_migration()
    monkeypatch.setattr(module, "BATCH", 2)
    flask_db(app, "downgrade", BEFORE)
    now = datetime.now(UTC)
    with app.app_context():
        stored = []
        for n in range(7):
            kind = "grid" if n % 2 else "clubs"
            game = (
                GridMatch.new(GRID_RULES, NAMES, n)
                if kind == "grid"
                else ClubRound.new(COURSE, NAMES, n, Table().clubs)
            )
            state, round_id = game.to_dict(), ledger_round(kind, NAMES)
            stored.append(store_match(kind, state, 1, round_id, now, now, owner=f"browser-{n}"))
        db.session.execute(MATCHES.delete().where(MATCHES.c.public_id == stored[3]["public_id"]))
        db.session.commit()
        del stored[3]
        db.session.remove()
        with db.engine.begin() as conn, Operations.context(MigrationContext.configure(conn)):
            module.upgrade()  # as ``flask db upgrade`` runs it, with the smaller batch
    flask_db(app, "stamp", module.revision)
    flask_db(app, "upgrade")
    assert current_revision(app) == head_revision()
    with app.app_context():
        rows = db.session.query(LiveTableRecord).order_by(LiveTableRecord.id).all()
        assert [(r.public_id, r.host_browser, r.game, r.round_id) for r in rows] == [
            (old["public_id"], old["owner_browser"], old["game"], old["round_id"]) for old in stored
        ]
        assert all(r.solo and live_tables.load(r).match.to_dict() == old["state"] for r, old in zip(rows, stored))
        # none of them is to be played by a computer: the person moves first in each
        assert all(r.due_at is None for r in rows)
