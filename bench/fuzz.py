#!/usr/bin/env python3
"""Fuzz every route: no bad request gets a 5xx, and no refused request changes a stored row.

    .venv/bin/python bench/fuzz.py [--requests 20000] [--seed 1] [--database-url URL] [--gunicorn 1500]

1. Setup: a migrated scratch database (a SQLite file, or a schema of its own in
   ``--database-url``'s PostgreSQL database) is filled through the stores with
   what three browsers own: A (settings, grid and Club Cards rounds with
   scores, a deleted round, two courses one of them deleted, a solo table of
   Grid Golf and one of Club Cards a few moves in, a round dealt through the API), B
   (the same, fewer: the "foreign" objects) and C (a second scorekeeper who
   followed B's edit link). Each browser is a fixed signed session cookie (so
   no response can change who it is) with its CSRF token. Then every page
   (every GET rule of ``app.url_map`` with every fitting real id) is read as A,
   B and C, and its forms, links and htmx attributes are collected: the field
   names and example values the fuzzer starts from. The JSON API's example
   bodies come from the OpenAPI document.
2. Snapshot: every table of the database, every row as JSON, by primary key.
3. Fuzz (in-process, Flask's test client; seeded, so ``--seed`` reproduces a
   run): ``--requests`` requests, each to a rule of the URL map chosen
   uniformly (new routes are covered as they appear, nothing is listed by
   hand) or to a path that matches none. Path variables are real ids (owned
   by the caller or by another browser), ids of another kind, deleted ids,
   guessed tokens or garbage; the method is the rule's, HEAD/OPTIONS, or
   another; the caller is A, B, C, nobody or a tampered cookie; the CSRF token
   is valid, missing, garbage or another browser's, in the form or in
   ``X-CSRFToken``; ``Origin``/``Referer`` are absent, this site, another site
   or ``null``; bodies start from a real form's fields or an API example and
   get 1-4 mutations: values replaced by wrong types, huge and negative
   numbers, unicode (RTL marks, emoji, NUL, lone surrogates as ``\\udXXX``
   escapes), 70 000-character strings; fields dropped, repeated or added;
   invalid or deeply nested JSON; the wrong content type; a body over the
   size limit; stale versions; Bearer tokens that are another round's, read
   only, or guessed; htmx headers.
4. Checks. Every request is classed *refused by construction* when it
   carries a fault that must stop it whatever else it holds (a safe method, a
   method the rule lacks, another origin, a missing or wrong CSRF token on a
   protected route, an id the caller may not write or that names nothing, a
   body over the limit, a broken JSON body on a strict JSON endpoint, a
   version of a table that is not the table's current one), else *may be
   accepted*. A listener on the app's engine notices every statement that may
   have written; after such a request the whole database is snapshotted again
   and compared with the previous snapshot. A change made by a request that
   was refused by construction, or answered 4xx or 5xx, counts as stored rows
   changed; a change made by a request that may be accepted and was (2xx or
   3xx) is a valid, accepted write: counted and printed, and the snapshot
   moves on. At the end the whole database is compared with that last
   snapshot (so a write the listener missed would count too). The server's
   driver thread is off: after a request that wrote, the computers' moves that
   came due are made at once (``live_tables.play_due``), as part of that
   request's change, so no table is left with a move due. A table's presence
   (``live_tables.seen_at``, ``watched_at``: written by a person's visit, a GET
   included, by design) is left out of the snapshots.
5. ``--gunicorn N`` (default 1500, 0 to skip): N more requests, refused by
   construction only, against the same database served by a real gunicorn
   (two workers, ``tests/production/servers.py``) over raw HTTP, then the
   database must equal the snapshot exactly (presence aside, as above).

Printed: requests per route family and the status classes they got, every 5xx
with its request, accepted writes, and on the last line
``fuzz: N requests, K answered 5xx, M stored rows changed`` (target: 0 and 0).
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import secrets
import sys
import tempfile
import time
import traceback
import urllib.parse
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

PROJECT_ROOT = Path(__file__).resolve().parent.parent
if str(PROJECT_ROOT) not in sys.path:
    sys.path.insert(0, str(PROJECT_ROOT))

SAFE_METHODS = ("GET", "HEAD", "OPTIONS")
ALL_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS")
MAX_BODY = 256 * 1024  # caddie.config: MAX_CONTENT_LENGTH


# ---- the world: browsers and what they own -----------------------------------------


@dataclass
class Browser:
    name: str
    bid: str | None  # browser_id in the session; None: no cookie at all
    cookie: str | None = None  # the signed session cookie's value
    csrf: str | None = None  # a valid token for that session
    grants: tuple[str, ...] = ()  # the edit links it opened (caddie.store.ledger.edit_grant)


@dataclass
class Thing:
    kind: str  # round, share, edit, grid_match, clubs_match (a solo table), course, sample, static
    value: str
    owner: str | None = None  # the Browser name that owns it
    deleted: bool = False
    round_id: str | None = None  # for share/edit tokens: the round they belong to
    edit_token: str | None = None  # for rounds


@dataclass
class World:
    browsers: dict[str, Browser]
    things: list[Thing]
    forms: dict[str, list[list[tuple[str, str]]]] = field(default_factory=lambda: defaultdict(list))
    queries: dict[str, list[list[tuple[str, str]]]] = field(default_factory=lambda: defaultdict(list))
    api_bodies: dict[str, list[Any]] = field(default_factory=lambda: defaultdict(list))
    field_values: dict[str, set[str]] = field(default_factory=lambda: defaultdict(set))

    def of_kind(self, kind: str) -> list[Thing]:
        return [t for t in self.things if t.kind == kind]


def build_world(app, seed: int = 1) -> World:
    """Fill the (migrated, empty) database with what browsers A, B and C own, through the stores."""
    from dataclasses import replace

    from flask import session

    from caddie.core.courses.course import SAMPLE_COURSES, Course, Hole
    from caddie.core.games.club_cards import CLUB_CARDS
    from caddie.core.games.grid_golf import GRID_GOLF
    from caddie.core.table import Table
    from caddie.store.courses import delete_course, save_course
    from caddie.store.database import db
    from caddie.store.ledger import CellWrite, deal_round, delete_round, edit_grant, find_round, write_scores
    from caddie.store.live_tables import create_solo
    from caddie.web.table_in_force import save_table

    rng = random.Random(seed)
    ids = {
        name: "fuzz-" + name + "-" + "".join(rng.choice("abcdefghijkmnopqrstuvwxyz0123456789") for _ in range(32))
        for name in "ABC"
    }
    things: list[Thing] = []
    samples = list(SAMPLE_COURSES)
    with app.test_request_context("/"):
        for name, owner in (("A", ids["A"]), ("B", ids["B"])):
            session["browser_id"] = owner
            table = Table()
            save_table(replace(table, players=3), 0)
            grid = deal_round(owner, ["Ann", "Bo", "Cy"], 9, "grid", table)
            write_scores(
                grid, [CellWrite(0, 1, 5, 0), CellWrite(1, 1, -2, 0), CellWrite(2, 1, 12, 0), CellWrite(0, 2, 0, 0)]
            )
            things.append(Thing("round", grid.public_id, name, edit_token=grid.edit_token))
            things.append(Thing("share", grid.share_token, name, round_id=grid.public_id))
            things.append(Thing("edit", grid.edit_token, name, round_id=grid.public_id))
            clubs = deal_round(owner, ["Dee", "Eve"], 9, "clubs", table, SAMPLE_COURSES[samples[0]])
            write_scores(clubs, [CellWrite(0, 1, 4, 0), CellWrite(1, 1, 6, 0)])
            things.append(Thing("round", clubs.public_id, name, edit_token=clubs.edit_token))
            gone = deal_round(owner, ["Fay"], 18, "grid", table)
            delete_round(gone)
            things.append(Thing("round", gone.public_id, name, deleted=True, edit_token=gone.edit_token))
            course = Course("Fuzz Links", "White", tuple(Hole(300 + 10 * i, 4) for i in range(9)))
            saved = save_course(owner, course)
            things.append(Thing("course", saved.public_id, name))
            dropped = save_course(owner, Course("Gone Links", "", tuple(Hole(150, 3) for _ in range(9))))
            delete_course(dropped.public_id, owner)
            things.append(Thing("course", dropped.public_id, name, deleted=True))
            match = create_solo(
                owner,
                GRID_GOLF.name,
                GRID_GOLF.settings_for(table, 9),
                "You",
                [("Robo", "steady")],
                seed=rng.randrange(2**31),
                timing=_timing(),
            )
            _advance(match, rng.randrange(3, 12), rng)
            things.append(Thing("grid_match", match.public_id, name))
            club_match = create_solo(
                owner,
                CLUB_CARDS.name,
                CLUB_CARDS.settings_for(table, None, SAMPLE_COURSES[samples[-1]]),
                "You",
                [("Robo", "beginner")],
                seed=rng.randrange(2**31),
                timing=_timing(),
            )
            _advance(club_match, rng.randrange(2, 6), rng)
            things.append(Thing("clubs_match", club_match.public_id, name))
        # C follows B's edit link: a second scorekeeper of B's grid round.
        b_round = next(t for t in things if t.kind == "round" and t.owner == "B")
        b_grant = edit_grant(find_round(b_round.value))
        db.session.remove()
    browsers = {
        "A": Browser("A", ids["A"]),
        "B": Browser("B", ids["B"]),
        "C": Browser("C", ids["C"], grants=(b_grant,)),
        "none": Browser("none", None),
    }
    things += [Thing("sample", key) for key in samples]
    static = PROJECT_ROOT / "static"
    things += [Thing("static", str(p.relative_to(static))) for p in sorted(static.rglob("*")) if p.is_file()][:12]
    for browser in browsers.values():
        _sign_in(app, browser)
    world = World(browsers, things)
    _api_round(app, world)
    crawl(app, world)
    _api_examples(app, world)
    return world


def _advance(row, moves: int, rng: random.Random) -> None:
    """``moves`` of the person's at a solo table, the computers moving in between as the server
    would; left at the person's turn (or between holes), with no move due."""
    from caddie.core.clubs.game import NEXT
    from caddie.core.clubs.opponents import choose_play
    from caddie.store import live_tables

    for _ in range(moves):
        computers_move()
        table = live_tables.load(row)
        game = table.match
        if game.is_over:
            return
        if table.kind.name == "grid":
            action = game.legal_actions()[0]
        elif game.phase == "hole_over":
            action = NEXT
        else:
            action = choose_play(game.view(0), "steady", rng)
        live_tables.move(row, 0, [action], row.version, _timing())
    computers_move()


