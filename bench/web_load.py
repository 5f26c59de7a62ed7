#!/usr/bin/env python3
"""The web app under load: gunicorn, a mixed load from concurrent clients, and every score checked.

    .venv/bin/python bench/web_load.py [--clients 50] [--duration 20] [--workers 2]
                                       [--database-url postgresql://...] [--seed 1]

Starts the production command (``gunicorn -c python:caddie.serving.gunicorn_conf``, 2
workers, request log off, cookies over plain http) on a free loopback port,
on a new SQLite file in a temporary folder, or with ``--database-url`` on a
new schema of that PostgreSQL database (dropped afterwards). Then three
phases of ``--duration`` seconds each, every client a thread of this process
with its own connection and cookies, sending its next request as soon as the
last one is answered (a closed loop: the server is saturated, so latencies
include the wait for a free worker):

1. the mixed load. Each client picks every request at random, by weight:
   ``tally`` 35% (``POST /api/v1/tally/grid``, a quarter ``/tally/clubs``),
   ``ledger`` 35% (``PUT /api/v1/rounds/<id>/holes/<n>`` with the Bearer edit
   token, into 3 rounds of its own dealt with ``POST /api/v1/rounds`` before
   the clock starts), ``caddie`` 10% (``POST /api/v1/caddie/grid`` on a
   varied view, or ``/caddie/clubs``, a third of those looking ahead), and
   ``game`` 20% (a Grid Golf match against a computer started through the
   /play/ form with a cookie session and the page's CSRF token, played at its
   table, ``/t/<id>``: the person's move, posted as the page's htmx does and
   answered with the table, or, while the computer is thinking, the table
   fetched again as the page's Continue does; the server moves the computer
   itself, here without its pause (``GAME_SERVER_ENV``); a finished match
   starts another). Tally answers are checked against ``caddie.core``; the
   person's move must move the table exactly one version on, and no page may
   show the table at an older version than the one before. Afterwards every round is
   read back (``GET /api/v1/rounds/<id>``) and each cell compared with the
   last score its client sent and had acknowledged (a write whose answer never
   came may have landed or not: either value passes).
   Then the same mixed load paced as people use it (``--think-ms``, default
   500): each client pauses a random 0 to 1 s after every answer, and before
   its first request (people do not all tap in the same millisecond: released
   together, the first burst alone filled the slowest percent), so the server
   is busy but not saturated; its rounds are read back too.
2. tally only, the same clients: tally throughput.
3. a bare Flask app (``POST`` of a tiny JSON, answered with a tiny JSON) under
   the same gunicorn settings and the same clients: the ceiling a Flask app
   reaches here, for the ratio tally/hello.

Printed: requests per second, p50 and p99 latency per kind, errors (an
answer other than the expected success, a wrong answer, or an exception),
and lost or wrong scores. The last line is the headline:

    load: tally p99 X ms, ledger p99 Y ms at 50 paced clients (saturated: N req/s, tally p99 X' ms,
          ledger p99 Y' ms), errors E, lost scores L, tally/hello R%

Targets (issue 7): 0 errors, 0 lost scores, tally and ledger p99 under 50 ms
at 50 clients, tally throughput at least 50% of the bare app's. The latency
target is read on the paced phase, the one a room of people would see. The
closed loop measures saturation: there latency is the queue (50 clients over
the requests per second, by Little's law: 50 / 320 req/s is 156 ms on
average), which no scheduling of 2 cores brings under 50 ms for this mix. The
clients run on the same machine as the server and share its cores.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import re
import sys
import tempfile
import threading
import time
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from caddie.core.clubs.scoring import ClubRules, score_club_hole  # noqa: E402
from caddie.core.courses.course import SAMPLE_COURSES  # noqa: E402
from caddie.core.grid.rules import preset  # noqa: E402
from caddie.core.grid.scoring import score_grid  # noqa: E402
from tests.production.servers import HELPERS_NICE, gunicorn_server, scratch_database  # noqa: E402

KINDS = ("tally", "ledger", "caddie", "game")
MIXED = {"tally": 35, "ledger": 35, "caddie": 10, "game": 20}
TALLY_ONLY = {"tally": 1}
HELLO_APP = "bench.web_load:hello_app()"
ROUNDS_PER_CLIENT = 3
PLAYERS = ("Ann", "Bo", "Cy")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
DECK = tuple(r for r in RANKS for _ in range(4))  # the standard preset deals no jokers
STANDARD = preset("standard")
CLUB_RULES = ClubRules.from_dict({})
COURSE_YARDAGES = tuple(h.yardage for c in SAMPLE_COURSES.values() for h in c.holes)
CSRF_META = re.compile(r'<meta name="csrf-token" content="([^"]+)"')
BUTTON = re.compile(r'<button type="submit" name="action" value="([^"]+)"([^>]*)>', re.S)
VERSION = re.compile(r'name="version" value="(\d+)"')
# The server moves a match's computers itself (its driver thread): at once here, not after the
# 0.9 s a person is given to follow, so a client seldom finds its computer still thinking.
GAME_SERVER_ENV = {"LIVE_COMPUTER_PAUSE_MS": "0"}
MAX_ERRORS_KEPT = 20


# ---- the bare app ------------------------------------------------------------------


def hello_app():
    """The bare Flask app the tally figure is compared with: a tiny JSON in, a tiny JSON out."""
    from flask import Flask, request

    app = Flask("hello")

    @app.post("/hello")
    def hello():
        return {"hello": "world", "n": request.get_json().get("n")}

    @app.get("/healthz")
    def healthz():
        return {"status": "ok"}

    return app


# ---- one client's HTTP connection ---------------------------------------------------


class Failed(Exception):
    """A request that did not get the answer it should have (counted as an error)."""


@dataclass
class Answer:
    status: int
    headers: http.client.HTTPMessage
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    def text(self) -> str:
        return self.body.decode()


class Http:
    """One client's connection (http.client reconnects when the server closes it) and cookie jar."""

    def __init__(self, base_url: str, timeout: float = 60) -> None:
        parts = urlsplit(base_url)
        self.origin = f"{parts.scheme}://{parts.netloc}"
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=timeout)
        self.cookies: dict[str, str] = {}
        self.resent = 0  # requests sent again on a new connection

    def request(
        self,
        method: str,
        path: str,
        *,
        json_body: Any = None,
        form: dict | None = None,
        headers: dict[str, str] | None = None,
    ) -> Answer:
        sent = dict(headers or {})
        body = None
        if json_body is not None:
            body = json.dumps(json_body).encode()
            sent["Content-Type"] = "application/json"
        elif form is not None:
            body = urlencode(form, doseq=True).encode()
            sent["Content-Type"] = "application/x-www-form-urlencoded"
            sent["Origin"] = self.origin  # a browser's form post names the page's origin
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        try:
            try:
                self.connection.request(method, path, body=body, headers=sent)
                response = self.connection.getresponse()
            except (BrokenPipeError, ConnectionResetError, http.client.RemoteDisconnected):
                # The server closed the kept-alive connection as this request went out (gunicorn
                # closes an idle one after its keepalive seconds): a browser sends it again once on
                # a new connection, and so does this client. A write sent twice is refused as stale.
                self.connection.close()
                self.resent += 1
                self.connection.request(method, path, body=body, headers=sent)
                response = self.connection.getresponse()
            data = response.read()
        except Exception:
            self.connection.close()  # a fresh connection for the next request
            raise
        for cookie in response.headers.get_all("Set-Cookie") or []:
            name, _, rest = cookie.partition("=")
            self.cookies[name.strip()] = rest.split(";", 1)[0]
        return Answer(response.status, response.headers, data)

    def close(self) -> None:
        self.connection.close()


