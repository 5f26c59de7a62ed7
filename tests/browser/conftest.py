"""Real-browser fixtures: the app on a live server, driven by Debian's Chromium.

Playwright's own browser builds are never downloaded: the tests launch the
``chromium`` found on PATH (``apt-get install chromium``).  Without one the
browser tests are skipped, unless ``REQUIRE_BROWSER_TESTS=1`` (CI) makes that
a failure.  When a test fails, every page it had open is saved as a PNG (and
its HTML) under ``test-artifacts/``.
"""

from __future__ import annotations

import os
import re
import shutil
import threading
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
PROJECT_ROOT = HERE.parent.parent
ARTIFACTS = PROJECT_ROOT / "test-artifacts"

CHROMIUM_ARGS = [
    "--no-sandbox",  # CI runs as root, where Chromium's sandbox refuses to start
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 2,
    "is_mobile": True,
    "has_touch": True,
}
DESKTOP = {
    "viewport": {"width": 1280, "height": 800},
    "device_scale_factor": 1,
    "is_mobile": False,
    "has_touch": False,
}
TIMEOUT_MS = 10_000

_contexts_key = pytest.StashKey[list]()
SERVED: dict = {}  # the app the live server serves, once it runs


def pytest_collection_modifyitems(config, items):
    # This hook sees the whole session's items: mark only the ones in this folder.
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.browser)


# ---- the app on a real HTTP server ------------------------------------------


@pytest.fixture(scope="session")
def live_server(tmp_path_factory):
    """Base URL (no trailing slash) of the app served on 127.0.0.1 for the whole session."""
    from flask_migrate import upgrade
    from werkzeug.serving import make_server

    from caddie import create_app
    from caddie.store.database import db

    tmp = tmp_path_factory.mktemp("live-server")
    external_db = os.environ.get("TEST_DATABASE_URL")
    app = create_app(
        {
            "TESTING": False,
            "INSTANCE_PATH": str(tmp / "instance"),
            "SQLALCHEMY_DATABASE_URI": external_db or f"sqlite:///{tmp / 'live.sqlite3'}",
            "SECRET_KEY": "browser-test",
            # the server moves every table's computers (a solo match's too) one at a time, without
            # the human-speed pause
            "LIVE_COMPUTER_PAUSE_S": 0.1,
            "LAN_LINKS": False,  # it listens on 127.0.0.1 only: links for another phone stay there
            # every test's phone comes from 127.0.0.1 and taps far faster than one person;
            # tests/browser/test_cpu_budget_phone.py sets a budget of its own
            "CPU_BUDGET": 0,
        }
    )
    SERVED["app"] = app  # the live table tests read the hidden state from it, to check no page shows any
    with app.app_context():
        upgrade()

    server = make_server("127.0.0.1", 0, app, threaded=True)  # port 0: the OS picks a free one
    thread = threading.Thread(target=server.serve_forever, name="live-server", daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}"
    finally:
        server.shutdown()
        thread.join(timeout=10)
        server.server_close()
        with app.app_context():
            db.session.remove()
            if external_db:  # leave a shared database server as we found it
                db.drop_all()
                db.session.execute(db.text("DROP TABLE IF EXISTS alembic_version"))
                db.session.commit()
            db.engine.dispose()


# ---- the browser --------------------------------------------------------------


def _no_browser(reason: str):
    if os.environ.get("REQUIRE_BROWSER_TESTS") == "1":
        pytest.fail(f"{reason} (REQUIRE_BROWSER_TESTS=1 requires the browser tests to run)", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def browser():
    """A headless Debian Chromium driven by Playwright, shared by the session."""
    executable = shutil.which("chromium")
    if executable is None:
        _no_browser("chromium is not on PATH; install it with `apt-get install chromium`")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _no_browser("the playwright package is not installed; pip install -e '.[test]'")

    playwright = sync_playwright().start()
    try:
        chromium = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
    except Exception as err:
        playwright.stop()
        pytest.fail(f"could not launch {executable} with Playwright: {err}", pytrace=False)
    try:
        yield chromium
    finally:
        chromium.close()
        playwright.stop()


@pytest.fixture
def new_context(request, browser, live_server):
    """Factory: ``new_context(**options)`` opens a browser context (phone by default).

    Relative URLs resolve against the live server (``page.goto("/settings")``);
    contexts are closed after the test, and their pages are screenshotted if it failed.
    """
    opened = request.node.stash.setdefault(_contexts_key, [])

    def make(**options):
        settings = {**PHONE, "base_url": live_server, **options}
        context = browser.new_context(**settings)
        context.set_default_timeout(TIMEOUT_MS)
        opened.append(context)
        return context

    yield make
    for context in opened:
        context.close()
    opened.clear()


@pytest.fixture
def phone(new_context):
    """A page on a 390 × 844 touch phone (2× pixels)."""
    return new_context().new_page()


@pytest.fixture
def desktop(new_context):
    """A page on a 1280 × 800 desktop window."""
    return new_context(**DESKTOP).new_page()


# ---- evidence when a test fails ---------------------------------------------


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    report = yield
    # On failure during the test itself the pages are still open: save them now.
    if report.when == "call" and report.failed:
        saved = _save_pages(item)
        if saved:
            report.sections.append(("browser artifacts", "\n".join(saved)))
    return report


def _save_pages(item) -> list[str]:
    contexts = item.stash.get(_contexts_key, [])
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", item.nodeid).strip("_")[:150]
    saved = []
    number = 0
    for context in contexts:
        try:
            pages = list(context.pages)
        except Exception:
            continue
        for page in pages:
            number += 1
            base = ARTIFACTS / f"{stem}-{number}"
            try:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=f"{base}.png", full_page=True, timeout=5_000)
                saved.append(f"{base}.png  ({page.url})")
                Path(f"{base}.html").write_text(page.content(), encoding="utf-8")
            except Exception as err:  # evidence is best effort; never mask the real failure
                saved.append(f"could not save {page.url}: {err}")
    return saved
