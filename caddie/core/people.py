"""A table's people (DESIGN section 8; docs/people.md): who played which rounds, and what their
rounds say about them: each person's record, rating and rounds, head to head, a season's
table, the table's records and the achievements people earned.

Pure: the store reads the rounds, this works them out. Every answer here keeps to three rules:

* **One person, one name.** A name stands for a person whatever its case and spacing
  (``ratings.person_key``), and a table can say that two names are one person or give a person
  another name (``Names``: a merge or a rename). The rounds are never rewritten; the names are
  read through ``Names`` each time, so a merge is undone by removing it.
* **Like with like.** Grid Golf and Club Cards never mix; within a game, a person's average, best
  and worst keep apart the rounds that do not compare (a four-card hand and a nine-card one:
  ``PlayedRound.kind``), and bests and worsts compare rounds of one length.
* **Among people.** Rounds against computers (``PlayedRound.among_people`` false) are counted on
  their own and never move a rating, a head to head, a record or an achievement. Only a complete
  round (every player, every hole) counts for a win, a rating, a head to head, a record or an
  achievement; a round left before its end adds its holes to the average and nothing more.

Rounds are taken oldest first, by (day, round id): the same rounds typed in any order give the
same answers.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from functools import cached_property

from caddie.core.ledger import is_complete
from caddie.core.ratings import RatedRound, Rating, Ratings, person_key, rate

__all__ = [
    "ACHIEVEMENTS",
    "Achievement",
    "HeadToHead",
    "Line",
    "Meeting",
    "Names",
    "PersonRound",
    "PlayedRound",
    "Profile",
    "RoundMark",
    "Season",
    "Standing",
    "Story",
    "TableRecords",
    "achievements",
    "against_computers",
    "head_to_head",
    "in_season",
    "merge_refusal",
    "people",
    "profile",
    "standings",
    "table_records",
]


@dataclass(frozen=True)
class PlayedRound:
    """One scorecard as the people's pages read it.

    ``kind``: which rounds of its game its scores compare with (``GameKind.compares_within``);
    ``pars``: the course's pars, hole 1 first, where it was played on one; ``lost``: for a round the
    app played and reviewed, each reviewed person's points lost to decisions and the holes reviewed
    (``{name: (lost, holes)}``); ``computers``: the names of its computers' seats (a round with one
    is not among people)."""

    round_id: str
    game: str
    kind: str
    holes: int
    played_on: date
    cards: Mapping[str, Sequence[int | None]]
    among_people: bool = True
    pars: Sequence[int] | None = None
    lost: Mapping[str, tuple[float, int]] = field(default_factory=dict)
    computers: frozenset[str] = frozenset()

    @cached_property  # asked of every round by every answer: once is enough for a value never changed
    def complete(self) -> bool:
        return bool(self.cards) and is_complete(self.cards, self.holes)


def _chronological(rounds: Iterable[PlayedRound]) -> list[PlayedRound]:
    """Each round once (by id), oldest first by (day, round id)."""
    unique = {r.round_id: r for r in rounds}
    return sorted(unique.values(), key=lambda r: (r.played_on, r.round_id))


def _entered(card: Sequence[int | None], holes: int) -> list[int]:
    return [score for score in list(card)[:holes] if score is not None]


@dataclass(frozen=True)
class Names:
    """The table's word on who is who: ``aliases`` maps a name's ``person_key`` to the person's
    name (a merge: "bobby" → "Bob"; a rename: "bob" → "Robert"). One step only: the person's
    name itself is not looked up again, so no chain and no cycle can form."""

    aliases: Mapping[str, str] = field(default_factory=dict)

    def person(self, name: str) -> str:
        """The person ``name`` stands for, as the table writes them.

        >>> Names({"bobby": "Bob"}).person("  BOBBY "), Names().person("ann  lee")
        ('Bob', 'ann lee')
        """
        return self.aliases.get(person_key(name), " ".join(name.split()))

    def key(self, name: str) -> str:
        return person_key(self.person(name))


class Story:
    """One set of rounds read through one ``Names``, each round's people, totals and winners worked
    out once (the people's pages ask the same rounds many questions in one request; the module's
    functions each read a ``Story`` of their own)."""

    def __init__(self, rounds: Iterable[PlayedRound], names: Names = Names()) -> None:
        self.names = names
        self.rounds = _chronological(rounds)
        self._cards: dict[str, dict[str, tuple[str, list[int | None]]]] = {}
        self._totals: dict[str, dict[str, int]] = {}
        self._won: dict[str, frozenset[str]] = {}
        self._keys: dict[str, tuple[str, str]] = {}
        self._ratings: dict[str, Ratings] | None = None
        self._achievements: dict[str, list[Achievement]] | None = None

    def who(self, name: str) -> tuple[str, str]:
        """(key, name as the table writes the person) of a name written on a card."""
        found = self._keys.get(name)
        if found is None:
            person = self.names.person(name)
            found = self._keys[name] = (person_key(person), person)
        return found

    def cards(self, played: PlayedRound) -> dict[str, tuple[str, list[int | None]]]:
        """The round's cards by person (key → (name as the table writes them, scores)). Two names of
        one round that stand for one person (merged after they played together) keep the first
        seat's card: a person plays once in a round (``merge_refusal`` stops such a merge)."""
        found = self._cards.get(played.round_id)
        if found is None:
            found = {}
            for name, card in played.cards.items():
                key, person = self.who(name)
                if key and key not in found:
                    found[key] = (person, list(card)[: played.holes])
            self._cards[played.round_id] = found
        return found

    def totals(self, played: PlayedRound) -> dict[str, int]:
        """Each person's total over the holes entered."""
        found = self._totals.get(played.round_id)
        if found is None:
            found = self._totals[played.round_id] = {
                key: sum(score for score in card if score is not None) for key, (_, card) in self.cards(played).items()
            }
        return found

    def won(self, played: PlayedRound) -> frozenset[str]:
        """Who shares the lowest total of a complete round, each by the card that counts for them."""
        found = self._won.get(played.round_id)
        if found is None:
            totals = self.totals(played)
            low = min(totals.values(), default=None)
            found = frozenset(k for k, t in totals.items() if t == low) if played.complete and totals else frozenset()
            self._won[played.round_id] = found
        return found

    @property
    def ratings(self) -> dict[str, Ratings]:
        """Each game's ratings among people, from the complete rounds' finishing orders."""
        if self._ratings is None:
            by_game: dict[str, list[RatedRound]] = {}
            for played in self.rounds:
                if played.among_people and played.complete:
                    totals = {self.cards(played)[key][0]: total for key, total in self.totals(played).items()}
                    by_game.setdefault(played.game, []).append(RatedRound(played.played_on, played.round_id, totals))
            self._ratings = {game: rate(rated) for game, rated in sorted(by_game.items())}
        return self._ratings

    def people(self) -> list[Standing]:
        return _standings(self, [r for r in self.rounds if r.among_people], self.ratings)

    def against_computers(self) -> list[Standing]:
        return _standings(
            self, [r for r in self.rounds if not r.among_people], {}, lambda played, name: name in played.computers
        )

    def achievements(self) -> dict[str, list[Achievement]]:
        if self._achievements is None:
            self._achievements = _achievements(self)
        return self._achievements

    def profile(self, key: str) -> Profile | None:
        return _profile(self, key)

    def head_to_head(self, one: str, other: str) -> list[HeadToHead]:
        return _head_to_head(self, one, other)

    def table_records(self) -> list[TableRecords]:
        return _table_records(self)


