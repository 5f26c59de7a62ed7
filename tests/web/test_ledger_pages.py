"""The Ledger's HTML pages through the Flask test client: every action and every refusal."""

from __future__ import annotations

import csv
import html as htmllib
import io
import re

import pytest

from tests.conftest import CSRF_META, open_link


def errors(html: str) -> list[str]:
    return [htmllib.unescape(e).strip() for e in re.findall(r'class="error"[^>]*>([^<]+)<', html)]


def cell(html: str, seat: int, hole: int) -> str:
    return re.search(rf'id="cell-{seat}-{hole}" data-score="([^"]*)"', html).group(1)


def token(client, path: str) -> str:
    return CSRF_META.search(client.get(path).get_data(as_text=True)).group(1)


def deal(client, names=("Ann", "Bo", "Cy"), holes=9, game="grid", course=None) -> str:
    data = {"csrf_token": token(client, "/ledger/new"), "game": game, "holes": str(holes), "played_on": "2026-11-29"}
    if course:
        data["course"] = course
    for i, name in enumerate(names):
        data[f"players-{i}"] = name
    response = client.post("/ledger/new", data=data)
    assert response.status_code == 303, errors(response.get_data(as_text=True))
    match = re.match(r"/ledger/r/([^?]+)\?cell=0-1$", response.headers["Location"])
    assert match, response.headers["Location"]
    return match.group(1)


def enter(client, public_id, seat, hole, score, version=0, htmx=False, **extra):
    data = {
        "csrf_token": token(client, f"/ledger/r/{public_id}"),
        "seat": seat,
        "hole": hole,
        "score": score,
        "version": version,
        **extra,
    }
    headers = {"HX-Request": "true"} if htmx else {}
    sent = {name: value for name, value in data.items() if value is not None}
    return client.post(f"/ledger/r/{public_id}/score", data=sent, headers=headers)


def page(client, public_id) -> str:
    response = client.get(f"/ledger/r/{public_id}")
    assert response.status_code == 200
    return response.get_data(as_text=True)


def test_dealing_a_round_opens_the_pad_on_the_first_cell(client):
    public_id = deal(client)
    html = client.get(f"/ledger/r/{public_id}?cell=0-1").get_data(as_text=True)
    assert "Hole 1 · <strong>Ann</strong>" in html
    assert list(re.findall(r'<th scope="row" class="name" id="name-\d">([^<]+)</th>', html)) == ["Ann", "Bo", "Cy"]
    assert 'class="num sum">Out<' in html and ">In<" not in html


def test_entering_moves_to_the_next_player_then_the_next_hole(client):
    public_id = deal(client)
    assert enter(client, public_id, 0, 1, "5").headers["Location"].endswith("?cell=1-1#cell-1-1")
    assert enter(client, public_id, 1, 1, "−2").headers["Location"].endswith("?cell=2-1#cell-2-1")
    assert enter(client, public_id, 2, 1, "7").headers["Location"].endswith("?cell=0-2#cell-0-2")
    html = page(client, public_id)
    assert (cell(html, 0, 1), cell(html, 1, 1), cell(html, 2, 1)) == ("5", "-2", "7")
    assert re.search(r'data-player="Bo">\s*<th scope="row">Bo <span class="badge">Leader</span>', html)


def test_htmx_gets_the_live_fragment_with_the_pad_on_the_next_cell(client):
    public_id = deal(client)
    response = enter(client, public_id, 0, 1, "5", htmx=True)
    html = response.get_data(as_text=True)
    assert response.status_code == 200 and "<html" not in html
    assert 'name="seat" value="1"' in html and 'name="hole" value="1"' in html


@pytest.mark.parametrize(
    "score, message",
    [
        ("abc", '"abc" is not a score'),
        ("150", "A Grid Golf hole scores from −120 to 120."),
        ("-121", "A Grid Golf hole scores from −120 to 120."),
        ("4.5", '"4.5" is not a score'),
    ],
)
def test_a_bad_score_is_refused_beside_the_pad_and_kept(client, score, message):
    public_id = deal(client)
    response = enter(client, public_id, 0, 1, score)
    html = response.get_data(as_text=True)
    assert response.status_code == 400
    assert any(message in e for e in errors(html)), errors(html)
    assert f'value="{score}"' in html
    assert cell(page(client, public_id), 0, 1) == ""


def test_club_cards_rounds_show_the_course_and_refuse_impossible_scores(client):
    public_id = deal(client, names=("Ann", "Bo"), game="clubs", course="cedar-nine")
    html = page(client, public_id)
    assert ">Yds<" in html and ">Par<" in html and ">310<" in html
    response = enter(client, public_id, 0, 1, "0")
    assert "A Club Cards hole scores from 1 to 60." in errors(response.get_data(as_text=True))
    enter(client, public_id, 0, 1, "5")  # par 4: one over
    html = page(client, public_id)
    assert re.search(r"data-vs-par>\+1<", html)


