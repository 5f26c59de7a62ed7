"""Play under the house rules on a phone: a nine-card hole fits the screen at every step, and a
hole under the table adjustments ends with each player's lines and the score they make
(docs/grid-golf.md, "House rules")."""

from __future__ import annotations

from playwright.sync_api import expect

from caddie.core.grid.rules import Rules
from caddie.core.table import Table
from tests.browser.test_play_phone import (
    THINKING,
    play_my_turn,
    start_match,
    then_wait_for_the_table,
    wait_while_computers_play,
)


def save_house_rules(page, **rules) -> None:
    """This browser's Settings, through the data import (the same cookie as the page)."""
    page.goto("/")
    document = {
        "format": "caddie-and-tally",
        "version": 1,
        "exported_at": "2026-12-01T12:00:00+00:00",
        "settings": Table(rules=Rules(**rules), preset="custom").to_dict(),
        "courses": [],
        "rounds": [],
    }
    response = page.request.post("/api/v1/import?settings=replace", data=document)
    assert response.status == 200, response.text()


def points(text: str) -> int:
    return int(text.strip().replace("\u2212", "-").replace("+", ""))


def play_one_hole(page, check=None) -> None:
    for _ in range(400):
        if page.locator("#next-hole").count() or page.locator("#match-winner").count():
            return
        if check:
            check(page)
        if page.locator(THINKING).count():  # the server moves the computers; the page hears of it
            wait_while_computers_play(page)
            continue
        then_wait_for_the_table(page, lambda: play_my_turn(page))
    raise AssertionError("the hole did not end")


def fits_the_phone(page) -> None:
    size = page.evaluate("() => [document.documentElement.scrollWidth, document.documentElement.scrollHeight]")
    assert size[0] <= 390 and size[1] <= 844, f"the table scrolls: {size}"


def test_a_nine_card_hole_on_one_screen(phone):
    start_match(phone, 2, 9, "twos", True, False)
    expect(phone.locator(".my-grid .grid.rows-3 .col")).to_have_count(3)
    expect(phone.locator(".my-grid .slot")).to_have_count(9)
    play_one_hole(phone, fits_the_phone)  # every step of the hole (the hole's end adds its review below)
    columns = [points(t) for t in phone.locator(".my-grid .column-points").all_inner_texts()]
    assert len(columns) == 3
    assert points(phone.locator("#my-hole-points").inner_text()) == sum(columns)


def test_a_speed_golf_hole_fits_the_phone_while_it_offers_a_flip_turn_and_a_knock(phone):
    save_house_rules(phone, flip_as_action=True, early_knock=True, initial_flips=1)
    start_match(phone, 1, 4, "twos", False, False)
    offered = set()
    for _ in range(200):
        if phone.locator("#next-hole").count():
            # the computer went out before this phone could knock: the hole's review is below the
            # table (the page scrolls, rightly), so on to the next hole and try again
            then_wait_for_the_table(phone, lambda: phone.locator("#next-hole").tap())
            continue
        if phone.locator(THINKING).count():
            wait_while_computers_play(phone)
            continue
        prompt = phone.locator("#prompt").inner_text()
        fits_the_phone(phone)
        if phone.locator("#knock").count():  # two cards down: knock, and the hole ends
            offered.add("knock")
            expect(phone.locator("#knock")).to_have_text("Knock: go out")
            assert phone.evaluate(
                "() => { const b = document.getElementById('knock'); return b.scrollWidth <= b.clientWidth; }"
            )
            then_wait_for_the_table(phone, lambda: phone.locator("#knock").tap())
            break
        if "or a face-down card" in prompt:  # a flip as the whole turn
            offered.add("flip")
            then_wait_for_the_table(phone, lambda: phone.locator(".my-grid button.slot.legal").first.tap())
            continue
        then_wait_for_the_table(phone, lambda: play_my_turn(phone))
    assert offered == {"knock", "flip"}
    expect(phone.locator("#next-hole")).to_be_visible()  # the knock ended the hole (its review follows below)


def test_a_hole_under_the_table_adjustments_shows_each_players_lines(phone):
    save_house_rules(phone, knock_penalty=True, underdog=True, tied_shame=True, four_of_a_kind=True)
    start_match(phone, 2, 6, "twos", False, False)
    expect(phone.locator(".rules-chip, [class*=chip]").first).to_contain_text("underdog −3")
    play_one_hole(phone)
    # the lowest score of the hole always takes the underdog's −3, so some player has a line
    lines = phone.locator(".hole-lines li").all_inner_texts()
    assert any(line.startswith("Underdog") for line in lines), lines
    mine = [line.rsplit(":", 1)[1] for line in phone.locator("#my-hole-lines li").all_inner_texts()]
    columns = [points(t) for t in phone.locator(".my-grid .column-points").all_inner_texts()]
    assert points(phone.locator("#my-hole-points").inner_text()) == sum(columns) + sum(points(m) for m in mine)
