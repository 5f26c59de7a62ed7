"""The Grid Golf Caddie for a real table: ``advise(view) -> dict``.

The request and the response are exactly those of ``POST /api/v1/caddie/grid``
(docs/api.md). The request is what a person at a real table knows:

``rules`` / ``preset``
    the table's rules (``rules`` fields override the preset; both optional,
    default ``standard``).
``grid``
    my cards, row-major, ``null`` where a card is face down.
``discard``
    the top card of the discard pile, or ``null`` when the pile is empty.
``discard_pile`` (optional)
    the whole pile, oldest first, its top card last (the Caddie counts them).
``opponents`` (optional)
    the other players' grids, ``null`` where face down, in playing order from
    the player after me.
``deck_size`` (optional)
    the cards left in the deck.
``final_turn`` (optional)
    ``true`` when another player has gone out and this is my last turn (an
    opponent's grid with every card face up says so too).
``drawn`` / ``drawn_from`` (optional)
    the card I hold and where it came from, ``deck`` or ``discard``.

The answer:

* fewer face-up cards than ``initial_flips`` and nothing drawn: ``flip``
  with ``positions`` (every card still to turn up);
* nothing drawn: ``take_discard`` (with the ``position`` it goes to) or ``draw``;
* a card drawn: ``swap`` with ``position``, or ``discard`` (deck draws only;
  with ``discard_flip``, ``flip`` names the face-down position to turn; where the
  flip is ``"optional"``, ``flip`` null means leave the cards as they are);
* under the turn options (docs/grid-golf.md, "House rules"), before a draw:
  ``flip`` with the ``position`` to turn up as the whole turn (``flip_as_action``),
  or ``knock`` (``early_knock``, with one or two cards face down).

Each answer has the ``expected_score`` of the hole after it, a sentence that
explains it, and the best ``alternatives`` with their expected scores.

>>> answer = advise({"preset": "bicycle", "grid": ["9", "5", None, None, None, None],
...                  "discard": "9", "opponents": [["K", "3", None, None, None, None]]})
>>> answer["action"], answer["position"]
('take_discard', 3)
>>> answer["explanation"].startswith("Take the 9 and put it bottom-left: it pairs your 9 there")
True
>>> sorted(answer)
['action', 'alternatives', 'expected_score', 'explanation', 'flip', 'position', 'positions']
>>> advise({"grid": ["9", None, None, None, None], "discard": "9"})
Traceback (most recent call last):
...
caddie.core.errors.HandError: A 6-card grid needs 6 cards; this one has 5.

Every refusal is a ``CaddieError`` with the ``field`` it is about:

>>> from caddie.core.errors import CaddieError
>>> try:
...     advise({"grid": ["K", "K", "K", "K", "K", None], "discard": "5"})
... except CaddieError as err:
...     print(err.field, "|", err)
grid[4] | 5 Kings are showing, but one deck holds only 4.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any, TypedDict

from caddie.core.errors import CaddieError, CardError, HandError, quoted
from caddie.core.grid.caddie import CLOSE_CALL, Decision, decide, margin_words
from caddie.core.grid.cards import card_shown, parse_card, plural_name
from caddie.core.grid.game import MAX_PLAYERS
from caddie.core.grid.rules import Rules, preset
from caddie.core.grid.view import SeatView

__all__ = ["advise", "advise_in_words", "seat_view", "FIELDS", "ACTIONS", "SEED"]

FIELDS = (
    "rules",
    "preset",
    "grid",
    "discard",
    "discard_pile",
    "opponents",
    "deck_size",
    "final_turn",
    "drawn",
    "drawn_from",
)
ACTIONS = ("flip", "take_discard", "draw", "swap", "discard", "knock")
ALTERNATIVES = 3  # alternatives shown
SEED = 20240601  # the Caddie's random source: the same question always gets the same answer

_KIND_TO_ACTION = {
    "take": "take_discard",
    "draw": "draw",
    "swap": "swap",
    "discard": "discard",
    "flip": "flip",
    "knock": "knock",
}


def advise(view: Mapping[str, Any]) -> dict[str, Any]:
    """The Caddie's advice for the table-side ``view`` (docs/api.md, "caddie.advisor.advise").

    Raises ``CaddieError`` (with ``field``) for a request that cannot be a real table.
    """
    request = _read(view)
    decision = decide(request["view"], random.Random(SEED))
    return _answer(decision, request)


def seat_view(view: Mapping[str, Any]) -> SeatView:
    """The table-side ``view`` (an ``advise`` request) as the Caddie decides from it: the seat's
    view an engine would give (``CaddieError`` as ``advise``). The walkthrough's review judges
    a decision from it with ``SEED``, so it decides as the advice shown then did."""
    return _read(view)["view"]


def advise_in_words(view: Mapping[str, Any]) -> dict[str, Any]:
    """``advise(view)`` and what a page shows of it (docs/caddie.md, "What the Caddie says"):

    ``say``
        the headline: the move, or two close moves and "about the same";
    ``why``
        one plain reason, no numbers;
    ``close``
        whether the best and the next option are within ``CLOSE_CALL`` points;
    ``measure``
        the name of the quantity the options are ranked on;
    ``column``
        a short name for it, as a table's heading;
    ``rows``
        the best option and the alternatives (as in ``alternatives``), each with ``move`` in
        words, ``value`` (that quantity, to 0.1; lower is better) and ``shown`` (it in words).
        The rows are in the order the Caddie ranks them, so no row shows a better number
        than the first.
    """
    request = _read(view)
    decision = decide(request["view"], random.Random(SEED))
    answer = _answer(decision, request)
    players = decision.players
    rows = []
    for index in _shown_options(decision, request):
        option = decision.options[index]
        rows.append(
            {
                "move": decision.moves[index][:1].upper() + decision.moves[index][1:],
                "value": round(option.value, 1),
                "shown": margin_words(option.value, players),
            }
        )
    second = decision.options[_shown_options(decision, request)[1]] if len(rows) > 1 else None
    answer.update(
        say=decision.say,
        why=decision.why[:1].upper() + decision.why[1:] + ("." if decision.why else ""),
        close=second is not None and second.value - decision.best.value < CLOSE_CALL,
        measure=(
            "Your expected score for the hole"
            if players <= 1
            else "Where you finish against "
            + ("the other player" if players == 2 else "the others' average")
            + ", on average"
        ),
        column="Expected score" if players <= 1 else "You finish",
        rows=rows,
    )
    return answer


# -- reading the request ---------------------------------------------------------------------


class _Request(TypedDict):
    """A request, read: the seat's view the Caddie decides from, the rules, my grid, the phase."""

    view: SeatView
    rules: Rules
    grid: list[str | None]
    phase: str


