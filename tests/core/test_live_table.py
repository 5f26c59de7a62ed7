"""A live table's seat lookup on its stored form agrees with the one on the table itself."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddie.core.errors import CaddieError
from caddie.core.live.table import LiveTable

DIGESTS = st.sampled_from(["d-ann", "d-bob", "d-cy", "d-di", "d-ed"])


@given(
    seats=st.integers(min_value=2, max_value=6),
    joiners=st.lists(DIGESTS, max_size=5, unique=True),
    asked=st.one_of(st.none(), st.just(""), DIGESTS),
)
def test_the_stored_form_names_the_same_seat_for_every_token(seats, joiners, asked):
    table = LiveTable.new("grid", {"rules": {}}, [{"kind": "person"}] * seats, "Host", "d-host")
    for index, token in enumerate(joiners[: seats - 1]):
        table.join(f"P{index}", token)
    stored = table.to_dict()
    for token in [asked, "d-host", *joiners]:
        assert LiveTable.stored_seat_of(stored, token) == table.seat_of(token)


def test_a_stored_form_without_its_seats_is_refused_plainly():
    with pytest.raises(CaddieError):
        LiveTable.stored_seat_of({"format": 1}, "d-host")
