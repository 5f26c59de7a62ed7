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


# -- house rules (docs/tally.md) -------------------------------------------------------


def house_rules(client, players: int = 2, **rules) -> None:
    """Save house rules for this browser through the data import (Settings does not show them all)."""
    from caddie.core.grid.rules import Rules
    from caddie.core.table import Table

    table = Table(rules=Rules(**rules), players=players, preset="custom")
    document = {
        "format": "caddie-and-tally",
        "version": 1,
        "exported_at": "2026-12-01T12:00:00+00:00",
        "settings": table.to_dict(),
        "courses": [],
        "rounds": [],
    }
    response = client.post("/api/v1/import?settings=replace", json=document)
    assert response.status_code == 200, response.get_data(as_text=True)


def bonus_lines(html: str) -> list[str]:
    block = re.search(r'<ul class="bonus-lines" id="bonuses">(.*?)</ul>', html, re.S)
    return [htmllib.unescape(line) for line in re.findall(r"<li[^>]*>([^<]+)</li>", block.group(1))] if block else []


def test_nine_cards_are_three_rows_of_three_each_column_scored(client):
    html = client.get("/tally/grid?size=9&hand=7,5,K,7,5,Q,7,9,K").get_data(as_text=True)
    assert html.count('name="pick"') == 9
    assert 'aria-label="9 cards"' in html and "rows-3" in html
    assert "Middle row, column 2: Five" in html and "Bottom row, column 3: King" in html
    # 7 7 7 matched; 5 5 9 is 19 (two of a kind in a column of three do not cancel); K Q K is 30
    assert column_points(html) == ["0", "19", "30"]
    assert score_of(html) == "49"
    assert "three of a kind" in html


def test_nine_cards_from_the_size_choice_keep_rows_and_columns(client):
    location = client.get("/tally/grid?hand=K,5,7,K,3,9&resize=9").headers["Location"]
    assert location == "/tally/grid?size=9&hand=K,5,7,K,3,9,,,&sel=6"
    location = client.get("/tally/grid?size=9&hand=1,2,3,4,5,6,7,8,9&resize=4").headers["Location"]
    assert location == "/tally/grid?size=4&hand=A,2,4,5&sel=0"  # full: the first slot


def test_a_nine_card_hand_typed_with_the_wrong_count_says_so(client):
    html = client.get("/tally/grid?size=9&typed=K+5+7&fill=1").get_data(as_text=True)
    assert "Nine cards make this hand; you typed 3." in errors(html)
    location = client.get("/tally/grid?size=9&typed=K57K39A23&fill=1").headers["Location"]
    assert location.startswith("/tally/grid?size=9&hand=K,5,7,K,3,9,A,2,3")


def test_four_of_a_kind_is_a_line_under_the_columns_and_in_the_score(client):
    house_rules(client, four_of_a_kind=True)
    html = client.get("/tally/grid?hand=7,7,5,7,7,6").get_data(as_text=True)
    assert bonus_lines(html) == ["Columns: 11", "Four 7s: −20"]
    assert score_of(html) == "−9"


def test_blackjack_turns_a_21_into_0(client):
    house_rules(client, blackjack=True)
    html = client.get("/tally/grid?hand=9,3,Q,8,A,Q").get_data(as_text=True)  # 17 + 4 + 0 = 21
    assert bonus_lines(html) == ["Columns: 21", "Blackjack, 21 scores 0: −21"]
    assert score_of(html) == "0"
    html = client.get("/tally/grid?hand=9,3,Q,8,2,Q").get_data(as_text=True)  # 17 + 1 + 0 = 18
    assert bonus_lines(html) == [] and score_of(html) == "18"


def test_without_house_rules_no_bonus_line_shows(client):
    html = client.get("/tally/grid?hand=7,7,5,7,7,6").get_data(as_text=True)
    assert bonus_lines(html) == [] and score_of(html) == "11"


def test_the_one_eyed_jack_key_is_there_only_under_its_rule(client):
    html = client.get("/tally/grid").get_data(as_text=True)
    assert 'id="key-OJ"' not in html
    assert any("One-eyed Jacks rule" in e for e in errors(client.get("/tally/grid?key=OJ").get_data(as_text=True)))
    house_rules(client, one_eyed_jacks=True)
    html = client.get("/tally/grid").get_data(as_text=True)
    keys = re.findall(r'id="key-([A-Z0-9]+)"', html)
    assert keys[keys.index("J") + 1] == "OJ"  # beside the Jack
    assert 'aria-label="One-eyed Jack, 0 points"' in html
    location = client.get("/tally/grid?hand=J,5,,,,&sel=2&key=oj").headers["Location"]
    assert location == "/tally/grid?hand=J,5,OJ,,,&sel=3"
    html = client.get("/tally/grid?hand=OJ,5,7,J,3,9").get_data(as_text=True)
    assert "Top row, column 1: One-eyed Jack" in html
    assert column_points(html) == ["0", "8", "16"]  # a one-eyed Jack matches a Jack


def test_a_one_eyed_jack_typed_when_the_rule_is_off_changes_nothing(client):
    response = client.get("/tally/grid", query_string={"hand": "A,2,3,4,5,6", "typed": "OJ 5 7 K 3 9", "fill": "1"})
    html = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "A one-eyed Jack (OJ) counts only under the One-eyed Jacks rule; enter it as J." in errors(html)
    assert 'value="A,2,3,4,5,6"' in html
