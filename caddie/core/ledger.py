"""The scorecard's arithmetic (docs/ledger.md, "The scorecard's numbers"): Out, In, Total, Thru, Delta.

A blank hole is not zero: it is not played yet, and it counts for nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from caddie.core.errors import HandError
from caddie.core.names import check_visible
from caddie.core.words import winners_sentence

FRONT = range(9)  # holes 1-9, as list indexes
BACK = range(9, 18)  # holes 10-18
MAX_PLAYERS = 8
PLAYER_NAME_LIMIT = 24  # characters in a player's name: what a scorecard's column shows, in every game
HOLE_COUNTS = (9, 18)
# What one hole can score. Grid Golf: room for the house rules (docs/grid-golf.md, "House rules"):
# five kept pairs of −5 jokers and two sets of four of a kind with the knock bonus and underdog
# come to about −100; five columns of 20, beaten after going out and tied, to 115.
SCORE_RANGE = {"grid": (-120, 120), "clubs": (1, 60)}

Card = Sequence["int | None"]  # one player's scores, hole 1 first; None = not played yet

# The Grid Golf pad's quick scores (docs/ledger.md, "The pad"): the first page holds the scores most
# hands end on, one tap each; "More" opens a second page, in the same place, with the rest of the
# hand's usual range (two taps). A page fits the pad's rows on a 320 px phone: 13 scores and the
# More key on the first, up to 22 scores and the Back key on the second.
QUICK_FIRST_PAGE = tuple(range(13))
QUICK_MORE_LIMIT = 22
QUICK_POINTS_PER_CARD = 5  # a hand usually scores below 5 points a card (six cards: up to 30)
QUICK_LOWEST = -4  # two negative cards kept (a pair of 2s); lower is rare enough to type


def grid_quick_pages(cards: int, lowest_card: int) -> tuple[list[int], list[int]]:
    """The pad's two pages of quick scores for a hand of ``cards`` whose lowest card is worth
    ``lowest_card``: every score of the usual range is one or two taps away.

    >>> first, more = grid_quick_pages(6, -2)
    >>> first == list(range(13)), more[:5], more[-1], len(more)
    (True, [-4, -3, -2, -1, 13], 30, 22)
    >>> grid_quick_pages(4, 1)[1]
    [13, 14, 15, 16, 17, 18, 19, 20]
    """
    low = max(2 * lowest_card, QUICK_LOWEST) if lowest_card < 0 else 0
    high = QUICK_POINTS_PER_CARD * cards
    more = [score for score in range(low, high + 1) if score not in QUICK_FIRST_PAGE]
    return list(QUICK_FIRST_PAGE), more[:QUICK_MORE_LIMIT]


@dataclass(frozen=True)
class Standing:
    name: str
    out: int | None  # holes 1-9 entered, summed; None when none of them is entered
    in_: int | None  # holes 10-18 likewise (always None on a 9-hole round)
    total: int | None  # every hole entered; None before the first
    thru: int  # how many holes are entered
    delta: int | None  # total minus the leader's total; None before the first hole
    leader: bool
    par_played: int | None  # par of the holes entered (Club Cards rounds)

    @property
    def vs_par(self) -> int | None:
        if self.total is None or self.par_played is None:
            return None
        return self.total - self.par_played


def _sum(values: Iterable[int | None]) -> int | None:
    entered = [v for v in values if v is not None]
    return sum(entered) if entered else None


def standing_rows(cards: Mapping[str, Card], holes: int, pars: Sequence[int] | None = None) -> list[Standing]:
    """One row per player, in the order given.

    >>> rows = standing_rows({"Ann": [3, 4, None], "Bo": [5, None, None]}, holes=3)
    >>> [(r.name, r.total, r.thru, r.delta, r.leader) for r in rows]
    [('Ann', 7, 2, 2, False), ('Bo', 5, 1, 0, True)]
    """
    totals: dict[str, int | None] = {}
    rows = []
    for name, card in cards.items():
        card = list(card) + [None] * (holes - len(card))
        totals[name] = _sum(card[:holes])
    entered_totals = [t for t in totals.values() if t is not None]
    best = min(entered_totals) if entered_totals else None
    for name, card in cards.items():
        card = list(card) + [None] * (holes - len(card))
        total = totals[name]
        par_played = None
        if pars is not None:
            par_played = sum(p for p, s in zip(pars, card) if s is not None)
        rows.append(
            Standing(
                name=name,
                out=_sum(card[i] for i in FRONT if i < holes),
                in_=_sum(card[i] for i in BACK if i < holes),
                total=total,
                thru=sum(1 for s in card[:holes] if s is not None),
                delta=None if total is None or best is None else total - best,  # best is set once any total is
                leader=total is not None and total == best,
                par_played=par_played,
            )
        )
    return rows


def is_complete(cards: Mapping[str, Card], holes: int) -> bool:
    """Every player has every hole entered."""
    return bool(cards) and all(
        len(card) >= holes and all(s is not None for s in card[:holes]) for card in cards.values()
    )


def winners(cards: Mapping[str, Card], holes: int) -> list[str]:
    """The players sharing the lowest total once the card is complete; empty before.

    >>> winners({"Ann": [3, 4], "Bo": [4, 3], "Cy": [5, 5]}, holes=2)
    ['Ann', 'Bo']
    """
    if not is_complete(cards, holes):
        return []
    rows = standing_rows(cards, holes)
    return [r.name for r in rows if r.leader]


def winner_sentence(cards: Mapping[str, Card], holes: int) -> str:
    """The winners' sentence of a complete card, in the second person for "You"
    (docs/club-cards.md, "Plain words"); "" before the card is complete.

    >>> winner_sentence({"You": [3, 4], "Bo": [4, 5]}, holes=2)
    'You win with 7.'
    >>> winner_sentence({"You": [3, 4], "Bo": [4, 3], "Cy": [9, 9]}, holes=2)
    'You and Bo share the win with 7.'
    >>> winner_sentence({"Ann": [-3, 1], "Bo": [4, 3]}, holes=2), winner_sentence({"Ann": [3, None]}, holes=2)
    ('Ann wins with \u22122.', '')
    """
    names = winners(cards, holes)
    if not names:
        return ""
    best = sum(s for s in cards[names[0]][:holes] if s is not None)
    shown = f"\u2212{-best}" if best < 0 else str(best)
    return winners_sentence(names, f"wins with {shown}", f"share the win with {shown}") + "."


def running_totals(card: Card, holes: int) -> list[int | None]:
    """A player's total after each hole; None from the first blank hole on.

    >>> running_totals([3, -2, None, 4], 4)
    [3, 1, None, None]
    """
    out: list[int | None] = []
    total = 0
    for i in range(holes):
        score = card[i] if i < len(card) else None
        if score is None or (out and out[-1] is None):
            out.append(None)
            continue
        total += score
        out.append(total)
    return out


def format_delta(delta: int | None) -> str:
    """Delta to the leader as a scorecard shows it.

    >>> format_delta(0), format_delta(3), format_delta(None)
    ('E', '+3', '–')
    """
    if delta is None:
        return "\u2013"
    if delta == 0:
        return "E"
    return f"+{delta}" if delta > 0 else f"\u2212{-delta}"


def check_score(value: int, game: str, field: str = "score") -> int:
    """Refuse a hole score outside what the game can produce.

    >>> check_score(-4, "grid")
    -4
    >>> check_score(0, "clubs")
    Traceback (most recent call last):
    ...
    caddie.core.errors.HandError: A Club Cards hole scores from 1 to 60.
    """
    low, high = SCORE_RANGE[game]
    if type(value) is not int or not low <= value <= high:
        label = "A Grid Golf hole" if game == "grid" else "A Club Cards hole"
        shown = f"\u2212{-low}" if low < 0 else str(low)
        raise HandError(f"{label} scores from {shown} to {high}.", field)
    return value


def check_names(names: Sequence[str]) -> list[str]:
    """Clean player names (``caddie.core.names``: blank ones dropped, none where nothing shows, no
    bidirectional controls): 1 to 8, each 1 to ``PLAYER_NAME_LIMIT`` characters, no two alike.

    >>> check_names([" Ann ", "Bo"])
    ['Ann', 'Bo']
    """
    cleaned = [check_visible(str(n), HandError, "players") for n in names]
    cleaned = [n for n in cleaned if n]
    if not cleaned:
        raise HandError("Name at least one player.", "players")
    if len(cleaned) > MAX_PLAYERS:
        raise HandError(f"A round has at most {MAX_PLAYERS} players.", "players")
    for name in cleaned:
        if len(name) > PLAYER_NAME_LIMIT:
            raise HandError(
                f'"{name[: PLAYER_NAME_LIMIT - 1]}…" is too long for a scorecard: '
                f"keep names to {PLAYER_NAME_LIMIT} characters.",
                "players",
            )
    seen: set[str] = set()
    for name in cleaned:
        if name.casefold() in seen:
            raise HandError(f'Two players are called "{name}": give each a different name.', "players")
        seen.add(name.casefold())
    return cleaned
