#!/usr/bin/env python3
"""Club Cards: does a value of the hand learned from self-play make the lookahead caddie stronger?

    .venv/bin/python bench/club_value.py [--train 8000] [--rounds 100] [--seed 37] [--jobs 2]

Issue 37 asked for a value of (the hand, the holes to come) learned from self-play that
lets the Club Cards lookahead see further. This bench trains one and measures it; the answer
so far is no (docs/learned-value.md, "Club Cards"), so no value ships.

1. **The value.** Each card a hand keeps after a play gets a weight: the strokes holding it,
   rather than drawing a fresh card, adds to the next one, two or three holes (one set of
   weights for each). Fitted by ridge regression on ``--train`` solo rounds of greedy
   self-play (``solve`` every hole) on random courses, every hole but the last a sample: its
   target is the strokes of the next holes less their mean for that many holes.
2. **The players**, over ``--rounds`` solo 18-hole rounds on the two sample courses, the deals
   of ``bench/clubs.py`` (the same seeds), every player on every deal:
   * ``greedy``: ``solve`` every hole;
   * ``value``: the play, within a stroke of the best, with the lowest score plus the value
     of the hand it keeps (no lookahead);
   * ``lookahead``: the caddie as it plays (six holes ahead);
   * ``lookahead+value``: the same, every play-out that stops before the last hole ending
     in the value of the hand it leaves;
   * ``three+value``: three holes ahead instead of six, ending in the value.
3. Printed: each player's average round and its difference from the lookahead on the same
   deals with a 95% interval, and its time a round. The last line is the value's gain at the
   lookahead's end.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caddie.core.clubs.caddie import HORIZON, HandValue, advise_hole
from caddie.core.clubs.game import Strategy, play_round, unseen_cards
from caddie.core.clubs.game import greedy as engine_greedy
from caddie.core.clubs.scoring import ClubRules
from caddie.core.clubs.solver import all_plays, solve
from caddie.core.clubs.view import ClubView
from caddie.core.courses.course import SAMPLE_COURSES, Course
from caddie.core.courses.generator import random_course

try:  # run as a script: bench/ is on the path
    from club_clairvoyant import greedy_holes
except ImportError:  # imported as bench.club_value
    from bench.club_clairvoyant import greedy_holes

COURSES = ["whistling-pines", "harbour-links"]  # bench/clubs.py's 18-hole sample courses, in its order
AHEAD = 3  # holes the value counts
RIDGE = 10.0
RULES = ClubRules()
Weights = list[dict[int, float]]  # per holes counted (1 to AHEAD): a card's weight


def _solve_linear(rows: list[list[float]], rhs: list[float]) -> list[float]:
    """Gaussian elimination with partial pivoting (the normal equations are small)."""
    n = len(rhs)
    m = [row[:] + [b] for row, b in zip(rows, rhs)]
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[p] = m[p], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                m[r] = [a - f * b for a, b in zip(m[r], m[c])]
    return [m[i][n] / m[i][i] for i in range(n)]


def train(rounds: int, seed: int) -> Weights:
    """Ridge-regressed card weights from greedy self-play on random courses."""
    rng = random.Random(seed)
    deck = sorted(set(RULES.deck))
    index = {card: i for i, card in enumerate(deck)}
    samples: list[list[tuple[list[int], int]]] = [[] for _ in range(AHEAD)]
    for _ in range(rounds):
        holes = greedy_holes(random_course(rng), rng.getrandbits(64), RULES)
        strokes = [s for _, s in holes]
        for k, (kept, _) in enumerate(holes[:-1]):
            ahead = strokes[k + 1 : k + 1 + AHEAD]
            samples[len(ahead) - 1].append((kept, sum(ahead)))
    weights: Weights = []
    for rows in samples:
        mean = statistics.fmean(t for _, t in rows)
        n = len(deck)
        normal = [[RIDGE if i == j else 0.0 for j in range(n)] for i in range(n)]
        rhs = [0.0] * n
        for kept, target in rows:
            at = [index[c] for c in kept]
            for i in at:
                rhs[i] += target - mean
                row = normal[i]
                for j in at:
                    row[j] += 1
        weights.append(dict(zip(deck, _solve_linear(normal, rhs))))
    return weights


def hand_value(weights: Weights) -> HandValue:
    def value(hand: Sequence[int], holes: int) -> float:
        w = weights[min(holes, AHEAD) - 1]
        return sum(w.get(card, 0.0) for card in hand)

    return value


def value_player(weights: Weights) -> Strategy:
    value = hand_value(weights)

    def choose(hand: list[int], hole_index: int, course: Course, view: ClubView) -> tuple[int, ...]:
        yardage, left = course.holes[hole_index].yardage, len(course.holes) - 1 - hole_index
        best = solve(hand, yardage, RULES)
        if not best.reached or left == 0:
            return best.cards
        plays = all_plays(hand, yardage, RULES, max_score=best.score + 1)
        return min(plays, key=lambda p: p.score + value(p.kept(hand), left)).cards

    return choose


def lookahead_player(seed: int, horizon: int, weights: Weights | None) -> Strategy:
    """The caddie's play from the seat's view, as ``caddie.lookahead_player`` plays it (the same
    random source), its play-outs ending in the value when there are ``weights``."""
    value = hand_value(weights) if weights is not None else None

    def choose(hand: list[int], hole_index: int, course: Course, view: ClubView) -> tuple[int, ...]:
        rng = random.Random(f"club-caddie/{seed}/{hole_index}/{sorted(hand)}")
        upcoming = [h.yardage for h in course.holes[hole_index + 1 :]]
        advice = advise_hole(
            hand, course.holes[hole_index].yardage, upcoming, RULES, view["decks"], rng,
            unseen=unseen_cards(view), discard=view["discard"], horizon=horizon, hand_value=value,
        )  # fmt: skip
        return advice.play.cards

    return choose


PLAYERS = ("greedy", "value", "lookahead", "lookahead+value", "three+value")


def play_deal(job: tuple[int, int, Weights]) -> dict[str, tuple[int, float]]:
    i, base, weights = job
    course = SAMPLE_COURSES[COURSES[i % len(COURSES)]]
    seed = base + i // len(COURSES)
    strategies: dict[str, Strategy] = {
        "greedy": engine_greedy,
        "value": value_player(weights),
        "lookahead": lookahead_player(seed, HORIZON, None),
        "lookahead+value": lookahead_player(seed, HORIZON, weights),
        "three+value": lookahead_player(seed, 3, weights),
    }
    out = {}
    for name in PLAYERS:
        start = time.perf_counter()
        total = play_round(course, [strategies[name]], seed).totals[0]
        out[name] = (total, time.perf_counter() - start)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--train", type=int, default=8000, help="self-played rounds to fit the value (default 8000)")
    parser.add_argument("--rounds", type=int, default=100, help="rounds each player plays (default 100)")
    parser.add_argument("--seed", type=int, default=37, help="the training seed (default 37)")
    parser.add_argument("--deals", type=int, default=1, help="bench/clubs.py's --seed: the deals played (default 1)")
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1))
    args = parser.parse_args()

    start = time.perf_counter()
    weights = train(args.train, args.seed)
    three = weights[AHEAD - 1]
    print(f"value fitted on {args.train} greedy rounds in {time.perf_counter() - start:.0f} s", flush=True)
    print("  weight over three holes: " + ", ".join(f"{c}: {three[c]:+.2f}" for c in (250, 200, 150, 100, 45, 20, 5)))

    jobs = [(i, args.deals * 100_000, weights) for i in range(args.rounds)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(play_deal, jobs, chunksize=2))
    base = [r["lookahead"][0] for r in results]
    headline = ""
    for name in PLAYERS:
        totals = [r[name][0] for r in results]
        diffs = [b - t for b, t in zip(base, totals)]  # positive: better than the lookahead
        half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(set(diffs)) > 1 else 0.0
        gain = statistics.fmean(diffs)
        seconds = statistics.fmean(r[name][1] for r in results)
        print(
            f"{name:<16} {statistics.fmean(totals):6.2f} a round; against the lookahead {gain:+.2f} "
            f"(95% {gain - half:+.2f} to {gain + half:+.2f}); {seconds:.2f} s a round",
            flush=True,
        )
        if name == "lookahead+value":
            headline = (
                f"club value at the lookahead's end: {gain:+.2f} strokes a round "
                f"(95% {gain - half:+.2f} to {gain + half:+.2f})"
            )
    print(headline)


if __name__ == "__main__":
    main()