# The computers' moves are made at once (no pause), and a table never counts as left alone.
TIMING_SECONDS = {"LIVE_COMPUTER_PAUSE_S": 0, "LIVE_UNATTENDED_S": 10 * 365 * 24 * 3600}


def _timing():
    from datetime import timedelta

    from caddie.store.live_tables import Timing

    return Timing(
        pause=timedelta(seconds=TIMING_SECONDS["LIVE_COMPUTER_PAUSE_S"]),
        unattended=timedelta(seconds=TIMING_SECONDS["LIVE_UNATTENDED_S"]),
    )


def computers_move() -> int:
    """The moves the server's driver would make now (in an app context): how many."""
    from caddie.store.live_tables import play_due

    made = 0
    while moved := play_due(_timing()):
        made += moved
    return made


def _sign_in(app, browser: Browser) -> None:
    """A fixed session cookie for ``browser`` and a CSRF token valid with it."""
    if browser.bid is None:
        return
    client = app.test_client()
    with client.session_transaction() as sess:
        sess["browser_id"] = browser.bid
        sess.permanent = True
        if browser.grants:
            sess["edit_grants"] = list(browser.grants)
    page = client.get("/settings").get_data(as_text=True)
    browser.csrf = re.search(r'<meta name="csrf-token" content="([^"]+)"', page).group(1)
    browser.cookie = client.get_cookie(app.config["SESSION_COOKIE_NAME"]).value


def _api_round(app, world: World) -> None:
    """A round dealt through the API by A (so its edit token is the API's)."""
    client = app.test_client(use_cookies=False)
    answer = client.post(
        "/api/v1/rounds", json={"players": ["Gus", "Hal"], "holes": 9}, headers=_cookie_header(app, world.browsers["A"])
    )
    assert answer.status_code == 201, answer.get_data(as_text=True)
    body = answer.get_json()
    public_id = body["round"]["id"] if "id" in body["round"] else body["links"]["api"].rsplit("/", 1)[1]
    world.things.append(Thing("round", public_id, "A", edit_token=body["edit_token"]))
    world.things.append(Thing("share", body["share_token"], "A", round_id=public_id))
    world.things.append(Thing("edit", body["edit_token"], "A", round_id=public_id))


def _cookie_header(app, browser: Browser) -> dict[str, str]:
    return {"Cookie": f"{app.config['SESSION_COOKIE_NAME']}={browser.cookie}"} if browser.cookie else {}


# ---- which ids a rule's variables take ----------------------------------------------


def var_kind(rule: str, var: str) -> str:
    """What a path variable names, from the rule's text; "any" for a rule this does not know."""
    if var == "filename":
        return "static"
    for marker, kind in (
        ("/samples/", "sample"),
        ("/ledger/s/", "share"),
        ("/ledger/e/", "edit"),
        ("/play/clubs/m/", "clubs_match"),  # a solo table's old addresses
        ("/play/m/", "grid_match"),
        ("/courses/c/", "course"),
        ("/ledger/r/", "round"),
        ("/rounds/", "round"),
    ):
        if marker in rule and var in ("public_id", "token", "key"):
            return kind
    if "/t/" in rule and var == "public_id":
        return "table"
    if var == "hole":
        return "hole"
    return "any"


OWNED_KINDS = (
    "round",
    "grid_match",
    "clubs_match",
    "table",
    "course",
)  # found only for the browser that may write them
TABLE_KINDS = ("grid_match", "clubs_match")  # the solo tables: at /t/<id>, and at their game's old address


def is_kind(thing: Thing, kind: str) -> bool:
    """Whether ``thing`` is what a variable of ``kind`` names."""
    return thing.kind == kind or kind == "any" or (kind == "table" and thing.kind in TABLE_KINDS)


def may_write(world: World, thing: Thing | None, kind: str, browser: Browser, bearer: str | None) -> bool | None:
    """Whether ``browser`` may write ``thing`` through a rule whose variable is of ``kind``:
    False when it certainly may not, True when it may, None when it depends (deleted: restore)."""
    if kind not in OWNED_KINDS:
        return True
    if thing is None or not is_kind(thing, kind):
        return False  # a guessed id, garbage, or another kind's id: names nothing here
    if thing.deleted:
        return None  # restore takes it; every other route answers 404
    if kind == "round":
        if bearer and bearer == thing.edit_token:
            return True
        return thing.owner == browser.name or thing.value in granted_rounds(browser)
    return thing.owner == browser.name


