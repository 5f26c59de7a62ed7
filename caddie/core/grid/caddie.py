"""The Caddie: the strong Grid Golf advisor, for any rules.

    decide(view, rng) -> Decision

``view`` is a seat's information state (``GridMatch.view(seat)``: its own
grid with face-down cards as ``None``, the other grids, the discard pile, the
deck count, the card it holds). The Caddie decides every choice of a hole from
it alone: which cards to turn up after the deal, whether to take the discard
or draw, where a card goes or whether to throw it away, and which card to turn
up after a discard under ``discard_flip``.

How it decides
--------------
*Counting* (``caddie_knowledge.Knowledge``). The cards it has not seen are the decks in play minus every card
it can see (grids, discard pile, the card in hand). Nobody, the owner
included, knows a face-down card, so every face-down card and the deck are a
uniform shuffle of those unseen cards: that is the exact belief.

*A first look.* Each legal option is scored by how it changes the expected
points of the grid (a face-down card is worth the unseen average, a column
with one known card gains the chance that its partner pairs, a drawn card is
averaged over the unseen cards with the best follow-up for each). The best
few options go on; a clearly worse one is dropped.

*Playing the hole out.* For the options left, it deals the unseen cards
many times (the same deals for every option, so the comparison is fair) and
plays the rest of the hole out for every player with a fast player
(``fast_player``; also a computer level, ``"caddie-fast"``). The fast player counts cards like the
Caddie; it puts a card where it lowers its expected points most, counting a
face-down card turned up as worth ``TEMPO`` points more (each one brings it a
card closer to going out, and a face-down card still down when the hole ends
counts in full); it takes the discard only when that is clearly better than a
draw (``TAKE_GAIN``); and it will not turn up its last card to end a hole in
which it trails another player's expected score. An option is worth the
average, over those deals, of my final hole score minus the average of the
other players' (my own score alone when I play alone). So it weighs, without
special rules, what the issue asks: a pair now against a lower card later;
the race to go out, and when not to (an opponent one card from going out,
``immediate`` against ``final_turn``); the risk of being caught with cards
face down; and what a discard hands the next player. Options that are
clearly worse than the best after a few deals stop being played, so the
deals go to the close calls.

*Ending in a learned value.* Under two-row grids a played-out hole stops two
rounds past the option and each seat's score is taken from a value learned
from the fast player's own games (``caddie.core.grid.learned``;
docs/learned-value.md): the grid's exact expectation now, plus what the rest
of the hole will likely still do to it. The far end of a hole is where a
play-out's noise comes from, so each deal tells the options apart better, and
costs a few turns instead of a whole hole.

The work is bounded (a fixed number of simulated turns per decision, at most
``TURN_BUDGET``, twice that under nine cards), so one decision takes a few
tens of milliseconds, and the same view and the same random source always
give the same decision.

The computer level ``"caddie"`` in ``caddie.core.grid.players``.

>>> import random
>>> from caddie.core.grid.game import GridMatch
>>> from caddie.core.grid.rules import Rules
>>> m = GridMatch.new(Rules(initial_flips=0), ["Ann", "Cpu"], seed=3)
>>> d = decide(m.view(0), random.Random(1))
>>> d.action.kind in ("draw", "take"), d.explanation[:4] in ("Draw", "Take")
(True, True)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from caddie.core.errors import CaddieError
from caddie.core.grid.cards import RANKS, card_shown, plural_code
from caddie.core.grid.fast_player import (
    TAKE_GAIN,
    DealtHole,
    best_place,
    draw_card,
    end_turn,
    final_scores,
    finish,
    flip_choice,
    leaf_scores,
    place,
    play_until,
    turn_up,
)
from caddie.core.grid.game import DISCARD, DRAW, TAKE, Action, position_name
from caddie.core.grid.knowledge import DOWN, Knowledge
from caddie.core.grid.moves import Move
from caddie.core.grid.rules import Rules
from caddie.core.grid.scoring import score_grid
from caddie.core.grid.view import DecisionView

__all__ = [
    "decide",
    "evaluate",
    "same_move",
    "signed",
    "margin_words",
    "Decision",
    "Option",
    "Knowledge",
    "caddie",
    "fast",
    "TURN_BUDGET",
    "CLOSE_CALL",
]

TURN_BUDGET = 9000  # simulated player turns per decision, over all options and deals
MIN_DEALS, MAX_DEALS = 16, 240  # played-out deals per option
BATCH = 8  # deals between checks for options clearly worse than the best
DROP_SIGMAS = 2.5  # an option is dropped when it is worse by this many standard errors
DROP_MARGIN = 0.25  # ... and by more than this many points
KEEP_OPTIONS = 4  # options played out after the first look
CLEAR_GAP = 6.0  # a first-look gap (points) past which an option is dropped
# columns of three (nine cards) have no learned value (docs/learned-value.md, "Nine cards"); their
# play-outs get this many times the turns and deals: twice bought +1.9 points a hole against Steady
# (bench/RESULTS.md, issue 37) for a decision's p99 of 68 ms on the source (bench/caddie_latency.py)
TALL_SEARCH = 2
# where a learned value is shipped (caddie.core.grid.learned): the rounds a deal is played past
# my move before it ends in the value (bench/caddie_strength.py: 1, 2 and 4 measured, 2 best)
LEAF_ROUNDS = 2


# -- results --------------------------------------------------------------------------


@dataclass(frozen=True)
class Option:
    """One considered move: the action, where a taken card would go (``position``
    for a take), which card a discard turns up (``flip``), and its worth.

    ``expected_score`` is my expected hole score after it; ``value`` what the
    Caddie minimises: that score minus the other players' average (the same as
    ``expected_score`` when playing alone)."""

    action: Action
    expected_score: float
    value: float
    position: int | None = None
    flip: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "action": self.action.to_dict(),
            "position": self.position,
            "flip": self.flip,
            "expected_score": round(self.expected_score, 2),
            "value": round(self.value, 2),
        }


@dataclass(frozen=True)
class Decision:
    """The chosen action, every option considered (best first) and why."""

    action: Action
    options: tuple[Option, ...]
    explanation: str
    plan: tuple[int, ...] = ()  # after the deal: every card still to turn up, in order
    say: str = ""  # the headline: the move, or two close moves and "about the same"
    why: str = ""  # one plain reason, no numbers
    moves: tuple[str, ...] = ()  # each option in words, in the order of ``options``
    players: int = 1  # at the table: with others, ``value`` is a margin over them

    @property
    def best(self) -> Option:
        return self.options[0]

    @property
    def expected_score(self) -> float:
        return self.options[0].expected_score


# -- options ---------------------------------------------------------------------------------

# An internal option: (kind, position, flip). kind: "take" (position: where it goes), "draw",
# "swap", "discard" (flip: the card turned up under discard_flip, or None), "flip".


def _at(option: Move) -> int:
    """The position of a take, a swap or a flip (each names one)."""
    assert option.position is not None, f"a {option.kind} names its position"
    return option.position


def _held(k: Knowledge) -> int:
    """The card in hand, for a decision about it (a swap or a discard)."""
    assert k.drawn is not None, "a swap or a discard needs a card in hand"
    return k.drawn


def _top(k: Knowledge) -> int:
    """The top of the discard pile, for a take (a take needs one)."""
    assert k.top is not None, "a take needs a discard"
    return k.top


def _first_look(k: Knowledge) -> list[tuple[float, Move]]:
    """(static worth, option) of every legal option: the change in my grid's expected points
    (lower is better; a draw averaged over the unseen cards with its best follow-up)."""
    view, mine = k.view, k.mine
    legal = {(a["kind"], a.get("position")) for a in view.get("legal") or ()}
    kinds = {kind for kind, _ in legal}
    out: list[tuple[float, Move]] = []
    down = k.down(mine)
    if k.drawn is None and not view.get("pending_flip"):
        if "take" in kinds and k.top is not None:
            for p in range(k.size):
                out.append((-k.gain(mine, k.top, p), Move("take", p, None)))
        if "draw" in kinds:
            worth = 0.0
            for r in k.in_play:
                if k.p[r]:
                    best = min([-k.gain(mine, r, p) for p in range(k.size)] + [0.0])
                    worth += k.p[r] * best
            out.append((worth, Move("draw", None, None)))
        # the turn options (docs/grid-golf.md, "House rules"): a flip as the whole turn, an
        # early knock; the play-outs weigh them like any other move
        out += [(0.0, Move("flip", p, None)) for p in down if ("flip", p) in legal]
        if "knock" in kinds:
            out.append((0.0, Move("knock", None, None)))
        return out
    if view.get("pending_flip"):
        flips = [(0.0, Move("flip", p, None)) for p in down if ("flip", p) in legal]
        return flips + [(0.0, Move("pass", None, None))] * (("pass", None) in legal)
    drawn = _held(k)
    for p in range(k.size):
        out.append((-k.gain(mine, drawn, p), Move("swap", p, None)))
    if ("discard", None) in legal:
        if k.rules.discard_flip and down:
            for p in down:
                out.append((0.0, Move("discard", None, p)))
        if not k.rules.discard_flip or not down or k.rules.discard_flip == "optional":
            out.append((0.0, Move("discard", None, None)))
    return out


def _shortlist(k: Knowledge, looked: list[tuple[float, Move]]) -> list[Move]:
    """The options worth playing out: the best few at first look, plus the best of each
    kind of move (so that going out and not going out, a take and a draw, a face-down
    card and a face-up one, are always compared), dropping what is clearly worse."""
    looked = sorted(looked, key=lambda wo: (wo[0], _order_key(wo[1])))
    unique, seen = [], set()
    for worth, option in looked:  # columns are interchangeable, and so are a column's two cards
        key = _same_as(k, option)
        if key not in seen:
            seen.add(key)
            unique.append((worth, option))
    looked = unique
    best = looked[0][0]
    chosen: list[Move] = []

    def add(option: Move) -> None:
        if option not in chosen:
            chosen.append(option)

    for _, option in looked[:KEEP_OPTIONS]:
        add(option)
    groups: dict[tuple[object, ...], Move] = {}
    mine = k.mine
    for worth, option in looked:
        kind, p, flip = option
        group: tuple[object, ...]
        if kind in ("take", "swap"):
            p = _at(option)
            group = (kind, mine[p] == DOWN, any(mine[q] == DOWN for q in k.mates[p]))
        elif kind == "discard":
            group = (kind, flip is not None and any(k.mine[q] == DOWN for q in k.mates[flip]))
        else:
            group = (kind,)
        if group not in groups and worth <= best + CLEAR_GAP:
            groups[group] = option
    for option in groups.values():
        add(option)
    return chosen


def _same_as(k: Knowledge, option: Move) -> tuple[object, ...]:
    """What makes options different: two placements are the same move when the card they
    replace and its column partner are the same (the grid scores column by column)."""
    kind, p, flip = option
    mine, mates = k.mine, k.mates

    def column(q: int) -> tuple[int, ...]:  # the rest of q's column, in any order
        return tuple(sorted(mine[m] for m in mates[q]))

    if kind in ("take", "swap"):
        p = _at(option)
        return kind, mine[p], column(p)
    if kind == "discard":
        return kind, None if flip is None else column(flip)
    if kind == "flip":
        return kind, column(_at(option))
    return (kind,)


def _order_key(option: Move) -> tuple[int, int, int]:
    kind, p, flip = option
    return (
        {"draw": 0, "take": 1, "swap": 1, "discard": 2, "flip": 1, "knock": 1, "pass": 2}[kind],
        p if p is not None else -1,
        flip if flip is not None else -1,
    )


def _play_out(k: Knowledge, options: list[Move], rng: random.Random) -> list[tuple[float, float]]:
    """(expected score, value) of each option, over the same deals for every option.

    Deals come in batches; after each batch an option clearly worse than the best (by
    the paired differences over the same deals) stops being played, so the budget goes
    to the close calls. Where a learned value is shipped for the rules, each deal is played
    ``LEAF_ROUNDS`` rounds past my move and ends in it (``_run_option``)."""
    view = k.view
    n, me = k.n, k.seat
    # how long a played-out hole runs: about until the player nearest to going out is done
    if view.get("final_turn"):
        length = max(1, view.get("final_turns_left") or 1)
    else:
        nearest = min(g.count(DOWN) for g in k.grids)
        length = n * (2 + 2 * nearest)
    if k.learned:
        length = min(length, LEAF_ROUNDS * n + 1)
    search = TALL_SEARCH if k.rows == 3 else 1
    budget = max(MIN_DEALS * len(options), search * TURN_BUDGET // max(1, length))  # option-deals
    # ... and the turns actually played, weighted by what a turn costs under these rules, stay
    # within the budget too: holes can run far longer than ``length`` guesses
    turn_cap, turns = search * TURN_BUDGET / k.turn_cost, 0
    # the face-down places of every seat, in a fixed order; the deck is the rest
    places = [(s, p) for s in range(n) for p, c in enumerate(k.grids[s]) if c == DOWN]
    unseen = k.unseen
    seed = rng.getrandbits(32)
    mine_of: list[list[float]] = [[] for _ in options]
    value_of: list[list[float]] = [[] for _ in options]
    active = list(range(len(options)))
    spent = deal = 0
    while deal < search * MAX_DEALS and ((spent + len(active) <= budget and turns < turn_cap) or deal < MIN_DEALS):
        cards = list(unseen)
        random.Random(seed * 7919 + deal).shuffle(cards)
        while len(cards) < len(places):  # fewer unseen cards than places (never in play)
            cards += cards or [k.in_play[0]]
        true = [list(g) for g in k.grids]
        for i, (s, p) in enumerate(places):
            true[s][p] = cards[i]
        deck = cards[len(places) :]
        for j in active:
            h = DealtHole(k, [list(t) for t in true], list(deck), seed * 31 + deal)
            scores = _run_option(k, h, options[j])
            turns += h.turns
            mine = scores[me]
            mine_of[j].append(mine)
            value_of[j].append(mine - (sum(scores) - mine) / (n - 1) if n > 1 else mine)
        spent += len(active)
        deal += 1
        if deal % BATCH == 0 and deal >= MIN_DEALS and len(active) > 1:
            active = _still_close(value_of, active, deal)
            if len(active) == 1:
                break
    return [(sum(m) / len(m), sum(v) / len(v)) for m, v in zip(mine_of, value_of)]


def _still_close(value_of: list[list[float]], active: list[int], deals: int) -> list[int]:
    """The options not clearly worse than the best so far (paired over the last ``deals`` deals)."""
    means = {j: sum(value_of[j][-deals:]) / deals for j in active}
    best = min(active, key=lambda j: means[j])
    keep = []
    for j in active:
        if j == best:
            keep.append(j)
            continue
        diffs = [a - b for a, b in zip(value_of[j][-deals:], value_of[best][-deals:])]
        mean = sum(diffs) / deals
        var = sum((d - mean) ** 2 for d in diffs) / (deals - 1)
        if mean - DROP_SIGMAS * (var / deals) ** 0.5 <= DROP_MARGIN:
            keep.append(j)
    return keep


def _run_option(k: Knowledge, h: DealtHole, option: Move) -> list[float]:
    """Play my ``option`` in the dealt-out hole and the hole on: the scores by seat, exact
    where the hole ends, else as the learned value expects them ``LEAF_ROUNDS`` rounds on
    (where one is shipped for the rules: ``Knowledge.learned``)."""
    over = _play_option(k, h, option)
    if not over and k.learned:
        if not play_until(k, h, h.turns + LEAF_ROUNDS * k.n):
            return leaf_scores(k, h)
    elif not over:
        finish(k, h)
    return [float(x) for x in final_scores(k, h)]


def _play_option(k: Knowledge, h: DealtHole, option: Move) -> bool:
    """Play my ``option`` in the dealt-out hole and finish my turn as the fast player would
    (after one of my first flips: the rest of the first flips, and the hole to its end);
    True when the hole is over."""
    kind, p, flip = option
    me = k.seat
    if kind == "flip" and k.view.get("phase") == "flip":
        turn_up(k, h, me, _at(option))
        _finish_flips(k, h)
        return True
    if kind == "flip":  # the flip after a discard, or a flip as the whole turn
        turn_up(k, h, me, _at(option))
    elif kind == "knock":
        for q in k.down(k.mine):
            turn_up(k, h, me, q)
    elif kind == "take":
        place(k, h, me, h.disc.pop(), _at(option))
    elif kind == "swap":
        place(k, h, me, _held(k), _at(option))
    elif kind == "discard":
        h.disc.append(_held(k))
        if flip is not None:
            turn_up(k, h, me, flip)
    elif kind == "draw":
        card = draw_card(h)
        gain, q = best_place(k, h, me, card)
        if q >= 0 and gain > 0:
            place(k, h, me, card, q)
        else:
            h.disc.append(card)
            if k.rules.discard_flip and h.ndown[me]:
                turn_up(k, h, me, flip_choice(k, h, me))
    return end_turn(k, h, me)


def _finish_flips(k: Knowledge, h: DealtHole) -> None:
    """After one of my initial flips: the rest of the initial flips, then the hole."""
    me = k.seat
    owed = (k.view.get("flips_left") or 1) - 1
    for i in range(k.order.index(me), k.n):
        s = k.order[i]
        for _ in range(owed if s == me else k.rules.initial_flips):
            turn_up(k, h, s, flip_choice(k, h, s))
    h.pos = 0
    finish(k, h)


# -- initial flips ----------------------------------------------------------------------------


def _initial_flips(k: Knowledge, count: int) -> list[int]:
    """The cards to turn up after the deal: one per column, top row first (each known
    card is a pair waiting for its match, and a column with one known card can still be
    paired by filling its face-down card); then any face-down card."""
    grid, w = list(k.mine), k.width
    plan: list[int] = []
    for _ in range(max(0, min(count, grid.count(DOWN)))):
        fresh = [p for p in range(k.size) if grid[p] == DOWN and k.all_down(grid, p)]
        tops = [p for p in fresh if p < w]
        p = (tops or fresh or [q for q in range(k.size) if grid[q] == DOWN])[0]
        plan.append(p)
        grid[p] = 0  # known from now on (its card does not matter to the plan)
    return plan


# -- the decision ------------------------------------------------------------------------------


def decide(view: DecisionView, rng: random.Random) -> Decision:
    """The Caddie's choice for the seat whose ``view`` this is (it must be its turn)."""
    if not view.get("legal") or view.get("phase") not in ("flip", "turn"):
        raise CaddieError("There is nothing to decide: it is not this player's turn.", "seat")
    k = Knowledge(view)
    if view.get("phase") == "flip":
        plan = _initial_flips(k, view.get("flips_left") or 1)
        score, value = _play_out(k, [Move("flip", plan[0], None)], rng)[0]
        names = " and ".join(position_name(p, k.size) for p in plan)
        say = f"Turn up {names}"
        why = "one card in each column gives the cards you draw the most chances to pair"
        flip = Move("flip", plan[0], None)
        text = f"{say}: {why}. {_numbers(k, [(flip, (score, value))])}"
        return Decision(
            Action.flip(plan[0]),
            (Option(Action.flip(plan[0]), score, value, position=plan[0]),),
            text,
            tuple(plan),
            say=say,
            why=why,
            moves=(say,),
            players=k.n,
        )
    looked = _first_look(k)
    if not looked:
        raise CaddieError("There is nothing to decide: it is not this player's turn.", "seat")
    options = _shortlist(k, looked)
    results = _play_out(k, options, rng)
    ranked = sorted(zip(options, results), key=lambda orr: (round(orr[1][1], 9), _order_key(orr[0])))
    ranked = _seen_better_first(k, ranked)
    opts = tuple(_option(o, r) for o, r in ranked)
    action = opts[0].action
    say, why, text = _explain(k, ranked)
    moves = tuple(_describe(k, o) for o, _ in ranked)
    return Decision(action, opts, text, say=say, why=why, moves=moves, players=k.n)


