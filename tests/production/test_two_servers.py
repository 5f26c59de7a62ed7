"""Two app servers on one database, one browser alternating between them.

Two gunicorn servers (one worker each) share the database (a schema of
TEST_DATABASE_URL's PostgreSQL, else one SQLite file) and the SECRET_KEY, as
behind a load balancer. One cookie jar (the session is a signed cookie, so
either server reads what the other wrote) sends every request to the other
server than the last. After every step both servers must show the same state:
no move or score lost, none played twice. A match against a computer is a
table (``/t/<id>``) whose computer either server's driver moves; the test
waits for it, as a phone does, before comparing the servers' pages.
"""

from __future__ import annotations

import difflib
import re
import time

from bench.web_load import BUTTON, CSRF_META, GAME_SERVER_ENV, VERSION, Http
from caddie.core.clubs.solver import solve

HAND_CARD = re.compile(
    r'class="club-card[^"]*">\s*(?:<input [^>]*value="(\d+)"[^>]*>)?\s*'
    r'<span class="yards">(\d+)</span>'
)
YARDAGE = re.compile(r'id="hole-facts"><b class="num">(\d+)</b>')
HOLE_NO = re.compile(r'class="hole-no">(?:<span class="visually-hidden">[^<]*</span>)?Hole (\d+)')
# What differs between two renders of the same state: each render signs a new CSRF token.
TOKEN = re.compile(r'(name="csrf-token" content=|name="csrf_token" value=|"X-CSRFToken": )"[^"]*"')


class Browser:
    """One cookie jar, each request to the other server than the last one."""

    def __init__(self, *urls: str) -> None:
        self.tabs = [Http(url) for url in urls]
        for tab in self.tabs[1:]:
            tab.cookies = self.tabs[0].cookies
        self.sent = 0

    def request(self, method: str, path: str, **options):
        tab = self.tabs[self.sent % len(self.tabs)]
        self.sent += 1
        return tab.request(method, path, **options)

    def everywhere(self, path: str, **options) -> list:
        """GET ``path`` from every server (not counted in the alternation)."""
        return [tab.request("GET", path, **options) for tab in self.tabs]

    def same_page(self, path: str) -> str:
        """The page at ``path``, checked to be the same on every server; its HTML."""
        pages = self.everywhere(path)
        assert [p.status for p in pages] == [200] * len(pages)
        texts = [TOKEN.sub(r"\1", p.text()) for p in pages]
        for text in texts[1:]:
            if text != texts[0]:
                diff = difflib.unified_diff(texts[0].splitlines(), text.splitlines(), lineterm="", n=1)
                raise AssertionError(f"the servers show {path} differently:\n" + "\n".join(diff))
        return pages[0].text()

    def close(self) -> None:
        for tab in self.tabs:
            tab.close()


def legal_moves(html: str) -> list[str]:
    return [value for value, rest in BUTTON.findall(html) if not re.search(r"\bdisabled\b", rest)]


def form_of(html: str, csrf: str) -> dict[str, str]:
    """The table's move form: the version it shows, the person's seat (the page's CSRF token: an
    htmx answer, a part of the page, carries none)."""
    return {"csrf_token": csrf, "version": VERSION.search(html).group(1), "seat": "0"}


def settled(browser: Browser, path: str, seconds: float = 60) -> None:
    """Wait until no computer is thinking at the table: either server's driver moves it."""
    deadline = time.monotonic() + seconds
    while 'id="continue"' in browser.request("GET", path).text():
        assert time.monotonic() < deadline, "the computer did not move"
        time.sleep(0.05)


def test_a_match_a_club_round_and_a_ledger_round_across_two_servers(database_url, start_server):
    # the computers move at once: what is compared is the servers' state, not the pauses
    first = start_server(database_url, extra_env=GAME_SERVER_ENV)
    second = start_server(database_url, extra_env=GAME_SERVER_ENV)  # its master migrates too: finds nothing to do
    browser = Browser(first.url, second.url)
    try:
        play_grid_golf(browser, holes_to_play=3)
        play_club_cards(browser, holes_to_play=2)
        keep_a_ledger_round(browser)
    finally:
        browser.close()
    for server in (first, second):
        assert server.alive(), server.log()
        assert "Traceback" not in server.log(), server.log()


def play_grid_golf(browser: Browser, holes_to_play: int) -> None:
    def grid_move(html: str) -> tuple[str, dict]:
        moves = legal_moves(html)
        assert moves, "the person has a move whenever no computer is thinking"
        action = "next" if "next" in moves else moves[0]
        return "act", {"action": action}

    html = play_match(browser, "/play/", {"cards": "4", "negatives": "twos", "holes": "9"}, grid_move, holes_to_play)
    assert HOLE_NO.search(html).group(1) == str(holes_to_play + 1)


def play_club_cards(browser: Browser, holes_to_play: int) -> None:
    def club_move(html: str) -> tuple[str, dict]:
        if 'id="next-hole"' in html:
            return "act", {"action": "next"}
        hand = [int(yards) for _, yards in HAND_CARD.findall(html)]
        cards = solve(hand, int(YARDAGE.search(html).group(1))).cards
        return "act", {"action": "play", "pick": [str(c) for c in cards]}

    play_match(browser, "/play/clubs/", {"course": "cedar-nine"}, club_move, holes_to_play)


