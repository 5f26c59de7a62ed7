"""The caddie's walkthrough through the Flask test client: its state is the URL."""

from __future__ import annotations

import html as htmllib
import re

import pytest


def said(page: str) -> str:
    match = re.search(r'id="advice-say">([^<]+)<', page)
    return htmllib.unescape(match.group(1)) if match else ""


def location(response) -> str:
    assert response.status_code == 303, response.get_data(as_text=True)[:300]
    return response.headers["Location"]


def test_after_the_deal_the_caddie_says_which_cards_to_turn_up(client):
    page = client.get("/caddie/").get_data(as_text=True)
    assert said(page).startswith("Turn up ")
    assert "slot legal" in page  # the advised cards are marked


def test_a_hole_step_by_step(client):
    # turn up two cards
    url = location(client.get("/caddie/?size=6&grid=,,,,,&step=flip&pick=0"))
    assert "slot=0" in url
    url = location(client.get(url + "&key=K"))
    url = location(client.get(url.replace("step=flip", "step=flip") + "&pick=4"))
    url = location(client.get(url + "&key=5"))
    assert "grid=K,,,,5," in url and "step=discard" in url
    # the top of the discard pile, then the caddie's word
    url = location(client.get(url + "&key=K"))
    page = client.get(url).get_data(as_text=True)
    assert "step=advice" in url and said(page)
    apply = re.search(r'name="do" value="([^"]+)" class="primary" id="apply-advice"', page).group(1)
    url = location(client.get(url + "&do=" + apply))
    if "step=reveal" in url:  # the card went over a face-down card: what was it?
        url = location(client.get(url + "&key=9"))
        assert "pile=" in url and "9" in url
    assert re.search(r"step=(wait|drawn|place|done)", url)


def test_a_drawn_card_is_placed_where_the_caddie_says(client):
    url = "/caddie/?size=6&grid=K,,,,5,&step=drawn&discard=Q&pile=Q"
    url = location(client.get(url + "&key=2"))
    assert "drawn=2" in url and "from=deck" in url and "step=place" in url
    page = client.get(url).get_data(as_text=True)
    assert said(page)
    assert re.search(r'name="do" value="(swap:\d|discard(:\d)?)" class="primary" id="apply-advice"', page)


def test_the_end_of_the_hole_turns_up_the_rest_and_scores(client):
    url = location(client.get("/caddie/?size=4&grid=K,5,K,&step=wait&do=end"))
    assert "step=final" in url
    url = location(client.get(url + "&key=5"))
    assert "step=done" in url
    page = client.get(url).get_data(as_text=True)
    assert "The hole is over: you scored 0." in htmllib.unescape(page)


@pytest.mark.parametrize(
    "query",
    [
        "size=7&grid=Z,Z&step=nowhere",
        "do=take:99",
        "do=swap:x",
        "pick=42",
        "key=JOKER",
        "grid=" + "K," * 99,
        "step=advice&discard=K&pile=K,K,K,K,K,K",
        "step=reveal&slot=-1&key=3",
        "do=bogus",
    ],
)
def test_a_tampered_url_is_never_a_500(client, query):
    assert client.get("/caddie/?" + query).status_code in (200, 303)


def test_the_walkthrough_is_a_get_page_with_a_fragment_for_htmx(client):
    response = client.get("/caddie/?size=6&grid=K,,,,5,&step=discard&key=4", headers={"HX-Request": "true"})
    assert response.status_code == 200 and "<html" not in response.get_data(as_text=True)
    assert response.headers["HX-Push-Url"].startswith("/caddie/?size=6")


# -- the opponents' cards and the final turn ------------------------------------------------


def opponent_codes(page: str, who: int = 0) -> list[str]:
    block = re.search(rf'<div class="walk-opp" id="opp-{who}">(.*?)</div>\s*</div>\s*(?:<p|</div>)', page, re.S)
    codes = re.findall(r'id="opp-\d-(\d)".*?data-code="([^"]*)"', block.group(1), re.S)
    return [code for _, code in sorted(codes, key=lambda pc: int(pc[0]))]


def test_opponents_cards_are_tapped_in_and_ride_in_the_url(client):
    url = location(client.get("/caddie/?size=6&grid=K,,,,5,&step=discard&do=opp-add"))
    assert "opps=1" in url and "o1=,,,,," in url
    url = location(client.get(url + "&opick=0:1"))
    assert "oslot=0:1" in url
    page = client.get(url).get_data(as_text=True)
    assert 'aria-pressed="true"' in page and "Tap the card the next player shows (top-middle)" in page
    url = location(client.get(url + "&key=Q"))
    assert "o1=,Q,,,," in url and "oslot" not in url and "step=discard" in url  # the walk is where it was
    page = client.get(url).get_data(as_text=True)  # a reload keeps them
    assert opponent_codes(page) == ["", "Q", "", "", "", ""]
    # the keypad is back to the walk's own question
    url = location(client.get(url + "&key=4"))
    assert "discard=4" in url and "o1=,Q,,,," in url and "step=advice" in url
    assert said(client.get(url).get_data(as_text=True))
    # a second opponent, then one fewer; a card tapped in by mistake goes face down again
    url = location(client.get(url + "&do=opp-add"))
    assert "opps=2" in url and "o2=,,,,," in url
    url = location(client.get(url + "&do=opp-drop"))
    assert "opps=1" in url and "o2" not in url
    url = location(client.get(location(client.get(url + "&opick=0:1")) + "&do=opp-clear"))
    assert "o1=,,,,," in url


