"""Property tests of the core's invariants (hypothesis)."""

from __future__ import annotations

import dataclasses
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
from tests.core.grid.strategies import rules_strategy

SETTINGS = settings(max_examples=100, deadline=None)  # hypothesis default count; no deadline on a busy CI box

# -- an independent oracle for card and column points (docs/grid-golf.md, "Card points" and "Column scoring") ---

FACE = {"A": 1, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "J": 10, "Q": 10}


def ref_points(rank: str, rules: Rules) -> int:
    if rank == "K":
        return rules.king
    if rank == "2":
        return -2 if rules.negatives in ("twos", "both") else 2
    if rank == "10":
        return 1 if rules.ten == 1 else 10
    if rank == "OJ":
        return 0
    if rank == "JK":
        if rules.eagle_eye:
            return 2
        return -5 if rules.lucky_swing else rules.joker
    return FACE[rank]


def ref_column(cards: list, rules: Rules) -> int | None:
    known = [c for c in cards if c is not None]
    if not known:
        return None
    if len(known) == len(cards) and len({"J" if c == "OJ" else c for c in known}) == 1:
        if known[0] == "JK" and rules.eagle_eye:
            return -4
        value = ref_points("J" if known[0] == "OJ" else known[0], rules)
        return len(cards) * value if value < 0 and rules.negative_pairs == "keep" else 0
    return sum(ref_points(c, rules) for c in known)


def column_bounds(rules: Rules) -> tuple[int, int]:
    """The lowest and highest a complete two-card column can score, from the card values alone."""
    values = sorted(ref_points(r, rules) for r in rules.ranks_in_play)
    pair_values = [ref_column([r, r], rules) or 0 for r in rules.ranks_in_play]
    # two different ranks: the two lowest (or highest) values, which may be one value twice
    # when two ranks share it (J and Q at 10, a 2 and a joker at −2, a King −2 beside a 2)
    return min([values[0] + values[1], *pair_values]), max([values[-1] + values[-2], *pair_values])


# -- strategies ---------------------------------------------------------------------

rules_st = rules_strategy()


@st.composite
def rules_and_grid(draw, partial: bool = False):
    """Rules and a grid in play under them, row-major; columns match often enough to matter."""
    rules = draw(rules_st)
    ranks = st.sampled_from(rules.ranks_in_play)
    if partial:
        ranks = st.one_of(ranks, st.none())
    grid: list = [None] * rules.cards
    for positions in rules.column_positions:
        first = draw(ranks)
        for p in positions:
            grid[p] = first if draw(st.booleans()) else draw(ranks)
    return rules, grid


def columns_of(grid: list, rules: Rules) -> list[list]:
    return [[grid[p] for p in positions] for positions in rules.column_positions]


def from_columns(columns: list[list], rules: Rules) -> list:
    grid: list = [None] * rules.cards
    for column, positions in zip(columns, rules.column_positions):
        for card, p in zip(column, positions):
            grid[p] = card
    return grid


# -- grid scoring invariants ----------------------------------------------------------


@SETTINGS
@given(rules_and_grid(), st.data())
def test_permuting_columns_never_changes_the_total(rg, data):
    rules, grid = rg
    columns = columns_of(grid, rules)
    order = data.draw(st.permutations(range(rules.columns)))
    shuffled = from_columns([columns[i] for i in order], rules)
    before, after = score_grid(grid, rules), score_grid(shuffled, rules)
    assert after.total == before.total
    assert [after.columns[k] for k in range(rules.columns)] == [before.columns[i] for i in order]


@SETTINGS
@given(rules_and_grid(partial=True), st.data())
def test_reordering_the_rows_never_changes_the_total(rg, data):
    rules, grid = rg
    order = data.draw(st.permutations(range(rules.rows)))
    reordered = from_columns([[column[i] for i in order] for column in columns_of(grid, rules)], rules)
    before, after = score_grid(grid, rules), score_grid(reordered, rules)
    assert after.total == before.total
    assert [c.points for c in after.columns] == [c.points for c in before.columns]
    assert [c.matched for c in after.columns] == [c.matched for c in before.columns]


