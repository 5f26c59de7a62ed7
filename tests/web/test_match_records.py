"""A digital game's move and the holes it finishes are stored together, and never over a typed score."""

from __future__ import annotations

import pytest

from caddie.core.clubs.game import NEXT, ClubAction
from caddie.core.clubs.solver import solve
from caddie.core.courses.course import SAMPLE_COURSES
from caddie.core.game import Seat
from caddie.core.table import Table
from caddie.store import match_records
from caddie.store.club_matches import start_club_match
from caddie.store.database import db
from caddie.store.ledger import CellWrite, cards_of, write_scores
from caddie.store.matches import computer_to_move, load, play, step
from caddie.store.models import Match, Round


def _start_and_play_my_shot(app):
    match = start_club_match(
        "b" * 32, Table(), SAMPLE_COURSES["cedar-nine"], [Seat("Pat", None), Seat("Ada", "steady")], seed=5
    )
    game = load(match)
    play(match, ClubAction.play(list(solve(game.hands[0], game.yardage).cards)), match.version)
    return match


def test_the_move_that_ends_a_hole_lands_it_in_the_ledger_in_the_same_commit(app):
    with app.app_context():
        match = _start_and_play_my_shot(app)
        assert step(match, match.version) is not None  # Ada's shot ends hole 1
        game = load(match)
        cards, _ = cards_of(db.session.get(Round, match.round_id))
        assert [cards["Pat"][0], cards["Ada"][0]] == game.hole_scores[0]


def test_a_score_typed_into_the_scorecard_meanwhile_stands_and_the_move_still_counts(app, monkeypatch):
    with app.app_context():
        match = _start_and_play_my_shot(app)
        round_ = db.session.get(Round, match.round_id)
        blank_card = cards_of(round_)  # what the move reads, before...
        write_scores(round_, [CellWrite(1, 1, 9, 0)])  # ...someone types Ada's hole 1 as 9
        monkeypatch.setattr(match_records, "cards_of", lambda r: blank_card)
        version = match.version
        step(match, version)
        assert db.session.get(Match, match.id).version == version + 1, "the move is stored"
        monkeypatch.undo()
        cards, _ = cards_of(db.session.get(Round, match.round_id))
        assert cards["Ada"][0] == 9, "the typed score is not overwritten"
        assert cards["Pat"][0] is None, "the hole's landing was one all-or-nothing write, undone as a whole"


def test_a_failure_while_landing_undoes_the_move_too(app, monkeypatch):
    with app.app_context():
        match = _start_and_play_my_shot(app)
        version, state = match.version, dict(match.state)

        def crash(*args, **kwargs):
            raise RuntimeError("the server died mid-move")

        monkeypatch.setattr(match_records, "write_scores", crash)
        with pytest.raises(RuntimeError):
            step(match, version)
        db.session.rollback()
        stored = db.session.get(Match, match.id)
        db.session.refresh(stored)
        assert stored.version == version and stored.state == state, "neither the move nor the hole"


def test_only_a_move_that_ends_a_hole_reads_the_scorecard(app):
    """The finished holes go to the ledger round with the move that finishes one; every other
    move (a shot mid-hole, starting the next hole) reads nothing of the scorecard."""
    from sqlalchemy import event

    with app.app_context():
        match = _start_and_play_my_shot(app)
        statements: list[str] = []

        def note(conn, cursor, sql, *args):
            statements.append(sql)

        event.listen(db.engine, "before_cursor_execute", note)
        moves = {"ended a hole": 0, "ended none": 0}
        try:
            while sum(moves.values()) < 8:
                game = load(match)
                holes = len(game.hole_scores)
                statements.clear()
                if computer_to_move(match, game):
                    step(match, match.version)
                elif game.phase == "hole_over":
                    play(match, NEXT, match.version)
                else:
                    play(match, ClubAction.play(list(solve(game.hands[0], game.yardage).cards)), match.version)
                card_read = [sql for sql in statements if "hole_scores" in sql or "FROM rounds" in sql]
                ended = len(load(match).hole_scores) > holes
                moves["ended a hole" if ended else "ended none"] += 1
                assert bool(card_read) == ended, (ended, card_read)
        finally:
            event.remove(db.engine, "before_cursor_execute", note)
        assert moves["ended a hole"] >= 2 and moves["ended none"] >= 4
        cards, _ = cards_of(db.session.get(Round, match.round_id))
        assert [cards[n][:3] for n in ("Pat", "Ada")] == [list(s) for s in zip(*load(match).hole_scores[:3])]
