#!/usr/bin/env python3
"""Full-page PNG screenshots of a running Caddie & Tally, as a phone sees them.

    .venv/bin/python scripts/screenshot.py http://127.0.0.1:8000 /tally/grid /settings --out /tmp/shots
    .venv/bin/python scripts/screenshot.py http://127.0.0.1:8000 / --dark --width 360

Uses the venv's Playwright with Debian's ``chromium`` (no browser download).
Each path is written as ``<out>/<slug>[-dark][-w<width>].png`` (``/`` is
``home``).  Exits 1 if a page did not answer with a success status (its
screenshot is still taken).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV_PYTHON = ROOT / ".venv" / "bin" / "python"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]

try:
    from playwright.sync_api import sync_playwright
except ImportError:
    # Run with the system python by mistake: hop into the project's venv if it has one.
    if (
        VENV_PYTHON.exists()
        and Path(sys.executable).resolve() != VENV_PYTHON.resolve()
        and not os.environ.get("CADDIE_SCREENSHOT_REEXEC")
    ):
        os.environ["CADDIE_SCREENSHOT_REEXEC"] = "1"
        os.execv(str(VENV_PYTHON), [str(VENV_PYTHON), *sys.argv])
    sys.exit(
        "playwright is not installed: run `python3 scripts/dev.py test --co -q` once, "
        "or `.venv/bin/pip install -e '.[test]'`"
    )


def slug(path: str) -> str:
    name = re.sub(r"[^A-Za-z0-9]+", "-", path.split("#")[0]).strip("-")
    return name or "home"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base_url", help="where the app runs, e.g. http://127.0.0.1:8000")
    parser.add_argument("paths", nargs="+", help="paths to capture, e.g. / /tally/grid /settings")
    parser.add_argument(
        "--out",
        default=str(ROOT / "test-artifacts" / "screenshots"),
        help="folder for the PNGs (default test-artifacts/screenshots)",
    )
    parser.add_argument("--width", type=int, default=390, help="viewport width in CSS px (default 390)")
    parser.add_argument("--height", type=int, default=844, help="viewport height in CSS px (default 844)")
    parser.add_argument("--dark", action="store_true", help="emulate prefers-color-scheme: dark")
    args = parser.parse_args(argv)

    executable = shutil.which("chromium")
    if executable is None:
        sys.exit("chromium is not on PATH; install it with `sudo apt-get install chromium`")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    base = args.base_url.rstrip("/")
    suffix = ("-dark" if args.dark else "") + (f"-w{args.width}" if args.width != 390 else "")
    phone = args.width < 760

    failures = 0
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        context = browser.new_context(
            viewport={"width": args.width, "height": args.height},
            device_scale_factor=2,
            is_mobile=phone,
            has_touch=phone,
            color_scheme="dark" if args.dark else "light",
        )
        page = context.new_page()
        for path in args.paths:
            url = path if re.match(r"^https?://", path) else f"{base}/{path.lstrip('/')}"
            target = out / f"{slug(urlpath(path))}{suffix}.png"
            try:
                response = page.goto(url, wait_until="networkidle", timeout=20_000)
            except Exception as err:
                print(f"FAILED {url}: {err}", file=sys.stderr)
                failures += 1
                continue
            status = response.status if response else None
            if status is None or status >= 400:
                failures += 1
            page.screenshot(path=str(target), full_page=True)
            print(f"{target}  ({status} {url})")
        browser.close()
    return 1 if failures else 0


def urlpath(path: str) -> str:
    return re.sub(r"^https?://[^/]+", "", path)


if __name__ == "__main__":
    sys.exit(main())
