"""Per-player statistics across Ledger rounds (docs/ledger.md, "Blank holes" and "Ties").
Pure: no web, no database.

Choices, so the numbers stay honest:

* A player is one person per game: names match case-insensitively ("ann" and
  "Ann" are the same player) and show with the spelling of their most recent
  round. Grid Golf and Club Cards scores are not comparable, so each game gets
  its own row.
* A blank hole is not zero (docs/ledger.md, "Blank holes"): it counts for nothing. A round counts
  towards ``rounds_played`` once the player has at least one hole entered, and
  ``average_per_hole`` is over every entered hole of every round.
* Best and worst rounds compare like with like: only the player's own complete
  rounds (every hole entered) count, keyed by length, so ``best_round`` is
  ``{9: lowest 9-hole total, 18: lowest 18-hole total}`` with a key only for
  lengths the player has completed. A half-finished round says nothing about
  a best or worst round.
* A round listed twice (same ``round_id``) counts once.
* A round with no score at all (dealt, never started) is left out: its
  players have played nothing, and are not listed for it.
* A win needs the whole card complete (every player, every hole), as
  ``caddie.core.ledger.winners`` decides; a shared lowest total is a win for
  each player who shares it.
"""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from caddie.core.ledger import is_complete, winners
from caddie.core.ratings import RatedRound, Ratings, rate

__all__ = ["RoundRecord", "PlayerStats", "player_stats", "player_ratings"]


@dataclass(frozen=True)
class RoundRecord:
    """One Ledger round as the statistics need it."""

    game: str  # "grid" or "clubs"
    holes: int  # 9 or 18
    cards: Mapping[str, Sequence[int | None]]  # player name -> scores, hole 1 first; None = blank
    played_on: datetime.date
    round_id: str


@dataclass(frozen=True)
class PlayerStats:
    """One player's record in one game."""

    name: str  # as spelled in their most recent round
    game: str
    rounds_played: int  # rounds with at least one hole entered
    holes_played: int  # entered holes over all those rounds
    average_per_hole: float | None  # None when no hole is entered
    best_round: dict[int, int] = field(default_factory=dict)  # holes (9/18) -> lowest complete total
    worst_round: dict[int, int] = field(default_factory=dict)  # holes (9/18) -> highest complete total
    wins: int = 0  # complete rounds where they share the lowest total


def _entered(card: Sequence[int | None], holes: int) -> list[int]:
    return [s for s in list(card)[:holes] if s is not None]


def player_stats(records: Sequence[RoundRecord]) -> list[PlayerStats]:
    """Statistics per (player, game), sorted by game, then rounds played (most
    first), then name.

    >>> day = datetime.date(2024, 5, 1)
    >>> rounds = [
    ...     RoundRecord("grid", 9, {"Ann": [3] * 9, "Bo": [4] * 9}, day, "r1"),
    ...     RoundRecord("grid", 9, {"ann": [5] * 9, "Bo": [5] * 9}, day + datetime.timedelta(1), "r2"),
    ...     RoundRecord("grid", 9, {"Ann": [2, -2, None, None, None, None, None, None, None]},
    ...                 day + datetime.timedelta(2), "r3"),
    ... ]
    >>> for s in player_stats(rounds):
    ...     print(s.name, s.rounds_played, s.holes_played, s.average_per_hole, s.best_round, s.worst_round, s.wins)
    Ann 3 20 3.6 {9: 27} {9: 45} 2
    Bo 2 18 4.5 {9: 36} {9: 45} 1

    The third round is unfinished: it adds holes and a round played, but no
    best, worst or win. Round two is a tie at 45, a win for each.
    """
    latest: dict[tuple[str, str], str] = {}
    rounds: dict[tuple[str, str], set[str]] = {}
    holes_played: dict[tuple[str, str], int] = {}
    points: dict[tuple[str, str], int] = {}
    best: dict[tuple[str, str], dict[int, int]] = {}
    worst: dict[tuple[str, str], dict[int, int]] = {}
    wins: dict[tuple[str, str], int] = {}

    seen_rounds: set[str] = set()
    # Oldest first (a stable sort keeps list order within a day), so the last
    # spelling seen is the most recent one.
    for index, record in sorted(enumerate(records), key=lambda pair: (pair[1].played_on, pair[0])):
        round_key = record.round_id if record.round_id else f"#{index}"
        if round_key in seen_rounds:
            continue  # the same round listed twice counts once
        seen_rounds.add(round_key)
        if not any(_entered(card, record.holes) for card in record.cards.values()):
            continue  # never started
        won = {name.casefold() for name in winners(record.cards, record.holes)}
        for name, card in record.cards.items():
            key = (name.casefold(), record.game)
            latest[key] = name
            rounds.setdefault(key, set())
            holes_played.setdefault(key, 0)
            points.setdefault(key, 0)
            best.setdefault(key, {})
            worst.setdefault(key, {})
            wins.setdefault(key, 0)
            entered = _entered(card, record.holes)
            if not entered:
                continue
            if round_key not in rounds[key]:
                rounds[key].add(round_key)
                if name.casefold() in won:
                    wins[key] += 1
            holes_played[key] += len(entered)
            points[key] += sum(entered)
            if len(entered) == record.holes:
                total = sum(entered)
                best[key][record.holes] = min(total, best[key].get(record.holes, total))
                worst[key][record.holes] = max(total, worst[key].get(record.holes, total))

    stats = [
        PlayerStats(
            name=latest[key],
            game=key[1],
            rounds_played=len(rounds[key]),
            holes_played=holes_played[key],
            average_per_hole=points[key] / holes_played[key] if holes_played[key] else None,
            best_round=dict(sorted(best[key].items())),
            worst_round=dict(sorted(worst[key].items())),
            wins=wins[key],
        )
        for key in latest
    ]
    stats.sort(key=lambda s: (s.game, -s.rounds_played, s.name.casefold(), s.name))
    return stats


def player_ratings(records: Sequence[RoundRecord]) -> dict[str, Ratings]:
    """Each game's ratings (``caddie.core.ratings``) from its complete rounds, every player's
    every hole entered (a round left before its end counts for nothing), each round once.

    >>> day = datetime.date(2024, 5, 1)
    >>> rounds = [RoundRecord("grid", 9, {"Ann": [3] * 9, "Bo": [4] * 9}, day, "r1"),
    ...           RoundRecord("grid", 9, {"Ann": [3] * 9, "Bo": [None] * 9}, day, "r2")]
    >>> {game: [(r.name, r.rounds) for r in found.best_first()] for game, found in player_ratings(rounds).items()}
    {'grid': [('Ann', 1), ('Bo', 1)]}
    """
    by_game: dict[str, dict[str, RatedRound]] = {}
    for index, record in enumerate(records):
        if not record.cards or not is_complete(record.cards, record.holes):
            continue
        key = record.round_id or f"#{index}"
        totals = {name: sum(_entered(card, record.holes)) for name, card in record.cards.items()}
        by_game.setdefault(record.game, {})[key] = RatedRound(record.played_on, key, totals)
    return {game: rate(rounds.values()) for game, rounds in sorted(by_game.items())}