def granted_rounds(browser: Browser) -> set[str]:
    from caddie.store.ledger import granted_round

    return {granted_round(grant) for grant in browser.grants}


# ---- reading the pages: forms, links and htmx attributes ----------------------------


class PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.forms: list[dict] = []  # {"method", "action", "fields": [(name, value)], "choices": {}}
        self.links: list[str] = []
        self.posts: list[tuple[str, list[tuple[str, str]]]] = []
        self._form: dict | None = None
        self._select: str | None = None
        self._select_form: dict | None = None
        # A control may sit outside its form and name it (form="play-form", as Play's docked
        # buttons do): forms by id, and controls that named a form not read yet.
        self._by_id: dict[str, dict] = {}
        self._waiting: dict[str, list[tuple[str, dict]]] = defaultdict(list)

    def handle_starttag(self, tag, attrs):
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form":
            self._form = {
                "method": a.get("method", "get").lower(),
                "action": a.get("action", ""),
                "fields": [],
                "choices": defaultdict(list),
            }
            self.forms.append(self._form)
            if a.get("id"):
                self._by_id[a["id"]] = self._form
                for waiting_tag, waiting in self._waiting.pop(a["id"], []):
                    self._control(self._form, waiting_tag, waiting)
        for attr in ("href", "hx-get"):
            if attr in a and a[attr].startswith("/"):
                self.links.append(a[attr])
        if "hx-post" in a and a["hx-post"].startswith("/"):
            self.posts.append((a["hx-post"], [(a["name"], a.get("value", ""))] if a.get("name") else []))
        if tag == "option":
            if self._select and self._select_form is not None:
                self._select_form["choices"][self._select].append(a.get("value", ""))
                if "selected" in a:
                    self._select_form["fields"].append((self._select, a.get("value", "")))
            return
        owner = a.get("form")
        if owner:
            if owner in self._by_id:
                self._control(self._by_id[owner], tag, a)
            else:
                self._waiting[owner].append((tag, a))
        elif self._form is not None:
            self._control(self._form, tag, a)

    def _control(self, form: dict, tag: str, a: dict) -> None:
        name = a.get("name")
        if tag in ("input", "button", "textarea") and name:
            kind = a.get("type", "text").lower()
            value = a.get("value", "")
            form["choices"][name].append(value)
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            if tag == "button" or kind in ("submit", "file"):
                return
            form["fields"].append((name, value))
        elif tag == "select" and name:
            self._select, self._select_form = name, form

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select, self._select_form = None, None


def crawl(app, world: World) -> None:
    """Read every page as A, B and C (real ids in every variable), collecting forms, links and field values."""
    client = app.test_client(use_cookies=False)
    adapter = app.url_map.bind("localhost")
    seen_pages: set[str] = set()
    for browser in (world.browsers["A"], world.browsers["B"], world.browsers["C"]):
        for rule in app.url_map.iter_rules():
            if "GET" not in rule.methods or rule.endpoint == "static":
                continue
            for path in _real_paths(world, rule, browser):
                if (browser.name, path) in seen_pages:
                    continue
                seen_pages.add((browser.name, path))
                for htmx in (False, True):
                    headers = _cookie_header(app, browser)
                    if htmx:
                        headers["HX-Request"] = "true"
                    answer = client.get(path, headers=headers)
                    if answer.status_code == 200 and "html" in (answer.content_type or ""):
                        _learn(world, adapter, answer.get_data(as_text=True))


def _real_paths(world: World, rule, browser: Browser) -> list[str]:
    """The rule's URL with each variable filled by a thing of the right kind the browser can see."""
    paths = [""]
    variables = list(rule.arguments)
    fills: dict[str, list[str]] = {}
    for var in variables:
        kind = var_kind(rule.rule, var)
        if kind == "hole":
            fills[var] = ["1"]
            continue
        pool = [
            t
            for t in world.things
            if is_kind(t, kind)
            and not t.deleted
            and (t.owner in (None, browser.name) or t.value in granted_rounds(browser))
        ]
        fills[var] = [t.value for t in pool][:4]
    if any(not v for v in fills.values()):
        return []
    results = []
    combos = [{}]
    for var in variables:
        combos = [dict(c, **{var: v}) for c in combos for v in fills[var]][:8]
    for combo in combos:
        results.append(build_path(rule, combo))
    del paths
    return results


def build_path(rule, values: dict[str, str]) -> str:
    """The rule's URL with ``values`` percent-encoded into its variables."""
    out = []
    for is_var, piece in rule._trace:
        if is_var:
            value = values.get(piece)
            if value is None:
                out.append(piece)  # the host part "|" of the trace never reaches here
            else:
                safe = "/" if "path" in str(rule._converters.get(piece, "")).lower() else ""
                out.append(urllib.parse.quote(value, safe=safe))
        else:
            out.append(piece)
    text = "".join(out)
    return text[text.index("|") + 1 :] if "|" in text else text


def _learn(world: World, adapter, html: str) -> None:
    parser = PageParser()
    try:
        parser.feed(html)
    except Exception:
        return
    for form in parser.forms:
        endpoint = _endpoint(adapter, form["action"], "POST" if form["method"] == "post" else "GET")
        if endpoint is None:
            continue
        fields = [(n, v) for n, v in form["fields"]]
        target = world.forms if form["method"] == "post" else world.queries
        if fields not in target[endpoint]:
            target[endpoint].append(fields)
        for name, values in form["choices"].items():
            if not name.endswith("csrf_token"):  # a token travels only where the request decides it does
                world.field_values[name].update(v for v in values if len(v) < 200)
        for name, value in fields:
            if len(value) < 200 and not name.endswith("csrf_token"):
                world.field_values[name].add(value)
    for link in parser.links:
        parts = urllib.parse.urlsplit(link)
        endpoint = _endpoint(adapter, parts.path, "GET")
        if endpoint is None or not parts.query:
            continue
        query = urllib.parse.parse_qsl(parts.query, keep_blank_values=True)
        if query not in world.queries[endpoint] and len(world.queries[endpoint]) < 60:
            world.queries[endpoint].append(query)
        for name, value in query:
            world.field_values[name].add(value)
    for url, fields in parser.posts:
        endpoint = _endpoint(adapter, urllib.parse.urlsplit(url).path, "POST")
        if endpoint is not None and fields and fields not in world.forms[endpoint]:
            world.forms[endpoint].append(fields)


def _endpoint(adapter, path: str, method: str) -> str | None:
    try:
        endpoint, _ = adapter.match(urllib.parse.unquote(urllib.parse.urlsplit(path).path) or "/", method=method)
        return endpoint
    except Exception:
        return None


