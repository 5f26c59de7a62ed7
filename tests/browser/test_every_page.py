"""Every page, as a phone sees it: axe-core finds nothing serious, every target is big enough, nothing
scrolls sideways, in the light and the dark theme, at 390 and at 320 px (docs/look-and-feel.md).

The pages that exist only with data (a round, a match, a course) are made first, by tapping, in the
same browser storage every check then uses.
"""

from __future__ import annotations

import re
from urllib.parse import urlencode

import pytest
from playwright.sync_api import expect

from tests.browser.audit import axe_problems, sideways_overflow, small_targets
from tests.web.caddie.test_hands_pages import COSTLY

pytestmark = pytest.mark.look

STATIC_PAGES = [
    "/",
    "/tally/grid",
    "/tally/table",
    "/tally/clubs",
    "/caddie/",
    "/caddie/clubs/",
    "/caddie/hands",
    "/ledger/",
    "/ledger/new",
    "/ledger/new?game=clubs",
    "/ledger/players",
    "/people/",
    "/play/",
    "/play/clubs/",
    "/settings",
    "/rules/",
    "/rules/clubs",
    "/courses/",
    "/courses/new",
    "/courses/new?random=9",
    "/data",
]


def path_after(page, pattern: str) -> str:
    page.wait_for_url(re.compile(pattern))
    return re.sub(r"^https?://[^/]+", "", page.url).split("?")[0]


@pytest.fixture(scope="module")
def pages_with_data(browser, live_server):
    """(storage state, the data pages' paths, the two games' tables): one of each page that needs
    data, made by tapping."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.set_default_timeout(20_000)
    page = context.new_page()
    try:
        page.goto(f"{live_server}/ledger/new")
        page.locator("#players-0").fill("Ann")
        page.locator("#players-1").fill("Bo")
        page.locator("#deal").tap()
        round_page = path_after(page, r"/ledger/r/")
        page.locator("#quick-3").tap()  # Ann's first hole: a person has a page once they have a score
        expect(page.locator("#cell-0-1")).to_have_attribute("data-score", "3")

        page.goto(f"{live_server}/play/")
        page.locator("#start-match").tap()
        match = path_after(page, r"/t/")  # a match against computers is a table
        match_card = page.locator("#log-scorecard").get_attribute("href")  # a game's round: read only

        page.goto(f"{live_server}/play/clubs/")
        page.locator("#start-round").tap()
        club_match = path_after(page, r"/t/")

        walk = "/caddie/?size=4&opps=0"  # a hand followed to its end, then kept with its review
        for tap in COSTLY:
            page.goto(f"{live_server}{walk}&{urlencode(tap)}")
            walk = re.sub(r"^https?://[^/]+", "", page.url)
        page.locator("#keep-hand-button").tap()
        hand = path_after(page, r"/caddie/hands/")

        page.goto(f"{live_server}/courses/new?random=9")
        page.locator("#save-course").tap()
        path_after(page, r"/courses/$")
        course = page.locator('a[href*="/courses/c/"]').first.get_attribute("href")
        sample = page.locator('a[href*="/courses/samples/"]').first.get_attribute("href")
        expect(page.locator("body")).to_be_visible()
        state = context.storage_state()
    finally:
        context.close()
    data_pages = [
        round_page,
        f"{round_page}?cell=0-1",  # the number pad open
        f"{round_page}/print",
        f"{round_page}/delete",
        match,
        match_card,
        "/tally/grid?hand=K,5,7,K,3,9",  # a finished hand: "Add 24 to the ledger" offers the round
        club_match,
        course,
        sample,
        walk,  # the hand's end: "Keep and review this hand"
        hand,
        "/people/p/ann",  # a person's page, from the round dealt above
        "/people/vs",  # head to head, before two people are chosen
    ]
    return state, data_pages, [match, club_match]


def visit_all(new_context, pages_with_data, *, width: int, scheme: str, check_axe: bool) -> list[str]:
    state, data_pages, _games = pages_with_data
    page = new_context(viewport={"width": width, "height": 844}, color_scheme=scheme, storage_state=state).new_page()
    problems = []
    for path in STATIC_PAGES + data_pages:
        response = page.goto(path)
        assert response is not None and response.status == 200, f"{path} answered {response and response.status}"
        found = [f"small target: {target}" for target in small_targets(page)]
        if check_axe:
            found += axe_problems(page)
        overflow = sideways_overflow(page)
        if overflow > 0:
            found.append(f"the page is {overflow} px wider than the screen")
        problems += [f"{path} ({width} px, {scheme}): {line}" for line in found]
    return problems


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_page_passes_axe_and_has_big_targets_at_390(new_context, pages_with_data, scheme):
    problems = visit_all(new_context, pages_with_data, width=390, scheme=scheme, check_axe=True)
    assert not problems, "\n".join(problems)


def test_every_page_has_big_targets_and_no_sideways_scroll_at_320(new_context, pages_with_data):
    problems = visit_all(new_context, pages_with_data, width=320, scheme="light", check_axe=False)
    assert not problems, "\n".join(problems)


def test_the_tally_and_game_pages_have_one_h1(new_context, pages_with_data):
    """axe's page-has-heading-one (moderate, so counted by name in audit.ALWAYS) on the pages that had none."""
    state, _data_pages, game_pages = pages_with_data
    page = new_context(storage_state=state).new_page()
    for path in ["/tally/grid", "/tally/table", "/tally/clubs", *game_pages]:
        page.goto(path)
        assert [line for line in axe_problems(page) if line.startswith("page-has-heading-one")] == [], path
        expect(page.locator("h1")).to_have_count(1)
