"""The table's story on a phone (docs/people.md): three nights of rounds kept in the Ledger, then the
people best rated first, a name written two ways merged and the merge undone, a rename, head to head
and a season, every page passing the audits at 390 and 320 px, light and dark.

With ``PEOPLE_SCREENSHOTS=<folder>``, screenshots of the four kinds of page land there to be looked at.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from playwright.sync_api import expect

from tests.browser.audit import axe_problems, sideways_overflow, small_targets

# a folder for screenshots of the four kinds of page, to be looked at (none unless asked)
SHOTS = os.environ.get("PEOPLE_SCREENSHOTS")
CSRF = re.compile(r'<meta name="csrf-token" content="([^"]+)"')

# Three nights; every player scores the same on each hole of a round (9 holes of Grid Golf, low wins).
FIRST, SECOND, THIRD = "2026-11-20", "2026-12-04", "2026-12-11"
NIGHTS = [
    (FIRST, ("Ann", "Bobby", "Cy"), (3, 1, 2)),  # Bob written "Bobby" that night: Bobby wins
    (SECOND, ("Ann", "Bob", "Cy"), (1, 2, 3)),  # Ann by 9 over Bob
    (SECOND, ("Ann", "Bob", "Cy"), (1, 3, 2)),  # Ann by 18 over Bob
    (THIRD, ("Ann", "Bob", "Cy"), (2, 1, 3)),  # Bob by 9 over Ann
]
UNFINISHED = (THIRD, ("Ann", "Bob", "Cy"), (1, 2, 2), 3)  # left after hole 3, scored by tapping


def path_of(page) -> str:
    return re.sub(r"^https?://[^/]+", "", page.url)


def deal(page, played_on: str, names: tuple[str, ...]) -> str:
    """A nine-hole Grid Golf round dealt on the deal page, dated ``played_on``; returns its id."""
    page.goto("/ledger/new")
    for i, name in enumerate(names):
        page.locator(f"#players-{i}").fill(name)
    page.locator("#played_on").fill(played_on)
    page.locator("#deal").tap()
    page.wait_for_url(re.compile(r"/ledger/r/[^?#]+\?cell=0-1"))
    expect(page.locator("#pad")).to_contain_text(f"Hole 1 · {names[0]}")
    page.wait_for_load_state("load")
    found = re.search(r"/ledger/r/([^?#]+)", page.url)
    assert found, page.url
    return found.group(1)


def score_by_form(page, round_id: str, scores: tuple[int, ...], holes: int = 9) -> None:
    """Every cell through the pad's own form post, sent with this phone's cookie."""
    meta = CSRF.search(page.content())
    assert meta, "every page carries a csrf-token meta tag"
    csrf = meta.group(1)
    for hole in range(1, holes + 1):
        for seat, score in enumerate(scores):
            sent = page.context.request.post(
                f"/ledger/r/{round_id}/score",
                form={"csrf_token": csrf, "seat": seat, "hole": hole, "score": str(score), "version": 0},
                max_redirects=0,
            )
            assert sent.status == 303, (hole, seat, sent.status, sent.text()[:500])


def score_by_tapping(page, scores: tuple[int, ...], holes: int) -> None:
    for hole in range(1, holes + 1):
        for seat, score in enumerate(scores):
            page.locator(f"#quick-{score}").tap()
            expect(page.locator(f"#cell-{seat}-{hole}")).to_have_attribute("data-score", str(score))


def ratings(page, table: str) -> list[tuple[str, int]]:
    """(name, shown rating) of each row of a standings table, top to bottom."""
    rows = page.locator(f"{table} tbody tr")
    return [
        (row.locator("th a").inner_text(), int(row.locator("td").first.locator("b").inner_text())) for row in rows.all()
    ]


WIDER_THAN_THE_SCREEN = """() => {
  const edge = document.documentElement.clientWidth, found = [];
  for (const el of document.querySelectorAll("main *")) {
    const box = el.getBoundingClientRect();
    if (box.right > edge + 0.5 && !el.closest(".card-scroll *")) {
      found.push(`${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}.${[...el.classList].join(".")}`
                 + ` ${Math.round(box.left)}..${Math.round(box.right)} of ${edge}`);
    }
  }
  return found.slice(0, 8);
}"""


class Audit:
    """The look checks of every page visited, gathered so one run names every problem at once."""

    def __init__(self):
        self.problems: list[str] = []

    def sideways(self, page, where: str) -> None:
        """Nothing wider than the screen: the layout viewport's width (``sideways_overflow``), and
        the scrolling element against ``innerWidth``; the parts too wide named."""
        overflow = sideways_overflow(page)
        wide = page.evaluate("[document.scrollingElement.scrollWidth, innerWidth]")
        if overflow > 0 or wide[0] > wide[1]:
            parts = "; ".join(page.evaluate(WIDER_THAN_THE_SCREEN))
            self.problems.append(f"{where}: {overflow} px wider than the screen ({parts})")

    def page(self, page, where: str, *, axe: bool = True) -> None:
        """axe-core (at 390 px and wider), tap targets of 44 x 44 px, no sideways scroll."""
        found = axe_problems(page) if axe else []
        found += [f"small target: {target}" for target in small_targets(page)]
        self.problems += [f"{where}: {line}" for line in found]
        self.sideways(page, where)


def shoot(page, name: str) -> None:
    if not SHOTS:
        return
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    page.wait_for_load_state("load")
    page.screenshot(path=str(Path(SHOTS) / f"people-{name}.png"), full_page=True)


def test_a_tables_story_told_on_a_phone(phone, new_context):
    page = phone
    audit = Audit()

    # 1. three nights kept in the Ledger, one round left after hole 3, Bob written "Bobby" one night
    for played_on, names, scores in NIGHTS:
        score_by_form(page, deal(page, played_on, names), scores)
    played_on, names, scores, holes = UNFINISHED
    deal(page, played_on, names)
    score_by_tapping(page, scores, holes)

    # 2. Ledger → People and ratings, by tapping: the best rating first, nothing scrolls sideways
    page.locator(".tabbar a", has_text="Ledger").tap()
    page.wait_for_url(re.compile(r"/ledger/$"))
    page.locator("#player-stats").tap()
    page.wait_for_url(re.compile(r"/people/$"))
    table = page.locator("#standings-grid")
    expect(table.locator("tbody tr")).to_have_count(4)  # Ann, Bob, Bobby, Cy
    rated = ratings(page, "#standings-grid")
    assert {name for name, _ in rated} == {"Ann", "Bob", "Bobby", "Cy"}
    shown = [rating for _, rating in rated]
    assert shown == sorted(shown, reverse=True), rated
    audit.page(page, "/people/ at 390 px")
    shoot(page, "index")
    page.set_viewport_size({"width": 320, "height": 640})
    audit.page(page, "/people/ at 320 px", axe=False)
    page.set_viewport_size({"width": 390, "height": 844})

    # 3. Bobby is Bob: merged from Bobby's page, every round of both names on Bob's page; then undone
    table.get_by_role("link", name="Bobby", exact=True).tap()
    page.wait_for_url(re.compile(r"/people/p/bobby$"))
    expect(page.locator("h1")).to_have_text("Bobby")
    audit.page(page, "Bobby's page")
    page.locator("#merge-other").select_option(label="Bob")
    page.locator("#merge").tap()
    page.wait_for_url(re.compile(r"/people/p/bob$"))
    expect(page.locator("h1")).to_have_text("Bob")
    expect(page.locator(".flash-ok")).to_have_text("Done: every round counts for Bob. Undo it on this page.")
    expect(page.get_by_text(re.compile(r"^Written as (Bob, Bobby|Bobby, Bob) in the rounds\.$"))).to_be_visible()
    rounds = page.locator("#person-rounds tbody tr")
    expect(rounds).to_have_count(5)  # four finished, one unfinished; newest first
    unfinished = rounds.filter(has_text="unfinished")
    expect(unfinished).to_have_count(1)
    expect(unfinished).to_contain_text(re.compile(r"11 Dec 2026\s+6\s+thru 3, unfinished"))
    expect(rounds.first).to_contain_text("11 Dec 2026")
    expect(rounds.last).to_contain_text(re.compile(r"20 Nov 2026\s+9\s+1st of 3"))  # the night written "Bobby"
    expect(page.locator("#record td").first).to_have_text("5")  # rounds among people, under both names
    chart = page.locator("#rating-grid svg.chart.rating")
    expect(chart).to_have_attribute("role", "img")
    expect(chart).to_have_attribute("aria-label", re.compile(r"^Rating of Bob over 4 rounds"))
    assert chart.bounding_box()["width"] <= 390
    audit.page(page, "Bob's page, merged")
    shoot(page, "person")

    merged = page.locator("#merged-names")
    expect(merged).to_contain_text(re.compile(r"Rounds written “bobby” count for Bob\.", re.IGNORECASE))
    merged.get_by_role("button", name="Undo").tap()
    page.wait_for_url(re.compile(r"/people/p/bobby$"))
    expect(page.locator("h1")).to_have_text("Bobby")
    expect(page.locator(".flash-ok")).to_contain_text("Undone")
    expect(page.locator("#person-rounds tbody tr")).to_have_count(1)
    page.locator(".crumbs a", has_text="People").tap()
    page.wait_for_url(re.compile(r"/people/$"))
    expect(table.get_by_role("link", name="Bobby", exact=True)).to_be_visible()
    expect(table.locator("tbody tr")).to_have_count(4)

    # 4. Cy goes by Cyril now
    table.get_by_role("link", name="Cy", exact=True).tap()
    page.wait_for_url(re.compile(r"/people/p/cy$"))
    page.locator("#rename-name").fill("Cyril")
    page.locator("#rename").tap()
    page.wait_for_url(re.compile(r"/people/p/cyril$"))
    expect(page.locator("h1")).to_have_text("Cyril")
    page.locator(".crumbs a", has_text="People").tap()
    page.wait_for_url(re.compile(r"/people/$"))
    expect(table.get_by_role("link", name="Cyril", exact=True)).to_be_visible()
    expect(table.get_by_role("link", name="Cy", exact=True)).to_have_count(0)

    # 5. head to head from the people page: Ann 2, Bob 1 over the three finished rounds they shared
    form = page.locator("#head-to-head form")
    form.locator("#vs-one").select_option(label="Ann")
    form.locator("#vs-other").select_option(label="Bob")
    form.get_by_role("button", name="Compare").tap()
    page.wait_for_url(re.compile(r"/people/vs\?one=ann&other=bob$"))
    line = page.locator("#versus-grid .versus-score")
    expect(line).to_have_text(re.compile(r"^\s*Ann 2\s*–\s*1 Bob\s*$"))
    expect(page.locator("#versus-grid")).to_contain_text("3 rounds together.")
    expect(page.locator("#versus-grid")).to_contain_text(
        re.compile(r"Ann finished 6\.0 (points )?a round ahead on average\.")  # (9 + 18 − 9) / 3
    )
    expect(page.locator("#versus-grid tbody tr")).to_have_count(3)
    audit.page(page, "Ann against Bob")
    shoot(page, "versus")

    # 6. a season: the days typed the wrong way round first, which adds nothing
    page.locator(".crumbs a", has_text="People").tap()
    page.wait_for_url(re.compile(r"/people/$"))
    page.locator("#season-name").fill("Winter 2026")
    page.locator("#season-from").fill("2026-12-31")
    page.locator("#season-to").fill("2026-12-01")
    with page.expect_navigation() as refused:
        page.locator("#add-season").tap()
    assert refused.value.status == 400
    error = page.locator("#season-to-error")
    expect(error).to_have_text("A season ends on or after the day it starts.")
    expect(page.locator("#season-to")).to_have_attribute("aria-invalid", "true")
    expect(page.locator("#season-to")).to_have_attribute("aria-describedby", "season-to-error")
    expect(page.locator("#season-list")).to_have_count(0)
    expect(page.locator("#season-name")).to_have_value("Winter 2026")  # what was typed stays
    field, said = page.locator("#season-to").bounding_box(), error.bounding_box()
    assert 0 <= said["y"] - (field["y"] + field["height"]) <= 48, (field, said)  # just below the field
    audit.page(page, "/people/ with the season refused")

    page.locator("#season-from").fill("2026-12-01")
    page.locator("#season-to").fill("2026-12-31")
    page.locator("#add-season").tap()
    page.wait_for_url(re.compile(r"/people/seasons/[^/]+$"))
    season_path = path_of(page)
    expect(page.locator("h1")).to_have_text("Winter 2026")
    expect(page.locator("main")).to_contain_text("1 Dec 2026 to 31 Dec 2026 · 4 rounds among people.")
    in_season = ratings(page, "#season-standings-grid")
    assert {name for name, _ in in_season} == {"Ann", "Bob", "Cyril"}, in_season  # Bobby played in November
    assert [r for _, r in in_season] == sorted((r for _, r in in_season), reverse=True), in_season
    audit.page(page, "the season's page")
    shoot(page, "season")
    page.locator(".crumbs a", has_text="People").tap()
    page.wait_for_url(re.compile(r"/people/$"))
    expect(page.locator("#season-list")).to_contain_text("Winter 2026")

    # 7. the pages once more: axe-core in the dark theme, targets and sideways scroll at 320 px
    pages = ["/people/", "/people/p/bob", "/people/p/cyril", "/people/vs?one=ann&other=bob", season_path]
    state = page.context.storage_state()
    dark = new_context(color_scheme="dark", storage_state=state).new_page()
    narrow = new_context(viewport={"width": 320, "height": 640}, storage_state=state).new_page()
    for path, shot in zip(pages, ["index", "person", "person-renamed", "versus", "season"], strict=True):
        assert dark.goto(path).status == 200, path
        audit.page(dark, f"{path} at 390 px, dark")
        shoot(dark, f"{shot}-dark")
        assert narrow.goto(path).status == 200, path
        audit.page(narrow, f"{path} at 320 px", axe=False)
    assert not audit.problems, "\n".join(audit.problems)