def _api_examples(app, world: World) -> None:
    """Request bodies from the OpenAPI document's examples, by endpoint."""
    from caddie.web.api.spec import openapi_document

    with app.test_request_context("/"):
        document = openapi_document()
    adapter = app.url_map.bind("localhost")
    for path, item in document.get("paths", {}).items():
        for method, operation in item.items():
            if not isinstance(operation, dict) or method.upper() not in ("POST", "PUT", "PATCH"):
                continue
            url = (
                "/api/v1" + re.sub(r"\{[^}]+\}", "x", path)
                if not path.startswith("/api/")
                else re.sub(r"\{[^}]+\}", "x", path)
            )
            endpoint = _endpoint(adapter, url, method.upper())
            content = operation.get("requestBody", {}).get("content", {}).get("application/json", {})
            for example in content.get("examples", {}).values():
                if endpoint and "value" in example:
                    world.api_bodies[endpoint].append(example["value"])
            if endpoint and "example" in content:
                world.api_bodies[endpoint].append(content["example"])


# ---- malformed values ---------------------------------------------------------------

LONG = "x" * 70_000
TEXTS = [
    "",
    " ",
    "0",
    "-1",
    "-0",
    "+5",
    "007",
    "1.5",
    "1e3",
    "1e309",
    "-1e309",
    "NaN",
    "nan",
    "inf",
    "-Infinity",
    "9" * 40,
    "9" * 5000,
    "\u00b2",
    "2\u00b3",
    "\u0663\u0660\u0660",
    str(2**31),
    str(2**31 - 1),
    str(-(2**31) - 1),
    str(2**63),
    str(-(2**63) - 1),
    str(10**400),
    "0x1F",
    "1_000",
    "\u0661\u0662",
    "\uff15",
    "\u216b",
    "\u00b2",
    "\u2212" + "3",
    "\u2013" + "4",
    " 7 ",
    "3 4",
    "\u202eKRAM",
    "\u200f\u200e",
    "\u0639\u0631\u0628\u064a",
    "\u05e9\u05dc\u05d5\u05dd",
    "\U0001f3cc\ufe0f\u200d\u2640\ufe0f",
    "\U0001f468\u200d\U0001f469\u200d\U0001f467" * 30,
    "\x00",
    "a\x00b",
    "\r\n",
    "\t",
    "\x1b[31m",
    "\ufeff",
    "\uffff",
    "\U0010ffff",
    "A" * 5000,
    LONG,
    "<script>alert(1)</script>",
    "{{7*7}}",
    "' OR 1=1 --",
    "../../../etc/passwd",
    "%00",
    "%s%s%n",
    "null",
    "true",
    "[]",
    "{}",
    "K",
    "JK",
    "10",
    "Q",
    "-2",
    "mine:",
    "mine:nothing",
    "random-18",
    "random-9",
    "draw",
    "take",
    "flip:0",
    "swap:99",
    "flip:-1",
    "swap:1e9",
    "discard",
    "next",
    "play",
    ":",
    "flip:",
    "0-1",
    "99-99",
    "-1--1",
    "0-0",
    "1-1",
    "2025-02-30",
    "9999-12-31",
    "0000-00-00",
]
# Lone surrogates cannot be sent as text; in JSON they travel as escapes.
JSON_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    -0.0,
    10**30,
    -(10**30),
    2**63,
    float("nan"),
    float("inf"),
    float("-inf"),
    "",
    "\ud800",
    "\udfff",
    "a\ud83cb",
    [],
    {},
    [None] * 50,
    {"a": [1, {"b": None}]},
    "x" * 20_000,
    list(range(3000)),
]


def nasty_text(rng: random.Random, world: World, name: str | None = None) -> str:
    roll = rng.random()
    if roll < 0.55:
        return rng.choice(TEXTS)
    if roll < 0.7 and name and world.field_values.get(name):
        return rng.choice(sorted(world.field_values[name]))
    if roll < 0.85:
        return rng.choice(world.things).value
    if roll < 0.93:
        return str(rng.choice([-1, 1]) * rng.randrange(0, 10 ** rng.randrange(1, 25)))
    return "".join(
        chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0xD7FF), rng.randrange(0xE000, 0x10FFFF)]))
        for _ in range(rng.randrange(1, 40))
    )


def nasty_json(rng: random.Random, world: World) -> Any:
    roll = rng.random()
    if roll < 0.6:
        return rng.choice(JSON_VALUES)
    if roll < 0.85:
        return nasty_text(rng, world)
    if roll < 0.92:
        return rng.choice([-1, 1]) * rng.randrange(0, 10 ** rng.randrange(1, 40))
    depth = rng.randrange(2, 60)
    value: Any = 1
    for _ in range(depth):
        value = [value] if rng.random() < 0.5 else {"k": value}
    return value


def _json_paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    paths = [prefix]
    if isinstance(value, dict):
        for k, v in value.items():
            paths += _json_paths(v, prefix + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:20]):
            paths += _json_paths(v, prefix + (i,))
    return paths


def _set_path(value: Any, path: tuple, new: Any, drop: bool = False) -> Any:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(value, dict):
        copy = dict(value)
        if drop and not rest:
            copy.pop(head, None)
        else:
            copy[head] = _set_path(value[head], rest, new, drop)
        return copy
    copy = list(value)
    if drop and not rest:
        del copy[head]
    else:
        copy[head] = _set_path(value[head], rest, new, drop)
    return copy


def _json_of(data: bytes) -> Any:
    try:
        return json.loads(data)
    except (ValueError, RecursionError):
        return None


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=True, allow_nan=True)


# ---- one request ---------------------------------------------------------------------


@dataclass
class Request:
    family: str
    method: str
    path: str  # percent-encoded, with the query string
    headers: dict[str, str]
    body: bytes = b""
    refused: bool = False  # carries a fault that must stop it whatever else it holds
    faults: list[str] = field(default_factory=list)
    endpoint: str | None = None
    match: Thing | None = None  # a solo table whose version the form names (stale check)
    who: str = ""  # the browser that asks (A, B, C, none, tampered)

    def describe(self) -> str:
        body = self.body[:300].decode("utf-8", "backslashreplace")
        shown = {k: v[:80] for k, v in self.headers.items() if k != "Cookie"}
        who = self.headers.get("Cookie", "")[:20]
        return (
            f"{self.method} {self.path[:300]} as {self.who} headers={shown} cookie={who!r} body={body!r} "
            f"faults={self.faults}"
        )


