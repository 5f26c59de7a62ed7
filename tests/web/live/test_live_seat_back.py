"""Getting a seat back at a live table (docs/live-tables.md, "Getting a seat back"): the host's fresh
seat link, a new phone's request and the host's answer, the one-time nudge to keep the seat link,
and a stranger's page that opens no stream it may not read. Three test clients are three phones."""

from __future__ import annotations

import re

import pytest

from tests.conftest import open_link
from tests.web.live.test_live_pages import Phone, _new_table, _row

ASK_ID = re.compile(r'/asks/([^"/]+)"')


@pytest.fixture
def phones(app):
    app.config["LIVE_COMPUTER_PAUSE_S"] = 0
    return [Phone(app) for _ in range(3)]


def _started(app, phones):
    """Ann (phone 0) hosts, Bob (phone 1) sits down, the match is on: the table's address and code."""
    url = _new_table(phones[0], players="2")
    row = _row(app, url)
    assert phones[1].post("/join", {"code": row.code, "name": "Bob"}).status_code == 303
    assert phones[0].post(url + "/start", {"seat": "0"}).status_code == 303
    return url, row.code


def _seated_at(phone, url):
    html = phone.get(url).get_data(as_text=True)
    return sorted(set(re.findall(r'<input type="hidden" name="seat" value="(\d)">', html)))


def test_a_strangers_page_opens_no_event_stream_and_a_seated_phone_does(app, phones):
    url = _new_table(phones[0])
    code = _row(app, url).code
    stranger = phones[1].get(f"/join/{code}", follow_redirects=True).get_data(as_text=True)
    assert 'id="sit-form"' in stranger and "sse-connect" not in stranger
    assert phones[1].get(url + "/events").status_code == 404  # what it would have opened
    assert "sse-connect" in phones[0].get(url).get_data(as_text=True)


