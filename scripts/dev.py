#!/usr/bin/env python3
"""Developer entry point for Caddie & Tally (standard library only).

    python3 scripts/dev.py serve [--host H] [--port P] [--debug]
    python3 scripts/dev.py test [pytest args...]
    python3 scripts/dev.py check

Both commands create ``.venv`` when it is missing and (re)install the project
into it in editable mode when ``pyproject.toml`` or ``setup.py`` changed since the last install,
or ``CADDIE_COMPILE`` (``1``: compile the modules listed under ``[tool.caddie] compiled``,
docs/compiled.md; not set: run their source), or, when compiling, one of those modules (a stamp
file inside ``.venv`` records what was installed).  ``serve`` then
runs the app the way a table uses it at home (gunicorn on every address of this machine, printing
the address and QR code the phones open: ``caddie/serving/table_server.py``), or Flask's
reloading development server with ``--debug``; ``test`` makes sure a Chromium is
there for the browser tests and runs pytest, exiting with pytest's status;
``check`` runs the lint, format, type and layer checks (``.ci/run`` runs it
before the tests; ``.pre-commit-config.yaml`` runs the same tools).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
VENV_PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")
STAMP = VENV / ".caddie-install.json"
PYPROJECT = ROOT / "pyproject.toml"
SETUP = ROOT / "setup.py"


def say(message: str) -> None:
    print(f"[dev] {message}", flush=True)


def run(cmd: list[str], **kwargs) -> None:
    """Run ``cmd`` from the project root; stop the script if it fails."""
    say("$ " + " ".join(str(part) for part in cmd))
    result = subprocess.run([str(part) for part in cmd], cwd=ROOT, **kwargs)
    if result.returncode != 0:
        say(f"command failed with exit status {result.returncode}")
        sys.exit(result.returncode)


def is_root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def apt_install(*packages: str) -> bool:
    """Install Debian packages non-interactively; True when it worked."""
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    for cmd in (["apt-get", "update"], ["apt-get", "install", "-y", *packages]):
        say("$ " + " ".join(cmd))
        if subprocess.run(cmd, env=env).returncode != 0:
            return False
    return True


# ---- the virtual environment ------------------------------------------------


def venv_works() -> bool:
    if not VENV_PYTHON.exists():
        return False
    probe = subprocess.run([str(VENV_PYTHON), "-c", "import pip"], capture_output=True)
    return probe.returncode == 0


def create_venv() -> None:
    if VENV.exists():
        say(f"{VENV} is broken (no working python/pip); recreating it")
        shutil.rmtree(VENV)
    say(f"creating {VENV}")
    made = subprocess.run([sys.executable, "-m", "venv", str(VENV)], cwd=ROOT)
    if made.returncode == 0 and venv_works():
        return
    shutil.rmtree(VENV, ignore_errors=True)
    # Debian ships venv's ensurepip separately (python3-venv / python3.11-venv).
    if is_root() and shutil.which("apt-get"):
        version = f"python{sys.version_info.major}.{sys.version_info.minor}-venv"
        say(f"python's venv module is incomplete; installing {version} with apt-get")
        if apt_install(version) or apt_install("python3-venv"):
            made = subprocess.run([sys.executable, "-m", "venv", str(VENV)], cwd=ROOT)
            if made.returncode == 0 and venv_works():
                return
            shutil.rmtree(VENV, ignore_errors=True)
    sys.exit(
        "[dev] could not create the virtual environment. On Debian/Ubuntu install the "
        "venv module first:  sudo apt-get install python3-venv"
    )


def read_stamp() -> dict:
    try:
        return json.loads(STAMP.read_text())
    except (OSError, ValueError):
        return {}


def compiled_sources() -> list[str]:
    return tomllib.loads(PYPROJECT.read_text()).get("tool", {}).get("caddie", {}).get("compiled", [])


def compiled_left() -> bool:
    """Whether a compiled module sits beside its source (Python would import it instead)."""
    return any(any((ROOT / name).parent.glob(Path(name).stem + ".*.so")) for name in compiled_sources())


def compiling() -> bool:
    """Whether installs compile the listed modules (``CADDIE_COMPILE=1``; setup.py reads the same)."""
    return os.environ.get("CADDIE_COMPILE", "").strip() not in ("", "0")


def install_digest() -> str:
    """What an install is made from: pyproject.toml, setup.py, whether it compiles, and when it
    does, the sources it compiles (a compiled module is used instead of its source, so a changed
    one must be compiled again)."""
    digest = hashlib.sha256(b"compiled" if compiling() else b"source")
    for path in (PYPROJECT, SETUP, *(ROOT / name for name in compiled_sources() if compiling())):
        digest.update(path.read_bytes() if path.exists() else b"")
    return digest.hexdigest()


def ensure_venv(extras: tuple[str, ...] = ()) -> None:
    """Make sure .venv exists and holds the project (with ``extras``) as of pyproject.toml, setup.py
    and ``CADDIE_COMPILE`` (and, when compiling, the sources it compiles)."""
    if not venv_works():
        create_venv()
    digest = install_digest()
    stamp = read_stamp()
    installed = set(stamp.get("extras", [])) if stamp.get("pyproject") == digest else None
    if installed is not None and not compiling() and compiled_left():
        say("compiled modules sit beside their source, though CADDIE_COMPILE is not set: installing again")
        installed = None
    if installed is not None and set(extras) <= installed:
        say("the install is up to date (pyproject.toml, setup.py and CADDIE_COMPILE unchanged since)")
        return
    target = f".[{','.join(extras)}]" if extras else "."
    run([VENV_PYTHON, "-m", "pip", "install", "--disable-pip-version-check", "-e", target])
    STAMP.write_text(json.dumps({"pyproject": digest, "extras": sorted(extras)}) + "\n")


def venv_env() -> dict[str, str]:
    """The environment with .venv activated, so tools find each other."""
    env = dict(os.environ, VIRTUAL_ENV=str(VENV))
    env["PATH"] = str(BIN) + os.pathsep + env.get("PATH", "")
    env.pop("PYTHONHOME", None)
    return env


# ---- commands ---------------------------------------------------------------


def serve(args: argparse.Namespace) -> None:
    """The table's server (gunicorn, on every address unless --host says otherwise: see
    caddie/serving/table_server.py); with --debug, Flask's reloading development server."""
    ensure_venv()
    env = venv_env()
    os.chdir(ROOT)
    if args.debug:
        host = args.host or "127.0.0.1"  # the debugger runs code: never on the network unless asked
        run([VENV_PYTHON, "-m", "flask", "--app", "caddie", "db", "upgrade"], env=env)
        say(f"development server on http://{host}:{args.port}/ (reloads on every change; Ctrl+C to stop)")
        cmd = [str(VENV_PYTHON), "-m", "flask", "--app", "caddie", "run", "--debug", "--host", host]
        cmd += ["--port", str(args.port)]
    else:
        # the server migrates the database itself before its workers start
        cmd = [str(VENV_PYTHON), "-m", "caddie.serving.table_server", "--port", str(args.port)]
        if args.host:
            cmd += ["--host", args.host]
    sys.stdout.flush()
    if os.name == "nt":  # no real exec there
        sys.exit(subprocess.run(cmd, env=env).returncode)
    os.execve(cmd[0], cmd, env)


