"""Computer players: always legal, fed nothing but a seat's view, and ranked
random < beginner < steady by the score they make."""

from __future__ import annotations

import inspect
import json
import random
import statistics
import subprocess
import sys
from itertools import product

import pytest

from caddie.core.errors import CaddieError
from caddie.core.grid.game import NEXT, Action, GridMatch
from caddie.core.grid.opponents import Seen
from caddie.core.grid.players import LEVELS, choose
from caddie.core.grid.rules import ENDS, NEGATIVE_PAIRS, NEGATIVES, PRESETS, Rules
from tests.core.grid.strategies import TWO_ROW_SIZES

PLAYED = ("random", "beginner", "steady")


def decide(m: GridMatch, seat: int, level: str, rng: random.Random) -> Action:
    """What a computer player is given: the seat's view as JSON, and nothing else."""
    view = json.loads(json.dumps(m.view(seat)))
    action = choose(view, level, rng)
    assert isinstance(action, Action)
    return action


def play_hole(m: GridMatch, levels: list[str], rng: random.Random, as_json: bool = True) -> list[int]:
    while m.phase not in ("hole_over", "match_over"):
        seat = m.current
        if as_json:
            action = decide(m, seat, levels[seat], rng)
        else:  # the view the game gives its computers (no event log)
            action = choose(m.view(seat, events=False), levels[seat], rng)
        assert action in m.legal_actions(), (levels[seat], action, m.view(seat))
        m.apply(action, seat)
    return m.hole_scores[-1]


def all_variants() -> list[Rules]:
    return [
        Rules(cards=c, king=k, negatives=n, negative_pairs=p, end=e, discard_flip=d, initial_flips=f, holes=2)
        for c, k, n, p, e, d, f in product(
            TWO_ROW_SIZES, (0, 10), NEGATIVES, NEGATIVE_PAIRS, ENDS, (False, True), (0, 1, 2)
        )
    ]


@pytest.mark.parametrize("end", ENDS)
@pytest.mark.parametrize("cards", TWO_ROW_SIZES)
def test_every_level_always_chooses_a_legal_action_in_whole_matches_under_every_rule_variant(cards, end):
    """Every variant of ``all_variants`` (576 in all) with this hand size and end, a whole match
    each: a group at a time, so that each test stays short and a failure names the hand and the end."""
    variants = all_variants()
    assert len(variants) == 576
    group = [(i, rules) for i, rules in enumerate(variants) if rules.cards == cards and rules.end == end]
    assert len(group) == 576 // (len(TWO_ROW_SIZES) * len(ENDS))
    rng = random.Random(f"{cards} {end}")
    for i, rules in group:
        players = 1 + i % 6
        levels = [rng.choice(("beginner", "steady")) for _ in range(players)]
        if i % 4 == 0:
            levels[rng.randrange(players)] = "random"  # odd positions for the others to face
        m = GridMatch.new(rules, [f"P{k}" for k in range(players)], seed=i)
        play_hole(m, levels, rng, as_json=i % 3 == 0)
        while not m.is_over:  # the whole match: "next" is the only choice between holes
            assert decide(m, rng.randrange(players), rng.choice(PLAYED), rng) == NEXT
            m.apply(NEXT, 0)
            play_hole(m, levels, rng, as_json=i % 3 == 0)


def test_a_computer_player_only_ever_receives_a_view():
    # By construction: choose() takes the view dict (here a JSON copy) and a random source.
    assert list(inspect.signature(choose).parameters) == ["view", "level", "rng"]
    m = GridMatch.new(Rules(), ["Ann", "Cpu"], seed=5)
    view = m.view(0)
    for level in PLAYED:
        frozen = json.dumps(view, sort_keys=True)
        choose(view, level, random.Random(1))
        assert json.dumps(view, sort_keys=True) == frozen, "a player does not scribble on its view"


def test_decisions_depend_only_on_what_the_seat_can_see():
    # Two matches that differ only in cards the seat cannot see give the same decisions.
    from tests.core.grid.test_grid_game import permuted_hidden

    rng = random.Random(8)
    for seed in range(30):
        m = GridMatch.new(Rules(discard_flip=bool(seed % 2), end=ENDS[seed % 3 == 0]), ["A", "B", "C"], seed)
        for _ in range(rng.randrange(0, 40)):
            if m.phase != "turn" and m.phase != "flip":
                break
            m.apply(rng.choice(m.legal_actions()), m.current)
        if m.current is None:
            continue
        twin = permuted_hidden(m, m.current, rng)
        for level in PLAYED:
            assert choose(m.view(m.current), level, random.Random(seed)) == choose(
                twin.view(twin.current), level, random.Random(seed)
            )


def test_choose_refuses_an_unknown_level_and_a_view_that_is_not_its_turn():
    m = GridMatch.new(Rules(), ["Ann", "Cpu"], seed=5)
    with pytest.raises(CaddieError, match='"genius" is not a computer level'):
        choose(m.view(0), "genius", random.Random(1))
    with pytest.raises(CaddieError, match="not this player's turn"):
        choose(m.view(1), "steady", random.Random(1))


def test_a_new_level_plugs_into_the_table(monkeypatch):
    def always_draw_then_discard(view, rng):
        legal = [Action.from_dict(a) for a in view["legal"]]
        return legal[-1]

    monkeypatch.setitem(LEVELS, "test-level", always_draw_then_discard)
    m = GridMatch.new(Rules(initial_flips=0), ["Ann", "Cpu"], seed=5)
    assert choose(m.view(0), "test-level", random.Random(1)).kind == "take"