def _read(view: Mapping[str, Any]) -> _Request:
    if not isinstance(view, Mapping):
        raise CaddieError("The request must be an object with your grid and the discard pile.", "request")
    unknown = [key for key in view if key not in FIELDS]
    if unknown:
        raise CaddieError(
            f"{quoted(str(unknown[0]))} is not a Caddie field; the fields are {', '.join(FIELDS)}.",
            str(unknown[0])[:40],
        )
    rules = Rules.from_dict(view.get("rules"), base=preset(view.get("preset")))

    grid = _grid(view.get("grid"), rules, "grid", "your grid")
    opponents_in = view.get("opponents", [])
    if opponents_in is None:
        opponents_in = []
    if not isinstance(opponents_in, list):
        raise CaddieError("The opponents are a list of their grids, null where a card is face down.", "opponents")
    if len(opponents_in) > MAX_PLAYERS - 1:
        raise CaddieError(
            f"A table has at most {MAX_PLAYERS} players: at most {MAX_PLAYERS - 1} opponents.", "opponents"
        )
    opponents = [_grid(g, rules, f"opponents[{i}]", "an opponent's grid") for i, g in enumerate(opponents_in)]

    pile = view.get("discard_pile")
    if pile is not None:
        if not isinstance(pile, list):
            raise CaddieError(
                "The discard pile is a list of cards, oldest first and the top card last.", "discard_pile"
            )
        pile = [_card(c, rules, f"discard_pile[{i}]") for i, c in enumerate(pile)]
    top = view.get("discard")
    top = _card(top, rules, "discard") if top is not None else None
    if pile is None:
        pile = [top] if top is not None else []
    elif "discard" in view and (pile[-1] if pile else None) != top:
        shown = "empty" if not pile else f"the {card_shown(pile[-1])}"
        raise CaddieError(
            f"The discard is {'empty' if top is None else 'the ' + card_shown(top)}, but the top of "
            f"the discard pile you gave is {shown}.",
            "discard",
        )
    top = pile[-1] if pile else None

    drawn, drawn_from = view.get("drawn"), view.get("drawn_from")
    if drawn is not None:
        drawn = _card(drawn, rules, "drawn")
        if drawn_from is None:
            raise CaddieError('Say where the card you hold came from: drawn_from is "deck" or "discard".', "drawn_from")
    if drawn_from is not None:
        if drawn_from not in ("deck", "discard"):
            raise CaddieError(
                f'{quoted(drawn_from)} is not where a card comes from: use "deck" or "discard".', "drawn_from"
            )
        if drawn is None:
            raise CaddieError("Give the card you hold as drawn: drawn_from only says where it came from.", "drawn")

    final_turn = view.get("final_turn", False)
    if final_turn is None:
        final_turn = False
    if not isinstance(final_turn, bool):
        raise CaddieError("The final turn is true (another player has gone out) or false.", "final_turn")

    players = 1 + len(opponents)
    decks = rules.decks_for(players)
    _check_counts(rules, decks, grid, drawn, pile, opponents)

    face_up = sum(c is not None for c in grid)
    face_down = rules.cards - face_up
    flips_owed = rules.initial_flips - face_up if drawn is None else 0
    if drawn is not None and face_up < rules.initial_flips:
        raise CaddieError(
            f"Turn up your first {rules.initial_flips} cards before you draw: your grid shows {face_up}.", "drawn"
        )
    if face_down == 0:
        raise CaddieError("All your cards are face up: you have gone out, so your hole is over.", "grid")
    if final_turn and not opponents:
        raise CaddieError("A final turn comes after another player goes out: give the opponents' grids.", "final_turn")
    # an opponent with every card face up has gone out: this is my last turn
    final_turn = final_turn or any(all(c is not None for c in g) for g in opponents)

    visible = (
        len(pile)
        + rules.cards
        - face_down
        + sum(sum(c is not None for c in g) for g in opponents)
        + (drawn is not None)
    )
    hidden = decks * rules.deck_size - visible
    others_down = sum(sum(c is None for c in g) for g in opponents)
    deck_size = view.get("deck_size")
    if deck_size is not None:
        if type(deck_size) is not int or deck_size < 0:
            raise CaddieError(
                "The deck size is the number of cards left in the deck: a whole number, 0 or more.", "deck_size"
            )
        room = hidden - face_down - others_down
        if deck_size > room:
            raise CaddieError(
                f"The deck cannot hold {deck_size} cards: with the cards on the table, at most {room} are left.",
                "deck_size",
            )
    else:
        deck_size = max(0, hidden - face_down - others_down)

    legal: list[dict[str, Any]]
    if flips_owed > 0:
        phase, legal = "flip", [{"kind": "flip", "position": p} for p, c in enumerate(grid) if c is None]
    elif drawn is None:
        legal = []
        if deck_size > 0 or len(pile) > 1:
            legal.append({"kind": "draw", "position": None})
        if top is not None:
            legal.append({"kind": "take", "position": None})
        if not legal:
            raise CaddieError("There is no card to draw and no discard to take.", "deck_size")
        down = [p for p, c in enumerate(grid) if c is None]
        if rules.flip_as_action:
            legal += [{"kind": "flip", "position": p} for p in down]
        if rules.early_knock and not final_turn and 1 <= len(down) <= 2:
            legal.append({"kind": "knock", "position": None})
        phase = "turn"
    else:
        phase = "turn"
        legal = [{"kind": "swap", "position": p} for p in range(rules.cards)]
        if drawn_from == "deck":
            legal.append({"kind": "discard", "position": None})

    grids = [grid] + opponents
    out_seat = None
    if final_turn:
        done = [s for s, g in enumerate(grids) if s and all(c is not None for c in g)]
        out_seat = done[0] if done else 1
    engine_view: SeatView = {
        "seat": 0,
        "rules": rules.to_dict(),
        "decks": decks,
        "phase": phase,
        "current": 0,
        "order": list(range(players)),
        "players": [{"seat": s, "grid": list(g)} for s, g in enumerate(grids)],
        "discard": list(pile),
        "deck_count": deck_size,
        "drawn": drawn,
        "drawn_by": 0 if drawn is not None else None,
        "drawn_from": drawn_from,
        "flips_left": max(0, flips_owed) if phase == "flip" else 0,
        "pending_flip": False,
        "went_out": out_seat,
        "final_turn": final_turn,
        "final_turns_left": 1 if final_turn else 0,
        "legal": legal,
    }
    return {"view": engine_view, "rules": rules, "grid": grid, "phase": phase}


