"""The whole-table Tally page through the Flask test client: every player's grid, who went
out first, each player's score line by line, and the one tap into the ledger (docs/tally.md)."""

from __future__ import annotations

import html as htmllib
import re

import pytest
from werkzeug.datastructures import MultiDict

from tests.web.test_ledger_pages import deal
from tests.web.test_tally_grid import house_rules

ANN = "5,5,9,K,K,9"  # (5,K) 15 + (5,K) 15 + (9,9) 0 = 30
BO = "A,2,3,A,2,3"  # three matched columns: 0


def errors(html: str) -> dict[str, str]:
    return {
        ident: htmllib.unescape(text) for ident, text in re.findall(r'class="error" id="([^"]+)"[^>]*>([^<]+)<', html)
    }


def lines(html: str, seat: int) -> list[str]:
    block = re.search(rf'<ul class="bonus-lines" id="lines-{seat}">(.*?)</ul>', html, re.S)
    assert block, f"no lines for seat {seat}"
    return [htmllib.unescape(line) for line in re.findall(r"<li[^>]*>([^<]+)</li>", block.group(1))]


def score(html: str, seat: int) -> str:
    return htmllib.unescape(re.search(rf'id="score-{seat}">([^<]+)<', html).group(1))


def ledger_form(html: str) -> MultiDict:
    """The hidden fields of the "into the ledger" form, as the browser would send them."""
    form = re.search(r'<form class="panel to-ledger"(.*?)</form>', html, re.S)
    assert form, "no ledger form on the page"
    return MultiDict(
        (name, htmllib.unescape(value))
        for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', form.group(1))
    )


def round_scores(client, public_id: str) -> list[list[int | None]]:
    summary = client.get(f"/api/v1/rounds/{public_id}").get_json()
    return [player["scores"] for player in summary["players"]]


def table_url(*grids: str, **args) -> dict:
    return {"players": str(len(grids)), "grid": list(grids), **{k: str(v) for k, v in args.items()}}


def test_an_empty_table_has_two_players_and_the_keypad(client):
    html = client.get("/tally/table").get_data(as_text=True)
    assert 'id="seat-0"' in html and 'id="seat-1"' in html and 'id="seat-2"' not in html
    assert "Player 1" in html and "Player 2" in html
    assert html.count('name="pick"') == 6 and 'id="key-K"' in html
    assert "12 cards still to enter" in html
    assert 'id="write-hole"' not in html  # nothing to write before every card is in


def test_a_key_fills_the_slot_and_a_full_grid_moves_on_to_the_next_player(client):
    response = client.get("/tally/table", query_string=table_url("5,5,9,K,K,", "", seat=0, sel=5, key="9"))
    assert response.status_code == 303
    assert response.headers["Location"] == "/tally/table?players=2&grid=5,5,9,K,K,9&grid=,,,,,&seat=1&sel=0"
    response = client.get(response.headers["Location"] + "&key=a", headers={"HX-Request": "true"})
    assert "<html" not in response.get_data(as_text=True)
    assert response.headers["HX-Push-Url"].endswith("grid=A,,,,,&seat=1&sel=1")


def test_every_players_score_line_by_line_with_the_table_rules(client):
    house_rules(client, knock_penalty=True, underdog=True)
    html = client.get("/tally/table", query_string=table_url(ANN, BO, out=0)).get_data(as_text=True)
    assert lines(html, 0) == ["Columns: 30", "Knock penalty, beaten after going out: +10"]
    assert lines(html, 1) == ["Columns: 0", "Underdog, lowest score: −3"]
    assert (score(html, 0), score(html, 1)) == ("40", "−3")
    assert 'aria-current="true">Player 1</button>' in html.replace("\n", "")  # who went out is marked
    html = client.get("/tally/table", query_string=table_url(ANN, BO)).get_data(as_text=True)
    assert lines(html, 0) == ["Columns: 30"] and score(html, 0) == "30"  # nobody out: no knock rules


def test_hand_bonuses_then_adjustments_in_order(client):
    house_rules(client, four_of_a_kind=True, knock_bonus=True, tied_shame=True)
    html = client.get("/tally/table", query_string=table_url("7,7,5,7,7,6", "K,K,A,K,K,A", out=1)).get_data(
        as_text=True
    )
    assert lines(html, 0) == ["Columns: 11", "Four 7s: −20"]
    # Bo: 0 + 0 + 0 − 20 four Kings = −20, knock bonus −5: −25; no tie
    assert lines(html, 1) == ["Columns: 0", "Four Kings: −20", "Knock bonus, out first: −5"]
    assert (score(html, 0), score(html, 1)) == ("−9", "−25")


