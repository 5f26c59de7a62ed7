"""What a seat knows at a Grid Golf decision, read once for the Caddie (``caddie_policy``).

Grids as rank indices (``DOWN`` for a face-down card), the cards it has not
seen (the decks in play minus every card it can see: nobody, the owner
included, knows a face-down card, so they and the deck are a uniform shuffle
of those), and from them the expected points of every column state: both
cards known, one known and its partner unseen, or both unseen. Tables that
depend only on the rules are worked out once per rules and cached.
"""

from __future__ import annotations

from functools import lru_cache

from caddie.core.grid.cards import JACK, RANKS
from caddie.core.grid.expectation import expected_column
from caddie.core.grid.learned import leaf_for
from caddie.core.grid.rules import Rules
from caddie.core.grid.scoring import BLACKJACK, FOUR_OF_A_KIND_POINTS, KNOCK_BONUS_POINTS, bonuses_of, score_column
from caddie.core.grid.view import DecisionView, read_rules

DOWN = -1  # a face-down card in a grid of rank indices
RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
NRANKS = len(RANKS)


@lru_cache(maxsize=64)
def _tables(rules: Rules) -> tuple[list[int], list[list[int]], tuple[int, ...]]:
    """Points per rank index, points of every complete column (from the one scoring
    function), and the rank indices in play."""
    in_play = tuple(RANK_INDEX[r] for r in rules.ranks_in_play)
    pts = [rules.points(r) if r in rules.ranks_in_play else 0 for r in RANKS]
    col = [[0] * NRANKS for _ in range(NRANKS)]
    for a in in_play:
        for b in in_play:
            points = score_column((RANKS[a], RANKS[b]), rules).points
            assert points is not None, "a column of two known cards scores"
            col[a][b] = points
    return pts, col, in_play


@lru_cache(maxsize=64)
def _deck_counts(rules: Rules, decks: int) -> tuple[int, ...]:
    counts = [0] * NRANKS
    for r in rules.full_deck(decks):
        counts[RANK_INDEX[r]] += 1
    return tuple(counts)


# -- what the seat knows ------------------------------------------------------------------------


