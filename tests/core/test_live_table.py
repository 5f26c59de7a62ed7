"""A live table: the seat lookup on its stored form, and the order of a seat's opponents."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from caddie.core.grid.game import GridMatch
from caddie.core.grid.rules import Rules
from caddie.core.live.games import GAMES, seats_after
from caddie.core.live.table import LiveTable

DIGESTS = st.sampled_from(["d-ann", "d-bob", "d-cy", "d-di", "d-ed"])


@given(
    seats=st.integers(min_value=2, max_value=6),
    joiners=st.lists(DIGESTS, max_size=5, unique=True),
    asked=st.one_of(st.none(), st.just(""), DIGESTS),
)
def test_each_token_names_the_seat_it_joined_and_no_other(seats, joiners, asked):
    table = LiveTable.new("grid", {"rules": {}}, [{"kind": "person"}] * seats, "Host", "d-host")
    seated = {"d-host": 0}
    for index, token in enumerate(joiners[: seats - 1]):
        seated[token] = table.join(f"P{index}", token)
    assert table.seat_of(asked) == seated.get(asked)  # None for no token, "" and a token never seated
    assert LiveTable.from_dict(table.to_dict()).seat_of(asked) == seated.get(asked)


@given(players=st.integers(min_value=2, max_value=6), data=st.data())
def test_a_seats_opponents_come_in_playing_order_from_the_seat_after_it(players, data):
    """As the caddie's request lists them: the first grid is the next to play after this seat."""
    match = GridMatch.new(Rules(), [f"P{i}" for i in range(players)], seed=data.draw(st.integers(0, 99)))
    match.order = data.draw(st.permutations(range(players)))  # the order a later hole may have
    seat = data.draw(st.integers(0, players - 1))
    view = GAMES["grid"].program_view(match, seat)
    whole = match.view(None, events=False)
    after = seats_after(match.order, seat)
    assert sorted(after) == [s for s in range(players) if s != seat]
    assert after[0] == match.order[(match.order.index(seat) + 1) % players]
    assert view["opponents"] == [list(whole["players"][other]["grid"]) for other in after]