def play_match(browser: Browser, start: str, settings: dict, person_move, holes_to_play: int) -> str:
    """Start a match at ``start`` against one computer and play ``holes_to_play`` holes at its
    table, the person's moves chosen by ``person_move(html) -> (act, form)``, the computer's made
    by the servers; the last table page."""
    page = browser.request("GET", start).text()
    form = {
        "csrf_token": CSRF_META.search(page).group(1),
        "player": "Pat",
        "opponents": "1",
        "seats-0-name": "Ada",
        "seats-0-level": "steady",
        **settings,
    }
    started = browser.request("POST", start, form=form)
    assert started.status == 303, started.text()[:2000]
    path = started.headers["Location"]
    assert path.startswith("/t/"), path

    settled(browser, path)
    html = browser.same_page(path)
    csrf = CSRF_META.search(html).group(1)
    version = int(VERSION.search(html).group(1))
    holes_done = 0
    while holes_done < holes_to_play:
        assert version < 400, "the holes did not end"
        assert 'id="continue"' not in html, "the table settled at the person's turn"
        act, extra = person_move(html)
        post, fields = f"{path}/{act}", {**form_of(html, csrf), **extra}
        holes_done += extra["action"] == "next"
        # posted as the page's htmx does: the answer is the table just after the move, before the computer's
        move = browser.request("POST", post, form=fields, headers={"HX-Request": "true"})
        assert move.status == 200, move.text()[:2000]
        moved = int(VERSION.search(move.text()).group(1))
        assert moved == version + 1, f"one move took the match from version {version} to {moved}"
        # The same post again, to the other server: refused.
        again = browser.request("POST", post, form=fields)
        assert again.status == 409, again.text()[:2000]
        settled(browser, path)
        html = browser.same_page(path)
        now = int(VERSION.search(html).group(1))
        assert now >= moved, f"the match went back from version {moved} to {now}"
        version = now

    # Every finished hole landed in the match's ledger round once, the same on both servers.
    round_id = re.search(r'href="/ledger/r/([^"#?/]+)"', html).group(1)
    rounds = [a.json() for a in browser.everywhere(f"/api/v1/rounds/{round_id}")]
    assert rounds[0] == rounds[1]
    for player in rounds[0]["players"]:
        assert player["thru"] == holes_to_play, player
        assert all(score is not None for score in player["scores"][:holes_to_play])
        assert all(version == 1 for version in player["versions"][:holes_to_play]), "each hole written once"
    return html


def keep_a_ledger_round(browser: Browser) -> None:
    """Deal through the API (the cookie makes this browser the owner), score through the form."""
    dealt = browser.request("POST", "/api/v1/rounds", json_body={"players": ["Ann", "Bo"], "holes": 9})
    assert dealt.status == 201, dealt.text()
    round_id = dealt.json()["round"]["id"]
    expected = {"Ann": [None] * 9, "Bo": [None] * 9}
    scores = iter([5, -2, 0, 7, 12, 3, -4, 9, 1, 6, 2, 8])
    cells = [(seat, hole) for hole in range(1, 7) for seat in (0, 1)]
    for seat, hole in cells:
        page = browser.request("GET", f"/ledger/r/{round_id}?cell={seat}-{hole}")
        assert page.status == 200
        html = page.text()
        score = next(scores)
        form = {
            "csrf_token": CSRF_META.search(html).group(1),
            "seat": str(seat),
            "hole": str(hole),
            "version": VERSION.search(html).group(1),
            "score": str(score),
        }
        saved = browser.request("POST", f"/ledger/r/{round_id}/score", form=form)
        assert saved.status == 303, saved.text()[:2000]
        expected["Ann" if seat == 0 else "Bo"][hole - 1] = score
        # The same form again, to the other server: its cell version is old now, so it is refused.
        replayed = browser.request("POST", f"/ledger/r/{round_id}/score", form={**form, "score": "30"})
        assert replayed.status == 409, replayed.text()[:2000]
        rounds = [a.json() for a in browser.everywhere(f"/api/v1/rounds/{round_id}")]
        assert rounds[0] == rounds[1], "both servers show the same card"
        assert {p["name"]: p["scores"] for p in rounds[0]["players"]} == expected
    # And one hole through the API, on each server in turn, with the versions last seen.
    versions = {p["name"]: p["versions"][6] for p in rounds[0]["players"]}
    put = browser.request(
        "PUT", f"/api/v1/rounds/{round_id}/holes/7", json_body={"scores": {"Ann": 4, "Bo": 4}, "versions": versions}
    )
    assert put.status == 200, put.text()
    stale = browser.request(
        "PUT",
        f"/api/v1/rounds/{round_id}/holes/7",
        json_body={"scores": {"Ann": 9}, "versions": {"Ann": versions["Ann"]}},
    )
    assert stale.status == 409, stale.text()
    expected["Ann"][6] = expected["Bo"][6] = 4
    rounds = [a.json() for a in browser.everywhere(f"/api/v1/rounds/{round_id}")]
    assert rounds[0] == rounds[1]
    assert {p["name"]: p["scores"] for p in rounds[0]["players"]} == expected
