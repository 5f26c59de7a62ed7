"""Production hardening: security headers, writes from one origin, /healthz, request logs, config."""

from __future__ import annotations

import json
import re
import runpy
import secrets

import pytest

from caddie import create_app
from caddie.config import ConfigError, production_config
from caddie.web.plumbing.security import CONTENT_SECURITY_POLICY, REFUSED
from tests.web.conftest import VERSION, settings_form

GOOD_KEY = "0f9c2e51d7a84b36be10c9f7a2d45e88b3c61f0a9d2e47b5"
OWN = "http://localhost"  # the Flask test client's origin
FOREIGN = "https://evil.example"

SECURITY_HEADERS = {
    "Content-Security-Policy": CONTENT_SECURITY_POLICY,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}


def assert_secured(response):
    for name, value in SECURITY_HEADERS.items():
        assert response.headers.get(name) == value, (name, response.status_code, response.request.path)


# ---- headers on every response --------------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/tally/grid?hand=K,5",
        "/ledger/",
        "/play/",
        "/caddie/",
        "/settings",
        "/rules/",
        "/api/v1/openapi.json",
        "/static/css/app.css",
        "/static/vendor/htmx-2.0.11/htmx.min.js",
        "/healthz",
    ],
)
def test_pages_api_static_and_health_carry_the_security_headers(client, path):
    response = client.get(path, follow_redirects=True)
    response.close()  # a static file is streamed from an open file until the response is closed
    assert response.status_code == 200, path
    assert_secured(response)


def test_errors_carry_them_too(client):
    for response in (
        client.get("/no/such/page"),
        client.get("/api/v1/nothing"),
        client.post("/api/v1/tally/grid", json={"cards": "not a list"}),
        client.post("/settings", data={}),  # no CSRF token: 400
        client.delete("/"),
    ):  # 405
        assert response.status_code in (400, 404, 405), response.status_code
        assert_secured(response)


def test_the_csp_allows_no_inline_script_or_style():
    policy = dict(part.strip().split(" ", 1) for part in CONTENT_SECURITY_POLICY.split(";"))
    assert policy["script-src"] == "'self'" and policy["style-src"] == "'self'"
    assert policy["frame-ancestors"] == "'none'" and policy["object-src"] == "'none'"
    assert "unsafe" not in CONTENT_SECURITY_POLICY


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/tally/grid?hand=K,5,7,K,3,9",
        "/tally/clubs",
        "/ledger/",
        "/ledger/new",
        "/play/",
        "/caddie/",
        "/settings",
        "/rules/",
        "/rules/clubs",
    ],
)
def test_pages_have_no_inline_script_style_or_handler(client, path):
    html = client.get(path, follow_redirects=True).get_data(as_text=True)
    assert not re.search(r"\sstyle=", html), path
    assert not re.search(r"<style", html), path
    assert not re.search(r"<script(?![^>]*\ssrc=)", html), path  # every script has a src
    assert not re.search(r"\son[a-z]+=|\shx-on", html), path
    assert not re.search(r"javascript:|js:", html), path


def test_session_cookie_is_httponly_and_samesite_lax_and_secure_in_production(app, client, monkeypatch, tmp_path):
    client.get("/settings")  # a page with a form puts the CSRF token in the session
    cookie = client.get_cookie("session")
    assert cookie is not None and cookie.http_only and cookie.same_site == "Lax"
    assert not cookie.secure  # tests and development run over plain http

    monkeypatch.setenv("SECRET_KEY", GOOD_KEY)
    config = production_config()
    assert config["SESSION_COOKIE_SECURE"] is True and config["REQUEST_LOG"] is True
    prod = create_app(
        {
            **config,
            "INSTANCE_PATH": str(tmp_path / "prod"),
            "SQLALCHEMY_DATABASE_URI": app.config["SQLALCHEMY_DATABASE_URI"],
            # a served app's request would start its driver thread, which would outlive the test
            # and make the computers' moves of the tests after it in this process's database
            "LIVE_DRIVER": False,
        }
    )
    https = prod.test_client()
    https.get("/settings", base_url="https://localhost")
    cookie = https.get_cookie("__Host-session", domain="localhost")  # tests/web/plumbing/test_session_cookie.py
    assert cookie is not None and cookie.secure and cookie.http_only and cookie.same_site == "Lax"

    monkeypatch.setenv("SESSION_COOKIE_SECURE", "false")  # plain http on a private network
    assert production_config()["SESSION_COOKIE_SECURE"] is False


# ---- writes from one origin only -------------------------------------------------


def save_settings(client, csrf_token, headers, **changes):
    html = client.get("/settings").get_data(as_text=True)
    data = settings_form(**changes)
    data["csrf_token"] = csrf_token("/settings")
    data["version"] = VERSION.search(html).group(1)
    return client.post("/settings", data=data, headers=headers)


