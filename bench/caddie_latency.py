#!/usr/bin/env python3
"""How long does the Caddie take to decide? One decision, over many varied views.

    .venv/bin/python bench/caddie_latency.py [--views 1000] [--seed 1]

Collects N (default 1000) views from real games: matches of every rules
variant (4, 6, 8 or 10 cards; King 0 or 10; twos, jokers or both negative;
negative pairs zero or kept; immediate or final-turn end; discard flip on or
off; 0 to 2 initial flips) with 2 to 6 players, the players taking random
legal actions, so the views cover every phase: the flips after the deal,
before a draw, with a card in hand, the forced flip after a discard, and
final turns. Then it times ``caddie.core.grid.caddie.decide(view, rng)`` on each, one
at a time in this process (one core).

Printed: the p50, p90, p99 and worst time of one decision, both as wall-clock
time and as the CPU time of the deciding thread (the wall clock also counts
whatever else the machine is running). The last line is the p99 (wall clock).
Target: p99 at most 100 ms.

``--family NAME`` (or ``--family all``) collects the views from games under one
house-rules family of ``bench/rules_families.py`` instead (2 to 6 players), and
prints the p99 per family; the last line is then the largest p99.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from itertools import product
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caddie.core.grid import caddie as caddie_policy
from caddie.core.grid.game import GridMatch
from caddie.core.grid.rules import ENDS, NEGATIVE_PAIRS, NEGATIVES, TWO_ROW_SIZES, Rules

try:  # run as a script: bench/ is on the path
    from rules_families import FAMILIES
except ImportError:  # imported as bench.caddie_latency
    from bench.rules_families import FAMILIES


def variants() -> list[Rules]:
    return [
        Rules(cards=c, king=k, negatives=n, negative_pairs=p, end=e, discard_flip=d, initial_flips=f, holes=1)
        for c, k, n, p, e, d, f in product(
            TWO_ROW_SIZES, (0, 10), NEGATIVES, NEGATIVE_PAIRS, ENDS, (False, True), (0, 1, 2)
        )
    ]


def collect(count: int, seed: int, rules_list: list[Rules] | None = None) -> list[dict]:
    """``count`` views of the player to move, from random games under every rules variant
    (or under ``rules_list``)."""
    rng = random.Random(seed)
    rules_list = rules_list or variants()
    views: list[dict] = []
    game = 0
    while len(views) < count:
        rules = rules_list[game % len(rules_list)]
        players = 2 + rng.randrange(5) if game % 3 else 2
        match = GridMatch.new(rules, [f"P{i}" for i in range(players)], seed * 100_003 + game)
        game += 1
        taken = 0
        while match.phase in ("flip", "turn") and taken < 4:
            seat = match.current
            if rng.random() < 0.15:  # keep a few views of this game, from all its stages
                views.append(match.view(seat))
                taken += 1
            match.apply(rng.choice(match.legal_actions()), seat)
    return views[:count]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--views", type=int, default=1000, help="views to time (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--family", choices=[*FAMILIES, "all"], help="a house-rules family (or all of them)")
    args = parser.parse_args(argv)
    if args.family:
        return families(args)
    views = collect(args.views, args.seed)
    rng = random.Random(args.seed)
    caddie_policy.decide(views[0], rng)  # warm the caches
    wall, cpu = [], []
    for view in views:
        w0, c0 = time.perf_counter(), time.thread_time()
        caddie_policy.decide(view, rng)
        cpu.append(time.thread_time() - c0)
        wall.append(time.perf_counter() - w0)
    phases = {}
    for view in views:
        key = (
            "flip"
            if view["phase"] == "flip"
            else "forced flip"
            if view["pending_flip"]
            else "card in hand"
            if view["drawn_by"] == view["seat"]
            else "before a draw"
        )
        phases[key] = phases.get(key, 0) + 1
    print(
        f"{len(views)} views from random games under all {len(variants())} rules variants, 2 to 6 players: "
        + ", ".join(f"{n} {k}" for k, n in sorted(phases.items()))
    )
    for name, times in (("cpu", cpu), ("wall", wall)):
        print(
            f"  {name:>4}: p50 {1000 * percentile(times, 0.5):6.1f} ms, p90 {1000 * percentile(times, 0.9):6.1f} ms, "
            f"p99 {1000 * percentile(times, 0.99):6.1f} ms, worst {1000 * max(times):6.1f} ms"
        )
    print(
        f"p99 of one decision: {1000 * percentile(wall, 0.99):.1f} ms "
        f"(cpu {1000 * percentile(cpu, 0.99):.1f} ms; p50 {1000 * percentile(wall, 0.5):.1f} ms)"
    )
    return 0


def families(args: argparse.Namespace) -> int:
    """The p99 of one decision under each house-rules family."""
    names = list(FAMILIES) if args.family == "all" else [args.family]
    worst: tuple[float, str] = (0.0, "")
    for name in names:
        views = collect(args.views, args.seed, [replace(FAMILIES[name], holes=1)])
        rng = random.Random(args.seed)
        caddie_policy.decide(views[0], rng)  # warm the caches
        wall, cpu = [], []
        for view in views:
            w0, c0 = time.perf_counter(), time.thread_time()
            caddie_policy.decide(view, rng)
            cpu.append(time.thread_time() - c0)
            wall.append(time.perf_counter() - w0)
        p99 = percentile(wall, 0.99)
        # the CPU time too: on a shared machine the wall clock waits for the other processes
        print(
            f"{name}: {len(views)} views, p50 {1000 * percentile(wall, 0.5):.1f} ms, "
            f"p99 {1000 * p99:.1f} ms, worst {1000 * max(wall):.1f} ms "
            f"(cpu p50 {1000 * percentile(cpu, 0.5):.1f} ms, p99 {1000 * percentile(cpu, 0.99):.1f} ms)",
            flush=True,
        )
        worst = max(worst, (p99, name))
    print(f"FAMILIES: the largest p99 of one decision is {1000 * worst[0]:.1f} ms ({worst[1]}).")
    return 0


if __name__ == "__main__":
    sys.exit(main())
