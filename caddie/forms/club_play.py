"""Starting a digital Club Cards round: the course and the computer opponents."""

from __future__ import annotations

from caddie.forms.base import PageForm
from wtforms import BooleanField, FieldList, FormField, RadioField, SelectField, StringField
from wtforms import Form
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired

from caddie.store.club_matches import MAX_OPPONENTS, MIN_OPPONENTS
from caddie.core.clubs.opponents import LEVEL_NAMES
from caddie.forms.play import DEFAULT_NAMES


class ClubOpponentForm(Form):
    name = StringField("Name")
    level = SelectField("Level", default="steady", choices=[SelectChoice(v, label) for v, label in LEVEL_NAMES.items()])


class StartClubRoundForm(PageForm):
    player = StringField("Your name", default="You")
    opponents = RadioField("Opponents", coerce=int, default=1, validators=[InputRequired("Choose how many opponents.")],
                           choices=[SelectChoice(n, str(n)) for n in range(MIN_OPPONENTS, MAX_OPPONENTS + 1)])
    seats = FieldList(FormField(ClubOpponentForm), min_entries=MAX_OPPONENTS, max_entries=MAX_OPPONENTS)
    course = SelectField("Course", validate_choice=False)
    front_nine = BooleanField("Play only the front nine")

    def fill_defaults(self) -> None:
        for entry, name in zip(self.seats, DEFAULT_NAMES):
            entry.form.name.data = name
            entry.form.level.data = "steady"
