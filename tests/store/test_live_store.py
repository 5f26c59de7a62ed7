"""The live tables' store: seats, versions, the computers' moves and the ledger (docs/live-tables.md)."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta

import pytest

from caddie.core.errors import CaddieError
from caddie.core.game import IllegalAction
from caddie.core.grid.moves import Action
from caddie.core.live.table import NotTheHost, TableClosed
from caddie.store import live_tables as store
from caddie.store.database import db
from caddie.store.ledger import round_by_id
from caddie.store.models import LiveTableRecord

NOW = store.Timing(pause=timedelta(0))
SIX = {"rules": {"cards": 4, "initial_flips": 0, "holes": 9}}


def _table(seats=None, game="grid", settings=None, clock=None):
    seats = seats or [{"kind": "person"}, {"kind": "person"}]
    return store.create("host-browser", game, settings or SIX, seats, "Ann", clock)


def test_a_table_is_made_with_a_code_a_watch_token_and_the_hosts_seat(app):
    with app.app_context():
        row, token = _table()
        assert len(row.code) == 8 and row.watch_token and row.version == 1
        assert store.seat_of(row, token) == 0
        assert store.seat_of(row, "not-a-token") is None
        assert store.find_by_code(row.code.lower()).id == row.id
        assert store.find_by_watch_token(row.watch_token).id == row.id
        assert token not in str(row.state)  # only its digest is kept


def test_joining_fills_the_empty_seats_then_refuses(app):
    with app.app_context():
        row, _ = _table()
        seat, token = store.join(row, "Bob")
        assert seat == 1 and store.seat_of(row, token) == 1 and row.version == 2
        with pytest.raises(TableClosed, match="full"):
            store.join(row, "Cy")
        assert row.version == 2


def test_a_name_already_at_the_table_is_refused_and_nothing_changes(app):
    with app.app_context():
        row, _ = _table()
        with pytest.raises(CaddieError, match="already called"):
            store.join(row, "ann")
        assert row.version == 1


def test_only_the_host_starts_and_the_start_opens_a_ledger_round(app):
    with app.app_context():
        row, _ = _table()
        store.join(row, "Bob")
        with pytest.raises(NotTheHost):
            store.start(row, 1, NOW)
        store.start(row, 0, NOW, seed=3)
        round_ = round_by_id(row.round_id)
        assert [p.name for p in round_.players] == ["Ann", "Bob"]
        with pytest.raises(TableClosed):
            store.join(row, "Cy")


def test_a_stale_move_is_refused_and_a_move_is_applied_once(app):
    with app.app_context():
        row, _ = _table()
        store.join(row, "Bob")
        store.start(row, 0, NOW, seed=3)
        seen = row.version
        store.move(row, 0, [Action("draw")], seen, NOW)
        with pytest.raises(store.StaleTable):
            store.move(row, 0, [Action("draw")], seen, NOW)
        with pytest.raises(IllegalAction, match="Ann's turn|not your turn|turn"):
            store.move(row, 1, [Action("draw")], row.version, NOW)


def test_an_illegal_second_action_leaves_the_table_as_it_was(app):
    with app.app_context():
        row, _ = _table()
        store.join(row, "Bob")
        store.start(row, 0, NOW, seed=3)
        before = dict(row.state)
        with pytest.raises(IllegalAction):
            store.move(row, 0, [Action("take"), Action("swap", 9)], row.version, NOW)
        db.session.refresh(row)
        assert row.state == before


def test_computers_play_their_turns_by_themselves_and_the_match_lands_in_the_ledger(app):
    with app.app_context():
        row, _ = _table([{"kind": "person"}, {"kind": "computer", "level": "steady"}])
        store.start(row, 0, NOW, seed=5)
        moves = 0
        for _ in range(5000):
            table = store.load(row)
            if table.match.is_over:
                break
            if table.to_move == 0:
                legal = table.match.legal_actions()
                store.move(row, 0, [legal[0]], row.version, NOW)
            elif table.to_move is None:
                store.move(row, 0, [Action("next")], row.version, NOW)
            else:
                made = store.play_due(NOW)
                assert made == 1
                moves += 1
                db.session.refresh(row)
        assert store.load(row).match.is_over and moves > 0
        round_ = round_by_id(row.round_id)
        assert all(s.score is not None for s in round_.scores) and len(round_.scores) == 2 * 9
        assert row.due_at is None


def test_nothing_is_due_before_its_time(app):
    with app.app_context():
        row, _ = _table([{"kind": "person"}, {"kind": "computer", "level": "steady"}])
        store.start(row, 0, store.Timing(pause=timedelta(seconds=30)), seed=5)
        store.move(row, 0, [Action("draw")], row.version)
        table = store.load(row)
        store.move(row, 0, [table.match.legal_actions()[0]], row.version, store.Timing(pause=timedelta(seconds=30)))
        assert store.play_due(NOW) == 0
        later = datetime.now(UTC) + timedelta(seconds=31)
        assert store.play_due(NOW, now=later) == 1


def test_the_look_for_due_moves_also_reads_when_the_next_one_is_due(app):
    thirty = store.Timing(pause=timedelta(seconds=30))
    with app.app_context():
        row, _ = _table([{"kind": "person"}, {"kind": "computer", "level": "steady"}])
        assert store.play_due_and_next(NOW) == (0, None)  # a lobby waits for nobody
        store.start(row, 0, thirty, seed=5)
        store.move(row, 0, [Action("draw")], row.version, thirty)
        store.move(row, 0, [store.load(row).match.legal_actions()[0]], row.version, thirty)
        before = datetime.now(UTC)
        made, next_due = store.play_due_and_next(NOW)
        assert made == 0 and next_due is not None
        assert before + timedelta(seconds=25) < next_due < before + timedelta(seconds=31)
        assert store.play_due_and_next(NOW, now=next_due) == (1, None)  # the computer moved; nobody waits


def test_a_move_is_made_by_the_process_that_stored_it_and_by_others_once_overdue(app, monkeypatch):
    grace = timedelta(seconds=2)
    # what this process stored as due, from this test on: other tests' apps ran in this process too,
    # and a table of theirs left due and never looked for would come first
    monkeypatch.setattr(store, "_due_here", {})
    with app.app_context():
        row, _ = _table([{"kind": "person"}, {"kind": "computer", "level": "steady"}])
        store.start(row, 0, NOW, seed=5)
        store.move(row, 0, [Action("draw")], row.version, NOW)
        store.move(row, 0, [store.load(row).match.legal_actions()[0]], row.version, NOW)
        due = store.due_at(row)
        assert due is not None and store.next_due_here() == due  # this process stored it
        monkeypatch.setattr(store, "_due_here", {})  # as another process sees it
        assert store.next_due_here() is None
        assert store.play_due_and_next(NOW, others_grace=grace) == (0, None)  # nor is it told when
        assert store.play_due_and_next(NOW, now=due + grace * 0.9, others_grace=grace)[0] == 0
        assert store.play_due_and_next(NOW, now=due + grace, others_grace=grace)[0] == 1  # overdue: made
        # the computer's turn goes on (its draw was one move): this process stored that one
        assert store.load(row).to_move == 1 and store.next_due_here() == store.due_at(row)
        assert store.play_due_and_next(NOW, others_grace=grace)[0] == 1  # its own: made when due
        assert store.next_due_here() is None  # and forgotten once looked for


def test_a_table_stored_with_a_move_due_wakes_the_driver(app):
    with app.app_context():
        row, _ = _table([{"kind": "person"}, {"kind": "computer", "level": "steady"}, {"kind": "person"}])
        store.join(row, "Cy")
        store.DUE_SET.clear()
        store.start(row, 0, NOW, seed=5)
        table = store.load(row)
        while table.to_move != 1:  # the people's moves: nobody's move is due after any of them
            assert not store.DUE_SET.is_set()
            store.move(row, table.to_move, [table.match.legal_actions()[0]], row.version, NOW)
            table = store.load(row)
        assert store.DUE_SET.is_set()  # the computer's turn came


def test_the_turn_clock_plays_a_persons_whole_turn_and_says_so(app):
    with app.app_context():
        row, _ = _table(clock=30)
        store.join(row, "Bob")
        store.start(row, 0, NOW, seed=3)
        assert row.due_at is not None
        store.move(row, 0, [Action("draw")], row.version, NOW)  # half a turn: the deadline stays
        later = datetime.now(UTC) + timedelta(seconds=31)
        assert store.play_due(NOW, now=later) == 1
        table = store.load(row)
        assert table.to_move == 1 and "Time ran out" in table.notice


def test_the_host_hands_an_absent_seat_to_a_computer_and_the_person_takes_it_back_by_moving(app):
    with app.app_context():
        row, _ = _table()
        store.join(row, "Bob")
        store.start(row, 0, NOW, seed=3)
        store.move(row, 0, [Action("draw")], row.version, NOW)
        store.move(row, 0, [store.load(row).match.legal_actions()[0]], row.version, NOW)
        store.change(row, lambda t: t.give_to_computer(0, 1, "steady"), timing=NOW)
        assert "plays for Bob" in store.load(row).notice and row.due_at is not None
        assert store.play_due(NOW) == 1  # Bob's draw, by the computer
        db.session.refresh(row)
        table = store.load(row)
        assert table.to_move == 1
        store.move(row, 1, [table.match.legal_actions()[0]], row.version, NOW)
        table = store.load(row)
        assert table.places[1].level is None and "Bob is back" in table.notice


def test_versions_since_lists_the_tables_changed(app):
    with app.app_context():
        before = datetime.now(UTC) - timedelta(seconds=1)
        row, _ = _table()
        changed = store.versions_since(before)
        assert [(p, v) for p, v, _ in changed] == [(row.public_id, 1)]
        assert db.session.get(LiveTableRecord, row.id).version == 1


def test_a_table_is_read_with_the_version_of_its_state(app):
    """A table read for the phones is kept by its version, so its state and version must be the ones
    stored together, even when another server moves between this server's save and its read."""
    with app.app_context():
        row, _ = _table()
        store.join(row, "Bob")
        store.start(row, 0, NOW, seed=3)
        store.move(row, 0, [Action("draw")], row.version, NOW)
        saved = row.version
        with app.app_context():  # another server's session finishes Ann's turn meanwhile
            drawn = _stored(row.public_id)
            store.move(store.find(row.public_id), 0, [Action("swap", 0)], saved, NOW)
            swapped = _stored(row.public_id)
        table = store.read(row)
        # what this session's snapshot holds, or the newest: either way the version and state go together
        assert (row.version, _text(table.to_dict())) in {(saved, _text(drawn)), (saved + 1, _text(swapped))}
        assert store.read(row) is table  # the next reader at that version: the same copy


