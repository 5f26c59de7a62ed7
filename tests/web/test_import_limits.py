"""Bounded imports (issue 38): what one import may add, how many imports an hour, names made
before the name rule repaired rather than refused, and a check that does not tell whether a
file's ids are in use by someone else here."""

from __future__ import annotations

import copy
import json
import re
from datetime import UTC, datetime, timedelta

import pytest

from caddie.core.limits import (
    IMPORT_COURSES,
    IMPORT_ROUNDS,
    IMPORT_SCORES,
    IMPORTS_PER_ADDRESS_HOUR,
    IMPORTS_PER_BROWSER_HOUR,
)
from caddie.store import rate_limits
from tests.web.test_data_export import (
    confirm_form,
    create_round,
    everything,
    exported,
    import_api,
    put_scores,
    upload,
)

NINE_HOLES = [{"yardage": 300, "par": 4}] * 9


def document(rounds: int = 1, players: int = 2, holes: int = 9, courses: int = 0, names=None) -> dict:
    """A valid export of ``rounds`` full Grid Golf rounds and ``courses`` courses, each with fresh ids."""
    names = names or [f"P{k}" for k in range(players)]
    table = {"rules": {}, "clubs": None, "players": 2, "preset": "standard"}
    return {
        "format": "caddie-and-tally",
        "version": 1,
        "settings": None,
        "courses": [{"id": f"c{i:015d}", "name": "Home", "tee": "", "holes": NINE_HOLES} for i in range(courses)],
        "rounds": [
            {
                "id": f"r{i:015d}",
                "share_token": f"s{i:023d}",
                "edit_token": f"e{i:031d}",
                "game": "grid",
                "holes": holes,
                "played_on": "2025-06-14",
                "rules": table,
                "course": None,
                "players": [{"name": name, "scores": [-3] * holes} for name in names],
            }
            for i in range(rounds)
        ],
    }


def body_of(doc: dict) -> bytes:
    return json.dumps(doc).encode()


