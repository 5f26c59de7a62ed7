"""Settings: the table's house rules, chosen once and used by every page."""

from __future__ import annotations

from flask import Blueprint, flash, redirect, request, url_for

from caddie.core.grid.rules import PRESET_LABELS, preset
from caddie.core.table import Table
from caddie.forms.settings import GROUPS, HINTS, SettingsForm
from caddie.web.rendering import is_htmx, page_or_fragment
from caddie.web.table_in_force import StaleSettings, current_table, current_version, save_table

bp = Blueprint("settings", __name__)


def _render(form: SettingsForm, notice: str | None = None, status: int = 200):
    body = page_or_fragment(
        "settings/index.html",
        "settings/_form.html",
        form=form,
        notice=notice,
        presets=PRESET_LABELS,
        groups=GROUPS,
        hints=HINTS,
    )
    return body, status


@bp.get("/settings")
def edit():
    form = SettingsForm(formdata=None)
    form.fill_from(current_table())
    form.version.data = str(current_version())
    return _render(form)


@bp.post("/settings")
def save():
    form = SettingsForm()
    chosen = request.form.get("apply_preset")
    if chosen is not None:
        return _load_preset(form, chosen)
    if request.form.get("reset"):
        form.fill_from(Table(players=form.players.data or Table().players))
        return _render(form, notice="Defaults loaded. Press Save to use them.")

    table = form.to_table()
    if table is None:
        return _render(form, status=400)
    try:
        expected = int(form.version.data or 0)
    except ValueError:
        expected = -1
    try:
        save_table(table, expected)
    except StaleSettings:
        form.version.data = str(current_version())
        return _render(
            form,
            status=409,
            notice=(
                "These settings were changed in another tab since this page was opened, so nothing was saved. "
                "Your choices are still below: press Save again to use them."
            ),
        )
    flash(f"Saved. Every page now uses: {table.rules.describe()}.", "ok")
    if is_htmx():
        # The rules chip in the header changed too: load the whole page.
        return "", 204, {"HX-Redirect": url_for("settings.edit")}
    return redirect(url_for("settings.edit"), code=303)


def _load_preset(form: SettingsForm, name: str):
    if name not in PRESET_LABELS:
        return _render(form, notice="That preset does not exist; nothing was changed.", status=400)
    form.fill_rules(preset(name))
    return _render(form, notice=f"{PRESET_LABELS[name]} loaded. Press Save to use it.")