# -- near ties: the move a person can see is better ---------------------------------------------
# The play-outs are estimates over a few hundred deals at most, so two options less than
# ``CLOSE_CALL`` apart are about the same. Between those, the tie goes to the option that is
# better by what a person can see: the one that leaves fewer points showing in the grid, with
# the same cards face down (discarding a Q rather than putting it over a face-up 7).

Ranked = list[tuple[Move, tuple[float, float]]]


def _seen_after(k: Knowledge, option: Move) -> tuple[tuple[int, ...], int] | None:
    """What a person sees of their own grid after ``option``: (its face-down places, the points
    of its face-up cards), or None where the outcome cannot be seen yet (a draw, a card turned
    up, a knock)."""
    grid = list(k.mine)
    if option.kind == "swap":
        grid[_at(option)] = _held(k)
    elif option.kind == "take":
        grid[_at(option)] = _top(k)
    elif option.kind != "discard" or option.flip is not None:
        return None
    down = tuple(p for p, c in enumerate(grid) if c == DOWN)
    shown = [None if c == DOWN else RANKS[c] for c in grid]
    return down, score_grid(shown, k.rules).total


def _beats(k: Knowledge, a: Move, b: Move) -> bool:
    """Whether ``a`` is visibly better than ``b``: the same cards stay face down, fewer points show."""
    seen_a, seen_b = _seen_after(k, a), _seen_after(k, b)
    return seen_a is not None and seen_b is not None and seen_a[0] == seen_b[0] and seen_a[1] < seen_b[1]


