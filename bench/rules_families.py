"""The house-rules families the Caddie benches measure (docs/grid-golf.md, "House rules").

Each family is the ``bicycle`` preset (six cards, Kings 0, a final turn) with the
family's rules turned on, except ``standard``, ``bicycle`` and ``nine``, which are those presets.
Issue 37 measures the Caddie in each (at least six cards, standard and Bicycle; nine cards; four-
and eight-card grids; the golfgame-style hand bonuses).
``bench/caddie_strength.py --family NAME`` and ``bench/caddie_latency.py --family NAME``
run under one of them.
"""

from __future__ import annotations

from caddie.core.grid.learned import FAMILIES as TRAINED
from caddie.core.grid.rules import PRESETS, Rules

# the two-row families are the ones the Caddie's learned value is trained for (caddie.core.grid.learned)
_SIZES = ("standard", "bicycle", "four_cards", "eight_cards")  # listed first, then nine cards, then the rest
FAMILIES: dict[str, Rules] = {
    **{name: TRAINED[name] for name in _SIZES},
    "nine": PRESETS["nine"],
    **{name: rules for name, rules in TRAINED.items() if name not in _SIZES},
}
FAMILY_LABELS = {
    "standard": "six cards, standard",
    "bicycle": "six cards, Bicycle",
    "four_cards": "four cards",
    "eight_cards": "eight cards",
    "nine": "nine cards",
    "kings_tens": "super Kings with Ten Penny",
    "four_of_a_kind": "four of a kind with Wolfpack",
    "knocks": "knock penalty and bonus",
    "underdog": "underdog with tied shame",
    "turn_options": "flip instead of drawing with early knock",
    "hand_bonuses": "four of a kind and blackjack hand bonuses",
}
