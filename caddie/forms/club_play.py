"""Starting a Club Cards round against computers: the course and the computer opponents."""

from __future__ import annotations

from wtforms import StringField

from caddie.core.games.club_cards import CLUB_CARDS
from caddie.forms.base import PageForm
from caddie.forms.match_settings import CourseChoice, fill_opponents, opponents_fields

__all__ = ["StartClubRoundForm"]


class StartClubRoundForm(CourseChoice, PageForm):
    player = StringField("Your name", default="You")
    opponents, seats = opponents_fields(CLUB_CARDS)

    def fill_defaults(self) -> None:
        fill_opponents(self.seats)
