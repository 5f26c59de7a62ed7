"""A digital game's move and the holes it finishes are stored together, and never over a typed score.

The subject is ``caddie.store.match_records.save_versioned``, through a solo table: the person's
move (``live_tables.move``) and the computers' (``live_tables.play_due``)."""

from __future__ import annotations

from datetime import timedelta

import pytest

from caddie.core.clubs.game import NEXT, ClubAction
from caddie.core.clubs.solver import solve
from caddie.core.courses.course import SAMPLE_COURSES
from caddie.core.games.club_cards import CLUB_CARDS
from caddie.core.table import Table
from caddie.store import live_tables as store
from caddie.store import match_records
from caddie.store.database import db
from caddie.store.ledger import CellWrite, cards_of, write_scores
from caddie.store.models import LiveTableRecord, Round

NOW = store.Timing(pause=timedelta(0))


def _start_and_play_my_shot(app):
    settings = CLUB_CARDS.settings_for(Table(), None, SAMPLE_COURSES["cedar-nine"])
    row = store.create_solo("b" * 32, CLUB_CARDS.name, settings, "Pat", [("Ada", "steady")], seed=5, timing=NOW)
    game = store.load(row).match
    assert game.current == 0, "Pat plays first on hole 1"
    store.move(row, 0, [ClubAction.play(list(solve(game.hands[0], game.yardage).cards))], row.version, NOW)
    return row


def _game(row):
    db.session.refresh(row, ["version", "state"])
    return store.load(row).match


def test_the_move_that_ends_a_hole_lands_it_in_the_ledger_in_the_same_commit(app):
    with app.app_context():
        row = _start_and_play_my_shot(app)
        assert store.play_due(NOW) == 1  # Ada's shot ends hole 1
        game = _game(row)
        assert len(game.hole_scores) == 1
        cards, _ = cards_of(db.session.get(Round, row.round_id))
        assert [cards["Pat"][0], cards["Ada"][0]] == game.hole_scores[0]


def test_a_score_typed_into_the_scorecard_meanwhile_stands_and_the_move_still_counts(app, monkeypatch):
    with app.app_context():
        row = _start_and_play_my_shot(app)
        round_ = db.session.get(Round, row.round_id)
        blank_card = cards_of(round_)  # what the move reads, before...
        write_scores(round_, [CellWrite(1, 1, 9, 0)])  # ...someone types Ada's hole 1 as 9
        monkeypatch.setattr(match_records, "cards_of", lambda r: blank_card)
        version = row.version
        assert store.play_due(NOW) == 1
        db.session.expire_all()
        assert db.session.get(LiveTableRecord, row.id).version == version + 1, "the move is stored"
        monkeypatch.undo()
        cards, _ = cards_of(db.session.get(Round, row.round_id))
        assert cards["Ada"][0] == 9, "the typed score is not overwritten"
        assert cards["Pat"][0] is None, "the hole's landing was one all-or-nothing write, undone as a whole"


def test_a_failure_while_landing_undoes_the_move_too(app, monkeypatch):
    with app.app_context():
        row = _start_and_play_my_shot(app)
        db.session.refresh(row, ["version", "state"])
        version, state = row.version, dict(row.state)

        def crash(*args, **kwargs):
            raise RuntimeError("the server died mid-move")

        monkeypatch.setattr(match_records, "write_scores", crash)
        with pytest.raises(RuntimeError):
            store.play_due(NOW)
        db.session.rollback()
        stored = db.session.get(LiveTableRecord, row.id)
        db.session.refresh(stored, ["version", "state"])
        assert stored.version == version and stored.state == state, "neither the move nor the hole"
        cards, _ = cards_of(db.session.get(Round, row.round_id))
        assert cards["Pat"][0] is None and cards["Ada"][0] is None


def test_only_a_move_that_ends_a_hole_reads_the_scorecard(app):
    """The finished holes go to the ledger round with the move that finishes one; every other
    move (a shot mid-hole, a computer's, starting the next hole) reads nothing of the scorecard."""
    from sqlalchemy import event

    with app.app_context():
        row = _start_and_play_my_shot(app)
        statements: list[str] = []

        def note(conn, cursor, sql, *args):
            statements.append(sql)

        event.listen(db.engine, "before_cursor_execute", note)
        moves = {"ended a hole": 0, "ended none": 0}
        by_computer = 0
        try:
            while sum(moves.values()) < 12:
                table = store.load(row)
                game = table.match
                holes = len(game.hole_scores)
                statements.clear()
                if table.computer_to_move() is not None:
                    assert store.play_due(NOW) == 1
                    by_computer += 1
                elif game.phase == "hole_over":
                    store.move(row, 0, [NEXT], row.version, NOW)
                else:
                    cards = list(solve(game.hands[0], game.yardage).cards)
                    store.move(row, 0, [ClubAction.play(cards)], row.version, NOW)
                card_read = [sql for sql in statements if "hole_scores" in sql or "FROM rounds" in sql]
                ended = len(_game(row).hole_scores) > holes
                moves["ended a hole" if ended else "ended none"] += 1
                assert bool(card_read) == ended, (ended, card_read)
        finally:
            event.remove(db.engine, "before_cursor_execute", note)
        assert moves["ended a hole"] >= 2 and moves["ended none"] >= 4 and by_computer >= 4
        cards, _ = cards_of(db.session.get(Round, row.round_id))
        assert [cards[n][:3] for n in ("Pat", "Ada")] == [list(s) for s in zip(*_game(row).hole_scores[:3])]
