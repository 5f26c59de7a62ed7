"""A Grid Golf match, played out card by card (docs/grid-golf.md, "Play").

Pure and deterministic: no web, no database, no clock. The web layer keeps a
``GridMatch`` as JSON (``to_dict`` / ``GridMatch.from_dict``) and feeds it the
players' actions; computer players decide from ``view(seat)`` alone.

It is a ``caddie.core.game.Game``, the API both games share (after OpenSpiel's):
``current`` is the seat to move, ``legal_actions()`` what it may do,
``apply(action, seat)`` does it (or raises ``IllegalAction`` and changes
nothing), and ``view(seat)`` is that player's information state: everything
they may know and nothing more.

>>> from caddie.core.grid.rules import Rules
>>> m = GridMatch.new(Rules(holes=1), ["Ann", "Bo"], seed=7)
>>> m.phase, m.current, [str(a) for a in m.legal_actions()]
('flip', 0, ['flip 0', 'flip 1', 'flip 2', 'flip 3', 'flip 4', 'flip 5'])
>>> m.apply(Action.flip(0), seat=0).text
'Ann turned up top-left: 2.'
>>> m.apply(Action.flip(3), seat=1)
Traceback (most recent call last):
...
caddie.core.game.IllegalAction: It is Ann's turn, not yours.
>>> m.view(1)["players"][0]["grid"]
['2', None, None, None, None, None]

Choices the rules (docs/grid-golf.md, "Play") leave open (also in docs/decisions.md):

* Seats are the indices of ``names``. Hole 1 is played in seat order; after
  each hole the lowest score plays first and ties keep the previous order.
* The deal goes round the table one card at a time in playing order, into
  positions 0, 1, 2, ...; the next card starts the discard pile.
* Initial flips happen before any draw, player by player in playing order.
* A hole always ends: after ``TURN_LIMIT`` turns per player (40) without
  anyone going out, the hole ends at once, everyone having had the same
  number of turns; all cards are turned up and scored (``ended_by`` is
  ``"turn_limit"``). Two players swapping face-up cards could otherwise play
  forever.
* Under ``final_turn`` the player who went out does not play again; every
  other player gets exactly one more turn, in playing order.
* A card taken from the discard pile stays public while it is held, so every
  view shows it; a card drawn from the deck is shown only to its holder.
* Randomness: every shuffle is ``caddie.core.shuffle.shuffle``, keyed by the
  match's secret seed and a label: ``grid-golf/h/0`` for the deal of hole ``h``,
  ``grid-golf/h/k`` for its ``k``-th reshuffle. The same seed and the same
  actions always give the same match; the cards a player sees tell nothing
  about the seed or the cards still hidden (docs/information-sets.md, "The deal").
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from caddie.core.errors import CaddieError
from caddie.core.game import Game, clean_names, plain_json
from caddie.core.grid.cards import RANKS
from caddie.core.grid.moves import (
    DISCARD,
    DRAW,
    FLIPS,
    KINDS,
    KNOCK,
    NEXT,
    PASS,
    SWAPS,
    TAKE,
    Action,
    Event,
    IllegalAction,
    card_shown,
    position_name,
    the_card,
    with_article,
)
from caddie.core.grid.rules import Rules
from caddie.core.grid.scoring import score_grid, score_table
from caddie.core.grid.view import GridView, PlayerView, tables
from caddie.core.shuffle import shuffle
from caddie.core.words import says

__all__ = [
    "Action",
    "Event",
    "GridMatch",
    "IllegalAction",
    "DRAW",
    "TAKE",
    "DISCARD",
    "NEXT",
    "KNOCK",
    "PASS",
    "KINDS",
    "PHASES",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "TURN_LIMIT",
    "LOG_SIZE",
    "VIEW_EVENTS",
    "DECISION_LIMIT",
    "position_name",
]

MIN_PLAYERS, MAX_PLAYERS = 1, 6
TURN_LIMIT = 40  # turns per player in one hole before it ends by itself
LOG_SIZE = 20  # events kept per match
VIEW_EVENTS = 12  # the latest events a view shows
DECISION_LIMIT = 2 * TURN_LIMIT + 2  # recorded decisions per seat and hole: two a turn, and the initial flips

PHASES = ("flip", "turn", "hole_over", "match_over")


# -- the match -------------------------------------------------------------------------


@dataclass
class GridMatch(Game[Action, GridView]):
    """A whole match: the table, the cards, whose turn it is, the scores.

    Build one with ``GridMatch.new``; change it only through ``apply`` (and
    ``next_hole``). The fields are public so tests and the web layer can
    inspect it, but a player is shown only ``view(seat)``.
    """

    rules: Rules
    grids: list[list[str]]  # per seat, row-major
    face_up: list[list[bool]]  # per seat
    deck: list[str]  # the top card is the last one
    discard: list[str]  # oldest first, the top card last
    drawn: str | None = None  # the card the player to move holds
    drawn_from: str | None = None  # "deck" or "discard"
    flips_left: int = 0  # initial flips the player to move still owes
    pending_flip: bool = False  # a forced flip after a discard (discard_flip)
    discarded: str | None = None  # the card just discarded, while a flip is pending
    went_out: int | None = None  # seat that turned up its last card first
    final_left: int = 0  # final turns still to play (final_turn rule)
    turns: int = 0  # completed turns this hole
    reshuffles: int = 0  # reshuffles this hole
    ended_by: str | None = None  # "out" or "turn_limit" once the hole is over
    decisions: list[dict[str, Any]] = field(default_factory=list)  # this hole's recorded decisions (apply_recorded)
    review: dict[str, Any] | None = None  # a review of the hole just finished, kept until the next deal
    _ending: Event[Action] | None = field(default=None, init=False, repr=False, compare=False)

    WHAT: ClassVar[str] = "match"
    PHASES: ClassVar[tuple[str, ...]] = PHASES
    OVER_PHASE: ClassVar[str] = "match_over"
    LOG_SIZE: ClassVar[int] = LOG_SIZE
    VIEW_EVENTS: ClassVar[int] = VIEW_EVENTS
    CODECS: ClassVar[dict[str, tuple[Any, Any]]] = {
        "rules": (Rules.to_dict, Rules.from_dict),
        # matches stored before decisions were recorded have none
        "decisions": (plain_json, lambda stored: list(stored or [])),
    }

    # -- building ----------------------------------------------------------------
    @classmethod
    def new(cls, rules: Rules, names: list[str], seed: int) -> GridMatch:
        """Deal hole 1 for ``names`` (1 to 6 players, in seat order).

        >>> m = GridMatch.new(Rules(cards=4, initial_flips=0), ["Ann"], seed=1)
        >>> m.phase, len(m.grids[0]), len(m.discard), len(m.deck)
        ('turn', 4, 1, 47)
        >>> GridMatch.new(Rules(), [], seed=1)
        Traceback (most recent call last):
        ...
        caddie.core.errors.CaddieError: A match needs 1 to 6 players.
        """
        if not isinstance(rules, Rules):
            raise CaddieError("A match needs the table's rules.", "rules")
        clean = clean_names(names, MIN_PLAYERS, MAX_PLAYERS, "match")
        if type(seed) is not int:
            raise CaddieError("The seed is a whole number.", "seed")
        n = len(clean)
        match = cls(
            rules=rules,
            names=clean,
            seed=seed,
            decks=rules.decks_for(n),
            hole=1,
            order=list(range(n)),
            phase="flip",
            grids=[],
            face_up=[],
            deck=[],
            discard=[],
        )
        match._deal()
        return match

    def _deal(self) -> None:
        n, size = len(self.names), self.rules.cards
        deck = self.rules.full_deck(self.decks)
        shuffle(deck, self.seed, f"grid-golf/{self.hole}/0")
        self.grids = [[""] * size for _ in range(n)]
        self.face_up = [[False] * size for _ in range(n)]
        for position in range(size):
            for seat in self.order:
                self.grids[seat][position] = deck.pop()
        self.discard = [deck.pop()]
        self.deck = deck
        self.drawn = self.drawn_from = self.discarded = None
        self.actor, self.pending_flip = 0, False
        self.went_out, self.final_left, self.turns, self.reshuffles, self.ended_by = None, 0, 0, 0, None
        self.decisions, self.review = [], None
        self._begin_hole_record({"discard": self.discard[-1], "deck": len(self.deck)})
        if self.rules.initial_flips:
            self.phase, self.flips_left = "flip", self.rules.initial_flips
        else:
            self.phase, self.flips_left = "turn", 0

    # -- reading -----------------------------------------------------------------
    @property
    def holes(self) -> int:
        return self.rules.holes

    @property
    def turn_limit(self) -> int:
        return TURN_LIMIT * self.players

    def face_down(self, seat: int) -> list[int]:
        return [p for p, up in enumerate(self.face_up[seat]) if not up]

    def cards_in_play(self) -> Counter[str]:
        """Every card of the match, wherever it is: grids, deck, discard pile, hand."""
        counts = Counter(self.deck) + Counter(self.discard)
        for grid in self.grids:
            counts.update(grid)
        if self.drawn is not None:
            counts[self.drawn] += 1
        return counts

    def legal_actions(self) -> list[Action]:
        """What the player to move may do (``[NEXT]`` while a hole is over,
        ``[]`` once the match is over)."""
        if self.phase == "match_over":
            return []
        if self.phase == "hole_over":
            return [NEXT]
        seat = self.order[self.actor]
        if self.phase == "flip":
            return [FLIPS[p] for p in self.face_down(seat)]
        if self.pending_flip:
            flips = [FLIPS[p] for p in self.face_down(seat)]
            return flips + [PASS] if self.rules.discard_flip == "optional" else flips
        if self.drawn is None:
            actions = []
            if self.deck or len(self.discard) > 1:
                actions.append(DRAW)
            if self.discard:
                actions.append(TAKE)
            if self.rules.flip_as_action:
                actions += [FLIPS[p] for p in self.face_down(seat)]
            if self._may_knock(seat):
                actions.append(KNOCK)
            return actions
        swaps = list(SWAPS[: self.rules.cards])
        return swaps + [DISCARD] if self.drawn_from == "deck" else swaps

    def _may_knock(self, seat: int) -> bool:
        """Early knock: nobody is out yet and ``seat`` has one or two face-down cards."""
        return self.rules.early_knock and self.went_out is None and 1 <= len(self.face_down(seat)) <= 2

    def redealt_unseen(self, seat: int | None, seed: int) -> GridMatch:
        game = self.from_dict(self.to_dict())  # a deep copy, its cards checked
        face_down = [(s, p) for s, up in enumerate(game.face_up) for p, shown in enumerate(up) if not shown]
        # a card drawn from the deck is seen by the seat holding it (the seat to move) alone
        held = game.drawn is not None and game.drawn_from == "deck" and seat != game.current
        unseen = [game.grids[s][p] for s, p in face_down] + game.deck + ([str(game.drawn)] if held else [])
        shuffle(unseen, seed, "unseen")
        for s, p in face_down:
            game.grids[s][p] = unseen.pop()
        if held:
            game.drawn = unseen.pop()
        game.deck = unseen
        return game

    # -- acting --------------------------------------------------------------------
    def apply(self, action: Action, seat: int) -> Event[Action]:
        """Let ``seat`` do ``action``; raise ``IllegalAction`` (changing nothing) if it may not."""
        self._check(action, seat)
        if action.kind == "next":
            return self.next_hole()
        # _flip, _draw, _take, _swap or _discard
        handler: Callable[[Action, int], Event[Action]] = getattr(self, f"_{action.kind}")
        event = handler(action, seat)
        self._record(event)
        return event

    def apply_recorded(self, action: Action, seat: int, seed: str | None = None) -> Event[Action]:
        """``apply``, keeping the decision in this hole's ``decisions``: ``seat``'s view just before
        it (its information state, with each grid as it showed and without the event log or the
        scores of past holes), the action, and
        ``seed`` (the random source a review should decide that view with), and where the move's
        event is in the hole's record (``this_hole``). At most ``DECISION_LIMIT`` a seat are kept;
        the next deal clears them."""
        before = self.view(seat, events=False) if self.phase in ("flip", "turn") else None
        at = len(self.this_hole["events"]) if self.this_hole is not None else None  # the event this makes
        event = self.apply(action, seat)
        if before is not None and len(self.decisions) < DECISION_LIMIT * self.players:
            kept = {"view": _as_recorded(before), "action": action.to_dict(), "seed": seed, "event": at}
            self.decisions.append(kept)
        return event

    def next_hole(self) -> Event[Action]:
        """Deal the next hole; the lowest score of the hole just played goes first."""
        if self.phase == "match_over":
            raise IllegalAction("The match is over: there is no next hole.", "action")
        if self.phase != "hole_over":
            raise IllegalAction(f"Hole {self.hole} is still being played.", "action")
        self.order = self._order_after_hole()
        self.hole += 1
        self._deal()
        first = self.names[self.order[0]]
        event = Event(
            None,
            NEXT,
            (),
            f"Hole {self.hole} of {self.rules.holes} is dealt; {says(first, 'plays first', start=False)}.",
            self.hole,
        )
        self._record(event)
        return event

    def _check(self, action: Action, seat: int) -> None:
        if not isinstance(action, Action):
            raise IllegalAction("That is not an action.", "action")
        if self._check_turn(action.kind, seat):
            return
        if action.position is not None and action.position >= self.rules.cards:
            raise IllegalAction(
                f"There is no position {action.position} in a {self.rules.cards}-card grid: "
                f"positions run from 0 to {self.rules.cards - 1}.",
                "position",
            )
        kind = action.kind
        if self.phase == "flip":
            if kind != "flip":
                more = "one more of your cards" if self.flips_left == 1 else f"{self.flips_left} more of your cards"
                raise IllegalAction(f"Before play starts, turn up {more}.", "action")
            if self.face_up[seat][_position(action)]:
                raise IllegalAction("That card is already face up.", "position")
            return
        if self.pending_flip:
            optional = self.rules.discard_flip == "optional"
            if kind == "pass" and optional:
                return
            if kind != "flip":
                raise IllegalAction(
                    "You discarded a card you drew: turn up one of your face-down cards, or leave them as they are."
                    if optional
                    else "You discarded a card you drew, so turn up one of your face-down cards now.",
                    "action",
                )
            if self.face_up[seat][_position(action)]:
                raise IllegalAction("That card is already face up: turn up one of your face-down cards.", "position")
            return
        if kind == "pass":
            raise IllegalAction("There is nothing to leave: it is your turn to play.", "action")
        if kind == "knock":
            if self.drawn is not None:
                raise IllegalAction("You hold a card: swap it into your grid or discard it first.", "action")
            if not self.rules.early_knock:
                raise IllegalAction("These rules have no early knock: go out by turning up your last card.", "action")
            if self.went_out is not None:
                raise IllegalAction(f"{self.names[self.went_out]} is already out: play your final turn.", "action")
            if not 1 <= len(self.face_down(seat)) <= 2:
                raise IllegalAction("You may knock early only with one or two cards still face down.", "action")
            return
        if kind == "flip" and self.rules.flip_as_action and self.drawn is None:
            if self.face_up[seat][_position(action)]:
                raise IllegalAction("That card is already face up: turn up one of your face-down cards.", "position")
            return
        if kind == "flip":
            if self.drawn is not None:
                raise IllegalAction(
                    "You cannot just turn a card up: swap the card you hold into your grid"
                    + (" or discard it." if self.drawn_from == "deck" else "."),
                    "action",
                )
            raise IllegalAction("You cannot just turn a card up: draw from the deck or take the discard.", "action")
        if kind in ("draw", "take"):
            if self.drawn is not None:
                if self.drawn_from == "discard":
                    raise IllegalAction("A card taken from the discard pile must go into your grid.", "action")
                raise IllegalAction("You already drew a card: swap it into your grid or discard it.", "action")
            if kind == "take" and not self.discard:
                raise IllegalAction("The discard pile is empty: draw from the deck.", "action")
            if kind == "draw" and not self.deck and len(self.discard) < 2:
                raise IllegalAction("There are no cards left to draw: take the discard.", "action")
            return
        if self.drawn is None:
            if kind == "discard":
                raise IllegalAction("There is nothing to discard: draw from the deck first.", "action")
            raise IllegalAction("Draw from the deck or take the discard first.", "action")
        if kind == "discard" and self.drawn_from == "discard":
            raise IllegalAction("A card taken from the discard pile must go into your grid.", "action")

    def _flip(self, action: Action, seat: int) -> Event[Action]:
        p, name = _position(action), self.names[seat]
        card = self.grids[seat][p]
        self.face_up[seat][p] = True
        where = position_name(p, self.rules.cards)
        if self.phase == "flip":
            self.flips_left -= 1
            if self.flips_left == 0:
                self.actor += 1
                if self.actor == self.players:
                    self.phase, self.actor = "turn", 0
                else:
                    self.flips_left = self.rules.initial_flips
            return Event(seat, action, (card,), f"{name} turned up {where}: {card_shown(card)}.", self.hole)
        if not self.pending_flip:  # a whole turn under flip_as_action
            text = f"{name} turned up {where} as a turn: {card_shown(card)}."
            return Event(seat, action, (card,), text + self._end_turn(seat), self.hole)
        # the flip after a discard (forced, or chosen where it is optional)
        discarded = self.discarded
        assert discarded is not None, "a forced flip follows a discard"  # _discard keeps it
        self.pending_flip, self.discarded = False, None
        text = f"{name} discarded {with_article(discarded)} and turned up {where}: {card_shown(card)}."
        return Event(seat, action, (discarded, card), text + self._end_turn(seat), self.hole)

    def _draw(self, action: Action, seat: int) -> Event[Action]:
        text = ""
        if not self.deck:
            self.reshuffles += 1
            top = self.discard.pop()
            self.deck = sorted(self.discard, key=RANKS.index)
            shuffle(self.deck, self.seed, f"grid-golf/{self.hole}/{self.reshuffles}")
            self.discard = [top]
            text = "The deck ran out: the discard pile, bar its top card, was shuffled into a new deck. "
        self.drawn, self.drawn_from = self.deck.pop(), "deck"
        return Event(seat, action, (), f"{text}{self.names[seat]} drew from the deck.", self.hole)

    def _take(self, action: Action, seat: int) -> Event[Action]:
        self.drawn, self.drawn_from = self.discard.pop(), "discard"
        return Event(
            seat,
            action,
            (self.drawn,),
            f"{self.names[seat]} took {the_card(self.drawn)} from the discard pile.",
            self.hole,
        )

    def _swap(self, action: Action, seat: int) -> Event[Action]:
        p, name, card = _position(action), self.names[seat], self._held()
        old = self.grids[seat][p]
        self.grids[seat][p], self.face_up[seat][p] = card, True
        self.discard.append(old)
        where = position_name(p, self.rules.cards)
        if self.drawn_from == "deck":
            text = f"{name} drew {with_article(card)} from the deck and put it {where}, replacing {with_article(old)}."
        else:
            text = f"{name} put {the_card(card)} {where}, replacing {with_article(old)}."
        self.drawn = self.drawn_from = None
        return Event(seat, action, (card, old), text + self._end_turn(seat), self.hole)

    def _discard(self, action: Action, seat: int) -> Event[Action]:
        card, name = self._held(), self.names[seat]
        self.discard.append(card)
        self.drawn = self.drawn_from = None
        text = f"{name} drew {with_article(card)} from the deck and discarded it."
        if self.rules.discard_flip and self.face_down(seat):
            self.pending_flip, self.discarded = True, card
            if self.rules.discard_flip == "optional":
                may = says(name, "may turn up a card", start=False)
                return Event(seat, action, (card,), text[:-1] + f"; {may}.", self.hole)
            must = says(name, "must turn up a card", start=False)
            return Event(seat, action, (card,), text[:-1] + f"; {must}.", self.hole)
        return Event(seat, action, (card,), text + self._end_turn(seat), self.hole)

    def _knock(self, action: Action, seat: int) -> Event[Action]:
        """Early knock: every face-down card turned up, as a whole turn, and so out."""
        down = self.face_down(seat)
        cards = tuple(self.grids[seat][p] for p in down)
        for p in down:
            self.face_up[seat][p] = True
        shown = " and ".join(card_shown(c) for c in cards)
        text = f"{self.names[seat]} knocked, turning up {shown}."
        return Event(seat, action, cards, text + self._end_turn(seat), self.hole)

    def _pass(self, action: Action, seat: int) -> Event[Action]:
        """No flip after a discard, where the flip is optional."""
        discarded = self.discarded
        assert discarded is not None, "a pass follows a discard"
        self.pending_flip, self.discarded = False, None
        name = self.names[seat]
        text = f"{name} drew {with_article(discarded)} from the deck and discarded it."
        return Event(seat, action, (discarded,), text + self._end_turn(seat), self.hole)

    def _held(self) -> str:
        """The card the player to move holds, for a swap or a discard (``_check`` sees there is one)."""
        assert self.drawn is not None, "a swap or a discard needs a card in hand"
        return self.drawn

    def _end_turn(self, seat: int) -> str:
        """Close ``seat``'s turn: pass it on or end the hole. Returns text for the event."""
        self.turns += 1
        name = self.names[seat]
        if self.went_out is None:
            if not self.face_down(seat):
                self.went_out = seat
                if self.rules.end == "immediate" or self.players == 1:
                    self._end_hole("out")
                    return f" {says(name, 'has turned')} up every card: the hole is over."
                self.final_left = self.players - 1
                self._advance()
                return f" {says(name, 'has turned')} up every card: everyone else gets one final turn."
            if self.turns >= self.turn_limit:
                self._end_hole("turn_limit")
                return f" That is {TURN_LIMIT} turns each: the hole is over."
            self._advance()
            return ""
        self.final_left -= 1
        if self.final_left == 0:
            self._end_hole("out")
            return " That was the last final turn: the hole is over."
        self._advance()
        return ""

    def _advance(self) -> None:
        self.actor = (self.actor + 1) % self.players

    def _end_hole(self, reason: str) -> None:
        revealed: list[str] = []
        for seat in self.order:
            for p in self.face_down(seat):
                revealed.append(self.grids[seat][p])
                self.face_up[seat][p] = True
        scores = score_table(self.grids, self.went_out, self.rules).scores
        self.hole_scores.append(scores)
        self.ended_by = reason
        self.phase = "match_over" if self.hole >= self.rules.holes else "hole_over"
        listed = ", ".join(f"{self.names[s]} {scores[s]}" for s in self.order)
        text = f"Hole {self.hole} is over: {listed}."
        if self.phase == "match_over":
            text += self._winners_sentence()
        self._ending = Event(None, None, tuple(revealed), text, self.hole)

    def _record(self, event: Event[Action]) -> None:
        super()._record(event)
        if self._ending is not None:  # the end of the hole the event brought about
            super()._record(self._ending)
            self._ending = None

    # -- what a player may know ---------------------------------------------------
    def view(self, seat: int | None, events: bool = True) -> GridView:
        """The information state of ``seat`` (``None``: someone not playing).

        Face-down cards are ``None`` for everyone, their owner included; the
        deck is only a count; a card drawn from the deck is shown only to its
        holder. Once the hole is over every card is face up and shown.

        ``events=False`` leaves out the ``"events"`` entry (the latest events
        of the log, for people to read): computer players do not need it, and
        it is the costliest part of a view.
        """
        if seat is not None and (type(seat) is not int or not 0 <= seat < len(self.names)):
            self._check_seat(seat)  # raises: there is no such seat (inline above: every decision asks)
        rules, totals = self.rules, self.totals
        known = tables(rules)
        columns, width = known.columns, rules.columns
        players: list[PlayerView] = []
        for s, (grid, up) in enumerate(zip(self.grids, self.face_up)):
            visible = [card if shown else None for card, shown in zip(grid, up)]
            if known.additive:  # score_grid(...).total, from the tables
                points = sum([columns[visible[k], visible[k + width]] for k in range(width)])
            else:
                points = score_grid(visible, rules).total
            players.append(
                {
                    "seat": s,
                    "name": self.names[s],
                    "grid": visible,
                    "face_up": list(up),
                    "points": points,
                    "total": totals[s],
                    "holes": [scores[s] for scores in self.hole_scores],
                    "out": self.went_out == s,
                }
            )
        current = self.current
        holder = current if self.drawn is not None else None
        show_drawn = self.drawn is not None and (seat == holder or self.drawn_from == "discard")
        if seat is not None and (seat == current or self.phase == "hole_over"):
            legal = [a.to_dict() for a in self.legal_actions()]
        else:
            legal = []
        view: GridView = {
            "seat": seat,
            "you": self.names[seat] if seat is not None else None,
            "rules": dict(known.fields),
            "decks": self.decks,
            "hole": self.hole,
            "holes": rules.holes,
            "phase": self.phase,
            "current": current,
            "order": list(self.order),
            "players": players,
            "discard": list(self.discard),
            "deck_count": len(self.deck),
            "drawn": self.drawn if show_drawn else None,
            "drawn_by": holder,
            "drawn_from": self.drawn_from,
            "flips_left": self.flips_left if self.phase == "flip" else 0,
            "pending_flip": self.pending_flip,
            "went_out": self.went_out,
            "final_turn": self.went_out is not None and self.phase == "turn",
            "final_turns_left": self.final_left if self.phase == "turn" else 0,
            "turns": self.turns,
            "turn_limit": self.turn_limit,
            "ended_by": self.ended_by,
            "hole_scores": [list(scores) for scores in self.hole_scores],
            "totals": totals,
            "legal": legal,
        }
        if events:
            view["events"] = self._events_shown()
        return view

    # -- storing (``to_dict`` and ``from_dict`` come from ``Game``) ---------------------
    @classmethod
    def read_action(cls, data: Mapping[str, Any]) -> Action:
        return Action.from_dict(data)

    def check(self) -> None:
        """Raise ``CaddieError`` unless the match is consistent (every card in exactly one place)."""
        n, size = self.players, self.rules.cards
        ok = (
            MIN_PLAYERS <= n <= MAX_PLAYERS
            and self.phase in PHASES
            and type(self.seed) is int
            and all(isinstance(name, str) and name for name in self.names)
            and sorted(self.order) == list(range(n))
            and 0 <= self.actor < n
            and len(self.grids) == n == len(self.face_up)
            and all(len(g) == size for g in self.grids)
            and all(len(f) == size for f in self.face_up)
            and all(type(u) is bool for f in self.face_up for u in f)
            and all(isinstance(d, dict) for d in self.decisions)
            and (self.review is None or isinstance(self.review, dict))
            and self.drawn_from in (None, "deck", "discard")
            and (self.drawn is None) == (self.drawn_from is None)
            and 1 <= self.hole <= self.rules.holes
            and self.decks == self.rules.decks_for(n)
            and len(self.hole_scores) == self.hole - (self.phase not in ("hole_over", "match_over"))
        )
        if not ok or self.cards_in_play() != Counter(self.rules.full_deck(self.decks)):
            raise CaddieError("The saved match is not in the expected shape.", "match")


def _position(action: Action) -> int:
    """The grid position of a flip or a swap (``Action`` sees that they name one)."""
    assert action.position is not None, f"a {action.kind} names its position"
    return action.position


def _as_recorded(view: GridView) -> dict[str, Any]:
    """A seat's view as ``apply_recorded`` keeps it, for the review to read as a ``SeatView``: without
    the scores of past holes, each player only as a seat, a name and the grid as it showed."""
    kept: dict[str, Any] = {key: value for key, value in view.items() if key not in ("hole_scores", "totals")}
    kept["players"] = [{"seat": p["seat"], "name": p["name"], "grid": p["grid"]} for p in view["players"]]
    return kept