def test_a_stale_write_is_refused_and_the_card_is_fresh(client, app):
    public_id = deal(client)
    enter(client, public_id, 0, 1, "5")
    other = app.test_client()
    open_link(other, f"/ledger/e/{edit_token(client, public_id)}")
    response = enter(other, public_id, 0, 1, "9", version=0)  # it never saw the 5
    html = response.get_data(as_text=True)
    assert response.status_code == 409
    assert any("Someone else changed Ann on hole 1" in e for e in errors(html))
    assert cell(html, 0, 1) == "5" and 'value="9"' in html  # the fresh card, and what they typed
    assert cell(page(client, public_id), 0, 1) == "5"


def test_a_correction_based_on_the_current_value_is_saved(client):
    public_id = deal(client)
    enter(client, public_id, 0, 1, "5")
    assert enter(client, public_id, 0, 1, "6", version=1).status_code == 303
    assert cell(page(client, public_id), 0, 1) == "6"


def test_clearing_a_cell_makes_it_blank_not_zero(client):
    public_id = deal(client, names=("Ann",))
    enter(client, public_id, 0, 1, "5")
    enter(client, public_id, 0, 2, "3")
    enter(client, public_id, 0, 2, "", version=1, clear="1")
    html = page(client, public_id)
    assert cell(html, 0, 2) == ""
    assert re.search(r"data-thru>1<", html)


def edit_token(client, public_id) -> str:
    return re.search(r'/ledger/e/([^"]+)"', page(client, public_id)).group(1)


def share_token(client, public_id) -> str:
    return re.search(r'/ledger/s/([^"]+)"', page(client, public_id)).group(1)


def test_a_stranger_sees_nothing_and_changes_nothing(client, app):
    public_id = deal(client)
    enter(client, public_id, 0, 1, "5")
    stranger = app.test_client()
    for path in (
        f"/ledger/r/{public_id}",
        f"/ledger/r/{public_id}.csv",
        f"/ledger/r/{public_id}/print",
        f"/ledger/r/{public_id}/delete",
        "/ledger/r/guessed-id",
        "/ledger/s/guessed",
        "/ledger/e/guessed",
    ):
        assert stranger.get(path).status_code == 404, path
    assert enter(stranger, public_id, 0, 1, "9", version=1).status_code == 404
    assert stranger.post(f"/ledger/r/{public_id}/delete", data={"csrf_token": token(stranger, "/")}).status_code == 404
    assert public_id not in stranger.get("/ledger/").get_data(as_text=True)
    assert cell(page(client, public_id), 0, 1) == "5"


def test_the_share_link_reads_but_cannot_write(client, app):
    public_id = deal(client)
    enter(client, public_id, 0, 1, "5")
    follower = app.test_client()
    html = follower.get(f"/ledger/s/{share_token(client, public_id)}").get_data(as_text=True)
    assert cell(html, 0, 1) == "5"
    assert 'hx-trigger="every 10s"' in html and "/score" not in html and "/ledger/e/" not in html
    assert enter(follower, public_id, 0, 2, "3").status_code == 404


def test_the_edit_link_makes_a_second_scorekeeper(client, app):
    public_id = deal(client)
    keeper = app.test_client()
    response = open_link(keeper, f"/ledger/e/{edit_token(client, public_id)}")
    assert response.headers["Location"] == f"/ledger/r/{public_id}"
    assert enter(keeper, public_id, 1, 1, "4").status_code == 303
    assert cell(page(client, public_id), 1, 1) == "4"


def test_a_post_without_csrf_token_is_refused(client):
    public_id = deal(client)
    response = client.post(f"/ledger/r/{public_id}/score", data={"seat": 0, "hole": 1, "score": "5", "version": 0})
    assert response.status_code == 400
    assert cell(page(client, public_id), 0, 1) == ""


@pytest.mark.parametrize("seat, hole", [(7, 1), (0, 10), ("x", 1), (0, 0)])
def test_unknown_players_or_holes_are_refused(client, seat, hole):
    public_id = deal(client)
    response = enter(client, public_id, seat, hole, "5")
    assert response.status_code == 400
    assert "Tap a cell of the scorecard first." in errors(response.get_data(as_text=True))


