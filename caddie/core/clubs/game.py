"""A Club Cards round, played out hole by hole (docs/club-cards.md, "Playing a round").

Pure and deterministic: no web, no database, no clock. The same seed and the
same plays always give the same round. The web layer can keep a ``ClubRound``
as JSON (``to_dict`` / ``ClubRound.from_dict``) and feed it the players'
plays; a computer player decides from ``view(seat)`` alone. Like Grid Golf's
match it is a ``caddie.core.game.Game``: ``current`` is the seat to play,
``legal_actions()`` what it may play, ``apply(action, seat)`` does it (or
raises ``IllegalAction`` and changes nothing), ``view(seat)`` is that player's
information state.

>>> from caddie.core.courses.course import SAMPLE_COURSES
>>> r = ClubRound.new(SAMPLE_COURSES["cedar-nine"], ["Ann", "Bo"], seed=3)
>>> r.phase, r.current, r.yardage, len(r.hands[0]), len(r.pile)
('play', 0, 310, 14, 23)
>>> sorted(r.view(0)) == sorted(VIEW_KEYS), r.view(0)["pile_count"], "pile" in r.view(0)
(True, 23, False)
>>> r.apply(ClubAction.play([999]), seat=1)
Traceback (most recent call last):
...
caddie.core.game.IllegalAction: It is Ann's turn, not yours.
>>> r = play_round(SAMPLE_COURSES["cedar-nine"], [greedy, greedy], seed=3)
>>> r.phase, len(r.hole_scores), r.totals == [sum(s[i] for s in r.hole_scores) for i in (0, 1)]
('round_over', 9, True)

Choices the rules (docs/club-cards.md, "Playing a round") leave open (also in docs/decisions.md):

* Seats are the indices of ``names``; hole 1 is played in seat order. After
  each hole the lowest score plays first on the next, ties keeping the
  previous order, and players draw back to 14 in that same order.
* The deal goes round the table one card at a time in seat order. Every
  shuffle is ``caddie.core.shuffle.shuffle``, keyed by the round's secret seed
  and a label: the decks (``ClubRules.decks_for(players)``) are shuffled for
  the deal under ``club-cards/0``, the ``k``-th refill of the pile from the
  discard pile (sorted, then shuffled) under ``club-cards/k``. The cards a
  player sees tell nothing about the seed or the pile (docs/information-sets.md,
  "The deal").
* A play is any cards of the hand that reach the yardage, or the whole hand
  when even that is short: then cards are turned from the pile, one stroke
  each, until the total reaches the yardage.
* The cards played on a hole stay on the table until the hole is over, then
  go onto the discard pile in playing order, and players draw back to 14
  (not after the last hole). If the pile is empty the discard pile is
  shuffled into a new pile; if that is empty too while a short hand is still
  turning cards, the cards already played on this hole by the players who
  have finished it are shuffled into the pile instead.
* A round is refused when the decks are too short for the course: whatever
  the other hands hold, a player must be able to reach every hole.
* Everyone sees every card played or turned and the communal discard pile
  (it lies face up); the pile is only a count; a hand and the cards drawn
  into it are shown only to its owner.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from caddie.core.clubs.scoring import HAND_SIZE, ClubRules
from caddie.core.clubs.solver import solve
from caddie.core.clubs.view import ClubPlayerView, ClubView
from caddie.core.courses.course import Course
from caddie.core.errors import CaddieError, quoted
from caddie.core.game import Event, Game, IllegalAction, clean_names, plain_json
from caddie.core.shuffle import shuffle
from caddie.core.words import says, whose, you_or

__all__ = [
    "ClubAction",
    "ClubRound",
    "Event",
    "IllegalAction",
    "Strategy",
    "NEXT",
    "KINDS",
    "PHASES",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "VIEW_KEYS",
    "greedy",
    "in_strokes",
    "listed",
    "play_round",
    "unseen_cards",
]

MIN_PLAYERS, MAX_PLAYERS = 1, 8
LOG_SIZE = 30  # events kept per round
VIEW_EVENTS = 12  # the latest events a view shows
KINDS = ("play", "next")
PHASES = ("play", "hole_over", "round_over")
VIEW_KEYS = (
    "seat",
    "you",
    "course",
    "rules",
    "decks",
    "hole",
    "holes",
    "yardage",
    "par",
    "phase",
    "current",
    "order",
    "hand",
    "drawn",
    "players",
    "pile_count",
    "discard",
    "hole_scores",
    "totals",
    "events",
)


@dataclass(frozen=True)
class ClubAction:
    """``play`` (with the cards from the hand, any order) or ``next`` (start the next hole).

    >>> ClubAction.play([3, 250, 160]), ClubAction.from_dict({"kind": "next"}) == NEXT
    (ClubAction(kind='play', cards=(250, 160, 3)), True)
    >>> ClubAction("play")
    Traceback (most recent call last):
    ...
    caddie.core.game.IllegalAction: Say which cards you play.
    """

    kind: str
    cards: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.kind, str) or self.kind not in KINDS:
            raise IllegalAction(f"{quoted(self.kind)} is not an action; the actions are play and next.", "kind")
        if not isinstance(self.cards, tuple):
            raise IllegalAction("The cards played are a list of yardages.", "cards")
        if self.kind == "play":
            if not self.cards:
                raise IllegalAction("Say which cards you play.", "cards")
            for card in self.cards:
                if type(card) is not int:
                    raise IllegalAction(f"{quoted(card)} is not a yardage card.", "cards")
            object.__setattr__(self, "cards", tuple(sorted(self.cards, reverse=True)))
        elif self.cards:
            raise IllegalAction("Starting the next hole takes no cards.", "cards")

    @classmethod
    def play(cls, cards: Sequence[int]) -> ClubAction:
        if not isinstance(cards, (list, tuple)):
            raise IllegalAction("The cards played are a list of yardages.", "cards")
        return cls("play", tuple(cards))

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "cards": list(self.cards)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> ClubAction:
        if not isinstance(data, Mapping) or "kind" not in data:
            raise IllegalAction('An action is an object with a "kind" and, for a play, its "cards".', "action")
        cards = data.get("cards") or ()
        if not isinstance(cards, (list, tuple)):
            raise IllegalAction("The cards played are a list of yardages.", "cards")
        return cls(data["kind"], tuple(cards))


NEXT = ClubAction("next")


def listed(cards: Sequence[int]) -> str:
    """Cards in words.

    >>> listed([250]), listed([250, 160]), listed([250, 160, 3])
    ('250', '250 and 160', '250, 160 and 3')
    """
    words = [str(c) for c in cards]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


def in_strokes(n: int) -> str:
    """A number of strokes in words: "1 stroke", "3 strokes"."""
    return "1 stroke" if n == 1 else f"{n} strokes"


@dataclass
class ClubRound(Game[ClubAction, ClubView]):
    """A whole round: the course, the cards, whose turn it is, the scores.

    Build one with ``ClubRound.new``; change it only through ``apply``. The
    fields are public for tests and the web layer; a player is shown only
    ``view(seat)``.
    """

    rules: ClubRules
    course: Course
    hands: list[list[int]]  # per seat, longest first
    pile: list[int]  # the New Club Card Pile; its top card is the last one
    discard: list[int]  # the communal discard pile, oldest first
    played: list[list[int] | None]  # this hole, per seat: cards from the hand (None: still to play)
    turned: list[list[int]]  # this hole, per seat: cards turned from the pile
    scores: list[int | None]  # this hole, per seat: the score (None: still to play)
    drawn: list[list[int]]  # per seat: the cards drawn after the last hole
    refills: int = 0  # times the pile has been refilled
    decisions: list[dict[str, Any]] = field(default_factory=list)  # this hole's people's plays (apply_recorded)
    review: dict[str, Any] | None = None  # the review of the hole just finished, kept until the next hole

    WHAT: ClassVar[str] = "round"
    PHASES: ClassVar[tuple[str, ...]] = PHASES
    OVER_PHASE: ClassVar[str] = "round_over"
    LOG_SIZE: ClassVar[int] = LOG_SIZE
    VIEW_EVENTS: ClassVar[int] = VIEW_EVENTS
    CODECS: ClassVar[dict[str, tuple[Any, Any]]] = {
        "rules": (ClubRules.to_dict, ClubRules.from_dict),
        "course": (Course.to_dict, Course.from_dict),
        # rounds stored before plays were kept for the review have none
        "decisions": (plain_json, lambda stored: list(stored or [])),
    }

    # -- building -------------------------------------------------------------
    @classmethod
    def new(cls, course: Course, names: Sequence[str], seed: int, rules: ClubRules | None = None) -> ClubRound:
        """Deal 14 cards to each of ``names`` (1 to 8 players, in seat order)."""
        rules = rules or ClubRules()
        if not isinstance(rules, ClubRules):
            raise CaddieError("A round needs the table's Club Cards rules.", "rules")
        if not isinstance(course, Course):
            raise CaddieError("A Club Cards round needs a course.", "course")
        clean = clean_names(names, MIN_PLAYERS, MAX_PLAYERS, "round")
        if type(seed) is not int:
            raise CaddieError("The seed is a whole number.", "seed")
        n = len(clean)
        decks = rules.decks_for(n)
        cards = sorted(rules.deck * decks)
        if len(cards) < HAND_SIZE * n + 1:
            raise CaddieError(
                f"{decks} deck{'s' if decks > 1 else ''} of {len(rules.deck)} cards cannot deal "
                f"{HAND_SIZE} cards to {n} players.",
                "deck",
            )
        # whatever the other players hold, the rest must reach the longest hole
        reachable = sum(cards[: len(cards) - HAND_SIZE * (n - 1)])
        longest = max(h.yardage for h in course.holes)
        if reachable < longest:
            raise CaddieError(
                f"The decks are too short for this course: its {longest}-yard hole could be out of reach.", "course"
            )
        shuffle(cards, seed, "club-cards/0")
        hands: list[list[int]] = [[] for _ in range(n)]
        for _ in range(HAND_SIZE):
            for seat in range(n):
                hands[seat].append(cards.pop())
        for hand in hands:
            hand.sort(reverse=True)
        dealt = cls(
            rules=rules,
            course=course,
            names=clean,
            seed=seed,
            decks=decks,
            hole=1,
            order=list(range(n)),
            phase="play",
            hands=hands,
            pile=cards,
            discard=[],
            played=[None] * n,
            turned=[[] for _ in range(n)],
            scores=[None] * n,
            drawn=[[] for _ in range(n)],
        )
        dealt._begin_hole_record(dealt._hole_start())
        return dealt

    def _hole_start(self) -> dict[str, Any]:
        """What a hole's record starts with: its yardage and par (the hands are private)."""
        return {"yardage": self.yardage, "par": self.par}

    # -- reading ----------------------------------------------------------------
    @property
    def holes(self) -> int:
        return len(self.course.holes)

    @property
    def yardage(self) -> int:
        return self.course.holes[self.hole - 1].yardage

    @property
    def par(self) -> int:
        return self.course.holes[self.hole - 1].par

    def cards_in_play(self) -> Counter[int]:
        """Every card of the round, wherever it is: hands, table, pile, discard pile."""
        counts = Counter(self.pile) + Counter(self.discard)
        for seat in range(self.players):
            counts.update(self.hands[seat])
            counts.update(self.played[seat] or ())
            counts.update(self.turned[seat])
        return counts

    def legal_actions(self) -> list[ClubAction]:
        """Every distinct play the seat to play may make (cards that reach the yardage, or the
        whole hand when it is short), ``[NEXT]`` between holes, ``[]`` at the end. There can be
        thousands: ``legal_kinds`` is the cheap question.

        >>> from caddie.core.courses.course import Course, Hole
        >>> r = ClubRound.new(Course("Tiny", "", tuple([Hole(40, 3)] * 9)), ["Ann"], seed=16)
        >>> plays = r.legal_actions()
        >>> len(plays), all(sum(p.cards) >= 40 for p in plays), ClubAction.play([45]) in plays, r.legal_kinds()
        (16356, True, True, ['play'])
        """
        if self.phase != "play":
            return [NEXT] if self.phase == "hole_over" else []
        hand = self.hands[self.order[self.actor]]
        if self.short(self.order[self.actor]):
            return [ClubAction.play(hand)]
        distinct = sorted(Counter(hand).items(), reverse=True)
        plays: list[ClubAction] = []

        def extend(i: int, chosen: list[int]) -> None:
            if i == len(distinct):
                if chosen and sum(chosen) >= self.yardage:
                    plays.append(ClubAction("play", tuple(chosen)))
                return
            card, copies = distinct[i]
            for n in range(copies + 1):
                extend(i + 1, chosen + [card] * n)

        extend(0, [])
        return plays

    def legal_kinds(self) -> list[str]:
        """``["play"]`` while a hole is played, ``["next"]`` between holes, ``[]`` at the end."""
        return {"play": ["play"], "hole_over": ["next"], "round_over": []}[self.phase]

    def redealt_unseen(self, seat: int | None, seed: int) -> ClubRound:
        game = self.from_dict(self.to_dict())  # a deep copy, its cards checked
        others = [s for s in range(game.players) if s != seat]
        unseen = [card for s in others for card in game.hands[s]] + game.pile
        shuffle(unseen, seed, "unseen")
        for s in others:
            game.hands[s] = sorted((unseen.pop() for _ in game.hands[s]), reverse=True)
            game.drawn[s] = game.hands[s][: len(game.drawn[s])]  # as many drawn, from the new hand
        game.pile = unseen
        return game

    def short(self, seat: int) -> bool:
        """Whether ``seat``'s whole hand is short of this hole (it must then play every card)."""
        return sum(self.hands[seat]) < self.yardage

    # -- acting -------------------------------------------------------------------
    def apply(self, action: ClubAction, seat: int) -> Event[ClubAction]:
        """Let ``seat`` do ``action``; raise ``IllegalAction`` (changing nothing) if it may not."""
        self._check(action, seat)
        if action.kind == "next":
            return self.next_hole()
        events = self._play(seat, action)
        for event in events:
            self._record(event)
        return events[0]

    def apply_recorded(self, action: ClubAction, seat: int, seed: str) -> Event[ClubAction]:
        """``apply``, keeping the play in this hole's ``decisions`` for the review: ``seat``'s view
        just before it (without the event log), the cards, ``seed`` (the random source the review
        decides that view with) and the index of the record's move it is. The next hole clears them."""
        before = self.view(seat, events=False)
        kept = self.this_hole["events"] if self.this_hole is not None else []
        move = sum(1 for event in kept if event.get("seat") is not None)
        event = self.apply(action, seat)
        if action.kind == "play":
            self.decisions.append({"view": before, "cards": list(action.cards), "seed": seed, "move": move})
        return event

    def _check(self, action: ClubAction, seat: int) -> None:
        if not isinstance(action, ClubAction):
            raise IllegalAction("That is not an action.", "action")
        if self._check_turn(action.kind, seat):
            return
        hand = Counter(self.hands[seat])
        for card, n in Counter(action.cards).items():
            if hand[card] < n:
                held = "no" if not hand[card] else ("only one" if hand[card] == 1 else f"only {hand[card]}")
                raise IllegalAction(f"You hold {held} {card}-yard card{'s' if hand[card] != 1 else ''}.", "cards")
        total = sum(action.cards)
        if total < self.yardage and len(action.cards) < len(self.hands[seat]):
            if self.short(seat):
                raise IllegalAction(
                    f"Your whole hand reaches only {sum(self.hands[seat])} of the hole's "
                    f"{self.yardage} yards: play every card, then turn cards from the pile.",
                    "cards",
                )
            raise IllegalAction(
                f"These cards reach {total} yards, {self.yardage - total} short of the hole's "
                f"{self.yardage}: play cards that reach it.",
                "cards",
            )

    def _play(self, seat: int, action: ClubAction) -> list[Event[ClubAction]]:
        cards = list(action.cards)
        hand = Counter(self.hands[seat])
        hand.subtract(cards)
        self.hands[seat] = sorted(hand.elements(), reverse=True)
        self.played[seat] = cards
        total, turned, refilled = sum(cards), [], []
        while total < self.yardage:
            if not self.pile:
                refilled.append(self._refill(during_hole=True))
            card = self.pile.pop()
            turned.append(card)
            total += card
        self.turned[seat] = turned
        strokes = len(cards) + len(turned)
        over = total - self.yardage
        penalty = self.rules.penalty(over)
        self.scores[seat] = strokes + penalty
        name = self.names[seat]
        if turned:
            text = (
                f"{whose(name)} whole hand reached only {sum(cards)} of {self.yardage} yards: "
                f"{you_or(name)} played all {len(cards)} cards and turned {listed(turned)} from the pile"
            )
        else:
            text = f"{name} played {listed(cards)}"
        where = "on the yardage" if over == 0 else f"{over} over"
        text += f" ({total} yards, {where}): {in_strokes(strokes)}"
        text += f" + {penalty} penalty = {strokes + penalty}." if penalty else "."
        text = "".join(refilled) + text
        events = [Event(seat, action, tuple(cards) + tuple(turned), text, self.hole)]
        self.actor += 1
        if self.actor == self.players:
            events.append(self._end_hole())
        return events

    def _refill(self, during_hole: bool = False) -> str:
        """Shuffle the discard pile into a new pile (or, in extremis, this hole's finished plays)."""
        self.refills += 1
        if self.discard or not during_hole:
            cards, self.discard = self.discard, []
            text = "The pile ran out: the discard pile was shuffled into a new pile. "
        else:
            # only while a short hand turns cards: the discard pile is empty too
            cards = []
            for seat in self.order[: self.actor]:
                cards += self.played[seat] or []
                cards += self.turned[seat]
                self.played[seat], self.turned[seat] = [], []
            text = (
                "The pile and the discard pile ran out: the cards played on this hole were shuffled into a new pile. "
            )
        if not cards:
            raise CaddieError("There are no cards left to turn.", "pile")  # new() rules this out
        self.pile = sorted(cards)
        shuffle(self.pile, self.seed, f"club-cards/{self.refills}")
        return text

    def _end_hole(self) -> Event[ClubAction]:
        scores: list[int] = []
        for score in self.scores:
            assert score is not None, "every seat has played the hole"
            scores.append(int(score))
        self.hole_scores.append(scores)
        for seat in self.order:
            self.discard += (self.played[seat] or []) + self.turned[seat]
        self.played = [[] for _ in range(self.players)]
        self.turned = [[] for _ in range(self.players)]
        listed = ", ".join(f"{self.names[s]} {scores[s]}" for s in self.order)
        text = f"Hole {self.hole} is over: {listed}."
        self.order = self._order_after_hole()
        if self.hole >= self.holes:
            self.phase = "round_over"
            text += self._winners_sentence() if self.players > 1 else f" Round total {self.totals[0]}."
            self.drawn = [[] for _ in range(self.players)]
        else:
            self.phase = "hole_over"
            self.drawn = [[] for _ in range(self.players)]
            draws = []
            for seat in self.order:
                need = HAND_SIZE - len(self.hands[seat])
                for _ in range(need):
                    if not self.pile:
                        if not self.discard:
                            break  # only a hand of more than 14 (a hand-built round) gets here
                        text += " " + self._refill().strip()
                    card = self.pile.pop()
                    self.drawn[seat].append(card)
                    self.hands[seat].append(card)
                self.hands[seat].sort(reverse=True)
                if self.drawn[seat]:
                    n = len(self.drawn[seat])
                    draws.append(f"{self.names[seat]} drew {n} card{'s' if n != 1 else ''}")
            if draws:
                text += f" {', '.join(draws)}."
        return Event(None, None, (), text, self.hole)

    def next_hole(self) -> Event[ClubAction]:
        """Start the next hole; the lowest score of the hole just played goes first (the order
        was set when the hole ended, as the players drew back to 14)."""
        if self.phase == "round_over":
            raise IllegalAction("The round is over: there is no next hole.", "action")
        if self.phase != "hole_over":
            raise IllegalAction(f"Hole {self.hole} is still being played.", "action")
        self.hole += 1
        self.phase, self.actor = "play", 0
        self.decisions, self.review = [], None
        self.played = [None] * self.players
        self.turned = [[] for _ in range(self.players)]
        self.scores = [None] * self.players
        self._begin_hole_record(self._hole_start())
        first = self.names[self.order[0]]
        event = Event(
            None,
            NEXT,
            (),
            f"Hole {self.hole} of {self.holes}, {self.yardage} yards, par {self.par}: "
            f"{says(first, 'plays first', start=False)}.",
            self.hole,
        )
        self._record(event)
        return event

    # -- what a player may know -------------------------------------------------------
    def view(self, seat: int | None, events: bool = True) -> ClubView:
        """The information state of ``seat`` (``None``: someone watching).

        A player sees its own hand and the cards it drew, every card played or
        turned, the discard pile, the scorecard and the pile's count; never the
        pile's order or another player's hand. ``events=False`` leaves out the
        latest events, which computer players do not read.
        """
        self._check_viewer(seat)
        totals = self.totals
        players: list[ClubPlayerView] = []
        for s in range(self.players):
            played = self.played[s]
            players.append(
                {
                    "seat": s,
                    "name": self.names[s],
                    "cards_in_hand": len(self.hands[s]),
                    "played": list(played) if played is not None else None,
                    "turned": list(self.turned[s]),
                    "score": self.scores[s],
                    "holes": [scores[s] for scores in self.hole_scores],
                    "total": totals[s],
                }
            )
        view: ClubView = {
            "seat": seat,
            "you": self.names[seat] if seat is not None else None,
            "course": self.course.to_dict(),
            "rules": self.rules.to_dict(),
            "decks": self.decks,
            "hole": self.hole,
            "holes": self.holes,
            "yardage": self.yardage,
            "par": self.par,
            "phase": self.phase,
            "current": self.current,
            "order": list(self.order),
            "hand": list(self.hands[seat]) if seat is not None else None,
            "drawn": list(self.drawn[seat]) if seat is not None else None,
            "players": players,
            "pile_count": len(self.pile),
            "discard": list(self.discard),
            "hole_scores": [list(scores) for scores in self.hole_scores],
            "totals": totals,
        }
        if events:
            view["events"] = self._events_shown()
        return view

    # -- storing (``to_dict`` and ``from_dict`` come from ``Game``) -------------------------
    @classmethod
    def read_action(cls, data: Mapping[str, Any]) -> ClubAction:
        return ClubAction.from_dict(data)

    def check(self) -> None:
        """Raise ``CaddieError`` unless the round is consistent (every card in exactly one place)."""
        n = self.players
        ok = (
            MIN_PLAYERS <= n <= MAX_PLAYERS
            and self.phase in PHASES
            and type(self.seed) is int
            and all(isinstance(name, str) and name for name in self.names)
            and sorted(self.order) == list(range(n))
            and 0 <= self.actor <= n
            and len(self.hands) == len(self.played) == len(self.turned) == len(self.drawn) == n
            and len(self.scores) == n
            and all(x is None or type(x) is int for x in self.scores)
            and 1 <= self.hole <= self.holes
            and self.decks == self.rules.decks_for(n)
            and len(self.hole_scores) == self.hole - (self.phase == "play")
            and all(len(s) == n for s in self.hole_scores)
            and all(isinstance(d, dict) for d in self.decisions)
            and (self.review is None or isinstance(self.review, dict))
        )
        if ok and self.phase == "play":
            done = [s for s in range(n) if self.played[s] is not None]
            ok = (
                sorted(done) == sorted(self.order[: self.actor])
                and self.actor < n
                and all((self.scores[s] is None) == (self.played[s] is None) for s in range(n))
            )
        if not ok or self.cards_in_play() != Counter(self.rules.deck * self.decks):
            raise CaddieError("The saved round is not in the expected shape.", "round")


