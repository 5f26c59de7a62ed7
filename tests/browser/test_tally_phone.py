"""What a person does with Tally and Settings on a 390 px phone."""

from __future__ import annotations

import re
import time

from playwright.sync_api import expect

from tests.browser.audit import sideways_overflow


def tap_hand(page, codes):
    for i, code in enumerate(codes):
        page.locator(f"#key-{code}").tap()
        # the tapped card lands in its slot before the next tap (htmx swap or a full page load)
        expect(page.locator(f"#slot-{i}")).to_have_attribute("data-code", code)


def no_horizontal_scroll(page) -> bool:
    return sideways_overflow(page) == 0


def test_tapping_in_a_six_card_hand_shows_the_score(phone):
    phone.goto("/tally/grid")
    tap_hand(phone, ["K", "5", "7", "K", "3", "9"])
    expect(phone.locator("#grid-score")).to_have_text("24")
    expect(phone.locator("#grid-score")).to_have_attribute("data-complete", "true")
    expect(phone.locator(".col.matched")).to_have_count(1)
    expect(phone.locator('[data-column="0"]')).to_have_text("0")
    assert re.search(r"hand=K,5,7,K,3,9", phone.url)  # the URL is the hand: reload or share it
    assert no_horizontal_scroll(phone)
    box = phone.locator("#key-K").bounding_box()
    assert box["width"] >= 44 and box["height"] >= 48


def test_the_score_runs_as_cards_go_in_and_a_slot_can_be_corrected(phone):
    phone.goto("/tally/grid")
    tap_hand(phone, ["K", "5"])
    expect(phone.locator("#grid-score")).to_have_text("15")
    phone.locator("#slot-1").tap()
    expect(phone.locator("#slot-1")).to_have_attribute("aria-pressed", "true")
    phone.locator("#key-2").tap()
    expect(phone.locator("#slot-1")).to_have_attribute("data-code", "2")
    expect(phone.locator("#grid-score")).to_have_text("8")  # 10 + (−2)
    phone.go_back()  # Back undoes the last tap
    expect(phone.locator("#slot-1")).to_have_attribute("data-code", "5")


def test_it_works_with_javascript_off(new_context):
    page = new_context(java_script_enabled=False).new_page()
    page.goto("/tally/grid")
    tap_hand(page, ["K", "5", "7", "K", "3", "9"])
    expect(page.locator("#grid-score")).to_have_text("24")


def test_a_typo_gets_a_sentence_beside_the_box_and_is_kept(phone):
    phone.goto("/tally/grid")
    phone.locator("#typed").fill("K 5 Z K 3 9")
    phone.locator("#typed").press("Enter")
    expect(phone.locator("#typed-error")).to_contain_text('"Z" is not a card')
    expect(phone.locator("#typed")).to_have_value("K 5 Z K 3 9")
    phone.locator("#typed").fill("K 5 7 K 3 9")
    phone.get_by_role("button", name="Score it").tap()
    expect(phone.locator("#grid-score")).to_have_text("24")


def test_a_club_cards_hole_on_a_phone(phone):
    phone.goto("/tally/clubs")
    phone.locator("#yardage").fill("412")
    for card in (250, 160):
        phone.locator(f"#club-{card}").tap()
        # the first tap waits behind the yardage's own answer: on a loaded CI machine that took
        # over the 5 s default once, the page's progress bar still running
        expect(phone.locator("#played")).to_contain_text(str(card), timeout=15_000)
    expect(phone.locator("#club-status")).to_contain_text("2 short of the hole's 412")
    phone.locator("#club-3").tap()
    expect(phone.locator("#club-score")).to_have_text("4")
    expect(phone.locator("#club-250")).to_be_disabled()  # one deck holds one 250
    assert no_horizontal_scroll(phone)


def test_the_yardage_typed_during_a_tap_takes_no_card_back(phone):
    """On a slow network the yardage's own answer (400 ms after typing) used to go out beside a
    tap's, with the cards from before the tap; answered last, it took the tapped card back."""

    def slow_network(route):
        answer = route.fetch()
        time.sleep(0.8)  # the network, not the test, is slow: the yardage fires while the tap is out
        route.fulfill(response=answer)

    phone.goto("/tally/clubs")
    phone.route("**/tally/clubs?*", slow_network)
    phone.locator("#yardage").fill("412")
    phone.locator("#club-250").tap()
    phone.locator("#club-160").tap()
    expect(phone.locator("#club-status")).to_contain_text("2 short of the hole's 412", timeout=15_000)
    expect(phone.locator("#clubs-tally")).not_to_have_attribute("data-busy", re.compile(".*"), timeout=15_000)
    expect(phone.locator("#played")).to_contain_text("250")
    expect(phone.locator("#played")).to_contain_text("160")
    assert "yardage=412" in phone.url and "played=250,160" in phone.url.replace("%2C", ",")


def test_settings_change_the_rules_everywhere(phone):
    phone.goto("/settings")
    phone.locator("fieldset#field-king label", has_text=re.compile(r"^0$")).tap()
    phone.get_by_role("button", name="Save", exact=True).tap()
    expect(phone.locator(".flash")).to_contain_text("Saved")
    expect(phone.locator(".rules-chip")).to_contain_text("Classic rules")
    phone.goto("/tally/grid?hand=K,5,7,Q,3,9")
    expect(phone.locator("#grid-score")).to_have_text("34")  # K 0 + Q 10, 5+3, 7+9
    assert no_horizontal_scroll(phone)


def test_a_refused_key_says_why_without_moving_the_keypad(new_context):
    """A fifth Jack in one deck: the sentence shows above the keys, and no key moves under the thumb
    (at 390x844, and at 320x640 where the keypad has the least room)."""
    for size in ({"width": 390, "height": 844}, {"width": 320, "height": 640}):
        page = new_context(viewport=size).new_page()
        page.goto("/tally/grid")
        tap_hand(page, ["J", "J", "J", "J"])
        keypad_before = page.locator(".keypad").bounding_box()
        page.locator("#key-J").tap()
        error = page.locator("#keypad-error")
        expect(error).to_contain_text("one deck holds only 4")
        expect(page.locator("#slot-4")).not_to_have_attribute("data-code", "J")  # and nothing changed
        keypad_after = page.locator(".keypad").bounding_box()
        assert keypad_after == keypad_before, (size, keypad_before, keypad_after)
        # in view, and over none of the keys
        found = error.bounding_box()
        assert found["y"] >= 0 and found["y"] + found["height"] <= keypad_after["y"], (found, keypad_after)
