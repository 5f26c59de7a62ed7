"""What every digital match does with the database, whatever the game.

A match's whole state (hidden cards and pile order included) is one JSON value
in ``Match.state``. ``save_state`` writes it only if the match is still at the
version the move was based on (one conditional UPDATE), so a replayed or
doubled request never plays twice, on SQLite and PostgreSQL alike.
``land_in_ledger`` copies finished holes into the match's ledger round.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Sequence

from sqlalchemy import update

from caddie.core.errors import CaddieError
from caddie.extensions import db
from caddie.ledger_store import CellWrite, StaleScore, cards_of, write_scores
from caddie.models import Match, Round


class StaleMatch(Exception):
    """The match moved on since the page that sent this request was shown."""


def save_state(match: Match, state: dict, seen_version: int, finished: bool) -> None:
    """Store ``state`` as the match's next version; ``StaleMatch`` if another write came first."""
    now = datetime.now(timezone.utc)
    done = db.session.execute(
        update(Match).where(Match.id == match.id, Match.version == seen_version)
        .values(state=state, version=Match.version + 1, updated_at=now, finished_at=now if finished else None)
        .execution_options(synchronize_session=False)).rowcount
    if done != 1:
        db.session.rollback()
        raise StaleMatch()
    db.session.commit()
    db.session.refresh(match)


def land_in_ledger(match: Match, hole_scores: Sequence[Sequence[int]]) -> None:
    """Write every finished hole (per hole, per seat) that the ledger round does not have yet."""
    round_ = db.session.get(Round, match.round_id) if match.round_id else None
    if round_ is None or round_.deleted_at is not None:
        return
    cards, _ = cards_of(round_)
    writes = [CellWrite(seat, hole, scores[seat], None)
              for hole, scores in enumerate(hole_scores, start=1) if hole <= round_.holes
              for seat in range(len(scores)) if cards[match.seats[seat]["name"]][hole - 1] is None]
    if writes:
        try:
            write_scores(round_, writes)
        except StaleScore:
            pass  # someone is typing into that hole on the scorecard: the next move tries again
        except CaddieError:  # pragma: no cover - the engines' hole scores are always in range
            db.session.rollback()
