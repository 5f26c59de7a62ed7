"""The Settings form: the table's house rules, turned into a core ``Table``."""

from __future__ import annotations

from dataclasses import replace

from wtforms import BooleanField, FieldList, Form, FormField, HiddenField, RadioField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, NumberRange, Optional

from caddie.core.clubs.scoring import ClubRules, PenaltyBand
from caddie.core.errors import CaddieError
from caddie.core.grid.rules import Rules, preset_name
from caddie.core.table import MAX_PLAYERS, MIN_PLAYERS, Table
from caddie.forms.base import PageForm
from caddie.forms.fields import WholeNumberField

CHART_ROWS = 8


def _choices(*pairs) -> list[SelectChoice]:
    return [SelectChoice(value, label) for value, label in pairs]


class BandForm(Form):
    up_to = WholeNumberField(
        "Over by up to", what="a whole number of yards", validators=[Optional(), NumberRange(min=0, max=1000)]
    )
    strokes = WholeNumberField(
        "Penalty strokes", what="a whole number of strokes", validators=[Optional(), NumberRange(min=0, max=20)]
    )


# The rules fields this form shows; the others keep the table's values when it is saved.
FORM_RULES = ("cards", "king", "negatives", "negative_pairs", "end", "discard_flip", "initial_flips", "holes")


class SettingsForm(PageForm):
    cards = RadioField("Cards in each grid", coerce=int, choices=_choices((4, "4"), (6, "6"), (8, "8"), (10, "10")))
    king = RadioField("A King is worth", coerce=int, choices=_choices((10, "10"), (0, "0")))
    negatives = RadioField(
        "Cards worth −2", choices=_choices(("twos", "2s"), ("jokers", "Jokers (2s score 2)"), ("both", "2s and jokers"))
    )
    negative_pairs = RadioField(
        "A matched pair of −2 cards", choices=_choices(("zero", "Scores 0"), ("keep", "Keeps −4"))
    )
    end = RadioField(
        "When a player's last card goes face up",
        choices=_choices(("immediate", "The hole ends at once"), ("final_turn", "Everyone else gets a final turn")),
    )
    discard_flip = BooleanField("Immediate discard penalty: discarding a deck draw turns a face-down card up")
    initial_flips = RadioField(
        "Cards each player turns up after the deal", coerce=int, choices=_choices((0, "0"), (1, "1"), (2, "2"))
    )
    holes = WholeNumberField(
        "Holes in a match",
        what="a number of holes, like 9 or 18",
        validators=[
            InputRequired("Say how many holes a match has."),
            NumberRange(min=1, max=18, message="A match is 1 to 18 holes long."),
        ],
    )
    players = WholeNumberField(
        "Players at the table",
        what="a number of players, like 4",
        validators=[
            InputRequired("Say how many players sit at the table."),
            NumberRange(
                min=MIN_PLAYERS, max=MAX_PLAYERS, message=f"A table seats {MIN_PLAYERS} to {MAX_PLAYERS} players."
            ),
        ],
    )
    club_deck = TextAreaField("Club Cards deck (yardages)")
    chart = FieldList(FormField(BandForm), min_entries=CHART_ROWS, max_entries=CHART_ROWS)
    beyond = WholeNumberField(
        "Over by more than that",
        what="a whole number of strokes",
        validators=[
            InputRequired("Say what going over by more than the last band costs."),
            NumberRange(min=0, max=20, message="Penalty strokes run from 0 to 20."),
        ],
    )
    version = HiddenField()

    def fill_from(self, table: Table) -> None:
        """Put a table's values into the form (for a GET or a loaded preset)."""
        rules = table.rules
        for name in FORM_RULES:
            getattr(self, name).data = getattr(rules, name)
        self.players.data = table.players
        self.fill_clubs(table.clubs)

    def fill_clubs(self, clubs: ClubRules) -> None:
        self.club_deck.data = " ".join(str(y) for y in clubs.deck)
        for row, band in zip(self.chart, list(clubs.bands) + [None] * CHART_ROWS):
            row.form.up_to.data = band.up_to if band else None
            row.form.strokes.data = band.strokes if band else None
        self.beyond.data = clubs.beyond

    def fill_rules(self, rules: Rules) -> None:
        """Load a preset's rules; the match length is the table's own choice and stays."""
        for name in FORM_RULES:
            if name != "holes":
                getattr(self, name).data = getattr(rules, name)

    def to_table(self, kept: Rules | None = None) -> Table | None:
        """The ``Table`` the form describes, or ``None`` with errors set beside the fields.
        Rules fields the form does not show are ``kept``'s (the table's until now)."""
        if not self.validate():
            return None
        try:
            rules = replace(kept or Rules(), **{name: getattr(self, name).data for name in FORM_RULES})
        except CaddieError as err:
            return self._fail(err.field or "cards", err.message)
        deck = self._parse_deck()
        bands = self._parse_bands()
        if deck is None or bands is None:
            return None
        beyond, players = self.beyond.data, self.players.data
        # validate() passed, so InputRequired and NumberRange saw a number in each
        assert beyond is not None and players is not None
        try:
            clubs = ClubRules(deck=deck, bands=bands, beyond=beyond)
        except CaddieError as err:
            return self._fail("club_deck" if err.field == "deck" else "chart", err.message)
        return Table(rules=rules, clubs=clubs, players=players, preset=preset_name(rules))

    def _parse_deck(self) -> tuple[int, ...] | None:
        tokens = (self.club_deck.data or "").replace(",", " ").split()
        if not tokens:
            return self._fail("club_deck", "List the yardage of every card in one deck, like 250 245 240 …")
        bad = [t for t in tokens if not t.isdecimal() or len(t) > 9]
        if bad:
            return self._fail("club_deck", f'"{bad[0]}" is not a yardage: use whole numbers of yards.')
        return tuple(int(t) for t in tokens)

    def _parse_bands(self) -> tuple[PenaltyBand, ...] | None:
        bands = []
        for i, row in enumerate(self.chart):
            up_to, strokes = row.form.up_to.data, row.form.strokes.data
            if up_to is None and strokes is None:
                continue
            if up_to is None or strokes is None:
                return self._fail("chart", f"Row {i + 1} of the penalty chart needs both the yards and the strokes.")
            bands.append(PenaltyBand(up_to, strokes))
        return tuple(bands)

    def _fail(self, field: str, message: str):
        self.extra_errors[field] = message
        return None

    @property
    def extra_errors(self) -> dict[str, str]:
        """Errors found after field validation, by field name (the chart has no single field)."""
        if not hasattr(self, "_extra_errors"):
            self._extra_errors: dict[str, str] = {}
        return self._extra_errors

    def error_for(self, name: str) -> str | None:
        field = getattr(self, name)
        if name != "chart" and field.errors:
            return field.errors[0]
        if name == "chart":
            for i, row in enumerate(self.chart):
                for sub in (row.form.up_to, row.form.strokes):
                    if sub.errors:
                        return f"Row {i + 1} of the chart: {sub.errors[0]}"
        return self.extra_errors.get(name)
