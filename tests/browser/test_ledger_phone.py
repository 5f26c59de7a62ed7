"""A table keeps a 9-hole round for three players on one phone, by tapping."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.audit import sideways_overflow

SCORES = {  # hole by hole; Ann and Cy tie on 20, Bo ends on 29
    "Ann": [3, 4, -2, 5, 0, 2, 1, 4, 3],
    "Bo": [5, 5, 5, 3, 2, 1, 2, 3, 3],
    "Cy": [2, 2, 2, 2, 2, 2, 2, 2, 4],
}


def tap_number(page, value: int):
    if value < 0:
        page.locator('[data-pad-key="-"]').tap()
    for digit in str(abs(value)):
        page.locator(f'[data-pad-key="{digit}"]').tap()


def test_a_round_dealt_and_scored_by_tapping(phone):
    phone.goto("/ledger/")
    phone.locator("#deal-round").tap()
    for i, name in enumerate(SCORES):
        phone.locator(f"#players-{i}").fill(name)
    phone.locator("#deal").tap()
    expect(phone.locator("#pad")).to_contain_text("Hole 1 · Ann")

    names = list(SCORES)
    for hole in range(1, 10):
        for seat, name in enumerate(names):
            expect(phone.locator("#pad")).to_contain_text(f"Hole {hole} · {name}")
            tap_number(phone, SCORES[name][hole - 1])
            phone.locator("#save-score").tap()
            expect(phone.locator(f"#cell-{seat}-{hole}")).to_have_attribute("data-score", str(SCORES[name][hole - 1]))

    expect(phone.locator("#winner")).to_contain_text("Ann and Cy share the win with 20")
    expect(phone.locator('#standings tr[data-player="Bo"] [data-delta]')).to_have_text("+9")
    chart = phone.locator("#chart svg")
    expect(chart).to_have_attribute("aria-label", re.compile(r"Ann 20.*Bo 29.*Cy 20"))
    assert sideways_overflow(phone) == 0


def test_a_typo_is_refused_and_a_cell_corrected(phone):
    phone.goto("/ledger/new")
    phone.locator("#players-0").fill("Ann")
    phone.locator("#deal").tap()
    phone.locator("#score").fill("12x")
    phone.locator("#save-score").tap()
    expect(phone.locator("#round-message")).to_contain_text('"12x" is not a score')
    expect(phone.locator("#score")).to_have_value("12x")
    phone.locator("#score").fill("12")
    phone.locator("#save-score").tap()
    expect(phone.locator("#cell-0-1")).to_have_attribute("data-score", "12")
    phone.locator("#cell-0-1").tap()  # correct it
    expect(phone.locator("#pad")).to_contain_text("Hole 1 · Ann")
    phone.locator('[data-pad-key="back"]').tap()
    phone.locator("#save-score").tap()
    expect(phone.locator("#cell-0-1")).to_have_attribute("data-score", "1")


def test_the_round_works_without_javascript(new_context):
    page = new_context(java_script_enabled=False).new_page()
    page.goto("/ledger/new")
    page.locator("#players-0").fill("Ann")
    page.locator("#players-1").fill("Bo")
    page.locator("#deal").click()
    page.locator("#score").fill("-2")
    page.locator("#save-score").click()
    expect(page.locator("#cell-0-1")).to_have_attribute("data-score", "-2")
    expect(page.locator("#pad")).to_contain_text("Hole 1 · Bo")
