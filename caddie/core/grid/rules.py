"""The one ``Rules`` value for Grid Golf, its presets, and the decks it implies.

Every feature (tally, caddie, ledger, games) takes a ``Rules``; nothing else
decides what a card is worth or how many decks a table uses.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from caddie.core.errors import CardError, RulesError, quoted
from caddie.core.grid.cards import JACK, JOKER, ONE_EYED_JACK, RANKS

GRID_SIZES = (4, 6, 8, 9, 10)
TWO_ROW_SIZES = (4, 6, 8, 10)  # every layout but nine cards: two rows
KING_POINTS = (10, 0, -2)
TEN_POINTS = (10, 1)
JOKER_POINTS = (-2, -3, -5, 0)
NEGATIVES = ("twos", "jokers", "both")
NEGATIVE_PAIRS = ("zero", "keep")
ENDS = ("immediate", "final_turn")
DISCARD_FLIPS = (False, True, "optional")
INITIAL_FLIPS = (0, 1, 2)
MATCH_HOLES = tuple(range(1, 19))
JOKERS_PER_DECK = 2
ONE_EYED_JACKS_PER_DECK = 2  # the Jacks of hearts and spades
SUITS_PER_RANK = 4
MIN_DRAWABLE = 10  # cards left to draw after the deal and the first discard
LUCKY_SWING_POINTS = -5
EAGLE_EYE_ALONE, EAGLE_EYE_PAIR = 2, -4
# The on/off house rules (docs/grid-golf.md, "House rules"), in the order Settings lists them.
HOUSE_FLAGS = (
    "lucky_swing",
    "eagle_eye",
    "one_eyed_jacks",
    "four_of_a_kind",
    "wolfpack",
    "blackjack",
    "knock_penalty",
    "knock_bonus",
    "underdog",
    "tied_shame",
    "flip_as_action",
    "early_knock",
)

# What each field of the rules takes (the house flags: on or off), in the order a Rules lists them.
CHOICES: dict[str, tuple[Any, ...]] = {
    "cards": GRID_SIZES,
    "king": KING_POINTS,
    "negatives": NEGATIVES,
    "negative_pairs": NEGATIVE_PAIRS,
    "end": ENDS,
    "discard_flip": DISCARD_FLIPS,
    "initial_flips": INITIAL_FLIPS,
    "holes": MATCH_HOLES,
    "ten": TEN_POINTS,
    "joker": JOKER_POINTS,
    **dict.fromkeys(HOUSE_FLAGS, (False, True)),
}
_CHOICE_TYPES = {name: frozenset(type(choice) for choice in allowed) for name, allowed in CHOICES.items()}


@dataclass(frozen=True)
class Rules:
    """A table's Grid Golf variant (docs/grid-golf.md, "Rules").

    >>> Rules().points("K"), Rules(king=0).points("K"), Rules().points("2")
    (10, 0, -2)
    >>> Rules(negatives="jokers").points("2"), Rules(negatives="jokers").points("JK")
    (2, -2)
    """

    cards: int = 6
    king: int = 10
    negatives: str = "twos"
    negative_pairs: str = "zero"
    end: str = "immediate"
    discard_flip: bool | str = False
    initial_flips: int = 2
    holes: int = 9
    # house rules (docs/grid-golf.md, "House rules"): off, or today's value, by default
    ten: int = 10
    joker: int = -2
    lucky_swing: bool = False
    eagle_eye: bool = False
    one_eyed_jacks: bool = False
    four_of_a_kind: bool = False
    wolfpack: bool = False
    blackjack: bool = False
    knock_penalty: bool = False
    knock_bonus: bool = False
    underdog: bool = False
    tied_shame: bool = False
    flip_as_action: bool = False
    early_knock: bool = False

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            # Exact types: JSON's false must not pass for a King worth 0, nor 6.0 for six cards.
            if type(value) not in _CHOICE_TYPES[name] or value not in allowed:
                raise RulesError(FIELD_SENTENCES[name], name)
        self._check_consistent()

    def _check_consistent(self) -> None:
        """Refuse rules that contradict each other (docs/decisions.md, "House rules")."""
        if self.lucky_swing and self.eagle_eye:
            raise RulesError(
                "Lucky Swing and Eagle-Eye jokers each say what a joker is worth: choose one.", "eagle_eye"
            )
        if self.eagle_eye and not self.jokers_in_play:
            raise RulesError(
                "Eagle-Eye jokers need jokers in the deck: make the negative cards jokers, or 2s and jokers.",
                "eagle_eye",
            )
        if self.eagle_eye and self.joker != -2:
            raise RulesError(
                "Eagle-Eye jokers are worth +2 alone and −4 as a pair: leave the joker's value at −2.", "joker"
            )
        if self.lucky_swing and self.joker not in (-2, LUCKY_SWING_POINTS):
            raise RulesError("Lucky Swing's one joker is worth −5: leave the joker's value at −2, or set −5.", "joker")
        if self.joker != -2 and not self.jokers_in_play:
            raise RulesError(
                "Jokers are not in the deck under these rules (only 2s score −2), so they have no value to set.",
                "joker",
            )

    # -- the layout ---------------------------------------------------------
    @property
    def rows(self) -> int:
        """Rows of the grid: three for nine cards, else two."""
        return 3 if self.cards == 9 else 2

    @property
    def columns(self) -> int:
        return self.cards // self.rows

    @property
    def column_positions(self) -> tuple[tuple[int, ...], ...]:
        """The positions of each column, top to bottom (row-major grids).

        >>> Rules().column_positions
        ((0, 3), (1, 4), (2, 5))
        >>> Rules(cards=9).column_positions
        ((0, 3, 6), (1, 4, 7), (2, 5, 8))
        """
        width = self.columns
        return tuple(tuple(k + row * width for row in range(self.rows)) for k in range(width))

    @property
    def hand_bonuses(self) -> bool:
        """True when a grid can score more than its columns (four of a kind, Wolfpack, blackjack)."""
        return self.four_of_a_kind or self.wolfpack or self.blackjack

    @property
    def table_adjustments(self) -> bool:
        """True when a hole's scores depend on the whole table (knock penalty or bonus, underdog, tied shame)."""
        return self.knock_penalty or self.knock_bonus or self.underdog or self.tied_shame

    # -- the deck ---------------------------------------------------------
    @property
    def jokers_in_play(self) -> bool:
        return self.lucky_swing or self.negatives in ("jokers", "both")

    @property
    def ranks_in_play(self) -> tuple[str, ...]:
        """The card codes the decks hold, in keypad order (a one-eyed Jack beside the Jack)."""
        ranks = [r for r in RANKS if r != ONE_EYED_JACK and (r != JOKER or self.jokers_in_play)]
        if self.one_eyed_jacks:
            ranks.insert(ranks.index(JACK) + 1, ONE_EYED_JACK)
        return tuple(ranks)

    @property
    def deck_size(self) -> int:
        """Cards in one deck (with Lucky Swing, the one joker counted in the first deck)."""
        return len(self.full_deck(1))

    def copies(self, rank: str, decks: int = 1) -> int:
        """How many cards of ``rank`` ``decks`` shuffled-together decks hold.

        >>> Rules().copies("K", 2), Rules(negatives="both").copies("JK", 2), Rules(lucky_swing=True).copies("JK", 2)
        (8, 4, 1)
        >>> Rules(one_eyed_jacks=True).copies("J"), Rules(one_eyed_jacks=True).copies("OJ"), Rules().copies("OJ")
        (2, 2, 0)
        """
        if rank == JOKER:
            if not self.jokers_in_play:
                return 0
            return 1 if self.lucky_swing else JOKERS_PER_DECK * decks
        if rank == ONE_EYED_JACK:
            return ONE_EYED_JACKS_PER_DECK * decks if self.one_eyed_jacks else 0
        if rank == JACK and self.one_eyed_jacks:
            return (SUITS_PER_RANK - ONE_EYED_JACKS_PER_DECK) * decks
        return SUITS_PER_RANK * decks if rank in RANKS else 0

    def decks_for(self, players: int) -> int:
        """How many decks a table of ``players`` shuffles together.

        One deck per four six-card grids dealt, and always enough that the
        deal, the first discard and ten drawable cards fit.

        >>> [Rules().decks_for(n) for n in (1, 2, 4, 5, 8)]
        [1, 1, 1, 2, 2]
        >>> Rules(cards=10).decks_for(3), Rules(cards=9).decks_for(4)
        (2, 2)
        """
        dealt = players * self.cards
        decks = max(1, math.ceil(dealt / 24))
        while len(self.full_deck(decks)) < dealt + 1 + MIN_DRAWABLE:
            decks += 1
        return decks

    def full_deck(self, decks: int = 1) -> list[str]:
        """Every card of ``decks`` shuffled-together decks, as rank codes."""
        return [rank for rank in self.ranks_in_play for _ in range(self.copies(rank, decks))]

    # -- points -----------------------------------------------------------
    def points(self, rank: str) -> int:
        """Points of one card that is not part of a matched column."""
        if rank == "A":
            return 1
        if rank == "2":
            return -2 if self.negatives in ("twos", "both") else 2
        if rank == JOKER:
            if self.eagle_eye:
                return EAGLE_EYE_ALONE
            return LUCKY_SWING_POINTS if self.lucky_swing else self.joker
        if rank == "K":
            return self.king
        if rank == "10":
            return self.ten
        if rank == ONE_EYED_JACK:
            return 0
        if rank in (JACK, "Q"):
            return 10
        if rank not in RANKS:
            raise CardError(f"{quoted(rank)} is not a card code: use A, 2-10, J, Q, K or JK.")
        return int(rank)

    @staticmethod
    def match_rank(rank: str) -> str:
        """The rank a card matches as: a one-eyed Jack is a Jack.

        >>> Rules.match_rank("OJ"), Rules.match_rank("7")
        ('J', '7')
        """
        return JACK if rank == ONE_EYED_JACK else rank

    def pair_points(self, rank: str, cards: int = 2) -> int:
        """Points of a column whose ``cards`` cards all match ``rank`` (docs/grid-golf.md, "Scoring").

        >>> Rules().pair_points("K"), Rules(negative_pairs="keep").pair_points("2", 3)
        (0, -6)
        >>> Rules(eagle_eye=True, negatives="jokers").pair_points("JK")
        -4
        """
        if rank == JOKER and self.eagle_eye:
            return EAGLE_EYE_PAIR
        value = self.points(self.match_rank(rank))
        if value < 0 and self.negative_pairs == "keep":
            return cards * value
        return 0

    # -- (de)serialising ----------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None, base: Rules | None = None) -> Rules:
        """Build rules from ``base`` (default: the standard preset) with ``data`` overriding.

        Unknown fields and wrongly typed values raise ``RulesError`` naming the field.

        >>> Rules.from_dict({"king": 0, "cards": 8}).king
        0
        >>> Rules.from_dict({"kings": 0})  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        caddie.core.errors.RulesError: "kings" is not a rules field; the fields are cards, king, negatives, ...
        """
        base = base or Rules()
        if data is None:
            return base
        if not isinstance(data, Mapping):
            raise RulesError("The rules must be an object of field names and values.", "rules")
        known = {f.name: f.type for f in fields(cls)}
        changes: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known:
                names = ", ".join(known)
                raise RulesError(f"{quoted(key)} is not a rules field; the fields are {names}.", str(key)[:40])
            changes[key] = value
        return replace(base, **changes)

    def describe(self) -> str:
        """The short "rules in force" chip text: the layout, the card values, then each house rule.

        >>> Rules().describe()
        'Six cards · K=10 · 2s −2'
        >>> Rules(cards=8, king=0, negatives="both", end="final_turn").describe()
        'Eight cards · K=0 · 2s & jokers −2 · final turn'
        >>> Rules(cards=9, king=-2, ten=1, negatives="jokers", joker=-5, four_of_a_kind=True).describe()
        'Nine cards · K=−2 · 10=1 · jokers −5 · four of a kind −20'
        """
        return " · ".join(text for _, text in self.parts())

    def parts(self) -> list[tuple[str, str]]:
        """``describe``'s parts as (aspect, words): the aspect says what a part is about
        (``cards``, ``king``, ``ten``, ``negatives``, ``pairs``, ``end``, ``discard_flip``, or
        a house rule's field), so ``chip`` can tell which parts differ from a preset's."""
        parts = [("cards", f"{SIZE_WORDS[self.cards]} cards"), ("king", f"K={signed(self.king)}")]
        if self.ten != 10:
            parts.append(("ten", f"10={self.ten}"))
        twos = [("negatives", "2s −2")] if self.negatives in ("twos", "both") else []
        if self.eagle_eye:
            parts += [*twos, ("eagle_eye", "Eagle-Eye jokers")]
        elif self.lucky_swing:
            parts += [*twos, ("lucky_swing", "Lucky Swing")]
        elif self.negatives == "both" and self.joker == -2:
            parts.append(("negatives", "2s & jokers −2"))
        else:
            parts += twos + [("joker", f"jokers {signed(self.joker)}")] * self.jokers_in_play
        if self.negative_pairs == "keep":
            parts.append(("pairs", "−2 pairs keep"))
        if self.initial_flips != 2:
            parts.append(("flips", f"{self.initial_flips} turned up"))
        if self.end == "final_turn":
            parts.append(("end", "final turn"))
        if self.discard_flip is True:
            parts.append(("discard_flip", "discard flips"))
        elif self.discard_flip == "optional":
            parts.append(("discard_flip", "discard may flip"))
        parts += [
            (name, HOUSE_RULE_SHORT[name]) for name in HOUSE_FLAGS if getattr(self, name) and name in HOUSE_RULE_SHORT
        ]
        return parts


