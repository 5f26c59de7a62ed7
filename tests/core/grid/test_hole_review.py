"""The caddie's review of a digital hole: the decisions it would have made differently, and their cost."""

from __future__ import annotations

import json
import random

import pytest

from caddie.core.grid.caddie import decide
from caddie.core.grid.game import DECISION_LIMIT, DISCARD, DRAW, TAKE, Action, GridMatch
from caddie.core.grid.players import choose
from caddie.core.grid.review import HoleReview, review_hole
from caddie.core.grid.rules import Rules


def put(m: GridMatch, where: tuple, card: str) -> None:
    """Make ``card`` sit at ``where`` (("grid", seat, p), ("drawn",)), swapping it with a copy found
    elsewhere (the deck, another grid), so the match still holds every card exactly once."""

    def get(place):
        if place[0] == "grid":
            return m.grids[place[1]][place[2]]
        if place[0] == "deck":
            return m.deck[place[1]]
        return m.drawn

    def set_(place, value):
        if place[0] == "grid":
            m.grids[place[1]][place[2]] = value
        elif place[0] == "deck":
            m.deck[place[1]] = value
        else:
            m.drawn = value

    if get(where) == card:
        return
    places = [("deck", i) for i in range(len(m.deck))]
    places += [("grid", s, p) for s in range(m.players) for p in range(m.rules.cards) if not m.face_up[s][p]]
    source = next(pl for pl in places if pl != where and get(pl) == card)
    set_(source, get(where))
    set_(where, card)


def blunder_match() -> GridMatch:
    """I hold a 2 drawn from the deck; my left column is a 10 over a Q (20 points)."""
    m = GridMatch.new(Rules(initial_flips=0, holes=1), ["Me", "Cpu"], seed=21)
    for p, card in ((0, "10"), (3, "Q")):
        put(m, ("grid", 0, p), card)
        m.face_up[0][p] = True
    m.apply(DRAW, 0)
    put(m, ("drawn",), "2")
    m.check()
    return m


def test_discarding_a_drawn_2_for_a_10_column_costs_points():
    m = blunder_match()
    m.apply_recorded(DISCARD, 0, seed="x")
    review = review_hole(m.decisions, random.Random(7))
    assert review.hole == 1 and review.considered == 1
    [item] = review.items
    assert item.did == "You discarded the 2"
    assert item.caddie.startswith("the caddie would have put it into the ")
    assert item.cost > 2 and item.your_score > item.caddie_score
    assert item.text == f"{item.did}; {item.caddie}."
    assert review.total == item.cost


def test_following_the_caddie_gives_an_empty_review():
    for rules in (Rules(holes=1), Rules(holes=1, cards=4, end="final_turn", discard_flip=True, initial_flips=1)):
        m = GridMatch.new(rules, ["Me", "Cpu"], seed=5)
        rng = random.Random(3)
        while m.phase in ("flip", "turn"):
            seat = m.current
            if seat == 0:
                seed = f"me:{len(m.decisions)}"
                m.apply_recorded(decide(m.view(0), random.Random(seed)).action, 0, seed=seed)
            else:
                m.apply(choose(m.view(seat, events=False), "steady", rng), seat)
        review = review_hole(m.decisions, random.Random(1))
        assert review.considered > 2
        assert review.items == () and review.total == 0


def careless_hole(rules: Rules, seed: int) -> GridMatch:
    m = GridMatch.new(rules, ["Me", "Cpu", "Bot"], seed=seed)
    rng = random.Random(seed)
    while m.phase in ("flip", "turn"):
        seat = m.current
        if seat == 0:
            m.apply_recorded(choose(m.view(0, events=False), "beginner", rng), 0)
        else:
            m.apply(choose(m.view(seat, events=False), "steady", rng), seat)
    return m


@pytest.mark.parametrize("rules", [Rules(holes=1), Rules(holes=1, cards=8, discard_flip=True, end="final_turn")])
def test_a_careless_hole_lists_its_costs_biggest_first_and_the_same_every_time(rules):
    m = careless_hole(rules, 4)
    review = review_hole(m.decisions, random.Random(9))
    assert review.items, "a beginner's hole has something to learn from"
    costs = [item.cost for item in review.items]
    assert costs == sorted(costs, reverse=True) and all(c >= 0.1 for c in costs)
    assert review.total == round(sum(costs), 1)
    for item in review.items:
        assert item.did.startswith("You ") and item.caddie.startswith("the caddie would have ")
    again = review_hole(json.loads(json.dumps(m.decisions)), random.Random(9))
    assert again == review
    assert HoleReview.from_dict(json.loads(json.dumps(review.to_dict()))) == review


