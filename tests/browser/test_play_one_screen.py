"""Play (Grid Golf) on one phone screen: the whole table above the tab bar at every step of a hole,
a turn in two taps, the ways on after a match, Continue without JavaScript, a keyboard-only turn,
the audits, and opponents' cards big enough to read (docs/grid-golf.md, "Play on one screen")."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect

from caddie.web.live import pages as live_pages
from tests.browser.audit import CLEAN, page_problems, settled, sideways_overflow
from tests.browser.test_play_phone import (
    NEVER_MOVED,
    THINKING,
    computers_pause,
    start_match,
    table_id,
    then_wait_for_the_table,
    wait_for_a_new_version,
    wait_for_the_server,
)

TAB_BAR = 68  # the tab bar's height on a phone, before the safe area (docs/look-and-feel.md, "Frame")
TABLE_PARTS = {
    "opponents": ".opponents-row",
    "piles": ".piles",
    "your grid": ".my-grid",
    "prompt": "#prompt",
    "actions": "#dock",
}
BOXES_JS = """(selectors) => {
  const box = (el) => {
    const r = el.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right};
  };
  const found = {};
  for (const [name, selector] of Object.entries(selectors)) {
    found[name] = [...document.querySelectorAll(selector)].map(box);
  }
  const header = document.querySelector(".topbar").getBoundingClientRect().bottom;
  const tabs = document.querySelector(".tabbar").getBoundingClientRect().top;
  return {found, header, tabs, height: innerHeight, width: innerWidth,
          scrollHeight: document.documentElement.scrollHeight, scrollY: scrollY};
}"""


def table_boxes(page, extra: dict[str, str] | None = None) -> dict:
    settled(page)
    return page.evaluate(BOXES_JS, {**TABLE_PARTS, **(extra or {})})


def out_of_view(layout: dict) -> list[str]:
    """The parts of the table, and the targets, that are not wholly between the header and the tab bar."""
    floor = min(layout["tabs"], layout["height"] - TAB_BAR)
    problems = []
    for name, boxes in layout["found"].items():
        if name in TABLE_PARTS and not boxes:
            problems.append(f"{name}: missing")
        for b in boxes:
            if (
                b["top"] < layout["header"] - 0.5
                or b["bottom"] > floor + 0.5
                or b["left"] < 0
                or b["right"] > layout["width"]
            ):
                problems.append(
                    f"{name}: {b['top']:.0f}..{b['bottom']:.0f} (header {layout['header']:.0f}, tab bar {floor:.0f})"
                )
    return problems


LEGAL_TARGETS = {"targets": "button.legal:not([disabled]), #discard-drawn, #next-hole, #continue"}


def my_move(page) -> None:
    """One step of the person's turn: a low card goes over a face-down one, a high one is discarded."""
    prompt = page.locator("#prompt").inner_text()
    if "Turn up" in prompt or "turn up one" in prompt or "Tap a card of yours" in prompt:
        page.locator("button.slot.legal").first.tap()
    elif "tap the deck" in prompt:
        page.locator("#deck").tap()
    elif "You drew" in prompt:
        drawn = page.locator("#drawn .card").get_attribute("data-code")
        if drawn in ("A", "2", "3", "4", "K", "JK") or not page.locator("#discard-drawn").count():
            page.locator("button.slot.legal").first.tap()
        else:
            page.locator("#discard-drawn").tap()
    else:
        raise AssertionError(f"unexpected prompt: {prompt}")


def version_of(page) -> str:
    return page.locator('input[name="version"]').first.get_attribute("value")


def wait_while_a_computer_plays(page) -> bool:
    """If a computer is to play, wait for its move (the server makes it; the live stream brings it
    and the table's version moves on) and say so: each table the page shows is checked."""
    before = version_of(page)  # read first: the move may land while the table is being read
    if page.locator(THINKING).count():
        try:
            wait_for_a_new_version(page, before, timeout=20000)
        except PlaywrightTimeout:
            raise AssertionError(NEVER_MOVED) from None
        return True
    # a computer's move may have ended the hole after the caller looked for the scores: look again
    return page.locator("#hole-scores").count() > 0


