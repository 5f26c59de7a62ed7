"""The Caddie's walkthrough and both Tally hands as pure state machines: taps in, a new state out, no Flask."""

from __future__ import annotations

from dataclasses import replace

import pytest

from caddie.core.errors import CaddieError
from caddie.core.grid.hand import TallyHand
from caddie.core.grid.rules import Rules
from caddie.core.grid.walkthrough import MAX_WALK_OPPONENTS, Walk

RULES = Rules()  # six cards, 2s at -2, no jokers
FINAL = Rules(end="final_turn")


def walked(*taps: dict[str, str], rules: Rules = RULES, walk: Walk | None = None) -> Walk:
    walk = walk or Walk(size=6, grid=[None] * 6)
    for args in taps:
        walk = walk.tap(args, rules)
    return walk


def test_the_flips_fill_the_face_down_slots_in_turn_then_the_discard_is_asked_for():
    walk = walked({"key": "k"})
    assert walk.grid == ["K", None, None, None, None, None] and walk.step == "flip"
    walk = walked({"key": "5"}, walk=walk)  # the rules' two cards are up: on to the discard
    assert walk.grid == ["K", "5", None, None, None, None] and walk.step == "discard"
    walk = walked({"key": "9"}, walk=walk)
    assert (walk.step, walk.discard, walk.pile) == ("advice", "9", ["9"])


def test_a_draw_then_a_swap_into_a_face_down_slot_asks_what_was_there():
    walk = Walk(size=6, grid=["K", "5", None, None, None, None], step="advice", discard="9", pile=["9"])
    walk = walked({"do": "draw"}, {"key": "3"}, walk=walk)
    assert (walk.step, walk.drawn, walk.drawn_from) == ("place", "3", "deck")
    walk = walked({"do": "swap:4"}, walk=walk)
    assert walk.grid[4] == "3" and (walk.step, walk.slot) == ("reveal", 4)
    walk = walked({"key": "Q"}, walk=walk)
    assert walk.pile == ["9", "Q"] and walk.grid[4] == "3"


def test_taking_the_discard_puts_it_in_the_grid_and_the_replaced_card_on_the_pile():
    walk = Walk(size=6, grid=["K", "5", None, None, None, None], step="advice", discard="K", pile=["7", "K"])
    walk = walked({"do": "take:1"}, walk=walk)
    assert walk.grid[1] == "K" and walk.pile == ["7", "5"]


def test_opponents_come_and_go_and_their_cards_are_tapped_in():
    walk = walked({"do": "opp-add"}, {"opick": "0:2"}, {"key": "7"}, rules=FINAL)
    assert walk.opponents == [[None, None, "7", None, None, None]] and walk.opp_slot is None
    for _ in range(MAX_WALK_OPPONENTS - 1):
        walk = walked({"do": "opp-add"}, walk=walk, rules=FINAL)
    assert len(walk.opponents) == MAX_WALK_OPPONENTS
    with pytest.raises(CaddieError, match="not a step"):
        walked({"do": "opp-add"}, walk=walk, rules=FINAL)  # a table has room for no more
    walk = walked({"do": "opp-drop"}, walk=walk, rules=FINAL)
    assert len(walk.opponents) == MAX_WALK_OPPONENTS - 1


def test_an_opponent_with_every_card_up_has_gone_out_under_a_final_turn():
    walk = walked({"do": "opp-add"}, rules=FINAL)
    for position, card in enumerate("A23456"):
        walk = walked({"opick": f"0:{position}"}, {"key": card}, walk=walk, rules=FINAL)
    assert walk.last_turn


