"""Computer players for Grid Golf.

A computer player sees exactly what a person in its seat sees: the dict
``GridMatch.view(seat)`` returns (plain JSON, no match object). It cannot
peek at face-down cards or the deck, because it is never given them.

    policy(view, rng) -> Action

The levels here (``caddie.core.grid.players`` holds every level in one table,
with the Caddie's and the benches' reference players):

``random``
    any legal action, uniformly: the yardstick the others must beat.
``beginner``
    plays like a novice: takes the discard when it is low, otherwise draws;
    puts the card over its highest face-up card or a random face-down one;
    throws away high cards, and now and then a good one. It knows that a
    matched column scores nothing, but it does not count cards, chase pairs
    or think about ending the hole. Under the turn options it now and then
    spends a turn turning a card up, and knocks early when its face-up cards
    look low.
``steady``
    a sound heuristic. It counts cards (unseen = the decks minus every card
    it can see), so it knows what a face-down card is worth on average,
    including the chance that it pairs; it compares taking the discard with
    the expected worth of a deck draw, puts each card where it lowers its
    expected score most (pairs first, then the highest card), and before
    turning up its last card it checks whether ending the hole is wise:
    under ``immediate`` it will not end a hole it would lose, under
    ``final_turn`` it goes out only with a clear lead. Under the turn options
    it weighs a flip as a turn (a step closer to going out) and an early knock
    (going out at its expected score) against taking and drawing.

>>> from caddie.core.grid.game import GridMatch
>>> from caddie.core.grid.rules import Rules
>>> m = GridMatch.new(Rules(), ["Ann", "Cpu"], seed=3)
>>> import random
>>> steady(m.view(0), random.Random(1)).kind
'flip'
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from functools import cached_property

from caddie.core.grid.cards import JACK
from caddie.core.grid.expectation import expected_column
from caddie.core.grid.game import DISCARD, DRAW, KNOCK, TAKE, Action
from caddie.core.grid.rules import Rules
from caddie.core.grid.scoring import FOUR_OF_A_KIND_POINTS, score_grid
from caddie.core.grid.view import DecisionView, deck_counts, read_rules

Policy = Callable[[DecisionView, random.Random], Action]

__all__ = ["Policy", "Seen", "beginner", "random_player", "steady"]


# -- what a seat can see, worked out once per decision ------------------------------------


class Seen:
    """The view of one seat, read for a decision: its grid, the others', and
    the cards it has not seen (the decks minus every visible card).

    The card counting (``p``, ``mean``, ``one``, ``two``) is worked out the
    first time a policy asks for it, so a level that does not count cards
    does not pay for it. ``points`` and ``columns`` are shared per rules:
    read them, never change them.
    """

    def __init__(self, view: DecisionView) -> None:
        self.view = view
        known = read_rules(view)
        self.rules = rules = known.rules
        self.points, self.columns, self.partners = known.points, known.columns, known.partners
        self.mates = known.mates
        self.tall = rules.rows == 3  # columns of three: worked out by caddie.core.grid.expectation
        seat = view["seat"]
        assert seat is not None, "a decision is a seat's, not an onlooker's"
        self.seat = seat
        self.width = rules.columns
        me = view["players"][self.seat]
        self.grid: list[str | None] = list(me["grid"])
        self.down = [p for p, card in enumerate(self.grid) if card is None]
        self.others = [p["grid"] for p in view["players"] if p["seat"] != self.seat]
        self.drawn: str | None = view["drawn"] if view["drawn_by"] == self.seat else None
        self.drawn_from: str | None = view["drawn_from"] if self.drawn is not None else None
        self.top: str | None = view["discard"][-1] if view["discard"] else None

    @cached_property
    def p(self) -> dict[str, float]:
        """The chance that an unseen card is of each rank (ranks with none left are left out)."""
        view, rules = self.view, self.rules
        visible = [*view["discard"], *(c for player in view["players"] for c in player["grid"] if c is not None)]
        if view["drawn"] is not None:
            visible.append(view["drawn"])
        shown = Counter(visible)
        unseen = {rank: n - shown[rank] for rank, n in deck_counts(rules, view["decks"]).items()}
        total = sum(n for n in unseen.values() if n > 0)
        if total == 0:  # nothing left unseen (never in practice): assume any card
            unseen, total = dict.fromkeys(rules.ranks_in_play, 1), len(rules.ranks_in_play)
        return {r: n / total for r, n in unseen.items() if n > 0}

    @cached_property
    def mean(self) -> float:
        """Expected points of one unseen card."""
        return sum(q * self.points[r] for r, q in self.p.items())

    @cached_property
    def one(self) -> dict[str, float]:
        """Expected points of a column with one card ``c`` known and the other unseen:
        both cards' points, except when the unseen card matches."""
        p, points, mean = self.p, self.points, self.mean
        return {
            c: points[c] + mean - p.get(c, 0.0) * (2 * points[c] - self.columns[c, c]) for c in self.rules.ranks_in_play
        }

    @cached_property
    def two(self) -> float:
        """Expected points of a column with both cards unseen."""
        return sum(q * self.one[r] for r, q in self.p.items())

    def column(self, a: str | None, b: str | None) -> float:
        """Expected points of a column (``None``: unseen)."""
        if a is not None and b is not None:
            return self.columns[a, b]
        if a is not None:
            return self.one[a]
        if b is not None:
            return self.one[b]
        return self.two

    def partner(self, position: int) -> int:
        return self.partners[position]

    def tall_column(self, cards: list[str | None]) -> float:
        """Expected points of a column of three (``None``: unseen)."""
        known = [c for c in cards if c is not None]
        return expected_column(known, len(cards) - len(known), self.p, self.rules)

    def expected(self, grid: list[str | None]) -> float:
        if self.tall:
            return sum(self.tall_column([grid[q] for q in column]) for column in self.rules.column_positions)
        return sum(self.column(grid[k], grid[k + self.width]) for k in range(self.width))

    def delta(self, card: str, position: int) -> float:
        """Change in my expected score if ``card`` goes to ``position`` (with the sets of four
        of a kind and Wolfpack it makes or breaks)."""
        bonus = self.set_change(card, position) if self.rules.four_of_a_kind or self.rules.wolfpack else 0.0
        if self.tall:
            others = [self.grid[q] for q in self.mates[position]]
            return self.tall_column([card, *others]) - self.tall_column([self.grid[position], *others]) + bonus
        other = self.grid[self.partner(position)]
        return self.column(card, other) - self.column(self.grid[position], other) + bonus

    def set_change(self, card: str, position: int) -> float:
        """Points a placement adds through four of a kind and Wolfpack (−20 a set it makes)."""
        after = list(self.grid)
        after[position] = card
        return float(FOUR_OF_A_KIND_POINTS) * (self._sets(after) - self._sets(self.grid))

    def _sets(self, grid: list[str | None]) -> int:
        matched = Counter(
            Rules.match_rank(first)
            for column in self.rules.column_positions
            if (first := grid[column[0]]) is not None
            and all(grid[q] is not None and Rules.match_rank(grid[q] or "") == Rules.match_rank(first) for q in column)
        )
        sets = sum(n // 2 for n in matched.values()) if self.rules.four_of_a_kind else 0
        return sets + (matched[JACK] // 2 if self.rules.wolfpack else 0)

    def in_a_match(self, position: int) -> bool:
        """Whether ``position``'s card is part of a matched column (all of it known and alike)."""
        card = self.grid[position]
        return card is not None and all(self.grid[q] == card for q in self.mates[position])

    def column_unseen(self, position: int) -> bool:
        """Whether every other card of ``position``'s column is face down."""
        return all(self.grid[q] is None for q in self.mates[position])

    def exact_after(self, card: str, position: int) -> float:
        grid = list(self.grid)
        grid[position] = card
        return self.expected(grid)

    def opponents_expected(self) -> float | None:
        """The lowest expected score among the other players (their unseen cards at expectation)."""
        if not self.others:
            return None
        return min(self.expected(g) for g in self.others)


# -- random -----------------------------------------------------------------------------


def random_player(view: DecisionView, rng: random.Random) -> Action:
    return Action.from_dict(rng.choice(view["legal"]))


# -- beginner ---------------------------------------------------------------------------


def beginner(view: DecisionView, rng: random.Random) -> Action:
    seen = Seen(view)
    pts = seen.points
    if view["phase"] == "flip" or view["pending_flip"]:
        return Action.flip(rng.choice(seen.down))
    if seen.drawn is None:
        legal = {a["kind"] for a in view["legal"]}
        if "knock" in legal and sum(pts[c] for c in seen.grid if c is not None) <= 6:
            return KNOCK  # its face-up cards look low: it goes out, whatever is still face down
        if "flip" in legal and rng.random() < 0.2:
            return Action.flip(rng.choice(seen.down))  # now and then it just turns a card up
        return TAKE if seen.top is not None and pts[seen.top] <= 3 else DRAW
    card = seen.drawn
    # the highest face-up card not in a matched column (loose: position -> card, in position order)
    loose = {p: c for p, c in enumerate(seen.grid) if c is not None and not seen.in_a_match(p)}
    highest = max(loose, key=lambda p: pts[loose[p]], default=None)
    high = pts[loose[highest]] if highest is not None else None

    if seen.rules.four_of_a_kind or seen.rules.wolfpack:  # even a beginner sees a set it can make
        making = [p for p in range(len(seen.grid)) if seen.set_change(card, p) < 0]
        if making:
            return Action.swap(making[0])

    def place() -> Action:
        # over a clearly higher face-up card, else into the unknown
        if highest is not None and high is not None and (high >= pts[card] + 3 or (high > pts[card] and not seen.down)):
            return Action.swap(highest)
        if seen.down:
            return Action.swap(rng.choice(seen.down))
        return Action.swap(highest if highest is not None else rng.randrange(len(seen.grid)))

    if seen.drawn_from == "discard":
        return place()
    if rng.random() < 0.1:
        return DISCARD  # now and then throws away a good card
    value = pts[card]
    if value <= 4:
        return place()
    if highest is not None and high is not None and high >= value + 3:
        return Action.swap(highest)
    if value <= 7 and seen.down and rng.random() < 0.8:
        return Action.swap(rng.choice(seen.down))
    return DISCARD


# -- steady -----------------------------------------------------------------------------

GO_OUT_LOSING = 0.6  # per point the hole would be lost by, when going out under "immediate"
FINAL_TURN_MARGIN = 3  # the lead wanted before going out under "final_turn"


def _go_out_cost(seen: Seen, final: float) -> float:
    """Extra cost of ending my part of the hole with ``final`` points (with the knock
    penalty and bonus, which go to the first out)."""
    view = seen.view
    if view["final_turn"]:
        return 0.0  # someone else went out: this is my last turn anyway
    rival = seen.opponents_expected()
    knock = -5.0 if seen.rules.knock_bonus else 0.0
    if rival is None:
        return knock
    if seen.rules.knock_penalty and final > rival:
        knock += 10.0
    return knock + _going_out(seen, final, rival)


def _going_out(seen: Seen, final: float, rival: float) -> float:
    """The cost of going out at ``final`` against the best rival's expected ``rival``."""
    if seen.rules.end == "immediate":
        if final > rival:
            return GO_OUT_LOSING * (final - rival) + 1.0
        return -0.2 * min(rival - final, 5)  # ending a hole I lead is mildly good
    lead_needed = rival - FINAL_TURN_MARGIN
    if final > lead_needed:
        return 0.5 * (final - lead_needed) + 1.0
    return 0.0


def _placements(seen: Seen, card: str) -> list[tuple[float, int]]:
    """(value, position) of every swap of ``card``; lower is better."""
    out = []
    last = len(seen.down) == 1
    for p in range(seen.rules.cards):
        value = seen.delta(card, p)
        if last and p == seen.down[0]:
            final = seen.exact_after(card, p)
            if seen.rules.hand_bonuses:  # the last card decides the grid's bonuses: blackjack too
                grid = list(seen.grid)
                grid[p] = card
                scored = score_grid(grid, seen.rules).total
                value += scored - final
                final = scored
            value += _go_out_cost(seen, final)
        out.append((value, p))
    return out


def _discard_value(seen: Seen) -> float:
    """Value of discarding a deck draw: nothing changes, unless a flip is forced."""
    if seen.rules.discard_flip and len(seen.down) == 1:
        # the forced flip turns up my last card: I go out at my expected score
        return _go_out_cost(seen, seen.expected(seen.grid))
    return 0.0


def _steady_flip(seen: Seen, rng: random.Random) -> Action:
    """Turn up a card in a column with nothing known yet; else any face-down card."""
    width = seen.width
    fresh = [p for p in seen.down if seen.column_unseen(p)]
    if fresh:
        # one card per column: prefer the top row, so columns fill evenly
        tops = [p for p in fresh if p < width]
        return Action.flip(rng.choice(tops or fresh))
    return Action.flip(rng.choice(seen.down))


def steady(view: DecisionView, rng: random.Random) -> Action:
    seen = Seen(view)
    if view["phase"] == "flip" or view["pending_flip"]:
        return _steady_flip(seen, rng)
    if seen.drawn is not None:
        options = _placements(seen, seen.drawn)
        if seen.drawn_from == "deck":
            options.append((_discard_value(seen), -1))
        value, position = min(options, key=lambda o: (o[0], o[1] < 0, o[1]))
        return DISCARD if position < 0 else Action.swap(position)
    # take the discard, or draw? Compare with the expected worth of a deck draw.
    legal = {a["kind"] for a in view["legal"]}
    return _steady_turn_start(seen, legal, rng)


FLIP_TURN_VALUE = -0.5  # what steady counts a whole turn spent turning up a card as worth


def _draw_value(seen: Seen) -> float:
    """The expected change in my score from a deck draw played as steady plays it."""
    discard = _discard_value(seen)
    return sum(q * min(discard, min(v for v, _ in _placements(seen, r))) for r, q in seen.p.items())


def _steady_turn_start(seen: Seen, legal: set[str], rng: random.Random) -> Action:
    """Steady at the start of its turn: the lowest of taking the discard, drawing (the expected
    worth of a deck draw), and under the turn options a flip as a turn (it changes my expected
    score by nothing, but brings me a card closer to going out; turning up my last card goes
    out) and an early knock (going out now, at my expected score). Ties go to the first of
    these; with only one of taking and drawing open, that one."""
    if "take" not in legal or "draw" not in legal:
        if not legal & {"flip", "knock"}:
            return TAKE if "take" in legal else DRAW
    choices: list[tuple[float, Action]] = []
    if "take" in legal:
        assert seen.top is not None, "a take needs a discard"  # the legal actions offer one only then
        choices.append((min(v for v, _ in _placements(seen, seen.top)), TAKE))
    if "draw" in legal:
        choices.append((_draw_value(seen), DRAW))
    if "flip" in legal:
        if len(seen.down) == 1:
            value = _go_out_cost(seen, seen.expected(seen.grid))
        else:
            value = FLIP_TURN_VALUE
        choices.append((value, _steady_flip(seen, rng)))
    if "knock" in legal:
        choices.append((_go_out_cost(seen, seen.expected(seen.grid)), KNOCK))
    return min(choices, key=lambda choice: choice[0])[1]
