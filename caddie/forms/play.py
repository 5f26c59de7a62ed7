"""Starting a digital match: opponents and the rules of the match settings (docs/grid-golf.md, "Match settings")."""

from __future__ import annotations

from wtforms import BooleanField, FieldList, Form, FormField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired

from caddie.core.games.grid_golf import GRID_GOLF
from caddie.core.games.kind import LEVEL_NAMES
from caddie.core.grid.rules import GRID_SIZES
from caddie.forms.base import PageForm

# Caddie: the caddie's own policy
LEVELS = tuple((level, LEVEL_NAMES[level]) for level in GRID_GOLF.levels)
DEFAULT_NAMES = ("Ada", "Bram", "Cleo", "Dev", "Esme")
MAX_GRID_OPPONENTS = len(DEFAULT_NAMES)


class OpponentForm(Form):
    name = StringField("Name")
    level = SelectField("Level", default="steady", choices=[SelectChoice(v, label) for v, label in LEVELS])


class StartMatchForm(PageForm):
    player = StringField("Your name", default="You")
    opponents = RadioField(
        "Opponents",
        coerce=int,
        default=1,
        validators=[InputRequired("Choose how many opponents.")],
        choices=[SelectChoice(n, str(n)) for n in range(1, MAX_GRID_OPPONENTS + 1)],
    )
    seats = FieldList(FormField(OpponentForm), min_entries=MAX_GRID_OPPONENTS, max_entries=MAX_GRID_OPPONENTS)
    cards = RadioField("Hand size", coerce=int, choices=[SelectChoice(n, str(n)) for n in GRID_SIZES])
    negatives = RadioField(
        "Cards worth −2",
        choices=[SelectChoice("twos", "2s"), SelectChoice("jokers", "Jokers"), SelectChoice("both", "Both")],
    )
    holes = RadioField("Match length", coerce=int, choices=[SelectChoice(9, "9 holes"), SelectChoice(18, "18 holes")])
    final_turn = BooleanField("Extra draw overtime: when someone goes out, everyone else gets one final turn")
    discard_flip = BooleanField("Immediate discard penalty: discarding a deck draw turns a face-down card up")

    def fill_defaults(self, rules) -> None:
        self.cards.data = rules.cards
        self.negatives.data = rules.negatives
        self.holes.data = rules.holes if rules.holes in (9, 18) else 9
        self.final_turn.data = rules.end == "final_turn"
        self.discard_flip.data = rules.discard_flip
        for entry, name in zip(self.seats, DEFAULT_NAMES):
            entry.form.name.data = name
            entry.form.level.data = "steady"
