#!/usr/bin/env python3
"""How fast do the people's pages answer a browser with 500 rounds of 4 players?

    .venv/bin/python bench/people_pages.py [--rounds 500] [--players 4] [--pool 8] [--days 120]
                                           [--requests 200] [--warmups 10] [--seed 1]

Builds a scratch SQLite database with the real migrations and one browser that dealt ``--rounds``
complete 9-hole Grid Golf rounds of ``--players`` people drawn from a circle of ``--pool`` friends,
played over ``--days`` days (a fixed seed; the rounds through ``caddie.store.ledger.deal_round``,
their cells written in bulk), and three seasons. Then, in this process through Flask's test client
with the browser's session, times every page the issue names: ``/people/`` (everyone, ratings,
records, achievements, seasons), the most frequent player's ``/people/p/<key>``, the two most
frequent players' ``/people/vs``, and ``/api/v1/players``: ``--warmups`` requests each first, then
``--requests`` each, the pages taken in turn. A request's time is ``time.perf_counter`` around the
test client's GET: the app's whole work, without a socket or a server's threads. Each page's CPU
time (``time.thread_time``, the same requests) is printed beside it, for a machine others share.

Target (issue 36): stats and ratings for a browser with 500 rounds of 4 players answer in under
100 ms p99.

The last line: ``people pages, R rounds of P: worst p99 A ms (target 100)``.
"""

from __future__ import annotations

import argparse
import gc
import math
import os
import random
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

FRIENDS = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lu"]
BROWSER = "bench-people-pages-browser-0000000000000000000000000"  # as long as a real one (43)
HOLES = 9
FIRST_DAY = date(2026, 8, 1)


