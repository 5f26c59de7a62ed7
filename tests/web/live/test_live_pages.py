"""The live table's pages through the test client: three browsers are three phones (docs/live-tables.md)."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest

from caddie.store import live_tables as store
from caddie.store.database import db
from caddie.store.models import LiveTableRecord, RateLimit
from tests.conftest import open_link

CSRF = re.compile(r'<meta name="csrf-token" content="([^"]+)"')
NOW = store.Timing(pause=timedelta(0))


class Phone:
    """One browser: its own cookies, its own CSRF token."""

    def __init__(self, app):
        self.client = app.test_client()
        html = self.client.get("/").get_data(as_text=True)
        self.token = CSRF.search(html).group(1)

    def get(self, path, **kw):
        return self.client.get(path, **kw)

    def post(self, path, data=None, **kw):
        return self.client.post(path, data={"csrf_token": self.token, **(data or {})}, **kw)


def _new_table(phone, **fields):
    data = {
        "game": "grid",
        "name": "Ann",
        "players": "3",
        "others-0": "person",
        "others-1": "person",
        "others-2": "person",
        "others-3": "person",
        "others-4": "person",
        "cards": "4",
        "negatives": "twos",
        "holes": "9",
        "clock": "",
        **fields,
    }
    response = phone.post("/t/new", data)
    assert response.status_code == 303, response.get_data(as_text=True)
    return response.headers["Location"]


def _row(app, url) -> LiveTableRecord:
    with app.app_context():
        return db.session.query(LiveTableRecord).filter_by(public_id=url.rsplit("/", 1)[-1]).one()


@pytest.fixture
def phones(app):
    app.config["LIVE_COMPUTER_PAUSE_S"] = 0
    return [Phone(app) for _ in range(3)]


def test_the_new_table_page_offers_both_games_and_the_seats(phones):
    html = phones[0].get("/t/new").get_data(as_text=True)
    assert 'value="clubs"' in html and "Computer · Steady" in html and 'id="make-table"' in html


def test_the_new_table_page_offers_the_turn_clock_off_by_default(phones):
    html = phones[0].get("/t/new").get_data(as_text=True)
    clock = html.split('<select id="clock" name="clock"', 1)[1].split("</select>", 1)[0]
    options = re.findall(r'<option value="([^"]*)" ?(selected)?>([^<]+)</option>', clock)
    assert options == [("", "selected", "Off"), ("30", "", "30 s"), ("60", "", "1 min"), ("120", "", "2 min")]


def test_making_a_table_opens_its_lobby_with_the_code_and_the_qr_code(app, phones):
    url = _new_table(phones[0])
    html = phones[0].get(url).get_data(as_text=True)
    row = _row(app, url)
    assert f"{row.code[:4]}-{row.code[4:]}" in html
    assert "Waiting for someone to join" in html and 'id="start-table"' in html
    qr = phones[0].get(url + "/qr.svg")
    assert qr.status_code == 200 and qr.headers["Content-Type"].startswith("image/svg+xml")
    assert b"<svg" in qr.data


def test_a_stranger_joins_by_code_and_both_see_each_other(app, phones):
    url = _new_table(phones[0])
    row = _row(app, url)
    response = phones[1].post("/join", {"code": row.code.lower(), "name": "Bob"})
    assert response.status_code == 303 and response.headers["Location"].endswith(url)
    assert "Bob" in phones[0].get(url).get_data(as_text=True)
    html = phones[1].get(url).get_data(as_text=True)
    assert "Waiting for <bdi>Ann</bdi> to start" in html and 'id="start-table"' not in html


def test_a_wrong_code_is_refused_beside_the_field_and_then_rate_limited(app, phones):
    app.config["LIVE_JOIN_MISSES"] = 2
    for _ in range(2):
        response = phones[1].post("/join", {"code": "ABCD-EFGH", "name": "Bob"})
        assert response.status_code == 404 and 'id="code-error"' in response.get_data(as_text=True)
    response = phones[1].post("/join", {"code": "ABCD-EFGH", "name": "Bob"})
    assert response.status_code == 429 and "Too many wrong codes" in response.get_data(as_text=True)


def test_an_empty_or_malformed_code_is_told_what_a_code_is_and_is_not_a_miss(app, phones):
    app.config["LIVE_JOIN_MISSES"] = 2
    url = _new_table(phones[0])
    row = _row(app, url)
    for typed, sentence in [("", "Type the table"), (" - ", "Type the table"), ("K7QM", "8 letters")]:
        for _ in range(3):
            response = phones[1].post("/join", {"code": typed, "name": "Bob"})
            html = response.get_data(as_text=True)
            assert response.status_code == 400 and sentence in html and 'id="code-error"' in html
    assert phones[1].get("/join/K7QM-2PX0").status_code == 400  # a link with a mistyped code, likewise
    response = phones[1].post("/join", {"code": row.code, "name": "Bob"})
    assert response.status_code == 303  # none of those was counted against this phone


def test_past_the_limit_the_refusal_says_when_it_lifts_and_the_right_code_waits_too(app, phones):
    app.config["LIVE_JOIN_MISSES"] = 2
    url = _new_table(phones[0])
    row = _row(app, url)
    for code in ("ABCD-EFGH", "ABCD-EFGJ"):
        assert phones[1].post("/join", {"code": code, "name": "Bob"}).status_code == 404
    response = phones[1].post("/join", {"code": row.code, "name": "Bob"})
    html = response.get_data(as_text=True)
    assert response.status_code == 429 and "try again in 10 minutes" in html
    assert 590 <= int(response.headers["Retry-After"]) <= 600
    with app.app_context():  # three minutes on
        for limit in db.session.query(RateLimit):  # the phone's count and its address's
            limit.window_start -= timedelta(minutes=3)
        db.session.commit()
    response = phones[1].get(f"/join/{row.code}")
    assert response.status_code == 429 and "Too many wrong codes from this phone: try again in 7 minutes." in (
        response.get_data(as_text=True)
    )


def test_a_name_taken_at_the_table_is_refused_and_keeps_what_was_typed(app, phones):
    url = _new_table(phones[0])
    row = _row(app, url)
    response = phones[1].post("/join", {"code": row.code, "name": "ann"})
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and "already called" in html and 'value="ann"' in html


def test_only_the_host_starts_and_each_phone_then_sees_its_own_grid(app, phones):
    url = _new_table(phones[0], players="2")
    row = _row(app, url)
    phones[1].post("/join", {"code": row.code, "name": "Bob"})
    assert phones[1].post(url + "/start", {"seat": "1"}).status_code == 409
    assert phones[1].post(url + "/start", {"seat": "0"}).status_code == 404  # not a seat it holds
    assert phones[0].post(url + "/start", {"seat": "0"}).status_code == 303
    html = phones[0].get(url).get_data(as_text=True)
    assert "Turn up 2 of your cards" in html or "Your turn" in html
    with app.app_context():
        table = store.load(store.find(url.rsplit("/", 1)[-1]))
        bob_cards = table.match.grids[1]
    # Ann's page shows no card of Bob's: everything of his is face down
    assert 'data-seat="1"' in html
    section = html.split('data-seat="1"', 1)[1].split("opp-scores", 1)[0]
    assert 'data-code=""' in section and not any(f'data-code="{c}"' in section for c in bob_cards)


def test_a_move_from_the_seat_not_to_move_is_refused_and_a_stale_move_shows_the_fresh_table(app, phones):
    url = _new_table(phones[0], players="2")
    row = _row(app, url)
    phones[1].post("/join", {"code": row.code, "name": "Bob"})
    phones[0].post(url + "/start", {"seat": "0"})
    row = _row(app, url)
    refused = phones[1].post(url + "/act", {"seat": "1", "version": str(row.version), "action": "flip:0"})
    assert refused.status_code == 409 and "turn" in refused.get_data(as_text=True)
    ok = phones[0].post(url + "/act", {"seat": "0", "version": str(row.version), "action": "flip:0"})
    assert ok.status_code == 303
    stale = phones[0].post(url + "/act", {"seat": "0", "version": str(row.version), "action": "flip:1"})
    assert stale.status_code == 409 and "already moved on" in stale.get_data(as_text=True)
    assert _row(app, url).version == row.version + 1


def test_pass_and_play_hides_a_hand_behind_a_curtain_until_its_player_taps(app, phones):
    url = _new_table(phones[0], players="2")
    phones[0].post(url + "/sit", {"name": "Cy"})  # the same phone takes the other seat
    phones[0].post(url + "/start", {"seat": "0"})
    for _ in range(2):  # Ann turns up two cards
        row = _row(app, url)
        html = phones[0].get(url).get_data(as_text=True)
        position = re.search(r'value="(flip:\d)"', html).group(1)
        phones[0].post(url + "/act", {"seat": "0", "version": str(row.version), "action": position})
    html = phones[0].get(url).get_data(as_text=True)
    assert 'id="curtain"' in html and "Pass the phone to" in html and "Cy" in html
    assert 'id="my-grid"' not in html and "slot-0" not in html  # no hand shown behind the curtain
    phones[0].post(url + "/reveal", {"seat": "1"})
    html = phones[0].get(url).get_data(as_text=True)
    assert 'id="curtain"' not in html and "Turn up 2 of your cards" in html


def test_computers_move_by_themselves_and_the_phone_is_told(app, phones):
    url = _new_table(phones[0], players="2", **{"others-0": "steady"})
    phones[0].post(url + "/start", {"seat": "0"})
    for _ in range(2):
        row = _row(app, url)
        html = phones[0].get(url).get_data(as_text=True)
        position = re.search(r'value="(flip:\d)"', html).group(1)
        phones[0].post(url + "/act", {"seat": "0", "version": str(row.version), "action": position})
    assert "is thinking" in phones[0].get(url).get_data(as_text=True)
    with app.app_context():
        made = 0
        while store.play_due(NOW):
            made += 1
    assert made == 2  # the computer's two flips, then it is Ann's turn again
    html = phones[0].get(url).get_data(as_text=True)
    assert "Your turn" in html


def test_a_seat_link_moves_the_seat_to_another_phone(app, phones):
    url = _new_table(phones[0], players="2")
    html = phones[0].get(url).get_data(as_text=True)
    assert "seat-link" not in html  # only once the match is on, in the table's panel
    row = _row(app, url)
    phones[1].post("/join", {"code": row.code, "name": "Bob"})
    phones[0].post(url + "/start", {"seat": "0"})
    html = phones[1].get(url).get_data(as_text=True)
    link = re.search(r'href="http://localhost(/t/[^"]+/s/[^"]+)" id="seat-link-1"', html).group(1)
    assert phones[2].get(url).status_code == 200 and "has started" in phones[2].get(url).get_data(as_text=True)
    assert open_link(phones[2].client, link).status_code == 303
    assert "Bob" in phones[2].get(url).get_data(as_text=True) and 'name="seat" value="1"' in phones[2].get(
        url
    ).get_data(as_text=True)
    assert phones[2].get(url.rsplit("/", 1)[0] + "/" + url.rsplit("/", 1)[1] + "/s/not-the-token").status_code == 404


def test_onlookers_see_only_what_is_face_up(app, phones):
    url = _new_table(phones[0], players="2")
    row = _row(app, url)
    phones[1].post("/join", {"code": row.code, "name": "Bob"})
    phones[0].post(url + "/start", {"seat": "0"})
    html = phones[2].get(f"/w/{row.watch_token}").get_data(as_text=True)
    assert "Watching" in html
    codes = set(re.findall(r'data-code="([^"]*)"', html))
    assert codes == {""}  # before any flip, every grid card is face down
    assert phones[2].get("/w/not-a-real-token").status_code == 404


def test_strangers_get_nothing_of_a_table(app, phones):
    url = _new_table(phones[0], players="2")
    assert phones[1].get(url + "/qr.svg").status_code == 404
    assert phones[1].get(url + "/events").status_code == 404
    assert phones[1].post(url + "/act", {"seat": "0", "version": "1", "action": "draw"}).status_code == 404
    assert phones[1].get("/t/nonexistent0000").status_code == 404


def test_a_table_without_a_name_is_refused_beside_the_name_and_nothing_is_stored(app, phones):
    response = phones[0].post(
        "/t/new",
        {
            "game": "grid",
            "name": " ",
            "players": "2",
            "others-0": "person",
            "cards": "4",
            "negatives": "twos",
            "holes": "9",
            "clock": "",
        },
    )
    html = response.get_data(as_text=True)
    assert response.status_code == 400 and 'id="name-error"' in html
    with app.app_context():
        assert db.session.query(LiveTableRecord).count() == 0


def test_under_the_turn_clock_every_phone_counts_down_the_turn_of_the_person_to_move(app, phones):
    url = _new_table(phones[0], players="2", clock="30")
    row = _row(app, url)
    phones[1].post("/join", {"code": row.code, "name": "Bob"})
    assert phones[0].post(url + "/start", {"seat": "0"}).status_code == 303
    for phone in phones[:2]:
        html = phone.get(url).get_data(as_text=True)
        left = re.search(r'id="turn-clock" data-left="(\d+)">(\d+) s left<', html)
        assert left and 28 <= int(left.group(1)) <= 30 and left.group(1) == left.group(2), html[:3000]
    untimed = _new_table(phones[2], players="2")
    phones[1].post("/join", {"code": _row(app, untimed).code, "name": "Bob"})
    phones[2].post(untimed + "/start", {"seat": "0"})
    assert 'id="turn-clock"' not in phones[2].get(untimed).get_data(as_text=True)


def test_a_turn_clock_not_on_the_list_is_refused_beside_the_field_and_nothing_is_made(app, phones):
    for bad in ("45", "abc", "-30"):
        response = phones[0].post("/t/new", {"game": "grid", "name": "Ann", "players": "2", "cards": "4",
                                             "negatives": "twos", "holes": "9", "clock": bad})  # fmt: skip
        html = response.get_data(as_text=True)
        assert response.status_code == 400
        assert 'id="clock-error">Choose the turn clock from the list' in html, bad
    with app.app_context():
        assert db.session.query(LiveTableRecord).count() == 0
