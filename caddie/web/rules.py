"""Readable rules pages that show the rules in force."""

from flask import Blueprint, render_template

from caddie.core.clubs.hand import groups
from caddie.web.table_in_force import current_table

bp = Blueprint("rules", __name__, url_prefix="/rules")


@bp.get("/")
def grid():
    return render_template("rules/grid.html", active_tab="rules")


@bp.get("/clubs")
def clubs():
    return render_template("rules/clubs.html", active_tab="rules", groups=groups(current_table().clubs.deck))