def test_nine_card_grids_at_a_table(client):
    house_rules(client, cards=9, king=0, end="final_turn")
    grids = ("7,5,K,7,5,Q,7,9,K", "A,A,A,2,2,2,3,3,3")
    html = client.get("/tally/table", query_string=table_url(*grids)).get_data(as_text=True)
    assert html.count('name="pick"') == 9 and "Middle row" in html
    assert (score(html, 0), score(html, 1)) == ("29", "6")  # 0 + 19 + 10 (K=0); three columns of A, 2, 3


@pytest.mark.parametrize(
    ("query", "field", "message"),
    [
        (table_url("K,K,K,K,,", "", seat=0, sel=4, key="K"), "keypad-error", "5 Kings, but one deck holds only 4."),
        (table_url("K,K,K,,,", "K,,,,,", seat=1, sel=1, key="K"), "keypad-error", "5 Kings at the table"),
        (table_url("", "", key="OJ"), "keypad-error", "A one-eyed Jack (OJ) counts only under the One-eyed Jacks rule"),
        (table_url("", "", key="JK"), "keypad-error", "Jokers are not in play under these rules"),
        (table_url(ANN, BO, went_out="5"), "out-error", "There is no such player at this table"),
        (table_url(ANN, BO, show="7"), "show-error", "There is no such player at this table"),
        (table_url(ANN, BO, count="9"), "count-error", "A table seats 2 to 8 players."),
        (table_url(ANN, BO, count="one"), "count-error", "A table seats 2 to 8 players."),
    ],
)
def test_bad_input_gets_a_sentence_beside_the_field_and_changes_nothing(client, query, field, message):
    response = client.get("/tally/table", query_string=query)
    html = response.get_data(as_text=True)
    assert response.status_code == 200  # not redirected: the URL keeps what was there
    assert message in errors(html).get(field, ""), errors(html)
    for grid in query["grid"]:
        assert f'name="grid" value="{grid or ",,,,,"}"' in html
    assert f'name="players" value="{query["players"]}"' in html


def test_more_copies_at_the_table_than_its_decks_hold_is_no_score(client):
    html = client.get("/tally/table", query_string=table_url("K,K,K,5,5,5", "K,K,5,6,6,6")).get_data(as_text=True)
    assert "5 Kings at the table, but one deck holds only 4." in errors(html)["grids-error"]
    assert 'id="score-0"' not in html and 'id="write-hole"' not in html


def test_players_and_names(client):
    response = client.get("/tally/table", query_string={**table_url(ANN, BO), "count": "3"})
    assert (
        response.headers["Location"]
        == "/tally/table?players=3&grid=5,5,9,K,K,9&grid=A,2,3,A,2,3&grid=,,,,,&seat=0&sel=0"
    )
    response = client.get("/tally/table", query_string={**table_url(ANN, BO), "name": ["Ann", " Bo "], "names": "1"})
    html = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Ann's grid" in htmllib.unescape(html) and 'value="Bo"' in html
    html = client.get("/tally/table", query_string={"name": ["You", "Bo"]}).get_data(as_text=True)
    assert "Your grid" in html and "Clear your grid" in html
    html = client.get("/tally/table", query_string={"players": "1"}).get_data(as_text=True)
    assert "A table seats 2 to 8 players." in errors(html)["count-error"]


def test_a_tampered_url_is_not_a_500(client):
    for query in (
        "players=99&grid=ZZ,5&seat=-4&sel=99",
        "players=8&grid=" + "K," * 400,
        "out=abc&went_out=&show=&key=",
        "round=nonesuch&players=2",
        "round=%00&grid=%FF",
        "count=1000000000000000000000",
    ):
        assert client.get("/tally/table?" + query).status_code in (200, 303), query


# -- into the ledger ------------------------------------------------------------------------


def test_from_a_round_one_tap_writes_the_hole_for_every_player(client):
    house_rules(client, knock_penalty=True, underdog=True)
    public_id = deal(client, names=("Ann", "Bo"))
    html = client.get("/tally/table", query_string={**table_url(ANN, BO, out=0), "round": public_id}).get_data(
        as_text=True
    )
    assert "Ann" in html and "Bo" in html and 'id="set-names"' not in html  # the round's players
    assert "Add hole 1 to the ledger" in html
    response = client.post("/tally/table/ledger", data=ledger_form(html))
    assert response.status_code == 303
    assert response.headers["Location"] == f"/ledger/r/{public_id}#scorecard"
    assert [scores[0] for scores in round_scores(client, public_id)] == [40, -3]
    # the next hole of the round goes to hole 2
    html = client.get("/tally/table", query_string={**table_url(BO, ANN), "round": public_id}).get_data(as_text=True)
    assert "Add hole 2 to the ledger" in html
    client.post("/tally/table/ledger", data=ledger_form(html))
    assert [scores[:2] for scores in round_scores(client, public_id)] == [[40, -3], [-3, 30]]  # underdog, 0 − 3


