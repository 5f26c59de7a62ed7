"""The exact Club Cards solver, checked against brute force over every subset of the hand."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caddie.core.clubs.scoring import DEFAULT_DECK, ClubRules, PenaltyBand, score_club_hole
from caddie.core.clubs.solver import Play, all_plays, play_key, score_cards, solve, top_plays
from caddie.core.errors import HandError

RULES = ClubRules()
HARSH = ClubRules(bands=(PenaltyBand(0, 0), PenaltyBand(3, 2), PenaltyBand(40, 4)), beyond=9)
GENTLE = ClubRules(bands=(PenaltyBand(0, 0), PenaltyBand(50, 1)), beyond=1)


# -- brute force, written apart from the solver ----------------------------------------------


def key(cards, hand, yardage, rules):
    """The documented order: score, then yards played, then the kept cards from the longest down."""
    over = sum(cards) - yardage
    left = Counter(hand)
    left.subtract(cards)
    kept = sorted(left.elements(), reverse=True)
    return (len(cards) + rules.penalty(over), sum(cards), [-c for c in kept])


def brute(hand, yardage, rules=RULES):
    """Every subset of the hand by index; the best play's cards (longest first) and key, or None.

    Each subset's total is its total without its lowest card plus that card, so trying all 2**14
    subsets of a full hand is quick; the whole key is worked out only for those with the best score
    (its first part), among which it decides."""
    n = len(hand)
    totals = [0] * (1 << n)
    penalty: dict[int, int] = {}
    best_score, best_masks = None, []
    for mask in range(1, 1 << n):
        low = mask & -mask
        total = totals[mask] = totals[mask ^ low] + hand[low.bit_length() - 1]
        if total < yardage:
            continue
        over = total - yardage
        if over not in penalty:
            penalty[over] = rules.penalty(over)
        score = mask.bit_count() + penalty[over]
        if best_score is None or score < best_score:
            best_score, best_masks = score, [mask]
        elif score == best_score:
            best_masks.append(mask)
    best = None
    for mask in best_masks:
        cards = [hand[i] for i in range(n) if mask >> i & 1]
        k = key(cards, hand, yardage, rules)
        assert k[0] == best_score
        if best is None or k < best[0]:
            best = (k, sorted(cards, reverse=True))
    return best


def brute_plays(hand, yardage, rules=RULES, max_score=None):
    plays = {}
    n = len(hand)
    for mask in range(1, 1 << n):
        cards = tuple(sorted((hand[i] for i in range(n) if mask >> i & 1), reverse=True))
        if sum(cards) < yardage:
            continue
        k = key(cards, hand, yardage, rules)
        if max_score is None or k[0] <= max_score:
            plays[cards] = k
    return sorted(plays, key=plays.get)


def check_against_brute(hand, yardage, rules=RULES):
    play = solve(hand, yardage, rules)
    expected = brute(hand, yardage, rules)
    if expected is None:
        assert not play.reached
        assert sorted(play.cards) == sorted(hand)
        assert play.short == yardage - sum(hand) > 0
        return play
    assert play.reached and play.short == 0 and play.extra == 0 and play.turned == ()
    assert list(play.cards) == expected[1], (hand, yardage)
    assert list(play.cards) == sorted(play.cards, reverse=True)
    # the numbers agree with the scorer everyone else uses
    scored = score_club_hole(yardage, list(play.cards), rules, decks=2) if rules is RULES else None
    if scored is not None:
        assert (play.strokes, play.total, play.over, play.penalty, play.score) == (
            scored.strokes,
            scored.total,
            scored.over,
            scored.penalty,
            scored.score,
        )
    assert play.score == len(play.cards) + rules.penalty(play.over)
    assert play.total == sum(play.cards) == yardage + play.over
    return play


one_deck_hand = st.lists(st.sampled_from(range(len(DEFAULT_DECK))), min_size=1, max_size=12, unique=True).map(
    lambda idx: [DEFAULT_DECK[i] for i in idx]
)
two_deck_hand = st.lists(st.sampled_from(range(2 * len(DEFAULT_DECK))), min_size=1, max_size=12, unique=True).map(
    lambda idx: [(DEFAULT_DECK * 2)[i] for i in idx]
)
yardages = st.integers(min_value=1, max_value=1000)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=one_deck_hand, yardage=yardages)
def test_one_deck_hands_match_brute_force(hand, yardage):
    check_against_brute(hand, yardage)


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=two_deck_hand, yardage=yardages)
def test_two_deck_hands_with_duplicates_match_brute_force(hand, yardage):
    check_against_brute(hand, yardage)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=two_deck_hand, data=st.data())
def test_yardages_near_the_hand_total_match_brute_force(hand, data):
    # the interesting edge: just reachable, exactly the whole hand, just out of reach
    total = sum(hand)
    low = min(max(1, total - 60), 1000)
    yardage = data.draw(st.integers(min_value=low, max_value=min(1000, max(low, total + 30))))
    check_against_brute(hand, yardage)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=two_deck_hand, yardage=st.integers(min_value=1, max_value=700), rules=st.sampled_from([HARSH, GENTLE]))
def test_other_penalty_charts_match_brute_force(hand, yardage, rules):
    check_against_brute(hand, yardage, rules)


def test_many_random_full_hands_match_brute_force():
    rng = random.Random(20240611)
    for trial in range(40):
        deck = list(DEFAULT_DECK) * (1 + trial % 2)
        hand = rng.sample(deck, 14)
        yardage = rng.choice([rng.randint(100, 600), rng.randint(1, 1000), sum(hand) - rng.randint(0, 40)])
        check_against_brute(hand, min(max(1, yardage), 1000))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    hand=two_deck_hand.filter(lambda h: len(h) <= 9),
    yardage=st.integers(1, 700),
    max_score=st.sampled_from([None, 2, 3, 4, 6]),
)
def test_all_plays_are_every_play_in_order(hand, yardage, max_score):
    got = [p.cards for p in all_plays(hand, yardage, max_score=max_score)]
    assert got == brute_plays(hand, yardage, max_score=max_score)


@settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hand=two_deck_hand.filter(lambda h: len(h) <= 9), yardage=st.integers(1, 700), k=st.integers(1, 8))
def test_top_plays_are_the_k_best(hand, yardage, k):
    plays = top_plays(hand, yardage, k)
    expected = brute_plays(hand, yardage)
    if not expected:
        assert [p.reached for p in plays] == [False]
        return
    assert [p.cards for p in plays] == expected[:k]
    assert plays[0] == solve(hand, yardage)


# -- the worked example (docs/club-cards.md, "Worked example") and each tie-break rule ("The best play") ---


def test_the_documented_example_412_with_250_160_3_scores_4():
    play = solve([250, 160, 3], 412)
    assert (play.cards, play.strokes, play.total, play.over, play.penalty, play.score) == (
        (250, 160, 3),
        3,
        413,
        1,
        1,
        4,
    )


def test_rule_1_the_lowest_score_wins_even_with_more_cards():
    # 250 + 200 is 38 over (2 + 3 = 5); 200 + 160 + 40 is exact (3)
    play = solve([250, 200, 160, 40], 400)
    assert play.cards == (200, 160, 40) and play.score == 3


def test_rule_2_equal_scores_play_the_fewest_yards():
    # 250 + 155 = 405 (2 cards + 1) and 250 + 145 + 5 = 400 (3 cards): both score 3
    hand = [250, 155, 145, 5]
    assert brute_plays(hand, 400)[:2] == [(250, 145, 5), (250, 155)]
    play = solve(hand, 400)
    assert play.cards == (250, 145, 5) and play.over == 0 and play.score == 3


def test_rule_2_within_one_band_the_smaller_overshoot():
    # 250 + 155 = 405 and 245 + 165 = 410 both cost 2 + 1 on a 402: the 3 over wins,
    # though rule 3 alone would keep the 250
    play = solve([250, 245, 165, 155], 402)
    assert play.cards == (250, 155) and play.over == 3 and play.score == 3


def test_rule_3_equal_score_and_yards_keep_the_longest_cards():
    # 250 + 150 and 240 + 160 both make 400 exactly: keep the 250
    play = solve([250, 240, 160, 150], 400)
    assert play.cards == (240, 160)
    assert play.kept([250, 240, 160, 150]) == [250, 150]


def test_rule_3_compares_the_kept_cards_from_the_longest_down():
    # 245 + 155 and 235 + 165 make 400; the 250 is kept either way; then 245 beats 235
    hand = [250, 245, 235, 165, 155]
    assert solve(hand, 400).cards == (235, 165)


def test_rule_3_with_duplicates_from_two_decks():
    # two 250s: 250 + 150 could use either copy; the play names one, the hand keeps the other
    hand = [250, 250, 150, 150, 140, 10]
    play = solve(hand, 400)
    assert play.cards == (250, 150) and play.kept(hand) == [250, 150, 140, 10]
    # the same with three cards: 250 + 140 + 10 = 400 ties with 250 + 150; rule 3 keeps both 150s
    assert brute(hand, 400)[1] == [250, 150]


def test_fewer_cards_follows_from_the_rules():
    # equal score and equal yards means an equal number of cards: the order is total
    rng = random.Random(5)
    for _ in range(200):
        hand = rng.sample(list(DEFAULT_DECK) * 2, 8)
        yardage = rng.randint(50, 700)
        plays = all_plays(hand, yardage)
        keys = [play_key(p.cards, hand, yardage) for p in plays]
        assert keys == sorted(keys) and len(set(keys)) == len(keys)
        for a, b in zip(plays, plays[1:]):
            if (a.score, a.total) == (b.score, b.total):
                assert a.strokes == b.strokes


def test_exact_single_card():
    assert solve([250, 165, 3], 165).cards == (165,)
    assert solve([250, 165, 3], 165).score == 1


# -- hands that cannot reach -------------------------------------------------------------------


def test_a_short_hand_plays_everything_and_says_how_short():
    hand = [100, 90, 80, 7]
    play = solve(hand, 545)
    assert not play.reached
    assert play.cards == (100, 90, 80, 7)
    assert play.short == 268 and play.total == 277
    # the fewest pile cards that could make up 268 yards: 250 and then more
    assert play.extra == 2 and play.strokes == 6 and play.score == 6 and play.penalty == 0


def test_a_short_hand_turns_the_known_pile():
    hand = [100, 90, 80, 7]
    play = solve(hand, 545, pile=[3, 200, 45, 30, 250])
    assert play.reached and play.turned == (3, 200, 45, 30)
    assert play.total == 555 and play.over == 10 and play.strokes == 8 and play.score == 9
    assert play.cards == (100, 90, 80, 7)
    # the pile is only turned when the hand is short
    assert solve([250, 245, 50], 545, pile=[3, 3, 3]).turned == ()


def test_a_short_hand_with_too_short_a_pile_reports_the_shortfall():
    play = solve([100], 400, pile=[50, 50])
    assert not play.reached and play.short == 300 and play.turned == ()


def test_short_hands_for_a_table_with_its_own_deck():
    rules = ClubRules(deck=tuple([10] * 14 + [20]))
    play = solve([10, 10], 75, rules)
    # at least 20 + 10 + 10 + 10 + 10: five more strokes
    assert play.short == 55 and play.extra == 5 and play.score == 7


# -- checks, speed ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "hand, yardage, field",
    [
        ([250, "x"], 400, "hand"),
        ([250, 0], 400, "hand"),
        ([250, True], 400, "hand"),
        ([250], 0, "yardage"),
        ([250], 1001, "yardage"),
        ([250], 400.0, "yardage"),
    ],
)
def test_refuses_bad_input(hand, yardage, field):
    with pytest.raises(HandError) as info:
        solve(hand, yardage)
    assert info.value.field == field


def test_score_cards_and_to_dict():
    assert score_cards([250, 160, 3], 412) == 4
    d = solve([250, 160, 3], 412).to_dict()
    assert d == {
        "cards": [250, 160, 3],
        "turned": [],
        "strokes": 3,
        "total": 413,
        "over": 1,
        "penalty": 1,
        "score": 4,
        "short": 0,
        "extra": 0,
        "reached": True,
    }
    assert isinstance(solve([250], 100), Play)


def test_random_14_card_hands_are_solved_with_cards_from_the_hand_that_reach_the_yardage():
    # Its speed (median under 1 ms a hand) is bench/clubs.py's figure: bench/clubs.py --rounds 0.
    rng = random.Random(11)
    for _ in range(300):
        hand = rng.sample(DEFAULT_DECK, 14)
        yardage = rng.randint(100, 600)
        play = solve(hand, yardage)
        assert play.reached and play.total == sum(play.cards) >= yardage, (hand, yardage)
        assert not Counter(play.cards) - Counter(hand), "a play uses only cards from the hand"
        assert play.score == score_cards(list(play.cards), yardage)
