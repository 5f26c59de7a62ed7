"""The Club Cards caddie: this hole's best play, looking ahead to the holes to come.

Without the holes to come the caddie plays ``solve``'s play: the lowest score
this hole allows. With them it weighs this hole's score against the hand the
play leaves behind, by simulation:

* candidates: the best few plays by this hole's score (up to ``CANDIDATES``
  within ``SLACK`` strokes of the lowest), and ``LONG_CANDIDATES`` more that
  keep the longest cards (within ``SLACK + 1``);
* for each, the hand it leaves is refilled from a random order of the cards
  not seen (the decks less the hand; less the discard pile and the cards on
  the table too, when the player has watched them), and the next ``horizon``
  holes are played with ``solve``, drawing back to 14 after each;
* every candidate is dealt the same refills (common random numbers), so the
  differences between candidates are much steadier than the estimates
  themselves; all get ``RACE_SAMPLES`` refills, those within ``RACE_GAP``
  strokes of the leader get ``samples`` in all;
* the play with the lowest expected total (this hole plus the holes looked
  at) wins, but the solver's play keeps its place unless another beats it by
  ``margin`` strokes.

What it is worth: on the two 18-hole sample courses it scores 1.7 strokes a
round better than the per-hole-optimal player (62.2 against 63.9 over 200
identical deals, ``bench/clubs.py``). The ceiling is low: a beam search that
knows the pile's whole order scores 60.1 a round at a width of 800 (the first
140 of those deals, where greedy scores 64.1 and the lookahead 62.2), so the
lookahead takes under half of what knowing the pile is worth; six times the
search (twelve holes ahead, 192 refills) and a value of the hand learned from
self-play took it no further (docs/learned-value.md, "Club Cards"). A player
holding all 51 cards on every hole would score 50 and 49.

>>> import random
>>> hand = [250, 245, 240, 235, 180, 150, 110, 45, 40, 25, 20, 10, 5, 3]
>>> solo = advise_hole(hand, 400, [], rng=random.Random(1))
>>> solo.play.cards, solo.expected_total
((250, 150), 2.0)
>>> advise({"yardage": 400, "hand": hand})["play"]
[250, 150]
>>> sorted(advise({"yardage": 400, "hand": hand, "upcoming": [545, 560]}))
['alternatives', 'explanation', 'over', 'penalty', 'play', 'score', 'strokes', 'total']
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from caddie.core.clubs.game import in_strokes, listed, unseen_cards
from caddie.core.clubs.scoring import HAND_SIZE, MAX_YARDAGE, ClubRules, check_yardage
from caddie.core.clubs.solver import Play, all_plays, best_desc, penalty_lookup, score_cards, solve
from caddie.core.clubs.view import ClubView, own_hand
from caddie.core.errors import CaddieError, CardError, HandError, quoted
from caddie.core.limits import MAX_DECKS

__all__ = [
    "Advice",
    "Option",
    "advise",
    "advise_hole",
    "expected_totals",
    "hole_expected_totals",
    "advise_view",
    "lookahead_player",
    "REQUEST_FIELDS",
    "RESPONSE_FIELDS",
    "SAMPLES",
    "HORIZON",
    "MAX_DECKS",
    "MAX_UPCOMING",
]

HandValue = Callable[[Sequence[int], int], float]
"""``value(hand, holes)``: the strokes a hand left after a hole adds to the next ``holes`` holes."""

SAMPLES = 64  # refills dealt to each play still in the race
RACE_SAMPLES = 16  # refills every candidate play gets
RACE_GAP = 0.75  # strokes behind the leader after those that still earn the rest
HORIZON = 6  # holes looked at after this one
CANDIDATES = 12  # best plays by this hole's score (within SLACK strokes of the best)
LONG_CANDIDATES = 4  # more plays: those keeping the longest cards (within SLACK + 1)
SLACK = 1
MARGIN = 0.1  # strokes another play must save before it replaces the solver's
MAX_UPCOMING = 17
REQUEST_FIELDS = ("yardage", "hand", "upcoming", "decks")
RESPONSE_FIELDS = ("play", "strokes", "total", "over", "penalty", "score", "explanation", "alternatives")


@dataclass(frozen=True)
class Option:
    """A candidate play and what it is expected to cost (this hole, then the holes looked at)."""

    play: Play
    expected_score: float
    expected_future: float

    @property
    def expected_total(self) -> float:
        return self.expected_score + self.expected_future

    def to_dict(self) -> dict[str, Any]:
        return {
            "play": list(self.play.cards) + list(self.play.turned),
            "strokes": self.play.strokes,
            "total": self.play.total,
            "over": self.play.over,
            "penalty": self.play.penalty,
            "score": self.play.score,
            "expected_total": round(self.expected_total, 2),
        }


@dataclass(frozen=True)
class Advice:
    """The caddie's play, its expected cost, a sentence saying why, and the runners-up.

    ``best`` is ``solve``'s play (the lowest score for this hole alone);
    ``horizon`` is how many holes to come were looked at (0: none).
    """

    play: Play
    expected_score: float
    expected_future: float
    explanation: str
    alternatives: tuple[Option, ...]
    best: Play
    horizon: int
    samples: int

    @property
    def expected_total(self) -> float:
        return self.expected_score + self.expected_future


# -- words ------------------------------------------------------------------------------


def _the(cards: Sequence[int]) -> str:
    """Cards with the article.

    >>> _the([245]), _the([245, 240])
    ('the 245', 'the 245 and 240')
    """
    return "the " + listed(cards)


def _reach(play: Play) -> str:
    """``412 yards, right on the yardage`` or ``450 yards, 40 over``."""
    where = "right on the yardage" if play.over == 0 else f"{play.over} over"
    return f"{play.total} yards, {where}"


def _score_words(play: Play) -> str:
    if play.penalty:
        return f"{in_strokes(play.strokes)} + {play.penalty} penalty = {play.score}"
    return in_strokes(play.score)


def _f(x: float) -> str:
    """A figure in a sentence, a negative one with a real minus sign (docs/look-and-feel.md, "Look")."""
    text = f"{x:.1f}"
    return "0.0" if text == "-0.0" else text.replace("-", "\u2212")


def _minus(a: Sequence[int], b: Sequence[int]) -> list[int]:
    left = Counter(a)
    left.subtract(b)
    return sorted(left.elements(), reverse=True)


# -- simulation -------------------------------------------------------------------------


def _rollout(
    hand: list[int],
    holes: Sequence[int],
    pile: list[int],
    discard: list[int],
    rng: random.Random,
    table: list[int],
    beyond: int,
    ending: Callable[[list[int]], float] | None = None,
) -> float:
    """Play ``holes`` with ``solve``'s play, drawing back to 14 from ``pile`` (top last)
    after each but the last; the total score, plus ``ending`` of the hand the last
    hole leaves when there is one. ``hand`` is sorted longest first.
    ``pile`` and ``discard`` are used up."""
    limit = len(table)
    total = 0
    last = len(holes) - 1
    for k, yardage in enumerate(holes):
        if sum(hand) < yardage:
            reach, turned = sum(hand), 0
            while reach < yardage:
                if not pile:
                    pile, discard = discard, []
                    rng.shuffle(pile)
                    if not pile:
                        break
                card = pile.pop()
                discard.append(card)
                reach += card
                turned += 1
            over = max(reach - yardage, 0)
            total += len(hand) + turned + (table[over] if over < limit else beyond)
            discard.extend(hand)
            hand = []
        else:
            score, _, played, hand = best_desc(hand, yardage, table, beyond)
            total += score
            discard.extend(played)
        if k == last:
            if ending is not None:
                return total + ending(hand)
            break
        while len(hand) < HAND_SIZE:
            if not pile:
                pile, discard = discard, []
                rng.shuffle(pile)
                if not pile:
                    break
            hand.append(pile.pop())
        hand.sort(reverse=True)
    return total


@dataclass(frozen=True)
class _Refills:
    """The random orders of the unseen cards that every play is dealt (common random numbers: the
    differences between plays are much steadier than the estimates themselves)."""

    seeds: tuple[int, ...]
    piles: tuple[tuple[int, ...], ...]
    discard: tuple[int, ...]

    @classmethod
    def dealt(cls, unseen: Sequence[int], discard: Sequence[int], rng: random.Random, samples: int) -> _Refills:
        seeds = tuple(rng.getrandbits(32) for _ in range(samples))
        piles = []
        for seed in seeds:
            pile = list(unseen)
            random.Random(seed).shuffle(pile)
            piles.append(tuple(pile))
        return cls(seeds, tuple(piles), tuple(discard))

    def future(
        self,
        play: Play,
        hand: list[int],
        holes: Sequence[int],
        first: int,
        last: int,
        table: list[int],
        beyond: int,
        ending: Callable[[list[int]], float] | None = None,
    ) -> float:
        """The total of ``holes`` after ``play`` from ``hand``, over refills ``first`` to ``last - 1``
        (each play-out ending in ``ending`` of the hand it leaves, when given)."""
        kept = play.kept(hand)
        total = 0.0
        for seed, sample in zip(self.seeds[first:last], self.piles[first:last], strict=True):
            sim_rng = random.Random(seed)
            pile = list(sample)
            gone = list(self.discard) + list(play.cards)
            new_hand = list(kept)
            while len(new_hand) < HAND_SIZE:
                if not pile:
                    pile, gone = gone, []
                    sim_rng.shuffle(pile)
                    if not pile:
                        break
                new_hand.append(pile.pop())
            new_hand.sort(reverse=True)
            total += _rollout(new_hand, holes, pile, gone, sim_rng, table, beyond, ending)
        return total


def _candidates(hand: Sequence[int], yardage: int, rules: ClubRules, best: Play) -> list[Play]:
    plays = all_plays(hand, yardage, rules, max_score=best.score + SLACK + 1)
    chosen = [p for p in plays if p.score <= best.score + SLACK][:CANDIDATES]

    # plays that keep the longest cards, whatever their score here
    def keeps_long(p: Play) -> tuple[tuple[int, ...], int, int]:
        return tuple(-c for c in p.kept(hand)), p.score, p.total

    seen = {p.cards for p in chosen}
    for p in sorted(plays, key=keeps_long):
        if len(chosen) >= CANDIDATES + LONG_CANDIDATES:
            break
        if p.cards not in seen:
            seen.add(p.cards)
            chosen.append(p)
    return chosen


def advise_hole(
    hand: Sequence[int],
    yardage: int,
    upcoming: Sequence[int] = (),
    rules: ClubRules | None = None,
    decks: int = 1,
    rng: random.Random | None = None,
    samples: int = SAMPLES,
    unseen: Sequence[int] | None = None,
    discard: Sequence[int] = (),
    horizon: int = HORIZON,
    margin: float = MARGIN,
    hand_value: HandValue | None = None,
) -> Advice:
    """The caddie's play for a hole of ``yardage`` with ``hand``, ``upcoming`` the
    yardages of the holes still to come (next first).

    ``unseen`` is the cards not seen (default: the decks less the hand; a
    player who has watched the discard pile leaves those out too, and passes
    them as ``discard`` so the simulation can shuffle them into a new pile when
    the pile runs out). ``rng`` makes it repeatable. ``hand_value`` (none in play: see
    docs/learned-value.md, "Club Cards") ends every play-out that stops short of the
    last hole in the value of the hand it leaves, for the holes after the horizon.
    """
    rules = rules or ClubRules()
    rng = rng or random.Random(0)
    hand = sorted(hand, reverse=True)
    best = solve(hand, yardage, rules)
    if unseen is None:
        unseen = _minus(list(rules.deck) * decks, hand)
    unseen = list(unseen)
    holes = [int(y) for y in upcoming][: max(horizon, 0)]
    table, beyond = penalty_lookup(rules)
    if not best.reached:
        return _short_advice(hand, yardage, holes, best, rules, rng, samples, unseen, list(discard))
    if not holes or samples < 1:
        explanation = (
            f"Play {listed(best.cards)}: {_reach(best)}, {_score_words(best)}, the lowest score this hole allows."
        )
        others = [Option(p, float(p.score), 0.0) for p in all_plays(hand, yardage, rules, best.score + 1)[1:4]]
        return Advice(
            play=best,
            expected_score=float(best.score),
            expected_future=0.0,
            explanation=explanation,
            alternatives=tuple(others),
            best=best,
            horizon=0,
            samples=0,
        )
    candidates = _candidates(hand, yardage, rules, best)
    refills = _Refills.dealt(unseen, discard, rng, samples)

    after = len(upcoming) - len(holes)  # holes beyond the horizon
    ending = None if hand_value is None or after <= 0 else lambda left: hand_value(left, after)

    def future(play: Play, first: int, last: int) -> float:
        return refills.future(play, hand, holes, first, last, table, beyond, ending)

    # a race: every candidate gets the first refills; those still in touch get the rest
    first = min(samples, RACE_SAMPLES) if len(candidates) > 1 else samples
    sums = [future(play, 0, first) for play in candidates]
    counts = [first] * len(candidates)
    if first < samples:
        leader = min(p.score + t / first for p, t in zip(candidates, sums))
        for i, play in enumerate(candidates):
            if i == 0 or play.score + sums[i] / first <= leader + RACE_GAP:
                sums[i] += future(play, first, samples)
                counts[i] = samples
    options = [Option(play, float(play.score), total / n) for play, total, n in zip(candidates, sums, counts)]
    chosen = options[0]  # solve's play
    for option, n in zip(options[1:], counts[1:]):
        if n == samples and option.expected_total < chosen.expected_total - (margin if chosen is options[0] else 0.0):
            chosen = option
    others = sorted((o for o in options if o is not chosen), key=lambda o: o.expected_total)[:3]
    explanation = _explain(chosen, options[0], others, hand, holes)
    return Advice(
        play=chosen.play,
        expected_score=chosen.expected_score,
        expected_future=chosen.expected_future,
        explanation=explanation,
        alternatives=tuple(others),
        best=best,
        horizon=len(holes),
        samples=samples,
    )


def _explain(chosen: Option, solver: Option, others: list[Option], hand: list[int], holes: list[int]) -> str:
    play = chosen.play
    n = len(holes)
    ahead = "the next hole" if n == 1 else f"the next {n} holes"
    longest = max(holes)
    if chosen is solver:
        text = (
            f"Play {listed(play.cards)}: {_reach(play)}, {_score_words(play)}, the lowest score this hole "
            f"allows, and it leaves an expected {_f(chosen.expected_future)} strokes for {ahead}"
        )
        if others:
            text += f" (next best play: {listed(others[0].play.cards)}, {_f(others[0].expected_total)} in all)"
        return text + "."
    best = solver.play
    kept = _minus(best.cards, play.cards)  # what the lowest-score play would have used up
    saved = solver.expected_future - chosen.expected_future
    net = solver.expected_total - chosen.expected_total
    cost = play.score - best.score
    if cost > 0:
        why = f"for {in_strokes(play.score)} rather than {listed(best.cards)} for {best.score}"
    else:
        why = f"rather than {listed(best.cards)}, also {in_strokes(best.score)}"
    keeping = f"keeping {_the(kept)}" if kept else "leaving a better hand"
    if n == 1:
        where = f"for the next hole ({longest} yards) saves an expected {_f(saved)} strokes there"
    else:
        where = f"for the next {n} holes (up to {longest} yards) saves an expected {_f(saved)} strokes over them"
    return (
        f"Play {listed(play.cards)} ({_reach(play)}) {why}: {keeping} {where} "
        f"({_f(chosen.expected_future)} against {_f(solver.expected_future)}), {_f(net)} better in all."
    )


def _short_advice(
    hand: list[int],
    yardage: int,
    holes: list[int],
    best: Play,
    rules: ClubRules,
    rng: random.Random,
    samples: int,
    unseen: list[int],
    discard: list[int],
) -> Advice:
    """The whole hand is short: every card, then cards turned from the pile."""
    table, beyond = penalty_lookup(rules)
    expected = float(best.score)
    future = 0.0
    if samples >= 1 and unseen:
        scores, futures = 0, 0.0
        for _ in range(samples):
            pile = list(unseen)
            rng.shuffle(pile)
            turned = solve(hand, yardage, rules, pile=pile[::-1])
            if not turned.reached:
                break
            scores += turned.score
            if holes:
                for _card in turned.turned:
                    pile.pop()
                new_hand: list[int] = []
                gone = list(discard) + hand + list(turned.turned)
                while len(new_hand) < HAND_SIZE:
                    if not pile:
                        pile, gone = gone, []
                        rng.shuffle(pile)
                    new_hand.append(pile.pop())
                new_hand.sort(reverse=True)
                futures += _rollout(new_hand, holes, pile, gone, rng, table, beyond)
        else:
            expected, future = scores / samples, futures / samples
    text = (
        f"Your whole hand reaches only {best.total} of the hole's {yardage} yards, {best.short} short: "
        f"play all {len(hand)} cards, then turn cards from the New Club Card Pile, a stroke each, until you "
        f"reach it: at least {in_strokes(best.score)}"
    )
    text += f", {_f(expected)} expected." if expected != best.score else "."
    return Advice(
        play=best,
        expected_score=expected,
        expected_future=future,
        explanation=text,
        alternatives=(),
        best=best,
        horizon=len(holes),
        samples=samples,
    )


def lookahead_player(
    samples: int = SAMPLES, horizon: int = HORIZON, seed: int = 0
) -> Callable[[list[int], int, Any, ClubView], list[int]]:
    """A ``caddie.core.clubs.game`` strategy that plays ``advise_hole``'s play, knowing only its own view
    (its hand, the discard pile and the cards on the table; the holes to come from the course).

    >>> from caddie.core.clubs.game import play_round
    >>> from caddie.core.courses.course import SAMPLE_COURSES
    >>> play_round(SAMPLE_COURSES["cedar-nine"], [lookahead_player(samples=8)], seed=1).phase
    'round_over'
    """

    def player(hand: list[int], hole_index: int, course: Any, view: ClubView) -> list[int]:
        return list(advise_view(view, seed, samples, horizon).play.cards)

    return player


def advise_view(view: ClubView, seed: int | str = 0, samples: int = SAMPLES, horizon: int = HORIZON) -> Advice:
    """The lookahead advice for the player whose ``ClubRound.view`` this is: its hand on
    this hole, the holes left on the course, and the cards it has not seen.

    >>> from caddie.core.clubs.game import ClubRound
    >>> from caddie.core.courses.course import SAMPLE_COURSES
    >>> r = ClubRound.new(SAMPLE_COURSES["cedar-nine"], ["Ann", "Bo"], seed=3)
    >>> advice = advise_view(r.view(0), samples=8)
    >>> advice.play.total >= r.yardage, advice.horizon
    (True, 6)
    """
    hand, upcoming, rules = _position(view)
    rng = random.Random(f"club-caddie/{seed}/{view['hole'] - 1}/{sorted(hand)}")
    return advise_hole(
        hand,
        view["yardage"],
        upcoming,
        rules,
        view["decks"],
        rng,
        samples,
        unseen=unseen_cards(view),
        discard=view["discard"],
        horizon=horizon,
    )


def expected_totals(
    view: ClubView, plays: Sequence[Sequence[int]], seed: str, samples: int = SAMPLES, horizon: int = HORIZON
) -> list[float]:
    """The strokes each of ``plays`` (cards from the view's hand that reach the yardage) is expected
    to cost, this hole and the ``horizon`` holes to come, played out over the same ``samples``
    refills: fresh ones (``seed``), not those ``advise_view`` chose its play by, whose winner they
    favour. The review compares a play made with the Caddie's this way.

    >>> from caddie.core.clubs.game import ClubRound
    >>> from caddie.core.courses.course import SAMPLE_COURSES
    >>> r = ClubRound.new(SAMPLE_COURSES["cedar-nine"], ["Ann", "Bo"], seed=3)
    >>> best = advise_view(r.view(0), samples=8).play.cards
    >>> mine, caddie = expected_totals(r.view(0), [sorted(r.hands[0])[-3:], best], "a", samples=8)
    >>> mine > caddie
    True
    """
    hand, upcoming, rules = _position(view)
    return hole_expected_totals(
        hand,
        view["yardage"],
        upcoming,
        plays,
        rules,
        seed,
        unseen_cards(view),
        view["discard"],
        samples=samples,
        horizon=horizon,
    )


def hole_expected_totals(
    hand: Sequence[int],
    yardage: int,
    upcoming: Sequence[int],
    plays: Sequence[Sequence[int]],
    rules: ClubRules,
    seed: str,
    unseen: Sequence[int],
    discard: Sequence[int] = (),
    samples: int = SAMPLES,
    horizon: int = HORIZON,
) -> list[float]:
    """``expected_totals`` from the position itself (``advise_hole``'s arguments): a hand at a real
    table, which has no engine's view."""
    hand = sorted(hand, reverse=True)
    chosen = [_play_of(cards, hand, yardage, rules) for cards in plays]
    holes = [int(y) for y in upcoming][: max(horizon, 0)]
    if not holes or samples < 1:
        return [float(play.score) for play in chosen]
    table, beyond = penalty_lookup(rules)
    refills = _Refills.dealt(unseen, discard, random.Random(f"club-judge/{seed}"), samples)
    return [play.score + refills.future(play, hand, holes, 0, samples, table, beyond) / samples for play in chosen]


def _position(view: ClubView) -> tuple[list[int], list[int], ClubRules]:
    """The hand (longest first), the yardages of the holes after this one, and the rules of a view."""
    holes = view["course"]["holes"]
    return (
        sorted(own_hand(view), reverse=True),
        [h["yardage"] for h in holes[view["hole"] :]],
        ClubRules.from_dict(view["rules"]),
    )


def _play_of(cards: Sequence[int], hand: Sequence[int], yardage: int, rules: ClubRules) -> Play:
    """The play of ``cards`` from ``hand``: they must be in it and reach the yardage."""
    if Counter(cards) - Counter(hand) or sum(cards) < yardage:
        raise CaddieError("That play is not one of this hand's on this hole.", "cards")
    ordered = tuple(sorted(cards, reverse=True))
    score = score_cards(ordered, yardage, rules)
    over = sum(ordered) - yardage
    return Play(ordered, len(ordered), sum(ordered), over, score - len(ordered), score)


# -- the JSON contract (docs/api.md, "POST /api/v1/caddie/clubs") ---------------------------------------


def _is_int(value: Any) -> bool:
    return type(value) is int


def advise(request: Mapping[str, Any], rules: ClubRules | None = None) -> dict[str, Any]:
    """``POST /api/v1/caddie/clubs``: ``{"yardage", "hand", "upcoming", "decks"}`` in,
    ``{"play", "strokes", "total", "over", "penalty", "score", "explanation", "alternatives"}`` out.

    ``rules`` are the table's deck and chart (default: the printed ones). Bad
    input raises ``CaddieError`` with the field it is about. The same request
    always gets the same answer.

    >>> advise({"yardage": 412, "hand": [250, 160, 3]})
    Traceback (most recent call last):
    ...
    caddie.core.errors.HandError: A Club Cards hand holds 14 cards, not 3.
    """
    rules = rules or ClubRules()
    yardage, hand, upcoming, decks = _read(request, rules)
    seed = json.dumps(
        {"yardage": yardage, "hand": sorted(hand), "upcoming": upcoming, "decks": decks, "rules": rules.to_dict()},
        sort_keys=True,
    )
    advice = advise_hole(hand, yardage, upcoming, rules, decks, random.Random(seed))
    play = advice.play
    return {
        "play": list(play.cards) + list(play.turned),
        "strokes": play.strokes,
        "total": play.total,
        "over": play.over,
        "penalty": play.penalty,
        "score": play.score,
        "explanation": advice.explanation,
        "alternatives": [o.to_dict() for o in advice.alternatives],
    }


def _read(request: Mapping[str, Any], rules: ClubRules) -> tuple[int, list[int], list[int], int]:
    if not isinstance(request, Mapping):
        raise CaddieError(
            'Send an object such as {"yardage": 412, "hand": [14 yardages], "upcoming": [545, 168]}.', None
        )
    for key in request:
        if key not in REQUEST_FIELDS:
            raise CaddieError(
                f"The field {quoted(key)} is not part of this request: send yardage, hand, "
                "and optionally upcoming and decks.",
                str(key),
            )
    if "yardage" not in request:
        raise HandError("Send the hole's yardage, a whole number of yards such as 412.", "yardage")
    yardage = check_yardage(request["yardage"])
    decks = request.get("decks", 1)
    if decks is None:
        decks = 1
    if not _is_int(decks) or not 1 <= decks <= MAX_DECKS:
        raise CaddieError(f"The number of decks in play is a whole number from 1 to {MAX_DECKS}.", "decks")
    hand = request.get("hand")
    if hand is None:
        raise HandError(f"Send your hand: the {HAND_SIZE} yardage cards you hold, such as [250, 160, 3, ...].", "hand")
    if not isinstance(hand, list):
        raise HandError(f"The hand is a list of the {HAND_SIZE} yardages you hold.", "hand")
    if len(hand) != HAND_SIZE:
        raise HandError(f"A Club Cards hand holds {HAND_SIZE} cards, not {len(hand)}.", "hand")
    copies = rules.copies()
    for i, card in enumerate(hand):
        if not _is_int(card):
            raise CardError(
                f"Card {i + 1} of the hand, {quoted(card)}, is not a yardage: each card is a whole number of yards.",
                f"hand[{i}]",
            )
        if card not in copies:
            raise CardError(f"There is no {card}-yard card in the deck in use.", f"hand[{i}]")
    for card, n in sorted(Counter(hand).items(), reverse=True):
        allowed = copies[card] * decks
        if n > allowed:
            held = "one deck holds" if decks == 1 else f"{decks} decks hold"
            times = "once" if allowed == 1 else f"{allowed} times"
            raise HandError(f"The hand has {n} cards of {card} yards, but {held} it only {times}.", "hand")
    upcoming = request.get("upcoming")
    if upcoming is None:
        upcoming = []
    if not isinstance(upcoming, list):
        raise HandError("The holes to come are a list of yardages, next hole first, such as [545, 168].", "upcoming")
    if len(upcoming) > MAX_UPCOMING:
        raise HandError(f"At most {MAX_UPCOMING} holes can come after this one.", "upcoming")
    for i, y in enumerate(upcoming):
        if not _is_int(y) or not 1 <= y <= MAX_YARDAGE:
            raise HandError(
                f"Hole {i + 1} to come is not a yardage: each is a whole number of yards from 1 to {MAX_YARDAGE}.",
                f"upcoming[{i}]",
            )
    return yardage, list(hand), list(upcoming), decks
