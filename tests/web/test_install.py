"""Installing on a phone: the manifest, its icons, the apple-touch-icon and the service worker's script."""

from __future__ import annotations

import json
import re
import shutil
import struct
from pathlib import Path

import pytest

from caddie.config import PROJECT_ROOT

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(data: bytes) -> tuple[int, int]:
    """(width, height) read off a PNG's IHDR chunk, which always comes first."""
    assert data[:8] == PNG_SIGNATURE, "not a PNG"
    assert data[12:16] == b"IHDR"
    return struct.unpack(">II", data[16:24])


def png_has_alpha(data: bytes) -> bool:
    colour_type = data[25]
    return colour_type in (4, 6)  # grey + alpha, RGB + alpha


def corner_pixel_is_opaque_felt(data: bytes) -> bool:
    # Decoding a PNG needs zlib and the filters; enough for one pixel: the first scanline.
    import zlib

    chunks, at = [], 8
    while at < len(data):
        length = struct.unpack(">I", data[at : at + 4])[0]
        kind = data[at + 4 : at + 8]
        if kind == b"IDAT":
            chunks.append(data[at + 8 : at + 8 + length])
        at += 12 + length
    raw = zlib.decompress(b"".join(chunks))
    # every filter leaves the first pixel of the first row as it is (no pixel left of it or above it)
    assert raw[0] in (0, 1, 2, 3, 4)
    red, green, blue = raw[1:4]
    return abs(red - 0x1D) <= 2 and abs(green - 0x5C) <= 2 and abs(blue - 0x3C) <= 2


def test_the_manifest_describes_an_installable_app(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = json.loads(response.get_data(as_text=True))
    assert manifest["name"] == "Caddie & Tally"
    assert 0 < len(manifest["short_name"]) <= 12  # what a launcher shows under the icon, uncut
    assert manifest["description"]
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "/" and manifest["scope"] == "/" and manifest["id"] == "/"
    # the top bar's felt (static/css/app.css, --felt-deep)
    assert manifest["theme_color"] == "#154630"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["background_color"])
    assert client.get(manifest["start_url"]).status_code == 200


