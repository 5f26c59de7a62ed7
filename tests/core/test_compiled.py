"""The modules compiled on install (``[tool.caddie] compiled``, docs/compiled.md) against their source.

The rest of the suite runs the Python source (``tests/source_modules.py``). Here a process of its
own, which imports the compiled build as the servers do, works out the caddie's decisions for the
same views under several rules, and must reach exactly the source's: the same move, the same
expected scores to the last digit. And the build must be of the sources as they are now, since
Python takes a compiled module over its source.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from caddie.core.grid.caddie import decide
from caddie.core.grid.game import GridMatch
from caddie.core.grid.players import choose
from caddie.core.grid.rules import Rules
from tests.source_modules import ROOT, compiled_sources, module_name

RECORD = ROOT / "caddie" / "compiled_from.json"
REBUILD = "build it again: .venv/bin/python -m pip install -e . (scripts/dev.py does it when a listed source changes)"

# Rules that take the fast player down each of its paths: two rows and three, sets and Wolfpack,
# kings at -2 with jokers, the final turn and the forced flip.
RULES = [
    Rules(holes=1),
    Rules(holes=1, cards=9, initial_flips=2),
    Rules(holes=1, cards=8, four_of_a_kind=True, wolfpack=True, negatives="both"),
    Rules(holes=1, cards=4, king=-2, end="final_turn", discard_flip=True, negatives="jokers"),
]


def built() -> list[Path]:
    """The compiled modules beside the sources (none where the install could not compile)."""
    found = []
    for source in compiled_sources():
        folder = ROOT / Path(source).parent
        found += folder.glob(Path(source).stem + ".*.so")
    return found


def views(count_per_rules: int = 6) -> list[dict[str, Any]]:
    """Views a person decides from, in whole holes a steady computer plays for every seat."""
    found = []
    rng = random.Random(2026)
    for r, rules in enumerate(RULES):
        match = GridMatch.new(rules, ["Ann", "Bob", "Cy"], seed=r)
        mine = []
        while match.phase not in ("hole_over", "match_over"):
            seat = match.current
            view = match.view(seat, events=False)
            if seat == 0:
                mine.append(view)
            match.apply(choose(view, "steady", rng), seat)
        found += mine[:: max(1, len(mine) // count_per_rules)][:count_per_rules]
    return found


def answers() -> list[list[Any]]:
    """The caddie's decision for each of ``views()``: each option's move and its values."""
    found = []
    for i, view in enumerate(views()):
        decision = decide(view, random.Random(i))
        found.append(
            [[o.action.kind, o.position, o.flip, repr(o.value), repr(o.expected_score)] for o in decision.options]
        )
    return found


def compiled_answers() -> list[list[Any]]:
    """``answers()`` in a process of its own, which imports the compiled modules."""
    program = (
        "import json, sys\n"
        "from tests.core.test_compiled import answers, compiled_sources, module_name\n"
        "for path in compiled_sources():\n"
        "    module = __import__(module_name(path), fromlist=['_'])\n"
        "    assert module.__file__.endswith('.so'), module.__file__\n"
        "json.dump(answers(), sys.stdout)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], cwd=ROOT, capture_output=True, text=True, timeout=300, check=False
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_the_tests_run_the_source():
    for path in compiled_sources():
        module = sys.modules.get(module_name(path)) or __import__(module_name(path), fromlist=["_"])
        assert module.__file__ == str(ROOT / path)


def test_the_compiled_modules_are_built_from_the_sources_as_they_are():
    if not built():
        if os.environ.get("CI"):
            pytest.fail(f"CI's machine has a C compiler, yet nothing was compiled: {REBUILD}")
        pytest.skip("the install did not compile the modules (no C compiler?): the source serves")
    assert RECORD.exists(), f"compiled modules with no record of their sources: {REBUILD}"
    record = json.loads(RECORD.read_text())
    for path in compiled_sources():
        now = hashlib.sha256((ROOT / path).read_bytes()).hexdigest()
        assert record.get(path) == now, f"{path} changed since it was compiled: {REBUILD}"


def test_the_compiled_caddie_decides_exactly_as_the_source():
    if not built():
        pytest.skip("the install did not compile the modules: nothing to compare")
    mine = answers()
    assert len(mine) == 6 * len(RULES)
    assert json.loads(json.dumps(mine)) == compiled_answers()