def merge_refusal(rounds: Iterable[PlayedRound], names: Names, one: str, other: str) -> str | None:
    """Why ``one`` and ``other`` cannot be merged into one person, in a sentence; ``None`` if they can.

    >>> day = date(2026, 12, 1)
    >>> together = PlayedRound("r1", "grid", "", 9, day, {"Bo": [1] * 9, "Bobby": [2] * 9})
    >>> merge_refusal([together], Names(), "Bo", "Bobby")
    'Bo and Bobby played in the same round on 1 Dec 2026: they are two people.'
    """
    a, b = names.key(one), names.key(other)
    if not a or not b:
        return "Choose two people."
    ordered = _chronological(rounds)
    shown = {names.key(name): names.person(name) for played in ordered for name in played.cards}
    first, second = shown.get(a, names.person(one)), shown.get(b, names.person(other))
    if a == b:
        return f"{first} and {second} are already one person."
    for played in ordered:
        keys = [names.key(name) for name in played.cards]
        if a in keys and b in keys:
            return f"{first} and {second} played in the same round on {_day(played.played_on)}: they are two people."
    return None


def _day(day: date) -> str:
    return f"{day.day} {day:%b %Y}"


# -- a person's record -----------------------------------------------------------------------------


@dataclass(frozen=True)
class RoundMark:
    """A round that stands out: its total, when, and which round (for a link)."""

    total: int
    holes: int
    played_on: date
    round_id: str


