"""The Tally pages' query-string forms.

Tally changes nothing on the server, so its forms are GET forms: every state
is a bookmarkable URL and the Back button undoes a tap.
"""

from __future__ import annotations

from wtforms import Form, HiddenField, IntegerField, StringField
from wtforms.validators import Optional


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
