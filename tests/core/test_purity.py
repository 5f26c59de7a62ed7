"""The core stays pure: no web framework, no database; the standard library, and only the few
libraries of pure computation named here (each chosen in pyproject.toml, with its reason)."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CORE = ROOT / "caddie" / "core"
# Pure computation, no I/O and no framework: a well-kept library that does a job better than
# hand-written code (the brief) may serve the core, named here so that none comes in unseen.
CORE_LIBRARIES = {"openskill"}  # the people's ratings, caddie/core/ratings.py (DESIGN section 8)


def test_importing_the_core_loads_neither_flask_nor_sqlalchemy():
    code = (
        "import sys, caddie.core, caddie.core.table, caddie.core.clubs.scoring;"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('flask', 'sqlalchemy', 'flask_sqlalchemy', 'flask_migrate', 'flask_wtf', 'werkzeug', 'jinja2')"
        " or m in ('caddie.web.app', 'caddie.store.database', 'caddie.store.models'));"
        "print(repr(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_subprocess_check_can_see_flask_when_it_is_imported():
    # Guards the test above against passing vacuously.
    code = "import sys, caddie.core, flask; print('flask' in sys.modules, 'sqlalchemy' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[0] == "True"


def test_core_modules_import_only_the_standard_library_the_named_libraries_and_the_core():
    files = sorted(CORE.rglob("*.py"))
    names = {p.relative_to(CORE).as_posix() for p in files}
    assert names >= {"grid/cards.py", "grid/rules.py", "grid/scoring.py", "clubs/scoring.py", "table.py", "errors.py"}
    for path in files:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                assert node.level == 0, f"{path.name}: use absolute caddie.core imports"
                names = [node.module or ""]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                assert top in sys.stdlib_module_names or top in CORE_LIBRARIES or name.startswith("caddie.core"), (
                    f"{path.name} imports {name}"
                )
