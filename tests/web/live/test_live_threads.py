"""The live tables' two threads (the driver that makes the computers' moves, the watcher that wakes
waiting phones) start with the process that serves the app, never from a view: with its first
request (``caddie.web.app.start_background``), or a gunicorn worker's boot. A process that only
builds the app (to migrate its database, say) starts neither."""

from __future__ import annotations

import threading
import time

from caddie import create_app
from caddie.web.live.changes import changes_for
from caddie.web.live.driver import driver_for, reviewer_for
from tests.web.api.test_api_live import WITH_ADA, create, move, seen, start


def _live_threads() -> list[str]:
    return [thread.name for thread in threading.enumerate() if thread.name.startswith("live-")]


def test_building_the_app_starts_no_thread(tmp_path):
    before = _live_threads()
    app = create_app(
        {"INSTANCE_PATH": str(tmp_path), "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'db.sqlite3'}"}
    )
    assert app.config["LIVE_DRIVER"]  # a server's app runs the driver...
    assert _live_threads() == before  # ...but building it starts nothing
    assert "live_changes" not in app.extensions and "live_driver" not in app.extensions


def test_the_first_request_starts_the_watcher_and_a_route_tests_app_no_driver(app, client):
    assert "live_changes" not in app.extensions
    client.get("/")
    assert changes_for(app).running and not changes_for(app).reading  # asleep: nobody waits
    assert "live_driver" not in app.extensions  # LIVE_DRIVER is off in the route tests
    client.get("/")
    assert _live_threads().count("live-changes") >= 1


def test_the_driver_makes_the_computers_moves_with_no_request_asking(app, client):
    app.config.update(LIVE_DRIVER=True, LIVE_COMPUTER_PAUSE_S=0)
    table = create(client, seats=WITH_ADA)
    ann = table["seat_token"]
    try:
        assert driver_for(app).running
        start(client, table["id"], ann)
        _, view = move(client, table["id"], ann, 2, {"action": "flip", "positions": [0, 3]})
        assert view["to_move"] == 1  # the computer's turn: nobody calls play_due
        deadline = time.monotonic() + 10
        while seen(client, table["id"], ann)["to_move"] == 1 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert seen(client, table["id"], ann)["to_move"] == 0
    finally:
        driver_for(app).stop()
        reviewer_for(app).stop()
    assert not driver_for(app).running and not reviewer_for(app).running


def test_the_reviewer_works_out_a_hole_of_people_with_no_request_asking(app, client):
    """A hole of a table of people ends with its review due; the reviewer thread, which runs where
    the driver does, works it out by itself."""
    from tests.web.api.test_api_live import play_hole, two_people
    from tests.web.api.test_api_table_record import read

    app.config.update(LIVE_DRIVER=True, LIVE_COMPUTER_PAUSE_S=0)
    table, ann, bob = two_people(client)
    try:
        assert reviewer_for(app).running
        play_hole(app, client, table, [ann, bob], check=False)
        deadline = time.monotonic() + 30
        while not read(client, table["id"], ann)["review"] and time.monotonic() < deadline:
            time.sleep(0.1)
        got = read(client, table["id"], ann)
        assert [v["move"] for v in got["review"]] == list(range(len(got["holes"][0]["moves"])))
    finally:
        driver_for(app).stop()
        reviewer_for(app).stop()
    assert not reviewer_for(app).running