SIZE_WORDS = {4: "Four", 6: "Six", 8: "Eight", 9: "Nine", 10: "Ten"}

# What Settings and the rules page call each on/off house rule.
HOUSE_RULE_NAMES: dict[str, str] = {
    "lucky_swing": "Lucky Swing",
    "eagle_eye": "Eagle-Eye jokers",
    "one_eyed_jacks": "One-eyed Jacks",
    "four_of_a_kind": "Four of a kind",
    "wolfpack": "Wolfpack",
    "blackjack": "Blackjack",
    "knock_penalty": "Knock penalty",
    "knock_bonus": "Knock bonus",
    "underdog": "Underdog",
    "tied_shame": "Tied shame",
    "flip_as_action": "Flip instead of drawing",
    "early_knock": "Early knock",
}

# What each field of the rules takes, as a player reads it: the core's refusal of a value, and
# the API's (caddie.openapi), which checks the same choices before a Rules is made.
FIELD_SENTENCES: dict[str, str] = {
    "cards": "A grid holds 4, 6, 8, 9 or 10 cards.",
    "king": "A King is worth 10, 0 or −2 points.",
    "negatives": 'The negative cards are "twos", "jokers" or "both".',
    "negative_pairs": 'A matched pair of negative cards scores "zero" or "keep"s its sum.',
    "end": 'A hole ends "immediate"ly or after a "final_turn" for everyone else.',
    "discard_flip": "After a deck draw is discarded, a face-down card is never turned up (false), always (true)"
    ' or if the player likes ("optional").',
    "initial_flips": "Each player turns up 0, 1 or 2 cards after the deal.",
    "holes": "A match is 1 to 18 holes long.",
    "ten": "A 10 is worth 10 points, or 1 under Ten Penny.",
    "joker": "A joker is worth −2, −3, −5 or 0 points.",
    **{name: f"{title} is on (true) or off (false)." for name, title in HOUSE_RULE_NAMES.items()},
}

