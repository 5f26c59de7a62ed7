"""The grid Tally page through the Flask test client: a GET form driven by taps."""

from __future__ import annotations

import html as htmllib
import re

import pytest


def score_of(html: str) -> str:
    return re.search(r'id="grid-score"[^>]*>([^<]+)<', html).group(1)


def column_points(html: str) -> list[str]:
    return re.findall(r'data-column="\d+"\s*\n?\s*aria-label="[^"]*">([^<]+)<', html)


def errors(html: str) -> list[str]:
    return [htmllib.unescape(e) for e in re.findall(r'class="error"[^>]*>([^<]+)<', html)]


def test_empty_page_offers_the_table_grid_and_keypad(client):
    html = client.get("/tally/grid").get_data(as_text=True)
    assert html.count('name="pick"') == 6
    assert 'id="key-K"' in html and 'id="key-JK"' not in html  # no jokers under standard rules
    assert score_of(html) == "0"
    assert "6 of 6 cards still to enter" in html


def test_full_hand_is_scored_column_by_column(client):
    html = client.get("/tally/grid?hand=K,5,7,K,3,9").get_data(as_text=True)
    assert score_of(html) == "24"
    assert column_points(html) == ["0", "8", "16"]
    assert 'data-complete="true"' in html
    assert "a matched pair" in html and "col matched" in html


def test_partial_hand_shows_a_running_score(client):
    html = client.get("/tally/grid?hand=K,5,,K,3,&sel=2").get_data(as_text=True)
    assert score_of(html) == "8"
    assert "Score so far" in html and column_points(html)[2] == "–"


def test_negative_scores_use_a_real_minus_sign(client):
    html = client.get("/tally/grid?hand=2,A,3,5,A,3").get_data(as_text=True)
    assert score_of(html) == "3"  # (-2 + 5) + 0 + 0
    html = client.get("/tally/grid?hand=2,A,A,A&size=4").get_data(as_text=True)
    assert score_of(html) == "−1"


def test_a_key_fills_the_selected_slot_and_moves_on(client):
    response = client.get("/tally/grid?hand=K,5,,,,&sel=2&key=q")
    assert response.status_code == 303
    assert response.headers["Location"] == "/tally/grid?hand=K,5,Q,,,&sel=3"


def test_htmx_gets_the_fragment_and_the_clean_url(client):
    response = client.get("/tally/grid?hand=K,5,,,,&sel=2&key=7", headers={"HX-Request": "true"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" not in html and "<form" not in html  # the inside of the form, swapped in place
    assert 'id="slot-2"' in html and 'data-code="7"' in html
    assert response.headers["HX-Push-Url"] == "/tally/grid?hand=K,5,7,,,&sel=3"


def test_picking_a_slot_selects_it(client):
    response = client.get("/tally/grid?hand=K,5,7,K,3,9&sel=5&pick=1", headers={"HX-Request": "true"})
    assert 'id="slot-1"' in response.get_data(as_text=True)
    assert response.headers["HX-Push-Url"].endswith("sel=1")


def test_erase_and_clear(client):
    assert (
        client.get("/tally/grid?hand=K,5,7,K,3,9&sel=1&erase=1").headers["Location"]
        == "/tally/grid?hand=K,,7,K,3,9&sel=1"
    )
    assert client.get("/tally/grid?hand=K,5,7,K,3,9&sel=1&clear=1").headers["Location"] == "/tally/grid"


def test_resizing_keeps_cards_in_their_columns(client):
    location = client.get("/tally/grid?hand=K,5,7,K,3,9&resize=8").headers["Location"]
    assert location == "/tally/grid?size=8&hand=K,5,7,,K,3,9,&sel=3"
    html = client.get(location).get_data(as_text=True)
    assert html.count('name="pick"') == 8


def test_typed_hand_is_forgiving(client):
    location = client.get("/tally/grid?typed=k+5+7/k+t+x&fill=1").headers.get("Location")
    assert location is None  # a joker is not in play under standard rules
    html = client.get("/tally/grid?typed=k,5,7+k+t+9&fill=1", follow_redirects=True).get_data(as_text=True)
    assert score_of(html) == "31"  # 0 + (5+10) + (7+9)


def test_enter_in_the_text_box_scores_what_was_typed(client):
    response = client.get("/tally/grid?typed=K57K39&enter=1")
    assert response.headers["Location"].startswith("/tally/grid?hand=K,5,7,K,3,9")


@pytest.mark.parametrize(
    "typed, message",
    [
        ("K 5 Z K 3 9", '"Z" is not a card'),
        ("K 5 7 K 3", "Six cards make this hand; you typed 5."),
        ("K 5 7 K 3 9 9", "you typed 7"),
        ("K K K K K 9", "5 Kings, but one deck holds only 4."),
        ("K 5 7 K 3 JK", "Jokers are not in play"),
    ],
)
def test_bad_typed_hands_get_a_sentence_and_keep_the_text(client, typed, message):
    response = client.get("/tally/grid", query_string={"hand": "A,2,3,4,5,6", "typed": typed, "fill": "1"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert any(message in e for e in errors(html)), errors(html)
    assert f'value="{typed}"' in html  # what was typed stays
    assert 'value="A,2,3,4,5,6"' in html  # the grid is unchanged


def test_a_fifth_king_from_the_keypad_is_refused(client):
    html = client.get("/tally/grid?hand=K,K,K,K,,&sel=4&key=K").get_data(as_text=True)
    assert "5 Kings, but one deck holds only 4." in errors(html)
    assert 'value="K,K,K,K,,"' in html


def test_a_tampered_url_is_not_a_500(client):
    for query in (
        "hand=ZZ,5,7&sel=99",
        "size=7&hand=" + "K," * 40,
        "sel=-3&pick=abc&key=",
        "resize=3",
        "hand=%00,%FF",
        "key=JOKERS",
    ):
        assert client.get("/tally/grid?" + query).status_code in (200, 303), query


def test_jokers_appear_when_the_table_plays_them(client, csrf_token, settings_saver):
    settings_saver(negatives="jokers")
    html = client.get("/tally/grid?hand=JK,JK,5,6,7,8").get_data(as_text=True)
    assert 'id="key-JK"' in html
    assert score_of(html) == "22"  # (JK,6) 4 + (JK,7) 5 + (5,8) 13
