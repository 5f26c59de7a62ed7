"""A Club Cards round: the deal, plays, draws, refills, views and storage."""

from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from caddie.core.clubs.game import (
    NEXT,
    VIEW_KEYS,
    ClubAction,
    ClubRound,
    IllegalAction,
    greedy,
    play_round,
    unseen_cards,
)
from caddie.core.clubs.scoring import DEFAULT_DECK, HAND_SIZE, ClubRules
from caddie.core.clubs.solver import all_plays, solve
from caddie.core.courses.course import SAMPLE_COURSES, Course, Hole
from caddie.core.errors import CaddieError
from caddie.core.shuffle import shuffle

PINES = SAMPLE_COURSES["whistling-pines"]
CEDAR = SAMPLE_COURSES["cedar-nine"]


def full_deck(decks=1):
    return Counter(DEFAULT_DECK * decks)


def random_strategy(seed):
    """A legal but careless player: any play within two strokes of the best."""
    rng = random.Random(seed)

    def strategy(hand, hole_index, course, view):
        yardage = course.holes[hole_index].yardage
        best = solve(hand, yardage)
        if not best.reached:
            return list(hand)
        return list(rng.choice(all_plays(hand, yardage, max_score=best.score + 2)[:20]).cards)

    return strategy


def step_through(rnd, strategies, each=None):
    """Play ``rnd`` to the end, calling ``each(rnd)`` after every action."""
    while not rnd.is_over:
        if rnd.phase == "hole_over":
            rnd.apply(NEXT, 0)
        else:
            seat = rnd.current
            cards = strategies[seat](list(rnd.hands[seat]), rnd.hole - 1, rnd.course, rnd.view(seat))
            rnd.apply(ClubAction.play(cards), seat)
        if each:
            each(rnd)
    return rnd


# -- the deal -------------------------------------------------------------------------------------


@pytest.mark.parametrize("players, decks", [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)])
def test_deal(players, decks):
    rnd = ClubRound.new(PINES, [f"P{i}" for i in range(players)], seed=9)
    assert rnd.decks == decks
    assert all(len(hand) == HAND_SIZE for hand in rnd.hands)
    assert all(hand == sorted(hand, reverse=True) for hand in rnd.hands)
    assert len(rnd.pile) == 51 * decks - HAND_SIZE * players
    assert rnd.discard == [] and rnd.hole == 1 and rnd.order == list(range(players))
    assert rnd.phase == "play" and rnd.current == 0 and rnd.yardage == 392 and rnd.par == 4
    assert rnd.cards_in_play() == full_deck(decks)


def test_the_deal_goes_round_the_table_one_card_at_a_time():
    rnd = ClubRound.new(PINES, ["Ann", "Bo"], seed=4)
    cards = sorted(DEFAULT_DECK)
    shuffle(cards, 4, "club-cards/0")
    top = cards[::-1]
    assert rnd.hands[0] == sorted(top[0:28:2], reverse=True)
    assert rnd.hands[1] == sorted(top[1:28:2], reverse=True)
    assert rnd.pile == cards[:-28]


@pytest.mark.parametrize(
    "names, field",
    [
        ([], "names"),
        (["a"] * 9, "names"),
        (["Ann", "ann"], "names"),
        (["Ann", " "], "names"),
        (["x" * 41], "names"),
        ("Ann", "names"),
    ],
)
def test_new_refuses_bad_tables(names, field):
    with pytest.raises(CaddieError) as info:
        ClubRound.new(PINES, names, seed=1)
    assert info.value.field == field


def test_new_refuses_a_bad_seed_course_or_rules():
    with pytest.raises(CaddieError) as info:
        ClubRound.new(PINES, ["Ann"], seed="1")
    assert info.value.field == "seed"
    with pytest.raises(CaddieError) as info:
        ClubRound.new(PINES.to_dict(), ["Ann"], seed=1)
    assert info.value.field == "course"
    with pytest.raises(CaddieError) as info:
        ClubRound.new(PINES, ["Ann"], seed=1, rules={"deck": [1] * 14})
    assert info.value.field == "rules"


