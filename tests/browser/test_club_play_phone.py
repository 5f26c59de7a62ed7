"""A person plays whole 18-hole Club Cards rounds on a phone, against one and three opponents."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from caddie.core.clubs.solver import solve
from tests.browser.audit import settled, sideways_overflow


def start_round(page, opponents: int, course: str) -> None:
    page.goto("/play/clubs/")
    page.locator("fieldset", has_text="Opponents").locator("label", has_text=str(opponents)).tap()
    for i, level in enumerate(("beginner", "steady", "caddie")[:opponents]):
        page.locator(f'select[name="seats-{i}-level"]').select_option(level)
    page.locator("#course").select_option(course)
    page.locator("#start-round").tap()
    expect(page.locator(".hole-no")).to_contain_text("Hole 1")
    settled(page)  # the first tap (often Hint) waits for the scripts, as a person's thumb does


def version(page) -> str:
    return page.locator('input[name="version"]').first.get_attribute("value")


def wait_for_new_version(page, before: str) -> None:
    page.wait_for_function(
        "before => (document.querySelector('input[name=version]') || {}).value !== before", arg=before, timeout=20000
    )


def tap_my_cards(page, use_hint: bool) -> None:
    """Tap the cards of the best play for this hole (or take the caddie's Hint), check the sum, play."""
    if use_hint:
        page.locator("#hint-button").tap()
        expect(page.locator("#hint")).to_be_visible()
    elif page.locator('input[name="pick"][type="checkbox"]').count():
        hand = [int(v) for v in page.locator('input[name="pick"]').evaluate_all("els => els.map(e => e.value)")]
        yardage = int(page.locator("#hole-facts b").first.inner_text())
        wanted = list(solve(hand, yardage).cards)
        cards = page.locator("label.club-card")
        for i, card in enumerate(hand):
            if card in wanted:
                wanted.remove(card)
                url = page.url
                cards.nth(i).tap()
                page.wait_for_function("url => location.href !== url", arg=url)  # htmx pushed the selection
        expect(page.locator("#selection-score")).to_be_visible()
    before = version(page)
    page.locator("#play-cards").tap()
    wait_for_new_version(page, before)


def play_round(page, holes: int) -> None:
    for _step in range(40 * holes):
        if page.locator("#match-winner").count():
            return
        if page.locator("#next-hole").count():
            expect(page.locator("#hole-shots li")).not_to_have_count(0)
            before = version(page)
            page.locator("#next-hole").tap()
            wait_for_new_version(page, before)
            continue
        if page.locator("#play-cards").count():
            hole = int(re.search(r"Hole (\d+)", page.locator(".hole-no").inner_text()).group(1))
            tap_my_cards(page, use_hint=hole % 6 == 1)
            continue
        # a computer player is thinking: its play arrives by itself
        before = version(page)
        page.wait_for_function(
            "before => document.querySelector('#play-cards, #next-hole, #match-winner')"
            " || (document.querySelector('input[name=version]') || {}).value !== before",
            arg=before,
            timeout=20000,
        )
    raise AssertionError("the round did not finish")


@pytest.mark.parametrize("opponents", [1, 3])
def test_a_whole_eighteen_hole_round_on_a_phone_lands_in_the_ledger(phone, opponents):
    start_round(phone, opponents, "harbour-links")
    expect(phone.locator(".opp")).to_have_count(opponents)
    expect(phone.locator("label.club-card")).to_have_count(14)
    assert sideways_overflow(phone) == 0
    box = phone.locator("label.club-card").first.bounding_box()
    assert box["width"] >= 48 and box["height"] >= 48, "a card is a comfortable thumb target"
    play_round(phone, 18)
    winner = phone.locator("#match-winner").inner_text()
    assert re.search(r"\bwins? the round|share the round", winner), winner
    expect(phone.locator("#scorecard tbody tr")).to_have_count(18)
    assert sideways_overflow(phone) == 0
    phone.locator("#ledger-link").tap()
    expect(phone.locator("#winner")).to_be_visible()  # the ledger round is complete: 18 holes for everyone
    expect(phone.locator("#standings tbody tr")).to_have_count(opponents + 1)


def test_quick_taps_are_all_kept_reload_keeps_them_and_back_undoes_the_last(phone):
    start_round(phone, 1, "cedar-nine")
    cards = phone.locator("label.club-card")
    yards = [int(v) for v in phone.locator('input[name="pick"]').evaluate_all("els => els.map(e => e.value)")]
    for i in (0, 1, 2):  # three taps in a row, without waiting for the server
        cards.nth(i).tap()
    expect(phone.locator("input[name=pick]:checked")).to_have_count(3)
    expect(phone.locator("#selection")).to_contain_text(f"3 cards · {sum(yards[:3])} yds")
    picks_in_url = "n => new URLSearchParams(location.search).getAll('pick').length === n"
    phone.wait_for_function(picks_in_url, arg=3)
    cards.nth(3).tap()
    phone.wait_for_function(picks_in_url, arg=4)
    phone.reload()
    expect(phone.locator("input[name=pick]:checked")).to_have_count(4)
    phone.go_back()
    expect(phone.locator("input[name=pick]:checked")).to_have_count(3)
    expect(phone.locator("#selection")).to_contain_text(f"3 cards · {sum(yards[:3])} yds")


def test_the_scorecard_and_what_happened_toggles_show_a_marker_that_turns_when_open(phone):
    start_round(phone, 1, "cedar-nine")
    marker = """(summary) => { const s = getComputedStyle(summary, '::before');
                                 return [s.content, s.transform, summary.parentElement.open]; }"""
    phone.emulate_media(reduced_motion="reduce")  # no turning animation to wait for
    for toggle in ("#scorecard > summary", "#table .log > summary"):
        summary = phone.locator(toggle)
        content, turned, opened = summary.evaluate(marker)
        assert content == '"▸"', (toggle, content)
        summary.tap()
        content, turned_open, now_open = summary.evaluate(marker)
        assert now_open != opened and content == '"▸"'
        assert turned_open != turned, (toggle, turned, turned_open)  # rotated when open, straight when closed