@dataclass(frozen=True)
class Line:
    """A person's record in one kind of round of one game (``kind``: see ``PlayedRound``)."""

    game: str
    kind: str
    rounds: int  # rounds with at least one hole entered
    holes_played: int
    average_per_hole: float | None
    wins: int  # complete rounds where they share the lowest total
    complete: int  # complete rounds
    best: dict[int, RoundMark] = field(default_factory=dict)  # holes (9/18) → lowest complete total
    worst: dict[int, RoundMark] = field(default_factory=dict)


@dataclass
class _Tally:
    rounds: int = 0
    holes: int = 0
    points: int = 0
    wins: int = 0
    complete: int = 0
    best: dict[int, RoundMark] = field(default_factory=dict)
    worst: dict[int, RoundMark] = field(default_factory=dict)

    def add(self, played: PlayedRound, scores: list[int | None], won: bool) -> None:
        entered = _entered(scores, played.holes)
        if not entered:
            return
        self.rounds += 1
        self.holes += len(entered)
        self.points += sum(entered)
        if played.complete:
            self.complete += 1
            self.wins += won
            mark = RoundMark(sum(entered), played.holes, played.played_on, played.round_id)
            if played.holes not in self.best or mark.total < self.best[played.holes].total:
                self.best[played.holes] = mark
            if played.holes not in self.worst or mark.total > self.worst[played.holes].total:
                self.worst[played.holes] = mark

    def line(self, game: str, kind: str) -> Line:
        return Line(
            game, kind, self.rounds, self.holes, self.points / self.holes if self.holes else None,
            self.wins, self.complete, dict(sorted(self.best.items())), dict(sorted(self.worst.items())),
        )  # fmt: skip


@dataclass(frozen=True)
class Standing:
    """One person in a game's table of people: their record over every kind of round of the game
    among people, and their rating (``None`` before a complete round among people)."""

    key: str
    name: str
    game: str
    rounds: int
    wins: int
    holes_played: int
    average_per_hole: float | None
    rating: Rating | None


def people(rounds: Iterable[PlayedRound], names: Names = Names()) -> list[Standing]:
    """Everyone who played a round among people, game by game, best rating first (then most rounds).

    >>> day = date(2026, 12, 1)
    >>> nights = [PlayedRound(f"r{n}", "grid", "Six cards", 9, day, {"Ann": [n] * 9, "bo": [5] * 9}) for n in (1, 2)]
    >>> [(s.name, s.rounds, s.wins) for s in people(nights, Names({"bo": "Bob"}))]
    [('Ann', 2, 2), ('Bob', 2, 0)]
    """
    return Story(rounds, names).people()


def against_computers(rounds: Iterable[PlayedRound], names: Names = Names()) -> list[Standing]:
    """The people's records in rounds against computers, game by game, counted on their own: never
    rated, and the computers themselves left out (most rounds first)."""
    return Story(rounds, names).against_computers()


