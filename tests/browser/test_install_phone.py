"""The service worker on a phone (127.0.0.1 is a secure context, as HTTPS is): it takes over, keeps
the ledger's last-seen pages for a phone without a connection, shows the offline page for a page
never opened, and a new release's files replace the old cache."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import expect

from tests.browser.audit import CLEAN, page_problems
from tests.browser.conftest import SERVED
from tests.browser.test_ledger_phone import tap_number

SCREENSHOTS = os.environ.get("INSTALL_SCREENSHOTS")  # a folder: the offline page as the test saw it
KEPT_PAGES = """caches.open("caddie-pages").then(c => c.keys())
  .then(keys => keys.map(k => new URL(k.url).pathname + new URL(k.url).search))"""
STATIC_CACHES = """caches.keys().then(names => names.filter(n => n.startsWith("caddie-static-")))"""


def wait_for_the_worker(page) -> None:
    """Until the worker controls the page (it claims the pages open when it first takes over)."""
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


def eventually(page, script: str, arg=None, timeout_s: float = 10.0):
    """Run ``script`` (a function that may answer a promise) until it answers something truthy.

    Not page.wait_for_function: it would take the promise itself for a truthy answer."""
    deadline = time.monotonic() + timeout_s
    while True:
        answer = page.evaluate(script, arg)
        if answer:
            return answer
        assert time.monotonic() < deadline, f"still falsy after {timeout_s} s: {script}"
        page.wait_for_timeout(100)


KEPT_SCORE = """([path, cell]) => caches.open("caddie-pages")
  .then(c => c.match(path, {ignoreSearch: true}))
  .then(r => r ? r.text() : "")
  .then(html => {
    const found = new DOMParser().parseFromString(html, "text/html").getElementById(cell);
    return found ? found.dataset.score : null;
  })"""


def test_a_round_opened_before_reloads_without_a_connection(new_context):
    context = new_context()
    page = context.new_page()
    page.goto("/ledger/new")
    wait_for_the_worker(page)
    page.locator("#players-0").fill("Ann")
    page.locator("#players-1").fill("Bo")
    page.locator("#deal").tap()
    expect(page.locator("#pad")).to_contain_text("Hole 1 · Ann")
    round_path = urlsplit(page.url).path
    tap_number(page, 7)
    page.locator("#save-score").tap()
    expect(page.locator("#cell-0-1")).to_have_attribute("data-score", "7")
    # the kept copy is fetched again after the score was written: a reload shows it
    eventually(page, f"args => ({KEPT_SCORE})(args).then(score => score === '7')", [round_path, "cell-0-1"])

    page.goto("/join")  # a live table's page is the network's alone
    assert page.evaluate(KEPT_PAGES) and not [p for p in page.evaluate(KEPT_PAGES) if p.startswith("/join")]

    # a proxy in front whose app does not answer says 502: the kept copy, not the proxy's error
    gateway_errors = []

    def bad_gateway(route):
        gateway_errors.append(route.request.url)
        route.fulfill(status=502, body="Bad Gateway")

    context.route(f"**{round_path}*", bad_gateway)
    page.goto(round_path)
    expect(page.locator("#cell-0-1")).to_have_attribute("data-score", "7")
    context.unroute(f"**{round_path}*")
    assert gateway_errors, "the worker's own fetch of the page met the 502"

    context.set_offline(True)
    page.goto(round_path + "?cell=1-1")
    expect(page.locator("#cell-0-1")).to_have_attribute("data-score", "7")
    expect(page.locator("h1")).not_to_have_text("No connection")
    page.reload()
    expect(page.locator("#cell-0-1")).to_have_attribute("data-score", "7")

    page.goto("/rules/")  # never opened on this phone
    expect(page.get_by_role("heading", level=1)).to_have_text("No connection")
    expect(page.locator("main")).to_contain_text("This page was not opened before on this phone")
    expect(page.locator(".topbar")).to_be_visible()  # the app's own frame and stylesheet, from the cache
    assert page.evaluate("getComputedStyle(document.querySelector('.tabbar')).position") == "fixed"
    assert page_problems(page) == CLEAN
    page.emulate_media(color_scheme="dark")
    assert page_problems(page) == CLEAN
    if SCREENSHOTS:
        page.screenshot(path=f"{SCREENSHOTS}/offline-dark.png")
        page.emulate_media(color_scheme="light")
        page.screenshot(path=f"{SCREENSHOTS}/offline-light.png")
    page.goto("/join")
    expect(page.get_by_role("heading", level=1)).to_have_text("No connection")

    context.set_offline(False)
    page.locator("#try-again").tap()
    expect(page.get_by_role("heading", level=1)).not_to_have_text("No connection")
    assert page.url.endswith("/join")


def test_a_new_release_replaces_the_old_cache(new_context, tmp_path):
    page = new_context().new_page()
    page.goto("/")
    wait_for_the_worker(page)
    [old] = eventually(page, f"() => {STATIC_CACHES}.then(names => names.length === 1 && names)")
    # the first page loaded before the worker ran; the page asked it to keep that page too
    eventually(page, f"() => {KEPT_PAGES}.then(paths => paths.includes('/'))")

    app = SERVED["app"]
    released = tmp_path / "static"
    shutil.copytree(Path(app.static_folder), released)
    stylesheet = released / "css" / "app.css"
    stylesheet.write_text(stylesheet.read_text() + "\n.in-the-new-release { color: inherit; }\n")
    served_from = app.static_folder
    app.static_folder = str(released)  # a new release, as the live server sees it
    try:
        page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
        eventually(page, f"() => {STATIC_CACHES}.then(names => names.length === 1 && names[0] !== {old!r})")
        page.reload()
        css = page.evaluate("fetch('/static/css/app.css').then(r => r.text())")
        assert ".in-the-new-release" in css
    finally:
        app.static_folder = served_from
