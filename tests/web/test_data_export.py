"""Your data: export everything a browser owns, import it on another server, and get the same file back."""

from __future__ import annotations

import io
import json
import re
from html import unescape

import pytest
from hypothesis import given
from sqlalchemy import func, select
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from caddie.core.courses.course import SAMPLE_COURSES, Course
from caddie.core.export_format import MAX_BYTES
from caddie.core.games.grid_golf import GRID_GOLF
from caddie.core.grid.rules import Rules
from caddie.core.table import Table
from caddie.store.courses import delete_course, save_course
from caddie.store.database import db
from caddie.store.live_tables import create_solo
from caddie.store.models import CourseRecord, HoleScore, LiveTableRecord, Round, TableSettings
from tests.conftest import CSRF_META, open_link
from tests.web.api.openapi_check import FUZZ, assert_documented, json_values
from tests.web.conftest import settings_form

EXPORT, IMPORT = "/api/v1/export", "/api/v1/import"


# -- helpers -------------------------------------------------------------------------


def create_round(client, **body):
    response = client.post("/api/v1/rounds", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def put_scores(client, round_id, hole, **scores):
    response = client.put(f"/api/v1/rounds/{round_id}/holes/{hole}", json={"scores": scores})
    assert response.status_code == 200, response.get_json()


def browser_of(client) -> str:
    with client.session_transaction() as session:
        return session["browser_id"]


def exported(client) -> dict:
    response = client.get(EXPORT)
    assert response.status_code == 200
    return response.get_json()


def without_time(doc: dict) -> dict:
    return {k: v for k, v in doc.items() if k != "exported_at"}


def import_api(client, doc, **params):
    response = client.post(IMPORT, json=doc, query_string=params)
    assert response.is_json, response.get_data(as_text=True)
    return response.status_code, response.get_json()


def everything(app) -> tuple:
    """Every row that matters, to show that a refusal changed nothing."""
    with app.app_context():
        return (
            sorted(map(tuple, db.session.execute(select(Round.public_id, Round.owner_browser, Round.version)))),
            sorted(map(tuple, db.session.execute(select(HoleScore.round_id, HoleScore.hole, HoleScore.score)))),
            sorted(map(tuple, db.session.execute(select(CourseRecord.public_id, CourseRecord.owner_browser)))),
            sorted(map(tuple, db.session.execute(select(TableSettings.browser_id, TableSettings.version)))),
        )


def csrf_of(client, path="/data") -> str:
    return CSRF_META.search(client.get(path).get_data(as_text=True)).group(1)


def upload(client, content: bytes, name="caddie-and-tally-2025-06-14.json", csrf=True, **headers):
    data = {"file": FileStorage(io.BytesIO(content), filename=name)}
    if csrf:
        data["csrf_token"] = csrf_of(client)
    # Encoded in memory: for a large body the test client would spool it to a temporary file
    # that nobody closes when the app refuses it unread (413), and that is a ResourceWarning.
    boundary, body = encode_multipart(data)
    return client.post(
        "/data/import", data=body, content_type=f"multipart/form-data; boundary={boundary}", headers=headers
    )


def confirm_form(html: str) -> dict:
    """The hidden fields of the preview's Import form, as the browser would send them back."""
    fields = dict(re.findall(r'<input type="hidden" name="(\w+)" value="([^"]*)"', html))
    return {k: unescape(v) for k, v in fields.items()}


@pytest.fixture
def owner(app, client, settings_saver):
    """A browser with house rules, two courses (one deleted), rounds of both games (one deleted), scores
    (a cleared one among them) and a digital match under way."""
    grid = create_round(client, players=["Ann", "Bo", "Zoë"], holes=9, played_on="2025-06-14")
    put_scores(client, grid["round"]["id"], 1, Ann=5, Bo=-2, Zoë=0)
    put_scores(client, grid["round"]["id"], 2, Ann=7)
    put_scores(client, grid["round"]["id"], 2, Ann=None)  # a cleared cell
    clubs = create_round(client, players=["Cy"], game="clubs", course="cedar-nine", played_on="2025-06-15")
    put_scores(client, clubs["round"]["id"], 1, Cy=4)
    gone = create_round(client, players=["Deleted"], holes=9)
    settings_saver(king="0", players="3")
    bid = browser_of(client)
    with app.app_context():
        db.session.execute(
            Round.__table__.update().where(Round.public_id == gone["round"]["id"]).values(deleted_at=func.now())
        )
        db.session.commit()
        holes = SAMPLE_COURSES["cedar-nine"].holes
        mine = save_course(bid, Course("Home Nine", "Yellow", holes))
        dropped = save_course(bid, Course("Old Nine", "", holes))
        delete_course(dropped.public_id, bid)
        settings = GRID_GOLF.settings_for(Table(rules=Rules(holes=9)), None)
        match = create_solo(bid, GRID_GOLF.name, settings, "You", [("Bea", "steady")], seed=7)
        match_round = db.session.get(Round, match.round_id).public_id
    return {
        "grid": grid,
        "clubs": clubs,
        "gone": gone["round"]["id"],
        "course": mine.public_id,
        "match_round": match_round,
        "browser": bid,
    }


# -- the export ----------------------------------------------------------------------


def test_the_export_holds_everything_the_browser_owns(client, owner):
    doc = exported(client)
    assert set(doc) == {"format", "version", "exported_at", "settings", "courses", "rounds", "people", "seasons"}
    assert doc["format"] == "caddie-and-tally" and doc["version"] == 1
    assert doc["settings"]["rules"]["king"] == 0 and doc["settings"]["players"] == 3
    assert [c["id"] for c in doc["courses"]] == [owner["course"]]  # the deleted course is left out
    ids = [r["id"] for r in doc["rounds"]]
    assert ids == [owner["grid"]["round"]["id"], owner["clubs"]["round"]["id"], owner["match_round"]]
    assert owner["gone"] not in ids
    grid = doc["rounds"][0]
    assert grid["share_token"] == owner["grid"]["share_token"] and grid["edit_token"] == owner["grid"]["edit_token"]
    assert grid["players"] == [
        {"name": "Ann", "scores": [5] + [None] * 8},
        {"name": "Bo", "scores": [-2] + [None] * 8},
        {"name": "Zoë", "scores": [0] + [None] * 8},
    ]
    assert grid["played_on"] == "2025-06-14" and grid["course"] is None
    clubs = doc["rounds"][1]
    assert clubs["course"]["name"] == "Cedar Nine" and clubs["course"]["sample"] is True


def test_a_match_in_progress_leaves_nothing_hidden_in_the_file(app, client, owner):
    text = client.get(EXPORT).get_data(as_text=True)
    with app.app_context():
        match = db.session.scalars(select(LiveTableRecord)).one()  # the solo table
        public_id, state = match.public_id, match.state["match"]
    assert public_id not in text
    assert "seed" not in text and "matches" not in text and "live_tables" not in text
    assert len(state["deck"]) > 20 and len(state["grids"]) == 2
    for hidden in [state["deck"], state["grids"], *state["grids"]]:  # the deck order and the dealt cards
        assert json.dumps(hidden) not in text and json.dumps(hidden, separators=(",", ":")) not in text


def test_other_browsers_data_is_never_exported(app, client, owner):
    stranger = app.test_client()
    create_round(stranger, players=["Eve"], holes=9)
    assert [r["players"][0]["name"] for r in exported(client)["rounds"]].count("Eve") == 0
    # a browser that keeps score on someone's round through its edit link does not own it
    helper = app.test_client()
    assert open_link(helper, f"/ledger/e/{owner['grid']['edit_token']}").status_code == 303
    doc = exported(helper)
    assert doc["rounds"] == [] and doc["courses"] == [] and doc["settings"] is None
    # and a client with no session at all gets an empty file
    assert without_time(exported(app.test_client())) == {
        "format": "caddie-and-tally",
        "version": 1,
        "settings": None,
        "courses": [],
        "rounds": [],
        "people": [],
        "seasons": [],
    }


def test_the_download_is_a_dated_json_attachment(client, owner):
    response = client.get("/data/export")
    assert response.status_code == 200
    assert response.mimetype == "application/json"
    assert re.fullmatch(
        r'attachment; filename="caddie-and-tally-\d{4}-\d{2}-\d{2}\.json"', response.headers["Content-Disposition"]
    )
    assert response.headers["Cache-Control"] == "no-store"
    assert without_time(json.loads(response.data)) == without_time(exported(client))


def test_settings_and_the_data_page_offer_the_download_and_the_import(client, owner):
    for path in ("/settings", "/data"):
        html = client.get(path).get_data(as_text=True)
        assert 'id="download-data" href="/data/export"' in html
        assert 'enctype="multipart/form-data"' in html and 'name="file"' in html
    html = client.get("/data").get_data(as_text=True)
    assert "Digital matches" in html and "never leave" in html
    assert "This browser keeps 3 rounds" in html


# -- round trip ----------------------------------------------------------------------


def test_export_import_elsewhere_export_again_gives_the_same_file(client, owner, other_app):
    first = exported(client)
    newcomer = other_app.test_client()
    status, summary = import_api(newcomer, first)
    assert status == 200, summary
    assert summary == {
        "preview": False,
        "settings": "apply",
        "new_ids": {},
        "rounds": {"add": 3, "new_links": 0, "same": 0, "kept": 0},
        "courses": {"add": 1, "new_links": 0, "same": 0, "kept": 0},
        "people": {"add": 0, "same": 0, "kept": 0},
        "seasons": {"add": 0, "same": 0, "kept": 0},
        "repairs": [],
    }
    assert without_time(exported(newcomer)) == without_time(first)
    # the links work on the new server, for anyone who has them
    grid = owner["grid"]
    anyone = other_app.test_client()
    response = anyone.get(
        f"/api/v1/rounds/{grid['round']['id']}", headers={"Authorization": f"Bearer {grid['share_token']}"}
    )
    assert response.status_code == 200 and response.get_json()["players"][0]["scores"][0] == 5
    assert anyone.get(f"/ledger/s/{grid['share_token']}").status_code == 200
    # and the rounds are the newcomer's own: it can keep scoring them
    put_scores(newcomer, grid["round"]["id"], 2, Ann=3)


def test_the_round_trip_through_the_pages(client, owner, other_app):
    first = client.get("/data/export").data
    newcomer = other_app.test_client()
    before = everything(other_app)
    preview = upload(newcomer, first)
    assert preview.status_code == 200
    html = preview.get_data(as_text=True)
    assert "The file holds 3 rounds, 1 course and house rules" in html
    assert "3 rounds</strong> will be added" in html and "1 course</strong> will be added" in html
    assert "The file's house rules will be used" in html
    assert everything(other_app) == before  # checking writes nothing
    form = confirm_form(html)
    assert set(form) == {"csrf_token", "fingerprint", "document"}
    done = newcomer.post("/data/import/confirm", data=form)
    assert done.status_code == 303 and done.headers["Location"].endswith("/data")
    page = newcomer.get("/data").get_data(as_text=True)
    assert "Imported 3 rounds and 1 course." in page and "The file&#39;s house rules are now in use." in page
    assert without_time(newcomer.get("/data/export").get_json()) == without_time(json.loads(first))


def test_importing_twice_adds_nothing_the_second_time(client, owner, other_app):
    doc = exported(client)
    newcomer = other_app.test_client()
    import_api(newcomer, doc)
    after_first = everything(other_app)
    status, summary = import_api(newcomer, doc)
    assert status == 200
    assert summary["rounds"] == {"add": 0, "new_links": 0, "same": 3, "kept": 0}
    assert summary["courses"] == {"add": 0, "new_links": 0, "same": 1, "kept": 0}
    assert summary["settings"] == "same"
    assert everything(other_app) == after_first
    html = upload(newcomer, json.dumps(doc).encode()).get_data(as_text=True)
    assert "Nothing to import" in html and 'id="confirm-import"' not in html


def test_ids_taken_here_get_new_links_and_the_originals_are_untouched(app, client, owner):
    doc = exported(client)
    before = everything(app)
    second_phone = app.test_client()
    status, summary = import_api(second_phone, doc)
    assert status == 200
    assert summary["rounds"]["new_links"] == 3 and summary["courses"]["new_links"] == 1
    assert set(summary["new_ids"]) == {r["id"] for r in doc["rounds"]} | {owner["course"]}
    copy = exported(second_phone)
    assert {r["id"] for r in copy["rounds"]}.isdisjoint({r["id"] for r in doc["rounds"]})
    assert [summary["new_ids"][r["id"]] for r in doc["rounds"]] == [r["id"] for r in copy["rounds"]]
    for theirs, mine in zip(doc["rounds"], copy["rounds"]):
        assert {k: v for k, v in mine.items() if k not in ("id", "share_token", "edit_token")} == {
            k: v for k, v in theirs.items() if k not in ("id", "share_token", "edit_token")
        }
        assert mine["share_token"] != theirs["share_token"] and mine["edit_token"] != theirs["edit_token"]
    rounds, cells, courses, _ = before
    after = everything(app)
    assert set(rounds) <= set(after[0]) and set(cells) <= set(after[1]) and set(courses) <= set(after[2])
    assert without_time(exported(client)) == without_time(doc)


def test_a_newer_round_here_is_never_overwritten_by_an_older_file(client, owner):
    old = exported(client)
    rid = owner["grid"]["round"]["id"]
    put_scores(client, rid, 3, Ann=9)
    newer = exported(client)
    status, summary = import_api(client, old)
    assert status == 200 and summary["rounds"] == {"add": 0, "new_links": 0, "same": 2, "kept": 1}
    assert exported(client)["rounds"] == newer["rounds"]


def test_a_round_deleted_here_stays_deleted(app, client, owner, other_app):
    doc = exported(client)
    with app.app_context():
        db.session.execute(
            Round.__table__.update()
            .where(Round.public_id == owner["grid"]["round"]["id"])
            .values(deleted_at=func.now())
        )
        db.session.commit()
    status, summary = import_api(client, doc)
    assert summary["rounds"]["kept"] == 1 and summary["rounds"]["add"] == 0
    assert owner["grid"]["round"]["id"] not in [r["id"] for r in exported(client)["rounds"]]


# -- house rules -----------------------------------------------------------------------


def test_house_rules_of_its_own_are_kept_unless_replaced(client, owner, other_app):
    doc = exported(client)
    newcomer = other_app.test_client()
    html = newcomer.get("/settings").get_data(as_text=True)
    version = re.search(r'id="version" name="version" type="hidden" value="(\d*)"', html).group(1)
    saved = newcomer.post(
        "/settings",
        data=dict(settings_form(king="10", players="5"), version=version, csrf_token=csrf_of(newcomer, "/settings")),
    )
    assert saved.status_code == 303
    assert import_api(newcomer, doc, preview="true")[1]["settings"] == "keep"
    html = upload(newcomer, json.dumps(doc).encode()).get_data(as_text=True)
    assert 'id="replace-settings"' in html and "differ from this browser" in html
    # left unticked: the browser's own stay
    newcomer.post("/data/import/confirm", data=confirm_form(html))
    assert exported(newcomer)["settings"]["players"] == 5
    assert import_api(newcomer, doc, settings="replace")[1]["settings"] == "replace"
    assert exported(newcomer)["settings"] == doc["settings"]


def test_rules_changed_in_another_tab_after_the_check_stop_the_import(client, owner, other_app):
    doc = exported(client)
    newcomer = other_app.test_client()
    newcomer.get("/settings")
    newcomer.post(
        "/settings", data=dict(settings_form(players="5"), version="0", csrf_token=csrf_of(newcomer, "/settings"))
    )
    html = upload(newcomer, json.dumps(doc).encode()).get_data(as_text=True)
    form = dict(confirm_form(html), replace_settings="yes")
    # another tab saves the house rules again before Import is pressed
    version = re.search(
        r'id="version" name="version" type="hidden" value="(\d*)"', newcomer.get("/settings").get_data(as_text=True)
    ).group(1)
    newcomer.post(
        "/settings", data=dict(settings_form(players="6"), version=version, csrf_token=csrf_of(newcomer, "/settings"))
    )
    before = everything(other_app)
    refused = newcomer.post("/data/import/confirm", data=form)
    assert refused.status_code == 409
    text = refused.get_data(as_text=True)
    assert "nothing was imported" in text and 'id="confirm-import"' in text
    assert everything(other_app) == before
    assert exported(newcomer)["settings"]["players"] == 6


def test_an_import_between_the_check_and_the_confirm_is_not_doubled(client, owner, other_app):
    doc = exported(client)
    newcomer = other_app.test_client()
    html = upload(newcomer, json.dumps(doc).encode()).get_data(as_text=True)
    import_api(newcomer, doc)  # another tab imported the same file meanwhile
    after = everything(other_app)
    refused = newcomer.post("/data/import/confirm", data=confirm_form(html))
    assert refused.status_code == 409 and "Nothing to import" in refused.get_data(as_text=True)
    assert everything(other_app) == after


# -- refusals: nothing changes -------------------------------------------------------------


def spoiled(doc: dict) -> dict:
    bad = json.loads(json.dumps(doc))
    bad["rounds"][2]["players"][0]["name"] = "   "
    return bad


@pytest.mark.parametrize(
    "content, words",
    [
        (b"", "The file is empty"),
        (b"\xff\xfe\x00garbage", "not text"),
        (b'{"format": "caddie-and-tally", ', "not valid JSON"),
        (b"[1, 2, 3]", "holds no JSON object"),
        (b"hole,yardage,par\n1,392,4\n", "not valid JSON"),
        (json.dumps({"format": "csv", "version": 1}).encode(), "format: This is not a Caddie & Tally export"),
        (
            json.dumps({"format": "caddie-and-tally", "version": 9}).encode(),
            "version: This file was written by a newer",
        ),
        (b"[" * 100_000 + b"]" * 100_000, "not valid JSON"),
    ],
)
def test_files_that_are_not_exports_are_refused_in_a_sentence(app, client, owner, content, words):
    before = everything(app)
    response = upload(client, content)
    assert response.status_code == 400
    html = response.get_data(as_text=True)
    assert 'id="data-file-error"' in html and words.replace("&", "&amp;") in html
    response = client.post(IMPORT, data=content, content_type="application/json")
    assert response.status_code == 400 and words in response.get_json()["error"]
    assert everything(app) == before


def test_one_bad_field_refuses_the_whole_file_and_names_its_path(app, client, owner, other_app):
    bad = spoiled(exported(client))
    newcomer = other_app.test_client()
    before = everything(other_app)
    status, body = import_api(newcomer, bad)
    assert status == 400
    assert body == {
        "error": "rounds[2].players[0].name: A player's name is blank.",
        "field": "rounds[2].players[0].name",
    }
    html = upload(newcomer, json.dumps(bad).encode()).get_data(as_text=True)
    assert "rounds[2].players[0].name: A player&#39;s name is blank." in html
    assert everything(other_app) == before  # the two good rounds before it were not imported either


def test_a_tampered_confirm_is_checked_again(app, client, owner):
    second_phone = app.test_client()
    html = upload(second_phone, client.get("/data/export").data).get_data(as_text=True)
    form = confirm_form(html)
    form["document"] = json.dumps(spoiled(json.loads(form["document"])))
    before = everything(app)
    response = second_phone.post("/data/import/confirm", data=form)
    assert response.status_code == 400 and "rounds[2].players[0].name" in response.get_data(as_text=True)
    assert everything(app) == before


def test_no_file_chosen(client, owner):
    response = client.post("/data/import", data={"csrf_token": csrf_of(client)}, content_type="multipart/form-data")
    assert response.status_code == 400 and "Choose the file to import first" in response.get_data(as_text=True)


def test_the_size_limit(app, client, owner):
    before = everything(app)
    just_over = b" " * (MAX_BYTES + 1)
    response = upload(client, just_over)
    assert response.status_code == 413 and "larger than 5 MB" in response.get_data(as_text=True)
    response = client.post(IMPORT, data=just_over, content_type="application/json")
    assert response.status_code == 413 and "larger than 5 MB" in response.get_json()["error"]
    far_over = b" " * (MAX_BYTES + 200_000)
    response = upload(client, far_over)
    assert response.status_code == 413 and "larger than 5 MB" in response.get_data(as_text=True)
    response = client.post(IMPORT, data=far_over, content_type="application/json")
    assert response.status_code == 413 and response.get_json()["field"] is None
    assert everything(app) == before


def test_a_file_larger_than_any_form_imports(client, owner, other_app):
    """The app refuses requests over 256 KB; an export of many rounds is larger, and still imports."""
    doc = exported(client)
    template = doc["rounds"][0]
    doc["rounds"] = [
        dict(template, id=f"{i:016d}", share_token=f"s{i:023d}", edit_token=f"e{i:031d}") for i in range(300)
    ]
    body = json.dumps(doc).encode()
    assert len(body) > 300 * 1024
    newcomer = other_app.test_client()
    response = upload(newcomer, body)
    assert response.status_code == 200
    done = newcomer.post("/data/import/confirm", data=confirm_form(response.get_data(as_text=True)))
    assert done.status_code == 303
    assert len(exported(newcomer)["rounds"]) == 300


def test_page_posts_need_the_csrf_token(app, client, owner):
    before = everything(app)
    response = upload(client, client.get("/data/export").data, csrf=False)
    assert response.status_code == 400 and "nothing was changed" in response.get_data(as_text=True)
    response = client.post("/data/import/confirm", data={"document": json.dumps(exported(client))})
    assert response.status_code == 400
    assert everything(app) == before


def test_writes_from_another_site_are_refused(app, client, owner):
    before = everything(app)
    doc = exported(client)
    evil = {"Origin": "http://evil.example"}
    assert upload(client, json.dumps(doc).encode(), **evil).status_code == 403
    response = client.post(IMPORT, json=doc, headers=evil)
    assert response.status_code == 403 and "another website" in response.get_json()["error"]
    assert everything(app) == before


def test_the_api_takes_its_choices_in_words(client, owner):
    doc = exported(client)
    status, body = import_api(client, doc, settings="always")
    assert status == 400 and body["field"] == "settings"
    status, body = import_api(client, doc, preview="maybe")
    assert status == 400 and body["field"] == "preview"
    response = client.post(IMPORT, data=json.dumps(doc), content_type="text/plain")
    assert response.status_code == 400 and "Content-Type: application/json" in response.get_json()["error"]


@FUZZ
@given(body=json_values)
def test_any_json_body_gets_an_answer_never_a_500(app, client, body):
    response = client.post(IMPORT, json=body)
    assert response.status_code in (200, 400), response.get_data(as_text=True)
    if response.status_code == 400:
        assert response.get_json()["error"].endswith(".")


# -- the OpenAPI document ------------------------------------------------------------------


def test_the_answers_are_what_the_openapi_document_says(client, owner, other_app):
    api_doc = client.get("/api/v1/openapi.json").get_json()
    assert set(api_doc["paths"][EXPORT]) == {"get"} and set(api_doc["paths"][IMPORT]) == {"post"}
    doc = exported(client)
    assert_documented(api_doc, EXPORT, "get", 200, doc)
    status, summary = import_api(other_app.test_client(), doc)
    assert_documented(api_doc, IMPORT, "post", status, summary)
    status, body = import_api(client, spoiled(doc))
    assert_documented(api_doc, IMPORT, "post", status, body)
    example = api_doc["paths"][IMPORT]["post"]["requestBody"]["content"]["application/json"]["examples"]
    status, summary = import_api(other_app.test_client(), example["export"]["value"])
    assert status == 200
    assert (
        summary
        == api_doc["paths"][IMPORT]["post"]["responses"]["200"]["content"]["application/json"]["examples"]["imported"][
            "value"
        ]
    )


def test_a_round_landing_meanwhile_is_planned_around_not_duplicated(client, owner, other_app, monkeypatch):
    """Between the plan and the write another server takes one of the file's round ids: the write fails
    on the unique id, is rolled back whole, and the import is planned again around the newcomer."""
    from caddie.store import data_export

    doc = exported(client)
    taken = doc["rounds"][0]
    real_plan = data_export.plan_import
    calls = []

    def plan_then_race(*args, **kwargs):
        plan = real_plan(*args, **kwargs)
        if not calls:  # the first time only: someone else's round appears with the same id
            with db.engine.begin() as conn:
                conn.execute(
                    Round.__table__.insert().values(
                        public_id=taken["id"],
                        share_token="x" * 24,
                        edit_token="y" * 32,
                        owner_browser="someone",
                        game="grid",
                        holes=9,
                        rules=taken["rules"],
                        played_on=func.current_date(),
                        version=1,
                        created_at=func.now(),
                        updated_at=func.now(),
                    )
                )
        calls.append(plan)
        return plan

    monkeypatch.setattr(data_export, "plan_import", plan_then_race)
    newcomer = other_app.test_client()
    status, summary = import_api(newcomer, doc)
    assert status == 200, summary
    assert len(calls) == 2 and calls[0].rounds[0] == "add"
    assert summary["rounds"] == {"add": 2, "new_links": 1, "same": 0, "kept": 0}
    mine = exported(newcomer)
    assert len(mine["rounds"]) == 3 and mine["rounds"][0]["id"] == summary["new_ids"][taken["id"]]
    with other_app.app_context():
        assert db.session.scalar(select(func.count(Round.id))) == 4
        assert db.session.scalar(select(func.count(CourseRecord.id))) == 1  # the first try's course went too
