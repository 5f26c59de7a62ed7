"""A hole's replay page (``/t/<id>/replay``; docs/records.md, "Replays"): every frame of the hole
on one page, one shown, stepped without a request by replay.js and by links without it; the
review's verdicts where they were made; nothing a seat did not see; only for a seat's browser."""

from __future__ import annotations

import io
import json
import re

from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

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


def share_form(html: str) -> dict[str, str]:
    """The host's share (or stop) form on the replay page: its action and fields."""
    form = re.search(r'<section class="panel replay-share".*?</section>', html, re.S)
    assert form, "the replay page has its share section"
    action = re.search(r'<form method="post" action="([^"]+)">', form.group(0))
    assert action, "the host's share section has a form"
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form.group(0)))
    button = re.search(r'<button type="submit" name="do" value="([^"]+)"', form.group(0))
    assert button
    return {"action": action.group(1), **fields, "do": button.group(1)}


def test_the_host_shares_a_replay_anyone_opens_it_and_the_host_takes_it_back(app, client):
    app.config.update(LIVE_COMPUTER_PAUSE_S=0)
    table, ann, bob = two_people(client)
    play_hole(app, client, table, [ann, bob])
    hold_seat(client, table["id"], ann)  # the host's phone
    bobs_phone = app.test_client()
    hold_seat(bobs_phone, table["id"], bob)
    assert 'id="replay-share-none"' in bobs_phone.get(f"/t/{table['id']}/replay").get_data(as_text=True)
    record = client.get(f"/api/v1/tables/{table['id']}/record", headers={"Authorization": f"Bearer {ann}"})
    assert record.get_json()["share_url"] is None  # nothing shared until the host shares

    form = share_form(client.get(f"/t/{table['id']}/replay?hole=1").get_data(as_text=True))
    assert form["do"] == "share"
    # Bob's phone holds a seat, not the host's: it cannot share (nor stop) the replay
    bobs_form = dict(
        form,
        csrf_token=re.search(r'name="csrf-token" content="([^"]+)"', bobs_phone.get("/").get_data(as_text=True)).group(
            1
        ),
    )
    assert bobs_phone.post(form["action"], data=bobs_form).status_code == 403
    shared = client.post(form["action"], data=form)
    assert shared.status_code == 303 and shared.headers["Location"].endswith("/replay?hole=1#replay-share")
    html = client.get(f"/t/{table['id']}/replay").get_data(as_text=True)
    link = re.search(r'<a href="(http://localhost/replay/[^"]+)" id="replay-share-link">', html).group(1)
    assert link in bobs_phone.get(f"/t/{table['id']}/replay").get_data(as_text=True)  # every seat sees it
    # a second share (another tab) gives the same link
    client.post(form["action"], data=form)
    assert link in client.get(f"/t/{table['id']}/replay").get_data(as_text=True)
    record = client.get(f"/api/v1/tables/{table['id']}/record", headers={"Authorization": f"Bearer {ann}"})
    assert record.get_json()["share_url"] == link

    # a stranger's browser opens it: the onlooker's replay, no seat, nothing to share, no way back to the table
    path = link.removeprefix("http://localhost")
    stranger = app.test_client()
    opened = stranger.get(path).get_data(as_text=True)
    assert len(frames_of(opened)) >= 6 and "Ann" in opened and "Bob" in opened
    assert 'id="replay-share"' not in opened and 'id="back-to-table"' not in opened
    assert set(re.findall(r'data-code="([^"]+)"', opened)) == set(
        re.findall(r'data-code="([^"]+)"', client.get(f"/t/{table['id']}/replay").get_data(as_text=True))
    )  # exactly what the seats' replay shows: the record, and nothing of a seat's own
    assert shown(stranger.get(f"{path}?hole=1&step=2").get_data(as_text=True)) == [2]
    token = path.rsplit("/", 1)[1]
    by_share = stranger.get(f"/api/v1/tables/{table['id']}/record", headers={"Authorization": f"Bearer {token}"})
    assert by_share.status_code == 200 and by_share.get_json()["holes"] == record.get_json()["holes"]

    # the host takes it back: the link opens nothing, the record says so, and sharing again makes a new link
    stop = share_form(client.get(f"/t/{table['id']}/replay").get_data(as_text=True))
    assert stop["do"] == "stop"
    client.post(stop["action"], data=stop)
    assert stranger.get(path).status_code == 404
    gone = stranger.get(f"/api/v1/tables/{table['id']}/record", headers={"Authorization": f"Bearer {token}"})
    assert gone.status_code == 404
    again = share_form(client.get(f"/t/{table['id']}/replay").get_data(as_text=True))
    client.post(again["action"], data=again)
    html = client.get(f"/t/{table['id']}/replay").get_data(as_text=True)
    new_link = re.search(r'id="replay-share-link"', html) and re.search(
        r'<a href="([^"]+)" id="replay-share-link">', html
    ).group(1)
    assert new_link and new_link != link


