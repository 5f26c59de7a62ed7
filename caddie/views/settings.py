from flask import Blueprint, render_template

bp = Blueprint("settings", __name__)


@bp.get("/settings")
def edit():
    return render_template("settings.html", active_tab="settings")
