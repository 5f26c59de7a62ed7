"""bench/club_clairvoyant.py, the clairvoyant bound of bench/clubs.py: its simulator must be the engine.

The bound is only worth reporting if the rounds it searches are the rounds the
game deals: the same hand, the same pile, the same reshuffles under the seed.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from bench.club_clairvoyant import clairvoyant_total, replay_greedy
from caddie.core.clubs.game import greedy, play_round
from caddie.core.clubs.scoring import ClubRules, PenaltyBand
from caddie.core.courses.course import SAMPLE_COURSES

COURSES = sorted(SAMPLE_COURSES)


@settings(max_examples=12, deadline=None)
@given(course=st.sampled_from(COURSES), seed=st.integers(min_value=0, max_value=2**64))
def test_the_simulator_plays_the_engines_greedy_round(course: str, seed: int) -> None:
    played = play_round(SAMPLE_COURSES[course], [greedy], seed)
    assert replay_greedy(SAMPLE_COURSES[course], seed) == played.totals[0]


def test_the_simulator_follows_a_table_deck_and_chart() -> None:
    # a deck of short cards: every hand comes up short, cards are turned, the pile is reshuffled often
    rules = ClubRules(deck=tuple(range(10, 41)), bands=(PenaltyBand(0, 0), PenaltyBand(20, 2)), beyond=4)
    course = SAMPLE_COURSES["harbour-links"]
    for seed in range(6):
        played = play_round(course, [greedy], seed, rules)
        assert played.refills > 3
        assert replay_greedy(course, seed, rules) == played.totals[0]


def test_knowing_the_pile_beats_playing_each_hole_alone() -> None:
    course = SAMPLE_COURSES["whistling-pines"]
    greedy_totals = [play_round(course, [greedy], seed).totals[0] for seed in range(4)]
    bounds = [clairvoyant_total(course, seed, width=8) for seed in range(4)]
    assert all(b <= g for b, g in zip(bounds, greedy_totals))
    assert sum(bounds) < sum(greedy_totals)  # over four deals the search finds something greedy missed
