"""One scorecard per thing (docs/ledger.md, "Whose scorecard"): a digital match's or a live
table's ledger round is written by its game alone. Tally offers only the rounds people keep by
hand; the pad, Tally's "Add to the ledger" and the API refuse a hand-written score into a game's
round (409, nothing changed); the ledger's list and the statistics keep the two apart."""

from __future__ import annotations

import html as htmllib
import random
import re
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import select

from caddie.store import live_tables
from caddie.store.database import db
from caddie.store.models import HoleScore, LiveTableRecord, Round, RoundPlayer
from tests.conftest import CSRF_META
from tests.web.api.openapi_check import assert_documented, examples_of, fetch_document
from tests.web.api.test_api_rounds import HOLE_PATH, stored
from tests.web.live.test_live_pages import Phone, _new_table, _row
from tests.web.test_ledger_pages import deal, enter, token
from tests.web.test_tally_table import ANN, BO, ledger_form, table_url

BELONGS = "This scorecard belongs to a match: its scores come from the game"
TALLY_24 = "/tally/grid?hand=K,5,7,K,3,9"  # a six-card hand scoring 24


NOW = live_tables.Timing(pause=timedelta(0))
BUTTON = re.compile(r'<button type="submit" name="action" value="([^"]+)"([^>]*)>', re.S)


@pytest.fixture(autouse=True)
def computers_at_once(app):
    app.config["LIVE_COMPUTER_PAUSE_S"] = 0


def one_hole_match(app, client, player="") -> str:
    """A solo Grid Golf table from Play (Pat, or "You" with no name, against Ada), its match cut
    to one hole so it ends quickly; its ledger round keeps its 9 holes. The table's public id."""
    data = {
        "csrf_token": token(client, "/play/"),
        "player": player,
        "opponents": "1",
        "cards": "4",
        "negatives": "twos",
        "holes": "9",
        "seats-0-name": "Ada",
        "seats-0-level": "steady",
    }
    response = client.post("/play/", data=data)
    assert response.status_code == 303 and response.headers["Location"].startswith("/t/")
    public_id = response.headers["Location"].rsplit("/", 1)[1]
    with app.app_context():
        row = db.session.scalars(select(LiveTableRecord).where(LiveTableRecord.public_id == public_id)).one()
        match = row.state["match"]
        row.state = {**row.state, "match": {**match, "rules": {**match["rules"], "holes": 1}}}
        row.version += 1
        db.session.commit()
    return public_id


def finish(app, client, public_id) -> str:
    """Play the match out: the person taps legal moves, the server moves the computer."""
    rng = random.Random(5)
    for _ in range(2000):
        html = client.get(f"/t/{public_id}").get_data(as_text=True)
        if 'id="match-winner"' in html:
            return html
        if 'id="continue"' in html:
            with app.app_context():
                assert live_tables.play_due(NOW), "a computer is thinking: the server has a move to make"
            continue
        moves = [value for value, rest in BUTTON.findall(html) if not re.search(r"\bdisabled\b", rest)]
        flips = [m for m in moves if m.startswith("flip:")]
        move = rng.choice(flips) if flips and rng.random() < 0.8 else rng.choice(moves)
        data = {
            "csrf_token": CSRF_META.search(html).group(1),
            "version": re.search(r'name="version" value="(\d+)"', html).group(1),
            "seat": "0",
            "action": move,
        }
        assert client.post(f"/t/{public_id}/act", data=data).status_code == 303
    raise AssertionError("the match did not end")


def words(html: str) -> str:
    return " ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", html)).split())


def refused(response, sentence: str = BELONGS) -> None:
    """A 409 that says why, in words."""
    assert response.status_code == 409
    assert sentence in words(response.get_data(as_text=True))


def match_round(app, match_id: str) -> str:
    """The public id of the ledger round a match (a solo table) fills in."""
    with app.app_context():
        row = db.session.scalars(select(LiveTableRecord).where(LiveTableRecord.public_id == match_id)).one()
        assert row.solo
        return db.session.get(Round, row.round_id).public_id


def round_cards(app, public_id: str) -> list[tuple[int, int, int | None, int]]:
    """Every cell of one round: (hole, seat, score, version), to show a refusal changed nothing."""
    with app.app_context():
        round_id = db.session.scalars(select(Round.id).where(Round.public_id == public_id)).one()
        rows = db.session.execute(
            select(HoleScore.hole, RoundPlayer.seat, HoleScore.score, HoleScore.version)
            .join(RoundPlayer, HoleScore.player_id == RoundPlayer.id)
            .where(HoleScore.round_id == round_id)
        )
        return sorted(map(tuple, rows))


@pytest.fixture
def kept_by_hand(client) -> str:
    """The table's own round, thru 4: Ann, Bob, Cy and Di, every cell of holes 1 to 4 entered."""
    public_id = deal(client, names=("Ann", "Bob", "Cy", "Di"))
    for hole in range(1, 5):
        for seat in range(4):
            assert enter(client, public_id, seat, hole, str(seat + hole)).status_code == 303
    return public_id