def _seen_better_first(k: Knowledge, ranked: Ranked) -> Ranked:
    """``ranked`` (best first) with the near ties ordered so that no option goes before one
    within ``CLOSE_CALL`` of the best that visibly beats it. Where that reorders the estimates,
    the options out of order share the average of their figures (the estimates under the order,
    pooled as isotonic regression pools them), so no row reads better than the advised one."""
    tied = 1
    while True:
        order = _unbeaten_first(k, ranked[:tied])
        pooled = _pooled(order)
        best = pooled[0][1][1]
        grown = tied + sum(1 for _, (_, value) in ranked[tied:] if value - best < CLOSE_CALL)
        if grown == tied:
            return pooled + ranked[tied:]
        tied = grown


def _unbeaten_first(k: Knowledge, tied: Ranked) -> Ranked:
    """The tied options in their order, except that each goes after every option that beats it
    in sight (visible dominance is a strict order, so one option is always unbeaten)."""
    left, order = list(tied), []
    while left:
        pick = next(r for r in left if not any(_beats(k, o[0], r[0]) for o in left))
        order.append(pick)
        left.remove(pick)
    return order


def _pooled(order: Ranked) -> Ranked:
    """The options in ``order`` with their figures pooled wherever the values go down the list
    (pool-adjacent-violators): each pooled run takes its mean expected score and mean value."""
    runs: list[Ranked] = []
    for item in order:
        runs.append([item])
        while len(runs) > 1 and _mean_value(runs[-2]) > _mean_value(runs[-1]):
            last = runs.pop()
            runs[-1] = runs[-1] + last
    out: Ranked = []
    for run in runs:
        if len(run) == 1:
            out += run
            continue
        score = sum(result[0] for _, result in run) / len(run)
        value = _mean_value(run)
        out += [(option, (score, value)) for option, _ in run]
    return out


