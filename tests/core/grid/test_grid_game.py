"""The Grid Golf match engine (docs/grid-golf.md, "Play"): hand-built
scenarios, every IllegalAction message, and property tests over random rules,
tables, seeds and random legal play."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddie.core.errors import CaddieError
from caddie.core.grid.cards import RANKS
from caddie.core.grid.game import (
    DISCARD,
    DRAW,
    NEXT,
    TAKE,
    TURN_LIMIT,
    Action,
    Event,
    GridMatch,
    IllegalAction,
    position_name,
)
from caddie.core.grid.rules import Rules
from caddie.core.grid.scoring import score_grid, score_table
from caddie.core.shuffle import shuffle
from tests.core.grid.strategies import rules_strategy

SETTINGS = settings(max_examples=100, deadline=None)  # no deadline on a busy CI box


# -- helpers ------------------------------------------------------------------------------


def rigged(
    rules: Rules,
    grids: list[list[str]],
    discard: list[str] = ("5",),
    deck_top: list[str] = (),
    names: list[str] | None = None,
    up: list[list[int]] | None = None,
    seed: int = 0,
) -> GridMatch:
    """A new match in its turn phase with the given grids, discard pile and next deck cards."""
    names = names or ["Ann", "Bo", "Cy", "Di", "Ed", "Fay"][: len(grids)]
    m = GridMatch.new(replace(rules, initial_flips=0), names, seed)
    m.rules = rules
    return rig(m, grids, discard, deck_top, up, seed)


def rig(
    m: GridMatch,
    grids: list[list[str]],
    discard: list[str] = ("5",),
    deck_top: list[str] = (),
    up: list[list[int]] | None = None,
    seed: int = 0,
) -> GridMatch:
    """Lay out the cards of ``m``'s hole by hand; its first player in ``order`` is to move.

    ``deck_top[0]`` is the next card drawn; the other cards go below in a seeded
    order. ``up[seat]`` lists the positions face up.
    """
    pool = Counter(m.rules.full_deck(m.decks))
    for cards in [*grids, discard, deck_top]:
        pool.subtract(cards)
    assert all(n >= 0 for n in pool.values()), "the rigged cards need more decks"
    rest = sorted(pool.elements(), key=RANKS.index)
    random.Random(seed).shuffle(rest)
    m.grids = [list(g) for g in grids]
    m.discard = list(discard)
    m.deck = rest + list(reversed(deck_top))
    m.face_up = [[p in (up[s] if up else ()) for p in range(m.rules.cards)] for s in range(len(grids))]
    m.phase, m.actor, m.flips_left = "turn", 0, 0
    m.check()
    return m


def illegal(m: GridMatch, action: Action, seat: int) -> str:
    before = m.to_dict()
    with pytest.raises(IllegalAction) as info:
        m.apply(action, seat)
    assert m.to_dict() == before, "an illegal action changes nothing"
    return info.value.message


def finish_hole(m: GridMatch, rng: random.Random) -> None:
    while m.phase not in ("hole_over", "match_over"):
        m.apply(rng.choice(m.legal_actions()), m.current)


def assert_cards_add_up(m: GridMatch) -> None:
    assert m.cards_in_play() == Counter(m.rules.full_deck(m.decks))


# -- the deal ---------------------------------------------------------------------------


def test_the_deal_goes_round_the_table_into_row_major_positions():
    rules = Rules()
    m = GridMatch.new(rules, ["Ann", "Bo", "Cy"], seed=42)
    deck = rules.full_deck(1)
    shuffle(deck, 42, "grid-golf/1/0")
    for position in range(6):
        for seat in range(3):
            assert m.grids[seat][position] == deck.pop()
    assert m.discard == [deck.pop()]
    assert m.deck == deck and len(m.deck) == 52 - 18 - 1
    assert m.face_up == [[False] * 6] * 3
    assert (m.phase, m.current, m.hole, m.flips_left) == ("flip", 0, 1, 2)
    assert_cards_add_up(m)


def test_the_same_seed_deals_the_same_cards_and_another_seed_does_not():
    a, b = GridMatch.new(Rules(), ["A", "B"], 5), GridMatch.new(Rules(), ["A", "B"], 5)
    assert a == b and a.to_dict() == b.to_dict()
    assert GridMatch.new(Rules(), ["A", "B"], 6).grids != a.grids


@pytest.mark.parametrize(
    "cards, players, decks", [(4, 1, 1), (6, 4, 1), (8, 3, 1), (10, 3, 2), (10, 6, 3), (6, 6, 2), (8, 6, 2)]
)
def test_every_grid_size_deals_its_cards_from_enough_decks(cards, players, decks):
    rules = Rules(cards=cards)
    m = GridMatch.new(rules, [f"P{i}" for i in range(players)], seed=1)
    assert m.decks == decks == rules.decks_for(players)
    assert [len(g) for g in m.grids] == [cards] * players
    assert len(m.deck) == rules.deck_size * decks - cards * players - 1 >= 10
    assert_cards_add_up(m)


def test_jokers_are_dealt_only_when_the_rules_use_them():
    twos = GridMatch.new(Rules(), ["A"], seed=3)
    assert "JK" not in twos.cards_in_play()
    jokers = GridMatch.new(Rules(negatives="jokers"), ["A", "B"], seed=3)
    assert jokers.cards_in_play()["JK"] == 2
    m = rigged(Rules(negatives="jokers", cards=4), [["JK", "2", "JK", "5"]], up=[[0, 1, 2]])
    m.apply(DRAW, 0)
    m.apply(Action.swap(3), 0)  # whatever was drawn
    top = m.grids[0][3]
    assert m.hole_scores == [[score_grid(["JK", "2", "JK", top], m.rules).total]]
    assert score_grid(["JK", "2", "JK", "5"], m.rules).total == 7  # a kept-zero joker pair, 2 + 5


@pytest.mark.parametrize(
    "names, message",
    [
        ([], "A match needs 1 to 6 players."),
        (["a"] * 7, "A match needs 1 to 6 players."),
        (["Ann", " "], "Every player needs a name."),
        (["Ann", "ann"], 'Two players are called "ann": give each a different name.'),
        (["x" * 25], "A player's name is at most 24 characters."),
    ],
)
def test_a_match_needs_one_to_six_named_players(names, message):
    with pytest.raises(CaddieError) as info:
        GridMatch.new(Rules(), names, seed=1)
    assert info.value.message == message and info.value.field == "names"


def test_a_match_needs_rules_and_a_whole_number_seed():
    with pytest.raises(CaddieError, match="rules"):
        GridMatch.new({"cards": 6}, ["A"], seed=1)
    with pytest.raises(CaddieError, match="whole number"):
        GridMatch.new(Rules(), ["A"], seed="1")


# -- initial flips ----------------------------------------------------------------------


def test_each_player_in_turn_turns_up_their_initial_flips_then_play_starts():
    m = GridMatch.new(Rules(initial_flips=2), ["Ann", "Bo"], seed=8)
    assert [str(a) for a in m.legal_actions()] == [f"flip {p}" for p in range(6)]
    e = m.apply(Action.flip(4), 0)
    assert e.text == f"Ann turned up bottom-middle: {m.grids[0][4]}." and e.cards == (m.grids[0][4],)
    assert illegal(m, Action.flip(4), 0) == "That card is already face up."
    assert illegal(m, DRAW, 0) == "Before play starts, turn up one more of your cards."
    assert illegal(m, Action.flip(0), 1) == "It is Ann's turn, not yours."
    m.apply(Action.flip(1), 0)
    assert (m.phase, m.current, m.flips_left) == ("flip", 1, 2)
    assert illegal(m, TAKE, 1) == "Before play starts, turn up 2 more of your cards."
    m.apply(Action.flip(0), 1)
    m.apply(Action.flip(5), 1)
    assert (m.phase, m.current) == ("turn", 0)
    assert m.legal_actions() == [DRAW, TAKE]
    assert m.face_up[0] == [False, True, False, False, True, False]
    assert m.face_up[1] == [True, False, False, False, False, True]


def test_with_no_initial_flips_play_starts_at_once():
    m = GridMatch.new(Rules(initial_flips=0), ["Ann", "Bo"], seed=8)
    assert (m.phase, m.current) == ("turn", 0)


# -- a turn -----------------------------------------------------------------------------


def test_a_card_taken_from_the_discard_pile_must_be_swapped_in():
    m = rigged(Rules(), [["9", "3", "4", "K", "6", "7"], ["A"] * 4 + ["8", "8"]], discard=["Q", "4"])
    e = m.apply(TAKE, 0)
    assert e.text == "Ann took the 4 from the discard pile." and e.cards == ("4",)
    assert m.legal_actions() == [Action.swap(p) for p in range(6)]
    assert illegal(m, DISCARD, 0) == "A card taken from the discard pile must go into your grid."
    assert illegal(m, DRAW, 0) == "A card taken from the discard pile must go into your grid."
    assert illegal(m, TAKE, 0) == "A card taken from the discard pile must go into your grid."
    e = m.apply(Action.swap(0), 0)
    assert e.text == "Ann put the 4 top-left, replacing a 9." and e.cards == ("4", "9")
    assert m.grids[0][0] == "4" and m.face_up[0][0] and m.discard == ["Q", "9"]
    assert m.current == 1 and m.turns == 1


def test_a_deck_draw_may_be_swapped_or_discarded_and_the_replaced_card_goes_face_up_on_the_pile():
    m = rigged(Rules(), [["9", "3", "4", "K", "6", "7"], ["A"] * 4 + ["8", "8"]], deck_top=["2", "J"])
    assert illegal(m, DISCARD, 0) == "There is nothing to discard: draw from the deck first."
    assert illegal(m, Action.swap(1), 0) == "Draw from the deck or take the discard first."
    e = m.apply(DRAW, 0)
    assert e.text == "Ann drew from the deck." and e.cards == ()
    assert m.drawn == "2" and m.drawn_from == "deck"
    assert m.legal_actions() == [Action.swap(p) for p in range(6)] + [DISCARD]
    assert illegal(m, DRAW, 0) == "You already drew a card: swap it into your grid or discard it."
    e = m.apply(Action.swap(3), 0)
    assert e.text == "Ann drew a 2 from the deck and put it bottom-left, replacing a K."
    assert m.discard == ["5", "K"] and m.grids[0][3] == "2" and m.face_up[0] == [0, 0, 0, 1, 0, 0]
    m.apply(DRAW, 1)
    e = m.apply(DISCARD, 1)
    assert e.text == "Bo drew a J from the deck and discarded it." and e.cards == ("J",)
    assert m.discard == ["5", "K", "J"] and m.current == 0 and not m.pending_flip


def test_discarding_under_discard_flip_forces_a_flip_by_the_same_player():
    rules = Rules(discard_flip=True)
    m = rigged(rules, [["9", "3", "4", "K", "6", "5"], ["A", "A", "7", "7", "8", "8"]], deck_top=["Q"], up=[[0, 1], []])
    m.apply(DRAW, 0)
    e = m.apply(DISCARD, 0)
    assert e.text == "Ann drew a Q from the deck and discarded it; Ann must turn up a card."
    assert m.pending_flip and m.current == 0 and m.turns == 0
    assert m.legal_actions() == [Action.flip(p) for p in (2, 3, 4, 5)]
    assert illegal(m, DRAW, 0) == "You discarded a card you drew, so turn up one of your face-down cards now."
    assert illegal(m, Action.flip(1), 0) == "That card is already face up: turn up one of your face-down cards."
    assert illegal(m, Action.flip(2), 1) == "It is Ann's turn, not yours."
    e = m.apply(Action.flip(5), 0)
    assert e.text == "Ann discarded a Q and turned up bottom-right: 5." and e.cards == ("Q", "5")
    assert not m.pending_flip and m.current == 1 and m.turns == 1


def test_without_discard_flip_a_discard_ends_the_turn():
    m = rigged(Rules(), [["9"] * 2 + ["3"] * 4, ["A"] * 4 + ["4"] * 2], deck_top=["Q"])
    m.apply(DRAW, 0)
    m.apply(DISCARD, 0)
    assert m.current == 1 and not m.pending_flip
    assert illegal(m, Action.flip(0), 1) == "You cannot just turn a card up: draw from the deck or take the discard."
    m.apply(DRAW, 1)
    assert (
        illegal(m, Action.flip(0), 1)
        == "You cannot just turn a card up: swap the card you hold into your grid or discard it."
    )
    m.apply(DISCARD, 1)
    m.apply(TAKE, 0)
    assert illegal(m, Action.flip(0), 0) == "You cannot just turn a card up: swap the card you hold into your grid."


# -- the end of a hole ------------------------------------------------------------------


def test_immediate_the_hole_ends_the_instant_the_last_card_is_face_up():
    rules = Rules(holes=2)
    m = rigged(
        rules,
        [["9", "3", "4", "K", "6", "5"], ["A", "A", "8", "8", "7", "Q"]],
        deck_top=["3"],
        up=[[0, 1, 2, 3, 4], [0]],
    )
    m.apply(DRAW, 0)
    e = m.apply(Action.swap(5), 0)
    assert e.text.endswith("Ann has turned up every card: the hole is over.")
    assert m.phase == "hole_over" and m.current is None and m.went_out == 0 and m.ended_by == "out"
    assert all(all(f) for f in m.face_up)
    assert m.hole_scores == [[score_grid(m.grids[0], rules).total, score_grid(m.grids[1], rules).total]]
    assert m.hole_scores == [[(9 + 10) + (3 + 6) + (4 + 3), (1 + 8) + (1 + 7) + (8 + 10)]] == [[35, 35]]
    end = m.log[-1]
    assert end.seat is None and end.text == "Hole 1 is over: Ann 35, Bo 35."
    assert Counter(end.cards) == Counter(["A", "8", "8", "7", "Q"])
    assert m.legal_actions() == [NEXT]
    assert illegal(m, DRAW, 0) == "Hole 1 is over: start the next hole."


def test_immediate_a_forced_flip_of_the_last_card_ends_the_hole():
    m = rigged(
        Rules(discard_flip=True),
        [["9", "3", "4", "K", "6", "5"], ["A", "A", "7", "7", "8", "8"]],
        deck_top=["Q"],
        up=[[0, 1, 2, 3, 4], []],
    )
    m.apply(DRAW, 0)
    m.apply(DISCARD, 0)
    assert m.pending_flip
    e = m.apply(Action.flip(5), 0)
    assert e.text == "Ann discarded a Q and turned up bottom-right: 5. Ann has turned up every card: the hole is over."
    assert m.phase == "hole_over" and m.went_out == 0


def test_final_turn_every_other_player_gets_exactly_one_more_turn():
    rules = Rules(end="final_turn", holes=3)
    m = rigged(
        rules,
        [["9", "3", "4", "K", "6", "5"], ["A"] * 4 + ["10", "10"], ["J"] * 4 + ["Q"] * 2],
        deck_top=["3", "7", "2"],
        up=[[0, 1, 2, 3, 4], [], []],
    )
    m.apply(DRAW, 0)
    e = m.apply(Action.swap(5), 0)
    assert e.text.endswith("Ann has turned up every card: everyone else gets one final turn.")
    assert m.phase == "turn" and m.went_out == 0 and m.current == 1
    v = m.view(1)
    assert v["final_turn"] and v["final_turns_left"] == 2 and v["went_out"] == 0 and v["players"][0]["out"]
    m.apply(DRAW, 1)
    m.apply(Action.swap(0), 1)
    assert m.current == 2 and m.phase == "turn"
    m.apply(DRAW, 2)
    e = m.apply(DISCARD, 2)
    assert e.text.endswith("That was the last final turn: the hole is over.")
    assert m.phase == "hole_over" and m.ended_by == "out" and m.turns == 3
    assert m.hole_scores[-1] == [score_grid(g, rules).total for g in m.grids]


def test_final_turn_with_one_player_ends_at_once():
    m = rigged(Rules(end="final_turn"), [["9", "3", "4", "K", "6", "5"]], deck_top=["3"], up=[[0, 1, 2, 3, 4]])
    m.apply(DRAW, 0)
    m.apply(Action.swap(5), 0)
    assert m.phase == "hole_over" and m.turns == 1


def test_a_forced_flip_on_a_final_turn_ends_the_hole_after_that_flip():
    rules = Rules(end="final_turn", discard_flip=True)
    m = rigged(
        rules, [["9", "3", "4", "K", "6", "5"], ["A"] * 4 + ["10", "10"]], deck_top=["3", "Q"], up=[[0, 1, 2, 3, 4], []]
    )
    m.apply(DRAW, 0)
    m.apply(Action.swap(5), 0)
    m.apply(DRAW, 1)
    m.apply(DISCARD, 1)
    assert m.pending_flip and m.phase == "turn"
    m.apply(Action.flip(0), 1)
    assert m.phase == "hole_over" and m.turns == 2


def test_a_hole_ends_after_the_turn_limit_even_if_nobody_goes_out():
    m = rigged(Rules(holes=2), [["9", "3", "4", "K", "6", "5"], ["A", "A", "8", "8", "7", "Q"]], up=[[0], [0]])
    for _ in range(TURN_LIMIT):
        for seat in (0, 1):  # both keep swapping the discard over their top-left card
            assert m.phase == "turn"
            m.apply(TAKE, seat)
            m.apply(Action.swap(0), seat)
    assert m.phase == "hole_over" and m.ended_by == "turn_limit" and m.went_out is None
    assert m.turns == 2 * TURN_LIMIT == m.turn_limit
    assert m.log[-2].text.endswith(f"That is {TURN_LIMIT} turns each: the hole is over.")
    assert m.hole_scores[-1] == [score_grid(g, m.rules).total for g in m.grids]


# -- reshuffling ------------------------------------------------------------------------


def test_an_empty_deck_at_a_draw_is_rebuilt_from_the_discard_pile_bar_its_top_card():
    rules = Rules(cards=4)
    m = rigged(rules, [["K", "K", "Q", "Q"], ["J", "J", "10", "10"]], up=[[0], [0]])
    # move everything but one card from the deck onto the discard pile
    m.discard = m.discard + m.deck[1:]
    m.deck = m.deck[:1]
    m.check()
    m.apply(DRAW, 0)
    m.apply(DISCARD, 0)
    assert m.deck == [] and m.current == 1
    pile = list(m.discard)
    e = m.apply(DRAW, 1)
    assert e.text.startswith("The deck ran out: the discard pile, bar its top card, was shuffled into a new deck.")
    assert e.cards == ()
    assert m.discard == [pile[-1]] and m.reshuffles == 1
    assert Counter(m.deck) + Counter([m.drawn]) == Counter(pile[:-1])
    assert_cards_add_up(m)
    again = rigged(rules, [["K", "K", "Q", "Q"], ["J", "J", "10", "10"]], up=[[0], [0]])
    again.discard, again.deck = again.discard + again.deck[1:], again.deck[:1]
    again.apply(DRAW, 0)
    again.apply(DISCARD, 0)
    again.apply(DRAW, 1)
    assert (again.deck, again.drawn) == (m.deck, m.drawn), "a reshuffle is deterministic"


# -- holes and the match ----------------------------------------------------------------


def test_the_lowest_score_plays_first_next_hole_and_ties_keep_the_previous_order():
    rules = Rules(cards=4, holes=3)
    m = rigged(
        rules,
        [["3", "2", "4", "9"], ["A", "A", "2", "3"], ["K", "3", "K", "4"], ["Q", "5", "Q", "2"]],
        deck_top=["2"],
        up=[[0, 1, 2], [], [], []],
    )
    m.apply(DRAW, 0)
    m.apply(Action.swap(3), 0)
    assert m.phase == "hole_over" and m.hole_scores == [[7, 3, 7, 3]]
    assert illegal(m, DRAW, 0) == "Hole 1 is over: start the next hole."
    e = m.apply(NEXT, 2)  # anyone may deal the next hole
    assert e.text == "Hole 2 of 3 is dealt; Bo plays first." and m.log[-1] == e
    assert (m.hole, m.order, m.current, m.phase) == (2, [1, 3, 0, 2], 1, "flip")
    assert_cards_add_up(m)
    # hole 2: Bo goes out at once; Ann and Bo tie on 4, and Bo played before Ann
    rig(
        m,
        [["A", "J", "3", "J"], ["Q", "A", "Q", "9"], ["5", "K", "4", "K"], ["6", "7", "6", "7"]],
        deck_top=["3"],
        up=[[], [0, 1, 2], [], []],
    )
    assert m.current == 1
    m.apply(DRAW, 1)
    m.apply(Action.swap(3), 1)
    assert m.hole_scores[-1] == [4, 4, 9, 0]
    m.next_hole()
    assert m.order == [3, 1, 0, 2]
    assert illegal(m, NEXT, 0) == "Hole 3 is still being played."
    with pytest.raises(IllegalAction, match="Hole 3 is still being played."):
        m.next_hole()


def test_the_match_ends_after_its_holes_and_then_nothing_is_legal():
    m = GridMatch.new(Rules(holes=2, cards=4), ["Ann", "Bo"], seed=4)
    rng = random.Random(4)
    finish_hole(m, rng)
    assert m.phase == "hole_over"
    m.apply(NEXT, 1)
    finish_hole(m, rng)
    assert m.phase == "match_over" and m.is_over and m.current is None and m.legal_actions() == []
    assert len(m.hole_scores) == 2 and m.totals == [sum(h[s] for h in m.hole_scores) for s in (0, 1)]
    assert "wins the match" in m.log[-1].text or "share the match" in m.log[-1].text
    assert illegal(m, NEXT, 0) == "The match is over."
    assert illegal(m, DRAW, 1) == "The match is over."
    with pytest.raises(IllegalAction, match="The match is over: there is no next hole."):
        m.next_hole()


# -- every other IllegalAction message --------------------------------------------------


def test_seat_and_position_errors():
    m = rigged(Rules(), [["9"] * 2 + ["3"] * 4, ["A"] * 4 + ["4"] * 2])
    assert illegal(m, DRAW, 2) == 'There is no seat "2" at this table.'
    assert illegal(m, DRAW, True) == 'There is no seat "True" at this table.'
    assert illegal(m, "draw", 0) == "That is not an action."
    assert illegal(m, DRAW, 1) == "It is Ann's turn, not yours."
    m.apply(DRAW, 0)
    assert illegal(m, Action.swap(6), 0) == "There is no position 6 in a 6-card grid: positions run from 0 to 5."
    with pytest.raises(IllegalAction, match="no seat"):
        m.view(5)


def test_the_guards_for_an_empty_pile_hold_even_though_play_never_empties_one():
    m = rigged(Rules(), [["9"] * 2 + ["3"] * 4, ["A"] * 4 + ["4"] * 2])
    m.deck, m.discard = m.deck + m.discard, []
    assert m.legal_actions() == [DRAW]
    assert illegal(m, TAKE, 0) == "The discard pile is empty: draw from the deck."
    m.discard, m.deck = m.deck[-1:], []  # cards gone: a broken state, only to reach the guard
    assert m.legal_actions() == [TAKE]
    assert illegal(m, DRAW, 0) == "There are no cards left to draw: take the discard."


@pytest.mark.parametrize(
    "make, message",
    [
        (
            lambda: Action("jump"),
            '"jump" is not an action; the actions are flip, draw, take, swap, discard, next, knock, pass.',
        ),
        (lambda: Action("swap"), "A swap needs the grid position the card goes to."),
        (lambda: Action("flip"), "Say which card to turn up."),
        (lambda: Action("swap", -1), '"-1" is not a grid position: positions are whole numbers from 0.'),
        (lambda: Action("flip", True), '"True" is not a grid position: positions are whole numbers from 0.'),
        (lambda: Action("flip", "2"), '"2" is not a grid position: positions are whole numbers from 0.'),
        (lambda: Action("draw", 1), "A draw takes no grid position."),
        (
            lambda: Action.from_dict(["draw"]),
            'An action is an object with a "kind" and, for flip and swap, a "position".',
        ),
    ],
)
def test_malformed_actions_are_refused_with_a_sentence(make, message):
    with pytest.raises(IllegalAction) as info:
        make()
    assert info.value.message == message


def test_actions_round_trip_and_read_well():
    for a in [DRAW, TAKE, DISCARD, NEXT, Action.flip(0), Action.swap(9)]:
        assert Action.from_dict(json.loads(json.dumps(a.to_dict()))) == a
    assert Action.from_dict({"kind": "take"}) == TAKE
    assert [Action.flip(p).describe(10) for p in (0, 1, 2, 3, 4, 9)] == [
        "Turn up top-left",
        "Turn up top inner-left",
        "Turn up top-middle",
        "Turn up top inner-right",
        "Turn up top-right",
        "Turn up bottom-right",
    ]
    assert [position_name(p, 4) for p in range(4)] == ["top-left", "top-right", "bottom-left", "bottom-right"]
    assert [position_name(p, 8) for p in range(4, 8)] == [
        "bottom-left",
        "bottom inner-left",
        "bottom inner-right",
        "bottom-right",
    ]
    assert DRAW.describe() == "Draw from the deck" and TAKE.describe() == "Take the discard"
    assert NEXT.describe() == "Start the next hole"


# -- views ------------------------------------------------------------------------------


def test_a_view_shows_face_up_cards_the_pile_and_a_deck_count_but_never_the_deck():
    m = rigged(
        Rules(),
        [["9", "3", "4", "K", "6", "5"], ["A"] * 4 + ["8", "8"]],
        discard=["Q", "4"],
        deck_top=["J"],
        up=[[0, 1], [4]],
    )
    m.apply(DRAW, 0)
    mine, theirs, watcher = m.view(0), m.view(1), m.spectator_view()
    assert mine["drawn"] == "J" and mine["drawn_by"] == 0 and mine["drawn_from"] == "deck"
    assert theirs["drawn"] is None and theirs["drawn_by"] == 0 and theirs["drawn_from"] == "deck"
    assert watcher == m.view(None) and watcher["drawn"] is None and watcher["legal"] == []
    assert mine["players"][0]["grid"] == ["9", "3", None, None, None, None]
    assert theirs["players"][0]["grid"] == ["9", "3", None, None, None, None]
    assert mine["players"][1]["grid"] == [None] * 4 + ["8", None]
    assert mine["players"][0]["points"] == 12 and mine["players"][1]["points"] == 8
    assert mine["discard"] == ["Q", "4"] and mine["deck_count"] == len(m.deck)
    assert [Action.from_dict(a) for a in mine["legal"]] == m.legal_actions() and theirs["legal"] == []
    assert "deck" not in mine and json.loads(json.dumps(mine)) == mine
    assert set(mine) == {
        "seat",
        "you",
        "rules",
        "decks",
        "hole",
        "holes",
        "phase",
        "current",
        "order",
        "players",
        "discard",
        "deck_count",
        "drawn",
        "drawn_by",
        "drawn_from",
        "flips_left",
        "pending_flip",
        "went_out",
        "final_turn",
        "final_turns_left",
        "turns",
        "turn_limit",
        "ended_by",
        "hole_scores",
        "totals",
        "legal",
        "events",
    }
    assert set(mine["players"][0]) == {"seat", "name", "grid", "face_up", "points", "total", "holes", "out"}


def test_a_card_taken_from_the_discard_pile_stays_public_while_held():
    m = rigged(Rules(), [["9"] * 2 + ["3"] * 4, ["A"] * 4 + ["4"] * 2], discard=["Q", "7"])
    m.apply(TAKE, 0)
    assert m.view(1)["drawn"] == "7" and m.spectator_view()["drawn"] == "7"


def test_at_the_end_of_a_hole_every_view_shows_every_card():
    m = GridMatch.new(Rules(holes=2), ["Ann", "Bo", "Cy"], seed=9)
    finish_hole(m, random.Random(9))
    for seat in (0, 1, 2, None):
        v = m.view(seat)
        assert [p["grid"] for p in v["players"]] == m.grids
        assert [p["points"] for p in v["players"]] == m.hole_scores[-1] == v["hole_scores"][-1]
        assert v["legal"] == ([] if seat is None else [NEXT.to_dict()])


# -- storing ----------------------------------------------------------------------------


def test_a_json_round_trip_mid_hole_gives_the_same_future():
    rules = Rules(holes=3, discard_flip=True, end="final_turn", negatives="both")
    m = GridMatch.new(rules, ["Ann", "Bo", "Cy"], seed=21)
    rng = random.Random(21)
    for _ in range(37):
        m.apply(rng.choice(m.legal_actions()), m.current)
    copy = GridMatch.from_dict(json.loads(json.dumps(m.to_dict())))
    assert copy == m and copy.to_dict() == m.to_dict()
    while not m.is_over:
        seat = m.current if m.current is not None else 0
        action = rng.choice(m.legal_actions())
        assert m.apply(action, seat) == copy.apply(action, seat)
        assert copy.view(seat) == m.view(seat)
    assert copy == m and copy.hole_scores == m.hole_scores


def test_a_stored_match_whose_cards_do_not_add_up_is_refused():
    m = GridMatch.new(Rules(), ["Ann", "Bo"], seed=2)
    data = m.to_dict()
    data["grids"][0][0] = "JK"
    with pytest.raises(CaddieError, match="not in the expected shape"):
        GridMatch.from_dict(data)
    for broken in ({}, {"format": 1}, {**m.to_dict(), "phase": "golf"}, {**m.to_dict(), "format": 2}):
        with pytest.raises(CaddieError, match="not in the expected shape"):
            GridMatch.from_dict(broken)


def test_events_round_trip():
    e = Event(1, Action.swap(2), ("4", "9"), "Bo put the 4 top-right, replacing a 9.", 3)
    assert Event.from_dict(json.loads(json.dumps(e.to_dict())), Action.from_dict) == e
    assert e.kind == "swap" and e.to_dict()["kind"] == "swap"


def test_events_stored_before_they_kept_their_kind_still_read():
    stored = {"seat": None, "action": None, "cards": ["K"], "text": "Hole 1 is over: Ann 3.", "hole": 1}
    assert Event.from_dict(stored, Action.from_dict).kind == "hole"
    stored = {"seat": 0, "action": {"kind": "draw", "position": None}, "cards": [], "text": "Ann drew.", "hole": 1}
    assert Event.from_dict(stored, Action.from_dict) == Event(0, Action("draw"), (), "Ann drew.", 1)


# -- properties over random rules, tables, seeds and play ----------------------------------

rules_st = rules_strategy(st.integers(1, 2))
players_st = st.integers(1, 6)
seed_st = st.integers(0, 2**32)


def public_cards(m: GridMatch) -> Counter:
    """Every card any player may know about now."""
    seen = Counter(m.discard)
    for grid, up in zip(m.grids, m.face_up):
        seen.update(c for c, u in zip(grid, up) if u)
    if m.drawn is not None and m.drawn_from == "discard":
        seen[m.drawn] += 1
    return seen


def hidden_from(m: GridMatch, seat: int | None) -> list[tuple]:
    """The places whose card ``seat`` may not know: face-down grid cards, the deck, another's deck draw."""
    places = [("grid", s, p) for s in range(m.players) for p in m.face_down(s)]
    places += [("deck", i) for i in range(len(m.deck))]
    if m.drawn is not None and m.drawn_from == "deck" and m.current != seat:
        places.append(("drawn",))
    return places