def test_an_onlooker_with_the_watch_link_opens_the_replay(app, client):
    app.config.update(LIVE_COMPUTER_PAUSE_S=0)
    table, ann, bob = two_people(client)
    watch = table["watch_url"].rsplit("/", 1)[1]
    onlooker = app.test_client()
    assert 'id="watch-replay"' not in onlooker.get(f"/w/{watch}").get_data(as_text=True)  # nothing finished yet
    assert 'id="replay-none"' in onlooker.get(f"/w/{watch}/replay").get_data(as_text=True)
    play_hole(app, client, table, [ann, bob])
    assert f'href="/w/{watch}/replay"' in onlooker.get(f"/w/{watch}").get_data(as_text=True)
    html = onlooker.get(f"/w/{watch}/replay").get_data(as_text=True)
    assert len(frames_of(html)) >= 6 and f'href="/w/{watch}"' in html and 'id="replay-share"' not in html


def test_unknown_and_malformed_share_links_open_nothing(app, client):
    for path in ("/replay/x", "/replay/" + "a" * 24, "/replay/%00", "/w/nope/replay", "/replay/" + "b" * 200):
        assert client.get(path).status_code == 404, path
    # a stranger may not share a table's replay: the same 404 as a table that is not there
    app.config.update(LIVE_COMPUTER_PAUSE_S=0)
    table, ann, bob = two_people(client)
    token = re.search(r'name="csrf-token" content="([^"]+)"', client.get("/").get_data(as_text=True)).group(1)
    answer = client.post(f"/t/{table['id']}/replay/share", data={"csrf_token": token, "do": "share"})
    assert answer.status_code == 404
    # nor play its deal again, by the table or by a share link that is not one
    assert client.post(f"/t/{table['id']}/again", data={"csrf_token": token}).status_code == 404
    assert client.post("/replay/" + "c" * 24 + "/again", data={"csrf_token": token}).status_code == 404


def test_the_replays_list_holds_this_browsers_matches_with_a_finished_hole(app, client):
    from caddie.store.database import db
    from caddie.store.models import Round
    from tests.web.play.test_play_pages import row_of

    moved_by_the_test(app)
    empty = client.get("/replays").get_data(as_text=True)
    assert 'id="replays-none"' in empty and 'id="replay-list"' not in empty
    public_id = start(client, opponents=1, cards=4)
    assert 'id="replays-none"' in client.get("/replays").get_data(as_text=True)  # dealt, nothing finished yet
    play_page_hole(app, client, public_id, lambda path, html: legal_moves(html)[0])
    listed = client.get("/replays").get_data(as_text=True)
    assert f'href="/t/{public_id}/replay"' in listed
    assert "Grid Golf: <bdi>Pat</bdi>" in listed and "1 of 9 holes so far" in listed and "(Steady)" in listed
    assert 'href="/replays"' in client.get("/").get_data(as_text=True)  # from home's More
    assert 'href="/replays"' in client.get("/play/").get_data(as_text=True)  # and from Play's matches
    # the match's ledger round leads to the replay, for the browser that dealt it
    with app.app_context():
        round_id = db.session.get(Round, row_of(app, public_id).round_id).public_id
    assert f'href="/t/{public_id}/replay" id="owner-replay"' in client.get(f"/ledger/r/{round_id}").get_data(
        as_text=True
    )
    # another browser's list is its own
    assert 'id="replays-none"' in app.test_client().get("/replays").get_data(as_text=True)


