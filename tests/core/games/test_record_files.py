"""A match's record as a file (``caddie.core.live.record_file``; docs/records.md, "The record as a
file"), over every registered game: what is written reads back as the same record with the same
frames, and whatever a file holds, reading it either gives a record whose every hole replays or
refuses it with a sentence, never anything else."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from caddie.core.errors import CaddieError
from caddie.core.games import GAMES
from caddie.core.games.kind import GameKind
from caddie.core.live.record import table_record
from caddie.core.live.record_file import FORMAT, MAX_BYTES, VERSION, read_record_file, record_file
from tests.core.games.test_game_records import HOUSE_RULES, NAMES, _course, _table, deal, play_hole

KINDS = [pytest.param(kind, id=kind.name) for kind in GAMES]


def played(kind: GameKind[Any], seed: int, players: int, house: dict[str, Any], holes: int) -> dict[str, Any]:
    """The record of a match of ``holes`` holes, as the API answers it."""
    rng = random.Random(seed)
    game = deal(kind, players, seed, house)
    kept = {}
    for hole in range(1, holes + 1):
        if hole > 1:
            game.next_hole()
        play_hole(game, rng)
        kept[hole] = kind.hole_record(game)
    places = [
        SimpleNamespace(name=name, person=seat == 0, level=None if seat == 0 else "steady")
        for seat, name in enumerate(NAMES[:players])
    ]
    table = SimpleNamespace(
        match=game, places=places, kind=kind, settings=kind.settings_for(_table(kind, house), 9, _course(kind))
    )
    verdicts = {1: {"decisions": [_verdict(kept[1])]}}
    return {"id": "t" * 16, **table_record(table, kept, verdicts), "share_url": None}  # type: ignore[arg-type]


def _verdict(hole: dict[str, Any]) -> dict[str, Any]:
    move = hole["moves"][0]
    return {
        "hole": 1,
        "seat": move["seat"],
        "move": 0,
        "played": move["action"],
        "best": move["action"],
        "loss": 0.0,
        "mark": None,
        "did": "You played",
        "caddie": "",
    }


def as_bytes(document: Any) -> bytes:
    return json.dumps(document).encode("utf-8")


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**64 - 1), players=st.integers(2, 4), house=HOUSE_RULES, holes=st.integers(1, 3))
@pytest.mark.parametrize("kind", KINDS)
def test_a_record_written_to_a_file_reads_back_the_same(kind, seed, players, house, holes) -> None:
    record = played(kind, seed, players, house, holes)
    document = record_file(record, "2026-12-05T21:04:00Z")
    assert document["format"] == FORMAT and document["version"] == VERSION
    assert "id" not in document["record"] and "share_url" not in document["record"]
    read = read_record_file(as_bytes(document))
    assert read.kind is kind
    assert read.record == document["record"]
    for hole in read.record["holes"]:
        assert kind.replay_frames(read.settings, hole) == kind.replay_frames(record_settings(record, kind), hole)


def record_settings(record: dict[str, Any], kind: GameKind[Any]) -> dict[str, Any]:
    return kind.check_settings({key: record[key] for key in ("rules", "course", "clubs") if key in record})


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)


def paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place in a JSON value, the value itself first."""
    found = [here]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths(inner, (*here, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += paths(inner, (*here, index))
    return found


def replaced(value: Any, path: tuple[Any, ...], new: Any) -> Any:
    if not path:
        return new
    copy = json.loads(json.dumps(value))
    inner = copy
    for key in path[:-1]:
        inner = inner[key]
    inner[path[-1]] = new
    return copy


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), kind_index=st.integers(0, len(GAMES) - 1), seed=st.integers(0, 2**32))
def test_whatever_a_file_holds_reading_it_replays_or_refuses_with_a_sentence(data, kind_index, seed) -> None:
    kind = GAMES[kind_index]
    document = record_file(played(kind, seed, 2, {"cards": 4}, 1), "2026-12-05T21:04:00Z")
    where = data.draw(st.sampled_from(paths(document)))
    broken = replaced(document, where, data.draw(JSON))
    try:
        read = read_record_file(as_bytes(broken))
    except CaddieError as err:
        assert err.message.endswith((".", ":", "!")) and err.field == "file"
        return
    for hole in read.record["holes"]:  # what is read replays, whatever was changed
        if hole["moves"] is not None:
            read.kind.replay_frames(read.settings, hole)
    assert read.record["totals"] == [
        sum(h["scores"][s] for h in read.record["holes"]) for s in range(len(read.record["names"]))
    ]


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"\xff\xfe not json", "not a match record"),
        (b"{}", "not a match record"),
        (as_bytes({"format": FORMAT, "version": VERSION + 1, "record": {}}), "newer version"),
        (as_bytes({"format": FORMAT, "version": True, "record": {}}), "not a match record"),
        (as_bytes({"format": FORMAT, "version": 1, "record": {"game": "poker"}}), "The game is"),
        (b" " * (MAX_BYTES + 1), "larger than"),
        (b"[" * 100_000, "not a match record"),
    ],
)
def test_a_file_that_is_no_record_is_refused_in_a_sentence(data: bytes, says: str) -> None:
    with pytest.raises(CaddieError) as refused:
        read_record_file(data)
    assert says in refused.value.message and refused.value.field == "file"
