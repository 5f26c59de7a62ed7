#!/usr/bin/env python3
"""Are the Caddie's decisions unchanged? One hash over every decision of a fixed set of games.

    .venv/bin/python bench/caddie_decisions.py [--matches 100] [--rounds 100] [--club-holes 2] [--seed 1]
        [--jobs 1]

A check for pure refactorings: run it before and after, and the last line
must not change. It plays

1. ``--matches`` (default 100) seeded Grid Golf matches with every seat played
   by the computer level ``"caddie"`` (``grid.players.choose``, was
   ``opponents.choose``), each deciding from its own view as in a real match.
   The rules vary from match to match, drawn from a random source seeded by
   the match number (King 0 or 10; twos, jokers or both negative; negative
   pairs zero or kept; immediate or final-turn end; discard flip off or on; 0
   to 2 initial flips). Four matches in five are two players on 4, 6, 8 and
   10 cards in turn; every fifth is 3, 4, 5 and 6 players in turn, on a grid
   that keeps the deal within ``MAX_DEALT`` cards (so some tables need two
   decks). Tables of at most ``TWO_HOLES_UP_TO`` cards play two holes (the
   second dealt in score order), the others one. Tables stay small because
   every decision costs the Caddie about the same, 20 to 30 ms, and a hole
   takes about three decisions per card dealt.
2. ``--rounds`` (default 100) seeded Club Cards rounds with every seat played
   by the ``"caddie"`` level (``clubs.opponents.choose_play``, was
   ``club_opponents.choose_play``), 2, 3 or 4 players, stopped after
   ``--club-holes`` holes (default 2: the second hole is the first with drawn
   cards, a discard pile and a playing order by score): mostly invented
   courses (``courses.generator.random_course``), every fifth one a sample
   course, and every third round on a house penalty chart. A decision costs
   about 100 ms here: the lookahead weighs the holes ahead.

Every decision (the game, the hole, the seat and the action's fields in
declaration order) and every finished hole's scores, as one line of text
each, go into a SHA-256, one for each game. Each match and round has its own
seeded ``random.Random`` for the chooser and starts from nothing, so the
figures depend only on the code and the arguments, not on ``--jobs``.

Printed: for each game the number of matches or rounds, holes and decisions,
the time taken and its hash; as the last line, one hash over both. The
defaults make about 5,300 grid and 550 club decisions: 2.5 to 3 minutes of
CPU on one core, and about half the wall time with ``--jobs 2``.

The imports below try the module paths of the reorganised ``caddie.core``
first and fall back to the old ones, so the one script runs on a checkout
from before the move too.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import fields
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# -- every import from caddie, in one place -------------------------------------------------
# caddie.core was reorganised into grid/, clubs/ and courses/ packages (issue "One house"). The
# new paths come first and the old ones are the fallback, so that the one script gives the figure
# to compare on a checkout from before the move too. (When neither works, the traceback shows
# both errors, the new paths' first.)
try:
    from caddie.core.clubs.game import NEXT as CLUB_NEXT
    from caddie.core.clubs.game import ClubRound
    from caddie.core.clubs.opponents import choose_play
    from caddie.core.clubs.scoring import ClubRules, PenaltyBand
    from caddie.core.courses.course import SAMPLE_COURSES
    from caddie.core.courses.generator import random_course
    from caddie.core.grid.game import GridMatch
    from caddie.core.grid.players import LEVELS, choose
    from caddie.core.grid.rules import ENDS, GRID_SIZES, NEGATIVE_PAIRS, NEGATIVES, Rules

    LAYOUT = "new module paths"
except ImportError:
    from caddie.core import caddie_policy  # noqa: F401  (registers the "caddie" level)
    from caddie.core.club_opponents import choose_play
    from caddie.core.club_round import NEXT as CLUB_NEXT
    from caddie.core.club_round import ClubRound
    from caddie.core.clubs import ClubRules, PenaltyBand
    from caddie.core.course_generator import random_course
    from caddie.core.courses import SAMPLE_COURSES
    from caddie.core.grid_game import GridMatch
    from caddie.core.opponents import LEVELS, choose
    from caddie.core.rules import ENDS, GRID_SIZES, NEGATIVE_PAIRS, NEGATIVES, Rules

    LAYOUT = "old module paths"
import caddie

# The two-row layouts every revision deals (nine cards came with the house rules).
TWO_ROW_SIZES = tuple(size for size in GRID_SIZES if size != 9)

# -- end of the imports from caddie -----------------------------------------------------------

LEVEL = "caddie"

CROWDED_EVERY = 5  # every fifth grid match is at a table of 3 to 6 players, the others two
MAX_DEALT = 30  # cards dealt at one grid table at most: more than 24 takes two decks
TWO_HOLES_UP_TO = 8  # cards dealt at a grid table that plays two holes

SAMPLE_EVERY = 5  # every fifth club round is on a sample course
HOUSE_CHART_EVERY = 3  # every third club round is on the house chart
CLUB_PLAYERS = (2, 3, 2, 4)  # players of club round i: CLUB_PLAYERS[i % 4]
# Stricter than the default chart, so the club Caddie also plays by a table's own rules.
HOUSE_CHART = ClubRules(bands=(PenaltyBand(0, 0), PenaltyBand(5, 1), PenaltyBand(15, 2), PenaltyBand(40, 4)), beyond=6)


def canonical(action) -> str:
    """An action as text: its dataclass fields in declaration order (sequences comma-joined)."""
    parts = []
    for field in fields(action):
        value = getattr(action, field.name)
        if isinstance(value, (list, tuple)):
            value = ",".join(str(v) for v in value)
        parts.append(f"{field.name}={value}")
    return " ".join(parts)


class Record:
    """The lines of text one match or round adds to its game's hash, and what they count."""

    def __init__(self, header: str) -> None:
        self.lines = [header]
        self.decisions = 0
        self.holes = 0

    def decision(self, where: str, seat: int, action) -> None:
        self.decisions += 1
        self.lines.append(f"{where} seat {seat}: {canonical(action)}")

    def hole_scores(self, where: str, scores: list[int]) -> None:
        self.holes += 1
        self.lines.append(f"{where} scores: {','.join(str(s) for s in scores)}")