def king(client) -> str:
    """What a King is worth in this browser's Settings (the radio checked on the form)."""
    page = client.get("/settings").get_data(as_text=True)
    return re.search(r'<input checked id="king-\d" name="king" type="radio" value="(-?\d+)"', page).group(1)


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": FOREIGN},
        {"Origin": "http://localhost.evil.example"},
        {"Origin": "https://localhost"},  # another scheme is another origin
        {"Origin": "null"},
        {"Referer": FOREIGN + "/page"},  # no Origin: the Referer decides
    ],
)
def test_a_write_from_another_origin_is_refused_with_a_sentence_and_changes_nothing(client, csrf_token, headers):
    response = save_settings(client, csrf_token, headers, king=0)
    assert response.status_code == 403
    assert_secured(response)
    assert "came from another website" in response.get_data(as_text=True)
    assert king(client) == "10"


def test_a_write_from_this_origin_goes_through(client, csrf_token):
    for headers in ({"Origin": OWN}, {"Origin": OWN + ":80"}, {"Referer": OWN + "/settings"}, {}):
        assert save_settings(client, csrf_token, headers, king=0).status_code == 303
    assert king(client) == "0"


def test_trusted_origins_may_write(app, client, csrf_token):
    app.config["TRUSTED_ORIGINS"] = ["https://caddie.example"]
    assert save_settings(client, csrf_token, {"Origin": "https://caddie.example"}, king=0).status_code == 303
    assert save_settings(client, csrf_token, {"Origin": FOREIGN}, king=10).status_code == 403


def test_reads_from_anywhere_are_fine(client):
    assert client.get("/tally/grid?hand=K,5", headers={"Origin": FOREIGN, "Referer": FOREIGN}).status_code == 200


def test_the_api_refuses_foreign_browsers_in_json_and_serves_bearer_clients(client):
    refused = client.post(
        "/api/v1/tally/grid", json={"cards": ["K", "5", "7", "K", "3", "9"]}, headers={"Origin": FOREIGN}
    )
    assert refused.status_code == 403
    assert refused.get_json() == {"error": REFUSED, "field": None}

    # A script or server (no Origin, no Referer) with the round's edit token.
    created = client.post("/api/v1/rounds", json={"players": ["Ann", "Bo"], "holes": 9, "game": "grid"})
    assert created.status_code == 201
    body = created.get_json()
    public_id, token = body["round"]["id"], body["edit_token"]
    other = client.application.test_client()  # not the owner's browser
    put = other.put(
        f"/api/v1/rounds/{public_id}/holes/1",
        json={"scores": {"Ann": 4, "Bo": 7}},
        headers={"Authorization": f"Bearer {token}"},
    )
    assert put.status_code == 200, put.get_json()
    foreign = other.put(
        f"/api/v1/rounds/{public_id}/holes/2",
        json={"scores": {"Ann": 1}},
        headers={"Authorization": f"Bearer {token}", "Origin": FOREIGN},
    )
    assert foreign.status_code == 403


# ---- /healthz ------------------------------------------------------------------------


def test_healthz_answers_ok_without_a_session_or_cache(client):
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.get_json() == {"status": "ok", "database": "ok"}
    assert response.headers["Cache-Control"] == "no-store"
    assert "Set-Cookie" not in response.headers
    assert client.head("/healthz").status_code == 200


def test_healthz_answers_503_with_a_sentence_when_the_database_is_gone(tmp_path):
    broken = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test-secret",
            "INSTANCE_PATH": str(tmp_path / "instance"),
            "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'no' / 'such' / 'folder' / 'db.sqlite3'}",
        }
    )
    response = broken.test_client().get("/healthz")
    assert response.status_code == 503
    body = response.get_json()
    assert body["status"] == "error" and body["database"] == "error"
    assert body["error"].endswith(".") and "database" in body["error"]
    assert response.headers["Cache-Control"] == "no-store"
    assert_secured(response)


# ---- request logs --------------------------------------------------------------------


def test_tests_log_nothing_and_every_response_has_a_request_id(client, capsys):
    response = client.get("/healthz")
    assert re.fullmatch(r"[0-9a-f]{16}", response.headers["X-Request-ID"])
    assert client.get("/healthz", headers={"X-Request-ID": "lb-42"}).headers["X-Request-ID"] == "lb-42"
    assert client.get("/healthz", headers={"X-Request-ID": "bad id!"}).headers["X-Request-ID"] != "bad id!"
    assert capsys.readouterr().err == ""


