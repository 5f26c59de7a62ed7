"""Your hand, reviewed (docs/caddie.md): a hand followed with the walkthrough through the Flask test
client, kept at its end with the Caddie's review, listed, opened and removed; a hand that cannot
be reviewed is refused with a sentence and nothing is kept."""

from __future__ import annotations

import html as htmllib
import random
import re
from urllib.parse import urlencode

from tests.core.grid.test_walk_record import HAND
from tests.web.caddie.test_caddie_walk import location


def walked(client, taps=HAND, start: str = "/caddie/?size=4&opps=0") -> str:
    """The walk's address after each tap in turn, as a phone without JavaScript follows it."""
    url = start
    for tap in taps:
        url = location(client.get(url + "&" + urlencode(tap)))
    return url


def keep_form(page: str) -> dict[str, str]:
    form = re.search(r'<form class="panel keep-hand" method="post" action="([^"]+)">(.*?)</form>', page, re.S)
    assert form, "the hand's end offers to keep it"
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form.group(2)))
    return {"action": form.group(1), **{name: htmllib.unescape(value) for name, value in fields.items()}}


def test_a_hand_is_kept_reviewed_listed_and_removed(client):
    assert 'id="hands-none"' in client.get("/caddie/hands").get_data(as_text=True)
    url = walked(client)
    page = client.get(url).get_data(as_text=True)
    assert "The hole is over: you scored" in page and "7 decisions" in page
    form = keep_form(page)
    kept = client.post(form.pop("action"), data=form)
    assert kept.status_code == 303
    hand_url = kept.headers["Location"]
    hand = client.get(hand_url).get_data(as_text=True)
    assert "Your hand, reviewed" in hand and 'id="hole-review-title"' in hand
    walk_score = re.search(r'id="walk-score">\s*([^<]+)<', page).group(1)
    assert re.search(r'id="hand-score">([^<]+)<', hand).group(1) == walk_score
    listed = client.get("/caddie/hands").get_data(as_text=True)
    assert f'href="{hand_url}"' in listed and "7 decisions" in listed
    assert client.get(hand_url).headers["Cache-Control"] == "no-store"

    stranger = client.application.test_client()
    assert stranger.get(hand_url).status_code == 404  # this browser's own
    assert f'href="{hand_url}"' not in stranger.get("/caddie/hands").get_data(as_text=True)

    token = re.search(r'name="csrf-token" content="([^"]+)"', hand).group(1)
    assert client.post(hand_url + "/remove", data={"csrf_token": token}).status_code == 303
    assert client.get(hand_url).status_code == 404
    assert 'id="hands-none"' in client.get("/caddie/hands").get_data(as_text=True)


# A Q and a K turned up, a 2 on the discard pile: the Caddie takes the 2; this hand draws a 10 and
# throws it, then calls the hole over (a 6 and a 7 were face down).
COSTLY = (
    {"key": "Q"},
    {"key": "K"},
    {"key": "2"},
    {"do": "draw"},
    {"key": "10"},
    {"do": "discard"},
    {"key": "9"},
    {"do": "end"},
    {"key": "6"},
    {"key": "7"},
)


def test_the_review_names_a_costly_decision_in_words(client):
    page = client.get(walked(client, COSTLY)).get_data(as_text=True)
    assert 'id="advice-say">The hole is over' in page
    form = keep_form(page)
    kept = client.post(form.pop("action"), data=form)
    hand = htmllib.unescape(client.get(kept.headers["Location"]).get_data(as_text=True))
    items = re.findall(r'<li class="review-item">(.*?)</li>', hand, re.S)
    assert items and "points on average" in re.search(r'id="review-total">(.*?)</p>', hand, re.S).group(1)
    drew = [item for item in items if "You drew from the deck" in item]
    assert drew and "the caddie would have taken the 2" in drew[0]