def test_new_refuses_decks_too_short_for_the_course():
    tiny = ClubRules(deck=tuple([10] * 30))
    with pytest.raises(CaddieError) as info:
        ClubRound.new(CEDAR, ["Ann", "Bo"], seed=1, rules=tiny)
    assert info.value.field == "course"
    # 16 cards of 10 yards reach 160: enough for a course of 155-yard holes, two players
    short_course = Course("Pitch", "Red", tuple(Hole(155, 3) for _ in range(9)))
    assert ClubRound.new(short_course, ["Ann", "Bo"], seed=1, rules=tiny).decks == 1


# -- card conservation, determinism, storage ----------------------------------------------------


@pytest.mark.parametrize("players, seed", [(1, 1), (2, 2), (3, 3), (4, 4)])
def test_every_card_is_in_exactly_one_place_after_every_action(players, seed):
    strategies = [greedy if i % 2 == 0 else random_strategy(seed + i) for i in range(players)]
    rnd = ClubRound.new(PINES, [f"P{i}" for i in range(players)], seed=seed)
    deck = full_deck(rnd.decks)
    seen = {"steps": 0}

    def check(r):
        seen["steps"] += 1
        assert r.cards_in_play() == deck
        r.check()
        if r.phase != "round_over":
            assert all(len(h) == HAND_SIZE for h in r.hands) or r.phase == "play"

    step_through(rnd, strategies, check)
    assert seen["steps"] == 18 * players + 17
    assert len(rnd.hole_scores) == 18 and rnd.phase == "round_over" and rnd.current is None
    assert rnd.totals == [sum(h[s] for h in rnd.hole_scores) for s in range(players)]


def test_hole_scores_follow_the_chart():
    rnd = ClubRound.new(PINES, ["Ann", "Bo"], seed=12)
    hand = list(rnd.hands[0])
    play = solve(hand, rnd.yardage)
    event = rnd.apply(ClubAction.play(list(play.cards)), 0)
    assert rnd.scores[0] == play.score and rnd.played[0] == list(play.cards)
    assert event.kind == "play" and event.seat == 0 and event.cards == play.cards
    assert str(play.score) in event.text
    assert rnd.hands[0] == sorted((Counter(hand) - Counter(play.cards)).elements(), reverse=True)


def test_same_seed_same_round_and_different_seeds_differ():
    a = play_round(PINES, [greedy, random_strategy(1)], seed=77)
    b = play_round(PINES, [greedy, random_strategy(1)], seed=77)
    c = play_round(PINES, [greedy, random_strategy(1)], seed=78)
    assert a.to_dict() == b.to_dict()
    assert a.to_dict() != c.to_dict()


def test_to_dict_round_trips_at_every_step():
    rnd = ClubRound.new(CEDAR, ["Ann", "Bo", "Cy"], seed=5)

    def check(r):
        data = json.loads(json.dumps(r.to_dict()))
        again = ClubRound.from_dict(data)
        assert again.to_dict() == r.to_dict()
        assert again.view(1) == r.view(1)

    check(rnd)
    step_through(rnd, [greedy, greedy, random_strategy(3)], check)


@pytest.mark.parametrize(
    "tamper",
    [
        lambda d: d["hands"][0].append(250),  # a card too many
        lambda d: d["pile"].pop(),  # a card lost
        lambda d: d.update(hands=[d["hands"][0], d["hands"][0]]),  # copies a hand
        lambda d: d.update(phase="teeing"),
        lambda d: d.update(format=99),
        lambda d: d.update(order=[0, 0]),
        lambda d: d.pop("pile"),
        lambda d: d.update(scores=[4, None]),  # a score for a play not made
    ],
)
def test_from_dict_refuses_a_round_that_does_not_add_up(tamper):
    data = ClubRound.new(PINES, ["Ann", "Bo"], seed=3).to_dict()
    tamper(data)
    with pytest.raises(CaddieError) as info:
        ClubRound.from_dict(data)
    assert info.value.field == "round"


# -- order of play and drawing back ------------------------------------------------------------------


