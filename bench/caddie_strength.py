#!/usr/bin/env python3
"""How strong is the Caddie? Two-player holes against the reference players.

    .venv/bin/python bench/caddie_strength.py [--preset bicycle] [--cards 6]
        [--holes 2000] [--opponent greedy] [--seed 1] [--workers 2]

For each rules set (by default: six cards under ``bicycle``, six cards under
``standard``, and ten cards under ``bicycle``) and each opponent (by default
the reference players kept in the repo: ``greedy`` and ``random``, and the
``steady`` computer level) it plays N holes (default 2000): N/2 deals, each
dealt twice with the seats swapped, so both sides get the same cards from the
same seat. A hole is a one-hole match (``holes=1``) played by the engine, each
side deciding from its own view only (``GridMatch.view(seat)``).

Printed per pairing: each side's mean score per hole, the difference per hole
(caddie minus opponent; negative means the Caddie scores lower, i.e. better)
with a 95% interval over deals (the two holes of a deal are averaged, as they
share cards), and the Caddie's hole win rate (a tie counts half).
``--preset``, ``--cards`` and ``--opponent`` narrow the runs to one rules set
or one opponent (a preset alone plays its own grid size: ``speed`` four cards,
``nine`` nine). The last line is the headline figure: the Caddie minus
greedy per hole under ``bicycle`` with six cards (when that pairing ran).

``--family NAME`` (or ``--family all``) runs under the house-rules families of
``bench/rules_families.py`` instead, against ``steady`` unless ``--opponent``
says otherwise; the last line is then the smallest margin over the families
run. Target: the Caddie at least 2.5 points a hole better than Steady under
every family (two players, 2,000 holes each).
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

from caddie.core.grid import caddie, reference_players  # noqa: F401  (register "caddie", "greedy")
from caddie.core.grid.game import GridMatch
from caddie.core.grid.players import choose
from caddie.core.grid.rules import PRESETS, Rules

try:  # run as a script: bench/ is on the path
    from rules_families import FAMILIES, FAMILY_LABELS
except ImportError:  # imported as bench.caddie_strength
    from bench.rules_families import FAMILIES, FAMILY_LABELS

DEFAULT_RUNS = (("bicycle", 6), ("standard", 6), ("bicycle", 10))
DEFAULT_OPPONENTS = ("greedy", "random", "steady")


def play_hole(rules: Rules, levels: tuple[str, str], seed: int, rng: random.Random) -> list[int]:
    match = GridMatch.new(rules, ["first", "second"], seed)
    while match.phase in ("flip", "turn"):
        seat = match.current
        match.apply(choose(match.view(seat), levels[seat], rng), seat)
    return match.hole_scores[-1]


def play_deal(job: tuple) -> tuple[int, int, int, int]:
    """Both holes of one deal: (caddie, opponent) scores with the caddie first, then second."""
    rules_dict, first, second, deal_seed = job
    rules = Rules.from_dict(rules_dict)
    out = []
    for swapped in (False, True):
        levels = (second, first) if swapped else (first, second)
        rng = random.Random(deal_seed * 2 + swapped)
        scores = play_hole(rules, levels, deal_seed, rng)
        out.extend((scores[1], scores[0]) if swapped else (scores[0], scores[1]))
    return tuple(out)


def duel(rules: Rules, first: str, second: str, holes: int, seed: int, workers: int = 1) -> dict:
    deals = max(1, holes // 2)
    jobs = [(rules.to_dict(), first, second, seed * 1_000_003 + deal) for deal in range(deals)]
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            results = list(pool.map(play_deal, jobs, chunksize=8))
    else:
        results = [play_deal(job) for job in jobs]
    ours, theirs, per_deal, wins = [], [], [], 0.0
    for a1, b1, a2, b2 in results:
        ours += [a1, a2]
        theirs += [b1, b2]
        per_deal.append((a1 - b1 + a2 - b2) / 2)
        wins += sum(1.0 if a < b else 0.5 if a == b else 0.0 for a, b in ((a1, b1), (a2, b2)))
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
    parser.add_argument("--preset", choices=sorted(PRESETS), help="only this preset (default: bicycle and standard)")
    parser.add_argument("--cards", type=int, choices=(4, 6, 8, 9, 10), help="only this grid size")
    parser.add_argument("--family", choices=[*FAMILIES, "all"], help="a house-rules family (or all of them)")
    parser.add_argument("--holes", type=int, default=2000, help="holes per pairing (default 2000)")
    parser.add_argument("--opponent", help="only this opponent level (default: greedy, random, steady)")
    parser.add_argument("--player", default="caddie", help="the level measured (default caddie)")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed (default 1)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    args = parser.parse_args(argv)

    if args.family:
        return families(args)
    runs = list(DEFAULT_RUNS)
    if args.preset or args.cards:
        preset = args.preset or "bicycle"
        runs = [(preset, args.cards or PRESETS[preset].cards)]  # a preset plays its own grid unless told
    opponents = (args.opponent,) if args.opponent else DEFAULT_OPPONENTS

    started = time.perf_counter()
    headline = None
    for name, cards in runs:
        rules = replace(PRESETS[name], cards=cards, holes=1)
        print(f"{name}, {cards} cards: {rules.describe()}", flush=True)
        for opponent in opponents:
            r = duel(rules, args.player, opponent, args.holes, args.seed, args.workers)
            print(
                f"  {args.player} {r['first']:6.2f} vs {opponent:<8} {r['second']:6.2f} a hole over "
                f"{r['holes']} holes; difference {r['diff']:+.2f} (95% {r['low']:+.2f} to {r['high']:+.2f}); "
                f"{args.player} wins {100 * r['win']:.1f}% of holes",
                flush=True,
            )
            if (name, cards, opponent) == ("bicycle", 6, "greedy"):
                headline = r
    print(f"({time.perf_counter() - started:.1f} s)")
    if headline is not None:
        print(
            f"HEADLINE: under bicycle (six cards, two players) {args.player} minus greedy is "
            f"{headline['diff']:+.2f} points a hole (95% {headline['low']:+.2f} to {headline['high']:+.2f}); "
            f"{args.player} wins {100 * headline['win']:.1f}% of holes."
        )
    return 0


def families(args: argparse.Namespace) -> int:
    """The house-rules families, each against one opponent (default steady)."""
    names = list(FAMILIES) if args.family == "all" else [args.family]
    opponent = args.opponent or "steady"
    started = time.perf_counter()
    margins: dict[str, float] = {}
    for name in names:
        rules = replace(FAMILIES[name], holes=1)
        r = duel(rules, args.player, opponent, args.holes, args.seed, args.workers)
        margins[name] = -r["diff"]
        print(
            f"{name} ({FAMILY_LABELS[name]}: {rules.describe()}): {args.player} {r['first']:6.2f} vs {opponent} "
            f"{r['second']:6.2f} a hole over {r['holes']} holes; {args.player} better by {-r['diff']:+.2f} "
            f"(95% {-r['high']:+.2f} to {-r['low']:+.2f}); wins {100 * r['win']:.1f}% of holes",
            flush=True,
        )
    print(f"({time.perf_counter() - started:.1f} s)")
    worst = min(margins, key=margins.__getitem__)
    print(
        f"FAMILIES: the smallest margin of {args.player} over {opponent} is {margins[worst]:+.2f} points a hole "
        f"({worst}, over {len(margins)} famil{'y' if len(margins) == 1 else 'ies'})."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
