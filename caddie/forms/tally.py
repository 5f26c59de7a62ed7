"""The Tally pages' query-string forms.

Tally changes nothing on the server, so its forms are GET forms: every state
is a bookmarkable URL and the Back button undoes a tap. The one POST is the
whole-table page's write of a hole's scores into the ledger.
"""

from __future__ import annotations

from wtforms import Form, HiddenField, IntegerField, StringField
from wtforms.validators import Optional

from caddie.forms.base import PageForm
from caddie.forms.fields import WholeNumberField


class GridTallyForm(Form):
    size = IntegerField(validators=[Optional()])
    hand = HiddenField()
    sel = IntegerField(validators=[Optional()])
    # Buttons: which one was pressed says what to do.
    key = StringField()
    pick = IntegerField(validators=[Optional()])
    resize = IntegerField(validators=[Optional()])
    erase = StringField()
    clear = StringField()
    typed = StringField("Type the hand")
    fill = StringField()


class ClubTallyForm(Form):
    yardage = StringField("Hole yardage")
    played = HiddenField()
    add = IntegerField(validators=[Optional()])
    remove = IntegerField(validators=[Optional()])
    clear = StringField()
    typed = StringField("Type the cards")
    fill = StringField()


class TableTallyForm(Form):
    """A whole table's hole (docs/tally.md): the state travels in the URL; every grid and
    name is a repeated ``grid`` and ``name`` argument, read by the view."""

    players = IntegerField(validators=[Optional()])
    seat = IntegerField(validators=[Optional()])
    sel = IntegerField(validators=[Optional()])
    out = StringField()  # a seat, or blank for nobody
    round = StringField()  # the ledger round it was reached from
    # Buttons: which one was pressed says what to do.
    key = StringField()
    pick = IntegerField(validators=[Optional()])
    erase = StringField()
    clear = StringField()
    show = StringField()  # another player's grid
    went_out = StringField()  # a seat, or "none"
    count = StringField()  # the number of players
    names = StringField()  # "Set names"


class TableToLedgerForm(PageForm):
    """One tap: every player's score of the hole into a ledger round (or a new one)."""

    round_id = HiddenField()
    hole = WholeNumberField(validators=[Optional()])
    # the page's id for this write: sent again with the same write, it is applied once (docs/ledger.md)
    idempotency_key = HiddenField()
