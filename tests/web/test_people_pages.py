"""A table's people's pages (``/people``; docs/people.md): the people best rated first, a person's
page, merging and renaming without losing a round, head to head, seasons, every phone at a live
table keeping its round, and bad input answered with a sentence that changes nothing."""

from __future__ import annotations

import html as htmllib
import re

from tests.conftest import CSRF_META
from tests.web.test_ledger_pages import deal, enter, token


def play_round(client, names, scores, holes=9, upto=None, played_on="2026-11-29") -> str:
    """A round dealt and scored: ``scores`` one per player, the same every hole (``upto``: the holes
    entered, for a round left unfinished)."""
    public_id = deal(client, names=names, holes=holes)
    if played_on != "2026-11-29":
        _move_day(client, public_id, played_on)
    for hole in range(1, (upto or holes) + 1):
        for seat, score in enumerate(scores):
            enter(client, public_id, seat, hole, str(score))
    return public_id


def _move_day(client, public_id: str, played_on: str) -> None:
    from datetime import date

    from caddie.store.database import db
    from caddie.store.models import Round

    app = client.application
    with app.app_context():
        row = db.session.query(Round).filter_by(public_id=public_id).one()
        row.played_on = date.fromisoformat(played_on)
        db.session.commit()


def text(client, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, path
    return htmllib.unescape(response.get_data(as_text=True))


def words(html: str) -> str:
    """The text a person reads: tags out, white space collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split()).replace(" ,", ",").replace(" .", ".")


def standings(html: str, table_id: str) -> list[tuple[str, int, int, int]]:
    """(name, shown rating, rounds, wins) of each row of a standings table."""
    table = re.search(rf'<table class="stats-table people-table" id="{table_id}">(.*?)</table>', html, re.S)
    assert table, html[:3000]
    rows = re.findall(
        r'<th scope="row"><a href="[^"]+"><bdi>([^<]+)</bdi></a></th>\s*'
        r'<td class="num">(?:<span class="rating"><b>(\d+)</b>.*?|–)</td>\s*'
        r'<td class="num"><span class="won">(\d+)</span> <small>of (\d+)</small></td>',
        table.group(1),
        re.S,
    )
    return [(name, int(rating or 0), int(rounds), int(wins)) for name, rating, wins, rounds in rows]


def post(client, path: str, data: dict[str, str], page: str = "/people/"):
    csrf = CSRF_META.search(client.get(page).get_data(as_text=True)).group(1)
    return client.post(path, data={"csrf_token": csrf, **data})


def test_the_people_are_rated_best_first_and_an_unfinished_round_counts_for_nothing(client):
    for _ in range(2):
        play_round(client, ("Ann", "Bo", "Cy"), (2, 4, 3))
    play_round(client, ("Ann", "Bo", "Cy"), (9, 1, 1), upto=3)  # left after hole 3
    html = text(client, "/people/")
    rows = standings(html, "standings-grid")
    assert [name for name, *_ in rows] == ["Ann", "Cy", "Bo"]  # best first: their finishing order
    assert rows[0][1] > rows[1][1] > rows[2][1]
    assert [(rounds, wins) for _, _, rounds, wins in rows] == [(3, 2), (3, 0), (3, 0)]
    assert html.count(">provisional<") == 3
    assert client.get("/ledger/players").headers["Location"].endswith("/people/")  # the old address lands here


def test_a_persons_page_has_their_record_rounds_rating_chart_and_rivals(client):
    first = play_round(client, ("Ann", "Bo"), (2, 3))
    second = play_round(client, ("Ann", "Bo"), (4, 1), played_on="2026-11-30")
    html = text(client, "/people/p/ann")
    assert "<h1><bdi>Ann</bdi></h1>" in html
    lines = re.search(r'<table class="stats-table person-line" id="person-line-1">(.*?)</table>', html, re.S).group(1)
    assert "Grid Golf" in lines and "Six cards" in lines
    assert re.findall(r'<td class="num">([^<]+)</td>', lines)[:3] == ["2", "1", "3.0"]  # rounds, wins, per hole
    assert f'href="/ledger/r/{first}">18</a>' in lines and f'href="/ledger/r/{second}">36</a>' in lines
    chart = re.search(r'<svg [^>]*class="chart running-total rating"[^>]*aria-label="([^"]+)"', html)
    assert chart and chart.group(1).startswith("Rating of Ann over 2 rounds: ")
    rounds = re.findall(r'<td class="num">([^<]+)</td>\s*<td>([^<]+)</td>', html.split('id="person-rounds"')[1])
    assert rounds[:2] == [("36", "2nd of 2"), ("18", "1st of 2")]  # newest first
    assert 'href="/people/vs?one=ann&amp;other=bo"' in text(client, "/people/p/ann").replace("&", "&amp;") or (
        "/people/vs?one=ann&other=bo" in html
    )
    assert client.get("/people/p/nobody").status_code == 404
    assert client.get("/people/p/ANN").status_code == 404  # a person's address is their key


def test_merge_rename_and_undo_keep_every_round(client):
    play_round(client, ("Bob", "Ann"), (2, 3))
    play_round(client, ("bobby", "Ann"), (2, 3), played_on="2026-11-30")
    together = play_round(client, ("Cy", "Bob"), (1, 5), played_on="2026-12-01")

    # Bob and Cy played in one round: they are two people, and nothing is kept
    refused = post(client, "/people/p/cy/merge", {"other": "bob"}, "/people/p/cy")
    assert refused.status_code == 400
    assert "Cy and Bob played in the same round on 1 Dec 2026: they are two people." in htmllib.unescape(
        refused.get_data(as_text=True)
    )
    assert 'id="merged-names"' not in text(client, "/people/p/cy")

    merged = post(client, "/people/p/bobby/merge", {"other": "bob"}, "/people/p/bobby")
    assert merged.status_code == 303 and merged.headers["Location"].endswith("/people/p/bob")
    bob = text(client, "/people/p/bob")
    assert re.findall(r'<td class="num">([^<]+)</td>', bob.split('id="person-line-1"')[1])[:2] == ["3", "2"]
    assert "Written as Bob, bobby in the rounds." in bob
    assert "Rounds written “<bdi>bobby</bdi>” count for <bdi>Bob</bdi>." in bob  # as the rounds write it
    assert client.get("/people/p/bobby").status_code == 404  # no one of their own any more

    renamed = post(client, "/people/p/bob/rename", {"name": "Robert"}, "/people/p/bob")
    assert renamed.status_code == 303 and renamed.headers["Location"].endswith("/people/p/robert")
    assert [name for name, *_ in standings(text(client, "/people/"), "standings-grid")] == ["Ann", "Robert", "Cy"] or {
        name for name, *_ in standings(text(client, "/people/"), "standings-grid")
    } == {"Ann", "Robert", "Cy"}
    assert text(client, f"/ledger/r/{together}").count("Bob") >= 1  # the scorecard keeps the name it was written with

    taken = post(client, "/people/p/robert/rename", {"name": "ann"}, "/people/p/robert")
    assert taken.status_code == 400
    assert "Ann is another person here: if they are one person, merge them instead." in htmllib.unescape(
        taken.get_data(as_text=True)
    )
    blank = post(client, "/people/p/robert/rename", {"name": "  "}, "/people/p/robert")
    assert blank.status_code == 400 and 'id="rename-error"' in blank.get_data(as_text=True)

    undone = post(client, "/people/names/bobby/undo", {}, "/people/p/robert")
    assert undone.status_code == 303
    assert re.findall(r'<td class="num">([^<]+)</td>', text(client, "/people/p/bobby").split('id="person-line-1"')[1])[
        :1
    ] == ["1"]
    assert post(client, "/people/names/nobody/undo", {}, "/people/").status_code == 404


def test_head_to_head_counts_who_finished_ahead_and_by_how_much(client):
    play_round(client, ("Ann", "Bo"), (2, 3))  # Ann by 9
    play_round(client, ("Ann", "Bo", "Cy"), (3, 1, 2))  # Bo by 18
    play_round(client, ("Ann", "Bo"), (1, 1))  # level
    html = text(client, "/people/vs?one=ann&other=bo")
    section = html.split('id="versus-grid"')[1]
    assert re.search(r"<bdi>Ann</bdi> <b>1</b></span>.*?<b>1</b> <bdi>Bo</bdi>", section, re.S)
    assert "3 rounds together, 1 level." in words(section)
    assert "Bo finished 3.0 points a round ahead on average." in words(section)
    first = client.get("/people/vs")  # nobody chosen yet: the first two offered, no complaint
    assert first.status_code == 200 and 'class="error"' not in first.get_data(as_text=True)
    assert 'id="versus-grid"' in first.get_data(as_text=True)
    bad = client.get("/people/vs?one=ann&other=zed")
    assert bad.status_code == 400 and "Choose two people from the lists." in bad.get_data(as_text=True)
    same = client.get("/people/vs?one=ann&other=ann")
    assert same.status_code == 400 and "Choose two different people." in same.get_data(as_text=True)


def test_a_season_counts_its_own_days_and_bad_dates_keep_nothing(client):
    play_round(client, ("Ann", "Bo"), (2, 3), played_on="2026-11-01")
    play_round(client, ("Ann", "Bo"), (5, 1), played_on="2026-12-02")
    backwards = post(client, "/people/seasons", {"name": "Winter", "starts_on": "2026-12-31", "ends_on": "2026-12-01"})
    assert backwards.status_code == 400
    assert "A season ends on or after the day it starts." in backwards.get_data(as_text=True)
    assert 'id="season-list"' not in text(client, "/people/")
    no_date = post(client, "/people/seasons", {"name": "Winter", "starts_on": "soon", "ends_on": ""})
    assert no_date.status_code == 400 and 'id="season-from-error"' in no_date.get_data(as_text=True)

    made = post(client, "/people/seasons", {"name": "Winter 2026", "starts_on": "2026-12-01", "ends_on": "2027-02-28"})
    assert made.status_code == 303
    season = text(client, made.headers["Location"])
    assert "<h1>Winter 2026</h1>" in season and "1 round among people" in season
    rows = standings(season, "season-standings-grid")
    assert [(name, rounds, wins) for name, _, rounds, wins in rows] == [("Bo", 1, 1), ("Ann", 1, 0)]
    again = post(client, "/people/seasons", {"name": "winter 2026", "starts_on": "2026-12-01", "ends_on": "2026-12-02"})
    assert again.status_code == 400 and "There is a season called winter 2026 already" in again.get_data(as_text=True)

    csrf = CSRF_META.search(season).group(1)
    removed = client.post(f"{made.headers['Location']}/remove", data={"csrf_token": csrf})
    assert removed.status_code == 303 and client.get(made.headers["Location"]).status_code == 404
    assert client.get("/people/seasons/nonsense").status_code == 404


def test_the_tables_records_and_achievements(client):
    play_round(client, ("Ann", "Bo"), (0, 3))  # Ann: a hole of zero, the lowest round
    for _ in range(2):
        play_round(client, ("Ann", "Bo"), (1, 3))  # three wins in a row, all on one night
    html = text(client, "/people/")
    records = html.split('id="table-records"')[1].split("</section>")[0]
    assert re.search(r"<dt>Lowest round, Six cards, 9 holes</dt><dd><b>0</b> <bdi>Ann</bdi>", records)
    assert re.search(r"<dt>Most wins in a row</dt><dd><b>3</b> <bdi>Ann</bdi>", records)
    earned = html.split('id="achievements"')[1]
    for title in ("Nothing to count", "Hat trick", "Clean sweep"):
        assert f"<b>{title}</b>" in earned


def test_every_phone_at_a_live_table_keeps_its_round_among_people(app, client):
    from tests.web.api.test_api_live import play_hole, two_people
    from tests.web.live.test_replay_pages import hold_seat

    app.config.update(LIVE_COMPUTER_PAUSE_S=0)
    table, ann, bob = two_people(client)
    bobs_phone = app.test_client()
    hold_seat(bobs_phone, table["id"], bob)
    assert bobs_phone.get(f"/t/{table['id']}").status_code == 200  # Bob's phone at his seat
    play_hole(app, client, table, [ann, bob])
    with bobs_phone.session_transaction() as session:
        session.pop("live_seats")  # the phone forgot its seat: the round stays counted
    html = text(bobs_phone, "/people/")
    rows = standings(html, "standings-grid")
    assert {name for name, *_ in rows} == {"Ann", "Bob"} and all(rounds == 1 for _, _, rounds, _ in rows)
    assert 'id="against-computers"' not in html  # a table of people is a round among people
    players = bobs_phone.get("/api/v1/players").get_json()
    assert {p["name"] for p in players["players"]} == {"Ann", "Bob"}
    bob_page = text(bobs_phone, "/people/p/bob")
    assert re.search(r'href="/ledger/s/[^"]+"', bob_page.split('id="person-rounds"')[1])  # the card to read
    ledger = text(bobs_phone, "/ledger/")  # and in the phone's ledger, the card to read
    card = re.search(r'id="game-rounds".*?<a class="door" href="(/ledger/s/[^"]+)">', ledger, re.S)
    assert card and "Live table" in ledger and bobs_phone.get(card.group(1)).status_code == 200
    # a stranger counts nothing
    assert 'id="people-none"' in text(app.test_client(), "/people/")
    assert 'id="game-rounds"' not in text(app.test_client(), "/ledger/")


def test_nonsense_gets_a_404_or_a_sentence_never_a_500(client):
    play_round(client, ("Ann", "Bo"), (2, 3))
    for path in ("/people/p/", "/people/p/%00", "/people/seasons/" + "x" * 200, "/people/p/" + "a" * 500):
        assert client.get(path).status_code in (404, 308), path
    assert post(client, "/people/p/ann/merge", {"other": ""}, "/people/p/ann").status_code == 400
    assert post(client, "/people/p/ann/merge", {"other": "zed"}, "/people/p/ann").status_code == 400
    assert post(client, "/people/p/zed/rename", {"name": "Zed"}, "/people/").status_code == 404  # no such person
    long = post(client, "/people/p/ann/rename", {"name": "A" * 30}, "/people/p/ann")
    assert long.status_code == 400 and "Keep names to 24 characters." in long.get_data(as_text=True)
    assert client.post("/people/p/ann/rename", data={"name": "Anna"}).status_code == 400  # no CSRF token
    assert 'id="merged-names"' not in text(client, "/people/p/ann")
    assert token(client, "/people/")


def test_a_persons_page_counts_the_points_their_decisions_lost_in_reviewed_games(app, client):
    from tests.web.play.test_hole_review_pages import play_hole
    from tests.web.play.test_play_pages import legal_moves, moved_by_the_test, start

    moved_by_the_test(app)
    public_id = start(client, opponents=1, cards=4)
    play_hole(app, client, public_id, lambda path, html: legal_moves(html)[0])  # the first move offered, always
    record = client.get(f"/api/v1/tables/{public_id}/record").get_json()
    lost = sum(v["loss"] for v in record["review"] if v["seat"] == 0)
    html = text(client, "/people/p/pat")
    section = words(html.split('id="decisions"')[1].split("</section>")[0])
    assert f"Grid Golf: {lost:.1f} lost to decisions over 1 reviewed hole" in section
    rows = html.split('id="person-rounds"')[1]
    assert "against computers" in rows and f"{lost:.1f} lost to decisions" in rows
    assert 'id="person-against-computers"' in html and 'id="rating-grid"' not in html  # never rated


def test_a_score_written_after_a_page_shows_on_the_next(client):
    """The rounds a page read are kept by their version: a score written since is read again."""
    public_id = play_round(client, ("Ann", "Bo"), (2, 3))
    assert [(n, w) for n, _, _, w in standings(text(client, "/people/"), "standings-grid")] == [("Ann", 1), ("Bo", 0)]
    enter(client, public_id, 0, 1, "40", version=1)  # Ann's first hole, corrected: Bo wins now
    rows = standings(text(client, "/people/"), "standings-grid")
    assert [(n, w) for n, _, _, w in rows] == [("Bo", 1), ("Ann", 0)]


def test_club_cards_rounds_count_apart_and_a_round_under_par_is_an_achievement(client):
    from caddie.core.courses.course import SAMPLE_COURSES

    pars = [hole.par for hole in SAMPLE_COURSES["cedar-nine"].holes[:9]]
    public_id = deal(client, names=("Ann", "Bo"), game="clubs", course="cedar-nine")
    for hole, par in enumerate(pars, start=1):
        enter(client, public_id, 0, hole, str(par - 1 if hole == 1 else par))  # Ann: one under
        enter(client, public_id, 1, hole, str(par + 1))
    play_round(client, ("Ann", "Bo"), (2, 3))  # and a Grid Golf round: never mixed with it
    html = text(client, "/people/")
    assert standings(html, "standings-clubs")[0][0] == "Ann" and standings(html, "standings-grid")[0][0] == "Ann"
    assert (
        f'<b>Under par</b> <a href="/people/p/ann"><bdi>Ann</bdi></a>: {sum(pars) - 1} on a par of {sum(pars)}' in html
    )
    records = html.split('id="table-records"')[1]
    assert re.search(r"<dt>Best hole against par</dt><dd><b>−1</b> <bdi>Ann</bdi>", records)
    ann = text(client, "/people/p/ann")
    assert "Club Cards" in ann.split('id="person-line-1"')[1].split("</table>")[0]  # a line each game
    assert "Grid Golf" in ann.split('id="person-line-2"')[1].split("</table>")[0]
    assert "strokes a round ahead" in words(text(client, "/people/vs?one=ann&other=bo").split('id="versus-clubs"')[1])
