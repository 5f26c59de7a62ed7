"""Every CSV the app writes escapes text a spreadsheet would run, keeps numbers numbers, and reads
back to the same text (caddie/core/csv_cells.py)."""

from __future__ import annotations

import csv
import io

from sqlalchemy import update

from caddie.core.csv_cells import unescape_cell
from caddie.store.database import db
from caddie.store.models import Round, RoundPlayer
from tests.web.test_data_export import create_round, put_scores

RUNNABLE = ['=HYPERLINK("http://a.b")', "+1", "-cmd", "@x"]
OLD_NAMES = ["\tTab", "\rCR"]  # names the rule now refuses, stored before it


def rows_of(response) -> list[list[str]]:
    assert response.status_code == 200 and response.headers["Content-Type"].startswith("text/csv")
    return list(csv.reader(io.StringIO(response.get_data(as_text=True), newline="")))


def test_a_scorecard_csv_escapes_names_keeps_scores_numbers_and_reads_back(app, client):
    made = create_round(client, players=[*RUNNABLE, "Ann", "Bo"], holes=9, played_on="2025-06-14")
    public_id = made["round"]["id"]
    put_scores(client, public_id, 1, **{"-cmd": -3, "Ann": -2, "Bo": 4})
    with app.app_context():
        round_id = db.session.query(Round.id).filter_by(public_id=public_id).scalar()
        for seat, old in zip((4, 5), OLD_NAMES):
            db.session.execute(
                update(RoundPlayer).where(RoundPlayer.round_id == round_id, RoundPlayer.seat == seat).values(name=old)
            )
        db.session.commit()
    rows = rows_of(client.get(f"/ledger/r/{public_id}.csv"))
    names = [row[0] for row in rows[1:]]
    assert names == ["'" + name for name in RUNNABLE + OLD_NAMES]
    assert [unescape_cell(name) for name in names] == RUNNABLE + OLD_NAMES
    by_name = {unescape_cell(row[0]): row for row in rows[1:]}
    assert by_name["-cmd"][1] == "-3" and by_name["-cmd"][-3] == "-3"  # hole 1 and the total: numbers
    assert by_name[OLD_NAMES[0]][1] == "-2"
    # every other cell that starts like a formula is a plain number (a score, a total, the delta)
    assert all(cell[:1] not in tuple("=+-@\t\r") or cell.lstrip("+-").isdigit() for row in rows for cell in row)