def test_a_stale_write_is_refused_not_overwritten(client, csrf_token):
    public_id = deal(client, names=("Ann", "Bo"))
    html = client.get("/tally/table", query_string={**table_url(ANN, BO), "round": public_id}).get_data(as_text=True)
    form = ledger_form(html)
    # meanwhile, someone enters Bo's hole 1 on the scorecard
    token = csrf_token(f"/ledger/r/{public_id}")
    entered = client.post(
        f"/ledger/r/{public_id}/score",
        data={"csrf_token": token, "seat": "1", "hole": "1", "score": "7", "version": "0"},
    )
    assert entered.status_code in (200, 303), entered.get_data(as_text=True)
    response = client.post("/tally/table/ledger", data=form)
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "Someone else changed Bo on hole 1 a moment ago, so the hole was not added." in errors(html)["ledger-error"]
    assert [scores[0] for scores in round_scores(client, public_id)] == [None, 7]  # nothing written, 7 kept
    assert "Add hole 2 to the ledger" in html  # the fresh card's next hole, grids kept
    assert 'name="grid" value="5,5,9,K,K,9"' in html


def test_without_a_round_the_tap_starts_one_with_these_players(client):
    query = {**table_url(ANN, BO), "name": ["Ann", "Bo"]}
    html = client.get("/tally/table", query_string=query).get_data(as_text=True)
    assert "Start a round with hole 1" in html
    response = client.post("/tally/table/ledger", data=ledger_form(html))
    assert response.status_code == 303
    public_id = re.match(r"/ledger/r/([^#]+)#scorecard", response.headers["Location"]).group(1)
    assert [scores[0] for scores in round_scores(client, public_id)] == [30, 0]
    # the same players again: the open round is offered, at its next hole
    html = client.get("/tally/table", query_string=query).get_data(as_text=True)
    assert "Add hole 2 to the ledger" in html
    assert f'name="round_id" value="{public_id}"' in html


def test_a_ledger_write_refuses_what_it_cannot_write(client):
    public_id = deal(client, names=("Ann", "Bo"))
    html = client.get("/tally/table", query_string={**table_url(ANN, BO), "round": public_id}).get_data(as_text=True)
    form = ledger_form(html)
    without_token = MultiDict([(k, v) for k, v in form.items(multi=True) if k != "csrf_token"])
    assert client.post("/tally/table/ledger", data=without_token).status_code == 400
    unfinished = MultiDict([(k, "5,5,9,K,K," if v == ANN else v) for k, v in form.items(multi=True)])
    response = client.post("/tally/table/ledger", data=unfinished)
    assert response.status_code == 400
    assert "Enter every player's cards" in errors(response.get_data(as_text=True))["ledger-error"]
    assert (
        client.post(
            "/tally/table/ledger",
            data=MultiDict([(k, "x" * 16 if k == "round_id" else v) for k, v in form.items(multi=True)]),
        ).status_code
        == 404
    )
    assert round_scores(client, public_id) == [[None] * 9, [None] * 9]


def test_another_browser_cannot_write_the_round(client, app):
    public_id = deal(client, names=("Ann", "Bo"))
    html = client.get("/tally/table", query_string={**table_url(ANN, BO), "round": public_id}).get_data(as_text=True)
    other = app.test_client()
    page = other.get("/tally/table", query_string={**table_url(ANN, BO), "round": public_id}).get_data(as_text=True)
    assert "That round is not open in this browser" in errors(page)["round-error"]
    token = re.search(r'<meta name="csrf-token" content="([^"]+)"', page).group(1)
    stolen = MultiDict([(k, token if k == "csrf_token" else v) for k, v in ledger_form(html).items(multi=True)])
    assert other.post("/tally/table/ledger", data=stolen).status_code == 404


def test_a_house_rule_score_below_minus_twenty_reaches_the_ledger(client):
    # four of a kind and the knock bonus take Bo to −25, lower than a hole scored without house rules
    house_rules(client, four_of_a_kind=True, knock_bonus=True)
    public_id = deal(client, names=("Ann", "Bo"))
    query = {**table_url("7,7,5,7,7,6", "K,K,A,K,K,A", out=1), "round": public_id}
    html = client.get("/tally/table", query_string=query).get_data(as_text=True)
    assert score(html, 1) == "−25"
    response = client.post("/tally/table/ledger", data=ledger_form(html))
    assert response.status_code == 303
    assert [scores[0] for scores in round_scores(client, public_id)] == [-9, -25]


def test_an_open_grid_round_links_to_its_next_hole_on_this_page(client):
    public_id = deal(client, names=("Ann", "Bo"))
    round_page = client.get(f"/ledger/r/{public_id}").get_data(as_text=True)
    link = re.search(r'id="tally-table-link" href="([^"]+)"', round_page)
    assert link, "the round page offers the whole-table tally"
    html = client.get(htmllib.unescape(link.group(1))).get_data(as_text=True)
    assert "Ann" in html and "Bo" in html and "Add hole 1 to the ledger" not in html  # no cards yet
    assert 'name="round"' in html or public_id in html
