#!/usr/bin/env python3
"""Regenerate the phone screenshots in docs/screens/ that the README shows.

    .venv/bin/python scripts/readme_screenshots.py [--out docs/screens]

Serves the app on a throw-away database, makes what the screens need by
tapping and through the API (a round four players are keeping, Grid Golf
matches against one and three computers, a hand in Tally, a turn with the
Caddie), and saves what a 390x844 phone shows, light and dark:
``home``, ``tally``, ``ledger``, ``play-1``, ``play-3``, ``caddie``
(``<name>.png`` and ``<name>-dark.png``).  Uses the venv's Playwright with
Debian's ``chromium``.
"""

from __future__ import annotations

import argparse
import logging
import re
import shutil
import sys
import tempfile
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 1, "is_mobile": True, "has_touch": True}
PLAYERS = ["Ann", "Bo", "Cy", "Dee"]
SCORES = [[3, 5, 12, 4], [0, 8, 6, -2], [7, 2, 9, 5], [4, 4, 1, 10]]  # hole by hole, seat by seat


def serve(tmp: Path) -> tuple[str, object]:
    from flask_migrate import upgrade
    from werkzeug.serving import make_server

    from caddie import create_app

    app = create_app(
        {
            "TESTING": False,
            "INSTANCE_PATH": str(tmp / "instance"),
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp / 'shots.sqlite3'}",
            "SECRET_KEY": "screenshots",
            "LIVE_COMPUTER_PAUSE_S": 0.02,  # the server's driver moves the computers almost at once
        }
    )
    with app.app_context():
        upgrade()
    logging.getLogger("werkzeug").setLevel(logging.WARNING)  # one line per screen, not per request
    server = make_server("127.0.0.1", 0, app, threaded=True)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return f"http://127.0.0.1:{server.server_port}", server


def start_match(page, base: str, opponents: int) -> str:
    """A match against ``opponents`` computers started from Play: its table, ``/t/<id>``."""
    page.goto(f"{base}/play/")
    page.locator("fieldset", has_text="Opponents").locator("label", has_text=str(opponents)).first.tap()
    page.locator("#start-match").tap()
    page.wait_for_url(re.compile(r"/t/[^/]+$"))
    # the person's first flips, so the table shows cards turned up
    for _ in range(2):
        page.locator("button.slot.legal").first.tap()
        page.wait_for_timeout(400)
    # the computers' first flips: the server makes them and the page hears of each, until it is the person's turn
    page.locator("#prompt", has_text="Your turn").wait_for()
    return page.url


def build(page, base: str) -> dict[str, str]:
    """The URL of each screen, with its data made."""
    page.goto(base + "/")
    made = page.request.post(f"{base}/api/v1/rounds", data={"players": PLAYERS, "holes": 9, "game": "grid"})
    assert made.status == 201, made.text()
    body = made.json()
    token, round_id = body["edit_token"], body["round"]["id"]
    for hole, scores in enumerate(SCORES, start=1):
        put = page.request.put(
            f"{base}/api/v1/rounds/{round_id}/holes/{hole}",
            data={"scores": dict(zip(PLAYERS, scores, strict=True))},
            headers={"Authorization": f"Bearer {token}"},
        )
        assert put.status == 200, put.text()
    page.goto(f"{base}/ledger/e/{token}")  # this browser may now write the round: the pad opens
    screens = {
        "ledger": f"{base}/ledger/r/{round_id}?cell=0-{len(SCORES) + 1}",
        "tally": f"{base}/tally/grid?hand=K,5,7,K,3,9",
        "play-1": start_match(page, base, 1),
        "play-3": start_match(page, base, 3),
    }
    page.goto(f"{base}/caddie/")
    for rank in ("K", "7", "4"):  # the two cards turned up (into the advised slots), then the discard
        page.locator(f"#key-{rank}").tap()
        page.wait_for_timeout(500)
    screens["caddie"] = page.url
    screens["home"] = base + "/"
    return screens


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", default=str(ROOT / "docs" / "screens"), help="folder for the PNGs")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium")
    if executable is None:
        sys.exit("chromium is not on PATH; install it with `apt-get install chromium`")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        base, server = serve(Path(tmp))
        browser = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        maker = browser.new_context(**PHONE)
        maker.set_default_timeout(20_000)
        screens = build(maker.new_page(), base)
        state = maker.storage_state()
        for scheme in ("light", "dark"):
            context = browser.new_context(**PHONE, color_scheme=scheme, storage_state=state)
            page = context.new_page()
            for name, url in screens.items():
                page.goto(url, wait_until="networkidle")
                page.wait_for_timeout(300)
                target = out / f"{name}{'-dark' if scheme == 'dark' else ''}.png"
                page.screenshot(path=str(target))
                print(target)
            context.close()
        browser.close()
        server.shutdown()  # type: ignore[attr-defined]
    return 0


if __name__ == "__main__":
    sys.exit(main())
