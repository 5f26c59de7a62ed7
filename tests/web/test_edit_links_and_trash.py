"""Edit links the owner controls, and the trash (docs/ledger.md, "Edit links" and "Deleting and
the trash"): replacing or stopping the link takes every holder's edit access back at once, an old
id-only grant lapses to read-only, only the owner deletes, and a deleted round waits 30 days."""

from __future__ import annotations

import html as htmllib
import re
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import func, select, update

from caddie.store.database import db
from caddie.store.ledger import TRASH_DAYS
from caddie.store.models import HoleScore, Round, RoundPlayer
from tests.conftest import open_link
from tests.web.api.test_api_rounds import NO_ROUND, answer, get, put
from tests.web.play.test_play_pages import finish, one_hole_match
from tests.web.test_ledger_pages import cell, deal, edit_token, enter, page, share_token, token
from tests.web.test_round_owners import match_round

TAKEN_BACK = "This edit link was taken back by the round's owner"
FROM_BEFORE = "This phone's edit link is from before edit links could be taken back"
OWNER_ONLY = "Only the phone that dealt this round can delete it or change its edit link."


def text(response) -> str:
    return " ".join(htmllib.unescape(response.get_data(as_text=True)).split())


def keeper_of(app, client, public_id):
    """A second phone that opened the round's edit link."""
    keeper = app.test_client()
    assert open_link(keeper, f"/ledger/e/{edit_token(client, public_id)}").status_code == 303
    return keeper


def post(client, path, **data):
    return client.post(path, data={"csrf_token": token(client, "/"), **data})


def replace_link(client, public_id):
    response = post(client, f"/ledger/r/{public_id}/edit-link")
    assert response.status_code == 303 and response.headers["Location"].endswith(f"/ledger/r/{public_id}#share-round")
    return response


def stop_link(client, public_id):
    response = post(client, f"/ledger/r/{public_id}/edit-link/stop")
    assert response.status_code == 303
    return response


def assert_follows_only(keeper, public_id, sentence):
    """The keeper's next request: the card to read, with why, and no way to write."""
    response = keeper.get(f"/ledger/r/{public_id}")
    assert response.status_code == 200
    shown = text(response)
    assert sentence in shown
    assert "/score" not in response.get_data(as_text=True) and 'id="pad"' not in shown
    assert 'hx-trigger="every 10s"' in response.get_data(as_text=True)  # it still follows the round
    refused = enter(keeper, public_id, 1, 2, "4")
    assert refused.status_code == 403 and sentence in text(refused)


# == replacing and stopping the edit link ==========================================================


def test_replacing_the_link_takes_the_holders_edit_access_back_at_once(app, client):
    public_id = deal(client)
    keeper = keeper_of(app, client, public_id)
    old = edit_token(client, public_id)
    assert enter(keeper, public_id, 1, 1, "4").status_code == 303
    flashed = text(client.get(replace_link(client, public_id).headers["Location"]))
    assert "the old one no longer works" in flashed
    new = edit_token(client, public_id)
    assert new != old
    assert_follows_only(keeper, public_id, TAKEN_BACK)
    assert cell(page(client, public_id), 1, 2) == ""  # the refused score was not written
    assert cell(page(client, public_id), 1, 1) == "4"  # what they entered before stays
    # the old link opens nothing now, and says why
    reopened = open_link(app.test_client(), f"/ledger/e/{old}")
    assert reopened.status_code == 404 and "its owner may have replaced it" in text(reopened)
    # the new link works, for the same phone too
    assert open_link(keeper, f"/ledger/e/{new}").status_code == 303
    assert enter(keeper, public_id, 1, 2, "6").status_code == 303
    assert cell(page(client, public_id), 1, 2) == "6"
    with keeper.session_transaction() as session:
        assert len(session["edit_grants"]) == 1  # the new grant took the old one's place


