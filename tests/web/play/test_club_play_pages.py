"""Whole Club Cards rounds played through HTTP, checking every page against the hidden cards.

A round against computers is a solo table (``/t/<id>``): the person's plays are posted to the
table, and the computers' turns are made by the server (here ``play_due``, with no pause)."""

from __future__ import annotations

import html as htmllib
import json
import re
from collections import Counter
from datetime import timedelta

import pytest
from flask.sessions import SecureCookieSessionInterface

from caddie.core.clubs.solver import solve
from caddie.store import live_tables as store
from caddie.store.database import db
from caddie.store.models import LiveTableRecord, Round
from tests.conftest import CSRF_META
from tests.web.play.test_play_pages import computers_move

NOW = store.Timing(pause=timedelta(0))

HAND_CARD = re.compile(
    r'class="club-card[^"]*">\s*(?:<input [^>]*value="(\d+)"[^>]*>)?\s*'
    r'<span class="yards">(\d+)</span>'
)
CHECKED = re.compile(r'<input type="checkbox" name="pick" value="(\d+)" checked>')
CHIP = re.compile(r'<span class="yard-chip">(\d+)</span>')


@pytest.fixture(autouse=True)
def quick(app):
    app.config["LIVE_COMPUTER_PAUSE_S"] = 0
    return app


def token(client, path="/play/clubs/") -> str:
    return CSRF_META.search(client.get(path).get_data(as_text=True)).group(1)


def start(client, opponents=1, course="cedar-nine", levels=("steady", "beginner", "caddie"), **extra):
    data = {"csrf_token": token(client), "player": "Pat", "opponents": str(opponents), "course": course, **extra}
    for i, name in enumerate(["Ada", "Bram", "Cleo"]):
        data[f"seats-{i}-name"] = name
        data[f"seats-{i}-level"] = levels[i]
    return client.post("/play/clubs/", data=data)


def started(client, **kwargs) -> str:
    response = start(client, **kwargs)
    assert response.status_code == 303, response.get_data(as_text=True)[:3000]
    return response.headers["Location"].rsplit("/", 1)[1]


def version(html: str) -> str:
    return re.search(r'name="version" value="(\d+)"', html).group(1)


def stored(app, public_id):
    """The table's row and its round (the engine's game, every card in it)."""
    with app.app_context():
        row = db.session.scalars(db.select(LiveTableRecord).where(LiveTableRecord.public_id == public_id)).one()
        table = store.load(row)
        return row, table.match


def places(app, public_id):
    with app.app_context():
        row = db.session.scalars(db.select(LiveTableRecord).where(LiveTableRecord.public_id == public_id)).one()
        return [(p.name, p.level) for p in store.load(row).places]


def tables(app) -> int:
    with app.app_context():
        return len(db.session.scalars(db.select(LiveTableRecord)).all())


def check_information_set(app, client, public_id, html):
    """The page shows the person's hand, the public plays, counts: never a hidden card."""
    _, game = stored(app, public_id)
    shown_hand = [int(yards) for _, yards in HAND_CARD.findall(html)]
    assert shown_hand == game.hands[0], "the hand on the page is exactly the person's hand"
    public = Counter()
    for event in game.log:
        public.update(event.cards)
    assert not Counter(int(c) for c in CHIP.findall(html)) - public, "chips show only cards played in the open"
    for seat in range(1, game.players):  # no other hand, in any order, anywhere on the page
        assert json.dumps(game.hands[seat]) not in html and ", ".join(map(str, game.hands[seat])) not in html
    if len(game.pile) >= 4:
        assert ",".join(map(str, game.pile[-4:])) not in html.replace(" ", "")
    cookie = client.get_cookie("session")
    data = SecureCookieSessionInterface().get_signing_serializer(app).loads(cookie.value)
    assert set(data) <= {"browser_id", "csrf_token", "_flashes", "edit_grants", "_permanent", "live_shown"}, data
    assert all(type(seat) is int for seat in data.get("live_shown", {}).values())  # the seat on show, no card
    return game


