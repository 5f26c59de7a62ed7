"""No score is lost when several writers hit one round at once.

Real threads, each with its own app context (so its own session and database
connection), released together by a barrier, against the suite's database: a
SQLite *file* (WAL, busy timeout) by default, PostgreSQL with TEST_DATABASE_URL.
``write_scores`` promises that a write based on a cell version someone else has
since changed is refused (``StaleScore``), never applied over the other write.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from sqlalchemy import select

from caddie.core.table import Table
from caddie.store import ledger as ledger_store
from caddie.store.database import db
from caddie.store.ledger import CellWrite, StaleScore, cards_of, deal_round, find_round
from caddie.store.models import HoleScore, Round

NAMES = ["Ann", "Bo", "Cy", "Di"]
WAIT = 30  # seconds: a hung writer fails the test instead of hanging the suite


def deal(app, players: list[str] = NAMES, holes: int = 9) -> str:
    with app.app_context():
        public_id = deal_round("owner", players, holes, "grid", Table()).public_id
        db.session.remove()
    return public_id


def in_threads(app, count: int, work: Callable[[int, Round], Any], public_id: str) -> list[Any]:
    """Run ``work(i, round_)`` for i in range(count), each in its own thread, app context
    and session, all released at once; returns what each returned (in order of i).

    Each thread loads the round before the barrier, so the race is only the writes.
    Anything a thread raises (a database error, say) is raised here and fails the test.
    """
    barrier = threading.Barrier(count, timeout=WAIT)

    def run(i: int):
        with app.app_context():
            try:
                round_ = loaded(public_id)
                barrier.wait()
                return work(i, round_)
            finally:
                db.session.remove()

    with ThreadPoolExecutor(max_workers=count) as pool:
        futures = [pool.submit(run, i) for i in range(count)]
        return [f.result(timeout=WAIT) for f in futures]


def loaded(public_id: str) -> Round:
    """The round in this thread's session, players loaded (so the race is only the writes)."""
    round_ = find_round(public_id)
    assert round_ is not None
    list(round_.players)
    return round_


def stored(app, public_id: str):
    with app.app_context():
        round_ = loaded(public_id)
        cards, versions = cards_of(round_)
        version = round_.version
        db.session.remove()
    return cards, versions, version


def attempt(round_: Round, writes: list[CellWrite]) -> str:
    try:
        ledger_store.write_scores(round_, writes)
    except StaleScore:
        return "stale"
    return "saved"


# ---- writers on different cells: every score lands ---------------------------


def test_writers_on_different_cells_of_one_round_all_land(app):
    public_id = deal(app)
    threads = 8
    cells = [(seat, hole) for seat in range(len(NAMES)) for hole in range(1, 10)]  # 36 cells
    score_of = {cell: (cell[0] * 10 + cell[1]) % 30 - 5 for cell in cells}

    def work(i, round_):
        outcomes = []
        for seat, hole in cells[i::threads]:
            outcomes.append(attempt(round_, [CellWrite(seat, hole, score_of[(seat, hole)], 0)]))
        return outcomes

    outcomes = [o for per_thread in in_threads(app, threads, work, public_id) for o in per_thread]
    assert outcomes == ["saved"] * len(cells)

    cards, versions, version = stored(app, public_id)
    for (seat, hole), score in score_of.items():
        assert cards[NAMES[seat]][hole - 1] == score, f"{NAMES[seat]} hole {hole} was lost"
        assert versions[(seat, hole)] == 1
    assert version == 1 + len(cells), "every write bumped the round's version exactly once"


def test_whole_holes_written_at_once_by_different_writers_all_land(app):
    """Each writer sends a whole hole (four cells, all or nothing) while others send theirs."""
    public_id = deal(app, holes=18)

    def work(i, round_):
        hole = i + 1
        return attempt(round_, [CellWrite(seat, hole, hole + seat, 0) for seat in range(len(NAMES))])

    assert in_threads(app, 6, work, public_id) == ["saved"] * 6
    cards, _, version = stored(app, public_id)
    for seat, name in enumerate(NAMES):
        assert cards[name][:6] == [hole + seat for hole in range(1, 7)]
        assert cards[name][6:] == [None] * 12
    assert version == 1 + 6


