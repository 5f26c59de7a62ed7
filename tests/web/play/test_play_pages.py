"""Whole Grid Golf matches played through HTTP, checking every page against the hidden cards.

A match against computers is a solo table (``docs/live-tables.md``, "Solo tables"): Play's form
makes one and sends the browser to its page, ``/t/<id>``; the person moves by ``/t/<id>/act`` and
the server moves the computers. Here the server's driver thread is off and a test moves the
computers itself (``computers_move``), so nothing changes a table behind a test's back."""

from __future__ import annotations

import json
import random
import re
from datetime import timedelta

import pytest
from flask.sessions import SecureCookieSessionInterface
from sqlalchemy.orm import undefer

from caddie.core.grid import caddie as caddie_policy
from caddie.core.grid.scoring import score_table
from caddie.core.live.table import LiveTable
from caddie.store import live_tables as store
from caddie.store.database import db
from caddie.store.models import LiveTableRecord, Round
from tests.conftest import CSRF_META

BUTTON = re.compile(r'<button type="submit" name="action" value="([^"]+)"([^>]*)>', re.S)
NOW = store.Timing(pause=timedelta(0))


def moved_by_the_test(app) -> None:
    """No driver thread (it starts with the first request for a table's page, so call this before
    one) and no pause before a computer's move: the computers move when a test says so
    (``computers_move``), and nothing changes a table behind the test's back."""
    app.config.update(LIVE_DRIVER=False, LIVE_COMPUTER_PAUSE_S=0)


@pytest.fixture(autouse=True)
def computers_moved_by_the_test(app):
    moved_by_the_test(app)


def token(client, path="/play/") -> str:
    return CSRF_META.search(client.get(path).get_data(as_text=True)).group(1)


def start(client, opponents=1, holes=9, cards=6, **extra) -> str:
    """A Grid Golf match from Play's form; the public id of its table."""
    data = {
        "csrf_token": token(client),
        "player": "Pat",
        "opponents": str(opponents),
        "cards": str(cards),
        "negatives": "twos",
        "holes": str(holes),
        **extra,
    }
    for i in range(5):
        data[f"seats-{i}-name"] = ["Ada", "Bram", "Cleo", "Dev", "Esme"][i]
        data[f"seats-{i}-level"] = "steady" if i % 2 == 0 else "beginner"
    response = client.post("/play/", data=data)
    assert response.status_code == 303, response.get_data(as_text=True)[:2000]
    assert response.headers["Location"].startswith("/t/")
    return response.headers["Location"].rsplit("/", 1)[1]


def table_path(public_id: str) -> str:
    return f"/t/{public_id}"


def stored_row(public_id: str) -> LiveTableRecord:
    """The row of the table ``public_id``, its state read (in an app context)."""
    query = db.select(LiveTableRecord).where(LiveTableRecord.public_id == public_id)
    return db.session.scalars(query.options(undefer(LiveTableRecord.state))).one()


def row_of(app, public_id: str) -> LiveTableRecord:
    with app.app_context():
        return stored_row(public_id)


def table_of(app, public_id: str) -> LiveTable:
    """The table as stored: its places, its settings and its match (``.match``, the engine's)."""
    with app.app_context():
        return store.load(stored_row(public_id))


def computers_move(app) -> int:
    """The moves the server's driver would make now; how many."""
    made = 0
    with app.app_context():
        while store.play_due(NOW):
            made += 1
    return made


def legal_moves(html: str) -> list[str]:
    return [value for value, rest in BUTTON.findall(html) if not re.search(r"\bdisabled\b", rest)]


FACE_DOWN_LABEL = re.compile(r'aria-label="(?:Swap into|Turn up) [^"(]*"')  # a face-down slot names no card


def quick_move(html: str, rng: random.Random) -> str:
    """A random legal move, four times in five one that turns up a face-down card of the person's
    when there is one: purely random play takes hundreds of turns to end a hole of nine cards."""
    moves = legal_moves(html)
    face_down = [
        value
        for value, rest in BUTTON.findall(html)
        if value in moves and ":" in value and FACE_DOWN_LABEL.search(rest)
    ]
    if face_down and rng.random() < 0.8:
        return rng.choice(face_down)
    if "draw" in moves and rng.random() < 0.8:
        return "draw"  # the deck's card may go over a face-down one; the discard's is often kept face up
    return rng.choice(moves)