def test_a_hand_that_cannot_be_reviewed_gets_a_sentence_and_nothing_is_kept(client, csrf_token):
    done = walked(client)
    form = keep_form(client.get(done).get_data(as_text=True))
    action = form.pop("action")
    tampered = {**form, "grid": "K,4,3,2"}  # not where its steps lead
    refused = client.post(action, data=tampered)
    assert refused.status_code == 400 and "not all kept" in refused.get_data(as_text=True)
    unfinished = client.post(action, data={**form, "step": "wait"})
    assert unfinished.status_code == 400 and "not over yet" in unfinished.get_data(as_text=True)
    no_log = {key: value for key, value in form.items() if key != "log"}
    assert client.post(action, data=no_log).status_code == 400
    assert client.post(action, data={"csrf_token": form["csrf_token"], "log": "nonsense"}).status_code == 400
    assert 'id="hands-none"' in client.get("/caddie/hands").get_data(as_text=True)
    # a walk begun before its steps were kept says so at its end rather than offering to keep it
    midway = "/caddie/?size=4&opps=0&grid=Q,4,,&step=advice&discard=9&pile=9"
    page = client.get(walked(client, HAND[3:], start=midway)).get_data(as_text=True)
    assert 'id="keep-hand-none"' in page and "keep-hand-button" not in page


def test_a_club_cards_round_is_kept_with_the_review_of_each_play(client):
    """Cedar Nine at a real table: the dealt hand played whole on hole 1 (a blunder), the caddie's
    play on every other hole, the draws and any cards turned read off a shuffled deck; the
    round kept at its end reads its scorecard and each play's verdict, in strokes."""
    from caddie.core.clubs.scoring import ClubRules
    from caddie.core.clubs.walkthrough import ClubWalk
    from tests.web.caddie.test_caddie_clubs import CEDAR, HAND, PATH, dealt, follow, state

    rules = ClubRules()
    pile = list(rules.deck)
    for card in HAND:
        pile.remove(card)
    random.Random(7).shuffle(pile)
    url, page = dealt(client)
    for _ in range(200):
        walk = ClubWalk.from_args(state(url), CEDAR, rules, 1)
        step = walk.step(CEDAR)
        if step == "done":
            break
        if step == "play" and walk.hole == 1:
            picks = "".join(f"&pick={card}" for card in walk.hand)
            url, page = follow(client, f"{url}&picked=1{picks}&played=1")
        elif step in ("play",) or (
            step == "short" and sum(walk.hand + walk.turned) >= CEDAR.holes[walk.hole - 1].yardage
        ):
            url, page = follow(client, f"{url}&played=1")
        else:  # a card drawn after the hole, or turned from the pile for a short hand
            url, page = follow(client, f"{url}&add={pile.pop()}")
    assert "Round over" in page and 'id="keep-hand-button"' in page
    form = keep_form(page)
    kept = client.post(form.pop("action"), data=form)
    assert kept.status_code == 303, kept.get_data(as_text=True)[:500]
    hand = htmllib.unescape(client.get(kept.headers["Location"]).get_data(as_text=True))
    assert "Your round, reviewed" in hand and "<caption>Cedar Nine</caption>" in hand
    assert f'href="{PATH}" id="walk-again">A new round<' in hand
    scores = [int(s) for s in state(url)["scores"].split(",")]
    assert re.search(r'id="hand-score">(\d+)<', hand).group(1) == str(sum(scores))
    items = re.findall(r'<li class="review-item">(.*?)</li>', hand, re.S)
    whole = f"You played {', '.join(map(str, HAND[:-1]))} and {HAND[-1]}"
    assert items and any(whole in item and "Blunder" in item for item in items)
    assert "strokes on average" in hand
    listed = client.get("/caddie/hands").get_data(as_text=True)
    assert "Club Cards round at Cedar Nine, " in listed and "strokes lost to them" in listed
    # an edited round (a score its plays do not give) is refused with a sentence, nothing kept
    edited = {**form, "scores": ",".join(str(s + 1) for s in scores)}
    refused = client.post(PATH + "rounds", data=edited)
    assert refused.status_code == 400 and "not all kept" in refused.get_data(as_text=True)
    assert listed.count('<li><a class="door"') == 1