# ---- writers on the same cell: exactly one wins ------------------------------


@pytest.mark.parametrize("seen", [0, 1], ids=["blank cell", "written cell"])
def test_racing_writers_on_one_cell_exactly_one_wins(app, seen):
    public_id = deal(app)
    threads = 4
    for hole in range(1, 10):  # nine separate races
        if seen == 1:
            with app.app_context():
                ledger_store.write_scores(loaded(public_id), [CellWrite(0, hole, 50, 0)])
                db.session.remove()

        def work(i, round_, hole=hole):
            return attempt(round_, [CellWrite(0, hole, i, seen)])  # thread i writes the score i

        outcomes = in_threads(app, threads, work, public_id)
        assert Counter(outcomes) == {"saved": 1, "stale": threads - 1}, f"hole {hole}: {outcomes}"
        winner = outcomes.index("saved")
        cards, versions, _ = stored(app, public_id)
        assert cards["Ann"][hole - 1] == winner, "the stored score is the winner's"
        assert versions[(0, hole)] == seen + 1


def test_a_stale_write_changes_nothing_even_in_its_other_cells(app):
    """All or nothing: a write refused for one cell does not apply its other cells."""
    public_id = deal(app)
    with app.app_context():
        ledger_store.write_scores(loaded(public_id), [CellWrite(0, 1, 4, 0)])
        db.session.remove()

    def work(i, round_):
        if i == 0:
            return attempt(round_, [CellWrite(0, 1, 7, 1)])
        return attempt(round_, [CellWrite(1, 1, 9, 0), CellWrite(0, 1, 8, 1)])

    outcomes = in_threads(app, 2, work, public_id)
    assert sorted(outcomes) == ["saved", "stale"]
    cards, versions, _ = stored(app, public_id)
    if outcomes[0] == "saved":
        assert cards["Ann"][0] == 7 and cards["Bo"][0] is None and (1, 1) not in versions
    else:
        assert cards["Ann"][0] == 8 and cards["Bo"][0] == 9


# ---- read, then write conditionally: no lost update --------------------------


def test_read_then_conditional_increment_never_loses_an_update(app):
    """A counter in one cell: every writer reads (score, version) and writes score + 1
    against that version, retrying when refused. A lost update would leave the score
    below the number of writes that reported success."""
    public_id = deal(app)
    threads, tries = 4, 20

    def read_cell(round_) -> tuple[int, int]:
        row = db.session.execute(
            select(HoleScore.score, HoleScore.version).where(
                HoleScore.round_id == round_.id, HoleScore.hole == 1, HoleScore.player_id == round_.players[0].id
            )
        ).first()
        db.session.commit()  # end the read: the write is a transaction of its own
        return (row.score, row.version) if row else (0, 0)

    def work(i, round_):
        tally = Counter()
        for _ in range(tries):
            score, version = read_cell(round_)
            tally[attempt(round_, [CellWrite(0, 1, score + 1, version)])] += 1
        return tally

    tallies = in_threads(app, threads, work, public_id)
    saved = sum(t["saved"] for t in tallies)
    assert sum(t["saved"] + t["stale"] for t in tallies) == threads * tries
    assert saved >= 1
    cards, versions, version = stored(app, public_id)
    assert cards["Ann"][0] == saved, f"{saved} increments reported saved, the counter reads {cards['Ann'][0]}"
    assert versions[(0, 1)] == saved
    assert version == 1 + saved


# ---- through the HTTP API ------------------------------------------------------