def play_a_hole_checking_the_screen(page) -> int:
    """Play one hole; at every version of the table check that it is all in view and nothing scrolls.
    Returns how many steps were checked."""
    steps = 0
    page.wait_for_load_state("load")  # measured with the stylesheets applied
    for _ in range(600):
        layout = table_boxes(page, LEGAL_TARGETS)
        assert out_of_view(layout) == [], (page.locator("#prompt").inner_text(), layout)
        if page.locator("#hole-scores").count():
            # the hole is over: the table and Next hole still in view; the scores follow below it
            expect(page.locator("#next-hole, #match-winner").first).to_be_in_viewport()
            return steps
        assert layout["scrollHeight"] <= layout["height"], f"the page scrolls: {layout['scrollHeight']}"
        assert layout["scrollY"] == 0
        steps += 1
        if not wait_while_a_computer_plays(page):
            then_wait_for_the_table(page, lambda: my_move(page))
    raise AssertionError("the hole did not end")


@pytest.mark.parametrize("opponents", [1, 3])
def test_every_step_of_a_hole_fits_the_phone_above_the_tab_bar(phone, opponents):
    start_match(phone, opponents, 6, "twos", final_turn=False, discard_flip=False)
    steps = play_a_hole_checking_the_screen(phone)
    assert steps > 5


@pytest.mark.look
@pytest.mark.parametrize(
    "opponents, cards", [(1, 4), (2, 4), (3, 4), (1, 8), (2, 8), (3, 8), (1, 10), (2, 10), (3, 10), (5, 6)]
)
def test_other_hands_and_tables_fit_too(phone, opponents, cards):
    """4, 8 and 10-card hands with 1 to 3 opponents, and 5 opponents (every one of them in view)."""
    start_match(phone, opponents, cards, "twos", final_turn=False, discard_flip=False)
    phone.wait_for_load_state("load")
    layout = table_boxes(phone, {**LEGAL_TARGETS, **EACH_OPPONENT})
    assert out_of_view(layout) == []
    assert layout["scrollHeight"] <= layout["height"]
    assert sideways_overflow(phone) == 0
    # the person's own cards stay large: at least 56 px wide even with five columns
    assert phone.locator(".my-grid .card").first.bounding_box()["width"] >= 56


EACH_OPPONENT = {"each opponent": ".opp"}


@pytest.mark.look
@pytest.mark.parametrize("width, height, opponents", [(320, 640, 1), (320, 640, 3), (320, 640, 5), (390, 844, 5)])
def test_a_small_phone_keeps_every_opponent_own_cards_of_44px_and_the_dock_in_view(
    new_context, width, height, opponents
):
    """At 320x640 the person's own cards are at least 44 px wide and the dock sits above the tab
    bar; with five opponents every one of them is in view at 320 and 390 px, nothing scrolling sideways."""
    page = new_context(viewport={"width": width, "height": height}).new_page()
    start_match(page, opponents, 6, "twos", final_turn=False, discard_flip=False)
    page.wait_for_load_state("load")
    layout = table_boxes(page, {**LEGAL_TARGETS, **EACH_OPPONENT})
    assert len(layout["found"]["each opponent"]) == opponents
    assert out_of_view(layout) == []
    assert layout["scrollHeight"] <= layout["height"]
    assert layout["found"]["actions"][0]["bottom"] <= layout["tabs"]
    assert sideways_overflow(page) == 0
    assert (
        page.evaluate(
            "(() => { const r = document.querySelector('.opponents-row'); return r.scrollWidth - r.clientWidth; })()"
        )
        == 0
    )
    own = page.evaluate("[...document.querySelectorAll('.my-grid .card')].map(c => c.offsetWidth)")
    assert min(own) >= (44 if width == 320 else 80), own


def taps_for_my_turn(page, first: str) -> int:
    """Play the person's turn from its start with taps only, counting them; the turn is over when a
    computer is to play or the hole has ended."""
    taps = 0

    def tap(selector):
        nonlocal taps
        before = version_of(page)
        page.locator(selector).first.tap()
        taps += 1
        wait_for_a_new_version(page, before)
        assert page.evaluate("scrollY") == 0, "no scrolling during a turn"

    tap(first)
    assert out_of_view(table_boxes(page, LEGAL_TARGETS)) == [], "every legal target is in view"
    with computers_pause(2):  # the table drawn after the tap stays as it is while it is read
        tap("button.slot.legal")
    prompt = page.locator("#prompt").inner_text()
    assert page.locator(THINKING).count() or page.locator("#hole-scores").count(), prompt
    return taps


