"""The modules an install with ``CADDIE_COMPILE=1`` compiles (``[tool.caddie] compiled``,
docs/compiled.md) against their source.

Without it nothing is compiled, and the tests and every server run the source: so no compiled
module may sit beside its source then. With it, the rest of the suite still runs the Python
source (``tests/source_modules.py``); here a process of its own, which imports the compiled build
as the servers do, works out the caddie's decisions for the same views under several rules, and
must reach exactly the source's: the same move, the same expected scores to the last digit. And
the build must be of the sources as they are now, since Python takes a compiled module over its
source.
"""

from __future__ import annotations

import hashlib
import importlib.util
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
COMPILING = os.environ.get("CADDIE_COMPILE", "").strip() not in ("", "0")

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


def test_without_caddie_compile_nothing_compiled_sits_beside_the_source():
    if COMPILING:
        pytest.skip("CADDIE_COMPILE is set: the servers run the compiled build, checked below")
    assert not built(), (
        f"compiled modules {[path.name for path in built()]} sit beside their sources, though CADDIE_COMPILE is "
        "not set: the servers would run them, not the source the tests run. Install again without it: "
        ".venv/bin/python -m pip install -e . (scripts/dev.py does it by itself)"
    )


def test_the_compiled_modules_are_built_from_the_sources_as_they_are():
    if not built():
        if COMPILING:
            pytest.fail(f"CADDIE_COMPILE is set, yet nothing was compiled: {REBUILD} with CADDIE_COMPILE=1")
        pytest.skip("nothing compiled (CADDIE_COMPILE is not set): the source serves")
    assert RECORD.exists(), f"compiled modules with no record of their sources: {REBUILD}"
    record = json.loads(RECORD.read_text())
    for path in compiled_sources():
        now = hashlib.sha256((ROOT / path).read_bytes()).hexdigest()
        assert record.get(path) == now, f"{path} changed since it was compiled: {REBUILD}"


def test_the_compiled_caddie_decides_exactly_as_the_source():
    if not built():
        pytest.skip("nothing compiled (CADDIE_COMPILE is not set): nothing to compare")
    mine = answers()
    assert len(mine) == 6 * len(RULES)
    assert json.loads(json.dumps(mine)) == compiled_answers()


def dev_script():
    spec = importlib.util.spec_from_file_location("dev_script", ROOT / "scripts" / "dev.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_scripts_dev_installs_again_when_caddie_compile_changes_and_compiled_sources_only_when_it_is_set(
    monkeypatch, tmp_path
):
    dev = dev_script()
    source = tmp_path / "caddie" / "core" / "fast.py"
    source.parent.mkdir(parents=True)
    source.write_text("x = 1\n")
    monkeypatch.setattr(dev, "ROOT", tmp_path)
    monkeypatch.setattr(dev, "compiled_sources", lambda: ["caddie/core/fast.py"])
    digests = {}
    for flag in ("", "1"):
        monkeypatch.setenv("CADDIE_COMPILE", flag)
        before = dev.install_digest()
        source.write_text(source.read_text() + "y = 2\n")
        digests[flag] = (before, dev.install_digest())
    assert digests[""][0] == digests[""][1], "the source runs as it is: an edit needs no install"
    assert digests["1"][0] != digests["1"][1], "a compiled source that changed must be compiled again"
    assert digests[""][1] != digests["1"][0], "turning CADDIE_COMPILE on or off installs again"
    assert not dev.compiled_left()
    (source.parent / "fast.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")
    assert dev.compiled_left(), "a build left beside its source: installed again without CADDIE_COMPILE"