def test_a_full_card_announces_the_winners_sharing_a_tie(client):
    public_id = deal(client)
    scores = {0: [3, 4, 5, 2, 1, 0, -2, 6, 7], 1: [4, 3, 5, 2, 1, 0, -2, 6, 7], 2: [10] * 9}
    for hole in range(1, 10):
        for seat in range(3):
            enter(client, public_id, seat, hole, str(scores[seat][hole - 1]))
    html = page(client, public_id)
    assert "Ann and Bo share the win with 26." in " ".join(htmllib.unescape(html).split())
    assert re.search(r'data-sum="Out-2">90<', html)


def test_an_eighteen_hole_round_has_out_in_and_total(client):
    public_id = deal(client, names=("Ann", "Bo"), holes=18)
    for hole, score in ((1, 5), (9, -2), (10, 7), (18, 1)):
        enter(client, public_id, 0, hole, str(score))
    html = page(client, public_id)
    assert re.search(r'data-sum="Out-0">3<', html) and re.search(r'data-sum="In-0">8<', html)
    assert re.search(r"data-total>11<", html) and re.search(r"data-thru>4<", html)


def test_csv_export_and_print_view(client):
    public_id = deal(client, names=("Ann", "Bo"))
    enter(client, public_id, 0, 1, "-2")
    enter(client, public_id, 1, 1, "4")
    response = client.get(f"/ledger/r/{public_id}.csv")
    assert response.headers["Content-Type"].startswith("text/csv")
    rows = list(csv.reader(io.StringIO(response.get_data(as_text=True))))
    assert rows[0][:3] == ["Player", "1", "2"] and rows[0][-4:] == ["Out", "Total", "Thru", "Delta"]
    assert rows[1][0] == "Ann" and rows[1][1] == "-2" and rows[1][-1] == "E"
    assert rows[2][-1] == "+6"
    printed = client.get(f"/ledger/r/{public_id}/print").get_data(as_text=True)
    assert "print.css" in printed and "tabbar" not in printed and "−2" in printed


def test_delete_asks_first_and_can_be_undone(client):
    public_id = deal(client)
    enter(client, public_id, 0, 1, "5")
    assert "Delete this round?" in client.get(f"/ledger/r/{public_id}/delete").get_data(as_text=True)
    response = client.post(f"/ledger/r/{public_id}/delete", data={"csrf_token": token(client, "/")})
    assert response.headers["Location"] == f"/ledger/?deleted={public_id}"
    assert client.get(f"/ledger/r/{public_id}").status_code == 404
    listing = client.get(response.headers["Location"]).get_data(as_text=True)
    assert 'id="undo-delete"' in listing
    client.post(f"/ledger/r/{public_id}/restore", data={"csrf_token": token(client, "/")})
    assert cell(page(client, public_id), 0, 1) == "5"


def test_a_tallied_hand_goes_into_the_ledger_in_one_tap(client):
    public_id = deal(client, names=("Ann", "Bo"))
    html = client.get("/tally/grid?hand=K,5,7,K,3,9").get_data(as_text=True)
    assert "Add 24 to the ledger" in html and f'value="{public_id}"' in html
    data = {"csrf_token": token(client, "/"), "round_id": public_id, "seat": "1", "hole": "1", "score": "24"}
    assert client.post("/ledger/add", data=data).status_code == 303
    assert cell(page(client, public_id), 1, 1) == "24"
    # the same cell again is not overwritten from the tally page
    response = client.post("/ledger/add", data={**data, "score": "20"})
    assert response.status_code == 409 and cell(response.get_data(as_text=True), 1, 1) == "24"


def test_rounds_list_says_how_a_finished_round_ended(client):
    public_id = deal(client, names=("Ann", "Bo"))
    for hole in range(1, 10):
        enter(client, public_id, 0, hole, "2")
        enter(client, public_id, 1, hole, "3")
    listing = client.get("/ledger/").get_data(as_text=True)
    assert f"/ledger/r/{public_id}" in listing and "finished: Ann wins" in listing
    # the players' statistics are the people's pages' (tests/web/test_people_pages.py)
    assert 'href="/people/"' in listing


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"players-0": "", "players-1": "", "players-2": ""}, "Name at least one player."),
        ({"players-1": "ann"}, 'Two players are called "ann"'),
        ({"holes": "7"}, "Choose 9 or 18 holes."),
        ({"game": "chess"}, "Choose Grid Golf or Club Cards."),
        ({"game": "clubs", "course": "atlantis"}, "Choose one of the courses listed."),
        ({"played_on": "yesterday"}, "Give the date as year, month and day"),
        ({"players-0": "x" * 30}, "too long for a scorecard"),
    ],
)
def test_dealing_refuses_bad_input_beside_the_field(client, changes, message):
    data = {
        "csrf_token": token(client, "/ledger/new"),
        "game": "grid",
        "holes": "9",
        "played_on": "2026-11-29",
        "players-0": "Ann",
        "players-1": "Bo",
        "players-2": "",
    }
    data.update(changes)
    response = client.post("/ledger/new", data=data)
    assert response.status_code == 400
    assert any(message in e for e in errors(response.get_data(as_text=True))), errors(response.get_data(as_text=True))
    assert "/ledger/r/" not in client.get("/ledger/").get_data(as_text=True)