class Fuzzer:
    def __init__(self, app, world: World, rng: random.Random, origin: str = "http://localhost") -> None:
        self.app = app
        self.world = world
        self.rng = rng
        self.origin = origin
        self.rules = list(app.url_map.iter_rules())
        from caddie.web.plumbing.csrf import csrf

        self._exempt_views = set(getattr(csrf, "_exempt_views", set()))
        self._exempt_blueprints = set(getattr(csrf, "_exempt_blueprints", set()))
        self.cookie_name = app.config["SESSION_COOKIE_NAME"]
        self.deep = False

    def csrf_protected(self, endpoint: str) -> bool:
        view = self.app.view_functions.get(endpoint)
        if view is None:
            return True
        blueprint = endpoint.rsplit(".", 1)[0] if "." in endpoint else None
        if blueprint in self._exempt_blueprints:
            return False
        return f"{view.__module__}.{view.__name__}" not in self._exempt_views

    def make(self, only_refused: bool = False) -> Request:
        for _ in range(50):
            request = self._make()
            if request.refused or not only_refused:
                return request
        return request

    def _make(self) -> Request:
        rng, world = self.rng, self.world
        if rng.random() < 0.03:
            return self._no_route()
        rule = rng.choice(self.rules)
        endpoint = rule.endpoint
        family = endpoint.split(".")[0]
        methods = sorted(m for m in rule.methods if m not in ("HEAD", "OPTIONS"))
        # A third of the requests are "deep": A, with a valid token, from this site, to A's own ids,
        # with the rule's own method, so that only the body (or query) is wrong and the view reads it.
        self.deep = deep = rng.random() < 0.35
        roll = rng.random()
        if deep or roll < 0.78:
            method = rng.choice(methods)
        elif roll < 0.86:
            method = rng.choice(["HEAD", "OPTIONS"])
        else:
            method = rng.choice([m for m in ALL_METHODS if m not in rule.methods] or ["PATCH"])
        faults: list[str] = []
        sibling = next((r for r in self.rules if r.rule == rule.rule and method in r.methods), None)
        if sibling is not None and sibling is not rule:  # GET /x/delete and POST /x/delete are two rules
            rule, endpoint = sibling, sibling.endpoint
        if method in SAFE_METHODS:
            faults.append("safe method")
        elif sibling is None:
            faults.append("wrong method")

        # who asks
        roll = rng.random()
        name = (
            "A"
            if deep or roll < 0.5
            else "B"
            if roll < 0.65
            else "C"
            if roll < 0.75
            else "none"
            if roll < 0.9
            else "tampered"
        )
        browser = world.browsers.get(name, world.browsers["none"])
        headers: dict[str, str] = {}
        if name == "tampered":
            good = world.browsers[rng.choice("AB")].cookie
            headers["Cookie"] = f"{self.cookie_name}=" + rng.choice(
                [
                    good[:-3] + "abc",
                    good.replace(".", "!", 1),
                    "garbage",
                    "",
                    good + "A" * 5000,
                    "e30.abc.def",
                    "%00%ff",
                ]
            )
            browser = world.browsers["none"]
        elif browser.cookie:
            headers["Cookie"] = f"{self.cookie_name}={browser.cookie}"

        # a Bearer token (API)
        bearer = None
        if endpoint.startswith("api.") and rng.random() < 0.5:
            rounds = world.of_kind("round")
            bearer = rng.choice(
                [
                    rng.choice(rounds).edit_token,
                    rng.choice(world.of_kind("share")).value,
                    secrets.token_urlsafe(24),
                    "",
                    "x" * 65,
                    "../..",
                    "\u00e9t\u00e9",
                ]
            )
            scheme = rng.choice(["Bearer", "bearer", "Basic", "Bearer  ", ""])
            headers["Authorization"] = f"{scheme} {bearer}".strip() if scheme else bearer
            if scheme.strip().lower() != "bearer" or not re.fullmatch(r"[A-Za-z0-9_-]{1,64}", bearer):
                bearer = None

        # path variables
        values: dict[str, str] = {}
        targets: list[Thing] = []
        for var in rule.arguments:
            kind = var_kind(rule.rule, var)
            value, thing = self._path_value(kind)
            values[var] = value
            if kind in OWNED_KINDS and method not in SAFE_METHODS:
                verdict = may_write(world, thing, kind, browser, bearer)
                if verdict is False:
                    named = f"{thing.kind} of {thing.owner}" if thing else "nothing"
                    faults.append(f"{var} ({named}) not writable by {name}")
            if thing is not None:
                targets.append(thing)
        path = build_path(rule, values)
        if rng.random() < 0.05:
            path += rng.choice(["/", "//", "%00", "/..", ".json", "%2F", ";x=1"])

        # the query string
        query = self._query(endpoint, method)
        if query:
            path += "?" + query

        # origin
        roll = rng.random() * (0.75 if deep else 1)
        if roll < 0.4:
            pass
        elif roll < 0.75:
            headers["Origin"] = self.origin
        elif roll < 0.83:
            headers["Origin"] = rng.choice(
                [
                    "https://evil.example",
                    "null",
                    "http://localhost.evil.example",
                    self.origin.replace("http://", "https://"),
                    "http://127.0.0.2",
                    self.origin + ".evil.example",
                ]
            )
            faults.append("another origin")
        elif roll < 0.9:
            headers["Referer"] = rng.choice(["https://evil.example/page", "http://user@evil.example/"])
            faults.append("another origin (Referer)")
        elif roll < 0.95:
            headers["Referer"] = self.origin + "/settings"
        else:
            headers["Origin"] = rng.choice(["", "not a url", "http://[::1"])
            faults.append("unreadable origin")

        if rng.random() < 0.3:
            headers["HX-Request"] = "true"
            if rng.random() < 0.2:
                headers["HX-Boosted"] = "true"
        if endpoint == "api.put_hole" and rng.random() < 0.3:
            headers["If-Match"] = rng.choice(['"1"', "*", 'W/"2"', '"999999999999"', "garbage", '"-1"', ""])

        request = Request(family, method, path, headers, endpoint=endpoint, faults=faults, who=name)
        match = next((t for t in targets if t.kind in TABLE_KINDS), None)
        request.match = match
        if endpoint.startswith("api."):
            self._json_body(request)
        elif method not in SAFE_METHODS or rng.random() < 0.1:
            self._form_body(request, browser)
        if len(request.body) > MAX_BODY:
            request.faults.append("body over the limit")
        request.refused = bool(request.faults)
        return request

    def _no_route(self) -> Request:
        rng = self.rng
        path = "/" + "/".join(
            urllib.parse.quote(nasty_text(rng, self.world)[:50], safe="") or "x" for _ in range(rng.randrange(1, 4))
        )
        method = rng.choice(ALL_METHODS)
        return Request(
            "(no route)",
            method,
            path,
            {"Origin": self.origin} if rng.random() < 0.5 else {},
            refused=True,
            faults=["no such route"],
        )

    def _path_value(self, kind: str) -> tuple[str, Thing | None]:
        rng, world = self.rng, self.world
        roll = rng.random()
        if kind == "hole":
            return rng.choice(
                ["1", "2", "9", "18", "0", "19", "-1", "01", "1.5", "abc", "\u0661", "99999", "9" * 30, "%00", " 1"]
            ), None
        pool = [t for t in world.things if is_kind(t, kind)]
        if self.deep and rng.random() < 0.85:
            mine = [t for t in pool if t.owner == "A" and not t.deleted] or pool
            if mine:
                thing = rng.choice(mine)
                return thing.value, thing
        if roll < 0.6 and pool:
            thing = rng.choice(pool)
            return thing.value, thing
        if roll < 0.75:
            thing = rng.choice(world.things)
            return thing.value, thing
        if roll < 0.85:
            return secrets.token_urlsafe(rng.choice([12, 18, 24])), None
        value = nasty_text(rng, world)[: rng.choice([10, 100, 3000])] or "x"
        return value, next((t for t in world.things if t.value == value), None)  # garbage may be a real id

    def _query(self, endpoint: str, method: str) -> str:
        rng, world = self.rng, self.world
        if method not in ("GET", "HEAD") and rng.random() < 0.8:
            return ""
        examples = world.queries.get(endpoint) or [[]]
        pairs = list(rng.choice(examples))
        if rng.random() < 0.25 and pairs:
            return _encode(pairs, rng)  # a real link: deep states, not only refusals
        for _ in range(rng.randrange(1, 4)):
            pairs = self._mutate_pairs(pairs)
        text = _encode(pairs, rng)
        if rng.random() < 0.05:
            text += rng.choice(["&%ZZ=1", "&%FF%FE=%FF", "&&&=", "&a=b=c", "&%00=%00", "&" + "k=v&" * 500])
        return text

    def _mutate_pairs(self, pairs: list[tuple[str, str]]) -> list[tuple[str, str]]:
        rng, world = self.rng, self.world
        pairs = list(pairs)
        roll = rng.random()
        names = sorted(
            {n for n, _ in pairs} | set(rng.sample(sorted(world.field_values), min(3, len(world.field_values))))
        )
        if roll < 0.45 and pairs:
            i = rng.randrange(len(pairs))
            pairs[i] = (pairs[i][0], nasty_text(rng, world, pairs[i][0]))
        elif roll < 0.6 and pairs:
            del pairs[rng.randrange(len(pairs))]
        elif roll < 0.75 and pairs:
            name, _ = rng.choice(pairs)
            for _ in range(rng.choice([1, 2, 5, 300])):
                pairs.append((name, nasty_text(rng, world, name)))
        elif roll < 0.9 and names:
            name = rng.choice(names)
            pairs.append((name, nasty_text(rng, world, name)))
        else:
            pairs.append((nasty_text(rng, world)[:200], nasty_text(rng, world)))
        return pairs

    def _form_body(self, request: Request, browser: Browser) -> None:
        rng, world = self.rng, self.world
        endpoint = request.endpoint
        examples = world.forms.get(endpoint) or [[]]
        pairs = [(n, v) for n, v in rng.choice(examples) if not n.endswith("csrf_token")]
        mutations = rng.choice([0, 1, 1, 2, 3, 4]) if pairs else rng.randrange(1, 4)
        for _ in range(mutations):
            pairs = self._mutate_pairs(pairs)
        # the CSRF token
        protected = request.method not in SAFE_METHODS and self.csrf_protected(endpoint)
        roll = rng.random() * (0.6 if self.deep else 1)
        valid = False
        if roll < 0.6 and browser.csrf:
            pairs.insert(rng.randrange(len(pairs) + 1), ("csrf_token", browser.csrf))
            valid = True
        elif roll < 0.65 and browser.csrf:
            request.headers["X-CSRFToken"] = browser.csrf
            valid = True
        elif roll < 0.75:
            pass  # missing
        elif roll < 0.85:
            other = rng.choice([b for b in world.browsers.values() if b.csrf and b is not browser])
            pairs.append(("csrf_token", other.csrf))
        else:
            pairs.append(("csrf_token", rng.choice(["", "garbage", "IjEi.abc.def", LONG[:1000]])))
        # the version of the table the form names
        if request.match is not None and rng.random() < 0.5:
            current = self.match_version(request.match)
            pairs = [(n, v) for n, v in pairs if n != "version"]
            pairs.append(
                (
                    "version",
                    rng.choice(
                        [
                            str(current),
                            str(current - 1),
                            str(current + 1),
                            "0",
                            "-1",
                            f" {current} ",
                            "\u0661",
                            str(2**64),
                            "",
                        ]
                    ),
                )
            )
        versions = [v for n, v in pairs if n == "version"]
        if request.match is not None and request.method == "POST" and request.endpoint.endswith("act"):
            current = self.match_version(request.match)
            try:
                seen = int(versions[0]) if versions else -1
            except ValueError:
                seen = -1
            if seen != current:
                request.faults.append("stale table version")
        # the encoding
        roll = rng.random() * (0.9 if self.deep else 1)
        if roll < 0.75:
            request.headers["Content-Type"] = "application/x-www-form-urlencoded"
            request.body = _encode(pairs, rng).encode()
        elif roll < 0.85:
            boundary = "fuzz" + secrets.token_hex(8)
            request.headers["Content-Type"] = f"multipart/form-data; boundary={boundary}"
            request.body = _multipart(pairs, boundary, rng)
        elif roll < 0.92:
            request.headers["Content-Type"] = "application/json"
            request.body = _dumps(dict(pairs)).encode()
        else:
            request.headers["Content-Type"] = rng.choice(
                [
                    "text/plain",
                    "application/xml",
                    "",
                    "a/b; boundary=",
                    "application/x-www-form-urlencoded; charset=utf-16",
                    "multipart/form-data",
                ]
            )
            request.body = rng.choice([_encode(pairs, rng).encode(), b"\xff\xfe\x00garbage", b"", LONG.encode()])
        if rng.random() < 0.02:
            request.body += b"&pad=" + b"x" * (MAX_BODY + 10)
        if protected and not valid:  # no valid token anywhere (with one, the encoding decides: no claim)
            request.faults.append("no valid CSRF token")

    def _json_body(self, request: Request) -> None:
        rng, world = self.rng, self.world
        if request.method in SAFE_METHODS and rng.random() < 0.8:
            return
        examples = world.api_bodies.get(request.endpoint) or [{}]
        body: Any = json.loads(json.dumps(rng.choice(examples)))
        strict = request.endpoint in STRICT_JSON
        unknown: set[str] = set()  # fields added that the endpoint does not have
        for _ in range(rng.choice([0, 1, 1, 2, 3])):
            paths = _json_paths(body)
            path = rng.choice(paths)
            roll = rng.random()
            if roll < 0.55:
                body = _set_path(body, path, nasty_json(rng, world))
            elif roll < 0.75 and path:
                body = _set_path(body, path, None, drop=True)
            elif roll < 0.9 and isinstance(body, dict):
                key = rng.choice(["extra", "Players", "cards ", "__proto__", "\u202e", "id"])
                body = dict(body, **{key: nasty_json(rng, world)})
                unknown.add(key)
            else:
                body = [body]
        # Read off the body as sent: a later mutation may drop the field an earlier one added.
        broken = not isinstance(body, dict) or any(key in body for key in unknown)
        text = _dumps(body)
        roll = rng.random()
        content_type = "application/json"
        rewritten = False  # the text no longer is the mutated body: whether it is broken is read off it
        wrong_type = False
        if roll < 0.08:
            text = text[: rng.randrange(max(len(text), 1))] + rng.choice(["", "}", "]", ",", "'", "\x00"])
            rewritten = True
        elif roll < 0.12:
            text = "[" * rng.choice([100, 2000, 100_000]) + "]" * rng.choice([0, 100])
            rewritten = True
        elif roll < 0.15:
            text = rng.choice(
                [
                    "NaN",
                    "Infinity",
                    "-Infinity",
                    "1e999",
                    '{"a":1,"a":2}',
                    '{"scores": {"Ann": 1, "Ann": 2}}',
                    "\ufeff{}",
                    "{'single': 1}",
                    '{"a": 1,}',
                    "",
                    "null",
                    "[]",
                    '"text"',
                    "0",
                ]
            )
            rewritten = True
        elif roll < 0.2:
            content_type = rng.choice(
                [
                    "text/plain",
                    "application/x-www-form-urlencoded",
                    "",
                    "application/jsonx",
                    "multipart/form-data; boundary=x",
                ]
            )
            wrong_type = True  # not JSON to request.is_json
        elif roll < 0.23:
            content_type = rng.choice(
                ["application/json; charset=utf-16", "application/merge-patch+json", "APPLICATION/JSON"]
            )
        data = text.encode("utf-8", "surrogatepass")
        if rng.random() < 0.03:
            data = rng.choice([b"\xff\xfe{\x00}\x00", text.encode("utf-16"), b"\xc3\x28", data + b"\xff"])
            rewritten = True
        if rewritten:
            # Read as the app reads it (json.loads of the bytes: UTF-16 with a BOM, duplicate keys and a
            # UTF-8 BOM all pass): only what is no JSON object is broken for certain.
            broken = not isinstance(_json_of(data), dict)
        broken = broken or wrong_type
        if content_type:
            request.headers["Content-Type"] = content_type
        request.body = data
        if broken and strict and request.method not in SAFE_METHODS:
            request.faults.append("broken JSON body")

    def match_version(self, match: Thing) -> int:
        from sqlalchemy import select

        from caddie.store.database import db
        from caddie.store.models import LiveTableRecord

        with self.app.app_context():
            version = db.session.scalar(select(LiveTableRecord.version).where(LiveTableRecord.public_id == match.value))
            db.session.remove()
        return version if version is not None else -1


