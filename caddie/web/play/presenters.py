"""How each game's table is drawn on a page, found by the game's kind (``caddie.core.games``):
the one place the web layer keeps something per game, as the core keeps its ``GameKind``s. A
presenter gives the partial that draws the table, the page state a table page keeps in its
address or form (the Club Cards cards tapped), how a move is read from the form, and the
template context for a seat's view and for an onlooker's."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from caddie.core.games.club_cards import CLUB_CARDS
from caddie.core.games.grid_golf import GRID_GOLF
from caddie.core.games.kind import GameKind
from caddie.web.play import clubs, grid
from caddie.web.play.pages import PageState, ReadMove, no_state

__all__ = ["Presenter", "presenter_for"]


@dataclass(frozen=True)
class Presenter:
    part: str  # the partial that draws the table
    solo_table: str  # the endpoint of a solo match's table page (until solo matches are tables)
    page_state: PageState
    read_move: ReadMove
    seat_context: Callable[[Any, dict[str, Any]], dict[str, Any]]  # (a seat's view, page state) -> context
    onlooker_context: Callable[[Any], dict[str, Any]]  # an onlooker's view -> context


def _club_onlookers(view: Any) -> dict[str, Any]:
    return {"card": clubs.scorecard(view), "hole_plays": clubs.hole_plays(view)}


_PRESENTERS: Mapping[str, Presenter] = {
    GRID_GOLF.name: Presenter(
        "play/_table.html",
        "play.table",
        no_state,
        grid.read_move,
        lambda view, state: grid.table_context(view),
        grid.table_context,
    ),
    CLUB_CARDS.name: Presenter(
        "club_play/_table.html",
        "club_play.table",
        clubs.picks_state,
        clubs.read_move,
        lambda view, state: clubs.table_context(view, state.get("picks")),
        _club_onlookers,
    ),
}


def presenter_for(kind: GameKind[Any]) -> Presenter:
    return _PRESENTERS[kind.name]
