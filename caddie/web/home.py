"""The home page: the three things people do most, then what this browser has under way."""

from flask import Blueprint, redirect, render_template, url_for

from caddie.store.in_progress import live_tables_under_way, matches_under_way, open_rounds
from caddie.web.identity import browser_id, edit_grants
from caddie.web.live.seats import held_tables

bp = Blueprint("home", __name__)


@bp.get("/")
def index():
    browser = browser_id()
    return render_template(
        "home/index.html",
        rounds=open_rounds(browser, edit_grants()),
        matches=matches_under_way(browser),
        tables=live_tables_under_way(held_tables()),
    )


@bp.get("/favicon.ico")
def favicon():
    """Browsers ask for /favicon.ico where a page names no icon (a downloaded CSV's tab, for one)."""
    return redirect(url_for("static", filename="icon.svg"), code=301)
