"""The learned value the Caddie's play-outs end in (``caddie.core.grid.learned``, issue 37).

The shipped tables must be the ones the code reads: each file's fingerprint is the feature code's
as it is now. The play-outs' inlined reading (``fast_player.leaf_scores``, ``stage_now``) must
agree with the module that defines the features (``table_of``, ``stage_of``). And the training
script must give the same files from the same seed, and a value that predicts held-out holes
better than the expectation alone.
"""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from dataclasses import replace
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from caddie.core.grid import caddie, learned
from caddie.core.grid.fast_player import DealtHole, leaf_scores, stage_now, worst_first
from caddie.core.grid.game import GridMatch
from caddie.core.grid.knowledge import DOWN, Knowledge
from caddie.core.grid.learned import (
    FAMILIES,
    STAGES,
    SYMBOLS,
    TABLES,
    GridValue,
    column_key,
    family_for,
    fingerprint,
    stage_of,
    table_of,
)
from caddie.core.grid.rules import PRESETS, Rules

ROOT = Path(__file__).resolve().parents[3]


def train_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("train_caddie", ROOT / "scripts" / "train_caddie.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["train_caddie"] = module
    spec.loader.exec_module(module)
    return module


def first_turn(rules: Rules, players: int = 2, seed: int = 3) -> Knowledge:
    match = GridMatch.new(rules, [f"P{i}" for i in range(players)], seed)
    while not (match.phase == "turn" and match.current == 0):
        match.apply(match.legal_actions()[0], match.current)
    return Knowledge(match.view(0, events=False))


# -- the shipped tables ------------------------------------------------------------------------


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_every_family_ships_tables_trained_for_this_code(family: str) -> None:
    path = learned.VALUES / f"{family}.json"
    assert path.exists(), f"no values for {family}: run scripts/train_caddie.py --family {family}"
    data = json.loads(path.read_text())
    assert data["trainer"]["fingerprint"] == fingerprint(), (
        f"values/{family}.json was trained for other feature code: run scripts/train_caddie.py again"
    )
    assert data["trainer"]["script"] == "scripts/train_caddie.py"
    assert isinstance(data["trainer"]["seed"], int)
    alone, with_value = data["trainer"]["held_out_mse"]
    assert with_value < alone, "the value predicts held-out holes better than the expectation alone"
    value = learned.load(family)
    assert value is not None and value.family == family and value.rows == 2


def test_the_shipped_tables_are_small() -> None:
    sizes = [p.stat().st_size for p in learned.VALUES.glob("*.json")]
    assert sizes and sum(sizes) < 3_000_000


def test_tables_trained_for_other_features_are_refused() -> None:
    data = json.loads((learned.VALUES / "bicycle.json").read_text())
    data["features"] = "something else"
    with pytest.raises(ValueError, match="other features"):
        GridValue.from_json(json.dumps(data))


def test_a_value_reads_back_as_written() -> None:
    value = learned.load("standard")
    assert value is not None
    again = GridValue.from_json(value.to_json({"seed": 1}))
    assert again.tempo == value.tempo
    assert all(abs(a - b) < 1e-4 for t in range(TABLES) for a, b in zip(again.residual[t], value.residual[t]))


# -- which family a table's rules read ---------------------------------------------------------


def test_rules_read_their_own_family() -> None:
    for name, rules in FAMILIES.items():
        assert family_for(rules) == name
        assert family_for(replace(rules, holes=18)) == name  # the holes played do not matter


def test_the_nearest_family_keeps_the_grid_shape() -> None:
    assert family_for(replace(PRESETS["bicycle"], cards=4, negatives="jokers")) == "four_cards"
    assert family_for(replace(PRESETS["bicycle"], cards=10)) in FAMILIES
    assert family_for(PRESETS["nine"]) is None  # columns of three: played out to the end


def test_the_caddie_reads_the_value_where_one_is_shipped() -> None:
    assert first_turn(PRESETS["bicycle"]).learned
    assert first_turn(replace(PRESETS["standard"], lucky_swing=True)).learned
    assert not first_turn(PRESETS["nine"]).learned


# -- the play-outs read the features as the module defines them ---------------------------------


@given(out=st.booleans(), downs=st.lists(st.integers(0, 6), min_size=1, max_size=5), seat=st.integers(0, 4))
def test_stage_now_is_stage_of(out: bool, downs: list[int], seat: int) -> None:
    k = first_turn(Rules(), players=2)
    k.n = len(downs)
    seat %= len(downs)
    h = DealtHole(k, [[]], [], 0)
    h.ndown, h.out = downs, (0 if out else None)
    rivals = [d for i, d in enumerate(downs) if i != seat]
    assert stage_now(k, h, seat) == stage_of(out, min(rivals) if rivals else STAGES - 1)


def test_columns_key_in_any_order() -> None:
    assert column_key([3, 0]) == column_key([0, 3])
    assert len({column_key([x, y]) for x in range(SYMBOLS) for y in range(x, SYMBOLS)}) == SYMBOLS * (SYMBOLS + 1) // 2


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), table_stage=st.integers(0, STAGES - 1))
def test_leaf_scores_read_the_table_the_features_name(seed: int, table_stage: int) -> None:
    """A value with one entry set, in one table: a seat's leaf moves by it exactly when its
    stage, face-down count and the column's place name that table."""
    k = first_turn(PRESETS["bicycle"], seed=seed)
    rng = random.Random(seed)
    true = [[rng.choice(k.in_play) if c == DOWN else c for c in g] for g in k.grids]
    h = DealtHole(k, true, list(k.unseen), seed)
    zero = [[0.0] * SYMBOLS**2 for _ in range(TABLES)]
    tempo = [[0.0] * 11 for _ in range(STAGES)]
    base = _leaf(k, h, zero, tempo)
    assert base == pytest.approx(h.exp)
    seat = 0
    cells = worst_first(k, h.vis[seat])
    place = rng.randrange(len(cells))
    table = table_of(stage_now(k, h, seat), h.ndown[seat], place)
    zero[table][column_key(list(cells[place]))] = 7.0
    moved = _leaf(k, h, zero, tempo)
    # the same cells in another place of the grid read another table: only this place moves
    assert moved[seat] - base[seat] == pytest.approx(7.0)


