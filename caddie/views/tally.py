from flask import Blueprint, render_template

bp = Blueprint("tally", __name__, url_prefix="/tally")


@bp.get("/grid")
def grid():
    return render_template("tally/grid.html", active_tab="tally")


@bp.get("/clubs")
def clubs():
    return render_template("tally/clubs.html", active_tab="tally")
