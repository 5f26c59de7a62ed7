"""The caddie's walkthrough at a real table: the state of one hole, kept in the URL.

The person taps in what they see; the page asks the advisor what to do; a tap
applies the advice. Everything about the hole travels in the query string, so
a reload keeps it and Back undoes the last step.

Steps (docs/caddie.md, "The walkthrough"):
  ``flip``     turn up cards after the deal; a card tapped fills the advised slot (or the one tapped)
  ``discard``  tap the card on top of the discard pile (the hole's first turn)
  ``advice``   the caddie says take or draw: one button takes, a card tapped is the one drawn from
               the deck, a slot tapped takes the discard there
  ``drawn``    tap the card drawn from the deck
  ``place``    the caddie says where it goes (or discard): one tap applies it (where the card
               goes over a face-down one, that tap is the card found there); a slot tapped
               puts it there instead; "Discard" throws it
  ``reveal``   tap what the face-down card you replaced (or turned up) was
  ``wait``     an opponent's turn (``turn``: which one): a card tapped is the new top of the
               discard pile; one of their slots then a card is what they put there
  ``thrown``   they put it over a face-down card: tap what they threw on the discard pile
  ``final``    the hole is over: tap the cards still face down
  ``done``     the final grid and its score

Beside the steps, the person may tap in the opponents' face-up cards (up to
``MAX_WALK_OPPONENTS`` grids, in playing order from the player after them; the
caddie counts those cards and weighs the race to go out), and, under the
``final_turn`` rule, say that someone went out and this is their final turn.

A tap the page offers for the caddie's advice carries ``plan`` (``flip:2``,
``swap:4``, ``discard:5``): the move a card tapped on the keypad completes.

A walk begun afresh also keeps its ``log``: how it began (the grid's size and the
opponents) and every tap since, in the URL as the rest of it is, so that at the hole's
end the hand can be played through again and its decisions reviewed
(``caddie.core.grid.walk_record``). Back takes the last tap off the log with the rest
of the step; a walk that did not begin afresh, or ran past ``LOG_LIMIT`` taps, keeps
none.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from caddie.core.errors import CaddieError, CardError
from caddie.core.grid.cards import parse_card
from caddie.core.grid.rules import GRID_SIZES, Rules

STEPS = ("flip", "discard", "advice", "drawn", "place", "reveal", "wait", "thrown", "final", "done")
MAX_WALK_OPPONENTS = 3  # opponents' grids the walkthrough takes (the advisor takes up to five)
TAPS = ("key", "pick", "do", "opick")  # the query arguments that are a tap, not the state
LOG_LIMIT = 300  # taps a walk's log keeps: a long hole with three opponents is about 150
# a tap in the log: each argument of it (a tap's own, and the ``plan`` it completes) as a letter
# and its value, "." between them; the taps and the start ("<size>.<opponents>") "~" between
_LOGGED = {"key": "k", "pick": "p", "do": "d", "opick": "o", "plan": "n"}
_LOG_VALUE = re.compile(r"[A-Za-z0-9:-]{1,12}")
_LOG_START = re.compile(r"([0-9]{1,2})\.([0-9])")

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
    turn: int = 0  # in ``wait`` and ``thrown``: the opponent whose turn it is
    log: list[str] | None = None  # how the walk began and its taps since (None: not kept)

    # -- the URL form ---------------------------------------------------------
    @classmethod
    def from_args(
        cls, args: Mapping[str, str], default_size: int, default_opponents: int = 0
    ) -> tuple[Walk, list[str]]:
        """Read the walk from query arguments; a damaged value is dropped with a note.
        A walk that has not started (no ``grid``, no ``opps``) sits with ``default_opponents``."""
        problems: list[str] = []
        size = _int(args.get("size"), default_size)
        if size not in GRID_SIZES:
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
        fresh = "grid" not in args and "opps" not in args
        count = min(max(_int(args.get("opps"), default_opponents if fresh else 0), 0), MAX_WALK_OPPONENTS)
        walk.opponents = [_cards(args.get(f"o{i + 1}", ""), size, problems) for i in range(count)]
        who_text, _, where_text = (args.get("oslot") or "").partition(":")
        who, where = _int(who_text, None), _int(where_text, None)
        if who is not None and where is not None and 0 <= who < count and 0 <= where < size:
            walk.opp_slot = (who, where)
        turn = _int(args.get("turn"), 0)
        walk.turn = turn if 0 <= turn < count else 0
        if walk.step == "thrown" and not count:
            walk.step = "wait"
        walk.log = _read_log(args.get("log"))
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
        if self.turn:
            args["turn"] = self.turn
        if self.log:
            args["log"] = "~".join(self.log)
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
        your grid or of an opponent's, or a step (``do``) such as applying the caddie's word,
        the tap added to its log. ``CaddieError`` (with the field) for a tap that cannot be made
        now."""
        return _logged(self, _tap(self, rules, args), args).settled(rules)

    def settled(self, rules: Rules) -> Walk:
        """The walk as ``rules`` leave it: no final turn where the hole ends as someone goes out,
        and past the flips once the rules' cards are up."""
        walk = self
        if rules.end != "final_turn" and walk.last_turn:
            walk = replace(walk, last_turn=False)
        if walk.step == "flip" and walk.size - len(walk.face_down) >= rules.initial_flips:
            walk = replace(walk, step="discard")  # every card the rules turn up is up
        return walk

    @property
    def fresh(self) -> bool:
        """Nothing tapped in yet: every card face down, nothing seen on the pile."""
        return (
            all(card is None for card in self.grid)
            and all(card is None for grid in self.opponents for card in grid)
            and self.discard is None
            and not self.pile
            and self.drawn is None
            and not self.last_turn
        )

    def with_on_pile(self, card: str, step: bool = True) -> Walk:
        """The same walk with ``card`` gone to the discard pile (and, with ``step``, your turn over)."""
        moved = replace(self, pile=list(self.pile))
        moved._to_pile(card, step)
        return moved

    def _to_pile(self, card: str, step: bool = True) -> None:
        self.pile.append(card)
        self.discard = card
        self.slot = None
        if step:  # your turn is over: the others play (from the next player), or the hole ends
            self.step = "done" if not self.face_down else ("final" if self.last_turn else "wait")
            self.turn = 0


