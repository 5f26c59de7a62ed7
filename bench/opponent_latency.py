#!/usr/bin/env python3
"""How long does a Grid Golf computer level take to decide? One decision, on the largest table.

    .venv/bin/python bench/opponent_latency.py [--holes 20] [--level steady] [--seed 3]

Plays N (default 20) one-hole matches at the largest table there is: six
players, ten-card grids, twos and jokers both negative (the most cards to
weigh per decision), every seat played by the given computer level deciding
from its own view (``players.choose(view, level, rng)``, the view built
without the event log, as ``caddie/store/grid_matches.py`` builds it). Only
``choose`` is timed, one decision at a time, on one core; building the view
and applying the action are not.

Printed: the number of decisions, the p50, p99 and worst time of one
decision, and, as the last line, the mean time of one decision. Target: the
mean under 2 ms for ``steady`` (the target tests/core/grid/test_opponents.py once
asserted with a timer).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caddie.core.grid.game import GridMatch
from caddie.core.grid.players import choose
from caddie.core.grid.rules import Rules

RULES = Rules(cards=10, negatives="both", holes=1)
PLAYERS = 6


def hole_times(seed: int, level: str, rng: random.Random) -> list[float]:
    """The time of every decision of one hole."""
    match = GridMatch.new(RULES, [f"P{i}" for i in range(PLAYERS)], seed)
    times = []
    clock = time.perf_counter
    while match.phase in ("flip", "turn"):
        seat = match.current
        view = match.view(seat, events=False)
        start = clock()
        action = choose(view, level, rng)
        times.append(clock() - start)
        match.apply(action, seat)
    return times


def percentile(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--holes", type=int, default=20)
    parser.add_argument("--level", default="steady")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    hole_times(args.seed - 1, args.level, rng)  # warm up imports and caches
    times = sorted(t for h in range(args.holes) for t in hole_times(args.seed + h, args.level, rng))
    mean = sum(times) / len(times)
    print(
        f"{args.level}: {len(times)} decisions in {args.holes} holes, {PLAYERS} players, {RULES.describe()}: "
        f"p50 {1000 * percentile(times, 0.5):.3f} ms, p99 {1000 * percentile(times, 0.99):.3f} ms, "
        f"worst {1000 * times[-1]:.3f} ms"
    )
    print(f"mean of one {args.level} decision: {1000 * mean:.3f} ms (target < 2)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
