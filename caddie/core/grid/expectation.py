"""The expected points of a column with cards still unseen, for columns of any height.

The players of a two-row grid read precomputed tables (``caddie.core.grid.knowledge``,
``caddie.core.grid.opponents``); a nine-card grid's columns of three come here. Each
unseen card is taken as an independent draw from the unseen cards' rank chances ``p``
(a close estimate: the decks hold many cards of each rank), and a column scores as the
one scoring function says (``score_column``): matched when every card shares a rank
(a one-eyed Jack is a Jack), else the sum of its cards.

With ``u`` unseen cards, ``E = E[sum] + Σ_g (P_g^u · pair_g − P_g^u · known − u · P_g^(u−1) · S_g)``
over the match groups ``g`` the known cards allow, where ``P_g`` is the chance of a card
of group ``g`` and ``S_g`` its expected points: the sum, corrected where the column matches.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from caddie.core.grid.rules import Rules
from caddie.core.grid.scoring import score_column


def expected_column(known: Sequence[str], unseen: int, p: Mapping[str, float], rules: Rules) -> float:
    """Expected points of a column of ``len(known) + unseen`` cards, ``known`` face up.

    >>> rules = Rules(cards=9)
    >>> expected_column(["7", "7", "7"], 0, {}, rules), expected_column(["7", "5"], 1, {"7": 0.5, "9": 0.5}, rules)
    (0.0, 20.0)
    >>> round(expected_column(["7", "7"], 1, {"7": 0.5, "9": 0.5}, rules), 2)  # half 0, half 23
    11.5
    """
    if unseen == 0:
        points = score_column(tuple(known), rules).points
        return float(points or 0)
    mean = sum(q * rules.points(r) for r, q in p.items())
    known_sum = sum(rules.points(c) for c in known)
    expected: float = known_sum + unseen * mean
    groups = {Rules.match_rank(c) for c in known}
    if len(groups) > 1:
        return expected  # the known cards already differ: no match is possible
    candidates = groups or {Rules.match_rank(r) for r in p}
    size = len(known) + unseen
    for group in candidates:
        chance = sum(q for r, q in p.items() if Rules.match_rank(r) == group)
        if chance == 0:
            continue
        group_points = sum(q * rules.points(r) for r, q in p.items() if Rules.match_rank(r) == group)
        all_match = chance**unseen
        expected += (
            all_match * (rules.pair_points(group, size) - known_sum) - unseen * chance ** (unseen - 1) * group_points
        )
    return expected
