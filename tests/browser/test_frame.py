"""The frame every page shares, on a real phone-sized browser.

Only the frame (header, rules chip, tab bar) is pinned down here; the pages
inside it are found by role and text so that they can change freely.
"""

from __future__ import annotations

from urllib.parse import urlparse

import pytest
from playwright.sync_api import expect

PHONE_WIDTH = 390
PHONE_HEIGHT = 844
MIN_TAP = 48
DEFAULT_RULES = "Standard rules"
TABS = ("Tally", "Caddie", "Ledger", "Play", "Settings")  # the five destinations (docs/look-and-feel.md, "Frame")


def open_page(page, path: str):
    response = page.goto(path)
    assert response is not None and response.status == 200, f"{path} answered {response and response.status}"
    return response


def path_of(url: str) -> str:
    return urlparse(url).path.rstrip("/") or "/"


def test_home_does_not_scroll_sideways_on_a_phone(phone):
    open_page(phone, "/")
    scroll_width = phone.evaluate("document.documentElement.scrollWidth")
    assert scroll_width <= PHONE_WIDTH, f"the page is {scroll_width} px wide on a {PHONE_WIDTH} px phone"
    # A phone widens its layout viewport to fit overflowing content: that is sideways scrolling too.
    assert phone.evaluate("window.innerWidth") == PHONE_WIDTH


def test_bottom_tab_bar_has_big_targets(phone):
    open_page(phone, "/")
    nav = phone.get_by_role("navigation", name="Main")
    expect(nav).to_be_visible()
    expect(nav).to_be_in_viewport()
    box = nav.bounding_box()
    assert box is not None
    assert abs(box["y"] + box["height"] - PHONE_HEIGHT) <= 1, "the tab bar sits at the bottom of the screen"

    for name in TABS:
        link = nav.get_by_role("link", name=name, exact=True)
        expect(link).to_be_visible()
        target = link.bounding_box()
        assert target is not None
        assert target["height"] >= MIN_TAP, f"{name} tab is {target['height']} px tall"
        assert target["width"] >= MIN_TAP, f"{name} tab is {target['width']} px wide"


def test_tab_bar_stays_visible_after_scrolling(phone):
    open_page(phone, "/")
    phone.evaluate("document.body.style.minHeight = '3000px'; window.scrollTo(0, 2000)")
    expect(phone.get_by_role("navigation", name="Main")).to_be_in_viewport()


def test_current_tab_is_marked(phone):
    open_page(phone, "/tally/grid")
    nav = phone.get_by_role("navigation", name="Main")
    expect(nav.get_by_role("link", name="Tally", exact=True)).to_have_attribute("aria-current", "page")
    expect(nav.locator("[aria-current]")).to_have_count(1)


def test_rules_chip_shows_the_rules_and_leads_to_settings(phone):
    open_page(phone, "/")
    chip = phone.get_by_role("banner").get_by_role("link", name=DEFAULT_RULES)
    expect(chip).to_be_visible()
    expect(chip).to_contain_text(DEFAULT_RULES)
    chip.tap()
    phone.wait_for_url(lambda url: path_of(url) == "/settings")
    assert path_of(phone.url) == "/settings"


def test_a_long_rules_chip_ends_in_an_ellipsis_and_keeps_its_whole_text(new_context):
    from tests.browser.test_settings_phone import turn_on_two_hand_bonuses

    page = new_context(viewport={"width": 320, "height": 640}).new_page()
    turn_on_two_hand_bonuses(page)
    text = page.locator(".rules-chip .rules-chip-text")
    full = text.text_content()
    assert full.endswith("four of a kind −20 · Wolfpack −20"), full
    # cut short on the screen, with an ellipsis ...
    assert text.evaluate("e => [getComputedStyle(e).textOverflow, e.scrollWidth > e.clientWidth]") == ["ellipsis", True]
    # ... and whole in its title and its accessible name
    assert full in page.locator(".rules-chip").get_attribute("title")
    expect(page.get_by_role("banner").get_by_role("link", name=f"Rules in force: {full}")).to_be_visible()


def test_pages_work_without_javascript(new_context):
    page = new_context(java_script_enabled=False).new_page()
    open_page(page, "/tally/grid")
    nav = page.get_by_role("navigation", name="Main")
    expect(nav).to_be_visible()
    nav.get_by_role("link", name="Settings", exact=True).click()
    page.wait_for_url(lambda url: path_of(url) == "/settings")


@pytest.mark.parametrize("path", ["/", "/tally/grid"])
def test_desktop_frame(desktop, path):
    open_page(desktop, path)
    expect(desktop.get_by_role("navigation", name="Main")).to_be_visible()
    assert desktop.evaluate("document.documentElement.scrollWidth") <= 1280
