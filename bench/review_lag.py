#!/usr/bin/env python3
"""How soon after a hole ends is it reviewed, at a table of people beside the other pages' load?

    .venv/bin/python bench/review_lag.py [--tables 1] [--phones 4] [--duration 120] [--think-ms 400]
                                         [--web-clients 50] [--database-url postgresql://...]

Runs ``bench/live_tables.py``'s layout (the production command, a server for the pages and one
for the phones, as docs/production.md deploys them) with ``--tables`` Grid Golf tables of
``--phones`` people playing quickly (``--think-ms``, four-card grids), beside
``bench/web_load.py``'s paced clients on the pages' server. A table of people is reviewed by a
background thread of the server that kept the hole (``caddie/store/hole_reviews.py``): it plays
the match again from its deal through the records and judges every person's decision in the
helper. When the phones stop, the bench waits for the last reviews and reads, for every finished
hole, how long after the hole ended its review was kept (``table_holes.reviewed_at`` less
``finished_at``, the database's own clock).

Target (issue 35): a 9-hole, 4-seat Grid Golf match's review complete within 2 s of its last hole
ending beside the paced load. A hole's review plays the match again from its first deal, so a
later hole's review costs more: the maximum over every hole of the run is the figure.

The last line: ``review_lag: H holes of T tables of P people beside W web clients, kept p50 A s,
max B s after the hole ended; not reviewed U; phones p95 C ms``.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.live_tables import measure, percentile


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=1)
    parser.add_argument("--phones", type=int, default=4)
    parser.add_argument("--duration", type=float, default=120, help="seconds of play (default 120)")
    parser.add_argument("--think-ms", type=float, default=400, help="a person's mean time to move (default 400)")
    parser.add_argument("--web-clients", type=int, default=50, help="bench/web_load.py's paced clients")
    parser.add_argument("--database-url", default=os.environ.get("TEST_DATABASE_URL", ""))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    report = measure(
        args.database_url,
        args.tables,
        args.phones,
        args.duration,
        args.think_ms / 1000,
        web_clients=args.web_clients,
        seed=args.seed,
        say=lambda s: print(s, file=sys.stderr, flush=True),
    )
    print("\n".join(report.lines()))
    reviews = report.reviews
    assert reviews is not None
    moves_ms = [d * 1000 for d in report.delays]
    print(
        f"review_lag: {len(reviews.lags)} holes of {report.tables} tables of {report.phones} people beside "
        f"{args.web_clients} web clients, kept p50 {percentile(reviews.lags, 50):.2f} s, "
        f"max {max(reviews.lags, default=0):.2f} s after the hole ended; not reviewed {reviews.unreviewed}; "
        f"phones p95 {percentile(moves_ms, 95):.0f} ms"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
