"""The house rules, hand-worked (docs/grid-golf.md, "House rules"; docs/decisions.md, "House rules").

Each example is worked out by hand in its comment; the pairs of rules that meet
(four of a kind and matched columns, Wolfpack and one-eyed Jacks, blackjack and
the knock penalty, Eagle-Eye pairs and kept negative pairs) have their own.
"""

from __future__ import annotations

from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddie.core.errors import CardError, HandError, RulesError
from caddie.core.grid.cards import parse_card, split_cards
from caddie.core.grid.expectation import expected_column
from caddie.core.grid.rules import Rules
from caddie.core.grid.scoring import check_grid, check_table, score_column, score_grid, score_table
from tests.core.grid.strategies import rules_strategy

LOW = ["A", "2", "3", "A", "2", "3"]  # three matched columns: 0
BLACKJACK = ["3", "6", "A", "5", "7", "A"]  # (3,5) 8, (6,7) 13, (A,A) 0: 21


def total(grid: list[str], **rules) -> int:
    return score_grid(grid, Rules(**rules)).total


def bonuses(grid: list[str], **rules) -> list[tuple[str, int]]:
    return [(b.rule, b.points) for b in score_grid(grid, Rules(**rules)).bonuses]


def table(grids: list[list[str]], out: int | None, **rules) -> list[int]:
    return score_table(grids, out, Rules(**rules)).scores


def adjustments(grids: list[list[str]], out: int | None, **rules) -> list[list[tuple[str, int]]]:
    return [[(a.rule, a.points) for a in p.adjustments] for p in score_table(grids, out, Rules(**rules)).players]


# -- card values ------------------------------------------------------------------


def test_super_kings_score_minus_two_and_keep_their_pair_only_when_negative_pairs_keep():
    # (K,3) = −2+3 = 1, (5,K) = 5−2 = 3, (7,9) = 16
    assert total(["K", "5", "7", "3", "K", "9"], king=-2) == 20
    assert score_column(("K", "K"), Rules(king=-2)).points == 0
    assert score_column(("K", "K"), Rules(king=-2, negative_pairs="keep")).points == -4
    # a King −2 beside a 2 −2: different ranks, both count
    assert score_column(("K", "2"), Rules(king=-2)).points == -4


def test_ten_penny_makes_a_ten_worth_one():
    assert score_column(("10", "5"), Rules(ten=1)).points == 6
    assert score_column(("10", "10"), Rules(ten=1)).points == 0
    assert score_column(("10", "J"), Rules(ten=1)).points == 11


@pytest.mark.parametrize("joker", [-2, -3, -5, 0])
def test_a_joker_is_worth_what_the_table_says(joker):
    rules = Rules(negatives="both", joker=joker)
    assert score_column(("JK", "5"), rules).points == 5 + joker
    assert score_column(("JK", "JK"), rules).points == 0
    kept = Rules(negatives="both", joker=joker, negative_pairs="keep")
    assert score_column(("JK", "JK"), kept).points == (2 * joker if joker < 0 else 0)


def test_lucky_swing_has_one_joker_in_all_the_decks_worth_minus_five():
    rules = Rules(lucky_swing=True)  # jokers in play although the negatives are twos
    assert rules.jokers_in_play and rules.points("JK") == -5 and rules.points("2") == -2
    assert rules.full_deck(3).count("JK") == 1
    assert Rules(lucky_swing=True, negatives="jokers").points("2") == 2
    check_grid(["JK", "5", "7", "K", "3", "9"], rules)
    with pytest.raises(HandError, match="2 Jokers, but Lucky Swing plays with only 1"):
        check_grid(["JK", "5", "7", "K", "3", "JK"], rules, decks=2)


def test_eagle_eye_jokers_are_plus_two_alone_and_minus_four_as_a_pair():
    rules = Rules(negatives="jokers", eagle_eye=True)
    assert score_column(("JK", "5"), rules).points == 7
    assert score_column(("JK", "JK"), rules).points == -4


def test_eagle_eye_pairs_with_kept_negative_pairs():
    # A kept pair of 2s keeps −4; an Eagle-Eye pair is −4 whatever negative_pairs says;
    # a 2 beside a lone Eagle-Eye joker is −2 + 2.
    rules = Rules(negatives="both", eagle_eye=True, negative_pairs="keep")
    assert score_column(("2", "2"), rules).points == -4
    assert score_column(("JK", "JK"), rules).points == -4
    assert score_column(("JK", "JK"), Rules(negatives="both", eagle_eye=True)).points == -4
    assert score_column(("2", "JK"), rules).points == 0
    # a column of three jokers in a nine-card grid is still one Eagle-Eye match: −4
    assert score_column(("JK", "JK", "JK"), Rules(cards=9, negatives="jokers", eagle_eye=True)).points == -4


