"""The session cookie, which carries the browser's identity (``caddie.web.identity``): named
``__Host-session`` wherever cookies are Secure, and carried over from its older name.

A ``__Host-`` cookie is one a browser takes only when it is Secure, has ``Path=/`` and no
``Domain``: so no other host under the same domain (``evil.example.org`` beside
``cards.example.org``) and no plain-http page can set or overwrite it, and a browser that
arrives with someone else's planted identity is not possible. Browsers refuse such a cookie
over plain http, so where cookies are not Secure (the table at home on a LAN address,
``SESSION_COOKIE_SECURE=false``; development, the tests) the cookie keeps its plain name.

A browser that still holds the plain-named cookie (from before the prefix, or from a server
that ran over http) keeps its identity, and with it its rounds, matches and settings: its first
request reads the old cookie, the answer sets the new one and deletes the old.

Rotation: Flask signs the cookie with its time, and re-issues it on every answer to a browser
with an identity (a permanent session, ``SESSION_REFRESH_EACH_REQUEST``), so the value a browser
holds changes all the time, and one not sent for ``PERMANENT_SESSION_LIFETIME`` (400 days) is
refused. The id inside is never changed: it is the only key to what the browser keeps
(docs/production.md, "The identity cookie").
"""

from __future__ import annotations

from flask import Flask, Request, Response
from flask.sessions import SecureCookieSession, SecureCookieSessionInterface, SessionMixin
from itsdangerous import BadSignature

HOST_PREFIX = "__Host-"


class IdentityCookie(SecureCookieSessionInterface):
    def get_cookie_name(self, app: Flask) -> str:
        name = plain_name(app)
        return HOST_PREFIX + name if host_prefixed(app) else name

    def open_session(self, app: Flask, request: Request) -> SecureCookieSession | None:
        session = super().open_session(app, request)
        old = plain_name(app)
        if session is None or not host_prefixed(app) or self.get_cookie_name(app) in request.cookies:
            return session
        if old not in request.cookies:
            return session
        serializer = self.get_signing_serializer(app)
        if serializer is None:
            return session
        try:
            data = serializer.loads(request.cookies[old], max_age=int(app.permanent_session_lifetime.total_seconds()))
        except BadSignature:
            data = {}
        carried = self.session_class(data)
        carried.modified = True  # saved under the new name by this very answer
        carried.carried_from = old  # type: ignore[attr-defined]  # (read in save_session)
        return carried

    def save_session(self, app: Flask, session: SessionMixin, response: Response) -> None:
        super().save_session(app, session, response)
        old = getattr(session, "carried_from", None)
        if old is not None:
            response.delete_cookie(
                old,
                path=self.get_cookie_path(app),
                domain=self.get_cookie_domain(app),
                secure=self.get_cookie_secure(app),
                httponly=self.get_cookie_httponly(app),
                samesite=self.get_cookie_samesite(app),
            )


def plain_name(app: Flask) -> str:
    return str(app.config["SESSION_COOKIE_NAME"]).removeprefix(HOST_PREFIX)


def host_prefixed(app: Flask) -> bool:
    """Whether the cookie can carry the ``__Host-`` prefix: Secure, for the whole site, no Domain."""
    return (
        bool(app.config["SESSION_COOKIE_SECURE"])
        and not app.config.get("SESSION_COOKIE_DOMAIN")
        and (app.config.get("SESSION_COOKIE_PATH") or app.config.get("APPLICATION_ROOT") or "/") == "/"
    )