@SETTINGS
@given(rules_st, st.data())
def test_a_matched_column_scores_zero_or_its_kept_negative_sum(rules, data):
    rank = data.draw(st.sampled_from(rules.ranks_in_play))
    col = score_column([rank] * rules.rows, rules)
    assert col.matched
    value = rules.points(rules.match_rank(rank))
    if rank == "JK" and rules.eagle_eye:
        assert col.points == -4
    elif rules.negative_pairs == "keep" and value < 0:
        assert col.points == rules.rows * value
    else:
        assert col.points == 0


@SETTINGS
@given(rules_and_grid(partial=True))
def test_total_is_the_columns_plus_the_bonuses_and_the_columns_agree_with_the_oracle(rg):
    rules, grid = rg
    score = score_grid(grid, rules)
    assert len(score.columns) == rules.columns
    assert score.total == sum(c.points for c in score.columns if c.points is not None) + sum(
        b.points for b in score.bonuses
    )
    for col, cards in zip(score.columns, columns_of(grid, rules)):
        assert list(col.cards) == cards
        assert col.matched == (None not in cards and len({rules.match_rank(c) for c in cards}) == 1)
        assert col.points == ref_column(cards, rules)
    assert score.complete == (None not in grid)
    assert all(b.rule in ("four_of_a_kind", "wolfpack", "blackjack") for b in score.bonuses)
    if not rules.hand_bonuses:
        assert score.bonuses == ()


@SETTINGS
@given(rules_and_grid())
def test_the_hand_bonuses_are_what_the_rules_say(rg):
    rules, grid = rg
    score = score_grid(grid, rules)
    matched = Counter(rules.match_rank(c.cards[0]) for c in score.columns if c.matched)
    rules_of_bonuses = [b.rule for b in score.bonuses]
    sets = sum(n // 2 for n in matched.values())
    assert rules_of_bonuses.count("four_of_a_kind") == (sets if rules.four_of_a_kind else 0)
    assert rules_of_bonuses.count("wolfpack") == (matched["J"] // 2 if rules.wolfpack else 0)
    before_blackjack = score.column_total + sum(b.points for b in score.bonuses if b.rule != "blackjack")
    assert ("blackjack" in rules_of_bonuses) == (rules.blackjack and before_blackjack == 21)
    assert score.total == (0 if "blackjack" in rules_of_bonuses else before_blackjack)


@SETTINGS
@given(rules_and_grid())
def test_a_complete_two_row_grid_total_is_within_the_bounds_of_the_rules(rg):
    rules, grid = rg
    assume(rules.rows == 2)
    low, high = column_bounds(rules)
    score = score_grid(grid, rules)
    assert score.complete
    assert rules.columns * low <= score.column_total <= rules.columns * high


@pytest.mark.parametrize("king, negatives, negative_pairs", list(product((0, 10, -2), NEGATIVES, NEGATIVE_PAIRS)))
def test_the_column_bounds_are_exactly_the_best_and_worst_columns(king, negatives, negative_pairs):
    rules = Rules(king=king, negatives=negatives, negative_pairs=negative_pairs)
    scores = [score_column((a, b), rules).points for a in rules.ranks_in_play for b in rules.ranks_in_play]
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
    too_many = any(n > rules.copies(rank, decks) for rank, n in counts.items())
    if too_many:
        with pytest.raises(HandError) as info:
            check_grid(grid, rules, decks)
        assert info.value.field == "cards" and info.value.message
    else:
        check_grid(grid, rules, decks)


@SETTINGS
@given(rules_st, st.data())
def test_a_joker_is_refused_exactly_when_jokers_are_not_in_play(rules, data):
    grid = data.draw(st.lists(st.sampled_from(RANKS[:13]), min_size=rules.cards - 1, max_size=rules.cards - 1))
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
    assert set(data) == {field.name for field in dataclasses.fields(Rules)}


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
