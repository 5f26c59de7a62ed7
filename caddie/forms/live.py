"""Making a live table and sitting down at one (docs/live-tables.md, "A table")."""

from __future__ import annotations

from wtforms import BooleanField, FieldList, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired

from caddie.core.games import GAMES
from caddie.core.grid.rules import GRID_SIZES
from caddie.core.live.table import CLOCKS, LEVEL_NAMES
from caddie.forms.base import PageForm

MOST_SEATS = max(kind.seats[1] for kind in GAMES)  # each game's own bounds: its GameKind.seats
SEAT_CHOICES = [SelectChoice("person", "A person")] + [
    SelectChoice(level, f"Computer · {name}") for level, name in LEVEL_NAMES.items()
]


def _clock_label(seconds: int) -> str:
    return f"{seconds} s" if seconds < 60 else f"{seconds // 60} min"


class NewTableForm(PageForm):
    game = RadioField(
        "Game",
        default="grid",
        validators=[InputRequired("Choose Grid Golf or Club Cards.")],
        choices=[SelectChoice("grid", "Grid Golf"), SelectChoice("clubs", "Club Cards")],
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
    # Grid Golf: the match settings (as a solo match's)
    cards = RadioField("Hand size", coerce=int, choices=[SelectChoice(n, str(n)) for n in GRID_SIZES])
    negatives = RadioField(
        "Cards worth −2",
        choices=[SelectChoice("twos", "2s"), SelectChoice("jokers", "Jokers"), SelectChoice("both", "Both")],
    )
    holes = RadioField("Match length", coerce=int, choices=[SelectChoice(9, "9 holes"), SelectChoice(18, "18 holes")])
    final_turn = BooleanField("Extra draw overtime: when someone goes out, everyone else gets one final turn")
    discard_flip = BooleanField("Immediate discard penalty: discarding a deck draw turns a face-down card up")
    # Club Cards: the course
    course = SelectField("Course", validate_choice=False)
    front_nine = BooleanField("Play only the front nine")

    def fill_defaults(self, rules, name: str) -> None:
        self.name.data = name
        self.cards.data = rules.cards
        self.negatives.data = rules.negatives
        self.holes.data = rules.holes if rules.holes in (9, 18) else 9
        self.final_turn.data = rules.end == "final_turn"
        self.discard_flip.data = bool(rules.discard_flip)
        for entry in self.others:
            entry.data = "person"


class SitDownForm(PageForm):
    name = StringField("Your name")


class JoinForm(PageForm):
    code = StringField("Table code")
    name = StringField("Your name")