def test_an_htmx_write_after_the_link_was_replaced_reloads_into_the_read_only_card(app, client):
    public_id = deal(client)
    keeper = keeper_of(app, client, public_id)
    replace_link(client, public_id)
    response = enter(keeper, public_id, 1, 1, "4", htmx=True)
    assert response.status_code == 403
    assert response.headers["HX-Redirect"] == f"/ledger/r/{public_id}"
    assert cell(page(client, public_id), 1, 1) == ""


def test_stopping_sharing_takes_edit_access_back_until_the_owner_makes_a_new_link(app, client):
    public_id = deal(client)
    keeper = keeper_of(app, client, public_id)
    old = edit_token(client, public_id)
    stop_link(client, public_id)
    owners_page = text(client.get(f"/ledger/r/{public_id}"))
    assert "Only this phone can enter scores now" in owners_page
    assert "its edit link is off" in owners_page and "/ledger/e/" not in owners_page
    assert 'id="make-edit-link"' in owners_page
    assert_follows_only(keeper, public_id, TAKEN_BACK)
    assert app.test_client().get(f"/ledger/e/{old}").status_code == 404
    # the round is out of the keeper's lists: it is not theirs to keep score on
    assert public_id not in keeper.get("/ledger/").get_data(as_text=True)
    # "Make an edit link": a new one, never the one people held
    post(client, f"/ledger/r/{public_id}/edit-link")
    new = edit_token(client, public_id)
    assert new != old
    assert app.test_client().get(f"/ledger/e/{old}").status_code == 404
    assert open_link(keeper, f"/ledger/e/{new}").status_code == 303
    assert enter(keeper, public_id, 2, 1, "3").status_code == 303


def test_the_api_token_goes_with_the_link(app, client):
    public_id = deal(client)
    old = edit_token(client, public_id)
    api = app.test_client()
    assert put(api, public_id, 1, {"scores": {"Ann": 1}}, token=old)[0] == 200
    replace_link(client, public_id)
    assert put(api, public_id, 2, {"scores": {"Ann": 1}}, token=old) == (404, NO_ROUND)
    assert put(api, public_id, 2, {"scores": {"Ann": 1}}, token=edit_token(client, public_id))[0] == 200
    stop_link(client, public_id)
    with app.app_context():
        stopped = db.session.scalar(select(Round.edit_token).where(Round.public_id == public_id))
    assert put(api, public_id, 3, {"scores": {"Ann": 1}}, token=stopped) == (404, NO_ROUND)
    # a browser whose grant was taken back may still read it through the API, not write
    keeper = app.test_client()
    post(client, f"/ledger/r/{public_id}/edit-link")
    open_link(keeper, f"/ledger/e/{edit_token(client, public_id)}")
    replace_link(client, public_id)
    assert get(keeper, public_id)[0] == 200
    assert put(keeper, public_id, 3, {"scores": {"Ann": 1}})[0] == 403


def test_only_the_owner_manages_the_link(app, client):
    public_id = deal(client)
    keeper = keeper_of(app, client, public_id)
    shown = keeper.get(f"/ledger/r/{public_id}").get_data(as_text=True)
    assert 'id="replace-edit-link"' not in shown and 'id="stop-edit-link"' not in shown
    assert 'id="replace-edit-link"' in page(client, public_id) and 'id="stop-edit-link"' in page(client, public_id)
    link = edit_token(client, public_id)
    for path in (f"/ledger/r/{public_id}/edit-link", f"/ledger/r/{public_id}/edit-link/stop"):
        refused = post(keeper, path)
        assert refused.status_code == 403 and OWNER_ONLY in text(refused)
        assert post(app.test_client(), path).status_code == 404  # a stranger learns nothing
    assert edit_token(client, public_id) == link
    assert client.get(f"/ledger/r/{public_id}/edit-link").status_code == 405  # POST only


