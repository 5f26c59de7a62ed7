"""The per-client budget for CPU-heavy requests (caddie.web.cpu_budget): a person never meets it,
a script asking as fast as it can does, and past it every answer says so with 429 and
``Retry-After`` while nothing changes."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select, update

from caddie.config import default_config
from caddie.store.database import db
from caddie.store.models import RateLimit
from caddie.web.caddie import clubs
from tests.web.api.openapi_check import assert_documented, assert_error, fetch_document
from tests.web.caddie.test_caddie_clubs import dealt
from tests.web.caddie.test_caddie_walk import said
from tests.web.play.test_play_pages import computers_move, legal_moves, move_form, moved_by_the_test, row_of, start

GRID_API = "/api/v1/caddie/grid"
CLUBS_API = "/api/v1/caddie/clubs"
VIEW = {"grid": ["K", None, None, "K", "5", None], "discard": "5", "preset": "standard"}
CLUBS_VIEW = {"yardage": 412, "hand": [250, 245, 240, 160, 150, 100, 90, 50, 45, 30, 20, 9, 5, 3]}
REFUSAL = re.compile(
    r"Too many Caddie answers and computer moves for this (phone|client) in the last minute: "
    r"try again in (\d+) seconds?\."
)
ADVICE_STEP = "/caddie/?size=6&grid=K,,,,5,&step=advice&discard=Q&pile=Q"


def budget(app, requests: int) -> None:
    app.config["CPU_BUDGET"] = requests


def spent_counts(app) -> dict[str, int]:
    with app.app_context():
        return {row.key: row.count for row in db.session.scalars(select(RateLimit)) if row.key.startswith("cpu:")}


def retry_after(response) -> int:
    seconds = int(response.headers["Retry-After"])
    assert 1 <= seconds <= 60
    return seconds


def test_the_api_answers_429_with_retry_after_once_the_budget_is_spent(app, client):
    budget(app, 2)
    doc = fetch_document(client)
    assert client.post(GRID_API, json=VIEW).status_code == 200
    assert client.post(CLUBS_API, json=CLUBS_VIEW).status_code == 200  # one budget for both
    response = client.post(GRID_API, json=VIEW)
    body = response.get_json()
    assert_error(response.status_code, body, None, 429)
    assert_documented(doc, GRID_API, "post", 429, body)
    seconds = retry_after(response)
    assert REFUSAL.fullmatch(body["error"]).group(1) == "client"
    assert REFUSAL.fullmatch(body["error"]).group(2) == str(seconds)
    clubs = client.post(CLUBS_API, json=CLUBS_VIEW)
    assert clubs.status_code == 429 and "Retry-After" in clubs.headers
    assert_documented(doc, CLUBS_API, "post", 429, clubs.get_json())


def test_a_request_refused_for_its_body_costs_nothing(app, client):
    budget(app, 1)
    for junk in ([], "x", {"grid": [], "mystery": 1}):  # refused before the caddie is asked
        assert client.post(GRID_API, json=junk).status_code == 400
    assert client.post(GRID_API, json=VIEW).status_code == 200
    assert client.post(GRID_API, json=VIEW).status_code == 429


def test_the_budget_is_renewed_when_its_minute_has_passed(app, client):
    budget(app, 1)
    assert client.post(GRID_API, json=VIEW).status_code == 200
    assert client.post(GRID_API, json=VIEW).status_code == 429
    with app.app_context():  # the minute passes
        db.session.execute(update(RateLimit).values(window_start=datetime.now(UTC) - timedelta(seconds=61)))
        db.session.commit()
    assert client.post(GRID_API, json=VIEW).status_code == 200


def test_each_client_has_a_budget_of_its_own(app, client):
    budget(app, 1)
    assert client.post(GRID_API, json=VIEW).status_code == 200
    assert client.post(GRID_API, json=VIEW).status_code == 429
    # another address
    other = app.test_client()
    assert other.post(GRID_API, json=VIEW, environ_base={"REMOTE_ADDR": "192.0.2.7"}).status_code == 200
    # a browser with its identity cookie, behind the first address: every phone at a table has its own
    phone = app.test_client()
    start(phone)
    assert phone.post(GRID_API, json=VIEW).status_code == 200
    assert phone.post(GRID_API, json=VIEW).status_code == 429
    # nor does a made-up bearer token buy a fresh budget
    assert client.post(GRID_API, json=VIEW, headers={"Authorization": "Bearer made-up"}).status_code == 429


def test_the_counts_never_hold_a_browser_id(app, client):
    budget(app, 5)
    start(client)
    client.post(GRID_API, json=VIEW)
    with client.session_transaction() as session:
        browser = session["browser_id"]
    keys = list(spent_counts(app))
    assert len(keys) == 1 and keys[0].startswith("cpu:browser:") and browser not in keys[0]


def test_the_walkthrough_shows_the_refusal_where_the_advice_goes(app, client):
    budget(app, 1)
    first = client.get(ADVICE_STEP)
    assert first.status_code == 200 and said(first.get_data(as_text=True))
    refused = client.get(ADVICE_STEP, headers={"HX-Request": "true"})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 429 and retry_after(refused)
    assert not said(page) and 'id="advice"' not in page
    error = re.search(r'id="walk-error">([^<]+)<', page).group(1)
    assert REFUSAL.fullmatch(error).group(1) == "phone"
    # without the advice the person still taps in what they did: drew a card, or took the Q somewhere
    assert 'id="key-7"' in page and 'name="do" value="take:1"' in page
    drew = client.get(ADVICE_STEP + "&key=7")  # the tap is made; the next page says why no advice
    assert drew.status_code == 303 and "drawn=7" in drew.headers["Location"]
    placing = client.get(drew.headers["Location"], headers={"HX-Request": "true"})
    assert placing.status_code == 429 and 'name="do" value="swap:1"' in placing.get_data(as_text=True)
    assert placing.headers["HX-Push-Url"] == drew.headers["Location"]


def test_a_walkthrough_tap_that_asks_the_caddie_nothing_costs_nothing(app, client):
    budget(app, 1)
    assert client.get(ADVICE_STEP).status_code == 200
    # an opponent's turn: nothing to advise, so no count, no refusal
    waiting = client.get("/caddie/?size=6&grid=K,9,,,5,&step=wait&discard=Q&pile=Q")
    assert waiting.status_code == 200
    assert spent_counts(app) == {"cpu:address:127.0.0.1": 1}


def test_a_person_walking_a_hand_never_meets_the_default_budget(app, client, tmp_path):
    """A hand's 25 to 35 taps, one after another: only the taps the caddie answers are counted."""
    budget(app, default_config(tmp_path)["CPU_BUDGET"])
    url, taps = "/caddie/?size=6&grid=,,,,,&step=flip", 0
    while taps < 35:
        response = client.get(url)
        taps += 1
        assert response.status_code in (200, 303)
        if response.status_code == 303:
            url = response.headers["Location"]
        else:
            url = _next_tap(url, response.get_data(as_text=True))
    assert 0 < sum(spent_counts(app).values()) < taps


