"""A live table: one digital match with seats for people and computers (``docs/live-tables.md``).

The table is a value like a game: the lobby (who sits where), then the match itself,
a ``caddie.core.game.Game`` of either game. It knows who may do what: only the host
starts the match or hands a seat to a computer; only the seat to move moves; between
holes any person's seat starts the next one. The store keeps it as one JSON value
(``to_dict``), versioned, so that two phones tapping at once cannot both move.

Seats hold no secret: a person's seat keeps only the digest of its seat token
(``caddie.store`` makes the token and keeps the digest), compared in constant time.

A person whose phone forgot the table gets their seat back through the host: the host issues a
fresh seat link (``let_back_in``: the old token stops working at once), or answers a request
(``ask_back``: someone typed the table's code and the seat's name on a new phone; ``answer_ask``
lets that phone's token take the seat). A request carries only the digest of the asking
phone's token and gives that phone nothing of the table until the host lets it in.
"""

from __future__ import annotations

import copy
import hmac
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from caddie.core.errors import CaddieError, quoted
from caddie.core.game import Event, Game, IllegalAction, clean_names
from caddie.core.games import game_named
from caddie.core.games.kind import LEVEL_NAMES, GameKind
from caddie.core.names import tidy_name
from caddie.core.words import is_you, says

__all__ = [
    "ASK_SECONDS",
    "Ask",
    "CLOCKS",
    "COMPUTER_NAMES",
    "LEVELS",
    "LEVEL_NAMES",
    "LiveTable",
    "MAX_ASKS",
    "NotTheHost",
    "Place",
    "TableClosed",
]

LEVELS = ("beginner", "steady", "caddie")  # the computer levels both games play
COMPUTER_NAMES = ("Ada", "Bram", "Cleo", "Dev", "Esme", "Finn", "Gus")
CLOCKS = (30, 60, 120)  # the turn clock's choices, in seconds (None: no clock, the default)
ASK_SECONDS = 15 * 60  # a request to be let back in waits this long for the host's answer
MAX_ASKS = 3  # requests waiting at once at a table: a stranger with the code cannot bury the host in them
FORMAT = 1


class TableClosed(CaddieError):
    """Nobody more can sit down: the table is full, or its match has started."""


class NotTheHost(CaddieError):
    """Only the person who made the table may do this."""


def _seat_holding(digests: Sequence[str | None], token: str | None) -> int | None:
    """The seat whose token digest is ``token`` (compared in constant time), or ``None``."""
    if not token:
        return None
    found = None
    for index, held in enumerate(digests):
        if isinstance(held, str) and hmac.compare_digest(held, token):
            found = index
    return found


@dataclass
class Place:
    """One seat. ``person``: a person's seat (else a computer's). ``name``: ``None`` while a
    person's seat is still empty. ``level``: a computer seat's level, or on a person's seat the
    computer standing in while they are away (``None``: they play it themselves). ``token``: the
    digest of a person's seat token, once someone sits there."""

    person: bool
    name: str | None = None
    level: str | None = None
    token: str | None = None

    @property
    def empty(self) -> bool:
        return self.person and self.name is None

    @property
    def away(self) -> bool:
        """A person's seat a computer is playing for now."""
        return self.person and self.level is not None

    def to_dict(self) -> dict[str, Any]:
        return {"person": self.person, "name": self.name, "level": self.level, "token": self.token}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Place:
        return cls(bool(data["person"]), data.get("name"), data.get("level"), data.get("token"))


@dataclass
class Ask:
    """A request to be let back in at ``seat`` from a phone whose token's digest is ``token``;
    ``at``: when (seconds since the epoch); ``refused``: the host said no (kept a while, so the
    asking phone can say so)."""

    seat: int
    token: str
    at: float
    refused: bool = False

    @property
    def id(self) -> str:
        """How the host's page names the request: the start of its digest (which cannot be
        turned back into the token)."""
        return self.token[:16]

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "token": self.token, "at": self.at, "refused": self.refused}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Ask:
        return cls(int(data["seat"]), str(data["token"]), float(data["at"]), bool(data.get("refused")))