def test_an_old_id_only_grant_no_longer_edits(app, client):
    public_id = deal(client)
    enter(client, public_id, 0, 1, "5")
    holder = app.test_client()
    with holder.session_transaction() as session:
        session["edit_grants"] = [public_id]  # a grant as the app kept them before
    assert_follows_only(holder, public_id, FROM_BEFORE)
    assert put(holder, public_id, 2, {"scores": {"Ann": 1}})[0] == 403
    assert public_id not in holder.get("/ledger/").get_data(as_text=True)
    # opening the link again (it is still the current one) gives edit access back
    open_link(holder, f"/ledger/e/{edit_token(client, public_id)}")
    assert enter(holder, public_id, 1, 1, "2").status_code == 303
    with holder.session_transaction() as session:
        assert session["edit_grants"] != [public_id] and len(session["edit_grants"]) == 1


# == deleting: the owner alone ====================================================================


def test_a_holder_of_the_edit_link_cannot_delete(app, client):
    public_id = deal(client)
    enter(client, public_id, 0, 1, "5")
    keeper = keeper_of(app, client, public_id)
    assert 'id="delete-round"' not in keeper.get(f"/ledger/r/{public_id}").get_data(as_text=True)
    assert 'id="delete-round"' in page(client, public_id)
    confirm = keeper.get(f"/ledger/r/{public_id}/delete")
    assert confirm.status_code == 403 and OWNER_ONLY in text(confirm)
    refused = post(keeper, f"/ledger/r/{public_id}/delete")
    assert refused.status_code == 403 and OWNER_ONLY in text(refused)
    assert cell(page(client, public_id), 0, 1) == "5"


def test_the_api_deletes_for_the_owner_alone(app, client):
    public_id = deal(client)
    link, share = edit_token(client, public_id), share_token(client, public_id)
    keeper = keeper_of(app, client, public_id)
    other = app.test_client()
    for caller, headers in (
        (other, {"Authorization": f"Bearer {link}"}),
        (other, {"Authorization": f"Bearer {share}"}),
        (keeper, {}),
    ):
        status, body = answer(caller.delete(f"/api/v1/rounds/{public_id}", headers=headers))
        assert (status, body) == (403, {"error": OWNER_ONLY, "field": None})
    assert answer(other.delete(f"/api/v1/rounds/{public_id}")) == (404, NO_ROUND)
    assert get(client, public_id)[0] == 200
    response = client.delete(f"/api/v1/rounds/{public_id}")
    assert response.status_code == 204 and response.get_data() == b""
    assert get(client, public_id) == (404, NO_ROUND)
    assert answer(client.delete(f"/api/v1/rounds/{public_id}")) == (404, NO_ROUND)
    assert public_id in client.get("/ledger/").get_data(as_text=True)  # in the trash


# == the trash ====================================================================================


def test_the_owner_deletes_sees_it_in_the_trash_and_restores_every_score(app, client):
    public_id = deal(client, names=("Ann", "Bo"))
    for seat, hole, score in ((0, 1, "5"), (1, 1, "-2"), (0, 2, "7")):
        enter(client, public_id, seat, hole, score)
    keeper = keeper_of(app, client, public_id)
    assert 'id="trash"' not in client.get("/ledger/").get_data(as_text=True)
    post(client, f"/ledger/r/{public_id}/delete")
    listing = client.get("/ledger/")
    shown = text(listing)
    assert 'id="trash"' in listing.get_data(as_text=True) and "Deleted rounds" in shown
    gone_on = (datetime.now(UTC) + timedelta(days=TRASH_DAYS)).date()
    assert f"gone for good on {gone_on.day} {gone_on.strftime('%b')}" in shown
    assert f'id="restore-{public_id}"' in listing.get_data(as_text=True)
    # nobody else sees it, or can restore it
    assert keeper.get(f"/ledger/r/{public_id}").status_code == 404
    assert 'id="trash"' not in keeper.get("/ledger/").get_data(as_text=True)
    assert post(keeper, f"/ledger/r/{public_id}/restore").status_code == 404
    restored = post(client, f"/ledger/r/{public_id}/restore")
    assert restored.headers["Location"] == f"/ledger/r/{public_id}"
    html = page(client, public_id)
    assert (cell(html, 0, 1), cell(html, 1, 1), cell(html, 0, 2)) == ("5", "-2", "7")
    assert 'id="trash"' not in client.get("/ledger/").get_data(as_text=True)
    assert enter(keeper, public_id, 1, 2, "3").status_code == 303  # its edit link came back with it


