"""The models more than one area of the API uses: the error answer, the Grid Golf rules (whole,
and as overrides of a preset), cards, decks, yardages and the Club Cards penalty chart. Their
choices and sentences come from ``caddie.core``, so the API cannot drift from the game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field

from caddie.core.clubs.scoring import MAX_YARDAGE
from caddie.core.errors import RulesError, or_list
from caddie.core.grid import rules as game_rules
from caddie.core.grid.cards import RANKS
from caddie.core.grid.rules import (
    DISCARD_FLIPS,
    ENDS,
    FIELD_SENTENCES,
    GRID_SIZES,
    HOUSE_FLAGS,
    INITIAL_FLIPS,
    JOKER_POINTS,
    KING_POINTS,
    MATCH_HOLES,
    NEGATIVE_PAIRS,
    NEGATIVES,
    PRESETS,
    TEN_POINTS,
)
from caddie.core.limits import MAX_DECKS
from caddie.openapi.says import Body, OneOf, Says

__all__ = [
    "CardCode",
    "Decks",
    "Error",
    "GridRulesBody",
    "PenaltyBand",
    "PresetName",
    "Rules",
    "RulesField",
    "RulesOverrides",
    "TypedCard",
    "Yardage",
    "error_example",
    "not_given",
    "not_given_and",
    "rules_example",
    "string_or_null",
]


def not_given(schema: dict[str, Any]) -> None:
    """For a field that may be left out, whose Python default (None) says only that it was."""
    schema.pop("default", None)


def not_given_and(**said: Any) -> Callable[[dict[str, Any]], None]:
    """``not_given``, and the keywords ``said`` added to the field's schema (what it documents
    but the core checks)."""

    def amend(schema: dict[str, Any]) -> None:
        schema.pop("default", None)
        schema.update(said)

    return amend


def string_or_null(schema: dict[str, Any]) -> None:
    """``str | None`` written as one type list, as the document always wrote it."""
    schema.pop("anyOf", None)
    schema["type"] = ["string", "null"]


class Error(BaseModel):
    """Every input error answers 400 with this body; it is never a 500."""

    model_config = ConfigDict(extra="forbid")

    error: str = Field(description="A sentence a player understands.")
    field: str | None = Field(
        description="The request field at fault, as a path into the body (`cards`, `cards[2]`, `rules.king`, "
        "`penalty_chart[1].strokes`), or null when the body as a whole is wrong.",
        json_schema_extra=string_or_null,
    )


# -- cards, decks, yardages ---------------------------------------------------------------------

CardCode = Annotated[
    str,
    OneOf(*RANKS),
    Field(description="A canonical card code; JK is a joker, OJ a one-eyed Jack (only under that rule)."),
]
TypedCard = Annotated[
    str,
    Field(
        description="A card as typed. Input is forgiving: any case, surrounding spaces, `T` for 10, "
        "`X`, `*` or `JOKER` for a joker, `1` or `ACE` for an Ace, `J1` for a one-eyed Jack.",
        examples=["K", "10", "t", " q ", "JK", "x"],
    ),
]
Decks = Annotated[
    int,
    Field(
        ge=1,
        le=MAX_DECKS,
        description="How many decks are shuffled together at the table; a hand cannot hold more copies of a card "
        "than they contain.",
    ),
    Says(f"The number of decks in play is a whole number from 1 to {MAX_DECKS}."),
]
Yardage = Annotated[
    int,
    Field(ge=1, le=MAX_YARDAGE, description="A hole's yardage from the course scorecard."),
    Says(
        "The hole's yardage is a whole number of yards.",
        missing="Send the hole's yardage, a whole number of yards such as 412.",
        beyond=f"A hole's yardage is between 1 and {MAX_YARDAGE} yards.",
    ),
]
_PRESETS = or_list(PRESETS)
PresetName = Annotated[
    str,
    OneOf(*PRESETS),
    Field(description="The rules to start from."),
    Says(f"The preset is a name: {_PRESETS}.", beyond=f"{{value}} is not a preset; choose {_PRESETS}."),
]


class PenaltyBand(Body):
    """One band of the Penalty Stroke Chart (its limits the core checks, against the bands around it)."""

    UNKNOWN = 'Penalty band {n} must be an object with just "up_to" (yards over) and "strokes".'
    ONE_SHAPE = True

    up_to: Annotated[
        int,
        Field(
            json_schema_extra={"minimum": 0},
            description="Going over by up to this many yards (and more than the band before)...",
        ),
        Says('Penalty band {n}: "up_to" is a whole number.'),
    ]
    strokes: Annotated[
        int,
        Field(json_schema_extra={"minimum": 0, "maximum": 20}, description="...costs these strokes."),
        Says('Penalty band {n}: "strokes" is a whole number.'),
    ]


# -- the Grid Golf rules ----------------------------------------------------------------------------

_DESCRIPTIONS = {
    "cards": "Grid size: 2 rows of 2 to 5 columns, or 9 in three rows of three.",
    "king": "Points of a King (-2: super kings).",
    "negatives": "Which cards score -2. `twos`: no jokers in the deck. `jokers`: two jokers per deck and 2s "
    "score 2. `both`: 2s and jokers score -2.",
    "negative_pairs": "A matched column of -2 cards scores 0 (`zero`) or keeps its -4 (`keep`).",
    "end": "The hole ends at once when a player's last card is up, or everyone else gets a final turn.",
    "discard_flip": "After discarding a card drawn from the deck a face-down card is turned up: never (false), "
    "always (true), or if the player likes (`optional`).",
    "initial_flips": "Cards each player turns up after the deal.",
    "holes": "Match length.",
    "ten": "Points of a 10 (1: Ten Penny).",
    "joker": "Points of a joker, where jokers are in play.",
    "lucky_swing": "Exactly one joker in all the decks together, worth -5.",
    "eagle_eye": "A joker scores +2 alone and -4 as a matched column pair.",
    "one_eyed_jacks": "Two one-eyed Jacks (`OJ`) per deck: a Jack for matching, 0 points unmatched.",
    "four_of_a_kind": "Two matched columns of one rank in a grid: -20 more, for each such set.",
    "wolfpack": "Two matched columns of Jacks in a grid: -20 more (stacks with four of a kind).",
    "blackjack": "A grid scoring exactly 21 (after the bonuses above) scores 0.",
    "knock_penalty": "Who went out first takes +10 if another player's score is strictly lower.",
    "knock_bonus": "Who went out first takes -5.",
    "underdog": "The lowest score of the hole (every player tied for it) takes -3.",
    "tied_shame": "Every player whose score equals another player's takes +5.",
    "flip_as_action": "A whole turn may be turning up one face-down card instead of drawing.",
    "early_knock": "A player with one or two face-down cards may turn them all up as a turn, and so go out.",
}
assert set(_DESCRIPTIONS) == set(FIELD_SENTENCES) and set(HOUSE_FLAGS) <= set(_DESCRIPTIONS), "every rule is said"


def _rule(name: str) -> Any:
    return Field(None, description=_DESCRIPTIONS[name], json_schema_extra=not_given)


class RulesOverrides(Body):
    """Any of the rules fields; each one given replaces the preset's value."""

    UNKNOWN = '"{key}" is not a rules field; the fields are {fields}.'

    cards: Annotated[int, OneOf(*GRID_SIZES), Says(FIELD_SENTENCES["cards"])] = _rule("cards")
    king: Annotated[int, OneOf(*KING_POINTS), Says(FIELD_SENTENCES["king"])] = _rule("king")
    negatives: Annotated[str, OneOf(*NEGATIVES), Says(FIELD_SENTENCES["negatives"])] = _rule("negatives")
    negative_pairs: Annotated[str, OneOf(*NEGATIVE_PAIRS), Says(FIELD_SENTENCES["negative_pairs"])] = _rule(
        "negative_pairs"
    )
    end: Annotated[str, OneOf(*ENDS), Says(FIELD_SENTENCES["end"])] = _rule("end")
    discard_flip: Annotated[bool | str, OneOf(*DISCARD_FLIPS), Says(FIELD_SENTENCES["discard_flip"])] = _rule(
        "discard_flip"
    )
    initial_flips: Annotated[int, OneOf(*INITIAL_FLIPS), Says(FIELD_SENTENCES["initial_flips"])] = _rule(
        "initial_flips"
    )
    holes: Annotated[int, OneOf(*MATCH_HOLES), Says(FIELD_SENTENCES["holes"])] = _rule("holes")
    ten: Annotated[int, OneOf(*TEN_POINTS), Says(FIELD_SENTENCES["ten"])] = _rule("ten")
    joker: Annotated[int, OneOf(*JOKER_POINTS), Says(FIELD_SENTENCES["joker"])] = _rule("joker")
    lucky_swing: Annotated[bool, Says(FIELD_SENTENCES["lucky_swing"])] = _rule("lucky_swing")
    eagle_eye: Annotated[bool, Says(FIELD_SENTENCES["eagle_eye"])] = _rule("eagle_eye")
    one_eyed_jacks: Annotated[bool, Says(FIELD_SENTENCES["one_eyed_jacks"])] = _rule("one_eyed_jacks")
    four_of_a_kind: Annotated[bool, Says(FIELD_SENTENCES["four_of_a_kind"])] = _rule("four_of_a_kind")
    wolfpack: Annotated[bool, Says(FIELD_SENTENCES["wolfpack"])] = _rule("wolfpack")
    blackjack: Annotated[bool, Says(FIELD_SENTENCES["blackjack"])] = _rule("blackjack")
    knock_penalty: Annotated[bool, Says(FIELD_SENTENCES["knock_penalty"])] = _rule("knock_penalty")
    knock_bonus: Annotated[bool, Says(FIELD_SENTENCES["knock_bonus"])] = _rule("knock_bonus")
    underdog: Annotated[bool, Says(FIELD_SENTENCES["underdog"])] = _rule("underdog")
    tied_shame: Annotated[bool, Says(FIELD_SENTENCES["tied_shame"])] = _rule("tied_shame")
    flip_as_action: Annotated[bool, Says(FIELD_SENTENCES["flip_as_action"])] = _rule("flip_as_action")
    early_knock: Annotated[bool, Says(FIELD_SENTENCES["early_knock"])] = _rule("early_knock")


