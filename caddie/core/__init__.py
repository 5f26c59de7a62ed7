"""The pure core: cards, rules and scoring. No web or database imports here."""

from caddie.core.clubs.scoring import ClubHoleScore, ClubRules, PenaltyBand, score_club_hole
from caddie.core.errors import CaddieError, CardError, HandError, RulesError
from caddie.core.grid.cards import RANKS, parse_card, parse_cards, split_cards
from caddie.core.grid.rules import PRESETS, Rules, preset
from caddie.core.grid.scoring import ColumnScore, GridScore, check_grid, score_column, score_grid

__all__ = [
    "RANKS",
    "parse_card",
    "parse_cards",
    "split_cards",
    "ClubHoleScore",
    "ClubRules",
    "PenaltyBand",
    "score_club_hole",
    "CaddieError",
    "CardError",
    "HandError",
    "RulesError",
    "PRESETS",
    "Rules",
    "preset",
    "ColumnScore",
    "GridScore",
    "check_grid",
    "score_column",
    "score_grid",
]
