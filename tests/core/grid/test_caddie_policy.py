"""The Caddie's policy: clear moves in hand-built positions, always legal under every
rules variant, deciding from the seat's view only, and explaining itself."""

from __future__ import annotations

import json
import random
from itertools import product

import pytest

from caddie.core.grid import caddie as caddie_policy
from caddie.core.grid.caddie import Decision, decide
from caddie.core.grid.game import DISCARD, DRAW, NEXT, TAKE, Action, GridMatch
from caddie.core.grid.players import LEVELS, choose
from caddie.core.grid.reference_players import greedy
from caddie.core.grid.rules import ENDS, NEGATIVE_PAIRS, NEGATIVES, Rules
from tests.core.grid.strategies import TWO_ROW_SIZES
from tests.core.grid.test_grid_game import permuted_hidden


def table(
    rules: Rules,
    mine: list,
    theirs: list,
    discard: list,
    drawn: str | None = None,
    drawn_from: str | None = None,
    **extra,
) -> dict:
    """A two-player view of seat 0, built by hand: grids with None face down."""
    view = GridMatch.new(rules, ["Me", "Rival"], seed=1).view(0)
    for player, grid in zip(view["players"], (mine, theirs)):
        player["grid"] = list(grid)
        player["face_up"] = [c is not None for c in grid]
    view["phase"] = "turn"
    view["discard"] = list(discard)
    view["drawn"], view["drawn_by"], view["drawn_from"] = drawn, (0 if drawn else None), drawn_from
    view["flips_left"] = 0
    if drawn is None:
        view["legal"] = [{"kind": "draw", "position": None}, {"kind": "take", "position": None}]
    else:
        view["legal"] = [Action.swap(p).to_dict() for p in range(rules.cards)]
        if drawn_from == "deck":
            view["legal"].append({"kind": "discard", "position": None})
    view.update(extra)
    return view


BICYCLE = Rules(king=0, end="final_turn", holes=1)
IMMEDIATE = Rules(king=0, holes=1)


def test_takes_a_discard_that_makes_a_pair_and_puts_it_under_its_match():
    view = table(BICYCLE, ["9", "5", None, None, None, None], ["K", "3", None, None, None, None], ["Q", "9"])
    decision = decide(view, random.Random(1))
    assert decision.action == TAKE
    assert decision.best.position == 3
    assert "9" in decision.explanation and "bottom-left" in decision.explanation
    assert "pairs your 9" in decision.explanation
    held = table(
        BICYCLE,
        ["9", "5", None, None, None, None],
        ["K", "3", None, None, None, None],
        ["Q"],
        drawn="9",
        drawn_from="discard",
    )
    assert decide(held, random.Random(1)).action == Action.swap(3)


def test_does_not_take_a_high_card_and_discards_a_useless_draw():
    view = table(BICYCLE, ["A", "2", None, None, None, None], ["K", "3", None, None, None, None], ["4", "Q"])
    decision = decide(view, random.Random(2))
    assert decision.action == DRAW
    assert decision.explanation.startswith("Draw from the deck")
    assert "Q" in decision.explanation
    # two pairs and a 3 showing, the rival nearly out and low: a J has nowhere to go
    drawn = table(
        BICYCLE, ["A", "2", "3", "A", "2", None], ["A", "4", "3", None, "4", None], ["5"], drawn="J", drawn_from="deck"
    )
    decision = decide(drawn, random.Random(2))
    assert decision.action == DISCARD
    assert decision.explanation.startswith("Discard the J")


def test_on_a_last_turn_a_low_card_goes_over_the_worst_card():
    view = table(
        BICYCLE,
        ["5", "Q", "3", "4", "6", None],
        ["K", "3", "A", "2", "4", "3"],
        ["8"],
        drawn="2",
        drawn_from="deck",
        went_out=1,
        final_turn=True,
        final_turns_left=1,
    )
    decision = decide(view, random.Random(3))
    assert decision.action == Action.swap(1)
    assert "replaces your Q" in decision.explanation and "top-middle" in decision.explanation


def test_goes_out_when_clearly_winning_under_immediate():
    view = table(
        IMMEDIATE,
        ["A", "2", "3", "2", "A", None],
        ["Q", "J", None, None, None, None],
        ["9"],
        drawn="K",
        drawn_from="deck",
    )
    decision = decide(view, random.Random(4))
    assert decision.action == Action.swap(5)
    assert "last card" in decision.explanation


