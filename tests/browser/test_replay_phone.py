"""A hole's replay on a phone (docs/records.md, "Replays"): reached from the hole that just ended,
stepped by the arrow keys, the buttons, the scrubber and Play with no request, the whole frame on
one screen at 390x844 and at 320x640, and clean by axe-core and the tap-target checks."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.browser.audit import assert_page_passes
from tests.browser.test_play_phone import (
    THINKING,
    play_my_turn,
    start_match,
    then_wait_for_the_table,
    wait_while_computers_play,
)


def play_one_hole(page) -> None:
    for _ in range(400):
        if page.locator("#next-hole").count():
            return
        if page.locator(THINKING).count():
            wait_while_computers_play(page)
            continue
        then_wait_for_the_table(page, lambda: play_my_turn(page))
    raise AssertionError("the hole did not end")


def visible_step(page) -> int:
    return int(page.locator(".replay-frame:not([hidden])").get_attribute("data-step"))


def test_a_holes_replay_steps_without_a_request_and_fits_the_phone(phone):
    page = phone
    start_match(page, opponents=1, cards=4, negatives="twos", final_turn=False, discard_flip=False)
    play_one_hole(page)
    page.locator("#replay-link").tap()
    expect(page.locator("#replay-title")).to_have_text("Replay · hole 1")
    page.wait_for_load_state("load")
    expect(page.locator("#replay-play")).to_be_visible()  # its script runs
    assert visible_step(page) == 0
    frames = page.locator(".replay-frame").count()
    assert frames >= 6
    assert_page_passes(page, "the replay at the deal")

    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    where = page.locator("#replay-next").bounding_box()
    page.keyboard.press("ArrowRight")
    assert visible_step(page) == 1
    for _ in range(frames - 2):  # frames of every height: the controls never move
        page.keyboard.press("ArrowRight")
        assert page.locator("#replay-next").bounding_box() == where
    page.locator("#replay-scrub").fill("1")
    page.locator("#replay-next").tap()
    assert visible_step(page) == 2
    page.locator("#replay-prev").tap()
    assert visible_step(page) == 1
    page.locator("#replay-scrub").fill(str(frames - 1))
    assert visible_step(page) == frames - 1
    expect(page.locator(".replay-frame:not([hidden]) .card.back")).to_have_count(0)  # the end shows every card
    assert requests == [], "a step asks the server for nothing"
    assert re.search(rf"step={frames - 2}$", page.locator("#replay-prev").get_attribute("href"))
    # Play runs to the end at 4x
    page.locator("#replay-speed").select_option("4")
    page.locator("#replay-scrub").fill("0")
    page.locator("#replay-play").tap()
    expect(page.locator("#replay-at")).to_have_text(f"{frames - 1} / {frames - 1}", timeout=frames * 1000)
    expect(page.locator("#replay-play")).to_have_text("Play")

    # the frame and its controls on one screen, at 390x844 and 320x640
    for width, height in ((390, 844), (320, 640)):
        page.set_viewport_size({"width": width, "height": height})
        box = page.locator("#replay-controls").bounding_box()
        assert box is not None and box["y"] + box["height"] <= height, f"the controls are off a {width} px screen"
        assert_page_passes(page, f"the replay at {width} px")


def json_file(content: bytes) -> dict:
    return {"name": "record.json", "mimeType": "application/json", "buffer": content}


def test_a_shared_replay_opens_on_a_strangers_phone_and_a_downloaded_record_imports(phone, new_context):
    """The host shares the replay; a phone with no seat opens the link; the record downloaded from
    the replay imports on that phone and replays; the pages pass the audits at 390x844."""
    page = phone
    start_match(page, opponents=1, cards=4, negatives="twos", final_turn=False, discard_flip=False)
    play_one_hole(page)
    page.locator("#replay-link").tap()
    expect(page.locator("#share-replay")).to_be_visible()
    with page.expect_navigation():
        page.locator("#share-replay").tap()
    expect(page.locator("#replay-share-link")).to_be_visible()
    assert_page_passes(page, "the replay, shared")
    link = page.locator("#replay-share-link").get_attribute("href")
    with page.expect_download() as download:
        page.locator("#download-record").tap()
    with open(download.value.path(), "rb") as file:
        record = file.read()

    stranger = new_context(viewport={"width": 390, "height": 844}).new_page()
    stranger.goto(re.sub(r"^https?://[^/]+", "", link))
    expect(stranger.locator("#replay-frames")).to_be_visible()
    expect(stranger.locator("#replay-share, #back-to-table")).to_have_count(0)
    assert_page_passes(stranger, "a shared replay, on a phone with no seat")
    stranger.goto("/replays/import")
    stranger.set_input_files("#record-file", files=[json_file(b"{}")])
    with stranger.expect_navigation():
        stranger.locator("#import-record").tap()
    expect(stranger.locator("#record-file-error")).to_contain_text("not a match record")
    assert_page_passes(stranger, "the import page, refusing a file")
    stranger.set_input_files("#record-file", files=[json_file(record)])
    with stranger.expect_navigation():
        stranger.locator("#import-record").tap()
    expect(stranger).to_have_url(re.compile(r"/replays/file/"))
    frames = stranger.locator(".replay-frame").count()
    stranger.keyboard.press("ArrowRight")
    assert visible_step(stranger) == 1 and frames >= 6
    stranger.goto("/replays")
    expect(stranger.locator("#imported-list li")).to_have_count(1)
    assert_page_passes(stranger, "the list of replays")

    # the host takes the link back: the stranger's link opens nothing
    page.locator("#stop-sharing").tap()
    expect(page.locator("#share-replay")).to_be_visible()
    assert stranger.goto(re.sub(r"^https?://[^/]+", "", link)).status == 404


def test_practice_on_a_phone_lists_asks_and_answers_in_a_few_taps(phone):
    page = phone
    start_match(page, opponents=1, cards=4, negatives="twos", final_turn=False, discard_flip=False)
    table_url = page.url
    for _ in range(3):  # the plain strategy gives points away on nearly every hole
        play_one_hole(page)
        page.goto("/practice")
        if page.locator("#practice-list li").count():
            break
        # the table loaded afresh: Back could show a copy of it from before the hole ended
        page.goto(table_url)
        page.locator("#next-hole").tap()
        expect(page.locator("#next-hole")).to_have_count(0)
    assert_page_passes(page, "the practice list")
    page.locator("#practice-list li a").first.tap()
    expect(page.locator("#practice-choices")).to_be_visible()
    for width, height in ((390, 844), (320, 640)):
        page.set_viewport_size({"width": width, "height": height})
        assert_page_passes(page, f"a practice position at {width} px")
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#choice-0").tap()
    expect(page.locator("#practice-result")).to_be_visible()
    assert_page_passes(page, "a practice position answered")
    page.locator("#practice-why summary").tap()
    expect(page.locator("#practice-why p")).to_be_visible()
