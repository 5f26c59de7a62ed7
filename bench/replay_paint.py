#!/usr/bin/env python3
"""How fast does a hole's replay open and step on a phone?

    .venv/bin/python bench/replay_paint.py [--opens 10] [--seats 4] [--cards 6]

Starts the production command (``tests/production/servers.py``) on a scratch SQLite database,
plays one hole of a Grid Golf match against computers in Debian's Chromium at 390x844 (as a
person would, through the page), then opens the hole's replay ``--opens`` times in fresh page
loads and reads each load's first contentful paint (the browser's own ``paint`` timing, from
the navigation's start), and steps through every frame with → , timing each step from the key
press to the frame after it is drawn (``requestAnimationFrame`` after the change, in the page's
clock). A step asks the server for nothing: the bench counts the requests made while stepping.

Targets (issue 35): first paint under 1 s at 390x844, a step under 100 ms.

The last line: ``replay_paint: first paint p50 A ms, max B ms over N opens; a step p50 C ms, max
D ms over S steps; requests while stepping R``.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playwright.sync_api import sync_playwright

from tests.browser.test_play_phone import start_match
from tests.browser.test_replay_phone import play_one_hole
from tests.production.servers import gunicorn_server, scratch_database

# One step, in the page: press →, wait for the next frame to be drawn, say how long it took.
STEP = """() => new Promise(done => {
  const before = document.querySelector('.replay-frame:not([hidden])').dataset.step;
  const start = performance.now();
  document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight', bubbles: true}));
  const drawn = () => {
    const now = document.querySelector('.replay-frame:not([hidden])').dataset.step;
    if (now !== before) requestAnimationFrame(() => done(performance.now() - start));
    else requestAnimationFrame(drawn);
  };
  drawn();
})"""
FIRST_PAINT = """() => new Promise(done => {
  new PerformanceObserver((list, observer) => {
    const paint = list.getEntriesByName('first-contentful-paint')[0];
    if (paint) { observer.disconnect(); done(paint.startTime); }
  }).observe({type: 'paint', buffered: true});
  setTimeout(() => done(-1), 5000);
})"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--opens", type=int, default=10)
    parser.add_argument("--seats", type=int, default=4, help="the person and 1 to 5 computers (default 4)")
    parser.add_argument("--cards", type=int, default=6, choices=(4, 6, 8, 9, 10))
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="replay-paint-") as scratch:
        with scratch_database(Path(scratch), "", prefix="replay_paint") as url:
            with gunicorn_server(url, workers=2, log_path=Path(scratch) / "caddie.log") as server:
                with sync_playwright() as playwright:
                    browser = playwright.chromium.launch(
                        executable_path=shutil.which("chromium"), args=["--no-sandbox", "--disable-gpu"]
                    )
                    phone = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
                    page = browser.new_context(base_url=server.url, **phone).new_page()
                    page.set_default_timeout(30_000)
                    print(f"caddie at {server.url}; playing one hole", file=sys.stderr)
                    start_match(
                        page,
                        opponents=args.seats - 1,
                        cards=args.cards,
                        negatives="twos",
                        final_turn=False,
                        discard_flip=False,
                    )
                    play_one_hole(page)
                    replay_url = page.locator("#replay-link").get_attribute("href")
                    paints = []
                    for _ in range(args.opens):
                        page.goto(replay_url)
                        page.wait_for_load_state("load")
                        paints.append(float(page.evaluate(FIRST_PAINT)))
                    frames = page.locator(".replay-frame").count()
                    requests: list[str] = []
                    page.on("request", lambda request: requests.append(request.url))
                    steps = [float(page.evaluate(STEP)) for _ in range(frames - 1)]
                    browser.close()
    print(
        f"replay_paint: first paint p50 {statistics.median(paints):.0f} ms, max {max(paints):.0f} ms over "
        f"{len(paints)} opens; a step p50 {statistics.median(steps):.1f} ms, max {max(steps):.1f} ms over "
        f"{len(steps)} steps; requests while stepping {len(requests)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
