"""The serve command: ``python3 scripts/dev.py serve`` runs the table's server (gunicorn with the
production settings, on every address), not Flask's development server, and tells the phones where
to go; a page fetched through this machine's network address is served by gunicorn and its links
name that address."""

from __future__ import annotations

import http.cookiejar
import importlib.util
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from caddie.serving import table_server
from caddie.web.lan import lan_addresses
from tests.production import servers

CSRF = re.compile(r'<meta name="csrf-token" content="([^"]+)"')


def _dev_script():
    spec = importlib.util.spec_from_file_location("dev_script", servers.PROJECT_ROOT / "scripts" / "dev.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Exec(Exception):
    """os.execve, caught instead of replacing the test process."""


def _serve_command(monkeypatch, *argv) -> list[str]:
    dev = _dev_script()
    monkeypatch.setattr(dev, "ensure_venv", lambda *extras: None)
    monkeypatch.setattr(dev, "run", lambda *args, **kwargs: None)  # --debug's migration
    monkeypatch.setattr(dev.os, "chdir", lambda path: None)

    def execve(path, cmd, env):
        raise Exec(cmd)

    monkeypatch.setattr(dev.os, "execve", execve)
    with pytest.raises(Exec) as done:
        dev.main(["serve", *argv])
    return [str(part) for part in done.value.args[0]]


def test_the_serve_command_runs_the_table_server_and_debug_keeps_flask(monkeypatch):
    command = _serve_command(monkeypatch)
    assert command[1:] == ["-m", "caddie.serving.table_server", "--port", "8000"]
    assert "flask" not in command
    assert _serve_command(monkeypatch, "--host", "127.0.0.1", "--port", "9000")[-4:] == [
        "--port",
        "9000",
        "--host",
        "127.0.0.1",
    ]
    debug = _serve_command(monkeypatch, "--debug")
    assert debug[1:4] == ["-m", "flask", "--app"] and "run" in debug and "--debug" in debug
    assert debug[debug.index("--host") + 1] == "127.0.0.1"  # the debugger stays on this machine


def test_the_table_server_is_gunicorn_with_the_production_settings_scaled_for_a_laptop(tmp_path):
    command = table_server.gunicorn_command("/venv/bin/python")
    assert command == ["/venv/bin/python", "-m", "gunicorn", "-c", "python:caddie.serving.gunicorn_conf"]
    env = table_server.server_environment("0.0.0.0", 8000, {"PATH": "/bin"}, instance=tmp_path)
    key = (tmp_path / "secret_key").read_text().strip()
    assert env["SECRET_KEY"] == key and len(key) >= 32  # generated once, kept: sessions survive a restart
    assert table_server.server_environment("0.0.0.0", 8000, {}, instance=tmp_path)["SECRET_KEY"] == key
    assert env["BIND"] == "0.0.0.0:8000"
    assert env["SESSION_COOKIE_SECURE"] == "false"  # plain http on a home network
    assert env["WEB_CONCURRENCY"] == "2"
    assert env["TABLE_AT_HOME"] == "1" and env["PATH"] == "/bin"
    assert "LAN_LINKS" not in env


def test_what_is_set_beforehand_wins_and_loopback_keeps_links_on_this_machine(tmp_path):
    given = {"SECRET_KEY": "k" * 40, "WEB_CONCURRENCY": "4", "REQUEST_LOG": "true"}
    env = table_server.server_environment("127.0.0.1", 8123, given, instance=tmp_path)
    assert env["SECRET_KEY"] == "k" * 40 and not (tmp_path / "secret_key").exists()
    assert env["WEB_CONCURRENCY"] == "4" and env["REQUEST_LOG"] == "true"
    assert env["BIND"] == "127.0.0.1:8123" and env["LAN_LINKS"] == "false"
    assert table_server.server_environment("::", 8000, {}, instance=tmp_path)["BIND"] == "[::]:8000"
    assert table_server.split_bind("[::]:8000") == ("::", 8000)


def test_the_banner_gives_the_phones_the_lan_address_and_its_qr_code():
    text = table_server.banner("0.0.0.0", 8000, ["192.168.1.23", "10.0.0.4"])
    assert "    http://192.168.1.23:8000/\n" in text
    assert "\u2588" in text or "\u2580" in text  # the QR code, drawn in block characters
    assert "http://10.0.0.4:8000/" in text and "Play together" in text
    assert "127.0.0.1:8000" in text.splitlines()[-1]  # this machine's own address, last
    assert "    https://192.168.1.23:8000/\n" in table_server.banner("0.0.0.0", 8000, ["192.168.1.23"], "https")


def test_the_banner_says_when_no_other_phone_can_reach_it():
    alone = table_server.banner("0.0.0.0", 8000, [])
    assert "no other phone can reach it" in alone and "http://127.0.0.1:8000/" in alone
    here = table_server.banner("127.0.0.1", 8000, ["192.168.1.23"])
    assert "this machine only" in here and "192.168.1.23" not in here


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("0.0.0.0", 0))
        return probe.getsockname()[1]