# The chip's words for a house rule that is on (Lucky Swing and Eagle-Eye are said with the jokers).
HOUSE_RULE_SHORT: dict[str, str] = {
    "one_eyed_jacks": "one-eyed Jacks 0",
    "four_of_a_kind": "four of a kind −20",
    "wolfpack": "Wolfpack −20",
    "blackjack": "21 scores 0",
    "knock_penalty": "knock +10",
    "knock_bonus": "knock −5",
    "underdog": "underdog −3",
    "tied_shame": "ties +5",
    "flip_as_action": "flip a turn",
    "early_knock": "early knock",
}


def signed(points: int) -> str:
    """A number as a score shows it, with a real minus sign.

    >>> signed(-2), signed(0), signed(10)
    ('−2', '0', '10')
    """
    return f"−{-points}" if points < 0 else str(points)


def preset_name(rules: Rules) -> str:
    """The preset these rules follow (match length aside), or ``"custom"``.

    >>> preset_name(Rules(king=0, holes=18)), preset_name(Rules(cards=8))
    ('classic', 'custom')
    """
    for name, candidate in PRESETS.items():
        if replace(candidate, holes=rules.holes) == rules:
            return name
    return "custom"


PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "classic": Rules(king=0),
    "bicycle": Rules(king=0, end="final_turn"),
    # Nine-card Golf as the published collections play it: three rows of three, Kings 0,
    # a final turn for everyone once a player is out.
    "nine": Rules(cards=9, king=0, end="final_turn"),
    # Speed Golf (docs/decisions.md, "House rules"): four cards, one turned up, and turns
    # that bring a hole's end sooner (a flip may be a turn; an early knock).
    "speed": Rules(cards=4, king=0, initial_flips=1, flip_as_action=True, early_knock=True),
}

