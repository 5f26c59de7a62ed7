"""The caddie's review of a digital hole: where the person chose differently, and what it cost.

    review_hole(decisions, rng) -> HoleReview

``decisions`` are one player's decisions on one hole, in order, as
``GridMatch.apply_recorded`` keeps them: each a mapping with the ``view`` the
player decided from (their information state), the ``action`` they took (as
``Action.to_dict``) and optionally a ``seed`` for the caddie's random source
there (the digital match uses the Hint's, so the review's caddie says what the
Hint said).

The engine splits some decisions in two; the caddie decides them whole:

* a take and the swap that follows it are one move, "take the 9 into the
  top-left";
* a discard and the card the rules then force up (``discard_flip``) are one
  move, "discard the 10 and turn up the top-right".

When the caddie agreed with the first half (it would have taken the discard
too, or discarded too), only the second half is in question, and it is
judged from its own view, as the Hint would have judged it then.

How a decision is judged: the caddie decides from the same view
(``caddie_policy.decide``). If its move is the player's, or the same move in
another column (columns are interchangeable), there is nothing to say.
Otherwise the cost is the difference in what the caddie minimises, the
expected hole score against the table (my score minus the other players'
average; alone, my expected score), between the player's move and the
caddie's, both played out again (``caddie_policy.evaluate``) over fresh deals
of the cards the player could not see, the same deals for both. Not from the
figures ``decide`` chose by: the best of several noisy estimates is a lucky
one, and charged a Caddie-following seat 0.27 points a decision where the
fresh play-outs charge 0.12 (``bench/review_quality.py``, 200 holes). A cost below 0
(the player's move was as good, within the noise) counts as 0; a decision
whose cost rounds to 0.0 points is not listed.

Deterministic: the same decisions and the same random source give the same
review.

>>> import random
>>> from caddie.core.grid.game import GridMatch, DRAW, DISCARD
>>> from caddie.core.grid.rules import Rules
>>> m = GridMatch.new(Rules(initial_flips=0, holes=1), ["Ann", "Cpu"], seed=3)
>>> _ = m.apply_recorded(DRAW, 0)
>>> review_hole(m.decisions, random.Random(1)).hole
1
"""

from __future__ import annotations

import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, TypeGuard

from caddie.core.errors import CaddieError
from caddie.core.grid.caddie import Option, decide, evaluate, same_move
from caddie.core.grid.cards import card_shown
from caddie.core.grid.game import Action, position_name
from caddie.core.grid.moves import Move
from caddie.core.grid.view import SeatView
from caddie.core.verdicts import mark_of

__all__ = [
    "review_hole",
    "judge_move",
    "hole_verdicts",
    "seat_review",
    "judge_ready",
    "judge_some",
    "HoleReview",
    "Reviewed",
    "Verdict",
]


