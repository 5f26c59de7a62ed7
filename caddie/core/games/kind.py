"""A game's kind: everything the app knows of one game, said once (``docs/game-api.md``).

``caddie.core.game.Game`` is a game being played; a ``GameKind`` is the game itself, the way
python-chess keeps a variant's name, starting position and rules on its ``Board`` class and
OpenSpiel registers each game's type once. Every layer above the core asks the kind and never
the game's name: how many seats a table takes, which computer levels it offers, how a match is
dealt from a table's settings, what the ledger round it fills in records, how a program sees a
seat and sends a move, how a computer moves, and what a person's move also keeps for the
review. The registered kinds are in ``caddie.core.games``.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from caddie.core.courses.course import Course
from caddie.core.game import Event, Game, IllegalAction
from caddie.core.table import Table

__all__ = ["GameKind", "LEVEL_NAMES", "kind_of_move", "seats_after"]

GameT = TypeVar("GameT", bound=Game[Any, Any])

LEVEL_NAMES = {"beginner": "Beginner", "steady": "Steady", "caddie": "Caddie"}  # what people read for each level


class GameKind(Generic[GameT]):
    """One game. A kind holds no state: one instance each, registered in ``caddie.core.games``."""

    name: ClassVar[str]  # "grid" or "clubs": in stored rows, addresses and the API
    title: ClassVar[str]  # in sentences: "Grid Golf"
    engine: ClassVar[type[Game[Any, Any]]]
    seats: ClassVar[tuple[int, int]]  # fewest and most seats at a table
    levels: ClassVar[tuple[str, ...]] = ("beginner", "steady", "caddie")  # the computer levels people choose from
    uses_course: ClassVar[bool] = False  # whether a round of it is played on a course
    reviews: ClassVar[bool] = False  # whether a solo match reviews the person's decisions (person_move, reviewed)
    loss_unit: ClassVar[str] = "points"  # what a review's loss is counted in
    loss_basis: ClassVar[str] = (  # how a review's costs are worked out, in a sentence for the person reviewed
        "Each cost is the points, on average, a choice gave away to the other players (your hole score minus "
        "their average), as the caddie plays each choice out over the same deals of the cards you could not see."
    )
    # Where the rules of a match come from the house settings alone, what they are, in words; None
    # where a match may set its own (Grid Golf's preset and rules fields).
    settings_rules: ClassVar[str | None] = None

    # -- a table's settings and the deal --------------------------------------------------------
    def check_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        """The settings in their stored form; ``CaddieError`` if they cannot deal a match."""
        raise NotImplementedError

    def settings_for(self, table: Table, holes: int | None, course: Course | None = None) -> dict[str, Any]:
        """A match's settings from the house settings, the holes chosen (``None``: as the house
        settings or the course say) and, for a game played on one (``uses_course``), the course;
        ``CaddieError`` when they will not do."""
        raise NotImplementedError

    def deal(self, settings: Mapping[str, Any], names: list[str], seed: int) -> GameT:
        """Hole 1 of a match with these (checked) settings."""
        raise NotImplementedError

    def holes(self, settings: Mapping[str, Any]) -> int:
        raise NotImplementedError

    def course(self, settings: Mapping[str, Any]) -> Course | None:
        """The course the match is played on, for a game played on one."""
        return None

    def ledger_table(self, settings: Mapping[str, Any], players: int) -> Table:
        """The house settings the match's ledger round records."""
        raise NotImplementedError

    # -- the rules in words ------------------------------------------------------------------------
    def rules_chip(self, table: Table) -> str:
        """The rules in force in a few words, for the header's chip ("Six cards · K=10 · 2s −2")."""
        raise NotImplementedError

    def rules_of(self, table: Table) -> dict[str, Any]:
        """The part of the house settings this game plays by, as plain JSON."""
        raise NotImplementedError

    def compares_within(self, stored: Mapping[str, Any]) -> str:
        """Which rounds of this game a round's scores compare with, in a few words ("Six cards"),
        read from the house settings the round was dealt under as stored (``Table.to_dict``): a
        person's averages, bests and records keep rounds of another kind apart (docs/people.md).
        Empty where every round of the game compares. Read for every round a people's page counts,
        so it reads the one setting it needs, not the whole table."""
        return ""

    # -- a program at a table (``docs/live-tables.md``) -------------------------------------------------
    def program_view(self, game: GameT, seat: int) -> dict[str, Any]:
        """``seat``'s view in the shape of this game's caddie request."""
        raise NotImplementedError

    def onlooker_view(self, game: GameT) -> dict[str, Any]:
        """What someone watching sees: every seat as the others see it."""
        raise NotImplementedError

    def program_actions(self, game: GameT, seat: int, data: Mapping[str, Any]) -> list[Any]:
        """A program's move (the caddie's answer shape) as the engine's actions, in order.
        ``IllegalAction`` when it is not a move of this game."""
        raise NotImplementedError

    def phase(self, game: GameT) -> str:
        """The phase as the API names it: ``flip``, ``turn``, ``hole_over`` or ``over``."""
        if game.is_over:
            return "over"
        return game.phase if game.phase in ("flip", "hole_over") else "turn"

    # -- the record (``docs/records.md``) ---------------------------------------------------------------
    def hole_record(self, game: GameT) -> dict[str, Any] | None:
        """The record of the hole that has just ended, as everyone at the table may know it: who
        played first and the order, what the deal showed (``start``), every move in order in the
        shape a program sends it (``program_actions`` takes each back), with the cards it showed
        and what happened in words (and ``stand_in`` where a computer made it for the seat's
        person), what the hole's end showed (``end``) and the hole's scores.
        ``None`` while a hole is being played, and for a hole begun before records were kept."""
        kept = game.this_hole
        if kept is None or game.current is not None or len(game.hole_scores) != kept["hole"]:
            return None
        events = kept["events"]
        end = self.hole_end(game)
        ending = [event for event in events if event["seat"] is None]
        if ending:
            end["text"] = ending[-1]["text"]
        return {
            "hole": kept["hole"],
            "first": kept["order"][0],
            "order": list(kept["order"]),
            "start": dict(kept["start"]),
            "moves": self.record_moves(game, [event for event in events if event["seat"] is not None]),
            "end": end,
            "scores": list(game.hole_scores[-1]),
        }

    def record_moves(self, game: GameT, events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        """A hole's moves from its events (``Event.to_dict`` each, in order): ``{"seat", "action",
        "cards", "text"}``, the action as a program sends it, one move where the engine took more
        than one action (a take and its swap), the cards it showed and its words those of its
        last action."""
        raise NotImplementedError

    def hole_end(self, game: GameT) -> dict[str, Any]:
        """What a hole's end showed everyone, beyond its scores (Grid Golf: every grid)."""
        return {}

    def replayed(
        self,
        settings: Mapping[str, Any],
        names: list[str],
        seed: int,
        holes: Sequence[Mapping[str, Any]],
        people: Sequence[int],
    ) -> GameT:
        """The match played again from its deal through the records of ``holes`` (every hole so
        far, in order): the game as the last of them ended, with the decisions of the seats in
        ``people`` on that hole kept for its review (``person_move``), as if they had been kept as
        it was played. ``IllegalAction`` where a record does not play (not this match's)."""
        game: GameT = self.deal(settings, names, seed)
        for number, hole in enumerate(holes, start=1):
            if number > 1:
                game.next_hole()
            last = number == len(holes)
            for index, move in enumerate(hole["moves"]):
                seat = move["seat"]
                for action in self.program_actions(game, seat, move["action"]):
                    # a person's decision, each its own random source as a Hint has; a move a
                    # computer made for them (``stand_in``) is not theirs to be judged on
                    if last and seat in people and not move.get("stand_in"):
                        self.person_move(game, action, seat, f"review:{seed}:{number}:{index}")
                    else:
                        game.apply(action, seat)
        return game

    def review_some(self, game: GameT, seconds: float) -> GameT:
        """``game`` (whose hole is over) with about ``seconds`` more of its hole's review worked out;
        once it is all worked out, ``hole_review`` gives it. Heavy: run in the helper process, a
        slice at a time, so that other heavy work waits for one slice at most."""
        return game

    def replay_frames(self, settings: Mapping[str, Any], record: Mapping[str, Any]) -> list[dict[str, Any]]:
        """The table as everyone saw it at the deal, after each move of the hole ``record`` tells,
        and at its end (each game's ``replay`` module says what a frame holds): from the record
        alone, so a replay shows nothing the hole did not show."""
        raise NotImplementedError

    def seat_frames(
        self, frames: list[dict[str, Any]], record: Mapping[str, Any], seats: Sequence[int]
    ) -> list[dict[str, Any]]:
        """``frames`` (``replay_frames``) as the seats in ``seats`` saw them: what one of them alone
        knew at a frame added, for that seat's own replay only (default: nothing)."""
        return frames

    def move_words(self, settings: Mapping[str, Any], frame: Mapping[str, Any], action: Mapping[str, Any]) -> str:
        """A move as a program sends it, in words, as a choice at ``frame`` (a replay's frame, as the
        seat making it saw it): what practice puts to a person (docs/records.md, "Practice")."""
        raise NotImplementedError

    def hole_review(self, game: GameT) -> list[dict[str, Any]] | None:
        """The Caddie's verdict on each person's decision of the hole that has just ended, once
        ``reviewed`` has worked it out: ``{"hole", "seat", "move", "played", "best", "loss", "did",
        "caddie"}`` each, ``move`` the index of the record's move, ``played`` and ``best`` as a program
        sends a move. ``None`` where there is none (a game that reviews nothing)."""
        return None

    def verdict_seen(self, verdict: Mapping[str, Any], seats: Sequence[int]) -> dict[str, Any]:
        """A verdict of ``hole_review`` as someone holding ``seats`` may have it (nobody's: an
        onlooker, a share link, a record file): what names a card another seat alone saw is left
        out (default: the verdict whole)."""
        return dict(verdict)

    # -- computers and people ------------------------------------------------------------------------
    def decision_view(self, game: GameT, seat: int) -> Mapping[str, Any]:
        """What a computer at ``seat`` decides from: that seat's view, without the event log."""
        view: Mapping[str, Any] = game.view(seat, events=False)
        return view

    def choose(self, view: Any, level: str, rng: random.Random) -> Any:
        """The move a computer at ``level`` makes from ``view`` (``decision_view``). Heavy: the
        store runs it in the helper process (``caddie.offload``), so it takes and gives plain values."""
        raise NotImplementedError

    def computer_move(self, game: GameT, seat: int, level: str, rng: random.Random) -> Any:
        """The move the computer at ``seat`` makes, here and now (the benches and tests)."""
        return self.choose(self.decision_view(game, seat), level, rng)

    def person_move(self, game: GameT, action: Any, seat: int, seed: str) -> Event[Any]:
        """Apply a person's move (``IllegalAction`` changes nothing), keeping what the hole's
        review needs; ``seed``: the random source the Hint used for this decision."""
        return game.apply(action, seat)

    def review_pending(self, game: GameT, by_person: bool) -> bool:
        """Whether ``reviewed`` has work to do now, after a person's move (``by_person``) or a
        computer's (cheap to ask, after every move)."""
        return False

    def reviewed(self, game: GameT) -> GameT:
        """``game`` with its review brought up to date (the person's decisions judged). Heavy:
        run in the helper process, so it gives the game back rather than changing it in place."""
        return game


def seats_after(order: Sequence[int], seat: int) -> list[int]:
    """The other seats in playing order, from the one after ``seat``: the order the caddie's
    request lists opponents in.

    >>> seats_after([2, 0, 1, 3], 0)
    [1, 3, 2]
    """
    at = list(order).index(seat)
    return [*order[at + 1 :], *order[:at]]


def kind_of_move(data: Mapping[str, Any]) -> str:
    """The ``"action"`` a program's move names (``IllegalAction`` when it names none)."""
    if not isinstance(data, Mapping) or not isinstance(data.get("action"), str):
        raise IllegalAction('A move is an object with an "action", as the caddie answers.', "action")
    return str(data["action"])
