"""Dealing shuffles (issue 38): unbiased, reproducible from the seed, and never the Mersenne Twister."""

from __future__ import annotations

import ast
import hashlib
import itertools
import json
import math
import random
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddie.core.clubs.game import ClubRound, greedy, play_round
from caddie.core.courses.course import SAMPLE_COURSES
from caddie.core.grid.game import DISCARD, DRAW, NEXT, GridMatch
from caddie.core.grid.rules import Rules
from caddie.core.shuffle import SEED_BITS, secret_seed, shuffled

ROOT = Path(__file__).resolve().parents[2]
DEALING_MODULES = ["caddie/core/shuffle.py", "caddie/core/grid/game.py", "caddie/core/clubs/game.py"]
BIG_SEED = 2**256 - 189  # as big as a new game's seed gets


# -- a permutation, spread evenly -------------------------------------------------------------


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 9), max_size=120), st.integers(-(2**300), 2**300), st.text(max_size=20))
def test_a_shuffle_is_a_permutation_of_its_items_for_any_seed_and_label(items, seed, label):
    mixed = shuffled(items, seed, label)
    assert Counter(mixed) == Counter(items) and len(mixed) == len(items)
    assert shuffled(items, seed, label) == mixed  # and the same one every time


def chi_square(counts: Counter, outcomes: list, trials: int) -> float:
    """Pearson's statistic for ``counts`` of ``trials`` draws against every outcome equally likely."""
    expected = trials / len(outcomes)
    return sum((counts[o] - expected) ** 2 / expected for o in outcomes)


# By degrees of freedom (outcomes less one), a statistic far beyond what an even shuffle reaches: at 7
# the chance of one over 40 is about one in a million, at 23 of one over 80 and at 51 of one over 130
# smaller still. The seeds are fixed, so the statistics are too: the tests are not flaky.
LIMITS = {7: 40.0, 23: 80.0, 51: 130.0}


def total_limit(size: int) -> float:
    """For the sum over every position of a ``size``-card shuffle: its mean plus five standard
    deviations (of a chi-square with that many degrees of freedom)."""
    freedom = size * (size - 1)
    return freedom + 5 * math.sqrt(2 * freedom)


def position_statistics(shuffle_of: Callable[[list[int], int], list[int]], size: int, trials: int) -> list[float]:
    """For each position, how far the cards that land there are from an even spread."""
    at = [Counter[int]() for _ in range(size)]
    for trial in range(trials):
        for position, card in enumerate(shuffle_of(list(range(size)), trial)):
            at[position][card] += 1
    return [chi_square(counts, list(range(size)), trials) for counts in at]


def ours(cards: list[int], trial: int) -> list[int]:
    return shuffled(cards, 2026, f"even/{trial}")


