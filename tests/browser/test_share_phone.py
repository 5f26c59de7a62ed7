"""Share buttons beside the links meant for another phone (static/js/share.js): the phone's share
sheet with the link and what it is for, or, where the browser has none, a copy to the clipboard
that says "Copied" without moving anything under the finger."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.audit import small_targets

# What the page's navigator.share was handed, kept for the test to read.
STUB_SHARE = "navigator.share = (data) => { window.sharedWith = data; return Promise.resolve(); };"
NO_SHARE = "delete Navigator.prototype.share;"
# A phone at http://192.168.x.x:8000 (the table server at home): no secure context, so neither the
# share sheet nor the clipboard API; the copy is made the older way.
PLAIN_HTTP = "Object.defineProperty(window, 'isSecureContext', { get: () => false });"


def _lobby(page, name="Ann"):
    page.goto("/t/new")
    page.fill("#name", name)
    page.locator("#make-table").tap()
    expect(page.locator("#table-code")).to_be_visible()


def test_share_hands_the_join_link_and_its_purpose_to_the_phones_share_sheet(new_context):
    context = new_context()
    context.add_init_script(STUB_SHARE)
    page = context.new_page()
    _lobby(page)
    button = page.locator("#share-join")
    expect(button).to_have_accessible_name("Share the join link")
    assert not small_targets(page)
    button.tap()
    page.wait_for_function("() => window.sharedWith")
    shared = page.evaluate("window.sharedWith")
    assert shared["url"] == page.locator("#join-link").get_attribute("href")
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/join/\w+", shared["url"])
    assert shared["title"] == "Join Ann's Grid Golf table"
    assert page.inner_text("#table-code").replace("-", "") in shared["text"].replace("-", "")


@pytest.mark.parametrize("secure", [True, False], ids=["clipboard", "plain-http"])
def test_without_a_share_sheet_it_copies_the_link_and_says_so_in_place(new_context, secure):
    context = new_context(permissions=["clipboard-read", "clipboard-write"])
    context.add_init_script(NO_SHARE if secure else NO_SHARE + PLAIN_HTTP)
    page = context.new_page()
    _lobby(page)
    button = page.locator("#share-join")
    expect(button).to_have_accessible_name("Copy the join link")
    button.scroll_into_view_if_needed()
    before = button.bounding_box()
    button.tap()
    expect(button.locator(".share-done")).to_be_visible()
    expect(page.locator("[data-share-status]").first).to_have_text("Link copied.")
    assert button.bounding_box() == before  # "Copied" took the place of "Copy"
    assert page.evaluate("navigator.clipboard.readText()") == page.locator("#join-link").get_attribute("href")
    expect(button.locator(".share-done")).to_be_hidden(timeout=4000)  # and gives it back
