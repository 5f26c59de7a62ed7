"""Property tests of the core's invariants (hypothesis)."""

from __future__ import annotations

import json
from collections import Counter
from itertools import product

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from caddie.core.clubs.scoring import DEFAULT_DECK, MAX_YARDAGE, ClubRules, PenaltyBand, score_club_hole
from caddie.core.errors import CardError, HandError
from caddie.core.grid.cards import RANKS, parse_card, parse_cards, split_cards
from caddie.core.grid.rules import NEGATIVE_PAIRS, NEGATIVES, Rules
from caddie.core.grid.scoring import check_grid, score_column, score_grid
from tests.core.strategies import rules_strategy

SETTINGS = settings(max_examples=100, deadline=None)  # hypothesis default count; no deadline on a busy CI box

# -- an independent oracle for card and column points (docs/grid-golf.md, "Card points" and "Column scoring") ---

FACE = {"A": 1, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 10, "Q": 10}


def ref_points(rank: str, rules: Rules) -> int:
    if rank == "K":
        return rules.king
    if rank == "2":
        return -2 if rules.negatives in ("twos", "both") else 2
    if rank == "JK":
        return -2
    return FACE[rank]


def ref_column(top: str | None, bottom: str | None, rules: Rules) -> int:
    if top is None and bottom is None:
        return 0
    if top is None or bottom is None:
        return ref_points(top or bottom, rules)
    if top == bottom:
        value = ref_points(top, rules)
        return 2 * value if value < 0 and rules.negative_pairs == "keep" else 0
    return ref_points(top, rules) + ref_points(bottom, rules)


def column_bounds(rules: Rules) -> tuple[int, int]:
    """The lowest and highest a complete column can score, from the rules alone."""
    lowest_other = 0 if rules.king == 0 else 1  # K=0 or an Ace beside a -2 card
    candidates = [-2 + lowest_other, 0]  # a -2 card beside the lowest other; any match
    if rules.negatives == "both":
        candidates.append(-4)  # a 2 beside a joker: different ranks
    if rules.negative_pairs == "keep":
        candidates.append(-4)  # a kept pair of -2 cards
    return min(candidates), 20  # two different 10-point cards, e.g. J and Q


# -- strategies ---------------------------------------------------------------------

rules_st = rules_strategy()


@st.composite
def rules_and_grid(draw, partial: bool = False):
    """Rules and a grid in play under them; columns match often enough to matter."""
    rules = draw(rules_st)
    ranks = st.sampled_from(rules.ranks_in_play)
    if partial:
        ranks = st.one_of(ranks, st.none())
    top, bottom = [], []
    for _ in range(rules.columns):
        t = draw(ranks)
        b = t if draw(st.booleans()) else draw(ranks)
        top.append(t)
        bottom.append(b)
    return rules, top + bottom


def columns_of(grid: list, width: int) -> tuple[list, list]:
    return list(grid[:width]), list(grid[width:])


# -- grid scoring invariants ----------------------------------------------------------


@SETTINGS
@given(rules_and_grid(), st.data())
def test_permuting_columns_never_changes_the_total(rg, data):
    rules, grid = rg
    top, bottom = columns_of(grid, rules.columns)
    order = data.draw(st.permutations(range(rules.columns)))
    shuffled = [top[i] for i in order] + [bottom[i] for i in order]
    before, after = score_grid(grid, rules), score_grid(shuffled, rules)
    assert after.total == before.total
    assert [after.columns[k] for k in range(rules.columns)] == [before.columns[i] for i in order]


@SETTINGS
@given(rules_and_grid(partial=True))
def test_swapping_top_and_bottom_rows_never_changes_the_total(rg):
    rules, grid = rg
    top, bottom = columns_of(grid, rules.columns)
    before, after = score_grid(grid, rules), score_grid(bottom + top, rules)
    assert after.total == before.total
    assert [c.points for c in after.columns] == [c.points for c in before.columns]
    assert [c.matched for c in after.columns] == [c.matched for c in before.columns]


@SETTINGS
@given(rules_st, st.data())
def test_a_matched_column_scores_zero_or_twice_the_negative_value(rules, data):
    rank = data.draw(st.sampled_from(rules.ranks_in_play))
    col = score_column(rank, rank, rules)
    assert col.matched
    value = rules.points(rank)
    if rules.negative_pairs == "keep" and value < 0:
        assert col.points == 2 * value == -4
    else:
        assert col.points == 0