def test_every_icon_the_manifest_names_is_a_png_of_its_declared_size(client):
    manifest = client.get("/manifest.webmanifest").get_json(force=True)
    declared = {(icon["sizes"], icon["purpose"]) for icon in manifest["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= declared
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as response:
            assert response.status_code == 200, icon["src"]
            assert response.mimetype == "image/png" == icon["type"]
            width, height = png_size(response.data)
        assert f"{width}x{height}" == icon["sizes"], icon["src"]
        if icon["purpose"] == "maskable":
            # felt to every edge: a launcher's mask may cut anywhere outside the middle 80 %
            assert not png_has_alpha(response.data) and corner_pixel_is_opaque_felt(response.data), icon["src"]


def test_the_apple_touch_icon_is_an_opaque_180_px_png(client):
    for path in ("/apple-touch-icon.png", "/apple-touch-icon-precomposed.png"):
        with client.get(path) as response:
            assert response.status_code == 200, path
            assert response.mimetype == "image/png"
            assert png_size(response.data) == (180, 180)
            assert not png_has_alpha(response.data)  # iOS paints transparent corners black
            assert corner_pixel_is_opaque_felt(response.data)


@pytest.mark.parametrize("path", ["/", "/tally/grid", "/ledger/", "/rules/", "/settings", "/offline", "/no-such-page"])
def test_every_page_links_the_manifest_and_the_bar_colours(client, path):
    html = client.get(path).get_data(as_text=True)
    head = html.split("</head>", 1)[0]
    assert '<link rel="manifest" href="/manifest.webmanifest">' in head
    assert '<link rel="apple-touch-icon" href="/apple-touch-icon.png">' in head
    assert '<meta name="theme-color" content="#154630" media="(prefers-color-scheme: light)">' in head
    assert '<meta name="theme-color" content="#1b5036" media="(prefers-color-scheme: dark)">' in head
    assert '<meta name="mobile-web-app-capable" content="yes">' in head


def test_the_bar_colours_are_the_top_bars_felt_in_the_stylesheet():
    css = (PROJECT_ROOT / "static" / "css" / "app.css").read_text()
    light, dark = css.split("@media (prefers-color-scheme: dark)", 1)
    assert "--felt-deep: #154630;" in light  # the light top bar: var(--felt-deep)
    assert "--felt: #1b5036;" in dark and ".topbar { background: var(--felt); }" in dark


def service_worker(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    return response, response.get_data(as_text=True)


def version_of(script: str) -> str:
    match = re.search(r'^var VERSION = "([0-9a-f]{12})";$', script, re.MULTILINE)
    assert match, "the worker's script names its version"
    return match.group(1)


def test_the_service_worker_is_served_from_the_root_and_never_stale(client):
    response, script = service_worker(client)
    assert response.mimetype == "text/javascript"
    assert response.headers["Cache-Control"] == "no-cache"
    assert response.headers["Service-Worker-Allowed"] == "/"
    assert "script-src 'self'" in response.headers["Content-Security-Policy"]
    shell = json.loads(re.search(r"^var SHELL = (\[.*\]);$", script, re.MULTILINE).group(1))
    assert {"/static/css/app.css", "/static/js/app.js", "/offline"} <= set(shell)
    assert not [url for url in shell if "LICENSE" in url]
    for url in shell:  # everything it keeps on install is there to keep
        assert client.get(url).status_code == 200, url


def test_the_service_workers_version_changes_with_a_static_file(app, client, tmp_path):
    static = tmp_path / "static"
    shutil.copytree(Path(app.static_folder), static)
    app.static_folder = str(static)
    first = version_of(service_worker(client)[1])
    assert version_of(service_worker(client)[1]) == first  # the same files, the same version

    stylesheet = static / "css" / "app.css"
    stylesheet.write_text(stylesheet.read_text() + "\n.new-in-this-release { color: inherit; }\n")
    second = version_of(service_worker(client)[1])
    assert second != first

    (static / "js" / "new-module.js").write_text("// a new file\n")
    third, script = version_of(service_worker(client)[1]), service_worker(client)[1]
    assert third not in (first, second)
    assert '"/static/js/new-module.js"' in script


def test_the_offline_page_says_why_and_looks_like_the_app(client):
    response = client.get("/offline")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<h1>No connection</h1>" in html
    assert "<p>This page was not opened before on this phone, so it cannot be shown" in html
    assert 'class="tabbar"' in html and "/static/css/app.css" in html
    assert 'id="try-again"' in html


def sample_path(rule) -> str:
    """A path the rule matches, every variable part an id-like word (as secrets.token_urlsafe makes)."""
    return re.sub(r"<(?:[a-z]+:)?[a-z_]+>", lambda m: "7" if m.group(0).startswith("<int:") else "aB3_x-9Q", rule.rule)


def worker_rules(script: str) -> tuple[list[re.Pattern], re.Pattern]:
    """The worker's kept-page rules and its round-write rule, as Python patterns (the same syntax)."""
    word = re.search(r'^var ID = "([^"]+)";$', script, re.MULTILINE).group(1)

    def pattern(js: str) -> re.Pattern:
        return re.compile("".join(word if part == "ID" else json.loads(part) for part in re.split(r" \+ ", js)))

    block = re.search(r"^var KEPT_PAGES = \[\n(.*?)\n\];$", script, re.MULTILINE | re.DOTALL).group(1)
    kept = [pattern(js) for js in re.findall(r"new RegExp\((.*)\),", block)]
    write = pattern(re.search(r"^var ROUND_WRITE = new RegExp\((.*)\);", script, re.MULTILINE).group(1))
    return kept, write


def test_the_worker_keeps_the_ledgers_read_pages_and_nothing_live_or_tokened(app, client):
    kept, write = worker_rules(service_worker(client)[1])
    kept_endpoints, written_endpoints = set(), set()
    for rule in app.url_map.iter_rules():
        path = sample_path(rule)
        if "GET" in rule.methods and any(p.fullmatch(path) for p in kept):
            kept_endpoints.add(rule.endpoint)
        if "POST" in rule.methods and write.fullmatch(path):
            written_endpoints.add(rule.endpoint)
    # checked against the real URL rules: renaming a page must be followed in templates/install/sw.js
    assert kept_endpoints == {
        "home.index",
        "ledger.index",
        "ledger.round_page",
        "ledger.print_view",
        "rules.grid",
        "rules.clubs",
    }
    assert "ledger.save_score" in written_endpoints
    assert all(endpoint.startswith("ledger.") for endpoint in written_endpoints)
