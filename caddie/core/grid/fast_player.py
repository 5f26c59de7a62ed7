"""The fast player: plays a dealt-out Grid Golf hole to its end for every seat.

The Caddie (``caddie_policy``) plays each option's hole out many times with
it, and it is a computer level of its own (``"caddie-fast"``). It counts cards
like the Caddie (``Knowledge``); puts a card where it lowers its expected
points most, counting a face-down card turned up as worth ``TEMPO`` points more
(each one brings it a card closer to going out, and a card still down when the
hole ends counts in full); takes the discard only when that is clearly better
than a draw (``TAKE_GAIN``); and will not turn up its last card to end a hole
in which it trails another player's expected score (``GO_OUT_MARGIN``).

Where a learned value is shipped for the rules, the Caddie plays a hole on for
two rounds only (``play_until``) and takes each seat's score from the value
(``leaf_scores``; ``caddie.core.grid.learned``, docs/learned-value.md).
"""

from __future__ import annotations

import random

from caddie.core.grid.knowledge import DOWN, Knowledge
from caddie.core.grid.learned import DOWNS, PLACES, STAGES
from caddie.core.grid.scoring import BLACKJACK, table_adjustments

TEMPO = 5.0  # the fast player's bonus for turning up a face-down card (not the last)
GO_OUT_MARGIN = 0.0  # the fast player goes out unless it would trail the best rival by more
TAKE_GAIN = 5.5  # the fast player takes a discard that lowers its grid by at least this
MAX_SIM_TURNS = 40  # simulated turns per player before a played-out hole is scored as it stands


class DealtHole:
    """One dealt-out state of the hole: what each owner sees of its grid (``vis``,
    ``DOWN`` face down), the dealt cards (``true``), the deck (top card last), the
    discard pile, and each grid's expected points as its owner sees them (``exp``)."""

    __slots__ = ("vis", "true", "deck", "disc", "ndown", "exp", "matched", "pos", "out", "final_left", "turns", "seed")

    def __init__(self, k: Knowledge, true: list[list[int]], deck: list[int], seed: int) -> None:
        self.vis = [list(g) for g in k.grids]
        self.true = true
        self.deck = deck
        self.disc = list(k.discard)
        self.ndown = [g.count(DOWN) for g in k.grids]
        self.exp = list(k.grid_expected)
        # under four of a kind or Wolfpack: the rank each visible column is matched in, kept up to date
        self.matched = [k.matched_columns(g) for g in self.vis] if k.set_bonus else []
        self.pos = k.order.index(k.seat) if k.seat in k.order else 0
        self.out = k.view.get("went_out")
        self.final_left = k.view.get("final_turns_left") or 0
        self.turns = 0
        self.seed = seed


def place(k: Knowledge, h: DealtHole, s: int, card: int, p: int) -> None:
    """Put ``card`` at ``p`` in seat ``s``'s grid; the card it replaces goes face up on the pile."""
    g = h.vis[s]
    h.exp[s] -= k.column_gain(g, card, p)
    if g[p] == DOWN:
        h.ndown[s] -= 1
    t = h.true[s]
    h.disc.append(t[p])
    t[p] = g[p] = card
    if h.matched:  # the sets it makes or breaks
        h.exp[s] -= k.rematch(h.matched[s], g, p)


def turn_up(k: Knowledge, h: DealtHole, s: int, p: int) -> None:
    g = h.vis[s]
    card = h.true[s][p]
    h.exp[s] -= k.column_gain(g, card, p)
    g[p] = card
    h.ndown[s] -= 1
    if h.matched:
        h.exp[s] -= k.rematch(h.matched[s], g, p)


def draw_card(h: DealtHole) -> int:
    if not h.deck:  # the pile but its top card is shuffled into a new deck
        top = h.disc.pop()
        h.deck, h.disc = h.disc, [top]
        random.Random(h.seed).shuffle(h.deck)
        h.seed += 1
    return h.deck.pop()


