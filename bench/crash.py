#!/usr/bin/env python3
"""Kill the server mid-game, again and again: no acknowledged move or score is ever lost.

    .venv/bin/python bench/crash.py [--kills 20] [--seed 1] [--database-url URL] [--cards 6]

The app runs under gunicorn (2 workers, ``tests/production/servers.py``) on a
scratch database: a SQLite file by default, or a schema of its own in
``--database-url``'s PostgreSQL database. One client (one browser: a session
cookie and its CSRF token, over plain HTTP) plays, interleaved at random:

* a Grid Golf match started at ``/play/`` against one computer opponent, 9
  holes of ``--cards``-card grids, played at its table (``/t/<id>``): it reads
  the table page and, unless the computer is thinking (the server moves it by
  itself), posts one of the legal moves the page offers;
* a Club Cards round started at ``/play/clubs/`` on the 9-hole sample course,
  played at its table the same way: the caddie's hint (``?hint=1``) each time,
  "Next hole" between holes;
* a live Grid Golf table through the JSON API, 9 holes of ``--cards``-card
  grids: two people's phones, each with its seat token, and a Steady computer
  the server plays by itself; a phone moves on its turn with the version it
  saw and waits for the computer with the long poll, and after every kill
  both tokens must still hold their own seats;
* a ledger round of three players dealt through the API: each hole's scores
  through the scorecard's form (one cell, ``POST /ledger/r/<id>/score``) or
  the API (every player at once, ``PUT /api/v1/rounds/<id>/holes/<n>``); once
  the card is full, scores are corrected until the last kill.

A background timer kills the server with SIGKILL (the whole process group:
master and workers) at a random moment 0.2 to 1.5 s after it came up, so in
the middle of a request as often as not; the client's request in flight gets
no answer. The server is started again on the same database and the client
goes on where it was. After every restart, and at the end, the database is
read directly:

* every *acknowledged* item (a score the client got 303/200 for, a move it got
  303 for) is there: each acknowledged cell holds its score, each match is at
  least at the version the last acknowledged move made, and at that version its
  state is exactly the one stored when the move was acknowledged;
* the one *unacknowledged* request in flight when the server died happened
  completely or not at all: a hole's scores sent together are all new or all
  old; a move left the match at the version it was based on, or moved it on
  (the server's computer may have moved since);
* at the end both games are finished and every hole they finished is in their
  ledger rounds.

SQLite durability: the app opens SQLite in WAL mode (``caddie/db_setup.py``)
and leaves ``synchronous`` at SQLite's default, FULL: every commit is in the
WAL file, fsynced, before the request is answered. Against a process kill
(this bench) any committed transaction survives whatever ``synchronous`` is,
since it is in the operating system's hands once ``COMMIT`` returns; FULL also
covers a power loss. PostgreSQL commits with ``synchronous_commit`` on (its
default), and the server process killed here is not PostgreSQL's.

The last line: ``crash: K kills survived, L acknowledged items lost, match
finished`` (target: 0 lost; "match finished" means every game and the ledger
round are).
"""

from __future__ import annotations

import argparse
import hashlib
import http.client
import json
import os
import random
import re
import signal
import sys
import tempfile
import threading
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PROJECT_ROOT = Path(__file__).resolve().parent.parent
for entry in (str(PROJECT_ROOT), str(PROJECT_ROOT / "bench")):
    if entry not in sys.path:
        sys.path.insert(0, entry)

from fuzz import PageParser  # noqa: E402  (the page reader the fuzzer crawls with)

PLAYERS = ["Ann", "Bo", "Cy"]
CLUB_COURSE = "cedar-nine"
CSRF_META = re.compile(r'<meta name="csrf-token" content="([^"]+)"')
PROMPT = re.compile(r'id="prompt"[^>]*>([^<]*)<')


class Unreachable(Exception):
    """The request got no (whole) answer: the server is gone."""