def _check_level(level: object) -> str:
    if level not in LEVELS:
        raise CaddieError("Choose Beginner, Steady or Caddie for a computer seat.", "level")
    assert isinstance(level, str)
    return level


@dataclass
class LiveTable:
    """A live table. ``settings``: how its match is dealt (``GameKind.check_settings``);
    ``clock``: the seconds a person has for a turn before a computer plays it (``None``: no
    clock); ``notice``: the latest thing every phone should be told that is not a move.
    ``solo``: one person against computers (``LiveTable.solo_match``), dealt at once: no lobby,
    no code to join by and no onlookers, and the person's decisions are kept for the hole's
    review."""

    kind: GameKind[Any]
    settings: dict[str, Any]
    places: list[Place]
    host: int = 0
    clock: int | None = None
    match: Game[Any, Any] | None = None
    notice: str | None = None
    asks: list[Ask] = field(default_factory=list)
    solo: bool = False

    # -- making one ------------------------------------------------------------------------
    @classmethod
    def new(
        cls,
        game: str,
        settings: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        host_name: str,
        host_token: str,
        clock: int | None = None,
    ) -> LiveTable:
        """A table in its lobby. ``seats``: ``{"kind": "person"}`` or ``{"kind": "computer",
        "level": ...}`` each, the first the host's own, a person's.

        >>> t = LiveTable.new("grid", {"rules": {}}, [{"kind": "person"}, {"kind": "computer", "level": "steady"},
        ...                   {"kind": "person"}], "Ann", "digest-a")
        >>> [(p.name, p.level) for p in t.places]
        [('Ann', None), ('Ada', 'steady'), (None, None)]
        """
        kind = game_named(game)
        low, high = kind.seats
        if not isinstance(seats, (list, tuple)) or not low <= len(seats) <= high:
            raise CaddieError(f"A {kind.title} table has {low} to {high} seats.", "seats")
        places: list[Place] = []
        for index, seat in enumerate(seats):
            what = seat.get("kind") if isinstance(seat, Mapping) else None
            if what == "person":
                places.append(Place(person=True))
            elif what == "computer" and index > 0:
                places.append(Place(person=False, level=_check_level(seat.get("level"))))
            elif what == "computer":
                raise CaddieError("The first seat is yours: a person's.", "seats")
            else:
                raise CaddieError('Each seat is {"kind": "person"} or {"kind": "computer", "level": ...}.', "seats")
        if clock is not None and clock not in CLOCKS:
            raise CaddieError(f"The turn clock is off or {', '.join(map(str, CLOCKS))} seconds.", "clock")
        table = cls(kind, kind.check_settings(settings), places, clock=clock)
        table._seat(0, host_name, host_token)
        for place in places:
            if not place.person:
                place.name = table._free_name()
        return table

    @classmethod
    def solo_match(
        cls,
        game: str,
        settings: Mapping[str, Any],
        person: str,
        computers: Sequence[tuple[str, str]],
        seed: int,
    ) -> LiveTable:
        """One person (seat 0, called ``person``: "You" will do, there is no other phone) against
        ``computers`` (name and level each), dealt at once.

        >>> t = LiveTable.solo_match("grid", {"rules": {}}, "You", [("Ada", "steady")], seed=1)
        >>> [(p.name, p.level) for p in t.places], t.started, t.solo
        ([('You', None), ('Ada', 'steady')], True, True)
        """
        kind = game_named(game)
        low, high = kind.seats
        if not low <= len(computers) + 1 <= high:
            raise CaddieError(f"Play against {low - 1} to {high - 1} computer opponents.", "opponents")
        if any(level not in kind.levels for _, level in computers):
            raise CaddieError("Choose Beginner, Steady or Caddie for each opponent.", "level")
        names = clean_names([person, *(name for name, _ in computers)], low, high, kind.title + " match")
        places = [Place(person=True, name=names[0])]
        places += [Place(person=False, name=name, level=level) for name, (_, level) in zip(names[1:], computers)]
        table = cls(kind, kind.check_settings(settings), places, solo=True)
        table.match = kind.deal(table.settings, names, seed)
        return table

    # -- who sits where --------------------------------------------------------------------------
    @property
    def started(self) -> bool:
        return self.match is not None

    @property
    def names(self) -> list[str | None]:
        return [p.name for p in self.places]

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token digest is ``token``, or ``None``."""
        return _seat_holding([place.token for place in self.places], token)

    def join(self, name: object, token: str) -> int:
        """Sit a person at the first empty seat; their seat. ``TableClosed`` when there is none or the
        match has started, ``CaddieError`` for a name that will not do."""
        if self.started:
            raise TableClosed("This table's match has started: ask for a seat link, or watch.", "code")
        empty = [i for i, p in enumerate(self.places) if p.empty]
        if not empty:
            raise TableClosed("This table is full.", "code")
        self._seat(empty[0], name, token)
        return empty[0]

    def _seat(self, index: int, name: object, token: str) -> None:
        (clean,) = clean_names([name if isinstance(name, str) else ""], 1, 1, "seat")
        if is_you(clean):
            raise CaddieError('Give your own name: on every phone here, "you" is someone else.', "name")
        for other, place in enumerate(self.places):
            if other != index and place.name is not None and place.name.casefold() == clean.casefold():
                if place.person:
                    raise CaddieError(
                        f"Someone at this table is already called {quoted(clean)}: add an initial.", "name"
                    )
                place.name = None  # a computer gives way to a person's own name
                place.name = self._free_name(avoid=clean)
        self.places[index].name, self.places[index].token = clean, token

    def _free_name(self, avoid: str = "") -> str:
        taken = {p.name.casefold() for p in self.places if p.name} | {avoid.casefold()}
        for name in COMPUTER_NAMES:
            if name.casefold() not in taken:
                return name
        raise AssertionError("more seats than computer names")  # pragma: no cover - seats are at most 6

    def _host_only(self, by: int | None, what: str) -> None:
        if by != self.host:
            raise NotTheHost(f"Only the host ({self.places[self.host].name}) can {what}.", "seat")

    def _place(self, seat: object) -> Place:
        if type(seat) is not int or not 0 <= seat < len(self.places):
            raise CaddieError(f"There is no seat {quoted(seat)} at this table.", "seat")
        return self.places[seat]

    def give_to_computer(self, by: int | None, seat: int, level: object = "steady") -> None:
        """The host gives ``seat`` to a computer: in the lobby an empty or a joined seat (the person
        who had it is no longer seated), once playing a person's seat for as long as they are away."""
        self._host_only(by, "give a seat to a computer")
        place, level = self._place(seat), _check_level(level)
        if seat == self.host and not self.started:
            raise CaddieError("Your own seat stays yours in the lobby.", "seat")
        if not self.started:
            place.person, place.token, place.level = False, None, level
            place.name = None
            self._drop_asks(seat)
            place.name = self._free_name()
            self.notice = None
            return
        if not place.person:
            place.level = level
            return
        place.level = level
        self.notice = f"A computer ({LEVEL_NAMES[level]}) plays for {place.name} until they are back."

    def take_back(self, by: int | None, seat: int) -> None:
        """A person's seat is theirs to play again: asked by the host, or by the person at it."""
        place = self._place(seat)
        if by != seat:
            self._host_only(by, "give a seat back")
        if not place.person or place.level is None:
            return
        place.level = None
        self.notice = f"{says(str(place.name), 'is', start=True)} back at the table."

    def open_seat(self, by: int | None, seat: int) -> None:
        """In the lobby, the host turns a computer seat into an empty seat for a person."""
        self._host_only(by, "change the seats")
        place = self._place(seat)
        if self.started:
            raise TableClosed("The match has started: the seats are set.", "seat")
        if place.person:
            return
        place.person, place.name, place.level, place.token = True, None, None, None
        self._drop_asks(seat)

    @property
    def computer_seats(self) -> list[int]:
        """The seats a computer plays (not a person's seat a computer stands in at for a while)."""
        return [seat for seat, place in enumerate(self.places) if not place.person]

    # -- getting a seat back ------------------------------------------------------------------------
    def seat_named(self, name: object) -> int | None:
        """The person's seat called ``name`` (case and the name rule's tidying aside), or ``None``."""
        wanted = tidy_name(name).casefold() if isinstance(name, str) else ""
        for index, place in enumerate(self.places):
            if wanted and place.person and place.name is not None and place.name.casefold() == wanted:
                return index
        return None

    def _person_seat(self, seat: int) -> Place:
        place = self._place(seat)
        if not place.person or place.name is None:
            raise CaddieError("Only a seat a person sits at can be given back.", "seat")
        return place

    def ask_back(self, seat: int, token: str, now: float) -> None:
        """A phone (its token's digest ``token``) asks the host to let it back in at ``seat``."""
        self._person_seat(seat)
        host = self.places[self.host].name
        if seat == self.host:
            raise CaddieError(
                f"{host} is the host's seat: it comes back only with its seat link or on the phone that made the "
                "table.",
                "name",
            )
        self.asks = self.waiting_asks(now) + [a for a in self.asks if a.refused and now - a.at < ASK_SECONDS]
        if self.ask_of(token) is not None:
            return  # asked already: the host sees it once
        if len(self.waiting_asks(now)) >= MAX_ASKS:
            raise CaddieError(f"{host} has requests to answer already: ask them at the table.", "name")
        self.asks.append(Ask(seat, token, now))

    def waiting_asks(self, now: float) -> list[Ask]:
        """The requests the host has still to answer, oldest first (a request for a seat no person
        sits at any more, or older than ``ASK_SECONDS``, is no longer waiting)."""
        return [
            ask
            for ask in self.asks
            if not ask.refused
            and now - ask.at < ASK_SECONDS
            and 0 <= ask.seat < len(self.places)
            and self.places[ask.seat].person
            and self.places[ask.seat].name is not None
        ]

    def ask_of(self, token: str | None) -> Ask | None:
        """The request made from the phone whose token's digest is ``token``, if there is one."""
        found = _seat_holding([ask.token for ask in self.asks], token)
        return self.asks[found] if found is not None else None

    def answer_ask(self, by: int | None, ask_id: object, let_in: bool, now: float) -> Ask:
        """The host lets the asking phone in (its token takes the seat; the seat's old token stops
        working) or refuses it."""
        self._host_only(by, "let someone back in")
        ask = next(
            (a for a in self.waiting_asks(now) if isinstance(ask_id, str) and hmac.compare_digest(a.id, ask_id)), None
        )
        if ask is None:
            raise CaddieError("That request is no longer waiting: it was answered, or it is too old.", "ask")
        if let_in:
            self.places[ask.seat].token = ask.token
            self._drop_asks(ask.seat)
        else:
            ask.refused = True
        return ask

    def let_back_in(self, by: int | None, seat: int, token: str) -> None:
        """The host gives ``seat`` a fresh token (digest ``token``): its old seat link, and every
        phone holding it, stop working at once; requests for the seat are answered by it."""
        self._host_only(by, "let someone back in")
        place = self._person_seat(seat)
        if seat == self.host:
            raise CaddieError("Your own seat's link is on this phone, in the table's panel.", "seat")
        place.token = token
        self._drop_asks(seat)

    def _drop_asks(self, seat: int) -> None:
        """The requests for ``seat`` are answered (it has a new token) or moot (no one sits there)."""
        self.asks = [a for a in self.asks if a.seat != seat]

    # -- playing ------------------------------------------------------------------------------
    def start(self, by: int | None, seed: int) -> None:
        """The host deals the match; any seat still empty goes to a Steady computer."""
        self._host_only(by, "start the match")
        if self.started:
            raise TableClosed("The match has already started.", "seat")
        for place in self.places:
            if place.empty:
                place.person, place.level, place.name = False, "steady", self._free_name()
        names = [str(p.name) for p in self.places]
        self.match = self.kind.deal(self.settings, names, seed)
        self.notice = None

    def controller(self, seat: int) -> str | None:
        """The computer level playing ``seat`` now, or ``None`` when a person plays it."""
        return self.places[seat].level

    @property
    def to_move(self) -> int | None:
        return self.match.current if self.match is not None else None

    def computer_to_move(self) -> tuple[int, str] | None:
        """The seat to move and the level playing it, when a computer plays it now."""
        seat = self.to_move
        if seat is None:
            return None
        level = self.controller(seat)
        return (seat, level) if level is not None else None

    def play(self, seat: int, actions: Sequence[Any], seed: str = "") -> list[Event[Any]]:
        """``seat`` makes a move of one or more of the engine's actions (a program's take-and-swap is
        two), all or none: an ``IllegalAction`` leaves the table as it was. A person moving at a seat
        a computer was playing for them is back. At a solo table the person's decisions are kept
        for the hole's review (``GameKind.person_move``; ``seed``: the Hint's random source); a
        table of people's are worked out again from its record once the hole is over
        (``caddie.store.hole_reviews``), which costs its moves nothing."""
        match = self.match
        if match is None:
            raise IllegalAction("The match has not started yet.", "action")
        place = self._place(seat)
        if not actions:
            raise IllegalAction("A move needs an action.", "action")
        # One action needs no copy: an engine's apply changes nothing when it refuses (caddie.core.game).
        trial = match if len(actions) == 1 else copy.deepcopy(match)
        events = []
        for action in actions:
            if action.kind == "next" and not place.person:
                raise IllegalAction("A person starts the next hole.", "action")
            if self.solo and place.person:  # the person's decision, kept for the hole's review
                events.append(self.kind.person_move(trial, action, seat, seed))
            else:
                events.append(trial.apply(action, seat))
        self.match = trial
        if place.away:
            place.level = None
            self.notice = f"{says(str(place.name), 'is', start=True)} back at the table."
        return events

    def play_for(self, seat: int, action: Any, notice: str | None = None) -> Event[Any]:
        """A computer's move at ``seat`` (its own, or standing in); ``notice`` tells every phone why."""
        assert self.match is not None
        event = self.match.apply(action, seat)
        if self._place(seat).person:  # standing in: the move is not the person's decision
            self.match.mark_stand_in()
        if notice is not None:
            self.notice = notice
        return event

    # -- storing ------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Everything, seat token digests and the match's hidden cards included: server side only."""
        return {
            "format": FORMAT,
            "game": self.kind.name,
            "settings": self.settings,
            "places": [p.to_dict() for p in self.places],
            "host": self.host,
            "clock": self.clock,
            "notice": self.notice,
            "match": self.match.to_dict() if self.match is not None else None,
            "asks": [ask.to_dict() for ask in self.asks],
            "solo": self.solo,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> LiveTable:
        try:
            if data["format"] != FORMAT:
                raise ValueError
            kind = game_named(data["game"])
            match = kind.engine.from_dict(data["match"]) if data["match"] is not None else None
            table = cls(
                kind,
                dict(data["settings"]),
                [Place.from_dict(p) for p in data["places"]],
                host=data["host"],
                clock=data["clock"],
                match=match,
                notice=data.get("notice"),
                asks=[Ask.from_dict(ask) for ask in data.get("asks", [])],
                solo=bool(data.get("solo", False)),
            )
        except (KeyError, TypeError, ValueError, CaddieError):
            raise CaddieError("The saved table is not in the expected shape.", "table") from None
        if match is not None and match.players != len(table.places):
            raise CaddieError("The saved table is not in the expected shape.", "table")
        return table