# -- Grid Golf ------------------------------------------------------------------------------------


def grid_table(seed: int, index: int) -> tuple[Rules, int]:
    """The rules and the number of players of grid match ``index``, from a source of its own."""
    pick = random.Random(f"caddie-decisions/grid/{seed}/{index}")
    if index % CROWDED_EVERY == CROWDED_EVERY - 1:
        # 3, 4, 5 and 6 players in turn, on any grid that keeps the deal within MAX_DEALT cards
        players = 3 + (index // CROWDED_EVERY) % 4
        cards = pick.choice([size for size in TWO_ROW_SIZES if size * players <= MAX_DEALT])
    else:
        players, cards = 2, TWO_ROW_SIZES[index % len(TWO_ROW_SIZES)]
    rules = Rules(
        cards=cards,
        king=pick.choice((0, 10)),
        negatives=pick.choice(NEGATIVES),
        negative_pairs=pick.choice(NEGATIVE_PAIRS),
        end=pick.choice(ENDS),
        discard_flip=pick.choice((False, True)),
        initial_flips=pick.randrange(3),
        holes=2 if cards * players <= TWO_HOLES_UP_TO else 1,
    )
    return rules, players


def play_grid(seed: int, index: int) -> Record:
    rules, players = grid_table(seed, index)
    match_seed = seed * 100_000 + index
    match = GridMatch.new(rules, [f"Seat {s}" for s in range(players)], match_seed)
    rng = random.Random(match_seed)  # the chooser's, one per match: nothing played before can shift it
    record = Record(f"grid match {index}, seed {match_seed}, {players} players")
    while True:
        where = f"grid {index} hole {match.hole}"
        while match.phase in ("flip", "turn"):
            seat = match.current
            action = choose(match.view(seat, events=False), LEVEL, rng)
            record.decision(where, seat, action)
            match.apply(action, seat)
        record.hole_scores(where, match.hole_scores[-1])
        if match.phase == "match_over":
            return record
        match.next_hole()


# -- Club Cards -------------------------------------------------------------------------------------


def club_table(seed: int, index: int):
    """The course, rules (``None``: the default ones) and number of players of club round ``index``."""
    if index % SAMPLE_EVERY == SAMPLE_EVERY - 1:
        keys = sorted(SAMPLE_COURSES)
        course = SAMPLE_COURSES[keys[(index // SAMPLE_EVERY) % len(keys)]]
    else:
        pick = random.Random(f"caddie-decisions/clubs/{seed}/{index}")
        course = random_course(pick, pick.choice((9, 18)))
    rules = HOUSE_CHART if index % HOUSE_CHART_EVERY == HOUSE_CHART_EVERY - 1 else None
    return course, rules, CLUB_PLAYERS[index % len(CLUB_PLAYERS)]


def play_clubs(seed: int, index: int, holes: int) -> Record:
    course, rules, players = club_table(seed, index)
    round_seed = seed * 100_000 + index
    rnd = ClubRound.new(course, [f"Seat {s}" for s in range(players)], round_seed, rules)
    rng = random.Random(round_seed)  # the chooser's, one per round (the caddie level also seeds its own)
    record = Record(f"club round {index}, seed {round_seed}, {players} players, {course.name}")
    while True:
        where = f"clubs {index} hole {rnd.hole}"
        while rnd.phase == "play":
            seat = rnd.current
            action = choose_play(rnd.view(seat), LEVEL, rng)
            record.decision(where, seat, action)
            rnd.apply(action, seat)
        record.hole_scores(where, rnd.hole_scores[-1])
        if rnd.is_over or len(rnd.hole_scores) >= holes:
            return record
        rnd.apply(CLUB_NEXT, 0)


# Module level, so a worker process can run them.
def grid_job(job: tuple[int, int]) -> Record:
    return play_grid(*job)


def clubs_job(job: tuple[int, int, int]) -> Record:
    return play_clubs(*job)


def run(name: str, unit: str, play, jobs_list: list[tuple], jobs: int) -> str:
    """Play every match or round of one game; print its counts and hash, and return the hash."""
    start = time.perf_counter()
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            records = list(pool.map(play, jobs_list))  # in order, whatever finishes first
    else:
        records = [play(job) for job in jobs_list]
    elapsed = time.perf_counter() - start
    digest = hashlib.sha256()
    for record in records:
        for line in record.lines:
            digest.update(line.encode() + b"\n")
    decisions = sum(r.decisions for r in records)
    holes = sum(r.holes for r in records)
    print(
        f"{name}: {len(records)} {unit}, {holes} holes, {decisions} decisions in {elapsed:.1f} s on {jobs} "
        f"process{'es' if jobs > 1 else ''} ({1000 * elapsed / max(1, decisions):.0f} ms a decision); "
        f"sha256 {digest.hexdigest()}",
        flush=True,
    )
    return digest.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=100, help="Grid Golf matches (default 100)")
    parser.add_argument("--rounds", type=int, default=100, help="Club Cards rounds (default 100)")
    parser.add_argument("--club-holes", type=int, default=2, help="holes played of each club round (default 2)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="processes (default 1; the hashes do not change)")
    args = parser.parse_args(argv)
    if LEVEL not in LEVELS:
        raise SystemExit(f"The computer level {LEVEL!r} is not registered; the levels are {', '.join(LEVELS)}.")
    print(f"caddie package: {Path(caddie.__file__).parent} ({LAYOUT})")
    grid = run("grid", "matches", grid_job, [(args.seed, i) for i in range(args.matches)], args.jobs)
    clubs = run("clubs", "rounds", clubs_job, [(args.seed, i, args.club_holes) for i in range(args.rounds)], args.jobs)
    combined = hashlib.sha256(f"grid {grid}\nclubs {clubs}\n".encode()).hexdigest()
    print(f"decisions hash: {combined}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