def _mean_value(run: Ranked) -> float:
    return sum(result[1] for _, result in run) / len(run)


def _option(option: Move, result: tuple[float, float]) -> Option:
    kind, p, flip = option
    if kind == "take":
        return Option(TAKE, result[0], result[1], position=p)
    if kind == "draw":
        return Option(DRAW, result[0], result[1])
    if kind == "swap":
        return Option(Action.swap(_at(option)), result[0], result[1], position=p)
    if kind == "discard":
        return Option(DISCARD, result[0], result[1], flip=flip)
    if kind in ("knock", "pass"):
        return Option(Action(kind), result[0], result[1])
    return Option(Action.flip(_at(option)), result[0], result[1], position=p)


# -- explanations -----------------------------------------------------------------------------
# What the Caddie says is what it optimises (docs/caddie.md, "What the Caddie says"): the headline
# names the move, one sentence says why in words, and the only numbers are the quantity the options
# are ranked on (``value``), said as points ahead of or behind the others when there are others.

CLOSE_CALL = 0.25  # points of ``value`` under which the best and the next option are "about the same"


def signed(x: float, places: int = 1) -> str:
    """``x`` to ``places`` decimals with a real minus sign (U+2212), never "−0.0"."""
    text = f"{x:.{places}f}"
    if text.startswith("-"):
        text = "0." + "0" * places if float(text) == 0 else "\u2212" + text[1:]
    return text


