"""The house-rules families the Caddie benches measure (docs/grid-golf.md, "House rules").

Each family is the ``bicycle`` preset (six cards, Kings 0, a final turn) with the
family's rules turned on, except ``nine``, which is the ``nine`` preset.
``bench/caddie_strength.py --family NAME`` and ``bench/caddie_latency.py --family NAME``
run under one of them.
"""

from __future__ import annotations

from dataclasses import replace

from caddie.core.grid.rules import PRESETS, Rules

FAMILIES: dict[str, Rules] = {
    "nine": PRESETS["nine"],
    "kings_tens": replace(PRESETS["bicycle"], king=-2, ten=1),
    "four_of_a_kind": replace(PRESETS["bicycle"], four_of_a_kind=True, wolfpack=True),
    "knocks": replace(PRESETS["bicycle"], knock_penalty=True, knock_bonus=True),
    "underdog": replace(PRESETS["bicycle"], underdog=True, tied_shame=True),
    "turn_options": replace(PRESETS["bicycle"], flip_as_action=True, early_knock=True),
}
FAMILY_LABELS = {
    "nine": "nine cards",
    "kings_tens": "super Kings with Ten Penny",
    "four_of_a_kind": "four of a kind with Wolfpack",
    "knocks": "knock penalty and bonus",
    "underdog": "underdog with tied shame",
    "turn_options": "flip instead of drawing with early knock",
}
