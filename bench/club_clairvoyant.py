"""Club Cards' clairvoyant bound: a solo round played by a beam search that knows the pile.

A measuring stick for ``bench/clubs.py``, never a player: it reads the
round's secret seed, so it knows the pile's order and every reshuffle to
come, which no seat may (docs/information-sets.md). The gap between the
per-hole greedy player and this bound is how much better any player could
do by looking ahead; a player that knows only what its seat sees gets some
share of it.

The search keeps the ``width`` best partial rounds after every hole, ranked
by strokes so far and then by the yards left in the hand (more is better).
From each it tries every play within ``slack`` strokes of that hole's best,
shortest-kept-first, and plays the hole out exactly as the engine does:
played cards onto the discard pile, the hand drawn back to 14 from the top of
the pile (not after the last hole), the discard pile shuffled into a new pile
under the round's seed when the pile runs out. ``replay_greedy`` plays the
same simulator with ``solve``'s play every hole: ``bench/clubs.py`` checks it
against the engine's own round so the simulator cannot drift from the game.

A beam search is a lower bound on what knowing the pile is worth, not the
optimum; wider beams only lower it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from caddie.core.clubs.game import ClubRound
from caddie.core.clubs.scoring import HAND_SIZE, ClubRules
from caddie.core.clubs.solver import Play, all_plays, solve
from caddie.core.courses.course import Course
from caddie.core.shuffle import shuffle

WIDTH = 48  # partial rounds kept after each hole
SLACK = 2  # strokes above a hole's best play that are still tried
PLAYS_PER_STATE = 24  # the most plays tried from one partial round


@dataclass(frozen=True)
class SoloRound:
    """A solo round between holes: strokes so far, the hand (longest first), the pile (top
    last), the discard pile (oldest first) and the times the pile has been refilled."""

    strokes: int
    hand: tuple[int, ...]
    pile: tuple[int, ...]
    discard: tuple[int, ...]
    refills: int

    def rank(self) -> tuple[int, int]:
        return self.strokes, -sum(self.hand)


def deal_solo(course: Course, seed: int, rules: ClubRules) -> SoloRound:
    rnd = ClubRound.new(course, ["Solo"], seed, rules)
    return SoloRound(0, tuple(rnd.hands[0]), tuple(rnd.pile), tuple(rnd.discard), rnd.refills)


def play_hole(
    state: SoloRound, cards: tuple[int, ...], yardage: int, last: bool, seed: int, rules: ClubRules
) -> SoloRound:
    """The state after playing ``cards`` (the whole hand when it is short), as the engine plays it."""
    left = Counter(state.hand)
    left.subtract(cards)
    hand = sorted(left.elements(), reverse=True)
    pile, discard, refills = list(state.pile), list(state.discard), state.refills
    total, turned = sum(cards), []
    while total < yardage:
        if not pile:
            refills += 1
            if discard:
                refill, discard = discard, []
            else:  # the engine's extremis: this hole's cards so far
                refill, turned, cards = list(cards) + turned, [], ()
            pile = sorted(refill)
            shuffle(pile, seed, f"club-cards/{refills}")
        card = pile.pop()
        turned.append(card)
        total += card
    strokes = len(cards) + len(turned) + rules.penalty(total - yardage)
    discard += list(cards) + turned
    if not last:
        while len(hand) < HAND_SIZE:
            if not pile:
                if not discard:
                    break
                refills += 1
                pile, discard = sorted(discard), []
                shuffle(pile, seed, f"club-cards/{refills}")
            hand.append(pile.pop())
        hand.sort(reverse=True)
    return SoloRound(state.strokes + strokes, tuple(hand), tuple(pile), tuple(discard), refills)


def _plays(hand: tuple[int, ...], yardage: int, rules: ClubRules, slack: int) -> list[tuple[int, ...]]:
    best = solve(hand, yardage, rules)
    if not best.reached:
        return [hand]
    plays: list[Play] = all_plays(hand, yardage, rules, max_score=best.score + slack)
    plays.sort(key=lambda p: (p.score, p.total))
    return [p.cards for p in plays[:PLAYS_PER_STATE]]


def clairvoyant_total(
    course: Course, seed: int, rules: ClubRules | None = None, width: int = WIDTH, slack: int = SLACK
) -> int:
    """The lowest round total the beam search finds for the solo round dealt from ``seed`` (never
    more than the greedy round's: a player that knows the pile may still play greedy)."""
    rules = rules or ClubRules()
    beam = [deal_solo(course, seed, rules)]
    last = len(course.holes) - 1
    for k, hole in enumerate(course.holes):
        seen: dict[tuple[tuple[int, ...], int, int], SoloRound] = {}
        for state in beam:
            for cards in _plays(state.hand, hole.yardage, rules, slack):
                after = play_hole(state, cards, hole.yardage, k == last, seed, rules)
                key = (after.hand, len(after.pile), after.refills)
                kept = seen.get(key)
                if kept is None or after.strokes < kept.strokes:
                    seen[key] = after
        beam = sorted(seen.values(), key=SoloRound.rank)[:width]
    return min(beam[0].strokes, replay_greedy(course, seed, rules))  # knowing the pile, it may still play greedy


def greedy_holes(course: Course, seed: int, rules: ClubRules | None = None) -> list[tuple[list[int], int]]:
    """The simulator's round with ``solve``'s play every hole: each hole, (the hand the play
    keeps, the hole's strokes)."""
    rules = rules or ClubRules()
    state = deal_solo(course, seed, rules)
    last = len(course.holes) - 1
    holes = []
    for k, hole in enumerate(course.holes):
        play = solve(state.hand, hole.yardage, rules)
        before = state.strokes
        kept = play.kept(state.hand)
        state = play_hole(state, play.cards, hole.yardage, k == last, seed, rules)
        holes.append((kept, state.strokes - before))
    return holes


def replay_greedy(course: Course, seed: int, rules: ClubRules | None = None) -> int:
    """The simulator's greedy round total (the engine's greedy round's, if the simulator is right)."""
    return sum(strokes for _, strokes in greedy_holes(course, seed, rules))
