"""A round as every reader sees it: the scorecard page, the API, the CSV.

Built once per request from the database rows and the core's arithmetic, so
the page and the API can never disagree about a total.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from caddie.core.courses.course import Course
from caddie.core.games import game_named
from caddie.core.ledger import (
    SCORE_RANGE,
    Standing,
    format_delta,
    grid_quick_pages,
    is_complete,
    running_totals,
    standing_rows,
    winners,
)
from caddie.core.table import Table
from caddie.store.database import db
from caddie.store.ledger import Card, CellWrite, cards_of, write_and_read
from caddie.store.models import Round


@dataclass(frozen=True)
class PlayerLine:
    seat: int
    name: str
    scores: list[int | None]
    versions: list[int]  # per hole; 0 = never written
    standing: Standing

    @property
    def delta_text(self) -> str:
        return format_delta(self.standing.delta)


@dataclass(frozen=True)
class RoundView:
    public_id: str
    game: str
    holes: int
    played_on: date
    version: int
    table: Table
    course: Course | None
    lines: list[PlayerLine]
    complete: bool
    winners: list[str]

    @property
    def pars(self) -> list[int] | None:
        return [h.par for h in self.course.holes[: self.holes]] if self.course else None

    @property
    def yardages(self) -> list[int] | None:
        return [h.yardage for h in self.course.holes[: self.holes]] if self.course else None

    @property
    def game_label(self) -> str:
        return game_named(self.game).title

    @property
    def title(self) -> str:
        where = f" at {self.course.name}" if self.course else ""
        return f"{self.game_label}{where}, {self.played_on.strftime('%-d %b %Y')}"

    @property
    def thru_all(self) -> int:
        """Holes every player has entered: the hole the table has finished."""
        return min((line.standing.thru for line in self.lines), default=0)

    @property
    def open_hole(self) -> int:
        """The first hole some player has not entered yet (the hole being played)."""
        blanks = [h for line in self.lines for h in range(1, self.holes + 1) if line.scores[h - 1] is None]
        return min(blanks, default=self.holes)

    @property
    def ranked(self) -> list[PlayerLine]:
        """Lowest total first (seat order on a tie); players with no hole yet last."""
        return sorted(self.lines, key=lambda line: (line.standing.total is None, line.standing.total or 0, line.seat))

    def running_series(self) -> list[tuple[str, list[int | None]]]:
        return [(line.name, running_totals(line.scores, self.holes)) for line in self.lines]

    def quick_scores(self, hole: int) -> list[int]:
        """The pad's one-tap scores for ``hole``: Grid Golf's common scores, or par−1 to par+3 for Club Cards."""
        if self.pars is None:
            return self.grid_quick_pages[0]
        low, high = SCORE_RANGE[self.game]
        par = self.pars[hole - 1]
        return [score for score in range(par - 1, par + 4) if low <= score <= high]

    def more_quick_scores(self, hole: int) -> list[int]:
        """The pad's second page (two taps: More, then the score): the rest of a Grid Golf hand's
        usual range; none for Club Cards, whose five around par cover a hole."""
        return [] if self.pars is not None else self.grid_quick_pages[1]

    @property
    def grid_quick_pages(self) -> tuple[list[int], list[int]]:
        rules = self.table.rules
        return grid_quick_pages(rules.cards, min(rules.points(rank) for rank in rules.ranks_in_play))

    def next_blank(self, seat: int, hole: int) -> tuple[int, int] | None:
        """The cell after (seat, hole) to enter: next player on this hole, then the next hole."""
        order = [(h, line.seat) for h in range(1, self.holes + 1) for line in self.lines]
        start = order.index((hole, seat)) + 1 if (hole, seat) in order else 0
        cells = {(line.seat, h): line.scores[h - 1] for line in self.lines for h in range(1, self.holes + 1)}
        for h, s in order[start:] + order[:start]:
            if cells[(s, h)] is None:
                return s, h
        return None

    def to_dict(self) -> dict[str, Any]:
        """The API's round summary (docs/api.md, "POST /api/v1/rounds"; docs/ledger.md, "The scorecard's numbers")."""
        return {
            "id": self.public_id,
            "game": self.game,
            "holes": self.holes,
            "played_on": self.played_on.isoformat(),
            "version": self.version,
            "rules": game_named(self.game).rules_of(self.table),
            "course": self.course.to_dict() if self.course else None,
            "complete": self.complete,
            "winners": self.winners,
            "players": [
                {
                    "name": line.name,
                    "scores": line.scores,
                    "versions": line.versions,
                    "out": line.standing.out,
                    "in": line.standing.in_,
                    "total": line.standing.total,
                    "thru": line.standing.thru,
                    "delta": line.standing.delta,
                    "delta_text": line.delta_text,
                    "leader": line.standing.leader,
                    "vs_par": line.standing.vs_par,
                }
                for line in self.lines
            ],
        }


def view_round(round_: Round, card: Card | None = None, version: int | None = None) -> RoundView:
    """The round's scorecard, from ``card`` (and at ``version``) when the caller has just read it,
    else read now."""
    cards, versions = card if card is not None else cards_of(round_)
    course = Course.from_dict(round_.course) if round_.course else None
    pars = [h.par for h in course.holes[: round_.holes]] if course else None
    rows = {row.name: row for row in standing_rows(cards, round_.holes, pars)}
    lines = [
        PlayerLine(
            seat=p.seat,
            name=p.name,
            scores=cards[p.name],
            versions=[versions.get((p.seat, h), 0) for h in range(1, round_.holes + 1)],
            standing=rows[p.name],
        )
        for p in round_.players
    ]
    return RoundView(
        public_id=round_.public_id,
        game=round_.game,
        holes=round_.holes,
        played_on=round_.played_on,
        version=round_.version if version is None else version,
        table=Table.from_dict(round_.rules),
        course=course,
        lines=lines,
        complete=is_complete(cards, round_.holes),
        winners=winners(cards, round_.holes),
    )


def enter_scores(round_: Round, writes: Sequence[CellWrite], key: str | None = None) -> RoundView:
    """``write_scores``, and the card as that write left it: one transaction (the round read by
    the caller, the writes on the condition of the versions seen, the card read back, COMMIT),
    on one connection from the pool. Raises as ``write_scores`` does, with nothing written and
    the transaction rolled back, so that the caller's answer (``view_round_now``) is read afresh.
    A ``key`` applied before answers with the round as it is now, writing nothing
    (``caddie.store.ledger``)."""
    version, card = write_and_read(round_, writes, key)
    return view_round(round_, card, version)


def view_round_now(round_: Round) -> RoundView:
    """The round's scorecard as the database has it now, for an answer to a write that was
    refused: whatever this request read before is dropped (its transaction ends here), so the
    round and its card are read again, with every write committed since."""
    db.session.rollback()
    db.session.expire_all()  # those a commit kept too (``together.commit_keeping``)
    return view_round(round_)
