"""A value of a Grid Golf grid learned from self-play, that the Caddie's play-outs end in
(issue 37; docs/learned-value.md).

The Caddie plays each option's hole out many times (``caddie.core.grid.caddie``). Most of the
noise in those play-outs comes from the far end of the hole; most of what tells the options
apart is in the next few turns. So, where a value is shipped for the rules, a play-out runs two
rounds past the move and ends there, each seat's score taken as

    the grid's exact expectation now (``Knowledge.cv``: every column from the cards not yet seen)
    + tempo[stage][its face-down cards]
    + Σ columns residual[table_of(stage, its face-down cards, the column's place)][the column's cards]

The expectation says what the grid would score if the hole ended now, and stays exact and
outside what is learned; the learned part says what the rest of the hole will still do to it:
a column with a Q showing will likely lose the Q, a lone 5 may still pair, a grid with three
cards face down is far from going out. It is an n-tuple value (the tuple is one column, its
cards in any order, face-down cards included, one table for every column of the grid), read in
the seat's afterstate (its grid once its turn is over). The stage is how near the hole's end
is: someone is out, or the fewest face-down cards any rival still has (1, 2, 3 or more). A
column's place is its rank among the grid's columns by expected points, the worst first: the
bad columns of one grid compete for the turns left, and a sum of columns cannot see that
without it.

One model per rules family (``scripts/train_caddie.py``; ``FAMILIES``): a card's future depends
on what it scores, and a column's on the rules' pairs. A table's rules read the family nearest
them (``family_for``): the same grid size first, then the most rules in common. Two-row grids
only: at nine cards (columns of three) the value measured weaker than playing the hole out,
and the play-outs run to the end there (docs/learned-value.md, "Nine cards").

The tables are JSON files beside this module (``values/<family>.json``), with the training
script's version, its seed and the fingerprint of the code that makes the features and reads
the tables (``fingerprint``). A test reads every file and fails when the fingerprint is not this
module's.
"""

from __future__ import annotations

import ast
import hashlib
import json
from dataclasses import dataclass, fields, replace
from functools import cache, lru_cache
from pathlib import Path

from caddie.core.grid.cards import RANKS
from caddie.core.grid.rules import PRESETS, Rules

STAGES = 4  # 0: someone is out; 1, 2, 3: the fewest face-down cards a rival has (3 or more)
DOWNS = 4  # the seat's own face-down cards, 0, 1, 2, 3 or more, in a column table's context
PLACES = 5  # a column's place among its grid's columns, the worst first (a grid has at most five)
TABLES = STAGES * DOWNS * PLACES  # the column tables: one per stage, own face-down count and place
SYMBOLS = len(RANKS) + 1  # a card's rank index + 1, 0 for a face-down card
FORMAT = 1  # the layout of a values file
# what the features are, in words (``fingerprint`` holds the code itself)
FEATURES = (
    "grid-value-3: afterstate; column n-tuple over sorted (rank+1, 0 down) per stage, own down (0-3+)"
    " and place by expected points, worst first; stage 0 out, 1-3 nearest rival down; tempo by stage and own down"
)

VALUES = Path(__file__).resolve().parent / "values"

# The families a value is trained for: bench/rules_families.py's two-row ones.
FAMILIES: dict[str, Rules] = {
    "standard": PRESETS["standard"],
    "bicycle": PRESETS["bicycle"],
    "four_cards": replace(PRESETS["bicycle"], cards=4),
    "eight_cards": replace(PRESETS["bicycle"], cards=8),
    "kings_tens": replace(PRESETS["bicycle"], king=-2, ten=1),
    "four_of_a_kind": replace(PRESETS["bicycle"], four_of_a_kind=True, wolfpack=True),
    "knocks": replace(PRESETS["bicycle"], knock_penalty=True, knock_bonus=True),
    "underdog": replace(PRESETS["bicycle"], underdog=True, tied_shame=True),
    "turn_options": replace(PRESETS["bicycle"], flip_as_action=True, early_knock=True),
    "hand_bonuses": replace(PRESETS["bicycle"], four_of_a_kind=True, blackjack=True),
}


def stage_of(out: bool, nearest_rival_down: int) -> int:
    """How near the hole's end is, for a seat: 0 once someone is out, else the fewest face-down
    cards any rival still has, 3 standing for 3 or more (alone at the table: 3)."""
    if out:
        return 0
    return max(1, min(nearest_rival_down, STAGES - 1))


def table_of(stage: int, down: int, place: int) -> int:
    """Which column table a column reads: the stage, the seat's own face-down cards (3 or more as
    one) and the column's place among the grid's columns by expected points, the worst first.
    The place is what lets the value see that a grid's bad columns compete for the turns left:
    the worst will likely be mended, the third worst less likely."""
    return (stage * DOWNS + min(down, DOWNS - 1)) * PLACES + place


def column_key(cells: list[int]) -> int:
    """One column's index in the tables: its cards (rank index + 1, 0 face down) sorted, as the
    digits of a number in base ``SYMBOLS`` (a column scores the same in any order)."""
    key = 0
    for cell in sorted(cells):
        key = key * SYMBOLS + cell
    return key


