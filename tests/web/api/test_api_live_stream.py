"""JSON API v1: following a live table as server-sent events, GET /api/v1/tables/<id>/stream
(docs/api.md, "Live tables").

The stream's first event is the table as the token's seat (or the onlooker) sees it, each
later one the table after a change; every event is the same view a GET answers. A client
coming back names the version it has (Last-Event-ID) and gets only what is newer. The stream
ends by itself: after its time, when the process has no room to wait, or when the token no
longer holds the seat.
"""

from __future__ import annotations

import json

import pytest

from caddie.store import live_tables as store
from tests.web.api.test_api_live import NO_TABLE, TABLES, bearer, create, move, seated, seen, two_people


@pytest.fixture
def live(app):
    """Computers due at once, and a stream short enough for a test to see it end."""
    app.config.update(LIVE_COMPUTER_PAUSE_S=0, LIVE_STREAM_S=2.0)
    return app


def open_stream(client, table_id, token, last=None):
    headers = bearer(token)
    if last is not None:
        headers["Last-Event-ID"] = str(last)
    response = client.get(f"{TABLES}/{table_id}/stream", headers=headers, buffered=False)
    assert response.status_code == 200 and response.mimetype == "text/event-stream"
    assert response.headers["Cache-Control"] == "no-store"
    chunks = iter(response.response)
    assert next(chunks) == b"retry: 1000\n\n"  # a client reconnects a second after the stream ends
    return response, chunks


def next_view(chunks):
    """The next event's view, past any comment line; checks its id and name."""
    for chunk in chunks:
        text = chunk.decode()
        if text.startswith(":"):
            continue
        lines = dict(line.split(": ", 1) for line in text.strip().split("\n"))
        view = json.loads(lines["data"])
        assert lines["event"] == "view" and lines["id"] == str(view["version"])
        return view
    raise AssertionError("the stream ended without another view")


def test_the_stream_sends_the_seats_view_at_once_and_again_after_each_move(live, client):
    table, ann, bob = two_people(client)
    response, chunks = open_stream(client, table["id"], bob)
    try:
        first = next_view(chunks)
        assert first == seen(client, table["id"], bob) and first["seat"] == 1 and first["version"] == 3
        status, _ = move(client, table["id"], ann, 3, {"action": "flip", "positions": [0, 3]})
        assert status == 200
        after = next_view(chunks)
        assert after == seen(client, table["id"], bob) and after["version"] == 4
        assert sum(card is not None for card in after["view"]["opponents"][0]) == 2  # Ann's two, face up
        assert all(card is None for card in after["view"]["grid"])  # Bob has turned up nothing yet
    finally:
        response.close()


def test_a_client_coming_back_gets_only_what_is_newer_and_a_quiet_stream_ends_by_itself(live, client):
    live.config["LIVE_STREAM_S"] = 0.4
    table, ann, _ = two_people(client)
    response, chunks = open_stream(client, table["id"], ann, last=3)
    rest = b"".join(chunks)  # the stream ends after its 0.4 s
    response.close()
    assert rest == b": still here\n\n"  # nothing new since version 3: no view, one comment, the end
    response, chunks = open_stream(client, table["id"], ann, last=2)
    try:
        assert next_view(chunks)["version"] == 3  # it had version 2: the table as it is now
    finally:
        response.close()


def test_an_onlooker_follows_with_the_watch_token_and_sees_no_hidden_card(live, client):
    table, ann, _ = two_people(client)
    watch = table["watch_url"].rsplit("/", 1)[1]
    move(client, table["id"], ann, 3, {"action": "flip", "positions": [0, 3]})
    response, chunks = open_stream(client, table["id"], watch)
    try:
        view = next_view(chunks)
    finally:
        response.close()
    assert view == seen(client, table["id"], watch) and view["seat"] is None
    grids = [player["grid"] for player in view["view"]["players"]]
    assert [sum(card is not None for card in grid) for grid in grids] == [2, 0]


@pytest.mark.parametrize("token", [None, "x" * 32])
def test_a_stream_needs_a_token_of_this_table(live, client, token):
    table, _, _ = two_people(client)
    response = client.get(f"{TABLES}/{table['id']}/stream", headers=bearer(token))
    assert response.status_code == 404 and response.get_json() == NO_TABLE


def test_a_token_of_another_table_opens_no_stream(live, client):
    table, _, _ = two_people(client)
    other, _, _ = two_people(client)
    response = client.get(f"{TABLES}/{table['id']}/stream", headers=bearer(other["seat_token"]))
    assert response.status_code == 404 and response.get_json() == NO_TABLE


def test_with_no_room_to_wait_the_stream_ends_after_the_table_as_it_is(live, client, monkeypatch):
    monkeypatch.setattr("caddie.store.live_changes.WAITERS", 0)  # every waiting place here taken
    live.config["LIVE_STREAM_S"] = 30
    table, ann, _ = two_people(client)
    response, chunks = open_stream(client, table["id"], ann)
    try:
        assert next_view(chunks)["version"] == 3
        assert list(chunks) == []  # ended at once: the client comes back after the retry
    finally:
        response.close()


def test_the_stream_ends_when_the_host_gives_the_seat_to_a_computer(live, client):
    table = create(client, seats=[{"kind": "person"}, {"kind": "person"}, {"kind": "person"}])
    bob = seated(client, table["code"])["seat_token"]
    response, chunks = open_stream(client, table["id"], bob)
    try:
        assert next_view(chunks)["seat"] == 1
        with live.app_context():
            store.change(store.find(table["id"]), lambda t: t.give_to_computer(0, 1))
        assert [c for c in chunks if not c.startswith(b":")] == []  # no view of a seat Bob left
    finally:
        response.close()
    assert client.get(f"{TABLES}/{table['id']}/stream", headers=bearer(bob)).status_code == 404