def margin_words(value: float, players: int) -> str:
    """The optimised quantity in words: "2.1 ahead", "0.4 behind", "level" (with others), or
    the expected hole score itself (alone). Monotone in ``value``: a lower value never reads worse."""
    if players <= 1:
        return signed(value)
    shown = round(value, 1)
    if shown <= -0.05:
        return f"{-shown:.1f} ahead"
    if shown >= 0.05:
        return f"{shown:.1f} behind"
    return "level"


def _name(card: int) -> str:
    """A card held as a rank index, as a sentence names it."""
    return card_shown(RANKS[card])


def _what_it_does(k: Knowledge, card: int, p: int) -> str:
    mine = k.mine
    rest = {mine[q] for q in k.mates[p]}  # the rest of the column
    old = mine[p]
    made = k.set_gain(mine, card, p) if k.set_bonus else 0.0
    if made > 0:  # the bonus is what makes the move (docs/caddie.md, "What the Caddie says")
        rank = Rules.match_rank(RANKS[card])
        parts = ["four of a kind"] * k.rules.four_of_a_kind + ["the Wolfpack"] * (k.rules.wolfpack and rank == "J")
        verb = "are" if len(parts) > 1 else "is"
        return f"it makes four {plural_code(rank)}: {' and '.join(parts)} {verb} worth −{made:.0f}"
    if rest == {card} and old != card:
        return f"it pairs your {_name(card)} there" if k.rows == 2 else f"it completes your column of {_name(card)}s"
    if old == DOWN:
        if k.gain(mine, card, p) > 0:
            return f"a {_name(card)} is lower than a face-down card is likely to be"
        return "one card closer to going out"
    if rest == {old}:
        return f"it replaces your {_name(old)}, breaking the {_name(old)} " + ("pair" if k.rows == 2 else "column")
    return f"it replaces your {_name(old)}"


