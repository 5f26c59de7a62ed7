"""Grid Golf's part of storing a digital game (the rest, for both games, is ``caddie.store.matches``):
dealing a match, the computer's move, and keeping the person's decisions for the hole's review."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from caddie.core.game import Event, Seat
from caddie.core.grid.game import Action, GridMatch
from caddie.core.grid.players import choose
from caddie.core.grid.review import judge_ready, review_hole
from caddie.core.grid.rules import Rules
from caddie.core.table import Table
from caddie.offload.heavy_work import run_heavy
from caddie.store.ledger import deal_round
from caddie.store.matches import HUMAN_SEAT, MatchGame, new_seed, seats_of, store_new
from caddie.store.models import Match

__all__ = ["GRID", "GridGame", "hint_seed", "rematch_of", "start_match"]


class GridGame(MatchGame[GridMatch]):
    name = "grid"
    engine = GridMatch

    def computer_action(self, game: GridMatch, seat: int, level: str, rng: random.Random) -> Action:
        return run_heavy(choose, game.view(seat, events=False), level, rng)

    def person_move(self, match: Match, game: GridMatch, action: Action, seen_version: int) -> Event[Any]:
        if action.kind == "next":
            return game.next_hole()
        # kept for the hole's review, with the Hint's random source for that view
        event = game.apply_recorded(action, HUMAN_SEAT, seed=hint_seed(match, seen_version))
        if game.phase not in ("hole_over", "match_over"):
            # judge the moves behind this one now, a little each turn, so the hole's end need not wait
            game.decisions = run_heavy(judge_ready, game.decisions, _review_seed(game))
        return event

    def after_move(self, game: GridMatch) -> None:
        """Once a hole is over, review the person's decisions on it (once: it takes a moment) and
        keep the review in the match instead of the decisions."""
        if game.phase in ("hole_over", "match_over") and game.review is None and game.decisions:
            review = run_heavy(review_hole, game.decisions, _review_seed(game))
            game.review, game.decisions = review.to_dict(), []


GRID = GridGame()


def start_match(owner: str, table: Table, rules: Rules, seats: Sequence[Seat], seed: int | None = None) -> Match:
    """Deal hole 1 and open the ledger round the match fills in."""
    names = [s.name for s in seats]
    game = GridMatch.new(rules, names, new_seed() if seed is None else seed)
    round_ = deal_round(owner, names, rules.holes, "grid", replace(table, rules=rules))
    return store_new(owner, GRID, game, seats, round_.id)


def rematch_of(match: Match, table: Table) -> Match:
    """The same players, computer levels and rules as ``match``, dealt afresh, with a new ledger
    round (the house settings ``table`` keep only what the rules do not say)."""
    return start_match(match.owner_browser, table, GRID.load(match).rules, seats_of(match))


def hint_seed(match: Match, version: int) -> str:
    """The caddie's random source for the person's decision at ``version``: the Hint and the
    hole's review use the same one, so the review's caddie says what the Hint said."""
    return f"hint:{match.public_id}:{version}"


def _review_seed(game: GridMatch) -> str:
    return f"review:{game.seed}:{game.hole}"