def _standings(
    story: Story,
    rounds: Sequence[PlayedRound],
    ratings: Mapping[str, Ratings],
    leave_out: Callable[[PlayedRound, str], bool] = lambda played, name: False,
) -> list[Standing]:
    tallies: dict[tuple[str, str], _Tally] = {}
    shown: dict[tuple[str, str], str] = {}
    for played in rounds:
        won = story.won(played)
        written = {story.who(name)[0]: name for name in reversed(list(played.cards))}
        for key, (name, scores) in story.cards(played).items():
            if leave_out(played, written[key]):
                continue
            shown[played.game, key] = name
            tallies.setdefault((played.game, key), _Tally()).add(played, scores, key in won)
    found = []
    for (game, key), tally in tallies.items():
        if not tally.rounds:
            continue
        rated = ratings.get(game)
        rating = rated.people.get(key) if rated is not None else None
        line = tally.line(game, "")
        found.append(
            Standing(
                key, shown[game, key], game, line.rounds, line.wins, line.holes_played, line.average_per_hole, rating
            )
        )
    found.sort(key=lambda s: (s.game, s.rating is None, -(s.rating.ordinal if s.rating else 0), -s.rounds, s.key))
    return found


@dataclass(frozen=True)
class Season:
    """A stretch of days the table names ("Winter 2026"), both ends included."""

    name: str
    starts_on: date
    ends_on: date

    def holds(self, day: date) -> bool:
        return self.starts_on <= day <= self.ends_on


def in_season(rounds: Iterable[PlayedRound], season: Season) -> list[PlayedRound]:
    return [played for played in rounds if season.holds(played.played_on)]


def standings(rounds: Iterable[PlayedRound], season: Season, names: Names = Names()) -> list[Standing]:
    """The season's table: everyone's record and rating from the season's rounds alone (everyone
    starts the season afresh), best rating first."""
    return people(in_season(rounds, season), names)


@dataclass(frozen=True)
class PersonRound:
    """One of a person's rounds, as their page lists it."""

    round_id: str
    game: str
    kind: str
    holes: int
    played_on: date
    among_people: bool
    total: int  # over the holes entered
    holes_entered: int
    complete: bool
    place: int | None  # 1 = first (shared places share the number); None before the round is complete
    players: int
    lost: tuple[float, int] | None  # points lost to decisions, over how many reviewed holes


@dataclass(frozen=True)
class Achievement:
    """Something a person did that this game makes worth saying, first done on ``played_on``."""

    code: str
    title: str
    detail: str
    played_on: date
    round_id: str


@dataclass(frozen=True)
class Profile:
    """Everything a person's page shows. ``lines``: their record among people, kind by kind;
    ``against_computers``: the same for rounds against computers; ``ratings``: per game, the
    rating and its history (``(day, round id, shown)``, oldest first); ``decisions``: per game,
    points lost to decisions and the holes reviewed, over the rounds the app reviewed."""

    key: str
    name: str
    spellings: list[str]  # every way the rounds write this person, as first written
    lines: list[Line]
    against_computers: list[Line]
    ratings: dict[str, tuple[Rating, list[tuple[date, str, int]]]]
    rounds: list[PersonRound]  # newest first
    decisions: dict[str, tuple[float, int]]
    achievements: list[Achievement]
    rivals: list[HeadToHead]  # the people they played most, most rounds together first


def _place(story: Story, played: PlayedRound, key: str) -> int | None:
    if not played.complete:
        return None
    totals = story.totals(played)
    return 1 + sum(1 for other in totals.values() if other < totals[key])


def profile(rounds: Iterable[PlayedRound], names: Names, key: str) -> Profile | None:
    """The person ``key`` (a ``person_key``) as their page shows them; ``None`` if no round has them.

    >>> day = date(2026, 12, 1)
    >>> night = [PlayedRound("r1", "grid", "Six cards", 9, day, {"Ann": [1] * 9, "Bo": [2] * 9}),
    ...          PlayedRound("r2", "grid", "Six cards", 9, day, {"ann": [3] * 9, "Bo": [2] * 9})]
    >>> ann = profile(night, Names(), "ann")
    >>> ann.name, [(l.rounds, l.wins, l.best[9].total, l.worst[9].total) for l in ann.lines]
    ('ann', [(2, 1, 9, 27)])
    >>> [(r.round_id, r.place) for r in ann.rounds], ann.rivals[0].ahead, ann.rivals[0].behind
    ([('r2', 2), ('r1', 1)], 1, 1)
    """
    return Story(rounds, names).profile(key)


