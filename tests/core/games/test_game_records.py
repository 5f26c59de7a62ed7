"""A hole's record (``GameKind.hole_record``, docs/records.md), over every registered game: played
back through the engine from the hole's deal it gives the same hole, scores and all, and it names
no card that the hole did not show everyone."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caddie.core.courses.course import SAMPLE_COURSES
from caddie.core.game import Game
from caddie.core.games import GAMES
from caddie.core.games.kind import GameKind
from caddie.core.grid.rules import Rules
from caddie.core.table import Table

KINDS = [pytest.param(kind, id=kind.name) for kind in GAMES]
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"]

# the house rules that change what a move is: a flip after a discard, a flip as a whole turn, a
# knock, no initial flips, final turns
HOUSE_RULES = st.fixed_dictionaries(
    {
        "cards": st.sampled_from([4, 6, 9]),
        "discard_flip": st.sampled_from([False, True, "optional"]),
        "flip_as_action": st.booleans(),
        "early_knock": st.booleans(),
        "initial_flips": st.sampled_from([0, 1, 2]),
        "end": st.sampled_from(["immediate", "final_turn"]),
    }
)


def deal(kind: GameKind[Any], players: int, seed: int, house: dict[str, Any]) -> Game[Any, Any]:
    return kind.deal(kind.settings_for(_table(kind, house), 9, _course(kind)), NAMES[:players], seed)


def copy_of(game: Game[Any, Any]) -> Game[Any, Any]:
    return type(game).from_dict(json.loads(json.dumps(game.to_dict())))


def public_cards(game: Game[Any, Any]) -> Counter[Any]:
    """Every card an onlooker sees now: on the table, on the discard pile, in a hand shown."""
    view: Any = game.view(None, events=False)
    seen: Counter[Any] = Counter(view["discard"])
    for player in view["players"]:
        for key in ("grid", "played", "turned"):
            seen.update(card for card in player.get(key) or [] if card is not None)
    if view.get("drawn") is not None and not isinstance(view["drawn"], list):
        seen[view["drawn"]] += 1  # a card taken from the discard pile, in the taker's hand
    return seen


def play_hole(game: Game[Any, Any], rng: random.Random) -> None:
    """Random legal moves (random Beginner plays in Club Cards, whose legal plays are thousands)."""
    kind = next(kind for kind in GAMES if isinstance(game, kind.engine))
    while game.current is not None:
        seat = game.current
        move = kind.computer_move(game, seat, "beginner", rng) if kind.uses_course else rng.choice(game.legal_actions())
        game.apply(move, seat)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**64 - 1), players=st.integers(2, 4), house=HOUSE_RULES, holes=st.integers(1, 3))
@pytest.mark.parametrize("kind", KINDS)
def test_a_record_played_back_from_the_deal_gives_the_same_hole(
    kind: GameKind[Any], seed: int, players: int, house: dict[str, Any], holes: int
) -> None:
    rng = random.Random(seed)
    game = deal(kind, players, seed, house)
    for hole in range(1, holes + 1):
        if hole > 1:
            game.next_hole()
        dealt = copy_of(game)
        play_hole(game, rng)
        record = kind.hole_record(game)
        assert record is not None and record["hole"] == hole
        assert json.loads(json.dumps(record)) == record  # plain JSON
        assert record["scores"] == game.hole_scores[-1]
        assert record["first"] == dealt.order[0] and record["order"] == dealt.order

        frames = kind.replay_frames(kind.settings_for(_table(kind, house), 9, _course(kind)), record)
        assert len(frames) == len(record["moves"]) + 2  # the deal, each move, the end
        assert _seen(frames[0], dealt) == _onlookers(dealt)
        again = dealt
        shown = public_cards(again)
        assert Counter(_cards_of(record["start"])) <= shown, "the deal's record names a card it did not show"
        for number, move in enumerate(record["moves"]):
            for action in kind.program_actions(again, move["seat"], move["action"]):
                again.apply(action, move["seat"])
            shown = public_cards(again) + Counter(_cards_of(record["end"]))
            if again.current is None:  # the move that ended the hole, whose cards may have gone to the pile since
                shown += Counter(card for event in again.view(None)["events"] for card in event["cards"])
            assert Counter(move["cards"]) <= shown, f"{move} names a card the hole did not show"
            assert move["text"]
            frame = frames[number + 1]
            if again.current is not None:  # a move that ended the hole is the end's frame too
                assert _seen(frame, again) == _onlookers(again), f"the replay after {move} is not the table"
        assert again.current is None, "the record's moves end the hole"
        assert again.hole_scores == game.hole_scores
        assert json.dumps(again.to_dict(), sort_keys=True) == json.dumps(game.to_dict(), sort_keys=True)
        assert Counter(_cards_of(record["end"])) <= public_cards(game)
        assert frames[-1]["scores"] == record["scores"]
        if kind.uses_course:  # the engine sweeps a Club Cards hole's plays away; the end keeps them
            assert {k: frames[-1][k] for k in ("played", "turned")} == {k: frames[-2][k] for k in ("played", "turned")}
        else:
            assert _seen(frames[-1], game) == _onlookers(game)


def _table(kind: GameKind[Any], house: dict[str, Any]) -> Table:
    return Table(rules=replace(Rules(), **house)) if house and not kind.uses_course else Table()


def _course(kind: GameKind[Any]) -> Any:
    return SAMPLE_COURSES["cedar-nine"] if kind.uses_course else None


def _onlookers(game: Game[Any, Any]) -> dict[str, Any]:
    """What an onlooker's view shows of the table, in a replay frame's terms."""
    view: Any = game.view(None, events=False)
    players = view["players"]
    if "grid" in players[0]:  # Grid Golf
        held = None
        if view["drawn_by"] is not None:
            held = {"seat": view["drawn_by"], "card": view["drawn"]}
        return {
            "grids": [p["grid"] for p in players],
            "discard": view["discard"],
            "deck": view["deck_count"],
            "held": held,
        }
    return {
        "played": [p["played"] for p in players],
        "turned": [p["turned"] if p["played"] is not None else [] for p in players],
        "scores": [p["score"] for p in players],
    }


def _seen(frame: dict[str, Any], game: Game[Any, Any]) -> dict[str, Any]:
    """The frame's part that an onlooker's view shows too."""
    keys = _onlookers(game).keys()
    return {key: frame[key] for key in keys}


def _cards_of(part: dict[str, Any]) -> list[Any]:
    """The cards named in a record's ``start`` or ``end`` (a grid's discard card, every grid)."""
    cards: list[Any] = []
    if isinstance(part.get("discard"), str):
        cards.append(part["discard"])
    for grid in part.get("grids", []):
        cards += grid
    return cards


@pytest.mark.parametrize("kind", KINDS)
def test_no_record_while_the_hole_is_played_nor_for_a_hole_begun_before_records(kind: GameKind[Any]) -> None:
    game = deal(kind, 2, seed=5, house={})
    assert kind.hole_record(game) is None
    stored = game.to_dict()
    del stored["this_hole"]  # as a game stored before records were kept
    old = type(game).from_dict(stored)
    play_hole(old, random.Random(1))
    assert kind.hole_record(old) is None
    old.next_hole()
    play_hole(old, random.Random(2))
    assert kind.hole_record(old) is not None  # the next hole is recorded


def test_a_grid_record_merges_a_take_with_its_swap_and_a_discard_with_its_flip() -> None:
    kind = GAMES[0]
    game = deal(kind, 2, seed=3, house={"discard_flip": True, "initial_flips": 0, "cards": 4})
    game.apply(kind.program_actions(game, 0, {"action": "take_discard", "position": 1})[0], 0)
    for action in kind.program_actions(game, 0, {"action": "swap", "position": 1}):
        game.apply(action, 0)
    game.apply(kind.program_actions(game, 1, {"action": "draw"})[0], 1)
    for action in kind.program_actions(game, 1, {"action": "discard", "flip": 2}):
        game.apply(action, 1)
    moves = kind.record_moves(game, game.this_hole["events"])
    assert [m["action"] for m in moves] == [
        {"action": "take_discard", "position": 1},
        {"action": "draw"},
        {"action": "discard", "flip": 2},
    ]
    assert "turned up" in moves[2]["text"] and len(moves[2]["cards"]) == 2


@pytest.mark.parametrize("kind", KINDS)
def test_a_match_played_again_from_its_records_is_the_match(kind: GameKind[Any]) -> None:
    """``replayed``: from the deal through every hole's record, the same game, with the last hole's
    decisions of the seats named kept for its review (where the game reviews)."""
    game = deal(kind, 3, seed=21, house={})
    course = SAMPLE_COURSES["cedar-nine"] if kind.uses_course else None
    settings = kind.settings_for(Table(), 9, course)
    records = []
    rng = random.Random(4)
    for hole in (1, 2):
        if hole > 1:
            game.next_hole()
        play_hole(game, rng)
        records.append(kind.hole_record(game))
    again = kind.replayed(settings, NAMES[:3], 21, records, [0, 2])
    same = {key: value for key, value in again.to_dict().items() if key not in ("decisions", "review")}
    assert same == {key: value for key, value in game.to_dict().items() if key not in ("decisions", "review")}
    if kind.reviews:
        seats = {decision["view"]["seat"] for decision in again.decisions}
        assert seats == {0, 2}  # the people's, not seat 1's
        slices = 0
        while kind.hole_review(again) is None:
            again = kind.review_some(again, 0.0)  # one decision a slice, at least
            slices += 1
        verdicts = kind.hole_review(again)
        assert verdicts and slices >= 2
        moves = records[-1]["moves"]
        assert [v["move"] for v in verdicts] == [i for i, m in enumerate(moves) if m["seat"] in (0, 2)]
    else:
        assert kind.hole_review(kind.review_some(again, 0.0)) is None


def test_a_hole_that_reshuffles_the_deck_replays_to_the_same_table() -> None:
    """Draw and discard, turn after turn, until the turn limit ends the hole: the deck runs out and
    the discard pile becomes the deck, which the replay follows from the counts alone."""
    from caddie.core.grid.moves import DISCARD, DRAW

    kind = GAMES[0]
    house = {"initial_flips": 2}
    game = deal(kind, 2, seed=8, house=house)
    dealt = copy_of(game)
    while game.current is not None:
        seat = game.current
        legal = game.legal_actions()
        game.apply(DRAW if DRAW in legal else DISCARD if DISCARD in legal else legal[0], seat)
    assert game.reshuffles >= 1 and game.ended_by == "turn_limit"
    record = kind.hole_record(game)
    frames = kind.replay_frames(kind.settings_for(_table(kind, house), 9, None), record)
    again = dealt
    for number, move in enumerate(record["moves"]):
        for action in kind.program_actions(again, move["seat"], move["action"]):
            again.apply(action, move["seat"])
        if again.current is not None:
            assert _seen(frames[number + 1], again) == _onlookers(again)
    assert _seen(frames[-1], game) == _onlookers(game)
