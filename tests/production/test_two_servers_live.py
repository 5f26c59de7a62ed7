"""Two app servers on one database, two people at one live table, each talking to their own server.

Two gunicorn servers (one worker each) share the database (a schema of TEST_DATABASE_URL's
PostgreSQL, else one SQLite file) and the SECRET_KEY, as behind a load balancer. Ann talks
only to the first, Bob only to the second, through the JSON API (docs/api.md, "Live tables"):
Ann makes a Grid Golf table of four cards, Bob joins it by its code, Ann starts it, and they
play a whole hole and start the next.

Before each of them acts, the other is already waiting on their own server in a long poll
(``GET /api/v1/tables/<id>?wait=<version>``, in a thread). That wait must come back with the
new version within a couple of seconds: the server it waits on never saw the request that
changed the table, so only its watcher reading the versions from the database
(caddie/store/live_changes.py) can wake it; a wait that is not woken runs for 25 seconds.

Every pair of views of one version is compared: each seat sees the other's grid exactly as its
owner does, so a card face down (hidden from its owner too) is hidden from the other, and a card
drawn is in its holder's view only. At the end both servers give every seat, and the onlooker,
the same view.
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from typing import Any

from bench.web_load import Http

TABLES = "/api/v1/tables"
RULES = {"cards": 4, "holes": 9, "end": "final_turn"}  # a short hole, in which both have their turns
PEOPLE = [{"kind": "person"}, {"kind": "person"}]

SETTLE_S = 0.4  # the time a long poll is given to be waiting on its server before the other acts
WOKEN_WITHIN_S = 3.0  # the watcher reads the versions every 0.1 s: a woken wait answers well inside this
LONG_POLL_MAX_S = 25  # the servers' LIVE_LONG_POLL_MAX_S (the default): a wait that was not woken


class Person:
    """One person at the table: every request of theirs goes to their one server."""

    def __init__(self, name: str, url: str) -> None:
        self.name = name
        self.url = url
        self.http = Http(url)
        self.token: str | None = None

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, dict[str, Any]]:
        headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
        answer = self.http.request(method, path, json_body=body, headers=headers)
        assert answer.status != 500, answer.text()
        assert answer.headers.get("Content-Type", "").startswith("application/json"), (answer.status, answer.body)
        assert answer.headers.get("Cache-Control") == "no-store"
        return answer.status, answer.json()

    def look(self, table_id: str) -> dict[str, Any]:
        status, view = self.call("GET", f"{TABLES}/{table_id}")
        assert status == 200, view
        return view

    def move(self, table_id: str, version: int, action: dict[str, Any]) -> dict[str, Any]:
        status, view = self.call("POST", f"{TABLES}/{table_id}/moves", {"version": version, "action": action})
        assert status == 200, (self.name, action, view)
        return view

    def close(self) -> None:
        self.http.close()


class LongPoll:
    """``person`` waiting on their own server, in a thread of its own, for the table to pass ``version``.

    While it runs, nothing else uses that person's connection."""

    def __init__(self, person: Person, table_id: str, version: int) -> None:
        self.person = person
        self.path = f"{TABLES}/{table_id}?wait={version}"
        self.status: int | None = None
        self.view: dict[str, Any] = {}
        self.error: BaseException | None = None
        self.began = self.answered_at = 0.0
        self.thread = threading.Thread(target=self._run, name=f"long poll of {person.name}", daemon=True)

    def _run(self) -> None:
        try:
            self.status, self.view = self.person.call("GET", self.path)
        except BaseException as error:  # handed to the test's thread by result()
            self.error = error
        finally:
            self.answered_at = time.monotonic()

    def start(self) -> LongPoll:
        self.began = time.monotonic()
        self.thread.start()
        return self

    def waiting(self) -> bool:
        return self.thread.is_alive()

    def result(self) -> tuple[int | None, dict[str, Any]]:
        self.thread.join(timeout=LONG_POLL_MAX_S + 15)
        if self.thread.is_alive():  # the server never answered: break the connection so the thread ends
            self.person.close()
            self.thread.join(timeout=10)
            raise AssertionError(f"{self.person.name}'s long poll {self.path} got no answer at all")
        if self.error is not None:
            raise self.error
        return self.status, self.view


