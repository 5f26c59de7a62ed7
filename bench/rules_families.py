"""The house-rules families the Caddie benches measure (docs/grid-golf.md, "House rules").

Each family is the ``bicycle`` preset (six cards, Kings 0, a final turn) with the
family's rules turned on, except ``standard``, ``bicycle`` and ``nine``, which are those presets.
Issue 37 measures the Caddie in each (at least six cards, standard and Bicycle; nine cards; four-
and eight-card grids; the golfgame-style hand bonuses).
``bench/caddie_strength.py --family NAME`` and ``bench/caddie_latency.py --family NAME``
run under one of them.
"""

from __future__ import annotations

from dataclasses import replace

from caddie.core.grid.rules import PRESETS, Rules

FAMILIES: dict[str, Rules] = {
    "standard": PRESETS["standard"],
    "bicycle": PRESETS["bicycle"],
    "four_cards": replace(PRESETS["bicycle"], cards=4),
    "eight_cards": replace(PRESETS["bicycle"], cards=8),
    "nine": PRESETS["nine"],
    "kings_tens": replace(PRESETS["bicycle"], king=-2, ten=1),
    "four_of_a_kind": replace(PRESETS["bicycle"], four_of_a_kind=True, wolfpack=True),
    "knocks": replace(PRESETS["bicycle"], knock_penalty=True, knock_bonus=True),
    "underdog": replace(PRESETS["bicycle"], underdog=True, tied_shame=True),
    "turn_options": replace(PRESETS["bicycle"], flip_as_action=True, early_knock=True),
    "hand_bonuses": replace(PRESETS["bicycle"], four_of_a_kind=True, blackjack=True),
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
