#!/usr/bin/env python3
"""How fast does the Caddie's own play-out player play whole holes? The rate a learned value's
training data can be made at (issue 37: every model trained in under two hours on this machine).

    .venv/bin/python bench/self_play_rate.py [--family NAME|all] [--players 2] [--holes 400] [--seed 1]

For each rules family (bench/rules_families.py): a hole dealt by the engine (``GridMatch``), its
first cards turned up by the engine's legal moves, then from there ``--holes`` fresh deals of the
cards no one has seen, each played to its end by the fast player (``fast_player.finish``, every
seat) and scored exactly, as the Caddie's play-outs are. One core, this process; the compiled
modules where they are installed (``CADDIE_COMPILE=1``). Printed: holes and turns a second per
family. The last line: the slowest family's holes a second.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.rules_families import FAMILIES
from caddie.core.grid.fast_player import DealtHole, finish
from caddie.core.grid.game import GridMatch
from caddie.core.grid.knowledge import DOWN, Knowledge


def root(rules, players: int, seed: int) -> Knowledge:
    """Seat 0's knowledge at its first turn of a hole the engine dealt."""
    match = GridMatch.new(rules, [f"P{i}" for i in range(players)], seed)
    while not (match.phase == "turn" and match.current == 0):
        match.apply(match.legal_actions()[0], match.current)
    return Knowledge(match.view(0, events=False))


def rate(k: Knowledge, holes: int, seed: int) -> tuple[float, float]:
    """(holes, turns) a second over ``holes`` fresh deals of the unseen cards from ``k``."""
    places = [(s, p) for s in range(k.n) for p, c in enumerate(k.grids[s]) if c == DOWN]
    turns = 0
    started = time.perf_counter()
    for deal in range(holes):
        cards = list(k.unseen)
        random.Random(seed * 7919 + deal).shuffle(cards)
        true = [list(g) for g in k.grids]
        for i, (s, p) in enumerate(places):
            true[s][p] = cards[i]
        h = DealtHole(k, true, cards[len(places) :], seed * 31 + deal)
        finish(k, h)
        turns += h.turns
    took = time.perf_counter() - started
    return holes / took, turns / took


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--family", choices=[*FAMILIES, "all"], default="all")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--holes", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    names = list(FAMILIES) if args.family == "all" else [args.family]
    slowest = (float("inf"), "")
    for name in names:
        k = root(FAMILIES[name], args.players, args.seed)
        holes, turns = rate(k, args.holes, args.seed)
        print(f"{name:<16} {holes:8.0f} holes/s {turns:10.0f} turns/s  ({args.players} players)")
        slowest = min(slowest, (holes, name))
    print(f"self-play, {args.players} players: slowest {slowest[0]:.0f} holes a second ({slowest[1]})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