def play_out(app, client, public_id, max_requests=400):
    path = f"/t/{public_id}"
    for _ in range(max_requests):
        html = client.get(path).get_data(as_text=True)
        game = check_information_set(app, client, public_id, html)
        if game.is_over:
            return game, html
        data = {"csrf_token": CSRF_META.search(html).group(1), "version": version(html), "seat": "0"}
        if 'id="continue"' in html:  # a computer's turn: the server makes it
            assert computers_move(app), "a computer was to move and none did"
            continue
        if 'id="next-hole"' in html:
            response = client.post(f"{path}/act", data={**data, "action": "next"})
        else:
            hand = [int(yards) for _, yards in HAND_CARD.findall(html)]
            yardage = int(re.search(r'id="hole-facts"><b class="num">(\d+)</b>', html).group(1))
            cards = list(solve(hand, yardage).cards)
            response = client.post(f"{path}/act", data={**data, "action": "play", "pick": [str(c) for c in cards]})
        assert response.status_code == 303, re.findall(r'play-message">([^<]+)', response.get_data(as_text=True))
    raise AssertionError("the round did not end")


@pytest.mark.parametrize("opponents", [1, 3])
def test_a_whole_round_through_http_lands_in_the_ledger(app, client, opponents):
    public_id = started(client, opponents=opponents)
    game, html = play_out(app, client, public_id)
    assert 'id="match-winner"' in html and "New round" in html
    assert len(game.hole_scores) == 9 and game.decks == (1 if opponents == 1 else 2)
    with app.app_context():
        row = db.session.scalars(db.select(LiveTableRecord).where(LiveTableRecord.public_id == public_id)).one()
        assert row.finished_at is not None and row.game == "clubs" and row.solo
        round_ = db.session.get(Round, row.round_id)
        assert round_.game == "clubs" and round_.course["name"] == "Cedar Nine"
        from caddie.store.round_view import view_round

        view = view_round(round_)
    for seat, line in enumerate(view.lines):
        assert line.scores == [hole[seat] for hole in game.hole_scores]
    assert view.complete
    # the round is listed on the start page, finished
    listing = client.get("/play/clubs/").get_data(as_text=True)
    assert public_id in listing and "finished" in listing


def test_selecting_cards_adds_them_up_and_keeps_the_selection_in_the_url(app, client):
    public_id = started(client)
    _, game = stored(app, public_id)
    hand, yardage = game.hands[0], game.yardage
    first = client.get(f"/t/{public_id}?pick={hand[0]}").get_data(as_text=True)
    assert CHECKED.findall(first) == [str(hand[0])]
    short = yardage - hand[0]
    if short > 0:
        assert f'<b class="num">{short}</b> short' in first
    best = solve(hand, yardage)
    query = "&".join(f"pick={c}" for c in best.cards)
    html = client.get(f"/t/{public_id}?{query}&pick=nonsense&pick=99999", headers={"HX-Request": "true"}).get_data(
        as_text=True
    )
    assert "<html" not in html, "htmx gets the fragment"
    assert sorted(map(int, CHECKED.findall(html))) == sorted(best.cards)
    assert f'id="selection-score">{best.score}<' in html


def test_hint_selects_the_caddies_play_and_says_why(app, client):
    public_id = started(client)
    html = client.get(f"/t/{public_id}?hint=1").get_data(as_text=True)
    assert 'id="hint"' in html and "Caddie:" in html
    _, game = stored(app, public_id)
    picked = list(map(int, CHECKED.findall(html)))
    assert picked and sum(picked) >= game.yardage