def test_a_table_of_people_is_in_the_list_of_each_phone_that_sat_at_it(app, client):
    app.config.update(LIVE_COMPUTER_PAUSE_S=0)
    table, ann, bob = two_people(client)
    play_hole(app, client, table, [ann, bob])
    bobs_phone = app.test_client()
    hold_seat(bobs_phone, table["id"], bob)
    listed = bobs_phone.get("/replays").get_data(as_text=True)
    assert f'href="/t/{table["id"]}/replay"' in listed and "Bob" in listed
    # an onlooker's browser sat at nothing
    watcher = app.test_client()
    watcher.get(table["watch_url"].removeprefix("http://localhost"))
    assert f"/t/{table['id']}/replay" not in watcher.get("/replays").get_data(as_text=True)


def upload(client, data: bytes, name: str = "record.json"):
    token = re.search(r'name="csrf-token" content="([^"]+)"', client.get("/replays/import").get_data(as_text=True))
    # Encoded in memory: for a large body the test client would spool it to a temporary file that
    # nobody closes when the app refuses it unread (413), a ResourceWarning in a later test.
    fields = {"csrf_token": token.group(1), "file": FileStorage(io.BytesIO(data), filename=name)}
    boundary, body = encode_multipart(fields)
    return client.post("/replays/import", data=body, content_type=f"multipart/form-data; boundary={boundary}")


def test_a_record_downloaded_here_is_imported_elsewhere_and_replays_the_same(app, client):
    app.config.update(LIVE_COMPUTER_PAUSE_S=0)
    table, ann, bob = two_people(client, game="clubs", course="cedar-nine")
    hold_seat(client, table["id"], ann)
    play_hole(app, client, table, [ann, bob])
    html = client.get(f"/t/{table['id']}/replay").get_data(as_text=True)
    assert f'href="/t/{table["id"]}/record.json"' in html
    download = client.get(f"/t/{table['id']}/record.json")
    assert download.status_code == 200 and "attachment" in download.headers["Content-Disposition"]
    document = download.get_json()
    assert document["format"] == "caddie-and-tally/match-record" and document["version"] == 1
    assert app.test_client().get(f"/t/{table['id']}/record.json").status_code == 404  # a seat's, not a stranger's

    other = app.test_client()  # another phone, as it would be on another instance
    answer = upload(other, download.get_data())
    assert answer.status_code == 303
    replay_path = answer.headers["Location"]
    imported = other.get(replay_path).get_data(as_text=True)
    frame_cards = re.compile(r'class="yard-chip">([^<]+)<')
    assert frames_of(imported) == frames_of(html) and frame_cards.findall(imported) == frame_cards.findall(html)
    assert 'id="remove-record"' in imported and 'id="back-to-table"' not in imported
    listed = other.get("/replays").get_data(as_text=True)
    assert f'href="{replay_path}"' in listed and "Club Cards: <bdi>Ann</bdi>" in listed
    again = other.get(f"{replay_path}/record.json").get_json()  # and it downloads again, the same record
    assert again["record"] == document["record"]
    assert client.get(replay_path).status_code == 404  # the importing browser's alone

    token = re.search(r'name="csrf-token" content="([^"]+)"', imported).group(1)
    assert other.post(f"{replay_path}/remove", data={"csrf_token": token}).status_code == 303
    assert other.get(replay_path).status_code == 404
    assert f'href="{replay_path}"' not in other.get("/replays").get_data(as_text=True)


def test_a_file_that_is_no_record_gets_a_sentence_beside_the_field_and_keeps_nothing(app, client):
    from caddie.store.database import db
    from caddie.store.models import ImportedRecord

    cases = [
        (b"", "Choose the record"),
        (b"not json at all", "not a match record"),
        (json.dumps({"format": "caddie-and-tally/match-record", "version": 9, "record": {}}).encode(), "newer version"),
        (
            json.dumps({"format": "caddie-and-tally/match-record", "version": 1, "record": {"game": "x"}}).encode(),
            "The game is",
        ),
    ]
    for data, says in cases:
        answer = upload(client, data, name="" if not data else "record.json")
        html = answer.get_data(as_text=True)
        assert answer.status_code == 400, says
        error = re.search(r'<p class="error" id="record-file-error" role="alert">([^<]+)</p>', html)
        assert error and says in error.group(1).replace("&#39;", "'"), html[:3000]
        assert 'aria-describedby="record-file-error"' in html
    with app.app_context():
        assert db.session.query(ImportedRecord).count() == 0


