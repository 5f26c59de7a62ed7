"""bench/web_load.py, shortened: a few seconds of the mixed load on gunicorn, nothing lost.

Ten clients send tally, ledger, caddie and game requests (the person's moves
at a table against a computer the server moves) to a 2-worker gunicorn on the
test database (SQLite, or a schema of TEST_DATABASE_URL's PostgreSQL); then
every round is read back. No figure is asserted here: the bench prints those.
"""

from __future__ import annotations

from bench.web_load import GAME_SERVER_ENV, KINDS, MIXED, check_rounds, run_phase


def test_a_mixed_load_answers_every_request_and_loses_no_score(database_url, start_server):
    server = start_server(database_url, workers=2, extra_env=GAME_SERVER_ENV)
    phase = run_phase("mixed load", server.url, clients=10, seconds=4, weights=MIXED)

    assert phase.errors() == []
    for kind in KINDS:
        assert phase.requests(kind) > 0, f"no {kind} request was sent"
    rounds = check_rounds(server.url, phase.clients)
    assert rounds.rounds == 30 and rounds.cells > 0
    assert (rounds.lost, rounds.wrong) == (0, 0), rounds.problems
    assert server.alive() and "Traceback" not in server.log(), server.log()
