"""The Ledger kept with one thumb: quick scores, the active cell always in view, no silent erasing.

Taps are counted by the tests themselves: every ``tap()`` during a hole goes
through ``Thumb.tap``, so the count is the number of touches a person makes.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from tests.browser.audit import assert_page_passes, sideways_overflow

NAMES = ["Ann", "Bo", "Cy", "Di"]
CEDAR_NINE_PARS = [4, 3, 5, 4, 3, 4, 5, 4, 3]  # caddie.core.courses.course.SAMPLE_COURSES["cedar-nine"]


class Thumb:
    """Taps a phone page and counts every tap."""

    def __init__(self, page):
        self.page = page
        self.taps = 0

    def tap(self, selector: str):
        self.taps += 1
        self.page.locator(selector).tap()


def minus(value: int) -> str:
    return str(value).replace("-", "\u2212")


def deal(page, names=NAMES, query: str = "") -> str:
    """Deal a round on the deal page; the pad opens on the first cell. Returns the round's id."""
    page.goto(f"/ledger/new{query}")
    for i, name in enumerate(names):
        page.locator(f"#players-{i}").fill(name)
    page.locator("#deal").click()
    expect(page.locator("#pad")).to_contain_text(re.compile(rf"Hole 1 · (par \d · )?{names[0]}"))
    # the round page's stylesheets are in: before, the pad's second page of quick scores shows too
    # (the browser paints nothing until then; the DOM is already there to be asked)
    page.wait_for_load_state("load")
    return re.search(r"/ledger/r/([^?#]+)", page.url).group(1)


def round_through_api(page, names=NAMES, holes=9, filled=0) -> str:
    """A round in this browser with ``filled`` holes entered (player i scores i + 1), through the API."""
    api = page.context.request
    created = api.post("/api/v1/rounds", data={"players": names, "holes": holes, "game": "grid"})
    assert created.status == 201, created.text()
    round_id = created.json()["round"]["id"]
    for hole in range(1, filled + 1):
        scores = {name: i + 1 for i, name in enumerate(names)}
        assert api.put(f"/api/v1/rounds/{round_id}/holes/{hole}", data={"scores": scores}).status == 200
    return round_id


def expect_score(page, seat: int, hole: int, value: int | None):
    expect(page.locator(f"#cell-{seat}-{hole}")).to_have_attribute("data-score", "" if value is None else str(value))


def box(page, selector: str) -> dict:
    found = page.locator(selector).bounding_box()
    assert found is not None, f"{selector} is not rendered"
    return found


def assert_in_view(page, seat: int, hole: int):
    """The active cell and its player's name are on screen, clear of the header, the pad and the tab bar."""
    viewport = page.viewport_size
    pad = box(page, "#pad")
    header = box(page, ".topbar")
    tabbar = box(page, ".tabbar")
    scroller = box(page, "#card-scroll")
    for selector in (f"#cell-{seat}-{hole}", f"#name-{seat}"):
        item = box(page, selector)
        where = f"{selector} at {viewport['width']}x{viewport['height']}: {item}, pad {pad}"
        assert item["y"] >= header["y"] + header["height"] - 1, f"under the header: {where}"
        assert item["y"] + item["height"] <= pad["y"] + 1, f"covered by the pad: {where}"
        assert item["y"] + item["height"] <= tabbar["y"] + 1, f"covered by the tab bar: {where}"
        assert item["x"] >= scroller["x"] - 1 and item["x"] + item["width"] <= scroller["x"] + scroller["width"] + 1
        assert 0 <= item["x"] and item["x"] + item["width"] <= viewport["width"], where


def assert_between_sticky_columns(page, seat: int, hole: int):
    """The cell shows in full between its row's sticky name and sticky Total."""
    cell = box(page, f"#cell-{seat}-{hole}")
    name = box(page, f"#name-{seat}")
    total = box(page, f'[data-sum="Total-{seat}"]')
    assert cell["x"] >= name["x"] + name["width"] - 1, (cell, name)
    assert cell["x"] + cell["width"] <= total["x"] + 1, (cell, total)
    assert name["x"] >= 0 and total["x"] + total["width"] <= page.viewport_size["width"] + 1


# ---- (1) and (2): a hole in one tap per player ------------------------------


