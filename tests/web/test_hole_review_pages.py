"""After each digital hole, the hole-over page reviews the person's decisions against the caddie's."""

from __future__ import annotations

import html as htmllib
import random
import re

from caddie.store.database import db
from caddie.store.models import Match
from tests.conftest import CSRF_META
from tests.web.test_play_pages import BUTTON, legal_moves, start, version


def hinted(html: str) -> str:
    """The move the Hint marks."""
    [move] = [value for value, rest in BUTTON.findall(html) if "hinted" in rest and "disabled" not in rest]
    return move


def play_hole(client, public_id: str, pick) -> str:
    """Play one hole; ``pick(path, html)`` chooses the person's move. The hole-over page."""
    path = f"/play/m/{public_id}"
    for _ in range(500):
        html = client.get(path).get_data(as_text=True)
        if 'id="hole-scores"' in html:
            return html
        data = {"csrf_token": CSRF_META.search(html).group(1), "version": version(html)}
        if 'id="continue"' in html:
            response = client.post(f"{path}/step", data=data)
        else:
            response = client.post(f"{path}/act", data={**data, "action": pick(path, html)})
        assert response.status_code == 303
    raise AssertionError("the hole did not end")


def review_of(html: str) -> str:
    section = re.search(r'<section class="hole-review".*?</section>', html, re.S)
    return htmllib.unescape(section.group(0)) if section else ""


def stored(app, public_id: str) -> dict:
    with app.app_context():
        return db.session.scalars(db.select(Match).where(Match.public_id == public_id)).one().state


def test_following_the_hint_every_time_is_the_caddies_hole(app, client):
    public_id = start(client, opponents=1)

    def follow_the_hint(path, html):
        return hinted(client.get(path + "?hint=1").get_data(as_text=True))

    page = review_of(play_hole(client, public_id, follow_the_hint))
    assert "Your hole, reviewed" in page
    assert "You played every decision as the caddie would." in page
    assert stored(app, public_id)["review"]["items"] == []


def test_a_careless_hole_lists_what_each_decision_cost_biggest_first(app, client, monkeypatch):
    import caddie.core.games.grid_golf as store

    calls = []
    real = store.review_hole
    monkeypatch.setattr(store, "review_hole", lambda *a, **k: calls.append(1) or real(*a, **k))
    public_id = start(client, opponents=2, cards=4)
    rng = random.Random(3)

    def careless(path, html):
        moves = legal_moves(html)
        return "discard" if "discard" in moves else rng.choice(moves)  # never keeps a card it drew

    html = play_hole(client, public_id, careless)
    page = review_of(html)
    costs = [float(c) for c in re.findall(r'class="review-cost num">\+(-?[\d.]+)<', page)]
    assert costs and costs == sorted(costs, reverse=True) and min(costs) >= 0.1
    total = float(re.search(r'id="review-total">.*?<b class="num">([\d.]+)</b>', page, re.S).group(1))
    assert abs(total - sum(costs)) < 0.05 + 0.05 * len(costs)
    assert re.search(r"You [^;<]+; the caddie would have [^<]+\.", page)
    # worked out once, when the hole ended, and kept with the match: a reload does not redo it
    assert calls == [1]
    client.get(f"/play/m/{public_id}")
    assert calls == [1]
    state = stored(app, public_id)
    assert state["decisions"] == [] and len(state["review"]["items"]) == len(costs)
    # the next hole starts with no review on show
    data = {"csrf_token": CSRF_META.search(html).group(1), "version": version(html), "action": "next"}
    assert client.post(f"/play/m/{public_id}/act", data=data).status_code == 303
    assert 'id="hole-review"' not in client.get(f"/play/m/{public_id}").get_data(as_text=True)
    assert stored(app, public_id)["review"] is None


def test_a_hole_finished_before_reviews_existed_shows_none(app, client):
    public_id = start(client, opponents=1)
    html = play_hole(client, public_id, lambda path, html: legal_moves(html)[0])
    assert 'id="hole-review"' in html
    with app.app_context():
        match = db.session.scalars(db.select(Match).where(Match.public_id == public_id)).one()
        match.state = {k: v for k, v in match.state.items() if k not in ("decisions", "review")}
        db.session.commit()
    html = client.get(f"/play/m/{public_id}").get_data(as_text=True)
    assert 'id="hole-scores"' in html and 'id="hole-review"' not in html