def version(html: str) -> str:
    return re.search(r'name="version" value="(\d+)"', html).group(1)


def move_form(html: str, action: str) -> dict[str, str]:
    """What the table's form posts for the person's ``action`` (seat 0, the person's)."""
    return {"csrf_token": CSRF_META.search(html).group(1), "version": version(html), "seat": "0", "action": action}


def expected_codes(game, seat=0) -> list[str]:
    """The data-code of every card on the page, in page order, as seat 0 may see them."""
    columns = game.rules.column_positions
    codes = []
    order = [s for s in range(game.players) if s != seat] + [seat]
    revealed = game.phase in ("hole_over", "match_over")
    for s in order[:-1]:
        for column in columns:
            for pos in column:
                codes.append(game.grids[s][pos] if (game.face_up[s][pos] or revealed) else "")
    if game.discard:
        codes.append(game.discard[-1])
    if game.drawn is not None:
        mine = game.current == seat
        codes.append(game.drawn if (mine or game.drawn_from == "discard") else "")
    for column in columns:
        for pos in column:
            codes.append(game.grids[seat][pos] if (game.face_up[seat][pos] or revealed) else "")
    return codes


def check_information_set(app, client, public_id, html):
    game = table_of(app, public_id).match
    shown = re.findall(r'class="card[^"]*" data-code="([^"]*)"', html)
    assert shown == expected_codes(game), "the page shows exactly the cards seat 0 may see"
    assert "".join(game.deck[-6:]) not in "".join(shown) or len(game.deck) < 6
    # the session cookie holds an identity, a CSRF token and the seat on show, never game state
    cookie = client.get_cookie("session")
    data = SecureCookieSessionInterface().get_signing_serializer(app).loads(cookie.value)
    assert set(data) <= {"browser_id", "csrf_token", "_flashes", "edit_grants", "_permanent", "live_shown"}, data
    assert data.get("live_shown", {public_id: 0})[public_id] == 0
    return game


def play_out(app, client, public_id, rng, max_requests=3000, check=None):
    """Tap random legal moves until the match is over; ``check(game, html)`` sees every page."""
    path = table_path(public_id)
    for _ in range(max_requests):
        html = client.get(path).get_data(as_text=True)
        game = check_information_set(app, client, public_id, html)
        if check is not None:
            check(game, html)
        if game.phase == "match_over":
            return game, html
        if 'id="continue"' in html:
            assert computers_move(app), "a computer is thinking: the server has a move to make"
            continue
        assert legal_moves(html), "the person always has something to tap when no computer is thinking"
        response = client.post(f"{path}/act", data=move_form(html, quick_move(html, rng)))
        assert response.status_code == 303, re.findall(r"play-message\">([^<]+)", response.get_data(as_text=True))
    raise AssertionError("the match did not end")


@pytest.fixture
def quick_reviews(monkeypatch):
    """The hole review's Caddie plays each option out over two deals, not up to 240: every move the
    person makes is judged as the match goes (``judge_ready``), and with the full search that was
    three quarters of a whole match's time (46 s for the nine-card one under ``-n 2``). What the
    review says is tested in tests/core/grid/test_hole_review.py and tests/web/play/test_hole_review_pages.py."""
    monkeypatch.setattr(caddie_policy, "MIN_DEALS", 2)
    monkeypatch.setattr(caddie_policy, "MAX_DEALS", 2)