def best_place(k: Knowledge, h: DealtHole, s: int, card: int) -> tuple[float, int]:
    """(gain, position) of the fast player's best place for ``card``: what lowers its
    expected points most. It will not turn up its last card to end a hole while its
    score would be worse than another player's expected score."""
    if k.rows == 3:
        return _best_place_tall(k, h, s, card)
    g, cv, w = h.vis[s], k.cv, k.width
    crow = cv[card + 1]
    best, where = -1e9, -1
    guard = h.ndown[s] == 1 and h.out is None and k.n > 1
    held, held_at = -1e9, -1
    tempo = TEMPO if h.ndown[s] > 1 else 0.0
    sets = k.set_bonus  # four of a kind and Wolfpack: sets made or broken
    if sets:
        matched, mr = h.matched[s], k.match_rank
        joins = mr[card]
    for c in range(w):
        a = g[c] + 1
        b = g[c + w] + 1
        now = cv[a][b]
        top = now - crow[b]
        bottom = now - crow[a]
        if tempo:
            if a == 0:
                top += tempo
            if b == 0:
                bottom += tempo
        if sets:  # the column matches after the card iff its other card matches the card
            was = matched[c]
            after = joins if b and mr[b - 1] == joins else None
            if after != was:
                top += k.set_change(matched, c, after)
            after = joins if a and mr[a - 1] == joins else None
            if after != was:
                bottom += k.set_change(matched, c, after)
        if guard and (a == 0 or b == 0):
            last_gain, last_at = (top, c) if a == 0 else (bottom, c + w)
            other_gain, other_at = (bottom, c + w) if a == 0 else (top, c)
            if other_gain > best:
                best, where = other_gain, other_at
            held, held_at = last_gain, last_at
            continue
        if top > best:
            best, where = top, c
        if bottom > best:
            best, where = bottom, c + w
    return _or_go_out(k, h, s, (best, where), (held, held_at))


def _best_place_tall(k: Knowledge, h: DealtHole, s: int, card: int) -> tuple[float, int]:
    """``best_place`` for a nine-card grid, position by position from ``k.tall`` (the same
    policy). A column's entry does not depend on the order of its cards, so a card's gain at
    ``p`` is the column with ``p``'s card less the column with ``card``, its mates alike."""
    g, tall = h.vis[s], k.tall
    crow = tall[card + 1]
    best, where = -1e9, -1
    guard = h.ndown[s] == 1 and h.out is None and k.n > 1
    held, held_at = -1e9, -1
    tempo = TEMPO if h.ndown[s] > 1 else 0.0
    sets = k.set_bonus
    if sets:
        matched, mr = h.matched[s], k.match_rank
        joins = mr[card]
    for p, i, one, two in k.tall_slots:
        x, y = g[one] + 1, g[two] + 1
        here = g[p]
        gain = tall[here + 1][x][y] - crow[x][y]
        if sets:  # the column matches after the card iff its other two cards match the card
            after = joins if x and y and mr[x - 1] == joins == mr[y - 1] else None
            if after != matched[i]:
                gain += k.set_change(matched, i, after)
        if here == DOWN:
            if guard:
                held, held_at = gain, p
                continue
            gain += tempo
        if gain > best:
            best, where = gain, p
    return _or_go_out(k, h, s, (best, where), (held, held_at))


def _or_go_out(
    k: Knowledge, h: DealtHole, s: int, best: tuple[float, int], last: tuple[float, int]
) -> tuple[float, int]:
    """The best place, or the last face-down card (``last``: its gain and position, or a
    position of -1) when that is better and going out would not leave seat ``s`` behind the
    best rival's expected score (by more than the knock bonus pays)."""
    held, held_at = last
    if held_at >= 0 and k.rules.blackjack and round(h.exp[s] - held) == BLACKJACK:
        held += BLACKJACK  # the last card makes exactly 21, which scores 0
    if held_at >= 0 and held > best[0]:
        mine = h.exp[s] - held
        rival = min(e for i, e in enumerate(h.exp) if i != s)
        if mine <= rival + GO_OUT_MARGIN + k.knock_margin:
            return held, held_at
    return best


def flip_choice(k: Knowledge, h: DealtHole, s: int) -> int:
    """A face-down card to turn up: one in a column with nothing known, if any."""
    g, partner = h.vis[s], k.partner
    if k.rows == 3:
        down = [p for p in range(k.size) if g[p] == DOWN]
        return next((p for p in down if k.all_down(g, p)), down[0] if down else -1)
    first = -1
    for p in range(k.size):
        if g[p] == DOWN:
            if g[partner[p]] == DOWN:
                return p
            if first < 0:
                first = p
    return first