@dataclass
class Answer:
    status: int
    headers: dict[str, str]
    text: str

    def json(self) -> Any:
        return json.loads(self.text)


class Client:
    """One browser: its session cookie follows the server through restarts (same SECRET_KEY)."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.cookie: str | None = None
        self.csrf: str | None = None

    def request(
        self,
        method: str,
        path: str,
        form: list[tuple[str, str]] | None = None,
        body: Any = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        parts = urllib.parse.urlsplit(self.base)
        send = dict(headers or {})
        data = b""
        if form is not None:
            data = urllib.parse.urlencode(form).encode()
            send["Content-Type"] = "application/x-www-form-urlencoded"
        elif body is not None:
            data = json.dumps(body).encode()
            send["Content-Type"] = "application/json"
        if self.cookie:
            send["Cookie"] = f"session={self.cookie}"
        connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        try:
            connection.request(method, path, body=data, headers=send)
            response = connection.getresponse()
            text = response.read().decode("utf-8", "replace")
        except (OSError, http.client.HTTPException) as err:
            raise Unreachable(repr(err)) from None
        finally:
            connection.close()
        for name, value in response.getheaders():
            if name.lower() == "set-cookie" and value.startswith("session="):
                self.cookie = value.split(";", 1)[0].split("=", 1)[1]
        found = CSRF_META.search(text)
        if found:
            self.csrf = found.group(1)
        return Answer(response.status, {k.lower(): v for k, v in response.getheaders()}, text)

    def page(self, path: str) -> tuple[Answer, PageParser]:
        answer = self.request("GET", path)
        parser = PageParser()
        parser.feed(answer.text)
        return answer, parser


@dataclass
class Tally:
    acknowledged: int = 0  # writes the client got a 2xx/303 for
    lost: int = 0  # acknowledged items not found afterwards
    in_flight: int = 0  # unacknowledged writes found after a kill
    happened: int = 0  # ... of which had happened (all of it)
    partial: int = 0  # ... of which had half happened (never allowed)
    unexpected: list[str] = field(default_factory=list)

    def note(self, text: str) -> None:
        self.unexpected.append(text)


def _digest(state: Any) -> str:
    return hashlib.sha256(json.dumps(state, sort_keys=True).encode()).hexdigest()


# ---- the ledger round -----------------------------------------------------------------


class LedgerRound:
    name = "ledger"

    def __init__(self, client: Client, rng: random.Random, tally: Tally, holes: int = 9) -> None:
        self.client, self.rng, self.tally, self.holes = client, rng, tally, holes
        self.public_id: str | None = None
        self.edit_token: str | None = None
        self.expected: dict[tuple[str, int], int | None] = {}
        self.pending: dict[tuple[str, int], tuple[int | None, int | None]] | None = None
        self.lost_cells: set[tuple[str, int]] = set()

    @property
    def full(self) -> bool:
        return len([v for v in self.expected.values() if v is not None]) == len(PLAYERS) * self.holes

    def step(self) -> None:
        if self.public_id is None:
            answer = self.client.request("POST", "/api/v1/rounds", body={"players": PLAYERS, "holes": self.holes})
            if answer.status != 201:
                self.tally.note(f"dealing the round: {answer.status} {answer.text[:200]}")
                return
            body = answer.json()
            self.public_id, self.edit_token = body["round"]["id"], body["edit_token"]
            self.tally.acknowledged += 1
            return
        answer = self.client.request("GET", f"/api/v1/rounds/{self.public_id}")
        if answer.status != 200:
            self.tally.note(f"reading the round: {answer.status}")
            return
        card = {p["name"]: p for p in answer.json()["players"]}
        for (name, hole), value in self.expected.items():  # what the API shows agrees with what was acknowledged
            if card[name]["scores"][hole - 1] != value and (name, hole) not in self.lost_cells:
                self.lost_cells.add((name, hole))
                self.tally.lost += 1
        blank = [(n, h) for h in range(1, self.holes + 1) for n in PLAYERS if card[n]["scores"][h - 1] is None]
        name, hole = blank[0] if blank else (self.rng.choice(PLAYERS), self.rng.randrange(1, self.holes + 1))
        if self.rng.random() < 0.5:
            seat = PLAYERS.index(name)
            score = self.rng.randrange(-4, 30)
            version = card[name]["versions"][hole - 1]
            self.pending = {(name, hole): (card[name]["scores"][hole - 1], score)}
            answer = self.client.request(
                "POST",
                f"/ledger/r/{self.public_id}/score",
                form=[
                    ("csrf_token", self.client.csrf or ""),
                    ("seat", str(seat)),
                    ("hole", str(hole)),
                    ("score", str(score)),
                    ("version", str(version)),
                ],
            )
            ok = answer.status == 303
        else:
            scores = {n: self.rng.randrange(-4, 30) for n in PLAYERS}
            versions = {n: card[n]["versions"][hole - 1] for n in PLAYERS}
            self.pending = {(n, hole): (card[n]["scores"][hole - 1], scores[n]) for n in PLAYERS}
            answer = self.client.request(
                "PUT",
                f"/api/v1/rounds/{self.public_id}/holes/{hole}",
                body={"scores": scores, "versions": versions},
                headers={"Authorization": f"Bearer {self.edit_token}"},
            )
            ok = answer.status == 200
        if ok:
            for cell, (_, new) in self.pending.items():
                self.expected[cell] = new
            self.tally.acknowledged += 1
        else:
            self.tally.note(f"a score was refused: {answer.status} {answer.text[:200]}")
        self.pending = None

    def verify(self, engine) -> None:
        if self.public_id is None:
            self.pending = None
            return
        cells = _cells(engine, self.public_id)
        if self.pending:
            self.tally.in_flight += 1
            now = [cells.get(cell) for cell in self.pending]
            if now == [new for _, new in self.pending.values()]:
                self.tally.happened += 1
                for cell, (_, new) in self.pending.items():
                    self.expected[cell] = new
            elif now != [old for old, _ in self.pending.values()]:
                self.tally.partial += 1
                self.tally.note(f"a hole's scores half written: sent {self.pending}, stored {now}")
            self.pending = None
        for cell, value in self.expected.items():
            if cells.get(cell) != value and cell not in self.lost_cells:
                self.lost_cells.add(cell)
                self.tally.lost += 1
                self.tally.note(f"acknowledged score lost: {cell} should be {value}, is {cells.get(cell)}")


def _cells(engine, public_id: str) -> dict[tuple[str, int], int | None]:
    from sqlalchemy import text

    with engine.connect() as conn:
        rows = conn.execute(
            text(
                "SELECT p.name, s.hole, s.score FROM hole_scores s JOIN round_players p ON p.id = s.player_id "
                "JOIN rounds r ON r.id = s.round_id WHERE r.public_id = :id"
            ),
            {"id": public_id},
        ).all()
    return {(name, hole): score for name, hole, score in rows}


# ---- the games ------------------------------------------------------------------------


class Game:
    """A match against a computer, started from Play (``prefix``: /play or /play/clubs) and played
    at its table (``/t/<id>``); the server moves the computer by itself."""

    name = "game"
    prefix = ""

    def __init__(self, client: Client, rng: random.Random, tally: Tally) -> None:
        self.client, self.rng, self.tally = client, rng, tally
        self.public_id: str | None = None
        self.acked_version = 0
        self.acked_digest: str | None = None
        self.pending: int | None = None  # the version a move in flight was based on
        self.finished = False
        self.moves = 0

    def start_form(self, fields: list[tuple[str, str]]) -> list[tuple[str, str]]:
        raise NotImplementedError

    def step(self) -> None:
        if self.public_id is None:
            self._start()
            return
        answer, page = self.client.page(self.table_path())
        if answer.status != 200:
            self.tally.note(f"{self.name} table: {answer.status}")
            return
        prompt = PROMPT.search(answer.text)
        # A finished game names its winner (id="match-winner"); older pages said so in the prompt.
        over = prompt is not None and prompt.group(1) in ("The match is over.", "The round is over.")
        if over or 'id="match-winner"' in answer.text:
            self.finished = True
            return
        forms = {f["action"].rsplit("/", 1)[-1]: f for f in page.forms if f["method"] == "post"}
        form = forms.get("act")
        fields = dict(form["fields"]) if form is not None else {}
        if "version" not in fields:
            self.tally.note(f"{self.name}: a table with nothing to do")
            return
        version = int(fields["version"])
        if version < self.acked_version:
            self.tally.lost += 1
            self.tally.note(
                f"{self.name}: the page shows version {version}, a move at {self.acked_version} was acknowledged"
            )
        if 'id="continue"' in answer.text:
            return  # the computer is thinking: the server makes its move
        move = self.choose(form, page, answer.text)
        if move is None:
            return
        self.pending = version
        sent = [("csrf_token", self.client.csrf or ""), ("version", str(version)), ("seat", fields.get("seat", "0"))]
        answer = self.client.request("POST", form["action"], form=sent + move)
        if answer.status == 303:
            self.moves += 1
            self.tally.acknowledged += 1
            self.acked_version, self.acked_digest = version + 1, self._stored_digest(version + 1)
        else:
            self.tally.note(f"{self.name}: a move was refused: {answer.status} {move}")
        self.pending = None

    def choose(self, form, page, text) -> list[tuple[str, str]] | None:
        raise NotImplementedError

    def table_path(self) -> str:
        return f"/t/{self.public_id}"

    def _start(self) -> None:
        answer, page = self.client.page(self.prefix + "/")
        form = next(f for f in page.forms if f["method"] == "post")
        fields = self.start_form([(n, v) for n, v in form["fields"] if n != "csrf_token"])
        answer = self.client.request("POST", self.prefix + "/", form=[("csrf_token", self.client.csrf or "")] + fields)
        if answer.status != 303:
            self.tally.note(f"{self.name}: not started: {answer.status} {answer.text[:300]}")
            return
        location = answer.headers["location"]
        if not location.startswith("/t/"):
            self.tally.note(f"{self.name}: started at {location}, not at a table")
            return
        self.public_id = location.rstrip("/").rsplit("/", 1)[-1]
        self.tally.acknowledged += 1
        self.acked_version, self.acked_digest = 1, self._stored_digest(1)

    def _stored_digest(self, version: int) -> str | None:
        row = _match_row(self.engine, self.public_id)
        return _digest(row["state"]) if row and row["version"] == version else None

    def verify(self, engine) -> None:
        if self.public_id is None:
            self.pending = None
            return
        row = _match_row(engine, self.public_id)
        if row is None:
            self.tally.lost += 1
            self.tally.note(f"{self.name}: the match is gone")
            return
        version = row["version"]
        if self.pending is not None:
            self.tally.in_flight += 1
            if version == self.pending + 1:
                self.tally.happened += 1
                self.acked_version, self.acked_digest = version, _digest(row["state"])
            elif version > self.pending:
                self.tally.happened += 1  # made, then the computer moved too
                self.acked_version, self.acked_digest = max(self.acked_version, self.pending + 1), None
            self.pending = None
        _check_acknowledged(self.tally, self.name, row, self.acked_version, self.acked_digest)
        self.finished = row["finished_at"] is not None

    def ledger_complete(self, engine) -> bool:
        """Every hole the game finished is in its ledger round."""
        row = _match_row(engine, self.public_id)
        return _ledger_holds(self.tally, self.name, engine, self.public_id, row["state"]["match"])


def _check_acknowledged(tally: Tally, what: str, row: dict, acked_version: int, acked_digest: str | None) -> None:
    """The stored game is at least at the version acknowledged last and, at exactly that version,
    holds the state stored when it was acknowledged."""
    version = row["version"]
    if version < acked_version:
        tally.lost += 1
        tally.note(f"{what}: at version {version}, but version {acked_version} was acknowledged")
    elif version == acked_version and acked_digest and _digest(row["state"]) != acked_digest:
        tally.lost += 1
        tally.note(f"{what}: version {version} is not the state acknowledged")


def _ledger_holds(tally: Tally, what: str, engine, public_id: str, match: dict) -> bool:
    """Every hole the stored game (``match``: its ``names`` and ``hole_scores``) finished is in
    the ledger round of its table."""
    from sqlalchemy import text

    with engine.connect() as conn:
        round_public_id = conn.execute(
            text("SELECT r.public_id FROM rounds r JOIN live_tables g ON g.round_id = r.id WHERE g.public_id = :id"),
            {"id": public_id},
        ).scalar()
    cells = _cells(engine, round_public_id)
    for hole, scores in enumerate(match["hole_scores"], start=1):
        for seat, score in enumerate(scores):
            if cells.get((match["names"][seat], hole)) != score:
                tally.note(f"{what}: hole {hole} of {match['names'][seat]} is not in the ledger round")
                return False
    return True


def _match_row(engine, public_id: str) -> dict | None:
    """A stored table's version, state and end, read directly (a solo match's or a live table's)."""
    from sqlalchemy import text

    with engine.connect() as conn:
        row = (
            conn.execute(
                text("SELECT version, state, finished_at FROM live_tables WHERE public_id = :id"), {"id": public_id}
            )
            .mappings()
            .first()
        )
    if row is None:
        return None
    row = dict(row)
    if isinstance(row["state"], str):
        row["state"] = json.loads(row["state"])
    return row