def seen_from_the_other_server(
    watcher: Person, table_id: str, version: int, act: Callable[[], dict[str, Any]], delays: list[float]
) -> tuple[dict[str, Any], dict[str, Any]]:
    """``act()`` (a request of the other person, to the other server) while ``watcher`` waits on
    their own server for the table to pass ``version``: what ``act`` answered, and what the wait did.

    The wait must have been waiting when ``act`` began, and must answer with the version ``act``
    made within ``WOKEN_WITHIN_S`` of it (its delay is appended to ``delays``)."""
    poll = LongPoll(watcher, table_id, version).start()
    try:
        time.sleep(SETTLE_S)
        assert poll.waiting(), f"{watcher.name}'s wait past version {version} answered at once: {poll.view}"
        sent = time.monotonic()
        acted = act()
    finally:
        status, seen = poll.result()
    delay = poll.answered_at - sent
    assert status == 200, seen
    assert acted["version"] == version + 1, acted
    assert seen["version"] == acted["version"], (
        f"{watcher.name}'s wait came back after {poll.answered_at - poll.began:.1f} s with version "
        f"{seen['version']}, not the {acted['version']} the other server made"
    )
    # A wait that runs out also answers with the table as it is then: the time shows it was woken.
    assert delay < WOKEN_WITHIN_S, (
        f"version {acted['version']} reached {watcher.name}'s waiting request after {delay:.2f} s "
        f"(a wait that is not woken runs out after {LONG_POLL_MAX_S} s)"
    )
    delays.append(delay)
    return acted, seen


def choose(view: dict[str, Any]) -> dict[str, Any]:
    """A simple legal move from the seat's own view: the first cards, a draw, the drawn card onto
    a face-down place."""
    mine = view["view"]
    face_down = [position for position, card in enumerate(mine["grid"]) if card is None]
    if view["phase"] == "flip":
        return {"action": "flip", "positions": face_down[: mine["rules"]["initial_flips"]]}
    if "drawn" not in mine:
        return {"action": "draw"}
    return {"action": "swap", "position": face_down[0] if face_down else 0}


def assert_one_table(views: list[dict[str, Any]], tokens: list[str]) -> int:
    """Seat 0's and seat 1's views of one version agree, and neither holds what only the other may
    see: each sees the other's grid exactly as its owner does (a face-down card is hidden from its
    owner too, so from the other), a drawn card only its holder. How many face-down cards it checked."""
    ann, bob = views
    assert (ann["seat"], bob["seat"]) == (0, 1)
    for key in ("version", "game", "holes", "phase", "to_move", "names", "totals", "hole", "seats", "events"):
        assert ann[key] == bob[key], (key, ann[key], bob[key])
    for seat, view in enumerate(views):
        text = json.dumps(view)
        assert tokens[1 - seat] not in text and tokens[seat] not in text  # no seat token in a view
        assert "seed" not in view and "deck" not in (view["view"] or {})
    if ann["view"] is None:  # the lobby
        assert bob["view"] is None
        return 0
    mine = [ann["view"], bob["view"]]
    for key in ("rules", "discard", "discard_pile", "deck_size"):
        assert mine[0][key] == mine[1][key], (key, mine[0][key], mine[1][key])
    hidden = 0
    for seat in (0, 1):
        own, others = mine[seat]["grid"], mine[1 - seat]["opponents"]
        assert others == [own], f"seat {1 - seat} sees seat {seat}'s grid as {others[0]}, its owner as {own}"
        hidden += own.count(None)
    assert not ("drawn" in mine[0] and "drawn" in mine[1]), "a drawn card is its holder's alone"
    if ann["phase"] == "turn" and ann["to_move"] is not None:
        other = mine[1 - ann["to_move"]]
        assert "drawn" not in other and "drawn_from" not in other
    return hidden