def _grid(value: Any, rules: Rules, field: str, what: str) -> list[str | None]:
    if not isinstance(value, list):
        raise HandError(f"Give {what} as a list of {rules.cards} cards, null where a card is face down.", field)
    if len(value) != rules.cards:
        article = "An" if rules.cards == 8 else "A"
        raise HandError(
            f"{article} {rules.cards}-card grid needs {rules.cards} cards; this one has {len(value)}.", field
        )
    return [None if c is None else _card(c, rules, f"{field}[{i}]") for i, c in enumerate(value)]


def _card(value: Any, rules: Rules, field: str) -> str:
    if isinstance(value, str) and not value.strip():
        raise CardError("An empty card: use null for a face-down card.", field)
    code = parse_card(value, field=field)
    if code not in rules.ranks_in_play:
        raise CardError("Jokers are not in play under these rules (only 2s score −2).", field)
    return code


def _check_counts(
    rules: Rules,
    decks: int,
    grid: list[str | None],
    drawn: str | None,
    pile: list[str],
    opponents: list[list[str | None]],
) -> None:
    """No rank may show more often than the decks in play hold it."""
    seen: Counter[str] = Counter()
    places = [(c, f"grid[{i}]") for i, c in enumerate(grid)]
    places += [(drawn, "drawn")]
    if len(pile) == 1:
        places += [(pile[0], "discard")]
    else:
        places += [(c, f"discard_pile[{i}]") for i, c in enumerate(pile)]
    places += [(c, f"opponents[{s}][{i}]") for s, g in enumerate(opponents) for i, c in enumerate(g)]
    for card, field in places:
        if card is None:
            continue
        seen[card] += 1
        allowed = rules.copies(card, decks)
        if seen[card] > allowed:
            holds = "one deck holds" if decks == 1 else f"{decks} decks hold"
            raise HandError(f"{seen[card]} {plural_name(card)} are showing, but {holds} only {allowed}.", field)