def start_of_log(size: int, opponents: int) -> str:
    """A log's first entry: the fresh walk it began from."""
    return f"{size}.{opponents}"


def read_start(entry: str) -> tuple[int, int] | None:
    """``start_of_log``'s size and opponents, or ``None`` for anything else."""
    found = _LOG_START.fullmatch(entry)
    if found is None:
        return None
    size, opponents = int(found.group(1)), int(found.group(2))
    return (size, opponents) if size in GRID_SIZES and opponents <= MAX_WALK_OPPONENTS else None


def tap_of(entry: str) -> dict[str, str]:
    """A logged tap as the page's arguments were (``_logged`` wrote it)."""
    names = {letter: name for name, letter in _LOGGED.items()}
    return {names[part[0]]: part[1:] for part in entry.split(".") if part and part[0] in names}


def _logged(before: Walk, after: Walk, args: Mapping[str, str]) -> Walk:
    """``after`` with the tap that made it from ``before`` on its log (see the module's doc)."""
    parts = [(name, str(args.get(name) or "")) for name in _LOGGED]
    given = [(name, value) for name, value in parts if value]
    if not any(name in TAPS for name, _ in given):
        return after  # no tap: a page loaded
    if args.get("do") == "restart":  # a new hole: its own log
        return replace(after, log=[start_of_log(after.size, len(after.opponents))])
    log = before.log
    if log is None and before.fresh:
        log = [start_of_log(before.size, len(before.opponents))]
    if log is None or len(log) > LOG_LIMIT or not all(_LOG_VALUE.fullmatch(value) for _, value in given):
        return replace(after, log=None)
    return replace(after, log=[*log, ".".join(_LOGGED[name] + value for name, value in given)])


def _read_log(text: str | None) -> list[str] | None:
    """A log from the URL; ``None`` (none kept) for one that is not a log."""
    if not text:
        return None
    entries = text.split("~")
    if len(entries) > LOG_LIMIT + 1 or read_start(entries[0]) is None:
        return None
    for entry in entries[1:]:
        parts = entry.split(".")
        if not all(part[:1] in _LOGGED.values() and _LOG_VALUE.fullmatch(part[1:]) for part in parts):
            return None
    return entries


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
        return _key(walk, rules, parse_card(args["key"], field="key"), _plan(walk, args.get("plan")))
    do = args.get("do", "")
    kind, _, where = do.partition(":")
    position = _int(where, None)
    if position is not None and not 0 <= position < walk.size:
        raise CaddieError("There is no such place in your grid.", "do")
    if kind == "draw":
        return replace(walk, step="drawn")
    if kind == "take" and position is not None and walk.discard and walk.step in ("advice", "discard"):
        pile = list(walk.pile)
        if pile and pile[-1] == walk.discard:
            pile.pop()
        taken = replace(walk, pile=pile, discard=pile[-1] if pile else None)
        return taken.put(position, walk.discard)
    if kind == "swap" and position is not None and walk.drawn:
        return walk.put(position, walk.drawn)
    if kind == "discard" and walk.drawn:
        if walk.drawn_from == "discard":
            raise CaddieError("A card taken from the discard pile must go into your grid.", "do")
        thrown = walk.throw()
        if rules.discard_flip and walk.face_down:  # the rules force a card up: which one?
            if position is not None and walk.grid[position] is not None:
                raise CaddieError("That card is already face up.", "do")
            return replace(thrown, step="reveal", slot=position)
        return thrown
    if kind == "next":  # lost track of the others: straight to your turn
        return replace(walk, step="discard", drawn=None, drawn_from=None, slot=None, turn=0)
    if kind == "last":
        if rules.end != "final_turn":
            raise CaddieError("Under these rules the hole ends as soon as someone goes out.", "do")
        if not walk.last_turn and not walk.opponents:
            # the caddie weighs a final turn against the others: whoever went out is at the table
            return replace(walk, last_turn=True, opponents=[[None] * walk.size])
        return replace(walk, last_turn=not walk.last_turn)
    if kind == "end":
        return replace(walk, step="final" if walk.face_down else "done", slot=None, turn=0)
    if kind == "restart":  # a new hole at the same table: the same opponents, their cards face down
        return Walk(size=walk.size, grid=[None] * walk.size, opponents=[[None] * walk.size for _ in walk.opponents])
    if do:
        raise CaddieError("That is not a step of the walkthrough.", "do")
    return walk


