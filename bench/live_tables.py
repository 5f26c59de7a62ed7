#!/usr/bin/env python3
"""Live tables under load: many tables of phones following their tables live, every move checked.

    .venv/bin/python bench/live_tables.py [--tables 100] [--phones 4] [--duration 60]
                                          [--think-ms 1500] [--workers 2] [--live stream|poll]
                                          [--live-workers 1] [--live-nice 10] [--one-server]
                                          [--database-url postgresql://...]
                                          [--web-clients 50] [--web-think-ms 500]
                                          [--server-env NAME=VALUE] [--live-env NAME=VALUE]

Starts the production command (``gunicorn -c python:caddie.serving.gunicorn_conf``,
``tests/production/servers.py``) on a new schema of ``--database-url``'s PostgreSQL database
(default ``TEST_DATABASE_URL``; without either, a SQLite file, said so in the output) twice, as
docs/production.md ("A server for the live tables") deploys it: one server for the pages
(``--workers``, 2) and one for the phones (``--live-workers``, 1, at niceness ``--live-nice``, 10,
its session's group too, as a unit's lower ``CPUWeight=``), every helper 10 below its worker
(``HEAVY_WORK_PYTHON``), the load balancer's routing done by sending each client to its server. ``--one-server``
serves both from the first. Then:

* **Setup**, before the clock: ``--tables`` Grid Golf tables of ``--phones`` people each, made,
  joined by code and started through the JSON API (``docs/api.md``, "Live tables"), 18 holes
  so that no match ends inside the measured time.
* **The phones**: each is a thread of this process with its own connections and seat token. It
  holds the live connection open: the table's event stream (``GET /api/v1/tables/<id>/stream``,
  opened again after the server's ``retry`` when the server ends it), or with ``--live poll``
  the long poll (``GET /api/v1/tables/<id>?wait=<version>``). When the table comes to it
  with its seat to move it thinks for a random
  ``--think-ms`` x 0.5 to 1.5, then sends its move (``POST .../moves`` with the version it
  saw): the cards it must turn up, a draw from the deck, then the drawn card onto a face-down
  place (the host also sends ``next_hole`` between holes). A phone's answer to a
  ``Retry-After`` (no room to wait on that server) is honoured.
* **The people at the other pages**, in the same run, on the pages' server: ``bench/web_load.py``'s
  paced mixed phase (tally, ledger, caddie and solo games), ``--web-clients`` clients each
  pausing 0 to twice ``--web-think-ms`` between requests, its rounds read back after. They run
  in a process of their own, as web_load.py does: in this one, each answer waited for the
  interpreter lock behind hundreds of phone threads before its clock stopped.
* After ``--duration`` seconds the phones stop moving, wait a moment for the last moves to
  reach everyone, and every table is checked against the moves sent: the version went up
  exactly once per acknowledged move, and each phone's own grid, read again, is the one its
  last acknowledged move left (only a seat's own moves change its grid within a hole).

Measured: a move's delay is from the moment its phone sent it to the moment each other phone
of its table held a view at least that new (all clocks of this one process). The server's CPU
is the user and system time of the gunicorn masters, their workers and the workers' helper
processes over the measured window; the clients' is this process's and the web clients'. The
whole machine's busy cores and the time its host stole from them (/proc/stat) over the same
window tell a slow spell from a slow change (docs/live-tables.md, "Serving").

The last line is the headline:

    live_tables: P phones connected on T tables, M moves/s, seen by the others in p50 A ms,
                 p95 B ms, p99 C ms; errors E, lost moves L; server CPU X ms/s per phone;
                 tally p99 Y ms, ledger p99 Z ms

Targets (issue 15): 400 phones (100 tables), p95 <= 1 s, 0 errors, 0 lost moves, tally and
ledger p99 under 50 ms. The phones, the web clients and PostgreSQL run on the same machine as
the servers and share its cores, so every figure includes their cost.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import multiprocessing
import os
import random
import re
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.web_load import MIXED, Answer, Http, Phase, Record, RoundCheck, check_rounds, run_phase  # noqa: E402
from tests.production.servers import HELPERS_NICE, Server, gunicorn_server, scratch_database  # noqa: E402

# A short grid and no cards up at the deal: many turns a minute, the live traffic at its densest.
RULES = {"cards": 4, "initial_flips": 2, "holes": 18}
NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo")
LONG_POLL_S = 25  # the server's LIVE_LONG_POLL_MAX_S: a long poll comes back no later
SETTLE_S = 3.0  # after the clock: time for the last moves to reach every phone
REVIEWS_WAIT_S = 30.0  # after the phones stop: the longest wait for the last holes' reviews
MAX_PROBLEMS_KEPT = 20
LIVE_NICE = 10  # the phones' server: after the pages, level with their helpers (docs/production.md)
LIVE_WORKERS = 1
PUBLIC_ID = re.compile(r"/[A-Za-z0-9_-]{8,}")  # a table's, round's or match's id in a logged path


# ---- one phone -----------------------------------------------------------------------


@dataclass
class Sent:
    """A move a phone sent: when, from which version, and what came back."""

    sent_at: float
    version: int  # the version it was decided on; acknowledged, the table is at version + 1
    acknowledged: bool = False


@dataclass
class Phone:
    """One person's phone at one table: a seat token, a connection, what it saw and sent."""

    base_url: str
    table: str
    seat: int
    token: str
    rng: random.Random
    think: float
    http: Http = field(init=False)
    seen: list[tuple[float, int]] = field(default_factory=list)  # (when, version) of each new view
    sent: list[Sent] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    last_answer: dict[str, Any] | None = None  # the view its last acknowledged move came back with
    version: int = 0
    view: dict[str, Any] = field(default_factory=dict)
    retry_afters: int = 0
    stream_reopens: int = 0

    def __post_init__(self) -> None:
        self.http = Http(self.base_url, timeout=LONG_POLL_S + 30)

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def request(self, method: str, path: str, json_body: Any = None) -> Answer:
        """A request with the seat's token. ``Http`` sends it again once on a new connection when
        the kept-alive one was closed as it went out: a move sent twice names a version the table
        has left, so the second is refused with 409 and the table as it is (``send``)."""
        return self.http.request(method, path, json_body=json_body, headers=self.auth)

    @property
    def reconnects(self) -> int:
        return self.http.resent

    def note(self, view: dict[str, Any]) -> None:
        if view["version"] < self.version:
            return  # an event that was on its way when this phone's own move came back newer
        if view["version"] > self.version:
            self.seen.append((time.perf_counter(), view["version"]))
            self.version = view["version"]
        self.view = view

    def fetch(self, wait: int | None = None) -> Answer:
        path = f"/api/v1/tables/{self.table}" + ("" if wait is None else f"?wait={wait}")
        answer = self.request("GET", path)
        if answer.status != 200:
            raise Failed(f"GET {path}: {answer.status} {answer.body[:200]!r}")
        self.note(answer.json())
        return answer

    def my_move(self) -> dict[str, Any] | None:
        """The move this phone makes now, or None when it is not its to make."""
        view = self.view
        if view["phase"] == "hole_over":
            return {"action": "next_hole"} if self.seat == 0 else None
        if view["to_move"] != self.seat or view["phase"] not in ("flip", "turn"):
            return None
        grid = view["view"]["grid"]
        face_down = [i for i, card in enumerate(grid) if card is None]
        if view["phase"] == "flip":
            return {"action": "flip", "positions": face_down[: view["view"]["rules"]["initial_flips"]]}
        if view["view"].get("drawn") is None:
            return {"action": "draw"}
        return {"action": "swap", "position": self.rng.choice(face_down) if face_down else 0}

    def send(self, move: dict[str, Any]) -> None:
        sent = Sent(time.perf_counter(), self.version)
        self.sent.append(sent)
        answer = self.request("POST", f"/api/v1/tables/{self.table}/moves", {"version": sent.version, "action": move})
        if answer.status == 409 and answer.json().get("field") == "version" and self.reconnects:
            self.note(answer.json())  # sent twice and the first one was made: the table as it is
            return
        if answer.status != 200:
            raise Failed(f"move {move} at version {sent.version}: {answer.status} {answer.body[:200]!r}")
        sent.acknowledged = True
        self.last_answer = answer.json()
        self.note(self.last_answer)

    def take_turn(self, deadline: float) -> bool:
        """When the table waits for this phone (before ``deadline``): think, then send the move.
        Whether it sent one; a refused move is counted as an error and the table read again."""
        move = self.my_move() if self.view and time.perf_counter() < deadline else None
        if move is None:
            return False
        time.sleep(self.rng.uniform(0.5, 1.5) * self.think)
        if time.perf_counter() >= deadline:
            return False
        try:
            self.send(move)
        except Failed as err:
            self.errors.append(str(err))
            self.fetch()
        return True

    def run(self, deadline: float, settle_until: float) -> None:
        """Move on its turns until ``deadline``, then keep listening until ``settle_until``."""
        try:
            self.fetch()
            while time.perf_counter() < settle_until:
                if self.take_turn(deadline):
                    continue
                started = time.perf_counter()
                answer = self.fetch(wait=self.version)
                if answer.headers.get("Retry-After") and answer.json()["version"] <= self.version:
                    self.retry_afters += 1
                    time.sleep(float(answer.headers["Retry-After"]))
                elif time.perf_counter() - started > LONG_POLL_S + 5:
                    self.errors.append(f"a long poll took {time.perf_counter() - started:.0f} s")
        except Exception as err:  # every failure is counted, the phone stops
            self.errors.append(f"{type(err).__name__}: {err}")
        finally:
            self.http.close()

    def run_stream(self, deadline: float, settle_until: float) -> None:
        """As ``run``, but following the table's event stream instead of long polls; a stream the
        server ended is opened again after its ``retry``, from the version this phone has."""
        stream = EventStream(self.base_url, self.table, self.token)
        try:
            stream.open(0)
            while time.perf_counter() < settle_until:
                if self.take_turn(deadline):
                    continue
                try:
                    # blocks until an event: the phone has nothing to do before one (the server
                    # writes a line at least every 25 s, and ends the stream after 50)
                    view = stream.next_view(max(settle_until - time.perf_counter(), 0.01))
                except StreamEnded:
                    self.stream_reopens += 1
                    time.sleep(stream.retry)
                    stream.open(self.version)
                    continue
                if view is not None:
                    self.note(view)
        except Exception as err:  # every failure is counted, the phone stops
            self.errors.append(f"{type(err).__name__}: {err}")
        finally:
            stream.close()
            self.http.close()


