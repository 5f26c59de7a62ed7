"""JSON API v1: a table's record, ``GET /api/v1/tables/<id>/record`` (docs/records.md).

Every finished hole in order, the same for every seat and the watch token, played back through
the game from the hole's deal to the same scores, holding no card its hole did not show everyone;
a hole being played is not in it; anyone else gets the 404 of a table that is not there. Every
answer is checked against the document."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from sqlalchemy import select

from caddie.core.clubs.caddie import advise as advise_clubs
from caddie.core.clubs.scoring import ClubRules
from caddie.core.game import Game
from caddie.openapi.record import EXAMPLE_RECORD
from caddie.store import live_tables as store
from tests.web.api.openapi_check import response_schema, schema_errors
from tests.web.api.test_api_live import (
    DOC,
    NO_TABLE,
    RECORD,
    _documented,
    bearer,
    full_state,
    move,
    play_hole,
    seen,
    two_people,
)


@pytest.fixture
def live(app):
    """Computers due at once, as in the live tables' tests."""
    app.config.update(LIVE_COMPUTER_PAUSE_S=0, LIVE_LONG_POLL_MAX_S=3)
    return app


def record(client, table_id, token):
    return _documented(RECORD, "get", client.get(f"/api/v1/tables/{table_id}/record", headers=bearer(token)))


def read(client, table_id, token):
    status, body = record(client, table_id, token)
    assert status == 200, body
    return body


def dealt_again(app, table_id) -> Game:
    """Hole 1 of the table's match dealt again from its seed: the server's own secret, which only
    the test reads."""
    table = full_state(app, table_id)
    return table.kind.deal(table.settings, [str(p.name) for p in table.places], table.match.seed)


def played_back(app, table_id, hole) -> Game:
    table = full_state(app, table_id)
    game = dealt_again(app, table_id)
    for move_ in hole["moves"]:
        for action in table.kind.program_actions(game, move_["seat"], move_["action"]):
            game.apply(action, move_["seat"])
    return game


def test_a_finished_hole_is_in_the_record_and_plays_back_to_its_scores(live, client):
    table, ann, bob = two_people(client)
    assert read(client, table["id"], ann)["holes"] == []  # nothing finished yet
    after = play_hole(live, client, table, [ann, bob])
    got = read(client, table["id"], ann)
    assert got["game"] == "grid" and got["names"] == ["Ann", "Bob"] and got["rules"]["cards"] == 4
    assert got["seats"] == [{"kind": "person", "level": None}] * 2 and got["holes_to_play"] == 9
    [hole] = got["holes"]
    assert hole["hole"] == 1 and hole["scores"] == got["totals"] == after["totals"]
    assert [m["action"]["action"] for m in hole["moves"][:4]] == ["flip"] * 4  # two initial flips each
    again = played_back(live, table["id"], hole)
    assert again.hole_scores == [hole["scores"]] and again.phase == "hole_over"
    # every card in the record was shown: the end shows every grid face up
    state = full_state(live, table["id"]).match
    assert hole["end"]["grids"] == state.grids
    # Bob and an onlooker read the same record
    assert read(client, table["id"], bob) == got
    watch = table["watch_url"].rsplit("/", 1)[1]
    assert read(client, table["id"], watch) == got


def test_the_hole_being_played_is_not_in_the_record(live, client):
    table, ann, bob = two_people(client)
    play_hole(live, client, table, [ann, bob])
    after_one = read(client, table["id"], bob)
    view = seen(client, table["id"], ann)
    status, _ = move(client, table["id"], ann, view["version"], {"action": "next_hole"})
    assert status == 200
    view = seen(client, table["id"], ann)
    first = ann if view["order"][0] == 0 else bob
    status, _ = move(client, table["id"], first, view["version"], {"action": "flip", "positions": [0, 1]})
    assert status == 200
    assert read(client, table["id"], bob) == after_one  # hole 2's flips are not in it