def test_one_json_line_per_request_without_query_or_tokens(app, client, capsys):
    app.config["REQUEST_LOG"] = True
    from caddie.web.plumbing import request_log

    request_log._configure_logger()
    client.get("/tally/grid?hand=K,5&secret=hunter2")
    client.get("/ledger/e/" + "A" * 43, headers={"X-Request-ID": "req-1"})  # an edit link: 404, token masked
    client.post("/settings", data={}, headers={"Origin": FOREIGN})
    lines = [json.loads(line) for line in capsys.readouterr().err.splitlines()]
    assert [(x["method"], x["path"], x["status"]) for x in lines] == [
        ("GET", "/tally/grid", 200),
        ("GET", "/ledger/e/<token>", 404),
        ("POST", "/settings", 403),
    ]
    assert lines[1]["request_id"] == "req-1"
    for line in lines:
        assert set(line) == {"time", "request_id", "method", "path", "status", "duration_ms", "cpu_ms"}
        assert isinstance(line["duration_ms"], float) and line["duration_ms"] >= 0
        assert isinstance(line["cpu_ms"], float) and 0 <= line["cpu_ms"] <= line["duration_ms"] + 1
        assert line["time"].endswith("Z")


# ---- production configuration ----------------------------------------------------------


WEAK_KEYS = (
    "my-production-secret-key-for-the-table",  # a phrase, and a placeholder word
    "ChangeMe-ChangeMe-ChangeMe-ChangeMe!",
    "Tr0ub4dor&3Tr0ub4dor&3Tr0ub4dor&3Tr0ub4dor&3",  # long only by repeating itself
    "abcdefghijklmnopqrstuvwxyz0123456789ABCDEF",  # every character different, counted up
    "ba98ba98ab89ab89bbaa9988ba98ba98ab89ab89",  # few characters
)


@pytest.mark.parametrize("key", WEAK_KEYS)
def test_production_refuses_a_weak_secret_key_and_says_how_to_make_one(monkeypatch, key):
    monkeypatch.setenv("SECRET_KEY", key)
    with pytest.raises(ConfigError, match=r"SECRET_KEY .*secrets\.token_urlsafe\(48\)"):
        production_config()


def test_production_accepts_a_generated_secret_key(monkeypatch):
    for _ in range(200):
        key = secrets.token_urlsafe(48)
        monkeypatch.setenv("SECRET_KEY", key)
        assert production_config()["SECRET_KEY"] == key


def test_production_refuses_to_start_without_a_real_secret_key(monkeypatch):
    for value in (None, "", "change-me", "a" * 64):
        if value is None:
            monkeypatch.delenv("SECRET_KEY", raising=False)
        else:
            monkeypatch.setenv("SECRET_KEY", value)
        with pytest.raises(ConfigError, match="SECRET_KEY"):
            production_config()
        with pytest.raises(SystemExit, match="will not start: SECRET_KEY"):
            runpy.run_module("caddie.serving.gunicorn_conf")


def test_gunicorn_settings_come_from_the_environment(monkeypatch):
    monkeypatch.setenv("SECRET_KEY", GOOD_KEY)
    for name in ("BIND", "HOST", "PORT", "WEB_CONCURRENCY"):
        monkeypatch.delenv(name, raising=False)
    conf = runpy.run_module("caddie.serving.gunicorn_conf")
    assert conf["wsgi_app"] == "caddie.serving.wsgi:app" and conf["bind"] == ["127.0.0.1:8000"]
    assert 1 <= conf["workers"] <= 8 and conf["accesslog"] is None and callable(conf["on_starting"])
    _check_the_worker_freezes_its_warm_heap(conf, monkeypatch)

    monkeypatch.setenv("PORT", "5000")
    monkeypatch.setenv("WEB_CONCURRENCY", "3")
    conf = runpy.run_module("caddie.serving.gunicorn_conf")
    assert conf["bind"] == ["0.0.0.0:5000"] and conf["workers"] == 3
    monkeypatch.setenv("HOST", "127.0.0.1")
    assert runpy.run_module("caddie.serving.gunicorn_conf")["bind"] == ["127.0.0.1:5000"]
    monkeypatch.setenv("BIND", "unix:/run/caddie.sock")
    assert runpy.run_module("caddie.serving.gunicorn_conf")["bind"] == ["unix:/run/caddie.sock"]
    monkeypatch.setenv("WEB_CONCURRENCY", "many")
    with pytest.raises(SystemExit, match="WEB_CONCURRENCY"):
        runpy.run_module("caddie.serving.gunicorn_conf")