def permuted_hidden(m: GridMatch, seat: int | None, rng: random.Random) -> GridMatch:
    """A copy of ``m`` whose hidden cards (for ``seat``) are shuffled among their places."""
    other = GridMatch.from_dict(m.to_dict())
    places = hidden_from(other, seat)

    def get(place):
        if place[0] == "grid":
            return other.grids[place[1]][place[2]]
        return other.deck[place[1]] if place[0] == "deck" else other.drawn

    def put(place, card):
        if place[0] == "grid":
            other.grids[place[1]][place[2]] = card
        elif place[0] == "deck":
            other.deck[place[1]] = card
        else:
            other.drawn = card

    cards = [get(p) for p in places]
    rng.shuffle(cards)
    for place, card in zip(places, cards):
        put(place, card)
    other.check()
    return other


def check_view(m: GridMatch, seat: int | None, rng: random.Random) -> None:
    v = m.view(seat)
    # field by field against the true state
    for s, player in enumerate(v["players"]):
        assert player["grid"] == [c if u else None for c, u in zip(m.grids[s], m.face_up[s])]
        assert player["face_up"] == m.face_up[s]
    assert v["discard"] == m.discard and v["deck_count"] == len(m.deck)
    holds = m.drawn is not None and (seat == m.current or m.drawn_from == "discard")
    assert v["drawn"] == (m.drawn if holds else None)
    shown = Counter(c for p in v["players"] for c in p["grid"] if c is not None) + Counter(v["discard"])
    if v["drawn"] is not None:
        shown[v["drawn"]] += 1
    known = public_cards(m)
    if holds and m.drawn_from == "deck":
        known[m.drawn] += 1  # the holder knows the card it drew
    assert shown == known
    # and the strong form: a match differing only in what this seat cannot see looks the same
    assert permuted_hidden(m, seat, rng).view(seat) == v


