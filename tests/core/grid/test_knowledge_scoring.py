"""The Caddie's compact scoring (``Knowledge.grid_score`` and ``Knowledge.set_gain``) works on grids of
rank indices for speed; here it is tied to the one scorer (``score_grid``): the same grid, the same
points, under every rules field."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from caddie.core.grid.cards import ONE_EYED_JACK, RANKS
from caddie.core.grid.game import GridMatch
from caddie.core.grid.knowledge import DOWN, Knowledge
from caddie.core.grid.rules import Rules
from caddie.core.grid.scoring import bonuses_of, score_grid
from tests.core.grid.strategies import rules_strategy

RANK = {r: i for i, r in enumerate(RANKS)}


def knowledge(rules: Rules) -> Knowledge:
    match = GridMatch.new(rules, ["P0", "P1"], 0)
    return Knowledge(match.view(match.current, events=False))


def codes(rules: Rules) -> list[str]:
    return [*rules.ranks_in_play, *([ONE_EYED_JACK] if rules.one_eyed_jacks else [])]


@st.composite
def grids(draw: st.DrawFn, complete: bool) -> tuple[Rules, list[str | None]]:
    rules = draw(rules_strategy(st.just(1)))
    ranks = codes(rules)
    # few ranks make matched columns (and sets of them) common
    few = draw(st.lists(st.sampled_from(ranks), min_size=1, max_size=3, unique=True))
    card = st.sampled_from(few)
    cell = card if complete else st.one_of(card, st.none())
    return rules, draw(st.lists(cell, min_size=rules.cards, max_size=rules.cards))


def set_points(grid: list[str | None], rules: Rules) -> int:
    """What four of a kind and Wolfpack take off the grid, from the one scorer's columns."""
    columns = score_grid(grid, rules).columns
    matched = [Rules.match_rank(c.cards[0]) for c in columns if c.matched and c.cards[0] is not None]
    return sum(b.points for b in bonuses_of(matched, None, rules))


@settings(max_examples=300, deadline=None)
@given(grids(complete=True))
def test_a_complete_grid_scores_what_the_one_scorer_gives(case):
    rules, grid = case
    assert compact_score(rules, grid) == score_grid(grid, rules).total


def compact_score(rules: Rules, grid: list[str | None]) -> int:
    return knowledge(rules).grid_score([RANK[c] for c in grid if c is not None])


@settings(max_examples=300, deadline=None)
@given(grids(complete=False), st.data())
def test_a_placement_changes_the_sets_by_what_the_one_scorer_counts(case, data):
    rules, grid = case
    k = knowledge(rules)
    card = data.draw(st.sampled_from(codes(rules)))
    position = data.draw(st.integers(0, rules.cards - 1))
    placed = list(grid)
    placed[position] = card
    as_indices = [RANK[c] if c is not None else DOWN for c in grid]
    expected = set_points(grid, rules) - set_points(placed, rules)
    assert k.set_gain(as_indices, RANK[card], position) == expected
    if not (rules.four_of_a_kind or rules.wolfpack):
        assert expected == 0
