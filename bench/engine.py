#!/usr/bin/env python3
"""How fast is the Grid Golf engine? Computer-vs-computer holes per second, on one core.

    .venv/bin/python bench/engine.py [--holes N] [--level beginner]

Plays N (default 3000) one-hole, two-player, six-card matches under the
standard preset, both seats played by the given computer level deciding from
its own view (as in a real match: view, choose, apply, every action; like
``caddie.store.matches.step``, the view leaves out the event log). Prints
the count, the time and, as the last line, holes per second. Target: at least
1,000 holes per second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caddie.core.grid.game import GridMatch
from caddie.core.grid.players import choose
from caddie.core.grid.rules import preset


def play_hole(seed: int, level: str, rng: random.Random) -> int:
    match = GridMatch.new(replace(preset("standard"), holes=1), ["North", "South"], seed)
    actions = 0
    while match.phase in ("flip", "turn"):
        seat = match.current
        match.apply(choose(match.view(seat, events=False), level, rng), seat)
        actions += 1
    return actions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--holes", type=int, default=3000)
    parser.add_argument("--level", default="beginner")
    args = parser.parse_args()
    rng = random.Random(7)
    play_hole(0, args.level, rng)  # warm up imports and caches
    start = time.perf_counter()
    actions = sum(play_hole(seed, args.level, rng) for seed in range(1, args.holes + 1))
    elapsed = time.perf_counter() - start
    print(
        f"{args.holes} holes, {actions} actions, {args.level} v {args.level}, in {elapsed:.2f} s "
        f"({actions / elapsed:,.0f} actions/s)"
    )
    print(f"holes per second: {args.holes / elapsed:,.0f}")


if __name__ == "__main__":
    main()