@pytest.mark.parametrize(
    "opponents, cards, extra",
    [
        (1, 6, {}),
        (3, 4, {"final_turn": "y", "discard_flip": "y"}),
        (2, 9, {"final_turn": "y"}),  # nine cards, three rows of three
    ],
)
def test_a_whole_match_through_http_never_shows_a_hidden_card(app, client, quick_reviews, opponents, cards, extra):
    public_id = start(client, opponents=opponents, cards=cards, **extra)
    game, html = play_out(app, client, public_id, random.Random(opponents))
    assert 'id="match-winner"' in html
    assert len(game.hole_scores) == 9
    # every hole landed in the ledger round, as the engine scored it
    with app.app_context():
        round_ = db.session.get(Round, row_of(app, public_id).round_id)
        from caddie.store.round_view import view_round

        view = view_round(round_)
    for seat, line in enumerate(view.lines):
        assert line.scores == [hole[seat] for hole in game.hole_scores]
    assert view.complete


def test_a_replayed_move_does_not_play_twice(app, client):
    public_id = start(client)
    path = table_path(public_id)
    html = client.get(path).get_data(as_text=True)
    data = move_form(html, legal_moves(html)[0])
    assert client.post(f"{path}/act", data=data).status_code == 303
    before = row_of(app, public_id)
    again = client.post(f"{path}/act", data=data)
    assert again.status_code == 409 and "already moved on" in again.get_data(as_text=True)
    after = row_of(app, public_id)
    assert after.version == before.version
    assert json.dumps(before.state, sort_keys=True) == json.dumps(after.state, sort_keys=True)


def test_an_illegal_move_is_refused_and_changes_nothing(app, client):
    public_id = start(client)
    path = table_path(public_id)
    html = client.get(path).get_data(as_text=True)
    # a move the form cannot hold is a bad request; one the table does not allow now, a conflict
    for action, status in (("discard", 409), ("swap:99", 409), ("take", 409), ("fly:1", 400), ("", 400)):
        response = client.post(f"{path}/act", data=move_form(html, action))
        assert response.status_code == status, action
        assert 'id="play-message"' in response.get_data(as_text=True)
    assert version(client.get(path).get_data(as_text=True)) == version(html)


def test_only_the_starting_browser_sees_or_moves_the_match(app, client):
    public_id = start(client)
    path = table_path(public_id)
    html = client.get(path).get_data(as_text=True)
    stranger = app.test_client()
    assert stranger.get(path).status_code == 404
    response = stranger.post(f"{path}/act", data={**move_form(html, "flip:0"), "csrf_token": token(stranger)})
    assert response.status_code == 404
    assert stranger.get(f"{path}/events").status_code == 404
    assert stranger.get("/t/guessed").status_code == 404
    assert version(client.get(path).get_data(as_text=True)) == version(html)


def test_htmx_gets_the_table_fragment(client):
    public_id = start(client)
    path = table_path(public_id)
    html = client.get(path).get_data(as_text=True)
    response = client.post(f"{path}/act", data=move_form(html, legal_moves(html)[0]), headers={"HX-Request": "true"})
    assert response.status_code == 200
    fragment = response.get_data(as_text=True)
    assert "<html" not in fragment and 'id="play-form"' in fragment
    assert response.headers["Cache-Control"] == "no-store"


def test_starting_refuses_bad_input(client):
    data = {
        "csrf_token": token(client),
        "player": "Ada",
        "opponents": "9",
        "cards": "7",
        "negatives": "twos",
        "holes": "9",
        "seats-0-name": "Ada",
        "seats-0-level": "steady",
    }
    response = client.post("/play/", data=data)
    assert response.status_code == 400 and 'id="start-error"' in response.get_data(as_text=True)
    data.update(opponents="1", cards="6")
    response = client.post("/play/", data=data)  # two players called Ada
    assert response.status_code == 400 and "Two players are called" in response.get_data(as_text=True)


def test_the_caddie_can_be_an_opponent_and_plays_a_hole_legally(app, client):
    data = {
        "csrf_token": token(client),
        "player": "Pat",
        "opponents": "1",
        "cards": "6",
        "negatives": "twos",
        "holes": "9",
        "seats-0-name": "Ada",
        "seats-0-level": "caddie",
    }
    response = client.post("/play/", data=data)
    assert response.status_code == 303
    public_id = response.headers["Location"].rsplit("/", 1)[1]
    assert table_of(app, public_id).places[1].level == "caddie"
    path = table_path(public_id)
    rng = random.Random(2)
    for _ in range(400):
        html = client.get(path).get_data(as_text=True)
        if 'id="next-hole"' in html:
            break
        if 'id="continue"' in html:
            assert computers_move(app)
        else:
            assert client.post(f"{path}/act", data=move_form(html, rng.choice(legal_moves(html)))).status_code == 303
    assert 'id="next-hole"' in html, "the hole ended with the caddie as an opponent"
    assert "Caddie" in client.get("/play/").get_data(as_text=True)


