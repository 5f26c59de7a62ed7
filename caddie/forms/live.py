"""Making a live table and sitting down at one (docs/live-tables.md, "A table")."""

from __future__ import annotations

from wtforms import FieldList, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired

from caddie.core.games import GAMES, or_titles
from caddie.core.live.table import CLOCKS, LEVEL_NAMES
from caddie.forms.base import PageForm
from caddie.forms.match_settings import CourseChoice, GridMatchSettings

MOST_SEATS = max(kind.seats[1] for kind in GAMES)  # each game's own bounds: its GameKind.seats
SEAT_CHOICES = [SelectChoice("person", "A person")] + [
    SelectChoice(level, f"Computer · {name}") for level, name in LEVEL_NAMES.items()
]


def _clock_label(seconds: int) -> str:
    return f"{seconds} s" if seconds < 60 else f"{seconds // 60} min"


class NewTableForm(GridMatchSettings, CourseChoice, PageForm):
    game = RadioField(
        "Game",
        default=GAMES[0].name,
        validators=[InputRequired(f"Choose {or_titles()}.")],
        choices=[SelectChoice(kind.name, kind.title) for kind in GAMES],
    )
    name = StringField("Your name")
    players = RadioField(
        "Players",
        coerce=int,
        default=3,
        validators=[InputRequired("Choose how many sit at the table.")],
        choices=[SelectChoice(n, str(n)) for n in range(2, MOST_SEATS + 1)],
    )
    # seat 2 onwards (seat 1 is the host's own)
    others = FieldList(
        SelectField("Seat", default="person", choices=SEAT_CHOICES),
        min_entries=MOST_SEATS - 1,
        max_entries=MOST_SEATS - 1,
    )
    clock = SelectField(
        "Turn clock",
        default="",
        choices=[SelectChoice("", "Off")] + [SelectChoice(str(s), _clock_label(s)) for s in CLOCKS],
    )

    def fill_defaults(self, rules, name: str) -> None:
        self.name.data = name
        self.fill_match_settings(rules)
        for entry in self.others:
            entry.data = "person"


class SitDownForm(PageForm):
    name = StringField("Your name")


class JoinForm(PageForm):
    code = StringField("Table code")
    name = StringField("Your name")
