"""The people's ratings (``caddie.core.ratings``; DESIGN section 8): the same whatever order the
rounds were typed in, given their days; a person who finishes first every time ends rated first;
names match whatever their case; ties are shared."""

from __future__ import annotations

import random
from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from caddie.core.ratings import PROVISIONAL_ROUNDS, RatedRound, person_key, rate

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]
START = date(2026, 1, 1)


@st.composite
def nights(draw, min_rounds: int = 1):
    """Rounds of 2 to 6 of the same friends over a few weeks, a few on some days."""
    count = draw(st.integers(min_rounds, 12))
    rounds = []
    for index in range(count):
        players = draw(st.lists(st.sampled_from(NAMES), min_size=2, max_size=6, unique=True))
        totals = {name: draw(st.integers(-20, 80)) for name in players}
        day = START + timedelta(days=draw(st.integers(0, 30)))
        rounds.append(RatedRound(day, f"round-{index:02d}", totals))
    return rounds


@settings(max_examples=60, deadline=None)
@given(rounds=nights(), seed=st.integers(0, 2**32))
def test_the_ratings_do_not_depend_on_the_order_the_rounds_were_typed_in(rounds, seed):
    shuffled = list(rounds)
    random.Random(seed).shuffle(shuffled)
    assert rate(shuffled) == rate(rounds)


@settings(max_examples=60, deadline=None)
@given(rounds=nights(min_rounds=2), winner=st.sampled_from(NAMES), others=st.integers(1, 5))
def test_who_finishes_first_every_time_among_the_same_people_ends_rated_first(rounds, winner, others):
    people = [winner] + [name for name in NAMES if name != winner][:others]
    table = []
    for game in rounds:  # the same people each night; the winner strictly lowest, the rest anyhow
        rest = {name: 10 + sum(map(ord, game.key + name)) * 7 % 40 for name in people[1:]}
        table.append(RatedRound(game.day, game.key, {winner: min(rest.values()) - 1, **rest}))
    best = rate(table).best_first()
    assert best[0].name == winner and best[0].shown > best[1].shown


def test_names_are_one_person_whatever_their_case_and_the_latest_spelling_is_shown():
    rounds = [
        RatedRound(START, "a", {"ann": 30, "Bo": 40}),
        RatedRound(START + timedelta(days=1), "b", {"ANN ": 31, "bo": 39}),
        RatedRound(START + timedelta(days=2), "c", {" Ann": 29, "Bo": 45}),
    ]
    ratings = rate(rounds)
    assert set(ratings.people) == {"ann", "bo"} and ratings.people["ann"].name == "Ann"
    assert ratings.people["ann"].rounds == 3 and [shown for _, _, shown in ratings.history["ann"]][-1] == (
        ratings.people["ann"].shown
    )
    assert person_key("  ann ") == "ann"


def test_equal_totals_share_their_place_and_a_lone_player_is_not_rated():
    tied = [RatedRound(START + timedelta(days=d), str(d), {"Ann": 30, "Bo": 30, "Cy": 50}) for d in range(4)]
    ratings = rate([*tied, RatedRound(START, "solo", {"Di": 12})])
    assert ratings.people["ann"].mu == ratings.people["bo"].mu > ratings.people["cy"].mu
    assert "di" not in ratings.people


def test_a_rating_is_provisional_until_its_rounds_make_it_surer():
    rounds = [RatedRound(START + timedelta(days=d), str(d), {"Ann": 30, "Bo": 35}) for d in range(PROVISIONAL_ROUNDS)]
    early, late = rate(rounds[:1]).people["ann"], rate(rounds).people["ann"]
    assert early.provisional and not late.provisional
    assert late.sigma < early.sigma and late.spread < early.spread and late.shown > early.shown > 1000
    assert rate([]).people == {} and rate([]).best_first() == []
