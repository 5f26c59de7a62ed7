"""The Caddie's verdict on a Club Cards play (docs/records.md, "The review").

A hole is one decision a seat: which cards of its hand to play. The verdict puts the play made
beside the Caddie's from the same view (its hand, the holes to come, the cards it has not seen),
and the cost is what the play made is expected to give away, this hole and the holes to come
together: both plays are played out again over the same fresh refills
(``caddie.clubs.caddie.expected_totals``), not over those the Caddie chose its play by, which
favour the play they chose. A play the Caddie would have made costs nothing; a hand too short
for the hole has one play, and costs nothing either.

The Caddie's play names cards of the seat's hand that it may not have played: a hand nobody
else ever sees. ``seen_by_others`` is the verdict as anyone but the seat may have it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from caddie.core.clubs.caddie import HORIZON, advise_view, expected_totals, hole_expected_totals
from caddie.core.clubs.game import in_strokes, listed
from caddie.core.clubs.scoring import ClubRules
from caddie.core.clubs.solver import score_cards
from caddie.core.clubs.view import ClubView, own_hand
from caddie.core.clubs.walkthrough import walk_advice
from caddie.core.verdicts import mark_of

__all__ = ["OTHER_CARDS", "judge", "judge_hole", "review_round", "seen_by_others"]

OTHER_CARDS = "the caddie would have played other cards from the hand"


def judge(view: ClubView, played: Sequence[int], seed: str) -> dict[str, Any]:
    """The verdict on the seat of ``view`` playing ``played`` (cards from its hand) there:
    ``{"seat", "played", "best", "loss", "did", "caddie", "hand", "upcoming"}``, the moves as a
    program sends them, ``loss`` the strokes to 0.1 (never negative), ``caddie`` empty where the
    Caddie agrees."""
    hand = own_hand(view)
    upcoming = [hole["yardage"] for hole in view["course"]["holes"][view["hole"] :]]
    yardage, rules = view["yardage"], ClubRules.from_dict(view["rules"])
    if sum(hand) < yardage:  # the whole hand, then the pile: no choice to judge
        best = list(played)
    else:
        best = list(advise_view(view, seed).play.cards)
    return _judged(
        view["seat"],
        hand,
        yardage,
        upcoming,
        rules,
        played,
        best,
        lambda plays: expected_totals(view, plays, seed),
    )


def judge_hole(
    hand: Sequence[int],
    yardage: int,
    upcoming: Sequence[int],
    rules: ClubRules,
    decks: int,
    played: Sequence[int],
    best: Sequence[int],
    seed: str,
) -> dict[str, Any]:
    """``judge`` for a hole played at a real table with the walkthrough: its hand, the hole, the
    holes to come, the play made and the Caddie's (``best``: the walkthrough's advice); the cards
    not seen are the decks less the hand, as the walkthrough's Caddie counted them."""
    unseen = list((Counter(rules.deck * decks) - Counter(hand)).elements())
    return _judged(
        0,
        list(hand),
        yardage,
        list(upcoming),
        rules,
        played,
        best,
        lambda plays: hole_expected_totals(hand, yardage, upcoming, plays, rules, seed, unseen),
    )


def _judged(
    seat: int | None,
    hand: list[int],
    yardage: int,
    upcoming: list[int],
    rules: ClubRules,
    played: Sequence[int],
    best_cards: Sequence[int],
    totals: Callable[[list[list[int]]], list[float]],
) -> dict[str, Any]:
    """The verdict, ``totals`` giving the expected strokes of the two plays over the same refills."""
    mine, best = sorted(played, reverse=True), sorted(best_cards, reverse=True)
    ahead = upcoming[:HORIZON]
    if sum(hand) < yardage:  # the whole hand, then the pile: no choice to judge
        did = f"You played all {len(mine)} cards of a hand short of the hole"
        return _verdict(seat, mine, mine, 0.0, did, "", hand, ahead)
    did = f"You played {listed(mine)} ({in_strokes(score_cards(mine, yardage, rules))} here)"
    if Counter(best) == Counter(mine):
        return _verdict(seat, mine, best, 0.0, did, "", hand, ahead)
    made, caddies = totals([mine, best])
    loss = max(round(made - caddies, 1), 0.0)
    here = score_cards(best, yardage, rules)
    caddie = f"the caddie would have played {listed(best)} ({in_strokes(here)} here)"
    kept = Counter(mine) - Counter(best)
    if kept and here >= score_cards(mine, yardage, rules):  # no better here: it kept cards for later
        caddie += f", keeping the {listed(sorted(kept.elements(), reverse=True))} for the holes to come"
    return _verdict(seat, mine, best, loss, did, caddie, hand, ahead)


def seen_by_others(verdict: Mapping[str, Any]) -> dict[str, Any]:
    """``verdict`` as anyone but its seat may have it: the play made and what it cost, never the
    Caddie's cards (they are from a hand only its seat sees)."""
    public = {key: value for key, value in verdict.items() if key != "hand"}
    if not verdict.get("caddie"):
        return {**public, "best": dict(verdict["played"])}  # the play made: nothing hidden
    return {**public, "best": {"action": "play", "cards": None}, "caddie": OTHER_CARDS}


def _verdict(
    seat: int | None,
    played: list[int],
    best: list[int],
    loss: float,
    did: str,
    caddie: str,
    hand: list[int],
    upcoming: list[int],
) -> dict[str, Any]:
    return {
        "seat": seat,
        "played": {"action": "play", "cards": played},
        "best": {"action": "play", "cards": best},
        "loss": loss,
        "did": did,
        "caddie": caddie,
        "hand": sorted(hand, reverse=True),  # the seat's own: for its practice, never another's eyes
        "upcoming": upcoming,
    }


def review_round(plays: Sequence[Mapping[str, Any]], rules: ClubRules, decks: int) -> list[dict[str, Any]]:
    """The verdicts on a round followed with the walkthrough, one for each of its logged plays
    (``caddie.core.clubs.walkthrough.round_plays``), the Caddie's play the walkthrough's own:
    heavy, for the helper process."""
    verdicts = []
    for index, play in enumerate(plays):
        hand, upcoming = tuple(sorted(play["hand"], reverse=True)), tuple(play["upcoming"])
        best = walk_advice(hand, play["yardage"], upcoming, rules, decks).play.cards
        verdict = judge_hole(hand, play["yardage"], upcoming, rules, decks, play["played"], best, f"walk:{index}")
        verdicts.append({**verdict, "hole": play["hole"], "move": index, "mark": mark_of(verdict["loss"])})
    return verdicts
