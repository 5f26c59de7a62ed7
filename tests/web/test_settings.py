"""Settings: saved per browser, applied everywhere, bad input refused beside its field."""

from __future__ import annotations

import html as htmllib
import re

import pytest

from tests.web.conftest import VERSION, settings_form

CHIP = re.compile(r'Rules in force:</span><span class="rules-chip-text">([^<]+)<')


def chip(client, path="/") -> str:
    return htmllib.unescape(CHIP.search(client.get(path).get_data(as_text=True)).group(1).strip())


def errors(html: str) -> list[str]:
    return [htmllib.unescape(e) for e in re.findall(r'class="error"[^>]*>([^<]+)<', html)]


def test_defaults_are_the_standard_preset(client):
    assert chip(client) == "Standard rules"
    html = client.get("/settings").get_data(as_text=True)
    assert re.search(r'value="10"\s+checked|checked[^>]*value="10"', html)


def test_saving_applies_everywhere_and_survives_a_new_request(client, settings_saver):
    settings_saver(cards=8, king=0, negatives="both", end="final_turn", beyond="6")
    for path in ("/", "/tally/grid", "/rules/", "/settings", "/play/", "/ledger/"):
        assert chip(client, path) == "Bicycle · Eight cards · 2s & jokers −2", path
    # Club Cards pages show the table's Club Cards deck and chart instead
    for path in ("/tally/clubs", "/rules/clubs", "/play/clubs/", "/courses/"):
        assert chip(client, path) == "Club Cards · 51 cards · own chart", path
    html = client.get("/tally/grid").get_data(as_text=True)
    assert html.count('name="pick"') == 8 and 'id="key-JK"' in html


def test_settings_belong_to_one_browser(app, client, settings_saver):
    settings_saver(king=0)
    other = app.test_client()
    assert chip(other) == "Standard rules"
    assert chip(client) == "Classic rules"


def test_the_saved_preset_is_recognised(client, settings_saver):
    settings_saver(king=0, end="final_turn", holes=18)
    html = client.get("/settings").get_data(as_text=True)
    assert re.search(r'value="bicycle"[^>]*aria-current="true"', html)


def test_loading_a_preset_fills_the_form_without_saving(client, csrf_token):
    data = settings_form(holes=18, apply_preset="classic", csrf_token=csrf_token("/settings"), version="0")
    html = client.post("/settings", data=data).get_data(as_text=True)
    assert "loaded. Press Save to use it." in html
    assert re.search(
        r'name="king" type="radio" value="0" checked|id="king-1" name="king" type="radio" value="0" checked', html
    ) or re.search(r'value="0"[^>]*checked[^>]*>|checked[^>]*value="0"', html)
    assert 'name="holes" type="number" inputmode="numeric" min="1" max="18" value="18"' in html
    assert chip(client) == "Standard rules"


@pytest.mark.parametrize(
    "changes, field, message",
    [
        ({"holes": "x"}, "holes", '"x" is not a number of holes'),
        ({"holes": "19"}, "holes", "A match is 1 to 18 holes long."),
        ({"players": "9"}, "players", "A table seats 1 to 8 players."),
        ({"players": None}, "players", "Say how many players sit at the table."),
        ({"king": "5"}, "king", "A King is worth 10, 0 or −2 points."),
        ({"club_deck": "250 abc"}, "club_deck", '"abc" is not a yardage'),
        ({"club_deck": "250 200"}, "club_deck", "at least 14 cards"),
        ({"club_deck": ""}, "club_deck", "List the yardage of every card"),
        ({"chart-2-up_to": "5"}, "chart", "must reach further over than the one before"),
        ({"chart-2-strokes": None}, "chart", "Row 3 of the penalty chart needs both"),
        ({"chart-0-up_to": "3"}, "chart", "starts with the band for landing exactly"),
        ({"beyond": "2"}, "chart", "at least as much as that band"),
    ],
)
def test_bad_input_is_refused_beside_the_field_and_nothing_is_saved(client, csrf_token, changes, field, message):
    before = chip(client)
    data = settings_form(**changes)
    data.update(csrf_token=csrf_token("/settings"), version="0")
    response = client.post("/settings", data=data)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert any(message in e for e in errors(html)), errors(html)
    for _name, value in changes.items():
        if value:
            assert htmllib.escape(value, quote=True) in html or value in html  # what was typed stays
    assert chip(client) == before


def test_a_post_without_a_csrf_token_is_refused(client):
    response = client.post("/settings", data=settings_form(version="0", king="0"))
    assert response.status_code == 400
    assert "nothing was changed" in response.get_data(as_text=True)
    assert chip(client) == "Standard rules"


def test_an_htmx_post_carries_the_token_in_a_header(client, csrf_token):
    token = csrf_token("/settings")
    response = client.post(
        "/settings", data=settings_form(version="0", king="0"), headers={"HX-Request": "true", "X-CSRFToken": token}
    )
    assert response.status_code == 204 and response.headers["HX-Redirect"] == "/settings"
    assert chip(client) == "Classic rules"


def test_a_stale_form_is_refused_and_keeps_the_choices(app, client, settings_saver, csrf_token):
    settings_saver(king=0)  # version 1 now
    data = settings_form(cards=4, csrf_token=csrf_token("/settings"), version="0")
    response = client.post("/settings", data=data)
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert "changed in another tab" in html
    assert chip(client) == "Classic rules"
    assert VERSION.search(html).group(1) == "1"  # saving again now is a deliberate choice


def test_defaults_button_restores_the_standard_table(client, settings_saver, csrf_token):
    settings_saver(king=0, cards=10)
    data = settings_form(king=0, cards=10, reset="1", csrf_token=csrf_token("/settings"), version="1")
    html = client.post("/settings", data=data).get_data(as_text=True)
    assert "Defaults loaded" in html
    assert chip(client) == "Classic · Ten cards"  # not saved until Save
