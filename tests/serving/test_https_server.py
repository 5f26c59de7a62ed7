"""gunicorn serves HTTPS itself with CERTFILE and KEYFILE: a service worker and installing need it
on any address but localhost (docs/production.md, "HTTPS, installing and the offline pages")."""

from __future__ import annotations

import shutil
import signal
import ssl
import subprocess
import urllib.request

import pytest

from tests.serving.test_production_server import GUNICORN, KEY, listening_at, server_env

pytestmark = pytest.mark.skipif(not GUNICORN.exists(), reason="gunicorn is not installed in this environment")


def refusal(tmp_path, **env: str) -> str:
    done = subprocess.run(
        [GUNICORN, "-c", "python:caddie.serving.gunicorn_conf"],
        env=server_env(tmp_path, SECRET_KEY=KEY, **env),
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert done.returncode != 0
    assert not (tmp_path / "prod.sqlite3").exists()
    return done.stderr


def test_a_certificate_without_its_key_or_a_missing_file_is_refused_before_starting(tmp_path):
    (tmp_path / "cert.pem").write_text("not checked: the key is missing")
    assert "CERTFILE and KEYFILE go together" in refusal(tmp_path, CERTFILE=str(tmp_path / "cert.pem"))
    assert "CERTFILE and KEYFILE go together" in refusal(tmp_path, KEYFILE=str(tmp_path / "cert.pem"))
    missing = str(tmp_path / "missing.pem")
    stderr = refusal(tmp_path, CERTFILE=str(tmp_path / "cert.pem"), KEYFILE=missing)
    assert f"will not start: KEYFILE names {missing!r}, which is not a file this server can read." in stderr


@pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl makes the test's certificate")
def test_gunicorn_serves_https_with_a_certificate_and_key(tmp_path):
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"]
        + ["-keyout", str(key), "-out", str(cert)],
        check=True,
        capture_output=True,
        timeout=60,
    )
    log = tmp_path / "stderr.log"
    env = server_env(tmp_path, SECRET_KEY=KEY, CERTFILE=str(cert), KEYFILE=str(key))
    env.update(WEB_CONCURRENCY="1", SESSION_COOKIE_SECURE="true", HEAVY_WORK_HELPER="false")
    with open(log, "w") as err:
        server = subprocess.Popen(
            [GUNICORN, "-c", "python:caddie.serving.gunicorn_conf"],
            cwd=tmp_path,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=err,
        )
    try:
        base = listening_at(server, log, scheme="https", workers=1)
        trusting = ssl.create_default_context(cafile=str(cert))
        trusting.check_hostname = False  # the certificate names 127.0.0.1 as its CN, not as a SAN
        with urllib.request.urlopen(base + "/sw.js", timeout=10, context=trusting) as response:
            assert response.status == 200 and response.headers["Content-Type"].startswith("text/javascript")
        with urllib.request.urlopen(base + "/", timeout=10, context=trusting) as response:
            assert response.status == 200
            assert "Secure" in response.headers["Set-Cookie"]  # a secure cookie is kept: it is https
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