def test_a_club_cards_record_names_only_cards_played(live, client):
    table, ann, bob = two_people(client, game="clubs", course="cedar-nine")
    play_hole(live, client, table, [ann, bob])
    got = read(client, table["id"], ann)
    assert got["course"]["name"] and got["clubs"]["deck"] and "rules" not in got
    [hole] = got["holes"]
    assert hole["start"] == {"yardage": got["course"]["holes"][0]["yardage"], "par": got["course"]["holes"][0]["par"]}
    for move_ in hole["moves"]:
        assert move_["action"]["action"] == "play"
        # the cards shown are those played, and any turned from the pile after them
        assert Counter(move_["action"]["cards"]) <= Counter(move_["cards"])
    text = json.dumps(got)
    assert '"hand"' not in text and '"pile"' not in text and '"seed"' not in text
    again = played_back(live, table["id"], hole)
    assert again.hole_scores == [hole["scores"]]


def test_a_record_needs_a_token_of_this_table(live, client):
    table, ann, _bob = two_people(client)
    other, other_ann, _ = two_people(client)
    for token in (None, "not-a-token", other_ann):
        assert record(client, table["id"], token) == (404, NO_TABLE)
    assert record(client, "no-such-table", ann) == (404, NO_TABLE)


def test_the_documented_record_example_is_a_record_the_schema_takes():
    assert schema_errors(EXAMPLE_RECORD, response_schema(DOC, RECORD, "get", 200), DOC) == []
    hole = EXAMPLE_RECORD["holes"][0]
    assert sum(hole["scores"]) == sum(EXAMPLE_RECORD["totals"])


def test_a_hole_finished_before_records_were_kept_has_its_scores_alone(live, client):
    table, ann, bob = two_people(client)
    play_hole(live, client, table, [ann, bob])
    with live.app_context():
        from caddie.store.database import db
        from caddie.store.models import TableHole

        db.session.query(TableHole).delete()
        db.session.commit()
        row = store.find(table["id"])
        assert row is not None
    got = read(client, table["id"], ann)
    assert got["holes"] == [
        {"hole": 1, "scores": got["totals"], "first": None, "order": None, "start": None, "moves": None, "end": None}
    ]


def reviewed(app) -> int:
    """Work out every due review, as each server's reviewer thread does; how many."""
    from caddie.store import hole_reviews

    done = 0
    with app.app_context():
        while hole_reviews.review_next():
            done += 1
    return done


def test_a_hole_of_people_is_reviewed_beside_the_moves(live, client):
    table, ann, bob = two_people(client)
    play_hole(live, client, table, [ann, bob])
    assert read(client, table["id"], ann)["review"] == []  # not in the move's request
    assert reviewed(live) == 1
    got = read(client, table["id"], bob)
    [hole] = got["holes"]
    # a verdict on each move (both seats are people's), in order of play
    assert [v["move"] for v in got["review"]] == list(range(len(hole["moves"])))
    for verdict in got["review"]:
        made = hole["moves"][verdict["move"]]
        assert verdict["hole"] == 1 and verdict["seat"] == made["seat"] and verdict["played"] == made["action"]
        assert verdict["loss"] >= 0 and verdict["did"].startswith("You ")
        if verdict["best"] == verdict["played"]:  # they agree: nothing lost, nothing to say
            assert verdict["caddie"] == "" and verdict["loss"] == 0
        else:  # another choice, which may be as good, to the Caddie's eye (a loss of 0.0)
            assert verdict["caddie"].startswith("the caddie would have")
    assert reviewed(live) == 0  # once


def test_a_computers_moves_are_not_reviewed(live, client):
    from tests.web.api.test_api_live import play_hole_against_ada

    table, ann, _view = play_hole_against_ada(live, client)
    assert reviewed(live) == 1
    got = read(client, table["id"], ann)
    [hole] = got["holes"]
    mine = [i for i, m in enumerate(hole["moves"]) if m["seat"] == 0]
    assert [v["move"] for v in got["review"]] == mine


