"""A match against computers is a table with one person (docs/live-tables.md, "Solo tables"):
started from Play, played on the table's page, its computers moved by the server, with the
Hint, the hole's review and a rematch; its old addresses lead to it."""

from __future__ import annotations

import re

import pytest

from caddie.store import live_tables as store
from caddie.store.database import db
from caddie.store.models import LiveTableRecord, Round
from tests.web.play.test_play_pages import computers_move, row_of, start, token, version
from tests.web.play.test_play_pages import legal_moves as legal


def start_grid(client, cards=4, **options) -> str:
    """A Grid Golf match started from Play (as test_play_pages' ``start``), four cards to be quick."""
    return start(client, cards=cards, **options)


def act(client, public_id, html, move):
    return client.post(
        f"/t/{public_id}/act",
        data={"csrf_token": token(client, f"/t/{public_id}"), "version": version(html), "action": move, "seat": "0"},
    )


def play_to_hole_end(app, client, public_id, choose=lambda moves: moves[0]) -> str:
    """Play the person's turns (the computers move in between) until the hole is over."""
    for _ in range(400):
        html = client.get(f"/t/{public_id}").get_data(as_text=True)
        moves = legal(html)
        if "next" in moves or "match_over" in html or not moves:
            if not moves and computers_move(app):
                continue
            return html
        assert act(client, public_id, html, choose(moves)).status_code in (200, 303)
        computers_move(app)
    raise AssertionError("the hole did not end")


@pytest.fixture
def quick(app):
    app.config["LIVE_COMPUTER_PAUSE_S"] = 0
    return app


def test_a_match_from_play_is_a_solo_table_with_its_round_and_no_code(quick, client):
    public_id = start_grid(client, opponents=2)
    row = row_of(quick, public_id)
    assert row.solo and row.code is None and row.join_token is None and row.watch_token is None
    with quick.app_context():
        round_ = db.session.get(Round, row.round_id)
        assert [p.name for p in round_.players] == ["Pat", "Ada", "Bram"]
    html = client.get(f"/t/{public_id}").get_data(as_text=True)
    assert "Grid Golf" in re.search(r"<title>(.*?)</title>", html).group(1)
    assert "table-people" not in html and "watch-link" not in html  # nobody joins or watches
    assert 'id="hint-button"' in html


def test_the_person_plays_and_the_server_moves_the_computers(quick, client):
    public_id = start_grid(client)
    html = client.get(f"/t/{public_id}").get_data(as_text=True)
    for move in [m for m in legal(html) if m.startswith("flip:")][:2]:
        html = client.get(f"/t/{public_id}").get_data(as_text=True)
        assert act(client, public_id, html, move).status_code == 303
    html = client.get(f"/t/{public_id}").get_data(as_text=True)
    assert "is thinking" in html and 'id="continue"' in html  # no JavaScript: Continue fetches the table
    assert computers_move(quick) == 2  # Ada's two flips
    assert "Your turn" in client.get(f"/t/{public_id}").get_data(as_text=True)


def test_a_hole_ends_with_the_persons_decisions_reviewed(quick, client):
    public_id = start_grid(client)
    html = play_to_hole_end(quick, client, public_id)
    assert 'id="hole-review"' in html


def test_the_hint_names_a_legal_move(quick, client):
    public_id = start_grid(client)
    html = client.get(f"/t/{public_id}?hint=1").get_data(as_text=True)
    assert 'class="hint-' in html or "hint" in html


def test_a_stranger_gets_nothing_of_a_solo_table(quick, client, app):
    public_id = start_grid(client)
    other = app.test_client()
    assert other.get(f"/t/{public_id}").status_code == 404
    assert other.get(f"/t/{public_id}/events").status_code == 404


def test_old_addresses_of_a_match_lead_to_its_table(quick, client):
    public_id = start_grid(client)
    moved = client.get(f"/play/m/{public_id}")
    assert moved.status_code == 301 and moved.headers["Location"].endswith(f"/t/{public_id}")
    posted = client.post(f"/play/m/{public_id}/step", data={"csrf_token": token(client)})
    assert posted.status_code == 303 and posted.headers["Location"].endswith(f"/t/{public_id}")


def test_a_rematch_is_refused_while_playing_and_deals_afresh_at_the_end(quick, client):
    public_id = start_grid(client, holes=9)
    refused = client.post(f"/t/{public_id}/rematch", data={"csrf_token": token(client)})
    assert refused.status_code == 400 and "still being played" in refused.get_data(as_text=True)


def test_play_lists_the_browsers_matches(quick, client):
    public_id = start_grid(client)
    assert f"/t/{public_id}" in client.get("/play/").get_data(as_text=True)


def test_a_club_cards_round_from_play_is_a_solo_table(quick, client):
    page = client.get("/play/clubs/").get_data(as_text=True)
    course = re.search(r'name="course"[^>]*>\s*<option value="([^"]+)"', page).group(1)
    data = {
        "csrf_token": token(client, "/play/clubs/"),
        "player": "Pat",
        "opponents": "1",
        "course": course,
        "seats-0-name": "Ada",
        "seats-0-level": "steady",
    }
    response = client.post("/play/clubs/", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    public_id = response.headers["Location"].rsplit("/", 1)[1]
    assert row_of(quick, public_id).solo
    html = client.get(f"/t/{public_id}").get_data(as_text=True)
    assert "Your shot" in html and 'id="hint-button"' in html


def test_solo_matches_do_not_count_against_the_open_tables_bound(quick, client):
    quick.config["LIVE_OPEN_TABLES"] = 1
    for _ in range(2):
        start_grid(client)
    with quick.app_context():
        host = db.session.query(LiveTableRecord).first().host_browser
        assert store.open_tables(host) == 0
        row, _ = store.create(host, "grid", {"rules": {}}, [{"kind": "person"}, {"kind": "person"}], "Ann", None, 1)
        assert not row.solo and store.open_tables(host) == 1