@SETTINGS
@given(rules_st, players_st, seed_st)
def test_random_legal_play_keeps_every_card_in_one_place_ends_every_hole_and_hides_what_is_hidden(rules, players, seed):
    m = GridMatch.new(rules, [f"P{i}" for i in range(players)], seed)
    rng = random.Random(seed)
    bound = players * rules.initial_flips + 3 * (m.turn_limit + players)  # actions a hole can take
    steps = 0
    while True:
        assert_cards_add_up(m)
        if steps % 7 == 0:
            check_view(m, m.current, rng)
            check_view(m, rng.choice([None, *range(players)]), rng)
        if m.phase in ("hole_over", "match_over"):
            assert all(all(f) for f in m.face_up)
            assert m.hole_scores[-1] == score_table(m.grids, m.went_out, rules).scores
            assert m.legal_actions() == ([] if m.is_over else [NEXT])
            if m.is_over:
                break
            m.apply(NEXT, rng.randrange(players))
            steps = 0
            continue
        legal = m.legal_actions()
        assert legal
        event = m.apply(rng.choice(legal), m.current)
        steps += 1
        assert steps <= bound, "a hole must end"
        # an event shows only public cards
        assert not Counter(event.cards) - public_cards(m)
        if event.action == DRAW:
            assert event.cards == () and event.text.endswith(f"P{event.seat} drew from the deck.")
    assert len(m.hole_scores) == rules.holes
    assert m.totals == [sum(h[s] for h in m.hole_scores) for s in range(players)]


