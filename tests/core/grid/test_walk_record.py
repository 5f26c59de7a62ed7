"""A hand followed with the walkthrough, as a record (``caddie.core.grid.walk_record``): its log
plays through again to the same walk, gives back the person's decisions, and the review judges
them as the advice shown then decided."""

from __future__ import annotations

from dataclasses import replace

import pytest

from caddie.core.errors import CaddieError
from caddie.core.grid.advisor import advise
from caddie.core.grid.moves import Move
from caddie.core.grid.rules import Rules
from caddie.core.grid.walk_record import NOT_REPLAYED, hand_decisions, review_decisions
from caddie.core.grid.walkthrough import LOG_LIMIT, Walk

RULES = Rules(cards=4)  # four cards, two turned up after the deal


def walked(*taps: dict[str, str], walk: Walk | None = None, rules: Rules = RULES) -> Walk:
    walk = walk or Walk(size=rules.cards, grid=[None] * rules.cards).settled(rules)
    for args in taps:
        walk = walk.tap(args, rules)
    return walk


# Two flips, the discard (a 9), a draw of a 3 put face down at position 2 (a 7 was there), the
# others' turn (a K on the pile), a take of the K into position 0, the others' turn (an 8), a
# draw of an A, put face down at position 3 as the advice offered, the 5 found there.
HAND = (
    {"key": "Q"},
    {"key": "4"},
    {"key": "9"},
    {"do": "draw"},
    {"key": "3"},
    {"do": "swap:2"},
    {"key": "7"},
    {"key": "K"},
    {"do": "take:0"},
    {"key": "8"},
    {"key": "A"},
    {"key": "5", "plan": "swap:3"},
)


def test_a_hand_plays_through_again_and_gives_back_each_decision():
    walk = walked(*HAND)
    assert walk.step == "done" and walk.grid == ["K", "4", "3", "A"]
    assert walk.log is not None and walk.log[0] == "4.0" and len(walk.log) == len(HAND) + 1
    decisions = hand_decisions(walk, RULES)
    assert [Move(*d["move"]) for d in decisions] == [
        Move("flip", 0),
        Move("flip", 1),
        Move("draw"),
        Move("swap", 2),
        Move("take", 0),
        Move("draw"),
        Move("swap", 3),
    ]
    # each from the view the advice was asked for then: the swap of the 3 with the 3 in hand
    swap = decisions[3]["request"]
    assert swap["grid"] == ["Q", "4", None, None] and (swap["drawn"], swap["drawn_from"]) == ("3", "deck")
    take = decisions[4]["request"]
    assert take["discard"] == "K" and take["grid"] == ["Q", "4", "3", None] and "drawn" not in take


def test_the_log_rides_in_the_url_and_back_takes_the_last_tap_off():
    walk = walked(*HAND[:5])
    again, problems = Walk.from_args(walk.to_args(), 6)
    assert problems == [] and again == walk
    before = walked(*HAND[:4])
    assert walk.log is not None and before.log == walk.log[:-1]


def test_a_walk_not_begun_afresh_or_with_a_damaged_log_keeps_none_and_is_not_reviewed():
    midway = Walk(size=4, grid=["K", "4", None, None], step="advice", discard="9", pile=["9"])
    assert walked({"do": "draw"}, walk=midway).log is None
    with pytest.raises(CaddieError, match="not all kept"):
        hand_decisions(walked({"do": "draw"}, walk=midway), RULES)
    done = walked(*HAND)
    assert done.log is not None
    for damaged in ("x~kQ", "4.0~zQ", "4.0~k" + "Q" * 20, "~".join(["4.0"] + ["kQ"] * (LOG_LIMIT + 1))):
        assert Walk.from_args({**done.to_args(), "log": damaged}, 6)[0].log is None
    tampered = replace(done, grid=["K", "4", "3", "2"])  # the log does not lead to this walk
    with pytest.raises(CaddieError) as refused:
        hand_decisions(tampered, RULES)
    assert refused.value.message == NOT_REPLAYED
    with pytest.raises(CaddieError):  # nor under other rules
        hand_decisions(done, replace(RULES, initial_flips=1))


def test_a_new_hole_begins_its_own_log():
    walk = walked(*HAND, {"do": "restart"})
    assert walk.log == ["4.0"] and hand_decisions(walk, RULES) == []


def test_the_review_says_what_the_advice_said_then():
    """The Caddie's move in each verdict is the advice the page showed at that step, and a move
    that followed it costs nothing."""
    walk = walked(*HAND)
    decisions = hand_decisions(walk, RULES)
    verdicts = review_decisions(decisions)
    assert [v["move"] for v in verdicts] == list(range(len(decisions)))
    for verdict, decision in zip(verdicts, decisions, strict=True):
        advised = advise(decision["request"])
        kind, position, flip = verdict["best"]
        expected = {"take_discard": "take"}.get(advised["action"], advised["action"])
        assert kind == expected, (advised, verdict)
        if kind == "flip":
            assert position in advised["positions"]
        elif kind in ("take", "swap"):
            assert position == advised["position"]
        if verdict["played"] == verdict["best"]:
            assert verdict["loss"] == 0 and verdict["caddie"] == ""
        assert verdict["loss"] >= 0 and verdict["seat"] == 0 and verdict["did"].startswith("You ")
