"""Starting a Grid Golf match against computers: the opponents and the match settings
(docs/grid-golf.md, "Match settings")."""

from __future__ import annotations

from wtforms import StringField

from caddie.core.games.grid_golf import GRID_GOLF
from caddie.core.games.kind import LEVEL_NAMES
from caddie.forms.base import PageForm
from caddie.forms.match_settings import DEFAULT_NAMES, GridMatchSettings, fill_opponents, opponents_fields

__all__ = ["DEFAULT_NAMES", "LEVELS", "StartMatchForm"]

# Caddie: the caddie's own policy
LEVELS = tuple((level, LEVEL_NAMES[level]) for level in GRID_GOLF.levels)


class StartMatchForm(GridMatchSettings, PageForm):
    player = StringField("Your name", default="You")
    opponents, seats = opponents_fields(GRID_GOLF)

    def fill_defaults(self, rules) -> None:
        self.fill_match_settings(rules)
        fill_opponents(self.seats)