class GridGame(Game):
    name = "grid match"
    prefix = "/play"

    def __init__(self, *args, cards: int = 6, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.cards = cards

    def start_form(self, fields):
        chosen = dict(fields)
        chosen.update(opponents="1", cards=str(self.cards), holes="9")
        return list(chosen.items())

    def choose(self, form, page, text):
        legal = list(form["choices"].get("action", []))
        enabled = _enabled_actions(text)
        options = [v for v in legal if v in enabled]
        if not options:
            self.tally.note("grid match: no legal move on the page")
            return None
        return [("action", self.rng.choice(options))]


def _enabled_actions(text: str) -> set[str]:
    """The values of submit buttons named "action" that are not disabled."""
    found = set()
    for tag in re.findall(r"<button[^>]*>", text):
        value = re.search(r'value="([^"]*)"', tag)
        if 'name="action"' in tag and value and " disabled" not in tag:
            found.add(value.group(1))
    return found


class ClubGame(Game):
    name = "Club Cards round"
    prefix = "/play/clubs"

    def start_form(self, fields):
        chosen = dict(fields)
        chosen.update(opponents="1", course=CLUB_COURSE)
        chosen.pop("front_nine", None)
        return list(chosen.items())

    def choose(self, form, page, text):
        enabled = _enabled_actions(text)
        if "next" in enabled:
            return [("action", "next")]
        answer, hinted = self.client.page(self.table_path() + "?hint=1")
        act = next((f for f in hinted.forms if f["action"].endswith("/act")), None)
        picks = [v for n, v in (act["fields"] if act else []) if n == "pick"]
        if not picks:
            self.tally.note("Club Cards round: the hint picked no cards")
            return None
        return [("action", "play")] + [("pick", p) for p in picks]


class LiveGame:
    """A live Grid Golf table through the JSON API (docs/api.md, "Live tables"): two people's
    phones, each with its seat token, and a Steady computer that the server plays by itself.
    The phones move on their turns (the cards to turn up, a draw, the drawn card onto a face-down
    place; "next hole" between holes) and wait for the computer with the long poll. After every
    kill both phones must get their own seat back with the same tokens, caught up."""

    name = "live table"

    def __init__(self, client: Client, rng: random.Random, tally: Tally, cards: int = 4) -> None:
        self.client, self.rng, self.tally, self.cards = client, rng, tally, cards
        self.public_id: str | None = None
        self.tokens: list[str] = []
        self.acked_version = 0
        self.acked_digest: str | None = None
        self.pending: int | None = None
        self.finished = False
        self.moves = 0
        self.engine = None

    def _as(self, seat: int) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.tokens[seat]}"}

    def _open(self) -> None:
        made = self.client.request(
            "POST",
            "/api/v1/tables",
            body={
                "name": "Ann",
                "game": "grid",
                "seats": [{"kind": "person"}, {"kind": "person"}, {"kind": "computer", "level": "steady"}],
                "rules": {"cards": self.cards, "holes": 9},
            },
        )
        if made.status != 201:
            self.tally.note(f"live table: not made: {made.status} {made.text[:200]}")
            return
        table = made.json()
        joined = self.client.request("POST", f"/api/v1/tables/{table['code']}/join", body={"name": "Bo"})
        if joined.status != 200:
            self.tally.note(f"live table: not joined: {joined.status} {joined.text[:200]}")
            return
        self.tokens = [table["seat_token"], joined.json()["seat_token"]]
        started = self.client.request("POST", f"/api/v1/tables/{table['id']}/start", headers=self._as(0))
        if started.status != 200:
            self.tally.note(f"live table: not started: {started.status} {started.text[:200]}")
            return
        self.public_id = table["id"]
        self.tally.acknowledged += 1
        self.acked_version = started.json()["version"]
        self.acked_digest = self._stored_digest(self.acked_version)

    def _view(self, seat: int, wait: int | None = None) -> dict[str, Any] | None:
        query = "" if wait is None else f"?wait={wait}"
        answer = self.client.request("GET", f"/api/v1/tables/{self.public_id}{query}", headers=self._as(seat))
        if answer.status != 200:
            self.tally.note(f"live table: seat {seat}'s phone was answered {answer.status}")
            return None
        view = answer.json()
        if view["seat"] != seat:
            self.tally.note(f"live table: seat {seat}'s token now holds seat {view['seat']}")
        if view["version"] < self.acked_version:
            self.tally.lost += 1
            self.tally.note(f"live table: at version {view['version']}, {self.acked_version} was acknowledged")
        return view

    def step(self) -> None:
        if self.public_id is None:
            self._open()
            return
        view = self._view(0)
        if view is None:
            return
        if view["phase"] == "over":
            self.finished = True
            return
        seat = 0 if view["phase"] == "hole_over" else view["to_move"]
        if seat not in (0, 1):
            self._view(0, wait=view["version"])  # the computer's turn: wait for it, as a phone does
            return
        mine = self._view(seat) if seat != 0 else view
        if mine is None:
            return
        move = self._choose(mine)
        self.pending = mine["version"]
        answer = self.client.request(
            "POST",
            f"/api/v1/tables/{self.public_id}/moves",
            body={"version": mine["version"], "action": move},
            headers=self._as(seat),
        )
        if answer.status == 200:
            self.moves += 1
            self.tally.acknowledged += 1
            self.acked_version = answer.json()["version"]
            self.acked_digest = self._stored_digest(self.acked_version)
        elif answer.status == 409 and answer.json().get("field") == "version":
            pass  # the computer (or the turn's other phone) moved first: read the table again
        else:
            self.tally.note(f"live table: a move was refused: {answer.status} {move} {answer.text[:200]}")
        self.pending = None

    def _choose(self, view: dict[str, Any]) -> dict[str, Any]:
        if view["phase"] == "hole_over":
            return {"action": "next_hole"}
        seen = view["view"]
        face_down = [i for i, card in enumerate(seen["grid"]) if card is None]
        if view["phase"] == "flip":
            return {"action": "flip", "positions": face_down[: seen["rules"]["initial_flips"]]}
        if seen.get("drawn") is None:
            return {"action": "draw"}
        return {"action": "swap", "position": self.rng.choice(face_down) if face_down else 0}

    def _stored_digest(self, version: int) -> str | None:
        row = _match_row(self.engine, self.public_id)
        return _digest(row["state"]) if row and row["version"] == version else None

    def verify(self, engine) -> None:
        """After a kill: the table holds every acknowledged move (the computer may have moved
        on since), the move in flight happened completely or not at all."""
        if self.public_id is None:
            self.pending = None
            return
        row = _match_row(engine, self.public_id)
        if row is None:
            self.tally.lost += 1
            self.tally.note("live table: the table is gone")
            return
        version = row["version"]
        if self.pending is not None:
            self.tally.in_flight += 1
            if version > self.pending:
                self.tally.happened += 1  # made (then perhaps the computer moved too)
                self.acked_version = max(self.acked_version, self.pending + 1)
                self.acked_digest = None
            self.pending = None
        _check_acknowledged(self.tally, self.name, row, self.acked_version, self.acked_digest)
        self.finished = row["finished_at"] is not None

    def ledger_complete(self, engine) -> bool:
        """Every hole the table finished is in its ledger round."""
        row = _match_row(engine, self.public_id)
        return _ledger_holds(self.tally, self.name, engine, self.public_id, row["state"]["match"])


