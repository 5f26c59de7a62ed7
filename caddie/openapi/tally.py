"""The Tally area of the API: scoring a finished hand (``/api/v1/tally/...``).

The request and answer models of the three tallies, and their named examples (each request
example is sent by the test suite, which checks that the answer named alike comes back).
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import BaseModel, Field

from caddie.core.clubs.scoring import HAND_SIZE, MAX_YARDAGE
from caddie.core.grid.rules import GRID_SIZES
from caddie.core.grid.scoring import GRID_RULES, TABLE_RULES
from caddie.core.table import MAX_PLAYERS, MIN_PLAYERS
from caddie.openapi.says import Body, Example, Says
from caddie.openapi.shared import (
    CardCode,
    Decks,
    GridRulesBody,
    PenaltyBand,
    Rules,
    TypedCard,
    Yardage,
    error_example,
    not_given,
    rules_example,
)

__all__ = [
    "ClubTally",
    "ClubTallyRequest",
    "GridTally",
    "GridTallyRequest",
    "TableTally",
    "TableTallyRequest",
    "who_went_out",
]

_GRID_EXAMPLE = '["K", "5", "7", "K", "3", "9"]'

FinishedCard = Annotated[
    TypedCard,
    Says(
        'Card {n} is not a card: write each card as text, such as "K", "10" or "JK".',
        missing="Card {n} is missing: a tallied grid is finished, so enter every card.",
    ),
]
_SEND_GRIDS = f"Send every player's finished grid as a list of grids, such as [{_GRID_EXAMPLE}, [...]]."


def who_went_out(grids: int) -> str:
    """What ``out`` is, at a table of ``grids`` grids."""
    return f"Who went out first is the number of their grid, 0 to {grids - 1}, or null when nobody did."


# -- answers ------------------------------------------------------------------------------------------


class ColumnScore(BaseModel):
    top: CardCode
    middle: CardCode | None = Field(None, description="Only in a nine-card grid.", json_schema_extra=not_given)
    bottom: CardCode
    matched: bool = Field(description="Every card of the column shares a rank (a one-eyed Jack is a Jack).")
    points: int = Field(description="What the column scores.")


class Bonus(BaseModel):
    rule: Annotated[str, Field(json_schema_extra={"enum": [*GRID_RULES, *TABLE_RULES]}, description="The house rule.")]
    points: int = Field(description="What it adds to the score (negative: takes off).")


class GridTally(BaseModel):
    score: int = Field(description="The grid's score: its columns, then its bonuses.")
    columns: list[ColumnScore] = Field(min_length=2, max_length=5, description="Left to right.")
    bonuses: list[Bonus] = Field(
        description="The hand bonuses in force that this grid earns (four of a kind, Wolfpack, blackjack), in the "
        "order they are scored; included in `score`."
    )
    rules: Rules


class PlayerHole(BaseModel):
    grid: GridTally
    adjustments: list[Bonus] = Field(
        description="The table adjustments (knock penalty, knock bonus, underdog, tied shame), in the order they "
        "are scored."
    )
    score: int = Field(description="The grid's score with the adjustments.")


class TableTally(BaseModel):
    scores: list[int] = Field(description="Each player's hole score.")
    players: list[PlayerHole] = Field(description="In the order of `grids`.")
    rules: Rules


class ClubTally(BaseModel):
    strokes: int = Field(ge=1, description="Cards played.")
    total: int = Field(description="Yards the cards add up to.")
    over: int = Field(ge=0, description="Yards past the hole's yardage.")
    penalty: int = Field(ge=0, description="Penalty strokes for `over`.")
    score: int = Field(description="strokes + penalty.")


# -- examples -----------------------------------------------------------------------------------------


def _column(top: str, bottom: str, points: int) -> dict[str, Any]:
    matched = {top, bottom} in ({top}, {"J", "OJ"})  # a one-eyed Jack matches a Jack
    return {"top": top, "bottom": bottom, "matched": matched, "points": points}


GRID_EXAMPLES: dict[str, Example] = {
    "standard": Example(
        "A six-card grid under the standard rules",
        {"cards": ["K", "5", "7", "K", "3", "9"], "preset": "standard"},
        200,
        {
            "score": 24,
            "columns": [_column("K", "K", 0), _column("5", "3", 8), _column("7", "9", 16)],
            "bonuses": [],
            "rules": rules_example(),
        },
    ),
    "forgiving_input": Example(
        "Typed loosely, classic preset with jokers in play; the answer uses canonical codes",
        {"cards": ["k", " 2", "t", "K", "2", "x"], "preset": "classic", "rules": {"negatives": "both"}},
        200,
        {
            "score": 8,
            "columns": [_column("K", "K", 0), _column("2", "2", 0), _column("10", "JK", 8)],
            "bonuses": [],
            "rules": rules_example(king=0, negatives="both"),
        },
    ),
    "kept_negative_pairs": Example(
        "Four cards, a pair of 2s keeping its -4",
        {"cards": ["2", "Q", "2", "A"], "rules": {"cards": 4, "negative_pairs": "keep"}},
        200,
        {
            "score": 7,
            "columns": [_column("2", "2", -4), _column("Q", "A", 11)],
            "bonuses": [],
            "rules": rules_example(cards=4, negative_pairs="keep"),
        },
    ),
    "two_decks": Example(
        "Six Queens can only come from two decks",
        {"cards": ["Q", "Q", "Q", "Q", "Q", "Q"], "decks": 2},
        200,
        {"score": 0, "columns": [_column("Q", "Q", 0)] * 3, "bonuses": [], "rules": rules_example()},
    ),
    "four_of_a_kind": Example(
        "Two matched columns of 7s under Four of a kind",
        {"cards": ["7", "7", "5", "7", "7", "9"], "rules": {"four_of_a_kind": True}},
        200,
        {
            "score": -6,
            "columns": [_column("7", "7", 0), _column("7", "7", 0), _column("5", "9", 14)],
            "bonuses": [{"rule": "four_of_a_kind", "points": -20}],
            "rules": rules_example(four_of_a_kind=True),
        },
    ),
    "blackjack": Example(
        "Exactly 21 under Blackjack scores 0",
        {"cards": ["3", "6", "A", "5", "7", "A"], "rules": {"blackjack": True}},
        200,
        {
            "score": 0,
            "columns": [_column("3", "5", 8), _column("6", "7", 13), _column("A", "A", 0)],
            "bonuses": [{"rule": "blackjack", "points": -21}],
            "rules": rules_example(blackjack=True),
        },
    ),
    "nine_cards": Example(
        "Nine cards in three rows: a column of three 7s scores 0",
        {"cards": ["7", "5", "K", "7", "2", "K", "7", "9", "Q"], "rules": {"cards": 9}},
        200,
        {
            "score": 42,
            "columns": [
                {"top": "7", "middle": "7", "bottom": "7", "matched": True, "points": 0},
                {"top": "5", "middle": "2", "bottom": "9", "matched": False, "points": 12},
                {"top": "K", "middle": "K", "bottom": "Q", "matched": False, "points": 30},
            ],
            "bonuses": [],
            "rules": rules_example(cards=9),
        },
    ),
    "one_eyed_jack": Example(
        "A one-eyed Jack over a Jack is a matched column",
        {"cards": ["J1", "5", "J", "3"], "rules": {"cards": 4, "one_eyed_jacks": True}},
        200,
        {
            "score": 8,
            "columns": [_column("OJ", "J", 0), _column("5", "3", 8)],
            "bonuses": [],
            "rules": rules_example(cards=4, one_eyed_jacks=True),
        },
    ),
    "one_eyed_jack_off": Example(
        "A one-eyed Jack when the rule is off",
        {"cards": ["OJ", "5", "7", "K", "3", "9"]},
        400,
        error_example("A one-eyed Jack (OJ) counts only under the One-eyed Jacks rule; enter it as J.", "cards"),
    ),
    "rules_that_contradict": Example(
        "Two rules that each set a joker's value",
        {"cards": ["K", "5", "7", "K", "3", "9"], "rules": {"lucky_swing": True, "eagle_eye": True}},
        400,
        error_example(
            "Lucky Swing and Eagle-Eye jokers each say what a joker is worth: choose one.", "rules.eagle_eye"
        ),
    ),
    "unknown_card": Example(
        "A card that is not a card",
        {"cards": ["K", "5", "7", "K", "3", "Z"]},
        400,
        error_example('"Z" is not a card: use A, 2-10, J, Q, K or JK for a joker.', "cards[5]"),
    ),
    "missing_card": Example(
        "A tallied grid is finished: every card must be entered",
        {"cards": ["K", "5", None, "K", "3", "9"]},
        400,
        error_example("Card 3 is missing: a tallied grid is finished, so enter every card.", "cards[2]"),
    ),
    "wrong_count": Example(
        "Four cards under six-card rules",
        {"cards": ["K", "5", "7", "K"]},
        400,
        error_example(
            "This grid has 4 cards, but the rules in force deal 6: enter every card, top row then bottom row.", "cards"
        ),
    ),
    "joker_not_in_play": Example(
        "A joker when only 2s score -2",
        {"cards": ["JK", "5", "7", "K", "3", "9"]},
        400,
        error_example("Jokers are not in play under these rules (only 2s score \u22122).", "cards"),
    ),
    "too_many_copies": Example(
        "More Kings than one deck holds",
        {"cards": ["K", "K", "K", "K", "K", "K"]},
        400,
        error_example("6 Kings, but one deck holds only 4.", "cards"),
    ),
    "invalid_rule": Example(
        "A rules value the game does not have",
        {"cards": ["K", "5", "7", "K", "3", "9"], "rules": {"king": 5}},
        400,
        error_example("A King is worth 10, 0 or \u22122 points.", "rules.king"),
    ),
    "unknown_preset": Example(
        "A preset that does not exist",
        {"cards": ["K", "5", "7", "K", "3", "9"], "preset": "house"},
        400,
        error_example('"house" is not a preset; choose standard, classic, bicycle, nine or speed.', "preset"),
    ),
}

TABLE_GRIDS = [["5", "5", "9", "K", "K", "9"], ["A", "2", "3", "A", "2", "3"]]


def _grid_tally(score: int, columns: list[dict[str, Any]], bonuses: list[dict[str, Any]], **rules: Any) -> dict:
    return {"score": score, "columns": columns, "bonuses": bonuses, "rules": rules_example(**rules)}


TABLE_EXAMPLES: dict[str, Example] = {
    "knock_penalty_and_underdog": Example(
        "The first out is beaten, and pays; the lowest takes the underdog's -3",
        {"grids": TABLE_GRIDS, "out": 0, "rules": {"knock_penalty": True, "underdog": True}},
        200,
        {
            "scores": [40, -3],
            "players": [
                {
                    "grid": _grid_tally(
                        30,
                        [_column("5", "K", 15), _column("5", "K", 15), _column("9", "9", 0)],
                        [],
                        knock_penalty=True,
                        underdog=True,
                    ),
                    "adjustments": [{"rule": "knock_penalty", "points": 10}],
                    "score": 40,
                },
                {
                    "grid": _grid_tally(
                        0,
                        [_column("A", "A", 0), _column("2", "2", 0), _column("3", "3", 0)],
                        [],
                        knock_penalty=True,
                        underdog=True,
                    ),
                    "adjustments": [{"rule": "underdog", "points": -3}],
                    "score": -3,
                },
            ],
            "rules": rules_example(knock_penalty=True, underdog=True),
        },
    ),
    "tied_shame": Example(
        "Two players tie and both take +5; nobody went out first",
        {
            "grids": [["4", "5", "4", "5"], ["A", "8", "A", "8"], ["3", "Q", "6", "2"]],
            "rules": {"cards": 4, "tied_shame": True},
        },
        200,
        {
            "scores": [5, 5, 17],
            "players": [
                {
                    "grid": _grid_tally(0, [_column("4", "4", 0), _column("5", "5", 0)], [], cards=4, tied_shame=True),
                    "adjustments": [{"rule": "tied_shame", "points": 5}],
                    "score": 5,
                },
                {
                    "grid": _grid_tally(0, [_column("A", "A", 0), _column("8", "8", 0)], [], cards=4, tied_shame=True),
                    "adjustments": [{"rule": "tied_shame", "points": 5}],
                    "score": 5,
                },
                {
                    "grid": _grid_tally(
                        17, [_column("3", "2", 1), _column("Q", "6", 16)], [], cards=4, tied_shame=True
                    ),
                    "adjustments": [],
                    "score": 17,
                },
            ],
            "rules": rules_example(cards=4, tied_shame=True),
        },
    ),
    "out_of_range": Example(
        "Who went out names a grid that is not there",
        {"grids": TABLE_GRIDS, "out": 2},
        400,
        error_example("Who went out first is the number of their grid, 0 to 1, or null when nobody did.", "out"),
    ),
    "missing_card": Example(
        "Every grid of a finished hole is complete",
        {"grids": [TABLE_GRIDS[0], ["A", "2", None, "A", "2", "3"]]},
        400,
        error_example("Card 3 is missing: a tallied grid is finished, so enter every card.", "grids[1][2]"),
    ),
    "more_than_the_decks_hold": Example(
        "Five Kings at a table of two that plays one deck",
        {"grids": [["K", "K", "5", "K", "K", "9"], ["K", "2", "3", "4", "5", "6"]]},
        400,
        error_example("5 Kings at the table, but one deck holds only 4.", "grids"),
    ),
}


CLUB_EXAMPLES: dict[str, Example] = {
    "one_over": Example(
        "Three cards, one yard past the hole",
        {"yardage": 412, "cards": [250, 160, 3], "decks": 1},
        200,
        {"strokes": 3, "total": 413, "over": 1, "penalty": 1, "score": 4},
    ),
    "exact": Example(
        "One card exactly on the yardage",
        {"yardage": 160, "cards": [160]},
        200,
        {"strokes": 1, "total": 160, "over": 0, "penalty": 0, "score": 1},
    ),
    "own_chart": Example(
        "The table's own, harsher penalty chart",
        {
            "yardage": 100,
            "cards": [110],
            "penalty_chart": [{"up_to": 0, "strokes": 0}, {"up_to": 5, "strokes": 1}],
            "beyond": 3,
        },
        200,
        {"strokes": 1, "total": 110, "over": 10, "penalty": 3, "score": 4},
    ),
    "short": Example(
        "The cards do not reach the hole",
        {"yardage": 412, "cards": [250, 160]},
        400,
        error_example(
            "These cards reach 410 yards, 2 short of the hole's 412: keep playing cards until you reach it.", "cards"
        ),
    ),
    "not_in_deck": Example(
        "A yardage the deck does not have",
        {"yardage": 240, "cards": [251]},
        400,
        error_example("There is no 251-yard card in the deck in use.", "cards"),
    ),
    "too_many_copies": Example(
        "The same card twice from one deck",
        {"yardage": 412, "cards": [250, 250]},
        400,
        error_example("2 cards of 250 yards, but one deck holds it only once.", "cards"),
    ),
    "yardage_out_of_range": Example(
        "A yardage no hole has",
        {"yardage": 0, "cards": [3]},
        400,
        error_example(f"A hole's yardage is between 1 and {MAX_YARDAGE} yards.", "yardage"),
    ),
    "yardage_as_text": Example(
        "A number sent as text",
        {"yardage": "412", "cards": [250, 160, 3]},
        400,
        error_example("The hole's yardage is a whole number of yards.", "yardage"),
    ),
}


# -- requests -----------------------------------------------------------------------------------------


class GridTallyRequest(GridRulesBody):
    """Score a finished Grid Golf hand."""

    EXAMPLES = GRID_EXAMPLES

    cards: Annotated[
        list[FinishedCard],
        Field(
            json_schema_extra={"minItems": min(GRID_SIZES), "maxItems": max(GRID_SIZES)},
            description="Every card of the finished grid, row by row from the top, each left to right. None may be "
            "missing, and there must be exactly `rules.cards` of them.",
        ),
        Says(
            f"The cards are a list such as {_GRID_EXAMPLE}, row by row from the top.",
            missing=f"Send the cards of the finished grid, row by row from the top, as a list such as {_GRID_EXAMPLE}.",
        ),
    ]
    decks: Decks = 1


class TableTallyRequest(GridRulesBody):
    """Score a whole table's Grid Golf hole."""

    EXAMPLES = TABLE_EXAMPLES

    grids: Annotated[
        list[
            Annotated[
                list[FinishedCard],
                Field(json_schema_extra={"minItems": min(GRID_SIZES), "maxItems": max(GRID_SIZES)}),
                Says(f"Grid {{n}}'s cards are a list such as {_GRID_EXAMPLE}, row by row from the top."),
            ]
        ],
        Field(
            min_length=1,
            max_length=MAX_PLAYERS,
            description="Every player's finished grid, each as `/tally/grid` takes `cards`.",
        ),
        Says(
            _SEND_GRIDS,
            missing=_SEND_GRIDS,
            beyond=f"A table seats {MIN_PLAYERS} to {MAX_PLAYERS} players; this hole has {{count}} grids.",
        ),
    ]
    out: Annotated[
        int | None,
        Field(ge=0, description="The grid (0 for the first) of the player who went out first, or null."),
        Says(lambda body: who_went_out(len(body.get("grids") or []))),
    ] = None
    decks: Annotated[
        Decks,
        Field(
            description="Decks shuffled together (default: as many as the table needs for its players); all the "
            "grids together cannot hold more copies than they contain."
        ),
    ] = Field(0, json_schema_extra=not_given)  # 0: not sent