def play_with_score(rnd, seat, score):
    """Some play of ``seat``'s hand that scores exactly ``score`` on this hole."""
    for p in all_plays(rnd.hands[seat], rnd.yardage, max_score=score):
        if p.score == score:
            rnd.apply(ClubAction.play(list(p.cards)), seat)
            return p
    raise AssertionError(f"no play scoring {score}")


def test_lowest_score_draws_first_and_plays_first_ties_keep_the_order():
    rnd = ClubRound.new(PINES, ["P0", "P1", "P2"], seed=21)
    best = [solve(rnd.hands[s], rnd.yardage).score for s in range(3)]
    low = max(best[1], best[2])
    target = [low + 2, low, low]  # seat 0 worst; seats 1 and 2 tie
    pile_before = list(rnd.pile)
    plays = [play_with_score(rnd, s, target[s]) for s in range(3)]
    assert rnd.phase == "hole_over"
    expected_order = [1, 2, 0]  # the lowest first; 1 and 2 tie and keep their order
    assert rnd.order == expected_order
    # draws come off the top of the pile (its end) in that order
    top = pile_before[::-1]
    at = 0
    for seat in expected_order:
        need = len(plays[seat].cards)
        assert rnd.drawn[seat] == top[at : at + need]
        at += need
    assert all(len(h) == HAND_SIZE for h in rnd.hands)
    assert rnd.discard == [c for s in range(3) for c in plays[s].cards]  # in playing order
    rnd.apply(NEXT, 0)
    assert rnd.hole == 2 and rnd.current == expected_order[0] and rnd.scores == [None] * 3


def test_equal_scores_keep_the_previous_order():
    rnd = ClubRound.new(PINES, ["Ann", "Bo"], seed=8)
    rnd.order = [1, 0]  # as if Bo had won the hole before
    score = max(solve(rnd.hands[s], rnd.yardage).score for s in (0, 1)) + 1
    play_with_score(rnd, 1, score)
    play_with_score(rnd, 0, score)
    assert rnd.order == [1, 0]


def test_no_draws_after_the_last_hole():
    rnd = ClubRound.new(CEDAR, ["Ann"], seed=2)
    step_through(rnd, [greedy])
    assert rnd.phase == "round_over" and len(rnd.hands[0]) < HAND_SIZE and rnd.drawn == [[]]


# -- the pile runs out ------------------------------------------------------------------------------


def test_an_empty_pile_is_refilled_from_the_discard_pile():
    rnd = ClubRound.new(PINES, ["Ann", "Bo"], seed=31)
    # move all but one card of the pile to the discard pile (as if many holes had been played)
    rnd.discard, rnd.pile = rnd.pile[:-1], rnd.pile[-1:]
    old_discard, last = list(rnd.discard), rnd.pile[-1]
    plays = [solve(rnd.hands[s], rnd.yardage) for s in (0, 1)]
    rnd.apply(ClubAction.play(list(plays[0].cards)), 0)
    event = rnd.apply(ClubAction.play(list(plays[1].cards)), 1)
    assert rnd.refills == 1
    assert "shuffled into a new pile" in rnd.log[-1].text and event.kind == "play"
    # the refill is the whole discard pile at that moment (including this hole's cards), shuffled
    everything = old_discard + list(plays[0].cards) + list(plays[1].cards)
    drawn = sum(len(d) for d in rnd.drawn)
    assert rnd.drawn[rnd.order[0]][0] == last  # the old pile's last card goes first
    assert Counter(rnd.pile) + Counter(c for d in rnd.drawn for c in d) == Counter(everything) + Counter([last])
    assert rnd.discard == []
    assert drawn == len(plays[0].cards) + len(plays[1].cards)
    assert rnd.cards_in_play() == full_deck()
    # deterministic: the same again
    again = ClubRound.new(PINES, ["Ann", "Bo"], seed=31)
    again.discard, again.pile = again.pile[:-1], again.pile[-1:]
    again.apply(ClubAction.play(list(plays[0].cards)), 0)
    again.apply(ClubAction.play(list(plays[1].cards)), 1)
    assert again.to_dict() == rnd.to_dict()