@SETTINGS
@given(rules_and_grid(partial=True))
def test_total_is_the_sum_of_the_column_points_and_agrees_with_the_oracle(rg):
    rules, grid = rg
    score = score_grid(grid, rules)
    assert len(score.columns) == rules.columns
    assert score.total == sum(c.points for c in score.columns if c.points is not None)
    top, bottom = columns_of(grid, rules.columns)
    for col, t, b in zip(score.columns, top, bottom):
        assert (col.top, col.bottom) == (t, b)
        assert col.matched == (t is not None and t == b)
        assert col.points == (None if t is None and b is None else ref_column(t, b, rules))
    assert score.total == sum(ref_column(t, b, rules) for t, b in zip(top, bottom))
    assert score.complete == (None not in grid)


@SETTINGS
@given(rules_and_grid())
def test_a_complete_grid_total_is_within_the_bounds_of_the_rules(rg):
    rules, grid = rg
    low, high = column_bounds(rules)
    score = score_grid(grid, rules)
    assert score.complete
    assert rules.columns * low <= score.total <= rules.columns * high


@pytest.mark.parametrize("king, negatives, negative_pairs", list(product((0, 10), NEGATIVES, NEGATIVE_PAIRS)))
def test_the_column_bounds_are_exactly_the_best_and_worst_columns(king, negatives, negative_pairs):
    rules = Rules(king=king, negatives=negatives, negative_pairs=negative_pairs)
    scores = [score_column(a, b, rules).points for a in rules.ranks_in_play for b in rules.ranks_in_play]
    assert (min(scores), max(scores)) == column_bounds(rules)


@SETTINGS
@given(rules_st, st.integers(1, 3), st.randoms(use_true_random=False))
def test_any_deal_from_the_decks_passes_check_grid(rules, decks, rng):
    deck = rules.full_deck(decks)
    rng.shuffle(deck)
    grid = deck[: rules.cards]
    check_grid(grid, rules, decks)
    assert isinstance(score_grid(grid, rules).total, int)


@SETTINGS
@given(rules_and_grid(), st.integers(1, 2))
def test_check_grid_refuses_exactly_the_grids_the_decks_cannot_hold(rg, decks):
    rules, grid = rg
    counts = Counter(grid)
    too_many = any(n > rules.copies_per_deck(rank) * decks for rank, n in counts.items())
    if too_many:
        with pytest.raises(HandError) as info:
            check_grid(grid, rules, decks)
        assert info.value.field == "cards" and info.value.message
    else:
        check_grid(grid, rules, decks)


@SETTINGS
@given(rules_st, st.data())
def test_a_joker_is_refused_exactly_when_jokers_are_not_in_play(rules, data):
    grid = data.draw(st.lists(st.sampled_from(RANKS[:-1]), min_size=rules.cards - 1, max_size=rules.cards - 1))
    grid.insert(data.draw(st.integers(0, rules.cards - 1)), "JK")
    if rules.jokers_in_play:
        check_grid(grid, rules, decks=3)
    else:
        with pytest.raises(CardError) as info:
            check_grid(grid, rules, decks=3)
        assert info.value.field == "cards" and "Jokers" in info.value.message


# -- Rules round trip ------------------------------------------------------------------


@SETTINGS
@given(rules_st, rules_st)
def test_rules_round_trip_through_to_dict_and_from_dict(rules, base):
    data = rules.to_dict()
    assert Rules.from_dict(data) == rules
    assert Rules.from_dict(data, base=base) == rules
    assert Rules.from_dict(json.loads(json.dumps(data))) == rules
    assert set(data) == {
        "cards",
        "king",
        "negatives",
        "negative_pairs",
        "end",
        "discard_flip",
        "initial_flips",
        "holes",
    }


@SETTINGS
@given(rules_st, st.integers(1, 8))
def test_decks_always_hold_the_deal_a_discard_and_ten_more(rules, players):
    decks = rules.decks_for(players)
    assert decks >= 1
    assert len(rules.full_deck(decks)) >= players * rules.cards + 1 + 10
    assert rules.decks_for(players + 1) >= decks


# -- Club Cards -------------------------------------------------------------------------


def ref_default_penalty(over: int) -> int:
    for limit, strokes in ((0, 0), (10, 1), (25, 2), (50, 3), (100, 4)):
        if over <= limit:
            return strokes
    return 5


