"""Play Club Cards with one thumb: a hole in a few counted taps, the whole shot on one screen, the
opponents' panels, the audits at 390 and 320 px in both themes, a keyboard-only hole and New round."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from caddie.core.clubs.solver import solve
from tests.browser.audit import CLEAN, page_problems
from tests.browser.test_play_phone import computers_pause, table_id, wait_for_the_server


class Thumb:
    """Taps on a page, counted: the tap counts below are the taps a test makes, never a timing."""

    def __init__(self, page):
        self.page, self.taps = page, 0

    def tap(self, locator) -> None:
        locator.tap()
        self.taps += 1


def start_round(page, opponents: int, course: str = "cedar-nine", level: str = "steady", thumb=None) -> None:
    thumb = thumb or Thumb(page)
    page.goto("/play/clubs/")
    if opponents != 1:
        thumb.tap(page.locator("fieldset", has_text="Opponents").locator("label", has_text=str(opponents)))
    for i in range(opponents):
        if level != "steady":
            page.locator(f'select[name="seats-{i}-level"]').select_option(level)
            thumb.taps += 1
    if course != "cedar-nine":
        page.locator("#course").select_option(course)
        thumb.taps += 1
    thumb.tap(page.locator("#start-round"))
    expect(page.locator(".hole-no")).to_contain_text("Hole 1")
    page.wait_for_load_state("load")  # the stylesheets are in: the layout is the real one


def hand(page) -> list[int]:
    return [int(v) for v in page.locator('input[name="pick"]').evaluate_all("els => els.map(e => e.value)")]


def yardage(page) -> int:
    return int(page.locator("#hole-facts b").first.inner_text())


def version(page) -> str:
    return page.locator('input[name="version"]').first.get_attribute("value")


def wait_for_new_version(page, before: str) -> None:
    page.wait_for_function(
        "before => (document.querySelector('input[name=version]') || {}).value !== before", arg=before, timeout=20000
    )


def wait_for_my_turn_or_the_hole_end(page) -> None:
    page.wait_for_selector("#play-cards, #next-hole, #match-winner", timeout=30000)


def in_view_above_the_tab_bar(page, selector: str) -> bool:
    """Whether every element matching ``selector`` lies wholly within the screen, above the tab bar."""
    return page.evaluate(
        """sel => {
          const bar = document.querySelector('.tabbar').getBoundingClientRect();
          const floor = bar.top > window.innerHeight / 2 ? bar.top : window.innerHeight;
          return [...document.querySelectorAll(sel)].every(el => {
            const box = el.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= floor + 0.5;
          });
        }""",
        selector,
    )


def play_whole_hand(page) -> None:
    """Play every card (the worst score there is), so the person plays last on the next hole."""
    page.goto(page.url.split("?")[0] + "?" + "&".join(f"pick={c}" for c in hand(page)))
    before = version(page)
    page.locator("#play-cards").tap()
    wait_for_new_version(page, before)
    page.wait_for_selector("#next-hole", timeout=30000)


def audit(page, where: str) -> None:
    problems = page_problems(page)
    assert problems == CLEAN, (where, problems)


@pytest.mark.parametrize("opponents", [1, 3])
def test_a_hole_is_the_cards_then_play_and_the_whole_shot_is_on_one_screen(phone, opponents):
    start_round(phone, opponents)
    expect(phone.locator("label.club-card")).to_have_count(14)
    assert in_view_above_the_tab_bar(phone, "label.club-card, #selection, #play-cards, #hint-button, #hole-facts")
    wanted = list(solve(hand(phone), yardage(phone)).cards)
    thumb = Thumb(phone)
    cards, left = phone.locator("label.club-card"), list(wanted)
    for i, card in enumerate(hand(phone)):
        if card in left:
            left.remove(card)
            thumb.tap(cards.nth(i))
    expect(phone.locator("input[name=pick]:checked")).to_have_count(len(wanted))
    expect(phone.locator("#selection")).to_contain_text(f"{sum(wanted)} yds")
    assert in_view_above_the_tab_bar(phone, "#selection, #play-cards"), "the running total and Play stay docked"
    before = version(phone)
    thumb.tap(phone.locator("#play-cards"))
    wait_for_new_version(phone, before)
    assert thumb.taps == len(wanted) + 1, "a hole is its cards, then Play: nothing more"
    wait_for_my_turn_or_the_hole_end(phone)
    mine = phone.locator('#hole-shots li[data-seat="0"]')
    expect(mine).to_contain_text("You")
    assert sorted(int(c) for c in mine.locator(".yard-chip").all_inner_texts()) == sorted(wanted)


def test_mid_hole_the_opponents_plays_are_in_their_panels_and_the_shot_still_fits(phone):
    start_round(phone, 3, level="beginner")
    play_whole_hand(phone)  # the person scores worst on hole 1, so plays last on hole 2
    phone.locator("#next-hole").tap()
    phone.wait_for_selector("#play-cards", timeout=30000)
    expect(phone.locator(".opp [data-played]")).to_have_count(3)
    expect(phone.locator("#hole-shots")).to_have_count(0)
    assert in_view_above_the_tab_bar(phone, "label.club-card, #selection, #play-cards")


def test_the_opponent_panels_name_the_player_and_say_who_plays_it_apart(phone):
    start_round(phone, 3)
    panels = phone.locator(".opp")
    expect(panels.locator(".opp-name")).to_have_text(["Ada", "Bram", "Cleo"])
    expect(panels.locator("[data-level]")).to_have_text(["computer · Steady"] * 3)
    assert all("Steady" not in name for name in panels.locator(".opp-name").all_inner_texts())
    name_box = panels.first.locator(".opp-name").bounding_box()
    level_box = panels.first.locator("[data-level]").bounding_box()
    assert level_box["y"] >= name_box["y"] + name_box["height"] - 1, "the level sits under the name"


@pytest.mark.look
@pytest.mark.parametrize("width", [390, 320])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_start_page_and_a_round_pass_the_audits(new_context, width, scheme):
    page = new_context(viewport={"width": width, "height": 844}, color_scheme=scheme).new_page()
    page.goto("/play/clubs/")
    audit(page, "the start page")
    start_round(page, 3, level="beginner")
    page.locator("label.club-card").nth(0).tap()
    page.locator("label.club-card").nth(1).tap()
    expect(page.locator("input[name=pick]:checked")).to_have_count(2)
    page.wait_for_function("() => new URLSearchParams(location.search).getAll('pick').length === 2")
    audit(page, "mid-hole, two cards picked")
    play_whole_hand(page)
    audit(page, "after a hole")
    page.locator("#next-hole").tap()
    page.wait_for_selector("#play-cards", timeout=30000)
    expect(page.locator(".opp [data-played]")).to_have_count(3)
    audit(page, "mid-hole, the opponents played")


def test_a_hole_by_keyboard_alone(phone):
    start_round(phone, 1)
    wanted = list(solve(hand(phone), yardage(phone)).cards)
    keys = 0

    def press(key: str) -> None:
        nonlocal keys
        phone.keyboard.press(key)
        keys += 1

    def focused() -> dict:
        return phone.evaluate(
            "() => { const el = document.activeElement;"
            " return {name: el.name || '', value: el.value || '', id: el.id || ''}; }"
        )

    left = list(wanted)
    for _ in range(80):
        if not left:
            break
        press("Tab")
        now = focused()
        if now["name"] == "pick" and int(now["value"]) in left:
            left.remove(int(now["value"]))
            press("Space")
    assert not left, "every card of the play was reached with Tab and picked with Space"
    expect(phone.locator("input[name=pick]:checked")).to_have_count(len(wanted))
    expect(phone.locator("#selection")).to_contain_text(f"{sum(wanted)} yds")
    for _ in range(20):
        if focused()["id"] == "play-cards":
            break
        press("Tab")
    assert focused()["id"] == "play-cards"
    before = version(phone)
    press("Enter")
    wait_for_new_version(phone, before)
    wait_for_my_turn_or_the_hole_end(phone)
    mine = phone.locator('#hole-shots li[data-seat="0"]')
    assert sorted(int(c) for c in mine.locator(".yard-chip").all_inner_texts()) == sorted(wanted)
    assert keys < 50


def test_the_finished_round_offers_new_round_with_the_same_players_and_course_in_one_tap(phone):
    start_round(phone, 2, course="harbour-links", level="beginner")
    # the front nine of a course is as quick to finish; this one plays the whole 18 by picks in the address
    for _ in range(400):
        if phone.locator("#match-winner").count():
            break
        if phone.locator("#next-hole").count():
            before = version(phone)
            phone.locator("#next-hole").tap()
            wait_for_new_version(phone, before)
        elif phone.locator("#play-cards").count():
            cards = solve(hand(phone), yardage(phone)).cards
            phone.goto(phone.url.split("?")[0] + "?" + "&".join(f"pick={c}" for c in cards))
            before = version(phone)
            phone.locator("#play-cards").tap()
            wait_for_new_version(phone, before)
        wait_for_my_turn_or_the_hole_end(phone)
    winner = phone.locator("#match-winner").inner_text()
    assert re.search(r"You win the round|You and \w+ share the round|(Ada|Bram) wins the round|share the round", winner)
    assert "You wins" not in winner
    expect(phone.locator("#scorecard")).to_have_attribute("open", "")
    expect(phone.locator("#scorecard tbody tr")).to_have_count(18)
    audit(phone, "the finished round")
    finished_url = phone.url
    thumb = Thumb(phone)
    thumb.tap(phone.locator("#new-round"))
    expect(phone.locator(".hole-no")).to_contain_text("Hole 1")
    assert thumb.taps == 1 and phone.url != finished_url
    expect(phone.locator(".opp-name")).to_have_text(["Ada", "Bram"])
    expect(phone.locator("[data-level]")).to_have_text(["computer · Beginner"] * 2)
    expect(phone.locator("#scorecard summary")).to_contain_text("Harbour Links")
    expect(phone.locator("#scorecard tbody tr")).to_have_count(18)
    # the same round by the start page takes: New round, the opponents, two levels, the course, Tee off
    thumb = Thumb(phone)
    thumb.taps += 1  # the start page's own link
    start_round(phone, 2, course="harbour-links", level="beginner", thumb=thumb)
    assert thumb.taps == 6


def test_without_javascript_a_hole_and_new_round_are_plain_forms(new_context):
    page = new_context(java_script_enabled=False).new_page()
    start_round(page, 1)
    path = re.sub(r"^https?://[^/]+", "", page.url)
    wanted = list(solve(hand(page), yardage(page)).cards)
    cards, left = page.locator("label.club-card"), list(wanted)
    for i, card in enumerate(hand(page)):
        if card in left:
            left.remove(card)
            cards.nth(i).tap()
    with computers_pause(3):  # the page is drawn while the computer is still to play
        page.locator("#play-cards").tap()
    # the person plays first on hole 1: the computer is to play, and Continue is a plain link to
    # the table, which brings its play once the server has made it
    expect(page.locator(".live-thinking")).to_contain_text("is thinking")
    assert page.locator("#continue").get_attribute("href") == path
    before = version(page)
    wait_for_the_server(table_id(page), int(before))
    page.locator("#continue").tap()
    expect(page.locator("#next-hole")).to_be_visible()
    assert version(page) != before and page.url.endswith(path)
    mine = page.locator('#hole-shots li[data-seat="0"]')
    assert sorted(int(c) for c in mine.locator(".yard-chip").all_inner_texts()) == sorted(wanted)
    assert page.locator("form.again-form").count() == 0, "New round waits for the end of the round"
