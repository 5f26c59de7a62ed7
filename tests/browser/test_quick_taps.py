"""Quick taps over a slow network: every tap counts, in the order tapped.

The tally and walkthrough forms carry their state in the form, and each answer replaces the form's
buttons. A phone at a table may wait 300 ms for an answer while its thumb taps the next card after
50; ``static/js/app.js`` holds such a tap until the answer is in and makes it again on the new
form (docs/look-and-feel.md, "Frame"). Without that, the later taps sent the state from before the
earlier ones and cards were lost.
"""

from __future__ import annotations

import re

from playwright.sync_api import expect

SLOW = {"offline": False, "latency": 300, "downloadThroughput": -1, "uploadThroughput": -1}


def slow_network(page) -> None:
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", SLOW)


def tap_quickly(page, selectors: list[str], gap_ms: int = 50) -> None:
    for selector in selectors:
        page.locator(selector).tap()
        page.wait_for_timeout(gap_ms)


def test_six_cards_tapped_fifty_ms_apart_on_a_slow_network_all_land_in_order(phone):
    phone.goto("/tally/grid")
    slow_network(phone)
    hand = ["K", "5", "7", "K", "3", "9"]
    tap_quickly(phone, [f"#key-{code}" for code in hand])
    expect(phone.locator("#grid-score")).to_have_text("24", timeout=10_000)
    assert [phone.locator(f"#slot-{i}").get_attribute("data-code") for i in range(6)] == hand


def test_a_slot_picked_and_corrected_quickly_keeps_both_taps(phone):
    phone.goto("/tally/grid?hand=K,5,7,K,3,9")
    slow_network(phone)
    tap_quickly(phone, ["#slot-1", "#key-2", "#slot-5", "#key-A"])
    expect(phone.locator("#slot-5")).to_have_attribute("data-code", "A", timeout=10_000)
    expect(phone.locator("#slot-1")).to_have_attribute("data-code", "2")
    expect(phone.locator("#grid-score")).to_have_text("9")  # (K,K) 0 + (2,3) 1 + (7,A) 8


def test_club_cards_tapped_quickly_all_count(phone):
    phone.goto("/tally/clubs")
    phone.locator("#yardage").fill("412")
    expect(phone).to_have_url(re.compile(r"yardage=412"))  # the yardage's own answer is in
    slow_network(phone)
    tap_quickly(phone, ["#club-250", "#club-160", "#club-3"])
    expect(phone.locator("#club-score")).to_have_text("4", timeout=10_000)
    expect(phone.locator("#played")).to_contain_text("250")
    expect(phone.locator("#played")).to_contain_text("160")