@pytest.fixture
def played_match(app, client) -> str:
    """A solo match (You against Ada), played to its end: its round has hole 1 from the game."""
    match_id = one_hole_match(app, client, player="")
    finish(app, client, match_id)
    return match_id


def test_tally_offers_only_the_rounds_kept_by_hand_named_by_players_and_progress(app, client, kept_by_hand):
    # the measured case: solo matches started after the table's round, each with its own round
    started = [match_round(app, one_hole_match(app, client, player="")) for _ in range(2)]
    html = client.get(TALLY_24).get_data(as_text=True)
    offers = re.findall(r'<form class="panel to-ledger".*?</form>', html, re.S)
    assert len(offers) == 1, words(html)
    offer = offers[0]
    assert f'name="round_id" value="{kept_by_hand}"' in offer
    assert not any(public_id in html for public_id in started)
    assert "Add 24 to the ledger · Ann, Bob, Cy, Di · 9 holes · thru 4" in words(offer)
    # the next empty cell is chosen: the first player on hole 5, so one tap adds the score
    assert re.search(r'<option value="0" selected>Ann</option>', offer)
    assert re.search(r'<option value="5" selected>Hole 5</option>', offer)


def test_tally_chooses_the_next_empty_cell_part_way_round_a_hole(client, kept_by_hand):
    enter(client, kept_by_hand, 0, 5, "3")
    enter(client, kept_by_hand, 1, 5, "4")
    offer = re.search(r'<form class="panel to-ledger".*?</form>', client.get(TALLY_24).get_data(as_text=True), re.S)
    assert re.search(r'<option value="2" selected>Cy</option>', offer.group(0))
    assert re.search(r'<option value="5" selected>Hole 5</option>', offer.group(0))


def test_tally_lists_the_newest_round_first_and_drops_a_round_never_started(app, client, kept_by_hand):
    newer = deal(client, names=("Eve", "Fay"))
    enter(client, newer, 0, 1, "5")
    abandoned = deal(client, names=("Gus", "Hal"))
    with app.app_context():  # dealt two days ago and never scored: not where a hand goes
        row = db.session.scalars(select(Round).where(Round.public_id == abandoned)).one()
        row.created_at = datetime.now(UTC) - timedelta(days=2)
        db.session.commit()
    just_dealt = deal(client, names=("Ivy", "Jo"))  # dealt a moment ago: the hand about to be added is its first
    html = client.get(TALLY_24).get_data(as_text=True)
    offered = re.findall(r'name="round_id" value="([^"]+)"', html)
    assert offered == [just_dealt, newer, kept_by_hand]
    assert "Ivy, Jo · 9 holes · not started" in words(html)


def test_the_pad_refuses_a_score_into_a_matchs_round_and_changes_nothing(app, client, played_match):
    public_id = match_round(app, played_match)
    before = round_cards(app, public_id)
    assert len(before) == 2  # hole 1 of You and Ada, from the game
    for htmx in (False, True):
        refused(enter(client, public_id, 0, 2, "7", htmx=htmx))
    refused(enter(client, public_id, 0, 1, "", clear="1", version=1))
    assert round_cards(app, public_id) == before


def test_add_to_the_ledger_refuses_a_matchs_round_and_changes_nothing(app, client, played_match):
    public_id = match_round(app, played_match)
    before = round_cards(app, public_id)
    data = {"csrf_token": token(client, "/"), "round_id": public_id, "seat": "0", "hole": "2", "score": "24"}
    refused(client.post("/ledger/add", data=data))
    assert round_cards(app, public_id) == before


def test_the_api_refuses_a_hole_into_a_matchs_round_and_changes_nothing(app, client, played_match):
    public_id = match_round(app, played_match)
    hole_one = [score for _, _, score, _ in round_cards(app, public_id)]
    before = stored(app)
    response = client.put(f"/api/v1/rounds/{public_id}/holes/2", json={"scores": {"You": 3, "Ada": 4}})
    assert response.status_code == 409
    body = response.get_json()
    assert body["error"].startswith(BELONGS) and body["field"] is None
    assert [line["scores"][:2] for line in body["round"]["players"]] == [[score, None] for score in hole_one]
    doc = fetch_document(client)
    assert_documented(doc, HOLE_PATH, "put", 409, body)
    assert body["error"] == examples_of(doc, HOLE_PATH, "put")[1]["a_games_round"][1]["error"]
    assert stored(app) == before
    # reading it is as before
    assert client.get(f"/api/v1/rounds/{public_id}").status_code == 200