PRESET_LABELS: dict[str, str] = {
    "standard": "Standard (K=10, the house rulebook)",
    "classic": "Classic (K=0, Card Golf 2.3.5)",
    "bicycle": "Bicycle (K=0, everyone gets a final turn)",
    "nine": "Nine cards (three rows of three, K=0, a final turn)",
    "speed": "Speed Golf (four cards, a flip may be a turn, early knock)",
}


PRESET_SHORT: dict[str, str] = {
    "standard": "Standard",
    "classic": "Classic",
    "bicycle": "Bicycle",
    "nine": "Nine-card",
    "speed": "Speed Golf",
}
# What the chip says when a rule of the preset it names is off.
_WITHOUT: dict[str, str] = {
    "ten": "10=10",
    "negatives": "2s +2",
    "joker": "no jokers",
    "pairs": "−2 pairs 0",
    "flips": "2 turned up",
    "end": "no final turn",
    "discard_flip": "no discard flip",
}


def chip(rules: Rules) -> str:
    """The header's rules chip: the nearest preset, then only what differs from it.

    >>> chip(Rules()), chip(Rules(king=0, four_of_a_kind=True)), chip(Rules(cards=8, king=0, end="final_turn"))
    ('Standard rules', 'Classic · four of a kind −20', 'Bicycle · Eight cards')
    >>> chip(replace(PRESETS["speed"], early_knock=False))
    'Speed Golf · no early knock'
    """

    def differences(name: str) -> list[str]:
        mine, theirs = dict(rules.parts()), dict(replace(PRESETS[name], holes=rules.holes).parts())
        added = [text for aspect, text in mine.items() if theirs.get(aspect) != text]
        removed = [_WITHOUT.get(aspect, f"no {text}") for aspect, text in theirs.items() if aspect not in mine]
        return added + removed

    name = min(PRESETS, key=lambda n: len(differences(n)))  # ties: the first preset listed
    shown = differences(name)
    return f"{PRESET_SHORT[name]} · {' · '.join(shown)}" if shown else f"{PRESET_SHORT[name]} rules"


def preset(name: str | None) -> Rules:
    """The preset called ``name`` (default ``standard``).

    >>> preset("classic").king
    0
    """
    if name is None:
        return PRESETS["standard"]
    if not isinstance(name, str) or name not in PRESETS:
        *others, last = PRESETS
        raise RulesError(f"{quoted(name)} is not a preset; choose {', '.join(others)} or {last}.", "preset")
    return PRESETS[name]
