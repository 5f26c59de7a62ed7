"""Full page or fragment: the hypermedia rule every view follows."""

from __future__ import annotations

from flask import render_template, request


def is_htmx() -> bool:
    # A boosted request wants the whole page, like a plain browser.
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"


def page_or_fragment(page: str, fragment: str, **context) -> str:
    """Render ``fragment`` for htmx, else ``page`` (which includes the fragment)."""
    return render_template(fragment if is_htmx() else page, **context)