def test_racing_api_clients_get_one_200_per_cell_and_409s_for_the_rest(app):
    """The same races through PUT /api/v1/rounds/<id>/holes/<n>, one test client per thread."""
    owner = app.test_client()
    made = owner.post("/api/v1/rounds", json={"players": ["Ann", "Bo"], "holes": 9, "game": "grid"})
    assert made.status_code == 201, made.get_data(as_text=True)
    public_id, token = made.json["round"]["id"], made.json["edit_token"]
    auth = {"Authorization": f"Bearer {token}"}
    threads = 4

    def race(request_for: Callable[[int], tuple[int, dict]]) -> list[int]:
        """Thread i sends PUT .../holes/<hole> with <body>, where (hole, body) = request_for(i)."""
        barrier = threading.Barrier(threads, timeout=WAIT)

        def put(i: int) -> int:
            client = app.test_client()
            hole, body = request_for(i)
            barrier.wait()
            return client.put(f"/api/v1/rounds/{public_id}/holes/{hole}", json=body, headers=auth).status_code

        with ThreadPoolExecutor(max_workers=threads) as pool:
            return list(pool.map(put, range(threads), timeout=WAIT))

    # One blank cell, every client saw it blank: one 200, the rest 409.
    statuses = race(lambda i: (1, {"scores": {"Ann": i}, "versions": {"Ann": 0}}))
    assert sorted(statuses) == [200] + [409] * (threads - 1), statuses
    winner = statuses.index(200)  # client i sent the score i
    # Whole holes, a different one per client: all land.
    holes = [2 + i for i in range(threads)]
    statuses = race(
        lambda i: (holes[i], {"scores": {"Ann": holes[i], "Bo": -holes[i]}, "versions": {"Ann": 0, "Bo": 0}})
    )
    assert statuses == [200] * threads

    got = owner.get(f"/api/v1/rounds/{public_id}", headers=auth).json
    ann, bo = got["players"]
    assert ann["scores"][0] == winner, "the stored score is the one the 200 answered"
    assert ann["scores"][1 : 1 + threads] == holes
    assert bo["scores"][1 : 1 + threads] == [-h for h in holes]
    assert got["version"] == 1 + 1 + threads


# ---- writers on the same cells in different orders ---------------------------


def test_writers_sending_the_same_cells_in_opposite_orders_neither_deadlock_nor_fail(app):
    """Two writers each send both players' hole 1, in opposite orders, written blind.

    Each write is all or nothing, so the card must end up as one writer's hole
    or the other's, never a mix, and neither may fail with a database error
    (a deadlock between row locks taken in opposite orders, on PostgreSQL).
    """
    public_id = deal(app)
    with app.app_context():
        ledger_store.write_scores(loaded(public_id), [CellWrite(0, 1, 0, 0), CellWrite(1, 1, 0, 0)])
        db.session.remove()
    for rep in range(10):

        def work(i, round_):
            cells = [CellWrite(0, 1, 10 + i, None), CellWrite(1, 1, 10 + i, None)]
            return attempt(round_, cells if i == 0 else cells[::-1])

        assert in_threads(app, 2, work, public_id) == ["saved", "saved"]
        cards, _, _ = stored(app, public_id)
        assert cards["Ann"][0] == cards["Bo"][0] in (10, 11), f"repeat {rep}: a mixed hole {cards}"


def test_api_clients_sending_a_hole_in_opposite_name_orders_neither_deadlock_nor_mix(app):
    """The same through PUT /api/v1/rounds/<id>/holes/1: {"Ann", "Bo"} against {"Bo", "Ann"}."""
    owner = app.test_client()
    made = owner.post("/api/v1/rounds", json={"players": ["Ann", "Bo"], "holes": 9, "game": "grid"})
    assert made.status_code == 201, made.get_data(as_text=True)
    public_id, token = made.json["round"]["id"], made.json["edit_token"]
    auth = {"Authorization": f"Bearer {token}"}
    path = f"/api/v1/rounds/{public_id}/holes/1"
    assert owner.put(path, json={"scores": {"Ann": 0, "Bo": 0}}, headers=auth).status_code == 200

    for rep in range(10):
        barrier = threading.Barrier(2, timeout=WAIT)

        def put(i: int, barrier: threading.Barrier = barrier) -> int:
            client = app.test_client()
            scores = {"Ann": 10 + i, "Bo": 10 + i} if i == 0 else {"Bo": 10 + i, "Ann": 10 + i}
            barrier.wait()
            return client.put(path, json={"scores": scores}, headers=auth).status_code  # blind writes

        with ThreadPoolExecutor(max_workers=2) as pool:
            assert list(pool.map(put, range(2), timeout=WAIT)) == [200, 200]
        ann, bo = owner.get(f"/api/v1/rounds/{public_id}", headers=auth).json["players"]
        assert ann["scores"][0] == bo["scores"][0] in (10, 11), f"repeat {rep}: a mixed hole"