def ann_plays_her_whole_hand(client, table, ann, bob) -> list[int]:
    """Hole 1 of a Club Cards table of Ann and Bob: Ann plays her whole hand (legal, and far worse
    than the Caddie's play), Bob the Caddie's. Ann's hand, longest first."""
    for _ in range(2):
        seat = seen(client, table["id"], ann)["to_move"]
        mine = seen(client, table["id"], [ann, bob][seat])
        hand = mine["view"]["hand"]
        answer = {"action": "play", "cards": hand} if seat == 0 else advise_clubs(mine["view"], ClubRules())
        if seat == 0:
            annes_hand = sorted(hand, reverse=True)
        status, after = move(client, table["id"], [ann, bob][seat], mine["version"], answer)
        assert status == 200, after
    assert after["phase"] == "hole_over"
    return annes_hand


def test_a_club_cards_play_is_reviewed_and_its_caddie_cards_are_the_seats_own(live, client):
    """Ann plays her whole hand (legal, and far worse than the Caddie's play); Bob the Caddie's.
    Ann's token reads the Caddie's cards and her hand; Bob's and the watch token read what her
    play cost, never a card of her hand she did not play."""
    table, ann, bob = two_people(client, game="clubs", course="cedar-nine")
    watch = table["watch_url"].rsplit("/", 1)[1]
    annes_hand = ann_plays_her_whole_hand(client, table, ann, bob)
    assert reviewed(live) == 1
    own = read(client, table["id"], ann)
    [verdict] = [v for v in own["review"] if v["seat"] == 0]
    assert verdict["played"]["cards"] == annes_hand and verdict["mark"] == "blunder" and verdict["loss"] >= 3
    assert verdict["hand"] == annes_hand and set(verdict["best"]["cards"]) < set(annes_hand)
    assert "the caddie would have played " + str(verdict["best"]["cards"][0]) in verdict["caddie"]
    for token in (bob, watch):
        got = read(client, table["id"], token)
        [theirs] = [v for v in got["review"] if v["seat"] == 0]
        assert theirs["best"] == {"action": "play", "cards": None} and "hand" not in theirs
        assert theirs["caddie"] == "the caddie would have played other cards from the hand"
        assert theirs["loss"] == verdict["loss"] and theirs["played"] == verdict["played"]
    # Bob's own verdict, read by Ann: where he played the Caddie's play, nothing of his hand either
    [bobs] = [v for v in own["review"] if v["seat"] == 1]
    assert "hand" not in bobs and (bobs["best"] == bobs["played"] or bobs["best"]["cards"] is None)


def test_a_record_that_does_not_play_again_is_not_reviewed(live, client):
    from caddie.store.database import db
    from caddie.store.models import TableHole

    grid, ann, bob = two_people(client)
    play_hole(live, client, grid, [ann, bob])
    with live.app_context():
        hole = db.session.scalars(select(TableHole).where(TableHole.review_due.is_(True))).one()
        hole.record = {**hole.record, "moves": None}  # as a hole finished before records were kept
        db.session.commit()
    assert reviewed(live) == 1  # given up, not tried again
    assert read(client, grid["id"], ann)["review"] == [] and reviewed(live) == 0


def test_two_servers_never_work_out_the_same_review(live, client):
    from datetime import timedelta

    from caddie.store import hole_reviews

    table, ann, bob = two_people(client)
    play_hole(live, client, table, [ann, bob])
    with live.app_context():
        first = hole_reviews._claim(hole_reviews._now())
        assert first is not None
        assert hole_reviews._claim(hole_reviews._now()) is None  # leased to the first
        later = hole_reviews._now() + hole_reviews.LEASE + timedelta(seconds=1)
        assert hole_reviews._claim(later) == first  # a lease that ran out: the server holding it is gone