def _plan(walk: Walk, text: str | None) -> tuple[str, int] | None:
    """The advised move a keypad tap completes (``flip:2``, ``swap:4``, ``discard:5``), if the
    page offered one that fits the walk; anything else is no plan."""
    kind, _, where = (text or "").partition(":")
    position = _int(where, None)
    if position is None or not 0 <= position < walk.size or walk.grid[position] is not None:
        return None
    if (kind == "flip" and walk.step == "flip") or (kind in ("swap", "discard") and walk.step == "place"):
        return kind, position
    return None


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
        assert walk.opp_slot is not None  # a key reaches here only with an opponent's slot chosen
        if walk.step == "wait" and walk.opp_slot[0] == walk.turn:
            return _their_move(walk, rules, card)
        moved = walk.opponent_card(card)
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
        step = "advice" if walk.step in ("wait", "thrown") and walk.turn >= len(fewer) and walk.discard else walk.step
        return replace(
            walk, opponents=fewer, opp_slot=None, last_turn=walk.last_turn and bool(fewer), step=step, turn=0
        )
    if do == "opp-cancel":
        return replace(walk, opp_slot=None)
    raise CaddieError("That is not a step of the walkthrough.", "do")


def _their_move(walk: Walk, rules: Rules, card: str) -> Walk:
    """In an opponent's turn: they put ``card`` in the slot chosen. If it is the card on top of
    the discard pile, they took it; the card it replaced, if it showed, went on the pile."""
    assert walk.opp_slot is not None, "one of their slots is chosen"
    who, where = walk.opp_slot
    old = walk.opponents[who][where]
    moved = walk.opponent_card(card)
    if walk.discard == card and moved.pile and moved.pile[-1] == card:
        pile = moved.pile[:-1]
        moved = replace(moved, pile=pile, discard=pile[-1] if pile else None)
    if all(c is not None for c in moved.opponents[who]):  # they went out
        if rules.end != "final_turn":
            return replace(moved, step="final" if moved.face_down else "done", slot=None, turn=0)
        moved = replace(moved, last_turn=True)
    if old is None:
        return replace(moved, step="thrown")  # what they threw is still to come
    return _next_player(moved.with_on_pile(old, step=False))


def _next_player(walk: Walk) -> Walk:
    """After an opponent's turn: the next opponent's, or yours."""
    if walk.turn + 1 < len(walk.opponents):
        return replace(walk, step="wait", turn=walk.turn + 1, opp_slot=None)
    return replace(walk, step="advice", turn=0, opp_slot=None, slot=None)


def _key(walk: Walk, rules: Rules, card: str, plan: tuple[str, int] | None = None) -> Walk:
    if card not in rules.ranks_in_play:
        raise CaddieError("Jokers are not in play under these rules.", "key")
    if walk.step in ("flip", "final"):
        slot = walk.slot
        if slot is None and plan is not None:
            slot = plan[1]
        if slot is None:
            slot = walk.face_down[0] if walk.face_down else None
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
    if walk.step in ("drawn", "advice"):  # at the advice, a card tapped is the one drawn from the deck
        return replace(walk, drawn=card, drawn_from="deck", step="place")
    if walk.step == "place" and plan is not None:  # the advice, with the face-down card it meets
        kind, position = plan
        applied = walk.put(position, _held(walk)) if kind == "swap" else replace(walk.throw(), step="reveal")
        return _key(replace(applied, slot=position), rules, card)
    if walk.step in ("wait", "thrown"):  # the card now on top of the discard pile
        return _next_player(walk.with_on_pile(card, step=False))
    if walk.step == "reveal" and walk.slot is not None:
        if walk.grid[walk.slot] is None:  # a card the rules made you turn up stays in the grid
            grid = list(walk.grid)
            grid[walk.slot] = card
            turned = replace(walk, grid=grid, slot=None)
            return replace(turned, step="done" if not turned.face_down else ("final" if walk.last_turn else "wait"))
        return walk.with_on_pile(card)  # the card you replaced went to the discard pile
    if walk.step == "reveal":
        raise CaddieError("Tap the card you turned up first, then what it shows.", "key")
    raise CaddieError("The caddie is not asking for a card just now.", "key")


def _held(walk: Walk) -> str:
    assert walk.drawn is not None, "a card is in hand in the place step"
    return walk.drawn