def deleted_days_ago(app, public_id, days):
    with app.app_context():
        db.session.execute(
            update(Round)
            .where(Round.public_id == public_id)
            .values(deleted_at=datetime.now(UTC) - timedelta(days=days))
        )
        db.session.commit()


def rows_of(app, public_id) -> tuple[int, int, int]:
    """(rounds, players, cells) the database holds for the round."""
    with app.app_context():
        round_id = db.session.scalar(select(Round.id).where(Round.public_id == public_id))
        return (
            int(round_id is not None),
            db.session.scalar(select(func.count()).where(RoundPlayer.round_id == round_id)),
            db.session.scalar(select(func.count()).where(HoleScore.round_id == round_id)),
        )


@pytest.mark.parametrize("days, kept", [(TRASH_DAYS - 1, True), (TRASH_DAYS + 1, False)])
def test_a_round_deleted_more_than_thirty_days_ago_is_gone_for_good(app, client, days, kept):
    public_id = deal(client)
    enter(client, public_id, 0, 1, "5")
    post(client, f"/ledger/r/{public_id}/delete")
    deleted_days_ago(app, public_id, days)
    assert rows_of(app, public_id) == (1, 3, 1)
    # before the purge comes by, an expired round cannot be restored
    restored = post(client, f"/ledger/r/{public_id}/restore")
    assert restored.status_code == (303 if kept else 404)
    if kept:
        post(client, f"/ledger/r/{public_id}/delete")
        deleted_days_ago(app, public_id, days)
    listing = client.get("/ledger/").get_data(as_text=True)  # reading the ledger purges the trash
    assert (f'id="restore-{public_id}"' in listing) is kept
    assert rows_of(app, public_id) == ((1, 3, 1) if kept else (0, 0, 0))


def test_the_undo_line_is_the_owners_alone(app, client):
    public_id = deal(client)
    keeper = keeper_of(app, client, public_id)
    post(client, f"/ledger/r/{public_id}/delete")
    assert 'id="undo-delete"' in client.get(f"/ledger/?deleted={public_id}").get_data(as_text=True)
    assert 'id="undo-delete"' not in keeper.get(f"/ledger/?deleted={public_id}").get_data(as_text=True)


def test_a_deleted_round_leaves_the_data_export_and_comes_back_when_restored(client):
    public_id = deal(client)

    def exported() -> list[str]:
        return [r["id"] for r in client.get("/api/v1/export").get_json()["rounds"]]

    assert exported() == [public_id]
    post(client, f"/ledger/r/{public_id}/delete")
    assert exported() == []
    assert re.search(r"not in Your data.s download", text(client.get("/ledger/")))
    post(client, f"/ledger/r/{public_id}/restore")
    assert exported() == [public_id]


def test_the_owner_deletes_a_games_round_through_the_api_and_restores_it(app, client):
    match_id = one_hole_match(app, client, player="")
    finish(app, client, match_id)
    public_id = match_round(app, match_id)
    assert client.delete(f"/api/v1/rounds/{public_id}").status_code == 204  # its game writes it; its owner deletes
    assert get(client, public_id) == (404, NO_ROUND)
    assert f'id="restore-{public_id}"' in client.get("/ledger/").get_data(as_text=True)
    post(client, f"/ledger/r/{public_id}/restore")
    assert get(client, public_id)[0] == 200