def test_one_eyed_jacks_score_zero_and_match_a_jack():
    rules = Rules(one_eyed_jacks=True)
    assert score_column(("OJ", "5"), rules).points == 5
    for column in (("OJ", "J"), ("J", "OJ")):
        assert score_column(column, rules).matched and score_column(column, rules).points == 0
    assert score_column(("OJ", "OJ"), rules).points == 0
    deck = rules.full_deck(1)
    assert (deck.count("J"), deck.count("OJ"), len(deck)) == (2, 2, 52)
    assert rules.ranks_in_play.index("OJ") == rules.ranks_in_play.index("J") + 1  # beside the Jack on the keypad


def test_a_one_eyed_jack_is_refused_when_the_rule_is_off():
    assert parse_card("j1") == parse_card("OJ") == "OJ"
    assert split_cards("OJ5J1") == ["OJ", "5", "J1"]
    with pytest.raises(CardError, match="only under the One-eyed Jacks rule"):
        check_grid(["OJ", "5", "7", "K", "3", "9"], Rules())
    with pytest.raises(HandError, match="3 One-eyed Jacks, but one deck holds only 2"):
        check_grid(["OJ", "OJ", "OJ", "K", "3", "9"], Rules(one_eyed_jacks=True))


# -- nine cards ----------------------------------------------------------------------


def test_nine_cards_are_three_rows_of_three_and_only_a_column_of_three_matches():
    rules = Rules(cards=9)
    assert (rules.rows, rules.columns) == (3, 3)
    # columns (7,7,7) = 0, (5,2,9) = 12, (K,K,Q) = 30: two Kings in a column of three do not cancel
    score = score_grid(["7", "5", "K", "7", "2", "K", "7", "9", "Q"], rules)
    assert [c.points for c in score.columns] == [0, 12, 30] and score.total == 42
    assert [c.matched for c in score.columns] == [True, False, False]
    assert score.columns[1].to_dict() == {"top": "5", "middle": "2", "bottom": "9", "matched": False, "points": 12}
    assert score_column(("2", "2", "2"), Rules(cards=9, negative_pairs="keep")).points == -6


# -- hand bonuses ---------------------------------------------------------------------


def test_four_of_a_kind_is_two_matched_columns_of_one_rank():
    # (7,7) 0, (7,7) 0, (5,9) 14, then −20
    assert total(["7", "7", "5", "7", "7", "9"], four_of_a_kind=True) == -6
    assert bonuses(["7", "7", "5", "7", "7", "9"], four_of_a_kind=True) == [("four_of_a_kind", -20)]
    assert total(["7", "7", "5", "7", "7", "9"]) == 14  # the rule off
    # one matched column of 7s and two loose 7s: no four of a kind
    assert bonuses(["7", "7", "5", "7", "3", "7"], four_of_a_kind=True) == []


def test_four_of_a_kind_counts_each_set_of_two_matched_columns():
    # eight cards, two decks: three matched columns of Kings make one set, four make two
    three = ["K", "K", "K", "5", "K", "K", "K", "9"]
    four = ["K", "K", "K", "K", "K", "K", "K", "K"]
    assert bonuses(three, cards=8, four_of_a_kind=True) == [("four_of_a_kind", -20)]
    assert total(four, cards=8, four_of_a_kind=True) == -40
    # two ranks, each in two matched columns (ten cards): a set each
    assert total(["4", "4", "9", "9", "A", "4", "4", "9", "9", "3"], cards=10, four_of_a_kind=True) == -36


def test_four_of_a_kind_with_a_kept_negative_pair():
    # two matched columns of 2s keep −4 each, then −20
    assert total(["2", "2", "5", "2", "2", "9"], negative_pairs="keep", four_of_a_kind=True) == -8 + 14 - 20


def test_wolfpack_is_two_matched_columns_of_jacks_and_stacks_with_four_of_a_kind():
    grid = ["J", "J", "5", "J", "J", "9"]
    assert total(grid, wolfpack=True) == 14 - 20
    assert bonuses(grid, wolfpack=True, four_of_a_kind=True) == [("four_of_a_kind", -20), ("wolfpack", -20)]
    assert total(grid, wolfpack=True, four_of_a_kind=True) == 14 - 40
    assert bonuses(["Q", "Q", "5", "Q", "Q", "9"], wolfpack=True) == []  # Queens are not wolves


def test_wolfpack_with_one_eyed_jacks():
    # (OJ,J) and (J,OJ) are both matched columns of Jacks; (5,9) 14
    grid = ["OJ", "J", "5", "J", "OJ", "9"]
    assert total(grid, one_eyed_jacks=True, wolfpack=True) == 14 - 20
    assert total(grid, one_eyed_jacks=True, wolfpack=True, four_of_a_kind=True) == 14 - 40