# ---- the server, and the timer that kills it -------------------------------------------


class Killer(threading.Thread):
    """Kills the server (its whole process group) at a random moment after each start."""

    def __init__(self, rng: random.Random, low: float, high: float) -> None:
        super().__init__(daemon=True)
        self.rng, self.low, self.high = rng, low, high
        self.lock = threading.Lock()
        self.server = None
        self.kills = 0
        self.up = threading.Event()
        self.dead = threading.Event()
        self.stopping = threading.Event()

    def serve(self, server) -> None:
        with self.lock:
            self.server = server
            self.dead.clear()
            self.up.set()

    def run(self) -> None:
        while not self.stopping.is_set():
            if not self.up.wait(0.1):
                continue
            if self.stopping.wait(self.rng.uniform(self.low, self.high)):
                return
            with self.lock:
                if self.stopping.is_set():
                    return
                self.server.kill()
                self.kills += 1
                self.up.clear()
                self.dead.set()


def run(
    database_url: str | None,
    kills: int,
    seed: int,
    cards: int = 6,
    low: float = 0.2,
    high: float = 1.5,
    directory: Path | None = None,
    log=print,
) -> dict[str, Any]:
    """Play while killing the server ``kills`` times; returns the figures."""
    from sqlalchemy import create_engine

    from caddie.config import normalize_database_url
    from tests.production.servers import scratch_database, start_server

    rng = random.Random(seed)
    tally = Tally()
    with tempfile.TemporaryDirectory(prefix="caddie-crash-") as tmp:
        directory = Path(directory or tmp)
        with scratch_database(directory, base_url=database_url or "", prefix="caddie_crash") as url:
            starts = 0

            def start():
                nonlocal starts
                starts += 1
                # The tables' computers move after a short pause: the kills, not their pauses, matter here.
                return start_server(
                    url,
                    workers=2,
                    log_path=directory / f"gunicorn-{starts}.log",
                    extra_env={"LIVE_COMPUTER_PAUSE_MS": "100"},
                )

            server = start()
            engine = create_engine(normalize_database_url(url))
            client = Client(server.url)
            ledger = LedgerRound(client, rng, tally)
            grid = GridGame(client, rng, tally, cards=cards)
            clubs = ClubGame(client, rng, tally)
            live = LiveGame(client, rng, tally, cards=cards)
            for game in (grid, clubs, live):
                game.engine = engine
            client.request("GET", "/")  # the session cookie and a CSRF token, as a browser's first visit
            killer = Killer(random.Random(seed + 1), low, high)
            killer.serve(server)
            killer.start()
            started = time.monotonic()
            failures = 0
            try:
                while True:
                    with killer.lock:
                        enough = killer.kills >= kills
                    if enough:
                        killer.stopping.set()
                    if killer.stopping.is_set() and grid.finished and clubs.finished and live.finished and ledger.full:
                        break
                    open_work = [w for w in (grid, clubs, live) if not w.finished]
                    if not ledger.full or not open_work:
                        open_work.append(ledger)
                    work = rng.choice(open_work)
                    try:
                        work.step()
                    except Unreachable:
                        if not killer.dead.wait(10):
                            failures += 1
                            tally.note("a request got no answer while the server was up")
                            if failures > 20:
                                raise RuntimeError("the server stopped answering") from None
                            continue
                        server = start()
                        client.base = server.url
                        for each in (ledger, grid, clubs, live):
                            each.verify(engine)
                        killer.serve(server)
                        log(
                            f"  kill {killer.kills}: {tally.acknowledged} acknowledged so far, "
                            f"{tally.in_flight} in flight ({tally.happened} had happened), {tally.lost} lost"
                        )
            finally:
                killer.stopping.set()
                killer.join(timeout=30)
                with killer.lock:
                    server = killer.server
                server.stop()
            for each in (ledger, grid, clubs, live):
                each.verify(engine)
            ledgers = all(game.ledger_complete(engine) for game in (grid, clubs, live))
            engine.dispose()
    return {
        "kills": killer.kills,
        "acknowledged": tally.acknowledged,
        "lost": tally.lost,
        "in_flight": tally.in_flight,
        "happened": tally.happened,
        "partial": tally.partial,
        "finished": grid.finished and clubs.finished and live.finished and ledger.full,
        "ledgers_complete": ledgers,
        "grid_moves": grid.moves,
        "club_moves": clubs.moves,
        "live_moves": live.moves,
        "unexpected": tally.unexpected,
        "seconds": time.monotonic() - started,
        "database": "PostgreSQL" if url.startswith("postgresql") else "SQLite",
    }