def test_the_caddie_counts_the_opponents_cards(client):
    url = "/caddie/?size=6&grid=K,K,,,5,&step=advice&discard=K&pile=K&opps=1&o1=K,,,,,"
    assert said(client.get(url).get_data(as_text=True))  # four Kings: one deck holds them
    page = client.get(url.replace("o1=K,", "o1=K,K,")).get_data(as_text=True)
    assert "5 Kings are showing" in htmllib.unescape(page)


def test_the_final_turn_switch_needs_the_final_turn_rule(client, settings_saver):
    url = "/caddie/?size=6&grid=K,,,,5,&step=discard"
    assert 'id="final-turn"' not in client.get(url).get_data(as_text=True)
    settings_saver(end="final_turn")
    page = client.get(url).get_data(as_text=True)
    assert re.search(r'id="final-turn" class="switch"\s+aria-pressed="false"', page)
    assert "Someone went out: this is my final turn" in page
    # switching it on brings an opponent in: the caddie weighs a final turn against the table
    url = location(client.get(url + "&do=last"))
    assert "last=1" in url and "opps=1" in url
    assert re.search(r'id="final-turn" class="switch on"\s+aria-pressed="true"', client.get(url).get_data(as_text=True))
    url = location(client.get(url + "&key=4"))
    page = client.get(url).get_data(as_text=True)
    assert "step=advice" in url and said(page) and 'id="walk-error"' not in page
    apply = re.search(r'name="do" value="([^"]+)" class="primary" id="apply-advice"', page).group(1)
    url = location(client.get(url + "&do=" + apply))
    if "step=drawn" in url:
        url = location(client.get(url + "&key=9"))
        page = client.get(url).get_data(as_text=True)
        assert said(page) and 'id="walk-error"' not in page
        apply = re.search(r'name="do" value="([^"]+)" class="primary" id="apply-advice"', page).group(1)
        url = location(client.get(url + "&do=" + apply))
    if "step=reveal" in url:
        url = location(client.get(url + "&key=9"))
    assert "step=final" in url  # after the final turn the hole is over: turn up the rest
    # and off again
    off = location(client.get("/caddie/?size=6&grid=K,,,,5,&step=discard&last=1&opps=1&o1=,,,,,&do=last"))
    assert "last=1" not in off and "opps=1" in off


def test_an_opponent_with_every_card_up_has_gone_out(client, settings_saver):
    settings_saver(end="final_turn")
    url = location(client.get("/caddie/?size=4&grid=K,,,5&step=discard&opps=1&o1=3,3,4,&opick=0:3"))
    assert "last=1" not in url
    url = location(client.get(url + "&key=4"))
    assert "o1=3,3,4,4" in url and "last=1" in url


def test_a_new_hole_keeps_the_table_but_not_its_cards(client):
    url = location(client.get("/caddie/?size=6&grid=K,,,,5,&step=wait&opps=2&o1=Q,,,,,&o2=,,3,,,&do=restart"))
    assert "opps=2" in url and "o1=,,,,," in url and "o2=,,,,," in url and "grid=,,,,,&" in url


@pytest.mark.parametrize(
    "query",
    [
        "opps=9&o1=Z,Z",
        "opps=-1",
        "opps=1&oslot=5:99",
        "opick=x",
        "opps=1&opick=3:1",
        "do=opp-clear",
        "do=oppx",
        "opps=1&oslot=0:0&key=JOKER",
        "do=last",
        "opps=x&o2=K",
    ],
)
def test_a_tampered_opponent_url_is_never_a_500(client, query):
    assert client.get("/caddie/?size=6&grid=K,,,,5,&step=discard&" + query).status_code in (200, 303)


# -- fewer taps, any move recorded, the numbers behind "Why?" ------------------------------------


def test_a_fresh_walk_sits_with_the_other_player_from_settings(client):
    page = client.get("/caddie/").get_data(as_text=True)
    assert 'name="opps" value="1"' in page and 'id="opp-0-0"' in page


