"""Builds Caddie & Tally (setuptools reads everything else from pyproject.toml).

The modules listed under ``[tool.caddie] compiled`` in pyproject.toml are compiled to C with
mypyc, from the same typed source, where the machine has a C compiler and Python's headers: the
caddie's simulations then take less than half the time (docs/compiled.md). Where they cannot be
compiled the project installs as plain Python, says so, and works the same: nothing depends on
the compiled modules but speed.

Each build records what it compiled, with the SHA-256 of each source, in
``caddie/compiled_from.json``: a compiled module is used instead of its source (Python looks for
the extension first), so a test checks that the record matches the sources, and
``scripts/dev.py`` builds again when a listed source changes.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import tomllib
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
RECORD = ROOT / "caddie" / "compiled_from.json"
GROUP = "caddie.core.grid.compiled"  # the modules' shared C library, beside them in the package


def listed() -> list[str]:
    with open(ROOT / "pyproject.toml", "rb") as handle:
        return list(tomllib.load(handle)["tool"]["caddie"]["compiled"])


def say(message: str) -> None:
    print(f"[caddie] {message}", file=sys.stderr)


def extensions() -> list:
    if os.environ.get("CADDIE_PURE_PYTHON", "").strip() not in ("", "0"):
        say("CADDIE_PURE_PYTHON is set: installing the plain Python modules only")
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        say("mypyc is not installed: installing the plain Python modules only")
        return []
    # The build's own environment holds mypy but not Flask or SQLAlchemy, which the package's other
    # modules import: they are read only for the types the compiled modules use from them, and
    # checked in full by the project's own type check (scripts/dev.py check).
    options = ["--ignore-missing-imports", "--follow-imports=silent"]
    try:
        return mypycify([*options, *listed()], opt_level="3", group_name=GROUP)
    except (Exception, SystemExit) as err:  # mypyc exits on a type error: the plain modules still work
        say(f"mypyc could not compile the modules ({err!r}): installing the plain Python modules only")
        return []


class OptionalBuildExt(build_ext):
    """Compiles the listed modules if it can; if it cannot, removes whatever it made and goes on."""

    def run(self) -> None:
        if not self.extensions:
            RECORD.unlink(missing_ok=True)
            return
        try:
            super().run()
        except Exception as err:  # no compiler, no Python headers: plain Python it is
            say(f"compiling failed ({err}): installing the plain Python modules only")
            self._remove_built()
            return
        if self.inplace:
            sources = {path: hashlib.sha256((ROOT / path).read_bytes()).hexdigest() for path in listed()}
            RECORD.write_text(json.dumps(sources, indent=1, sort_keys=True) + "\n")

    def _remove_built(self) -> None:
        RECORD.unlink(missing_ok=True)
        if not self.inplace:
            return
        for ext in self.extensions:
            built = Path(self.get_ext_fullpath(ext.name))
            built.unlink(missing_ok=True)


setup(ext_modules=extensions(), cmdclass={"build_ext": OptionalBuildExt})