def test_blackjack_turns_exactly_21_into_0_after_the_other_bonuses():
    # (3,5) 8, (6,7) 13, (A,A) 0 = 21
    assert total(BLACKJACK, blackjack=True) == 0
    assert bonuses(BLACKJACK, blackjack=True) == [("blackjack", -21)]
    assert total(["3", "6", "2", "5", "7", "A"], blackjack=True) == 20  # (2,A) −1: not 21, nothing
    # ten cards: (7,7) 0, (7,7) 0, (Q,J) 20, (10,A) 11, (6,4) 10 = 41; four of a kind −20 = 21; blackjack 0
    grid = ["7", "7", "Q", "10", "6", "7", "7", "J", "A", "4"]
    assert total(grid, cards=10, four_of_a_kind=True, blackjack=True) == 0
    assert total(grid, cards=10, blackjack=True) == 41


def test_blackjack_waits_for_every_card():
    # a partly known grid at 21 so far is not a blackjack yet: (3,5) 8, (6,7) 13, (A,?) 1
    assert score_grid(["3", "6", "A", "5", "7", None], Rules(blackjack=True)).total == 22
    assert score_grid(["3", "6", None, "5", "7", None], Rules(blackjack=True)).total == 21


# -- a whole table's hole ---------------------------------------------------------------


def grid_scoring(points: int) -> list[str]:
    """A six-card grid of known score: (A,A) (2,2) and a column worth ``points`` (4 to 20)."""
    low, high = (points - 1, 1) if points <= 11 else (10, points - 10)
    top = "Q" if low == 10 else str(low)
    bottom = {1: "A", 10: "J"}.get(high, str(high))
    assert top != bottom or points == 0
    return ["A", "2", top, "A", "2", bottom]


def test_grid_scoring_makes_the_scores_it_says():
    for points in (4, 5, 6, 11, 15, 20):
        assert total(grid_scoring(points)) == points


def test_the_knock_penalty_needs_someone_strictly_lower():
    assert table([grid_scoring(5), grid_scoring(5)], 0, knock_penalty=True) == [5, 5]  # a tie is not penalised
    assert table([grid_scoring(5), LOW], 0, knock_penalty=True) == [15, 0]
    assert table([LOW, grid_scoring(5)], 0, knock_penalty=True) == [0, 5]
    assert table([grid_scoring(5), LOW], None, knock_penalty=True) == [5, 0]  # nobody went out


def test_the_knock_bonus_and_the_knock_penalty_in_order():
    assert table([grid_scoring(5), LOW], 0, knock_bonus=True) == [0, 0]
    assert adjustments([grid_scoring(5), LOW], 0, knock_penalty=True, knock_bonus=True) == [
        [("knock_penalty", 10), ("knock_bonus", -5)],
        [],
    ]


def test_blackjack_comes_before_the_knock_penalty():
    # the knocker's 11 becomes 21 with the penalty, too late to be a blackjack
    assert table([grid_scoring(11), grid_scoring(5)], 0, blackjack=True, knock_penalty=True) == [21, 5]
    # a grid of exactly 21 is 0 first, and then beats the other player: no penalty
    assert table([BLACKJACK, grid_scoring(5)], 0, blackjack=True, knock_penalty=True) == [0, 5]
    assert table([BLACKJACK, grid_scoring(5)], 0, knock_penalty=True) == [31, 5]


def test_underdog_goes_to_every_lowest_score_after_the_knock_rules():
    assert table([grid_scoring(5), grid_scoring(4), grid_scoring(4)], None, underdog=True) == [5, 1, 1]
    # the knocker's 5 is lowest: no penalty, and the underdog's −3
    assert table([grid_scoring(5), grid_scoring(6)], 0, knock_penalty=True, underdog=True) == [2, 6]
    # the knocker's 6 is beaten: 16, and the 5 is then lowest and takes −3
    assert table([grid_scoring(6), grid_scoring(5)], 0, knock_penalty=True, underdog=True) == [16, 2]


def test_tied_shame_is_scored_last_on_the_scores_underdog_left():
    assert table([grid_scoring(6), grid_scoring(6), grid_scoring(9)], None, tied_shame=True) == [11, 11, 9]
    # underdog turns 7 and 4 4 into 7, 1 1: the tie remains and both take +5
    assert table([grid_scoring(7), grid_scoring(4), grid_scoring(4)], None, underdog=True, tied_shame=True) == [
        7,
        6,
        6,
    ]
    # underdog lowers every lowest score alike, so it never makes a tie: 4 and 0 → 4 and −3
    assert table([grid_scoring(4), LOW], None, underdog=True, tied_shame=True) == [4, -3]