def wait_for_my_turn(page) -> None:
    for _ in range(200):
        if "tap the deck" in page.locator("#prompt").inner_text():
            return
        if not wait_while_a_computer_plays(page):
            then_wait_for_the_table(page, lambda: my_move(page))  # the initial flips
    raise AssertionError("the person's turn never came")


def test_a_turn_is_two_taps_from_the_deck_or_from_the_discard(phone):
    start_match(phone, 3, 6, "twos", final_turn=False, discard_flip=False)
    wait_for_my_turn(phone)
    assert taps_for_my_turn(phone, "#deck") == 2
    wait_for_my_turn(phone)
    assert taps_for_my_turn(phone, "#discard-pile") == 2


BUTTON = re.compile(r'<button type="submit" name="action" value="([^"]+)"([^>]*)>', re.S)
FACE_DOWN_LABEL = re.compile(r'aria-label="(?:Swap into|Turn up) [^"(]*"')  # a face-down slot names no card


def quick_move(html: str, rng: random.Random) -> str:
    """A random legal move of the person's, four times in five one that turns up a face-down card
    when there is one (purely random play takes hundreds of turns to end a hole)."""
    moves = [value for value, rest in BUTTON.findall(html) if not re.search(r"\bdisabled\b", rest)]
    assert moves, "no move for the person on the table"
    face_down = [value for value, rest in BUTTON.findall(html) if value in moves and FACE_DOWN_LABEL.search(rest)]
    if face_down and rng.random() < 0.8:
        return rng.choice(face_down)
    if "draw" in moves and rng.random() < 0.8:
        return "draw"
    return rng.choice(moves)


def play_over_http(page, path: str, until: str) -> None:
    """Play the person's moves through plain form posts in the page's own session (quicker than
    tapping) until the table shows the element ``until``; the server moves the computers."""
    rng = random.Random(7)
    public_id = path.rsplit("/", 1)[1]
    for _ in range(4000):
        html = page.request.get(path).text()
        if f'id="{until}"' in html:
            return
        version = int(re.search(r'name="version" value="(\d+)"', html).group(1))
        if 'id="continue"' in html:  # a computer is to move: wait for the server to move it
            wait_for_the_server(public_id, version)
            continue
        data = {
            "csrf_token": re.search(r'name="csrf-token" content="([^"]+)"', html).group(1),
            "version": str(version),
            "seat": "0",
            "action": quick_move(html, rng),
        }
        response = page.request.post(f"{path}/act", form=data)
        assert response.ok, (response.status, data)
    raise AssertionError(f"the table never showed #{until}")


def match_line(page, index: int) -> str:
    return page.locator(".round-list li").nth(index).inner_text()


def test_after_a_match_a_rematch_is_one_tap_and_the_scorecard_opens_its_round(phone):
    phone.goto("/play/")
    phone.locator("#player").fill("Pat")
    phone.locator("fieldset", has_text="Opponents").locator("label", has_text="2").tap()
    phone.locator('input[name="seats-0-name"]').fill("Rosa")
    phone.locator('select[name="seats-0-level"]').select_option("beginner")
    phone.locator('input[name="seats-1-name"]').fill("Tom")
    phone.locator('select[name="seats-1-level"]').select_option("steady")
    phone.locator("fieldset", has_text="Hand size").locator("label", has_text=re.compile(r"^4$")).tap()
    phone.locator("fieldset", has_text="Cards worth").locator("label", has_text=re.compile(r"^Jokers$")).tap()
    phone.locator('input[name="final_turn"]').check()
    phone.locator("#start-match").tap()
    expect(phone.locator(".hole-no")).to_contain_text("Hole 1")
    path = re.sub(r"^https?://[^/]+", "", phone.url)
    play_over_http(phone, path, until="match-winner")
    phone.goto(path)

    expect(phone.locator("#match-winner")).to_be_visible()
    for ways_on in ("#rematch", "#new-match", "#scorecard-link"):
        expect(phone.locator(ways_on)).to_be_in_viewport(ratio=1)
    assert out_of_view(table_boxes(phone)) == []
    phone.locator("#rematch").tap()  # one tap: a POST form, then the new match's table
    expect(phone.locator(".hole-no")).to_contain_text("Hole 1")
    rematch_path = re.sub(r"^https?://[^/]+", "", phone.url)
    assert rematch_path != path and rematch_path.startswith("/t/")
    assert [t.strip() for t in phone.locator(".opp-who").all_inner_texts()] == ["Rosa", "Tom"]
    assert phone.locator(".my-grid .card").count() == 4

    phone.goto("/play/")
    new, old = match_line(phone, 0), match_line(phone, 1)
    assert "Rosa (Beginner)" in new and "Tom (Steady)" in new and "Pat" in new
    assert "hole 1 of 9" in new and "finished" in old
    # the same names, levels and rules: the two lines differ only in how far the match got
    assert new.replace("hole 1 of 9", "") == old.replace("finished", "")

    phone.goto(path)
    phone.locator("#scorecard-link").tap()
    expect(phone).to_have_url(re.compile(r"/ledger/"))
    expect(phone.locator("#standings tbody tr")).to_have_count(3)
    expect(phone.locator("#standings")).to_contain_text("Rosa")


