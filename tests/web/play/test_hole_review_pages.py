"""After each digital hole, the hole-over page reviews the person's decisions against the caddie's."""

from __future__ import annotations

import html as htmllib
import random
import re

import pytest

from caddie.store.database import db
from tests.web.play.test_play_pages import (
    BUTTON,
    computers_move,
    legal_moves,
    move_form,
    moved_by_the_test,
    row_of,
    start,
    stored_row,
    table_path,
)


@pytest.fixture(autouse=True)
def computers_moved_by_the_test(app):
    moved_by_the_test(app)


def hinted(html: str) -> str:
    """The move the Hint marks."""
    [move] = [value for value, rest in BUTTON.findall(html) if "hinted" in rest and "disabled" not in rest]
    return move


def play_hole(app, client, public_id: str, pick) -> str:
    """Play one hole, the computers moving between the person's turns; ``pick(path, html)``
    chooses the person's move. The hole-over page."""
    path = table_path(public_id)
    for _ in range(500):
        html = client.get(path).get_data(as_text=True)
        if 'id="hole-scores"' in html:
            return html
        if 'id="continue"' in html:
            assert computers_move(app)
            continue
        response = client.post(f"{path}/act", data=move_form(html, pick(path, html)))
        assert response.status_code == 303
    raise AssertionError("the hole did not end")


def review_of(html: str) -> str:
    section = re.search(r'<section class="hole-review".*?</section>', html, re.S)
    return htmllib.unescape(section.group(0)) if section else ""


def stored(app, public_id: str) -> dict:
    """The match as its table keeps it."""
    return row_of(app, public_id).state["match"]


def test_following_the_hint_every_time_is_the_caddies_hole(app, client):
    public_id = start(client, opponents=1)

    def follow_the_hint(path, html):
        return hinted(client.get(path + "?hint=1").get_data(as_text=True))

    page = review_of(play_hole(app, client, public_id, follow_the_hint))
    assert "Your hole, reviewed" in page
    assert "You played every decision as the caddie would." in page
    assert [v["loss"] for v in stored(app, public_id)["review"]["verdicts"]] == [0.0] * len(
        stored(app, public_id)["review"]["verdicts"]
    )


def test_a_careless_hole_lists_what_each_decision_cost_biggest_first(app, client, monkeypatch):
    import caddie.core.games.grid_golf as store

    calls = []
    real = store.hole_verdicts
    monkeypatch.setattr(store, "hole_verdicts", lambda *a, **k: calls.append(1) or real(*a, **k))
    public_id = start(client, opponents=2, cards=4)
    rng = random.Random(3)

    def careless(path, html):
        moves = legal_moves(html)
        return "discard" if "discard" in moves else rng.choice(moves)  # never keeps a card it drew

    html = play_hole(app, client, public_id, careless)
    page = review_of(html)
    costs = [float(c) for c in re.findall(r'class="review-cost num">\+(-?[\d.]+)<', page)]
    assert costs and costs == sorted(costs, reverse=True) and min(costs) >= 0.1
    total = float(re.search(r'id="review-total">.*?<b class="num">([\d.]+)</b>', page, re.S).group(1))
    assert abs(total - sum(costs)) < 0.05 + 0.05 * len(costs)
    assert re.search(r"You [^;<]+; the caddie would have [^<]+\.", page)
    # a decision that cost half a point or more is marked in words, before its sentence
    marks = re.findall(r'class="review-mark mark-(\w+)">(\w+):</span>', page)
    assert len(marks) == sum(cost >= 0.5 for cost in costs)
    assert all(word == mark.capitalize() for mark, word in marks)
    # worked out once, when the hole ended, and kept with the match: a reload does not redo it
    assert calls == [1]
    client.get(table_path(public_id))
    assert calls == [1]
    state = stored(app, public_id)
    assert state["decisions"] == [] and len([v for v in state["review"]["verdicts"] if v["loss"] > 0]) == len(costs)
    # the next hole starts with no review on show
    assert client.post(f"/t/{public_id}/act", data=move_form(html, "next")).status_code == 303
    assert 'id="hole-review"' not in client.get(table_path(public_id)).get_data(as_text=True)
    assert stored(app, public_id)["review"] is None


def test_a_hole_finished_before_reviews_existed_shows_none(app, client):
    public_id = start(client, opponents=1)
    html = play_hole(app, client, public_id, lambda path, html: legal_moves(html)[0])
    assert 'id="hole-review"' in html
    with app.app_context():
        row = stored_row(public_id)
        match = {k: v for k, v in row.state["match"].items() if k not in ("decisions", "review")}
        row.state = {**row.state, "match": match}
        row.version += 1  # every change to a table is a new version
        db.session.commit()
    html = client.get(table_path(public_id)).get_data(as_text=True)
    assert 'id="hole-scores"' in html and 'id="hole-review"' not in html