# -- the answer ---------------------------------------------------------------------------------


def _answer(decision: Decision, request: _Request) -> dict[str, Any]:
    best = decision.options[0]
    kind = best.action.kind
    answer: dict[str, Any] = {
        "action": _KIND_TO_ACTION[kind],
        "position": None,
        "positions": None,
        "flip": None,
        "expected_score": round(best.expected_score, 2),
        "explanation": decision.explanation,
        "alternatives": [],
    }
    if request["phase"] == "flip":
        answer["positions"] = list(decision.plan)
        return answer
    if kind in ("take", "swap", "flip"):
        answer["position"] = best.position
    elif kind == "discard":
        answer["flip"] = best.flip
    for index in _shown_options(decision, request)[1:]:
        option = decision.options[index]
        action = _KIND_TO_ACTION[option.action.kind]
        position = option.position if option.action.kind in ("take", "swap", "flip") else None
        answer["alternatives"].append(
            {"action": action, "position": position, "expected_score": round(option.expected_score, 2)}
        )
    return answer


def _shown_options(decision: Decision, request: _Request) -> list[int]:
    """The indexes of the options an answer shows: the best, then up to ``ALTERNATIVES`` others,
    one per move (a discard turning up another card is the same move for the list)."""
    if request["phase"] == "flip":
        return [0]
    shown, seen = [0], set()
    for index, option in enumerate(decision.options):
        position = option.position if option.action.kind in ("take", "swap", "flip") else None
        key = (option.action.kind, position)
        if key in seen:
            continue
        seen.add(key)
        if index:
            shown.append(index)
        if len(shown) == ALTERNATIVES + 1:
            break
    return shown