def percentile(values: list[float], pct: float) -> float:
    """The nearest-rank percentile of ``values`` (sorted or not)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, math.ceil(pct / 100 * len(ordered)) - 1))]


@contextmanager
def bench_app(directory: Path) -> Iterator[Any]:
    """An app on a migrated, empty SQLite file under ``directory``."""
    from flask_migrate import upgrade

    from caddie import create_app
    from caddie.store.database import db

    app = create_app(
        {
            "TESTING": True,
            "INSTANCE_PATH": str(directory / "instance"),
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{directory / 'people.sqlite3'}",
            "SECRET_KEY": "bench-secret",
            "LAN_LINKS": False,
            "CPU_BUDGET": 0,
        }
    )
    with app.app_context():
        upgrade()
    try:
        yield app
    finally:
        with app.app_context():
            db.session.remove()
            db.engine.dispose()


def fill(app: Any, rounds: int, players: int, pool: int, days: int, seed: int) -> Counter[str]:
    """The browser's rounds and seasons; how many rounds each name played."""
    from sqlalchemy import insert

    from caddie.core.table import Table
    from caddie.store.database import db
    from caddie.store.ledger import deal_round
    from caddie.store.models import HoleScore
    from caddie.store.people import add_season

    rng = random.Random(seed)
    circle = FRIENDS[:pool]
    skill = {name: rng.gauss(0, 3) for name in circle}
    played: Counter[str] = Counter()
    with app.app_context():
        cells: list[dict[str, Any]] = []
        for index in range(rounds):
            names = rng.sample(circle, players)
            played.update(names)
            day = FIRST_DAY + timedelta(days=index * days // rounds)
            dealt = deal_round(BROWSER, names, HOLES, "grid", Table(), played_on=day)
            for player in dealt.players:
                for hole in range(1, HOLES + 1):
                    score = max(-4, round(9 - skill[player.name] + rng.gauss(0, 6)))
                    cells.append({"round_id": dealt.id, "player_id": player.id, "hole": hole, "score": score})
        for start in range(0, len(cells), 2000):
            db.session.execute(insert(HoleScore), cells[start : start + 2000])
        db.session.commit()
        for number, start in enumerate(range(0, days, 40)):
            begins = FIRST_DAY + timedelta(days=start)
            add_season(BROWSER, f"Season {number + 1}", begins, begins + timedelta(days=39))
        db.session.remove()
    return played


def rescore(app: Any, rng: random.Random) -> None:
    """One cell of one round written again, as a scorekeeper's correction: the round's version moves
    on, so the next page reads that round afresh and rates every round again."""
    from caddie.store.database import db
    from caddie.store.ledger import CellWrite, cards_of, write_scores
    from caddie.store.models import Round

    with app.app_context():
        ids = db.session.scalars(db.select(Round.id)).all()
        round_ = db.session.get(Round, rng.choice(ids))
        assert round_ is not None
        cards, versions = cards_of(round_)
        seat, hole = rng.randrange(len(cards)), rng.randrange(1, HOLES + 1)
        score = list(cards.values())[seat][hole - 1]
        write_scores(round_, [CellWrite(seat, hole, (score or 0) + rng.choice((-1, 1)), versions[seat, hole])])
        db.session.remove()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=500)
    parser.add_argument("--players", type=int, default=4, help="people a round (default 4)")
    parser.add_argument("--pool", type=int, default=8, help="the circle of friends they come from (default 8)")
    parser.add_argument("--days", type=int, default=120, help="the days the rounds spread over (default 120)")
    parser.add_argument("--requests", type=int, default=200, help="timed requests a page (default 200)")
    parser.add_argument("--warmups", type=int, default=10, help="untimed requests a page first (default 10)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--changes", type=int, default=30, help="pages timed right after a score is written")
    parser.add_argument(
        "--no-freeze", action="store_true", help="leave the warm heap to the garbage collector (no gc.freeze)"
    )
    args = parser.parse_args(argv)
    if not 2 <= args.players <= args.pool <= len(FRIENDS):
        parser.error(f"--players 2 to --pool, --pool up to {len(FRIENDS)}")

    from caddie.core.ratings import person_key
    from caddie.web.identity import _KEY as BROWSER_KEY

    with tempfile.TemporaryDirectory(prefix="people-pages-") as scratch, bench_app(Path(scratch)) as app:
        started = time.perf_counter()
        played = fill(app, args.rounds, args.players, args.pool, args.days, args.seed)
        print(f"{args.rounds} rounds dealt and scored in {time.perf_counter() - started:.1f} s", file=sys.stderr)
        (first, _), (second, _) = played.most_common(2)
        one, other = person_key(first), person_key(second)
        pages = {
            "/people/": "/people/",
            "/people/p/<key>": f"/people/p/{quote(one)}",
            "/people/vs": "/people/vs?" + urlencode({"one": one, "other": other}),
            "/api/v1/players": "/api/v1/players",
        }
        client = app.test_client()
        with client.session_transaction() as session:
            session[BROWSER_KEY] = BROWSER
        times: dict[str, list[float]] = {name: [] for name in pages}
        cpus: dict[str, list[float]] = {name: [] for name in pages}
        load = os.getloadavg()[0]
        sizes: dict[str, int] = {}
        for timed in (False, True):
            if timed and not args.no_freeze:
                # as a production worker does once warm (caddie/serving/gunicorn_conf.py, post_request):
                # full collections then walk only what came after, not the whole warm heap
                gc.collect()
                gc.freeze()
            for _ in range(args.requests if timed else args.warmups):
                for name, path in pages.items():
                    begun, cpu = time.perf_counter(), time.thread_time()
                    response = client.get(path)
                    took, cpu = time.perf_counter() - begun, time.thread_time() - cpu
                    if response.status_code != 200:
                        raise SystemExit(f"{path}: {response.status_code}")
                    if timed:
                        times[name].append(took * 1000)
                        cpus[name].append(cpu * 1000)
                    sizes[name] = len(response.get_data())
        # right after a score is written: that round read again, every rating worked out again
        rng = random.Random(args.seed)
        after = "/people/ after a score"
        times[after], cpus[after] = [], []
        for _ in range(args.changes):
            rescore(app, rng)
            begun, cpu = time.perf_counter(), time.thread_time()
            response = client.get("/people/")
            times[after].append((time.perf_counter() - begun) * 1000)
            cpus[after].append((time.thread_time() - cpu) * 1000)
            sizes[after] = len(response.get_data())

    print(f"{args.rounds} rounds of {args.players} from {args.pool} people; {first} played {played[first]}")
    print(f"load average {load:.2f} before the timed requests, {os.getloadavg()[0]:.2f} after ({os.cpu_count()} cores)")
    heads = "".join(f"{head:>8}" for head in ("p50", "p95", "p99", "max")) + f"{'cpu p50':>9}{'cpu p99':>9}"
    print(f"{'page':<24}{heads}  (ms, {args.requests} requests; {args.changes} after a score)")
    for name, found in times.items():
        wall = (*(percentile(found, p) for p in (50, 95, 99)), max(found))
        spent = (percentile(cpus[name], 50), percentile(cpus[name], 99))
        figures = "".join(f"{value:>8.1f}" for value in wall) + "".join(f"{value:>9.1f}" for value in spent)
        print(f"{name:<24}{figures}  {sizes[name] // 1024} KiB")
    worst = max(times, key=lambda name: percentile(times[name], 99))
    print(
        f"people pages, {args.rounds} rounds of {args.players}: worst p99 {percentile(times[worst], 99):.1f} ms "
        f"({worst}; target 100)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