class Knowledge:
    """A view read for a decision: grids as rank indices (``DOWN`` face down), the
    unseen cards, and the expected points of every column state."""

    def __init__(self, view: DecisionView) -> None:
        self.view = view
        known = read_rules(view)
        self.rules = rules = known.rules
        self.pts, self.col, self.in_play = _tables(rules)
        self.size = rules.cards
        self.width = rules.columns
        self.partner = known.partners
        self.mates = known.mates
        self.rows = rules.rows
        self.column_positions = rules.column_positions
        players = view["players"]
        self.n = len(players)
        seat = view["seat"]
        assert seat is not None, "a decision is a seat's, not an onlooker's"
        self.seat = seat
        self.grids = [[RANK_INDEX[c] if c is not None else DOWN for c in p["grid"]] for p in players]
        self.mine = self.grids[self.seat]
        self.order = list(view.get("order") or range(self.n))
        self.discard = [RANK_INDEX[c] for c in view["discard"]]
        self.top = self.discard[-1] if self.discard else None
        drawn = view.get("drawn")
        held = drawn if view.get("drawn_by") == self.seat else None  # the card in my hand, if any
        self.drawn = RANK_INDEX[held] if held is not None else None
        self.drawn_from = view.get("drawn_from") if held is not None else None
        self.deck_count = view.get("deck_count")
        counts = list(_deck_counts(rules, view["decks"]))
        for grid in self.grids:
            for c in grid:
                if c != DOWN:
                    counts[c] -= 1
        for c in self.discard:
            counts[c] -= 1
        if drawn is not None:
            counts[RANK_INDEX[drawn]] -= 1
        counts = [max(0, n) for n in counts]
        total = sum(counts)
        if total == 0:  # nothing left unseen (never in play): assume any card
            counts = [1 if r in self.in_play else 0 for r in range(NRANKS)]
            total = sum(counts)
        self.counts = counts
        self.unseen = [r for r in range(NRANKS) for _ in range(counts[r])]
        self.p = [n / total for n in counts]
        pts, col = self.pts, self.col
        self.mean = sum(self.p[r] * pts[r] for r in self.in_play)
        # one known card a, its partner unseen (drawn from what is left once a is out of the unseen)
        one = [0.0] * NRANKS
        for a in self.in_play:
            one[a] = sum(self.p[b] * col[a][b] for b in self.in_play)
        # both unseen: the second drawn without the first
        two = 0.0
        if total > 1:
            for a in self.in_play:
                if counts[a]:
                    rest = total - 1
                    inner = sum((counts[b] - (b == a)) * col[a][b] for b in self.in_play) / rest
                    two += counts[a] / total * inner
        else:
            two = 2 * self.mean
        # cv[a + 1][b + 1]: expected points of a column whose cards are a and b (DOWN = -1 unseen)
        cv = [[0.0] * (NRANKS + 1) for _ in range(NRANKS + 1)]
        cv[0][0] = two
        for a in self.in_play:
            cv[a + 1][0] = cv[0][a + 1] = one[a]
            for b in self.in_play:
                cv[a + 1][b + 1] = col[a][b]
        self.cv = cv
        if self.rows == 3:  # columns of three: every state's expected points, indexed like cv
            self.tall = self._tall_table()
            # (position, its column's index, its two mates), column by column, top to bottom
            self.tall_slots: list[tuple[int, int, int, int]] = [
                (p, i, self.mates[p][0], self.mates[p][1])
                for i, column in enumerate(self.column_positions)
                for p in column
            ]
        self.immediate = rules.end == "immediate" or self.n == 1
        # a hole's scores are the column tables' sums: no hand bonus, no table adjustment
        self.plain = not rules.hand_bonuses and not rules.table_adjustments
        # how much further behind the best rival going out still pays: the knock bonus's 5 points
        self.knock_margin = float(-KNOCK_BONUS_POINTS) if rules.knock_bonus else 0.0
        # placements can make or break sets of matched columns (four of a kind, Wolfpack)
        self.set_bonus = rules.four_of_a_kind or rules.wolfpack
        # the rank index a card matches as (a one-eyed Jack as a Jack); DOWN never matches
        self.match_rank = [RANK_INDEX[Rules.match_rank(r)] for r in RANKS]
        self._column_at = {p: i for i, column in enumerate(self.column_positions) for p in column}
        self._jack = RANK_INDEX[JACK]
        # what one played-out turn costs against a plain two-row one (bench/caddie_latency.py
        # --family): nine places to weigh instead of six; the sets a placement makes or breaks
        self.turn_cost = (1.5 if self.rows == 3 else 1.0) * (2.0 if self.set_bonus else 1.0)
        # each grid's expected points as the fast player counts them: with the sets already made
        self.grid_expected = [self.expected(g) + self.set_points(g) for g in self.grids]
        # the value learned from self-play that the Caddie's play-outs end in (caddie.core.grid.learned)
        # (at a table: it is learned from holes of two to four players, and alone a hole ends only
        # when the one grid is done, which no rival's stage tells)
        leaf = leaf_for(rules) if self.n > 1 else None
        self.learned = leaf is not None
        self.leaf_pairs = leaf.pairs if leaf is not None else []
        self.leaf_tempo = leaf.tempo if leaf is not None else []

    # -- static expectations ------------------------------------------------------
    def expected(self, grid: list[int]) -> float:
        if self.rows == 3:
            tall = self.tall
            return sum(tall[grid[a] + 1][grid[b] + 1][grid[c] + 1] for a, b, c in self.column_positions)
        cv, w = self.cv, self.width
        return sum(cv[grid[k] + 1][grid[k + w] + 1] for k in range(w))

    def gain(self, grid: list[int], card: int, position: int) -> float:
        """How much putting ``card`` at ``position`` lowers the grid's expected points
        (with the sets of four of a kind and Wolfpack it makes or breaks)."""
        bonus = self.set_gain(grid, card, position) if self.set_bonus else 0.0
        return self.column_gain(grid, card, position) + bonus

    def column_gain(self, grid: list[int], card: int, position: int) -> float:
        """``gain`` without the sets: what the card changes in its own column."""
        if self.rows == 3:
            one, two = self.mates[position]
            rest = self.tall[grid[position] + 1], self.tall[card + 1]
            x, y = grid[one] + 1, grid[two] + 1
            return rest[0][x][y] - rest[1][x][y]
        other = grid[self.partner[position]] + 1
        return self.cv[grid[position] + 1][other] - self.cv[card + 1][other]

    def _tall_table(self) -> list[list[list[float]]]:
        """tall[a + 1][b + 1][c + 1]: expected points of a column of three whose cards are a, b
        and c (``DOWN`` unseen), for every rank in play, from ``expected_column``. A column's
        points do not depend on the order of its cards, so each set of three is worked out once."""
        symbols = [DOWN, *self.in_play]
        p = {RANKS[r]: self.p[r] for r in self.in_play if self.p[r]}
        size = NRANKS + 1
        tall = [[[0.0] * size for _ in range(size)] for _ in range(size)]
        for i, a in enumerate(symbols):
            for j in range(i, len(symbols)):
                b = symbols[j]
                for c in symbols[j:]:
                    cards = (a, b, c)
                    known = [RANKS[x] for x in cards if x != DOWN]
                    value = expected_column(known, 3 - len(known), p, self.rules)
                    for x, y, z in {(a, b, c), (a, c, b), (b, a, c), (b, c, a), (c, a, b), (c, b, a)}:
                        tall[x + 1][y + 1][z + 1] = value
        return tall

    def all_down(self, grid: list[int], position: int) -> bool:
        """Whether every other card of ``position``'s column is face down."""
        return all(grid[q] == DOWN for q in self.mates[position])

    def set_gain(self, grid: list[int], card: int, position: int) -> float:
        """Points that putting ``card`` at ``position`` takes off (or, breaking a set, adds)
        through four of a kind and Wolfpack: 20 for each set of two matched columns."""
        i = self._column_at[position]
        column = self.column_positions[i]
        before = self._match_of(grid, column)
        after = self._match_of(grid, column, position, card)
        if before == after:
            return 0.0  # the column stays as matched (or not) as it was: no set changes
        return self.set_change(self.matched_columns(grid), i, after)

    def set_change(self, matched: list[int | None], i: int, after: int | None) -> float:
        """``set_gain`` when column ``i`` of a grid whose columns match as ``matched``
        (``matched_columns``) comes to match as ``after`` instead: only the sets of the rank
        it leaves and of the rank it joins change."""
        before = matched[i]
        if before == after:
            return 0.0
        change = 0
        for rank in (before, after):
            if rank is None:
                continue
            n = matched.count(rank) - (before == rank)  # the other columns matched in this rank
            moved = (n + (after == rank)) // 2 - (n + (before == rank)) // 2  # sets of this rank gained
            change += moved * self._sets_worth(rank)
        return float(-FOUR_OF_A_KIND_POINTS) * change

    def set_points(self, grid: list[int]) -> float:
        """What four of a kind and Wolfpack take off the grid for the sets its known cards make."""
        if not self.set_bonus:
            return 0.0
        matched = [RANKS[m] for m in self.matched_columns(grid) if m is not None]
        return float(sum(b.points for b in bonuses_of(matched, None, self.rules)))  # no blackjack yet

    def _sets_worth(self, rank: int) -> int:
        """How many bonuses of 20 a set of two matched columns of ``rank`` earns (Wolfpack stacks)."""
        return int(self.rules.four_of_a_kind) + int(self.rules.wolfpack and rank == self._jack)

    def matched_columns(self, grid: list[int]) -> list[int | None]:
        """The rank each column is matched in, or None, in ``column_positions`` order."""
        return [self._match_of(grid, column) for column in self.column_positions]

    def rematch(self, matched: list[int | None], grid: list[int], position: int) -> float:
        """Bring ``matched`` (``matched_columns`` of ``grid``) up to date after the card at
        ``position`` changed; the points the change took off through sets (``set_change``)."""
        i = self._column_at[position]
        after = self._match_of(grid, self.column_positions[i])
        if after == matched[i]:
            return 0.0
        gain = self.set_change(matched, i, after)
        matched[i] = after
        return gain

    def _match_of(self, grid: list[int], column: tuple[int, ...], position: int = -1, card: int = DOWN) -> int | None:
        """The rank a column is matched in (with ``card`` at ``position``), or None."""
        first = card if column[0] == position else grid[column[0]]
        if first == DOWN:
            return None
        rank = self.match_rank[first]
        for q in column[1:]:
            c = card if q == position else grid[q]
            if c == DOWN or self.match_rank[c] != rank:
                return None
        return rank

    def grid_score(self, grid: list[int]) -> int:
        """The exact score of a complete grid of rank indices: its columns from the column
        tables, then its hand bonuses from ``bonuses_of`` (what ``score_grid`` gives)."""
        if self.rows == 3:
            tall = self.tall  # a complete column's entry is its score
            total = round(sum(tall[grid[a] + 1][grid[b] + 1][grid[c] + 1] for a, b, c in self.column_positions))
            if not self.rules.hand_bonuses:
                return total
            matched = [m for m in self.matched_columns(grid) if m is not None]
        else:
            col, w = self.col, self.width
            total = sum(col[grid[c]][grid[c + w]] for c in range(w))
            if not self.rules.hand_bonuses:
                return total
            mr = self.match_rank  # a complete column of two matches when its cards match
            matched = [m for c in range(w) if (m := mr[grid[c]]) == mr[grid[c + w]]]
        if len(matched) < 2 and total != BLACKJACK:
            return total  # no bonus can apply: a set needs two matched columns, blackjack a 21
        return total + sum(b.points for b in bonuses_of([RANKS[m] for m in matched], total, self.rules))

    def down(self, grid: list[int]) -> list[int]:
        return [p for p, c in enumerate(grid) if c == DOWN]
