"""Full page or fragment: the hypermedia rule every view follows."""

from __future__ import annotations

from flask import make_response, redirect, render_template, request


def is_htmx() -> bool:
    # A boosted request wants the whole page, like a plain browser.
    return request.headers.get("HX-Request") == "true" and request.headers.get("HX-Boosted") != "true"


def page_or_fragment(page: str, fragment: str, **context) -> str:
    """Render ``fragment`` for htmx, else ``page`` (which includes the fragment)."""
    return render_template(fragment if is_htmx() else page, **context)


def tap_response(page: str, fragment: str, canonical: str, acted: bool, ok: bool, **context):
    """The answer to a tap on a GET form (Tally, the caddie's walkthrough).

    A plain browser is redirected to the clean URL of the new state; htmx gets
    the fragment and that URL pushed into its history. A refused tap keeps the
    URL (and what was typed) and shows why.
    """
    if acted and ok and not is_htmx():
        return redirect(canonical, code=303)
    response = make_response(page_or_fragment(page, fragment, **context))
    if is_htmx():
        response.headers["HX-Push-Url"] = canonical if ok else "false"
    return response