# ---- one screen: the words on the table, and the ways on after a match -------------------------


def words(html: str) -> str:
    """The text of a piece of HTML, its spaces collapsed."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def set_match_length(app, public_id: str, holes: int) -> None:
    """The match dealt at the table cut to ``holes`` (its settings, which a rematch deals by, as
    Play made them). A new version, as every change to a table is."""
    with app.app_context():
        row = stored_row(public_id)
        match = row.state["match"]
        row.state = {**row.state, "match": {**match, "rules": {**match["rules"], "holes": holes}}}
        row.version += 1
        db.session.commit()


def one_hole_match(app, client, **start_options) -> str:
    """A match cut to one hole (Play offers 9 or 18; the engine takes any length), so a test
    reaches the match's end quickly. Its ledger round keeps its 9 holes, the first filled in."""
    moved_by_the_test(app)  # for a test module of its own: ``finish`` moves the computers
    public_id = start(client, **start_options)
    set_match_length(app, public_id, 1)
    return public_id


def finish(app, client, public_id) -> str:
    _, html = play_out(app, client, public_id, random.Random(5))
    return html


def test_an_opponents_score_is_labelled_as_points_never_as_a_hole(client):
    html = client.get(table_path(start(client, opponents=2))).get_data(as_text=True)
    panels = re.findall(r'<div class="opp[ "].*?<div class="opp-scores">(.*?)</div>', html, re.S)
    assert len(panels) == 2
    for scores in panels:
        text = words(scores)
        assert re.fullmatch(r"−?\d+ this hole −?\d+ total", text), text
        assert "Hole" not in text


def test_the_default_name_reads_as_you_in_the_winners_sentence(app, client):
    public_id = one_hole_match(app, client, player="")  # no name given: the person is "You"
    assert table_of(app, public_id).places[0].name == "You"
    html = finish(app, client, public_id)
    winner = words(re.search(r'id="match-winner">(.*?)</p>', html, re.S).group(1))
    assert "You wins" not in winner and "You shares" not in winner
    assert re.fullmatch(r"★ (You win the match|Ada wins the match|You and Ada share the match) with −?\d+\.", winner)


def test_a_rematch_deals_a_new_match_with_the_same_players_levels_and_rules(app, client):
    public_id = one_hole_match(app, client, opponents=3, cards=8, final_turn="y", discard_flip="y")
    html = finish(app, client, public_id)
    assert 'id="rematch"' in html and 'id="new-match"' in html and 'id="scorecard-link"' in html
    response = client.post(f"/t/{public_id}/rematch", data={"csrf_token": CSRF_META.search(html).group(1)})
    assert response.status_code == 303 and response.headers["Location"].startswith("/t/")
    again = response.headers["Location"].rsplit("/", 1)[1]
    assert again != public_id
    old_row, new_row = row_of(app, public_id), row_of(app, again)
    old, new = table_of(app, public_id), table_of(app, again)
    seats = [(place.person, place.name, place.level) for place in new.places]
    assert seats == [(place.person, place.name, place.level) for place in old.places]
    dealt = [("Pat", None), ("Ada", "steady"), ("Bram", "beginner"), ("Cleo", "steady")]
    assert seats == [(level is None, name, level) for name, level in dealt]
    assert new_row.solo and new_row.host_browser == old_row.host_browser
    assert new.settings == old.settings  # the rules as Play dealt them: nine holes
    rules = new.match.rules
    assert (rules.cards, rules.end, rules.holes) == (8, "final_turn", 9)
    assert new.match.hole == 1 and new.match.hole_scores == []
    assert new_row.round_id is not None and new_row.round_id != old_row.round_id
    with app.app_context():
        round_ = db.session.get(Round, new_row.round_id)
        assert [p.name for p in sorted(round_.players, key=lambda p: p.seat)] == ["Pat", "Ada", "Bram", "Cleo"]
    assert client.get(table_path(again)).status_code == 200