# Endpoints whose body must be a JSON object of known fields (caddie.web.api.spec.json_object).
STRICT_JSON = (
    "api.tally_grid",
    "api.tally_clubs",
    "api.caddie_grid",
    "api.caddie_clubs",
    "api.create_round",
    "api.put_hole",
)


def _encode(pairs: list[tuple[str, str]], rng: random.Random) -> str:
    quote = urllib.parse.quote_plus if rng.random() < 0.8 else urllib.parse.quote
    return "&".join(
        f"{quote(n, safe='', encoding='utf-8', errors='surrogatepass')}="
        f"{quote(v, safe='', encoding='utf-8', errors='surrogatepass')}"
        for n, v in pairs
    )


FILE_NAMES = ["a.csv", "", "../../x", "\u00e9.csv"]


def _multipart(pairs: list[tuple[str, str]], boundary: str, rng: random.Random) -> bytes:
    parts = []
    for name, value in pairs:
        disposition = f'form-data; name="{name}"' if rng.random() < 0.97 else "form-data"  # a nameless part
        if rng.random() < 0.15:
            disposition += f'; filename="{rng.choice(FILE_NAMES)}"'
        parts.append(
            f"--{boundary}\r\nContent-Disposition: {disposition}\r\n\r\n".encode("utf-8", "surrogatepass")
            + value.encode("utf-8", "surrogatepass")
            + b"\r\n"
        )
    tail = f"--{boundary}--\r\n".encode() if rng.random() < 0.9 else b""
    return b"".join(parts) + tail


