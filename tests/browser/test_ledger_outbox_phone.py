"""Never lose a score: the ledger's outbox on a phone without a connection (docs/ledger.md, "The outbox")."""

from __future__ import annotations

import re

from playwright.sync_api import expect

NAMES = ("Ann", "Bo", "Cy", "Di")
WAITING = re.compile(r"\bwaiting\b")


def deal(page, names=NAMES) -> str:
    page.goto("/ledger/new")
    for i, name in enumerate(names):
        page.locator(f"#players-{i}").fill(name)
    page.locator("#deal").tap()
    expect(page.locator("#pad")).to_contain_text(f"Hole 1 · {names[0]}")
    page.wait_for_load_state("load")  # htmx and the outbox at work: a tap before is a plain form's
    return re.search(r"/ledger/r/([^?]+)", page.url).group(1)


def stored(page, public_id: str) -> dict[str, list[tuple[int | None, int]]]:
    """Each player's (score, version) per hole, as the server has them: version 1 is one write."""
    summary = page.request.get(f"/api/v1/rounds/{public_id}").json()
    return {p["name"]: list(zip(p["scores"], p["versions"], strict=True)) for p in summary["players"]}


def tap_and_save(page, text: str):
    for key in text:
        page.locator(f'[data-pad-key="{key}"]').tap()
    page.locator("#save-score").tap()


def test_a_whole_hole_entered_offline_lands_once_when_the_connection_is_back(new_context):
    context = new_context()
    page = context.new_page()
    public_id = deal(page)
    # the service worker keeps the round's page for a reload without a connection (where it runs)
    worker = page.evaluate(
        "() => 'serviceWorker' in navigator ? navigator.serviceWorker.ready.then(() => true) : false"
    )
    if worker:
        page.reload()
        page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    context.set_offline(True)

    entries = {"Ann": "5", "Bo": "14", "Cy": "-2", "Di": "0"}
    for seat, (name, text) in enumerate(entries.items()):
        expect(page.locator("#pad")).to_contain_text(f"Hole 1 · {name}")  # the pad moves on as ever
        if name in ("Ann", "Di"):
            page.locator(f"#quick-{text}").tap()  # a quick score: one tap
        else:
            tap_and_save(page, text)
        cell = page.locator(f"#cell-{seat}-1")
        expect(cell).to_have_class(WAITING)
        expect(cell).to_have_text(text.replace("-", "\u2212"))
        expect(cell).to_have_attribute("aria-label", re.compile("not saved yet"))
    expect(page.locator("#pad")).to_contain_text("Hole 2 · Ann")  # on to the next hole, still offline
    status = page.locator("#outbox-status")
    expect(status).to_have_text("Not saved yet: no connection · 4 waiting")
    expect(status).to_have_attribute("aria-live", "polite")

    if worker:  # reloaded without a connection: the kept page, the waiting scores marked on it
        page.reload()
        expect(page.locator("#cell-1-1")).to_have_class(WAITING)
        expect(page.locator("#cell-1-1")).to_have_text("14")
        expect(page.locator("#outbox-status")).to_have_text("Not saved yet: no connection · 4 waiting")

    context.set_offline(False)  # "online": the outbox sends what waits
    expect(page.locator("#outbox-status")).to_be_hidden()
    expect(page.locator(".card-table .cell.waiting")).to_have_count(0)
    expect(page.locator("#cell-1-1")).to_have_attribute("data-score", "14")
    assert {name: cells[0] for name, cells in stored(page, public_id).items()} == {
        "Ann": (5, 1),
        "Bo": (14, 1),
        "Cy": (-2, 1),
        "Di": (0, 1),
    }
    assert page.evaluate("localStorage.getItem('caddie.outbox.v1')") == "[]"


def test_an_answer_lost_on_the_way_back_is_sent_again_and_lands_once(new_context):
    # page.route sees the page's own requests only where no service worker answers them
    page = new_context(service_workers="block").new_page()
    public_id = deal(page, ("Ann", "Bo"))
    lost = []

    def apply_then_drop(route):
        route.fetch()  # the server applies the write...
        lost.append(route.request.post_data)
        route.abort()  # ...and its answer never reaches the phone

    page.route("**/score", apply_then_drop)
    page.locator("#quick-7").tap()
    expect(page.locator("#cell-0-1")).to_have_class(WAITING)
    expect(page.locator("#pad")).to_contain_text("Hole 1 · Bo")
    expect(page.locator("#outbox-status")).to_contain_text("1 waiting")
    page.unroute("**/score")
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#outbox-status")).to_be_hidden()
    expect(page.locator("#cell-0-1")).not_to_have_class(WAITING)
    assert len(lost) == 1 and "idempotency_key=" in lost[0]
    assert stored(page, public_id)["Ann"][0] == (7, 1)  # sent twice, applied once


