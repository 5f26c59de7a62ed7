"""Form fields whose errors read as sentences a player understands."""

from __future__ import annotations

from wtforms import IntegerField

LARGEST = 2**31 - 1  # a database integer; no whole number a form asks for comes near it


class WholeNumberField(IntegerField):
    """An integer field that says what it wanted instead of "Not a valid integer value"."""

    def __init__(self, label=None, validators=None, what: str = "a whole number", **kwargs):
        super().__init__(label, validators, **kwargs)
        self.what = what

    def process_formdata(self, valuelist):
        if not valuelist or valuelist[0] in ("", None):
            self.data = None
            return
        text = str(valuelist[0]).strip().replace("\u2212", "-")
        try:
            self.data = int(text)
        except ValueError:
            self.data = None
            raise ValueError(f'"{valuelist[0]}" is not {self.what}.') from None
        if abs(self.data) > LARGEST:  # NumberRange compares it as a float: past 1e308 that raised
            self.data = None
            raise ValueError(f"That is far too big to be {self.what}.")
