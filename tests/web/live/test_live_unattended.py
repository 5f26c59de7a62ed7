"""A live table nobody is at pauses its computers, and they go on when someone comes back
(docs/live-tables.md, "Nobody at the table"; issue 38: a host who gave their own seat to a
computer left a table that played itself, 300 of them kept 1.6 cores busy)."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest

from caddie.store import live_tables as store
from caddie.store.database import db
from caddie.store.models import LiveTableRecord
from tests.web.live.test_live_pages import NOW, Phone, _new_table, _row


@pytest.fixture
def phones(app):
    app.config["LIVE_COMPUTER_PAUSE_S"] = 0
    return [Phone(app) for _ in range(2)]


def _left(app, url: str, minutes: float) -> None:
    """Nobody, person or onlooker, has asked for the table for ``minutes``."""
    with app.app_context():
        row = db.session.query(LiveTableRecord).filter_by(public_id=url.rsplit("/", 1)[-1]).one()
        row.seen_at = datetime.now(UTC) - timedelta(minutes=minutes)
        row.watched_at = None
        db.session.commit()


def _play_all(app) -> int:
    with app.app_context():
        made = 0
        while store.play_due(NOW):
            made += 1
        return made


def _computer_due(app, phone) -> str:
    """A started table of Ann and a computer, at the computer's turn: its page's address."""
    url = _new_table(phone, players="2", **{"others-0": "steady"})
    phone.post(url + "/start", {"seat": "0"})
    for _ in range(2):
        row = _row(app, url)
        position = re.search(r'value="(flip:\d)"', phone.get(url).get_data(as_text=True)).group(1)
        phone.post(url + "/act", {"seat": "0", "version": str(row.version), "action": position})
    return url


def test_computers_pause_when_nobody_is_at_the_table_and_go_on_when_its_person_comes_back(app, phones):
    ann = phones[0]
    url = _computer_due(app, ann)
    _left(app, url, minutes=4)  # Ann's phone slept: no page, no stream, no poll for four minutes
    version = _row(app, url).version
    assert _play_all(app) == 0
    row = _row(app, url)
    assert row.version == version and row.due_at is None  # paused: the driver no longer looks at it
    assert "Your turn" not in ann.get(url).get_data(as_text=True)  # Ann is back: her page
    assert _row(app, url).due_at is not None
    assert _play_all(app) == 2  # the computer's two flips, then it is Ann's turn again
    assert "Your turn" in ann.get(url).get_data(as_text=True)


def test_a_host_who_gave_their_own_seat_to_a_computer_is_nobody_at_the_table(app, phones):
    ann = phones[0]
    url = _new_table(ann, players="2", **{"others-0": "steady"})
    ann.post(url + "/start", {"seat": "0"})
    ann.post(url + "/seats/0", {"seat": "0", "do": "computer", "level": "steady"})
    assert _play_all(app) > 0  # a table of computers, with its host here a moment ago
    _left(app, url, minutes=31)
    ann.get(url)  # her page is open, but a computer plays her seat: she only watches
    version = _row(app, url).version
    assert _play_all(app) == 0 and _row(app, url).version == version
    ann.post(url + "/seats/0", {"seat": "0", "do": "back"})  # "I'm back": her seat is hers again
    with app.app_context():
        table = store.read(store.find(url.rsplit("/", 1)[-1]))
        assert table.places[0].level is None
    _play_all(app)
    with app.app_context():
        table = store.read(store.find(url.rsplit("/", 1)[-1]))
    assert table.computer_to_move() is None  # the computers played on, up to a person's turn


def test_an_onlooker_keeps_the_computers_playing_only_for_a_while_after_the_last_person(app, phones):
    ann = phones[0]
    url = _computer_due(app, ann)
    with app.app_context():
        watch_path = "/w/" + store.find(url.rsplit("/", 1)[-1]).watch_token
    _left(app, url, minutes=31)  # Ann left half an hour ago
    assert _play_all(app) == 0
    phones[1].get(watch_path)  # an onlooker of a table whose people left long ago: no show
    assert _play_all(app) == 0 and _row(app, url).due_at is None
    _left(app, url, minutes=4)  # Ann left four minutes ago
    assert _play_all(app) == 0
    phones[1].get(watch_path)  # an onlooker now: the show goes on
    assert _play_all(app) == 2


def test_a_clock_turn_of_a_person_who_left_is_not_played_when_they_come_back(app, phones):
    ann, bob = phones
    url = _new_table(ann, players="2", clock="30", **{"others-0": "person"})
    assert bob.post("/join", {"code": _row(app, url).code, "name": "Bob"}).status_code == 303
    ann.post(url + "/start", {"seat": "0"})
    _left(app, url, minutes=4)  # both phones slept: a clock that ran out meanwhile waits
    with app.app_context():
        assert store.play_due(NOW, now=datetime.now(UTC) + timedelta(seconds=31)) == 0
    ann.get(url)  # Ann is back
    due = _row(app, url).due_at
    assert due is not None and (due.replace(tzinfo=UTC) - datetime.now(UTC)).total_seconds() > 25  # a whole clock
