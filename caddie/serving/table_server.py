"""The app for a table at home: ``python3 scripts/dev.py serve`` runs this.

    python -m caddie.serving.table_server [--host 0.0.0.0] [--port 8000]

It serves with the production server (gunicorn with ``caddie.serving.gunicorn_conf``, which
migrates the database before the workers start) scaled for one laptop, on every address of this
machine by default, so the other phones on the same network can join; it prints the address they
open, with a QR code of it. Differences from a hosted deployment (docs/production.md):

- the secret key is the one generated into ``instance/secret_key`` on first run, so sessions (and
  the seats they hold at a table) survive a restart; ``SECRET_KEY`` in the environment wins;
- cookies go over plain http (a home network has no certificate);
- two workers, each with its helper for heavy work: enough for a few tables, light on a laptop;
- no JSON line per request on the terminal (``REQUEST_LOG=true`` brings them back).

Anything set in the environment beforehand wins over these (``WEB_CONCURRENCY=4``...).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from caddie.config import PROJECT_ROOT, instance_secret_key
from caddie.web.shareable import is_loopback_host

DEFAULT_HOST = "0.0.0.0"
DEFAULT_PORT = 8000
LAPTOP_WORKERS = 2
INSTANCE = PROJECT_ROOT / "instance"


def listens_everywhere(host: str) -> bool:
    return host in ("0.0.0.0", "::", "")


def bind_address(host: str, port: int) -> str:
    return f"[{host}]:{port}" if ":" in host else f"{host}:{port}"


def server_environment(host: str, port: int, environ: dict[str, str], instance: Path = INSTANCE) -> dict[str, str]:
    """The environment gunicorn runs with: the table's settings under whatever was set already."""
    env = dict(environ)
    if not env.get("SECRET_KEY", "").strip():
        env["SECRET_KEY"] = instance_secret_key(instance)
    env["BIND"] = bind_address(host, port)
    env.setdefault("SESSION_COOKIE_SECURE", "false")
    env.setdefault("WEB_CONCURRENCY", str(LAPTOP_WORKERS))
    env.setdefault("REQUEST_LOG", "false")
    env["TABLE_AT_HOME"] = "1"  # gunicorn_conf prints the banner once it listens
    if is_loopback_host(host) and not listens_everywhere(host):
        # no other device can follow a link to this machine's LAN address: links stay on localhost
        env.setdefault("LAN_LINKS", "false")
    return env


def split_bind(bind: str) -> tuple[str, int]:
    """``host:port`` (``[::]:8000`` for IPv6) back into its host and port."""
    host, _, port = bind.rpartition(":")
    return host.strip("[]"), int(port)


def gunicorn_command(python: str = sys.executable) -> list[str]:
    return [python, "-m", "gunicorn", "-c", "python:caddie.serving.gunicorn_conf"]


def print_banner(bind: str) -> None:
    """gunicorn's ``when_ready`` (``TABLE_AT_HOME``): the phones' address, once it is listening."""
    from caddie.web.lan import lan_addresses

    host, port = split_bind(bind)
    scheme = "https" if os.environ.get("CERTFILE", "").strip() else "http"
    print(banner(host, port, lan_addresses(), scheme), flush=True)


def banner(host: str, port: int, addresses: list[str], scheme: str = "http") -> str:
    """What the terminal says: the address the phones open, and its QR code (``https`` when
    gunicorn serves TLS itself, with ``CERTFILE`` and ``KEYFILE``)."""
    here = f"{scheme}://127.0.0.1:{port}/"
    if is_loopback_host(host) and not listens_everywhere(host):
        return (
            f"Caddie & Tally is serving on {here} for this machine only: no other phone can reach it.\n"
            "To let the phones on your network join, start it without --host.\n"
        )
    if not listens_everywhere(host):
        shown = f"[{host}]" if ":" in host else host
        return _for_phones(f"{scheme}://{shown}:{port}/", [], here)
    if not addresses:
        return (
            f"Caddie & Tally is serving on {here}\n"
            "This machine is on no network right now, so no other phone can reach it. Connect it to\n"
            "the Wi-Fi the phones are on, then start it again to see their address.\n"
        )
    urls = [f"{scheme}://{address}:{port}/" for address in addresses]
    return _for_phones(urls[0], urls[1:], here)


def _for_phones(url: str, others: list[str], here: str) -> str:
    import segno

    lines = [
        "Caddie & Tally is serving. On the phones (on this machine's network), open",
        "",
        f"    {url}",
        "",
        "or scan this:",
    ]
    qr = segno.make(url, error="m")
    code = _terminal_qr(qr)
    tail = []
    if others:
        tail.append("If that does not open, this machine's other addresses: " + ", ".join(others))
    tail += [
        "Then tap Play, then Play together: the others join with the table's code or its QR code.",
        f"On this machine: {here}   (Ctrl+C to stop)",
    ]
    return "\n".join(lines) + "\n" + code + "\n".join(tail) + "\n"


def _terminal_qr(qr) -> str:
    import io

    out = io.StringIO()
    qr.terminal(out=out, compact=True)
    return out.getvalue()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="caddie.serving.table_server", description=__doc__.split("\n\n")[0])
    parser.add_argument("--host", default=DEFAULT_HOST, help="address to listen on (default: all of them)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="port to listen on (default 8000)")
    args = parser.parse_args(argv)
    env = server_environment(args.host, args.port, dict(os.environ))
    print("Starting Caddie & Tally: the address for the phones follows once it is ready.", flush=True)
    cmd = gunicorn_command()
    os.chdir(PROJECT_ROOT)
    if os.name == "nt":  # pragma: no cover - no exec, and no gunicorn, there
        import subprocess

        sys.exit(subprocess.run(cmd, env=env).returncode)
    os.execve(cmd[0], cmd, env)


if __name__ == "__main__":
    main()
