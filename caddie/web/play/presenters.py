"""How each game's table is drawn on a page, found by the game's kind (``caddie.core.games``):
the one place the web layer keeps something per game, as the core keeps its ``GameKind``s. A
presenter gives the partial that draws the table, the page state a table page keeps in its
address or form (the Club Cards cards tapped), how a move is read from the form, the template
context for a seat's view and for an onlooker's, at a solo table the Hint (heavy: it runs in
the helper, within the phone's CPU budget) and the hole's review, a replay's frame, and how a
hand kept from the walkthrough ended."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from flask import url_for

from caddie.core.games.club_cards import CLUB_CARDS
from caddie.core.games.grid_golf import GRID_GOLF
from caddie.core.games.kind import GameKind
from caddie.core.grid.moves import position_name
from caddie.core.grid.review import seat_review
from caddie.core.grid.rules import Rules
from caddie.core.grid.scoring import score_grid
from caddie.core.verdicts import seat_summary
from caddie.store.live_tables import hint_seed
from caddie.web.play import clubs, grid
from caddie.web.play.pages import PageState, ReadMove, no_state

__all__ = ["Presenter", "presenter_for"]


@dataclass(frozen=True)
class Presenter:
    part: str  # the partial that draws the table
    table_class: str  # the table's own class on the page (its layout)
    new_match: str  # the endpoint of the page that starts a solo match of the game
    page_state: PageState
    read_move: ReadMove
    seat_context: Callable[[Any, dict[str, Any], Any], dict[str, Any]]  # (a seat's view, page state, hint)
    onlooker_context: Callable[[Any], dict[str, Any]]  # an onlooker's view -> context
    hint: Callable[[Any, str], Any]  # (a seat's view, seed) -> the caddie's advice, or None
    hint_seed: Callable[[str, int], str]  # (table id, version) -> the Hint's random source
    review: Callable[[Any, Any], dict[str, Any] | None]  # (the match, the seat's view) -> the hole's review
    replay_part: str  # the partial that draws one frame of a replay (GameKind.replay_frames)
    replay_context: Callable[[Mapping[str, Any]], dict[str, Any]]  # (the table's settings) -> what it needs
    hand_part: str  # the partial that shows how a hand (a round) kept from the walkthrough ended
    hand_context: Callable[[Mapping[str, Any], Mapping[str, Any]], dict[str, Any]]  # (its rules, its hand) -> context


def _grid_seat(view: Any, state: dict[str, Any], advice: Any) -> dict[str, Any]:
    return {**grid.table_context(view), "hint": advice}


def _grid_review(match: Any, view: Any) -> dict[str, Any] | None:
    return grid.review_of(view, seat_review(match.review, view["seat"]))


def _grid_replay(settings: Mapping[str, Any]) -> dict[str, Any]:
    rules = Rules.from_dict(settings["rules"])
    return {"rules": rules, "position_names": [position_name(i, rules.cards) for i in range(rules.cards)]}


def _grid_hand(rules_kept: Mapping[str, Any], hand: Mapping[str, Any]) -> dict[str, Any]:
    rules = Rules.from_dict(rules_kept)
    return {
        "rules": rules,
        "grid": hand["grid"],
        "score": score_grid(hand["grid"], rules),
        "positions": [position_name(i, rules.cards) for i in range(rules.cards)],
        "opponents": len(hand["opponents"]),
        "again": (url_for("caddie.walk"), "A new hand"),
    }


def _club_hand(rules_kept: Mapping[str, Any], hand: Mapping[str, Any]) -> dict[str, Any]:
    return {
        "course_name": hand["course"],
        "holes": hand["holes"],
        "score": hand["score"],
        "par": hand["par"],
        "again": (url_for("caddie_clubs.walk"), "A new round"),
    }


def _club_review(match: Any, view: Any) -> dict[str, Any] | None:
    if view["phase"] not in ("hole_over", "round_over"):
        return None
    return seat_summary(CLUB_CARDS.hole_review(match) or [], view["seat"])


def _club_onlookers(view: Any) -> dict[str, Any]:
    return {"card": clubs.scorecard(view), "hole_plays": clubs.hole_plays(view)}


_PRESENTERS: Mapping[str, Presenter] = {
    GRID_GOLF.name: Presenter(
        part="play/_table.html",
        table_class="",
        new_match="play.index",
        page_state=no_state,
        read_move=grid.read_move,
        seat_context=_grid_seat,
        onlooker_context=grid.table_context,
        hint=grid.hint,
        hint_seed=hint_seed,  # the one the hole's review decides the same view with
        review=_grid_review,
        replay_part="live/_replay_grid.html",
        replay_context=_grid_replay,
        hand_part="caddie/_hand_grid.html",
        hand_context=_grid_hand,
    ),
    CLUB_CARDS.name: Presenter(
        part="club_play/_table.html",
        table_class="club-table",
        new_match="club_play.index",
        page_state=clubs.picks_state,
        read_move=clubs.read_move,
        seat_context=lambda view, state, advice: clubs.table_context(view, state.get("picks"), advice),
        onlooker_context=_club_onlookers,
        hint=clubs.hint,
        hint_seed=hint_seed,  # the one the hole's review decides the same view with
        review=_club_review,
        replay_part="live/_replay_clubs.html",
        replay_context=lambda settings: {},
        hand_part="caddie/_hand_clubs.html",
        hand_context=_club_hand,
    ),
}


def presenter_for(kind: GameKind[Any]) -> Presenter:
    return _PRESENTERS[kind.name]