def test_a_short_hand_plays_everything_then_turns_cards_from_the_pile():
    rnd = ClubRound.new(PINES, ["Ann", "Bo"], seed=6)
    # Ann holds the short game (280 yards), Bo long cards; 50 then 200 on top of the pile
    short = [45, 40, 35, 30, 25, 20, 18, 15, 12, 10, 9, 8, 7, 6]
    long = [250, 245, 240, 235, 230, 225, 220, 215, 210, 195, 190, 185, 180, 175]
    rest = Counter(DEFAULT_DECK) - Counter(short) - Counter(long)
    rnd.hands = [short, long]
    rnd.pile = [c for c in sorted(rest.elements()) if c not in (50, 200)] + [200, 50]
    assert rnd.cards_in_play() == full_deck()
    with pytest.raises(IllegalAction) as info:
        rnd.apply(ClubAction.play([45, 40]), 0)
    assert info.value.field == "cards" and "every card" in info.value.message
    event = rnd.apply(ClubAction.play(short), 0)
    # 280 yards in hand; 50 then 200 turned: 530 on a 392, 138 over
    assert rnd.turned[0] == [50, 200]
    assert rnd.scores[0] == 14 + 2 + 5
    assert "turned 50 and 200" in event.text and event.cards[-2:] == (50, 200)
    rnd.apply(ClubAction.play(list(solve(rnd.hands[1], rnd.yardage).cards)), 1)
    assert len(rnd.hands[0]) == HAND_SIZE and rnd.cards_in_play() == full_deck()


def test_with_pile_and_discard_empty_the_cards_played_on_the_hole_are_turned():
    rnd = ClubRound.new(PINES, ["Ann", "Bo"], seed=6)
    everything = Counter(DEFAULT_DECK)
    bo = [18, 15, 12, 10, 9, 8, 7, 6, 5, 4, 3]
    everything.subtract(bo)
    rnd.hands = [sorted(everything.elements(), reverse=True), sorted(bo, reverse=True)]
    rnd.pile, rnd.discard = [], []
    rnd.check()
    rnd.apply(ClubAction.play([250, 145]), 0)  # 395 on the 392
    event = rnd.apply(ClubAction.play(bo), 1)
    assert "cards played on this hole were shuffled" in event.text
    assert rnd.hole_scores[-1][0] == 3 and rnd.hole_scores[-1][1] >= len(bo) + 1
    assert rnd.cards_in_play() == full_deck()


# -- refusals ------------------------------------------------------------------------------------------


def test_illegal_actions_change_nothing():
    rnd = ClubRound.new(PINES, ["Ann", "Bo"], seed=10)
    before = rnd.to_dict()
    hand = rnd.hands[0]
    missing = next(c for c in DEFAULT_DECK if c not in hand)
    cases = [
        (ClubAction.play(hand[:1]), 1, "seat"),  # not Bo's turn
        (ClubAction.play([missing]), 0, "cards"),  # not in the hand
        (ClubAction.play([hand[-1], hand[-1]]), 0, "cards"),  # one copy only
        (ClubAction.play([hand[-1]]), 0, "cards"),  # short of the yardage
        (NEXT, 0, "action"),  # the hole is on
        (ClubAction.play(hand[:3]), 7, "seat"),
        ("play", 0, "action"),
    ]
    for action, seat, field in cases:
        with pytest.raises(IllegalAction) as info:
            rnd.apply(action, seat)
        assert info.value.field == field, (action, seat)
        assert rnd.to_dict() == before
    rnd.apply(ClubAction.play(list(solve(hand, 392).cards)), 0)
    rnd.apply(ClubAction.play(list(solve(rnd.hands[1], 392).cards)), 1)
    with pytest.raises(IllegalAction) as info:
        rnd.apply(ClubAction.play(rnd.hands[0][:3]), 0)
    assert info.value.field == "action"