def test_a_quick_score_is_saved_in_one_post_whatever_the_box_holds(client):
    public_id = deal(client, names=("Ann", "Bo"))
    response = enter(client, public_id, 0, 1, "4", typed="9")  # the quick button's score=4 wins over the box
    assert response.headers["Location"].endswith("?cell=1-1#cell-1-1")
    html = page(client, public_id)
    assert cell(html, 0, 1) == "4"


def test_the_pad_offers_quick_scores_for_the_game(client):
    grid = deal(client, names=("Ann",))
    html = client.get(f"/ledger/r/{grid}?cell=0-1").get_data(as_text=True)
    quick = re.findall(r'name="score" value="(-?\d+)"', html)
    # one tap: 0 to 12; two taps (More, then the score): the rest of a six-card hand's usual range
    assert quick == [str(v) for v in (*range(13), -4, -3, -2, -1, *range(13, 31))]
    assert 'for="more-scores"' in html and 'id="more-scores"' in html
    assert 'name="typed"' in html and 'data-pad-key="-"' in html
    clubs = deal(client, names=("Ann",), game="clubs", course="cedar-nine")
    html = client.get(f"/ledger/r/{clubs}?cell=0-3").get_data(as_text=True)  # hole 3 is a par 5
    assert re.findall(r'name="score" value="(-?\d+)"', html) == ["4", "5", "6", "7", "8"]
    assert "more-scores" not in html  # five around par cover a Club Cards hole: no second page
    assert 'data-pad-key="-"' not in html


def test_an_empty_save_changes_nothing_and_says_so(client):
    public_id = deal(client, names=("Ann", "Bo"))
    enter(client, public_id, 0, 1, "5")
    response = enter(client, public_id, 0, 1, "", version=1)
    html = htmllib.unescape(response.get_data(as_text=True))
    assert response.status_code == 400
    assert "Nothing was saved: the box is empty. Ann's 5 stays; to empty the cell, use Clear this cell." in " ".join(
        html.split()
    )
    assert cell(page(client, public_id), 0, 1) == "5"
    data = {"typed": "  "}  # the box sent alone, blank: the same
    assert enter(client, public_id, 1, 1, None, **data).status_code == 400
    assert "Clear this cell" in client.get(f"/ledger/r/{public_id}?cell=0-1").get_data(as_text=True)
    assert "Clear this cell" not in client.get(f"/ledger/r/{public_id}?cell=1-1").get_data(as_text=True)


def test_club_cards_ledger_pages_show_the_club_cards_rules_chip(client):
    chip = re.compile(
        r'class="rules-chip"[^>]*>\s*<span class="visually-hidden">Rules in force:</span>'
        r'<span class="rules-chip-text">([^<]+)<'
    )
    assert "Club Cards" in chip.search(client.get("/ledger/new?game=clubs").get_data(as_text=True)).group(1)
    assert "Club Cards" not in chip.search(client.get("/ledger/new").get_data(as_text=True)).group(1)
    public_id = deal(client, names=("Ann",), game="clubs", course="cedar-nine")
    for path in (f"/ledger/r/{public_id}", f"/ledger/r/{public_id}/delete"):
        assert "Club Cards" in chip.search(client.get(path).get_data(as_text=True)).group(1), path


def test_sentences_about_you_read_in_the_second_person(client):
    public_id = deal(client, names=("You", "Bo"))
    for hole in range(1, 10):
        enter(client, public_id, 0, hole, "1")
        enter(client, public_id, 1, hole, "3")
    html = " ".join(htmllib.unescape(page(client, public_id)).split())
    assert "You win with 9." in html
    assert "finished: You win" in client.get("/ledger/").get_data(as_text=True)
    response = enter(client, public_id, 0, 1, "", version=1)
    assert "Your 1 stays;" in htmllib.unescape(response.get_data(as_text=True))


def test_a_stale_write_on_your_own_cell_speaks_to_you(client, app):
    public_id = deal(client, names=("You", "Bo"))
    enter(client, public_id, 0, 1, "5")
    other = app.test_client()
    open_link(other, f"/ledger/e/{edit_token(client, public_id)}")
    response = enter(other, public_id, 0, 1, "9", version=0)
    assert any("Someone else changed your score on hole 1" in e for e in errors(response.get_data(as_text=True)))
