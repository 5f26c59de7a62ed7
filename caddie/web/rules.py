"""Readable rules pages that show the rules in force, each house rule with a worked
example (``caddie.core.grid.examples``; docs/settings.md)."""

from __future__ import annotations

from flask import Blueprint, render_template

from caddie.core.clubs.hand import groups
from caddie.core.grid.examples import base_sentence, grid_examples, table_examples
from caddie.web.table_in_force import current_table

bp = Blueprint("rules", __name__, url_prefix="/rules")


@bp.get("/")
def grid():
    rules = current_table().rules
    examples = grid_examples(rules)
    return render_template(
        "rules/grid.html",
        examples=examples,
        base_sentence=base_sentence(examples["base"], rules),
        table_examples=table_examples(rules),
    )


@bp.get("/clubs")
def clubs():
    return render_template("rules/clubs.html", groups=groups(current_table().clubs.deck))