def test_the_live_computers_pause_is_read_from_the_environment(monkeypatch, tmp_path):
    from caddie.config import default_config

    monkeypatch.delenv("LIVE_COMPUTER_PAUSE_MS", raising=False)
    assert default_config(tmp_path)["LIVE_COMPUTER_PAUSE_S"] is None  # unset: the store's own pause
    monkeypatch.setenv("LIVE_COMPUTER_PAUSE_MS", "250")
    assert default_config(tmp_path)["LIVE_COMPUTER_PAUSE_S"] == 0.25
    monkeypatch.setenv("LIVE_COMPUTER_PAUSE_MS", "soon")
    with pytest.raises(ConfigError, match="LIVE_COMPUTER_PAUSE_MS must be a whole number"):
        default_config(tmp_path)


def _check_the_worker_freezes_its_warm_heap(conf, monkeypatch):
    """gunicorn's post_request hook: after the 100th request, and again after the 1000th, every
    object then alive leaves the garbage collector's generations, so a full collection walks only
    what came after (docs/production.md, "Memory and pauses").

    Which requests freeze is read off ``gc.freeze`` itself (the real one still runs), and the
    effect off ``gc.get_freeze_count`` at those requests only: the count walks every frozen
    object, 10 to 60 ms under pytest's heap, and once a request it cost the test 45 s."""
    import gc

    assert conf["FREEZE_AFTER_REQUESTS"] == (100, 1000)
    gc.unfreeze()
    served = 0
    froze_at: list[int] = []
    real_freeze = gc.freeze

    def freeze() -> None:
        froze_at.append(served)
        real_freeze()

    monkeypatch.setattr(gc, "freeze", freeze)
    counts: dict[int, int] = {}
    kept = []
    try:
        for served in range(1, 1001):
            kept.append([[] for _ in range(20)])  # what a request leaves behind: new containers
            conf["post_request"](None, None, {}, None)
            if served in (99, 100, 999, 1000):
                counts[served] = gc.get_freeze_count()
        assert froze_at == [100, 1000], "frozen after the 100th and the 1000th request only"
        assert counts[99] == 0 < counts[100], "the 100th request froze the heap"
        assert counts[1000] >= counts[999] + 20 * 900, "the 1000th froze what the 900 requests between left"
    finally:
        gc.unfreeze()


def test_the_request_log_names_no_table_code_token_or_id(app, client, capsys):
    """Every address that names or opens something is logged as its route's shape: ids with a
    short keyed hash (to follow one table through the log), codes and tokens not at all."""
    table = client.post(
        "/api/v1/tables", json={"game": "grid", "holes": 9, "name": "Ann", "seats": [{"kind": "person"}] * 2}
    ).get_json()
    created = client.post("/api/v1/rounds", json={"players": ["Ann", "Bo"], "holes": 9, "game": "grid"}).get_json()
    round_id, watch_token = created["round"]["id"], table["watch_url"].rsplit("/", 1)[1]
    join_key = table["join_url"].rsplit("/", 1)[1]
    app.config["REQUEST_LOG"] = True
    from caddie.web.plumbing import request_log

    request_log._configure_logger()
    client.get("/join/" + join_key)
    client.post(f"/api/v1/tables/{table['code']}/join", json={"name": "Bo"})
    client.get(f"/t/{table['id']}")
    client.get(f"/api/v1/tables/{table['id']}", headers={"Authorization": "Bearer " + table["seat_token"]})
    client.get("/w/" + watch_token)
    client.get(f"/api/v1/rounds/{round_id}")
    scores = {"scores": {"Ann": 4, "Bo": 5}}
    client.put(f"/api/v1/rounds/{round_id}/holes/3", json=scores, headers={"Authorization": "Bearer x"})
    client.get(created["links"]["share"])
    client.get(created["links"]["edit"])
    client.get("/static/css/app.css")
    log = capsys.readouterr().err
    secrets = [table["id"], table["code"], table["seat_token"], watch_token, join_key, round_id]
    secrets += [created["edit_token"], created["share_token"]]
    assert log and [secret for secret in secrets if secret in log] == []
    paths = [json.loads(line)["path"] for line in log.splitlines()]
    table_hash = re.fullmatch(r"/t/<public_id:([0-9a-f]{8})>", paths[2]).group(1)
    assert paths == [
        "/join/<key>",
        "/api/v1/tables/<code>/join",
        f"/t/<public_id:{table_hash}>",
        f"/api/v1/tables/<table_id:{table_hash}>",  # the same table, the same hash
        "/w/<token>",
        paths[5],
        paths[5] + "/holes/3",  # a hole's number says nothing secret
        "/ledger/s/<token>",
        "/ledger/e/<token>",
        "/static/css/app.css",
    ]
    assert re.fullmatch(r"/api/v1/rounds/<round_id:[0-9a-f]{8}>", paths[5]) and table_hash not in paths[5]
