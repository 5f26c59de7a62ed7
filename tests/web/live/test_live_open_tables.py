"""One browser hosts at most 10 open live tables (docs/live-tables.md, "A table"): the next is
refused with a sentence, and a table stops counting once its match is over or nobody has been at
it for an hour."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from caddie.store import live_tables as store
from caddie.store.database import db
from caddie.store.models import LiveTableRecord
from tests.store.test_live_changes import SIX
from tests.web.api.test_api_live import TABLES, _documented, examples_of, fetch_document
from tests.web.live.test_live_join_limits import _at_once
from tests.web.live.test_live_pages import Phone, _new_table

TOO_MANY = "You have 10 open tables already, the most one may have at once"


def _tables(app) -> int:
    with app.app_context():
        return db.session.query(LiveTableRecord).count()


def _make(phone) -> object:
    fields = {"game": "grid", "name": "Ann", "players": "2", "others-0": "steady", "cards": "4", "negatives": "twos"}
    return phone.post("/t/new", {**fields, "holes": "9", "clock": ""})


def test_an_eleventh_open_table_is_refused_beside_the_form_and_a_finished_or_left_one_stops_counting(app):
    ann, bob = Phone(app), Phone(app)
    urls = [_new_table(ann, players="2") for _ in range(10)]
    refused = _make(ann)
    html = refused.get_data(as_text=True)
    assert refused.status_code == 409 and 'id="new-error"' in html and TOO_MANY in html
    assert _tables(app) == 10  # nothing was kept of the eleventh
    assert _make(bob).status_code == 303  # another browser's tables are its own
    first, second = (url.rsplit("/", 1)[-1] for url in urls[:2])
    with app.app_context():
        db.session.query(LiveTableRecord).filter_by(public_id=first).one().finished_at = datetime.now(UTC)
        db.session.commit()  # its match is over
    assert _make(ann).status_code == 303
    assert _make(ann).status_code == 409
    with app.app_context():
        left = db.session.query(LiveTableRecord).filter_by(public_id=second).one()
        left.seen_at = datetime.now(UTC) - timedelta(minutes=61)  # nobody has been at it for an hour
        db.session.commit()
    assert _make(ann).status_code == 303


def test_a_program_without_a_cookie_is_bound_by_its_address_with_the_documented_answer(app, client):
    doc = fetch_document(client)
    _, responses = examples_of(doc, TABLES, "post")
    body = {"name": "Ann", "seats": [{"kind": "person"}, {"kind": "person"}], "rules": {"cards": 4}}
    for _ in range(10):
        assert client.post(TABLES, json=body).status_code == 201
    answer = _documented(TABLES, "post", client.post(TABLES, json=body))
    assert answer == responses["too_many_tables"]
    elsewhere = client.post(TABLES, json=body, environ_base={"REMOTE_ADDR": "198.51.100.4"})
    assert elsewhere.status_code == 201


def test_tables_made_at_once_by_one_host_stay_within_the_bound(app):
    def attempt() -> object:
        with app.app_context():
            return store.create("one-host", "grid", SIX, [{"kind": "person"}] * 2, "Ann", None, open_limit=10)

    results = _at_once(20, attempt)
    with app.app_context():
        kept = store.open_tables("one-host")
    made = [r for r in results if not isinstance(r, Exception)]
    assert kept == len(made) <= 10
    assert all(isinstance(r, store.TooManyTables) for r in results if isinstance(r, Exception))
