"""Past this phone's budget of the Caddie's answers, the tap still lands and the sentence shows
where the advice goes: htmx swaps a 429's page in like a 400's (templates/base.html)."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.audit import assert_page_passes
from tests.browser.conftest import SERVED

ADVICE_STEP = "/caddie/?size=6&grid=K,,,,5,&step=advice&discard=Q&pile=Q"


@pytest.fixture
def budget_of_one(live_server):
    app = SERVED["app"]
    app.config["CPU_BUDGET"] = 1
    try:
        yield
    finally:
        app.config["CPU_BUDGET"] = 0


def test_a_tap_past_the_budget_shows_why_there_is_no_advice(phone, budget_of_one):
    phone.goto(ADVICE_STEP)  # the caddie's one answer this minute
    expect(phone.locator("#advice-say")).to_be_visible()
    phone.locator("#key-7").tap()  # drew a 7 from the deck: where it goes needs the caddie again
    expect(phone.locator("#walk-error")).to_contain_text("Too many Caddie answers and computer moves for this phone")
    expect(phone.locator("#advice-say")).to_have_count(0)
    phone.wait_for_url(lambda url: "drawn=7" in url)  # the draw was recorded all the same
    expect(phone.locator("#slot-1")).to_be_enabled()  # and where it went can be tapped in
    assert_page_passes(phone, "the walkthrough past this phone's budget")