def test_a_lone_player_has_no_one_to_compare_with_but_keeps_the_knock_bonus():
    rules = {"knock_penalty": True, "knock_bonus": True, "underdog": True, "tied_shame": True}
    assert table([grid_scoring(5)], 0, **rules) == [0]
    assert adjustments([grid_scoring(5)], 0, **rules) == [[("knock_bonus", -5)]]


def test_a_table_needs_every_card_and_a_real_seat_out():
    with pytest.raises(HandError) as missing:
        score_table([LOW, ["A", "2", None, "A", "2", "3"]], None, Rules())
    assert missing.value.field == "grids[1]"
    with pytest.raises(HandError) as seat:
        score_table([LOW, LOW], 2, Rules())
    assert seat.value.field == "out"


def test_the_whole_table_must_fit_its_decks():
    check_table([["K", "K", "5", "K", "K", "9"], LOW], Rules(), 1)
    with pytest.raises(HandError, match="5 Kings at the table"):
        check_table([["K", "K", "5", "K", "K", "9"], ["K", "2", "3", "4", "5", "6"]], Rules(), 1)


# -- rules that contradict each other -------------------------------------------------------


@pytest.mark.parametrize(
    "fields, field",
    [
        ({"lucky_swing": True, "eagle_eye": True, "negatives": "both"}, "eagle_eye"),
        ({"eagle_eye": True}, "eagle_eye"),  # no jokers in the deck
        ({"eagle_eye": True, "negatives": "jokers", "joker": -5}, "joker"),
        ({"lucky_swing": True, "joker": -3}, "joker"),
        ({"joker": -5}, "joker"),  # jokers not in play
    ],
)
def test_rules_that_contradict_each_other_are_refused_naming_a_field(fields, field):
    with pytest.raises(RulesError) as info:
        Rules(**fields)
    assert info.value.field == field and len(info.value.message) > 20


def test_lucky_swing_takes_a_joker_value_of_minus_five_or_the_default():
    assert Rules(lucky_swing=True, joker=-5).points("JK") == Rules(lucky_swing=True).points("JK") == -5


# -- properties -------------------------------------------------------------------------------

SETTINGS = settings(max_examples=100, deadline=None)


@st.composite
def rules_and_table(draw):
    rules = draw(rules_strategy())
    players = draw(st.integers(1, 6))
    decks = rules.decks_for(players)
    deck = draw(st.permutations(rules.full_deck(decks)))
    grids = [list(deck[s * rules.cards : (s + 1) * rules.cards]) for s in range(players)]
    out = draw(st.one_of(st.none(), st.integers(0, players - 1)))
    return rules, grids, out, decks


@SETTINGS
@given(rules_and_table())
def test_a_table_scores_each_grid_then_only_the_table_rules_in_force(rtd):
    rules, grids, out, decks = rtd
    check_table(grids, rules, decks)
    scored = score_table(grids, out, rules)
    for grid, player in zip(grids, scored.players):
        assert player.grid == score_grid(grid, rules)
        assert player.score == player.grid.total + sum(a.points for a in player.adjustments)
        applied = [a.rule for a in player.adjustments]
        order = ["knock_penalty", "knock_bonus", "underdog", "tied_shame"]
        assert applied == [rule for rule in order if rule in applied]
        assert all(getattr(rules, rule) for rule in applied)
    if not rules.table_adjustments:
        assert scored.scores == [score_grid(grid, rules).total for grid in grids]
    knocked = [s for s, p in enumerate(scored.players) if any(a.rule.startswith("knock") for a in p.adjustments)]
    assert knocked in ([], [out])


@st.composite
def tall_columns(draw):
    rules = draw(rules_strategy(sizes=(9,)))
    ranks = list(rules.ranks_in_play)
    weights = draw(st.lists(st.integers(0, 4), min_size=len(ranks), max_size=len(ranks)).filter(any))
    p = {r: w / sum(weights) for r, w in zip(ranks, weights) if w}
    known = draw(st.lists(st.sampled_from(ranks), max_size=3))
    return rules, known, p


@SETTINGS
@given(tall_columns())
def test_the_expected_points_of_a_column_of_three_are_the_average_over_every_unseen_draw(rkp):
    rules, known, p = rkp
    unseen = 3 - len(known)
    brute = 0.0
    for draw in product(p, repeat=unseen):
        chance = 1.0
        for rank in draw:
            chance *= p[rank]
        points = score_column((*known, *draw), rules).points
        assert points is not None
        brute += chance * points
    assert expected_column(known, unseen, p, rules) == pytest.approx(brute)
