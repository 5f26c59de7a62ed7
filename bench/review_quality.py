#!/usr/bin/env python3
"""How good is the review? Holes between a seat that plays the Caddie's own advice and one that
plays Beginner's moves, each reviewed as a table of people is (docs/records.md, "The review": the
match played again from its record, every decision judged in slices).

    .venv/bin/python bench/review_quality.py [--game grid|clubs] [--holes 200] [--preset standard]
        [--seed 1] [--workers 2]

Grid Golf (``--preset`` its rules) or Club Cards (the first hole of the 9-hole sample course
"cedar-nine" with the default deck and chart: a play's loss looks ahead to the holes after it,
which the hole's own score gap does not hold, so the correlation is weaker there by nature).

A hole is a one-hole match; the seats swap on every other deal, so both levels play first as
often. Printed: for each level, the decisions reviewed and the mean ``loss`` per decision (the
expected points a decision cost against the Caddie's choice, by the Caddie's own evaluation); how
often the review disagreed with the Caddie seat at all; the correlation, over holes, between the
review's total loss of the Beginner seat less the Caddie seat's and the gap in their hole scores
(Beginner less Caddie); and the time to judge one decision (p50, p99; what a Hint costs).

Targets (issue 35): the Caddie seat's mean loss per decision at most 0.2, Beginner's clearly
higher. The Caddie seat decides with its own random source, the review with another, so near ties
can go the other way: that is the noise the first figure measures.

The last line: ``review_quality: caddie <mean> per decision, beginner <mean>, correlation <r>``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caddie.core.courses.course import SAMPLE_COURSES
from caddie.core.games import game_named
from caddie.core.grid.rules import PRESETS
from caddie.core.table import Table

LEVELS = ("caddie", "beginner")
NAMES = ["Ann", "Bob"]


def one_hole(game_name: str, preset: str, seed: int) -> dict[str, Any]:
    """Play one hole (the Caddie and Beginner, seats swapped on odd seeds), review both seats as a
    table of people's hole is reviewed, and give what the report needs."""
    kind = game_named(game_name)
    if kind.uses_course:
        settings = kind.settings_for(Table(), 9, SAMPLE_COURSES["cedar-nine"])
    else:
        settings = kind.check_settings({"rules": replace(PRESETS[preset], holes=9).to_dict()})
    levels = LEVELS if seed % 2 == 0 else LEVELS[::-1]
    rng = random.Random(f"play:{seed}")
    game = kind.deal(settings, NAMES, seed)
    while game.current is not None:
        seat = game.current
        game.apply(kind.computer_move(game, seat, levels[seat], rng), seat)
    record = kind.hole_record(game)
    assert record is not None
    replayed = kind.replayed(settings, NAMES, seed, [record], [0, 1])
    slices: list[float] = []
    while kind.hole_review(replayed) is None:
        started = time.perf_counter()
        replayed = kind.review_some(replayed, 0.0)  # one decision a slice: its time is one decision's
        slices.append(time.perf_counter() - started)
    verdicts = kind.hole_review(replayed) or []
    losses: dict[str, list[float]] = {level: [] for level in LEVELS}
    for verdict in verdicts:
        losses[levels[verdict["seat"]]].append(verdict["loss"])
    scores = {levels[seat]: score for seat, score in enumerate(record["scores"])}
    return {"losses": losses, "scores": scores, "slices": slices}


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="grid", choices=("grid", "clubs"))
    parser.add_argument("--holes", type=int, default=200)
    parser.add_argument("--preset", default="standard", choices=sorted(PRESETS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    seeds = [args.seed * 1_000_003 + i for i in range(args.holes)]
    started = time.perf_counter()
    with ProcessPoolExecutor(args.workers) as pool:
        holes = list(pool.map(one_hole, [args.game] * len(seeds), [args.preset] * len(seeds), seeds))
    elapsed = time.perf_counter() - started
    losses = {level: [x for hole in holes for x in hole["losses"][level]] for level in LEVELS}
    means = {level: statistics.fmean(losses[level]) if losses[level] else 0.0 for level in LEVELS}
    for level in LEVELS:
        found = losses[level]
        costly = sum(1 for x in found if x > 0)
        print(
            f"{level}: {len(found)} decisions reviewed, mean loss {means[level]:.3f} per decision, "
            f"{costly} ({costly / max(len(found), 1):.1%}) with a loss, largest {max(found, default=0):.1f}"
        )
    review_gap = [sum(h["losses"]["beginner"]) - sum(h["losses"]["caddie"]) for h in holes]
    score_gap = [h["scores"]["beginner"] - h["scores"]["caddie"] for h in holes]
    r = statistics.correlation(review_gap, score_gap) if len(holes) > 2 else float("nan")
    print(
        f"per hole: the review's loss, Beginner less Caddie, mean {statistics.fmean(review_gap):.1f}; "
        f"the score gap, Beginner less Caddie, mean {statistics.fmean(score_gap):.1f}; correlation {r:.2f}"
    )
    slices = [s for hole in holes for s in hole["slices"]]
    print(
        f"one decision judged: p50 {percentile(slices, 0.5) * 1000:.0f} ms, p99 {percentile(slices, 0.99) * 1000:.0f} "
        f"ms, max {max(slices) * 1000:.0f} ms ({len(slices)} decisions, {elapsed:.0f} s on {args.workers} workers)"
    )
    print(
        f"review_quality ({args.game}): caddie {means['caddie']:.3f} per decision, beginner {means['beginner']:.3f}, "
        f"correlation {r:.2f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