def test_a_replayed_play_does_not_play_twice(app, client):
    public_id = started(client)
    path = f"/t/{public_id}"
    html = client.get(path).get_data(as_text=True)
    _, game = stored(app, public_id)
    cards = [str(c) for c in solve(game.hands[0], game.yardage).cards]
    data = {
        "csrf_token": CSRF_META.search(html).group(1),
        "version": version(html),
        "seat": "0",
        "action": "play",
        "pick": cards,
    }
    assert client.post(f"{path}/act", data=data).status_code == 303
    before, _ = stored(app, public_id)
    again = client.post(f"{path}/act", data=data)
    assert again.status_code == 409 and "already moved on" in again.get_data(as_text=True)
    after, _ = stored(app, public_id)
    assert after.version == before.version and json.dumps(after.state, sort_keys=True) == json.dumps(
        before.state, sort_keys=True
    )


@pytest.mark.parametrize(
    "picks, sentence, status",
    [
        ([], "Tap the cards you play first.", 400),  # no move in the form
        (["1"], "You hold no 1-yard cards.", 409),  # a move the table refuses as it stands
        (["3"], "short of the hole", 409),
    ],
)
def test_a_bad_play_is_refused_beside_the_hand_and_changes_nothing(app, client, picks, sentence, status):
    public_id = started(client)
    path = f"/t/{public_id}"
    html = client.get(path).get_data(as_text=True)
    before, game = stored(app, public_id)
    if picks == ["3"]:  # the shortest card of the hand: short of any hole on the course
        picks = [str(game.hands[0][-1])]
        sentence = "short of the hole"
    data = {
        "csrf_token": CSRF_META.search(html).group(1),
        "version": version(html),
        "seat": "0",
        "action": "play",
        "pick": picks,
    }
    response = client.post(f"{path}/act", data=data)
    body = response.get_data(as_text=True)
    assert response.status_code == status and 'id="play-message"' in body and sentence in body
    assert CHECKED.findall(body) == picks[:1] if picks and picks != ["1"] else True
    after, _ = stored(app, public_id)
    assert after.version == before.version


def test_only_the_starting_browser_sees_or_moves_the_round(app, client):
    public_id = started(client)
    other = app.test_client()
    html = other.get("/play/clubs/").get_data(as_text=True)
    data = {"csrf_token": CSRF_META.search(html).group(1), "version": "1", "seat": "0", "action": "next"}
    before, _ = stored(app, public_id)
    assert other.get(f"/t/{public_id}").status_code == 404
    assert other.get(f"/t/{public_id}/events").status_code == 404
    assert other.post(f"/t/{public_id}/act", data=data).status_code == 404
    assert other.post(f"/t/{public_id}/rematch", data=data).status_code == 404
    # the old address of a move changes nothing, and leads only to the table the stranger cannot see
    old = other.post(f"/play/clubs/m/{public_id}/act", data=data)
    assert old.status_code == 303 and other.get(old.headers["Location"]).status_code == 404
    assert public_id not in html
    after, _ = stored(app, public_id)
    assert after.version == before.version


@pytest.mark.parametrize(
    "form, field, sentence",
    [
        ({"course": "nowhere"}, "course", "Choose one of the courses listed."),
        ({"opponents": "4"}, "form", "Nothing was started"),
        ({"player": "Ada"}, "player", "Two players are called"),
    ],
)
def test_a_bad_start_says_why_and_starts_nothing(app, client, form, field, sentence):
    response = start(client, **form)
    body = response.get_data(as_text=True)
    assert response.status_code == 400 and sentence in body
    assert f'id="{field}-error"' in body or (field == "form" and 'id="start-error"' in body)
    assert tables(app) == 0


def test_the_front_nine_of_an_eighteen_hole_course(app, client):
    public_id = started(client, course="whistling-pines", front_nine="y")
    _, game = stored(app, public_id)
    assert game.holes == 9 and "front nine" in game.course.name


def test_the_table_deck_and_chart_from_settings_are_used(app, client, settings_saver):
    from caddie.core.clubs.scoring import DEFAULT_DECK

    deck = [card + 1 if card == 250 else card for card in DEFAULT_DECK]  # a table whose driver card reads 251
    assert settings_saver(club_deck=" ".join(map(str, deck)), beyond="6").status_code in (200, 303)
    public_id = started(client)
    _, game = stored(app, public_id)
    assert 251 in game.rules.deck and 250 not in game.rules.deck and game.rules.beyond == 6