def test_a_finished_matchs_deal_is_played_again_the_same_cards_to_the_same_seats(app, client):
    from caddie.store import live_tables as store
    from tests.web.play.test_play_pages import row_of

    moved_by_the_test(app)
    public_id = start(client, opponents=1, cards=4, holes=9)
    play_page_hole(app, client, public_id, lambda path, html: legal_moves(html)[0])
    html = client.get(f"/t/{public_id}/replay").get_data(as_text=True)
    assert 'id="play-deal-again"' not in html  # a match being played: its deal would show its hidden cards
    token = re.search(r'name="csrf-token" content="([^"]+)"', html).group(1)
    refused = client.post(f"/t/{public_id}/again", data={"csrf_token": token})
    assert refused.status_code == 409 and "still being played" in refused.get_data(as_text=True)

    with app.app_context():  # the match over (as if its last hole had been played)
        row = store.find(public_id, to_change=True)
        table = store.load(row)
        original = table.match.to_dict()
        table.match.phase = table.match.OVER_PHASE
        row.state = table.to_dict()
        row.version += 1  # a store's read keeps a decoded copy for each version
        store.db.session.commit()
    html = client.get(f"/t/{public_id}/replay").get_data(as_text=True)
    assert 'id="play-deal-again"' in html
    answer = client.post(f"/t/{public_id}/again", data={"csrf_token": token})
    assert answer.status_code == 303
    fresh_id = answer.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        fresh = store.load(store.find(fresh_id))
    assert fresh_id != public_id and fresh.solo and [str(p.name) for p in fresh.places] == ["Pat", "Ada"]
    dealt = fresh.match.to_dict()
    assert dealt["seed"] == original["seed"]  # the same secret deal, kept on the server
    assert row_of(app, fresh_id).host_browser == row_of(app, public_id).host_browser
    assert "seed" not in client.get(f"/t/{fresh_id}").get_data(as_text=True)


def test_each_person_at_a_table_reads_their_own_hole_reviewed_once_it_is_worked_out(app, client):
    from tests.web.api.test_api_table_record import reviewed

    app.config.update(LIVE_COMPUTER_PAUSE_S=0)
    table, ann, bob = two_people(client)
    hold_seat(client, table["id"], ann)
    play_hole(app, client, table, [ann, bob])
    page = client.get(f"/t/{table['id']}").get_data(as_text=True)
    wait = re.search(r'<p class="hint review-wait" id="hole-review" hx-get="([^"]+)"', page)
    assert wait and "Your hole, reviewed" not in page  # being worked out beside the moves
    assert 'class="hint review-wait"' in client.get(wait.group(1)).get_data(as_text=True)  # asked again: not yet
    assert app.test_client().get(wait.group(1)).status_code == 404  # a seat's own, not a stranger's

    assert reviewed(app) == 1
    part = client.get(wait.group(1)).get_data(as_text=True)
    assert "Your hole, reviewed" in part and "review-wait" not in part
    record = client.get(f"/api/v1/tables/{table['id']}/record", headers={"Authorization": f"Bearer {ann}"}).get_json()
    annes = [v for v in record["review"] if v["seat"] == 0]
    costly = [v for v in annes if v["loss"] > 0]
    if costly:  # Ann's costly decisions, the largest first, in her own words
        assert part.count('class="review-item"') == len(costly)
        assert costly[0]["did"].replace("'", "&#39;") in part or costly[0]["did"] in part
    else:
        assert 'id="review-clean"' in part
    page = client.get(f"/t/{table['id']}").get_data(as_text=True)
    assert 'id="hole-review-title"' in page and "review-wait" not in page
    bobs_phone = app.test_client()
    hold_seat(bobs_phone, table["id"], bob)
    assert "Your hole, reviewed" in bobs_phone.get(f"/t/{table['id']}").get_data(as_text=True)