def test_the_whole_table_tally_refuses_a_matchs_round(app, client, played_match):
    public_id = match_round(app, played_match)
    before = round_cards(app, public_id)
    query = {**table_url(ANN, BO), "round": public_id}
    html = client.get("/tally/table", query_string=query).get_data(as_text=True)
    assert "Add hole 2 to the ledger" not in html and BELONGS in words(html)
    form = ledger_form(client.get("/tally/table", query_string={**table_url(ANN, BO)}).get_data(as_text=True))
    form["round_id"], form["hole"] = public_id, "2"
    form.setlist("version", ["0", "0"])  # both cells blank, as the page saw them
    refused(client.post("/tally/table/ledger", data=form))
    assert round_cards(app, public_id) == before


def test_a_matchs_round_page_is_a_read_only_card_with_a_link_to_the_match(app, client, played_match):
    public_id = match_round(app, played_match)
    html = client.get(f"/ledger/r/{public_id}?cell=0-2").get_data(as_text=True)
    assert '<a class="cell' not in html and 'id="pad"' not in html and 'id="tally-table-link"' not in html
    assert f'href="/t/{played_match}"' in html
    assert "comes from the match" in words(html)


def test_the_match_still_lands_its_holes(app, client, played_match):
    with app.app_context():
        row = db.session.scalars(select(LiveTableRecord).where(LiveTableRecord.public_id == played_match)).one()
        expected = live_tables.load(row).match.hole_scores[0]
    public_id = match_round(app, played_match)
    assert [score for _, _, score, _ in round_cards(app, public_id)] == list(expected)


@pytest.fixture
def live_round(app) -> tuple[Phone, str]:
    """A live table of Ann against a computer, started: its host's phone and its round's id."""
    app.config["LIVE_COMPUTER_PAUSE_S"] = 0
    host = Phone(app)
    url = _new_table(host, players="2", **{"others-0": "steady"})
    assert host.post(url + "/start", {"seat": "0"}).status_code == 303
    row = _row(app, url)
    with app.app_context():
        round_id = db.session.get(LiveTableRecord, row.id).round_id
        return host, db.session.get(Round, round_id).public_id


def test_a_live_tables_round_refuses_the_pad_tally_and_the_api(app, live_round):
    host, public_id = live_round
    before = stored(app)
    page = host.get(f"/ledger/r/{public_id}").get_data(as_text=True)
    assert '<a class="cell' not in page and "comes from the live table" in words(page)
    on_the_table = "This scorecard belongs to a live table: its scores come from the game"
    refused(
        host.post(f"/ledger/r/{public_id}/score", {"seat": "0", "hole": "1", "score": "5", "version": "0"}),
        on_the_table,
    )
    refused(host.post("/ledger/add", {"round_id": public_id, "seat": "0", "hole": "1", "score": "5"}), on_the_table)
    response = host.client.put(f"/api/v1/rounds/{public_id}/holes/1", json={"scores": {"Ann": 5}})
    assert response.status_code == 409 and "live table" in response.get_json()["error"]
    assert stored(app) == before


def test_the_ledger_lists_table_scorecards_and_matches_apart(app, client, kept_by_hand, played_match):
    unstarted = match_round(app, one_hole_match(app, client, player=""))  # a match with no hole finished yet
    dealt = deal(client, names=("Eve", "Fay"))  # a table's round dealt a moment ago
    html = client.get("/ledger/").get_data(as_text=True)
    tables, _, games = html.partition('id="game-rounds"')
    assert f"/ledger/r/{kept_by_hand}" in tables and f"/ledger/r/{dealt}" in tables
    assert "Ann, Bob, Cy, Di · 9 holes · thru 4" in words(tables)
    assert f"/ledger/r/{match_round(app, played_match)}" in games
    assert f"/ledger/r/{match_round(app, played_match)}" not in tables
    assert unstarted not in html  # a match's round shows once the match has finished a hole


def test_player_statistics_count_hand_kept_rounds_apart_from_the_apps_games(app, client, kept_by_hand, played_match):
    deal(client, names=("Zed", "Yan"))  # never started: in no statistics
    html = htmllib.unescape(client.get("/people/").get_data(as_text=True))
    tables, _, games = html.partition('id="against-computers"')
    assert re.search(r'<bdi>Ann</bdi></a></th>\s*<td class="num">', tables)
    assert "<bdi>You</bdi>" not in tables and "Ada" not in tables
    you = r'<bdi>You</bdi></a></th>\s*<td class="num">–</td>\s*<td class="num"><span class="won">\d</span> <small>of 1<'
    assert re.search(you, games)  # one round against computers, unrated
    assert "Ada" not in games  # a computer is not one of the table's people
    assert "Zed" not in html and "Yan" not in html


def test_home_carries_on_a_round_kept_by_hand_never_a_finished_matchs(app, client, kept_by_hand, played_match):
    html = client.get("/").get_data(as_text=True)
    assert f'href="/ledger/r/{kept_by_hand}"' in html
    assert f'href="/ledger/r/{match_round(app, played_match)}"' not in html  # the match is over: nothing to enter
