"""Ledger forms: dealing a round, and entering one cell of the scorecard."""

from __future__ import annotations

from datetime import date

from wtforms import DateField, FieldList, HiddenField, RadioField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Optional

from caddie.core.ledger import MAX_PLAYERS
from caddie.forms.base import PageForm
from caddie.forms.fields import WholeNumberField
from caddie.store.courses import course_choices

MINUS_SIGNS = ("\u2212", "\u2013", "\u2014")  # people paste real minus signs and dashes


class DealForm(PageForm):
    game = RadioField(
        "Game",
        default="grid",
        validators=[InputRequired("Choose the game.")],
        choices=[SelectChoice("grid", "Grid Golf"), SelectChoice("clubs", "Club Cards")],
    )
    holes = RadioField(
        "Holes",
        coerce=int,
        default=9,
        validators=[InputRequired("Choose 9 or 18 holes.")],
        choices=[SelectChoice(9, "9"), SelectChoice(18, "18")],
    )
    course = SelectField("Course (Club Cards)", validate_choice=False)
    players = FieldList(StringField("Player"), min_entries=MAX_PLAYERS, max_entries=MAX_PLAYERS)
    played_on = DateField(
        "Date", default=date.today, format="%Y-%m-%d", validators=[InputRequired("Give the date of the round.")]
    )

    def __init__(self, *args, owner: str | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        # The owner's courses first, then the samples, then a random one (caddie.store.courses).
        self.course.choices = course_choices(owner)

    def first_error(self, name: str) -> str | None:
        """The field's first error, in words a player would use (WTForms' own are not)."""
        errors = getattr(self, name).errors
        if not errors:
            return None
        message = errors[0]
        if message == "Not a valid date value.":
            return "Give the date as year, month and day, like 2026-11-29."
        if message == "Not a valid choice.":
            return {"game": "Choose Grid Golf or Club Cards.", "holes": "Choose 9 or 18 holes."}.get(name, message)
        return message

    def names(self) -> list[str]:
        return [entry.data or "" for entry in self.players]


class ScoreForm(PageForm):
    """One cell: who, which hole, the score, and the version the page showed.

    The pad sends its score one of two ways (docs/ledger.md, "The pad"): a quick
    score is a submit button ``score=N``, one tap; the box is ``typed`` and goes
    with Save. A blank box saves nothing; only ``clear`` empties a cell.
    """

    seat = WholeNumberField(validators=[InputRequired("Say whose score this is.")])
    hole = WholeNumberField(validators=[InputRequired("Say which hole this is.")])
    score = StringField("Score", validators=[Optional()])
    typed = StringField("Score", validators=[Optional()])
    version = WholeNumberField(validators=[Optional()])
    clear = HiddenField()
    # the page's id for this write: sent again with the same write, it is applied once (docs/ledger.md)
    idempotency_key = HiddenField()

    def entered(self) -> str:
        """What was sent: the quick score tapped, else what was typed in the box."""
        text = self.score.data if self.score.raw_data else self.typed.data
        return (text or "").strip()

    def score_value(self) -> int | None:
        """The sent score as an int, ``None`` for a blank; ``ValueError`` with a sentence if neither."""
        text = self.entered()
        for sign in MINUS_SIGNS:
            text = text.replace(sign, "-")
        if not text:
            return None
        try:
            return int(text)
        except ValueError:
            raise ValueError(f'"{self.entered()[:12]}" is not a score: type a whole number, like 7 or −2.') from None


class AddFromTallyForm(PageForm):
    round_id = HiddenField()
    seat = WholeNumberField("Player", validators=[InputRequired("Choose the player.")])
    hole = WholeNumberField("Hole", validators=[InputRequired("Choose the hole.")])
    score = WholeNumberField("Score", validators=[InputRequired("There is no score to add yet.")])
    # the page's id for this write: sent again with the same write, it is applied once (docs/ledger.md)
    idempotency_key = HiddenField()
