"""What a live table needs of each game, beyond the shared game API (``docs/live-tables.md``).

A live table is written once over ``caddie.core.game.Game``; each game adds how it is
dealt from the table's settings, how many seats it takes, and the program's door: the
seat's view in the shape of that game's caddie request, and a move in the shape of the
caddie's answer, read into the engine's actions. So a program sits at a table by
handing its view to the caddie and sending back the answer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from caddie.core.clubs.game import NEXT as CLUB_NEXT
from caddie.core.clubs.game import ClubAction, ClubRound
from caddie.core.clubs.scoring import ClubRules
from caddie.core.courses.course import Course
from caddie.core.errors import CaddieError, quoted
from caddie.core.game import Game, IllegalAction
from caddie.core.grid.game import GridMatch
from caddie.core.grid.moves import DISCARD, DRAW, KNOCK, NEXT, PASS, TAKE, Action
from caddie.core.grid.rules import Rules

__all__ = ["GAMES", "ClubsAtTable", "GridAtTable", "LiveGame", "game_named", "seats_after"]


class LiveGame:
    """One game as a live table plays it."""

    name: ClassVar[str]  # "grid" or "clubs", as ``Match.game``
    title: ClassVar[str]  # in sentences
    engine: ClassVar[type[Game[Any]]]
    seats: ClassVar[tuple[int, int]]  # fewest and most seats

    def deal(self, settings: Mapping[str, Any], names: list[str], seed: int) -> Game[Any]:
        raise NotImplementedError

    def holes(self, settings: Mapping[str, Any]) -> int:
        raise NotImplementedError

    def check_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The settings in their stored form; ``CaddieError`` if they cannot deal a match."""
        raise NotImplementedError

    def program_view(self, game: Game[Any], seat: int) -> dict[str, Any]:
        """``seat``'s view in the shape of this game's caddie request."""
        raise NotImplementedError

    def onlooker_view(self, game: Game[Any]) -> dict[str, Any]:
        """What someone watching sees: every seat as the others see it."""
        raise NotImplementedError

    def program_actions(self, game: Game[Any], seat: int, data: Mapping[str, Any]) -> list[Any]:
        """A program's move (the caddie's answer shape) as the engine's actions, in order.
        ``IllegalAction`` when it is not a move of this game."""
        raise NotImplementedError

    def phase(self, game: Game[Any]) -> str:
        """The phase as the API names it: ``flip``, ``turn``, ``hole_over`` or ``over``."""
        if game.is_over:
            return "over"
        return game.phase if game.phase in ("flip", "hole_over") else "turn"


def seats_after(order: Sequence[int], seat: int) -> list[int]:
    """The other seats in playing order, from the one after ``seat``: the order the caddie's
    request lists opponents in.

    >>> seats_after([2, 0, 1, 3], 0)
    [1, 3, 2]
    """
    at = list(order).index(seat)
    return [*order[at + 1 :], *order[:at]]


def _kind_of(data: Mapping[str, Any]) -> str:
    if not isinstance(data, Mapping) or not isinstance(data.get("action"), str):
        raise IllegalAction('A move is an object with an "action", as the caddie answers.', "action")
    return str(data["action"])


def _position(data: Mapping[str, Any], key: str = "position") -> int:
    value = data.get(key)
    if type(value) is not int:
        raise IllegalAction(f'This move needs "{key}": a grid position, a whole number.', key)
    return value