def test_actions_refuse_bad_shapes():
    with pytest.raises(IllegalAction):
        ClubAction("swing")
    with pytest.raises(IllegalAction):
        ClubAction.play([])
    with pytest.raises(IllegalAction):
        ClubAction.play(["250"])
    with pytest.raises(IllegalAction):
        ClubAction("next", (250,))
    with pytest.raises(IllegalAction):
        ClubAction.from_dict({"cards": [250]})
    assert ClubAction.from_dict({"kind": "play", "cards": [3, 250]}).to_dict() == {"kind": "play", "cards": [250, 3]}


def test_the_round_is_over_after_the_last_hole():
    rnd = play_round(CEDAR, [greedy, greedy], seed=1)
    assert rnd.legal_kinds() == [] and rnd.is_over
    with pytest.raises(IllegalAction):
        rnd.apply(NEXT, 0)
    assert "wins the round" in rnd.log[-1].text or "share the round" in rnd.log[-1].text


# -- what a player may know -----------------------------------------------------------------------------


def test_a_view_shows_the_own_hand_and_the_pile_count_only():
    rnd = ClubRound.new(PINES, ["Ann", "Bo"], seed=14)
    view = rnd.view(0)
    assert set(view) == set(VIEW_KEYS)
    assert view["hand"] == rnd.hands[0] and view["pile_count"] == len(rnd.pile)
    text = json.dumps(view)
    assert 'pile"' not in text.replace("pile_count", "")
    for player in view["players"]:
        assert set(player) == {"seat", "name", "cards_in_hand", "played", "turned", "score", "holes", "total"}
    assert rnd.view(None)["hand"] is None


def test_a_view_does_not_change_with_the_pile_order_or_the_other_hands():
    rnd = ClubRound.new(PINES, ["Ann", "Bo", "Cy"], seed=15)
    for seat in (0, 1):
        rnd.apply(ClubAction.play(list(solve(rnd.hands[seat], rnd.yardage).cards)), seat)
    other = ClubRound.from_dict(rnd.to_dict())
    # reshuffle the pile, and swap Cy's hand with pile cards: Ann must not be able to tell
    pool = other.pile + other.hands[2]
    random.Random(1).shuffle(pool)
    other.hands[2], other.pile = sorted(pool[:HAND_SIZE], reverse=True), pool[HAND_SIZE:]
    other.check()
    assert other.view(0) == rnd.view(0)
    assert other.view(1) == rnd.view(1)
    assert other.view(2) != rnd.view(2)


def test_drawn_cards_are_shown_only_to_their_owner():
    rnd = ClubRound.new(CEDAR, ["Ann", "Bo"], seed=0)
    for seat in (0, 1):
        rnd.apply(ClubAction.play(list(solve(rnd.hands[seat], rnd.yardage).cards)), seat)
    assert rnd.view(0)["drawn"] == rnd.drawn[0] and rnd.view(1)["drawn"] == rnd.drawn[1]
    hole_event = rnd.log[-1]
    assert hole_event.kind == "hole" and hole_event.cards == ()
    for card in rnd.drawn[1]:
        assert str(card) not in hole_event.text.split(":")[-1].replace(f"Ann {rnd.hole_scores[0][0]}", "")


def test_unseen_cards_from_a_view():
    rnd = ClubRound.new(PINES, ["Ann"], seed=17)
    step = 0
    while not rnd.is_over and step < 12:
        view = rnd.view(0)
        if rnd.phase == "play":
            assert Counter(unseen_cards(view)) == Counter(rnd.pile)  # alone at the table: exactly the pile
            rnd.apply(ClubAction.play(greedy(rnd.hands[0], rnd.hole - 1, PINES, view)), 0)
        else:
            rnd.apply(NEXT, 0)
        step += 1


def test_play_round_hands_strategies_their_own_view():
    calls = []

    def spy(hand, hole_index, course, view):
        calls.append((hole_index, view["seat"], view["yardage"]))
        assert view["hand"] == hand and course is CEDAR
        assert view["current"] == view["seat"]
        return greedy(hand, hole_index, course, view)

    rnd = play_round(CEDAR, [spy, spy], seed=3, names=["Ann", "Bo"])
    assert len(calls) == 18
    assert [c[0] for c in calls] == [h for h in range(9) for _ in range(2)]
    assert all(y == CEDAR.holes[h].yardage for h, _, y in calls)
    assert rnd.names == ["Ann", "Bo"]