def _all_required(schema: dict[str, Any]) -> None:
    schema["required"] = list(schema["properties"])


class Rules(RulesOverrides):
    """The Grid Golf rules in force (docs/grid-golf.md, "Rules" and "House rules")."""

    model_config = ConfigDict(json_schema_extra=_all_required)  # an answer: every field, always


RulesField = Annotated[
    RulesOverrides,
    Field(None, json_schema_extra=not_given),
    Says('The rules are an object of field names and values, such as {"king": 0}.'),
]


class GridRulesBody(Body):
    """A request under Grid Golf rules: a preset, and the fields of the rules that differ from it."""

    preset: PresetName = "standard"
    rules: RulesField

    def rules_in_force(self, default: game_rules.Rules | None = None) -> game_rules.Rules:
        """The ``preset`` (``default`` when none is sent, else standard) with ``rules`` over it; the
        core decides whether they go together."""
        sent_preset = "preset" in self.model_fields_set
        base = game_rules.preset(self.preset) if sent_preset or default is None else default
        overrides: dict[str, Any] = self.rules.model_dump(exclude_unset=True) if self.rules is not None else {}
        try:
            return game_rules.Rules.from_dict(overrides, base=base)
        except RulesError as err:
            raise RulesError(err.message, f"rules.{err.field}" if err.field else "rules") from None


def error_example(message: str, field: str | None) -> dict[str, Any]:
    """An example of an ``Error`` answer."""
    return {"error": message, "field": field}


def rules_example(**changes: Any) -> dict[str, Any]:
    """The standard rules with ``changes``, written out, for the examples (so that the test that
    replays them checks the code, not itself)."""
    base = {
        "cards": 6,
        "king": 10,
        "negatives": "twos",
        "negative_pairs": "zero",
        "end": "immediate",
        "discard_flip": False,
        "initial_flips": 2,
        "holes": 9,
        "ten": 10,
        "joker": -2,
        **dict.fromkeys(HOUSE_FLAGS, False),
    }
    base.update(changes)
    return base
