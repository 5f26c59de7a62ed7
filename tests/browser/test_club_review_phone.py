"""A Club Cards hole reviewed on a phone (docs/records.md, "The review"): a solo round's first hole
played badly, its review read at the hole's end, its replay stepped, its share link opened on a
phone with no seat (which reads what the play cost, never the cards of the person's hand), and
its record downloaded and imported there."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.audit import assert_page_passes
from tests.browser.test_club_play_one_hand import hand, start_round, version, wait_for_new_version
from tests.browser.test_replay_phone import json_file, visible_step


def test_a_club_cards_hole_is_reviewed_replayed_shared_and_carried(phone, new_context):
    page = phone
    start_round(page, 1, level="beginner")
    mine = hand(page)
    cards = page.locator("label.club-card")
    for i in range(len(mine)):  # every card of the hand: legal, and far worse than the caddie's play
        url = page.url
        cards.nth(i).tap()
        page.wait_for_function("url => location.href !== url", arg=url)
    before = version(page)
    page.locator("#play-cards").tap()
    wait_for_new_version(page, before)
    expect(page.locator("#next-hole")).to_be_visible(timeout=20_000)  # the computer has played too

    review = page.locator("#hole-review")
    expect(review).to_contain_text("Your hole, reviewed")
    expect(review.locator(".mark-blunder")).to_be_visible()
    expect(review).to_contain_text("the caddie would have played")
    expect(review).to_contain_text("strokes on average")
    caddies = re.search(r"the caddie would have played ([0-9, and]+)", review.inner_text()).group(1)
    assert_page_passes(page, "the hole's end with its review")

    page.locator("#replay-link").tap()
    expect(page.locator("#replay-title")).to_have_text("Replay · hole 1")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    steps = page.locator(".replay-frame").count()
    assert visible_step(page) == 2 and steps == 4  # the tee, two plays, the end
    expect(page.locator(".replay-verdict.mark-blunder")).to_have_count(1)
    with page.expect_navigation():
        page.locator("#share-replay").tap()
    link = re.sub(r"^https?://[^/]+", "", page.locator("#replay-share-link").get_attribute("href"))
    with page.expect_download() as download:
        page.locator("#download-record").tap()
    with open(download.value.path(), "rb") as file:
        record = file.read()
    assert f"the caddie would have played {caddies}".encode() not in record  # a file is for anyone

    stranger = new_context(viewport={"width": 390, "height": 844}).new_page()
    answers = [stranger.goto(link).text()]  # every page the stranger's phone is sent
    expect(stranger.locator(".replay-verdict.mark-blunder")).to_contain_text("other cards from the hand")
    assert_page_passes(stranger, "a shared Club Cards replay")
    stranger.goto("/replays/import")
    stranger.set_input_files("#record-file", files=[json_file(record)])
    with stranger.expect_navigation() as imported:
        stranger.locator("#import-record").tap()
    expect(stranger).to_have_url(re.compile(r"/replays/file/"))
    expect(stranger.locator(".replay-frame")).to_have_count(steps)
    answers.append(imported.value.text())
    assert not any(f"would have played {caddies}" in answer for answer in answers)
    assert all("other cards from the hand" in answer for answer in answers)