class GridAtTable(LiveGame):
    name = "grid"
    title = "Grid Golf"
    engine = GridMatch
    seats = (2, 6)

    def deal(self, settings: Mapping[str, Any], names: list[str], seed: int) -> GridMatch:
        return GridMatch.new(Rules.from_dict(settings["rules"]), names, seed)

    def holes(self, settings: Mapping[str, Any]) -> int:
        return Rules.from_dict(settings["rules"]).holes

    def check_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(settings, Mapping):
            raise CaddieError("A Grid Golf table needs its rules.", "rules")
        rules = Rules.from_dict(settings.get("rules"))
        if rules.holes not in (9, 18):
            raise CaddieError("A table plays 9 or 18 holes.", "holes")
        return {"rules": rules.to_dict()}

    def program_view(self, game: Game[Any], seat: int) -> dict[str, Any]:
        assert isinstance(game, GridMatch)
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

    def onlooker_view(self, game: Game[Any]) -> dict[str, Any]:
        assert isinstance(game, GridMatch)
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

    def program_actions(self, game: Game[Any], seat: int, data: Mapping[str, Any]) -> list[Any]:
        assert isinstance(game, GridMatch)
        kind = _kind_of(data)
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
            flip = data.get("flip")
            if flip is not None and type(flip) is not int:
                raise IllegalAction('"flip" is the grid position to turn up after the discard, or null.', "flip")
            after = game.rules.discard_flip
            if flip is not None and not after:
                raise IllegalAction(
                    "At this table a discard turns nothing up: send the discard without a flip.", "flip"
                )
            if flip is None and after is True:
                raise IllegalAction('A discard here turns up a face-down card: say which one in "flip".', "flip")
            if flip is None:
                return [DISCARD, PASS] if after == "optional" else [DISCARD]
            return [DISCARD, Action("flip", flip)]
        raise IllegalAction(
            f"{quoted(kind)} is not a Grid Golf move; the moves are flip, draw, take_discard, swap, discard, "
            "knock and next_hole.",
            "action",
        )


class ClubsAtTable(LiveGame):
    name = "clubs"
    title = "Club Cards"
    engine = ClubRound
    seats = (2, 4)

    def deal(self, settings: Mapping[str, Any], names: list[str], seed: int) -> ClubRound:
        return ClubRound.new(
            Course.from_dict(settings["course"]), names, seed, ClubRules.from_dict(settings.get("clubs"))
        )

    def holes(self, settings: Mapping[str, Any]) -> int:
        return len(settings["course"]["holes"])

    def check_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(settings, Mapping) or not isinstance(settings.get("course"), Mapping):
            raise CaddieError("A Club Cards table needs a course.", "course")
        return {
            "course": Course.from_dict(settings["course"]).to_dict(),
            "clubs": ClubRules.from_dict(settings.get("clubs")).to_dict(),
        }

    def program_view(self, game: Game[Any], seat: int) -> dict[str, Any]:
        assert isinstance(game, ClubRound)
        view = game.view(seat)
        return {
            "yardage": view["yardage"],
            "hand": list(view["hand"] or []),
            "upcoming": [h["yardage"] for h in view["course"]["holes"][view["hole"] :]],
            "decks": view["decks"],
        }

    def onlooker_view(self, game: Game[Any]) -> dict[str, Any]:
        assert isinstance(game, ClubRound)
        view = game.view(None)
        return {
            "yardage": view["yardage"],
            "par": view["par"],
            "players": [
                {
                    "name": p["name"],
                    "cards_in_hand": p["cards_in_hand"],
                    "played": p["played"],
                    "turned": p["turned"],
                    "score": p["score"],
                }
                for p in view["players"]
            ],
            "discard": list(view["discard"]),
            "pile_count": view["pile_count"],
            "decks": view["decks"],
        }

    def program_actions(self, game: Game[Any], seat: int, data: Mapping[str, Any]) -> list[Any]:
        kind = _kind_of(data)
        if kind == "next_hole":
            return [CLUB_NEXT]
        if kind == "play":
            cards = data.get("cards")
            if not isinstance(cards, list):
                raise IllegalAction('A play names its "cards": a list of yardages from your hand.', "cards")
            return [ClubAction.play(cards)]
        raise IllegalAction(f"{quoted(kind)} is not a Club Cards move; the moves are play and next_hole.", "action")

    def phase(self, game: Game[Any]) -> str:
        return "over" if game.is_over else ("hole_over" if game.phase == "hole_over" else "turn")


GAMES: dict[str, LiveGame] = {"grid": GridAtTable(), "clubs": ClubsAtTable()}


def game_named(name: object) -> LiveGame:
    if not isinstance(name, str) or name not in GAMES:
        raise CaddieError('The game is "grid" (Grid Golf) or "clubs" (Club Cards).', "game")
    return GAMES[name]
