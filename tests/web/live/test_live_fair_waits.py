"""One client cannot take a process's room to wait from everyone else (issue 38: 252 event
streams from one phone sent every other phone's stream and long poll back at once). Each client
holds at most its share (docs/live-tables.md, "Live updates"): a stream past it ends the client's
own oldest wait, a long poll past it is refused, and nobody else's wait ends early."""

from __future__ import annotations

import threading
import time

import pytest

from caddie.store import live_tables as store
from caddie.store.live_changes import Changes, Waited
from tests.store.test_live_changes import SIX
from tests.web.api.test_api_live import TABLES, _documented, bearer, two_people
from tests.web.live.test_live_pages import Phone, _new_table, _row

TABLE = "/api/v1/tables/{table_id}"


@pytest.fixture
def small_room(monkeypatch):
    """A process with room for 6 waits, 2 of them any one client's."""
    monkeypatch.setattr("caddie.store.live_changes.WAITERS", 6)
    return 2


def _started(app, per_client: int) -> Changes:
    changes = Changes(app.app_context, interval=0.02, idle=1.0, per_client=per_client)
    changes.start()
    return changes


def _table(app) -> tuple[str, int]:
    with app.app_context():
        row, _ = store.create("host-browser", "grid", SIX, [{"kind": "person"}] * 3, "Ann", None)
        return row.public_id, row.version


def _change(app, public_id: str, name: str) -> None:
    with app.app_context():
        store.join(store.find(public_id), name)


def test_a_client_past_its_share_ends_its_own_oldest_waits_and_another_client_still_waits(app, small_room):
    public_id, version = _table(app)
    changes = _started(app, small_room)
    answers: dict[str, Waited] = {}

    def wait(name: str, client: str) -> threading.Thread:
        thread = threading.Thread(
            target=lambda: answers.__setitem__(name, changes.wait(public_id, version, 10.0, client=client))
        )
        thread.start()
        time.sleep(0.05)  # in this order
        return thread

    greedy = [wait(f"greedy{i}", "seat:greedy") for i in range(6)]  # as many as the whole process has
    time.sleep(0.2)
    assert sorted(answers) == ["greedy0", "greedy1", "greedy2", "greedy3"]
    assert all(answers[name] == Waited(version, superseded=True) for name in answers)  # its own, ended
    other = wait("other", "seat:other")
    time.sleep(0.3)
    assert other.is_alive() and "other" not in answers  # waiting: not sent back for want of room
    _change(app, public_id, "Bob")
    for thread in [*greedy, other]:
        thread.join(timeout=5)
    assert answers["other"] == Waited(version + 1)
    assert answers["greedy4"] == answers["greedy5"] == Waited(version + 1)
    changes.stop()


def test_a_long_poll_past_its_clients_share_is_refused_at_once_and_takes_no_place(app, small_room):
    public_id, version = _table(app)
    changes = _started(app, small_room)
    answers: dict[str, Waited] = {}
    threads = []
    for name in ("first", "second"):
        thread = threading.Thread(
            target=lambda name=name: answers.__setitem__(
                name, changes.wait(public_id, version, 10.0, client="seat:poller", end_oldest=False)
            )
        )
        thread.start()
        threads.append(thread)
    time.sleep(0.2)
    began = time.monotonic()
    assert changes.wait(public_id, version, 10.0, client="seat:poller", end_oldest=False) == Waited(
        version, over_cap=True
    )
    assert time.monotonic() - began < 0.5 and answers == {}  # its two waits go on
    _change(app, public_id, "Bob")
    for thread in threads:
        thread.join(timeout=5)
    assert answers == {"first": Waited(version + 1), "second": Waited(version + 1)}
    changes.stop()


def test_one_seats_many_long_polls_do_not_send_another_seats_long_poll_back_early(app, small_room):
    app.config.update(LIVE_COMPUTER_PAUSE_S=0, LIVE_LONG_POLL_MAX_S=2, LIVE_WAITERS_PER_CLIENT=small_room)
    table, ann, bob = two_people(app.test_client())
    polls: list[tuple[int, float, dict, str | None]] = []

    def poll(token: str) -> None:
        began = time.monotonic()
        response = app.test_client().get(f"{TABLES}/{table['id']}?wait=3", headers=bearer(token))
        status, body = _documented(TABLE, "get", response)
        polls.append((status, time.monotonic() - began, body, response.headers.get("Retry-After")))

    greedy = [threading.Thread(target=poll, args=(ann,)) for _ in range(6)]  # the whole room's worth
    for thread in greedy:
        thread.start()
    time.sleep(0.4)
    began = time.monotonic()
    response = app.test_client().get(f"{TABLES}/{table['id']}?wait=3", headers=bearer(bob))
    assert response.status_code == 200 and "Retry-After" not in response.headers
    assert time.monotonic() - began > 1.4  # it waited its time out: nothing sent it back early
    for thread in greedy:
        thread.join(timeout=10)
    refused = [p for p in polls if p[0] == 429]
    assert len(refused) == 4 and len(polls) == 6
    assert all(took < 1.0 and after == "5" and body["field"] == "wait" for _, took, body, after in refused)


def _read(response, into: list[bytes]) -> threading.Thread:
    thread = threading.Thread(target=lambda: into.extend(response.response))
    thread.start()
    return thread


def test_a_browsers_third_page_stream_ends_its_first_and_another_phones_stream_goes_on(app, small_room, monkeypatch):
    app.config.update(LIVE_COMPUTER_PAUSE_S=0, LIVE_WAITERS_PER_CLIENT=small_room)
    monkeypatch.setattr("caddie.web.live.pages.STREAM_SECONDS", 3.0)
    ann, bob = Phone(app), Phone(app)
    url = _new_table(ann, players="3")
    assert bob.post("/join", {"code": _row(app, url).code, "name": "Bob"}).status_code == 303
    version = _row(app, url).version
    streams: list[list[bytes]] = [[] for _ in range(4)]
    readers = []
    for i, phone in enumerate([ann, ann, bob, ann]):  # Ann's third stream comes after Bob's
        response = phone.get(f"{url}/events?v={version}", buffered=False)
        assert response.status_code == 200
        readers.append(_read(response, streams[i]))
        time.sleep(0.2)
    readers[0].join(timeout=2)
    assert not readers[0].is_alive()  # Ann's first stream ended for her newest one, at once
    assert streams[0] == [b"retry: 1000\n\n", b"retry: 10000\n\n"]  # and her tab comes back in 10 s
    with app.app_context():
        store.join(store.find(url.rsplit("/", 1)[-1]), "Cy")
    for reader in readers[1:]:
        reader.join(timeout=5)
    event = f"id: {version + 1}\nevent: table\ndata: {version + 1}\n\n".encode()
    assert event in streams[2]  # Bob's stream heard the change
    assert event in streams[1] and event in streams[3]  # and Ann's two streams within her share
