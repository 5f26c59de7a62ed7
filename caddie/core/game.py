"""The one game API that Grid Golf and Club Cards both implement (``docs/game-api.md``).

In the manner of python-chess's ``Board`` and OpenSpiel's ``State``: a game is a
value that knows whose turn it is (``current``), what that seat may do
(``legal_actions()``), does it (``apply(action, seat)``, or raises
``IllegalAction`` and changes nothing), shows each seat only what it may know
(``view(seat)``) and turns into plain JSON and back (``to_dict`` /
``from_dict``). The stores, the Play pages, the computer-move plumbing and the
benches are written once over ``Game``; each game adds only its own rules.

``Game`` is the shared base: the table (names, seats in playing order, whose
turn it is), the holes' scores, the event log, the turn check, "lowest score
plays first", the winners' sentence and the serialisation, which is derived
from the dataclass fields (a game lists only the fields that are not plain
JSON).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar

from caddie.core.errors import CaddieError, quoted
from caddie.core.ledger import PLAYER_NAME_LIMIT
from caddie.core.names import check_visible
from caddie.core.words import is_you, whose, winners_sentence

__all__ = [
    "Event",
    "Game",
    "IllegalAction",
    "GameAction",
    "Seat",
    "clean_names",
    "plain_json",
]


class IllegalAction(CaddieError):
    """An action the rules do not allow now; the game is left unchanged.

    >>> IllegalAction("That card is already face up.", "position").as_dict()
    {'error': 'That card is already face up.', 'field': 'position'}
    """


class GameAction(Protocol):
    """What every game's action is: a ``kind`` and a plain-JSON form."""

    @property
    def kind(self) -> str: ...

    def to_dict(self) -> dict[str, Any]: ...


