"""Club Cards, described once (``caddie.core.games.kind``): its seats, its settings (a course, the
table's deck and chart) and deal, its ledger round, a program's view and moves, and its computers."""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from caddie.core.clubs import replay
from caddie.core.clubs.game import NEXT, ClubAction, ClubRound, in_strokes, listed
from caddie.core.clubs.opponents import choose_play
from caddie.core.clubs.review import judge, seen_by_others
from caddie.core.clubs.scoring import ClubRules
from caddie.core.clubs.solver import score_cards
from caddie.core.courses.course import Course
from caddie.core.errors import CaddieError, quoted
from caddie.core.game import Event, IllegalAction
from caddie.core.games.kind import GameKind, kind_of_move
from caddie.core.table import Table
from caddie.core.verdicts import mark_of

__all__ = ["CLUB_CARDS", "ClubCards"]


class ClubCards(GameKind[ClubRound]):
    name = "clubs"
    title = "Club Cards"
    engine = ClubRound
    seats = (2, 4)  # one deck for two players, two for three or four (docs/club-cards.md)
    uses_course = True
    reviews = True
    loss_unit = "strokes"
    loss_basis = (
        "Each cost is the strokes, on average, a play gave away over this hole and the holes to come, "
        "as the caddie plays both out over the same draws of the cards you could not see."
    )
    settings_rules = "the table's deck and Penalty Stroke Chart from Settings"

    # -- settings and the deal -----------------------------------------------------------------
    def check_settings(self, settings: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(settings, Mapping) or not isinstance(settings.get("course"), Mapping):
            raise CaddieError("A Club Cards table needs a course.", "course")
        return {
            "course": Course.from_dict(settings["course"]).to_dict(),
            "clubs": ClubRules.from_dict(settings.get("clubs")).to_dict(),
        }

    def settings_for(self, table: Table, holes: int | None, course: Course | None = None) -> dict[str, Any]:
        if course is None:
            raise CaddieError("Choose a course for a Club Cards table.", "course")
        holes = len(course.holes) if holes is None else holes
        if holes > len(course.holes):
            raise CaddieError(
                f"{course.name} has only {len(course.holes)} holes; choose 9 holes or another course.", "holes"
            )
        front = replace(course, holes=course.holes[:holes])  # the front nine of eighteen
        return self.check_settings({"course": front.to_dict(), "clubs": table.clubs.to_dict()})

    def deal(self, settings: Mapping[str, Any], names: list[str], seed: int) -> ClubRound:
        return ClubRound.new(
            Course.from_dict(settings["course"]), names, seed, ClubRules.from_dict(settings.get("clubs"))
        )

    def holes(self, settings: Mapping[str, Any]) -> int:
        return len(settings["course"]["holes"])

    def course(self, settings: Mapping[str, Any]) -> Course | None:
        return Course.from_dict(settings["course"])

    def ledger_table(self, settings: Mapping[str, Any], players: int) -> Table:
        # the ledger counts the decks from the players at this table, not the Settings default
        return Table(clubs=ClubRules.from_dict(settings.get("clubs")), players=players)

    def rules_chip(self, table: Table) -> str:
        return table.clubs.describe()

    def rules_of(self, table: Table) -> dict[str, Any]:
        return table.clubs.to_dict()

    # -- a program at a table ----------------------------------------------------------------------
    def program_view(self, game: ClubRound, seat: int) -> dict[str, Any]:
        view = game.view(seat, events=False)
        return {
            "yardage": view["yardage"],
            "hand": list(view["hand"] or []),
            "upcoming": [h["yardage"] for h in view["course"]["holes"][view["hole"] :]],
            "decks": view["decks"],
        }

    def onlooker_view(self, game: ClubRound) -> dict[str, Any]:
        view = game.view(None, events=False)
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

    def program_actions(self, game: ClubRound, seat: int, data: Mapping[str, Any]) -> list[Any]:
        if isinstance(data, Mapping) and "action" not in data and isinstance(data.get("play"), list):
            # the caddie's answer, {"play": [...], ...}, taken as it comes
            return [ClubAction.play(data["play"])]
        kind = kind_of_move(data)
        if kind == "next_hole":
            return [NEXT]
        if kind == "play":
            cards = data.get("cards")
            if not isinstance(cards, list):
                raise IllegalAction('A play names its "cards": a list of yardages from your hand.', "cards")
            return [ClubAction.play(cards)]
        raise IllegalAction(f"{quoted(kind)} is not a Club Cards move; the moves are play and next_hole.", "action")

    def record_moves(self, game: ClubRound, events: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
        # a play's cards are those from the hand; the event's add any turned from the pile
        return [
            {
                "seat": event["seat"],
                "action": {"action": "play", "cards": list(event["action"]["cards"])},
                "cards": list(event["cards"]),
                "text": event["text"],
                **({"stand_in": True} if event.get("stand_in") else {}),
            }
            for event in events
        ]

    def replay_frames(self, settings: Mapping[str, Any], record: Mapping[str, Any]) -> list[dict[str, Any]]:
        return replay.frames(record, ClubRules.from_dict(settings.get("clubs")))

    def move_words(self, settings: Mapping[str, Any], frame: Mapping[str, Any], action: Mapping[str, Any]) -> str:
        cards = sorted(action["cards"], reverse=True)
        score = score_cards(cards, frame["yardage"], ClubRules.from_dict(settings.get("clubs")))
        return f"Play {listed(cards)}: {sum(cards)} yards, {in_strokes(score)} here"

    def hole_review(self, game: ClubRound) -> list[dict[str, Any]] | None:
        review = game.review
        if not review or review.get("hole") != game.hole:
            return None
        return [{**verdict, "mark": mark_of(verdict["loss"])} for verdict in review["verdicts"]]

    def verdict_seen(self, verdict: Mapping[str, Any], seats: Sequence[int]) -> dict[str, Any]:
        # the Caddie's play names cards of a hand only its seat sees
        return dict(verdict) if verdict["seat"] in seats else seen_by_others(verdict)

    def phase(self, game: ClubRound) -> str:
        return "over" if game.is_over else ("hole_over" if game.phase == "hole_over" else "turn")

    # -- computers and people --------------------------------------------------------------------------
    def choose(self, view: Any, level: str, rng: random.Random) -> ClubAction:
        return choose_play(view, level, rng)

    def person_move(self, game: ClubRound, action: ClubAction, seat: int, seed: str) -> Event[ClubAction]:
        return game.apply_recorded(action, seat, seed)

    def review_pending(self, game: ClubRound, by_person: bool) -> bool:
        # a play is judged as soon as it is made, so that the hole's end waits for none
        return any("verdict" not in decision for decision in game.decisions) or (
            bool(game.decisions) and game.phase in OVER and game.review is None
        )

    def reviewed(self, game: ClubRound) -> ClubRound:
        """Every play judged; once the hole is over, the verdicts kept as its review (``{"hole",
        "verdicts"}``) instead of the plays."""
        return self._judged(game, None)

    def review_some(self, game: ClubRound, seconds: float) -> ClubRound:
        if game.phase not in OVER or game.review is not None:
            return game
        return self._judged(game, time.monotonic() + seconds)

    def _judged(self, game: ClubRound, until: float | None) -> ClubRound:
        decisions = [dict(decision) for decision in game.decisions]
        judged = 0
        for decision in decisions:
            if "verdict" not in decision:
                if until is not None and judged and time.monotonic() >= until:  # one play a slice, at least
                    return replace(game, decisions=decisions)
                judged += 1
                verdict = judge(decision["view"], decision["cards"], decision["seed"] or "")
                decision["verdict"] = {"hole": decision["view"]["hole"], "move": decision["move"], **verdict}
        if game.phase in OVER and decisions:
            verdicts = [decision["verdict"] for decision in decisions]
            return replace(game, review={"hole": game.hole, "verdicts": verdicts}, decisions=[])
        return replace(game, decisions=decisions)


OVER = ("hole_over", "round_over")


CLUB_CARDS = ClubCards()