def _goes_out(k: Knowledge, option: Move) -> bool:
    kind, p, flip = option
    down = k.down(k.mine)
    if kind in ("take", "swap"):
        return down == [p]
    if kind in ("discard", "flip"):
        return len(down) == 1 and (flip is not None or kind == "flip")
    return kind == "knock"


def _describe(k: Knowledge, option: Move) -> str:
    kind, _, flip = option
    if kind == "take":
        return f"take the {_name(_top(k))} and put it {position_name(_at(option), k.size)}"
    if kind == "draw":
        return "draw from the deck"
    if kind == "swap":
        return f"put the {_name(_held(k))} {position_name(_at(option), k.size)}"
    if kind == "discard":
        text = f"discard the {_name(_held(k))}"
        return text + (f" and turn up {position_name(flip, k.size)}" if flip is not None else "")
    if kind == "knock":
        return "knock: turn up your last cards"
    if kind == "pass":
        return "leave your cards as they are"
    return f"turn up {position_name(_at(option), k.size)}"


def _or_words(k: Knowledge, best: Move, alt: Move) -> str:
    """Two close options in a few words, best first: "Put the K top-right or discard it",
    "Take the 9 or draw", "Put the K top-right or top-middle"."""
    pair = (best.kind, alt.kind)
    if pair == ("swap", "discard"):
        return f"Put the {_name(_held(k))} {position_name(_at(best), k.size)} or discard it"
    if pair == ("discard", "swap"):
        return f"Discard the {_name(_held(k))} or put it {position_name(_at(alt), k.size)}"
    if pair == ("take", "draw"):
        return f"Take the {_name(_top(k))} or draw"
    if pair == ("draw", "take"):
        return f"Draw or take the {_name(_top(k))}"
    if best.kind == alt.kind and best.kind in ("take", "swap"):
        return f"{_describe(k, best)[:1].upper()}{_describe(k, best)[1:]} or {position_name(_at(alt), k.size)}"
    text = f"{_describe(k, best)} or {_describe(k, alt)}"
    return text[0].upper() + text[1:]