# ---- the database: snapshots and a write listener -----------------------------------

_REFLECTED: dict[int, Any] = {}

# Written by a person's (or an onlooker's) visit to a table, a GET included: whether anyone is
# there (docs/live-tables.md, "Nobody at the table"), not data a request asks to change.
PRESENCE = {"live_tables": ("seen_at", "watched_at")}
# Counted on refused requests by design (a join code that named no table, an import, a Caddie
# answer past its budget): a client's tries, not data a request asks to change. Left out whole;
# on SQLite their UPDATE ... RETURNING also reports no rowcount, so the listener could not see them
# and a later request was blamed for them.
BOOKKEEPING = ("rate_limits",)


def snapshot(engine) -> dict[str, dict[str, str]]:
    """Every table's rows as JSON, keyed by primary key (the tables are read from the database
    itself, once per engine: tables no model knows are in it too), without the ``PRESENCE``
    columns and the ``BOOKKEEPING`` tables."""
    from sqlalchemy import MetaData, select

    tables = {}
    with engine.connect() as conn:
        meta = _REFLECTED.get(id(engine))
        if meta is None:
            meta = _REFLECTED[id(engine)] = MetaData()
            meta.reflect(conn)
        for table in meta.sorted_tables:
            if table.name in BOOKKEEPING:
                continue
            key_columns = [c.name for c in table.primary_key.columns] or [c.name for c in table.columns]
            rows = {}
            left_out = PRESENCE.get(table.name, ())
            for row in conn.execute(select(table)).mappings():
                key = json.dumps([str(row[c]) for c in key_columns])
                kept = {k: _plain(v) for k, v in row.items() if k not in left_out}
                rows[key] = json.dumps(kept, sort_keys=True, default=str)
            tables[table.name] = rows
    return tables


def _plain(value: Any) -> Any:
    if isinstance(value, (bytes, bytearray, memoryview)):
        return bytes(value).hex()
    return value


def changed_rows(before: dict[str, dict[str, str]], after: dict[str, dict[str, str]]) -> int:
    count = 0
    for name in set(before) | set(after):
        old, new = before.get(name, {}), after.get(name, {})
        count += sum(1 for key in set(old) | set(new) if old.get(key) != new.get(key))
    return count


def describe_changes(before, after, limit: int = 5) -> list[str]:
    lines = []
    for name in sorted(set(before) | set(after)):
        old, new = before.get(name, {}), after.get(name, {})
        for key in sorted(set(old) | set(new)):
            if old.get(key) != new.get(key):
                lines.append(f"{name} {key}: {(old.get(key) or 'absent')[:200]} -> {(new.get(key) or 'absent')[:200]}")
                if len(lines) >= limit:
                    return lines
    return lines


class WriteListener:
    """Notices statements that may have written a row (any but SELECT and the like)."""

    READS = ("SELECT", "PRAGMA", "SAVEPOINT", "RELEASE", "ROLLBACK", "BEGIN", "COMMIT", "SET", "SHOW")

    def __init__(self, engine) -> None:
        from sqlalchemy import event

        self.wrote = False
        event.listen(engine, "after_cursor_execute", self._after)
        self._engine = engine

    def _after(self, conn, cursor, statement, parameters, context, executemany):
        if statement.lstrip().split(None, 1)[0].upper() not in self.READS:
            # A statement that matched no row wrote nothing, but SQLite reports no rowcount for
            # one with RETURNING (an INSERT of a new row, a rate-limit count) until its rows are
            # read: such a statement may have written, and the snapshot says whether it did.
            if getattr(cursor, "rowcount", -1) != 0 or " RETURNING " in statement.upper():
                self.wrote = True

    def close(self) -> None:
        from sqlalchemy import event

        event.remove(self._engine, "after_cursor_execute", self._after)


# ---- running ------------------------------------------------------------------------


@dataclass
class Report:
    sent: int = 0
    server_errors: list[str] = field(default_factory=list)
    rows_changed: int = 0
    change_notes: list[str] = field(default_factory=list)
    accepted_writes: int = 0
    accepted_rows: int = 0
    refused_by_construction: int = 0
    families: dict[str, Counter] = field(default_factory=lambda: defaultdict(Counter))
    gunicorn_sent: int = 0

    def add(self, request: Request, status: int) -> None:
        self.sent += 1
        self.refused_by_construction += request.refused
        self.families[request.family][f"{status // 100}xx"] += 1

    def count_changes(self, before, after, where: str) -> None:
        """Rows that differ between two snapshots no request was allowed to change."""
        changed = changed_rows(before, after)
        if changed:
            self.rows_changed += changed
            self.change_notes.append(f"{where}: " + "; ".join(describe_changes(before, after)))

    def lines(self) -> list[str]:
        out = ["requests by route family (status classes):"]
        for family in sorted(self.families):
            counts = self.families[family]
            shown = ", ".join(f"{k} {v}" for k, v in sorted(counts.items()))
            out.append(f"  {family:<12} {sum(counts.values()):>7}   {shown}")
        out.append(
            f"refused by construction: {self.refused_by_construction} of {self.sent}; "
            f"accepted writes (valid requests that may change data, tracked): {self.accepted_writes} "
            f"requests, {self.accepted_rows} rows"
        )
        if self.gunicorn_sent:
            out.append(f"of which against gunicorn (refused by construction only): {self.gunicorn_sent}")
        for error in self.server_errors[:20]:
            out.append("5xx: " + error)
        for note in self.change_notes[:20]:
            out.append("changed: " + note)
        out.append(
            f"fuzz: {self.sent} requests, {len(self.server_errors)} answered 5xx, "
            f"{self.rows_changed} stored rows changed"
        )
        return out


