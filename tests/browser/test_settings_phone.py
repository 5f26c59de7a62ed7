"""Settings and the rules page on a phone (docs/settings.md): house rules chosen one-handed and
counted tap by tap, the chip saying them after Save, and both pages passing the audits with
several house rules on, at 390 and 320 px, light and dark, with JavaScript and without."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.audit import assert_page_passes

TAB_BAR = 68  # px (docs/look-and-feel.md, "Frame")


class Thumb:
    """Taps, counted: the count is a property of the interface, asserted by the tests."""

    def __init__(self, page):
        self.page = page
        self.taps = 0

    def tap(self, selector: str) -> None:
        self.page.locator(selector).tap()
        self.taps += 1


def turn_on_two_hand_bonuses(page) -> int:
    """Open Settings, turn on four of a kind and Wolfpack, save; the taps it took."""
    page.goto("/settings")
    thumb = Thumb(page)
    thumb.tap("#group-bonuses summary")  # the folded group opens
    thumb.tap("#field-four_of_a_kind .rule-name")
    thumb.tap("#field-wolfpack .rule-name")
    expect(page.locator("#four_of_a_kind")).to_be_checked()
    expect(page.locator("#wolfpack")).to_be_checked()
    save = page.locator("button[name=save]")
    box = save.bounding_box()
    height = page.viewport_size["height"]
    # the one Save is docked low, above the tab bar, where a thumb reaches
    assert height / 2 < box["y"] and box["y"] + box["height"] <= height - TAB_BAR + 1, box
    thumb.tap("button[name=save]")
    expect(page.locator(".flash-ok")).to_contain_text("Saved.")
    page.wait_for_load_state("load")  # the saved page's stylesheets are in: its layout is the real one
    return thumb.taps


def test_two_house_rules_take_four_taps_and_the_chip_shows_them(phone):
    assert turn_on_two_hand_bonuses(phone) == 4
    chip = phone.locator(".rules-chip")
    expect(chip).to_contain_text("four of a kind −20")
    expect(chip).to_contain_text("Wolfpack −20")
    # the saved page shows the group open, and says what is on even when folded
    expect(phone.locator("#group-bonuses details")).to_have_attribute("open", "")
    expect(phone.locator("#group-bonuses .group-state")).to_have_text("Four of a kind, Wolfpack")
    expect(phone.locator("#group-adjustments .group-state")).to_have_text("All off")
    # and the rules page explains both with their examples
    phone.goto("/rules/")
    expect(phone.locator("#example-four_of_a_kind")).to_contain_text("Four 7s")
    expect(phone.locator("#example-wolfpack .example-lines .total span").last).to_have_text("−26")


def test_the_same_four_taps_work_with_javascript_off(new_context):
    page = new_context(java_script_enabled=False).new_page()
    assert turn_on_two_hand_bonuses(page) == 4
    assert page.url.endswith("/settings")
    expect(page.locator(".rules-chip")).to_contain_text("four of a kind −20 · Wolfpack −20")


def test_a_contradiction_is_refused_beside_its_field_on_the_phone(phone):
    phone.goto("/settings")
    phone.locator("#field-eagle_eye .rule-name").tap()  # with only 2s worth −2: no jokers in the deck
    phone.locator("button[name=save]").tap()
    error = phone.locator("#eagle_eye-error")
    expect(error).to_contain_text("Eagle-Eye jokers need jokers in the deck")
    expect(phone.locator("#eagle_eye")).to_be_checked()  # the choice is kept
    expect(phone.locator("#eagle_eye")).to_have_attribute("aria-invalid", "true")
    expect(phone.locator(".rules-chip")).to_have_text("Rules in force:Standard rules")
    assert_page_passes(phone, "settings with an error")


# several house rules from every group, all consistent with each other
SEVERAL = (
    "label:has(#king-2)",
    "label:has(#ten-1)",
    "label:has(#negatives-2)",
    "label:has(#joker-1)",
    "#field-one_eyed_jacks .rule-name",
    "#group-bonuses summary",
    "#field-four_of_a_kind .rule-name",
    "#field-blackjack .rule-name",
    "#group-adjustments summary",
    "#field-knock_penalty .rule-name",
    "#field-underdog .rule-name",
    "#field-tied_shame .rule-name",
    "#field-early_knock .rule-name",
    "label:has(#discard_flip-2)",
)


@pytest.mark.look
@pytest.mark.parametrize("width, height", [(390, 844), (320, 640)])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_settings_and_rules_pass_the_audits_with_several_house_rules_on(new_context, width, height, scheme):
    page = new_context(viewport={"width": width, "height": height}, color_scheme=scheme).new_page()
    page.goto("/settings")
    for target in SEVERAL:
        page.locator(target).tap()
    page.locator("button[name=save]").tap()
    expect(page.locator(".flash-ok")).to_contain_text("Saved.")
    expect(page.locator(".rules-chip")).to_contain_text("four of a kind −20")
    assert_page_passes(page, f"settings at {width} px, {scheme}")
    page.goto("/rules/")
    for key in (
        "king",
        "ten",
        "joker",
        "one_eyed_jacks",
        "four_of_a_kind",
        "blackjack",
        "knock_penalty",
        "underdog",
        "tied_shame",
    ):
        expect(page.locator(f"#example-{key}")).to_be_visible()
    assert_page_passes(page, f"rules at {width} px, {scheme}")