def test_the_play_tab_switches_between_the_two_games(client):
    grid = client.get("/play/").get_data(as_text=True)
    clubs = client.get("/play/clubs/").get_data(as_text=True)
    assert 'href="/play/clubs/"' in grid and 'href="/play/"' in clubs
    assert 'aria-current="true">Club Cards' in clubs and 'aria-current="true">Grid Golf' in grid


THIRD_PERSON_YOU = re.compile(r"\bYou (wins|plays|has|is|shares|must turns)\b|\bYou's\b")


def test_a_round_played_as_you_reads_in_the_second_person(app, client):
    public_id = started(client, player="You", levels=("beginner", "steady", "caddie"))
    html = client.get(f"/t/{public_id}").get_data(as_text=True)
    assert "Your shot: tap cards that reach" in html
    game, html = play_out(app, client, public_id)
    text = " ".join(htmllib.unescape(html).split())
    assert not THIRD_PERSON_YOU.search(text), THIRD_PERSON_YOU.search(text)
    best = min(game.totals)
    winners = [name for name, total in zip(game.names, game.totals) if total == best]
    expected = {
        ("You",): f"You win the round with {best}",
        ("Ada",): f"Ada wins the round with {best}",
        ("You", "Ada"): f"You and Ada share the round with {best}",
    }[tuple(winners)]
    banner = re.search(r'id="match-winner">(.*?)</p>', html, re.S).group(1)
    assert expected in " ".join(htmllib.unescape(banner).split())
    firsts = [e.text for e in game.log if e.kind == "next"]
    assert firsts and all(re.search(r": (you play|Ada plays) first\.$", t) for t in firsts), firsts


def test_an_opponent_panel_shows_the_name_and_the_level_apart(app, client):
    public_id = started(client, opponents=3, levels=("steady", "beginner", "caddie"))
    html = client.get(f"/t/{public_id}").get_data(as_text=True)
    panels = re.findall(r'<div class="opp-name">([^<]*)</div>\s*<div class="opp-level" data-level>([^<]*)</div>', html)
    assert panels == [("Ada", "computer · Steady"), ("Bram", "computer · Beginner"), ("Cleo", "computer · Caddie")]
    assert "Ada Steady" not in html


def test_new_round_deals_again_for_the_same_players_levels_and_course(app, client):
    public_id = started(client, opponents=2, course="cedar-nine", levels=("caddie", "beginner", "steady"))
    path = f"/t/{public_id}/rematch"
    html = client.get(f"/t/{public_id}").get_data(as_text=True)
    mid = client.post(path, data={"csrf_token": CSRF_META.search(html).group(1)})
    assert mid.status_code == 400 and "still being played" in mid.get_data(as_text=True)
    assert tables(app) == 1, "nothing is started mid-round"
    finished, html = play_out(app, client, public_id)
    assert 'id="new-round"' in html and f'action="{path}"' in html
    # another browser cannot deal again from someone else's round
    other = app.test_client()
    token_other = CSRF_META.search(other.get("/play/clubs/").get_data(as_text=True)).group(1)
    assert other.post(path, data={"csrf_token": token_other}).status_code == 404
    assert tables(app) == 1
    response = client.post(path, data={"csrf_token": CSRF_META.search(html).group(1)})
    assert response.status_code == 303 and response.headers["Location"].startswith("/t/")
    fresh_id = response.headers["Location"].rsplit("/", 1)[1]
    assert fresh_id != public_id
    row, fresh = stored(app, fresh_id)
    old_row, _ = stored(app, public_id)
    assert fresh.names == finished.names == ["Pat", "Ada", "Bram"]
    assert places(app, fresh_id) == places(app, public_id) == [("Pat", None), ("Ada", "caddie"), ("Bram", "beginner")]
    assert fresh.course == finished.course and fresh.hole == 1 and not fresh.hole_scores
    assert row.round_id != old_row.round_id, "the new round gets its own scorecard"
