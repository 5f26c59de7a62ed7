"""The two links that give a phone something, an edit link (keep score on a round) and a seat
link (play a seat at a live table), change nothing when fetched: the page says what the link
gives, and its button (a POST with the CSRF token) gives it. So a link preview, a prefetch or
another site's page that fetches the link takes nothing."""

from __future__ import annotations

import re

from tests.conftest import CONFIRM_FORM, open_link
from tests.web.live.test_live_pages import Phone
from tests.web.live.test_live_seat_back import _seated_at, _started
from tests.web.test_ledger_pages import cell, deal, edit_token, enter, page


def test_fetching_an_edit_link_grants_nothing_until_its_button(app, client):
    public_id = deal(client)
    link = f"/ledger/e/{edit_token(client, public_id)}"
    preview = app.test_client()
    shown = preview.get(link)
    html = shown.get_data(as_text=True)
    assert shown.status_code == 200 and "Keep score on this round?" in html and "Ann" in html
    assert 'id="confirm-link-button"' in html
    with preview.session_transaction() as session:
        assert "edit_grants" not in session
    assert enter(preview, public_id, 0, 1, "7").status_code in (403, 404)
    assert cell(page(client, public_id), 0, 1) == ""
    # the button without its CSRF token (another site's form) gives nothing either
    assert preview.post(link).status_code == 400
    # with it, the phone keeps score, and opening the link again goes straight to the round
    taken = preview.post(link, data={"csrf_token": CONFIRM_FORM.search(html).group(2)})
    assert taken.status_code == 303 and taken.headers["Location"] == f"/ledger/r/{public_id}"
    assert enter(preview, public_id, 0, 1, "7").status_code == 303
    again = preview.get(link)
    assert again.status_code == 303 and again.headers["Location"] == f"/ledger/r/{public_id}"


def test_the_owner_opening_their_own_edit_link_goes_straight_to_the_round(client):
    public_id = deal(client)
    response = client.get(f"/ledger/e/{edit_token(client, public_id)}")
    assert response.status_code == 303 and response.headers["Location"] == f"/ledger/r/{public_id}"


def test_fetching_a_seat_link_seats_nobody_until_its_button(app):
    phones = [Phone(app) for _ in range(3)]
    url, _ = _started(app, phones)
    html = phones[1].get(url).get_data(as_text=True)
    link = re.search(r'href="https?://[^/"]+(/t/[^"]+/s/[^"]+)" id="seat-link-1"', html).group(1)
    shown = phones[2].get(link)
    page_html = shown.get_data(as_text=True)
    assert shown.status_code == 200 and "Sit at Bob&#39;s seat?" in page_html
    assert _seated_at(phones[2], url) == []  # fetched, not taken
    assert phones[2].client.post(link).status_code == 400  # no CSRF token: another site's form
    assert _seated_at(phones[2], url) == []
    assert open_link(phones[2].client, link).status_code == 303
    assert _seated_at(phones[2], url) == ["1"]
    # Bob's own phone, which holds the seat, goes straight to the table
    own = phones[1].get(link)
    assert own.status_code == 303 and own.headers["Location"] == url
