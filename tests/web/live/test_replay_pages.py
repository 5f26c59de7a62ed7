"""A hole's replay page (``/t/<id>/replay``; docs/records.md, "Replays"): every frame of the hole
on one page, one shown, stepped without a request by replay.js and by links without it; the
review's verdicts where they were made; nothing a seat did not see; only for a seat's browser."""

from __future__ import annotations

import re

from tests.web.api.test_api_live import play_hole, two_people
from tests.web.play.test_hole_review_pages import play_hole as play_page_hole
from tests.web.play.test_play_pages import legal_moves, moved_by_the_test, start


def hold_seat(client, table_id: str, token: str) -> None:
    """This browser keeps the seat of ``token``, as the phone that took it does (its session)."""
    with client.session_transaction() as session:
        session["live_seats"] = {table_id: [token]}


def frames_of(html: str) -> list[str]:
    return re.findall(r'<li class="replay-frame" id="frame-\d+" data-step="\d+"(?: hidden)?>', html)


def shown(html: str) -> list[int]:
    return [int(n) for n in re.findall(r'id="frame-(\d+)" data-step="\d+">', html)]


def test_a_solo_holes_replay_has_every_frame_one_shown_and_the_verdicts(app, client):
    moved_by_the_test(app)
    public_id = start(client, opponents=1, cards=4)
    over = play_page_hole(app, client, public_id, lambda path, html: legal_moves(html)[0])
    assert f'href="/t/{public_id}/replay?hole=1"' in over  # the hole-over page leads to it
    record = client.get(f"/api/v1/tables/{public_id}/record").get_json()
    moves = record["holes"][0]["moves"]
    html = client.get(f"/t/{public_id}/replay").get_data(as_text=True)
    assert len(frames_of(html)) == len(moves) + 2 and shown(html) == [0]  # the deal first
    assert "Replay · hole 1" in html and 'id="replay-prev"' in html and 'id="replay-next"' in html
    # each move's words, and a verdict on each of the person's moves where the caddie disagreed by half a point
    for move in moves:
        assert move["text"].replace("'", "&#39;") in html or move["text"] in html
    marked = [v for v in record["review"] if v["mark"]]
    assert html.count('class="replay-verdict mark-') == len(marked)
    # a step asked for is the one shown; nonsense is the deal
    assert shown(client.get(f"/t/{public_id}/replay?hole=1&step=3").get_data(as_text=True)) == [3]
    assert shown(client.get(f"/t/{public_id}/replay?step=x").get_data(as_text=True)) == [0]
    assert shown(client.get(f"/t/{public_id}/replay?step=999").get_data(as_text=True)) == [len(moves) + 1]
    # every card on the page is one the record names: nothing hidden from the seats
    named = set(record["holes"][0]["start"]["discard"]) | {c for m in moves for c in m["cards"]}
    named |= {c for grid in record["holes"][0]["end"]["grids"] for c in grid}
    assert set(re.findall(r'data-code="([^"]+)"', html)) <= named
    # another browser has no such page
    assert app.test_client().get(f"/t/{public_id}/replay").status_code == 404


def test_a_table_of_peoples_replay_before_and_after_its_first_hole(app, client):
    app.config.update(LIVE_COMPUTER_PAUSE_S=0)
    table, ann, bob = two_people(client)
    assert client.get(f"/t/{table['id']}/replay").status_code == 404  # a program's seat: not this browser's
    hold_seat(client, table["id"], ann)
    page = client.get(f"/t/{table['id']}/replay")
    assert page.status_code == 200 and 'id="replay-none"' in page.get_data(as_text=True)
    play_hole(app, client, table, [ann, bob])
    html = client.get(f"/t/{table['id']}/replay").get_data(as_text=True)
    assert len(frames_of(html)) >= 6 and "Ann" in html and "Bob" in html


def test_a_club_cards_replay_shows_the_plays(app, client):
    app.config.update(LIVE_COMPUTER_PAUSE_S=0)
    table, ann, bob = two_people(client, game="clubs", course="cedar-nine")
    hold_seat(client, table["id"], ann)
    play_hole(app, client, table, [ann, bob])
    html = client.get(f"/t/{table['id']}/replay").get_data(as_text=True)
    assert len(frames_of(html)) == 4  # the tee, two plays, the end
    assert 'class="yard-chip"' in html and "yds · Par" in html