def test_a_four_player_grid_golf_hole_takes_one_tap_each(phone):
    deal(phone)
    thumb = Thumb(phone)
    hole_one = [3, 0, 11, 7]
    for seat, score in enumerate(hole_one):
        expect(phone.locator("#pad")).to_contain_text(f"Hole 1 · {NAMES[seat]}")
        thumb.tap(f"#quick-{score}")
        expect_score(phone, seat, 1, score)
    assert thumb.taps == 4, f"hole 1 took {thumb.taps} taps"
    expect(phone.locator("#pad")).to_contain_text("Hole 2 · Ann")

    # Hole 2 with one score off the first page (15): More, then 15; and one typed (33), with Save.
    thumb.taps = 0
    thumb.tap("#quick-5")
    expect_score(phone, 0, 2, 5)
    thumb.tap("#more-key")
    thumb.tap("#quick-15")
    expect_score(phone, 1, 2, 15)
    thumb.tap('[data-pad-key="3"]')
    thumb.tap('[data-pad-key="3"]')
    thumb.tap("#save-score")
    expect_score(phone, 2, 2, 33)
    thumb.tap("#quick-1")
    expect_score(phone, 3, 2, 1)
    assert thumb.taps <= 7, f"hole 2 took {thumb.taps} taps"
    expect(phone.locator("#pad")).to_contain_text("Hole 3 · Ann")
    expect(phone.locator('[data-sum="Total-0"]')).to_have_text("8")
    expect(phone.locator('[data-sum="Total-2"]')).to_have_text("44")


@pytest.mark.parametrize("width, height", [(320, 640), (390, 844)])
def test_every_six_card_score_from_minus_4_to_30_is_two_taps_at_most(new_context, width, height):
    """Scores −4 to 30 into a round's cells, counting taps from the open pad: one for 0 to 12,
    More and the score for the rest; More moves no key (the pad's top and its first key stay put)."""
    page = new_context(viewport={"width": width, "height": height}).new_page()
    deal(page)
    thumb = Thumb(page)
    for n, score in enumerate(range(-4, 31)):
        seat, hole = n % len(NAMES), n // len(NAMES) + 1
        expect(page.locator("#pad")).to_contain_text(f"Hole {hole} · {NAMES[seat]}")
        before = thumb.taps
        if not page.locator(f"#quick-{score}").is_visible():
            pad_top, first_key = box(page, "#pad")["y"], box(page, "#quick-0")
            thumb.tap("#more-key")
            expect(page.locator(f"#quick-{score}")).to_be_visible()
            assert box(page, "#pad")["y"] == pad_top
            assert box(page, f"#quick-{score}")["height"] >= 44
            assert box(page, "#less-key") and first_key == box(page, "#quick-0")
        thumb.tap(f"#quick-{score}")
        expect_score(page, seat, hole, score)
        assert thumb.taps - before == (1 if 0 <= score <= 12 else 2), score
    assert sideways_overflow(page) == 0


@pytest.mark.look
def test_the_quick_row_covers_common_grid_scores_and_fits_at_320(new_context):
    page = new_context(viewport={"width": 320, "height": 640}).new_page()
    deal(page)
    labels = page.locator(".quick-scores button").all_inner_texts()
    assert labels == [minus(v) for v in range(13)]
    row = box(page, ".quick-scores")
    for key in page.locator(".quick-scores button, .numpad button").all():
        found = key.bounding_box()
        assert found["width"] >= 44 and found["height"] >= 44, found
        assert found["x"] >= row["x"] - 1 and found["x"] + found["width"] <= row["x"] + row["width"] + 1
    assert sideways_overflow(page) == 0


def test_a_club_cards_hole_by_quick_scores_around_par(phone):
    deal(phone, names=["Ann", "Bo", "Cy"], query="?game=clubs&course=cedar-nine")
    expect(phone.locator(".rules-chip")).to_contain_text("Club Cards")
    thumb = Thumb(phone)
    for hole in (1, 2):
        par = CEDAR_NINE_PARS[hole - 1]
        expect(phone.locator("#pad")).to_contain_text(f"Hole {hole} · par {par} · Ann")
        labels = phone.locator(".quick-scores button").all_inner_texts()
        assert labels == [str(v) for v in range(par - 1, par + 4)], (hole, labels)
        assert phone.locator('[data-pad-key="-"]').count() == 0  # no minus key for Club Cards
        for seat, over in enumerate((-1, 0, 3)):
            thumb.tap(f"#quick-{par + over}")
            expect_score(phone, seat, hole, par + over)
    assert thumb.taps == 6
    expect(phone.locator('#standings tr[data-player="Ann"] [data-vs-par]')).to_have_text("\u22122")
    expect(phone.locator('#standings tr[data-player="Cy"] [data-vs-par]')).to_have_text("+6")


