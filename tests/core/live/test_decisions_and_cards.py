"""A seat's result split into its decisions and its cards (``decisions_and_cards``; docs/records.md,
"Decisions and cards"): the two always add up to the result against the table, a seat that
played as the Caddie owes it all to the cards, and a seat never reviewed has no split."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from caddie.core.live.record import decisions_and_cards

SCORES = st.integers(-10, 40)


@st.composite
def records(draw):
    seats = draw(st.integers(2, 5))
    holes = draw(st.integers(1, 6))
    reviewed_seats = draw(st.sets(st.integers(0, seats - 1), max_size=seats))
    kept = [{"hole": n, "scores": draw(st.lists(SCORES, min_size=seats, max_size=seats))} for n in range(1, holes + 1)]
    review = [
        {"hole": hole["hole"], "seat": seat, "move": move, "loss": draw(st.floats(0, 6).map(lambda x: round(x, 1)))}
        for hole in kept
        if draw(st.booleans())
        for seat in sorted(reviewed_seats)
        for move in range(draw(st.integers(1, 3)))
    ]
    return {"names": [f"P{i}" for i in range(seats)], "holes": kept, "review": review}


@given(records())
def test_decisions_and_cards_add_up_to_the_result_against_the_table(record) -> None:
    splits = decisions_and_cards(record)
    seats = len(record["names"])
    assert len(splits) == seats
    for seat, split in enumerate(splits):
        verdicts = [v for v in record["review"] if v["seat"] == seat]
        if not verdicts:
            assert split is None  # a computer's seat, or one never reviewed
            continue
        assert split is not None
        reviewed = {v["hole"] for v in verdicts}
        assert split["holes"] == len(reviewed)
        assert abs(split["decisions"] - sum(v["loss"] for v in verdicts)) < 0.051
        assert abs(split["against"] - (split["decisions"] + split["cards"])) < 0.11
        expected = sum(
            h["scores"][seat] - (sum(h["scores"]) - h["scores"][seat]) / (seats - 1)
            for h in record["holes"]
            if h["hole"] in reviewed
        )
        assert abs(split["against"] - expected) < 0.051
        for hole, lost in zip(record["holes"], split["lost"], strict=True):
            assert (lost is None) == (hole["hole"] not in reviewed)


def test_a_seat_that_played_as_the_caddie_owes_its_result_to_the_cards() -> None:
    record = {
        "names": ["Ann", "Ada"],
        "holes": [{"hole": 1, "scores": [12, 4]}, {"hole": 2, "scores": [3, 9]}, {"hole": 3, "scores": [5, 5]}],
        "review": [{"hole": 1, "seat": 0, "move": 0, "loss": 0.0}, {"hole": 2, "seat": 0, "move": 1, "loss": 0.0}],
    }
    ann, ada = decisions_and_cards(record)
    assert ada is None  # the computer is not reviewed
    assert ann == {"holes": 2, "against": 2.0, "decisions": 0.0, "cards": 2.0, "lost": [0.0, 0.0, None]}
