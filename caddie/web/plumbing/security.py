"""Security headers on every response, and writes from this app's own pages only.

Headers (``security_headers``, an ``after_request``, so pages, fragments, the
API, error pages and static files all carry them; a view may set its own):

* ``Content-Security-Policy``: scripts, styles, fonts and fetches from this
  origin only; no inline script or style (templates use classes, htmx's
  indicator style is in app.css), images from here or ``data:`` (the favicon);
  no plugins, no ``<base>`` elsewhere, forms post here, nobody may frame a page.
* ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY`` (older
  browsers' frame denial) and ``Referrer-Policy: same-origin``: a share or edit
  link (``/s/<token>``, ``/e/<token>``) never leaks to another site as a Referer.

Writes (``same_origin_writes``, a ``before_request`` registered before the CSRF
check so a foreign page's post is refused as such): a POST, PUT, PATCH or
DELETE whose ``Origin`` header, or ``Referer`` when a browser sent no Origin,
names another origin gets 403 and a sentence. A request with neither is not a
browser's cross-site request (browsers send ``Origin`` on every cross-origin
write), so API clients with a Bearer token keep working. ``Origin: null``
(a sandboxed or privacy-stripped page) is another origin. Origins besides the
request's own can be allowed with ``TRUSTED_ORIGINS``.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from flask import Flask, Response, current_app, render_template, request

CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"
)

HEADERS = {
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
DEFAULT_PORTS = {"http": "80", "https": "443"}

REFUSED = (
    "This request came from another website, so it was not carried out; nothing was changed. "
    "Open Caddie & Tally itself and try again."
)


def init_app(app: Flask) -> None:
    app.config.setdefault("CONTENT_SECURITY_POLICY", CONTENT_SECURITY_POLICY)
    app.config.setdefault("TRUSTED_ORIGINS", [])
    app.before_request(same_origin_writes)
    app.after_request(security_headers)


def security_headers(response: Response) -> Response:
    response.headers.setdefault("Content-Security-Policy", current_app.config["CONTENT_SECURITY_POLICY"])
    for name, value in HEADERS.items():
        response.headers.setdefault(name, value)
    return response


def origin_of(url: str) -> str | None:
    """``scheme://host[:port]`` of a URL or Origin header, lower case, default port dropped.

    >>> origin_of("https://Caddie.example:443/ledger/?x=1")
    'https://caddie.example'
    >>> origin_of("http://127.0.0.1:8000")
    'http://127.0.0.1:8000'
    >>> origin_of("http://user:pw@evil.example/"), origin_of("null"), origin_of("/relative")
    ('http://evil.example', None, None)
    """
    try:
        parts = urlsplit(url.strip())
        port = parts.port
    except ValueError:
        return None
    if parts.scheme.lower() not in DEFAULT_PORTS or not parts.hostname:
        return None
    scheme, host = parts.scheme.lower(), parts.hostname.lower()
    if ":" in host:  # IPv6
        host = f"[{host}]"
    if port is not None and str(port) != DEFAULT_PORTS[scheme]:
        host = f"{host}:{port}"
    return f"{scheme}://{host}"


def request_origin() -> str | None:
    """The origin the browser says this request came from; "" when it said nothing."""
    header = request.headers.get("Origin")
    if header is None:
        referer = request.headers.get("Referer")
        return "" if not referer else origin_of(referer)
    return origin_of(header)


def same_origin_writes():
    if request.method in SAFE_METHODS:
        return None
    sender = request_origin()
    if sender == "":
        return None  # not a browser's cross-site request: an API client, curl, a test
    allowed = {origin_of(request.host_url)} | {origin_of(o) for o in current_app.config["TRUSTED_ORIGINS"]}
    if sender is not None and sender in allowed:
        return None
    if request.path.startswith("/api/"):
        return {"error": REFUSED, "field": None}, 403
    return render_template("error.html", title="Not sent from this site", message=REFUSED), 403
