#!/usr/bin/env python3
"""How long do a browser's ratings take? ``caddie.core.ratings.rate`` over 500 complete rounds of
4 players drawn from a circle of 8 friends, over a year of nights (issue 36's load: "stats and
ratings for a browser with 500 rounds of 4 players").

    .venv/bin/python bench/ratings.py [--rounds 500] [--repeats 50] [--seed 1]

Printed: the p50, p99 and worst time of one whole rating of the rounds (every round, from the
first), one core, this process. The last line is the p99. Target (issue 36): the whole answer,
stats and ratings together, under 100 ms p99; this is the ratings' part.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from datetime import date, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caddie.core import ratings as ratings_kept
from caddie.core.ratings import RatedRound, rate

FRIENDS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]


def rounds_of(count: int, seed: int) -> list[RatedRound]:
    rng = random.Random(seed)
    skill = {name: rng.gauss(0, 4) for name in FRIENDS}
    played = []
    for index in range(count):
        table = rng.sample(FRIENDS, 4)
        totals = {name: round(40 - skill[name] + rng.gauss(0, 8)) for name in table}
        played.append(RatedRound(date(2026, 1, 1) + timedelta(days=index * 365 // count), f"r{index:04d}", totals))
    return played


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    rounds = rounds_of(args.rounds, args.seed)
    times = []
    for _ in range(args.repeats):
        # the model's whole work each time: rate keeps its answer for the same rounds (an LRU)
        ratings_kept._rated.cache_clear()
        started = time.perf_counter()
        ratings = rate(rounds)
        times.append(time.perf_counter() - started)
    times.sort()
    p50, p99 = times[len(times) // 2], times[min(len(times) - 1, int(0.99 * len(times)))]
    best = ratings.best_first()[0]
    print(f"{args.rounds} rounds of 4, {len(ratings.people)} people; best {best.name} {best.shown} ± {best.spread}")
    print(f"one rating of every round: p50 {p50 * 1000:.1f} ms, p99 {p99 * 1000:.1f} ms, max {times[-1] * 1000:.1f} ms")
    print(f"ratings: p99 {p99 * 1000:.1f} ms for {args.rounds} rounds of 4")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