def test_two_phones_one_offline_lose_nothing_and_the_disagreement_is_a_clear_choice(new_context):
    keeper_context = new_context()
    keeper = keeper_context.new_page()
    public_id = deal(keeper, ("Ann", "Bo", "Cy"))
    second = new_context().new_page()
    # the edit link's path (its address is the one other phones use, which may not be this test's)
    second.goto(re.sub(r"^https?://[^/]+", "", keeper.locator("#edit-link").input_value()))
    second.locator("#confirm-link-button").tap()
    expect(second.locator(".flash")).to_contain_text("You can enter scores on this round")

    keeper_context.set_offline(True)
    keeper.locator("#quick-5").tap()  # Ann 5, offline
    keeper.locator("#quick-6").tap()  # Bo 6, offline
    expect(keeper.locator("#outbox-status")).to_have_text("Not saved yet: no connection · 2 waiting")

    # meanwhile the other phone, online, enters Ann 7 (they disagree) and Cy 3
    second.goto(f"/ledger/r/{public_id}?cell=0-1")
    second.locator("#quick-7").tap()
    expect(second.locator("#cell-0-1")).to_have_attribute("data-score", "7")
    second.goto(f"/ledger/r/{public_id}?cell=2-1")
    second.locator("#quick-3").tap()
    expect(second.locator("#cell-2-1")).to_have_attribute("data-score", "3")

    keeper_context.set_offline(False)
    message = keeper.locator("#round-message")
    expect(message).to_contain_text("Someone else changed Ann on hole 1 a moment ago, so your entry was not saved.")
    expect(keeper.locator("#pad")).to_contain_text("Hole 1 · Ann")
    expect(keeper.locator("#score")).to_have_value("5")  # the keeper's entry, theirs to save or not
    expect(keeper.locator("#cell-0-1")).to_have_attribute("data-score", "7")
    expect(keeper.locator("#outbox-status")).to_be_hidden()
    assert {name: cells[0][0] for name, cells in stored(keeper, public_id).items()} == {"Ann": 7, "Bo": 6, "Cy": 3}

    keeper.locator("#save-score").tap()  # the keeper chooses theirs
    expect(keeper.locator("#cell-0-1")).to_have_attribute("data-score", "5")
    assert {name: cells[0][0] for name, cells in stored(keeper, public_id).items()} == {"Ann": 5, "Bo": 6, "Cy": 3}


def test_tallys_add_to_the_ledger_waits_offline_and_lands_once(new_context):
    context = new_context()
    page = context.new_page()
    public_id = deal(page, ("Ann", "Bo"))
    page.goto("/tally/grid?hand=K,5,7,K,3,9")
    form = page.locator("form.to-ledger").first
    expect(form).to_contain_text("Add 24 to the ledger")
    context.set_offline(True)
    form.locator("button[type=submit]").tap()
    expect(page.locator("#outbox-status")).to_have_text("Not saved yet: no connection · 1 waiting")
    context.set_offline(False)
    expect(page.locator("#outbox-status")).to_be_hidden()
    assert stored(page, public_id)["Ann"][0] == (24, 1)


def test_a_write_refused_on_a_later_try_says_why_beside_its_cell(new_context):
    context = new_context()
    page = context.new_page()
    deal(page, ("Ann", "Bo"))
    context.set_offline(True)
    page.locator("#score").fill("12x")
    page.locator("#save-score").tap()
    expect(page.locator("#cell-0-1")).to_have_class(WAITING)
    expect(page.locator("#pad")).to_contain_text("Hole 1 · Bo")
    context.set_offline(False)
    # the server refuses it: the pad goes back to Ann's cell, the sentence beside the box, nothing dropped
    expect(page.locator("#round-message")).to_contain_text('"12x" is not a score')
    expect(page.locator("#pad")).to_contain_text("Hole 1 · Ann")
    expect(page.locator("#score")).to_have_value("12x")
    expect(page.locator("#outbox-status")).to_be_hidden()