def fast_turn(k: Knowledge, h: DealtHole, s: int) -> None:
    """One turn of the fast player: take the discard if it lowers the grid by at least
    ``TAKE_GAIN``, else draw and keep the card where it lowers the grid most, if anywhere."""
    disc = h.disc
    if disc:
        gain, p = best_place(k, h, s, disc[-1])
        if p >= 0 and (gain >= TAKE_GAIN or (not h.deck and len(disc) < 2)):
            place(k, h, s, disc.pop(), p)
            return
    card = draw_card(h)
    gain, p = best_place(k, h, s, card)
    if p >= 0 and gain > 0:
        place(k, h, s, card, p)
        return
    h.disc.append(card)  # not ``disc``: a draw that reshuffled made that list the new deck
    if k.rules.discard_flip and h.ndown[s]:
        turn_up(k, h, s, flip_choice(k, h, s))


def end_turn(k: Knowledge, h: DealtHole, s: int) -> bool:
    """Close seat ``s``'s turn; True when the hole is over."""
    h.turns += 1
    if h.out is None:
        if h.ndown[s] == 0:
            h.out = s
            if k.immediate:
                return True
            h.final_left = k.n - 1
        elif h.turns >= MAX_SIM_TURNS * k.n:
            return True
    else:
        h.final_left -= 1
        if h.final_left <= 0:
            return True
    h.pos = (h.pos + 1) % k.n
    return False


def finish(k: Knowledge, h: DealtHole) -> list[int]:
    """Play on from the player at ``pos`` to the end of the hole; the final scores by seat."""
    order = k.order
    while True:
        s = order[h.pos]
        fast_turn(k, h, s)
        if end_turn(k, h, s):
            break
    return final_scores(k, h)


def final_scores(k: Knowledge, h: DealtHole) -> list[int]:
    """The hole's scores by seat, as the engine scores them: each grid's exact score
    (``Knowledge.grid_score``), then the table adjustments of ``scoring.table_adjustments``."""
    if k.plain and k.rows == 2:
        col, w = k.col, k.width
        return [sum(col[t[c]][t[c + w]] for c in range(w)) for t in h.true]
    scores = [k.grid_score(t) for t in h.true]
    if k.rules.table_adjustments:
        table_adjustments(scores, h.out, k.rules)
    return scores


def play_until(k: Knowledge, h: DealtHole, stop: int) -> bool:
    """Play on from the player at ``pos`` until ``stop`` turns of the hole are played (``h.turns``)
    or it ends; True when it ended."""
    order = k.order
    while h.turns < stop:
        s = order[h.pos]
        fast_turn(k, h, s)
        if end_turn(k, h, s):
            return True
    return False


def leaf_scores(k: Knowledge, h: DealtHole) -> list[float]:
    """Each seat's expected hole score from here: its grid's exact expectation (``h.exp``) and
    what the learned value expects the rest of the hole to change in it (``learned``: its
    tempo, and each column's residual by its place among the grid's columns)."""
    out = []
    for s in range(k.n):
        stage, down = stage_now(k, h, s), h.ndown[s]
        rest = k.leaf_tempo[stage][down]
        first = (stage * DOWNS + (down if down < DOWNS else DOWNS - 1)) * PLACES  # learned.table_of
        for place, (x, y) in enumerate(worst_first(k, h.vis[s])):
            rest += k.leaf_pairs[first + place][x][y]
        out.append(h.exp[s] + rest)
    return out


def worst_first(k: Knowledge, g: list[int]) -> list[tuple[int, int]]:
    """The columns of a two-row grid as their cells (rank index + 1, 0 face down), the most
    expected points first (ties: the higher cells first), as the learned value places them."""
    cv, w = k.cv, k.width
    cols = [(cv[g[c] + 1][g[c + w] + 1], g[c] + 1, g[c + w] + 1) for c in range(w)]
    cols.sort(reverse=True)
    return [(x, y) for _, x, y in cols]


def stage_now(k: Knowledge, h: DealtHole, s: int) -> int:
    """``learned.stage_of`` for seat ``s`` now, inlined: 0 once someone is out, else the
    fewest face-down cards of any rival (3 standing for 3 or more)."""
    if h.out is not None:
        return 0
    nearest = STAGES - 1
    for i in range(k.n):
        if i != s and h.ndown[i] < nearest:
            nearest = h.ndown[i]
    return nearest if nearest > 0 else 1