def test_events_stored_before_they_kept_their_action_still_read():
    from caddie.core.game import Event

    stored = {"seat": 1, "kind": "play", "cards": [160, 250], "text": "Bo played 250 and 160.", "hole": 2}
    event = Event.from_dict(stored, ClubAction.from_dict)
    assert event.kind == "play" and event.action == ClubAction.play([250, 160]) and event.cards == (160, 250)
    assert Event.from_dict(event.to_dict(), ClubAction.from_dict) == event
    ending = Event.from_dict(
        {"seat": None, "kind": "hole", "cards": [], "text": "Over.", "hole": 2}, ClubAction.from_dict
    )
    assert ending.kind == "hole" and ending.action is None


# -- in the person's words: "You" reads in the second person (docs/club-cards.md, "Plain words") ---------


def short_hand_round(names):
    """Hole 1 of Whistling Pines with the first player short of its 392 yards (280 in hand), 50 then 200 next."""
    rnd = ClubRound.new(PINES, names, seed=6)
    short = [45, 40, 35, 30, 25, 20, 18, 15, 12, 10, 9, 8, 7, 6]
    long = [250, 245, 240, 235, 230, 225, 220, 215, 210, 195, 190, 185, 180, 175]
    rest = Counter(DEFAULT_DECK) - Counter(short) - Counter(long)
    rnd.hands = [short, long]
    rnd.pile = [c for c in sorted(rest.elements()) if c not in (50, 200)] + [200, 50]
    return rnd, short


def test_a_short_hand_reads_your_whole_hand_for_you_and_the_name_for_anyone_else():
    rnd, short = short_hand_round(["You", "Bo"])
    text = rnd.apply(ClubAction.play(short), 0).text
    assert text.startswith("Your whole hand reached only 280 of 392 yards: you played all 14 cards and turned 50")
    rnd, short = short_hand_round(["Ann", "Bo"])
    text = rnd.apply(ClubAction.play(short), 0).text
    assert text.startswith("Ann's whole hand reached only 280 of 392 yards: Ann played all 14 cards and turned 50")


@pytest.mark.parametrize("you", [0, 1])
def test_the_next_hole_and_the_winner_read_you_play_first_and_you_win(you):
    names = ["Bo", "Cy"]
    names[you] = "You"
    rnd = ClubRound.new(CEDAR, names, seed=5)
    best = [solve(rnd.hands[s], rnd.yardage).score for s in (0, 1)]
    worst = max(best) + 1
    for seat in rnd.order:  # the person takes the hole, the other plays worse than either's best
        play_with_score(rnd, seat, max(best) if seat == you else worst)
    event = rnd.apply(NEXT, 0)
    assert event.text.endswith(": you play first.")
    rnd.hole_scores = [[1, 9] if you == 0 else [9, 1]] * (rnd.holes - 1)  # as if the person won every hole
    rnd.hole, rnd.phase = rnd.holes, "play"
    rnd.check()
    for seat in list(rnd.order):
        rnd.apply(ClubAction.play(list(solve(rnd.hands[seat], rnd.yardage).cards)), seat)
    assert rnd.is_over and min(rnd.totals) == rnd.totals[you] < max(rnd.totals)
    assert rnd.log[-1].text.endswith(f" You win the round with {rnd.totals[you]}.")


def test_other_names_keep_the_third_person():
    rnd = ClubRound.new(CEDAR, ["Ann", "Bo"], seed=5)
    for seat in rnd.order:
        rnd.apply(ClubAction.play(list(solve(rnd.hands[seat], rnd.yardage).cards)), seat)
    first = rnd.names[rnd.order[0]]
    assert rnd.apply(NEXT, 0).text.endswith(f": {first} plays first.")
    done = play_round(CEDAR, [greedy, greedy], seed=1, names=["Ann", "Bo"])
    assert re.search(r" (Ann|Bo) wins the round with \d+\.$| Ann and Bo share the round with \d+\.$", done.log[-1].text)
