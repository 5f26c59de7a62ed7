"""One conformance test over every registered game (``caddie.core.games``), as OpenSpiel's
``games_sim_test.py`` runs every registered game: random legal play to the end, through the
game API alone, checking at every step what every game promises (``docs/game-api.md``)."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from caddie.core.courses.course import SAMPLE_COURSES
from caddie.core.game import Game, IllegalAction
from caddie.core.games import GAMES, game_named
from caddie.core.games.kind import GameKind
from caddie.core.table import Table

KINDS = [pytest.param(kind, id=kind.name) for kind in GAMES]


def deal(kind: GameKind[Any], players: int, seed: int) -> Game[Any, Any]:
    course = SAMPLE_COURSES["cedar-nine"] if kind.uses_course else None
    settings = kind.settings_for(Table(), 9, course)
    names = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo"][:players]
    return kind.deal(settings, names, seed)


def stored(game: Game[Any, Any]) -> str:
    return json.dumps(game.to_dict(), sort_keys=True)


def views(game: Game[Any, Any]) -> list[Any]:
    return [game.view(seat) for seat in [None, *range(game.players)]]


def check_step(
    kind: GameKind[Any], game: Game[Any, Any], legal: list[Any], playing_move: Any, rng: random.Random
) -> None:
    """Every promise at this point of the game; ``legal``: its legal actions (listed once a step:
    a Club Cards hand has thousands); ``playing_move``: a move of a hole being played."""
    before = stored(game)

    # it turns into plain JSON and back, unchanged
    again = kind.engine.from_dict(json.loads(before))
    assert stored(again) == before
    assert views(again) == views(game)

    # the cheap question agrees with the long one
    assert game.legal_kinds() == sorted({action.kind for action in legal})

    seat = game.current
    if game.phase == "hole_over":
        # between holes only the next hole is legal, and any seat may start it
        assert seat is None and game.legal_kinds() == ["next"]
        with pytest.raises(IllegalAction):
            game.apply(playing_move, 0)
        assert stored(game) == before
    else:
        assert seat is not None and legal
        # a seat that is not to move is refused, and nothing changes
        for other in range(game.players):
            if other != seat:
                with pytest.raises(IllegalAction):
                    game.apply(rng.choice(legal), other)
        # the next hole is refused while this one is played
        with pytest.raises(IllegalAction):
            game.next_hole()
        assert stored(game) == before

    # no view holds what its seat may not know: dealing again every card it cannot see changes
    # nothing it is shown (the seat's own view, or an onlooker's)
    for viewer in [None, *range(game.players)]:
        shown = game.view(viewer)
        for seed in (1, 2):
            other = game.redealt_unseen(viewer, seed + game.hole * 100)
            assert other.cards_in_play() == game.cards_in_play()
            assert other.view(viewer) == shown, f"seat {viewer} sees a card it may not know"


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("kind", KINDS)
def test_random_legal_play_keeps_every_promise_of_the_game_api(kind: GameKind[Any], players: int) -> None:
    rng = random.Random(f"{kind.name}:{players}")
    game = deal(kind, players, seed=rng.getrandbits(64))
    cards = game.cards_in_play()
    playing_move = game.legal_actions()[0]
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        if steps % 3 == 0 or game.phase == "hole_over":
            check_step(kind, game, legal, playing_move, rng)
        seat = game.current
        action = rng.choice(legal)
        event = game.apply(action, seat if seat is not None else rng.randrange(game.players))
        assert event.hole == game.hole or event.kind in ("hole", "next")
        assert game.cards_in_play() == cards  # no card comes or goes
        steps += 1
    assert len(game.hole_scores) == game.holes == 9
    assert game.totals == [sum(hole[s] for hole in game.hole_scores) for s in range(players)]
    assert game.legal_actions() == [] and game.legal_kinds() == [] and game.current is None
    with pytest.raises(IllegalAction):
        game.next_hole()


@pytest.mark.parametrize("kind", KINDS)
def test_a_game_is_described_once_and_found_by_its_name(kind: GameKind[Any]) -> None:
    assert game_named(kind.name) is kind
    low, high = kind.seats
    assert 2 <= low <= high
    assert set(kind.levels) <= {"beginner", "steady", "caddie"}
    game = deal(kind, low, seed=7)
    assert isinstance(game, kind.engine) and game.holes == 9
    assert kind.phase(game) in ("flip", "turn")


@pytest.mark.parametrize("kind", KINDS)
def test_every_level_of_computer_plays_a_legal_move(kind: GameKind[Any]) -> None:
    game = deal(kind, kind.seats[0], seed=11)
    rng = random.Random(5)
    for level in kind.levels:
        seat = game.current
        assert seat is not None
        action = kind.choose(kind.decision_view(game, seat), level, rng)
        before = stored(game)
        trial = kind.engine.from_dict(json.loads(before))
        trial.apply(action, seat)  # legal: raises otherwise
        assert stored(game) == before  # deciding changed nothing


def test_an_unknown_game_is_refused_with_a_sentence_naming_every_game() -> None:
    from caddie.core.errors import CaddieError

    with pytest.raises(CaddieError) as refused:
        game_named("poker")
    assert all(kind.title in refused.value.message for kind in GAMES)
    assert refused.value.field == "game"


def test_the_cards_of_a_game_are_counted_where_they_can_be() -> None:
    # every registered game deals from a fixed set of cards and keeps it whole
    for kind in GAMES:
        game = deal(kind, kind.seats[1], seed=3)
        assert sum(game.cards_in_play().values()) > 0
        assert isinstance(game.cards_in_play(), Counter)