def test_without_javascript_continue_sits_above_the_tab_bar_and_fetches_the_table(new_context):
    page = new_context(java_script_enabled=False).new_page()
    start_match(page, 1, 6, "twos", final_turn=False, discard_flip=False)
    path = re.sub(r"^https?://[^/]+", "", page.url)
    page.locator("button.slot.legal").first.tap()  # the person turns up two cards; then the computer is to play
    with computers_pause(3):  # the page is drawn before the computer moves
        page.locator("button.slot.legal").first.tap()
    expect(page.locator(THINKING)).to_contain_text("is thinking")
    expect(page.locator("#continue")).to_be_visible()
    layout = table_boxes(page, {"continue": "#continue"})
    assert out_of_view(layout) == []
    box = layout["found"]["continue"][0]
    assert box["bottom"] <= layout["tabs"] and box["bottom"] - box["top"] >= 44
    assert page.locator("#continue").get_attribute("href") == path  # a plain GET of the table
    before = version_of(page)
    wait_for_the_server(table_id(page), int(before))  # the server has made the computer's move
    page.locator("#continue").tap()  # the tap lands on the link, not on the tab bar over it
    wait_for_a_new_version(page, before)  # and the page fetched brings the move
    assert page.url.endswith(path)


def focus_ring(page) -> dict:
    return page.evaluate(
        """() => { const el = document.activeElement, s = getComputedStyle(el);
             return {id: el.id, outline: s.outlineStyle, width: parseFloat(s.outlineWidth),
                     visible: el.matches(':focus-visible')}; }"""
    )


def tab_to(page, wanted, limit=40) -> int:
    """Press Tab until the focused element matches ``wanted`` (a function of its id), checking its
    focus ring; the presses it took (none when the table already put the focus there)."""
    for presses in range(limit + 1):
        if presses:
            page.keyboard.press("Tab")
        ring = focus_ring(page)
        if wanted(ring["id"]):
            assert ring["visible"] and ring["outline"] != "none" and ring["width"] >= 2, ring
            return presses
    raise AssertionError("Tab never reached it")


def test_a_keyboard_alone_plays_a_turn(new_context):
    page = new_context(is_mobile=False).new_page()  # touch only to set the match up; the turn is keys
    start_match(page, 1, 6, "twos", final_turn=False, discard_flip=False)
    for _ in range(2):  # the initial flips, by keyboard too
        tab_to(page, lambda i: i.startswith("slot-"))
        before = version_of(page)
        page.keyboard.press("Enter")
        wait_for_a_new_version(page, before)
    expect(page.locator("#prompt")).to_contain_text("tap the deck", timeout=20000)
    tab_to(page, lambda i: i == "deck")
    page.keyboard.press("Enter")
    expect(page.locator("#prompt")).to_contain_text("You drew")
    tab_to(page, lambda i: i.startswith("slot-"), limit=8)  # the slots come right after the piles
    with computers_pause(2):  # the table drawn after the move stays as it is while it is read
        page.keyboard.press("Enter")
        expect(page.locator("#prompt")).not_to_contain_text("You drew")
    assert page.locator(THINKING).count() or page.locator("#hole-scores").count()


