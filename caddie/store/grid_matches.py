"""Grid Golf's part of starting a digital game (the rest, for both games, is ``caddie.store.matches``):
dealing a match, and a rematch of a finished one."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from caddie.core.game import Seat
from caddie.core.games.grid_golf import GRID_GOLF
from caddie.core.grid.game import GridMatch
from caddie.core.grid.rules import Rules
from caddie.core.table import Table
from caddie.store.ledger import deal_round
from caddie.store.matches import load, new_seed, seats_of, store_new
from caddie.store.models import Match

__all__ = ["rematch_of", "start_match"]


def start_match(owner: str, table: Table, rules: Rules, seats: Sequence[Seat], seed: int | None = None) -> Match:
    """Deal hole 1 and open the ledger round the match fills in."""
    names = [s.name for s in seats]
    game = GridMatch.new(rules, names, new_seed() if seed is None else seed)
    round_ = deal_round(owner, names, rules.holes, "grid", replace(table, rules=rules))
    return store_new(owner, GRID_GOLF, game, seats, round_.id)


def rematch_of(match: Match, table: Table) -> Match:
    """The same players, computer levels and rules as ``match``, dealt afresh, with a new ledger
    round (the house settings ``table`` keep only what the rules do not say)."""
    game = load(match)
    assert isinstance(game, GridMatch)
    return start_match(match.owner_browser, table, game.rules, seats_of(match))
