"""The Club Cards caddie on a phone: tap in a hand, follow the advice, tap in the draw."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.browser.audit import sideways_overflow

HAND = [250, 230, 200, 170, 150, 135, 110, 90, 45, 30, 20, 9, 5, 3]


def test_two_holes_with_the_caddie_on_a_phone(phone):
    phone.goto("/caddie/clubs/")
    phone.locator("#course").select_option("cedar-nine")
    phone.locator("#start-walk").tap()
    expect(phone.locator("#ask")).to_contain_text("Tap the 14 cards you were dealt")
    for i, card in enumerate(HAND[:-1]):
        phone.locator(f"#club-{card}").tap()
        expect(phone.locator("#walk-hand .chip")).to_have_count(i + 1)  # each tap lands before the next
    for remove in phone.locator("#walk-hand .chip button").all():  # "×" takes a card back: a thumb's size
        box = remove.bounding_box()
        assert box["width"] >= 44 and box["height"] >= 44, box
    phone.locator(f"#club-{HAND[-1]}").tap()  # the fourteenth card: the caddie speaks
    assert sideways_overflow(phone) == 0
    expect(phone.locator("#advice-say")).to_contain_text("Play 200 and 110")
    expect(phone.locator("input[name=pick]:checked")).to_have_count(2)
    expect(phone.locator("#selection")).to_contain_text("on the yardage")
    # I played 250 and 90 instead (340 yards, 30 over: 2 cards + 3 penalty)
    for card in (200, 110, 250, 90):
        phone.locator("label.club-card", has_text=str(card)).first.tap()
    expect(phone.locator("#selection-score")).to_have_text("5")
    phone.locator("#played").tap()
    expect(phone.locator("#last-hole")).to_contain_text("Hole 1: you scored 5 (par 4)")
    expect(phone.locator("#ask")).to_contain_text("Tap the 2 cards you drew")
    expect(phone.locator("#walk-hand .chip")).to_have_count(12)
    for card in (240, 60):
        phone.locator(f"#club-{card}").tap()
    expect(phone.locator(".hole-no")).to_contain_text("Hole 2")
    expect(phone.locator("#advice-say")).to_be_visible()
    expect(phone.locator("#walk-total")).to_contain_text("5 (+1)")
    phone.go_back()  # Back undoes the last tap: the 60 is not drawn yet
    expect(phone.locator("#walk-hand .chip")).to_have_count(13)
