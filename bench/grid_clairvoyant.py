#!/usr/bin/env python3
"""What knowing every card is worth at Grid Golf: a clairvoyant pilot against Steady.

    .venv/bin/python bench/grid_clairvoyant.py [--family four_cards] [--holes 1000]
        [--seed 1] [--workers 2]

A measuring stick, never a player: the pilot reads the whole match (the deck's
order, the rival's face-down cards), as only a bench may
(docs/information-sets.md). Before each of its decisions it tries every legal
action on a copy of the match and plays the hole out, itself by the Caddie's
fast player (``caddie-fast``) and the rival by Steady with Steady's own random
source copied, so the rival's replies in the play-out are the replies it will
make. It takes the action whose hole ends best for it (its score minus the
rival's). It is not the optimum, only a lower bound on what clairvoyance buys.

The deals are ``bench/caddie_strength.py``'s (the same seeds, each dealt twice
with the seats swapped), so the figure sits beside the Caddie's margin over
Steady in the same family. The question it answers: can a bound from
clairvoyance, like Club Cards' (``bench/club_clairvoyant.py``), show a margin
target to be out of reach? Only if the clairvoyant's own margin is under it.
The last line is the clairvoyant's margin over Steady, points a hole.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caddie.core.grid import caddie  # noqa: F401  (registers "caddie-fast")
from caddie.core.grid.game import Action, GridMatch
from caddie.core.grid.players import choose

try:  # run as a script: bench/ is on the path
    from rules_families import FAMILIES
except ImportError:  # imported as bench.grid_clairvoyant
    from bench.rules_families import FAMILIES

CONTINUATION = "caddie-fast"  # how the pilot plays itself in its play-outs
RIVAL = "steady"


def hole_margin(match: GridMatch, me: int, rival_rng: random.Random) -> int:
    """Play ``match`` to the end of its hole (``me`` by the continuation, the rival by Steady);
    my score minus the rival's."""
    mine = random.Random(0)
    while match.phase in ("flip", "turn"):
        seat = match.current
        level, rng = (CONTINUATION, mine) if seat == me else (RIVAL, rival_rng)
        match.apply(choose(match.view(seat, events=False), level, rng), seat)
    scores = match.hole_scores[-1]
    return scores[me] - scores[1 - me]


def pilot(match: GridMatch, me: int, rival_rng: random.Random) -> Action:
    """The legal action whose played-out hole ends best for ``me`` (the first of equals)."""
    best: tuple[int, Action] | None = None
    for action in match.legal_actions():
        trial = GridMatch.from_dict(match.to_dict())
        trial.apply(action, me)
        copied = random.Random()
        copied.setstate(rival_rng.getstate())
        margin = hole_margin(trial, me, copied)
        if best is None or margin < best[0]:
            best = (margin, action)
    assert best is not None, "a seat to move has a legal action"
    return best[1]


def play_hole(family: str, seed: int, me: int) -> tuple[int, int]:
    """One hole of the deal ``seed`` with the pilot in seat ``me``: (its score, Steady's)."""
    rules = replace(FAMILIES[family], holes=1)
    match = GridMatch.new(rules, ["pilot", "steady"] if me == 0 else ["steady", "pilot"], seed)
    rival_rng = random.Random(seed * 2 + me)
    while match.phase in ("flip", "turn"):
        seat = match.current
        action = pilot(match, me, rival_rng) if seat == me else choose(match.view(seat), RIVAL, rival_rng)
        match.apply(action, seat)
    scores = match.hole_scores[-1]
    return scores[me], scores[1 - me]


def play_deal(job: tuple[str, int]) -> tuple[int, int, int, int]:
    family, seed = job
    return (*play_hole(family, seed, 0), *play_hole(family, seed, 1))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--family", choices=sorted(FAMILIES), default="four_cards")
    parser.add_argument("--holes", type=int, default=1000, help="holes (default 1000: 500 deals, seats swapped)")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed, as caddie_strength.py (default 1)")
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)

    deals = max(2, args.holes // 2)
    jobs = [(args.family, args.seed * 1_000_003 + deal) for deal in range(deals)]  # caddie_strength.py's deals
    started = time.perf_counter()
    if args.workers > 1:
        with ProcessPoolExecutor(args.workers) as pool:
            results = list(pool.map(play_deal, jobs, chunksize=4))
    else:
        results = [play_deal(job) for job in jobs]
    per_deal = [(b1 - a1 + b2 - a2) / 2 for a1, b1, a2, b2 in results]  # Steady minus the pilot
    mean = statistics.mean(per_deal)
    half = 1.96 * statistics.stdev(per_deal) / math.sqrt(len(per_deal))
    pilot_mean = statistics.mean(x for a1, _, a2, _ in results for x in (a1, a2))
    rival_mean = statistics.mean(x for _, b1, _, b2 in results for x in (b1, b2))
    print(
        f"{args.family}: {2 * deals} holes, the clairvoyant pilot {pilot_mean:.2f} a hole, Steady {rival_mean:.2f} "
        f"({time.perf_counter() - started:.0f} s on {args.workers} workers)"
    )
    print(
        f"CLAIRVOYANT: better than Steady by {mean:+.2f} points a hole (95% {mean - half:+.2f} to {mean + half:+.2f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
