"""Near ties (issue 32): between options the play-outs rate about the same, the Caddie never
advises one a person can see is worse, and every reason it gives is true of the options."""

from __future__ import annotations

import random
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caddie.core.errors import CaddieError
from caddie.core.grid.advisor import SEED, _read, advise_in_words
from caddie.core.grid.caddie import CLOSE_CALL, Decision, Option, decide, margin_words
from caddie.core.grid.cards import card_shown
from caddie.core.grid.game import GridMatch
from caddie.core.grid.rules import Rules, preset
from caddie.core.grid.scoring import score_grid
from caddie.core.grid.walkthrough import Walk
from tests.core.grid.strategies import rules_strategy

# issue 32, item 6: the page said "Put the Q bottom-left or discard it: about the same ... going
# out now would likely leave you behind", though the Q over the face-up 7 shows 3 points more and
# neither move goes out
MEASURED = "size=6&grid=3,10,2,7,,A&step=place&discard=8&pile=K,Q,8,7,J,8&drawn=Q&from=deck&opps=1&o1=A,2,,,2,"


def walk_advice(query: str) -> dict:
    """The advice the walkthrough page asks for at ``query`` (caddie.web.caddie.grid._ask)."""
    args = dict(pair.split("=", 1) for pair in query.split("&"))
    walk, problems = Walk.from_args(args, 6, 1)
    assert not problems
    return advise_in_words(walk.advisor_request(preset(None).to_dict(), with_drawn=True))


def test_the_measured_near_tie_goes_to_the_discard_a_person_can_see_is_better():
    answer = walk_advice(MEASURED)
    assert answer["action"] == "discard", answer["say"]
    if answer["close"]:  # (the Caddie of issue 32; with its learned value the discard is 0.3 better)
        assert answer["say"] == "Discard the Q or put it bottom-left: about the same"
        assert answer["why"] == (
            "Slightly better to discard the Q: that leaves fewer points showing in your grid"
            " than putting it bottom-left."
        )
        assert "going out" not in answer["explanation"]
    else:
        assert answer["say"] == "Discard the Q"
    # the rows still never show a better number than the advised one
    assert [row["move"] for row in answer["rows"][:2]] == ["Discard the Q", "Put the Q bottom-left"]
    assert all(answer["rows"][0]["value"] <= row["value"] for row in answer["rows"])


# -- the properties, over positions reached by random play -----------------------------------------


def after(grid: list, option: Option, view: dict) -> list | None:
    """My grid after a placement or a plain discard; None for a move whose outcome is not seen."""
    kind = option.action.kind
    if kind in ("swap", "take"):
        card = view["drawn"] if kind == "swap" else view["discard"][-1]
        return [card if p == option.position else c for p, c in enumerate(grid)]
    if kind == "discard" and option.flip is None:
        return list(grid)
    return None


def visibly_beats(a: Option, b: Option, grid: list, view: dict) -> bool:
    """Same cards face down, fewer points showing."""
    ga, gb = after(grid, a, view), after(grid, b, view)
    if ga is None or gb is None or [c is None for c in ga] != [c is None for c in gb]:
        return False
    rules = Rules.from_dict(view["rules"])
    return score_grid(ga, rules).total < score_grid(gb, rules).total


def goes_out(option: Option, grid: list) -> bool:
    down = [p for p, c in enumerate(grid) if c is None]
    kind = option.action.kind
    if kind in ("swap", "take"):
        return down == [option.position]
    if kind == "discard":
        return option.flip is not None and len(down) == 1
    return kind == "knock" or (kind == "flip" and len(down) == 1)