class ClubTallyRequest(Body):
    """Score a Club Cards hole."""

    EXAMPLES = CLUB_EXAMPLES

    yardage: Yardage
    cards: Annotated[
        list[Annotated[int, Says("Card {n} is not a yardage: each card is a whole number of yards, such as 250.")]],
        Field(
            json_schema_extra={"minItems": 1},
            description="The yardage cards played on the hole, in any order. They must reach the yardage and be in "
            "the deck.",
        ),
        Says(
            "The cards played are a list of yardages, such as [250, 160, 3].",
            missing="Send the yardage cards played on the hole, as a list such as [250, 160, 3].",
        ),
    ]
    decks: Decks = 1
    deck: Annotated[
        list[Annotated[int, Says("Deck card {n} is not a yardage: each card is a whole number of yards.")]],
        Field(
            None,
            min_length=1,
            json_schema_extra=lambda schema: schema.update(minItems=HAND_SIZE) or not_given(schema),
            description="The table's own deck, one entry per card (default: the 51-card deck of docs/club-cards.md).",
        ),
        Says("The deck is a list of the yardages of its cards, such as [250, 245, ...]."),
    ]
    penalty_chart: Annotated[
        list[
            Annotated[
                PenaltyBand, Says('Penalty band {n} must be an object with just "up_to" (yards over) and "strokes".')
            ]
        ],
        Field(
            None,
            min_length=1,
            json_schema_extra=not_given,
            description="The table's own Penalty Stroke Chart, starting with the band for 0 yards over; limits rise "
            "and strokes never fall.",
        ),
        Says(
            'The penalty chart is a list of bands such as {"up_to": 10, "strokes": 1}, starting with the band for '
            "0 yards over."
        ),
    ]
    beyond: Annotated[
        int,
        Field(
            None,
            json_schema_extra=lambda schema: schema.update(minimum=0, maximum=20) or not_given(schema),
            description="Strokes for going over by more than the last band (default 5).",
        ),
        Says("The penalty for going over by more than the last band is a whole number of strokes."),
    ]