@SETTINGS
@given(rules_st, players_st, seed_st, st.integers(0, 400))
def test_the_same_seed_and_actions_give_the_same_match(rules, players, seed, steps):
    names = [f"P{i}" for i in range(players)]
    a, b = GridMatch.new(rules, names, seed), GridMatch.new(rules, names, seed)
    rng = random.Random(seed ^ steps)
    for _ in range(steps):
        if a.is_over:
            break
        action = rng.choice(a.legal_actions())
        seat = a.current if a.current is not None else 0
        assert a.apply(action, seat) == b.apply(action, seat)
    assert a == b and a.to_dict() == b.to_dict()
    restored = GridMatch.from_dict(json.loads(json.dumps(a.to_dict())))
    assert restored == a


@SETTINGS
@given(rules_st, players_st, seed_st, st.data())
def test_an_illegal_action_is_refused_and_changes_nothing(rules, players, seed, data):
    m = GridMatch.new(rules, [f"P{i}" for i in range(players)], seed)
    rng = random.Random(seed)
    for _ in range(data.draw(st.integers(0, 60))):
        if m.phase != "turn" and m.phase != "flip":
            break
        m.apply(rng.choice(m.legal_actions()), m.current)
    everything = [Action(k) for k in ("draw", "take", "discard", "next")]
    everything += [Action(k, p) for k in ("flip", "swap") for p in range(rules.cards + 1)]
    legal = m.legal_actions()
    for seat in range(players):
        for action in everything:
            mover = m.current if m.current is not None else seat
            if seat == mover and action in legal:
                continue
            message = illegal(m, action, seat)
            assert message.endswith(".") and message[0].isupper()