def test_does_not_go_out_when_behind():
    for rules in (IMMEDIATE, BICYCLE):
        view = table(
            rules,
            ["J", "Q", "10", "9", "8", None],
            ["A", "A", "3", None, "4", None],
            ["6"],
            drawn="7",
            drawn_from="deck",
        )
        decision = decide(view, random.Random(5))
        assert decision.action != Action.swap(5), (rules.end, decision.explanation)
        assert decision.action in (Action.swap(0), Action.swap(1), Action.swap(2))  # a 7 for a J, Q or 10


def test_on_a_final_turn_it_plays_for_the_lowest_score():
    # someone went out; this is my last turn: the face-down card counts at its average
    view = table(
        BICYCLE,
        ["J", "Q", "10", "9", "8", None],
        ["A", "A", "3", "2", "4", "3"],
        ["6"],
        drawn="4",
        drawn_from="deck",
        went_out=1,
        final_turn=True,
        final_turns_left=1,
    )
    decision = decide(view, random.Random(6))
    assert decision.action in (Action.swap(0), Action.swap(1)), decision.explanation


def test_the_forced_flip_after_a_discard_turns_up_a_face_down_card():
    rules = Rules(king=0, discard_flip=True, holes=1)
    view = table(
        rules,
        ["4", None, None, "5", None, None],
        ["K", "3", None, None, None, None],
        ["9", "Q"],
        pending_flip=True,
        legal=[Action.flip(p).to_dict() for p in (1, 2, 4, 5)],
    )
    decision = decide(view, random.Random(7))
    assert decision.action.kind == "flip" and decision.action.position in (1, 2, 4, 5)
    # the discard option names the card to turn up
    held = table(
        rules,
        ["4", None, None, "5", None, None],
        ["K", "3", None, None, None, None],
        ["9"],
        drawn="Q",
        drawn_from="deck",
    )
    decision = decide(held, random.Random(7))
    assert decision.action == DISCARD
    assert decision.best.flip in (1, 2, 4, 5)
    assert "turn up" in decision.explanation


def test_initial_flips_turn_up_one_card_per_column():
    m = GridMatch.new(Rules(), ["Me", "Rival"], seed=3)
    first = decide(m.view(0), random.Random(8))
    assert first.action.kind == "flip" and len(first.plan) == 2
    assert first.plan[0] % 3 != first.plan[1] % 3
    assert "Turn up" in first.explanation
    m.apply(first.action, 0)
    second = decide(m.view(0), random.Random(8))
    assert second.action == Action.flip(first.plan[1])


def test_a_decision_lists_its_options_best_first_with_expected_scores():
    view = table(BICYCLE, ["9", "5", None, None, None, None], ["K", "3", None, None, None, None], ["Q", "9"])
    decision = decide(view, random.Random(9))
    assert isinstance(decision, Decision)
    values = [o.value for o in decision.options]
    assert values == sorted(values)
    assert decision.expected_score == decision.options[0].expected_score
    assert len({(o.action, o.position) for o in decision.options}) == len(decision.options) >= 2
    assert "On average this leaves you" in decision.explanation  # the margin it ranks on, not its own score


def test_it_is_a_registered_level_and_does_not_scribble_on_the_view():
    assert "caddie" in LEVELS and "greedy" in LEVELS
    m = GridMatch.new(Rules(initial_flips=0), ["Me", "Rival"], seed=11)
    view = m.view(0)
    frozen = json.dumps(view, sort_keys=True)
    action = choose(view, "caddie", random.Random(1))
    assert action in m.legal_actions()
    assert json.dumps(view, sort_keys=True) == frozen


def test_decisions_depend_only_on_what_the_seat_can_see():
    rng = random.Random(12)
    checked = 0
    for seed in range(24):
        rules = Rules(discard_flip=bool(seed % 2), end=ENDS[seed % 3 == 0], cards=(4, 6, 8)[seed % 3])
        m = GridMatch.new(rules, ["A", "B", "C"][: 2 + seed % 2], seed)
        for _ in range(rng.randrange(0, 30)):
            if m.phase not in ("turn", "flip"):
                break
            m.apply(rng.choice(m.legal_actions()), m.current)
        if m.current is None:
            continue
        twin = permuted_hidden(m, m.current, rng)
        mine = decide(m.view(m.current), random.Random(seed))
        theirs = decide(twin.view(twin.current), random.Random(seed))
        assert mine.action == theirs.action and mine.explanation == theirs.explanation
        checked += 1
    assert checked >= 15