def test_the_host_lets_bob_back_in_with_a_fresh_seat_link_and_the_old_one_stops(app, phones):
    url, _ = _started(app, phones)
    old_link = re.search(
        r'href="https?://[^/"]+(/t/[^"]+/s/[^"]+)" id="seat-link-1"', phones[1].get(url).get_data(as_text=True)
    )
    assert old_link is not None
    assert phones[1].post(url + "/seats/1", {"seat": "1", "do": "link"}).status_code == 409  # Bob is not the host
    response = phones[0].post(url + "/seats/1", {"seat": "0", "do": "link"}, follow_redirects=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and 'id="handout"' in html and "Bob</bdi>'s new seat link" in html
    assert 'src="data:image/svg+xml' in html  # its QR code, drawn here
    new_link = re.search(r'href="https?://[^/"]+(/t/[^"]+/s/[^"]+)" id="handout-link"', html).group(1)
    assert new_link != old_link.group(1)
    assert open_link(phones[2].client, new_link).status_code == 303 and _seated_at(phones[2], url) == ["1"]
    # the old phone and the old link are a stranger's now: nothing of the table
    assert phones[1].get(old_link.group(1)).status_code == 404
    assert phones[1].get(url + "/events").status_code == 404
    assert "has started" in phones[1].get(url).get_data(as_text=True)
    done = phones[0].post(url + "/handout/done", {}, follow_redirects=True).get_data(as_text=True)
    assert 'id="handout"' not in done


def test_a_new_phone_asks_by_code_and_name_and_the_host_lets_it_in(app, phones):
    url, code = _started(app, phones)
    response = phones[2].post("/join", {"code": code, "name": " bob "})
    assert response.status_code == 303 and response.headers["Location"].endswith(url)
    waiting = phones[2].get(url).get_data(as_text=True)
    assert "Waiting for <bdi>Ann</bdi> (the host) to let you back in" in waiting
    assert "sse-connect" not in waiting and "data-code" not in waiting and 'name="action"' not in waiting
    assert phones[2].get(url + "/ask").status_code == 204  # not answered yet
    host = phones[0].get(url).get_data(as_text=True)
    assert 'id="asks"' in host and "A phone asks to be let back in as <strong><bdi>Bob</bdi></strong>" in host
    assert 'id="asks"' not in phones[1].get(url).get_data(as_text=True)  # only the host is asked
    ask_id = ASK_ID.search(host).group(1)
    assert phones[1].post(f"{url}/asks/{ask_id}", {"seat": "1", "do": "in"}).status_code == 409  # not the host
    assert phones[0].post(f"{url}/asks/{ask_id}", {"seat": "0", "do": "in"}).status_code == 303
    answered = phones[2].get(url + "/ask", headers={"HX-Request": "true"})
    assert answered.status_code == 200 and answered.headers["HX-Redirect"] == url
    assert _seated_at(phones[2], url) == ["1"] and "sse-connect" in phones[2].get(url).get_data(as_text=True)
    assert _seated_at(phones[1], url) == []  # Bob's old phone no longer holds the seat
    again = phones[0].post(f"{url}/asks/{ask_id}", {"seat": "0", "do": "in"})
    assert again.status_code == 409 and "no longer waiting" in again.get_data(as_text=True)


def test_a_refused_phone_is_told_so_and_asking_is_limited_per_phone(app, phones):
    app.config["LIVE_ASK_LIMIT"] = 2
    url, code = _started(app, phones)
    phones[2].post("/join", {"code": code, "name": "Bob"})
    ask_id = ASK_ID.search(phones[0].get(url).get_data(as_text=True)).group(1)
    assert phones[0].post(f"{url}/asks/{ask_id}", {"seat": "0", "do": "no"}).status_code == 303
    assert phones[2].get(url + "/ask").status_code == 303
    html = phones[2].get(url).get_data(as_text=True)
    assert "<bdi>Ann</bdi> did not let this phone in at <bdi>Bob</bdi>" in html and 'id="ask-form"' in html
    assert _seated_at(phones[1], url) == ["1"]  # Bob's own phone plays on
    assert phones[2].post(url + "/ask", {"name": "Bob"}).status_code == 303  # the second request of two
    ask_id = ASK_ID.search(phones[0].get(url).get_data(as_text=True)).group(1)
    assert phones[0].post(f"{url}/asks/{ask_id}", {"seat": "0", "do": "no"}).status_code == 303
    response = phones[2].post(url + "/ask", {"name": "Bob"})
    assert response.status_code == 429
    assert "Too many requests from this phone: try again in 10 minutes." in response.get_data(as_text=True)
    nobody = phones[1].post(url + "/ask", {"name": "Zed"})  # a seated phone asks for nothing
    assert nobody.status_code == 404


def test_the_hosts_own_seat_and_unknown_names_are_refused_with_a_sentence(app, phones):
    url, code = _started(app, phones)
    response = phones[2].post(url + "/ask", {"name": "Ann"})
    assert response.status_code == 409 and "host" in response.get_data(as_text=True)
    response = phones[2].post(url + "/ask", {"name": "Zed"})
    assert response.status_code == 404 and "Nobody at this table has that name" in response.get_data(as_text=True)
    assert 'id="asks"' not in phones[0].get(url).get_data(as_text=True)


def test_each_player_is_told_once_to_keep_their_seat_link(app, phones):
    url, _ = _started(app, phones)
    html = phones[1].get(url).get_data(as_text=True)
    assert 'id="keep-link"' in html and "Bob</bdi>'s seat link" in html
    assert phones[1].post(url + "/link-kept", {}).status_code == 303
    assert 'id="keep-link"' not in phones[1].get(url).get_data(as_text=True)
    assert 'id="keep-link"' in phones[0].get(url).get_data(as_text=True)  # Ann has not said so yet


def test_the_host_sees_let_back_in_for_each_other_person_in_the_lobby_and_the_match(app, phones):
    url = _new_table(phones[0], players="3", **{"others-1": "steady"})
    phones[1].post("/join", {"code": _row(app, url).code, "name": "Bob"})
    lobby = phones[0].get(url).get_data(as_text=True)
    assert 'id="let-back-in-1"' in lobby and 'id="let-back-in-0"' not in lobby and 'id="let-back-in-2"' not in lobby
    assert 'id="let-back-in-' not in phones[1].get(url).get_data(as_text=True)
    phones[0].post(url + "/start", {"seat": "0"})
    html = phones[0].get(url).get_data(as_text=True)
    assert 'id="let-back-in-1"' in html and "Let <bdi>Bob</bdi> back in" in html


def test_in_the_lobby_a_stranger_sitting_down_with_a_seated_name_asks_instead(app, phones):
    url = _new_table(phones[0], players="3")
    phones[1].post("/join", {"code": _row(app, url).code, "name": "Bob"})
    response = phones[2].post(url + "/sit", {"name": "BOB"})
    assert response.status_code == 303
    assert "Waiting for <bdi>Ann</bdi> (the host) to let you back in" in phones[2].get(url).get_data(as_text=True)
    assert 'id="asks"' in phones[0].get(url).get_data(as_text=True)
    taken = phones[1].post(url + "/sit", {"name": "Ann"})  # a seated phone adding a taken name: refused as before
    assert taken.status_code == 400 and "already called" in taken.get_data(as_text=True)


def test_other_peoples_names_are_drawn_isolated_on_the_table_and_the_watch_page(app, phones):
    url, _ = _started(app, phones)
    row = _row(app, url)
    table = phones[0].get(url).get_data(as_text=True)
    # the opponents' strip too (the table's template is solo play's)
    assert '<span class="opp-who"><bdi>Bob</bdi></span>' in table
    watch = phones[2].get(f"/w/{row.watch_token}").get_data(as_text=True)
    assert "<bdi>Ann</bdi>" in watch and "<bdi>Bob</bdi>" in watch
    lobby = _row(app, _new_table(phones[0]))
    refused = phones[2].post("/join", {"code": lobby.code, "name": "\u200b\u200c"})
    assert refused.status_code == 400 and "only invisible characters" in refused.get_data(as_text=True)


def test_a_pass_and_play_phone_shows_the_hosts_requests_and_links_only_at_the_hosts_seat(app, phones):
    url = _new_table(phones[0], players="3")
    phones[0].post(url + "/sit", {"name": "Cy"})  # the host's phone holds Cy's seat too
    phones[1].post(url + "/sit", {"name": "Bob"})
    phones[0].post(url + "/start", {"seat": "0"})
    phones[0].post(url + "/seats/2", {"seat": "0", "do": "link"})
    phones[2].post(url + "/ask", {"name": "Bob"})
    html = phones[0].get(url).get_data(as_text=True)
    assert 'id="handout"' in html and 'id="asks"' in html  # Ann's seat on show
    for _ in range(2):  # Ann turns up two cards: the phone goes to Cy, behind a curtain, then Cy's cards
        row = _row(app, url)
        position = re.search(r'value="(flip:\d)"', phones[0].get(url).get_data(as_text=True)).group(1)
        phones[0].post(url + "/act", {"seat": "0", "version": str(row.version), "action": position})
    curtain = phones[0].get(url).get_data(as_text=True)
    assert 'id="curtain"' in curtain and 'id="handout"' not in curtain and 'id="asks"' not in curtain
    phones[0].post(url + "/reveal", {"seat": "1"})
    cys = phones[0].get(url).get_data(as_text=True)
    assert 'id="curtain"' not in cys and 'id="handout"' not in cys and 'id="asks"' not in cys


def test_a_name_nobody_has_at_a_started_table_says_how_to_be_let_back_in(app, phones):
    url, code = _started(app, phones)
    response = phones[2].post("/join", {"code": code, "name": "Bbo"})
    html = response.get_data(as_text=True)
    assert response.status_code == 409 and 'id="join-name-error"' in html
    assert "type the name you sat down with" in html and 'value="Bbo"' in html
