"""The tests import the Python source of the modules an install with ``CADDIE_COMPILE=1`` compiles
(``[tool.caddie] compiled``, docs/compiled.md), not their compiled build: ``tests/conftest.py``
imports this module first.

By default nothing is compiled and this changes nothing. Where a build is present (CI, a
production image's install), the tests still check the code as written (a compiled module is what
it was when it was last built), they can wrap a module's functions as the fast player's test does
(compiled code calls its functions directly), and coverage and doctests see the source. Doctests
collected on their own (``pytest caddie/``) do not load ``tests/conftest.py`` and run the
compiled build, as do the servers the tests start in processes of their own.
``tests/core/test_compiled.py`` checks the compiled build against the source.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import sys
import tomllib
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parent.parent


def compiled_sources() -> list[str]:
    """The source files pyproject.toml lists as compiled, relative to the project's root."""
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return list(tomllib.load(handle)["tool"]["caddie"]["compiled"])


def module_name(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


class SourceFirst(importlib.abc.MetaPathFinder):
    """Finds the listed modules' ``.py`` files, where Python's own finder would take the extension."""

    def __init__(self, names: set[str]) -> None:
        self.names = names

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname not in self.names:
            return None
        source = ROOT / (fullname.replace(".", "/") + ".py")
        return importlib.util.spec_from_file_location(fullname, source)


SOURCE_FIRST = SourceFirst({module_name(path) for path in compiled_sources()})
if not any(isinstance(finder, SourceFirst) for finder in sys.meta_path):
    sys.meta_path.insert(0, SOURCE_FIRST)