def report_lines(figures: dict[str, Any]) -> list[str]:
    lines = [
        f"{figures['database']}: {figures['grid_moves']} grid moves, {figures['club_moves']} Club Cards "
        f"moves and {figures['live_moves']} live table moves acknowledged, "
        f"{figures['acknowledged']} acknowledged writes in all, in "
        f"{figures['seconds']:.0f} s",
        f"unacknowledged writes in flight at a kill: {figures['in_flight']} ({figures['happened']} had happened "
        f"completely, {figures['in_flight'] - figures['happened'] - figures['partial']} not at all, "
        f"{figures['partial']} half)",
        f"finished holes in the games' ledger rounds: {'all' if figures['ledgers_complete'] else 'NOT all'}",
    ]
    lines += [f"unexpected: {text}" for text in figures["unexpected"][:20]]
    finished = "match finished" if figures["finished"] else "match NOT finished"
    lines.append(f"crash: {figures['kills']} kills survived, {figures['lost']} acknowledged items lost, {finished}")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kills", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cards", type=int, default=6, choices=(4, 6, 8, 10), help="grid size of the match")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("CRASH_DATABASE_URL", ""),
        help="a PostgreSQL database to work in (a schema of its own); default: a SQLite file",
    )
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # so the servers are stopped on the way out
    figures = run(args.database_url or None, args.kills, args.seed, args.cards)
    for line in report_lines(figures):
        print(line)
    ok = figures["lost"] == 0 and figures["partial"] == 0 and figures["finished"] and figures["ledgers_complete"]
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
