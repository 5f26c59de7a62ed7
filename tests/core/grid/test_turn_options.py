"""The house rules in play (docs/grid-golf.md, "House rules"): the turn options in the engine
(a flip instead of drawing, an early knock, an optional flip after a discard), nine-card grids,
and every computer level under them."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from caddie.core.grid.caddie import decide
from caddie.core.grid.game import DISCARD, DRAW, KNOCK, NEXT, PASS, Action, GridMatch, IllegalAction
from caddie.core.grid.players import LEVELS, choose
from caddie.core.grid.review import review_hole
from caddie.core.grid.rules import Rules
from caddie.core.grid.scoring import score_grid, score_table


def dealt(rules: Rules, players: int = 2, seed: int = 4) -> GridMatch:
    """A match past its initial flips (each player turns up positions 0 and 1)."""
    m = GridMatch.new(rules, ["Ann", "Bo", "Cy"][:players], seed=seed)
    while m.phase == "flip":
        seat = m.current
        assert seat is not None
        m.apply(Action.flip(m.face_down(seat)[0]), seat)
    return m


# -- flip instead of drawing -------------------------------------------------------------


def test_a_flip_can_be_the_whole_turn_only_under_flip_as_action():
    m = dealt(Rules(flip_as_action=True))
    seat = m.current
    down = m.face_down(seat)
    assert {Action.flip(p) for p in down} <= set(m.legal_actions())
    event = m.apply(Action.flip(down[0]), seat)
    assert m.face_up[seat][down[0]] and m.current != seat and m.drawn is None
    assert "as a turn" in event.text
    plain = dealt(Rules())
    assert not any(a.kind == "flip" for a in plain.legal_actions())
    with pytest.raises(IllegalAction, match="draw from the deck or take the discard"):
        plain.apply(Action.flip(plain.face_down(plain.current)[0]), plain.current)


def test_a_flip_as_a_turn_is_not_allowed_while_a_card_is_held():
    m = dealt(Rules(flip_as_action=True))
    seat = m.current
    m.apply(DRAW, seat)
    assert not any(a.kind == "flip" for a in m.legal_actions())
    with pytest.raises(IllegalAction):
        m.apply(Action.flip(m.face_down(seat)[0]), seat)


def test_turning_up_the_last_card_as_a_turn_goes_out():
    m = dealt(Rules(cards=4, flip_as_action=True))  # two flips leave two down
    seat = m.current
    for p in m.face_down(seat)[:1]:
        m.apply(Action.flip(p), seat)
    other = m.current
    m.apply(Action.flip(m.face_down(other)[0]), other)
    m.apply(Action.flip(m.face_down(seat)[0]), seat)
    assert m.went_out == seat and m.phase in ("hole_over", "match_over")


# -- early knock --------------------------------------------------------------------------


def test_an_early_knock_turns_up_the_last_two_cards_and_goes_out():
    m = dealt(Rules(cards=4, early_knock=True, holes=1, knock_bonus=True))
    seat = m.current
    assert KNOCK in m.legal_actions() and len(m.face_down(seat)) == 2
    hidden = [m.grids[seat][p] for p in m.face_down(seat)]
    event = m.apply(KNOCK, seat)
    assert event.cards == tuple(hidden) and "knocked" in event.text
    assert m.went_out == seat and m.phase == "match_over"
    assert m.hole_scores[-1] == score_table(m.grids, seat, m.rules).scores  # the knock bonus went to the knocker


def test_no_early_knock_with_three_cards_down_or_after_someone_is_out():
    six = dealt(Rules(early_knock=True))  # four cards still down
    assert KNOCK not in six.legal_actions()
    with pytest.raises(IllegalAction, match="one or two cards"):
        six.apply(KNOCK, six.current)
    m = dealt(Rules(cards=4, early_knock=True, end="final_turn"))
    m.apply(KNOCK, m.current)
    other = m.current
    assert m.went_out is not None and other != m.went_out
    assert KNOCK not in m.legal_actions()
    with pytest.raises(IllegalAction, match="already out"):
        m.apply(KNOCK, other)
    off = dealt(Rules(cards=4))
    with pytest.raises(IllegalAction, match="no early knock"):
        off.apply(KNOCK, off.current)


# -- the optional flip after a discard ----------------------------------------------------------


def test_after_a_discard_an_optional_flip_may_be_left():
    m = dealt(Rules(discard_flip="optional"))
    seat = m.current
    down = list(m.face_down(seat))
    m.apply(DRAW, seat)
    event = m.apply(DISCARD, seat)
    assert "may turn up a card" in event.text and m.pending_flip
    assert set(m.legal_actions()) == {Action.flip(p) for p in down} | {PASS}
    with pytest.raises(IllegalAction, match="leave them as they are"):
        m.apply(DRAW, seat)
    m.apply(PASS, seat)
    assert m.face_down(seat) == down and m.current != seat and not m.pending_flip


def test_after_a_discard_an_optional_flip_may_be_taken_and_a_forced_one_cannot_be_left():
    m = dealt(Rules(discard_flip="optional"))
    seat = m.current
    m.apply(DRAW, seat)
    m.apply(DISCARD, seat)
    p = m.face_down(seat)[0]
    m.apply(Action.flip(p), seat)
    assert m.face_up[seat][p] and m.current != seat
    forced = dealt(Rules(discard_flip=True))
    seat = forced.current
    forced.apply(DRAW, seat)
    forced.apply(DISCARD, seat)
    assert PASS not in forced.legal_actions()
    with pytest.raises(IllegalAction):
        forced.apply(PASS, seat)


def test_a_pass_is_refused_outside_an_optional_flip():
    m = dealt(Rules(discard_flip="optional"))
    with pytest.raises(IllegalAction, match="nothing to leave"):
        m.apply(PASS, m.current)


# -- computer players ---------------------------------------------------------------------------

TURN_OPTIONS = [
    Rules(flip_as_action=True, holes=1),
    Rules(cards=4, early_knock=True, holes=1),
    Rules(discard_flip="optional", holes=1),
    Rules(flip_as_action=True, early_knock=True, discard_flip="optional", knock_penalty=True, holes=1),
    Rules(cards=9, king=0, end="final_turn", four_of_a_kind=True, holes=1),
    Rules(cards=9, negatives="both", negative_pairs="keep", discard_flip=True, underdog=True, holes=1),
]


@pytest.mark.parametrize("level", sorted(LEVELS))
def test_every_level_plays_whole_holes_under_the_turn_options_and_nine_cards_with_legal_moves(level, monkeypatch):
    from caddie.core.grid import caddie as caddie_policy

    monkeypatch.setattr(caddie_policy, "MIN_DEALS", 2)
    monkeypatch.setattr(caddie_policy, "MAX_DEALS", 2)
    rng = random.Random(11)
    for i, rules in enumerate(TURN_OPTIONS):
        m = GridMatch.new(rules, ["A", "B", "C"][: 2 + i % 2], seed=i)
        while not m.is_over:
            seat = m.current
            assert seat is not None
            action = choose(m.view(seat, events=False), level, rng)
            assert action == NEXT or action in m.legal_actions(), (level, rules, action)
            m.apply_recorded(action, seat)
        assert len(m.hole_scores) == 1
        review_hole(m.decisions, "review")  # the hole review reads every kind of move


def test_the_caddie_weighs_an_early_knock_against_taking_a_king():
    # Ann shows A A over 2 with one card down; the only other move is taking the King on the
    # pile into that last place. Knocking turns up a card worth about 6 instead of the King's 10.
    m = dealt(Rules(cards=4, early_knock=True, holes=1), seed=1)
    seat = m.current
    assert seat is not None
    view = m.view(seat, events=False)
    view["players"][seat]["grid"] = ["A", None, "A", "2"]
    view["players"][seat]["face_up"] = [True, False, True, True]
    view["players"][1 - seat]["grid"] = ["Q", "J", None, None]
    view["discard"], view["deck_count"] = ["K"], 0
    view["legal"] = [a.to_dict() for a in (Action("take"), KNOCK)]
    decision = decide(view, random.Random(3))
    assert {o.action.kind for o in decision.options} == {"take", "knock"}
    assert decision.action == KNOCK, decision.explanation
    assert "knock" in decision.explanation.lower()


def knock_or_draw_view(rules: Rules, mine: list[str | None], theirs: list[str | None]) -> dict:
    m = dealt(rules, seed=1)
    seat = m.current
    assert seat is not None
    view = m.view(seat, events=False)
    view["players"][seat]["grid"] = mine
    view["players"][seat]["face_up"] = [c is not None for c in mine]
    view["players"][1 - seat]["grid"] = theirs
    view["discard"] = ["K"]
    view["legal"] = [a.to_dict() for a in (DRAW, Action("take"), KNOCK, Action.flip(mine.index(None)))]
    return view


def test_steady_knocks_early_for_the_knock_bonus_when_it_leads_and_not_when_it_trails():
    # two cards down: a draw cannot go out this turn, a knock goes out now with the bonus
    rules = Rules(cards=6, early_knock=True, knock_bonus=True, end="immediate", holes=1)
    leading = knock_or_draw_view(rules, ["A", None, "3", "A", None, "2"], ["Q", "J", "K", None, None, "9"])
    assert choose(leading, "steady", random.Random(1)) == KNOCK
    trailing = knock_or_draw_view(rules, ["Q", None, "J", "9", None, "K"], ["A", "A", "2", None, None, "3"])
    assert choose(trailing, "steady", random.Random(1)).kind != "knock"
    no_bonus = knock_or_draw_view(
        replace(rules, knock_bonus=False), ["A", None, "3", "A", None, "2"], ["Q", "J", "K", None, None, "9"]
    )
    assert choose(no_bonus, "steady", random.Random(1)) == DRAW  # a draw can still improve the grid


def test_the_beginner_knocks_on_low_face_up_cards_and_sometimes_flips_as_a_turn():
    rules = Rules(cards=4, early_knock=True, flip_as_action=True, holes=1)
    assert (
        choose(knock_or_draw_view(rules, ["A", None, "A", "2"], ["Q", "J", None, None]), "beginner", random.Random(1))
        == KNOCK
    )
    view = knock_or_draw_view(rules, ["Q", None, None, "9"], ["A", "A", None, None])
    view["legal"] = [a for a in view["legal"] if a["kind"] != "knock"]
    kinds = {choose(view, "beginner", random.Random(seed)).kind for seed in range(40)}
    assert "flip" in kinds and "draw" in kinds


# -- nine cards -----------------------------------------------------------------------------------


def test_a_nine_card_hole_deals_three_rows_and_names_them():
    m = GridMatch.new(Rules(cards=9, holes=1), ["Ann", "Bo"], seed=2)
    assert [len(g) for g in m.grids] == [9, 9]
    event = m.apply(Action.flip(4), m.current)
    assert "centre" in event.text
    for seat, player in enumerate(m.view(0)["players"]):
        visible = [card if up else None for card, up in zip(m.grids[seat], m.face_up[seat])]
        assert player["points"] == score_grid(visible, m.rules).total


def test_the_fast_level_completes_a_column_of_three():
    # Ann holds 7 7 over a face-down card in her left column and draws a 7: it goes there.
    m = dealt(Rules(cards=9, holes=1), seed=5)
    seat = m.current
    assert seat is not None
    view = m.view(seat, events=False)
    grid = [None] * 9
    grid[0], grid[3] = "7", "7"
    grid[1], grid[4] = "K", "Q"
    view["players"][seat]["grid"] = grid
    view["players"][seat]["face_up"] = [c is not None for c in grid]
    view["drawn"], view["drawn_by"], view["drawn_from"] = "7", seat, "deck"
    view["legal"] = [Action.swap(p).to_dict() for p in range(9)] + [DISCARD.to_dict()]
    for level in ("steady", "caddie-fast", "greedy"):
        assert choose(view, level, random.Random(1)) == Action.swap(6), level


# -- bonuses the computers see ----------------------------------------------------------------


def four_of_a_kind_chance(four_of_a_kind: bool) -> dict:
    """Ann shows 7 7 over 7 2 (one matched column of 7s) and the pile offers a 7: over the 2
    it makes a second matched column of 7s, four of a kind, worth −20 under that rule."""
    m = GridMatch.new(Rules(four_of_a_kind=four_of_a_kind, initial_flips=0), ["Ann", "Bo"], seed=3)
    view = m.view(0, events=False)
    view["players"][0]["grid"] = ["7", "7", None, "7", "2", "K"]
    view["players"][0]["face_up"] = [True, True, False, True, True, True]
    view["players"][1]["grid"] = ["K", None, None, None, None, None]
    view["discard"] = ["4", "7"]
    view["legal"] = [DRAW.to_dict(), Action("take").to_dict()]
    return view


def test_the_computers_take_a_card_that_makes_four_of_a_kind():
    assert choose(four_of_a_kind_chance(False), "caddie-fast", random.Random(1)) == DRAW  # a plain 5 points
    view = four_of_a_kind_chance(True)
    for level in ("steady", "caddie-fast", "caddie"):
        assert choose(view, level, random.Random(1)) == Action("take"), level
    view["drawn"], view["drawn_by"], view["drawn_from"] = "7", 0, "discard"
    view["discard"] = ["4"]
    view["legal"] = [Action.swap(p).to_dict() for p in range(6)]
    for level in ("beginner", "steady", "caddie-fast", "caddie"):
        assert choose(view, level, random.Random(1)) == Action.swap(4), level


def test_the_caddie_says_when_four_of_a_kind_drives_its_choice():
    decision = decide(four_of_a_kind_chance(True), random.Random(1))
    assert decision.action == Action("take")
    assert "four of a kind" in decision.explanation.lower()


def test_the_computers_go_out_on_exactly_21_under_blackjack():
    # Ann: 3 6 ? / 5 7 K with a K drawn; the K over the last card pairs the Kings: 8 + 13 + 0 = 21
    def view(blackjack: bool) -> dict:
        m = GridMatch.new(Rules(blackjack=blackjack, initial_flips=0), ["Ann", "Bo"], seed=3)
        v = m.view(0, events=False)
        v["players"][0]["grid"] = ["3", "6", None, "5", "7", "K"]
        v["players"][0]["face_up"] = [True, True, False, True, True, True]
        v["players"][1]["grid"] = ["2", "A", None, "A", "2", None]
        v["drawn"], v["drawn_by"], v["drawn_from"], v["discard"] = "K", 0, "deck", ["9"]
        v["legal"] = [Action.swap(p).to_dict() for p in range(6)] + [DISCARD.to_dict()]
        return v

    assert choose(view(False), "caddie-fast", random.Random(1)) == DISCARD  # 21 behind a low rival: stay in
    for level in ("steady", "caddie-fast", "caddie"):
        assert choose(view(True), level, random.Random(1)) == Action.swap(2), level
