"""The Settings form: the table's house rules, turned into a core ``Table``."""

from __future__ import annotations

from dataclasses import fields

from wtforms import BooleanField, FieldList, Form, FormField, HiddenField, RadioField, TextAreaField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, NumberRange, Optional

from caddie.core.clubs.scoring import ClubRules, PenaltyBand
from caddie.core.errors import CaddieError
from caddie.core.grid.rules import (
    GRID_SIZES,
    HOUSE_RULE_NAMES,
    JOKER_POINTS,
    KING_POINTS,
    TEN_POINTS,
    Rules,
    preset_name,
)
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


def _whole_or_as_sent(value):
    """A radio's value as a whole number where it is one; anything else goes on as sent, so
    the core refuses it with its own sentence beside the field (docs/settings.md)."""
    if isinstance(value, int):
        return value
    try:
        return int(str(value).strip().replace("\u2212", "-"))
    except ValueError:
        return value


# discard_flip's three modes as the form sends them; "y" is the old check box's "on".
DISCARD_FLIP_VALUES: dict[str, bool | str] = {"false": False, "true": True, "optional": "optional", "y": True}


def _discard_flip(value):
    if isinstance(value, bool) or value == "optional":
        return value
    return DISCARD_FLIP_VALUES.get(str(value).strip().lower(), value)


def _minus(points: int) -> str:
    return f"\u2212{-points}" if points < 0 else str(points)


# Every field of the one Rules value is on the form (docs/settings.md).
RULE_FIELDS = tuple(f.name for f in fields(Rules))

# The form's groups, in page order (issue 14's grouping): a key, a heading, the fields, and
# whether the group folds away (the less common ones; open when a rule in it is on or wrong).
GROUPS: tuple[tuple[str, str, tuple[str, ...], bool], ...] = (
    ("layout", "Layout", ("cards",), False),
    (
        "values",
        "Card values",
        ("king", "ten", "negatives", "joker", "negative_pairs", "lucky_swing", "eagle_eye", "one_eyed_jacks"),
        False,
    ),
    ("bonuses", "Hand bonuses", ("four_of_a_kind", "wolfpack", "blackjack"), True),
    ("adjustments", "Table adjustments", ("knock_penalty", "knock_bonus", "underdog", "tied_shame"), True),
    ("turns", "Turn options", ("flip_as_action", "early_knock", "discard_flip", "initial_flips", "end"), False),
    ("match", "Match", ("holes", "players"), False),
)

# One plain line under each field: what it does at the table.
HINTS: dict[str, str] = {
    "cards": "Nine is three rows of three; the others are two rows.",
    "king": "At \u22122 (super Kings) a King counts as a negative card.",
    "ten": "At 1 (Ten Penny) a 10 scores like an Ace.",
    "negatives": "Which cards score below zero on their own.",
    "joker": "What a joker scores on its own, where jokers are in the deck.",
    "negative_pairs": "Two cards that score below zero matched in a column: they cancel, or keep their points.",
    "lucky_swing": "Exactly one joker in all the decks together, worth \u22125.",
    "eagle_eye": "A joker scores +2 alone, but two jokers matched in a column score \u22124.",
    "one_eyed_jacks": "The Jacks of hearts and spades score 0 (tally them as OJ); they still match any Jack.",
    "four_of_a_kind": "Two matched columns of one rank in your grid: \u221220 more.",
    "wolfpack": "Two matched columns of Jacks: \u221220 more, on top of four of a kind.",
    "blackjack": "A finished grid that scores exactly 21 scores 0 instead.",
    "knock_penalty": "If you go out first and anyone scores lower than you, you take +10.",
    "knock_bonus": "If you go out first, you take \u22125.",
    "underdog": "The lowest score of the hole takes \u22123.",
    "tied_shame": "Every player whose score ties another player's takes +5.",
    "flip_as_action": "Your whole turn may be turning up one face-down card instead of drawing.",
    "early_knock": "With one or two cards face down, you may turn them all up as your turn and go out.",
    "discard_flip": "After you discard a card drawn from the deck, you turn up one of your face-down cards.",
    "initial_flips": "Before anyone draws, each player turns this many cards face up.",
    "end": "What happens once a player has no card face down.",
    "holes": "How long a match in Play is; the scorecard can hold up to 18.",
    "players": "How many people sit at the table: it sets how many decks are shuffled together.",
}


