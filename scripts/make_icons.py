#!/usr/bin/env python3
"""The home-screen icons (PNG), drawn from the brand mark ``static/icon.svg``.

    .venv/bin/python scripts/make_icons.py

writes ``static/icons/``:

* ``icon-192.png``, ``icon-512.png``: the mark as it is (the rounded felt square), for
  launchers that show an icon whole (the manifest's ``purpose: any``);
* ``maskable-192.png``, ``maskable-512.png``: felt to every edge, the cards shrunk into the
  middle 80 % circle, so any mask a launcher cuts (circle, squircle, teardrop) keeps them whole
  (``purpose: maskable``);
* ``apple-touch-icon.png`` (180 px): felt to every edge, no transparency (iOS rounds the
  corners itself and would paint transparent ones black).

Run it after changing ``static/icon.svg`` and commit the PNGs: the app serves them as files,
and nothing at run time draws them. Uses the venv's Playwright with Debian's ``chromium``
(as the browser tests do): each SVG is rendered in a headless page of exactly the icon's size.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "static" / "icon.svg"
OUT = ROOT / "static" / "icons"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--no-first-run", "--disable-background-networking"]

# The mark's 64-unit box. Its farthest card corner is about 35.5 units from the middle; the
# maskable safe zone is a circle of radius 0.4 * 64 = 25.6, so the cards are scaled to 0.66
# (23.4 units, a little margin inside it).
MASKABLE_SCALE = 0.66
APPLE_SCALE = 0.86  # iOS's mask is a rounded square: the cards may come nearer its edges


def mark_parts(svg: str) -> tuple[str, str, str]:
    """(the background rect's fill, the drawing on top of it, the viewBox) of the brand mark."""
    viewbox = re.search(r'viewBox="([^"]+)"', svg)
    background = re.search(r'<rect width="64" height="64" rx="\d+" fill="(#[0-9a-fA-F]{6})"/>', svg)
    if viewbox is None or background is None:
        sys.exit(f"{SOURCE} no longer starts with a 64x64 rounded background rect: update {__file__}")
    body = svg[background.end() : svg.rindex("</svg>")]
    return background.group(1), body, viewbox.group(1)


def full_bleed(fill: str, body: str, viewbox: str, scale: float) -> str:
    """The mark on felt to every edge, its drawing scaled about the middle."""
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{viewbox}">'
        f'<rect width="64" height="64" fill="{fill}"/>'
        f'<g transform="translate(32 32) scale({scale}) translate(-32 -32)">{body}</g></svg>'
    )


def icons() -> dict[str, tuple[str, int]]:
    """File name -> (SVG, size in px)."""
    svg = SOURCE.read_text()
    fill, body, viewbox = mark_parts(svg)
    maskable = full_bleed(fill, body, viewbox, MASKABLE_SCALE)
    return {
        "icon-192.png": (svg, 192),
        "icon-512.png": (svg, 512),
        "maskable-192.png": (maskable, 192),
        "maskable-512.png": (maskable, 512),
        "apple-touch-icon.png": (full_bleed(fill, body, viewbox, APPLE_SCALE), 180),
    }


def render(drawings: dict[str, tuple[str, int]]) -> None:
    from playwright.sync_api import sync_playwright

    executable = shutil.which("chromium")
    if executable is None:
        sys.exit("chromium is not on PATH: apt-get install chromium")
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        for name, (svg, size) in drawings.items():
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            sized = svg.replace("<svg ", f'<svg width="{size}" height="{size}" ', 1)
            page.set_content(
                f"<!doctype html><html><body style='margin:0;background:transparent'>{sized}</body></html>"
            )
            page.screenshot(path=str(OUT / name), omit_background=True, clip=_square(size))
            page.close()
            print(f"{OUT / name} ({size}x{size})")
        browser.close()


def _square(size: int) -> dict[str, float]:
    return {"x": 0, "y": 0, "width": size, "height": size}


if __name__ == "__main__":
    render(icons())
