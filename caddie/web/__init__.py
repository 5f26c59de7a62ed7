"""Blueprints, error pages and what every template sees."""

from __future__ import annotations

from flask import Flask, render_template, request
from flask_wtf.csrf import CSRFError

from caddie.core.grid.rules import chip
from caddie.web import filters, shareable
from caddie.web.table_in_force import current_table

CLUB_BLUEPRINTS = ("club_play", "courses", "caddie_clubs")
CLUB_ENDPOINTS = ("tally.clubs", "rules.clubs")


def register_views(app: Flask) -> None:
    """Every blueprint, registered here and only here, each with the tab of the tab bar its pages
    belong to (``None``: no tab is marked)."""
    from caddie.web import api, courses, data, health, home, install, ledger, people, rules, settings, tally

    # the API's route modules and its errors put themselves on api.bp when imported
    from caddie.web.api import data as api_data  # noqa: F401
    from caddie.web.api import endpoints as api_endpoints  # noqa: F401
    from caddie.web.api import errors as api_errors  # noqa: F401
    from caddie.web.api import live as api_live  # noqa: F401
    from caddie.web.api import people as api_people  # noqa: F401
    from caddie.web.api import rounds as api_rounds  # noqa: F401
    from caddie.web.caddie import club_hands as caddie_club_hands  # noqa: F401  (its routes are on caddie_clubs.bp)
    from caddie.web.caddie import clubs as caddie_clubs
    from caddie.web.caddie import grid as caddie_walk
    from caddie.web.caddie import hands as caddie_hands  # noqa: F401  (its routes are on caddie_walk.bp)
    from caddie.web.live import pages as live
    from caddie.web.live import practice as live_practice  # noqa: F401  (its routes are on live.bp)
    from caddie.web.live import record_files as live_record_files  # noqa: F401  (its routes are on live.bp)
    from caddie.web.live import replays as live_replays  # noqa: F401  (its routes are on live.bp)
    from caddie.web.play import clubs as club_play
    from caddie.web.play import grid as play

    blueprints = (
        (home, None),
        (tally, "tally"),
        (caddie_walk, "caddie"),
        (caddie_clubs, "caddie"),
        (ledger, "ledger"),
        (people, "ledger"),  # a table's people: from the ledger's rounds and the tables sat at
        (play, "play"),
        (club_play, "play"),
        (live, "play"),  # every table: a solo match's and a table of people's
        (settings, "settings"),
        (rules, "rules"),
        (courses, "ledger"),  # the courses a Club Cards round is kept on
        (data, "settings"),  # your data: exported and imported from Settings
        (api, None),  # the JSON API: its routes in endpoints, live and data, its errors in errors
        (health, None),
        (install, None),  # the manifest, the icons and the service worker
    )
    tabs = {}
    for module, tab in blueprints:
        app.register_blueprint(module.bp)
        tabs[module.bp.name] = tab

    @app.context_processor
    def _active_tab() -> dict[str, str]:
        return {"active_tab": tabs.get(request.blueprint or "") or ""}

    filters.register(app)
    shareable.register(app)  # shareable_url(): links for another phone

    @app.context_processor
    def _table_in_force():
        table = current_table()
        # the header's "rules in force" chip speaks of the game the page is about
        clubs = request.blueprint in CLUB_BLUEPRINTS or request.endpoint in CLUB_ENDPOINTS
        return {"table": table, "rules_chip": table.clubs.describe() if clubs else chip(table.rules)}

    @app.errorhandler(CSRFError)
    def _csrf_error(err):
        if request.path.startswith("/api/"):
            return {
                "error": "This request is missing its security token; reload the page and try again.",
                "field": "csrf_token",
            }, 400
        return render_template(
            "error.html",
            title="Please try that again",
            message="This page was open too long or came from elsewhere, so it was "
            "not sent. Reload the page and try again; nothing was changed.",
        ), 400

    @app.errorhandler(404)
    def _not_found(err):
        if request.path.startswith("/api/"):
            return {"error": "There is nothing at this address.", "field": None}, 404
        return render_template("error.html", title="Not found", message="There is nothing at this address."), 404

    @app.errorhandler(405)
    def _wrong_method(err):
        allow = {"Allow": ", ".join(sorted(err.valid_methods or []))}
        if request.path.startswith("/api/"):
            return {"error": f"{request.method} is not allowed here.", "field": None}, 405, allow
        return (
            render_template("error.html", title="Not allowed", message="That is not something this page can do."),
            405,
            allow,
        )

    @app.errorhandler(413)
    def _too_large(err):
        message = "That is far more than any form here sends; nothing was changed."
        if request.path.startswith("/api/"):
            return {"error": message, "field": None}, 413
        return render_template("error.html", title="Too much", message=message), 413

    @app.errorhandler(500)
    def _server_error(err):
        if request.path.startswith("/api/"):
            return {"error": "Something went wrong on our side; nothing was changed.", "field": None}, 500
        return render_template(
            "error.html", title="Something went wrong", message="Something went wrong on our side; nothing was changed."
        ), 500