def _profile(story: Story, key: str) -> Profile | None:
    mine = [played for played in story.rounds if key in story.cards(played)]
    if not any(_entered(story.cards(played)[key][1], played.holes) for played in mine):
        return None  # named on a scorecard not started: no one yet, as on the people's lists
    tallies: dict[tuple[bool, str, str], _Tally] = {}
    spellings: list[str] = []
    name = key
    listed: list[PersonRound] = []
    decisions: dict[str, tuple[float, int]] = {}
    for played in mine:
        cards = story.cards(played)
        name, scores = cards[key]
        for written in played.cards:
            if story.who(written)[0] == key and " ".join(written.split()) not in spellings:
                spellings.append(" ".join(written.split()))
        won = story.won(played)
        tallies.setdefault((played.among_people, played.game, played.kind), _Tally()).add(played, scores, key in won)
        lost = next((played.lost[w] for w in played.lost if story.who(w)[0] == key), None)
        if lost is not None:
            before = decisions.get(played.game, (0.0, 0))
            decisions[played.game] = (before[0] + lost[0], before[1] + lost[1])
        entered = _entered(scores, played.holes)
        listed.append(
            PersonRound(
                played.round_id, played.game, played.kind, played.holes, played.played_on, played.among_people,
                sum(entered), len(entered), played.complete, _place(story, played, key), len(cards), lost,
            )
        )  # fmt: skip
    lines = [t.line(game, kind) for (people_, game, kind), t in sorted(tallies.items()) if people_ and t.rounds]
    against = [t.line(game, kind) for (people_, game, kind), t in sorted(tallies.items()) if not people_ and t.rounds]
    ratings = {
        game: (found.people[key], found.history[key]) for game, found in story.ratings.items() if key in found.people
    }
    others = {k for played in mine if played.among_people for k in story.cards(played) if k != key}
    rivals = [h for other in others for h in story.head_to_head(key, other) if h.rounds]
    rivals.sort(key=lambda h: (-h.rounds, h.game, h.other_key))
    return Profile(
        key, name, spellings, lines, against, ratings, listed[::-1],
        {game: (round(lost, 1), holes) for game, (lost, holes) in decisions.items()},
        list(story.achievements().get(key, [])), rivals,
    )  # fmt: skip


# -- head to head ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Meeting:
    """One complete round two people played together: each one's total (lower is better)."""

    round_id: str
    played_on: date
    holes: int
    kind: str
    one: int
    other: int


@dataclass(frozen=True)
class HeadToHead:
    """Two people in one game, over the complete rounds among people they both played."""

    game: str
    one_key: str
    one: str
    other_key: str
    other: str
    meetings: list[Meeting]  # oldest first

    @property
    def rounds(self) -> int:
        return len(self.meetings)

    @property
    def ahead(self) -> int:
        """Rounds ``one`` finished ahead of ``other`` (a lower total)."""
        return sum(1 for m in self.meetings if m.one < m.other)

    @property
    def behind(self) -> int:
        return sum(1 for m in self.meetings if m.one > m.other)

    @property
    def level(self) -> int:
        return self.rounds - self.ahead - self.behind

    @property
    def margin(self) -> float | None:
        """``other``'s total less ``one``'s, on average per round (above zero: ``one`` is ahead)."""
        return sum(m.other - m.one for m in self.meetings) / self.rounds if self.meetings else None


def head_to_head(rounds: Iterable[PlayedRound], names: Names, one: str, other: str) -> list[HeadToHead]:
    """``one`` against ``other`` (``person_key``s), one entry per game they both played among people.

    >>> day = date(2026, 12, 1)
    >>> rounds = [PlayedRound(f"r{n}", "grid", "Six cards", 9, day, {"Ann": [n] * 9, "Bo": [2] * 9}) for n in (1, 2, 3)]
    >>> [(h.rounds, h.ahead, h.behind, h.level, h.margin) for h in head_to_head(rounds, Names(), "ann", "bo")]
    [(3, 1, 1, 1, 0.0)]
    """
    return Story(rounds, names).head_to_head(one, other)