def fuzz_in_process(
    app, world: World, requests: int, seed: int, report: Report | None = None, progress: bool = False
) -> Report:
    """Send ``requests`` requests with Flask's test client and check each as described above."""
    from caddie.store.database import db

    report = report or Report()
    rng = random.Random(seed)
    fuzzer = Fuzzer(app, world, rng)
    client = app.test_client(use_cookies=False)
    with app.app_context():
        engine = db.engine
    listener = WriteListener(engine)
    expected = snapshot(engine)
    started = time.monotonic()
    try:
        for n in range(requests):
            request = fuzzer.make()
            listener.wrote = False
            status, error = _send_in_process(client, request)
            report.add(request, status)
            if status >= 500:
                report.server_errors.append(f"{status} {request.describe()}\n{error or ''}".rstrip())
            if listener.wrote:
                with app.app_context():
                    computers_move()  # what the server's driver would do next: part of this request's change
                    db.session.remove()
                now = snapshot(engine)
                changed = changed_rows(expected, now)
                if changed:
                    if request.refused or status >= 400:
                        report.rows_changed += changed
                        report.change_notes.append(
                            f"{status} {request.describe()}: " + "; ".join(describe_changes(expected, now))
                        )
                    else:
                        report.accepted_writes += 1
                        report.accepted_rows += changed
                    expected = now
            if progress and (n + 1) % 2000 == 0:
                rate = (n + 1) / (time.monotonic() - started)
                print(f"  {n + 1} requests, {rate:.0f}/s, {len(report.server_errors)} 5xx", file=sys.stderr)
    finally:
        listener.close()
    report.count_changes(expected, snapshot(engine), "not seen by the listener")
    return report


def _send_in_process(client, request: Request) -> tuple[int, str | None]:
    # A path starting "//" would be read as a host by the test client: send it as a whole URL.
    target = "http://localhost" + request.path if request.path.startswith("//") else request.path
    try:
        answer = client.open(target, method=request.method, headers=request.headers, data=request.body)
        status = answer.status_code
        answer.close()
        return status, None
    except Exception:
        return 500, traceback.format_exc(limit=-6)


def fuzz_gunicorn(url: str, app, world: World, requests: int, seed: int, report: Report) -> None:
    """Requests refused by construction, over raw HTTP to a real server; 5xx and changes are counted."""
    from caddie.store.database import db

    parts = urllib.parse.urlsplit(url)
    origin = f"{parts.scheme}://{parts.netloc}"
    fuzzer = Fuzzer(app, world, random.Random(seed), origin=origin)
    with app.app_context():
        engine = db.engine
    before = snapshot(engine)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
    for _ in range(requests):
        request = fuzzer.make(only_refused=True)
        try:
            connection.putrequest(request.method, request.path, skip_accept_encoding=True)
            for name, value in request.headers.items():
                connection.putheader(name, value.encode("latin-1", "replace"))
            connection.putheader("Content-Length", str(len(request.body)))
            connection.endheaders(request.body)
            answer = connection.getresponse()
            answer.read()
            status = answer.status
            if answer.getheader("Connection", "").lower() == "close":
                connection.close()
        except (http.client.HTTPException, OSError) as err:
            connection.close()
            connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
            status = 599 if not isinstance(err, (ConnectionResetError, BrokenPipeError)) else 400
            if status == 599:
                report.server_errors.append(f"no answer ({err!r}) {request.describe()}")
        report.add(request, status)
        report.gunicorn_sent += 1
        if 500 <= status < 599:
            report.server_errors.append(f"{status} (gunicorn) {request.describe()}")
    connection.close()
    report.count_changes(before, snapshot(engine), "during the gunicorn pass")


# ---- the app and the database for the bench -----------------------------------------


@contextmanager
def bench_app(directory: Path, database_url: str | None, secret_key: str) -> Iterator[tuple[Any, str]]:
    """A migrated, empty scratch database and an app on it: (app, the database URL for servers)."""
    from flask_migrate import upgrade

    from caddie import create_app
    from caddie.store.database import db
    from tests.production.servers import scratch_database

    with scratch_database(directory, base_url=database_url or "", prefix="caddie_fuzz") as url:
        app = create_app(
            {
                "SQLALCHEMY_DATABASE_URI": url,
                "SECRET_KEY": secret_key,
                "INSTANCE_PATH": str(directory / "instance"),
                "PROPAGATE_EXCEPTIONS": True,
                "CPU_BUDGET": 0,  # the fuzzer asks for the Caddie far faster than a person
                "LIVE_DRIVER": False,  # the computers move when the fuzzer says (``computers_move``)
                **TIMING_SECONDS,
            }
        )
        with app.app_context():
            upgrade()
        try:
            yield app, url
        finally:
            with app.app_context():
                db.session.remove()
                db.engine.dispose()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--requests", type=int, default=20_000, help="in-process requests (default 20000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url",
        default=os.environ.get("FUZZ_DATABASE_URL", ""),
        help="a PostgreSQL database to work in (a schema of its own); default: a SQLite file",
    )
    parser.add_argument(
        "--gunicorn", type=int, default=1500, help="requests against a real gunicorn afterwards (0: none)"
    )
    args = parser.parse_args(argv)

    import logging

    logging.disable(logging.CRITICAL)  # the app logs every 4xx it refuses; the figures are what matters here
    from tests.production.servers import SECRET_KEY, gunicorn_server

    with (
        tempfile.TemporaryDirectory(prefix="caddie-fuzz-") as tmp,
        bench_app(Path(tmp), args.database_url, SECRET_KEY) as (app, url),
    ):
        database = "PostgreSQL" if url.startswith("postgresql") else "SQLite"
        started = time.monotonic()
        world = build_world(app, args.seed)
        print(
            f"setup on {database}: {len(world.things)} objects, {sum(len(v) for v in world.forms.values())} "
            f"forms and {sum(len(v) for v in world.queries.values())} links read from the pages, "
            f"{len(app.url_map._rules)} rules ({time.monotonic() - started:.1f} s)"
        )
        started = time.monotonic()
        report = fuzz_in_process(app, world, args.requests, args.seed, progress=True)
        elapsed = time.monotonic() - started
        print(f"in-process: {args.requests} requests in {elapsed:.1f} s ({args.requests / elapsed:.0f}/s)")
        if args.gunicorn:
            with gunicorn_server(url, workers=2, log_path=Path(tmp) / "gunicorn.log") as server:
                started = time.monotonic()
                fuzz_gunicorn(server.url, app, world, args.gunicorn, args.seed + 1, report)
                print(f"gunicorn: {args.gunicorn} requests in {time.monotonic() - started:.1f} s")
    for line in report.lines():
        print(line)
    return 0 if not report.server_errors and not report.rows_changed else 1


if __name__ == "__main__":
    sys.exit(main())