@dataclass(frozen=True)
class GridValue:
    """One family's learned tables: ``residual[table_of(...)][column_key]`` and ``tempo[stage][down]``
    (points; lower is better, like the score)."""

    family: str
    rows: int
    residual: tuple[tuple[float, ...], ...]
    tempo: tuple[tuple[float, ...], ...]

    def tempo_at(self, stage: int, down: int) -> float:
        row = self.tempo[stage]
        return row[min(down, len(row) - 1)]

    def to_json(self, trainer: dict[str, object]) -> str:
        sparse = {
            str(key): [round(self.residual[c][key], 4) for c in range(TABLES)]
            for key in range(len(self.residual[0]))
            if any(self.residual[c][key] for c in range(TABLES))
        }
        data = {
            "format": FORMAT,
            "features": FEATURES,
            "family": self.family,
            "rows": self.rows,
            "trainer": trainer,
            "tempo": [[round(t, 4) for t in row] for row in self.tempo],
            "residual": sparse,
        }
        return json.dumps(data, indent=None, separators=(",", ":"), sort_keys=True) + "\n"

    @classmethod
    def from_json(cls, text: str) -> GridValue:
        data = json.loads(text)
        if data.get("format") != FORMAT or data.get("features") != FEATURES:
            raise ValueError(f"the values of {data.get('family')!r} were trained for other features")
        rows = int(data["rows"])
        residual = [[0.0] * SYMBOLS**rows for _ in range(TABLES)]
        for key, values in data["residual"].items():
            for c in range(TABLES):
                residual[c][int(key)] = float(values[c])
        return cls(
            data["family"],
            rows,
            tuple(tuple(r) for r in residual),
            tuple(tuple(float(t) for t in row) for row in data["tempo"]),
        )


# The code that makes the features and reads the tables: here, and where the play-outs read them.
FEATURE_CODE = {
    "learned.py": ("stage_of", "table_of", "column_key", "residual_by_cells"),
    "fast_player.py": ("leaf_scores", "worst_first", "stage_now"),
}


def fingerprint() -> str:
    """The SHA-256 of the code that makes the features and reads the tables (``FEATURE_CODE``,
    docstrings and comments aside) and of their constants. A values file trained with other code
    reads wrong, so the training script writes this beside the tables and a test compares."""
    parts = [FEATURES, f"{STAGES} {DOWNS} {PLACES} {SYMBOLS}"]
    here = Path(__file__).resolve().parent
    for file, names in FEATURE_CODE.items():
        tree = ast.parse((here / file).read_text())
        found = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name in names}
        for name in names:
            node = found[name]
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                node.body = body[1:]  # the docstring
            parts.append(ast.unparse(node))
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


@dataclass(frozen=True)
class LeafTables:
    """A value's tables as the play-outs read them: per table (``table_of``), a column's
    residual indexed by its cells (rank index + 1, 0 face down) as ``Knowledge.cv`` is
    (``pairs``); per stage, the tempo by face-down count (``tempo``, up to ten cards)."""

    pairs: list[list[list[float]]]
    tempo: list[list[float]]


def residual_by_cells(value: GridValue) -> LeafTables:
    """``value`` laid out for the play-outs (``LeafTables``)."""
    span = range(SYMBOLS)
    pairs = [[[value.residual[table][column_key([x, y])] for y in span] for x in span] for table in range(TABLES)]
    tempo = [[value.tempo_at(stage, down) for down in range(11)] for stage in range(STAGES)]
    return LeafTables(pairs, tempo)


@cache
def load(family: str) -> GridValue | None:
    """The shipped values of ``family``, or None where none are shipped."""
    path = VALUES / f"{family}.json"
    if not path.exists():
        return None
    return GridValue.from_json(path.read_text())


_SHARED = [f.name for f in fields(Rules) if f.name not in ("cards", "holes")]


def family_for(rules: Rules) -> str | None:
    """The trained family nearest ``rules``: one with the same number of rows (the value's
    tuple is a column of two), the same grid size first, then the most rules in common."""
    best: tuple[int, int, str] | None = None
    for name, family in FAMILIES.items():
        if family.rows != rules.rows:
            continue
        common = sum(getattr(family, f) == getattr(rules, f) for f in _SHARED)
        score = (int(family.cards == rules.cards), common, name)
        if best is None or score[:2] > best[:2]:
            best = score
    return best[2] if best else None


@lru_cache(maxsize=64)
def value_for(rules: Rules) -> GridValue | None:
    """The learned value of the family nearest ``rules`` (None: none shipped)."""
    family = family_for(rules)
    return load(family) if family else None


@lru_cache(maxsize=64)
def leaf_for(rules: Rules) -> LeafTables | None:
    """The tables the Caddie's play-outs end in under ``rules`` (None: none shipped)."""
    value = value_for(rules)
    return residual_by_cells(value) if value is not None else None