# -- what one import may add --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("doc", "field", "words"),
    [
        (document(rounds=IMPORT_ROUNDS + 1, players=1), "rounds", f"{IMPORT_ROUNDS + 1:,} rounds"),
        (document(rounds=IMPORT_SCORES // 144 + 1, players=8, holes=18), "rounds", "scores; one import adds at most"),
        (document(courses=IMPORT_COURSES + 1), "courses", f"{IMPORT_COURSES + 1} courses"),
    ],
    ids=["rounds", "scores", "courses"],
)
def test_an_import_over_a_limit_is_refused_whole_with_a_sentence(app, client, doc, field, words):
    before = everything(app)
    status, answer = import_api(client, doc)
    assert status == 413 and answer["field"] == field and words in answer["error"], answer
    assert "nothing was imported" in answer["error"]
    status, answer = import_api(client, doc, preview="true")
    assert status == 413 and words in answer["error"]
    page = upload(client, body_of(doc))
    assert page.status_code == 413 and words in page.get_data(as_text=True)
    assert 'id="data-file-error"' in page.get_data(as_text=True)
    assert everything(app) == before


def test_the_limits_count_what_an_import_adds_not_what_the_file_holds(app, client):
    """A file of the person's own rounds, imported again with a few more, adds only the few."""
    bigger = document(rounds=IMPORT_ROUNDS + 3, players=1)
    assert import_api(client, bigger)[0] == 413
    assert import_api(client, document(rounds=IMPORT_ROUNDS, players=1))[0] == 200
    status, answer = import_api(client, bigger)
    assert status == 200 and answer["rounds"]["add"] == 3 and answer["rounds"]["same"] == IMPORT_ROUNDS


def test_a_refusal_at_the_confirm_changes_nothing(app, client, monkeypatch):
    """The check passed, then (another tab) more of the file would be added: refused whole at the confirm."""
    doc = document(rounds=3)
    form = confirm_form(upload(client, body_of(doc)).get_data(as_text=True))
    monkeypatch.setattr("caddie.core.export_format.IMPORT_ROUNDS", 2)
    before = everything(app)
    response = client.post("/data/import/confirm", data=form)
    assert response.status_code == 413 and "one import adds at most 2" in response.get_data(as_text=True)
    assert everything(app) == before


# -- imports per hour --------------------------------------------------------------------------


def test_a_browser_imports_a_few_times_an_hour_then_is_told_when_it_may_again(app, client, monkeypatch):
    for _ in range(IMPORTS_PER_BROWSER_HOUR + 2):  # checking a file imports nothing, and counts nothing
        assert import_api(client, document(), preview="true")[0] == 200
        assert upload(client, body_of(document())).status_code == 200
    for i in range(IMPORTS_PER_BROWSER_HOUR):
        assert import_api(client, document(rounds=1) | {"rounds": document(rounds=i + 1)["rounds"][i:]})[0] == 200
    before = everything(app)
    late = document(rounds=10)
    status, answer = import_api(client, late)
    assert status == 429 and answer["field"] == "file"
    assert re.search(
        r"from this phone, as many as an hour allows: import it again in (60|59) minutes\.", answer["error"]
    )
    response = client.post("/api/v1/import", json=late)
    assert 3500 <= int(response.headers["Retry-After"]) <= 3600
    page = upload(client, body_of(late))  # the check already says so, before anything is chosen
    assert page.status_code == 429 and "as many as an hour allows" in page.get_data(as_text=True)
    assert page.headers["Retry-After"]
    assert everything(app) == before
    assert import_api(app.test_client(), late)[0] == 200  # another phone on the same network still may
    an_hour_later = datetime.now(UTC) + timedelta(hours=1, seconds=1)
    monkeypatch.setattr(rate_limits, "_now", lambda: an_hour_later)
    assert import_api(client, document(rounds=11))[0] == 200


def test_one_address_imports_a_bounded_number_of_times_an_hour_whatever_its_browsers(app):
    for i in range(IMPORTS_PER_ADDRESS_HOUR):
        assert import_api(app.test_client(), document(rounds=1))[0] == 200, i  # a new browser each time
    before = everything(app)
    status, answer = import_api(app.test_client(), document(rounds=2))
    assert status == 429 and "from this network" in answer["error"]
    assert everything(app) == before


# -- names made before the rule ----------------------------------------------------------------


def test_an_old_name_with_a_control_character_is_repaired_and_the_import_says_so(app, client):
    doc = document(names=["Ann", "Bob\x07", "\x00"])
    page = upload(client, body_of(doc))
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and 'id="import-repairs"' in html
    assert "rounds[0].players[1].name: &#34;Bob&#34; had characters that cannot be shown" in html
    assert "rounds[0].players[2].name: &#34;Player 3&#34; is the name given" in html
    done = client.post("/data/import/confirm", data=confirm_form(html), follow_redirects=True)
    assert "Imported 1 round" in done.get_data(as_text=True)
    assert "Repaired rounds[0].players" in done.get_data(as_text=True)
    assert [p["name"] for p in exported(client)["rounds"][0]["players"]] == ["Ann", "Bob", "Player 3"]
    status, answer = import_api(app.test_client(), doc)
    assert status == 200 and [r["name"] for r in answer["repairs"]] == ["Bob", "Player 3"]
    assert answer["repairs"][0]["field"] == "rounds[0].players[1].name"


# -- the check tells nothing about other browsers' data ----------------------------------------


def test_the_check_reads_the_same_whether_a_file_s_ids_are_taken_elsewhere_or_new(app, client):
    someone = app.test_client()
    theirs = create_round(someone, players=["Ann", "Bo"], holes=9, played_on="2025-06-14")
    put_scores(someone, theirs["round"]["id"], 1, Ann=-3, Bo=4)
    taken = exported(someone)
    new = copy.deepcopy(taken)
    new["rounds"][0].update(id="N" * 16, share_token="S" * 24, edit_token="E" * 32)
    stranger = app.test_client()

    def check(doc: dict) -> str:
        """The page, less what differs from one answer to the next by design: the CSRF token (signed
        with the second it was made in, so two answers a second apart differ) wherever the page
        carries it, and the checked document itself."""
        html = upload(stranger, body_of(doc)).get_data(as_text=True)
        html = re.sub(r'name="(csrf_token|document)" value="[^"]*"', "", html)
        html = re.sub(r'"X-CSRFToken": "[^"]*"', "", html)
        return re.sub(r'<meta name="csrf-token" content="[^"]*"', "", html)

    assert check(taken) == check(new)
    assert "1 round</strong> will be added" in check(taken)
    answers = [import_api(stranger, doc, preview="true")[1] for doc in (taken, new)]
    assert answers[0] == answers[1] and answers[0]["rounds"]["add"] == 1


def test_the_data_page_states_the_limits(client):
    html = client.get("/data").get_data(as_text=True)
    assert f"One import adds at most {IMPORT_ROUNDS} rounds, {IMPORT_SCORES:,} scores and {IMPORT_COURSES}" in html
    assert f"up to {IMPORTS_PER_BROWSER_HOUR} files an hour" in html