def ensure_browser() -> None:
    if shutil.which("chromium"):
        return
    if is_root() and shutil.which("apt-get"):
        say("chromium is not installed; installing Debian's chromium for the browser tests")
        if apt_install("chromium") and shutil.which("chromium"):
            return
        say("could not install chromium; browser tests will be skipped (or fail with REQUIRE_BROWSER_TESTS=1)")
        return
    say(
        "chromium is not on PATH, so the browser tests will be skipped. Install it with:  sudo apt-get install chromium"
    )


def test(pytest_args: list[str]) -> None:
    ensure_venv(("test",))
    ensure_browser()
    cmd = [str(VENV_PYTHON), "-m", "pytest", *pytest_args]
    say("$ " + " ".join(cmd))
    try:
        code = subprocess.run(cmd, cwd=ROOT, env=venv_env()).returncode
    except KeyboardInterrupt:
        code = 130
    sys.exit(code)


CHECKS = (
    ("lint", ["ruff", "check", "."]),
    ("format", ["ruff", "format", "--check", "."]),
    ("types", ["mypy"]),
    ("layers", ["lint-imports"]),
)


def check() -> None:
    """Run every check, each reported on its own; exit non-zero if any failed."""
    ensure_venv(("test",))
    failed = []
    for name, cmd in CHECKS:
        say(f"check {name}: $ " + " ".join(cmd))
        if subprocess.run([str(BIN / cmd[0]), *cmd[1:]], cwd=ROOT, env=venv_env()).returncode != 0:
            failed.append(name)
    if failed:
        say("checks failed: " + ", ".join(failed))
        sys.exit(1)
    say("every check passed: " + ", ".join(name for name, _ in CHECKS))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="scripts/dev.py", description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    serve_cmd = commands.add_parser("serve", help="install, migrate and run the app")
    serve_cmd.add_argument(
        "--host",
        help="address to listen on (default: every address, so phones on the network can join; "
        "127.0.0.1 keeps it to this machine; with --debug the default is 127.0.0.1)",
    )
    serve_cmd.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    serve_cmd.add_argument(
        "--debug", action="store_true", help="Flask's development server instead (reloader, debugger)"
    )
    commands.add_parser("check", help="lint, format, type and layer checks (as CI runs them)")
    commands.add_parser(
        "test", help="install test dependencies and run pytest; extra args go to pytest", add_help=False
    )

    argv = sys.argv[1:] if argv is None else argv
    # Everything after "test" belongs to pytest (including -h, -k, -x ...).
    if argv and argv[0] == "test":
        test(argv[1:])
        return
    args = parser.parse_args(argv)
    if args.command == "serve":
        serve(args)
    elif args.command == "check":
        check()
    else:  # pragma: no cover - "test" is handled above
        parser.error(f"unknown command {args.command}")


if __name__ == "__main__":
    main()
