"""Hypothesis strategies the core's property tests share: one place that knows every rules field."""

from __future__ import annotations

from hypothesis import strategies as st

from caddie.core.grid.rules import ENDS, GRID_SIZES, NEGATIVE_PAIRS, NEGATIVES, Rules


def rules_strategy(holes: st.SearchStrategy[int] | None = None) -> st.SearchStrategy[Rules]:
    """Any ``Rules`` value, every field over its allowed values (``holes``: 1 to 18 unless given)."""
    return st.builds(
        Rules,
        cards=st.sampled_from(GRID_SIZES),
        king=st.sampled_from((0, 10)),
        negatives=st.sampled_from(NEGATIVES),
        negative_pairs=st.sampled_from(NEGATIVE_PAIRS),
        end=st.sampled_from(ENDS),
        discard_flip=st.booleans(),
        initial_flips=st.integers(0, 2),
        holes=holes if holes is not None else st.integers(1, 18),
    )