ActionT = TypeVar("ActionT", bound=GameAction)
ViewT = TypeVar("ViewT", bound=Mapping[str, Any])  # a game's information state: a TypedDict


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a name, and the computer level playing it (``None``: a person)."""

    name: str
    level: str | None


# -- events ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Event(Generic[ActionT]):
    """What happened, as every player may learn it.

    ``action`` is what ``seat`` did; both are ``None`` when the game itself moved
    on (a hole ending). ``kind`` is the action's kind, or ``"hole"`` for the end
    of a hole. ``cards`` are the cards the event shows (card codes in Grid Golf,
    yardages in Club Cards); every one of them is public once it has happened.
    """

    seat: int | None
    action: ActionT | None
    cards: tuple[Any, ...]
    text: str
    hole: int

    @property
    def kind(self) -> str:
        return self.action.kind if self.action is not None else "hole"

    def to_dict(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "kind": self.kind,
            "action": self.action.to_dict() if self.action is not None else None,
            "cards": list(self.cards),
            "text": self.text,
            "hole": self.hole,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], read_action: Callable[[Mapping[str, Any]], ActionT]) -> Event[ActionT]:
        """Read ``to_dict``'s form. Grid Golf events stored before they kept their ``kind`` have the
        action only; Club Cards events stored before they kept their ``action`` have the kind only,
        and the action is read back from it (a play's cards then include any turned from the pile)."""
        stored = data.get("action")
        if stored is None and data.get("kind") not in (None, "hole"):
            stored = (
                {"kind": data["kind"], "cards": data["cards"]} if data["kind"] == "play" else {"kind": data["kind"]}
            )
        action = read_action(stored) if stored is not None else None
        return cls(data["seat"], action, tuple(data["cards"]), data["text"], data["hole"])


# -- players' names ------------------------------------------------------------------------


def clean_names(names: Sequence[str], low: int, high: int, game: str) -> list[str]:
    """The players' names, tidied (``caddie.core.names``); ``CaddieError`` unless there are ``low``
    to ``high`` distinct names that show, of at most ``PLAYER_NAME_LIMIT`` characters (what the
    scorecard the game fills in takes).

    >>> clean_names([" Ann ", "Bo"], 1, 6, "match")
    ['Ann', 'Bo']
    >>> clean_names(["Ann", "ann"], 1, 6, "match")
    Traceback (most recent call last):
    ...
    caddie.core.errors.CaddieError: Two players are called "ann": give each a different name.
    """
    if not isinstance(names, (list, tuple)) or not low <= len(names) <= high:
        raise CaddieError(f"A {game} needs {low} to {high} players.", "names")
    clean: list[str] = []
    for name in names:
        name = check_visible(name) if isinstance(name, str) else ""
        if not name:
            raise CaddieError("Every player needs a name.", "names")
        if len(name) > PLAYER_NAME_LIMIT:
            raise CaddieError(f"A player's name is at most {PLAYER_NAME_LIMIT} characters.", "names")
        if name.casefold() in {c.casefold() for c in clean}:
            raise CaddieError(f"Two players are called {quoted(name)}: give each a different name.", "names")
        clean.append(name)
    return clean


# -- the shared base -------------------------------------------------------------------------------

Codec = tuple[Callable[[Any], Any], Callable[[Any], Any]]  # (to plain JSON, from plain JSON)


def plain_json(value: Any) -> Any:
    """A copy of a value made of lists, dicts and scalars (tuples become lists)."""
    if isinstance(value, (list, tuple)):
        return [plain_json(v) for v in value]
    if isinstance(value, dict):
        return {k: plain_json(v) for k, v in value.items()}
    return value


def _hole_copy(kept: Any) -> Any:
    """A copy of a hole's record in the making (``Game.this_hole``) that may grow apart from the
    original: its events are shared, since an event kept is never changed, only added to (a deep
    copy of every event on every save cost a move a tenth of a millisecond and more)."""
    if not isinstance(kept, dict):
        return kept
    return {**kept, "order": list(kept["order"]), "start": dict(kept["start"]), "events": list(kept["events"])}


@dataclass(kw_only=True)
class Game(Generic[ActionT, ViewT]):
    """What both games' dataclasses share. A game adds its own fields, ``PHASES`` (the first
    ones those in which a seat acts, then ``"hole_over"``, then ``OVER_PHASE``) and ``CODECS``;
    ``ActionT`` is its action, ``ViewT`` the typed information state its ``view`` gives."""

    names: list[str]
    seed: int
    decks: int
    hole: int  # 1-based
    order: list[int]  # seats in playing order for this hole
    phase: str  # one of PHASES
    actor: int = 0  # index into ``order`` of the seat to act
    hole_scores: list[list[int]] = field(default_factory=list)  # per hole, per seat
    log: list[Event[ActionT]] = field(default_factory=list)  # the last LOG_SIZE events
    # The hole being played, as everyone may know it: its start and every event so far, in order
    # (``_begin_hole_record``); what ``GameKind.hole_record`` makes the hole's record of when it
    # ends. ``None`` in a game stored before records were kept (docs/records.md).
    this_hole: dict[str, Any] | None = None

    FORMAT: ClassVar[int] = 1  # version of the to_dict layout
    WHAT: ClassVar[str]  # "match" or "round", in sentences
    PHASES: ClassVar[tuple[str, ...]]
    OVER_PHASE: ClassVar[str]
    LOG_SIZE: ClassVar[int]
    VIEW_EVENTS: ClassVar[int] = 12  # the latest events a view shows
    CODECS: ClassVar[dict[str, Codec]] = {}  # the fields that are not plain JSON

    # -- reading -----------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def holes(self) -> int:
        """How many holes the game lasts."""
        raise NotImplementedError

    @property
    def current(self) -> int | None:
        """The seat to act, or ``None`` while a hole is over or the game is."""
        if self.phase == "hole_over" or self.phase == self.OVER_PHASE:
            return None
        return self.order[self.actor]

    @property
    def is_over(self) -> bool:
        return self.phase == self.OVER_PHASE

    @property
    def totals(self) -> list[int]:
        """Totals per seat over the holes finished so far."""
        if not self.hole_scores:
            return [0] * self.players
        return [sum(seat_scores) for seat_scores in zip(*self.hole_scores)]

    # -- what each game defines ---------------------------------------------------------------
    def legal_actions(self) -> list[ActionT]:
        """What the seat to act may do (``[NEXT]`` while a hole is over, ``[]`` once the game is)."""
        raise NotImplementedError

    def apply(self, action: ActionT, seat: int) -> Event[ActionT]:
        """Let ``seat`` do ``action``; raise ``IllegalAction`` (changing nothing) if it may not."""
        raise NotImplementedError

    def legal_kinds(self) -> list[str]:
        """The kinds of action open to the seat to act, in a fixed order (a cheap question where
        ``legal_actions`` is long)."""
        return sorted({action.kind for action in self.legal_actions()})

    def next_hole(self) -> Event[ActionT]:
        """Deal the next hole (``IllegalAction`` unless a hole has just ended): what ``NEXT``
        does, without a seat."""
        raise NotImplementedError

    def view(self, seat: int | None, events: bool = True) -> ViewT:
        """The information state of ``seat`` (``None``: someone watching): what it may know, no
        more. ``events=False`` leaves out the latest events (``"events"``), which people read and
        programs do not need."""
        raise NotImplementedError

    def spectator_view(self) -> ViewT:
        """What someone watching sees: exactly a non-player's view."""
        return self.view(None)

    def cards_in_play(self) -> Counter[Any]:
        """Every card of the game, wherever it is (each game says where its cards can be)."""
        raise NotImplementedError

    def redealt_unseen(self, seat: int | None, seed: int) -> Self:
        """A copy of the game that ``seat`` (``None``: someone watching) cannot tell from this one:
        every card it cannot see dealt again (``seed``: how) among the places such cards are (the deck,
        face-down cards, other hands). A search may sample the unseen this way; the conformance
        test checks with it that a view holds nothing the seat may not know."""
        raise NotImplementedError

    # -- the checks every action and view starts with ----------------------------------------
    def _check_seat(self, seat: object) -> None:
        if type(seat) is not int or not 0 <= seat < self.players:
            raise IllegalAction(f"There is no seat {quoted(seat)} at this table.", "seat")

    def _check_turn(self, kind: str, seat: object) -> bool:
        """Raise ``IllegalAction`` unless ``seat`` may take an action of ``kind`` now.

        True when the action starts the next hole between holes (nothing more to check).
        """
        if type(seat) is not int or not 0 <= seat < len(self.names):  # _check_seat, inline: every move asks
            raise IllegalAction(f"There is no seat {quoted(seat)} at this table.", "seat")
        if self.phase == self.OVER_PHASE:
            raise IllegalAction(f"The {self.WHAT} is over.", "action")
        if self.phase == "hole_over":
            if kind != "next":
                raise IllegalAction(f"Hole {self.hole} is over: start the next hole.", "action")
            return True
        if kind == "next":
            raise IllegalAction(f"Hole {self.hole} is still being played.", "action")
        mover = self.order[self.actor]
        if seat != mover:
            if is_you(self.names[mover]):  # "It is your turn, not yours" would say nothing
                raise IllegalAction("It is not your turn.", "seat")
            raise IllegalAction(f"It is {whose(self.names[mover])} turn, not yours.", "seat")
        return False

    def _check_viewer(self, seat: object) -> None:
        """A view is of a seat at this table, or of someone watching (``None``)."""
        if seat is not None:
            self._check_seat(seat)

    # -- what both games do the same way -------------------------------------------------------
    def _record(self, event: Event[ActionT]) -> None:
        self.log.append(event)
        del self.log[: -self.LOG_SIZE]
        kept = self.this_hole
        if kept is not None and event.kind != "next" and event.hole == kept["hole"]:
            kept["events"].append(event.to_dict())

    def mark_stand_in(self) -> None:
        """The last move was a computer's for a seat's person (away, or out of time): the hole's
        record says so, and its review does not judge it as the person's decision."""
        kept = self.this_hole
        # the move's own event: a move that ends the hole is followed by the end's (seat None)
        moved = [event for event in kept["events"] if event["seat"] is not None] if kept is not None else []
        if moved:
            moved[-1]["stand_in"] = True

    def _begin_hole_record(self, start: dict[str, Any]) -> None:
        """Start the record of the hole just dealt: who plays first, the order, and ``start``, what
        the deal showed everyone (plain JSON; never a face-down card or the deck's order)."""
        self.this_hole = {"hole": self.hole, "order": list(self.order), "start": start, "events": []}

    def _order_after_hole(self) -> list[int]:
        """The playing order for the next hole: the lowest score of the hole just played first,
        ties keeping the previous order."""
        last = self.hole_scores[-1]
        return sorted(self.order, key=lambda s: last[s])  # sorted is stable

    def _winners_sentence(self) -> str:
        """`` Ann wins the match with 12.``, `` You win the match with 12.`` or `` Ann and Bo share the
        match with 12.`` (docs/club-cards.md, "Plain words")."""
        totals = self.totals
        best = min(totals)
        winners = [self.names[s] for s in range(self.players) if totals[s] == best]
        return (
            f" {winners_sentence(winners, f'wins the {self.WHAT} with {best}', f'share the {self.WHAT} with {best}')}."
        )

    def _events_shown(self) -> list[dict[str, Any]]:
        return [e.to_dict() for e in self.log[-self.VIEW_EVENTS :]]

    # -- storing -------------------------------------------------------------------------------
    @classmethod
    def read_action(cls, data: Mapping[str, Any]) -> ActionT:
        """The game's action from its ``to_dict`` form (``IllegalAction`` if it is not one)."""
        raise NotImplementedError

    @classmethod
    def _stored_fields(cls) -> list[dataclasses.Field[Any]]:
        return [f for f in dataclasses.fields(cls) if f.init and not f.name.startswith("_")]

    def to_dict(self) -> dict[str, Any]:
        """Everything, as plain JSON types (hidden cards included: keep it server side)."""
        data: dict[str, Any] = {"format": self.FORMAT}
        for f in self._stored_fields():
            value = getattr(self, f.name)
            if f.name == "log":
                data["log"] = [e.to_dict() for e in value]
            elif f.name == "this_hole":
                data["this_hole"] = _hole_copy(value)
            elif f.name in self.CODECS:
                data[f.name] = self.CODECS[f.name][0](value)
            else:
                data[f.name] = plain_json(value)
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Self:
        """Rebuild a game stored with ``to_dict``; refuse one that is not in that shape or whose
        cards do not add up (``CaddieError``). A field the stored form lacks takes its default."""
        try:
            if data["format"] != cls.FORMAT:
                raise ValueError
            values: dict[str, Any] = {}
            for f in cls._stored_fields():
                if f.name not in data and (
                    f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
                ):
                    continue
                raw = data[f.name]
                if f.name == "log":
                    values["log"] = [Event.from_dict(e, cls.read_action) for e in raw]
                elif f.name == "this_hole":
                    values["this_hole"] = _hole_copy(raw)
                elif f.name in cls.CODECS:
                    values[f.name] = cls.CODECS[f.name][1](raw)
                else:
                    values[f.name] = plain_json(raw)
            game = cls(**values)
        except (KeyError, TypeError, ValueError, AttributeError, CaddieError):
            raise CaddieError(f"The saved {cls.WHAT} is not in the expected shape.", cls.WHAT) from None
        kept = game.this_hole
        if kept is not None and not (isinstance(kept, dict) and isinstance(kept.get("events"), list)):
            raise CaddieError(f"The saved {cls.WHAT} is not in the expected shape.", cls.WHAT)
        game.check()
        return game

    def check(self) -> None:
        """Raise ``CaddieError`` unless the game is consistent (each game says what that means)."""
        raise NotImplementedError
