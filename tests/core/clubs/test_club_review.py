"""The Caddie's review of Club Cards plays (``caddie.core.clubs.review``; docs/records.md, "The review")."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caddie.core.clubs.caddie import advise_view
from caddie.core.clubs.game import ClubRound
from caddie.core.clubs.review import OTHER_CARDS, judge, seen_by_others
from caddie.core.clubs.solver import all_plays, score_cards
from caddie.core.courses.course import SAMPLE_COURSES
from caddie.core.games.club_cards import CLUB_CARDS

COURSE = SAMPLE_COURSES["cedar-nine"]


def dealt(seed: int, players: int = 2) -> ClubRound:
    return ClubRound.new(COURSE, ["You", "Bo", "Cy", "Di"][:players], seed)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), pick=st.integers(0, 10**6))
def test_any_play_costs_nothing_or_more_and_the_caddies_own_costs_nothing(seed: int, pick: int) -> None:
    game = dealt(seed)
    seat = game.order[0]
    view = game.view(seat, events=False)
    plays = all_plays(game.hands[seat], game.yardage)
    played = list(plays[pick % len(plays)].cards) if plays else list(game.hands[seat])
    verdict = judge(view, played, "s")
    assert verdict["loss"] >= 0 and verdict["seat"] == seat
    assert sorted(verdict["played"]["cards"]) == sorted(played)
    assert verdict["hand"] == sorted(game.hands[seat], reverse=True)
    caddies = list(advise_view(view, "s").play.cards)
    agreed = judge(view, caddies, "s")
    assert agreed["loss"] == 0 and agreed["caddie"] == "" and agreed["best"] == agreed["played"]


def test_playing_the_whole_hand_is_a_blunder_said_in_words() -> None:
    game = dealt(5)
    seat = game.order[0]
    hand = list(game.hands[seat])
    verdict = judge(game.view(seat, events=False), hand, "s")
    assert verdict["loss"] >= 3  # fourteen strokes and more, against two or three
    here = score_cards(hand, game.yardage)  # fourteen cards and the penalty for the yards over
    assert verdict["did"].startswith(f"You played {hand[0]}, ") and verdict["did"].endswith(f"({here} strokes here)")
    best = verdict["best"]["cards"]
    assert verdict["caddie"].startswith(f"the caddie would have played {best[0]}")


def test_others_read_what_a_play_cost_and_never_the_caddies_cards() -> None:
    game = dealt(5)
    seat = game.order[0]
    verdict = judge(game.view(seat, events=False), list(game.hands[seat]), "s")
    public = seen_by_others(verdict)
    assert public["best"] == {"action": "play", "cards": None} and "hand" not in public
    assert public["caddie"] == OTHER_CARDS
    assert (public["loss"], public["did"], public["played"]) == (verdict["loss"], verdict["did"], verdict["played"])
    # where the Caddie agreed, the play made stands for its own: nothing hidden is left to hide
    agreed = judge(game.view(seat, events=False), list(advise_view(game.view(seat), "s").play.cards), "s")
    assert seen_by_others(agreed)["best"] == agreed["played"]
    # the kind serves the whole verdict to its own seat only
    assert CLUB_CARDS.verdict_seen(verdict, [seat]) == verdict
    assert CLUB_CARDS.verdict_seen(verdict, [1 - seat]) == public


def test_a_solo_hole_judges_the_persons_play_and_keeps_the_verdicts_until_the_next_hole() -> None:
    game = dealt(9)
    rng = random.Random(3)
    while game.phase == "play":
        seat = game.order[game.actor]
        action = CLUB_CARDS.computer_move(game, seat, "beginner", rng)
        if seat == 0:
            CLUB_CARDS.person_move(game, action, 0, "hint:t:1")
            assert CLUB_CARDS.review_pending(game, True)
            game = CLUB_CARDS.reviewed(game)  # judged in the play's own request
            assert "verdict" in game.decisions[0] and game.review is None
        else:
            game.apply(action, seat)
    assert CLUB_CARDS.review_pending(game, False)  # the verdicts are to be gathered
    stored = ClubRound.from_dict(CLUB_CARDS.reviewed(game).to_dict())  # kept through a save
    [verdict] = CLUB_CARDS.hole_review(stored) or []
    record = CLUB_CARDS.hole_record(stored)
    assert record is not None and record["moves"][verdict["move"]]["seat"] == 0
    assert verdict["hole"] == 1 and verdict["mark"] in (None, "inaccuracy", "mistake", "blunder")
    assert not CLUB_CARDS.review_pending(stored, False)
    stored.next_hole()
    assert stored.decisions == [] and stored.review is None and CLUB_CARDS.hole_review(stored) is None


def test_a_round_stored_before_plays_were_kept_reads_with_none() -> None:
    stored = dealt(2).to_dict()
    del stored["decisions"], stored["review"]
    game = ClubRound.from_dict(stored)
    assert game.decisions == [] and game.review is None
