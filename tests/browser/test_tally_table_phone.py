"""A whole table's hole tallied on one phone, one-handed, and written into the ledger in one tap."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.audit import assert_page_passes
from tests.browser.test_tally_one_hand import Thumb, save_house_rules

ANN = ["5", "5", "9", "K", "K", "9"]  # (5,K) 15 + (5,K) 15 + (9,9) 0 = 30; out first and beaten: +10
BO = ["A", "2", "3", "A", "2", "3"]  # three matched columns: 0; the lowest: underdog −3


def deal_round(page, names) -> str:
    page.goto("/ledger/new")
    for i, name in enumerate(names):
        page.locator(f"#players-{i}").fill(name)
    page.locator("#deal").tap()
    expect(page).to_have_url(re.compile(r"/ledger/r/"))
    return re.search(r"/ledger/r/([^?#]+)", page.url).group(1)


def test_a_two_player_hole_with_knock_penalty_and_underdog_into_the_ledger_in_fourteen_taps(phone):
    save_house_rules(phone, knock_penalty=True, underdog=True)
    public_id = deal_round(phone, ["Ann", "Bo"])
    phone.goto(f"/tally/table?round={public_id}")  # from the round: its players
    expect(phone.locator("#seat-title")).to_have_text("Ann's grid")

    thumb = Thumb(phone)
    for seat, grid in enumerate((ANN, BO)):
        for i, code in enumerate(grid):
            thumb.tap(f"#key-{code}")  # a full grid moves on to the next player by itself
            if seat == 0 and i == len(grid) - 1:
                expect(phone.locator("#seat-title")).to_have_text("Bo's grid")
            else:
                expect(phone.locator(f"#slot-{i}")).to_have_attribute("data-code", code)
    thumb.tap("#out-0")  # Ann went out first
    expect(phone.locator("#lines-0 li")).to_have_text(["Columns: 30", "Knock penalty, beaten after going out: +10"])
    expect(phone.locator("#lines-1 li")).to_have_text(["Columns: 0", "Underdog, lowest score: −3"])
    expect(phone.locator("#score-0")).to_have_text("40")
    expect(phone.locator("#score-1")).to_have_text("−3")
    expect(phone.locator("#write-hole")).to_have_text("Add hole 1 to the ledger ▸")
    thumb.tap("#write-hole")

    expect(phone).to_have_url(re.compile(rf"/ledger/r/{public_id}"))
    expect(phone.locator("#cell-0-1")).to_have_attribute("data-score", "40")
    expect(phone.locator("#cell-1-1")).to_have_attribute("data-score", "-3")
    assert thumb.taps == 14  # six cards each, who went out, and the one write


def test_the_table_without_javascript_is_the_same_page(new_context):
    page = new_context(java_script_enabled=False).new_page()
    page.goto("/tally/table?players=2&grid=5,5,9,K,K,&seat=0&sel=5")
    page.locator("#key-9").tap()  # a plain GET form, redirected to the new state's URL
    expect(page.locator("#seat-title")).to_have_text("Player 2's grid")
    assert "grid=5,5,9,K,K,9" in page.url
    for code in BO:
        page.locator(f"#key-{code}").tap()
    page.locator("#out-none").tap()
    expect(page.locator("#score-0")).to_have_text("30")
    page.locator("#write-hole").tap()  # no round yet: it starts one with these players
    expect(page.locator("#cell-0-1")).to_have_attribute("data-score", "30")
    expect(page.locator("#cell-1-1")).to_have_attribute("data-score", "0")


@pytest.mark.look
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [390, 320])
def test_the_table_page_passes_the_audits(new_context, width, scheme):
    page = new_context(viewport={"width": width, "height": 844}, color_scheme=scheme).new_page()
    save_house_rules(page, knock_penalty=True, underdog=True, tied_shame=True, four_of_a_kind=True)
    names = "&".join(f"name={name}" for name in ("Ann", "Bo", "Cyrus the Magnificent", "Di"))
    grids = "grid=5,5,9,K,K,9&grid=A,2,3,A,2,3&grid=7,7,5,7,7,6&grid=Q,J,,,,"
    page.goto(f"/tally/table?players=4&{names}&{grids}&seat=3&sel=2&out=0")
    page.locator(".table-players summary").tap()  # the names open too
    assert_page_passes(page, f"/tally/table, four players, at {width} px, {scheme}")
    page.locator("#key-4").tap()
    for code in ("4", "6", "8"):
        page.locator(f"#key-{code}").tap()
    expect(page.locator("#score-3")).to_be_visible(timeout=15000)  # four swaps in a row on a loaded machine
    assert_page_passes(page, f"/tally/table scored, at {width} px, {scheme}")


def test_the_names_panel_stays_open_and_the_keypad_stays_put_while_cards_go_in(phone):
    """Opened names must not fold up when a tap's answer redraws the form: the keypad would jump
    under the finger, and the next tap would land on "Clear grid" (seen in CI)."""
    phone.goto("/tally/table?players=2&grid=Q,J,,,,&seat=0&sel=2")
    phone.locator(".table-players summary").tap()
    expect(phone.locator("#table-players")).to_have_attribute("open", "")
    phone.locator("#key-4").scroll_into_view_if_needed()
    before = phone.locator("#key-4").bounding_box()
    phone.locator("#key-4").tap()
    expect(phone.locator("#slot-2")).to_have_attribute("data-code", "4")
    expect(phone.locator("#table-players")).to_have_attribute("open", "")
    assert phone.locator("#key-4").bounding_box() == before
    phone.locator("#key-6").tap()
    expect(phone.locator("#slot-3")).to_have_attribute("data-code", "6")
    expect(phone.locator("#table-players")).to_have_attribute("open", "")
    phone.locator(".table-players summary").tap()  # and a panel closed by hand stays closed
    phone.locator("#key-8").tap()
    expect(phone.locator("#slot-4")).to_have_attribute("data-code", "8")
    expect(phone.locator("#table-players")).not_to_have_attribute("open", "")
