"""The caddie's walkthrough at a real table: the state of one hole, kept in the URL.

The person taps in what they see; the page asks the advisor what to do; a tap
applies the advice. Everything about the hole travels in the query string, so
a reload keeps it and Back undoes the last step.

Steps:
  ``flip``     turn up cards after the deal; tap each slot's card as it shows
  ``discard``  tap the card on top of the discard pile (it is your turn)
  ``advice``   the caddie says take or draw; one button applies it
  ``drawn``    tap the card drawn from the deck
  ``place``    the caddie says where it goes (or discard); one button applies it
  ``reveal``   tap what the face-down card you replaced (or must turn) was
  ``wait``     your turn is over; tap when it is your turn again
  ``final``    the hole is over: tap the cards still face down
  ``done``     the final grid and its score

Beside the steps, the person may tap in the opponents' face-up cards (up to
``MAX_OPPONENTS`` grids, in playing order from the player after them; the
caddie counts those cards and weighs the race to go out), and, under the
``final_turn`` rule, say that someone went out and this is their final turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from caddie.core.grid.cards import parse_card
from caddie.core.errors import CardError

STEPS = ("flip", "discard", "advice", "drawn", "place", "reveal", "wait", "final", "done")
MAX_OPPONENTS = 3   # opponents' grids the walkthrough takes (the advisor takes up to five)


@dataclass
class Walk:
    size: int
    grid: list[str | None]
    step: str = "flip"
    discard: str | None = None           # the top of the discard pile, as tapped in
    pile: list[str] = field(default_factory=list)  # cards seen going to the discard pile, oldest first
    drawn: str | None = None
    drawn_from: str | None = None        # "deck" or "discard"
    slot: int | None = None              # the slot a reveal or a tap is about
    last_turn: bool = False              # someone went out: this is the final turn
    opponents: list[list[str | None]] = field(default_factory=list)  # their grids, None face down
    opp_slot: tuple[int, int] | None = None  # (opponent, position) the keypad is filling in

    # -- the URL form ---------------------------------------------------------
    @classmethod
    def from_args(cls, args, default_size: int) -> tuple["Walk", list[str]]:
        """Read the walk from query arguments; a damaged value is dropped with a note."""
        problems: list[str] = []
        size = _int(args.get("size"), default_size)
        if size not in (4, 6, 8, 10):
            size = default_size
        grid = _cards(args.get("grid", ""), size, problems)
        walk = cls(size=size, grid=grid)
        step = args.get("step", "flip")
        walk.step = step if step in STEPS else "flip"
        walk.discard = _card(args.get("discard"), problems)
        walk.pile = [c for c in (_card(t, problems) for t in args.get("pile", "").split(",") if t) if c][-60:]
        walk.drawn = _card(args.get("drawn"), problems)
        walk.drawn_from = args.get("from") if args.get("from") in ("deck", "discard") else None
        slot = _int(args.get("slot"), None)
        walk.slot = slot if slot is not None and 0 <= slot < size else None
        walk.last_turn = args.get("last") == "1"
        count = min(max(_int(args.get("opps"), 0), 0), MAX_OPPONENTS)
        walk.opponents = [_cards(args.get(f"o{i + 1}", ""), size, problems) for i in range(count)]
        who, _, where = (args.get("oslot") or "").partition(":")
        who, where = _int(who, None), _int(where, None)
        if who is not None and where is not None and 0 <= who < count and 0 <= where < size:
            walk.opp_slot = (who, where)
        return walk, problems

    def to_args(self) -> dict[str, Any]:
        args: dict[str, Any] = {"size": self.size, "grid": ",".join(c or "" for c in self.grid), "step": self.step}
        if self.discard:
            args["discard"] = self.discard
        if self.pile:
            args["pile"] = ",".join(self.pile)
        if self.drawn:
            args["drawn"], args["from"] = self.drawn, self.drawn_from
        if self.slot is not None:
            args["slot"] = self.slot
        if self.last_turn:
            args["last"] = "1"
        if self.opponents:
            args["opps"] = len(self.opponents)
            for i, grid in enumerate(self.opponents):
                args[f"o{i + 1}"] = ",".join(c or "" for c in grid)
        if self.opp_slot is not None:
            args["oslot"] = f"{self.opp_slot[0]}:{self.opp_slot[1]}"
        return args

    # -- what is known ------------------------------------------------------------
    @property
    def face_down(self) -> list[int]:
        return [i for i, c in enumerate(self.grid) if c is None]

    def advisor_request(self, rules: dict, with_drawn: bool) -> dict:
        request: dict[str, Any] = {"rules": rules, "grid": list(self.grid), "discard": self.discard,
                                   "discard_pile": list(self.pile), "final_turn": self.last_turn,
                                   "opponents": [list(g) for g in self.opponents]}
        if with_drawn and self.drawn:
            request["drawn"], request["drawn_from"] = self.drawn, self.drawn_from
        return request

    # -- moves ----------------------------------------------------------------------
    def put(self, position: int, card: str) -> "Walk":
        """``card`` goes into ``position``; what it replaces goes on the discard pile."""
        walk = replace(self, grid=list(self.grid), pile=list(self.pile), drawn=None, drawn_from=None)
        replaced = walk.grid[position]
        walk.grid[position] = card
        if replaced is None:
            walk.step, walk.slot = "reveal", position  # ask what the face-down card was
        else:
            walk._to_pile(replaced)
        return walk

    def throw(self) -> "Walk":
        """The drawn card goes on the discard pile."""
        walk = replace(self, grid=list(self.grid), pile=list(self.pile), drawn=None, drawn_from=None)
        walk._to_pile(self.drawn)
        return walk

    def opponent_card(self, card: str | None) -> "Walk":
        """The selected opponent's card (``None``: face down after all); the keypad is done with it."""
        who, where = self.opp_slot
        opponents = [list(g) for g in self.opponents]
        opponents[who][where] = card
        return replace(self, opponents=opponents, opp_slot=None)

    def _to_pile(self, card: str) -> None:
        self.pile.append(card)
        self.discard = card
        self.slot = None
        self.step = "done" if not self.face_down else ("final" if self.last_turn else "wait")


def _int(text, default):
    try:
        return int(text)
    except (TypeError, ValueError):
        return default


def _card(text, problems: list[str]) -> str | None:
    if not text:
        return None
    try:
        return parse_card(text)
    except CardError as err:
        problems.append(err.message)
        return None


def _cards(text: str, size: int, problems: list[str]) -> list[str | None]:
    tokens = (text.split(",") if text else []) + [""] * size
    return [_card(t, problems) for t in tokens[:size]]
