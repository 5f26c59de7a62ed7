"""Starting a digital Club Cards round: the course and the computer opponents."""

from __future__ import annotations

from wtforms import BooleanField, FieldList, Form, FormField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired

from caddie.core.clubs.opponents import LEVEL_NAMES
from caddie.core.games.club_cards import CLUB_CARDS
from caddie.forms.base import PageForm
from caddie.forms.play import DEFAULT_NAMES

MIN_CLUB_OPPONENTS, MAX_CLUB_OPPONENTS = CLUB_CARDS.seats[0] - 1, CLUB_CARDS.seats[1] - 1


class ClubOpponentForm(Form):
    name = StringField("Name")
    level = SelectField("Level", default="steady", choices=[SelectChoice(v, label) for v, label in LEVEL_NAMES.items()])


class StartClubRoundForm(PageForm):
    player = StringField("Your name", default="You")
    opponents = RadioField(
        "Opponents",
        coerce=int,
        default=1,
        validators=[InputRequired("Choose how many opponents.")],
        choices=[SelectChoice(n, str(n)) for n in range(MIN_CLUB_OPPONENTS, MAX_CLUB_OPPONENTS + 1)],
    )
    seats = FieldList(FormField(ClubOpponentForm), min_entries=MAX_CLUB_OPPONENTS, max_entries=MAX_CLUB_OPPONENTS)
    course = SelectField("Course", validate_choice=False)
    front_nine = BooleanField("Play only the front nine")

    def fill_defaults(self) -> None:
        for entry, name in zip(self.seats, DEFAULT_NAMES):
            entry.form.name.data = name
            entry.form.level.data = "steady"