@dataclass(frozen=True)
class Reviewed:
    """One decision the caddie would have made differently."""

    did: str  # "You took the 9 into the top-left, replacing your K"
    caddie: str  # "the caddie would have drawn from the deck"
    cost: float  # expected points against the table it cost, to 0.1
    your_score: float  # my expected hole score after my move ...
    caddie_score: float  # ... and after the caddie's
    turn: int  # the hole's turn count when it was made (0: the first turn)

    @property
    def text(self) -> str:
        return f"{self.did}; {self.caddie}."

    def to_dict(self) -> dict[str, Any]:
        return {
            "did": self.did,
            "caddie": self.caddie,
            "text": self.text,
            "cost": self.cost,
            "mark": mark_of(self.cost),
            "your_score": self.your_score,
            "caddie_score": self.caddie_score,
            "turn": self.turn,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Reviewed:
        return cls(data["did"], data["caddie"], data["cost"], data["your_score"], data["caddie_score"], data["turn"])


@dataclass(frozen=True)
class Verdict:
    """The caddie's verdict on one decision of a person (a move the engine splits, judged whole):
    the move ``played``, the caddie's ``best`` in the same view, and the expected points the move
    cost against it (``loss``, 0 where they agree), with the words of both."""

    decision: int  # where the move's first decision is in the hole's list
    seat: int
    played: Move
    best: Move
    loss: float  # expected points against the table, to 0.1; never negative
    did: str  # "You took the 9 into the top-left, replacing your K"
    caddie: str  # "the caddie would have drawn from the deck" ("" where it agrees)
    your_score: float
    caddie_score: float
    turn: int

    def reviewed(self) -> Reviewed | None:
        """The review's line for a decision that cost points."""
        if self.loss <= 0:
            return None
        return Reviewed(self.did, self.caddie, self.loss, self.your_score, self.caddie_score, self.turn)

    def to_dict(self) -> dict[str, Any]:
        return {
            "decision": self.decision,
            "seat": self.seat,
            "played": list(self.played),
            "best": list(self.best),
            "loss": self.loss,
            "did": self.did,
            "caddie": self.caddie,
            "your_score": self.your_score,
            "caddie_score": self.caddie_score,
            "turn": self.turn,
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Verdict:
        return cls(
            data["decision"],
            data["seat"],
            Move(*data["played"]),
            Move(*data["best"]),
            data["loss"],
            data["did"],
            data["caddie"],
            data["your_score"],
            data["caddie_score"],
            data["turn"],
        )


@dataclass(frozen=True)
class HoleReview:
    """The decisions of a hole the caddie would have made differently, biggest cost first."""

    hole: int
    considered: int  # decisions looked at (a take and its swap count once)
    items: tuple[Reviewed, ...]

    @property
    def total(self) -> float:
        return round(sum(item.cost for item in self.items), 1)

    def to_dict(self) -> dict[str, Any]:
        return {
            "hole": self.hole,
            "considered": self.considered,
            "total": self.total,
            "items": [item.to_dict() for item in self.items],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> HoleReview:
        return cls(data["hole"], data["considered"], tuple(Reviewed.from_dict(i) for i in data["items"]))


@dataclass(frozen=True)
class _Step:
    """A decision as the caddie sees it: the view, the player's whole move, and, for a move the
    engine splits (a take and its swap, a discard and its forced flip), the second half alone."""

    view: SeatView
    move: Move
    seed: str | int | None
    second: _Step | None = None
    index: int = 0  # where its first decision is in the hole's list


def review_hole(
    decisions: Sequence[Mapping[str, Any]], rng: random.Random | str, seat: int | None = None
) -> HoleReview:
    """The caddie's review of a hole's ``decisions`` (see the module's doc): those of ``seat``, or
    of every seat that has some when ``None`` (a solo match has one).

    ``rng`` is the random source, or a string naming it; with a string, moves already
    judged by ``judge_ready`` with the same string are not judged again.
    """
    verdicts = [v for v in hole_verdicts(decisions, rng) if seat is None or v.seat == seat]
    items = [item for item in (v.reviewed() for v in verdicts) if item is not None]
    items.sort(key=lambda item: (-item.cost, item.turn))
    hole = decisions[0]["view"].get("hole", 1) if decisions else 1
    return HoleReview(hole, len(verdicts), tuple(items))


def seat_review(review: Mapping[str, Any] | None, seat: int) -> dict[str, Any] | None:
    """``seat``'s part of a hole's review as ``GridGolf.reviewed`` keeps it (``{"hole", "verdicts"}``),
    in ``HoleReview.to_dict``'s shape; ``None`` for a seat with no decision judged. A review kept
    before verdicts were (a solo match's, already in that shape) is its one person's."""
    if not review:
        return None
    if "items" in review:
        return dict(review) if seat == 0 else None
    verdicts = [Verdict.from_dict(v) for v in review["verdicts"] if v["seat"] == seat]
    if not verdicts:
        return None
    items = sorted((i for i in (v.reviewed() for v in verdicts) if i is not None), key=lambda i: (-i.cost, i.turn))
    return HoleReview(review["hole"], len(verdicts), tuple(items)).to_dict()


def hole_verdicts(decisions: Sequence[Mapping[str, Any]], rng: random.Random | str) -> list[Verdict]:
    """The caddie's verdict on every move of ``decisions``, in order (none on a move it could not
    decide); ``rng`` as for ``review_hole``."""
    base = rng if isinstance(rng, str) else str(rng.getrandbits(64))
    verdicts: list[Verdict] = []
    for step in _steps(decisions):
        first = decisions[step.index]
        kept = first.get(JUDGED, _NOT_JUDGED) if isinstance(rng, str) else _NOT_JUDGED
        if kept is None:
            continue
        found = Verdict.from_dict(kept) if _is_verdict(kept) else _judge(step, _step_rng(base, step))
        if found is not None:
            verdicts.append(found)
    return verdicts


def judge_ready(decisions: list[dict[str, Any]], seed: str) -> list[dict[str, Any]]:
    """Judge, while the hole goes on, every move not judged yet but the latest (a second half
    may still join it), keeping each verdict in the move's first decision; returns
    ``decisions`` so judged (the same list: a caller in another process keeps the answer).
    ``review_hole`` with the same ``seed`` then only judges what is left, so the hole's end
    does not wait for all of it at once.

    >>> import random
    >>> from caddie.core.grid.game import GridMatch, DRAW, DISCARD
    >>> from caddie.core.grid.rules import Rules
    >>> m = GridMatch.new(Rules(initial_flips=0, holes=1), ["Ann", "Cpu"], seed=3)
    >>> _ = m.apply_recorded(DRAW, 0)
    >>> judge_ready(m.decisions, "s") is m.decisions, "judged" in m.decisions[0]
    (True, False)
    """
    for step in _steps(decisions)[:-1]:
        first = decisions[step.index]
        if first.get(JUDGED, _NOT_JUDGED) is not None and not _is_verdict(first.get(JUDGED)):
            found = _judge(step, _step_rng(seed, step))
            first[JUDGED] = found.to_dict() if found else None
    return decisions


def judge_some(decisions: list[dict[str, Any]], seed: str, seconds: float) -> bool:
    """Judge the moves of a finished hole not judged yet, in order, for about ``seconds`` (at least
    one), keeping each verdict as ``judge_ready`` does; whether every move is judged now. A review
    worked out beside other heavy work takes it in such slices, so that the others wait for one
    slice at most, not for the whole hole."""
    ends = time.monotonic() + seconds
    judged = 0
    for step in _steps(decisions):
        first = decisions[step.index]
        if first.get(JUDGED, _NOT_JUDGED) is None or _is_verdict(first.get(JUDGED)):
            continue
        if judged and time.monotonic() >= ends:
            return False
        judged += 1
        found = _judge(step, _step_rng(seed, step))
        first[JUDGED] = found.to_dict() if found else None
    return True


def _is_verdict(kept: object) -> TypeGuard[dict[str, Any]]:
    """A kept verdict (a match stored before verdicts kept only the moves that cost points: those
    are judged again)."""
    return isinstance(kept, dict) and "played" in kept


_NOT_JUDGED = object()  # a decision with no verdict kept yet
JUDGED = "judged"


def _step_rng(base: str, step: _Step) -> random.Random:
    """Each move's own random source: the same whether it is judged early or at the end."""
    return random.Random(f"{base}:{step.index}")


def _steps(decisions: Sequence[Mapping[str, Any]]) -> list[_Step]:
    """Pair the engine's half-decisions into the caddie's moves."""
    steps: list[_Step] = []
    i = 0
    while i < len(decisions):
        view, action, seed = _read(decisions[i])
        after = _read(decisions[i + 1]) if i + 1 < len(decisions) else None
        kind, position = action.kind, action.position
        if kind == "take" and after and after[1].kind == "swap" and after[0].get("drawn_from") == "discard":
            second = _Step(after[0], Move("swap", after[1].position, None), after[2], index=i + 1)
            steps.append(_Step(view, Move("take", after[1].position, None), seed, second, index=i))
            i += 2
        elif kind == "discard" and after and after[1].kind == "flip" and after[0].get("pending_flip"):
            second = _Step(after[0], Move("flip", after[1].position, None), after[2], index=i + 1)
            steps.append(_Step(view, Move("discard", None, after[1].position), seed, second, index=i))
            i += 2
        elif kind == "discard" and after and after[1].kind == "pass":  # no flip, where it is optional
            second = _Step(after[0], Move("pass", None, None), after[2], index=i + 1)
            steps.append(_Step(view, Move("discard", None, None), seed, second, index=i))
            i += 2
        else:
            if kind != "take":  # a take whose swap was not kept says not where the card went
                steps.append(_Step(view, Move(kind, position, None), seed, index=i))
            i += 1
    return steps


def judge_move(view: SeatView, move: Move, seed: int | str, index: int = 0) -> Verdict | None:
    """The verdict on one whole move made from ``view`` (a decision at a real table, which no
    engine split in two: ``caddie.core.grid.walk_record``), the Caddie deciding with ``seed`` as
    the advice shown then did; ``index`` is the decision's place in its hand. ``None`` where the
    Caddie could decide nothing."""
    return _judge(_Step(view, move, seed, index=index), random.Random(f"judge:{seed}:{index}"))


def _read(decision: Mapping[str, Any]) -> tuple[SeatView, Action, str | None]:
    return decision["view"], Action.from_dict(decision["action"]), decision.get("seed")


def _judge(step: _Step, rng: random.Random) -> Verdict | None:
    """The caddie's verdict on the step (``None`` where it could decide nothing)."""
    sub = random.Random(rng.getrandbits(64))  # each step's draws do not depend on the ones before
    view = step.view
    try:
        decision = decide(view, random.Random(step.seed) if step.seed is not None else sub)
    except CaddieError:
        return None  # nothing the caddie could decide: nothing to review
    best = decision.best
    mine = _move_of(best)
    if step.second is not None and mine[0] == step.move[0]:
        # the caddie agreed on the first half: the second is in question, judged from its own view
        half = _judge(step.second, sub)
        if half is None:
            return None
        return replace(half, decision=step.index, played=step.move, best=_joined(step.move, half.best))
    seat = int(view["seat"]) if view.get("seat") is not None else 0
    turn = view.get("turns") or 0
    did = _words(view, step.move, False)
    if same_move(view, mine, step.move):
        score = round(best.expected_score, 1)
        return Verdict(step.index, seat, step.move, step.move, 0.0, did, "", score, score, turn)
    # Both moves played out again over fresh deals, the same for both: the deals that made the
    # caddie choose its move favour it (the best of noisy estimates is lucky), so its own figures
    # would charge a move that is as good with a loss.
    yours, its = evaluate(view, [step.move, mine], sub)
    cost = max(round(yours.value - its.value, 1), 0.0)  # simulation noise can make it a hair negative
    return Verdict(
        step.index,
        seat,
        step.move,
        mine,
        cost,
        did,
        _words(view, mine, True),
        round(yours.expected_score, 1),
        round(its.expected_score, 1),
        turn,
    )


def _joined(whole: Move, second: Move) -> Move:
    """The caddie's whole move where it agreed with the first half of ``whole`` and chose ``second``
    for the rest: the take into its position, the discard with its flip (or none)."""
    if whole.kind == "take":
        return Move("take", second.position)
    return Move("discard", None, second.position if second.kind == "flip" else None)


def _move_of(option: Option) -> Move:
    return Move(option.action.kind, option.position, option.flip)


# -- in words -------------------------------------------------------------------------------


def _where(view: SeatView, position: int, with_replaced: bool = True) -> str:
    size = len(view["players"][view["seat"]]["grid"])
    text = f"the {position_name(position, size)}"
    if not with_replaced:
        return text
    old = view["players"][view["seat"]]["grid"][position]
    return text + (", over a face-down card" if old is None else f", replacing your {card_shown(old)}")


# what the player did, and what the caddie would have done, by kind of move
_PHRASES = {
    "take": ("You took the {card} into {where}", "the caddie would have taken the {card} into {where}"),
    "draw": ("You drew from the deck", "the caddie would have drawn from the deck"),
    "swap": ("You put the {card} into {where}", "the caddie would have put it into {where}"),
    "discard": ("You discarded the {card}", "the caddie would have discarded it"),
    "flip": ("You turned up {spot}", "the caddie would have turned up {spot}"),
    "knock": ("You knocked, turning up your last cards", "the caddie would have knocked"),
    "pass": ("You left your cards as they were", "the caddie would have left them as they were"),
}


def _words(view: SeatView, move: Move, caddie: bool) -> str:
    """A move in words: "You took the 9 into the top-left, replacing your K" (``caddie`` False)
    or "the caddie would have drawn from the deck" (``caddie`` True)."""
    kind, position, flip = move
    card = view["discard"][-1] if kind == "take" else view.get("drawn")
    where = spot = ""
    if kind in ("take", "swap", "flip"):
        assert position is not None, f"a {kind} names its position"
        if kind == "flip":
            spot = _where(view, position, False)
        else:
            where = _where(view, position)
    shown = card_shown(card) if card is not None else ""  # a draw or a flip names no card
    text = _PHRASES[kind][caddie].format(card=shown, where=where, spot=spot)
    if kind == "discard" and flip is not None:
        text += f" and turned up {_where(view, flip, False)}"
    return text
