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
from collections.abc import Mapping, Sequence
from typing import Any

from caddie.core.clubs.caddie import HORIZON, advise_view, expected_totals
from caddie.core.clubs.game import in_strokes, listed
from caddie.core.clubs.scoring import ClubRules
from caddie.core.clubs.solver import score_cards
from caddie.core.clubs.view import ClubView, own_hand

__all__ = ["OTHER_CARDS", "judge", "seen_by_others"]

OTHER_CARDS = "the caddie would have played other cards from the hand"


def judge(view: ClubView, played: Sequence[int], seed: str) -> dict[str, Any]:
    """The verdict on the seat of ``view`` playing ``played`` (cards from its hand) there:
    ``{"seat", "played", "best", "loss", "did", "caddie"}``, the moves as a program sends them,
    ``loss`` the strokes to 0.1 (never negative), ``caddie`` empty where the Caddie agrees."""
    hand = own_hand(view)
    upcoming = [hole["yardage"] for hole in view["course"]["holes"][view["hole"] :]][:HORIZON]
    yardage = view["yardage"]
    rules = ClubRules.from_dict(view["rules"])
    mine = sorted(played, reverse=True)
    seat = view["seat"]
    if sum(hand) < yardage:  # the whole hand, then the pile: no choice to judge
        did = f"You played all {len(mine)} cards of a hand short of the hole"
        return _verdict(seat, mine, mine, 0.0, did, "", hand, upcoming)
    best = sorted(advise_view(view, seed).play.cards, reverse=True)
    did = f"You played {listed(mine)} ({in_strokes(score_cards(mine, yardage, rules))} here)"
    if Counter(best) == Counter(mine):
        return _verdict(seat, mine, best, 0.0, did, "", hand, upcoming)
    made, caddies = expected_totals(view, [mine, best], seed)
    loss = max(round(made - caddies, 1), 0.0)
    here = score_cards(best, yardage, rules)
    caddie = f"the caddie would have played {listed(best)} ({in_strokes(here)} here)"
    kept = Counter(mine) - Counter(best)
    if kept and here >= score_cards(mine, yardage, rules):  # no better here: it kept cards for later
        caddie += f", keeping the {listed(sorted(kept.elements(), reverse=True))} for the holes to come"
    return _verdict(seat, mine, best, loss, did, caddie, hand, upcoming)


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