def take_match(top: str) -> GridMatch:
    """My left column is a 10 over a Q; ``top`` is on the discard pile."""
    m = GridMatch.new(Rules(initial_flips=0, holes=1), ["Me", "Cpu"], seed=21)
    for p, card in ((0, "10"), (3, "Q")):
        put(m, ("grid", 0, p), card)
        m.face_up[0][p] = True
    put(m, ("deck", len(m.deck) - 1), top)  # the top of the deck becomes the discard's card ...
    m.deck[-1], m.discard[-1] = m.discard[-1], m.deck[-1]  # ... and they change places
    m.check()
    return m


def test_a_take_and_its_swap_are_one_move():
    m = take_match("9")
    m.apply_recorded(TAKE, 0)
    m.apply_recorded(Action.swap(5), 0)  # a 9 over a face-down card: the caddie draws instead
    review = review_hole(m.decisions, random.Random(2))
    assert review.considered == 1
    [item] = review.items
    assert item.did == "You took the 9 into the bottom-right, over a face-down card"
    assert item.caddie.startswith("the caddie would have ")


def test_when_the_caddie_would_take_too_only_where_it_goes_is_in_question():
    m = take_match("2")
    m.apply_recorded(TAKE, 0)
    m.apply_recorded(Action.swap(0), 0)  # the 2 over the 10: the caddie keeps it for a face-down card
    [item] = review_hole(m.decisions, random.Random(2)).items
    assert item.did == "You put the 2 into the top-left, replacing your 10"
    assert item.caddie.startswith("the caddie would have put it into the ")
    assert item.caddie.endswith(", over a face-down card") and item.cost > 0


def test_the_match_keeps_one_hole_of_decisions_and_old_matches_load():
    m = GridMatch.new(Rules(holes=2, initial_flips=0), ["Me", "Cpu"], seed=8)
    m.apply_recorded(DRAW, 0, seed="s")
    [kept] = m.decisions
    assert kept["action"] == {"kind": "draw", "position": None} and kept["seed"] == "s"
    assert kept["view"]["drawn"] is None and "events" not in kept["view"] and "totals" not in kept["view"]
    data = m.to_dict()
    assert GridMatch.from_dict(json.loads(json.dumps(data))).decisions == m.decisions
    old = {k: v for k, v in data.items() if k not in ("decisions", "review")}
    assert GridMatch.from_dict(old).decisions == [] and GridMatch.from_dict(old).review is None
    rng = random.Random(1)
    while m.phase != "hole_over":
        seat = m.current
        m.apply_recorded(choose(m.view(seat, events=False), "steady", rng), seat)
    assert 1 < len(m.decisions) <= DECISION_LIMIT
    m.review = {"hole": 1}
    m.next_hole()
    assert m.decisions == [] and m.review is None


def test_judging_moves_as_the_hole_goes_gives_the_same_review_as_judging_them_at_the_end():
    import copy

    from caddie.core.grid.review import judge_ready

    rng = random.Random(11)
    m = GridMatch.new(Rules(initial_flips=2, holes=1), ["Ann", "Cpu"], seed=21)
    while m.phase not in ("hole_over", "match_over"):
        seat = m.current
        if seat == 0:
            m.apply_recorded(rng.choice(m.legal_actions()), 0, seed=f"hint:{len(m.decisions)}")
            if m.phase not in ("hole_over", "match_over"):
                judge_ready(m.decisions, "review:x")  # as the match does after each of the person's moves
        else:
            m.apply(choose(m.view(seat, events=False), "steady", rng), seat)
    judged = sum("judged" in d for d in m.decisions)
    assert judged > 0, "moves were judged before the hole's end"
    fresh = [{k: v for k, v in d.items() if k != "judged"} for d in copy.deepcopy(m.decisions)]
    assert review_hole(m.decisions, "review:x") == review_hole(fresh, "review:x")