@pytest.mark.parametrize(
    ("args", "field", "sentence"),
    [
        ({"do": "fly"}, "do", "That is not a step of the walkthrough."),
        ({"key": "JK"}, "key", "Jokers are not in play"),
        ({"key": "Z"}, "key", "is not a card"),
        ({"opick": "3:9"}, "opick", "There is no such card among the opponents'."),
        ({"do": "last"}, "do", "the hole ends as soon as someone goes out"),
    ],
)
def test_a_tap_that_cannot_be_made_is_refused_with_its_field(args, field, sentence):
    with pytest.raises(CaddieError, match=sentence) as info:
        walked(args)
    assert info.value.field == field


def test_the_tally_hand_takes_taps_and_refuses_too_many_copies():
    hand = TallyHand.blank(6).key("K", RULES, 1).key("K", RULES, 1).pick(5).key("K", RULES, 1)
    assert hand.cards == ["K", "K", None, None, None, "K"] and hand.sel == 2
    hand = hand.key("K", RULES, 1)
    with pytest.raises(CaddieError, match="5 Kings") as info:
        hand.key("K", RULES, 1)
    assert info.value.field == "keypad"
    assert hand.pick(0).erase().cards[0] is None
    assert TallyHand.typed("K 5 7 K 3 9", 6, RULES, 1) == TallyHand(["K", "5", "7", "K", "3", "9"], 5)


def test_the_club_tally_takes_taps_and_refuses_a_card_the_decks_have_no_more_of():
    from caddie.core.clubs.hand import TallyPlay
    from caddie.core.clubs.scoring import ClubRules

    rules = ClubRules()
    play = TallyPlay([]).add(250, rules, 1)
    with pytest.raises(CaddieError) as info:
        play.add(250, rules, 1)  # one deck holds one 250
    assert info.value.field == "card_keys" and play.cards == [250]
    assert play.remove(0).cards == [] and play.remove(5).cards == [250]
    with pytest.raises(CaddieError) as info:
        TallyPlay.typed("250 seven", rules, 1)
    assert info.value.field == "typed"


# -- fewer taps: the advice's own keypad, the others' turns in one step ---------------------------

FLIP = Rules(discard_flip=True)


def test_the_flip_keypad_fills_the_advised_slot():
    walk = walked({"key": "9", "plan": "flip:4"})
    assert walk.grid == [None, None, None, None, "9", None]
    walk = walked({"key": "9", "plan": "flip:9"})  # a plan that is no place: the first face-down card
    assert walk.grid[0] == "9"


def test_at_the_advice_a_card_tapped_is_the_one_drawn_from_the_deck():
    walk = Walk(size=6, grid=["K", "5", None, None, None, None], step="advice", discard="9", pile=["9"])
    walk = walked({"key": "3"}, walk=walk)
    assert (walk.step, walk.drawn, walk.drawn_from) == ("place", "3", "deck")


def test_the_advised_swap_over_a_face_down_card_takes_one_tap_the_card_found_there():
    walk = Walk(
        size=6,
        grid=["K", "5", None, None, None, None],
        step="place",
        discard="9",
        pile=["9"],
        drawn="3",
        drawn_from="deck",
    )
    walk = walked({"key": "Q", "plan": "swap:4"}, walk=walk)
    assert walk.grid[4] == "3" and walk.pile == ["9", "Q"] and walk.step == "wait"


def test_the_advised_discard_and_forced_flip_take_one_tap():
    walk = Walk(
        size=6,
        grid=["K", "5", None, None, None, None],
        step="place",
        discard="9",
        pile=["9"],
        drawn="J",
        drawn_from="deck",
    )
    walk = walked({"key": "4", "plan": "discard:5"}, walk=walk, rules=FLIP)
    assert walk.grid[5] == "4" and walk.pile == ["9", "J"] and walk.step == "wait"