def test_the_replay_splits_each_persons_result_into_decisions_and_cards(app, client):
    from caddie.core.live.record import decisions_and_cards

    moved_by_the_test(app)
    public_id = start(client, opponents=1, cards=4)
    play_page_hole(app, client, public_id, lambda path, html: legal_moves(html)[0])
    record = client.get(f"/api/v1/tables/{public_id}/record").get_json()
    pat, ada = decisions_and_cards(record)
    assert ada is None and pat is not None  # the person's decisions are reviewed, the computer's are not
    html = client.get(f"/t/{public_id}/replay").get_data(as_text=True)
    row = re.search(
        r'<tr><th scope="row"><bdi>Pat</bdi></th><td class="num">([^<]+)</td>\s*<td class="num">([^<]+)</td>'
        r'<td class="num">([^<]+)</td></tr>',
        html,
    )
    assert row, html[html.find("replay-split") :][:1500]
    assert [float(x.replace("−", "-")) for x in row.groups()] == [pat["against"], pat["decisions"], pat["cards"]]
    assert f"+{pat['lost'][0]:.1f}" in html  # the hole's own cost, beside its score
    # and drawn: the chart's text alternative reads each reviewed person's running cost
    chart = re.search(r'<div class="chart" id="split-chart"><svg [^>]*aria-label="([^"]+)"', html)
    shown = f"{pat['decisions']:.1f}".removesuffix(".0")
    assert chart and chart.group(1) == f"Points lost to decisions after 1 hole: Pat {shown}"


def frame_at(html: str, step: int) -> re.Match[str] | None:
    """The frame of ``step``, shown (the page was opened at it)."""
    return re.search(rf'<li class="replay-frame" id="frame-{step}" data-step="{step}">(.*?)</li>', html, re.S)


def test_a_seats_own_replay_shows_the_card_it_drew_and_no_one_elses_does(app, client):
    from caddie.web.filters import card_name

    moved_by_the_test(app)
    public_id = start(client, opponents=1, cards=4)
    moves = []
    for _ in range(5):  # until the person has drawn from the deck in a hole
        play_page_hole(app, client, public_id, lambda path, html: legal_moves(html)[0])
        record = client.get(f"/api/v1/tables/{public_id}/record").get_json()
        hole = record["holes"][-1]
        moves = hole["moves"]
        draws = [i for i, m in enumerate(moves) if m["seat"] == 0 and m["action"]["action"] == "draw"]
        if draws:
            break
        client.post(
            f"/t/{public_id}/act",
            data={
                "csrf_token": re.search(
                    r'name="csrf-token" content="([^"]+)"', client.get("/").get_data(as_text=True)
                ).group(1),
                "action": "next",
            },
        )
    assert draws, "the person drew from the deck"
    drawn = moves[draws[0] + 1]["cards"][0]  # the card the next move placed or discarded
    own = client.get(f"/t/{public_id}/replay?hole={hole['hole']}&step={draws[0] + 1}").get_data(as_text=True)
    shown_frame = frame_at(own, draws[0] + 1)
    assert shown_frame and f"holding {card_name(drawn)}" in shown_frame.group(1)
    # the same frame by the share link: the card's back only
    form = share_form(own)
    client.post(form["action"], data=form)
    link = re.search(
        r'<a href="http://localhost(/replay/[^"]+)" id="replay-share-link">',
        client.get(f"/t/{public_id}/replay").get_data(as_text=True),
    ).group(1)
    shared = app.test_client().get(f"{link}?hole={hole['hole']}&step={draws[0] + 1}").get_data(as_text=True)
    shared_frame = frame_at(shared, draws[0] + 1)
    assert shared_frame and "holding a card" in shared_frame.group(1)
    assert f"holding {card_name(drawn)}" not in shared_frame.group(1)