def check_reason(decision: Decision, view: dict) -> None:
    """Every reason ``decide`` can give, checked against the options it was weighed against."""
    grid = view["players"][view["seat"]]["grid"]
    best, rest = decision.options[0], decision.options[1:]
    close = bool(rest) and rest[0].value - best.value < CLOSE_CALL
    compared = rest[:1] if close else rest
    why = decision.why
    if "it turns up your last card" in why:
        assert goes_out(best, grid), why
    elif match := re.search(r"going out now would likely leave you (behind|only level|less far ahead)", why):
        out = [o.value for o in compared if goes_out(o, grid)]
        assert out and not goes_out(best, grid), why
        words = margin_words(min(out), decision.players)
        expected = "behind" if words.endswith("behind") else "only level" if words == "level" else "less far ahead"
        assert match.group(1) == expected, (why, words)
    elif "going out now would end your chances" in why:
        assert decision.players == 1 and any(goes_out(o, grid) for o in compared), why
    elif "fewer points showing" in why:
        assert close and visibly_beats(best, rest[0], grid, view), why
    elif match := re.search(r"it pairs your (\S+) there|completes your column of (\S+)s", why):
        card = view["drawn"] if best.action.kind == "swap" else view["discard"][-1]
        assert card_shown(card) == (match.group(1) or match.group(2)), why
    elif match := re.search(r"it replaces your (\S+?)(,|$)", why):
        assert grid[best.position] is not None and card_shown(grid[best.position]) == match.group(1), why
    elif "lower than a face-down card" in why or "one card closer to going out" in why:
        assert best.action.kind in ("swap", "take") and grid[best.position] is None, why
    elif match := re.search(r"the (\S+) (would not lower your score|would help too little)", why):
        assert best.action.kind == "discard" and card_shown(view["drawn"]) == match.group(1), why
    elif match := re.search(r"the (\S+) on the discard pile", why):
        assert best.action.kind == "draw" and card_shown(view["discard"][-1]) == match.group(1), why


@st.composite
def positions(draw: st.DrawFn) -> dict:
    """A seat's view at its turn, after some random play: before a draw or with a card in hand."""
    rules = draw(rules_strategy(st.just(1), sizes=(4, 6, 8, 9)))
    players = draw(st.integers(1, 3))
    seed = draw(st.integers(0, 10_000))
    steps = draw(st.integers(0, 40))
    m = GridMatch.new(rules, [f"P{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        seat = m.current
        if m.is_over or seat is None or m.view(seat)["phase"] not in ("turn", "flip"):
            break
        m.apply(rng.choice(m.legal_actions()), seat)
    seat = m.current
    if m.is_over or seat is None:
        seat = 0
    return m.view(seat)


def is_decision(view: dict) -> bool:
    return bool(view.get("legal")) and view.get("phase") == "turn" and not view.get("pending_flip")


# Each example is a whole decision with the Caddie's full search (30 ms): 60 of them, not 120,
# keep the test near 2 s.
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.filter_too_much, HealthCheck.too_slow])
@given(positions())
def test_never_a_visibly_worse_move_among_near_ties_and_every_reason_is_true(view):
    if not is_decision(view):
        return
    decision = decide(view, random.Random(SEED))
    grid = view["players"][view["seat"]]["grid"]
    best = decision.options[0]
    for option in decision.options[1:]:
        if option.value - best.value < CLOSE_CALL:
            assert not visibly_beats(option, best, grid, view), (decision.say, option, best)
        assert best.value <= option.value
    check_reason(decision, view)


@settings(max_examples=40, deadline=None)
@given(
    grid=st.lists(st.sampled_from(["A", "3", "5", "7", "9", "J", "Q", "K", None]), min_size=6, max_size=6),
    drawn=st.sampled_from(["2", "4", "6", "8", "10", "Q", "K"]),
    rival=st.lists(st.sampled_from(["2", "4", "8", "J", None]), min_size=6, max_size=6),
)
def test_with_a_card_in_hand_the_advice_is_never_visibly_dominated(grid, drawn, rival):
    # hand-built tables, nearer the measured one: one or two cards down, a card drawn from the deck
    if not 1 <= grid.count(None) <= 3 or len([c for c in grid if c]) < 2 or all(c is not None for c in rival):
        return
    request = {"grid": grid, "discard": "5", "drawn": drawn, "drawn_from": "deck", "opponents": [rival]}
    try:
        view = _read(request)["view"]
    except CaddieError:  # more copies of a card than the deck holds: not a table
        return
    decision = decide(view, random.Random(SEED))
    best = decision.options[0]
    for option in decision.options[1:]:
        if option.value - best.value < CLOSE_CALL:
            assert not visibly_beats(option, best, grid, view), (request, decision.say)
    check_reason(decision, view)