def _reason(k: Knowledge, ranked: Ranked, close: bool) -> str:
    """One plain reason for the best option, the most telling one that is true of the options
    it is weighed against: in a close call the next option alone, otherwise all of them."""
    best = ranked[0][0]
    compared = ranked[1:2] if close else ranked[1:]
    kind = best.kind
    if _goes_out(k, best):
        if k.rules.end == "final_turn" and k.n > 1 and not k.view.get("final_turn"):
            return "it turns up your last card; the others then get one final turn each"
        return "it turns up your last card and ends the hole"
    going_out = [v for option, (_, v) in compared if _goes_out(k, option)]
    if going_out and not k.view.get("final_turn"):
        if k.n <= 1:
            return "going out now would end your chances to lower your score"
        return "going out now would likely leave you " + _where_out_leaves(min(going_out), k.n)
    if close and compared and _beats(k, best, compared[0][0]):
        return f"that leaves fewer points showing in your grid than {_doing(k, compared[0][0])}"
    if kind == "take":
        return _what_it_does(k, _top(k), _at(best))
    if kind == "swap":
        return _what_it_does(k, _held(k), _at(best))
    if kind == "draw" and k.top is not None:
        take_best = min((-k.gain(k.mine, k.top, q) for q in range(k.size)), default=0.0)
        if take_best >= 0:
            return f"the {_name(k.top)} on the discard pile would not lower your score"
        return f"a fresh card is likely better than the {_name(k.top)} on the discard pile"
    if kind == "discard":
        drawn = _held(k)
        if all(k.gain(k.mine, drawn, q) <= 0 for q in range(k.size)):
            return f"the {_name(drawn)} would not lower your score"
        return f"the {_name(drawn)} would help too little to be worth a place"
    return ""


def _where_out_leaves(value: float, players: int) -> str:
    """Where going out (worth ``value``) leaves you, in the words of ``margin_words``."""
    words = margin_words(value, players)
    if words.endswith("behind"):
        return "behind"
    return "only level" if words == "level" else "less far ahead"