LOOKS = [(390, "light"), (390, "dark"), (320, "light"), (320, "dark")]


def audit_every_look(page) -> None:
    for width, scheme in LOOKS:
        page.set_viewport_size({"width": width, "height": 844})
        page.emulate_media(color_scheme=scheme)
        page.wait_for_timeout(50)
        assert page_problems(page) == CLEAN, (page.url, width, scheme)


@pytest.mark.look
def test_the_start_page_and_a_match_pass_the_audits(phone):
    page = phone
    page.emulate_media(reduced_motion="reduce")  # audit the cards where they rest
    page.goto("/play/")
    audit_every_look(page)
    page.set_viewport_size({"width": 390, "height": 844})
    start_match(page, 3, 6, "twos", final_turn=False, discard_flip=False)
    wait_for_my_turn(page)
    then_wait_for_the_table(page, lambda: page.locator("#deck").tap())
    expect(page.locator("#drawn")).to_be_visible()  # mid-turn: a card in hand, Discard it offered
    audit_every_look(page)
    page.locator(".log summary").click()  # the log, opened over the table
    assert page.locator(".log summary").bounding_box()["height"] >= 44
    expect(page.locator("#log-scorecard")).to_be_visible()  # the scorecard, one tap away mid-match
    audit_every_look(page)
    path = re.sub(r"^https?://[^/]+", "", page.url)
    play_over_http(page, path, until="hole-scores")  # on to the end of the hole, in the same session
    page.goto(path)
    expect(page.locator("#hole-scores")).to_be_visible()
    audit_every_look(page)


@pytest.mark.look
def test_three_opponents_cards_are_big_enough_to_read(phone):
    start_match(phone, 3, 6, "twos", final_turn=False, discard_flip=False)
    expect(phone.locator(".opp")).to_have_count(3)
    for _ in range(2):  # turn two cards up so there are faces to measure
        then_wait_for_the_table(phone, lambda: phone.locator("button.slot.legal").first.tap())
    expect(phone.locator(".opp .card.mini:not(.back)").first).to_be_visible(timeout=20000)
    # in one look, as the table stands; offsetWidth is the card at rest, not mid-animation
    widths, faces = phone.evaluate(
        """() => [[...document.querySelectorAll('.opp .card.mini')].map(c => c.offsetWidth),
                  [...document.querySelectorAll('.opp .card.mini:not(.back) .face')]
                    .map(f => parseFloat(getComputedStyle(f).fontSize))]"""
    )
    assert len(widths) == 18 and min(widths) >= 30, widths
    assert faces and min(faces) >= 14, faces
    assert "Hole" not in " ".join(phone.locator(".opp-scores").all_inner_texts())


def test_a_tap_without_a_connection_says_so_and_the_next_one_lands(phone, monkeypatch):
    """The Wi-Fi drops at the table: the tap that could not be sent says so in the line at the top
    (UI.md, "Connection and sharing"), the table's stream that stays closed says so too, and once
    the connection is back the line goes and the next tap makes the move."""
    # Chromium's offline mode keeps a stream that is already open: short streams end while offline,
    # as a dropped Wi-Fi ends them, and reopen every few seconds while online (no line: a reopened
    # stream is no news)
    monkeypatch.setattr(live_pages, "STREAM_SECONDS", 3)
    start_match(phone, 1, 6, "twos", final_turn=False, discard_flip=False)
    wait_for_my_turn(phone)
    before = version_of(phone)
    line = phone.locator("#outbox-status")
    phone.context.set_offline(True)
    try:
        phone.locator("#deck").tap()
        expect(line).to_have_text(re.compile(r"^No connection: that tap was not sent\."))
        assert version_of(phone) == before and not phone.locator("#drawn").count()
        expect(line).to_have_text(re.compile(r"^No connection to the table"), timeout=15_000)
        assert out_of_view(table_boxes(phone)) == [], "the line moves nothing on the table"
    finally:
        phone.context.set_offline(False)
    expect(line).to_be_hidden(timeout=15_000)  # the stream is open again
    phone.locator("#deck").tap()
    wait_for_a_new_version(phone, before)
    expect(phone.locator("#drawn")).to_be_visible()
