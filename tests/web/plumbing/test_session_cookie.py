"""The identity cookie is ``__Host-session`` where cookies are Secure, ``session`` over plain
http, and a browser holding the older name keeps its identity and everything it keeps."""

from __future__ import annotations

from flask.sessions import SecureCookieSessionInterface

from tests.web.play.test_play_pages import start

HTTPS = "https://localhost"


def identity(app, client, name):
    cookie = client.get_cookie(name, domain="localhost")
    assert cookie is not None, name
    return SecureCookieSessionInterface().get_signing_serializer(app).loads(cookie.value)["browser_id"]


def set_cookie_headers(response) -> dict[str, str]:
    return {h.split("=", 1)[0]: h for h in response.headers.getlist("Set-Cookie")}


def test_over_https_the_cookie_is_host_prefixed_and_over_http_it_cannot_be(app, client):
    app.config["SESSION_COOKIE_SECURE"] = True
    response = client.get("/settings", base_url=HTTPS)
    header = set_cookie_headers(response)["__Host-session"]
    assert "; Secure" in header and "; Path=/" in header and "Domain=" not in header
    assert "; HttpOnly" in header and "SameSite=Lax" in header
    assert client.get_cookie("session", domain="localhost") is None
    # a browser refuses a __Host- cookie that is not Secure: the table at home, on a LAN address
    app.config["SESSION_COOKIE_SECURE"] = False
    plain = app.test_client()
    assert "session" in set_cookie_headers(plain.get("/settings"))
    assert plain.get_cookie("__Host-session", domain="localhost") is None


def test_a_browser_with_the_old_cookie_keeps_its_identity_and_its_match(app, client):
    public_id = start(client)  # over http, before the prefix: the cookie is "session"
    before = identity(app, client, "session")
    app.config["SESSION_COOKIE_SECURE"] = True
    response = client.get(f"/t/{public_id}", base_url=HTTPS)
    assert response.status_code == 200  # still this browser's match
    assert identity(app, client, "__Host-session") == before
    assert "Expires=Thu, 01 Jan 1970" in set_cookie_headers(response)["session"]  # the old one goes
    assert client.get_cookie("session", domain="localhost") is None
    assert client.get(f"/t/{public_id}", base_url=HTTPS).status_code == 200  # by the new one alone


def test_a_forged_old_cookie_carries_nothing_over(app, client):
    public_id = start(client)
    app.config["SESSION_COOKIE_SECURE"] = True
    stranger = app.test_client()
    stranger.set_cookie("session", "eyJicm93c2VyX2lkIjoiQW5uIn0.forged.signature", domain="localhost")
    response = stranger.get(f"/t/{public_id}", base_url=HTTPS)
    assert response.status_code == 404
    assert stranger.get_cookie("session", domain="localhost") is None