def test_the_persons_decisions_against_computers_are_reviewed_in_the_record(app, client):
    """A match against computers, played through its page by the browser that made it, which
    reads the record with its cookie: a verdict for each of the person's moves, none for the
    computer's, each naming the move it judges."""
    from tests.web.play.test_hole_review_pages import play_hole as play_page_hole
    from tests.web.play.test_play_pages import legal_moves, moved_by_the_test, start

    moved_by_the_test(app)
    public_id = start(client, opponents=1, cards=4)
    play_page_hole(app, client, public_id, lambda path, html: legal_moves(html)[0])
    got = read(client, public_id, None)  # the browser's own cookie, no token
    [hole] = got["holes"]
    mine = [i for i, m in enumerate(hole["moves"]) if m["seat"] == 0]
    assert mine and [v["move"] for v in got["review"]] == mine
    for verdict in got["review"]:
        made = hole["moves"][verdict["move"]]
        assert verdict["hole"] == 1 and verdict["seat"] == 0 and verdict["played"] == made["action"]
        assert verdict["loss"] >= 0 and verdict["did"].startswith("You ")
        if verdict["best"] == verdict["played"]:  # they agree: nothing lost, nothing to say
            assert verdict["caddie"] == "" and verdict["loss"] == 0
        else:  # another choice, which may be as good, to the Caddie's eye (a loss of 0.0)
            assert verdict["caddie"].startswith("the caddie would have")
    # another browser has no such table
    assert record(app.test_client(), public_id, None) == (404, NO_TABLE)


def test_each_verdict_is_marked_by_its_loss(live, client):
    from caddie.core.verdicts import mark_of

    table, ann, bob = two_people(client)
    play_hole(live, client, table, [ann, bob])
    reviewed(live)
    for verdict in read(client, table["id"], ann)["review"]:
        assert verdict["mark"] == mark_of(verdict["loss"])
        assert verdict["mark"] is None or verdict["loss"] >= 0.5


def test_a_review_that_fails_is_given_up_not_tried_again(live, client, monkeypatch):
    from caddie.core.games.grid_golf import GridGolf

    table, ann, bob = two_people(client)
    play_hole(live, client, table, [ann, bob])

    def broken(*args, **kwargs):
        raise RuntimeError("a bug in the review")

    monkeypatch.setattr(GridGolf, "review_some", broken)
    assert reviewed(live) == 1  # tried once: the failure is logged, the hole no longer due
    assert reviewed(live) == 0 and read(client, table["id"], ann)["review"] == []


def test_a_move_a_computer_made_for_someone_away_is_marked_and_not_judged_as_theirs(live, client):
    from tests.web.api.test_api_live import NOW, advise, move, play_due, seen

    table, ann, bob = two_people(client)
    with live.app_context():  # Bob is away from the start: a steady computer plays for him
        store.change(store.find(table["id"]), lambda t: t.give_to_computer(0, 1, "steady"), timing=NOW)
    for _ in range(400):
        view = seen(client, table["id"], ann)
        if view["phase"] in ("hole_over", "over"):
            break
        if view["to_move"] == 0:
            status, _ = move(client, table["id"], ann, view["version"], advise(view["view"]))
            assert status == 200
        else:
            assert play_due(live) == 1
    assert reviewed(live) == 1
    got = read(client, table["id"], ann)
    [hole] = got["holes"]
    stood_in = [i for i, m in enumerate(hole["moves"]) if m.get("stand_in")]
    assert stood_in == [i for i, m in enumerate(hole["moves"]) if m["seat"] == 1]  # every move of Bob's seat
    assert all("stand_in" not in m for m in hole["moves"] if m["seat"] == 0)
    # the review judges Ann's decisions only: Bob made none of his
    assert [v["move"] for v in got["review"]] == [i for i, m in enumerate(hole["moves"]) if m["seat"] == 0]
    # and the replay says who made those moves
    from tests.web.live.test_replay_pages import hold_seat

    hold_seat(client, table["id"], ann)
    html = client.get(f"/t/{table['id']}/replay").get_data(as_text=True)
    assert html.count('class="hint stand-in"') == len(stood_in) and "a computer played for <bdi>Bob</bdi>" in html