def _doing(k: Knowledge, option: Move) -> str:
    """A placement or a discard of the card in hand as a gerund: "putting it bottom-left"."""
    if option.kind in ("swap", "take"):
        return f"putting it {position_name(_at(option), k.size)}"
    return "discarding it"


def _explain(k: Knowledge, ranked: Ranked) -> tuple[str, str, str]:
    """(headline, reason, the whole explanation) for the ranked options, best first."""
    (best, (_, value)), rest = ranked[0], ranked[1:]
    head = _describe(k, best)
    head = head[0].upper() + head[1:]
    close = bool(rest) and rest[0][1][1] - value < CLOSE_CALL
    reason = _reason(k, ranked, close)
    if close:
        say = f"{_or_words(k, best, rest[0][0])}: about the same"
        why = f"slightly better to {_describe(k, best)}" + (f": {reason}" if reason else "")
        text = f"{say}. {why[0].upper()}{why[1:]}."
    else:
        say, why = head, reason
        text = f"{head}: {why}." if why else f"{head}."
    return say, why, text + " " + _numbers(k, ranked)


def _numbers(k: Knowledge, ranked: list[tuple[Move, tuple[float, float]]]) -> str:
    """The optimised quantity of the best option and the next one, in one sentence."""
    (_, (score, value)), rest = ranked[0], ranked[1:]
    if k.n <= 1:
        text = f"Expected hole score {signed(score)}"
        if rest:
            text += f"; next best, to {_describe(k, rest[0][0])}: {signed(rest[0][1][1])}"
        return text + "."
    others = "the other player" if k.n == 2 else "the others' average"
    words = margin_words(value, k.n)
    if words == "level":
        text = f"On average this leaves you level with {others}"
    else:
        amount, side = words.split(" ")
        text = f"On average this leaves you {amount} points {side}{' of' if side == 'ahead' else ''} {others}"
    if rest:
        text += f"; to {_describe(k, rest[0][0])}: {margin_words(rest[0][1][1], k.n)}"
    return text + "."


# -- the computer level ---------------------------------------------------------------------------


def caddie(view: DecisionView, rng: random.Random) -> Action:
    """The ``"caddie"`` computer level: ``decide(view, rng).action``."""
    return decide(view, rng).action


def fast(view: DecisionView, rng: random.Random) -> Action:
    """The fast player the Caddie plays holes out with, as a computer level (for benches)."""
    if not view.get("legal") or view.get("phase") not in ("flip", "turn"):
        raise CaddieError("There is nothing to decide: it is not this player's turn.", "seat")
    k = Knowledge(view)
    if view.get("phase") == "flip":
        return Action.flip(_initial_flips(k, 1)[0])
    h = DealtHole(k, [list(g) for g in k.grids], [0] * (view.get("deck_count") or 0), 0)
    me = k.seat
    if view.get("pending_flip"):
        return Action.flip(flip_choice(k, h, me))
    if k.drawn is None:
        legal = {a["kind"] for a in view["legal"]}
        if "take" in legal:
            gain, p = best_place(k, h, me, _top(k))
            if "draw" not in legal or (p >= 0 and gain >= TAKE_GAIN):
                return TAKE
        return DRAW
    gain, p = best_place(k, h, me, k.drawn)
    if p < 0:
        p = k.mine.index(DOWN) if DOWN in k.mine else 0
    if gain > 0 or k.drawn_from == "discard":
        return Action.swap(p)
    return DISCARD


# -- one given move, evaluated (for the hole review) ------------------------------------------------
# A move is an option as ``Option`` names it: (kind, position, flip), for example Move("take", 3, None),
# Move("draw", None, None), Move("swap", 0, None), Move("discard", None, 4) or Move("flip", 2, None).


def evaluate(view: DecisionView, moves: list[Move], rng: random.Random) -> list[Option]:
    """Each of ``moves`` from ``view``, played out as ``decide`` plays its options out, each over
    the same deals (one seed drawn from ``rng``), so two moves' expected scores compare fairly."""
    k = Knowledge(view)
    seed = rng.getrandbits(64)
    return [_option(move, _play_out(k, [move], random.Random(seed))[0]) for move in moves]


def same_move(view: DecisionView, a: Move, b: Move) -> bool:
    """Whether two moves from ``view`` leave the same hole (columns are interchangeable, and so
    are a column's two cards): then they cost the same."""
    k = Knowledge(view)
    return _same_as(k, a) == _same_as(k, b)