def _leaf(k: Knowledge, h: DealtHole, residual: list[list[float]], tempo: list[list[float]]) -> list[float]:
    value = GridValue("test", 2, tuple(tuple(t) for t in residual), tuple(tuple(t) for t in tempo))
    tables = learned.residual_by_cells(value)
    k.leaf_pairs, k.leaf_tempo = tables.pairs, tables.tempo
    return leaf_scores(k, h)


def test_columns_go_worst_first() -> None:
    k = first_turn(PRESETS["standard"])
    for grid in k.grids:
        cells = worst_first(k, grid)
        points = [k.cv[x][y] for x, y in cells]
        assert points == sorted(points, reverse=True)
        assert sorted(cells) == sorted((grid[c] + 1, grid[c + k.width] + 1) for c in range(k.width))


# -- the Caddie with it ---------------------------------------------------------------------------


def test_the_caddie_decides_the_same_for_the_same_view() -> None:
    match = GridMatch.new(PRESETS["bicycle"], ["Ann", "Cpu"], 11)
    while match.phase == "flip":
        match.apply(match.legal_actions()[0], match.current)
    view = match.view(match.current, events=False)
    one = caddie.decide(view, random.Random(5))
    two = caddie.decide(view, random.Random(5))
    assert one.options == two.options


# -- the training script ------------------------------------------------------------------------------


def test_training_is_reproducible_and_learns(tmp_path: Path) -> None:
    train = train_script()
    log: list[str] = []
    value, measured = train.train("four_cards", 400, 5, log)
    again, _ = train.train("four_cards", 400, 5, [])
    assert value.to_json({}) == again.to_json({})
    alone, with_value = measured["held_out_mse"]
    assert with_value < alone
    assert "four_cards" in log[0] and "held-out" in log[0]
    assert train.main(["--family", "four_cards", "--holes", "200", "--out", str(tmp_path)]) == 0
    written = json.loads((tmp_path / "four_cards.json").read_text())
    assert written["trainer"]["fingerprint"] == fingerprint() and written["trainer"]["seed"] == 37
