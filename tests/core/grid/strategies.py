"""Hypothesis strategies the core's property tests share: one place that knows every rules field."""

from __future__ import annotations

from hypothesis import strategies as st

from caddie.core.grid.rules import (
    ENDS,
    GRID_SIZES,
    HOUSE_FLAGS,
    JOKER_POINTS,
    KING_POINTS,
    NEGATIVE_PAIRS,
    NEGATIVES,
    TEN_POINTS,
    TWO_ROW_SIZES,
    Rules,
)

__all__ = ["TWO_ROW_SIZES", "rules_strategy"]

# The on/off house rules that change only how a hole is scored (the joker rules, which
# exclude each other, and the turn options are drawn on their own).
SCORING_FLAGS = tuple(
    name for name in HOUSE_FLAGS if name not in ("lucky_swing", "eagle_eye", "flip_as_action", "early_knock")
)


@st.composite
def _rules(
    draw: st.DrawFn,
    holes: st.SearchStrategy[int],
    sizes: tuple[int, ...],
    house: bool,
    turn_options: bool,
) -> Rules:
    fields: dict[str, object] = {
        "cards": draw(st.sampled_from(sizes)),
        "king": draw(st.sampled_from(KING_POINTS if house else (0, 10))),
        "negatives": draw(st.sampled_from(NEGATIVES)),
        "negative_pairs": draw(st.sampled_from(NEGATIVE_PAIRS)),
        "end": draw(st.sampled_from(ENDS)),
        "discard_flip": draw(st.sampled_from((False, True, "optional") if turn_options else (False, True))),
        "initial_flips": draw(st.integers(0, 2)),
        "holes": draw(holes),
    }
    if house:
        fields["ten"] = draw(st.sampled_from(TEN_POINTS))
        jokers = draw(st.sampled_from(("plain", "lucky_swing", "eagle_eye")))
        if jokers == "lucky_swing":
            fields["lucky_swing"] = True
        elif jokers == "eagle_eye" and fields["negatives"] != "twos":
            fields["eagle_eye"] = True
        elif fields["negatives"] != "twos":
            fields["joker"] = draw(st.sampled_from(JOKER_POINTS))
        for name in SCORING_FLAGS:
            fields[name] = draw(st.booleans())
    if turn_options:
        fields["flip_as_action"] = draw(st.booleans())
        fields["early_knock"] = draw(st.booleans())
    return Rules(**fields)  # type: ignore[arg-type]


def rules_strategy(
    holes: st.SearchStrategy[int] | None = None,
    *,
    sizes: tuple[int, ...] = GRID_SIZES,
    house: bool = True,
    turn_options: bool = True,
) -> st.SearchStrategy[Rules]:
    """Any valid ``Rules`` value, every field over its allowed values (``holes``: 1 to 18 unless
    given). ``sizes`` limits the layouts; ``house=False`` leaves the scoring house rules at their
    defaults, ``turn_options=False`` the turn options (flip instead of drawing, early knock,
    an optional discard flip)."""
    return _rules(holes if holes is not None else st.integers(1, 18), sizes, house, turn_options)
