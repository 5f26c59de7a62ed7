"""Every game the app plays, registered once (``caddie.core.games.kind``), as python-chess keeps
its variants in one list: the pages, the store, the API and the conformance test
(``tests/core/games/test_games_conformance.py``) all go through ``GAMES`` and ``game_named``.

>>> [kind.name for kind in GAMES]
['grid', 'clubs']
>>> game_named("clubs").title
'Club Cards'
"""

from __future__ import annotations

from typing import Any

from caddie.core.errors import CaddieError, or_list
from caddie.core.games.club_cards import CLUB_CARDS
from caddie.core.games.grid_golf import GRID_GOLF
from caddie.core.games.kind import GameKind

__all__ = ["GAMES", "GAME_NAMES", "WHICH_GAME", "game_named", "or_titles"]

GAMES: tuple[GameKind[Any], ...] = (GRID_GOLF, CLUB_CARDS)
GAME_NAMES = tuple(kind.name for kind in GAMES)
_BY_NAME = {kind.name: kind for kind in GAMES}


def game_named(name: object, field: str = "game") -> GameKind[Any]:
    """The registered game called ``name``; ``CaddieError`` (on ``field``) for any other value."""
    kind = _BY_NAME.get(name) if isinstance(name, str) else None
    if kind is None:
        raise CaddieError(WHICH_GAME, field)
    return kind


def or_titles(uses_course: bool | None = None) -> str:
    """The games' titles as a choice, "Grid Golf or Club Cards" (only those played on a course, or
    only those that are not, with ``uses_course``)."""
    return or_list([kind.title for kind in GAMES if uses_course is None or kind.uses_course == uses_course])


def _choices() -> str:
    return or_list([f'"{kind.name}" ({kind.title})' for kind in GAMES])


WHICH_GAME = f"The game is {_choices()}."  # the refusal of a game that is not one of them
