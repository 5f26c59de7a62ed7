"""A live table: the seat lookup on its stored form, and the order of a seat's opponents."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from caddie.core.errors import CaddieError
from caddie.core.games.grid_golf import GRID_GOLF
from caddie.core.games.kind import seats_after
from caddie.core.grid.game import GridMatch
from caddie.core.grid.rules import Rules
from caddie.core.live.table import ASK_SECONDS, MAX_ASKS, LiveTable, NotTheHost

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
    view = GRID_GOLF.program_view(match, seat)
    whole = match.view(None, events=False)
    after = seats_after(match.order, seat)
    assert sorted(after) == [s for s in range(players) if s != seat]
    assert after[0] == match.order[(match.order.index(seat) + 1) % players]
    assert view["opponents"] == [list(whole["players"][other]["grid"]) for other in after]


# -- getting a seat back ------------------------------------------------------------------------------


def _playing_table() -> LiveTable:
    table = LiveTable.new(
        "grid", {"rules": {}}, [{"kind": "person"}, {"kind": "person"}, {"kind": "person"}], "Ann", "digest-a"
    )
    table.join("Bob", "digest-b")
    table.join("Cy", "digest-c")
    table.start(0, seed=1)
    return table


def test_the_hosts_fresh_token_takes_the_seat_and_the_old_one_names_none():
    table = _playing_table()
    with pytest.raises(NotTheHost):
        table.let_back_in(1, 1, "digest-new")
    with pytest.raises(CaddieError, match="Your own seat"):
        table.let_back_in(0, 0, "digest-new")
    table.let_back_in(0, 1, "digest-new")
    assert table.seat_of("digest-new") == 1 and table.seat_of("digest-b") is None
    assert LiveTable.from_dict(table.to_dict()).seat_of("digest-new") == 1


def test_a_request_is_let_in_or_refused_only_by_the_host_and_gives_nothing_before():
    table = _playing_table()
    assert table.seat_named(" bob ") == 1 and table.seat_named("Ada") is None and table.seat_named("") is None
    table.ask_back(1, "digest-phone", now=100.0)
    table.ask_back(1, "digest-phone", now=101.0)  # asked twice: the host sees it once
    (ask,) = table.waiting_asks(now=102.0)
    assert table.seat_of("digest-phone") is None  # nothing until the host answers
    with pytest.raises(NotTheHost):
        table.answer_ask(1, ask.id, True, now=102.0)
    with pytest.raises(CaddieError, match="no longer waiting"):
        table.answer_ask(0, "not-an-id", True, now=102.0)
    table.answer_ask(0, ask.id, True, now=103.0)
    assert table.seat_of("digest-phone") == 1 and table.seat_of("digest-b") is None and table.asks == []

    table.ask_back(2, "digest-other", now=200.0)
    (ask,) = table.waiting_asks(now=200.0)
    table.answer_ask(0, ask.id, False, now=201.0)
    assert table.seat_of("digest-c") == 2 and table.waiting_asks(now=201.0) == []
    kept = LiveTable.from_dict(table.to_dict())
    assert kept.ask_of("digest-other") is not None and kept.ask_of("digest-other").refused


def test_requests_are_few_expire_and_never_for_the_host_or_a_computer():
    table = _playing_table()
    with pytest.raises(CaddieError, match="host"):
        table.ask_back(0, "digest-x", now=0.0)
    for n in range(MAX_ASKS):
        table.ask_back(1 + n % 2, f"digest-{n}", now=float(n))
    with pytest.raises(CaddieError, match="requests to answer already"):
        table.ask_back(1, "digest-more", now=10.0)
    assert table.waiting_asks(now=ASK_SECONDS + 5.0) == []  # too old: no longer waiting
    table.ask_back(1, "digest-more", now=ASK_SECONDS + 5.0)  # and no longer in the way
    computer = LiveTable.new(
        "grid", {"rules": {}}, [{"kind": "person"}, {"kind": "computer", "level": "steady"}], "Ann", "d"
    )
    with pytest.raises(CaddieError, match="Only a seat a person sits at"):
        computer.ask_back(1, "digest-x", now=0.0)


def test_a_table_stored_before_requests_existed_still_loads():
    data = _playing_table().to_dict()
    del data["asks"]
    assert LiveTable.from_dict(data).asks == []