def expect(answer: Answer, status: int, what: str) -> Answer:
    if answer.status != status:
        raise Failed(f"{what}: {answer.status} instead of {status}: {answer.body[:200]!r}")
    return answer


# ---- what the clients do ------------------------------------------------------------


@dataclass
class LedgerRound:
    public_id: str
    edit_token: str
    holes: int
    acknowledged: dict[tuple[str, int], int | None] = field(default_factory=dict)  # (name, hole) -> score
    uncertain: dict[tuple[str, int], set] = field(default_factory=dict)  # values that may be there


@dataclass
class Record:
    kind: str
    latency: float  # seconds
    error: str | None = None


class Client:
    """One simulated user: its own connection, cookies, rounds and match."""

    def __init__(self, base_url: str, seed: int) -> None:
        self.http = Http(base_url)
        self.rng = random.Random(seed)
        self.records: list[Record] = []
        self.rounds: list[LedgerRound] = []
        self.match: str | None = None  # public id of the match in play
        self.page: str = ""  # its table page as last shown
        self.csrf: str = ""
        self.kind = ""  # the kind of the request being timed
        self.window_start = 0  # records before this one are the setup's, before the clock started
        self.think = 0.0  # mean seconds a client pauses after each answer (0: none)

    # -- timing ----------------------------------------------------------------------

    def timed(self, method: str, path: str, **options) -> Answer:
        """One request, timed and recorded under ``self.kind``; a failure is recorded and raised."""
        started = time.perf_counter()
        try:
            answer = self.http.request(method, path, **options)
        except Exception as err:
            self.records.append(
                Record(self.kind, time.perf_counter() - started, f"{method} {path}: {type(err).__name__}: {err}")
            )
            raise Failed(str(err)) from None
        self.records.append(Record(self.kind, time.perf_counter() - started))
        return answer

    def fail(self, message: str) -> None:
        """Mark the last request as an error (its answer was wrong)."""
        if self.records and self.records[-1].error is None:
            self.records[-1].error = message
        else:
            self.records.append(Record(self.kind, 0.0, message))

    def run(self, weights: dict[str, int], start: threading.Barrier, deadline_box: list[float]) -> None:
        kinds = list(weights)
        cumulative = [sum(weights[k] for k in kinds[: i + 1]) for i in range(len(kinds))]
        try:
            self.setup(weights)
        except Failed as err:
            self.fail(f"setup: {err}")
        self.window_start = len(self.records)
        start.wait()
        deadline = deadline_box[0]
        if self.think:  # people arrive at their own moments, not all in the same millisecond
            time.sleep(self.rng.uniform(0, 2 * self.think))
        while time.perf_counter() < deadline:
            kind = self.rng.choices(kinds, cum_weights=cumulative)[0]
            self.kind = kind
            try:
                getattr(self, kind)()
            except Failed as err:
                self.fail(str(err))
            if self.think:  # a person reads the page before the next tap
                time.sleep(min(self.rng.uniform(0, 2 * self.think), max(deadline - time.perf_counter(), 0)))
        self.http.close()

    def setup(self, weights: dict[str, int]) -> None:
        """Before the clock starts: deal this client's rounds, start its match."""
        if "ledger" in weights:
            self.kind = "ledger"
            for _ in range(ROUNDS_PER_CLIENT):
                self.new_round()
        if "game" in weights:
            self.kind = "game"
            self.new_match()

    # -- tally ---------------------------------------------------------------------------

    def tally(self) -> None:
        if self.rng.random() < 0.75:
            cards = self.rng.sample(DECK, STANDARD.cards)
            answer = expect(self.timed("POST", "/api/v1/tally/grid", json_body={"cards": cards}), 200, "tally/grid")
            if answer.json()["score"] != score_grid(cards, STANDARD).total:
                raise Failed(f"tally/grid scored {cards} as {answer.json()['score']}")
        else:
            yardage = self.rng.choice(COURSE_YARDAGES)
            cards = []  # cards from a shuffled deck until the hole is reached, as at the table
            for card in self.rng.sample(CLUB_RULES.deck, len(CLUB_RULES.deck)):
                cards.append(card)
                if sum(cards) >= yardage:
                    break
            answer = expect(
                self.timed("POST", "/api/v1/tally/clubs", json_body={"yardage": yardage, "cards": cards}),
                200,
                "tally/clubs",
            )
            if answer.json() != score_club_hole(yardage, cards, CLUB_RULES, 1).to_dict():
                raise Failed(f"tally/clubs scored {cards} for {yardage} yards as {answer.json()}")

    # -- ledger ----------------------------------------------------------------------------

    def new_round(self) -> None:
        answer = expect(
            self.timed("POST", "/api/v1/rounds", json_body={"players": list(PLAYERS), "holes": 18, "game": "grid"}),
            201,
            "deal a round",
        )
        body = answer.json()
        self.rounds.append(LedgerRound(body["round"]["id"], body["edit_token"], body["round"]["holes"]))

    def ledger(self) -> None:
        round_ = self.rng.choice(self.rounds) if self.rounds else None
        if round_ is None:
            return self.new_round()
        hole = self.rng.randint(1, round_.holes)
        names = self.rng.sample(PLAYERS, self.rng.randint(1, len(PLAYERS)))
        scores = {n: (None if self.rng.random() < 0.05 else self.rng.randint(-6, 30)) for n in names}
        try:
            answer = self.timed(
                "PUT",
                f"/api/v1/rounds/{round_.public_id}/holes/{hole}",
                json_body={"scores": scores},
                headers={"Authorization": f"Bearer {round_.edit_token}"},
            )
        except Failed:
            for name, score in scores.items():  # the write may or may not have landed
                key = (name, hole)
                round_.uncertain.setdefault(key, set()).update({round_.acknowledged.get(key), score})
            raise
        expect(answer, 200, "ledger write")
        shown = {p["name"]: p["scores"][hole - 1] for p in answer.json()["players"]}
        for name, score in scores.items():
            round_.acknowledged[(name, hole)] = score
            round_.uncertain.pop((name, hole), None)
            if shown[name] != score:
                raise Failed(f"ledger write of {score} for {name} on hole {hole} answered {shown[name]}")

    # -- caddie ------------------------------------------------------------------------------

    def caddie(self) -> None:
        if self.rng.random() < 0.5:
            answer = self.timed("POST", "/api/v1/caddie/grid", json_body=self.grid_view())
            if expect(answer, 200, "caddie/grid").json().get("action") is None:
                raise Failed(f"caddie/grid answered no action: {answer.body[:200]!r}")
        else:
            hand = self.rng.sample(CLUB_RULES.deck, 14)
            hole = self.rng.randrange(len(COURSE_YARDAGES) - 2)
            body: dict[str, Any] = {"yardage": COURSE_YARDAGES[hole], "hand": hand}
            if self.rng.random() < 1 / 3:
                body["upcoming"] = list(COURSE_YARDAGES[hole + 1 : hole + 3])
            answer = self.timed("POST", "/api/v1/caddie/clubs", json_body=body)
            if not expect(answer, 200, "caddie/clubs").json().get("play"):
                raise Failed(f"caddie/clubs answered no play: {answer.body[:200]!r}")

    def grid_view(self) -> dict:
        """A mid-hole view at a two-player table of the standard rules: some cards up, maybe one drawn."""
        cards = self.rng.sample(DECK, 14)
        mine, theirs = cards[:6], cards[6:12]
        up = set(self.rng.sample(range(6), self.rng.randint(2, 5)))
        their_up = set(self.rng.sample(range(6), self.rng.randint(2, 5)))
        view = {
            "preset": "standard",
            "discard": cards[12],
            "grid": [c if i in up else None for i, c in enumerate(mine)],
            "opponents": [[c if i in their_up else None for i, c in enumerate(theirs)]],
        }
        if self.rng.random() < 0.5:
            view.update(drawn=cards[13], drawn_from="deck")
        return view

    # -- the bare app --------------------------------------------------------------------------

    def hello(self) -> None:
        n = self.rng.randint(0, 1000)
        answer = expect(self.timed("POST", "/hello", json_body={"n": n}), 200, "hello")
        if answer.json() != {"hello": "world", "n": n}:
            raise Failed(f"hello answered {answer.body[:100]!r}")

    # -- game ----------------------------------------------------------------------------------

    def new_match(self) -> None:
        page = expect(self.timed("GET", "/play/"), 200, "the play page").text()
        self.csrf = CSRF_META.search(page).group(1)
        form = {
            "csrf_token": self.csrf,
            "player": "Pat",
            "opponents": "1",
            "cards": "6",
            "negatives": "twos",
            "holes": "9",
        }
        for i, name in enumerate(("Ada", "Bram", "Cleo", "Dev", "Esme")):
            form[f"seats-{i}-name"] = name
            form[f"seats-{i}-level"] = "steady" if i % 2 == 0 else "beginner"
        answer = expect(self.timed("POST", "/play/", form=form), 303, "start a match")
        location = answer.headers["Location"]
        if not location.startswith("/t/"):
            raise Failed(f"a match started at {location}, not at a table")
        self.match = location.rstrip("/").rsplit("/", 1)[1]
        self.page = expect(self.timed("GET", f"/t/{self.match}"), 200, "the table page").text()
        self.csrf = CSRF_META.search(self.page).group(1)

    def game(self) -> None:
        if self.match is None:
            return self.new_match()
        before = int(VERSION.search(self.page).group(1))
        htmx = {"HX-Request": "true"}  # the table comes back in place, as the page asks for it
        if 'id="continue"' in self.page:  # the computer is thinking: the server moves it
            self.page = expect(self.timed("GET", f"/t/{self.match}", headers=htmx), 200, "the table").text()
            after = int(VERSION.search(self.page).group(1))
            if after < before:
                raise Failed(f"table {self.match} went back from version {before} to {after}")
            return
        moves = [value for value, rest in BUTTON.findall(self.page) if not re.search(r"\bdisabled\b", rest)]
        if not moves:  # the match is over
            return self.new_match()
        form = {"csrf_token": self.csrf, "version": str(before), "seat": "0", "action": self.rng.choice(moves)}
        answer = self.timed("POST", f"/t/{self.match}/act", form=form, headers=htmx)
        self.page = expect(answer, 200, "a move").text()
        after = int(VERSION.search(self.page).group(1))
        if after != before + 1:
            raise Failed(f"a move took table {self.match} from version {before} to {after}, not one on")