def _head_to_head(story: Story, one: str, other: str) -> list[HeadToHead]:
    found: dict[str, list[Meeting]] = {}
    shown: dict[tuple[str, str], str] = {}
    for played in story.rounds:
        if not played.among_people or not played.complete:
            continue
        cards = story.cards(played)
        if one not in cards or other not in cards or one == other:
            continue
        shown[played.game, one], shown[played.game, other] = cards[one][0], cards[other][0]
        totals = [story.totals(played)[k] for k in (one, other)]
        found.setdefault(played.game, []).append(
            Meeting(played.round_id, played.played_on, played.holes, played.kind, totals[0], totals[1])
        )
    return [
        HeadToHead(game, one, shown[game, one], other, shown[game, other], meetings)
        for game, meetings in sorted(found.items())
    ]


# -- the table's records and achievements ----------------------------------------------------------


@dataclass(frozen=True)
class Record:
    """One of the table's records: who holds it, the figure, and the round it was set in (the
    first to set it, where people share it)."""

    title: str
    name: str
    figure: str
    played_on: date
    round_id: str


@dataclass(frozen=True)
class TableRecords:
    game: str
    records: list[Record]


def _figure(value: int) -> str:
    return f"{value}".replace("-", "\u2212")


def table_records(rounds: Iterable[PlayedRound], names: Names = Names()) -> list[TableRecords]:
    """Each game's records among people, over complete rounds: the lowest round of each kind and
    length, the best hole (against its par where the round has pars) and the longest run of wins
    (two or more), each holder named as their latest round writes them.

    >>> day = date(2026, 12, 1)
    >>> rounds = [PlayedRound(f"r{n}", "grid", "Six cards", 9, day, {"Ann": [n] * 9, "Bo": [2] * 9}) for n in (1, 3)]
    >>> for r in table_records(rounds)[0].records:
    ...     print(r.title, r.name, r.figure)
    Lowest round, Six cards, 9 holes Ann 9
    Best hole, Six cards Ann 1
    """
    return Story(rounds, names).table_records()


def _table_records(story: Story) -> list[TableRecords]:
    lowest: dict[tuple[str, str, int], tuple[int, str, date, str]] = {}
    best_hole: dict[tuple[str, str], tuple[int, str, date, str, int | None]] = {}
    streak: dict[tuple[str, str], int] = {}
    longest: dict[str, tuple[int, str, date, str]] = {}
    shown: dict[tuple[str, str], str] = {}
    for played in story.rounds:
        if not played.among_people or not played.complete:
            continue
        cards = story.cards(played)
        won = story.won(played)
        for key, (name, card) in cards.items():
            shown[played.game, key] = name  # the spelling of the person's latest round names them in every record
            total = story.totals(played)[key]
            slot = (played.game, played.kind, played.holes)
            if slot not in lowest or total < lowest[slot][0]:
                lowest[slot] = (total, key, played.played_on, played.round_id)
            for hole, score in enumerate(card):
                par = played.pars[hole] if played.pars and hole < len(played.pars) else None
                against = score - par if score is not None and par is not None else score
                like = (played.game, played.kind)  # a hole of four cards and one of nine do not compare
                if against is not None and (like not in best_hole or against < best_hole[like][0]):
                    best_hole[like] = (against, key, played.played_on, played.round_id, par)
            run = streak.get((played.game, key), 0) + 1 if key in won else 0
            streak[played.game, key] = run
            if run > 1 and (played.game not in longest or run > longest[played.game][0]):
                longest[played.game] = (run, key, played.played_on, played.round_id)
    answer = []
    for game in sorted({slot[0] for slot in lowest}):
        records = [
            Record(f"Lowest round, {kind + ', ' if kind else ''}{holes} holes", shown[g, key], _figure(total), day, rid)
            for (g, kind, holes), (total, key, day, rid) in sorted(lowest.items())
            if g == game
        ]
        for (g, hole_kind), (against, key, day, rid, par) in sorted(best_hole.items()):
            if g != game:
                continue
            figure = (
                _figure(against) if par is None else ("E" if against == 0 else f"{against:+d}".replace("-", "\u2212"))
            )
            title = "Best hole" if par is None else "Best hole against par"
            records.append(Record(f"{title}{', ' + hole_kind if hole_kind else ''}", shown[g, key], figure, day, rid))
        if game in longest:
            run, key, day, rid = longest[game]
            records.append(Record("Most wins in a row", shown[game, key], str(run), day, rid))
        answer.append(TableRecords(game, records))
    return answer