# -- playing a whole round with strategies ------------------------------------------------

Strategy = Callable[[list[int], int, Course, ClubView], Sequence[int]]
"""``strategy(hand, hole_index, course, view) -> cards to play`` (``hole_index`` from 0)."""


def greedy(hand: list[int], hole_index: int, course: Course, view: ClubView) -> list[int]:
    """The per-hole-optimal player: ``solve``'s play for this hole (every card when short)."""
    rules = ClubRules.from_dict(view["rules"]) if view.get("rules") != _DEFAULT_RULES_DICT else _DEFAULT
    return list(solve(hand, course.holes[hole_index].yardage, rules).cards)


_DEFAULT = ClubRules()
_DEFAULT_RULES_DICT = _DEFAULT.to_dict()


def unseen_cards(view: ClubView) -> list[int]:
    """The cards a player has not seen this round: the decks less its hand, the
    cards on the table and the discard pile (other hands are counted as unseen).

    >>> from caddie.core.courses.course import SAMPLE_COURSES
    >>> r = ClubRound.new(SAMPLE_COURSES["cedar-nine"], ["Ann"], seed=1)
    >>> len(unseen_cards(r.view(0)))
    37
    """
    left = Counter(view["rules"]["deck"] * view["decks"])
    left.subtract(view["hand"] or [])
    left.subtract(view["discard"])
    for player in view["players"]:
        left.subtract(player["played"] or [])
        left.subtract(player["turned"])
    return sorted(left.elements())


def play_round(
    course: Course,
    strategies: Sequence[Strategy],
    seed: int,
    rules: ClubRules | None = None,
    names: Sequence[str] | None = None,
) -> ClubRound:
    """Play a whole round, each seat's cards chosen by its strategy from its own view."""
    names = list(names) if names is not None else [f"Player {i + 1}" for i in range(len(strategies))]
    rnd = ClubRound.new(course, names, seed, rules)
    while not rnd.is_over:
        if rnd.phase == "hole_over":
            rnd.apply(NEXT, 0)
            continue
        seat = rnd.current
        assert seat is not None, "a seat is to play while a hole is played"
        cards = strategies[seat](list(rnd.hands[seat]), rnd.hole - 1, course, rnd.view(seat))
        rnd.apply(ClubAction.play(list(cards)), seat)
    return rnd
