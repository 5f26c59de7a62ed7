#!/usr/bin/env python3
"""How strong are the computer players? Two-player six-card holes, head to head.

    .venv/bin/python bench/opponents_strength.py [--holes N] [--seed S]

For each preset (``bicycle``, ``standard``) and each pairing (steady vs
beginner, beginner vs random) it plays N holes (default 2000): N/2 deals,
each dealt twice with the seats swapped, so both sides get the same cards
from the same seat. A hole is a one-hole match (``holes=1``), played by the
engine with each side deciding from its own view only.

Printed per pairing: each side's mean score per hole, the difference
(first minus second; negative means the first side scores lower, i.e.
better) with a 95% interval over deals (the two holes of a deal are
averaged, as they share cards), and the first side's hole win rate (a
tie counts half). The last line is the headline figure.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caddie.core.grid.game import GridMatch
from caddie.core.grid.players import choose
from caddie.core.grid.rules import PRESETS, Rules

PRESET_NAMES = ("bicycle", "standard")
PAIRINGS = (("steady", "beginner"), ("beginner", "random"))


def play_hole(rules: Rules, levels: tuple[str, str], seed: int, rng: random.Random) -> list[int]:
    match = GridMatch.new(rules, ["first", "second"], seed)
    while match.phase in ("flip", "turn"):
        seat = match.current
        match.apply(choose(match.view(seat), levels[seat], rng), seat)
    return match.hole_scores[-1]


def duel(rules: Rules, first: str, second: str, holes: int, seed: int) -> dict:
    deals = max(1, holes // 2)
    ours, theirs, per_deal, wins = [], [], [], 0.0
    for deal in range(deals):
        deal_seed = seed * 1_000_003 + deal
        diff = 0
        for swapped in (False, True):
            levels = (second, first) if swapped else (first, second)
            rng = random.Random(deal_seed * 2 + swapped)
            scores = play_hole(rules, levels, deal_seed, rng)
            a, b = (scores[1], scores[0]) if swapped else (scores[0], scores[1])
            ours.append(a)
            theirs.append(b)
            diff += a - b
            wins += 1.0 if a < b else 0.5 if a == b else 0.0
        per_deal.append(diff / 2)
    mean = statistics.mean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(deals) if deals > 1 else float("nan")
    return {
        "first": statistics.mean(ours),
        "second": statistics.mean(theirs),
        "diff": mean,
        "low": mean - half,
        "high": mean + half,
        "win": wins / (2 * deals),
        "holes": 2 * deals,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--holes", type=int, default=2000, help="holes per preset and pairing (default 2000)")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed (default 1)")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    headline: list[dict] = []
    for name in PRESET_NAMES:
        rules = Rules.from_dict({"holes": 1}, base=PRESETS[name])
        print(f"{name}: {rules.describe()}")
        for first, second in PAIRINGS:
            r = duel(rules, first, second, args.holes, args.seed)
            print(
                f"  {first:>8} {r['first']:6.2f} vs {second:<8} {r['second']:6.2f} a hole over {r['holes']} holes; "
                f"difference {r['diff']:+.2f} (95% {r['low']:+.2f} to {r['high']:+.2f}); "
                f"{first} wins {100 * r['win']:.1f}% of holes"
            )
            if (first, second) == ("steady", "beginner"):
                headline.append(r)
    print(f"({time.perf_counter() - started:.1f} s)")
    # Headline: steady's edge over beginner, both presets together (equal weight).
    edge = statistics.mean(-r["diff"] for r in headline)
    half = math.sqrt(sum(((r["high"] - r["low"]) / 2) ** 2 for r in headline)) / len(headline)
    win = statistics.mean(r["win"] for r in headline)
    print(
        f"HEADLINE: steady scores {edge:.2f} points a hole lower than beginner (95% ±{half:.2f}) "
        f"and wins {100 * win:.1f}% of two-player six-card holes (bicycle and standard)."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
