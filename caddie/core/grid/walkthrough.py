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
``MAX_WALK_OPPONENTS`` grids, in playing order from the player after them; the
caddie counts those cards and weighs the race to go out), and, under the
``final_turn`` rule, say that someone went out and this is their final turn.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from caddie.core.errors import CaddieError, CardError
from caddie.core.grid.cards import parse_card
from caddie.core.grid.rules import Rules

STEPS = ("flip", "discard", "advice", "drawn", "place", "reveal", "wait", "final", "done")
MAX_WALK_OPPONENTS = 3  # opponents' grids the walkthrough takes (the advisor takes up to five)
TAPS = ("key", "pick", "do", "opick")  # the query arguments that are a tap, not the state

T = TypeVar("T")


@dataclass
class Walk:
    size: int
    grid: list[str | None]
    step: str = "flip"
    discard: str | None = None  # the top of the discard pile, as tapped in
    pile: list[str] = field(default_factory=list)  # cards seen going to the discard pile, oldest first
    drawn: str | None = None
    drawn_from: str | None = None  # "deck" or "discard"
    slot: int | None = None  # the slot a reveal or a tap is about
    last_turn: bool = False  # someone went out: this is the final turn
    opponents: list[list[str | None]] = field(default_factory=list)  # their grids, None face down
    opp_slot: tuple[int, int] | None = None  # (opponent, position) the keypad is filling in

    # -- the URL form ---------------------------------------------------------
    @classmethod
    def from_args(cls, args: Mapping[str, str], default_size: int) -> tuple[Walk, list[str]]:
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
        count = min(max(_int(args.get("opps"), 0), 0), MAX_WALK_OPPONENTS)
        walk.opponents = [_cards(args.get(f"o{i + 1}", ""), size, problems) for i in range(count)]
        who_text, _, where_text = (args.get("oslot") or "").partition(":")
        who, where = _int(who_text, None), _int(where_text, None)
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

    def advisor_request(self, rules: dict[str, Any], with_drawn: bool) -> dict[str, Any]:
        request: dict[str, Any] = {
            "rules": rules,
            "grid": list(self.grid),
            "discard": self.discard,
            "discard_pile": list(self.pile),
            "final_turn": self.last_turn,
            "opponents": [list(g) for g in self.opponents],
        }
        if with_drawn and self.drawn:
            request["drawn"], request["drawn_from"] = self.drawn, self.drawn_from
        return request

    # -- moves ----------------------------------------------------------------------
    def put(self, position: int, card: str) -> Walk:
        """``card`` goes into ``position``; what it replaces goes on the discard pile."""
        walk = replace(self, grid=list(self.grid), pile=list(self.pile), drawn=None, drawn_from=None)
        replaced = walk.grid[position]
        walk.grid[position] = card
        if replaced is None:
            walk.step, walk.slot = "reveal", position  # ask what the face-down card was
        else:
            walk._to_pile(replaced)
        return walk

    def throw(self) -> Walk:
        """The drawn card goes on the discard pile."""
        assert self.drawn is not None, "there is a drawn card to throw"
        walk = replace(self, grid=list(self.grid), pile=list(self.pile), drawn=None, drawn_from=None)
        walk._to_pile(self.drawn)
        return walk

    def opponent_card(self, card: str | None) -> Walk:
        """The selected opponent's card (``None``: face down after all); the keypad is done with it."""
        assert self.opp_slot is not None, "an opponent's card is selected"
        who, where = self.opp_slot
        opponents = [list(g) for g in self.opponents]
        opponents[who][where] = card
        return replace(self, opponents=opponents, opp_slot=None)

    def tap(self, args: Mapping[str, str], rules: Rules) -> Walk:
        """The walk after one tap (``args``: the page's query): a card from the keypad, a slot of
        your grid or of an opponent's, or a step (``do``) such as applying the caddie's word.
        ``CaddieError`` (with the field) for a tap that cannot be made now."""
        return _tap(self, rules, args)

    def with_on_pile(self, card: str) -> Walk:
        """The same walk with ``card`` gone to the discard pile."""
        moved = replace(self, pile=list(self.pile))
        moved._to_pile(card)
        return moved

    def _to_pile(self, card: str) -> None:
        self.pile.append(card)
        self.discard = card
        self.slot = None
        self.step = "done" if not self.face_down else ("final" if self.last_turn else "wait")


def _int(text: str | None, default: T) -> int | T:
    if text is None:
        return default
    try:
        return int(text)
    except (TypeError, ValueError):
        return default


def _card(text: str | None, problems: list[str]) -> str | None:
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


# -- a tap -----------------------------------------------------------------------------