def all_variants() -> list[Rules]:
    return [
        Rules(cards=c, king=k, negatives=n, negative_pairs=p, end=e, discard_flip=d, initial_flips=f, holes=1)
        for c, k, n, p, e, d, f in product(
            TWO_ROW_SIZES, (0, 10), NEGATIVES, NEGATIVE_PAIRS, ENDS, (False, True), (0, 1, 2)
        )
    ]


@pytest.mark.parametrize("end", ENDS)
@pytest.mark.parametrize("cards", TWO_ROW_SIZES)
def test_every_rules_variant_in_whole_matches_without_an_illegal_move(cards, end, monkeypatch):
    """Every variant of ``all_variants`` (576 in all) with this hand size and end, one whole
    match each with the Caddie in seat 0: a group at a time, so that each test stays short
    and a failure names the hand and the end."""
    # One played-out deal per option: legality does not depend on how many (and every option is
    # still played out, through every rule the play-outs read).
    monkeypatch.setattr(caddie_policy, "MIN_DEALS", 1)
    monkeypatch.setattr(caddie_policy, "MAX_DEALS", 1)
    variants = all_variants()
    assert len(variants) == 576
    group = [(i, rules) for i, rules in enumerate(variants) if rules.cards == cards and rules.end == end]
    assert len(group) == 576 // (len(TWO_ROW_SIZES) * len(ENDS))
    rng = random.Random(f"{cards} {end}")
    for i, rules in group:
        players = 2 + i % 3 if i % 4 else 1 + i % 6
        rules = Rules.from_dict({"holes": 2 if i % 16 == 0 else 1}, base=rules)
        levels = ["caddie"] + [rng.choice(("random", "greedy", "steady")) for _ in range(players - 1)]
        m = GridMatch.new(rules, [f"P{k}" for k in range(players)], seed=i)
        while not m.is_over:
            seat = m.current
            if seat is None:
                assert choose(m.view(0), "caddie", rng) == NEXT
                m.apply(NEXT, 0)
                continue
            view = json.loads(json.dumps(m.view(seat))) if i % 5 == 0 else m.view(seat, events=False)
            action = choose(view, levels[seat], rng)
            assert action in m.legal_actions(), (rules, levels[seat], action)
            m.apply(action, seat)


def test_greedy_reference_is_legal_and_takes_what_lowers_its_grid():
    rng = random.Random(5)
    for i, rules in enumerate(all_variants()[::7]):
        m = GridMatch.new(rules, ["A", "B", "C"][: 1 + i % 3], seed=i)
        while m.phase in ("flip", "turn"):
            action = greedy(m.view(m.current), rng)
            assert action in m.legal_actions()
            m.apply(action, m.current)
    view = table(BICYCLE, ["9", "5", None, None, None, None], ["K", "3", None, None, None, None], ["Q", "9"])
    assert greedy(view, rng) == TAKE
    view = table(BICYCLE, ["A", "2", None, None, None, None], ["K", "3", None, None, None, None], ["4", "Q"])
    assert greedy(view, rng) == DRAW
    held = table(
        BICYCLE,
        ["A", "2", None, None, None, None],
        ["K", "3", None, None, None, None],
        ["4"],
        drawn="J",
        drawn_from="deck",
    )
    assert greedy(held, rng) == DISCARD


def test_the_caddie_outscores_the_reference_players():
    # A small sample of the bench (bench/caddie_strength.py plays thousands of holes).
    rules = BICYCLE
    mine, greedy_, random_ = [], [], []
    for deal in range(4):
        m = GridMatch.new(rules, ["Caddie", "Greedy", "Random"], 500 + deal)
        rng = random.Random(deal)
        levels = ("caddie", "greedy", "random")
        while m.phase in ("flip", "turn"):
            m.apply(choose(m.view(m.current), levels[m.current], rng), m.current)
        a, b, c = m.hole_scores[-1]
        mine.append(a), greedy_.append(b), random_.append(c)
    assert sum(mine) < sum(random_) - 40
    assert sum(mine) < sum(greedy_) + 8


def test_it_refuses_a_view_that_is_not_its_turn():
    from caddie.core.errors import CaddieError

    m = GridMatch.new(Rules(), ["Me", "Rival"], seed=2)
    with pytest.raises(CaddieError, match="not this player's turn"):
        decide(m.view(1), random.Random(1))
