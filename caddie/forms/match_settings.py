"""The fields that set up a match, written once for every form that starts one: a solo match of
either game (``play``, ``club_play``) and a table of people (``live``).

``GridMatchSettings``: Grid Golf's match settings over the house rules (docs/grid-golf.md, "Match
settings"). ``CourseChoice``: the course a Club Cards match is played on. ``opponents_fields``:
the computer opponents of a solo match, as many as the game's ``GameKind.seats`` allow, each with
a name and one of the game's levels."""

from __future__ import annotations

from typing import Any

from wtforms import BooleanField, FieldList, Form, FormField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired

from caddie.core.games.kind import LEVEL_NAMES, GameKind
from caddie.core.grid.rules import GRID_SIZES

__all__ = ["DEFAULT_NAMES", "CourseChoice", "GridMatchSettings", "opponents_fields"]

DEFAULT_NAMES = ("Ada", "Bram", "Cleo", "Dev", "Esme")  # the computers' names a solo match offers


class GridMatchSettings:
    """Grid Golf's match settings (a mixin of a ``PageForm``)."""

    cards = RadioField("Hand size", coerce=int, choices=[SelectChoice(n, str(n)) for n in GRID_SIZES])
    negatives = RadioField(
        "Cards worth −2",
        choices=[SelectChoice("twos", "2s"), SelectChoice("jokers", "Jokers"), SelectChoice("both", "Both")],
    )
    holes = RadioField("Match length", coerce=int, choices=[SelectChoice(9, "9 holes"), SelectChoice(18, "18 holes")])
    final_turn = BooleanField("Extra draw overtime: when someone goes out, everyone else gets one final turn")
    discard_flip = BooleanField("Immediate discard penalty: discarding a deck draw turns a face-down card up")

    def fill_match_settings(self, rules: Any) -> None:
        """The house rules' values, where the form has not been sent."""
        form: Any = self
        form.cards.data = rules.cards
        form.negatives.data = rules.negatives
        form.holes.data = rules.holes if rules.holes in (9, 18) else 9
        form.final_turn.data = rules.end == "final_turn"
        form.discard_flip.data = bool(rules.discard_flip)


class CourseChoice:
    """The course a Club Cards match is played on (a mixin of a ``PageForm``)."""

    course = SelectField("Course", validate_choice=False)
    front_nine = BooleanField("Play only the front nine")


def opponents_fields(kind: GameKind[Any]) -> tuple[RadioField, FieldList]:
    """``opponents`` (how many) and ``seats`` (each one's name and level) for a solo match of ``kind``."""
    fewest, most = kind.seats[0] - 1, kind.seats[1] - 1

    class Opponent(Form):
        name = StringField("Name")
        level = SelectField(
            "Level", default="steady", choices=[SelectChoice(level, LEVEL_NAMES[level]) for level in kind.levels]
        )

    count = RadioField(
        "Opponents",
        coerce=int,
        default=1,
        validators=[InputRequired("Choose how many opponents.")],
        choices=[SelectChoice(n, str(n)) for n in range(fewest, most + 1)],
    )
    return count, FieldList(FormField(Opponent), min_entries=most, max_entries=most)


def fill_opponents(seats: Any) -> None:
    for entry, name in zip(seats, DEFAULT_NAMES):
        entry.form.name.data = name
        entry.form.level.data = "steady"
