"""JSON API v1: a table's people, ``GET /api/v1/players`` (DESIGN section 8; docs/people.md).

Three finished rounds among Ann, Bo and Cy and one left unfinished, dealt by this browser through
the API: the people rated best first in their finishing order, wins and ratings from the finished
rounds alone; a game asked for; an edit token's round alone; a match against computers apart and
never rated. Every answer is checked against the document."""

from __future__ import annotations

from tests.web.api.test_api_live import _documented, bearer
from tests.web.play.test_play_pages import moved_by_the_test, start

PLAYERS = "/api/v1/players"
ORDER = {"Ann": 2, "Cy": 3, "Bo": 4}  # a hole's score each: Ann first, then Cy, then Bo


def dealt(client, holes_entered: int = 9) -> str:
    """A round of Ann, Bo and Cy dealt by this browser, ``holes_entered`` holes of it entered; its edit token."""
    answer = client.post("/api/v1/rounds", json={"players": ["Ann", "Bo", "Cy"], "holes": 9, "game": "grid"})
    assert answer.status_code == 201, answer.get_json()
    created = answer.get_json()
    for hole in range(1, holes_entered + 1):
        scores = dict(ORDER)
        written = client.put(f"/api/v1/rounds/{created['round']['id']}/holes/{hole}", json={"scores": scores})
        assert written.status_code == 200, written.get_json()
    return created["edit_token"]


def players(client, query: str = "", token: str | None = None):
    return _documented(PLAYERS, "get", client.get(PLAYERS + query, headers=bearer(token)))


def test_the_people_of_finished_rounds_are_rated_best_first(client):
    assert players(client) == (200, {"players": [], "against_computers": []})
    tokens = [dealt(client) for _ in range(3)]
    dealt(client, holes_entered=4)  # left before its end: rounds, but neither wins nor ratings
    status, body = players(client)
    assert status == 200 and body["against_computers"] == []
    people = body["players"]
    assert [p["name"] for p in people] == ["Ann", "Cy", "Bo"]  # best first: their finishing order
    assert [p["rounds"] for p in people] == [4, 4, 4] and [p["wins"] for p in people] == [3, 0, 0]
    ann, cy, bo = (p["rating"] for p in people)
    assert ann["shown"] > cy["shown"] > bo["shown"] and ann["provisional"]
    assert abs(ann["ordinal"] - (ann["mu"] - 3 * ann["sigma"])) < 0.02
    assert people[0]["average_per_hole"] == 2.0 and people[0]["game"] == "grid"

    assert players(client, "?game=clubs") == (200, {"players": [], "against_computers": []})
    status, refused = players(client, "?game=chess")
    assert status == 400 and refused["field"] == "game"

    # an edit token sees its own round alone, from a phone with no cookie
    stranger = client.application.test_client()
    status, one = players(stranger, token=tokens[0])
    assert status == 200 and [p["rounds"] for p in one["players"]] == [1, 1, 1]
    assert players(stranger, token="Zk8t2mQv5XbN0rLs7HcW4pJd9EyFg1Ua") == (
        200,
        {"players": [], "against_computers": []},
    )


def test_a_match_against_computers_is_counted_apart_and_never_rated(app, client):
    from tests.web.play.test_hole_review_pages import play_hole
    from tests.web.play.test_play_pages import legal_moves

    moved_by_the_test(app)
    public_id = start(client, opponents=1, cards=4)
    play_hole(app, client, public_id, lambda path, html: legal_moves(html)[0])
    status, body = players(client)
    assert status == 200 and body["players"] == []
    (apart,) = body["against_computers"]  # the person alone: the computer is not one of the table's people
    assert apart["name"] == "Pat" and apart["rounds"] == 1 and apart["rating"] is None