def test_two_people_on_two_servers_play_a_hole_and_see_each_others_moves(database_url, start_server):
    first = start_server(database_url)
    second = start_server(database_url)  # its master migrates too: finds nothing to do
    ann, bob = Person("Ann", first.url), Person("Bob", second.url)
    people = [ann, bob]
    delays: list[float] = []
    hidden_seen = 0
    try:
        status, table = ann.call("POST", TABLES, {"name": "Ann", "seats": PEOPLE, "rules": RULES})
        assert status == 201, table
        table_id, ann.token = table["id"], table["seat_token"]
        assert table["version"] == 1

        # Bob joins by the code on his server while Ann's phone waits in the lobby on hers.
        def join() -> dict[str, Any]:
            status, joined = bob.call("POST", f"{TABLES}/{table['code'].lower()}/join", {"name": "Bob"})
            assert status == 200, joined
            assert joined["id"] == table_id and joined["seat"] == 1
            bob.token = joined["seat_token"]
            return joined

        _, lobby = seen_from_the_other_server(ann, table_id, 1, join, delays)
        assert lobby["phase"] == "lobby" and lobby["names"] == ["Ann", "Bob"]
        assert_one_table([lobby, bob.look(table_id)], [ann.token, bob.token])

        # Ann starts it on hers while Bob waits on his.
        def start() -> dict[str, Any]:
            status, dealt = ann.call("POST", f"{TABLES}/{table_id}/start")
            assert status == 200, dealt
            return dealt

        dealt, bobs = seen_from_the_other_server(bob, table_id, 2, start, delays)
        assert dealt["phase"] == bobs["phase"] == "flip" and dealt["hole"] == 1
        hidden_seen += assert_one_table([dealt, bobs], [ann.token, bob.token])

        # The hole: whoever is to move looks and moves on their server; the other waits on theirs.
        view = dealt
        moves = {0: 0, 1: 0}
        while view["phase"] in ("flip", "turn"):
            assert sum(moves.values()) < 40, "the hole did not end"
            seat = view["to_move"]
            mover, watcher = people[seat], people[1 - seat]
            mine = mover.look(table_id)
            assert mine["version"] == view["version"] and mine["to_move"] == seat
            action = choose(mine)
            acted, seen = seen_from_the_other_server(
                watcher,
                table_id,
                mine["version"],
                lambda mover=mover, mine=mine, action=action: mover.move(table_id, mine["version"], action),
                delays,
            )
            if action["action"] == "draw":
                assert acted["view"]["drawn"] is not None and acted["view"]["drawn_from"] == "deck"
            views = [acted, seen] if seat == 0 else [seen, acted]
            hidden_seen += assert_one_table(views, [ann.token, bob.token])
            moves[seat] += 1
            view = acted
        assert view["phase"] == "hole_over" and view["hole"] == 1 and view["to_move"] is None
        assert moves[0] >= 3 and moves[1] >= 3, moves  # the first cards, then a draw and a swap each
        assert hidden_seen > 0
        assert all(card is not None for card in view["view"]["grid"] + view["view"]["opponents"][0])
        assert any("Hole 1 is over" in text for text in view["events"])

        # Bob starts the next hole on his server; Ann, waiting on hers, sees it.
        next_hole, anns = seen_from_the_other_server(
            ann, table_id, view["version"], lambda: bob.move(table_id, view["version"], {"action": "next_hole"}), delays
        )
        assert next_hole["hole"] == anns["hole"] == 2 and anns["phase"] == "flip"
        assert anns["totals"] == view["totals"]
        assert_one_table([anns, next_hole], [ann.token, bob.token])

        # Both servers give each seat, and the onlooker, the same view.
        watch = table["watch_url"].rsplit("/", 1)[1]
        last: dict[str | None, list[dict[str, Any]]] = {}
        for token in (ann.token, bob.token, watch):
            answers = []
            for url in (first.url, second.url):
                reader = Person("reader", url)
                reader.token = token
                try:
                    answer = reader.look(table_id)
                finally:
                    reader.close()
                # each server links the scorecard on its own address: the same round either way
                assert answer["scorecard_url"].startswith(url + "/ledger/s/")
                answers.append({**answer, "scorecard_url": answer["scorecard_url"].removeprefix(url)})
            assert answers[0] == answers[1], f"the servers show seat {answers[0]['seat']} differently"
            last[answers[0]["seat"]] = answers
        assert last[0][0]["version"] == next_hole["version"]
        onlooker = last[None][0]["view"]
        assert [p["grid"] for p in onlooker["players"]] == [last[0][0]["view"]["grid"], last[1][0]["view"]["grid"]]
    finally:
        for person in people:
            person.close()
    print(
        f"{len(delays)} changes seen from the other server in "
        f"{min(delays) * 1000:.0f} to {max(delays) * 1000:.0f} ms, mean {sum(delays) / len(delays) * 1000:.0f} ms"
    )
    for server in (first, second):
        assert server.alive(), server.log()
        assert "Traceback" not in server.log(), server.log()
