"""A ledger write sent again with its idempotency key lands once (docs/ledger.md, "The outbox").

The page's outbox sends a write again until it hears back from the server, so the server must
tell a write it already applied from a new one: by the key the page made for it. On SQLite here;
the same tests run on PostgreSQL in CI (``TEST_DATABASE_URL``).
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import select

from caddie.store.database import db
from caddie.store.ledger import CellWrite, write_scores
from caddie.store.models import AppliedWrite, HoleScore, Round
from tests.web.api.test_api_rounds import answer, create, put, stored
from tests.web.test_ledger_pages import cell, deal, enter, errors, page, token
from tests.web.test_tally_table import ANN, BO, ledger_form, round_scores, table_url

KEY = "k3yFromThePage-0001"


def cell_versions(app) -> list[tuple[int, int, int | None, int]]:
    with app.app_context():
        rows = db.session.execute(select(HoleScore.player_id, HoleScore.hole, HoleScore.score, HoleScore.version))
        return sorted(map(tuple, rows))


def test_a_pad_write_sent_twice_with_one_key_lands_once_and_answers_the_same(app, client):
    public_id = deal(client)
    first = enter(client, public_id, 0, 1, "5", idempotency_key=KEY)
    assert first.status_code == 303
    # the answer was lost; the outbox sends the very same write again (version 0, as the page saw it)
    again = enter(client, public_id, 0, 1, "5", idempotency_key=KEY)
    assert again.status_code == 303 and again.headers["Location"] == first.headers["Location"]
    assert [(hole, score, version) for _, hole, score, version in cell_versions(app)] == [(1, 5, 1)]
    # through htmx too: the fragment of the round as it is now, the pad on the next cell
    fragment = enter(client, public_id, 0, 1, "5", htmx=True, idempotency_key=KEY)
    assert fragment.status_code == 200 and cell(fragment.get_data(as_text=True), 0, 1) == "5"
    assert 'name="seat" value="1"' in fragment.get_data(as_text=True)
    assert [version for *_, version in cell_versions(app)] == [1]


def test_without_a_key_the_same_write_sent_twice_conflicts_as_before(client):
    public_id = deal(client)
    assert enter(client, public_id, 0, 1, "5").status_code == 303
    response = enter(client, public_id, 0, 1, "5")
    assert response.status_code == 409
    assert "Someone else changed Ann on hole 1 a moment ago" in errors(response.get_data(as_text=True))[0]


def test_a_stale_write_with_a_new_key_still_conflicts_and_its_key_is_not_spent(app, client):
    public_id = deal(client)
    assert enter(client, public_id, 0, 1, "5", idempotency_key="other-phone-key-1").status_code == 303
    stale = enter(client, public_id, 0, 1, "6", idempotency_key=KEY)
    assert stale.status_code == 409
    assert "Someone else changed Ann on hole 1 a moment ago" in errors(stale.get_data(as_text=True))[0]
    assert cell(page(client, public_id), 0, 1) == "5"
    # the person chooses theirs: the same key, now over the version they have seen, lands
    assert enter(client, public_id, 0, 1, "6", version=1, idempotency_key=KEY).status_code == 303
    assert cell(page(client, public_id), 0, 1) == "6"
    with app.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(AppliedWrite)) == 2


def test_a_key_reused_for_another_cell_or_round_is_refused_and_changes_nothing(app, client):
    public_id = deal(client)
    other = deal(client, names=("Di", "Ed"))
    assert enter(client, public_id, 0, 1, "5", idempotency_key=KEY).status_code == 303
    before = stored(app)
    for round_id, seat, score in ((public_id, 1, "5"), (public_id, 0, "6"), (other, 0, "5")):
        response = enter(client, round_id, seat, 1, score, idempotency_key=KEY)
        assert response.status_code == 400
        assert errors(response.get_data(as_text=True)) == [
            "That write's key was already used for another write; send it with a new key."
        ]
    assert stored(app) == before
    response = enter(client, public_id, 1, 1, "5", idempotency_key="no spaces allowed")
    assert response.status_code == 400 and stored(app) == before


def test_clearing_with_a_key_lands_once(app, client):
    public_id = deal(client)
    enter(client, public_id, 0, 1, "5")
    for _ in range(2):
        response = enter(client, public_id, 0, 1, None, version=1, clear="1", idempotency_key=KEY)
        assert response.status_code == 303
    assert [(score, version) for _, _, score, version in cell_versions(app)] == [(None, 2)]


def test_old_keys_are_pruned_by_the_next_keyed_write(app, client):
    public_id = deal(client)
    enter(client, public_id, 0, 1, "5", idempotency_key=KEY)
    with app.app_context():
        db.session.execute(db.update(AppliedWrite).values(created_at=datetime.now(UTC) - timedelta(days=31)))
        db.session.commit()
    enter(client, public_id, 1, 1, "4", idempotency_key="a-fresh-key-0002")
    with app.app_context():
        assert db.session.scalars(select(AppliedWrite.key)).all() == ["a-fresh-key-0002"]


def test_api_put_with_an_idempotency_key_lands_once(app, client):
    created = create(client)["round"]
    round_id = created["id"]
    body = {"scores": {"Ann": 4, "Bo": 6}, "versions": {"Ann": 0, "Bo": 0}}
    headers = {"Idempotency-Key": KEY}
    status, first = answer(client.put(f"/api/v1/rounds/{round_id}/holes/1", json=body, headers=headers))
    assert status == 200
    status, again = answer(client.put(f"/api/v1/rounds/{round_id}/holes/1", json=body, headers=headers))
    assert status == 200 and again == first
    # with the If-Match the writer had before its first try, too
    headers_if = {**headers, "If-Match": f'"{created["version"]}"'}
    status, again = answer(client.put(f"/api/v1/rounds/{round_id}/holes/1", json=body, headers=headers_if))
    assert status == 200 and again["version"] == first["version"]
    assert [version for *_, version in cell_versions(app)] == [1, 1]
    # the key with other scores: refused, nothing changed
    before = stored(app)
    status, refused = answer(
        client.put(f"/api/v1/rounds/{round_id}/holes/1", json={"scores": {"Ann": 5}}, headers=headers)
    )
    assert status == 400 and refused["field"] == "idempotency_key" and stored(app) == before
    # no key: the stale write conflicts as ever
    status, stale = put(client, round_id, 1, body)
    assert status == 409 and "Someone else changed Ann on hole 1" in stale["error"]


def test_tallys_add_to_the_ledger_sent_twice_lands_once(client):
    public_id = deal(client, names=("Ann", "Bo"))
    data = {
        "csrf_token": token(client, "/"),
        "round_id": public_id,
        "seat": "1",
        "hole": "1",
        "score": "24",
        "idempotency_key": KEY,
    }
    first = client.post("/ledger/add", data=data)
    assert first.status_code == 303
    again = client.post("/ledger/add", data=data)
    assert again.status_code == 303 and again.headers["Location"] == first.headers["Location"]
    assert round_scores(client, public_id)[1][0] == 24
    # a new key on a filled cell is still refused, as before
    assert client.post("/ledger/add", data={**data, "idempotency_key": "another-key-01"}).status_code == 409


def test_the_whole_tables_hole_sent_twice_lands_once(app, client):
    public_id = deal(client, names=("Ann", "Bo"))
    html = client.get("/tally/table", query_string={**table_url(ANN, BO), "round": public_id}).get_data(as_text=True)
    form = ledger_form(html)
    form["idempotency_key"] = KEY
    assert client.post("/tally/table/ledger", data=form).status_code == 303
    again = client.post("/tally/table/ledger", data=form)
    assert again.status_code == 303 and again.headers["Location"] == f"/ledger/r/{public_id}#scorecard"
    assert [scores[:2] for scores in round_scores(client, public_id)] == [[30, None], [0, None]]


def test_a_new_round_from_the_table_sent_twice_is_dealt_once(app, client):
    html = client.get("/tally/table", query_string=table_url(ANN, BO)).get_data(as_text=True)
    form = ledger_form(html)
    form["idempotency_key"] = KEY
    first = client.post("/tally/table/ledger", data=form)
    again = client.post("/tally/table/ledger", data=form)
    assert first.status_code == again.status_code == 303
    assert again.headers["Location"] == first.headers["Location"]
    with app.app_context():
        assert db.session.scalar(select(db.func.count()).select_from(Round)) == 1


def test_one_keyed_write_sent_by_racing_processes_lands_once(app):
    """The same write with the same key, sent at once over several connections (a retry that
    overtakes its first try): the unique key lets one apply it; every other answers as applied."""
    from tests.store.test_concurrency import deal as deal_direct
    from tests.store.test_concurrency import in_threads

    public_id = deal_direct(app)

    def send(_: int, round_: Round) -> int | None:
        return write_scores(round_, [CellWrite(0, 1, 5, 0)], key=KEY)

    versions = in_threads(app, 4, send, public_id)
    with app.app_context():
        cells = db.session.execute(select(HoleScore.score, HoleScore.version)).all()
        round_version = db.session.scalar(select(Round.version).where(Round.public_id == public_id))
    assert [tuple(c) for c in cells] == [(5, 1)] and round_version == 2
    assert versions == [2, 2, 2, 2]  # every sender told the round's version the write made