def test_practice_puts_the_costliest_decisions_again_and_answers_them(app, client):
    moved_by_the_test(app)
    assert 'id="practice-none"' in client.get("/practice").get_data(as_text=True)
    public_id = start(client, opponents=1, cards=4)
    play_page_hole(app, client, public_id, lambda path, html: legal_moves(html)[0])  # the first move offered: poor play
    record = client.get(f"/api/v1/tables/{public_id}/record").get_json()
    marked = sorted((v for v in record["review"] if v["mark"]), key=lambda v: -v["loss"])
    assert marked, "playing the first move offered costs points somewhere"
    listed = client.get("/practice").get_data(as_text=True)
    urls = re.findall(r'<li><a class="door" href="([^"]+)">', listed)
    assert len(urls) == min(len(marked), 20) and urls[0] == f"/t/{public_id}/practice/1/{marked[0]['move']}"
    assert 'href="/practice"' in client.get("/replays").get_data(as_text=True)

    worst = marked[0]
    question = client.get(urls[0]).get_data(as_text=True)
    choices = re.findall(r'<a class="button" id="choice-(\d)" href="([^"]+)">([^<]+)</a>', question)
    assert len(choices) == 2 and 'id="practice-result"' not in question
    # the position is the table just before the decision: the replay's frame at that step
    replay = client.get(f"/t/{public_id}/replay?hole=1&step={worst['move']}").get_data(as_text=True)
    shown = re.search(
        r'<li class="replay-frame" id="frame-\d+" data-step="\d+">(.*?)<p class="replay-text"', replay, re.S
    )
    assert shown and shown.group(1).strip() in question
    answers = {words: client.get(href.replace("&amp;", "&")).get_data(as_text=True) for _, href, words in choices}
    right = [html for html in answers.values() if "the caddie&#39;s move" in html or "the caddie's move" in html]
    wrong = [html for html in answers.values() if "is the move made at the table" in html]
    assert len(right) == 1 and len(wrong) == 1  # one choice is the caddie's, the other the move made
    assert f"{worst['loss']:.1f}" in right[0] and f"{worst['loss']:.1f}" in wrong[0]
    # the same order every time it is asked, and nonsense answers are the question again
    assert re.findall(r'id="choice-\d" href="[^"]+">([^<]+)<', client.get(urls[0]).get_data(as_text=True)) == [
        words for _, _, words in choices
    ]
    assert 'id="practice-choices"' in client.get(urls[0] + "?answer=9").get_data(as_text=True)
    assert 'id="practice-choices"' in client.get(urls[0] + "?answer=x").get_data(as_text=True)
    # a position that is no decision of this browser's is not there
    assert client.get(f"/t/{public_id}/practice/1/999").status_code == 404
    assert app.test_client().get(urls[0]).status_code == 404


def test_a_club_cards_play_is_reviewed_practised_and_its_caddie_cards_kept_to_its_seat(app, client):
    """Ann's whole hand played (a blunder): her page, replay and practice name the Caddie's cards
    and her hand; Bob's replay, the share link's and the record file say only what it cost."""
    from tests.web.api.test_api_table_record import ann_plays_her_whole_hand, reviewed

    app.config.update(LIVE_COMPUTER_PAUSE_S=0)
    table, ann, bob = two_people(client, game="clubs", course="cedar-nine")
    hold_seat(client, table["id"], ann)
    hand = ann_plays_her_whole_hand(client, table, ann, bob)
    assert reviewed(app) == 1
    record = client.get(f"/api/v1/tables/{table['id']}/record", headers={"Authorization": f"Bearer {ann}"}).get_json()
    [verdict] = [v for v in record["review"] if v["seat"] == 0]
    caddies = verdict["caddie"]  # "the caddie would have played 240 and 170 (2 strokes here)"
    page = client.get(f"/t/{table['id']}").get_data(as_text=True)
    assert "Your hole, reviewed" in page and "strokes on average" in page and caddies in page
    replay = client.get(f"/t/{table['id']}/replay").get_data(as_text=True)
    assert caddies in replay and "strokes better" in replay

    listed = client.get("/practice").get_data(as_text=True)
    url = f"/t/{table['id']}/practice/1/{verdict['move']}"
    assert f'href="{url}"' in listed and "Club Cards" in listed
    question = client.get(url).get_data(as_text=True)
    assert re.findall(r'id="practice-hand">.*?</p>', question, re.S)[0].count('class="chip"') == len(hand)
    choices = re.findall(r'<a class="button" id="choice-(\d)" href="([^"]+)">([^<]+)</a>', question)
    best = verdict["best"]["cards"]
    made = f"Play {', '.join(map(str, hand[:-1]))} and {hand[-1]}: {sum(hand)} yards"
    caddie_words = [words for _, _, words in choices if not words.startswith(made)]
    assert len(choices) == 2 and len(caddie_words) == 1 and caddie_words[0].startswith(f"Play {best[0]}")
    right = next(href for _, href, words in choices if words == caddie_words[0])
    assert "strokes" in client.get(right.replace("&amp;", "&")).get_data(as_text=True)

    bobs_phone = app.test_client()
    hold_seat(bobs_phone, table["id"], bob)
    others = [bobs_phone.get(f"/t/{table['id']}/replay").get_data(as_text=True)]
    others.append(json.dumps(client.get(f"/t/{table['id']}/record.json").get_json()))  # a file is for anyone
    for seen_by_others in others:
        assert caddies not in seen_by_others and "other cards from the hand" in seen_by_others
    assert bobs_phone.get(url).status_code == 404  # Ann's position, not Bob's


