"""A hand followed with the walkthrough at a real table, as a record: its decisions and their review
(docs/caddie.md, "Your hand, reviewed").

The walk keeps its log (``caddie.core.grid.walkthrough``): how it began and every tap since. Played
through again from its start, the log gives back each decision the person made at the table,
with the view the Caddie advised from just then (the walk's advisor request: their grid, the
discard pile seen, the opponents' cards tapped in, the card drawn):

* an initial flip: ``Move("flip", p)``;
* the Caddie said take or draw: the discard taken into ``p`` (``Move("take", p)``), or a draw;
* a card drawn from the deck: put into ``p`` (``Move("swap", p)``) or discarded (``Move("discard",
  flip=p)``, ``p`` the card the rules then turn up).

The opponents' moves are theirs, and the cards turned up at the hole's end are no decision. The
review judges each decision as a digital match's is (``caddie.core.grid.review.judge_move``), the
Caddie deciding with the advice's own random source, so it says what the advice said then.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from caddie.core.errors import CaddieError
from caddie.core.grid.advisor import SEED, seat_view
from caddie.core.grid.moves import Move
from caddie.core.grid.review import judge_move
from caddie.core.grid.rules import Rules
from caddie.core.grid.walkthrough import Walk, read_start, tap_of

__all__ = ["NOT_REPLAYED", "hand_decisions", "review_decisions"]

NOT_REPLAYED = (
    "This hand's steps were not all kept (it was begun before they were, or the rules changed since): "
    "it cannot be reviewed."
)


def hand_decisions(walk: Walk, rules: Rules) -> list[dict[str, Any]]:
    """The person's decisions in ``walk``'s hand, in order, each ``{"request", "move"}``: the
    advisor request it was decided from and the move made (``Move`` as a list). ``CaddieError``
    (``NOT_REPLAYED``) where the walk keeps no log, or its log does not play through to ``walk``
    under ``rules`` (those of the walk's own page: ``cards`` its size)."""
    log = walk.log
    start = read_start(log[0]) if log else None
    if log is None or start is None:
        raise CaddieError(NOT_REPLAYED, "log")
    size, opponents = start
    again = Walk(size=size, grid=[None] * size, opponents=[[None] * size for _ in range(opponents)]).settled(rules)
    decisions: list[dict[str, Any]] = []
    for entry in log[1:]:
        args = tap_of(entry)
        before = again
        try:
            again = before.tap(args, rules)
        except CaddieError:
            raise CaddieError(NOT_REPLAYED, "log") from None
        if args.get("do") == "restart":
            decisions = []  # a new hole began: the log's own start
        move = _decision(before, again, args, rules)
        if move is not None:
            with_drawn = before.step == "place"
            request = before.advisor_request(rules.to_dict(), with_drawn=with_drawn)
            decisions.append({"request": request, "move": list(move)})
    if replace(again, log=None) != replace(walk, log=None):
        raise CaddieError(NOT_REPLAYED, "log")
    return decisions


def review_decisions(decisions: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The Caddie's verdict on each of ``hand_decisions``' decisions it could decide, as a
    record's review lists a seat's (``{"move", "seat", "loss", "did", "caddie", "played", "best"}``,
    ``move`` the decision's index): heavy, for the helper process."""
    verdicts = []
    for index, decision in enumerate(decisions):
        view = _view(decision["request"])
        if view is None:
            continue
        verdict = judge_move(view, Move(*decision["move"]), SEED, index)
        if verdict is not None:
            verdicts.append({**verdict.to_dict(), "move": index, "seat": 0})
    return verdicts


def _view(request: Mapping[str, Any]) -> Any:
    """The Caddie's view of a decision's request, as the walkthrough's advice read it: where the
    cards seen no longer add up (the deck was reshuffled at the table), from the top card alone."""
    try:
        return seat_view(request)
    except CaddieError as err:
        pile = request.get("discard_pile") or []
        if not (err.field or "").startswith("discard_pile") or len(pile) <= 1:
            return None
    try:
        return seat_view({**request, "discard_pile": pile[-1:]})
    except CaddieError:
        return None


def _decision(before: Walk, after: Walk, args: Mapping[str, str], rules: Rules) -> Move | None:
    """The person's decision the tap ``args`` made from ``before`` to ``after``, if it made one."""
    if args.get("opick") or before.opp_slot is not None:
        return None  # the opponents' cards
    key, do = args.get("key"), args.get("do") or ""
    if before.step == "flip":
        turned_up = [p for p in range(before.size) if before.grid[p] is None and after.grid[p] is not None]
        return Move("flip", turned_up[0]) if key and len(turned_up) == 1 else None
    if before.step == "advice" and before.discard:
        if do == "draw" or key:  # a card tapped here is the one drawn from the deck
            return Move("draw")
        kind, _, where = do.partition(":")
        return Move("take", int(where)) if kind == "take" and where.isdigit() else None
    if before.step == "place" and before.drawn is not None and before.drawn_from == "deck":
        # a card tapped completes the advised move it was offered for (``plan``)
        kind, _, where = ((args.get("plan") or "") if key else do).partition(":")
        if kind == "swap" and where.isdigit():
            return Move("swap", int(where))
        if kind == "discard":
            flip = int(where) if where.isdigit() else None
            if rules.discard_flip is True and flip is None:
                return None  # the flip the rules force is said by a later tap: not this tap's whole move
            return Move("discard", flip=flip)
    return None
