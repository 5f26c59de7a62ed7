#!/usr/bin/env python3
"""Club Cards computer opponents: how far apart are the levels a person can pick?

    .venv/bin/python bench/club_opponents.py [--rounds 100] [--seed S]

Each level (``caddie.core.clubs.opponents``: beginner, steady, caddie) plays
the same ``--rounds`` 18-hole solo rounds, half on each 18-hole sample course,
from identical deals (the same seed: the same hand and pile order). Printed:
each level's average round score against par, and, as the last line, how many
strokes a round each level gives away to the next one up.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

from caddie.core.clubs.game import NEXT, ClubRound
from caddie.core.clubs.opponents import LEVELS, choose_play
from caddie.core.courses.course import SAMPLE_COURSES

COURSES = [SAMPLE_COURSES["whistling-pines"], SAMPLE_COURSES["harbour-links"]]


def round_score(level: str, course, seed: int) -> int:
    rnd = ClubRound.new(course, ["Solo"], seed)
    rng = random.Random(seed)
    while not rnd.is_over:
        if rnd.phase == "hole_over":
            rnd.apply(NEXT, 0)
        else:
            rnd.apply(choose_play(rnd.view(0), level, rng), 0)
    return rnd.totals[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=100)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    means = {}
    for level in LEVELS:
        scores = [round_score(level, COURSES[i % 2], args.seed + i) for i in range(args.rounds)]
        means[level] = statistics.fmean(scores)
        par = statistics.fmean(COURSES[i % 2].par for i in range(args.rounds))
        print(
            f"{level}: {args.rounds} rounds, average {means[level]:.2f} ({means[level] - par:+.2f} against par)",
            flush=True,
        )
    steps = ", ".join(f"{low} gives {means[low] - means[high]:.2f} to {high}" for low, high in zip(LEVELS, LEVELS[1:]))
    print(f"strokes a round: {steps}")


if __name__ == "__main__":
    main()