def _tap(walk: Walk, rules: Rules, args: Mapping[str, str]) -> Walk:
    """``Walk.tap``: the tap's kind decides which part of the walk it changes."""
    if (
        args.get("opick") not in (None, "")
        or (args.get("key") and walk.opp_slot is not None)
        or args.get("do", "").startswith("opp")
    ):
        return _opponents(walk, rules, args)
    if any(args.get(a) not in (None, "") for a in TAPS):
        walk = replace(walk, opp_slot=None)  # any other tap leaves the opponents' cards alone
    if args.get("pick") not in (None, ""):
        slot = _int(args.get("pick"), None)
        if slot is not None and 0 <= slot < walk.size and walk.grid[slot] is None:
            return replace(walk, slot=slot)
        raise CaddieError("That card is already face up.", "pick")
    if args.get("key"):
        return _key(walk, rules, parse_card(args["key"], field="key"))
    do = args.get("do", "")
    kind, _, where = do.partition(":")
    position = _int(where, None)
    if kind == "draw":
        return replace(walk, step="drawn")
    if kind == "take" and position is not None and walk.discard:
        pile = list(walk.pile)
        if pile and pile[-1] == walk.discard:
            pile.pop()
        taken = replace(walk, pile=pile, discard=pile[-1] if pile else None)
        return taken.put(position, walk.discard)
    if kind == "swap" and position is not None and walk.drawn:
        return walk.put(position, walk.drawn)
    if kind == "discard" and walk.drawn:
        thrown = walk.throw()
        if position is not None and thrown.grid[position] is None:  # the rules force a card up
            return replace(thrown, step="reveal", slot=position)
        return thrown
    if kind == "next":
        return replace(walk, step="discard", drawn=None, drawn_from=None, slot=None)
    if kind == "last":
        if rules.end != "final_turn":
            raise CaddieError("Under these rules the hole ends as soon as someone goes out.", "do")
        if not walk.last_turn and not walk.opponents:
            # the caddie weighs a final turn against the table: whoever went out is at it
            return replace(walk, last_turn=True, opponents=[[None] * walk.size])
        return replace(walk, last_turn=not walk.last_turn)
    if kind == "end":
        return replace(walk, step="final" if walk.face_down else "done", slot=None)
    if kind == "restart":  # a new hole at the same table: the same opponents, their cards face down
        return Walk(size=walk.size, grid=[None] * walk.size, opponents=[[None] * walk.size for _ in walk.opponents])
    if do:
        raise CaddieError("That is not a step of the walkthrough.", "do")
    return walk


def _opponents(walk: Walk, rules: Rules, args: Mapping[str, str]) -> Walk:
    """A tap about the opponents' cards: one of their slots, a card for it, or one more or fewer."""
    if args.get("opick") not in (None, ""):
        who_text, _, where_text = args["opick"].partition(":")
        who, where = _int(who_text, None), _int(where_text, None)
        if who is None or where is None or not (0 <= who < len(walk.opponents) and 0 <= where < walk.size):
            raise CaddieError("There is no such card among the opponents'.", "opick")
        return replace(walk, opp_slot=(who, where))
    if args.get("key"):
        card = parse_card(args["key"], field="key")
        if card not in rules.ranks_in_play:
            raise CaddieError("Jokers are not in play under these rules.", "key")
        moved = walk.opponent_card(card)
        assert walk.opp_slot is not None  # opponent_card needs one
        grid = moved.opponents[walk.opp_slot[0]]
        if rules.end == "final_turn" and all(c is not None for c in grid):
            moved = replace(moved, last_turn=True)  # every card of theirs is up: they went out
        return moved
    do = args.get("do")
    if do == "opp-clear" and walk.opp_slot is not None:
        return walk.opponent_card(None)
    if do == "opp-add" and len(walk.opponents) < MAX_WALK_OPPONENTS:
        return replace(walk, opponents=[*walk.opponents, [None] * walk.size], opp_slot=None)
    if do == "opp-drop" and walk.opponents:
        fewer = walk.opponents[:-1]
        return replace(walk, opponents=fewer, opp_slot=None, last_turn=walk.last_turn and bool(fewer))
    if do == "opp-cancel":
        return replace(walk, opp_slot=None)
    raise CaddieError("That is not a step of the walkthrough.", "do")


def _key(walk: Walk, rules: Rules, card: str) -> Walk:
    if card not in rules.ranks_in_play:
        raise CaddieError("Jokers are not in play under these rules.", "key")
    if walk.step in ("flip", "final"):
        slot = walk.slot if walk.slot is not None else (walk.face_down[0] if walk.face_down else None)
        if slot is None:
            return walk
        grid = list(walk.grid)
        grid[slot] = card
        moved = replace(walk, grid=grid, slot=None)
        if walk.step == "final" and not moved.face_down:
            return replace(moved, step="done")
        return moved
    if walk.step == "discard":
        pile = list(walk.pile)
        if not pile or pile[-1] != card:
            pile.append(card)  # others played since your last turn: this card went on the pile
        return replace(walk, discard=card, pile=pile, step="advice")
    if walk.step == "drawn":
        return replace(walk, drawn=card, drawn_from="deck", step="place")
    if walk.step == "reveal" and walk.slot is not None:
        if walk.grid[walk.slot] is None:  # a card the rules made you turn up stays in the grid
            grid = list(walk.grid)
            grid[walk.slot] = card
            turned = replace(walk, grid=grid, slot=None)
            return replace(turned, step="done" if not turned.face_down else ("final" if walk.last_turn else "wait"))
        return walk.with_on_pile(card)  # the card you replaced went to the discard pile
    raise CaddieError("The caddie is not asking for a card just now.", "key")
