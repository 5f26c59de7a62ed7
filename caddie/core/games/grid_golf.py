"""Grid Golf, described once (``caddie.core.games.kind``): its seats, its settings and deal, its
ledger round, a program's view and moves, its computers, and the person's decisions kept for the
hole's review."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from caddie.core.courses.course import Course
from caddie.core.errors import CaddieError, quoted
from caddie.core.game import Event, IllegalAction
from caddie.core.games.kind import GameKind, kind_of_move, seats_after
from caddie.core.grid import replay
from caddie.core.grid.game import GridMatch
from caddie.core.grid.moves import DISCARD, DRAW, KNOCK, NEXT, PASS, TAKE, Action
from caddie.core.grid.players import choose
from caddie.core.grid.review import hole_verdicts, judge_ready, judge_some
from caddie.core.grid.rules import SIZE_WORDS, Rules, chip
from caddie.core.ledger import HOLE_COUNTS
from caddie.core.table import Table
from caddie.core.verdicts import mark_of

__all__ = ["GRID_GOLF", "GridGolf"]

DEFAULT_CARDS = Rules().cards  # a stored table from before its rules named a layout

OVER = ("hole_over", "match_over")


class GridGolf(GameKind[GridMatch]):
    name = "grid"
    title = "Grid Golf"
    engine = GridMatch
    seats = (2, 6)
    reviews = True

    # -- settings and the deal -----------------------------------------------------------------
    def check_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(settings, Mapping):
            raise CaddieError("A Grid Golf table needs its rules.", "rules")
        rules = Rules.from_dict(settings.get("rules"))
        if rules.holes not in HOLE_COUNTS:
            raise CaddieError("A table plays 9 or 18 holes.", "holes")
        return {"rules": rules.to_dict()}

    def settings_for(self, table: Table, holes: int | None, course: Course | None = None) -> dict[str, Any]:
        if holes is None and table.rules.holes not in HOLE_COUNTS:
            raise CaddieError("A table plays 9 or 18 holes.", "rules.holes")
        rules = table.rules if holes is None else replace(table.rules, holes=holes)
        return self.check_settings({"rules": rules.to_dict()})

    def deal(self, settings: Mapping[str, Any], names: list[str], seed: int) -> GridMatch:
        return GridMatch.new(Rules.from_dict(settings["rules"]), names, seed)

    def holes(self, settings: Mapping[str, Any]) -> int:
        return Rules.from_dict(settings["rules"]).holes

    def ledger_table(self, settings: Mapping[str, Any], players: int) -> Table:
        return Table(rules=Rules.from_dict(settings["rules"]))

    def rules_chip(self, table: Table) -> str:
        return chip(table.rules)

    def rules_of(self, table: Table) -> dict[str, Any]:
        return table.rules.to_dict()

    def compares_within(self, stored: Mapping[str, Any]) -> str:
        # a four-card hand and a nine-card hand score on different scales
        rules = stored.get("rules") if isinstance(stored, Mapping) else None
        cards = rules.get("cards", DEFAULT_CARDS) if isinstance(rules, Mapping) else DEFAULT_CARDS
        return f"{SIZE_WORDS[cards]} cards" if cards in SIZE_WORDS else ""

    # -- a program at a table ----------------------------------------------------------------------
    def program_view(self, game: GridMatch, seat: int) -> dict[str, Any]:
        view = game.view(seat, events=False)
        pile = list(view["discard"])
        shown: dict[str, Any] = {
            "rules": dict(view["rules"]),
            "grid": list(view["players"][seat]["grid"]),
            "discard": pile[-1] if pile else None,
            "discard_pile": pile,
            "opponents": [list(view["players"][other]["grid"]) for other in seats_after(game.order, seat)],
            "deck_size": view["deck_count"],
            "final_turn": view["final_turn"] and view["current"] == seat,
        }
        if view["drawn_by"] == seat and view["drawn"] is not None:
            shown["drawn"], shown["drawn_from"] = view["drawn"], view["drawn_from"]
        return shown

    def onlooker_view(self, game: GridMatch) -> dict[str, Any]:
        view = game.view(None, events=False)
        pile = list(view["discard"])
        return {
            "rules": dict(view["rules"]),
            "players": [{"name": p["name"], "grid": list(p["grid"]), "points": p["points"]} for p in view["players"]],
            "discard": pile[-1] if pile else None,
            "discard_pile": pile,
            "deck_size": view["deck_count"],
            "drawn": view["drawn"],  # shown to everyone only when it was taken from the discard pile
            "drawn_by": view["drawn_by"],
        }

    def program_actions(self, game: GridMatch, seat: int, data: Mapping[str, Any]) -> list[Any]:
        kind = kind_of_move(data)
        if kind == "next_hole":
            return [NEXT]
        if kind == "flip":
            positions = data.get("positions")
            if positions is not None:
                if not isinstance(positions, list) or not positions or any(type(p) is not int for p in positions):
                    raise IllegalAction('"positions" is a list of grid positions to turn up.', "positions")
                return [Action("flip", p) for p in positions]
            return [Action("flip", _position(data))]
        if kind == "draw":
            return [DRAW]
        if kind == "take_discard":
            return [TAKE, Action("swap", _position(data))]
        if kind == "swap":
            return [Action("swap", _position(data))]
        if kind == "knock":
            return [KNOCK]
        if kind == "pass":
            return [PASS]
        if kind == "discard":
            return _discard(game, data.get("flip"))
        raise IllegalAction(
            f"{quoted(kind)} is not a Grid Golf move; the moves are flip, draw, take_discard, swap, discard, "
            "knock and next_hole.",
            "action",
        )

    # -- the record ----------------------------------------------------------------------------------------
    def record_moves(self, game: GridMatch, events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """The engine's take and the swap after it are one move, ``take_discard`` to a position; a
        discard and the flip (or the pass) its rules then ask of the same seat are one ``discard``
        with its ``flip``: as ``program_actions`` takes them."""
        return [move for move, _ in _joined_moves(game, events)]

    def hole_end(self, game: GridMatch) -> dict[str, Any]:
        return {"grids": [list(grid) for grid in game.grids]}  # every card is face up once a hole is over

    def review_some(self, game: GridMatch, seconds: float) -> GridMatch:
        if game.phase not in OVER or game.review is not None:
            return game
        if judge_some(game.decisions, _review_seed(game), seconds):
            return self.reviewed(game)  # every verdict is kept: this only gathers them
        return game  # its decisions hold the verdicts judged so far

    def replay_frames(self, settings: Mapping[str, Any], record: Mapping[str, Any]) -> list[dict[str, Any]]:
        return replay.frames(record, Rules.from_dict(settings["rules"]).cards)

    def move_words(self, settings: Mapping[str, Any], frame: Mapping[str, Any], action: Mapping[str, Any]) -> str:
        return replay.move_words(frame, action, Rules.from_dict(settings["rules"]).cards)

    def seat_frames(
        self, frames: list[dict[str, Any]], record: Mapping[str, Any], seats: Sequence[int]
    ) -> list[dict[str, Any]]:
        return replay.with_own_draws(frames, record, seats)

    def hole_review(self, game: GridMatch) -> list[dict[str, Any]] | None:
        review = game.review
        if not review or "verdicts" not in review or review.get("hole") != game.hole:
            return None
        return [
            {
                "hole": review["hole"],
                "seat": verdict["seat"],
                "move": verdict["move"],
                "played": _program_move(verdict["played"]),
                "best": _program_move(verdict["best"]),
                "loss": verdict["loss"],
                "mark": mark_of(verdict["loss"]),
                "did": verdict["did"],
                "caddie": verdict["caddie"],
            }
            for verdict in review["verdicts"]
            if verdict.get("move") is not None
        ]

    # -- computers and people --------------------------------------------------------------------------
    def choose(self, view: Any, level: str, rng: random.Random) -> Action:
        return choose(view, level, rng)

    def person_move(self, game: GridMatch, action: Action, seat: int, seed: str) -> Event[Any]:
        if action.kind == "next":
            return game.next_hole()
        # kept for the hole's review, with the Hint's random source for that view
        return game.apply_recorded(action, seat, seed=seed)

    def review_pending(self, game: GridMatch, by_person: bool) -> bool:
        if not game.decisions:
            return False
        return game.review is None if game.phase in OVER else by_person

    def reviewed(self, game: GridMatch) -> GridMatch:
        """While the hole is played, the decisions behind the latest one are judged, a little each
        turn, so that the hole's end need not wait; once it is over every person's decisions are
        reviewed (once) and the verdicts kept instead of the decisions, each with the record's move
        it was (``{"hole", "verdicts"}``; ``caddie.core.grid.review.seat_review`` reads a seat's)."""
        seed = _review_seed(game)
        if game.phase in OVER:
            move_at = _move_at_event(game)
            verdicts = []
            for verdict in hole_verdicts(game.decisions, seed):
                kept = verdict.to_dict()
                kept["move"] = move_at.get(game.decisions[verdict.decision].get("event", -1))
                verdicts.append(kept)
            return replace(game, review={"hole": game.hole, "verdicts": verdicts}, decisions=[])
        return replace(game, decisions=judge_ready(game.decisions, seed))


def _review_seed(game: GridMatch) -> str:
    """The review's random source for the hole being played."""
    return f"review:{game.seed}:{game.hole}"


def _joined_moves(game: GridMatch, events: Sequence[Mapping[str, Any]]) -> list[tuple[dict[str, Any], int]]:
    """The record's moves from a hole's events (``GridGolf.record_moves``), each with the index of
    the event that began it."""
    moves: list[tuple[dict[str, Any], int]] = []
    open_move: dict[str, Any] | None = None  # a take or a discard its next action completes
    for index, event in enumerate(events):
        seat, kind = event["seat"], event["action"]["kind"]
        position = event["action"].get("position")
        said = {"cards": list(event["cards"]), "text": event["text"]}
        if open_move is not None and open_move["seat"] == seat:
            finished = open_move["action"]
            if finished["action"] == "take_discard" and kind == "swap":
                finished["position"] = position
                open_move.update(said, **_stood_in(event))
                open_move = None
                continue
            if finished["action"] == "discard" and kind in ("flip", "pass"):
                finished["flip"] = position
                open_move.update(said, **_stood_in(event))
                open_move = None
                continue
        open_move = None
        move = {"seat": seat, "action": _program_action(kind, position), **said, **_stood_in(event)}
        moves.append((move, index))
        if kind == "take" or (kind == "discard" and game.rules.discard_flip):
            open_move = move
    return moves


def _stood_in(event: Mapping[str, Any]) -> dict[str, bool]:
    """``{"stand_in": True}`` for a move a computer made for the seat's person, else nothing."""
    return {"stand_in": True} if event.get("stand_in") else {}


def _move_at_event(game: GridMatch) -> dict[int, int]:
    """The index of the record's move that each of this hole's events began."""
    events = game.this_hole["events"] if game.this_hole is not None else []
    moves = _joined_moves(game, [event for event in events if event["seat"] is not None])
    return {event: number for number, (_, event) in enumerate(moves)}


def _program_move(move: Sequence[Any]) -> dict[str, Any]:
    """A review's move (``caddie.core.grid.moves.Move`` as a list) as a program sends it."""
    kind, position, flip = move
    action = _program_action(kind, position)
    if kind == "take":
        action["position"] = position  # a whole move: the take and where the card went
    elif kind == "discard":
        action["flip"] = flip
    return action


def _program_action(kind: str, position: int | None) -> dict[str, Any]:
    """An engine's action as a program sends it (``program_actions``); a take's position and a
    discard's flip are filled in by the action that completes them."""
    if kind == "take":
        return {"action": "take_discard", "position": None}
    if kind == "discard":
        return {"action": "discard", "flip": None}
    if kind in ("flip", "swap"):
        return {"action": kind, "position": position}
    return {"action": kind}  # draw, knock


def _position(data: Mapping[str, Any], key: str = "position") -> int:
    value = data.get(key)
    if type(value) is not int:
        raise IllegalAction(f'This move needs "{key}": a grid position, a whole number.', key)
    return value


def _discard(game: GridMatch, flip: object) -> list[Action]:
    """A program's discard, with the flip after it that this table's rules ask for (or allow)."""
    if flip is not None and type(flip) is not int:
        raise IllegalAction('"flip" is the grid position to turn up after the discard, or null.', "flip")
    after = game.rules.discard_flip
    if flip is not None and not after:
        raise IllegalAction("At this table a discard turns nothing up: send the discard without a flip.", "flip")
    if flip is None and after is True:
        raise IllegalAction('A discard here turns up a face-down card: say which one in "flip".', "flip")
    if flip is None:
        return [DISCARD, PASS] if after == "optional" else [DISCARD]
    return [DISCARD, Action("flip", flip)]


GRID_GOLF = GridGolf()