# ---- (3) and (4): the active cell stays in view ------------------------------


@pytest.mark.parametrize("width, height", [(320, 640), (390, 844)])
def test_after_every_save_the_active_cell_and_name_are_in_view(new_context, width, height):
    page = new_context(viewport={"width": width, "height": height}).new_page()
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
    deal(page, names=names)
    assert_in_view(page, 0, 1)
    for hole in (1, 2):
        for seat in range(len(names)):
            page.locator(f"#quick-{seat}").tap()
            expect_score(page, seat, hole, seat)
            following = (seat + 1, hole) if seat + 1 < len(names) else (0, hole + 1)
            expect(page.locator(f"#cell-{following[0]}-{following[1]}")).to_have_class(re.compile(r"\bselected\b"))
            assert_in_view(page, *following)
            assert_between_sticky_columns(page, *following)
    # the score just saved is on screen too: its row is the active row's neighbour or the active row
    assert_in_view(page, 0, 3)


@pytest.mark.look
@pytest.mark.parametrize("width, height", [(320, 640), (390, 844)])
def test_on_hole_nine_the_cell_is_scrolled_into_view_with_names_and_total(new_context, width, height):
    page = new_context(viewport={"width": width, "height": height}).new_page()
    round_id = round_through_api(page, filled=8)
    page.goto(f"/ledger/r/{round_id}?cell=0-9")
    expect(page.locator("#pad")).to_contain_text("Hole 9 · Ann")
    assert page.locator("#card-scroll").evaluate("el => el.scrollLeft") > 0
    assert_in_view(page, 0, 9)
    assert_between_sticky_columns(page, 0, 9)
    expect(page.locator('[data-sum="Total-0"]')).to_be_in_viewport()
    page.locator("#quick-4").tap()
    expect_score(page, 0, 9, 4)
    expect(page.locator('[data-sum="Total-0"]')).to_have_text("12")
    assert_in_view(page, 1, 9)
    assert_between_sticky_columns(page, 1, 9)


def test_an_eighteen_hole_card_scrolls_to_the_back_nine_and_back(phone):
    round_id = round_through_api(phone, names=["Ann", "Bo"], holes=18, filled=13)
    phone.goto(f"/ledger/r/{round_id}?cell=1-14")
    expect(phone.locator("#pad")).to_contain_text("Hole 14 · Bo")
    assert_in_view(phone, 1, 14)
    assert_between_sticky_columns(phone, 1, 14)
    phone.goto(f"/ledger/r/{round_id}?cell=0-2")
    assert_between_sticky_columns(phone, 0, 2)


# ---- (5): an empty Save erases nothing ----------------------------------------


def test_an_empty_save_changes_nothing_and_clear_this_cell_clears(phone):
    deal(phone, names=["Ann", "Bo"])
    phone.locator("#quick-5").tap()
    expect_score(phone, 0, 1, 5)
    phone.locator("#cell-0-1").tap()  # back to Ann's 5
    expect(phone.locator("#pad")).to_contain_text("Hole 1 · Ann")
    expect(phone.locator("#score")).to_have_value("5")
    phone.locator('[data-pad-key="back"]').tap()
    expect(phone.locator("#score")).to_have_value("")
    phone.locator("#save-score").tap()
    expect(phone.locator("#round-message")).to_contain_text("Nothing was saved: the box is empty. Ann's 5 stays;")
    expect_score(phone, 0, 1, 5)
    expect(phone.locator("#pad")).to_contain_text("Hole 1 · Ann")
    expect(phone.locator('[data-sum="Total-0"]')).to_have_text("5")

    phone.get_by_role("button", name="Clear this cell").tap()
    expect_score(phone, 0, 1, None)
    expect(phone.locator('[data-sum="Total-0"]')).to_have_text("")
    expect(phone.locator("#pad")).to_contain_text("Hole 1 · Ann")  # the pad stays on the cleared cell
    expect(phone.get_by_role("button", name="Clear this cell")).to_have_count(0)  # nothing left to clear