def test_after_a_draw_any_place_or_a_discard_can_be_recorded(client):
    # the issue: after "I drew from the deck" and a 9 the only button was "Discard the 9"
    page = client.get("/caddie/?size=6&grid=9,5,,,,&step=place&discard=4&pile=4&drawn=9&from=deck&opps=0")
    page = page.get_data(as_text=True)
    swaps = set(re.findall(r'name="do" value="swap:(\d)" id="slot-\d"', page))
    assert swaps == {"0", "1", "2", "3", "4", "5"}
    assert re.search(r'name="do" value="discard"[^>]*id="(apply-advice|discard-instead)"', page)
    url = location(
        client.get("/caddie/?size=6&grid=9,5,,,,&step=place&discard=4&pile=4&drawn=9&from=deck&opps=0&do=swap:1")
    )
    assert "grid=9,9,,,," in url and "pile=4,5" in url and "step=wait" in url


def test_at_the_advice_the_keypad_records_the_draw_in_one_tap(client):
    url = "/caddie/?size=6&grid=K,5,,,,&step=advice&discard=9&pile=9&opps=0"
    page = client.get(url).get_data(as_text=True)
    assert "Drew from the deck? Tap the card you drew" in page or "tap the card you drew" in page.lower()
    url = location(client.get(url + "&key=3"))
    assert "drawn=3" in url and "from=deck" in url and "step=place" in url


def test_the_why_disclosure_and_the_minus_signs(client):
    page = client.get("/caddie/?size=6&grid=2,2,,,,&step=advice&discard=9&pile=9&opps=1&o1=K,3,,,,")
    page = htmllib.unescape(page.get_data(as_text=True))
    assert '<details class="why" id="why">' in page and "<summary>Why?</summary>" in page
    assert "Where you finish against the other player, on average" in page
    shown = re.findall(r'<td class="num">([^<]+)</td>', page)
    assert shown and all(re.fullmatch(r"\d+\.\d (ahead|behind)|level", s) for s in shown), shown
    assert "−4" in page  # the two 2s score −4, with a real minus sign
    text = re.sub(r"<[^>]+>", " ", re.sub(r"<(script|style)[^>]*>.*?</\1>", "", page, flags=re.S))
    assert not re.search(r"(?<![\w-])-\d", text), "no hyphen-minus before a number in what the page shows"
    headline = said(page)
    assert headline and not re.search(r"\d\.\d", headline)


def test_an_opponents_turn_is_recorded_in_one_step(client):
    url = "/caddie/?size=6&grid=K,5,3,,,&step=wait&discard=7&pile=7&opps=1&o1=Q,,,,,"
    page = client.get(url).get_data(as_text=True)
    assert "The next player's turn." in htmllib.unescape(page) and 'id="my-turn"' not in page
    url = location(client.get(url + "&opick=0:0"))
    url = location(client.get(url + "&key=2"))
    assert "o1=2,,,,," in url and "discard=Q" in url and "step=advice" in url


def test_a_nine_card_table_walks_three_rows_and_the_caddie_advises_it(client):
    from tests.web.test_tally_grid import house_rules

    house_rules(client, cards=9, king=0, end="final_turn")
    page = client.get("/caddie/").get_data(as_text=True)
    assert len(set(re.findall(r'id="slot-(\d)"', page))) == 9
    assert said(page).startswith("Turn up ")
    # two cards turned up, the discard told: the caddie advises a move on the three-row grid
    url = location(client.get("/caddie/?size=9&grid=,,,,,,,,&step=flip&pick=0"))
    url = location(client.get(url + "&key=7"))
    url = location(client.get(url + "&pick=4"))
    url = location(client.get(url + "&key=5"))
    page = client.get(url).get_data(as_text=True)
    assert "step=discard" in url
    page = client.get(location(client.get(url + "&key=7"))).get_data(as_text=True)
    # the 7 goes beside the top-left 7 (a column of three 7s scores 0), or a draw is as good
    advice = said(page)
    assert re.search(r"(middle|bottom)-left", advice) or advice.startswith(("Draw", "Take the 7 or draw")), advice


def test_a_near_tie_goes_to_the_move_a_person_can_see_is_better(client):
    # issue 32: this table advised putting the Q over a face-up 7 (3 points more showing), "about
    # the same" as discarding it, because "going out now would likely leave you behind"
    page = client.get(
        "/caddie/?size=6&grid=3,10,2,7,,A&step=place&discard=8&pile=K,Q,8,7,J,8&drawn=Q&from=deck&opps=1&o1=A,2,,,2,"
    ).get_data(as_text=True)
    if said(page) == "Discard the Q.":
        return  # the Caddie's learned value (issue 37) rates the discard 0.3 better: no near tie
    assert said(page) == "Discard the Q or put it bottom-left: about the same."
    why = htmllib.unescape(re.search(r'id="advice-why">([^<]+)<', page).group(1))
    assert why == (
        "Slightly better to discard the Q: that leaves fewer points showing in your grid than putting it bottom-left."
    )
    assert "going out" not in page