def _wait_for(url: str, process: subprocess.Popen, log: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the table server exited with {process.returncode}:\n{log.read_text()}")
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, OSError):
            pass
        time.sleep(0.1)
    pytest.fail(f"the table server did not answer {url}:\n{log.read_text()}")


@pytest.fixture
def table_at_home(tmp_path, database_url):
    """The table server as the serve command starts it, on every address of this machine."""
    found = lan_addresses()
    if not found:
        pytest.skip("this machine has no network address other than loopback")
    if not servers.GUNICORN.exists():
        pytest.skip("gunicorn is not installed in this environment")
    port = _free_port()
    environ = servers.server_env(database_url, workers=1, extra={"HEAVY_WORK_HELPER": "false"})
    for name in ("BIND", "SECRET_KEY", "SESSION_COOKIE_SECURE", "LAN_LINKS", "REQUEST_LOG"):
        environ.pop(name)
    env = table_server.server_environment("0.0.0.0", port, environ, instance=tmp_path / "instance")
    log = tmp_path / "table-server.log"
    with open(log, "w") as out:
        process = subprocess.Popen(
            table_server.gunicorn_command(sys.executable),
            cwd=servers.PROJECT_ROOT,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        _wait_for(f"http://{found[0]}:{port}/healthz", process, log)
        yield found[0], port, log
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=30)


def test_a_phone_on_the_network_gets_gunicorn_and_links_with_this_machines_address(table_at_home):
    address, port, log = table_at_home
    base = f"http://{address}:{port}"
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))
    with opener.open(base + "/t/new", timeout=10) as response:
        assert "werkzeug" not in response.headers.get("Server", "").lower()
        assert response.headers.get("Server", "").startswith("gunicorn")
        token = CSRF.search(response.read().decode()).group(1)
    form = {"csrf_token": token, "game": "grid", "name": "Ann", "players": "2", "others-0": "person"}
    form.update({"cards": "4", "negatives": "twos", "holes": "9", "clock": ""})
    request = urllib.request.Request(
        base + "/t/new", data=urllib.parse.urlencode(form).encode(), headers={"Origin": base}, method="POST"
    )
    with opener.open(request, timeout=10) as response:  # followed to the lobby
        lobby = response.read().decode()
    join = re.search(r'href="([^"]+)" id="join-link"', lobby).group(1)
    assert join.startswith(f"{base}/join/")
    assert f"{address}:{port}/join" in lobby  # the address to type the code at

    # the host's own phone, at localhost on the serving machine, hands out the network address too
    made = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/v1/tables",
        data=json.dumps({"name": "Ann", "seats": [{"kind": "person"}, {"kind": "person"}]}).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(made, timeout=10) as response:
        assert json.loads(response.read())["join_url"].startswith(f"{base}/join/")
    assert f"http://{address}:{port}/" in log.read_text()  # the banner, once it listened
