"""A table's people's forms: renaming a person, merging two names, naming a season."""

from __future__ import annotations

from datetime import date

from wtforms import DateField, StringField
from wtforms.validators import InputRequired

from caddie.forms.base import PageForm


class RenameForm(PageForm):
    name = StringField("New name", validators=[InputRequired("Type the name this person goes by.")])


class MergeForm(PageForm):
    # the other person's key (``caddie.core.ratings.person_key``), chosen from the page's list
    other = StringField("The same person as", validators=[InputRequired("Choose who this person also is.")])


class SeasonForm(PageForm):
    name = StringField("Season", validators=[InputRequired('Name the season ("Winter 2026").')])
    starts_on = DateField(
        "From", default=date.today, format="%Y-%m-%d", validators=[InputRequired("Give the season's first day.")]
    )
    ends_on = DateField(
        "To", default=date.today, format="%Y-%m-%d", validators=[InputRequired("Give the season's last day.")]
    )