def test_quick_scores_and_an_empty_save_work_without_javascript(new_context):
    page = new_context(java_script_enabled=False).new_page()
    page.goto("/ledger/new")
    page.locator("#players-0").fill("Ann")
    page.locator("#players-1").fill("Bo")
    page.locator("#deal").click()
    page.locator("#quick-6").click()
    expect_score(page, 0, 1, 6)
    expect(page.locator("#pad")).to_contain_text("Hole 1 · Bo")
    assert re.search(r"#cell-1-1$", page.url), page.url  # the anchor brings the next cell into view
    page.locator("#save-score").click()  # an empty box
    expect(page.locator("#round-message")).to_contain_text("Nothing was saved")
    expect_score(page, 1, 1, None)


# ---- keyboard, the policy, and the audits -------------------------------------


def focus_ring(page) -> str:
    """The focused element's id and whether it shows a ring (an outline or a box shadow)."""
    return page.evaluate(
        """() => {
          const el = document.activeElement, s = getComputedStyle(el);
          const ring = (s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) >= 2) || s.boxShadow !== 'none';
          return (el.id || el.tagName) + (ring ? ' ringed' : ' bare');
        }"""
    )


def test_a_hole_entered_with_the_keyboard_alone(new_context):
    page = new_context(viewport={"width": 1024, "height": 768}, is_mobile=False, has_touch=False).new_page()
    round_id = round_through_api(page, names=["Ann", "Bo", "Cy"])
    page.goto(f"/ledger/r/{round_id}?cell=0-1")
    page.evaluate("document.activeElement && document.activeElement.blur()")
    for _ in range(80):  # Tab from the top of the page to the pad's box
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.id") == "score":
            break
        assert focus_ring(page).endswith("ringed") or page.evaluate("document.activeElement.tagName") == "BODY", (
            focus_ring(page)
        )
    assert focus_ring(page) == "score ringed"
    page.keyboard.type("7")
    page.keyboard.press("Enter")
    expect_score(page, 0, 1, 7)
    expect(page.locator("#pad")).to_contain_text("Hole 1 · Bo")
    expect(page.locator("#score")).to_be_focused()
    assert focus_ring(page) == "score ringed"  # the new pad has the focus, and shows it
    page.keyboard.type("-2")
    page.keyboard.press("Enter")
    expect_score(page, 1, 1, -2)
    expect(page.locator("#pad")).to_contain_text("Hole 1 · Cy")
    expect(page.locator("#score")).to_be_focused()
    # htmx focuses the new box (autofocus) once the swap has settled: a Tab before that is undone
    page.wait_for_function("() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')")
    page.keyboard.press("Tab")
    assert focus_ring(page) == "save-score ringed"
    page.keyboard.press("Tab")
    assert focus_ring(page) == "quick-0 ringed"
    page.keyboard.press("Tab")
    assert focus_ring(page) == "quick-1 ringed"
    page.keyboard.press("Enter")
    expect_score(page, 2, 1, 1)
    expect(page.locator("#pad")).to_contain_text("Hole 2 · Ann")