class Failed(Exception):
    """An answer other than the one the phone needed."""


class StreamEnded(Exception):
    """The server ended the event stream (its time was up, or it had no room): open it again."""


class EventStream:
    """The table's event stream (``GET /api/v1/tables/<id>/stream``) on a socket of its own, read
    a little at a time so that the phone can look at its clock between reads (docs/api.md)."""

    def __init__(self, base_url: str, table: str, token: str) -> None:
        parts = urlsplit(base_url)
        self.address = (parts.hostname or "127.0.0.1", parts.port or 80)
        self.path = f"/api/v1/tables/{table}/stream"
        self.token = token
        self.sock: socket.socket | None = None
        self.raw = b""  # received, not yet taken out of its chunks
        self.text = ""  # the stream's text, not yet a whole event
        self.chunk_left = 0  # bytes of the current chunk still to come, then its CRLF
        self.retry = 1.0

    def open(self, last: int) -> None:
        self.close()
        self.sock = socket.create_connection(self.address, timeout=10)
        request = (
            f"GET {self.path} HTTP/1.1\r\nHost: {self.address[0]}:{self.address[1]}\r\n"
            f"Authorization: Bearer {self.token}\r\nAccept: text/event-stream\r\nLast-Event-ID: {last}\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        head = b""
        while b"\r\n\r\n" not in head:
            got = self.sock.recv(65536)
            if not got:
                raise Failed("the event stream closed before its headers")
            head += got
        head, self.raw = head.split(b"\r\n\r\n", 1)
        status = head.split(b"\r\n", 1)[0]
        if b" 200 " not in status + b" " or b"chunked" not in head.lower():
            raise Failed(f"GET {self.path}: {status.decode(errors='replace')}")
        self.text, self.chunk_left = "", 0

    def next_view(self, timeout: float) -> dict[str, Any] | None:
        """The next view event's view; ``None`` when none came within ``timeout`` seconds.
        ``StreamEnded`` when the server ended the stream."""
        assert self.sock is not None
        until = time.perf_counter() + timeout
        while True:
            event = self._take_event()
            if event is not None:
                return event
            left = until - time.perf_counter()
            if left <= 0:
                return None
            self.sock.settimeout(left)
            try:
                got = self.sock.recv(65536)
            except TimeoutError:
                return None
            if not got:
                raise StreamEnded()
            self.raw += got

    def _take_event(self) -> dict[str, Any] | None:
        self._unchunk()
        while "\n\n" in self.text:
            block, self.text = self.text.split("\n\n", 1)
            fields = dict(
                line.split(": ", 1) for line in block.split("\n") if ": " in line and not line.startswith(":")
            )
            if "retry" in fields:
                self.retry = int(fields["retry"]) / 1000
            if fields.get("event") == "view":
                return json.loads(fields["data"])
        return None

    def _unchunk(self) -> None:
        """Move whole chunks' bytes from ``raw`` to ``text`` (HTTP/1.1 chunked transfer)."""
        while True:
            if self.chunk_left:
                part = self.raw[: self.chunk_left]
                self.raw = self.raw[len(part) :]
                self.chunk_left -= len(part)
                self.text += part.decode()
                if self.chunk_left:
                    return
                self.raw = self.raw[2:] if self.raw.startswith(b"\r\n") else self.raw
                continue
            if b"\r\n" not in self.raw:
                return
            size, rest = self.raw.split(b"\r\n", 1)
            if not size:  # the CRLF after a chunk that arrived in two reads
                self.raw = rest
                continue
            self.chunk_left = int(size.split(b";")[0], 16)
            self.raw = rest
            if self.chunk_left == 0:
                raise StreamEnded()

    def close(self) -> None:
        if self.sock is not None:
            self.sock.close()
            self.sock = None


# ---- the tables ------------------------------------------------------------------------


def open_table(base_url: str, phones: int, index: int, think: float, seed: int) -> list[Phone]:
    """A started Grid Golf table of ``phones`` people: its phones, seated."""
    http = Http(base_url)
    try:
        made = http.request(
            "POST",
            "/api/v1/tables",
            json_body={"name": NAMES[0], "seats": [{"kind": "person"}] * phones, "game": "grid", "rules": RULES},
        )
        if made.status != 201:
            raise Failed(f"making table {index}: {made.status} {made.body[:200]!r}")
        table = made.json()
        tokens = [table["seat_token"]]
        for seat in range(1, phones):
            joined = http.request("POST", f"/api/v1/tables/{table['code']}/join", json_body={"name": NAMES[seat]})
            if joined.status != 200:
                raise Failed(f"joining table {index}: {joined.status} {joined.body[:200]!r}")
            tokens.append(joined.json()["seat_token"])
        started = http.request(
            "POST", f"/api/v1/tables/{table['id']}/start", headers={"Authorization": f"Bearer {tokens[0]}"}
        )
        if started.status != 200:
            raise Failed(f"starting table {index}: {started.status} {started.body[:200]!r}")
    finally:
        http.close()
    return [
        Phone(base_url, table["id"], seat, token, random.Random(seed * 7919 + index * 31 + seat), think)
        for seat, token in enumerate(tokens)
    ]


def open_tables(base_url: str, tables: int, phones: int, think: float, seed: int) -> list[list[Phone]]:
    """The tables, made by a few threads at once (setup time is not measured)."""
    made: list[list[Phone] | None] = [None] * tables
    problems: list[str] = []
    next_index = iter(range(tables))
    lock = threading.Lock()

    def work() -> None:
        while True:
            with lock:
                index = next(next_index, None)
            if index is None:
                return
            try:
                made[index] = open_table(base_url, phones, index, think, seed)
            except Exception as err:
                problems.append(str(err))

    threads = [threading.Thread(target=work, daemon=True) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if problems:
        raise SystemExit(f"live_tables: the tables could not be set up: {problems[0]}")
    return [t for t in made if t is not None]


# ---- checking every table --------------------------------------------------------------


@dataclass
class TableCheck:
    moves: int = 0  # acknowledged moves
    lost: int = 0  # acknowledged moves the table does not hold
    unexplained: int = 0  # versions no acknowledged move accounts for
    problems: list[str] = field(default_factory=list)


def check_tables(base_url: str, tables: list[list[Phone]], start_versions: dict[str, int]) -> TableCheck:
    """Read every table again, through every seat, and compare it with the moves acknowledged."""
    result = TableCheck()
    for phones in tables:
        table = phones[0].table
        acknowledged = [s for p in phones for s in p.sent if s.acknowledged]
        unanswered = [s for p in phones for s in p.sent if not s.acknowledged]
        result.moves += len(acknowledged)
        finals = []
        http = Http(base_url)
        try:
            for phone in phones:
                answer = http.request("GET", f"/api/v1/tables/{table}", headers=phone.auth)
                if answer.status != 200:
                    result.problems.append(f"table {table} seat {phone.seat}: {answer.status} on reading it back")
                    result.lost += len([s for s in phone.sent if s.acknowledged])
                    continue
                finals.append((phone, answer.json()))
        finally:
            http.close()
        if not finals:
            continue
        version = finals[0][1]["version"]
        made = version - start_versions[table]
        if made < len(acknowledged):
            result.lost += len(acknowledged) - made
            result.problems.append(f"table {table}: {len(acknowledged)} moves acknowledged, {made} made")
        elif made > len(acknowledged) + len(unanswered):
            result.unexplained += made - len(acknowledged) - len(unanswered)
            result.problems.append(f"table {table}: {made} moves made, {len(acknowledged)} acknowledged")
        versions = sorted(s.version for s in acknowledged)
        if len(set(versions)) != len(versions):
            result.problems.append(f"table {table}: two acknowledged moves were made on one version")
            result.lost += len(versions) - len(set(versions))
        for phone, final in finals:
            last = phone.last_answer
            if last is None or last["hole"] != final["hole"] or final["phase"] == "hole_over":
                continue  # a new hole dealt a new grid since this seat's last move
            if last["view"]["grid"] != final["view"]["grid"]:
                result.lost += 1
                result.problems.append(
                    f"table {table} seat {phone.seat}: grid {final['view']['grid']}, "
                    f"its last move left {last['view']['grid']}"
                )
    return result


# ---- the figures ----------------------------------------------------------------------


def delays(tables: list[list[Phone]]) -> tuple[list[float], int]:
    """Each acknowledged move's delay to each other phone of its table (seconds), and how many
    of those appearances never came."""
    found: list[float] = []
    missing = 0
    for phones in tables:
        for mover in phones:
            for sent in mover.sent:
                if not sent.acknowledged:
                    continue
                for other in phones:
                    if other is mover:
                        continue
                    when = next((t for t, v in other.seen if v >= sent.version + 1), None)
                    if when is None:
                        missing += 1
                    else:
                        found.append(max(when - sent.sent_at, 0.0))
    return found, missing


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), -(-len(ordered) * q // 100)))
    return ordered[int(rank) - 1]


def _own_cpu_seconds() -> float:
    times = os.times()
    return times.user + times.system


@dataclass(frozen=True)
class Process:
    parent: int
    name: str
    cpu_ticks: int  # user plus system time


def processes() -> dict[int, Process]:
    """Every process of this machine, from /proc."""
    found: dict[int, Process] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdecimal():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                head, tail = handle.read().rsplit(")", 1)
        except OSError:
            continue
        fields = tail.split()  # fields 3 on of stat: fields[1] the parent, [11] and [12] utime and stime
        found[int(entry)] = Process(int(fields[1]), head.split("(", 1)[1], int(fields[11]) + int(fields[12]))
    return found


def server_cpu_seconds(server: Server) -> tuple[float, float]:
    """User plus system CPU time of the server's master and workers, and of the workers' helper
    processes (two levels under the master; they lead sessions of their own:
    caddie/offload/heavy_work.py)."""
    table = processes()
    ticks = [0, 0]
    for pid, process in table.items():
        depth, ancestor = 0, pid
        while ancestor > 1 and ancestor != server.process.pid:
            ancestor = table[ancestor].parent if ancestor in table else 0
            depth += 1
        if ancestor == server.process.pid:
            ticks[depth >= 2] += process.cpu_ticks
    return ticks[0] / os.sysconf("SC_CLK_TCK"), ticks[1] / os.sysconf("SC_CLK_TCK")


def database_cpu_seconds() -> float:
    """User plus system CPU time of this machine's PostgreSQL processes (0 on another machine)."""
    return sum(p.cpu_ticks for p in processes().values() if p.name == "postgres") / os.sysconf("SC_CLK_TCK")


@dataclass(frozen=True)
class MachineTimes:
    """The whole machine's CPU time in seconds, from /proc/stat's first line: busy (user, nice,
    system, interrupts; every process, the kernel's work for them, and this bench's), and stolen
    (time the virtual machine's cores waited for the host's, which no process here sees)."""

    busy: float
    stolen: float

    @staticmethod
    def now() -> MachineTimes:
        try:
            with open("/proc/stat") as handle:
                fields = [int(x) for x in handle.readline().split()[1:9]]
        except (OSError, ValueError):
            return MachineTimes(0.0, 0.0)
        user, nice, system, _idle, _iowait, irq, softirq, steal = fields + [0] * (8 - len(fields))
        tick = os.sysconf("SC_CLK_TCK")
        return MachineTimes((user + nice + system + irq + softirq) / tick, steal / tick)

    def __sub__(self, other: MachineTimes) -> MachineTimes:
        return MachineTimes(self.busy - other.busy, self.stolen - other.stolen)


@dataclass
class Report:
    layout: str  # which servers, how many workers
    tables: int
    phones: int
    seconds: float
    database: str
    connected: int
    moves: int
    delays: list[float]
    missing: int
    errors: list[str]
    check: TableCheck
    cpu_seconds: float
    server_cpu: list[tuple[float, ...]]  # per server (the pages', then the phones'): workers, helpers
    client_cpu_seconds: float
    database_cpu_seconds: float
    retry_afters: int
    reconnects: int
    web: Phase | None
    rounds: RoundCheck | None
    server_times: dict[str, list[float]] = field(default_factory=dict)  # with --request-log
    live: str = "stream"
    stream_reopens: int = 0
    machine_loop_s: float = 0.0  # machine_speed() before the servers started
    machine: MachineTimes = MachineTimes(0.0, 0.0)  # over the measured window
    reviews: ReviewLags | None = None

    def lines(self) -> list[str]:
        ms = [d * 1000 for d in self.delays]
        out = [
            f"live_tables: {self.tables} tables of {self.phones} phones, {self.seconds:.0f} s, "
            f"{self.layout}, {self.database}, {os.cpu_count()} CPU cores shared with the clients",
            f"phones connected (each holding its {'event stream' if self.live == 'stream' else 'long poll'} open): "
            f"{self.connected}",
            f"moves acknowledged: {self.moves}, {self.moves / self.seconds:.1f} moves/s",
            f"a move seen by the other phones: {len(ms)} appearances, p50 {percentile(ms, 50):.0f} ms, "
            f"p95 {percentile(ms, 95):.0f} ms, p99 {percentile(ms, 99):.0f} ms, max {max(ms, default=0):.0f} ms; "
            f"never seen {self.missing}",
            f"tables read back: {self.check.moves} moves, lost {self.check.lost}, "
            f"unexplained versions {self.check.unexplained}",
            f"long polls answered with Retry-After (no room to wait): {self.retry_afters}; "
            f"requests sent again on a new connection: {self.reconnects}; "
            f"event streams opened again (ended by the server): {self.stream_reopens}",
            f"server CPU: {self.cpu_seconds:.1f} s in {self.seconds:.0f} s "
            f"({self.cpu_seconds / self.seconds:.2f} cores), "
            f"{self.cpu_seconds / self.seconds / max(self.connected, 1) * 1000:.2f} ms per second per phone, "
            f"{self.cpu_seconds / max(self.moves, 1) * 1000:.1f} ms per move",
            "  "
            + "; ".join(
                f"{name}: workers {workers / self.seconds:.2f} cores, helpers {helpers / self.seconds:.2f}"
                for name, (workers, helpers) in zip(
                    ("the pages' server", "the phones' server") if len(self.server_cpu) > 1 else ("the server",),
                    self.server_cpu,
                    strict=True,
                )
            ),
            f"the clients' CPU (the phones' process and the web clients'): {self.client_cpu_seconds:.1f} s "
            f"({self.client_cpu_seconds / self.seconds:.2f} cores)",
            f"PostgreSQL's CPU, where it runs on this machine: {self.database_cpu_seconds:.1f} s "
            f"({self.database_cpu_seconds / self.seconds:.2f} cores)",
            f"the whole machine: {self.machine.busy / self.seconds:.2f} of its {os.cpu_count()} cores busy, "
            f"{self.machine.stolen / self.seconds:.2f} cores' time stolen by the host (/proc/stat)",
            f"this machine's speed just before the run: a fixed Python loop took {self.machine_loop_s:.2f} s",
        ]
        out += [f"  {p}" for p in self.check.problems[:MAX_PROBLEMS_KEPT]]
        if self.reviews is not None:
            out.append(self.reviews.line())
        if self.server_times:
            out.append("inside the app (its request log; a long poll's time includes its wait):")
            for what, times in sorted(self.server_times.items(), key=lambda item: -len(item[1])):
                out.append(
                    f"  {what:<40}{len(times):>7}  p50 {percentile(times, 50):7.1f} ms  "
                    f"p99 {percentile(times, 99):7.1f} ms"
                )
        web_errors: list[str] = []
        if self.web is not None:
            web = self.web
            web_errors = web.errors()
            out.append(
                f"paced web load beside them ({len(web.clients)} clients, each pausing 0 to "
                f"{2 * web.clients[0].think:g} s): {web.requests()} requests, {web.rate():.0f} req/s"
            )
            for kind in MIXED:
                out.append(
                    f"  {kind:<8}{web.requests(kind):>8} requests  p50 {web.percentile(50, kind):7.1f} ms  "
                    f"p99 {web.percentile(99, kind):7.1f} ms"
                )
            if self.rounds is not None:
                r = self.rounds
                out.append(f"  rounds read back: {r.rounds}, cells {r.cells}, lost {r.lost}, wrong {r.wrong}")
        errors = self.errors + [f"web: {e}" for e in web_errors]
        if errors:
            out.append(f"errors ({len(errors)}), the first {min(len(errors), MAX_PROBLEMS_KEPT)}:")
            out += [f"  {e[:300]}" for e in errors[:MAX_PROBLEMS_KEPT]]
        lost = self.check.lost + self.check.unexplained + (self.rounds.lost + self.rounds.wrong if self.rounds else 0)
        tally = f"{self.web.percentile(99, 'tally'):.1f}" if self.web else "n/a"
        ledger = f"{self.web.percentile(99, 'ledger'):.1f}" if self.web else "n/a"
        out.append(
            f"live_tables: {self.connected} phones connected on {self.tables} tables, "
            f"{self.moves / self.seconds:.1f} moves/s, seen by the others in p50 {percentile(ms, 50):.0f} ms, "
            f"p95 {percentile(ms, 95):.0f} ms, p99 {percentile(ms, 99):.0f} ms; errors {len(errors) + self.missing}, "
            f"lost moves {lost}; server CPU {self.cpu_seconds / self.seconds / max(self.connected, 1) * 1000:.2f} "
            f"ms/s per phone; tally p99 {tally} ms, ledger p99 {ledger} ms"
        )
        return out


# ---- the reviews of the holes the phones finished ----------------------------------------


@dataclass(frozen=True)
class ReviewLags:
    """How long after each finished hole its review was kept (``table_holes``: ``reviewed_at``
    less ``finished_at``, both the database's clock), and how many holes had none yet after
    ``REVIEWS_WAIT_S``."""

    by_hole: list[tuple[int, float]]  # (the hole's number, its lag), in the order they ended
    unreviewed: int

    @property
    def lags(self) -> list[float]:
        return sorted(lag for _, lag in self.by_hole)

    def line(self) -> str:
        s = self.lags
        return (
            f"reviews of the finished holes: {len(s)}, kept p50 {percentile(s, 50):.2f} s, "
            f"p95 {percentile(s, 95):.2f} s, max {max(s, default=0):.2f} s after the hole ended; "
            f"not reviewed {REVIEWS_WAIT_S:g} s after the last move: {self.unreviewed}\n"
            "  by hole: " + ", ".join(f"{hole}: {lag:.2f} s" for hole, lag in self.by_hole)
        )


def review_lags(database_url: str) -> ReviewLags:
    """Wait (up to ``REVIEWS_WAIT_S``) for every finished hole's review, then read the lags of the
    tables of people."""
    from sqlalchemy import create_engine, text

    engine = create_engine(database_url)
    try:
        waited_until = time.monotonic() + REVIEWS_WAIT_S
        with engine.connect() as connection:
            while time.monotonic() < waited_until:
                due = connection.execute(text("SELECT count(*) FROM table_holes WHERE review_due")).scalar_one()
                connection.commit()
                if not due:
                    break
                time.sleep(0.2)
            # the people's tables only: the web clients' solo games judge each hole as it ends
            rows = connection.execute(
                text(
                    "SELECT h.hole, h.finished_at, h.reviewed_at FROM table_holes h "
                    "JOIN live_tables t ON t.id = h.table_id WHERE NOT t.solo ORDER BY h.finished_at"
                )
            ).all()
    finally:
        engine.dispose()
    lags = [(hole, (_moment(done) - _moment(ended)).total_seconds()) for hole, ended, done in rows if done is not None]
    return ReviewLags(lags, sum(1 for _, _, done in rows if done is None))


def _moment(value: Any) -> Any:
    """A timestamp as the driver gives it (SQLite: text), as a datetime."""
    from datetime import datetime

    return datetime.fromisoformat(value) if isinstance(value, str) else value


# ---- the web clients, in a process of their own ---------------------------------------


@dataclass
class WebClientRecords:
    """What one web client of the other process recorded: all a ``Phase`` reads of a client."""

    records: list[Record]
    window_start: int
    think: float


def paced_web_load(base_url: str, clients: int, seconds: float, seed: int, think: float) -> tuple[Phase, RoundCheck]:
    """``bench/web_load.py``'s paced mixed phase and the check of its rounds, run in a process of
    its own (``ProcessPoolExecutor``) as web_load.py runs it: among the phones' hundreds of threads
    a web client's answer waited for this process's interpreter lock before its clock stopped."""
    phase = run_phase("paced web load", base_url, clients, seconds, MIXED, seed, think)
    rounds = check_rounds(base_url, phase.clients)
    kept = [WebClientRecords(c.records, c.window_start, c.think) for c in phase.clients]
    return Phase(phase.name, kept, phase.seconds), rounds  # type: ignore[arg-type]  # a client's records only


def process_cpu_seconds(pids: list[int]) -> float:
    table = processes()
    return sum(table[pid].cpu_ticks for pid in pids if pid in table) / os.sysconf("SC_CLK_TCK")


def machine_speed() -> float:
    """Seconds a fixed single-threaded Python loop takes now: this machine's speed swings from one
    hour to the next, and a run's figures with it (docs/live-tables.md). It does not tell the
    whole spread: two runs after loops of 1.16 s each gave a score's p99 77 and 102 ms."""
    started = time.perf_counter()
    total = 0
    for i in range(20_000_000):
        total += i * i % 7
    return time.perf_counter() - started


def describe(url: str) -> str:
    return "PostgreSQL" if url.startswith("postgres") else "SQLite"


def measure(
    database_url: str,
    tables: int,
    phones: int,
    duration: float,
    think: float,
    workers: int = 2,
    web_clients: int = 50,
    web_think: float = 0.5,
    seed: int = 1,
    log_dir: Path | None = None,
    say: Callable[[str], None] = print,
    request_log: bool = False,
    live: str = "stream",
    live_nice: int | None = LIVE_NICE,
    live_workers: int = LIVE_WORKERS,
    live_env: dict[str, str] | None = None,
    server_env: dict[str, str] | None = None,
) -> Report:
    """``live_nice`` None: one server serves the phones and the pages; else the phones have a server
    of their own, ``live_workers`` workers started under ``nice -n live_nice`` (docs/production.md)."""
    # one live worker holds every phone (LIVE_WAITERS), with room for the streams being reopened
    live_env = {"LIVE_WAITERS": str(max(250, -(-tables * phones // live_workers) + 50)), **(live_env or {})}
    loop_s = machine_speed()
    with tempfile.TemporaryDirectory(prefix="live-tables-") as scratch:
        logs = Path(log_dir or scratch)
        with scratch_database(Path(scratch), database_url, prefix="live_tables") as url:
            # Computers never sit at these tables: the driver thread only looks for due turns.
            extra = {"REQUEST_LOG": "true"} if request_log else {}
            extra["LIVE_OPEN_TABLES"] = str(tables)  # every table is made from this one address
            with contextlib.ExitStack() as servers:
                server = servers.enter_context(
                    gunicorn_server(
                        url,
                        workers=workers,
                        log_path=logs / "caddie.log",
                        extra_env={**extra, **(server_env or {})},
                        helpers_nice=HELPERS_NICE,
                    )
                )
                live_server = server
                if live_nice is not None:
                    live_server = servers.enter_context(
                        gunicorn_server(
                            url,
                            workers=live_workers,
                            log_path=logs / "caddie-live.log",
                            extra_env={
                                **extra,
                                "MIGRATE_ON_START": "false",
                                **live_env,
                            },
                            nice=live_nice,
                            helpers_nice=HELPERS_NICE,
                        )
                    )
                serving = [server] if live_server is server else [server, live_server]
                say(f"caddie at {server.url} ({describe(url)}); setting up {tables} tables of {phones} phones")
                seated = open_tables(live_server.url, tables, phones, think, seed)
                for phones_at in seated:
                    phones_at[0].fetch()
                start_versions = {p[0].table: p[0].version for p in seated}
                everyone = [p for t in seated for p in t]
                say(f"{len(everyone)} phones seated; playing for {duration:g} s beside {web_clients} web clients")
                web_process = servers.enter_context(
                    ProcessPoolExecutor(max_workers=1, mp_context=multiprocessing.get_context("spawn"))
                )
                web_process.submit(int).result()  # started, its modules imported, before the clock
                web_pids = list(web_process._processes)  # its one process, for its CPU time
                cpu_before = [server_cpu_seconds(each) for each in serving]
                own_before = _own_cpu_seconds() + process_cpu_seconds(web_pids)
                database_before = database_cpu_seconds()
                machine_before = MachineTimes.now()
                started = time.perf_counter()
                deadline = started + duration
                threads = [
                    threading.Thread(
                        target=p.run_stream if live == "stream" else p.run,
                        args=(deadline, deadline + SETTLE_S),
                        daemon=True,
                    )
                    for p in everyone
                ]
                for thread in threads:
                    thread.start()
                web = (
                    web_process.submit(paced_web_load, server.url, web_clients, duration, seed, web_think)
                    if web_clients
                    else None
                )
                time.sleep(max(deadline - time.perf_counter(), 0))
                server_cpu = [
                    tuple(after - before for after, before in zip(server_cpu_seconds(each), earlier, strict=True))
                    for each, earlier in zip(serving, cpu_before, strict=True)
                ]
                cpu_seconds = sum(sum(each) for each in server_cpu)
                client_cpu_seconds = _own_cpu_seconds() + process_cpu_seconds(web_pids) - own_before
                database_seconds = database_cpu_seconds() - database_before
                machine = MachineTimes.now() - machine_before
                seconds = time.perf_counter() - started
                for thread in threads:
                    thread.join(timeout=LONG_POLL_S + SETTLE_S + 30)
                web_phase, rounds = web.result() if web is not None else (None, None)
                connected = sum(1 for p in everyone if p.seen and not p.errors)
                say("reading every table back")
                check = check_tables(live_server.url, seated, start_versions)
                found, missing = delays(seated)
                say("waiting for the finished holes' reviews")
                reviews = review_lags(url)
                errors = [f"table {p.table} seat {p.seat}: {e}" for p in everyone for e in p.errors]
                server_times: dict[str, list[float]] = {}
                for line in [line for each in serving for line in each.request_lines()] if request_log else []:
                    what = f"{line['method']} {PUBLIC_ID.sub('/<id>', line['path'])}"
                    server_times.setdefault(what, []).append(float(line["duration_ms"]))
                return Report(
                    layout=(
                        f"{workers} gunicorn workers"
                        if live_server is server
                        else f"the pages on {workers} gunicorn workers, the phones on {live_workers} "
                        f"at nice {live_nice} (its session's group too), each server's helpers {HELPERS_NICE} below"
                    ),
                    tables=len(seated),
                    phones=phones,
                    seconds=seconds,
                    database=describe(url),
                    connected=connected,
                    moves=sum(1 for p in everyone for s in p.sent if s.acknowledged),
                    delays=found,
                    missing=missing,
                    errors=errors,
                    check=check,
                    cpu_seconds=cpu_seconds,
                    server_cpu=server_cpu,
                    client_cpu_seconds=client_cpu_seconds,
                    database_cpu_seconds=database_seconds,
                    retry_afters=sum(p.retry_afters for p in everyone),
                    reconnects=sum(p.reconnects for p in everyone),
                    live=live,
                    stream_reopens=sum(p.stream_reopens for p in everyone),
                    machine_loop_s=loop_s,
                    machine=machine,
                    web=web_phase,
                    rounds=rounds,
                    server_times=server_times,
                    reviews=reviews,
                )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100, help="tables (default 100)")
    parser.add_argument("--phones", type=int, default=4, help="phones at each table, 2 to 6 (default 4)")
    parser.add_argument("--duration", type=float, default=60, help="seconds of play (default 60)")
    parser.add_argument("--think-ms", type=float, default=1500, help="a person's mean time to move (default 1500)")
    parser.add_argument("--workers", type=int, default=2, help="gunicorn workers (default 2)")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("TEST_DATABASE_URL", ""),
        help="a PostgreSQL database to use a new schema of (default TEST_DATABASE_URL, else a SQLite file)",
    )
    parser.add_argument("--web-clients", type=int, default=50, help="bench/web_load.py's paced clients (0: none)")
    parser.add_argument("--web-think-ms", type=float, default=500, help="their mean pause (default 500)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--log-dir", type=Path, help="keep the server's log here")
    parser.add_argument(
        "--request-log", action="store_true", help="log every request in the app and show its times per endpoint"
    )
    parser.add_argument(
        "--live",
        choices=("stream", "poll"),
        default="stream",
        help="how a phone follows its table: the event stream (default) or long polls",
    )
    parser.add_argument(
        "--live-nice",
        type=int,
        default=LIVE_NICE,
        help=f"the phones' server runs under nice -n this (default {LIVE_NICE}; docs/production.md)",
    )
    parser.add_argument(
        "--live-workers", type=int, default=LIVE_WORKERS, help=f"the phones' server's workers (default {LIVE_WORKERS})"
    )
    parser.add_argument(
        "--one-server", action="store_true", help="one server for the phones and the pages, as a small deployment"
    )
    parser.add_argument("--live-env", action="append", default=[], help="NAME=VALUE for the phones' server")
    parser.add_argument("--server-env", action="append", default=[], help="NAME=VALUE for the (pages') server")
    args = parser.parse_args(argv)
    if not 2 <= args.phones <= 6:
        parser.error("--phones is 2 to 6 (a Grid Golf table's seats)")
    report = measure(
        args.database_url,
        args.tables,
        args.phones,
        args.duration,
        args.think_ms / 1000,
        args.workers,
        args.web_clients,
        args.web_think_ms / 1000,
        args.seed,
        args.log_dir,
        say=lambda s: print(s, file=sys.stderr, flush=True),
        request_log=args.request_log,
        live=args.live,
        live_nice=None if args.one_server else args.live_nice,
        live_workers=args.live_workers,
        live_env=dict(item.split("=", 1) for item in args.live_env),
        server_env=dict(item.split("=", 1) for item in args.server_env),
    )
    print("\n".join(report.lines()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
