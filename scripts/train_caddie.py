#!/usr/bin/env python3
"""Train the Caddie's learned Grid Golf values from self-play (issue 37; docs/learned-value.md).

    .venv/bin/python scripts/train_caddie.py [--family NAME|all] [--holes 60000] [--seed 37] [--out DIR]

For each rules family (``caddie.core.grid.learned.FAMILIES``):

1. self-play: holes dealt by the engine (2, 3 or 4 players in turn), played from the deal for a
   few turns by computer players of every kind, then dealt out afresh ``DEALS_PER_ROOT`` times
   from there (the cards nobody has seen) and played to the end by the Caddie's play-out player
   (``fast_player``, every seat), as the Caddie's play-outs are;
2. every seat's afterstate (its grid once its turn is over) is a sample; its target is what
   the grid finally scored less its exact expectation then (``DealtHole.exp``);
3. the residual and tempo tables are fitted to those targets by stochastic gradient descent on
   the squared error (Monte Carlo returns: unbiased for the play-out player, whose value the
   play-outs need);
4. the error on held-out holes (every tenth engine deal's, never fitted) is logged beside the
   error of the expectation alone.

The tables go to ``caddie/core/grid/values/<family>.json`` with this script's version, the seed,
the hole count and the fingerprint of the feature code (``learned.fingerprint``); with
``--family all``, the log to ``caddie/core/grid/values/training-log.txt``. The same seed gives the
same files. One core; about a quarter of an hour for every family at the default 60,000 holes each.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from caddie.core.grid import learned
from caddie.core.grid.fast_player import DealtHole, end_turn, fast_turn, final_scores, stage_now, worst_first
from caddie.core.grid.game import GridMatch
from caddie.core.grid.knowledge import DOWN, Knowledge
from caddie.core.grid.learned import FAMILIES, GridValue, column_key, table_of
from caddie.core.grid.players import choose
from caddie.core.grid.rules import Rules

SCRIPT_VERSION = 1
ROOT_PLAYERS = ("steady", "caddie-fast", "beginner")  # who plays a hole up to where self-play starts
DEALS_PER_ROOT = 8  # fresh deals of the unseen cards played out from each engine deal
HELD_OUT = 10  # every tenth root's holes are held out of the fit
EPOCHS = 4
LEARNING_RATE = 0.01

Tables = Sequence[Sequence[float]]
Sample = tuple[int, int, tuple[int, ...], float]  # (stage, face-down cards, column keys worst first, target)


def some_turn(rules: Rules, players: int, seed: int) -> Knowledge | None:
    """The knowledge of the seat to move at a turn some way into a hole the engine dealt: the
    hole played from the deal for 0 to ``2 + 3 * players`` turns by computer players of every
    kind (the Caddie advises at every point of a hole, and after any kind of play). None when
    the hole ended first."""
    match = GridMatch.new(rules, [f"P{i}" for i in range(players)], seed)
    rng = random.Random(seed)
    levels = [rng.choice(ROOT_PLAYERS) for _ in range(players)]
    turns = rng.randrange(0, 3 + 3 * players)
    while match.phase in ("flip", "turn"):
        seat = match.current
        assert seat is not None, "someone is to move while the hole is on"
        view = match.view(seat, events=False)
        if match.phase == "turn" and view.get("drawn") is None and not view.get("pending_flip"):
            if turns == 0:  # a turn's start
                return Knowledge(view)
            turns -= 1
        match.apply(choose(view, levels[seat], rng), seat)
    return None


def play(k: Knowledge, deal_seed: int) -> list[Sample]:
    """One fresh deal of the unseen cards from ``k``, played to its end by the fast player; every
    seat's afterstates with their targets (final score less the expectation then)."""
    places = [(s, p) for s in range(k.n) for p, c in enumerate(k.grids[s]) if c == DOWN]
    cards = list(k.unseen)
    random.Random(deal_seed).shuffle(cards)
    true = [list(g) for g in k.grids]
    for i, (s, p) in enumerate(places):
        true[s][p] = cards[i]
    h = DealtHole(k, true, cards[len(places) :], deal_seed)
    seen: list[tuple[int, int, int, tuple[int, ...], float]] = []
    while True:
        s = k.order[h.pos]
        fast_turn(k, h, s)
        over = end_turn(k, h, s)
        grid = h.vis[s]
        keys = tuple(column_key(list(cells)) for cells in worst_first(k, grid))
        seen.append((s, stage_now(k, h, s), h.ndown[s], keys, h.exp[s]))
        if over:
            break
    final = final_scores(k, h)
    return [(stage, down, keys, final[s] - base) for s, stage, down, keys, base in seen]


