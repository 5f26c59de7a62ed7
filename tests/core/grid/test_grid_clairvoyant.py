"""bench/grid_clairvoyant.py, the clairvoyant pilot: its play-outs must be the holes that get played.

The pilot is only a measure of what knowing every card is worth if the hole it plays out
on a copy is the hole the match then plays: the same deck, the same reshuffles, the same
replies from the rival.
"""

from __future__ import annotations

import random
from dataclasses import replace

from bench.grid_clairvoyant import hole_margin, play_hole
from bench.rules_families import FAMILIES
from caddie.core.grid.game import GridMatch


def test_a_play_out_on_a_copy_is_the_hole_the_match_plays() -> None:
    rules = replace(FAMILIES["four_cards"], holes=1)
    for seed in range(6):
        match = GridMatch.new(rules, ["pilot", "steady"], seed)
        copy = GridMatch.from_dict(match.to_dict())
        predicted = hole_margin(copy, 0, random.Random(seed))
        played = hole_margin(match, 0, random.Random(seed))
        assert predicted == played
        assert match.hole_scores == copy.hole_scores


def test_knowing_every_card_beats_steady() -> None:
    holes = [play_hole("four_cards", 1_000_003 + deal, seat) for deal in range(3) for seat in (0, 1)]
    assert sum(pilot for pilot, _ in holes) < sum(steady for _, steady in holes)
