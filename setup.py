"""Builds Caddie & Tally (setuptools reads everything else from pyproject.toml).

By default the project installs as plain Python: the tests, the development server and the table
at home all run the source as written. With ``CADDIE_COMPILE=1`` in the environment of the
install (a production image, CI), the modules listed under ``[tool.caddie] compiled`` in
pyproject.toml are compiled to C with mypyc, from the same typed source: the caddie's simulations
then take less than half the CPU (docs/compiled.md). That needs a C compiler and Python's
headers; without them such an install fails, rather than quietly serving the slower source.

An editable build that compiles records what it compiled, with the SHA-256 of each source, in
``caddie/compiled_from.json``: Python takes a compiled module over its source, so a test checks
that the record matches the sources, and ``scripts/dev.py`` builds again when a listed source
changes. An install without ``CADDIE_COMPILE`` removes the compiled modules and the record an
earlier one left beside the sources, so that the source is what runs.
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


def compiling() -> bool:
    return os.environ.get("CADDIE_COMPILE", "").strip() not in ("", "0")


def say(message: str) -> None:
    print(f"[caddie] {message}", file=sys.stderr)


def left_in_tree() -> list[Path]:
    """The compiled modules (and their shared library) and the record an editable build left."""
    stems = [ROOT / source.removesuffix(".py") for source in listed()]
    stems.append(ROOT / (GROUP.replace(".", "/") + "__mypyc"))
    found = [RECORD] if RECORD.exists() else []
    for stem in stems:
        found += (path for path in stem.parent.glob(stem.name + ".*") if path.suffix in (".so", ".pyd"))
    return found


def extensions() -> list:
    if not compiling():
        stale = left_in_tree()
        if stale:
            say("CADDIE_COMPILE is not set: removing the compiled modules an earlier install left, so the source runs")
            for path in stale:
                path.unlink(missing_ok=True)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError as err:  # only without pip's build isolation, which installs it ([build-system])
        raise SystemExit("[caddie] CADDIE_COMPILE=1 needs mypyc: install mypy as pyproject.toml pins it") from err
    # The build's own environment holds mypy but not Flask or SQLAlchemy, which the package's other
    # modules import: they are read only for the types the compiled modules use from them, and
    # checked in full by the project's own type check (scripts/dev.py check).
    options = ["--ignore-missing-imports", "--follow-imports=silent"]
    say("CADDIE_COMPILE=1: compiling " + ", ".join(listed()) + " with mypyc (docs/compiled.md)")
    return mypycify([*options, *listed()], opt_level="3", group_name=GROUP)


class RecordedBuildExt(build_ext):
    """Compiles the listed modules; an in-place (editable) build records the sources it compiled."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as err:
            raise SystemExit(
                f"[caddie] CADDIE_COMPILE=1, but compiling failed ({err}): install a C compiler and Python's "
                "headers (Debian: gcc python3-dev), or install without CADDIE_COMPILE"
            ) from err
        if self.inplace:
            sources = {path: hashlib.sha256((ROOT / path).read_bytes()).hexdigest() for path in listed()}
            RECORD.write_text(json.dumps(sources, indent=1, sort_keys=True) + "\n")


setup(ext_modules=extensions(), cmdclass={"build_ext": RecordedBuildExt})