@st.composite
def club_rules_st(draw):
    n = draw(st.integers(1, 6))
    steps = draw(st.lists(st.integers(1, 60), min_size=n - 1, max_size=n - 1))
    limits = [0]
    for step in steps:
        limits.append(limits[-1] + step)
    raises = draw(st.lists(st.integers(0, 3), min_size=n, max_size=n))
    strokes, total = [], 0
    for r in raises:
        total += r
        strokes.append(total)
    beyond = draw(st.integers(strokes[-1], 20))
    deck = draw(st.lists(st.integers(1, 400), min_size=14, max_size=60))
    return ClubRules(deck=tuple(deck), bands=tuple(PenaltyBand(u, s) for u, s in zip(limits, strokes)), beyond=beyond)


@SETTINGS
@given(st.lists(st.sampled_from(DEFAULT_DECK), min_size=1, max_size=14, unique=True), st.data())
def test_club_hole_score_is_strokes_plus_penalty(cards, data):
    total = sum(cards)
    yardage = data.draw(st.integers(1, min(total, MAX_YARDAGE)))
    result = score_club_hole(yardage, cards)
    assert result.strokes == len(cards)
    assert result.total == total
    assert result.over == total - yardage >= 0
    assert result.penalty == ref_default_penalty(result.over)
    assert result.score == result.strokes + result.penalty
    assert result.to_dict() == {
        "strokes": result.strokes,
        "total": total,
        "over": result.over,
        "penalty": result.penalty,
        "score": result.score,
    }


@SETTINGS
@given(st.lists(st.sampled_from(DEFAULT_DECK), min_size=1, max_size=14, unique=True), st.data())
def test_falling_short_is_always_an_error_on_the_cards(cards, data):
    total = sum(cards)
    assume(total < MAX_YARDAGE)
    yardage = data.draw(st.integers(total + 1, MAX_YARDAGE))
    with pytest.raises(HandError) as info:
        score_club_hole(yardage, cards)
    assert info.value.field == "cards"
    assert f"{yardage - total} short" in info.value.message


@SETTINGS
@given(st.integers(0, 500), st.integers(0, 500))
def test_default_penalty_is_monotone_in_the_overshoot(a, b):
    low, high = sorted((a, b))
    rules = ClubRules()
    assert rules.penalty(low) <= rules.penalty(high)
    assert rules.penalty(a) == ref_default_penalty(a)


@SETTINGS
@given(club_rules_st(), st.integers(0, 600), st.integers(0, 600))
def test_custom_penalty_is_monotone_and_follows_its_bands(rules, a, b):
    low, high = sorted((a, b))
    assert rules.penalty(low) <= rules.penalty(high)
    expected = next((band.strokes for band in rules.bands if a <= band.up_to), rules.beyond)
    assert rules.penalty(a) == expected
    assert rules.penalty(0) == rules.bands[0].strokes


@SETTINGS
@given(club_rules_st())
def test_club_rules_round_trip(rules):
    assert ClubRules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules


@SETTINGS
@given(club_rules_st(), st.data())
def test_custom_club_hole_score_is_strokes_plus_penalty(rules, data):
    cards = data.draw(st.lists(st.sampled_from(rules.deck), min_size=1, max_size=5))
    counts, copies = Counter(cards), rules.copies()
    decks = max(1, *(-(-n // copies[c]) for c, n in counts.items()))  # enough decks to hold the hand
    total = sum(cards)
    assume(total <= MAX_YARDAGE)
    yardage = data.draw(st.integers(1, total))
    result = score_club_hole(yardage, cards, rules, decks)
    assert result.score == len(cards) + rules.penalty(total - yardage)


# -- card input --------------------------------------------------------------------------


@st.composite
def typed_code(draw):
    code = draw(st.sampled_from(RANKS))
    cased = "".join(ch.lower() if draw(st.booleans()) else ch for ch in code)
    pad = st.text(alphabet=" \t", max_size=3)
    return code, draw(pad) + cased + draw(pad)


@SETTINGS
@given(typed_code())
def test_parse_card_returns_the_canonical_code_for_any_case_and_padding(pair):
    code, typed = pair
    assert parse_card(code) == code
    assert parse_card(code.lower()) == code
    assert parse_card(typed) == code


@SETTINGS
@given(st.text(max_size=8))
def test_parse_card_only_ever_returns_a_code_or_raises_a_card_error(text):
    try:
        code = parse_card(text, field="f")
    except CardError as err:
        assert err.message and err.field == "f"
    else:
        assert code in RANKS


@SETTINGS
@given(st.lists(st.sampled_from(RANKS), max_size=12), st.sampled_from([" ", ",", "/", ", ", " / ", ";"]))
def test_separated_hands_split_and_parse_back(codes, sep):
    typed = sep.join(c.lower() for c in codes)
    assert parse_cards(split_cards(typed)) == codes
