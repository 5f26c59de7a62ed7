#!/usr/bin/env python3
"""Club Cards: how fast is the exact solver, and how much does the lookahead caddie save?

    .venv/bin/python bench/clubs.py [--hands 2000] [--rounds 200] [--samples N] [--jobs J] [--seed S]
        [--width 48]

1. Solve time: ``--hands`` random 14-card hands dealt from the default deck
   (every other one from two decks, so with duplicates), each against a
   yardage drawn half the time from the sample courses' holes and half the
   time from 100 to 600; one ``solve`` each, timed alone. Targets: median at
   most 1 ms (the target tests/core/clubs/test_club_solver.py once asserted with a
   timer), 99th percentile at most 5 ms. ``--rounds 0`` measures only this,
   and the solve time is then the last line.
2. Rounds: ``--rounds`` full 18-hole rounds (half on each 18-hole sample
   course), one player each, played twice from the identical deal (the same
   seed, so the same hand and the same pile order): once by the
   per-hole-optimal greedy player (``solve``'s play every hole) and once by
   the lookahead caddie (``caddie.core.clubs.caddie.lookahead_player``, which sees only its
   own view). Printed: each side's average round score, the difference per
   round with a 95% interval, and how often each side won. Target: the
   lookahead at least 10 strokes per round better.
3. Bounds: the same deals played by the clairvoyant beam search of
   ``bench/club_clairvoyant.py``, which knows the pile's order (and is first
   checked against the engine: its simulator's greedy round must be the
   engine's). The greedy player is the floor any lookahead should beat, the
   clairvoyant search a score no player that sees only its own seat can be
   expected to reach; printed: the lookahead's share of the gap between them
   (target, issue 37: at least 50%).

Why the round target is out of reach (measured while building this):
the per-hole floor, a player holding all 51 cards on every hole, scores 50
(Whistling Pines) and 49 (Harbour Links), against the greedy player's 63.1
and 64.8 over 300 rounds each; 10 strokes better would be within 3 to 6
strokes of that floor. The clairvoyant bound (a beam search that knows the
pile, part 3) is 3.2 strokes a round better than greedy over 200 deals
(2026-12-06). It is not converged: over the first 140 deals a width of
800 (``--width``, about 40 s a round) lowered it by 0.7 strokes a round
against 48, and the lookahead's share of the gap fell from 57% to 47.5%.
The greedy player is strong because of
``solve``'s tie-breaks: with "fewest cards" as the first tie-break it
averages 71.8 and 73.5 instead.

``--no-bound`` skips the clairvoyant search (about 3 s a round). The last
two lines are the headline figures. Rounds run on ``--jobs``
processes (default: the CPU count, at most 4); every figure is the same
whatever the number of jobs.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caddie.core.clubs.caddie import SAMPLES, lookahead_player
from caddie.core.clubs.game import greedy, play_round
from caddie.core.clubs.scoring import DEFAULT_DECK
from caddie.core.clubs.solver import solve
from caddie.core.courses.course import SAMPLE_COURSES

try:  # run as a script: bench/ is on the path
    from club_clairvoyant import WIDTH, clairvoyant_total, replay_greedy
except ImportError:  # imported as bench.clubs
    from bench.club_clairvoyant import WIDTH, clairvoyant_total, replay_greedy

COURSES = [key for key, course in SAMPLE_COURSES.items() if len(course.holes) == 18]


def percentile(sorted_values: list[float], q: float) -> float:
    """The q-th percentile (0-100), nearest rank."""
    k = max(0, min(len(sorted_values) - 1, round(q / 100 * len(sorted_values)) - 1))
    return sorted_values[k]


def solve_times(hands: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    yardages = [h.yardage for course in SAMPLE_COURSES.values() for h in course.holes]
    cases = []
    for i in range(hands):
        hand = rng.sample(list(DEFAULT_DECK) * (1 + i % 2), 14)
        yardage = rng.choice(yardages) if i % 4 < 2 else rng.randint(100, 600)
        cases.append((hand, yardage))
    for hand, yardage in cases[:50]:  # warm up
        solve(hand, yardage)
    times = []
    clock = time.perf_counter
    for hand, yardage in cases:
        start = clock()
        solve(hand, yardage)
        times.append(clock() - start)
    return sorted(times)


def play_pair(job: tuple[str, int, int, int]) -> tuple[str, int, int, int, float, int | None]:
    """One deal played by each side: (course, seed, greedy total, lookahead total, lookahead
    seconds, clairvoyant total or None). ``width`` 0 skips the clairvoyant bound."""
    course_key, seed, samples, width = job
    course = SAMPLE_COURSES[course_key]
    greedy_total = play_round(course, [greedy], seed).totals[0]
    start = time.perf_counter()
    caddie_total = play_round(course, [lookahead_player(samples=samples, seed=seed)], seed).totals[0]
    seconds = time.perf_counter() - start
    clairvoyant = None
    if width:
        simulated = replay_greedy(course, seed)
        if simulated != greedy_total:
            raise SystemExit(f"the clairvoyant's simulator drifted from the engine: {simulated} != {greedy_total}")
        clairvoyant = clairvoyant_total(course, seed, width=width)
    return course_key, seed, greedy_total, caddie_total, seconds, clairvoyant


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--samples", type=int, default=SAMPLES)
    parser.add_argument("--jobs", type=int, default=min(4, os.cpu_count() or 1))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-bound", action="store_true", help="skip the clairvoyant bound")
    parser.add_argument("--width", type=int, default=WIDTH, help=f"the clairvoyant beam's width (default {WIDTH})")
    args = parser.parse_args()

    times = solve_times(args.hands, args.seed)
    median_ms, p99_ms = statistics.median(times) * 1000, percentile(times, 99) * 1000
    print(
        f"solve: {args.hands} random 14-card hands, median {median_ms:.3f} ms, p99 {p99_ms:.3f} ms, "
        f"max {times[-1] * 1000:.3f} ms"
    )

    if args.rounds <= 0:
        print(f"solve time: median {median_ms:.3f} ms (target <= 1), p99 {p99_ms:.3f} ms (target <= 5)")
        return

    jobs = [
        (
            COURSES[i % len(COURSES)],
            args.seed * 100_000 + i // len(COURSES),
            args.samples,
            0 if args.no_bound else args.width,
        )
        for i in range(args.rounds)
    ]
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            results = list(pool.map(play_pair, jobs, chunksize=4))
    else:
        results = [play_pair(job) for job in jobs]
    elapsed = time.perf_counter() - start

    for key in COURSES:
        rows = [r for r in results if r[0] == key]
        if rows:
            g = statistics.mean(r[2] for r in rows)
            c = statistics.mean(r[3] for r in rows)
            print(
                f"{SAMPLE_COURSES[key].label}: {len(rows)} rounds, greedy {g:.2f}, lookahead {c:.2f}, "
                f"{g - c:+.2f} strokes per round"
            )
    diffs = [r[2] - r[3] for r in results]
    greedy_mean = statistics.mean(r[2] for r in results)
    caddie_mean = statistics.mean(r[3] for r in results)
    gain = statistics.mean(diffs)
    half = 1.96 * statistics.stdev(diffs) / len(diffs) ** 0.5 if len(diffs) > 1 else float("nan")
    wins = sum(d > 0 for d in diffs)
    ties = sum(d == 0 for d in diffs)
    per_round = statistics.mean(r[4] for r in results)
    print(
        f"rounds: {len(results)} 18-hole rounds, identical deals, one player each, {args.samples} refills "
        f"per play; lookahead better in {wins}, equal in {ties}, worse in {len(diffs) - wins - ties}; "
        f"{per_round:.2f} s per lookahead round, {elapsed:.0f} s on {args.jobs} jobs"
    )
    print(f"average round: greedy {greedy_mean:.2f}, lookahead {caddie_mean:.2f}")
    bounds = [r[5] for r in results if r[5] is not None]
    if bounds:
        clairvoyant_mean = statistics.mean(bounds)
        gap = greedy_mean - clairvoyant_mean
        print(
            f"clairvoyant bound (knows the pile; a beam of {args.width}): {clairvoyant_mean:.2f}, "
            f"{gap:.2f} strokes a round below greedy; "
            f"the lookahead takes {gain / gap:.0%} of that gap (target >= 50%)"
        )
    print(f"solve time: median {median_ms:.3f} ms (target <= 1), p99 {p99_ms:.3f} ms (target <= 5)")
    print(
        f"lookahead vs greedy: {gain:+.2f} strokes per round better (95% interval {gain - half:+.2f} to "
        f"{gain + half:+.2f}; target >= 10)"
    )


if __name__ == "__main__":
    main()
