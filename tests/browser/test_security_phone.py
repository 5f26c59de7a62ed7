"""The Content-Security-Policy in a real browser: nothing on the main pages is blocked, htmx still swaps."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.test_play_phone import then_wait_for_the_table, wait_while_computers_play

# Injected by the browser itself (not subject to the page's CSP): every violation the page causes.
RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`
                              + ` at ${event.sourceFile || "?"}:${event.lineNumber}`);
});
"""

PAGES = [
    "/",
    "/tally/grid",
    "/tally/clubs",
    "/ledger/",
    "/ledger/new",
    "/play/",
    "/caddie",
    "/settings",
    "/rules/",
    "/rules/clubs",
    "/play/clubs/",
    "/caddie/clubs/?course=cedar-nine&hole=1&hand=250,230,200,170,150,135,110,90,45,30,20,9,5,3",
    "/courses/",
    "/data",
]


@pytest.fixture
def watched(new_context):
    """A phone page that records CSP violations (DOM events and console messages)."""
    context = new_context()
    context.add_init_script(RECORD_VIOLATIONS)
    page = context.new_page()
    page.console_messages_seen = []
    page.on(
        "console", lambda message: page.console_messages_seen.append(f"{message.type} on {page.url}: {message.text}")
    )
    return page


def violations(page) -> list[str]:
    events = page.evaluate("window.__cspViolations || []")
    console = [m for m in page.console_messages_seen if "Content Security Policy" in m or "Refused to" in m]
    return events + console


def assert_clean(page, where: str):
    page.wait_for_load_state("load")
    found = violations(page)
    assert not found, f"{where}: {found}"


def test_main_pages_break_no_rule_of_the_policy(watched):
    for path in PAGES:
        response = watched.goto(path)
        assert response is not None and response.status == 200, path
        assert "script-src 'self'" in response.headers["content-security-policy"]
        assert_clean(watched, path)


def test_htmx_still_swaps_under_the_policy(watched):
    watched.goto("/tally/grid")
    watched.evaluate("window.__samePage = true")  # gone if a tap reloaded the page instead of swapping
    watched.locator("#key-K").tap()
    expect(watched.locator("#slot-0")).to_have_attribute("data-code", "K")
    watched.locator("#key-5").tap()
    expect(watched.locator("#slot-1")).to_have_attribute("data-code", "5")
    assert watched.evaluate("window.__samePage === true"), "htmx did not swap: the page was reloaded"
    assert_clean(watched, "tally taps")


def test_a_round_with_its_chart_and_a_match_break_no_rule(watched):
    # A round in this browser, two holes entered through the API, then its page with the SVG chart.
    api = watched.context.request
    created = api.post("/api/v1/rounds", data={"players": ["Ann", "Bo"], "holes": 9, "game": "grid"})
    assert created.status == 201
    round_id = created.json()["round"]["id"]
    for hole, scores in ((1, {"Ann": 4, "Bo": 7}), (2, {"Ann": -2, "Bo": 3})):
        assert api.put(f"/api/v1/rounds/{round_id}/holes/{hole}", data={"scores": scores}).status == 200
    watched.goto(f"/ledger/r/{round_id}")
    expect(watched.locator("svg.running-total")).to_be_visible()
    assert_clean(watched, "round page")

    # A digital match: a same-origin form post, then the table's htmx fragments, and the
    # computers' moves through the live stream (server-sent events) the page opens.
    watched.goto("/play/")
    watched.locator("#start-match").tap()
    expect(watched.locator(".hole-no")).to_contain_text("Hole 1")
    for _ in range(2):  # the person's two cards; then the computers are to play
        then_wait_for_the_table(watched, lambda: watched.locator("button.slot.legal").first.tap())
    wait_while_computers_play(watched)  # their moves arrived: the stream was let through
    expect(watched.locator("#prompt")).to_contain_text("tap the deck")
    assert_clean(watched, "match page")