def self_play(rules: Rules, holes: int, seed: int, progress: str) -> tuple[list[Sample], list[Sample]]:
    """(fitted, held-out) samples from ``holes`` self-played holes."""
    fitted: list[Sample] = []
    held: list[Sample] = []
    roots = max(1, holes // DEALS_PER_ROOT)
    started = time.perf_counter()
    for r in range(roots):
        k = some_turn(rules, 2 + r % 3, seed * 1_000_003 + r)
        if k is None:
            continue
        into = held if r % HELD_OUT == HELD_OUT - 1 else fitted
        for d in range(DEALS_PER_ROOT):
            into += play(k, (seed * 1_000_003 + r) * 97 + d)
        if r % 50 == 0 or r == roots - 1:
            _bar(progress, (r + 1) / roots, time.perf_counter() - started)
    return fitted, held


def fit(samples: list[Sample], rows: int, seed: int, size: int, family: str) -> GridValue:
    """The residual and tempo tables that best predict the samples' targets (SGD, squared error)."""
    residual = [[0.0] * learned.SYMBOLS**rows for _ in range(learned.TABLES)]
    tempo = [[0.0] * (size + 1) for _ in range(learned.STAGES)]
    order = list(range(len(samples)))
    rng = random.Random(seed)
    for epoch in range(EPOCHS):
        rng.shuffle(order)
        rate = LEARNING_RATE / (1 + epoch)
        for i in order:
            stage, down, keys, target = samples[i]
            step = rate * (target - predict(residual, tempo, stage, down, keys))
            tempo[stage][down] += step
            first = table_of(stage, down, 0)
            for place, key in enumerate(keys):
                residual[first + place][key] += step
    return GridValue(family, rows, tuple(tuple(t) for t in residual), tuple(tuple(t) for t in tempo))


def predict(residual: Tables, tempo: Tables, stage: int, down: int, keys: tuple[int, ...]) -> float:
    """What the tables expect the rest of the hole to change in a grid (``leaf_scores``'s sum)."""
    first = table_of(stage, down, 0)
    return tempo[stage][down] + sum(residual[first + place][key] for place, key in enumerate(keys))


def errors(samples: list[Sample], value: GridValue) -> tuple[float, float]:
    """(mean squared error of the expectation alone, of the expectation and the learned value)."""
    alone = learned = 0.0
    for stage, down, keys, target in samples:
        alone += target * target
        first = table_of(stage, down, 0)
        error = (
            target
            - value.tempo[stage][down]
            - sum(value.residual[first + place][key] for place, key in enumerate(keys))
        )
        learned += error * error
    n = max(1, len(samples))
    return alone / n, learned / n


def _bar(label: str, done: float, took: float) -> None:
    filled = int(done * 30)
    sys.stderr.write(f"\r{label:<28} [{'#' * filled}{'.' * (30 - filled)}] {done:4.0%} {took:5.0f} s")
    if done >= 1:
        sys.stderr.write("\n")
    sys.stderr.flush()


def train(family: str, holes: int, seed: int, log: list[str]) -> tuple[GridValue, dict[str, object]]:
    """``family``'s value, fitted to ``holes`` self-played holes, and what its training measured
    (its held-out error is logged too)."""
    rules = FAMILIES[family]
    fitted, held = self_play(rules, holes, seed, family)
    value = fit(fitted, rules.rows, seed, rules.cards, family)
    alone, learned = errors(held, value)
    line = (
        f"{family:<16} {len(fitted):>8} samples fitted, {len(held):>7} held out;"
        f" held-out mean squared error {alone:6.2f} (expectation alone) -> {learned:6.2f} (with the learned value)"
    )
    log.append(line)
    print(line, flush=True)
    measured = {"samples": len(fitted), "held_out": len(held), "held_out_mse": [round(alone, 2), round(learned, 2)]}
    return value, measured


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--family", choices=[*FAMILIES, "all"], default="all")
    parser.add_argument("--holes", type=int, default=60000, help="self-played holes a family (default 60000)")
    parser.add_argument("--seed", type=int, default=37)
    parser.add_argument("--out", type=Path, default=learned.VALUES, help="where the values files go")
    args = parser.parse_args(argv)
    names = list(FAMILIES) if args.family == "all" else [args.family]
    args.out.mkdir(parents=True, exist_ok=True)
    started = time.perf_counter()
    log = [f"scripts/train_caddie.py version {SCRIPT_VERSION}, seed {args.seed}, {args.holes} holes a family"]
    for name in names:
        began = time.perf_counter()
        value, measured = train(name, args.holes, args.seed, log)
        trainer = {
            **measured,
            "script": "scripts/train_caddie.py",
            "version": SCRIPT_VERSION,
            "seed": args.seed,
            "holes": args.holes,
            "fingerprint": learned.fingerprint(),
        }
        (args.out / f"{name}.json").write_text(value.to_json(trainer))
        log.append(f"{name:<16} trained in {time.perf_counter() - began:.0f} s")
    took = time.perf_counter() - started
    log.append(f"every model trained in {took / 60:.1f} min")
    if args.family == "all":
        (args.out / "training-log.txt").write_text("\n".join(log) + "\n")
    print(f"trained {len(names)} model(s) in {took / 60:.1f} min")
    return 0


if __name__ == "__main__":
    sys.exit(main())
