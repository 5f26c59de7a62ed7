"""The Club Cards caddie's walkthrough state, carried in the URL.

``course`` (a course key), ``hole`` (1-based), ``hand`` (the yardages held,
longest first), ``turned`` (cards turned from the pile on this hole, when the
hand is short), ``scores`` (this player's score on each hole so far). The
person's selection of cards to play rides along as ``pick`` (with ``picked=1``
once they changed the caddie's), read by the view.

``log`` keeps each hole the person chose a play on: the hole, the hand it was chosen from and
the cards played (``"3:250-245-...-4:245-160"``, "~" between holes), so that the round's plays
can be reviewed at its end (``round_plays``; docs/caddie.md, "Your hand, reviewed"). A hole
played with a hand short of it had no choice: it is not logged.

A URL is the person's to edit, so reading one never fails: what does not make
sense is dropped and named in ``problems``.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from caddie.core.clubs.caddie import Advice, advise_hole
from caddie.core.clubs.scoring import HAND_SIZE, ClubRules, score_club_hole
from caddie.core.courses.course import Course
from caddie.core.errors import CaddieError
from caddie.core.ledger import SCORE_RANGE

CLUB_LOW, CLUB_HIGH = SCORE_RANGE["clubs"]  # what a Club Cards hole can score
_LOGGED_HOLE = re.compile(r"([0-9]{1,2}):([0-9]{1,3}(?:-[0-9]{1,3}){0,20}):([0-9]{1,3}(?:-[0-9]{1,3}){0,20})")


def _numbers(text: str | None, limit: int) -> list[int]:
    """``"250,160,3"`` as ints; anything else stops the list."""
    out = []
    for part in (text or "").split(",")[:limit]:
        part = part.strip()
        if not part.isdecimal() or len(part) > 4:
            break
        out.append(int(part))
    return out


@dataclass(frozen=True)
class ClubWalk:
    course_key: str | None = None
    hole: int = 1
    hand: tuple[int, ...] = ()
    turned: tuple[int, ...] = ()
    scores: tuple[int, ...] = ()
    log: tuple[str, ...] = ()  # the holes a play was chosen on (the module's doc)
    problems: tuple[str, ...] = field(default=(), compare=False)

    # -- reading and writing the URL -------------------------------------------------
    @classmethod
    def from_args(cls, args: Mapping[str, str], course: Course | None, rules: ClubRules, decks: int) -> ClubWalk:
        problems: list[str] = []
        if course is None:
            return cls()
        hole_text = args.get("hole", "1")
        hole = (
            int(hole_text)
            if str(hole_text).isdecimal() and len(str(hole_text)) <= 3 and 1 <= int(hole_text) <= len(course.holes) + 1
            else 1
        )
        hand = _numbers(args.get("hand"), HAND_SIZE)
        allowed = Counter({card: n * decks for card, n in rules.copies().items()})
        kept: list[int] = []
        for card in hand:
            if allowed[card] <= 0:
                problems.append(
                    f"The {card}-yard card is not in the deck in use (or not that often), so it was left out."
                )
                continue
            allowed[card] -= 1
            kept.append(card)
        turned = [c for c in _numbers(args.get("turned"), 20) if c in allowed]
        scores = [s for s in _numbers(args.get("scores"), len(course.holes)) if CLUB_LOW <= s <= CLUB_HIGH]
        scores = scores[: hole - 1]
        entries = tuple((args.get("log") or "").split("~")) if args.get("log") else ()
        log = entries if len(entries) < hole and all(_LOGGED_HOLE.fullmatch(e) for e in entries) else ()
        return cls(
            args.get("course"),
            hole,
            tuple(sorted(kept, reverse=True)),
            tuple(turned),
            tuple(scores),
            log,
            tuple(problems),
        )

    def to_args(self) -> dict[str, str]:
        """The query arguments of this state (the selection is not part of it)."""
        if self.course_key is None:
            return {}
        args = {"course": self.course_key, "hole": str(self.hole)}
        for name, values in (("hand", self.hand), ("turned", self.turned), ("scores", self.scores)):
            if values:
                args[name] = ",".join(map(str, values))
        if self.log:
            args["log"] = "~".join(self.log)
        return args

    # -- what the walkthrough asks for now ---------------------------------------------------
    def step(self, course: Course) -> str:
        """``deal`` (tapping in the first hand), ``draw`` (tapping in the cards drawn after a hole),
        ``play`` (choose and play), ``short`` (the whole hand is short: tap the cards turned from
        the pile), or ``done`` (the round is over)."""
        if self.hole > len(course.holes):
            return "done"
        if len(self.hand) < HAND_SIZE:
            return "deal" if not self.scores else "draw"
        if sum(self.hand) < course.holes[self.hole - 1].yardage:
            return "short"
        return "play"

    # -- changing it ----------------------------------------------------------------------------
    def add(self, card: int, course: Course, rules: ClubRules, decks: int) -> ClubWalk:
        """A card tapped on the keypad: into the hand, or turned from the pile when the hand is short."""
        step = self.step(course)
        if step in ("deal", "draw"):
            held = Counter(self.hand)[card]
            if card not in rules.copies():
                raise CaddieError(f"There is no {card}-yard card in the deck in use.", "card_keys")
            if held >= rules.copies()[card] * decks:
                deck_words = "one deck holds" if decks == 1 else f"{decks} decks hold"
                raise CaddieError(
                    f"You already hold every {card}: {deck_words} it only "
                    f"{rules.copies()[card] * decks} time{'s' if rules.copies()[card] * decks > 1 else ''}.",
                    "card_keys",
                )
            return replace(self, hand=tuple(sorted(self.hand + (card,), reverse=True)))
        if step == "short":
            if sum(self.hand) + sum(self.turned) >= course.holes[self.hole - 1].yardage:
                raise CaddieError("You have reached the hole already: tap Hole done.", "card_keys")
            if card not in rules.copies():
                raise CaddieError(f"There is no {card}-yard card in the deck in use.", "card_keys")
            seen = Counter(self.hand + self.turned)[card]
            if seen >= rules.copies()[card] * decks:
                raise CaddieError(
                    f"Every {card}-yard card the deck{'s' if decks > 1 else ''} hold{'' if decks > 1 else 's'} "
                    "is in your hand or turned already: tap the card you turned.",
                    "card_keys",
                )
            return replace(self, turned=self.turned + (card,))
        raise CaddieError("Your hand is full: choose the cards to play.", "card_keys")

    def remove(self, index: int) -> ClubWalk:
        if 0 <= index < len(self.hand):
            return replace(self, hand=self.hand[:index] + self.hand[index + 1 :])
        return self

    def unturn(self) -> ClubWalk:
        return replace(self, turned=self.turned[:-1])

    def play(self, cards: list[int], course: Course, rules: ClubRules, decks: int) -> ClubWalk:
        """Play ``cards`` on this hole (the whole hand and the turned cards when short) and move on."""
        step = self.step(course)
        yardage = course.holes[self.hole - 1].yardage
        if step == "short":
            cards = list(self.hand) + list(self.turned)
            if sum(cards) < yardage:
                raise CaddieError(
                    f"Your hand and the cards turned reach {sum(cards)} of {yardage} yards: tap "
                    "the next card you turn from the pile.",
                    "card_keys",
                )
            left: list[int] = []
        elif step == "play":
            left_counts = Counter(self.hand)
            left_counts.subtract(cards)
            if not cards:
                raise CaddieError("Tap the cards you played first.", "pick")
            if min(left_counts.values()) < 0:
                raise CaddieError("Those are not all cards of your hand.", "pick")
            if sum(cards) < yardage:
                raise CaddieError(
                    f"These cards reach {sum(cards)} yards, {yardage - sum(cards)} short of the "
                    f"hole's {yardage}: choose cards that reach it.",
                    "pick",
                )
            left = sorted(left_counts.elements(), reverse=True)
        else:
            raise CaddieError("There is nothing to play yet.", "pick")
        result = score_club_hole(yardage, cards, rules, decks)
        log = self.log
        if step == "play":
            log += (f"{self.hole}:{'-'.join(map(str, self.hand))}:{'-'.join(map(str, sorted(cards, reverse=True)))}",)
        return replace(
            self, hole=self.hole + 1, hand=tuple(left), turned=(), scores=self.scores + (result.score,), log=log
        )

    def tap(
        self,
        args: Mapping[str, str],
        course: Course,
        rules: ClubRules,
        decks: int,
        picks: list[int],
        advised: Callable[[], list[int]],
    ) -> ClubWalk:
        """The walk after one tap (``args``: the page's query): a card added to the hand or taken
        out, a turned card taken back, or the hole's play (``picks``, the cards ticked, when the
        person changed the selection; else the caddie's play, ``advised()``, asked only then)."""
        added, removed = args.get("add", ""), args.get("remove", "")
        if added.isdecimal() and len(added) <= 4:
            return self.add(int(added), course, rules, decks)
        if removed.isdecimal() and len(removed) <= 4:
            return self.remove(int(removed))
        if args.get("unturn"):
            return self.unturn()
        if args.get("played"):
            return self.play(picks if args.get("picked") else advised(), course, rules, decks)
        return self


def walk_advice(hand: tuple[int, ...], yardage: int, upcoming: tuple[int, ...], rules: ClubRules, decks: int) -> Advice:
    """The walkthrough's Caddie: its play for ``hand`` (longest first) on a hole of ``yardage``
    with ``upcoming`` to come. The same question always gets the same answer, so the round's
    review says what the walkthrough said. Heavy: the page runs it in the helper process."""
    seed = f"caddie-clubs/{rules.to_dict()}/{decks}/{hand}/{yardage}/{upcoming}"
    return advise_hole(list(hand), yardage, list(upcoming), rules, decks, random.Random(seed))


def round_plays(walk: ClubWalk, course: Course, rules: ClubRules, decks: int) -> list[dict[str, Any]]:
    """The plays ``walk``'s log kept, each ``{"hole", "hand", "played", "yardage", "upcoming"}``,
    checked against the round: each hole one the walk played, in order, its hand one the decks can
    deal, its play from that hand reaching the hole and scoring what the walk's scorecard says.
    ``CaddieError`` (``NOT_KEPT``) for a log that does not fit it (an edited address)."""
    plays: list[dict[str, Any]] = []
    copies = Counter({card: n * decks for card, n in rules.copies().items()})
    first = walk.hole - len(walk.scores)  # the hole the walk began on
    last = 0
    for entry in walk.log:
        found = _LOGGED_HOLE.fullmatch(entry)
        if found is None:
            raise CaddieError(NOT_KEPT, "log")
        hole = int(found.group(1))
        hand = [int(card) for card in found.group(2).split("-")]
        played = [int(card) for card in found.group(3).split("-")]
        if not (first <= hole < walk.hole and hole > last) or len(hand) != HAND_SIZE or Counter(hand) - copies:
            raise CaddieError(NOT_KEPT, "log")
        yardage = course.holes[hole - 1].yardage
        if Counter(played) - Counter(hand) or sum(played) < yardage:
            raise CaddieError(NOT_KEPT, "log")
        if score_club_hole(yardage, played, rules, decks).score != walk.scores[hole - first]:
            raise CaddieError(NOT_KEPT, "log")
        upcoming = [h.yardage for h in course.holes[hole:]]
        plays.append({"hole": hole, "hand": hand, "played": played, "yardage": yardage, "upcoming": upcoming})
        last = hole
    return plays


NOT_KEPT = "This round's plays were not all kept (it was begun before they were): it cannot be reviewed."