# ---- a phase, and the check of every round --------------------------------------------


@dataclass
class Phase:
    name: str
    clients: list[Client]
    seconds: float

    @property
    def records(self) -> list[Record]:
        return [r for c in self.clients for r in c.records]

    def timed_records(self) -> list[Record]:
        """The requests sent while the clock ran (setup requests only count for errors)."""
        return [r for c in self.clients for r in c.records[c.window_start :] if r.latency > 0]

    def by_kind(self) -> dict[str, list[Record]]:
        kinds: dict[str, list[Record]] = defaultdict(list)
        for record in self.timed_records():
            kinds[record.kind].append(record)
        return kinds

    def requests(self, kind: str | None = None) -> int:
        return len([r for r in self.timed_records() if kind is None or r.kind == kind])

    def rate(self, kind: str | None = None) -> float:
        return self.requests(kind) / self.seconds if self.seconds else 0.0

    def errors(self) -> list[str]:
        return [f"{r.kind}: {r.error}" for r in self.records if r.error]

    def percentile(self, q: float, kind: str | None = None) -> float:
        """The ``q``-th percentile latency (nearest rank) in milliseconds."""
        values = sorted(r.latency for r in self.timed_records() if kind is None or r.kind == kind)
        if not values:
            return float("nan")
        rank = max(1, min(len(values), -(-len(values) * q // 100)))
        return values[int(rank) - 1] * 1000


def run_phase(
    name: str, base_url: str, clients: int, seconds: float, weights: dict[str, int], seed: int = 1, think: float = 0.0
) -> Phase:
    """``clients`` threads send requests of ``weights``' kinds for ``seconds`` (after their setup),
    each pausing a random 0 to ``2 * think`` seconds after every answer (0: none, a closed loop)."""
    crowd = [Client(base_url, seed * 100_003 + i) for i in range(clients)]
    for client in crowd:
        client.think = think
    deadline_box = [0.0]
    started = [0.0]

    def go() -> None:  # the barrier's action: the clock starts when every client is set up
        started[0] = time.perf_counter()
        deadline_box[0] = started[0] + seconds

    barrier = threading.Barrier(clients, action=go)
    threads = [
        threading.Thread(target=c.run, args=(weights, barrier, deadline_box), name=f"client-{i}", daemon=True)
        for i, c in enumerate(crowd)
    ]
    setup_started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    ended = time.perf_counter()
    phase = Phase(name, crowd, ended - started[0])
    phase.setup_seconds = started[0] - setup_started  # type: ignore[attr-defined]
    return phase


@dataclass
class RoundCheck:
    rounds: int = 0
    cells: int = 0  # cells acknowledged (or left uncertain by a failed write)
    lost: int = 0  # an acknowledged score that is not there (blank, or the cell's earlier value)
    wrong: int = 0  # a score there that nobody sent, or a cell filled that was never written
    problems: list[str] = field(default_factory=list)


def check_rounds(base_url: str, clients: list[Client]) -> RoundCheck:
    """Read every round back and compare each cell with what its client had acknowledged."""
    result = RoundCheck()
    http = Http(base_url)
    try:
        for client in clients:
            for round_ in client.rounds:
                result.rounds += 1
                answer = http.request(
                    "GET",
                    f"/api/v1/rounds/{round_.public_id}",
                    headers={"Authorization": f"Bearer {round_.edit_token}"},
                )
                if answer.status != 200:
                    result.lost += len(round_.acknowledged)
                    result.problems.append(f"round {round_.public_id}: {answer.status} on reading it back")
                    continue
                stored = {
                    (p["name"], hole): score
                    for p in answer.json()["players"]
                    for hole, score in enumerate(p["scores"], start=1)
                }
                for key, value in stored.items():
                    if key in round_.uncertain:
                        result.cells += 1
                        if value not in round_.uncertain[key]:
                            result.wrong += 1
                            result.problems.append(
                                f"round {round_.public_id} {key}: {value}, "
                                f"none of {sorted(round_.uncertain[key], key=str)}"
                            )
                    elif key in round_.acknowledged:
                        result.cells += 1
                        if value != round_.acknowledged[key]:
                            result.lost += 1
                            result.problems.append(
                                f"round {round_.public_id} {key}: {value}, acknowledged {round_.acknowledged[key]}"
                            )
                    elif value is not None:
                        result.wrong += 1
                        result.problems.append(f"round {round_.public_id} {key}: {value}, never written")
    finally:
        http.close()
    return result


# ---- the whole measurement ------------------------------------------------------------------


@dataclass
class Report:
    clients: int
    duration: float
    workers: int
    database: str
    mixed: Phase
    rounds: RoundCheck
    tally: Phase | None = None
    hello: Phase | None = None
    paced: Phase | None = None

    def errors(self) -> list[str]:
        return [e for phase in (self.mixed, self.paced, self.tally, self.hello) if phase for e in phase.errors()]

    def ratio(self) -> float | None:
        if not (self.tally and self.hello and self.hello.rate()):
            return None
        return self.tally.rate() / self.hello.rate()

    def lines(self) -> list[str]:
        out = [
            f"web_load: {self.clients} clients, {self.duration:g} s per phase, {self.workers} gunicorn workers "
            f"(gthread), {self.database}, {os.cpu_count()} CPU cores shared with the clients"
        ]
        out.append(
            f"mixed load: {self.mixed.requests()} requests in {self.mixed.seconds:.1f} s, {self.mixed.rate():.0f} req/s"
        )
        out.append(f"  {'kind':<8}{'requests':>10}{'req/s':>9}{'p50 ms':>9}{'p99 ms':>9}{'errors':>8}")
        errors_by_kind = defaultdict(int)
        for record in self.mixed.records:
            if record.error:
                errors_by_kind[record.kind] += 1
        for kind in KINDS + (None,):
            out.append(
                f"  {kind or 'all':<8}{self.mixed.requests(kind):>10}{self.mixed.rate(kind):>9.0f}"
                f"{self.mixed.percentile(50, kind):>9.1f}{self.mixed.percentile(99, kind):>9.1f}"
                f"{(errors_by_kind[kind] if kind else sum(errors_by_kind.values())):>8}"
            )
        if self.paced is not None:
            p = self.paced
            out.append(
                f"paced mixed load (each client pauses 0 to {2 * p.clients[0].think:g} s after an answer): "
                f"{p.requests()} requests, {p.rate():.0f} req/s"
            )
            for kind in KINDS:
                out.append(
                    f"  {kind:<8}{p.requests(kind):>10}{p.rate(kind):>9.0f}"
                    f"{p.percentile(50, kind):>9.1f}{p.percentile(99, kind):>9.1f}"
                )
        r = self.rounds
        out.append(f"rounds read back: {r.rounds} rounds, {r.cells} cells written, lost {r.lost}, wrong {r.wrong}")
        out += [f"  {p}" for p in r.problems[:MAX_ERRORS_KEPT]]
        for phase in (self.tally, self.hello):
            if phase is not None:
                out.append(
                    f"{phase.name}: {phase.requests()} requests, {phase.rate():.0f} req/s, "
                    f"p50 {phase.percentile(50):.1f} ms, p99 {phase.percentile(99):.1f} ms, "
                    f"errors {len(phase.errors())}"
                )
        errors = self.errors()
        if errors:
            out.append(f"errors ({len(errors)}), the first {min(len(errors), MAX_ERRORS_KEPT)}:")
            out += [f"  {e[:300]}" for e in errors[:MAX_ERRORS_KEPT]]
        ratio = self.ratio()
        saturated = (
            f"{self.mixed.rate():.0f} req/s, tally p99 {self.mixed.percentile(99, 'tally'):.1f} ms, "
            f"ledger p99 {self.mixed.percentile(99, 'ledger'):.1f} ms"
        )
        out.append(
            "load: "
            + (
                f"tally p99 {self.paced.percentile(99, 'tally'):.1f} ms, ledger p99 "
                f"{self.paced.percentile(99, 'ledger'):.1f} ms at {self.clients} paced clients "
                f"(saturated: {saturated})"
                if self.paced
                else f"saturated: {saturated}"
            )
            + f", errors {len(errors)}, "
            f"lost scores {r.lost + r.wrong}, "
            f"tally/hello {'n/a' if ratio is None else f'{ratio:.0%}'}"
        )
        return out


def describe(database_url: str) -> str:
    return "PostgreSQL" if database_url.startswith("postgres") else "SQLite"


def measure(
    database_url: str | None,
    clients: int,
    duration: float,
    workers: int = 2,
    seed: int = 1,
    hello: bool = True,
    log_dir: Path | None = None,
    say: Callable[[str], None] = print,
    think: float = 0.0,
) -> Report:
    """Start the servers, run the three phases, read every round back; the report."""
    with tempfile.TemporaryDirectory(prefix="web-load-") as scratch:
        logs = Path(log_dir or scratch)
        with scratch_database(Path(scratch), database_url or "", prefix="web_load") as url:
            with gunicorn_server(
                url,
                workers=workers,
                log_path=logs / "caddie.log",
                extra_env=GAME_SERVER_ENV,
                helpers_nice=HELPERS_NICE,  # as deployed (docs/production.md, "Priorities")
            ) as server:
                say(f"caddie at {server.url} ({describe(url)}); mixed load for {duration:g} s")
                mixed = run_phase("mixed load", server.url, clients, duration, MIXED, seed)
                rounds = check_rounds(server.url, mixed.clients)
                paced = None
                if think:
                    say(f"paced mixed load for {duration:g} s")
                    paced = run_phase("paced mixed load", server.url, clients, duration, MIXED, seed + 3, think)
                    more = check_rounds(server.url, paced.clients)
                    rounds = RoundCheck(
                        rounds.rounds + more.rounds,
                        rounds.cells + more.cells,
                        rounds.lost + more.lost,
                        rounds.wrong + more.wrong,
                        rounds.problems + more.problems,
                    )
                say(f"tally only for {duration:g} s")
                tally = run_phase("tally only", server.url, clients, duration, TALLY_ONLY, seed + 1)
            report = Report(clients, duration, workers, describe(url), mixed, rounds, tally, paced=paced)
            if hello:
                with gunicorn_server(
                    url,
                    workers=workers,
                    app=HELLO_APP,
                    log_path=logs / "hello.log",
                    extra_env={"MIGRATE_ON_START": "false"},
                    ready_path="/healthz",
                ) as server:
                    say(f"bare Flask app at {server.url} for {duration:g} s")
                    report.hello = run_phase(
                        "hello (bare Flask)", server.url, clients, duration, {"hello": 1}, seed + 2
                    )
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=50, help="concurrent clients (default 50)")
    parser.add_argument("--duration", type=float, default=20, help="seconds per phase (default 20)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    parser.add_argument(
        "--database-url", default="", help="a PostgreSQL database to use a new schema of (default: a new SQLite file)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--think-ms",
        type=float,
        default=500,
        help="also run a paced mixed phase, each client pausing 0 to twice this after an "
        "answer, as a person reading the page would (default 500; 0 skips it)",
    )
    parser.add_argument("--log-dir", type=Path, help="keep the servers' logs here")
    args = parser.parse_args(argv)
    report = measure(
        args.database_url,
        args.clients,
        args.duration,
        args.workers,
        args.seed,
        log_dir=args.log_dir,
        say=lambda s: print(s, file=sys.stderr, flush=True),
        think=args.think_ms / 1000,
    )
    print("\n".join(report.lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