class SettingsForm(PageForm):
    cards = RadioField(
        "Cards in each grid",
        coerce=_whole_or_as_sent,
        validate_choice=False,
        default=6,
        choices=_choices(*((n, str(n)) for n in GRID_SIZES)),
    )
    king = RadioField(
        "A King is worth",
        coerce=_whole_or_as_sent,
        validate_choice=False,
        default=10,
        choices=_choices(*((n, _minus(n)) for n in KING_POINTS)),
    )
    ten = RadioField(
        "A 10 is worth",
        coerce=_whole_or_as_sent,
        validate_choice=False,
        default=10,
        choices=_choices(*((n, _minus(n)) for n in TEN_POINTS)),
    )
    negatives = RadioField(
        "Cards worth \u22122",
        validate_choice=False,
        default="twos",
        choices=_choices(("twos", "2s"), ("jokers", "Jokers (2s score 2)"), ("both", "2s and jokers")),
    )
    joker = RadioField(
        "A joker is worth",
        coerce=_whole_or_as_sent,
        validate_choice=False,
        default=-2,
        choices=_choices(*((n, _minus(n)) for n in JOKER_POINTS)),
    )
    negative_pairs = RadioField(
        "A matched pair of negative cards",
        validate_choice=False,
        default="zero",
        choices=_choices(("zero", "Scores 0"), ("keep", "Keeps its points")),
    )
    lucky_swing = BooleanField(HOUSE_RULE_NAMES["lucky_swing"])
    eagle_eye = BooleanField(HOUSE_RULE_NAMES["eagle_eye"])
    one_eyed_jacks = BooleanField(HOUSE_RULE_NAMES["one_eyed_jacks"])
    four_of_a_kind = BooleanField(HOUSE_RULE_NAMES["four_of_a_kind"])
    wolfpack = BooleanField(HOUSE_RULE_NAMES["wolfpack"])
    blackjack = BooleanField(HOUSE_RULE_NAMES["blackjack"])
    knock_penalty = BooleanField(HOUSE_RULE_NAMES["knock_penalty"])
    knock_bonus = BooleanField(HOUSE_RULE_NAMES["knock_bonus"])
    underdog = BooleanField(HOUSE_RULE_NAMES["underdog"])
    tied_shame = BooleanField(HOUSE_RULE_NAMES["tied_shame"])
    flip_as_action = BooleanField(HOUSE_RULE_NAMES["flip_as_action"])
    early_knock = BooleanField(HOUSE_RULE_NAMES["early_knock"])
    end = RadioField(
        "When a player's last card goes face up",
        validate_choice=False,
        default="immediate",
        choices=_choices(("immediate", "The hole ends at once"), ("final_turn", "Everyone else gets a final turn")),
    )
    discard_flip = RadioField(
        "Turn a card up after discarding a deck draw",
        coerce=_discard_flip,
        validate_choice=False,
        default=False,
        choices=_choices(("false", "Never"), ("true", "Always"), ("optional", "If you like")),
    )
    initial_flips = RadioField(
        "Cards each player turns up after the deal",
        coerce=_whole_or_as_sent,
        validate_choice=False,
        default=2,
        choices=_choices((0, "0"), (1, "1"), (2, "2")),
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
        for name in RULE_FIELDS:
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
        """Load a preset's rules, every field of them; the match length is the table's own choice and stays."""
        for name in RULE_FIELDS:
            if name != "holes":
                getattr(self, name).data = getattr(rules, name)

    def to_table(self) -> Table | None:
        """The ``Table`` the form describes, or ``None`` with errors set beside the fields.
        The core refuses a bad value or contradicting rules with a sentence naming its field."""
        if not self.validate():
            return None
        try:
            rules = Rules(**{name: getattr(self, name).data for name in RULE_FIELDS})
        except CaddieError as err:
            return self._fail(err.field if err.field in RULE_FIELDS else "cards", err.message)
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

    def rules_on(self, names: tuple[str, ...]) -> list[str]:
        """The names of the on/off rules among ``names`` that are on, for a folded group's summary."""
        return [getattr(self, name).label.text for name in names if getattr(self, name).data is True]

    def group_is_open(self, names: tuple[str, ...]) -> bool:
        """A folded group opens when one of its rules is on or has a note beside it."""
        return bool(self.rules_on(names)) or any(self.error_for(name) for name in names)

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