def test_a_match_still_being_played_has_no_rematch(app, client):
    public_id = start(client)
    path = table_path(public_id)
    html = client.get(path).get_data(as_text=True)
    assert 'id="rematch"' not in html

    def solo_tables():
        with app.app_context():
            return db.session.scalar(db.select(db.func.count(LiveTableRecord.id)))

    before = solo_tables()
    response = client.post(f"{path}/rematch", data={"csrf_token": CSRF_META.search(html).group(1)})
    assert response.status_code == 400
    assert "still being played" in response.get_data(as_text=True)
    assert solo_tables() == before
    stranger = app.test_client()
    assert stranger.post(f"{path}/rematch", data={"csrf_token": token(stranger)}).status_code == 404
    assert solo_tables() == before


def test_the_latest_move_is_marked_for_the_page_to_show_it(app, client):
    public_id = start(client)
    path = table_path(public_id)
    html = client.get(path).get_data(as_text=True)
    assert "just-flipped" not in html  # a fresh deal: nothing has moved yet
    assert client.post(f"{path}/act", data=move_form(html, "flip:4")).status_code == 303
    html = client.get(path).get_data(as_text=True)
    [marked] = re.findall(r'<span class="slot" id="slot-(\d)"><span class="card [^"]*just-flipped', html)
    assert marked == "4"
    for _ in range(200):  # on to the person's turn, then a draw: the card in hand comes from the deck
        if (
            'value="draw"' in html
            and 'id="deck"' in html
            and "legal" in re.search(r'class="pile deck[^"]*"', html).group(0)
        ):
            break
        if 'id="continue"' in html:
            computers_move(app)
        else:
            client.post(f"{path}/act", data=move_form(html, legal_moves(html)[0]))
        html = client.get(path).get_data(as_text=True)
    assert client.post(f"{path}/act", data=move_form(html, "draw")).status_code == 303
    html = client.get(path).get_data(as_text=True)
    assert re.search(r'<div class="pile drawn" id="drawn"><span class="card lifted from-deck', html)


def test_the_scorecard_is_linked_from_the_log_while_the_match_is_played(client):
    public_id = start(client)
    html = client.get(table_path(public_id)).get_data(as_text=True)
    link = re.search(r'href="(/ledger/r/[^"]+)" id="log-scorecard"', html)
    assert link, "the log offers the scorecard mid-match"
    assert client.get(link.group(1)).status_code == 200


def test_a_whole_match_under_house_rules_scores_every_hole_with_its_lines(app, client, quick_reviews):
    from tests.web.test_tally_grid import house_rules

    house_rules(
        client,
        four_of_a_kind=True,
        knock_penalty=True,
        underdog=True,
        tied_shame=True,
        flip_as_action=True,
        early_knock=True,
        discard_flip="optional",
    )
    public_id = start(client, opponents=2, cards=4, discard_flip="y")
    holes_seen: set[int] = set()
    lines_seen: list[str] = []

    def check(game, html):
        assert (game.rules.discard_flip, game.rules.flip_as_action, game.rules.early_knock) == ("optional", True, True)
        if game.phase in ("hole_over", "match_over") and game.hole not in holes_seen:
            holes_seen.add(game.hole)
            table = score_table(game.grids, game.went_out, game.rules)
            assert table.scores == game.hole_scores[-1]
            shown = re.search(r'id="my-hole-points">([^<]+)<', html).group(1)
            assert shown.replace("\u2212", "-") == str(table.scores[0])
            for player in table.players:
                for line in (*player.grid.bonuses, *player.adjustments):
                    assert line.describe() in html
                    lines_seen.append(line.describe())

    play_out(app, client, public_id, random.Random(5), check=check)
    assert len(holes_seen) == 9
    assert lines_seen, "some hole was scored with a bonus or an adjustment line"