def test_nonsense_addresses_and_files_get_a_404_or_a_sentence_never_a_500(app, client):
    for path in (
        "/replays/file/%00",
        "/replays/file/" + "x" * 200,
        "/replays/file/abc/record.json",
        "/replay/%ff",
        "/replay/a/record.json",
        "/t/nope/practice/1/1",
        "/t/nope/practice/abc/1",
        "/t/nope/review/1/0",
        "/t/nope/record.json",
        "/w/nope/replay",
    ):
        assert client.get(path).status_code == 404, path
    token = re.search(r'name="csrf-token" content="([^"]+)"', client.get("/").get_data(as_text=True)).group(1)
    for path in ("/replays/file/abc/remove", "/t/nope/again", "/replay/nope/again", "/t/nope/replay/share"):
        assert client.post(path, data={"csrf_token": token}).status_code in (303, 404), path
    doc = {"format": "caddie-and-tally/match-record", "version": 1}
    for record, says in (
        ({"game": "grid", "rules": {"cards": 99}}, "A grid holds"),
        ({"game": "grid", "rules": {}, "names": ["A"], "seats": []}, "players, one for each seat"),
        ({"game": "clubs"}, "needs a course"),
        (
            {
                "game": "grid",
                "rules": {},
                "names": ["A", "B"],
                "seats": [{"kind": "person", "level": None}] * 2,
                "holes": [
                    {"hole": 1, "scores": [1, 2], "first": 0, "order": [0, 1], "moves": [], "start": {}, "end": {}}
                ],
            },
            "does not say what its deal showed",
        ),
    ):
        answer = upload(client, json.dumps({**doc, "record": record}).encode())
        error = re.search(r'id="record-file-error" role="alert">([^<]+)<', answer.get_data(as_text=True))
        assert answer.status_code == 400 and error and says in error.group(1), (record, error and error.group(1))
    # a file past the app's usual request limit (256 kB) is read, up to a record's own (2 MB)
    spaced = json.dumps({**doc, "record": {"game": "poker"}}) + " " * 400_000
    assert "The game is" in upload(client, spaced.encode()).get_data(as_text=True)
    too_big = upload(client, b" " * 2_000_001)  # read in full, then refused: larger than any record
    assert too_big.status_code == 400 and "larger than a match record can be" in too_big.get_data(as_text=True)
    far_too_big = upload(client, b" " * 3_000_000)  # the request itself past the raised limit
    assert far_too_big.status_code == 413 and "larger than a match record can be" in far_too_big.get_data(as_text=True)
    assert 'id="record-file-error"' in far_too_big.get_data(as_text=True)
    # the token is still checked, after the limit is raised
    forged = client.post(
        "/replays/import", data={"file": (io.BytesIO(b"{}"), "r.json")}, content_type="multipart/form-data"
    )
    assert forged.status_code == 400 and "record-file-error" not in forged.get_data(as_text=True)