def naive(cards: list[int], trial: int) -> list[int]:
    """The classic mistake: swap each card with any position (n^n equally likely paths onto n!
    orders, which n^n is no multiple of)."""
    rng = random.Random(trial)
    for i in range(len(cards)):
        j = rng.randrange(len(cards))
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def modulo_biased(cards: list[int], trial: int) -> list[int]:
    """Fisher-Yates from the same kind of stream, but each index a byte modulo the bound: the
    low indices come up more often (256 is no multiple of most bounds)."""
    stream = hashlib.shake_256(f"biased/{trial}".encode()).digest(len(cards))
    for i in range(len(cards) - 1, 0, -1):
        j = stream[i] % (i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


@pytest.mark.parametrize("size, trials", [(8, 4000), (52, 15_600)])
def test_every_position_gets_every_card_about_equally_often(size, trials):
    statistics = position_statistics(ours, size, trials)
    assert max(statistics) < LIMITS[size - 1]
    assert sum(statistics) < total_limit(size)


def test_every_order_of_four_cards_is_about_equally_likely():
    trials = 24_000
    orders = Counter(tuple(shuffled(range(4), BIG_SEED, f"orders/{k}")) for k in range(trials))
    assert chi_square(orders, list(itertools.permutations(range(4))), trials) < LIMITS[23]


def test_the_spread_checks_catch_a_biased_shuffle():
    """The checks above are sharp enough to see the two usual mistakes."""
    assert max(position_statistics(naive, 8, 4000)) > LIMITS[7]
    assert sum(position_statistics(modulo_biased, 52, 15_600)) > total_limit(52)


def test_seeds_and_labels_each_give_their_own_order():
    deck = list(range(52))
    orders = {tuple(shuffled(deck, seed, label)) for seed in (1, 2, BIG_SEED) for label in ("a", "b", "a/1")}
    assert len(orders) == 9
    assert shuffled(deck, 12, "3") != shuffled(deck, 1, "23")  # the seed and the label do not run together


def test_a_new_seed_is_secret_sized():
    seeds = [secret_seed() for _ in range(64)]
    assert SEED_BITS >= 128 and len(set(seeds)) == 64
    assert all(0 <= s < 2**SEED_BITS for s in seeds)
    assert max(s.bit_length() for s in seeds) > SEED_BITS - 8  # the bits are really used


def test_a_long_shuffle_that_needs_more_random_bytes_stays_a_permutation():
    cards = list(range(1000))  # two bytes an index, more than the first request holds
    assert sorted(shuffled(cards, BIG_SEED, "long")) == cards


# -- the games deal only through it --------------------------------------------------------------


@pytest.mark.parametrize("path", DEALING_MODULES)
def test_no_dealing_module_imports_a_non_cryptographic_generator(path):
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    imported = {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    imported |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    assert not {name for name in imported if name.split(".")[0] in ("random", "numpy")}, path


@pytest.fixture
def no_mersenne_twister(monkeypatch):
    """Any use of Python's ``random`` (a new generator, or the module's functions) fails the test."""

    def refuse(*args, **kwargs):
        raise AssertionError("a dealing shuffle used random.Random")

    monkeypatch.setattr(random.Random, "__init__", refuse)
    monkeypatch.setattr(random.Random, "seed", refuse)
    monkeypatch.setattr(random.Random, "shuffle", refuse)
    for name in ("shuffle", "random", "randrange", "randint", "choice", "choices", "sample", "getrandbits"):
        monkeypatch.setattr(random, name, refuse)


def draw_and_discard_hole(match: GridMatch) -> None:
    """Play the hole out drawing and throwing away every card: the deck runs out, again and again."""
    while match.phase in ("flip", "turn"):
        seat = match.current
        assert seat is not None
        legal = match.legal_actions()
        action = next((a for a in (DRAW, DISCARD) if a in legal), legal[0])
        match.apply(action, seat)


def test_a_grid_golf_match_deals_and_reshuffles_without_random(no_mersenne_twister):
    match = GridMatch.new(Rules(holes=2, initial_flips=0), ["Ann", "Bo"], seed=BIG_SEED)
    draw_and_discard_hole(match)
    assert match.reshuffles >= 2
    match.apply(NEXT, 0)
    assert match.hole == 2 and match.phase == "turn"


def test_a_club_cards_round_deals_and_refills_without_random(no_mersenne_twister):
    course = SAMPLE_COURSES["whistling-pines"]
    assert len(course.holes) == 18
    rnd = play_round(course, [greedy, greedy], seed=BIG_SEED)
    assert rnd.is_over and rnd.refills >= 1


# -- the same seed, the same match -------------------------------------------------------------


def test_the_same_big_seed_deals_the_same_grid_golf_match_and_a_stored_one_plays_on_the_same():
    rules = Rules(holes=3, initial_flips=0)
    played, resumed = GridMatch.new(rules, ["Ann", "Bo"], BIG_SEED), GridMatch.new(rules, ["Ann", "Bo"], BIG_SEED)
    assert played.to_dict() == resumed.to_dict()
    draw_and_discard_hole(played)
    draw_and_discard_hole(resumed)
    resumed = GridMatch.from_dict(json.loads(json.dumps(resumed.to_dict())))  # as the store keeps it
    assert resumed.seed == BIG_SEED
    played.apply(NEXT, 0)
    resumed.apply(NEXT, 0)
    assert played.to_dict() == resumed.to_dict()
    other = GridMatch.new(rules, ["Ann", "Bo"], BIG_SEED + 1)
    assert other.grids != played.grids or other.deck != played.deck


def test_the_same_big_seed_deals_the_same_club_cards_round():
    course = SAMPLE_COURSES["cedar-nine"]
    first = play_round(course, [greedy, greedy], seed=BIG_SEED)
    again = play_round(course, [greedy, greedy], seed=BIG_SEED)
    assert first.to_dict() == again.to_dict()
    stored = ClubRound.from_dict(json.loads(json.dumps(ClubRound.new(course, ["A", "B"], BIG_SEED).to_dict())))
    assert stored.seed == BIG_SEED and stored.hands == ClubRound.new(course, ["A", "B"], BIG_SEED).hands