def test_every_level_is_in_the_one_table_without_importing_anything_else():
    code = "import caddie.core.grid.players as p; print(sorted(p.LEVELS))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.split() == ["['beginner',", "'caddie',", "'caddie-fast',", "'greedy',", "'random',", "'steady']"]


def test_steady_makes_pairs_takes_low_discards_and_turns_up_fresh_columns():
    rules = Rules(initial_flips=0)
    m = GridMatch.new(rules, ["Ann", "Cpu"], seed=1)
    view = m.view(0)
    me = view["players"][0]
    # a face-up 9 with a face-down partner, and a 9 on the discard pile: take it and pair
    me["grid"] = ["9", None, None, None, None, None]
    me["face_up"] = [True] + [False] * 5
    view["discard"] = ["Q", "9"]
    assert choose(view, "steady", random.Random(0)) == Action("take")
    view["drawn"], view["drawn_by"], view["drawn_from"] = "9", 0, "discard"
    view["discard"] = ["Q"]
    view["legal"] = [Action.swap(p).to_dict() for p in range(6)]
    assert choose(view, "steady", random.Random(0)) == Action.swap(3)
    # a Q drawn from the deck with nothing to pair: discard it
    view["drawn"], view["drawn_from"] = "Q", "deck"
    view["legal"].append({"kind": "discard", "position": None})
    assert choose(view, "steady", random.Random(0)) == Action("discard")
    # a 2 from the deck goes over the worst card
    me["grid"] = ["5", "K", None, "4", None, None]
    me["face_up"] = [True, True, False, True, False, False]
    view["drawn"] = "2"
    assert choose(view, "steady", random.Random(0)) == Action.swap(1)
    # initial flips: one card per column
    flips = GridMatch.new(Rules(), ["Ann", "Cpu"], seed=1)
    first = choose(flips.view(0), "steady", random.Random(3))
    flips.apply(first, 0)
    second = choose(flips.view(0), "steady", random.Random(3))
    assert first.position % 3 != second.position % 3


def test_steady_will_not_end_an_immediate_hole_it_would_lose():
    m = GridMatch.new(Rules(initial_flips=0), ["Ann", "Cpu"], seed=1)
    view = m.view(0)
    me, rival = view["players"]
    me["grid"], me["face_up"] = ["J", "Q", "10", "9", "8", None], [True] * 5 + [False]
    rival["grid"], rival["face_up"] = ["A", "A", "3", "4", "4", "3"], [True] * 6
    view["drawn"], view["drawn_by"], view["drawn_from"] = "7", 0, "deck"
    view["legal"] = [Action.swap(p).to_dict() for p in range(6)] + [{"kind": "discard", "position": None}]
    seen = Seen(view)
    assert seen.opponents_expected() == 10
    action = choose(view, "steady", random.Random(0))
    assert action != Action.swap(5), "going out with 54 points against 10 loses the hole"
    # with a winning grid it goes out
    me["grid"] = ["A", "A", "A", "2", "2", None]
    rival["grid"], rival["face_up"] = ["K", "Q", None, None, None, None], [True, True] + [False] * 4
    view["drawn"] = "3"
    assert choose(view, "steady", random.Random(0)) == Action.swap(5)


def test_steady_plays_a_full_ten_card_table_to_the_end_of_the_hole_with_legal_actions():
    # Its speed on this table (a decision in under 2 ms on average) is bench/opponent_latency.py's figure.
    m = GridMatch.new(Rules(cards=10, negatives="both"), [f"P{i}" for i in range(6)], seed=3)
    scores = play_hole(m, ["steady"] * 6, random.Random(3), as_json=False)  # asserts every action is legal
    assert m.phase == "hole_over" and m.ended_by in ("out", "turn_limit")
    assert len(scores) == 6 and all(all(up) for up in m.face_up)


def duel(rules: Rules, first: str, second: str, deals: int, seed: int = 0) -> tuple[float, float, float]:
    """Two-player holes, each deal played twice with the seats swapped: mean score of each level and the
    standard error of the mean difference (first - second)."""
    ours, theirs, diffs = [], [], []
    for deal in range(deals):
        for swapped in (False, True):
            levels = [second, first] if swapped else [first, second]
            m = GridMatch.new(rules, ["P0", "P1"], seed + deal)
            scores = play_hole(m, levels, random.Random(seed * 7919 + deal * 2 + swapped), as_json=False)
            a, b = (scores[1], scores[0]) if swapped else (scores[0], scores[1])
            ours.append(a), theirs.append(b), diffs.append(a - b)
    return statistics.mean(ours), statistics.mean(theirs), statistics.stdev(diffs) / len(diffs) ** 0.5


@pytest.mark.parametrize("preset", ["standard", "bicycle"])
def test_steady_beats_beginner_and_beginner_beats_random(preset):
    rules = Rules.from_dict({"holes": 1}, base=PRESETS[preset])
    steady, beginner, se = duel(rules, "steady", "beginner", deals=150, seed=100)
    print(
        f"\n{preset}: steady {steady:.2f} vs beginner {beginner:.2f} a hole "
        f"(difference {steady - beginner:+.2f} ± {1.96 * se:.2f}, 300 holes)"
    )
    assert beginner - steady >= 2
    beginner2, random_, se = duel(rules, "beginner", "random", deals=100, seed=200)
    print(
        f"{preset}: beginner {beginner2:.2f} vs random {random_:.2f} a hole "
        f"(difference {beginner2 - random_:+.2f} ± {1.96 * se:.2f}, 200 holes)"
    )
    assert random_ - beginner2 >= 2