RECORD_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"}`
                              + ` at ${event.sourceFile || "?"}:${event.lineNumber}`);
});
"""


# What a password manager or autofill does to a text box: a style set through the CSSOM
# (allowed by the policy), which htmx's settle step would copy with setAttribute (refused).
DECORATE_THE_BOX = """
new MutationObserver(() => {
  const box = document.getElementById("score");
  if (box && !box.style.backgroundImage) box.style.backgroundImage = "none";
}).observe(document, { subtree: true, childList: true });
"""


@pytest.mark.parametrize("width, height", [(320, 640), (390, 844)])
def test_saves_break_no_rule_of_the_content_security_policy(new_context, width, height):
    context = new_context(viewport={"width": width, "height": height})
    context.add_init_script(RECORD_VIOLATIONS)
    context.add_init_script(DECORATE_THE_BOX)
    page = context.new_page()
    seen = []
    page.on("console", lambda message: seen.append(f"{message.type}: {message.text}"))
    page.on("pageerror", lambda error: seen.append(f"pageerror: {error}"))
    deal(page)
    for hole in (1, 2, 3):
        for seat in range(4):
            page.locator(f"#quick-{(seat + hole) % 10}").tap()
            expect_score(page, seat, hole, (seat + hole) % 10)
    page.locator("#cell-2-1").tap()  # a cell far back: the card scrolls to it
    expect(page.locator("#pad")).to_contain_text("Hole 1 · Cy")
    page.locator('[data-pad-key="1"]').tap()
    page.locator("#save-score").tap()
    expect_score(page, 2, 1, 31)
    page.locator("#card-scroll").evaluate("el => { el.scrollLeft = 0; }")  # a swipe back to hole 1
    page.locator("#cell-0-1").tap()
    expect(page.locator("#pad")).to_contain_text("Hole 1 · Ann")
    page.locator("#score").fill("")
    page.locator("#save-score").tap()  # refused: an empty box
    expect(page.locator("#round-message")).to_be_visible()
    page.get_by_role("button", name="Clear this cell").tap()
    expect_score(page, 0, 1, None)
    page.go_back()  # htmx restores its copy of the page
    page.wait_for_load_state("load")
    page.go_forward()
    page.wait_for_load_state("load")
    page.wait_for_timeout(100)  # a settle step after the swap (20 ms) would have run by now
    violations = page.evaluate("window.__cspViolations || []")
    problems = [m for m in seen if "Content Security Policy" in m or "Refused to" in m or "inline style" in m]
    assert violations == [] and problems == [], (violations, problems)
    # the one error expected: the refused empty box answers 400, which the browser logs
    expected = "Failed to load resource: the server responded with a status of 400"
    assert not [m for m in seen if m.startswith(("error", "pageerror")) and expected not in m], seen


def audit(page, where: str):
    page.wait_for_load_state("load")
    assert_page_passes(page, where)


@pytest.mark.look
@pytest.mark.parametrize("width", [390, 320])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_ledger_pages_pass_the_audits(new_context, width, scheme):
    height = 844 if width == 390 else 640
    page = new_context(viewport={"width": width, "height": height}, color_scheme=scheme).new_page()
    round_id = round_through_api(page, filled=9)  # a finished round for the list and the statistics
    open_id = round_through_api(page, names=["Ann", "Bo"], filled=2)
    pages = [
        "/ledger/",
        "/ledger/new",
        "/ledger/new?game=clubs",
        "/ledger/players",
        f"/ledger/r/{open_id}?cell=0-3",
        f"/ledger/r/{round_id}?cell=1-4",  # the pad on a cell that holds a score: Clear shows
        f"/ledger/r/{round_id}",
        f"/ledger/r/{round_id}/print",
        f"/ledger/r/{round_id}/delete",
    ]
    for path in pages:
        page.goto(path)
        audit(page, f"{path} at {width} px, {scheme}")


def test_club_cards_pages_show_the_club_cards_rules_chip(phone):
    phone.goto("/ledger/new?game=clubs")
    expect(phone.locator(".rules-chip")).to_contain_text("Club Cards")
    phone.goto("/ledger/new")
    expect(phone.locator(".rules-chip")).not_to_contain_text("Club Cards")
    round_id = deal(phone, names=["Ann"], query="?game=clubs&course=cedar-nine")
    expect(phone.locator(".rules-chip")).to_contain_text("Club Cards")
    phone.goto(f"/ledger/r/{round_id}/delete")
    expect(phone.locator(".rules-chip")).to_contain_text("Club Cards")


def test_names_of_24_letters_without_a_space_never_push_the_page_sideways(new_context):
    """The longest names a player may have, with nothing to break them at, wrap in the standings;
    only the scorecard itself scrolls sideways, inside its own box."""
    page = new_context(viewport={"width": 320, "height": 640}).new_page()
    long_names = ["W" * 24, '=HYPERLINK("http://x","y', "Bartholomew-Featherstone", "Di"]
    round_id = deal(page, long_names)
    page.locator("#quick-3").tap()
    expect_score(page, 0, 1, 3)
    page.goto(f"/ledger/r/{round_id}")
    page.wait_for_load_state("load")
    expect(page.locator("#standings")).to_contain_text("W" * 24)
    assert sideways_overflow(page) == 0