# -- in the person's words: "You" reads in the second person (docs/club-cards.md, "Plain words") ---------


def test_going_out_reads_you_have_turned_up_every_card_and_the_winner_you_win():
    rules = Rules(holes=1)
    grids = [["9", "3", "4", "K", "6", "5"], ["A", "A", "8", "8", "7", "Q"]]
    m = rigged(rules, grids, deck_top=["4"], names=["You", "Bo"], up=[[0, 1, 2, 3, 4], [0]])
    m.apply(DRAW, 0)
    e = m.apply(Action.swap(5), 0)  # a 4 under the 4: a pair, 28 against Bo's 35
    assert e.text.endswith("You have turned up every card: the hole is over.")
    assert m.log[-1].text == "Hole 1 is over: You 28, Bo 35. You win the match with 28."
    # the same cards for Ann read as before
    m = rigged(rules, grids, deck_top=["4"], names=["Ann", "Bo"], up=[[0, 1, 2, 3, 4], [0]])
    m.apply(DRAW, 0)
    assert m.apply(Action.swap(5), 0).text.endswith("Ann has turned up every card: the hole is over.")
    assert m.log[-1].text == "Hole 1 is over: Ann 28, Bo 35. Ann wins the match with 28."


def test_a_shared_win_and_a_final_turn_in_the_second_person():
    m = rigged(
        Rules(holes=1),
        [["9", "3", "4", "K", "6", "5"], ["A", "A", "8", "8", "7", "Q"]],
        deck_top=["3"],
        names=["Bo", "You"],
        up=[[0, 1, 2, 3, 4], [0]],
    )
    m.apply(DRAW, 0)
    m.apply(Action.swap(5), 0)
    assert m.log[-1].text == "Hole 1 is over: Bo 35, You 35. Bo and you share the match with 35."
    rules = Rules(end="final_turn", holes=2)
    m = rigged(
        rules,
        [["9", "3", "4", "K", "6", "5"], ["A"] * 4 + ["10", "10"]],
        deck_top=["3"],
        names=["You", "Bo"],
        up=[[0, 1, 2, 3, 4], []],
    )
    m.apply(DRAW, 0)
    e = m.apply(Action.swap(5), 0)
    assert e.text.endswith("You have turned up every card: everyone else gets one final turn.")


def test_a_forced_flip_and_the_next_deal_say_you_and_the_turn_check_makes_sense():
    rules = Rules(discard_flip=True, holes=2)
    grids = [["9", "3", "4", "K", "6", "5"], ["A", "A", "7", "7", "8", "8"]]
    m = rigged(rules, grids, deck_top=["Q"], names=["You", "Bo"], up=[[0, 1], []])
    m.apply(DRAW, 0)
    assert m.apply(DISCARD, 0).text == "You drew a Q from the deck and discarded it; you must turn up a card."
    assert illegal(m, Action.flip(2), 1) == "It is not your turn."
    m.hole_scores, m.phase = [[3, 9]], "hole_over"  # You scored lowest: you play first on hole 2
    assert m.apply(NEXT, 1).text == "Hole 2 of 2 is dealt; you play first."
    m = GridMatch.new(Rules(holes=2), ["Bo", "You"], seed=1)
    m.hole_scores, m.phase = [[3, 9]], "hole_over"
    assert m.apply(NEXT, 1).text == "Hole 2 of 2 is dealt; Bo plays first."