def test_a_change_never_touches_the_tables_kept_for_reading(app):
    """A move starts from a copy of its own: the table kept for the phones at the version it was
    made on (read from the same stored value, in the same request) stays as it was."""
    with app.app_context():
        row, _ = _table()
        store.join(row, "Bob")
        store.start(row, 0, NOW, seed=3)
        seen = row.version
        kept = store.read(row)  # as a request reads it to find the token's seat
        before = _text(kept.to_dict())
        store.move(row, 0, [Action("draw")], seen, NOW)
        store.move(row, 0, [Action("swap", 0)], seen + 1, NOW)
        assert _text(kept.to_dict()) == before
        assert store.decoded(row.public_id, seen) is kept
        after = store.decoded(row.public_id, seen + 2)  # kept by the save, as the phones will read it
        assert after is not None and _text(after.to_dict()) == _text(_stored(row.public_id))


def test_a_save_stays_at_the_version_it_saved_when_another_server_moves_right_after(app, monkeypatch):
    """Another server's move lands right after this save's commit: the row and the table kept for
    the phones are still the version this save made, never the newer one."""
    import caddie.store.match_records as records

    with app.app_context():
        row, _ = _table()
        store.join(row, "Bob")
        store.start(row, 0, NOW, seed=3)
        seen = row.version
        commit = records.commit_keeping
        others = []

        def commit_then_another_server_moves():
            commit()
            if not others:
                others.append("moved")
                with app.app_context():
                    store.move(store.find(row.public_id), 0, [Action("swap", 0)], seen + 1, NOW)

        monkeypatch.setattr(records, "commit_keeping", commit_then_another_server_moves)
        drawn = store.move(row, 0, [Action("draw")], seen, NOW)
        assert others and row.version == seen + 1
        assert store.decoded(row.public_id, seen + 1) is drawn and drawn.match.drawn is not None
        assert store.read(row) is drawn  # the row's own version, without asking the database
        newer = store.decoded(row.public_id, seen + 2)  # the other server's table, or none here
        assert newer is not drawn
        monkeypatch.undo()
        db.session.expire_all()  # the commit kept the row as saved: read it again
        assert store.read(store.find(row.public_id)).match.drawn is None  # the swap, as stored


