"""Tally with one thumb, or a keyboard alone: tap counts, the result kept in view, focus always seen."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_security_phone import assert_clean, watched  # noqa: F401 (watched is a fixture)

HAND = ["K", "5", "7", "K", "3", "9"]  # K=10: the K column pairs to 0, then 5+3 and 7+9: 24
TAB_BAR_TOP = {844: 844 - 68, 640: 640 - 68}  # the tab bar's 68 px (docs/look-and-feel.md, "Frame")


class Thumb:
    """Taps, counted: the count is a property of the interface, asserted by the tests."""

    def __init__(self, page):
        self.page = page
        self.taps = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).tap()
        self.taps += 1


def test_a_six_card_hand_takes_six_taps(phone):
    phone.goto("/tally/grid")
    thumb = Thumb(phone)
    for i, code in enumerate(HAND):
        thumb.tap(f"#key-{code}")  # the selected slot moves on by itself
        expect(phone.locator(f"#slot-{i}")).to_have_attribute("data-code", code)
    expect(phone.locator("#grid-score")).to_have_text("24")
    assert thumb.taps == 6


def focus_ring_width(page) -> float:
    return page.evaluate(
        "(() => { const s = getComputedStyle(document.activeElement);"
        " return s.outlineStyle === 'none' ? 0 : parseFloat(s.outlineWidth); })()"
    )


def tab_to(page, element_id: str, limit: int = 40) -> int:
    """Press Tab until the element has focus; how many presses it took."""
    for presses in range(1, limit + 1):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.id") == element_id:
            return presses
    raise AssertionError(f"#{element_id} never took the focus in {limit} presses of Tab")


def test_a_hand_tallied_with_the_keyboard_alone_and_the_focus_always_shows(new_context):
    page = new_context(viewport={"width": 1024, "height": 800}, is_mobile=False, has_touch=False).new_page()
    page.goto("/tally/grid")
    page.keyboard.press("Tab")
    expect(page.locator(".skip")).to_be_focused()  # the first Tab offers to skip the header and tabs
    assert focus_ring_width(page) >= 2
    page.keyboard.press("Enter")
    # after the skip link: the three-way switch, the five sizes, then the grid
    assert tab_to(page, "slot-0") <= 9, "after the skip link, the grid is a few presses away"
    assert focus_ring_width(page) >= 2
    for i, code in enumerate(HAND):
        page.keyboard.press({"10": "t"}.get(code, code.lower()))  # typing a rank fills the selected slot
        expect(page.locator(f"#slot-{i}")).to_have_attribute("data-code", code)
    expect(page.locator("#grid-score")).to_have_text("24")
    # correcting a slot by keyboard: Tab to it, Enter picks it, Tab to a key, Enter fills it
    page.keyboard.press("Shift+Tab")  # from wherever the last swap left the focus, back into the grid
    tab_to(page, "slot-1")
    page.keyboard.press("Enter")
    expect(page.locator("#slot-1")).to_have_attribute("aria-pressed", "true")
    tab_to(page, "key-A")
    assert focus_ring_width(page) >= 2
    page.keyboard.press("Enter")
    expect(page.locator("#slot-1")).to_have_attribute("data-code", "A")
    expect(page.locator("#grid-score")).to_have_text("20")  # 0 + (1 + 3) + 16


@pytest.mark.parametrize(("width", "height"), [(390, 844), (320, 640)])
def test_the_club_cards_result_stays_in_view_while_the_cards_are_tapped(new_context, width, height):
    page = new_context(viewport={"width": width, "height": height}).new_page()
    page.goto("/tally/clubs?yardage=412")
    for card in ("250", "160", "3"):  # the 3 is in the short game, far down the page
        page.locator(f"#club-{card}").tap()
        expect(page.locator("#played")).to_contain_text(card)
    dock = page.locator("#result-dock")
    expect(dock).to_contain_text("Score 4")
    box = dock.bounding_box()
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= TAB_BAR_TOP[height] + 1, box
    key = page.locator("#club-4").bounding_box()  # the next card to tap is not hidden by it
    assert key is not None and (key["y"] + key["height"] <= box["y"] or key["y"] >= box["y"] + box["height"])


def test_a_style_the_browser_puts_on_an_element_breaks_no_rule_when_htmx_swaps(watched):  # noqa: F811
    # A resized text box, or a browser extension, leaves a style attribute; htmx must not copy it
    # over with setAttribute when it settles the swap (the Content-Security-Policy refuses that).
    watched.goto("/tally/clubs?yardage=412")
    watched.evaluate("document.getElementById('played').style.minHeight = '60px'")
    watched.locator("#club-250").tap()
    expect(watched.locator("#played")).to_contain_text("250")
    watched.goto("/tally/grid")
    watched.evaluate("document.getElementById('slot-0').style.outlineColor = 'red'")
    watched.locator("#key-K").tap()
    expect(watched.locator("#slot-0")).to_have_attribute("data-code", "K")
    assert_clean(watched, "swaps over elements with a style")


def save_house_rules(page, players: int = 2, **rules) -> None:
    """House rules for this browser context, through the data import (Settings does not show them all)."""
    from caddie.core.grid.rules import Rules
    from caddie.core.table import Table

    document = {
        "format": "caddie-and-tally",
        "version": 1,
        "exported_at": "2026-12-01T12:00:00+00:00",
        "settings": Table(rules=Rules(**rules), players=players, preset="custom").to_dict(),
        "courses": [],
        "rounds": [],
    }
    response = page.request.post("/api/v1/import?settings=replace", data=document)
    assert response.ok, response.text()


NINE = ["7", "7", "K", "7", "7", "Q", "7", "7", "K"]  # two columns of three 7s: four of a kind; K=0 Q K is 10


def test_a_nine_card_hand_with_four_of_a_kind_takes_nine_taps(phone):
    save_house_rules(phone, players=5, cards=9, king=0, four_of_a_kind=True)  # five players: two decks
    phone.goto("/tally/grid")
    thumb = Thumb(phone)
    for i, code in enumerate(NINE):
        thumb.tap(f"#key-{code}")
        expect(phone.locator(f"#slot-{i}")).to_have_attribute("data-code", code)
    expect(phone.locator("#bonuses li")).to_have_text(["Columns: 10", "Four 7s: −20"])
    expect(phone.locator("#grid-score")).to_have_text("−10")
    assert thumb.taps == 9
    # the three rows stand within the screen, the keypad's first row too, above the tab bar
    last_slot, key = phone.locator("#slot-8").bounding_box(), phone.locator("#key-A").bounding_box()
    assert last_slot and key and key["y"] + key["height"] <= TAB_BAR_TOP[844], key


@pytest.mark.look
@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("width", [390, 320])
def test_the_nine_card_page_passes_the_audits(new_context, width, scheme):
    from tests.browser.audit import assert_page_passes

    page = new_context(viewport={"width": width, "height": 844}, color_scheme=scheme).new_page()
    save_house_rules(page, players=5, cards=9, king=0, four_of_a_kind=True, one_eyed_jacks=True)
    page.goto("/tally/grid?hand=7,7,K,7,7,OJ,7,7,&sel=8")
    expect(page.locator("#key-OJ")).to_have_attribute("aria-label", "One-eyed Jack, 0 points")
    expect(page.locator("#bonuses")).to_contain_text("Four 7s: −20")
    assert_page_passes(page, f"/tally/grid nine cards at {width} px, {scheme}")