# The achievements, each earned once, the first time (docs/people.md, "Achievements").
ACHIEVEMENTS = {
    "under-par": ("Under par", "a round under the course's par"),
    "zero-hole": ("Nothing to count", "a hole of zero or less"),
    "comeback": ("Comeback", "last at the turn, first at the end"),
    "hat-trick": ("Hat trick", "three wins in a row"),
    "clean-night": ("Clean sweep", "won every round of a night of three or more"),
}


def _earn(found: dict[str, dict[str, Achievement]], key: str, code: str, played: PlayedRound, detail: str) -> None:
    if code not in found.setdefault(key, {}):
        title, _ = ACHIEVEMENTS[code]
        found[key][code] = Achievement(code, title, detail, played.played_on, played.round_id)


def achievements(rounds: Iterable[PlayedRound], names: Names = Names()) -> dict[str, list[Achievement]]:
    """Who earned what (by ``person_key``), each achievement once, the first time, over complete
    rounds among people. The turn is after hole 9 of 18 (the Out), or hole 4 of 9.

    >>> day = date(2026, 12, 1)
    >>> cards = {"Ann": [9, 9, 9, 9, -9, -9, -9, -9, 0], "Bo": [1] * 9}
    >>> comeback = PlayedRound("r1", "grid", "Six cards", 9, day, cards)
    >>> [(a.title, a.detail) for a in achievements([comeback])["ann"]]
    [('Comeback', 'last after hole 4 (by 32), first with 0'), ('Nothing to count', 'a hole of −9, hole 5')]
    """
    return Story(rounds, names).achievements()


def _achievements(story: Story) -> dict[str, list[Achievement]]:
    found: dict[str, dict[str, Achievement]] = {}
    runs: dict[tuple[str, str], int] = {}
    nights: dict[tuple[str, date], list[PlayedRound]] = {}
    for played in story.rounds:
        if not played.among_people or not played.complete:
            continue
        nights.setdefault((played.game, played.played_on), []).append(played)
        cards = story.cards(played)
        won = story.won(played)
        turn = 9 if played.holes == 18 else 4
        at_turn = {key: sum(_entered(card[:turn], turn)) for key, (_, card) in cards.items()}
        for key, (_, card) in cards.items():
            total = story.totals(played)[key]
            if played.pars:
                par = sum(played.pars[: played.holes])
                if total < par:
                    _earn(found, key, "under-par", played, f"{_figure(total)} on a par of {par}")
            low = min(((score, hole) for hole, score in enumerate(card, start=1) if score is not None), default=None)
            if low is not None and low[0] <= 0:
                _earn(found, key, "zero-hole", played, f"a hole of {_figure(low[0])}, hole {low[1]}")
            worst_at_turn = max(at_turn.values())
            if (
                len(cards) > 1
                and key in won
                and at_turn[key] == worst_at_turn
                and sum(1 for v in at_turn.values() if v == worst_at_turn) == 1
            ):
                behind = at_turn[key] - min(at_turn.values())
                _earn(
                    found, key, "comeback", played, f"last after hole {turn} (by {behind}), first with {_figure(total)}"
                )
            run = runs.get((played.game, key), 0) + 1 if key in won else 0
            runs[played.game, key] = run
            if run == 3:
                _earn(found, key, "hat-trick", played, "three rounds won one after another")
    for (_, day), night in nights.items():
        if len(night) < 3:
            continue
        won_every = frozenset.intersection(*(story.won(played) for played in night))
        for key in won_every:
            _earn(found, key, "clean-night", night[-1], f"all {len(night)} rounds on {_day(day)}")
    return {
        key: sorted(earned.values(), key=lambda a: (a.played_on, a.round_id, a.code)) for key, earned in found.items()
    }
