"""Install: the web app manifest, the home-screen icons and the service worker.

* ``/manifest.webmanifest``: name, icons, colours, ``display: standalone``: a phone can add
  the app to its home screen, and it opens there without the browser's bars.
* ``/apple-touch-icon.png`` (and iOS's ``-precomposed`` name): iOS looks there before any page
  says so.
* ``/sw.js``: the service worker, from the root so that its scope is the whole app. It keeps
  the static files and the offline page in a cache named after :func:`shell_version`, a hash
  of the files it keeps (so any change to them is a new worker, whose new cache replaces the
  old one), and the last-seen ledger pages, for a phone that has lost its connection
  (``templates/install/sw.js`` says what it keeps and what it never does).
* ``/offline``: what the worker shows, offline, for a page this phone never opened.

Browsers run service workers only on HTTPS pages and on localhost (docs/production.md,
"Installing on a phone"); everything here is still served on plain HTTP, where it is unused.
"""

from __future__ import annotations

import hashlib
from importlib import metadata
from pathlib import Path

from flask import Blueprint, Response, current_app, render_template, send_from_directory, url_for

bp = Blueprint("install", __name__)

NAME = "Caddie & Tally"
SHORT_NAME = "Caddie"
DESCRIPTION = "Score Golf card games at a real table: tally a hand, keep the scorecard, get the caddie's advice."
# The frame's colours (static/css/app.css): the top bar's felt, light and dark.
THEME_LIGHT = "#154630"  # --felt-deep, the light theme's top bar
THEME_DARK = "#1b5036"  # --felt in the dark theme, its top bar
# The splash screen's background, behind the icon while the first page loads: felt in either theme.
BACKGROUND = THEME_LIGHT

# Static files the worker keeps (the app's look and its scripts); licences and the like stay out.
SHELL_SUFFIXES = frozenset({".css", ".js", ".svg", ".png", ".ico", ".woff2"})
# Templates the offline page is drawn from: a change to them is a new offline page to keep.
SHELL_TEMPLATES = ("base.html", "install/offline.html", "install/sw.js", "icons")

NO_CACHE = "no-cache"  # the browser asks every time (a 304 when nothing changed)


def _package_version() -> str:
    try:
        return metadata.version("caddie-and-tally")
    except metadata.PackageNotFoundError:  # a checkout run without installing it
        return "source"


def _shell_files(static: Path, templates: Path) -> list[tuple[str, Path]]:
    """(name, path) of every file the worker's cache version depends on, in a fixed order."""
    files = [(f"static/{p.relative_to(static).as_posix()}", p) for p in static.rglob("*") if _kept(p)]
    for name in SHELL_TEMPLATES:
        path = templates / name
        found = sorted(path.rglob("*")) if path.is_dir() else [path]
        files += [(f"templates/{p.relative_to(templates).as_posix()}", p) for p in found if p.is_file()]
    # this module: the manifest the worker keeps is written here
    files.append(("caddie/web/install.py", Path(__file__)))
    return sorted(files)


def _kept(path: Path) -> bool:
    return path.is_file() and path.suffix in SHELL_SUFFIXES


_versions: dict[tuple, str] = {}  # the files' (name, mtime, size) -> their hash: read once per change


def shell_version(static: Path, templates: Path) -> str:
    """12 hex digits that change whenever a file the worker keeps changes, or the app's version."""
    files = _shell_files(static, templates)
    signature = (_package_version(), *((name, p.stat().st_mtime_ns, p.stat().st_size) for name, p in files))
    if signature not in _versions:
        digest = hashlib.sha256(_package_version().encode())
        for name, path in files:
            digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
        _versions.clear()  # only the current files' version is ever asked for again
        _versions[signature] = digest.hexdigest()[:12]
    return _versions[signature]


def _folders() -> tuple[Path, Path]:
    return Path(current_app.static_folder or ""), Path(current_app.template_folder or "")


@bp.get("/manifest.webmanifest")
def manifest():
    def icon(name: str, size: int, purpose: str) -> dict[str, str]:
        src = url_for("static", filename=f"icons/{name}")
        return {"src": src, "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}

    document = {
        "id": "/",
        "name": NAME,
        "short_name": SHORT_NAME,
        "description": DESCRIPTION,
        "lang": "en",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_LIGHT,
        "background_color": BACKGROUND,
        "categories": ["games", "utilities"],
        "icons": [
            icon("icon-192.png", 192, "any"),
            icon("icon-512.png", 512, "any"),
            icon("maskable-192.png", 192, "maskable"),
            icon("maskable-512.png", 512, "maskable"),
        ],
    }
    response = current_app.response_class(current_app.json.dumps(document), mimetype="application/manifest+json")
    response.headers["Cache-Control"] = NO_CACHE
    return response


@bp.get("/apple-touch-icon-precomposed.png")
@bp.get("/apple-touch-icon.png")  # the nearer decorator registers first: url_for builds this one
def apple_touch_icon():
    static, _ = _folders()
    return send_from_directory(static / "icons", "apple-touch-icon.png", mimetype="image/png")


@bp.get("/sw.js")
def service_worker():
    static, templates = _folders()
    shell = sorted(url_for("static", filename=p.relative_to(static).as_posix()) for p in static.rglob("*") if _kept(p))
    shell += [url_for("install.offline"), url_for("install.manifest"), url_for("install.apple_touch_icon")]
    body = render_template(
        "install/sw.js",
        version=shell_version(static, templates),
        shell=shell,
        offline_url=url_for("install.offline"),
    )
    response = Response(body, mimetype="text/javascript")
    # A new release must be seen at once: the browser revalidates the worker on every check.
    response.headers["Cache-Control"] = NO_CACHE
    response.headers["Service-Worker-Allowed"] = "/"
    return response


@bp.get("/offline")
def offline():
    return render_template("install/offline.html")