def _next_tap(url: str, page: str) -> str:
    """What a person does next: the button that applies the advice, else a card on the keypad."""
    apply = re.search(r'name="do" value="([^"]+)" class="primary" id="apply-advice"', page)
    if apply:
        return url + "&do=" + apply.group(1)
    pick = re.search(r'name="pick" value="(\d+)" id="slot-\d+"\s+class="slot legal"', page)
    if pick and "slot=" not in url:
        return url + "&pick=" + pick.group(1)
    return url + "&key=" + ("7" if "step=wait" in url else "4")


def test_the_club_walkthrough_refused_still_lets_the_cards_be_played(app, client):
    budget(app, 1)
    # the caddie's memory lives as long as the process: a test before this one on the same worker
    # may have asked about the same hand, and a remembered answer costs nothing
    clubs._advice.cache_clear()
    url, _ = dealt(client)  # 14 taps, and the caddie asked once the hand is full
    assert spent_counts(app) == {"cpu:address:127.0.0.1": 1}
    _spend(app)
    clubs._advice.cache_clear()  # the caddie is asked again, not answered from its memory
    response = client.get(url)
    page = response.get_data(as_text=True)
    assert response.status_code == 429 and retry_after(response)
    assert REFUSAL.search(page) and 'id="advice-say"' not in page
    assert 'name="pick"' in page and "Played these" in page


# -- Play: the Hint and the person's move count; the computers' moves do not --------------------------


def _spend(app) -> None:
    with app.app_context():
        db.session.execute(update(RateLimit).values(count=RateLimit.count + 1000))
        db.session.commit()


def _state(app, public_id):
    """The table's version and state: what a refused move must leave as it was."""
    row = row_of(app, public_id)
    return row.version, row.state


@pytest.fixture
def quiet(app):
    """No driver thread: a solo table's computers move when the test says so (``computers_move``)."""
    moved_by_the_test(app)


def test_the_hint_is_counted_and_refused_beside_the_table(app, client, quiet):
    budget(app, 1)
    public_id = start(client)
    path = f"/t/{public_id}"
    assert client.get(path).status_code == 200
    assert spent_counts(app) == {}  # the table without the Hint costs nothing
    hinted = client.get(path + "?hint=1").get_data(as_text=True)
    assert 'id="hint"' in hinted
    refused = client.get(path + "?hint=1")
    page = refused.get_data(as_text=True)
    assert refused.status_code == 429 and retry_after(refused)
    assert 'id="hint"' not in page and REFUSAL.search(page)
    assert legal_moves(page)  # the table is all there: the person plays on without the Hint


def test_a_move_past_the_budget_is_refused_and_changes_nothing(app, client, quiet):
    budget(app, 5)
    public_id = start(client, opponents=1)
    path = f"/t/{public_id}"
    html = client.get(path).get_data(as_text=True)
    data = move_form(html, legal_moves(html)[0])
    client.post(GRID_API, json=VIEW)  # a window running for this browser
    _spend(app)
    before = _state(app, public_id)
    refused = client.post(f"{path}/act", data=data, headers={"HX-Request": "true"})
    page = refused.get_data(as_text=True)
    assert refused.status_code == 429 and retry_after(refused)
    assert REFUSAL.search(page) and 'id="play-form"' in page  # the table, with why, in place
    assert _state(app, public_id) == before


def test_the_computers_moves_cost_the_phone_nothing(app, client, quiet):
    """The server moves a solo table's computers: no request of the phone's asks for them, so its
    budget pays for the person's moves only, and a phone past its budget still sees them play."""
    budget(app, 5)
    public_id = start(client, opponents=1)
    path = f"/t/{public_id}"
    for _ in range(2):  # the person turns up two cards; then Ada turns up hers
        html = client.get(path).get_data(as_text=True)
        flip = next(move for move in legal_moves(html) if move.startswith("flip:"))
        assert client.post(f"{path}/act", data=move_form(html, flip)).status_code == 303
    assert sum(spent_counts(app).values()) == 2  # each of the person's moves counted
    _spend(app)
    spent = spent_counts(app)
    waiting = client.get(path)
    assert waiting.status_code == 200 and 'id="continue"' in waiting.get_data(as_text=True)
    assert computers_move(app) == 2
    assert spent_counts(app) == spent
    html = client.get(path).get_data(as_text=True)
    assert "Your turn" in html and not REFUSAL.search(html)