def test_a_move_reads_the_table_once_and_writes_it_once(app):
    """A person's move costs the database one read (the row with its state) and one write: the
    columns a save does not write are kept across its commit, not read again, and hold what the
    table has (docs/live-tables.md, "Serving")."""
    from sqlalchemy import event

    with app.app_context():
        row, _ = _table()
        store.join(row, "Bob")
        store.start(row, 0, NOW, seed=3)
        public_id, round_id = row.public_id, row.round_id
        db.session.rollback()  # a new request: nothing of the table held
        statements: list[str] = []

        def note(conn, cursor, statement, *args):
            statements.append(statement.split()[0].upper())

        event.listen(db.engine, "before_cursor_execute", note)
        try:
            found = store.find(public_id, to_change=True)
            assert found is not None
            store.move(found, 0, [Action("draw")], found.version, NOW)
            assert (found.public_id, found.round_id, found.code) == (public_id, round_id, row.code)
            assert found.watch_token == row.watch_token and found.host_browser == row.host_browser
        finally:
            event.remove(db.engine, "before_cursor_execute", note)
        assert [s for s in statements if s in ("SELECT", "UPDATE", "INSERT")] == ["SELECT", "UPDATE"]


def _text(state):
    return json.dumps(state, sort_keys=True)


def _stored(public_id):
    db.session.rollback()
    return db.session.scalars(db.select(LiveTableRecord.state).where(LiveTableRecord.public_id == public_id)).one()


def test_a_page_keeps_the_version_it_read_the_table_at_when_it_says_someone_is_there(app):
    """A page reads the table, then writes that someone is at it (``seen``): a move that lands in
    between must not give the page its newer version for the older table it shows (the page then
    said it showed that move, and its form would have sent it: a stale move let through)."""
    from sqlalchemy import update

    with app.app_context():
        row, _ = _table()
        page_row = store.find(row.public_id)
        shown = store.read(page_row)
        version = page_row.version
        with db.engine.begin() as other:  # another request's move, committed meanwhile
            other.execute(update(LiveTableRecord).where(LiveTableRecord.id == row.id).values(version=version + 1))
        store.seen(page_row, True, NOW, datetime.now(UTC) + store.SEEN_EVERY * 2)  # due to be written
        assert page_row.version == version and store.read(page_row) is shown