def test_any_legal_move_can_be_recorded_instead_of_the_advice():
    # a 9 drawn from the deck: whatever the caddie says, it can go into any of the six places
    start = Walk(
        size=6,
        grid=["K", "5", None, None, None, None],
        step="place",
        discard="4",
        pile=["4"],
        drawn="9",
        drawn_from="deck",
    )
    for position in range(6):
        walk = walked({"do": f"swap:{position}"}, walk=start)
        assert walk.grid[position] == "9"
        assert walk.step == ("reveal" if position >= 2 else "wait")
    # or be discarded, and under the discard flip the person says which card they turned up
    walk = walked({"do": "discard"}, walk=start, rules=FLIP)
    assert (walk.step, walk.slot, walk.pile) == ("reveal", None, ["4", "9"])
    with pytest.raises(CaddieError, match="Tap the card you turned up first"):
        walked({"key": "7"}, walk=walk, rules=FLIP)
    walk = walked({"pick": "3"}, {"key": "7"}, walk=walk, rules=FLIP)
    assert walk.grid[3] == "7" and walk.step == "wait"
    # a card taken from the discard pile must go into the grid
    taken = replace(start, drawn_from="discard")
    with pytest.raises(CaddieError, match="must go into your grid"):
        walked({"do": "discard"}, walk=taken)


def test_an_opponents_turn_is_one_step_that_ends_with_the_new_discard():
    waiting = Walk(
        size=6,
        grid=["K", "5", "3", None, None, None],
        step="wait",
        discard="7",
        pile=["7"],
        opponents=[["Q", None, None, None, None, None]],
    )
    # they drew and threw an 8: one tap
    walk = walked({"key": "8"}, walk=waiting)
    assert (walk.step, walk.discard, walk.pile) == ("advice", "8", ["7", "8"])
    # they put a 2 over their Queen: the Queen is the new discard, two taps
    walk = walked({"opick": "0:0"}, {"key": "2"}, walk=waiting)
    assert walk.opponents[0][0] == "2" and (walk.step, walk.discard, walk.pile) == ("advice", "Q", ["7", "Q"])
    # they took your 7 over a face-down card: what they threw is asked for
    walk = walked({"opick": "0:3"}, {"key": "7"}, walk=waiting)
    assert walk.opponents[0][3] == "7" and walk.pile == [] and walk.step == "thrown"
    walk = walked({"key": "J"}, walk=walk)
    assert (walk.step, walk.discard, walk.pile) == ("advice", "J", ["J"])


def test_with_two_opponents_each_has_a_turn_then_yours():
    walk = Walk(
        size=6,
        grid=["K", "5", "3", None, None, None],
        step="wait",
        discard="7",
        pile=["7"],
        opponents=[[None] * 6, [None] * 6],
    )
    walk = walked({"key": "8"}, walk=walk)
    assert (walk.step, walk.turn) == ("wait", 1)
    assert walk.to_args()["turn"] == 1
    walk = walked({"key": "9"}, walk=walk)
    assert (walk.step, walk.turn, walk.pile) == ("advice", 0, ["7", "8", "9"])


def test_an_opponent_going_out_ends_the_hole_at_once_under_the_immediate_rule():
    walk = Walk(
        size=4, grid=["K", None, "3", None], step="wait", discard="7", pile=["7"], opponents=[["A", "A", "4", None]]
    )
    walk = walked({"opick": "0:3"}, {"key": "5"}, walk=walk)
    assert walk.step == "final" and walk.opponents[0] == ["A", "A", "4", "5"]
    walk = Walk(
        size=4, grid=["K", None, "3", None], step="wait", discard="7", pile=["7"], opponents=[["A", "A", "4", None]]
    )
    walk = walked({"opick": "0:3"}, {"key": "5"}, walk=walk, rules=Rules(cards=4, end="final_turn"))
    assert walk.step == "thrown" and walk.last_turn


def test_a_fresh_walk_sits_with_the_tables_opponents():
    walk, _ = Walk.from_args({}, 6, default_opponents=2)
    assert walk.opponents == [[None] * 6, [None] * 6]
    walk, _ = Walk.from_args({"grid": "K,,,,,"}, 6, default_opponents=2)
    assert walk.opponents == []  # a walk under way keeps what its URL says
